"""Read a PDF back as a person would: poppler's text of each page, and the pages' sizes."""

from __future__ import annotations

import subprocess
from pathlib import Path


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
    import re

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
