"""Several worksheets on one PDF page: two A5 halves of an A4 sheet (half-letter on Letter) or
four quarters, each puzzle with its own word list, dashed cut lines between them, and the
answer keys on the pages after.

A teacher with A and B versions of a sheet (same words, different grids, so that neighbours
cannot copy) gets them side by side, each labelled; a single puzzle fills every part of the
page, so one sheet of paper makes two or four copies.

>>> [(slot.x, slot.y) for slot in slots((842, 595), 2)]
[(0.0, 0.0), (421.0, 0.0)]
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from wortsuche.errors import InputError
from wortsuche.model import Puzzle
from wortsuche.notes import Note
from wortsuche.render import texts as say
from wortsuche.render.layout import Box, Sheet, worksheet
from wortsuche.render.metrics import FAINT, paper_size
from wortsuche.render.options import RenderOptions

if TYPE_CHECKING:
    from fpdf import FPDF

LAYOUTS: dict[int, tuple[str, int, int]] = {
    1: ("portrait", 1, 1),
    2: ("landscape", 2, 1),
    4: ("portrait", 2, 2),
}
"""Puzzles per page → the page's orientation and its parts across and down: halves stand side
by side on a page turned on its side, so each half is an upright A5 (or half-letter) sheet."""

SLOT_MARGINS: dict[int, float] = {1: 48.0, 2: 30.0, 4: 20.0}
"""The empty edge of each part, in points: smaller parts keep more of their room for the grid."""

CUT_DASH = (4.0, 3.0)
"""The cut line's dashes and gaps, in points."""


def slots(page: tuple[float, float], per_page: int) -> list[Box]:
    """The parts of a page (already turned as :data:`LAYOUTS` says), row by row."""
    _, across, down = LAYOUTS[per_page]
    width, height = page[0] / across, page[1] / down
    return [
        Box(col * width, row * height, width, height)
        for row in range(down)
        for col in range(across)
    ]


def page_size(paper: str, per_page: int) -> tuple[float, float]:
    """The size of the page the parts go on: the paper, turned on its side for halves."""
    width, height = paper_size(paper)
    orientation, _, _ = LAYOUTS[per_page]
    return (height, width) if orientation == "landscape" else (width, height)


def version_labels(options: RenderOptions, puzzles: Sequence[Puzzle]) -> list[str]:
    """Each version's label (``Gruppe A``, ``Gruppe B``), none for a single version."""
    if len(puzzles) < 2:
        return [""] * len(puzzles)
    texts = options.texts(puzzles[0])
    return [texts.t("sheet.version", letter=string.ascii_uppercase[i]) for i in range(len(puzzles))]


def part_sheet(puzzle: Puzzle, options: RenderOptions, slot: Box, label: str) -> Sheet:
    """A puzzle laid out in its part of a page; a word list too long for the part is an error
    that names a way out (a whole page keeps long lists on pages of their own)."""
    sheet = worksheet(
        puzzle,
        options,
        page=(slot.width, slot.height),
        label=label,
        margin=SLOT_MARGINS[options.per_page],
    )
    if sheet.leftover_words:
        raise _list_does_not_fit(len(puzzle.words), options.per_page)
    return sheet.moved(slot.x, slot.y)


_SLOTS = {1: "the page of each version", 2: "half a page", 4: "a quarter of a page"}
"""Where the word list of one version goes, by puzzles per page (``slot.<n>`` in the catalogue)."""


def _list_does_not_fit(count: int, per_page: int) -> InputError:
    """The error for a word list of ``count`` words too long for its part of the page."""
    fix = "use --per-page 1" if per_page > 1 else "leave out --versions"
    return InputError(
        f"the word list of {count} words does not fit on {_SLOTS[per_page]} with the grid; {fix}",
        key="error.list-does-not-fit-per-page" if per_page > 1 else "error.list-does-not-fit",
        values={"count": count, "slot": Note(_SLOTS[per_page], key=f"slot.{per_page}")},
    )


def render_versions(puzzles: Sequence[Puzzle], options: RenderOptions) -> bytes:
    """A PDF of ``puzzles`` (the versions of one sheet) ``options.per_page`` to a page: the
    parts are filled with the versions in turn (A, B, A, B), then, with ``answers``, each
    version's key once, in parts of the pages after."""
    from wortsuche.render.pdf import draw_sheet, new_document

    if not puzzles:
        raise InputError("no puzzle to print", key="error.no-puzzle-to-print")
    per_page = options.per_page
    first = puzzles[0]
    texts = options.texts(first)
    title = options.title or first.title or say.default_title(texts)
    orientation, _, _ = LAYOUTS[per_page]
    pdf = new_document(
        options.paper, title, texts.language, font=options.font, orientation=orientation
    )
    parts = slots(page_size(options.paper, per_page), per_page)
    labels = version_labels(options, puzzles)
    sheet_options = replace(options, answers=False)
    pages = max(1, math.ceil(len(puzzles) / per_page))
    sheets = [
        part_sheet(puzzles[i % len(puzzles)], sheet_options, slot, labels[i % len(puzzles)])
        for i, slot in zip(range(pages * per_page), parts * pages, strict=True)
    ]
    if options.answers:
        key_options = replace(options, answers=True)
        sheets += [
            part_sheet(puzzle, key_options, slot, label)
            for puzzle, label, slot in zip(puzzles, labels, parts * len(puzzles), strict=False)
        ]
    for start in range(0, len(sheets), per_page):
        pdf.add_page()
        on_page = sheets[start : start + per_page]
        for sheet in on_page:
            draw_sheet(pdf, sheet, new_page=False)
        draw_cut_lines(pdf, parts[: len(on_page)] if len(on_page) > 1 else [])
    return bytes(pdf.output())


def draw_cut_lines(pdf: FPDF, parts: Sequence[Box]) -> None:
    """Dashed lines where the page is cut: along every inner edge of the parts."""
    if not parts:
        return
    width, height = pdf.w, pdf.h
    pdf.set_draw_color(*(int(FAINT[i : i + 2], 16) for i in (1, 3, 5)))
    pdf.set_line_width(0.5)
    pdf.set_dash_pattern(dash=CUT_DASH[0], gap=CUT_DASH[1])
    for x in sorted({part.x for part in parts if part.x > 0}):
        pdf.line(x, 0, x, height)
    for y in sorted({part.y for part in parts if part.y > 0}):
        pdf.line(0, y, width, y)
    pdf.set_dash_pattern()
