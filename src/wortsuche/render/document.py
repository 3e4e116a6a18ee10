"""What an editable worksheet (DOCX, ODT) holds, in the order a word processor shows it: the
name line, the title, the instruction, the grid as a table of fixed cells, the word list and a
footer; the answer key on a page of its own. The writers in :mod:`wortsuche.render.docx` and
:mod:`wortsuche.render.odt` turn it into their format; what the texts say comes from the same
catalogue as every other sheet.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> content = document(puzzle, RenderOptions(language="en"))
>>> content.name_fields, len(content.pages), content.pages[0].grid.cell_cm
(('Name:', 'Date:', 'Class:'), 1, 1.2)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from wortsuche.model import HOLE, Puzzle
from wortsuche.render import texts as say
from wortsuche.render.layout import sorted_entries, word_columns
from wortsuche.render.metrics import FONT_FAMILIES, PAPER
from wortsuche.render.options import RenderOptions, display_letter
from wortsuche.words.clues import is_picture
from wortsuche.words.pictures import has_picture

PAGE_MARGIN_CM = 1.8
"""The margins of an editable sheet's pages (what every printer prints)."""

CELL_CM = 1.2
"""The largest side of a grid cell; a wider grid gets smaller cells, to stay on the page."""

LIST_COLUMNS_WIDTH_PT = 480.0
"""The width the word list's columns are chosen for, in points (a page inside its margins)."""

PICTURE_MM = 14.0
"""The side of a picture clue in the word list (at least 12 mm, big enough for six-year-olds)."""

KEY_PICTURE_MM = 7.0
"""The side of a picture clue after its word on the answer key (the grown-up's page)."""


@dataclass(frozen=True)
class GridTable:
    """The grid as a table: one letter per cell (``""`` for a hole), and on a key the cells
    that belong to a word."""

    rows: tuple[tuple[str, ...], ...]
    cell_cm: float
    marked: frozenset[tuple[int, int]] = frozenset()

    @property
    def letter_pt(self) -> float:
        """The letters' size in points: three fifths of the cell, as on the PDF."""
        return round(self.cell_cm / 2.54 * 72 * 0.6, 1)


@dataclass(frozen=True)
class Page:
    """One page: title, lines under it, the grid, the word list in columns, a footer."""

    title: str
    lines: tuple[str, ...]
    grid: GridTable
    word_columns: tuple[tuple[str, ...], ...]
    footer: str
    name_line: bool


@dataclass(frozen=True)
class Document:
    """An editable worksheet: its pages and what they share."""

    pages: tuple[Page, ...]
    name_fields: tuple[str, str, str]
    paper_cm: tuple[float, float]
    font_family: str
    language: str


def document(puzzle: Puzzle, options: RenderOptions | None = None) -> Document:
    """The content of an editable worksheet: the sheet, then with ``answers`` its key."""
    options = options or RenderOptions()
    texts = options.texts(puzzle)
    width_pt, height_pt = PAPER[options.paper]
    paper_cm = (round(width_pt / 72 * 2.54, 2), round(height_pt / 72 * 2.54, 2))
    title = options.title or puzzle.title or say.default_title(texts)
    sheet = Page(
        title,
        say.instruction(puzzle, texts, word_list=options.word_list),
        grid_table(puzzle, options, paper_cm[0]),
        word_list_columns(puzzle) if options.word_list else (),
        say.footer(puzzle, texts),
        options.name_line,
    )
    pages = [sheet]
    if options.answers:
        lines = (
            say.answers_heading(texts),
            *say.secret_answer(puzzle, texts),
            *say.message_answer(puzzle, texts),
        )
        key_grid = grid_table(puzzle, options, paper_cm[0], answers=True)
        key_list = word_list_columns(puzzle, answers=True) if options.word_list else ()
        key = replace(sheet, lines=lines, grid=key_grid, word_columns=key_list, name_line=False)
        pages.append(key)
    fields = (texts.t("sheet.name"), texts.t("sheet.date"), texts.t("sheet.class"))
    family = FONT_FAMILIES[options.font]
    return Document(tuple(pages), fields, paper_cm, family, texts.language)


def grid_table(
    puzzle: Puzzle, options: RenderOptions, paper_width_cm: float, *, answers: bool = False
) -> GridTable:
    """The grid's letters as printed, in cells as large as the page's width allows."""
    room = paper_width_cm - 2 * PAGE_MARGIN_CM
    cell = min(CELL_CM, math.floor(room / puzzle.cols * 100) / 100)
    rows = tuple(
        tuple("" if ch == HOLE else display_letter(ch, options.lowercase) for ch in row)
        for row in puzzle.grid.rows
    )
    marked = frozenset(cell for placement in puzzle.placements.values() for cell in placement.cells)
    return GridTable(rows, cell, marked if answers else frozenset())


def word_list_columns(puzzle: Puzzle, *, answers: bool = False) -> tuple[tuple[str, ...], ...]:
    """The word list in columns, filled top to bottom as on the PDF (on the answer key each
    clue with its word). The one place an editable sheet's list is made."""
    columns = word_columns(sorted_entries(puzzle, answers=answers), 12, LIST_COLUMNS_WIDTH_PT)
    entries = list(columns.entries)
    return tuple(
        tuple(entries[start : start + columns.per_column])
        for start in range(0, len(entries), max(columns.per_column, 1))
    )


def entry_parts(entry: str) -> tuple[str, str | None]:
    """An entry as its text and the picture clue to draw after it, if there is one:
    ``Igel – 🦔`` on an answer key is ``("Igel – ", "🦔")``, a picture alone ``("", "🦔")``.

    >>> entry_parts("Igel – Ein Tier mit Stacheln")
    ('Igel – Ein Tier mit Stacheln', None)
    """
    if is_picture(entry) and has_picture(entry):
        return "", entry
    head, dash, tail = entry.rpartition(" – ")
    if dash and is_picture(tail) and has_picture(tail):
        return head + dash, tail
    return entry, None
