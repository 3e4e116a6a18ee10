"""A book's wrap-around cover: back, spine and front on one page with bleed all round.

The spine is as wide as the page count and paper make it (:func:`wortsuche.render.trims.
spine_width`) and carries the title only from :data:`~wortsuche.render.trims.SPINE_TEXT_PAGES`
pages on. The front shows the title, the subtitle and a grid as artwork: one that is in none of
the book's puzzles (:func:`wortsuche.book.cover_artwork`), with its words marked, so the cover
gives no answer away; the back, its text above the corner a print shop keeps free for the barcode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wortsuche.model import Puzzle
from wortsuche.render.layout import Box, Text, grid_drawing, title_lines
from wortsuche.render.metrics import INK, text_width
from wortsuche.render.pdf import FONT, _rgb, draw_grid, draw_text, new_document
from wortsuche.render.trims import (
    BLEED,
    INCH,
    SPINE_TEXT_PAGES,
    Trim,
    cover_size,
    spine_width,
)
from wortsuche.render.typeset import wrap

if TYPE_CHECKING:
    from fpdf import FPDF


@dataclass(frozen=True)
class CoverScheme:
    """A cover's colours: the background printed into the bleed, the band behind the front's
    title and along the spine, and the text on the band (white on a dark band, at a contrast of
    at least 7:1)."""

    paper: str
    band: str
    on_band: str = "#ffffff"


SCHEMES = {
    "slate": CoverScheme("#f3ede2", "#2f4858"),
    "forest": CoverScheme("#eef3e6", "#2d5a3d"),
    "berry": CoverScheme("#f7ecef", "#6b2146"),
    "ocean": CoverScheme("#e8f1f6", "#1d4e79"),
    "sunset": CoverScheme("#fbefe3", "#8a3a12"),
}
"""The cover's colour schemes by name (``book --cover-scheme``); slate is the default."""

SAFE = 0.375 * INCH
"""Text keeps this far from the trim (KDP asks 0.125 in; more looks better)."""
SPINE_SAFE = 0.0625 * INCH
"""Spine text keeps this far from the folds."""
BARCODE = (2.0 * INCH, 1.2 * INCH)
"""The box at the foot of the back, by the spine side's far corner, kept free for the barcode."""


@dataclass(frozen=True)
class CoverText:
    """What the cover says."""

    title: str
    subtitle: str | None = None
    back: str | None = None
    author: str | None = None
    """The author's name, at the foot of the front and on the spine beside the title."""


def load_cover_libraries() -> None:
    """Import what drawing and checking a cover use (fpdf2, pdfplumber) in this process now:
    workers started afterwards need not each import them again (fpdf alone takes 0.17 s)."""
    import fpdf  # noqa: F401
    import pdfplumber  # noqa: F401


def render_cover(
    text: CoverText,
    artwork: Puzzle,
    trim: Trim,
    pages: int,
    paper: str,
    language: str,
    *,
    marked: bool = True,
    scheme: CoverScheme = SCHEMES["slate"],
) -> bytes:
    """The cover PDF of a book of ``pages`` pages on ``paper`` (``white`` or ``cream``), with
    ``artwork``'s grid on the front, its words ``marked`` (never mark a grid of the book), in
    the colours of ``scheme``."""
    width, height = cover_size(trim, pages, paper)
    spine = spine_width(pages, paper)
    pdf = new_document((width, height), text.title, language)
    pdf.add_page()
    pdf.set_fill_color(*_rgb(scheme.paper))
    pdf.rect(0, 0, width, height, style="F")
    back_left = BLEED
    spine_left = BLEED + trim.width
    front_left = spine_left + spine
    pdf.set_fill_color(*_rgb(scheme.band))
    pdf.rect(spine_left, 0, spine, height, style="F")
    front = Box(front_left, BLEED, trim.width, trim.height)
    _front(pdf, text, artwork, front, marked=marked, scheme=scheme)
    _back(pdf, text, Box(back_left, BLEED, trim.width, trim.height))
    if pages >= SPINE_TEXT_PAGES:
        _spine(pdf, text, Box(spine_left, BLEED, spine, trim.height), scheme)
    return bytes(pdf.output())


def _front(
    pdf: FPDF, text: CoverText, artwork: Puzzle, panel: Box, *, marked: bool, scheme: CoverScheme
) -> None:
    """Title and subtitle on a band across the front, the artwork's grid under them."""
    inner = panel.width - 2 * SAFE
    centre = panel.x + panel.width / 2
    lines, size = title_lines(text.title, 40, inner, least=18)  # above the subtitle's 16 pt
    subtitle = wrap(text.subtitle, 16, inner)[:2] if text.subtitle else []
    band_top = panel.y + panel.height * 0.1
    band_height = size * 0.6 + len(lines) * size * 1.15 + len(subtitle) * 16 * 1.4 + 36
    pdf.set_fill_color(*_rgb(scheme.band))
    pdf.rect(panel.x, band_top, panel.width + BLEED, band_height, style="F")
    y = band_top + 18 + size * 0.85
    for line in lines:
        _on_band(pdf, Text(line, centre, y, size, bold=True), scheme)
        y += size * 1.15
    for line in subtitle:
        _on_band(pdf, Text(line, centre, y + 6, 16), scheme)
        y += 16 * 1.4
    art_top = band_top + band_height + 0.35 * INCH
    art_bottom = panel.y + panel.height - SAFE
    if text.author:
        size = min(AUTHOR_PT, inner / max(text_width(text.author, 1), 1e-9))
        draw_text(pdf, Text(text.author, centre, art_bottom, size, anchor="middle"))
        art_bottom -= size * 1.2 + 0.25 * INCH
    box = Box(panel.x + SAFE, art_top, inner, art_bottom - art_top)
    grid = grid_drawing(artwork, box, answers=marked, max_cell=30, centre_vertically=True)
    pdf.set_fill_color(255, 255, 255)
    frame = grid.frame
    radius = grid.cell / 3
    pdf.rect(
        frame.x,
        frame.y,
        frame.width,
        frame.height,
        style="F",
        round_corners=True,
        corner_radius=radius,
    )
    draw_grid(pdf, grid)


def _on_band(pdf: FPDF, t: Text, scheme: CoverScheme) -> None:
    """A centred line of text on the band, in its colour."""
    pdf.set_font(FONT, "B" if t.bold else "", t.size)
    pdf.set_text_color(*_rgb(scheme.on_band))
    pdf.text(t.x - pdf.get_string_width(t.text) / 2, t.y, t.text)


def _back(pdf: FPDF, text: CoverText, panel: Box) -> None:
    """The back text, set from the top, clear of the barcode's corner."""
    if not text.back:
        return
    inner = panel.width - 2 * SAFE
    y = panel.y + SAFE + 14
    bottom = panel.y + panel.height - SAFE - BARCODE[1] - 14
    for paragraph in text.back.split("\\n"):
        for line in wrap(paragraph, 13, inner):
            if y > bottom:
                return
            draw_text(pdf, Text(line, panel.x + SAFE, y, 13))
            y += 13 * 1.45
        y += 8


def _spine(pdf: FPDF, text: CoverText, spine: Box, scheme: CoverScheme) -> None:
    """The title (and the author) along the spine, reading from top to bottom, clear of the
    folds; only where the spine lets it be :data:`SPINE_LEAST` or larger, else nothing."""
    words = spine_words(text, spine.width, spine.height)
    if words is None:
        return
    line, size = words
    centre_x = spine.x + spine.width / 2
    centre_y = spine.y + spine.height / 2
    with pdf.rotation(-90, centre_x, centre_y):
        pdf.set_font(FONT, "B", size)
        pdf.set_text_color(*_rgb(scheme.on_band))
        width = pdf.get_string_width(line)
        pdf.text(centre_x - width / 2, centre_y + size * 0.35, line)
    pdf.set_text_color(*_rgb(INK))


def spine_words(text: CoverText, width: float, height: float) -> tuple[str, float] | None:
    """What the spine of ``width`` by ``height`` says and at what size: the title and the
    author, or the title alone where both would be under :data:`SPINE_LEAST`; None where even
    the title would be (an 86-page book's spine set it at 4.9 pt)."""
    across = min(14.0, width - 2 * SPINE_SAFE)
    room = height - 2 * SAFE
    lines = [f"{text.title}  ·  {text.author}", text.title] if text.author else [text.title]
    for line in lines:
        size = min(across, room / max(text_width(line, 1, bold=True), 1e-9))
        if size >= SPINE_LEAST:
            return line, size
    return None


SPINE_LEAST = 7.0
"""The smallest spine text, in points (KDP prints no text under 7 pt)."""
AUTHOR_PT = 18.0
"""The author's name at the foot of the front."""
