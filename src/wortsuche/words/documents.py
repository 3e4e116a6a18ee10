"""Word lists kept in a word processor's file: a Word document (``.docx``) or an OpenDocument
text (``.odt``) is read as its paragraphs, a line each, tables cell by cell, in the order they
stand; a heading is a ``# `` line (the first titles the list, as in a text file). A list
numbered by the word processor keeps its numbers out of the text.

The documents are read by the libraries that write them (the ``office`` extra); other
documents that are no text (``.doc``, ``.pdf``, ``.xlsx``, …) are refused with the advice to
save the list as plain text.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import PurePath
from typing import Any

from wortsuche.errors import InputError, MissingExtraError
from wortsuche.notes import Note

READABLE = (".docx", ".odt")
"""Documents read as their paragraphs."""

NOT_TEXT = (".doc", ".pdf", ".xls", ".xlsx", ".ods", ".pages", ".ppt", ".pptx", ".odp")
"""Documents refused with the advice to save the list as plain text."""


def document_text(data: bytes, name: str) -> str | None:
    """The paragraphs of a ``.docx`` or ``.odt`` file named ``name``, a line each; None if
    ``name`` has neither suffix (the file is read as text then)."""
    suffix = PurePath(name).suffix.lower()
    if suffix not in READABLE:
        return None
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise InputError(
            f"{name} is not a document that can be read; save the list as plain text (.txt)",
            key="error.document-unreadable",
            values={"name": name},
        )
    what = Note("reading a Word or OpenDocument file", key="extra.office-reading")
    try:
        lines = list(_docx_lines(data) if suffix == ".docx" else _odt_lines(data))
    except ImportError:
        raise MissingExtraError(what, "office") from None
    except Exception:  # a damaged document: whatever its reader raises
        raise InputError(
            f"{name} is not a document that can be read; save the list as plain text (.txt)",
            key="error.document-unreadable",
            values={"name": name},
        ) from None
    return "\n".join(lines) + "\n"


def refused_document(name: str) -> InputError | None:
    """The error for a file whose suffix names a document that is no text, else None."""
    if PurePath(name).suffix.lower() not in NOT_TEXT:
        return None
    return InputError(
        f"{name} is a document, not a text file; save the list as plain text (.txt)",
        key="error.document-not-text",
        values={"name": name},
    )


def _docx_lines(data: bytes) -> Iterator[str]:
    """The paragraphs of a Word document in order, those in tables cell by cell."""
    import docx

    def lines(container: Any) -> Iterator[str]:
        for block in container.iter_inner_content():
            if hasattr(block, "rows"):  # a table
                for row in block.rows:
                    for cell in row.cells:
                        yield from lines(cell)
            elif _is_heading(block.style.name if block.style is not None else ""):
                yield "# " + block.text
            else:
                yield block.text

    yield from lines(docx.Document(io.BytesIO(data)))


def _is_heading(style: str) -> bool:
    """Whether a Word paragraph style is a heading's (its first titles the list)."""
    return style == "Title" or style.startswith("Heading")


def _odt_lines(data: bytes) -> Iterator[str]:
    """The paragraphs and headings of an OpenDocument text in order (lists and tables too)."""
    from odf import teletype
    from odf.opendocument import load

    document = load(io.BytesIO(data))

    def lines(element: Any) -> Iterator[str]:
        for child in element.childNodes:
            if child.qname == _ODT_HEADING:
                yield "# " + teletype.extractText(child)
            elif child.qname == _ODT_PARAGRAPH:
                yield teletype.extractText(child)
            elif child.nodeType == child.ELEMENT_NODE:
                yield from lines(child)

    yield from lines(document.text)


_ODT_PARAGRAPH = ("urn:oasis:names:tc:opendocument:xmlns:text:1.0", "p")
_ODT_HEADING = ("urn:oasis:names:tc:opendocument:xmlns:text:1.0", "h")
"""OpenDocument's paragraph and heading elements: each is a line (a heading as ``# …``)."""
