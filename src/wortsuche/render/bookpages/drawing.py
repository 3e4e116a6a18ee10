"""Laid-out book pages drawn with fpdf: the only module of the book that imports it. Each part
of :data:`~wortsuche.render.preflight.PART` pages is a PDF of its own, drawn in any process."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from wortsuche.render.bookpages.layout import (
    SAFETY,
    Page,
    shift_box,
    shift_grid,
    shift_text,
)
from wortsuche.render.layout import Text
from wortsuche.render.pdf import draw_grid, draw_pictures, draw_text, new_document
from wortsuche.render.trims import Area, BookFormat, book_pages, least_margins

if TYPE_CHECKING:
    from fpdf import FPDF


def load_fpdf() -> None:
    """Import fpdf now (0.17 s), in this process: worker processes forked after it share it."""
    import fpdf  # noqa: F401


def draw_part(
    pages: Sequence[Page], book: BookFormat, language: str, title: str, first: int, total: int
) -> bytes:
    """Pages ``first`` onwards of a book of ``total`` pages, as a PDF of their own."""
    return draw_book(pages, book, language, title, first=first, total=total)


def draw_book(
    pages: Sequence[Page],
    book: BookFormat,
    language: str,
    title: str,
    *,
    on_page: Callable[[], None] | None = None,
    first: int = 1,
    total: int | None = None,
) -> bytes:
    """Draw laid-out pages as a PDF: pages ``first`` onwards of a book of ``total`` pages
    (default: these pages are the whole book)."""
    pdf = new_document(book.page_size, title, language)
    total = total or len(pages)
    margins = least_margins(book_pages(total), bleed=book.bleed).wider(SAFETY)
    for number, page in enumerate(pages, first):
        draw_page(pdf, page, book.live_area(number, margins), number)
        if on_page and page.puzzle:
            on_page()
    return bytes(pdf.output())


def draw_page(pdf: FPDF, page: Page, live: Area, number: int) -> None:
    """One page, its layout moved into its live area, with its number at the foot."""
    pdf.add_page()
    dx, dy = live.left, live.top
    for t in page.texts:
        draw_text(pdf, shift_text(t, dx, dy))
    for grid in page.grids:
        draw_grid(pdf, shift_grid(grid, dx, dy).drawing())
    pictures = [replace(p, x=p.x + dx, y=p.y + dy) for p in page.pictures]
    draw_pictures(pdf, pictures, [shift_box(b, dx, dy) for b in page.boxes])
    if page.folio:
        draw_text(
            pdf, Text(str(number), live.left + live.width / 2, live.bottom - 3, 9, anchor="middle")
        )
