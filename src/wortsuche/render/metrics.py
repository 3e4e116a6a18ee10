"""Paper, ink and type: page sizes, colours and the widths of the shipped font's letters.

Lengths are in points (1/72 inch).

>>> round(text_width("Wortsuche", 10), 1)
53.6
"""

from __future__ import annotations

import unicodedata
from importlib import resources
from pathlib import Path

from wortsuche.errors import InputError
from wortsuche.notes import Note

PAPER: dict[str, tuple[float, float]] = {
    "a4": (595.28, 841.89),
    "letter": (612.0, 792.0),
}
"""Paper name → (width, height) in points."""

MARGIN = 48.0
"""Space left empty around the page."""

INK = "#1a1a1a"
"""Colour of text, letters and the grid's frame."""
FAINT = "#9a9a9a"
"""Colour of the letters no word uses, on an answer key, and of footers."""
CAPSULE = "#c0392b"
"""Colour of the answer capsules (prints as a mid grey in black and white)."""
TILE = "#b8b8b8"
"""Colour of the cell outlines of a shaped grid (which has them instead of a frame)."""

CAP_HEIGHT = 0.729
"""Height of a capital letter of DejaVu Sans, as a fraction of the font size (to centre letters)."""

LOWERCASE_MIDDLE = 0.62
"""Twice the height at which lower-case letters look centred (between x-height and ascenders)."""

# Advance widths of DejaVu Sans in thousandths of an em, for laying out the word list without a
# font library. Accented letters take the width of their base letter.
_WIDTH_CHARS = " -'.,0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_WIDTHS = (
    "318,361,275,318,318,636,636,636,636,636,636,636,636,636,636,684,686,698,770,632,575,775,752,"
    "295,295,656,557,863,748,787,603,787,695,635,611,732,684,989,685,611,685,613,635,550,635,615,"
    "352,635,634,278,278,579,278,974,634,612,635,635,411,521,392,634,592,818,592,592,525"
)
CHAR_WIDTHS: dict[str, float] = {
    ch: int(w) / 1000 for ch, w in zip(_WIDTH_CHARS, _WIDTHS.split(","), strict=True)
}
BOLD_FACTOR = 1.13
"""DejaVu Sans Bold is about this much wider than the regular face."""


FONT_FILES: dict[str, tuple[str, str]] = {
    "standard": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    "school": ("Andika-Regular.ttf", "Andika-Bold.ttf"),
}
"""Typeface name → its regular and bold TrueType files in ``fonts/`` (each with its licence
there): DejaVu Sans, and Andika, made for children learning to read (single-storey a and g).
Andika's letters are no wider than DejaVu's but for I and J, so the widths below serve both."""

FONT_FAMILIES: dict[str, str] = {"standard": "DejaVu Sans", "school": "Andika"}
"""Typeface name → the family name an SVG asks the viewer's system for."""


def font_path(bold: bool = False, font: str = "standard") -> Path:
    """A TrueType file shipped with the package (see the LICENSE files next to it)."""
    regular, heavy = FONT_FILES[font]
    return Path(str(resources.files("wortsuche.render") / "fonts" / (heavy if bold else regular)))


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` set in DejaVu Sans at ``size`` points (a close estimate)."""
    total = 0.0
    for ch in text:
        base = unicodedata.normalize("NFD", ch)[0]
        total += CHAR_WIDTHS.get(base, 0.75)
    return total * size * (BOLD_FACTOR if bold else 1.0)


def paper_size(paper: str) -> tuple[float, float]:
    """The page size for a paper name (``a4`` or ``letter``)."""
    try:
        return PAPER[paper.lower()]
    except KeyError:
        choices = ", ".join(PAPER)
        raise InputError(
            f"unknown paper {paper!r}; choose one of {choices}",
            key="error.option-choice",
            values={"label": Note("paper", key="option.paper"), "value": paper, "choices": choices},
        ) from None
