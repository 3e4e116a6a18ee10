"""Renderers: pure functions from a :class:`~wortsuche.model.Puzzle` to text or bytes.

Each format lives in its own module with ``render(puzzle, options) -> str | bytes`` (a
:class:`Renderer`), given one frozen :class:`RenderOptions`. Everything renders through
:func:`render` and :func:`render_book`, which name a missing extra in one line; modules are
imported only when their format is asked for, so the command line starts fast.

>>> format_for_path("sheet.json")
'json'
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import Any, cast

from wortsuche.errors import InputError, MissingExtraError
from wortsuche.grid.topology import Topology
from wortsuche.model import Puzzle
from wortsuche.notes import Note
from wortsuche.render.options import Renderer, RenderOptions

__all__ = [
    "FORMATS",
    "SUFFIXES",
    "RenderOptions",
    "Renderer",
    "format_for_path",
    "render",
    "render_book",
    "render_versions",
    "require",
]

FORMATS: dict[str, str] = {
    "text": "wortsuche.render.text",
    "json": "wortsuche.render.json",
    "svg": "wortsuche.render.svg",
    "png": "wortsuche.render.png",
    "pdf": "wortsuche.render.pdf",
    "csv": "wortsuche.render.csv",
    "html": "wortsuche.render.html",
    "scorm": "wortsuche.render.scorm",
    "docx": "wortsuche.render.docx",
    "odt": "wortsuche.render.odt",
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
    ".docx": "docx",
    ".odt": "odt",
}
"""File suffix → format name, for ``-o FILE`` without ``--format``."""


NEEDS: dict[str, tuple[str, ...]] = {
    "pdf": ("fpdf",),
    "png": ("PIL",),
    "docx": ("docx",),
    "odt": ("odf",),
}
"""Format name → modules of the extra it needs."""

EXTRAS: dict[str, str] = {"docx": "office", "odt": "office"}
"""Format name → the extra holding its modules (``pdf`` when not named here)."""

OPTIONAL_MODULES = frozenset(module for modules in NEEDS.values() for module in modules)
"""Modules of the optional extras; a format that needs one names the extra when it is missing."""


def format_for_path(path: str) -> str:
    """The format a file name asks for by its suffix."""
    suffix = PurePath(path).suffix.lower()
    try:
        return SUFFIXES[suffix]
    except KeyError:
        known = ", ".join(sorted(SUFFIXES))
        raise InputError(
            f"cannot tell the format of {path!r}; use a suffix ({known}) or --format",
            key="error.format-of-path",
            values={"path": path, "known": known},
        ) from None


def require(format: str) -> None:
    """Fail with one line naming the extra if ``format`` cannot be rendered here (before any work)."""
    if format not in FORMATS:
        raise _unknown_format(format)
    for module in NEEDS.get(format, ()):
        if importlib.util.find_spec(module) is None:
            raise _missing_extra(format)


def _unknown_format(format: str) -> InputError:
    choices = ", ".join(FORMATS)
    return InputError(
        f"unknown format {format!r}; choose one of {choices}",
        key="error.unknown-format",
        values={"format": format, "choices": choices},
    )


def _missing_extra(format: str) -> MissingExtraError:
    what = Note(f"{format.upper()} output", key="extra.output", values={"format": format.upper()})
    return MissingExtraError(what, EXTRAS.get(format, "pdf"))


def renderer(format: str) -> Renderer:
    """The ``render`` function of ``format``."""
    try:
        module = importlib.import_module(FORMATS[format])
    except KeyError:
        raise _unknown_format(format) from None
    return cast(Renderer, module.render)


HEX_FORMATS = ("pdf", "png", "svg", "text", "json", "html", "scorm", "docx", "odt")
"""The formats that draw a grid of hexagons, or play on them (a document as a picture of the grid;
the CSV's rows of squares cannot)."""

TABLE_FORMATS = ("docx", "odt")
"""The formats that set the grid as a table of the word processor's, one cell each."""

MOST_TABLE_CELLS = 100 * 100
"""The cells a table format sets: a page's table of more is unreadable (a 100×100 grid's cells are
under 2 mm on A4) and a word processor's file of it takes a gigabyte to write."""

PRINTED_IN_OUR_FONTS = ("pdf", "png")
"""Formats drawn with the shipped typefaces (an SVG, a document or a page asks the viewer's
system for its fonts, which fills in what ours lack)."""


def render(
    puzzle: Puzzle, format: str, options: RenderOptions | None = None, **changes: Any
) -> str | bytes:
    """Render ``puzzle`` in ``format`` (a key of :data:`FORMATS`).

    Options come as one :class:`RenderOptions` or as its field names (``answers=True``);
    a name that is not an option is an error.
    """
    if options is None:
        options = RenderOptions.from_keywords(**changes)
    elif changes:
        options = RenderOptions.from_keywords(**{**vars(options), **changes})
    if format in PAGED_WRITERS and options.per_page > 1:
        return render_versions([puzzle], options, format=format)  # copies side by side
    if format in PRINTED_IN_OUR_FONTS:
        from wortsuche.render.glyphs import require_printable

        require_printable([puzzle], options.font, options.title)
    if format not in HEX_FORMATS and Topology.of_puzzle(puzzle).outlines_cells:
        shown = ", ".join(HEX_FORMATS)
        raise InputError(
            f"{format} cannot show a grid of hexagons yet; choose one of {shown}",
            key="error.hex-format",
            values={"format": format, "choices": shown},
        )
    cells = puzzle.grid.height * puzzle.grid.width
    as_table = not Topology.of_puzzle(puzzle).outlines_cells  # hexagons go in as a picture
    if format in TABLE_FORMATS and as_table and cells > MOST_TABLE_CELLS:
        size = f"{puzzle.grid.height}x{puzzle.grid.width}"
        raise InputError(
            f"{format} sets a grid of at most {MOST_TABLE_CELLS} cells as a table, and this one"
            f" has {cells} ({size}); choose pdf, png or svg, or a smaller grid",
            key="error.table-too-large",
            values={"format": format, "most": MOST_TABLE_CELLS, "cells": cells, "size": size},
        )
    draw = renderer(format)
    try:
        return draw(puzzle, options)
    except ModuleNotFoundError as error:
        if error.name not in OPTIONAL_MODULES:
            raise
        raise _missing_extra(format) from None


def sheet_letter_size(puzzle: Puzzle, options: RenderOptions) -> float:
    """The size (points) of the grid's letters on the PDF worksheet of ``puzzle`` (one of
    ``options.per_page`` on a page), without drawing it."""
    from dataclasses import replace

    from wortsuche.render.imposition import page_size, part_sheet, slots
    from wortsuche.render.pdf import puzzle_pages

    sheet_options = replace(options, answers=False)
    if options.per_page > 1:
        slot = slots(page_size(options.paper, options.per_page), options.per_page)[0]
        sheet = part_sheet(puzzle, sheet_options, slot, "")
    else:
        sheet = puzzle_pages(puzzle, sheet_options)[0]
    return min((letter.size for letter in sheet.grid.letters), default=0.0)


def render_book(
    puzzles: Sequence[tuple[str, Puzzle]],
    options: RenderOptions | None = None,
    *,
    on_page: Callable[[], None] | None = None,
    order: str = "as-given",
    scores: Sequence[float] | None = None,
) -> bytes:
    """A PDF puzzle book of ``(name, puzzle)`` pairs; see :func:`wortsuche.render.pdf.render_book`."""
    require("pdf")
    from wortsuche.render.glyphs import require_printable
    from wortsuche.render.pdf import render_book as draw_book

    options = options or RenderOptions()
    require_printable((puzzle for _, puzzle in puzzles), options.font, options.title)

    try:
        return draw_book(puzzles, options, on_page=on_page, order=order, scores=scores)
    except ModuleNotFoundError as error:
        if error.name not in OPTIONAL_MODULES:
            raise
        raise _missing_extra("pdf") from None


PAGED_WRITERS: dict[str, str] = {
    "pdf": "wortsuche.render.imposition",
    "docx": "wortsuche.render.docx",
    "odt": "wortsuche.render.odt",
}
"""Format → module whose ``render_versions`` lays out several puzzles on pages."""


def render_versions(
    puzzles: Sequence[Puzzle], options: RenderOptions | None = None, *, format: str = "pdf"
) -> bytes:
    """A PDF (or DOCX, ODT) of the versions of one sheet, ``options.per_page`` to a page, keys
    after; see :func:`wortsuche.render.imposition.render_versions`."""
    if format not in PAGED_WRITERS:
        raise _unknown_format(format)
    require(format)
    options = options or RenderOptions()
    if format == "pdf":
        from wortsuche.render.glyphs import require_printable

        require_printable(puzzles, options.font, options.title)
    module = importlib.import_module(PAGED_WRITERS[format])
    try:
        return cast(bytes, module.render_versions(puzzles, options))
    except ModuleNotFoundError as error:
        if error.name not in OPTIONAL_MODULES:
            raise
        raise _missing_extra(format) from None
