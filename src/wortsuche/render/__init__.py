"""Renderers: pure functions from a :class:`~wortsuche.model.Puzzle` to text or bytes.

Each format lives in its own module with ``render(puzzle, *, answers=False, **options)``;
modules are imported only when their format is asked for, so the command line starts fast.

>>> format_for_path("sheet.json")
'json'
"""

from __future__ import annotations

import importlib
from pathlib import PurePath
from typing import Any

from wortsuche.errors import InputError
from wortsuche.model import Puzzle

FORMATS: dict[str, str] = {
    "text": "wortsuche.render.text",
    "json": "wortsuche.render.json",
    "svg": "wortsuche.render.svg",
    "png": "wortsuche.render.png",
    "pdf": "wortsuche.render.pdf",
    "csv": "wortsuche.render.csv",
    "html": "wortsuche.render.html",
}
"""Format name → module holding its ``render`` function."""

SUFFIXES: dict[str, str] = {
    ".txt": "text",
    ".json": "json",
    ".svg": "svg",
    ".png": "png",
    ".pdf": "pdf",
    ".csv": "csv",
    ".html": "html",
    ".htm": "html",
}
"""File suffix → format name, for ``-o FILE`` without ``--format``."""


OPTIONAL_MODULES = frozenset({"fpdf", "PIL"})
"""Modules of the ``pdf`` extra; a format that needs one names the extra when it is missing."""


def format_for_path(path: str) -> str:
    """The format a file name asks for by its suffix."""
    suffix = PurePath(path).suffix.lower()
    try:
        return SUFFIXES[suffix]
    except KeyError:
        known = ", ".join(sorted(SUFFIXES))
        raise InputError(
            f"cannot tell the format of {path!r}; use a suffix ({known}) or --format"
        ) from None


def render(puzzle: Puzzle, format: str, **options: Any) -> str | bytes:
    """Render ``puzzle`` in ``format`` (a key of :data:`FORMATS`)."""
    try:
        module = importlib.import_module(FORMATS[format])
    except KeyError:
        raise InputError(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}") from None
    try:
        result: str | bytes = module.render(puzzle, **options)
    except ModuleNotFoundError as error:
        if error.name not in OPTIONAL_MODULES:
            raise
        raise InputError(
            f"{format.upper()} output needs the pdf extra: pip install 'wortsuche[pdf]'"
        ) from None
    return result
