"""Print-on-demand book geometry: trim sizes, bleed, mirrored margins and the gutter a page
count needs (Amazon KDP's published figures, which other print-on-demand shops share).

Lengths are in points (1/72 inch). Page 1 is a right-hand page: odd pages have the spine (the
gutter) on their left, even pages on their right. With bleed, a page is 0.125 in larger at the
top, the bottom and the outside edge; the inside edge is the spine and has none.

>>> trim = parse_trim("6x9")
>>> (trim.width / INCH, trim.height / INCH)
(6.0, 9.0)
>>> gutter(219) / INCH
0.5
>>> BookFormat(trim, bleed=True).page_size == ((6 + 0.125) * INCH, (9 + 0.25) * INCH)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wortsuche.errors import InputError

INCH = 72.0
"""Points in an inch."""
MM = 72.0 / 25.4
"""Points in a millimetre."""

BLEED = 0.125 * INCH
"""How far a page with bleed reaches past the trim at the top, the bottom and the outside."""


@dataclass(frozen=True)
class Trim:
    """The size of a book's pages once cut: a name and its width and height in points."""

    name: str
    width: float
    height: float


TRIMS: dict[str, Trim] = {
    name: Trim(name, w * INCH, h * INCH)
    for name, (w, h) in {
        "5x8": (5.0, 8.0),
        "5.5x8.5": (5.5, 8.5),
        "6x9": (6.0, 9.0),
        "7x10": (7.0, 10.0),
        "8x10": (8.0, 10.0),
        "8.5x8.5": (8.5, 8.5),
        "8.5x11": (8.5, 11.0),
    }.items()
} | {"a4": Trim("a4", 210 * MM, 297 * MM), "a5": Trim("a5", 148 * MM, 210 * MM)}
"""The trims KDP prints, by name (inches, ``a4``, ``a5``)."""

TRIM_RANGE = (3.0 * INCH, 14.0 * INCH)
"""The smallest and largest side a trim given as ``WxH`` may have."""

_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(in|mm)?\s*$", re.IGNORECASE)


def parse_trim(text: str) -> Trim:
    """A trim by name (``6x9``, ``a5``) or as ``WxH`` in inches (``6x9in``) or millimetres
    (``152x229mm``); a plain ``WxH`` is in inches.

    >>> parse_trim("152x229mm").name, parse_trim("A4").name
    ('152x229mm', 'a4')
    """
    key = text.strip().lower()
    if key in TRIMS:
        return TRIMS[key]
    match = _SIZE.match(key)
    if match is None:
        choices = ", ".join(TRIMS)
        raise InputError(
            f"unknown trim {text!r}; choose one of {choices} or give WxH in in or mm",
            key="error.unknown-trim",
            values={"value": text, "choices": choices},
        )
    unit = MM if match.group(3) == "mm" else INCH
    width, height = float(match.group(1)) * unit, float(match.group(2)) * unit
    low, high = TRIM_RANGE
    if not (low <= width <= high and low <= height <= high):
        raise InputError(
            f"a trim's sides are 3 to 14 inches (76 to 355 mm), not {text!r}",
            key="error.trim-sides",
            values={"value": text},
        )
    for named in TRIMS.values():  # 6x9in is 6x9
        if abs(named.width - width) < 0.01 and abs(named.height - height) < 0.01:
            return named
    return Trim(key.replace(" ", ""), width, height)


MIN_PAGES = 24
"""The fewest pages a printed book may have."""

MAX_PAGES = 828
"""The most pages a printed book may have."""

GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (MAX_PAGES, 0.875))
"""The least inside margin, in inches, for books of up to so many pages."""


def gutter(pages: int) -> float:
    """The least inside margin (in points) a book of ``pages`` pages needs."""
    for most, inches in GUTTERS:
        if pages <= most:
            return inches * INCH
    raise InputError(
        f"a printed book has at most {MAX_PAGES} pages, not {pages}",
        key="error.too-many-pages",
        values={"most": MAX_PAGES, "value": pages},
    )


def book_pages(pages: int) -> int:
    """The page count a book of ``pages`` printed pages gets: at least :data:`MIN_PAGES` and
    even (blank pages are added at the end)."""
    pages = max(pages, MIN_PAGES)
    return pages + pages % 2


@dataclass(frozen=True)
class Margins:
    """Space left empty at the inside (spine), outside, top and bottom of a page, in points,
    measured from the page's edge (with bleed: from the bleed's edge, except at the spine)."""

    inside: float
    outside: float
    top: float
    bottom: float

    def wider(self, by: float) -> Margins:
        """These margins, each ``by`` points wider."""
        return Margins(self.inside + by, self.outside + by, self.top + by, self.bottom + by)


def least_margins(pages: int, *, bleed: bool) -> Margins:
    """The narrowest margins a book of ``pages`` pages may have."""
    edge = (0.375 if bleed else 0.25) * INCH
    return Margins(gutter(pages), edge, edge, edge)


@dataclass(frozen=True)
class Area:
    """A rectangle on a page by its edges: left, top, right and bottom (y grows downwards)."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        """Left to right."""
        return self.right - self.left

    @property
    def height(self) -> float:
        """Top to bottom."""
        return self.bottom - self.top


@dataclass(frozen=True)
class BookFormat:
    """A book's trim and whether its pages have bleed: the page size and live areas."""

    trim: Trim
    bleed: bool = False

    @property
    def page_size(self) -> tuple[float, float]:
        """The width and height of every page of the interior PDF."""
        extra = BLEED if self.bleed else 0.0
        return (self.trim.width + extra, self.trim.height + 2 * extra)

    def live_area(self, number: int, margins: Margins) -> Area:
        """Where content may go on page ``number`` (1 is a right-hand page, spine on its left)."""
        width, height = self.page_size
        left, right = (
            (margins.inside, margins.outside) if number % 2 else (margins.outside, margins.inside)
        )
        return Area(left, margins.top, width - right, height - margins.bottom)


SPINE_PER_PAGE = {"white": 0.002252 * INCH, "cream": 0.0025 * INCH}
"""The thickness one page adds to the spine, by paper colour."""

SPINE_TEXT_PAGES = 80
"""The fewest pages a book needs for text on its spine."""


def spine_width(pages: int, paper: str) -> float:
    """The spine's width for ``pages`` pages on ``white`` or ``cream`` paper."""
    if paper not in SPINE_PER_PAGE:
        choices = ", ".join(SPINE_PER_PAGE)
        raise InputError(
            f"paper colour is one of {choices}, not {paper!r}",
            key="error.paper-colour",
            values={"choices": choices, "value": paper},
        )
    return pages * SPINE_PER_PAGE[paper]


def cover_size(trim: Trim, pages: int, paper: str) -> tuple[float, float]:
    """A wrap-around cover's size: back, spine and front, with bleed on every side."""
    return (
        2 * trim.width + spine_width(pages, paper) + 2 * BLEED,
        trim.height + 2 * BLEED,
    )
