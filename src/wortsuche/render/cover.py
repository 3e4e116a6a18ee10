"""A book's wrap-around cover: back, spine and front on one page with bleed all round.

The spine is as wide as the page count and paper make it (:func:`wortsuche.render.trims.
spine_width`) and carries the title only from :data:`~wortsuche.render.trims.SPINE_TEXT_PAGES`
pages on. The front shows the title, the subtitle and a grid as artwork: one that is in none of
the book's puzzles (:func:`wortsuche.book.cover_artwork`), with its words marked, so the cover
gives no answer away; the back, its text above the corner a print shop keeps free for the barcode.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wortsuche.model import Puzzle
from wortsuche.render.layout import Box, Text, grid_drawing, title_lines
from wortsuche.render.metrics import INK, font_path, text_width
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


TEMPLATES = ("band", "classic", "frame")
"""The cover's layouts (``book --cover-template``): the title on a dark band across the front
(the default), the title in the band's colour over a rule, or the front in a frame."""

TITLE_FONT = "CoverTitle"
"""The family the cover's title and spine are set in (``book --title-font``)."""


@dataclass(frozen=True)
class CoverLook:
    """How the cover looks: its colours, template, the title's typeface (one of the shipped
    fonts) and a background image (PNG or JPEG bytes, checked by the book for 300 dpi)."""

    scheme: CoverScheme = SCHEMES["slate"]
    template: str = "band"
    title_font: str = "standard"
    image: bytes | None = None


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
    look: CoverLook | None = None,
) -> bytes:
    """The cover PDF of a book of ``pages`` pages on ``paper`` (``white`` or ``cream``), with
    ``artwork``'s grid on the front, its words ``marked`` (never mark a grid of the book), in
    the colours of ``scheme`` (or of ``look``, which also chooses the template, the title's
    typeface and a background image)."""
    look = look or CoverLook(scheme)
    scheme = look.scheme
    width, height = cover_size(trim, pages, paper)
    spine = spine_width(pages, paper)
    pdf = new_document((width, height), text.title, language)
    if look.title_font != "standard":  # the standard typeface is the sheet's, registered
        pdf.add_font(TITLE_FONT, "B", str(font_path(bold=True, font=look.title_font)))
    pdf.add_page()
    pdf.set_fill_color(*_rgb(scheme.paper))
    pdf.rect(0, 0, width, height, style="F")
    if look.image is not None:
        _background(pdf, look.image, width, height)
    back_left = BLEED
    spine_left = BLEED + trim.width
    front_left = spine_left + spine
    pdf.set_fill_color(*_rgb(scheme.band))
    pdf.rect(spine_left, 0, spine, height, style="F")
    front = Box(front_left, BLEED, trim.width, trim.height)
    if look.template == "band":
        _front(
            pdf,
            text,
            artwork,
            front,
            marked=marked,
            scheme=scheme,
            image=look.image,
            family=_family(look),
        )
    else:
        _front_plain(pdf, text, artwork, front, marked=marked, look=look)
    _back(pdf, text, Box(back_left, BLEED, trim.width, trim.height), scheme, look.image)
    if pages >= SPINE_TEXT_PAGES:
        _spine(pdf, text, Box(spine_left, BLEED, spine, trim.height), scheme, _family(look))
    return bytes(pdf.output())


def _family(look: CoverLook) -> str:
    """The font family the title is set in."""
    return FONT if look.title_font == "standard" else TITLE_FONT


def _background(pdf: FPDF, image: bytes, width: float, height: float) -> None:
    """The image across the whole cover, into the bleed: scaled to cover it, centred, its
    overflow cut off at the cover's edge (never stretched)."""
    from PIL import Image

    with Image.open(io.BytesIO(image)) as opened:
        pixels = opened.size
    scale = max(width / pixels[0], height / pixels[1])
    shown = (pixels[0] * scale, pixels[1] * scale)
    with pdf.rect_clip(0, 0, width, height):
        pdf.image(
            io.BytesIO(image),
            x=(width - shown[0]) / 2,
            y=(height - shown[1]) / 2,
            w=shown[0],
            h=shown[1],
        )


@contextmanager
def _veiled(pdf: FPDF, image: bytes | None) -> Iterator[None]:
    """Text drawn inside stays readable on a background image: a panel of the paper's colour
    is drawn under it first (by the caller, within this block) at nine tenths opacity."""
    if image is None:
        yield
        return
    with pdf.local_context(fill_opacity=0.9):
        yield


def _panel(pdf: FPDF, box: Box, colour: str, image: bytes | None) -> None:
    """A paper-coloured panel under text where the cover has a background image."""
    if image is None:
        return
    with _veiled(pdf, image):
        pdf.set_fill_color(*_rgb(colour))
        pdf.rect(
            box.x, box.y, box.width, box.height, style="F", round_corners=True, corner_radius=6
        )


def _front_plain(
    pdf: FPDF, text: CoverText, artwork: Puzzle, panel: Box, *, marked: bool, look: CoverLook
) -> None:
    """The ``classic`` and ``frame`` fronts: the title in the band's colour at the top, a
    rule under it (``classic``) or the whole front in a frame of that colour (``frame``)."""
    scheme = look.scheme
    inset = SAFE * 0.6
    inner = panel.width - 2 * SAFE - (2 * inset if look.template == "frame" else 0.0)
    centre = panel.x + panel.width / 2
    lines, size = title_lines(text.title, 40, inner, least=18)
    subtitle = wrap(text.subtitle, 16, inner)[:2] if text.subtitle else []
    top = panel.y + SAFE + (inset if look.template == "frame" else 0.0)
    rule = 12.0 if look.template == "classic" else 0.0
    block = size * 0.3 + len(lines) * size * 1.15 + rule + len(subtitle) * 16 * 1.4 + 16
    _panel(
        pdf, Box(centre - inner / 2 - 8, top - 8, inner + 16, block + 16), scheme.paper, look.image
    )
    y = top + size * 0.85
    for line in lines:
        _title_line(pdf, line, centre, y, size, inner, colour=scheme.band, family=_family(look))
        y += size * 1.15
    pdf.set_draw_color(*_rgb(scheme.band))
    if look.template == "classic":
        pdf.set_line_width(2.0)
        pdf.line(centre - inner / 3, y - size * 0.6 + 10, centre + inner / 3, y - size * 0.6 + 10)
        y += rule
    for line in subtitle:
        draw_text(pdf, Text(line, centre, y + 4, 16, anchor="middle"))
        y += 16 * 1.4
    if look.template == "frame":
        pdf.set_line_width(5.0)
        pdf.rect(
            panel.x + inset,
            panel.y + inset,
            panel.width - 2 * inset,
            panel.height - 2 * inset,
            style="D",
        )
    art_top = y + 0.3 * INCH
    art_bottom = panel.y + panel.height - SAFE - (inset if look.template == "frame" else 0.0)
    art_bottom = _author(pdf, text, centre, art_bottom, inner, look)
    _artwork(pdf, artwork, Box(centre - inner / 2, art_top, inner, art_bottom - art_top), marked)


def _title_line(
    pdf: FPDF,
    line: str,
    centre: float,
    y: float,
    size: float,
    inner: float,
    *,
    colour: str,
    family: str = FONT,
) -> None:
    """A line of the title, centred, in the title's typeface, made smaller where that typeface
    sets it wider than ``inner``."""
    pdf.set_font(family, "B", size)
    width = pdf.get_string_width(line)
    if width > inner and family != FONT:  # the standard typeface's widths are the layout's
        size *= inner / width
        pdf.set_font(family, "B", size)
        width = pdf.get_string_width(line)
    pdf.set_text_color(*_rgb(colour))
    pdf.text(centre - width / 2, y, line)
    pdf.set_text_color(*_rgb(INK))


def _author(
    pdf: FPDF, text: CoverText, centre: float, bottom: float, inner: float, look: CoverLook
) -> float:
    """The author's name at the foot of the front (on a panel over an image); the bottom left
    for the artwork above it."""
    if not text.author:
        return bottom
    size = min(AUTHOR_PT, inner / max(text_width(text.author, 1), 1e-9))
    wide = text_width(text.author, size) + 16
    _panel(
        pdf,
        Box(centre - wide / 2, bottom - size * 1.1, wide, size * 1.5),
        look.scheme.paper,
        look.image,
    )
    draw_text(pdf, Text(text.author, centre, bottom, size, anchor="middle"))
    return bottom - (size * 1.2 + 0.25 * INCH)


def _artwork(pdf: FPDF, artwork: Puzzle, box: Box, marked: bool) -> None:
    """The artwork's grid in ``box`` on a white rounded ground."""
    grid = grid_drawing(artwork, box, answers=marked, max_cell=30, centre_vertically=True)
    pdf.set_fill_color(255, 255, 255)
    frame = grid.frame
    pdf.rect(
        frame.x,
        frame.y,
        frame.width,
        frame.height,
        style="F",
        round_corners=True,
        corner_radius=grid.cell / 3,
    )
    draw_grid(pdf, grid)


def _front(
    pdf: FPDF,
    text: CoverText,
    artwork: Puzzle,
    panel: Box,
    *,
    marked: bool,
    scheme: CoverScheme,
    image: bytes | None = None,
    family: str = FONT,
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
        _title_line(pdf, line, centre, y, size, inner, colour=scheme.on_band, family=family)
        y += size * 1.15
    for line in subtitle:
        _on_band(pdf, Text(line, centre, y + 6, 16), scheme)
        y += 16 * 1.4
    art_top = band_top + band_height + 0.35 * INCH
    art_bottom = panel.y + panel.height - SAFE
    art_bottom = _author(pdf, text, centre, art_bottom, inner, CoverLook(scheme, image=image))
    _artwork(pdf, artwork, Box(panel.x + SAFE, art_top, inner, art_bottom - art_top), marked)


def _on_band(pdf: FPDF, t: Text, scheme: CoverScheme) -> None:
    """A centred line of text on the band, in its colour."""
    pdf.set_font(FONT, "B" if t.bold else "", t.size)
    pdf.set_text_color(*_rgb(scheme.on_band))
    pdf.text(t.x - pdf.get_string_width(t.text) / 2, t.y, t.text)


def _back(
    pdf: FPDF, text: CoverText, panel: Box, scheme: CoverScheme, image: bytes | None = None
) -> None:
    """The back text, set from the top, clear of the barcode's corner (on a panel over an
    image)."""
    if not text.back:
        return
    inner = panel.width - 2 * SAFE
    y = panel.y + SAFE + 14
    bottom = panel.y + panel.height - SAFE - BARCODE[1] - 14
    lines = sum(len(wrap(p, 13, inner)) for p in text.back.split("\\n"))
    tall = min(lines * 13 * 1.45 + 8 * text.back.count("\\n") + 14, bottom - panel.y - SAFE)
    _panel(
        pdf, Box(panel.x + SAFE - 8, panel.y + SAFE - 4, inner + 16, tall + 8), scheme.paper, image
    )
    for paragraph in text.back.split("\\n"):
        for line in wrap(paragraph, 13, inner):
            if y > bottom:
                return
            draw_text(pdf, Text(line, panel.x + SAFE, y, 13))
            y += 13 * 1.45
        y += 8


def _spine(pdf: FPDF, text: CoverText, spine: Box, scheme: CoverScheme, family: str = FONT) -> None:
    """The title (and the author) along the spine, reading from top to bottom, clear of the
    folds; only where the spine lets it be :data:`SPINE_LEAST` or larger, else nothing."""
    words = spine_words(text, spine.width, spine.height)
    if words is None:
        return
    line, size = words
    centre_x = spine.x + spine.width / 2
    centre_y = spine.y + spine.height / 2
    with pdf.rotation(-90, centre_x, centre_y):
        pdf.set_font(family, "B", size)
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
