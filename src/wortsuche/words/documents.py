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
    """The paragraphs of a Word document in order: those in tables cell by cell, in content
    controls (a template's fields), and text typed with changes tracked (deleted text is not)."""
    import docx
    from docx.oxml.ns import qn

    document = docx.Document(io.BytesIO(data))
    headings = {
        style.style_id
        for style in document.styles
        if style.name and (style.name == "Title" or style.name.startswith("Heading"))
    }

    # what holds paragraphs: tables, content controls, tracked insertions, custom markup
    kinds = ("tbl", "tr", "tc", "sdt", "sdtContent", "ins", "customXml", "smartTag")
    holders = {qn(f"w:{kind}") for kind in kinds}

    def lines(element: Any) -> Iterator[str]:
        for child in element.iterchildren():
            if child.tag == qn("w:p"):
                text = "".join(t.text or "" for t in child.iter(qn("w:t")))
                style = child.find(f"{qn('w:pPr')}/{qn('w:pStyle')}")
                heading = style is not None and style.get(qn("w:val")) in headings
                yield "# " + text if heading else text
            elif child.tag in holders:
                yield from lines(child)

    yield from lines(document.element.body)


def _odt_lines(data: bytes) -> Iterator[str]:
    """The paragraphs and headings of an OpenDocument text in order (lists and tables too)."""
    from odf import teletype
    from odf.opendocument import load

    document = load(io.BytesIO(data))

    def lines(element: Any) -> Iterator[str]:
        for child in element.childNodes:
            if child.nodeType != child.ELEMENT_NODE or child.qname in _ODT_SKIPPED:
                continue  # text between the tags; the record of changes (deleted text)
            if child.qname == _ODT_HEADING:
                yield "# " + teletype.extractText(child)
            elif child.qname == _ODT_PARAGRAPH:
                yield teletype.extractText(child)
            else:
                yield from lines(child)

    yield from lines(document.body)  # not .text: odfpy misses it when the XML is indented


_ODT_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
_ODT_PARAGRAPH = (_ODT_TEXT, "p")
_ODT_HEADING = (_ODT_TEXT, "h")
"""OpenDocument's paragraph and heading elements: each is a line (a heading as ``# …``)."""
_ODT_SKIPPED = {(_ODT_TEXT, "tracked-changes"), (_ODT_TEXT, "table-of-content")}
"""What holds no words of the list: the record of changes (with the deleted text), contents."""
