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
from wortsuche.render.metrics import FONT_FAMILIES, PAPER, text_width
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

LIST_PT = 12.0
"""The size of the word list's letters, where the list has room."""

LIST_MIN_PT = 8.0
"""The smallest size a long list shrinks to, to keep within :data:`LIST_SHARE` of the page."""

LIST_SHARE = 0.4
"""The most of a page's height (inside the margins) the word list takes, as on the PDF."""

SUBSTITUTE_ROOM = 1.15
"""How much wider a word processor's font may set a word than the PDF's metrics measure it (it
may put another font in place of the sheet's): a column is that much wider than its longest word."""

HEIGHTS_CM = {
    "name": 1.0,  # 11 pt and the space under it
    "title": 1.15,  # 22 pt and the space under it
    "line": 0.5,  # a line of the instruction, 11 pt
    "gap": 0.5,  # the empty paragraph before the grid and before the list
    "word": 0.6,  # a row of the word list at 12 pt (LibreOffice sets 14 pt apart, Word 16)
    "footer": 1.0,  # the space before the footer and its 8 pt
    "spare": 0.8,  # what a word processor adds on its own (paragraph spacing, rounding)
}
"""What each part of a page takes of its height besides the grid, generously: the grid's
cells are made small enough that the page's footer stays on it."""


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
    word_column_cm: float = 3.8
    """The width of a column of the word list: its longest entry and a gap."""
    word_pt: float = LIST_PT
    """The size of the word list's letters."""


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
    lines = say.instruction(puzzle, texts, word_list=options.word_list)
    list_room = (paper_cm[1] - 2 * PAGE_MARGIN_CM) * LIST_SHARE
    columns, column_cm, word_pt = (
        word_list_columns(puzzle, list_room) if options.word_list else ((), 0.0, LIST_PT)
    )
    room = [grid_room(paper_cm[1], options.name_line, len(lines), columns, word_pt)]
    if options.answers:
        key_lines = (
            say.answers_heading(texts),
            *say.secret_answer(puzzle, texts),
            *say.message_answer(puzzle, texts),
        )
        key_columns, key_column_cm, key_pt = (
            word_list_columns(puzzle, list_room, answers=True)
            if options.word_list
            else ((), 0.0, LIST_PT)
        )
        room.append(grid_room(paper_cm[1], False, len(key_lines), key_columns, key_pt))
    sheet = Page(
        title,
        lines,
        grid_table(puzzle, options, (paper_cm[0] - 2 * PAGE_MARGIN_CM, min(room))),
        columns,
        say.footer(puzzle, texts),
        options.name_line,
        column_cm,
        word_pt,
    )
    pages = [sheet]
    if options.answers:
        key_grid = replace(sheet.grid, marked=marked_cells(puzzle))
        key = replace(
            sheet,
            lines=key_lines,
            grid=key_grid,
            word_columns=key_columns,
            name_line=False,
            word_column_cm=key_column_cm,
            word_pt=key_pt,
        )
        pages.append(key)
    fields = (texts.t("sheet.name"), texts.t("sheet.date"), texts.t("sheet.class"))
    family = FONT_FAMILIES[options.font]
    return Document(tuple(pages), fields, paper_cm, family, texts.language)


def grid_room(
    height_cm: float,
    name_line: bool,
    lines: int,
    columns: tuple[tuple[str, ...], ...],
    word_pt: float = LIST_PT,
) -> float:
    """The height a page of ``height_cm`` leaves its grid, inside the margins, besides a name
    line, the title, ``lines`` lines of text, the word list in ``columns`` (at ``word_pt``)
    and the footer."""
    h = HEIGHTS_CM
    rows = max((len(column) for column in columns), default=0)
    pictures = any(entry_parts(entry)[1] is not None for column in columns for entry in column)
    row = _row_cm(word_pt)
    if pictures:
        row = max(row, PICTURE_MM / 10 + 0.2)
    taken = (
        (h["name"] if name_line else 0.0)
        + h["title"]
        + lines * h["line"]
        + h["gap"]
        + ((h["gap"] + rows * row) if rows else 0.0)
        + h["footer"]
        + h["spare"]
    )
    return height_cm - 2 * PAGE_MARGIN_CM - taken


def grid_table(puzzle: Puzzle, options: RenderOptions, room_cm: tuple[float, float]) -> GridTable:
    """The grid's letters as printed, in cells as large as ``room_cm`` (width, height) allows
    (at most :data:`CELL_CM`; at least a third of it, where a page is too full to keep its
    footer on it); the key marks its words' cells on a copy (:func:`marked_cells`)."""
    width, height = room_cm
    fits = min(width / puzzle.cols, max(height, 0.0) / puzzle.rows)
    cell = min(CELL_CM, max(math.floor(fits * 100) / 100, round(CELL_CM / 3, 2)))
    rows = tuple(
        tuple("" if ch == HOLE else display_letter(ch, options.lowercase) for ch in row)
        for row in puzzle.grid.rows
    )
    return GridTable(rows, cell)


def marked_cells(puzzle: Puzzle) -> frozenset[tuple[int, int]]:
    """The cells of the words, marked on the answer key."""
    return puzzle.covered()


def word_list_columns(
    puzzle: Puzzle, room_cm: float = math.inf, *, answers: bool = False
) -> tuple[tuple[tuple[str, ...], ...], float, float]:
    """The word list in columns, filled top to bottom as on the PDF (on the answer key each
    clue with its word), the width of a column in cm (its longest entry and a gap) and the
    letters' size: :data:`LIST_PT`, smaller where the list would be taller than ``room_cm``
    (not below :data:`LIST_MIN_PT`). The one place an editable sheet's list is made."""
    entries = sorted_entries(puzzle, answers=answers)
    size = LIST_PT
    room = LIST_COLUMNS_WIDTH_PT / SUBSTITUTE_ROOM  # columns chosen with room for another font
    columns = word_columns(entries, size, room)
    while columns.per_column * _row_cm(size) > room_cm and size > LIST_MIN_PT:
        size -= 0.5
        columns = word_columns(entries, size, room)
    widest = max((_entry_pt(entry, size, answers) for entry in entries), default=0.0)
    most = LIST_COLUMNS_WIDTH_PT / max(columns.columns, 1)  # the columns within the page
    width_cm = round(min(widest + 2 * size, most) / 72 * 2.54, 2)
    listed = tuple(
        tuple(entries[start : start + columns.per_column])
        for start in range(0, len(entries), max(columns.per_column, 1))
    )
    return listed, width_cm, size


def _row_cm(size: float) -> float:
    """The height of a row of the word list at ``size`` points."""
    return HEIGHTS_CM["word"] * size / LIST_PT


def _entry_pt(entry: str, size: float, answers: bool) -> float:
    """How wide a word processor may set ``entry`` in the list at ``size``, in points: its
    text, with room for another font, and its picture."""
    text, picture = entry_parts(entry)
    width = text_width(text, size) * SUBSTITUTE_ROOM if text else 0.0
    if picture is not None:
        width += (KEY_PICTURE_MM if answers else PICTURE_MM) / 25.4 * 72
    return width


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
