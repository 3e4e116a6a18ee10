"""What an editable worksheet (DOCX, ODT) holds, in the order a word processor shows it: the
name line, the title, the instruction, the grid as a table of fixed cells, the word list and a
footer; the answer key on a page of its own. Two or four sheets share a page as on the PDF
(:mod:`wortsuche.render.imposition`): versions A and B side by side, or copies of one, the keys
after. The writers in :mod:`wortsuche.render.docx` and :mod:`wortsuche.render.odt` turn it into
their format; what the texts say comes from the same catalogue as every other sheet, in the
sizes the PDF sets them for the readers' age.

>>> from wortsuche import generate
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> content = document(puzzle, RenderOptions(language="en"))
>>> content.name_fields, len(content.pages), content.pages[0].grid.cell_cm
(('Name:', 'Date:', 'Class:'), 1, 1.27)
>>> [len(page) for page in document_versions([puzzle] * 2, RenderOptions(per_page=2)).on_pages()]
[2]
"""

from __future__ import annotations

import math
import string
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from wortsuche.errors import InputError
from wortsuche.grid.topology import Topology
from wortsuche.i18n import Translator
from wortsuche.model import HOLE, Puzzle, segments
from wortsuche.render import texts as say
from wortsuche.render.layout import Style, bound_to_dash, sorted_entries, word_columns
from wortsuche.render.metrics import FONT_FAMILIES, PAPER, text_width
from wortsuche.render.options import RenderOptions, display_letter
from wortsuche.render.typeset import wrap
from wortsuche.words.clues import is_picture
from wortsuche.words.pictures import has_picture

PAGE_MARGIN_CM = 1.8
"""The margins of an editable sheet's pages (what every printer prints)."""

LARGE_PRINT_MARGIN_CM = 1.0
"""The margins of a whole page in large print, as the PDF's (28 pt)."""

PART_PAGE_MARGIN_CM = 0.6
"""The margins of a page that holds two or four sheets: each part keeps its own padding."""

PART_PADDING_CM: dict[int, float] = {2: 0.8, 4: 0.5}
"""The empty edge inside each part of a page, by sheets per page (as the PDF's slot margins)."""

CELL_CM = 1.2
"""A grid cell's side where no PDF layout gives one (:func:`grid_table`'s default); a third of it
is the smallest cell a crowded page gets."""

PICTURE_MM = 14.0
"""The side of a picture clue in the word list (at least 12 mm, big enough for six-year-olds)."""

KEY_PICTURE_MM = 7.0
"""The side of a picture clue after its word on the answer key (the grown-up's page)."""

LIST_PT = 12.0
"""The size of the word list's letters, where the list has room (the sizes of old)."""

LIST_MIN_PT = 8.0
"""The smallest size a long list shrinks to, to keep within :data:`LIST_SHARE` of the page."""

LIST_SHARE = 0.4
"""The most of a page's height (inside the margins) the word list takes, as on the PDF."""

SUBSTITUTE_ROOM = 1.15
"""How much wider a word processor's font may set a word than the PDF's metrics measure it (it
may put another font in place of the sheet's): a column is that much wider than its longest word."""

EMBEDDED_ROOM = 1.03
"""The same for a font the file carries (Andika): the word processor sets the sheet's own font,
whose letters the metrics measure."""

LINE_HEIGHT: dict[str, float] = {"standard": 1.2, "school": 1.65}
"""A line's height in its type size as a word processor sets it in each typeface (Andika's
ascenders and descenders take 1.61 of its size, DejaVu Sans's 1.16), rounded up."""

LETTER_SHARE: dict[str, float] = {"standard": 0.6, "school": 0.5}
"""The grid letters' size in their cell's side: three fifths, as on the PDF, but Andika's taller
line must stay inside a cell of a fixed height."""

SPARE_CM = 0.8
"""What a word processor adds on its own (paragraph spacing, rounding), kept free on a page."""

FOOTER_PT = 8.0
"""The footer's size."""

NAME_SHARES = (0.5, 0.28, 0.22)
"""The share of the writing room each field of the name line takes, as on the PDF."""

UNDERSCORE = 0.63
"""The width of ``_`` in its type size, at least: DejaVu Sans's is 0.5, Andika's 0.62."""


def _cm(points: float) -> float:
    return points / 72 * 2.54


@dataclass(frozen=True)
class Sizes:
    """The type sizes of a sheet, in points: those of the PDF for its age and its part of a page."""

    title: float = 22.0
    line: float = 11.0
    words: float = LIST_PT
    min_words: float = LIST_MIN_PT
    room: float = SUBSTITUTE_ROOM
    """How much wider than measured a word may be set (:data:`SUBSTITUTE_ROOM`)."""

    @classmethod
    def for_sheet(cls, options: RenderOptions, part_cm: tuple[float, float]) -> Sizes:
        """The sizes of the PDF's :class:`~wortsuche.render.layout.Style` for the options' age
        and print on a part of ``part_cm``; the sizes of old for a whole page without an age."""
        part_pt = (part_cm[0] / 2.54 * 72, part_cm[1] / 2.54 * 72)
        room = EMBEDDED_ROOM if options.font == "school" else SUBSTITUTE_ROOM
        if options.age is None and not options.large_print and options.per_page == 1:
            return cls(room=room)
        style = Style.for_sheet(options.large_print, options.age).for_page(part_pt)
        return cls(style.title, style.line, style.words, style.min_words, room)


PICTURE_DPI = 300
"""The resolution a grid drawn as a picture (hexagons) is printed at, at its size on the page."""


@dataclass(frozen=True)
class GridPicture:
    """A grid a word processor's table cannot show (hexagons), drawn by the package's own
    renderer as the PNG output draws it, with its alternative text in the sheet's language."""

    png: bytes
    width_cm: float
    height_cm: float
    title: str
    """The short alternative text: what the picture is."""
    description: str
    """The long one: how the words run, and the letters row by row for a screen reader."""
    name: str
    """The picture's name in the file (the same for the same drawing)."""


@dataclass(frozen=True)
class GridTable:
    """The grid as a table: one letter per cell (``""`` for a hole), and on a key the cells
    that belong to a word and the lines that outline each word."""

    rows: tuple[tuple[str, ...], ...]
    cell_cm: float
    marked: frozenset[tuple[int, int]] = frozenset()
    outlines: dict[tuple[int, int], frozenset[str]] = field(default_factory=dict)
    """On a key: a cell → the sides of it (``top``, ``bottom``, ``left``, ``right``) drawn in the
    answer colour, so that a line runs around each word as the PDF's capsule does."""
    diagonals: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    """On a key: each diagonal word's first and last cell, struck through by a drawn line in
    the answer colour (a table cell has no diagonal border)."""
    letter_share: float = 0.6
    picture: GridPicture | None = None
    """The grid as a picture instead of a table (hexagons; on a key with its words ringed)."""

    @property
    def letter_pt(self) -> float:
        """The letters' size in points: three fifths of the cell, as on the PDF."""
        return round(self.cell_cm / 2.54 * 72 * self.letter_share, 1)


@dataclass(frozen=True)
class Page:
    """One sheet: title, lines under it, the grid, the word list in columns, a footer (a whole
    page, or a part of one)."""

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
    label: str = ""
    """A version's label (``Gruppe A``), above the name line on the right."""
    sizes: Sizes = Sizes()
    name_rows: tuple[tuple[tuple[str, int], ...], ...] = ()
    """The name line: rows of fields, each its label and the underscores to write on."""


@dataclass(frozen=True)
class Document:
    """An editable worksheet: its sheets and what they share."""

    pages: tuple[Page, ...]
    name_fields: tuple[str, str, str]
    paper_cm: tuple[float, float]
    font_family: str
    language: str
    per_page: int = 1
    """Sheets on each page: 1, or 2 side by side on a page turned on its side, or 4."""
    font: str = "standard"
    """The typeface (a key of :data:`~wortsuche.render.metrics.FONT_FILES`), embedded where it
    is the school font no word processor has."""
    large_print: bool = False
    """Large print: a whole page's margins are the PDF's narrower ones, so the grid is as large."""

    @property
    def landscape(self) -> bool:
        """Whether the page is turned on its side (two sheets side by side)."""
        return self.per_page == 2

    @property
    def page_cm(self) -> tuple[float, float]:
        """The page's width and height as it lies (turned for two sheets)."""
        width, height = self.paper_cm
        return (height, width) if self.landscape else (width, height)

    @property
    def margin_cm(self) -> float:
        """The page's margins."""
        if self.per_page > 1:
            return PART_PAGE_MARGIN_CM
        return LARGE_PRINT_MARGIN_CM if self.large_print else PAGE_MARGIN_CM

    @property
    def grid_of_parts(self) -> tuple[int, int]:
        """Parts across and down a page."""
        return {1: (1, 1), 2: (2, 1), 4: (2, 2)}[self.per_page]

    @property
    def part_cm(self) -> tuple[float, float]:
        """The width and height of a part of a page, its padding included."""
        width, height = self.page_cm
        across, down = self.grid_of_parts
        inner = (width - 2 * self.margin_cm, height - 2 * self.margin_cm)
        # a hair less than an exact share, so that rounding never pushes a part onto a new page
        # and room below for the paragraph a table ends on (a point high)
        return (round(inner[0] / across - 0.01, 2), round((inner[1] - 0.2) / down - 0.05, 2))

    def on_pages(self) -> list[tuple[Page, ...]]:
        """The sheets as they share pages: :attr:`per_page` to a page, in order."""
        return [
            self.pages[start : start + self.per_page]
            for start in range(0, len(self.pages), self.per_page)
        ]


def document(puzzle: Puzzle, options: RenderOptions | None = None) -> Document:
    """The content of an editable worksheet: the sheet, then with ``answers`` its key (copies
    of the sheet on every part of a page where ``per_page`` asks for several)."""
    return document_versions([puzzle], options or RenderOptions())


def document_versions(puzzles: Sequence[Puzzle], options: RenderOptions) -> Document:
    """The versions of one sheet (A, B: the same words in different grids), ``per_page`` to a
    page, filled in turn (A, B, A, B), then with ``answers`` each version's key once, as the
    PDF's :func:`~wortsuche.render.imposition.render_versions` lays them out."""
    if not puzzles:
        raise InputError("no puzzle to print", key="error.no-puzzle-to-print")
    texts = options.texts(puzzles[0])
    width_pt, height_pt = PAPER[options.paper]
    paper_cm = (round(_cm(width_pt), 2), round(_cm(height_pt), 2))
    shell = Document(
        (), ("", "", ""), paper_cm, "", "", options.per_page, options.font, options.large_print
    )
    part = shell.part_cm
    if options.per_page > 1:
        padding = PART_PADDING_CM[options.per_page]
        part = (part[0] - 2 * padding, part[1] - 2 * padding)
    else:
        part = (paper_cm[0] - 2 * shell.margin_cm, paper_cm[1] - 2 * shell.margin_cm)
    labels = [""] * len(puzzles)
    if len(puzzles) > 1:
        labels = [
            texts.t("sheet.version", letter=string.ascii_uppercase[i]) for i in range(len(puzzles))
        ]
    count = max(1, math.ceil(len(puzzles) / options.per_page)) * options.per_page
    made = [
        _sheet_and_key(puzzle, options, label, part)
        for puzzle, label in zip(puzzles, labels, strict=True)
    ]
    pages = [made[i % len(made)][0] for i in range(count)]
    if options.answers:
        pages += [key for _, key in made]
    fields = (texts.t("sheet.name"), texts.t("sheet.date"), texts.t("sheet.class"))
    family = FONT_FAMILIES[options.font]
    return replace(
        shell, pages=tuple(pages), name_fields=fields, font_family=family, language=texts.language
    )


def _sheet_and_key(
    puzzle: Puzzle, options: RenderOptions, label: str, part: tuple[float, float]
) -> tuple[Page, Page]:
    """A version's sheet and its key, in a part of ``part`` cm inside its padding; the key's
    grid has the sheet's size, so the two lie on each other."""
    texts = options.texts(puzzle)
    sizes = Sizes.for_sheet(options, part)
    title = bound_to_dash(options.title or puzzle.title or say.default_title(texts))
    lines = say.instruction(puzzle, texts, word_list=options.word_list)
    list_room = part[1] * LIST_SHARE
    columns, column_cm, word_pt = (
        word_list_columns(puzzle, list_room, sizes=sizes, width_cm=part[0])
        if options.word_list
        else ((), 0.0, sizes.words)
    )
    key_lines = (
        say.answers_heading(texts),
        *say.secret_answer(puzzle, texts),
        *say.message_answer(puzzle, texts),
    )
    key_columns, key_column_cm, key_pt = (
        word_list_columns(puzzle, list_room, answers=True, sizes=sizes, width_cm=part[0])
        if options.word_list
        else ((), 0.0, sizes.words)
    )
    name_rows = name_line_rows(texts, sizes, part[0]) if options.name_line else ()
    technical = options.footer == "technical"
    sheet = Page(
        title,
        lines,
        GridTable((), 0.0),
        columns,
        say.footer(puzzle, texts) if technical else say.pupil_footer(puzzle, texts),
        options.name_line,
        column_cm,
        word_pt,
        label,
        sizes,
        name_rows,
    )
    key = replace(
        sheet,
        lines=key_lines,
        word_columns=key_columns,
        footer=say.footer(puzzle, texts),
        name_line=False,
        word_column_cm=key_column_cm,
        word_pt=key_pt,
        name_rows=(),
    )
    # the PDF's cells, where the word processor's lines, taller than the PDF's, leave the room
    room = min(
        page_room(page, part, options.font)
        for page in ((sheet, key) if options.answers else (sheet,))
    )
    most = pdf_cell_cm(puzzle, options, label)
    if Topology.of_puzzle(puzzle).outlines_cells:
        grids = hexagon_grids(puzzle, options, (part[0], room), most=most)
        picture = grids[0].picture
        height = picture.height_cm if picture is not None else 0.0
        fitting(puzzle, options, label, height, room)
        return replace(sheet, grid=grids[0]), replace(key, grid=grids[1])
    grid = grid_table(puzzle, options, (part[0], room), most=most)
    fitting(puzzle, options, label, grid.cell_cm * puzzle.rows, room)
    grid = replace(grid, letter_share=LETTER_SHARE[options.font])
    key_grid = replace(
        grid,
        marked=marked_cells(puzzle),
        outlines=word_outlines(puzzle),
        diagonals=diagonal_words(puzzle),
    )
    return replace(sheet, grid=grid), replace(key, grid=key_grid)


def fitting(
    puzzle: Puzzle, options: RenderOptions, label: str, grid_cm: float, room_cm: float
) -> None:
    """Refuse a sheet whose grid, at the smallest size it is set in, is taller than the room
    its part of a page leaves it (``room_cm``), where the PDF refuses the same sheet too: a
    part has a fixed height, and what runs below it (the footer first) is cut off. (The room
    is reckoned with some to spare, so a sheet the PDF holds is made all the same.)"""
    from wortsuche.render.imposition import page_size, part_sheet, slots

    if options.per_page > 1 and grid_cm > room_cm + 0.01:
        slot = slots(page_size(options.paper, options.per_page), options.per_page)[0]
        part_sheet(puzzle, replace(options, answers=False), slot, label)  # the PDF's refusal


def name_line_rows(
    texts: Translator, sizes: Sizes, width_cm: float
) -> tuple[tuple[tuple[str, int], ...], ...]:
    """The name, date and class fields with underscores to write on, in one row across
    ``width_cm`` or, where a line would be too short to write on, the name on a row of its own."""
    names = (texts.t("sheet.name"), texts.t("sheet.date"), texts.t("sheet.class"))
    size = sizes.line
    width = width_cm / 2.54 * 72 / sizes.room
    underscore = UNDERSCORE * size

    def row(fields: Sequence[tuple[str, float]]) -> tuple[tuple[str, int], ...]:
        taken = sum(text_width(f"{name}  ", size) for name, _ in fields) + 2 * size * len(fields)
        free = max(width - taken, 0.0)
        return tuple((name, int(free * share / underscore)) for name, share in fields)

    wide = row(list(zip(names, NAME_SHARES, strict=True)))
    if min(count for _, count in wide) * underscore >= 4 * size:
        return (wide,)
    return (row([(names[0], 1.0)]), row([(names[1], 0.55), (names[2], 0.45)]))


def page_room(page: Page, part: tuple[float, float], font: str) -> float:
    """The height a sheet in a part of ``part`` cm leaves its grid, besides the label, the
    name line, the title, the lines (wrapped where they are wider than the part), the word
    list and the footer, each a line of its type size in ``font``."""
    leading = LINE_HEIGHT[font]
    sizes = page.sizes
    width = part[0] / 2.54 * 72 / sizes.room
    title_lines = len(wrap(page.title, sizes.title * 1.13, width)) or 1
    text_lines = sum(len(wrap(line, sizes.line, width)) or 1 for line in page.lines)
    rows = max((len(column) for column in page.word_columns), default=0)
    pictures = any(entry_parts(e)[1] is not None for column in page.word_columns for e in column)
    row = _cm(page.word_pt * leading)
    if pictures:
        row = max(row, PICTURE_MM / 10 + 0.2)
    taken = (
        (_cm(sizes.line * leading) * 1.2 if page.label else 0.0)
        + (
            len(page.name_rows) * _cm(sizes.line * leading) + _cm(sizes.line)
            if page.name_rows
            else 0.0
        )
        + title_lines * _cm(sizes.title * leading)
        + _cm(sizes.title * 0.3)
        + text_lines * _cm(sizes.line * leading)
        + _cm(sizes.line)  # the gap before the grid
        + ((_cm(sizes.words) + rows * row) if rows else 0.0)
        + _cm(FOOTER_PT * leading)
        + _cm(FOOTER_PT * 1.5)
        + SPARE_CM
    )
    return part[1] - taken


def pdf_cell_cm(puzzle: Puzzle, options: RenderOptions, label: str = "") -> float:
    """The side of a grid cell on the PDF of the same sheet, in cm: the PDF's layout for the
    same paper, sheets to a page, age and print (a version's sheet in its part of a page, as
    :mod:`~wortsuche.render.imposition` lays it out), so the editable sheet's grid is the
    PDF's."""
    from wortsuche.render.imposition import SLOT_MARGINS, page_size, slots
    from wortsuche.render.layout import worksheet

    sheet_options = replace(options, answers=False)
    if options.per_page == 1 and not label:
        drawn = worksheet(puzzle, sheet_options, page=PAPER[options.paper])
    else:
        slot = slots(page_size(options.paper, options.per_page), options.per_page)[0]
        drawn = worksheet(
            puzzle,
            sheet_options,
            page=(slot.width, slot.height),
            label=label,
            margin=SLOT_MARGINS[options.per_page],
        )
    return math.floor(_cm(drawn.grid.cell) * 100) / 100


def grid_table(
    puzzle: Puzzle, options: RenderOptions, room_cm: tuple[float, float], *, most: float = CELL_CM
) -> GridTable:
    """The grid's letters as printed, in cells as large as ``room_cm`` (width, height) allows
    (at most ``most``; at least a third of :data:`CELL_CM`, where a page is too full to keep
    its footer on it); the key marks its words' cells on a copy (:func:`marked_cells`)."""
    width, height = room_cm
    fits = min(width / puzzle.cols, max(height, 0.0) / puzzle.rows)
    cell = min(most, max(math.floor(fits * 100) / 100, round(CELL_CM / 3, 2)))
    rows = tuple(
        tuple("" if ch == HOLE else display_letter(ch, options.lowercase) for ch in row)
        for row in puzzle.grid.rows
    )
    return GridTable(rows, cell)


def hexagon_grids(
    puzzle: Puzzle, options: RenderOptions, room_cm: tuple[float, float], *, most: float
) -> tuple[GridTable, GridTable]:
    """A grid of hexagons as the sheet's picture and the key's (its words ringed, as on the
    PDF's key), of the same size: as large as ``room_cm`` allows with a quarter cell around,
    at most the PDF's cell ``most`` (cm, a hexagon's width); never wider than the room, and
    where the page is too full for it, a third of :data:`CELL_CM` if that is narrow enough."""
    wide, high = Topology.of_puzzle(puzzle).extent()  # in hexagon widths
    width, height = room_cm
    across = math.floor(width / (wide + 0.5) * 100) / 100  # a picture wider than its column
    down = max(height, 0.0) / (high + 0.5)  # would run off the page: only its height has a floor
    cell = min(most, across, max(math.floor(down * 100) / 100, round(CELL_CM / 3, 2)))
    table = grid_table(puzzle, options, room_cm)
    rows = tuple(tuple(letter for letter in row if letter) for row in table.rows)
    sheet = hexagon_picture(puzzle, options, cell, rows, answers=False)
    key = hexagon_picture(puzzle, options, cell, rows, answers=True)
    return replace(table, cell_cm=cell, picture=sheet), replace(table, cell_cm=cell, picture=key)


def hexagon_picture(
    puzzle: Puzzle,
    options: RenderOptions,
    cell_cm: float,
    rows: tuple[tuple[str, ...], ...],
    *,
    answers: bool,
) -> GridPicture:
    """The grid of hexagons drawn alone (no text around it) with hexagons ``cell_cm`` wide and
    a quarter of one around them, at :data:`PICTURE_DPI`, by the PNG output's renderer; with
    ``answers`` each word ringed and the other letters pale. ``rows``: the letters as drawn,
    row by row, for the alternative text."""
    import hashlib

    from wortsuche.render.layout import Box, Sheet, grid_drawing
    from wortsuche.render.png import sheet_png

    cell = cell_cm / 2.54 * 72
    wide, high = Topology.of_puzzle(puzzle).extent()
    box = Box(0.0, 0.0, (wide + 0.5) * cell, (high + 0.5) * cell)
    drawing = grid_drawing(
        puzzle,
        box,
        answers=answers,
        lowercase=options.lowercase,
        max_cell=cell,
        letter_scale=Style.for_sheet(options.large_print, options.age).letter_scale,
    )
    png = indexed(
        sheet_png(Sheet(box.width, box.height, (), drawing, font=options.font), dpi=PICTURE_DPI)
    )
    texts = options.texts(puzzle)
    title = texts.t("sheet.hex-key-title" if answers else "sheet.hex-grid-title")
    lines = [
        texts.n("sheet.hex-grid-rows", len(rows)),
        *(
            texts.t("sheet.hex-grid-row", number=number, letters=" ".join(row))
            for number, row in enumerate(rows, 1)
        ),
    ]
    name = "grid-" + hashlib.sha256(png).hexdigest()[:16]
    return GridPicture(
        png,
        round((wide + 0.5) * cell_cm, 2),
        round((high + 0.5) * cell_cm, 2),
        title,
        f"{title}. " + " ".join(lines),
        name,
    )


PICTURE_COLOURS = 32
"""The colours a grid's picture keeps: ink, the pale letters, the rings and the shades of their
edges (a side-5 sheet with its key: 436 KiB as a DOCX in full colour, 177 KiB in 32 colours,
which look the same; 0.72 s CPU against 0.51 to write it)."""


def indexed(png: bytes) -> bytes:
    """``png`` in :data:`PICTURE_COLOURS` colours, at its resolution."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        dpi = image.info.get("dpi", (PICTURE_DPI, PICTURE_DPI))
        fewer = image.quantize(colors=PICTURE_COLOURS, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    fewer.save(out, format="PNG", dpi=dpi)
    return out.getvalue()


def marked_cells(puzzle: Puzzle) -> frozenset[tuple[int, int]]:
    """The cells of the words, marked on the answer key."""
    return puzzle.covered()


def diagonal_words(puzzle: Puzzle) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """Each diagonal word's first and last cell on the key (each piece of a word that runs over
    the edge of a ``--wrap`` grid), in the order the word reads."""
    runs = []
    for placement in puzzle.placements.values():
        dr, dc = placement.direction.step
        if dr != 0 and dc != 0:
            for piece in segments(placement.cells):
                cells = list(piece)
                runs.append((cells[0], cells[-1]))
    return tuple(runs)


def word_outlines(puzzle: Puzzle) -> dict[tuple[int, int], frozenset[str]]:
    """The sides of the cells that outline each word on the key: a word across has its top and
    bottom sides and its ends, a word down its left and right sides and its ends (a rectangle
    around the word); a diagonal word is struck through by a line instead
    (:func:`diagonal_words`)."""
    sides: dict[tuple[int, int], set[str]] = {}
    for placement in puzzle.placements.values():
        dr, dc = placement.direction.step
        for piece in segments(placement.cells):
            ordered = sorted(piece)
            first, last = ordered[0], ordered[-1]
            for cell in ordered:
                found = sides.setdefault(cell, set())
                if dr == 0:
                    found |= {"top", "bottom"}
                    found |= {"left"} if cell == first else set()
                    found |= {"right"} if cell == last else set()
                elif dc == 0:
                    found |= {"left", "right"}
                    found |= {"top"} if cell == first else set()
                    found |= {"bottom"} if cell == last else set()
    return {cell: frozenset(found) for cell, found in sides.items() if found}


def word_list_columns(
    puzzle: Puzzle,
    room_cm: float = math.inf,
    *,
    answers: bool = False,
    sizes: Sizes = Sizes(),
    width_cm: float | None = None,
) -> tuple[tuple[tuple[str, ...], ...], float, float]:
    """The word list in columns, filled top to bottom as on the PDF (on the answer key each
    clue with its word), the width of a column in cm (its longest entry and a gap) and the
    letters' size: the sizes' words, smaller where the list would be taller than ``room_cm``
    (not below their smallest). The one place an editable sheet's list is made."""
    entries = sorted_entries(puzzle, answers=answers)
    size = sizes.words
    page_pt = LIST_COLUMNS_WIDTH_PT
    if width_cm is not None:
        page_pt = min(page_pt, width_cm / 2.54 * 72)
    room = page_pt / sizes.room  # columns chosen with room for another font
    columns = word_columns(entries, size, room)
    while columns.per_column * _row_cm(size) > room_cm and size > sizes.min_words:
        size -= 0.5
        columns = word_columns(entries, size, room)
    widest = max((_entry_pt(entry, size, answers, sizes.room) for entry in entries), default=0.0)
    most = page_pt / max(columns.columns, 1)  # the columns within the page
    width_cm = round(min(widest + 2 * size, most) / 72 * 2.54, 2)
    listed = tuple(
        tuple(entries[start : start + columns.per_column])
        for start in range(0, len(entries), max(columns.per_column, 1))
    )
    return listed, width_cm, size


LIST_COLUMNS_WIDTH_PT = 480.0
"""The width the word list's columns are chosen for on a whole page of the sizes of old, in
points (a page inside its margins)."""


def _row_cm(size: float) -> float:
    """The height of a row of the word list at ``size`` points (LibreOffice sets 12 pt rows
    14 pt apart, Word 16)."""
    return 0.6 * size / LIST_PT


def _entry_pt(entry: str, size: float, answers: bool, room: float = SUBSTITUTE_ROOM) -> float:
    """How wide a word processor may set ``entry`` in the list at ``size``, in points: its
    text, with room for another font, and its picture."""
    text, picture = entry_parts(entry)
    width = text_width(text, size) * room if text else 0.0
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
