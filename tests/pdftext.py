"""Read a PDF back as a person would: poppler's text of each page, and the pages' sizes."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def pdftotext(path: Path, *, layout: bool = True) -> str:
    """The text of a PDF as poppler's pdftotext reads it; pages are separated by form feeds."""
    options = ["-layout"] if layout else []
    done = subprocess.run(
        ["pdftotext", *options, str(path), "-"], capture_output=True, text=True, check=True
    )
    return done.stdout


def page_texts(path: Path) -> list[str]:
    """The text of each page."""
    return pdftotext(path).split("\f")[:-1]


def page_sizes(path: Path) -> list[tuple[int, int]]:
    """Each page's width and height in whole points."""
    from pypdf import PdfReader

    return [
        (round(float(page.mediabox.width)), round(float(page.mediabox.height)))
        for page in PdfReader(str(path)).pages
    ]


def region_text(path: Path, page: int, box: tuple[float, float, float, float]) -> str:
    """The text inside ``box`` (x, y, width, height in points from the top left) of page
    ``page`` (from 1), as pdftotext lays it out."""
    x, y, width, height = (str(round(v)) for v in box)
    pages = ["-f", str(page), "-l", str(page)]
    crop = ["-x", x, "-y", y, "-W", width, "-H", height]
    done = subprocess.run(
        ["pdftotext", "-layout", "-r", "72", *pages, *crop, str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def squeezed(text: str) -> str:
    """``text`` without any white space (grid rows read across gaps)."""
    return "".join(text.split())


def word_boxes(path: Path, page: int = 1) -> dict[str, tuple[float, float, float, float]]:
    """Each word of page ``page`` (from 1) by its text, with the box pdftotext -bbox reports
    around it (x0, y0, x1, y1 in points from the top left); a word found twice keeps its last."""
    done = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<'
    return {
        word: (float(x0), float(y0), float(x1), float(y1))
        for x0, y0, x1, y1, word in re.findall(pattern, done.stdout)
    }


# --- a printed book's type sizes, read from its characters ------------------------------------


@dataclass
class PrintedPuzzle:
    """What a book's PDF shows of one numbered puzzle: the pages of its grid and of its list,
    and the sizes of their letters (points, as pdfplumber reads each character)."""

    number: int
    grid_pages: list[int] = field(default_factory=list)
    grid_sizes: list[float] = field(default_factory=list)
    list_pages: list[int] = field(default_factory=list)
    list_sizes: list[float] = field(default_factory=list)

    def list_on_back(self) -> bool:
        """Whether a page of its list is the back of its grid's page (the other side of the
        leaf: 1 and 2, 3 and 4, …), where a reader must turn the page to and fro."""
        return any(
            list_page != grid_page and (list_page + 1) // 2 == (grid_page + 1) // 2
            for grid_page in self.grid_pages
            for list_page in self.list_pages
        )

    def list_apart(self) -> bool:
        """Whether a page of its list is neither its grid's page nor the page facing it (2 and
        3, 4 and 5, …)."""
        return any(
            list_page != grid_page and list_page // 2 != grid_page // 2
            for grid_page in self.grid_pages
            for list_page in self.list_pages
        )


@dataclass
class PrintedBook:
    """The puzzles of a book's PDF by number, and each answer page's smallest key letter."""

    puzzles: dict[int, PrintedPuzzle]
    key_sizes: dict[int, float]
    """Each answer page's smallest grid letter, by page number."""
    text_sizes: dict[int, float]
    """Each page's smallest character, by page number (pages with text)."""


_NUMBERED = re.compile(r"(\d+)\.\s")
"""A puzzle's title (``12. Animals``) or its list's heading (``12. Animals: words``)."""


def printed_book(path: Path, *, answers: str) -> PrintedBook:
    """Read a book's PDF character by character with pdfplumber: a page whose bold heading
    starts with ``answers`` holds answer keys; a page whose bold heading starts with a number
    is that puzzle's, its grid (rows of one-letter words alike in size and height) and its
    list (the words under the grid, or on a page of the list alone) measured apart; the faint
    footer and the page number are neither."""
    import pdfplumber

    puzzles: dict[int, PrintedPuzzle] = {}
    keys: dict[int, float] = {}
    smallest: dict[int, float] = {}
    with pdfplumber.open(str(path)) as document:
        for number, page in enumerate(document.pages, 1):
            words = page.extract_words(extra_attrs=["size", "fontname", "non_stroking_color"])
            sizes = [c["size"] for c in page.chars if c["text"].strip()]
            if sizes:
                smallest[number] = min(sizes)
            heading = " ".join(w["text"] for w in words if "Bold" in w["fontname"])
            grid = _grid_letters(words)
            if heading.startswith(answers):
                keys[number] = min(w["size"] for w in grid)
                continue
            found = _NUMBERED.match(heading)
            if not found:
                continue
            puzzle = puzzles.setdefault(int(found[1]), PrintedPuzzle(int(found[1])))
            below = max((w["bottom"] for w in grid), default=0.0)
            if grid:
                puzzle.grid_pages.append(number)
                puzzle.grid_sizes += [w["size"] for w in grid]
            folio = max(w["top"] for w in words)
            listed = [
                w
                for w in words
                if "Bold" not in w["fontname"]
                and w["top"] > below
                and not (w["text"].isdigit() and w["top"] == folio)
                and not _faint(w)
            ]
            if listed:
                puzzle.list_pages.append(number)
                puzzle.list_sizes += [w["size"] for w in listed]
    return PrintedBook(puzzles, keys, smallest)


def _grid_letters(words: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The one-letter words in rows of at least four alike in size and height: a grid's."""
    rows: dict[tuple[int, float], list[dict[str, Any]]] = {}
    for word in words:
        if len(word["text"]) == 1 and word["text"].isalpha():
            rows.setdefault((round(word["top"]), round(word["size"], 1)), []).append(word)
    return [word for row in rows.values() if len(row) >= 4 for word in row]


def _faint(word: dict[str, Any]) -> bool:
    """Whether a word is printed grey (a footer), not black."""
    colour = word.get("non_stroking_color") or (0,)
    return min(colour) > 0.4 if isinstance(colour, tuple | list) else float(colour) > 0.4
