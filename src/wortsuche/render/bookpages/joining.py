"""Book parts drawn apart joined into one PDF with pypdf: the only module of the book that
imports it. The same parts give the same bytes."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any


def load_pypdf() -> None:
    """Import pypdf now, in this process: worker processes forked after it share it."""
    import pypdf  # noqa: F401


def join_parts(parts: Sequence[bytes], title: str, language: str) -> bytes:
    """PDFs drawn separately (parts of one book) as one PDF, the same bytes for the same parts."""
    from pypdf import PdfReader, PdfWriter

    if len(parts) == 1:
        return parts[0]
    writer = PdfWriter()
    for index, part in enumerate(parts):
        start = len(writer.pages)
        writer.append(PdfReader(io.BytesIO(part)))
        _retag_fonts(writer.pages[start:], index)
    writer.add_metadata({"/Title": title, "/Creator": "wortsuche"})
    writer.pdf_header = "%PDF-1.4"
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _retag_fonts(pages: Sequence[Any], index: int) -> None:
    """Give the font subsets of part ``index`` a tag of their own: each part embeds its own
    subsets, and one file must not name two different subsets alike (ISO 32000-1, 9.6.4)."""
    from pypdf.generic import NameObject

    tag = "".join(chr(ord("A") + index // 26**k % 26) for k in range(5, -1, -1))
    done: set[int] = set()

    def retag(font: Any, key: str) -> None:
        name = str(font.get(key, ""))
        if "+" in name:
            font[NameObject(key)] = NameObject(f"/{tag}+{name.split('+', 1)[1]}")

    for page in pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for reference in fonts.values():
            font = reference.get_object()
            if id(font) in done:
                continue
            done.add(id(font))
            retag(font, "/BaseFont")
            for descendant in font.get("/DescendantFonts", []):
                cid = descendant.get_object()
                retag(cid, "/BaseFont")
                if "/FontDescriptor" in cid:
                    retag(cid["/FontDescriptor"].get_object(), "/FontName")
