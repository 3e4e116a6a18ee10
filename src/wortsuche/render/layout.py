"""Where things go on a printed puzzle: the title, the grid letters, the word list and the
answer capsules. SVG, PNG and PDF all draw a :class:`Sheet`, so they look the same.

What the texts say comes from :mod:`wortsuche.render.texts`; paper sizes, colours and letter
widths from :mod:`wortsuche.render.metrics`. Lengths are in points (1/72 inch), with y
growing downwards from the top of the page.

>>> from wortsuche import generate
>>> from wortsuche.render.metrics import PAPER
>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> sheet = worksheet(puzzle, RenderOptions(answers=True), page=PAPER["a4"])
>>> (sheet.width, len(sheet.grid.letters), len(sheet.grid.capsules))
(595.28, 25, 4)
"""

from __future__ import annotations

import itertools
import math
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from wortsuche.grid.topology import Topology
from wortsuche.i18n import Translator
from wortsuche.model import HOLE, Placement, Puzzle, Word, segments
from wortsuche.render import texts as say
from wortsuche.render.metrics import (
    CAP_HEIGHT,
    LOWERCASE_MIDDLE,
    MARGIN,
    text_width,
)
from wortsuche.render.options import RenderOptions, display_letter
from wortsuche.render.pictures import Picture, PictureList, has_pictures, picture_list
from wortsuche.words.clues import listed

Point = tuple[float, float]


@dataclass(frozen=True)
class Text:
    """A line of text placed by its baseline; ``anchor`` is ``start`` (left), ``middle`` or
    ``end`` (right)."""

    text: str
    x: float
    y: float
    size: float
    bold: bool = False
    anchor: str = "start"
    faint: bool = False


@dataclass(frozen=True)
class Box:
    """A rectangle: top-left corner, width and height."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Rule:
    """A straight line to write on (the name line), from ``(x0, y)`` to ``(x1, y)``."""

    x0: float
    x1: float
    y: float
    width: float = 0.6


@dataclass(frozen=True)
class Capsule:
    """The rounded outline around one word on an answer key, from its first to its last letter."""

    letters: str
    start: Point
    end: Point
    radius: float

    @property
    def normal(self) -> Point:
        """The unit vector at right angles to the word's direction."""
        (x0, y0), (x1, y1) = self.start, self.end
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            return (0.0, 1.0)
        return (-(y1 - y0) / length, (x1 - x0) / length)

    def outline(self, steps: int = 12) -> list[Point]:
        """The capsule's outline as a closed polygon (two half circles joined by straight sides)."""
        (x0, y0), (x1, y1), r = self.start, self.end, self.radius
        nx, ny = self.normal
        angle = math.atan2(ny, nx)
        points: list[Point] = []
        # Half circle around the end (from +normal to -normal), then around the start.
        for centre, offset in (((x1, y1), 0.0), ((x0, y0), math.pi)):
            for i in range(steps + 1):
                a = angle - offset - math.pi * i / steps
                points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
        return points


@dataclass(frozen=True)
class GridDrawing:
    """The grid placed on the page: one centred letter per cell and, on a key, the capsules."""

    x: float
    y: float
    cell: float
    rows: int
    cols: int
    letters: tuple[Text, ...]
    capsules: tuple[Capsule, ...]
    frame: Box
    tiles: tuple[Box, ...] = ()
    """A shaped grid's cells, each drawn as a tile instead of the frame (empty: a rectangle)."""
    clip: bool = False
    """The capsules are cut at the frame: a word runs over the edge (``--wrap``), and each of
    its parts runs out of the grid where the word carries on at the other side."""
    cells: tuple[tuple[Point, ...], ...] = ()
    """The outline of every cell where the topology draws its own (hexagons), instead of the
    frame and the tiles (empty: squares)."""

    def centre(self, row: int, col: int) -> Point:
        """The centre of a cell."""
        return (self.x + (col + 0.5) * self.cell, self.y + (row + 0.5) * self.cell)

    def moved(self, dx: float, dy: float) -> GridDrawing:
        """The same grid ``dx`` to the right and ``dy`` down: letters, capsules, frame, tiles
        and the outline of every cell."""

        def box(b: Box) -> Box:
            return replace(b, x=b.x + dx, y=b.y + dy)

        def point(p: Point) -> Point:
            return (p[0] + dx, p[1] + dy)

        return replace(
            self,
            x=self.x + dx,
            y=self.y + dy,
            letters=tuple(replace(t, x=t.x + dx, y=t.y + dy) for t in self.letters),
            capsules=tuple(
                replace(c, start=point(c.start), end=point(c.end)) for c in self.capsules
            ),
            frame=box(self.frame),
            tiles=tuple(map(box, self.tiles)),
            cells=tuple(tuple(map(point, outline)) for outline in self.cells),
        )


@dataclass(frozen=True)
class Sheet:
    """Everything on one page: text lines, the grid, and the page size."""

    width: float
    height: float
    texts: tuple[Text, ...]
    grid: GridDrawing
    leftover_words: tuple[str, ...] = field(default=())
    """Word list entries too many for this page, to be printed on pages of their own."""
    rules: tuple[Rule, ...] = ()
    """Lines to write on: the name, date and class fields."""
    font: str = "standard"
    """The typeface the texts and letters are set in (a key of ``metrics.FONT_FILES``)."""
    pictures: tuple[Picture, ...] = ()
    """A picture list's pictures (:mod:`wortsuche.render.pictures`)."""
    boxes: tuple[Box, ...] = ()
    """Rounded boxes drawn around parts of the sheet (a picture list)."""
    grid_plan: GridPlan | None = None
    """Laid out with ``letters=False`` (a book's page): the grid before its letters are set,
    and :attr:`grid` only where it stands (:meth:`GridPlan.placed`)."""

    def moved(self, dx: float, dy: float) -> Sheet:
        """The same sheet ``dx`` to the right and ``dy`` down (a part of a larger page)."""

        def text(t: Text) -> Text:
            return replace(t, x=t.x + dx, y=t.y + dy)

        def box(b: Box) -> Box:
            return replace(b, x=b.x + dx, y=b.y + dy)

        def point(p: Point) -> Point:
            return (p[0] + dx, p[1] + dy)

        rules = tuple(replace(r, x0=r.x0 + dx, x1=r.x1 + dx, y=r.y + dy) for r in self.rules)
        pictures = tuple(replace(p, x=p.x + dx, y=p.y + dy) for p in self.pictures)
        return replace(
            self,
            texts=tuple(map(text, self.texts)),
            grid=self.grid.moved(dx, dy),
            rules=rules,
            pictures=pictures,
            boxes=tuple(map(box, self.boxes)),
        )


MAX_CELL = 34.0
"""The largest cell of a grid, in points, unless a sheet's style says otherwise."""
LETTER_SCALE = 0.6
"""A grid letter's size as a share of its cell, unless a sheet's style says otherwise."""


@dataclass(frozen=True)
class GridPlan:
    """A grid placed in a box before its letters are set: what :func:`grid_drawing` is given.
    Where the grid stands (:meth:`placed`) costs little; setting its letters and capsules
    (:meth:`drawing`) is most of a page's layout, so a book lays out its pages with plans and
    the worker process that draws a page sets them."""

    puzzle: Puzzle
    box: Box
    answers: bool = False
    lowercase: bool = False
    max_cell: float = MAX_CELL
    letter_scale: float = LETTER_SCALE
    centre_vertically: bool = False

    def drawing(self) -> GridDrawing:
        """The grid with its letters (and, on a key, its capsules) set."""
        return grid_drawing(
            self.puzzle,
            self.box,
            answers=self.answers,
            lowercase=self.lowercase,
            max_cell=self.max_cell,
            letter_scale=self.letter_scale,
            centre_vertically=self.centre_vertically,
        )

    def placed(self) -> GridDrawing:
        """The grid where :meth:`drawing` puts it (its corner, cell and frame), no letter set."""
        x, y, cell, frame = _grid_place(
            self.puzzle, self.box, self.max_cell, self.centre_vertically
        )
        return GridDrawing(x, y, cell, self.puzzle.rows, self.puzzle.cols, (), (), frame)

    @property
    def letter_size(self) -> float:
        """The size of its letters, in points."""
        return grid_cell(self.puzzle, self.box, self.max_cell) * self.letter_scale


def grid_drawing(
    puzzle: Puzzle,
    box: Box,
    *,
    answers: bool = False,
    lowercase: bool = False,
    max_cell: float = MAX_CELL,
    letter_scale: float = LETTER_SCALE,
    centre_vertically: bool = False,
) -> GridDrawing:
    """The grid as large as fits in ``box`` (cells at most ``max_cell``), centred across it."""
    rows, cols = puzzle.rows, puzzle.cols
    topology = Topology.of_puzzle(puzzle)
    x, y, cell, frame = _grid_place(puzzle, box, max_cell, centre_vertically)
    covered = puzzle.covered() if answers else frozenset()
    size = cell * letter_scale
    # Lower-case letters are centred between the x-height and the ascenders.
    lift = size * (LOWERCASE_MIDDLE if lowercase else CAP_HEIGHT) / 2
    centres = [(r, c, letter, topology.centre((r, c))) for r, c, letter in _cells(puzzle)]
    letters = tuple(
        Text(
            display_letter(letter, lowercase),
            x + cx * cell,
            y + cy * cell + lift,
            size,
            anchor="middle",
            faint=answers and (r, c) not in covered,
        )
        for r, c, letter, (cx, cy) in centres
    )
    outlines: tuple[tuple[Point, ...], ...] = ()
    tiles: tuple[Box, ...] = ()
    if topology.outlines_cells:
        outlines = tuple(
            tuple((x + px * cell, y + py * cell) for px, py in topology.outline((r, c)))
            for r, c, _, _ in centres
        )
    elif len(centres) < rows * cols:
        tiles = tuple(Box(x + c * cell, y + r * cell, cell, cell) for r, c, _, _ in centres)
    capsules = _answer_capsules(puzzle, topology, x, y, cell) if answers else ()
    clip = answers and any(topology.wraps(p) for p in puzzle.placements.values())
    return GridDrawing(x, y, cell, rows, cols, letters, capsules, frame, tiles, clip, outlines)


def grid_cell(puzzle: Puzzle, box: Box, max_cell: float = MAX_CELL) -> float:
    """The cell :func:`grid_drawing` gives ``puzzle``'s grid in ``box``: as large as fits (at
    most ``max_cell``), with room for a frame of a quarter cell around the letters."""
    wide, high = Topology.of_puzzle(puzzle).extent()  # in cell widths
    return min(box.width / (wide + 0.5), box.height / (high + 0.5), max_cell)


def _grid_place(
    puzzle: Puzzle, box: Box, max_cell: float, centre_vertically: bool
) -> tuple[float, float, float, Box]:
    """Where :func:`grid_drawing` puts the grid in ``box``: the top left corner of its cells,
    its cell, and its frame (a quarter cell around them); centred across, and down too if
    ``centre_vertically``, else a quarter cell from the top."""
    wide, high = Topology.of_puzzle(puzzle).extent()  # the columns and rows of a rectangle
    cell = grid_cell(puzzle, box, max_cell)
    x = box.x + (box.width - wide * cell) / 2
    y = box.y + ((box.height - high * cell) / 2 if centre_vertically else cell / 4)
    pad = cell / 4
    return x, y, cell, Box(x - pad, y - pad, wide * cell + 2 * pad, high * cell + 2 * pad)


def _cells(puzzle: Puzzle) -> Iterator[tuple[int, int, str]]:
    """Row, column and letter of every cell, row by row; a hole is no cell: nothing is drawn there."""
    for r, row in enumerate(puzzle.grid.rows):
        for c, letter in enumerate(row):
            if letter != HOLE:
                yield r, c, letter


def _answer_capsules(
    puzzle: Puzzle, topology: Topology, x: float, y: float, cell: float
) -> tuple[Capsule, ...]:
    """The capsules of every placed word, in word-list order, the secret words last."""
    placements = (puzzle.placements.get(w.letters) for w in puzzle.words + puzzle.secret_words)
    return tuple(
        capsule
        for p in placements
        if p is not None
        for capsule in _capsules(p, topology, x, y, cell)
    )


def _capsules(
    placement: Placement, topology: Topology, x: float, y: float, cell: float
) -> list[Capsule]:
    """One capsule for a word, or one for each piece of a word that runs over an edge
    (``--wrap``): a piece that goes on at the other side runs a cell on, out of the grid, where
    the frame cuts it (:attr:`GridDrawing.clip`), so it reads as going on."""
    dr, dc = placement.direction.step
    pieces = segments(topology.cells_of(placement))
    capsules = []
    for i, piece in enumerate(pieces):
        (r0, c0), (r1, c1) = piece[0], piece[-1]
        before = 1 if i > 0 else 0  # comes in over the edge
        after = 1 if i < len(pieces) - 1 else 0  # goes out over the edge
        x0, y0 = topology.centre((r0 - before * dr, c0 - before * dc))
        x1, y1 = topology.centre((r1 + after * dr, c1 + after * dc))
        start, end = (x + x0 * cell, y + y0 * cell), (x + x1 * cell, y + y1 * cell)
        capsules.append(Capsule(placement.letters, start, end, cell * 0.42))
    return capsules


def sorted_words(puzzle: Puzzle) -> list[Word]:
    """The words in word-list order: alphabetical by what the list shows (the clue, if a word
    has one), ignoring case and accents."""

    def key(word: Word) -> tuple[str, str]:
        shown = listed(word)
        plain = "".join(
            ch for ch in unicodedata.normalize("NFD", shown) if not unicodedata.combining(ch)
        )
        return (plain.casefold(), shown)

    return sorted(puzzle.words, key=key)


def sorted_entries(puzzle: Puzzle, *, answers: bool = False) -> list[str]:
    """The word list as printed: entries as written (Hund stays Hund under a grid in lower
    case), or their clues (on an answer key the word and its clue), in alphabetical order."""
    return [listed(w, answers=answers) for w in sorted_words(puzzle)]


LARGE_PRINT_MARGIN = 28.0
"""The page margin in large print (about 1 cm, inside what every printer prints)."""


@dataclass(frozen=True)
class Style:
    """Font sizes and the largest cell for normal or large print."""

    title: float
    line: float
    words: float
    max_cell: float
    letter_scale: float
    fit_cell: float
    min_words: float
    margin: float = MARGIN
    """Space left empty around a page (large print uses more of the page for the grid)."""

    @classmethod
    def for_sheet(cls, large_print: bool, age: str | None) -> Style:
        """The style for normal or large print, for readers of ``age`` (one of
        :data:`~wortsuche.render.options.AGES`; None for the sizes of old): large print keeps
        each size of the age's style that is larger than its own."""
        if age is None:
            return cls.for_print(large_print)
        style = AGE_STYLES[age]
        if not large_print:
            return style
        large = cls.for_print(True)
        larger = {
            name: max(getattr(style, name), getattr(large, name))
            for name in ("title", "line", "words", "max_cell", "letter_scale", "fit_cell")
        }
        return replace(large, **larger, min_words=max(style.min_words, large.min_words))

    @classmethod
    def for_print(cls, large_print: bool) -> Style:
        """The style for normal or large print."""
        if large_print:
            return cls(
                title=30,
                line=16,
                words=17,
                max_cell=54,
                letter_scale=0.7,
                fit_cell=44,
                min_words=13,
                margin=LARGE_PRINT_MARGIN,
            )
        return cls(
            title=24, line=11, words=12, max_cell=36, letter_scale=0.6, fit_cell=28, min_words=7
        )

    def for_page(self, page: tuple[float, float] | None) -> Style:
        """The style for a page: on one narrower than A5 (a quarter of A4) the texts are a
        quarter smaller, so that the grid keeps its room."""
        if page is None or page[0] >= SMALL_PAGE:
            return self
        return replace(
            self,
            title=self.title * 0.75,
            line=self.line * 0.85,
            words=self.words * 0.85,
            min_words=min(self.min_words, self.words * 0.85),
        )


AGE_STYLES: dict[str, Style] = {
    # 18 pt words and 16 pt lines: what a reader of six to eight reads without help; the list
    # never shrinks below 16 pt (it takes pages of its own first)
    "6-8": Style(
        title=28, line=16, words=18, max_cell=64, letter_scale=0.6, fit_cell=40, min_words=16
    ),
    "9-12": Style(
        title=26, line=13, words=14, max_cell=56, letter_scale=0.6, fit_cell=34, min_words=11
    ),
    "13+": Style(
        title=24, line=11, words=12, max_cell=48, letter_scale=0.6, fit_cell=28, min_words=8
    ),
}
"""The sizes of a sheet for each age: a grid's cells may grow until it fills the printable
width (64 pt: a 9×9 grid is about 52 pt a cell on A4), and the texts are set as large as the
readers of that age need."""

SMALL_PAGE = 400.0
"""Pages narrower than this (in points; A5 is 420) get :meth:`Style.for_page`'s smaller texts."""


@dataclass(frozen=True)
class WordColumns:
    """The word list set in columns (filled top to bottom, then left to right)."""

    entries: tuple[str, ...]
    size: float
    columns: int
    per_column: int
    column_width: float

    @property
    def line_height(self) -> float:
        """Distance between two baselines."""
        return self.size * 1.5

    @property
    def width(self) -> float:
        """The width of the whole block."""
        gap = self.size * 2
        return self.columns * self.column_width + (self.columns - 1) * gap

    @property
    def height(self) -> float:
        """The height of the whole block."""
        return self.per_column * self.line_height

    def texts(self, centre_x: float, top: float) -> list[Text]:
        """The entries placed in a block centred on ``centre_x`` starting at ``top``."""
        gap = self.size * 2
        left = centre_x - self.width / 2
        placed = []
        for i, entry in enumerate(self.entries):
            col, row = divmod(i, self.per_column)
            x = left + col * (self.column_width + gap)
            y = top + row * self.line_height + self.size
            placed.append(Text(entry, x, y, self.size))
        return placed


def word_columns(entries: list[str], size: float, width: float) -> WordColumns:
    """Columns for ``entries`` at ``size`` points within ``width``: as many as fit, at most
    four (six for long lists)."""
    widest = max((text_width(e, size) for e in entries), default=0.0)
    gap = size * 2
    most = 4 if len(entries) <= 24 else 6
    columns = max(1, min(most, len(entries), int((width + gap) // (widest + gap))))
    per_column = math.ceil(len(entries) / columns) if entries else 0
    # Use no more columns than the rows need (9 words in 4 columns would leave one nearly empty).
    if per_column:
        columns = math.ceil(len(entries) / per_column)
    return WordColumns(tuple(entries), size, columns, per_column, widest)


def worksheet(
    puzzle: Puzzle,
    options: RenderOptions | None = None,
    *,
    page: tuple[float, float] | None = None,
    heading: str | None = None,
    footer: str | None = None,
    label: str = "",
    margin: float | None = None,
    letters: bool = True,
) -> Sheet:
    """Lay out one puzzle page: name line, title, instruction line, grid, word list and a
    faint footer.

    ``heading`` replaces the title (a book's numbered titles; ``""`` for none). The footer
    defaults to the size, level and seed (so a teacher can make the puzzle again).

    With ``page`` (width, height) the grid is as large as the page allows; without it the sheet
    is sized to its content (for SVG and PNG). Large print never makes the grid smaller than
    normal print would: if the larger word list would squeeze it, the list gets pages of its own.
    ``label`` names a version (``Gruppe A``) in the top right corner; ``margin`` replaces the
    style's (a puzzle on part of a page). With ``letters=False`` the grid's letters are not
    set: the sheet's grid is only where it stands, its ``grid_plan`` sets them (a book's page,
    drawn in another process).
    """
    options = options or RenderOptions()
    frame = Frame(heading, footer, label, margin)
    sheet = _worksheet(puzzle, options, page, frame, list_on_page=True, letters=letters)
    if page is not None and options.large_print and options.word_list and not sheet.leftover_words:
        normal = _worksheet(
            puzzle,
            replace(options, large_print=False),
            page,
            frame,
            list_on_page=True,
            letters=letters,
        )
        if sheet.grid.cell <= normal.grid.cell:
            sheet = _worksheet(puzzle, options, page, frame, list_on_page=False, letters=letters)
    return sheet


@dataclass(frozen=True)
class Frame:
    """What surrounds the puzzle on a sheet: heading, footer, version label and margin
    (None: the defaults, see :func:`worksheet`)."""

    heading: str | None = None
    footer: str | None = None
    label: str = ""
    margin: float | None = None


NAME_FIELDS = ((("sheet.name", 0.5), ("sheet.date", 0.28), ("sheet.class", 0.22)),)
"""The fields of the name line and the share of the writing room each line takes."""

NARROW_NAME_FIELDS = ((("sheet.name", 1.0),), (("sheet.date", 0.55), ("sheet.class", 0.45)))
"""The name line on a narrow sheet: the name on a line of its own, date and class below."""

SHORTEST_RULE = 4.0
"""The shortest line to write on, in the text's size: shorter, and the fields take two lines."""

NAME_LEADING = 2.0
"""Distance between the baselines of a name line on two lines, in its size (room to write)."""


def name_line(
    texts: Translator, left: float, top: float, width: float, size: float, *, reserve: float = 0.0
) -> tuple[list[Text], list[Rule]]:
    """The name, date and class fields across ``width``: each label followed by a line to
    write on, in one line, or in two where one would leave a line too short to write on.
    ``top`` is the top of the first line; ``reserve`` is kept free at the right end of the
    first line (for a version's label)."""
    room = _NameRoom(left, top, width, reserve)
    wide = _name_rows(texts, room, size, NAME_FIELDS)
    if min(rule.x1 - rule.x0 for rule in wide[1]) >= SHORTEST_RULE * size:
        return wide
    return _name_rows(texts, room, size, NARROW_NAME_FIELDS)


@dataclass(frozen=True)
class _NameRoom:
    """Where the name line goes: its left end, the top of its first line, its width and what
    is kept free at the right end of the first line."""

    left: float
    top: float
    width: float
    reserve: float


def _name_rows(
    texts: Translator,
    place: _NameRoom,
    size: float,
    rows: tuple[tuple[tuple[str, float], ...], ...],
) -> tuple[list[Text], list[Rule]]:
    """The fields in ``rows``: the room the labels and the gaps between fields leave is shared
    among the lines to write on."""
    labels: list[Text] = []
    rules: list[Rule] = []
    pad, gap = size * 0.3, size * 1.5
    for number, row in enumerate(rows):
        baseline = place.top + size + number * size * NAME_LEADING
        room = place.width - (place.reserve if number == 0 else 0.0)
        names = [texts.t(key) for key, _ in row]
        taken = sum(text_width(name, size) + pad for name in names) + gap * (len(row) - 1)
        free = max(room - taken, 0.0)
        x = place.left
        for name, (_, share) in zip(names, row, strict=True):
            labels.append(Text(name, x, baseline, size))
            start = x + text_width(name, size) + pad
            rules.append(Rule(start, start + free * share, baseline + 2))
            x = start + free * share + gap
    return labels, rules


def name_line_height(rules: list[Rule], size: float) -> float:
    """The height the name line takes above the title."""
    rows = len({rule.y for rule in rules})
    return size * (2.6 + NAME_LEADING * (rows - 1))


def _worksheet(
    puzzle: Puzzle,
    options: RenderOptions,
    page: tuple[float, float] | None,
    frame: Frame,
    *,
    list_on_page: bool,
    letters: bool = True,
) -> Sheet:
    texts = options.texts(puzzle)
    style = Style.for_sheet(options.large_print, options.age).for_page(page)
    margin = frame.margin if frame.margin is not None else style.margin if page else MARGIN
    heading, footer = frame.heading, frame.footer
    width, content_width = _widths(puzzle, style, page, margin)
    centre = width / 2
    placed: list[Text] = []
    corner, rules = _top_line(options, texts, style, frame.label, margin, content_width)
    top = margin
    if rules:
        top += name_line_height(rules, style.line)
    elif corner:  # a version's label alone
        top += style.line * 2.6
    if heading is None:
        heading = options.title or puzzle.title or say.default_title(texts)
    title, top = _title_texts(heading, style.title, content_width, centre, top)
    placed.extend(title)
    room = _list_room(page, margin, list_on_page=list_on_page)
    pictures = _picture_list(puzzle, options, content_width, room, style.words)
    columns, leftover = (
        (None, ()) if pictures else _word_list(puzzle, options, style, content_width, room=room)
    )
    for line in _lines_above_grid(puzzle, options, texts, list_follows=bool(leftover)):
        line_size = min(style.line, content_width / max(text_width(line, 1), 1e-9))
        placed.append(Text(line, centre, top + line_size, line_size, anchor="middle"))
        top += line_size * 1.45
    top += style.line

    list_height = columns.height + style.words * 1.5 if columns else 0.0
    if pictures:
        list_height = pictures.height + style.words * 1.5

    if page is None:
        grid_height = puzzle.rows * style.fit_cell + style.fit_cell / 2
        height = top + grid_height + list_height + margin
    else:
        height = page[1]
        grid_height = height - margin - list_height - top
    plan = GridPlan(
        puzzle,
        Box(margin, top, content_width, max(grid_height, 1.0)),
        answers=options.answers,
        lowercase=options.lowercase,
        max_cell=style.max_cell if page is not None else style.fit_cell,
        letter_scale=style.letter_scale,
    )
    grid, unset = _set_or_placed(plan, letters)
    list_top = grid.frame.y + grid.frame.height + style.words * 1.5
    if columns:
        placed.extend(columns.texts(centre, list_top))
    drawn, boxes, labels = _placed_pictures(pictures, centre, list_top)
    placed.extend(labels)
    if footer is None:
        technical = options.answers or options.footer == "technical"
        footer = say.footer(puzzle, texts) if technical else say.pupil_footer(puzzle, texts)
    if footer and page is not None:
        placed.append(Text(footer, centre, height - margin / 2, 8, anchor="middle", faint=True))
    # After the title, so that a sheet's first text stays its title (an SVG's <title>).
    placed.extend(corner)
    return Sheet(
        width,
        height,
        tuple(placed),
        grid,
        leftover,
        tuple(rules),
        options.font,
        drawn,
        boxes,
        unset,
    )


def _set_or_placed(plan: GridPlan, letters: bool) -> tuple[GridDrawing, GridPlan | None]:
    """The sheet's grid with its letters set, or (``letters=False``) where it stands and the
    plan that sets them."""
    return (plan.drawing(), None) if letters else (plan.placed(), plan)


def _title_texts(
    heading: str, size: float, width: float, centre: float, top: float
) -> tuple[list[Text], float]:
    """The title's lines centred below ``top`` (none for an empty heading), and the top of
    what follows them."""
    if not heading:
        return [], top
    lines, size = title_lines(heading, size, width)
    placed = [
        Text(
            line,
            centre,
            top + size * 0.8 + k * size * TITLE_LEADING,
            size,
            bold=True,
            anchor="middle",
        )
        for k, line in enumerate(lines)
    ]
    return placed, top + size * 1.25 + (len(lines) - 1) * size * TITLE_LEADING


def _placed_pictures(
    pictures: PictureList | None, centre: float, top: float
) -> tuple[tuple[Picture, ...], tuple[Box, ...], list[Text]]:
    """A picture list placed below the grid: its pictures, the box around them, their labels."""
    if not pictures:
        return (), (), []
    around, shown, labels = pictures.place(centre, top)
    box = Box(around.x, around.y, around.width, around.height)
    return tuple(shown), (box,), [Text(t.text, t.x, t.y, t.size, anchor=t.anchor) for t in labels]


def _top_line(
    options: RenderOptions,
    texts: Translator,
    style: Style,
    label: str,
    margin: float,
    content_width: float,
) -> tuple[list[Text], list[Rule]]:
    """The line above the title: a version's label on the right and, on a worksheet (not on a
    key), the name line across the rest."""
    corner: list[Text] = []
    rules: list[Rule] = []
    reserve = 0.0
    if label:
        size = style.line * 1.2
        right = margin + content_width
        corner.append(Text(label, right, margin + size, size, bold=True, anchor="end"))
        reserve = text_width(label, size, bold=True) + style.line * 2
    if options.name_line and not options.answers:
        labels, rules = name_line(texts, margin, margin, content_width, style.line, reserve=reserve)
        corner.extend(labels)
    return corner, rules


TITLE_LEADING = 1.15
"""Distance between the baselines of a title on two lines, in its size."""


def title_lines(
    title: str, size: float, width: float, *, least: float | None = None
) -> tuple[list[str], float]:
    """The title as set in ``width``: one line at ``size`` if it fits, else two lines broken
    at the space that makes the longer one shortest, at ``size`` if they fit; only past that
    smaller, just enough to fit. With ``least`` (a book's title, which stays larger than its
    subtitle), three lines before two would set it under ``least``.

    >>> title_lines("Tiere", 24, 500)
    (['Tiere'], 24)
    >>> title_lines("Tiere im Wald und auf der Wiese im Frühling und im Sommer", 24, 500)
    (['Tiere im Wald und auf der Wiese', 'im Frühling und im Sommer'], 24)
    >>> title_lines("The Enormous Extraordinary Compendium of Word Search Puzzles", 30, 300, least=17)[0]
    ['The Enormous', 'Extraordinary Compendium', 'of Word Search Puzzles']
    """
    words = title_words(title)
    lines = [title]
    if text_width(title, size, bold=True) > width and len(words) > 1:
        lines = _balanced(words, 2)
        at_dash = _at_dash(words)
        if at_dash is not None and _fitting(at_dash, size, width) >= _fitting(lines, size, width):
            lines = at_dash  # a title and its subtitle, each on a line of its own
        if least is not None and len(words) > 2 and _fitting(lines, size, width) < least:
            lines = _balanced(words, 3)
    return lines, _fitting(lines, size, width)


DASHES = frozenset("–—-")
"""The dashes a title may break before: a line never ends with one (``Wörter der Woche –``)."""


def title_words(title: str) -> list[str]:
    """The parts of ``title`` a line may break between: its words, a dash standing alone bound
    to the word after it, so that a break falls before the dash, never after it.

    >>> title_words("Wörter der Woche – Klasse 3b")
    ['Wörter', 'der', 'Woche', '– Klasse', '3b']
    """
    words: list[str] = []
    for word in title.split():
        if words and words[-1].split()[-1] in DASHES:
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    return words


def bound_to_dash(title: str) -> str:
    """``title`` with a no-break space after each dash that stands alone, so that a word
    processor, breaking the title itself, breaks before the dash as :func:`title_lines` does.

    >>> bound_to_dash("Wörter der Woche – Klasse 3b")
    'Wörter der Woche –\xa0Klasse 3b'
    """
    return " ".join(
        word.replace(" ", "\u00a0", 1) if word[0] in DASHES else word for word in title_words(title)
    )


def _at_dash(words: list[str]) -> list[str] | None:
    """The title in two lines broken before its first dash (None without one)."""
    for at, word in enumerate(words[1:], 1):
        if word[0] in DASHES and len(word) > 1:
            return [" ".join(words[:at]), " ".join(words[at:])]
    return None


def _balanced(words: list[str], count: int) -> list[str]:
    """``words`` in ``count`` lines, broken where the longest line is shortest."""
    n = len(words)
    cuts = itertools.combinations(range(1, n), count - 1)
    splits = [
        [" ".join(words[a:b]) for a, b in zip((0, *cut), (*cut, n), strict=True)] for cut in cuts
    ]
    return min(splits, key=lambda lines: max(text_width(x, 1, bold=True) for x in lines))


def _fitting(lines: list[str], size: float, width: float) -> float:
    """The largest size up to ``size`` at which every line fits in ``width``."""
    widest = max(text_width(line, 1, bold=True) for line in lines)
    return min(size, width / max(widest, 1e-9))


def _widths(
    puzzle: Puzzle, style: Style, page: tuple[float, float] | None, margin: float
) -> tuple[float, float]:
    """The sheet's width and the width inside its margins: the page's, or the content's."""
    if page is None:
        content_width = max(puzzle.cols * style.fit_cell + style.fit_cell / 2, 360.0)
        return content_width + 2 * margin, content_width
    return page[0], page[0] - 2 * margin


def _list_room(
    page: tuple[float, float] | None, margin: float, *, list_on_page: bool
) -> float | None:
    """The most height the word list may take: two fifths of a page, none if it goes on pages
    of its own, or None on a sheet sized to its content (as much as it needs)."""
    if page is None:
        return None
    return (page[1] - 2 * margin) * 0.4 if list_on_page else 0.0


def _word_list(
    puzzle: Puzzle,
    options: RenderOptions,
    style: Style,
    width: float,
    *,
    room: float | None,
) -> tuple[WordColumns | None, tuple[str, ...]]:
    """The word list in columns on the sheet, or no columns and the entries left over for
    pages of their own.

    ``room`` is the most height the list may take (:func:`_list_room`). The list shrinks until
    it fits, but never below the style's smallest print.
    """
    if not (options.word_list and puzzle.words):
        return None, ()
    entries = sorted_entries(puzzle, answers=options.answers)
    if room == 0:
        return None, tuple(entries)
    size = style.words
    columns = word_columns(entries, size, width)
    if room is None:
        return columns, ()
    while columns.height > room and size > style.min_words:
        size -= 0.5
        columns = word_columns(entries, size, width)
    if columns.height > room:
        return None, tuple(entries)
    return columns, ()


def _picture_list(
    puzzle: Puzzle, options: RenderOptions, width: float, room: float | None, text_size: float
) -> PictureList | None:
    """The word list as pictures in a box, if any clue is a picture (else None); its clues in
    words at ``text_size``, the word list's size."""
    if not (options.word_list and has_pictures(puzzle)):
        return None
    return picture_list(
        puzzle.words,
        width=width,
        answers=options.answers,
        large_print=options.large_print,
        room=room or None,
        text_size=text_size,
    )


def _lines_above_grid(
    puzzle: Puzzle, options: RenderOptions, texts: Translator, *, list_follows: bool
) -> tuple[str, ...]:
    """The lines under the title: how to play, or on an answer key what it shows."""
    if options.answers:
        return (
            say.answers_heading(texts),
            *say.secret_answer(puzzle, texts),
            *say.message_answer(puzzle, texts),
        )
    return say.instruction(puzzle, texts, word_list=options.word_list, list_follows=list_follows)


def word_list_pages(
    entries: tuple[str, ...],
    page: tuple[float, float],
    *,
    heading: str,
    large_print: bool = False,
    age: str | None = None,
) -> list[list[Text]]:
    """A long word list on pages of its own, in up to six columns each, under its heading
    (set in two lines or smaller where it is too wide, as a sheet's title is)."""
    style = Style.for_sheet(large_print, age)
    width, height = page
    margin = style.margin
    content_width = width - 2 * margin
    title, top = _title_texts(heading, style.title, content_width, width / 2, margin)
    top += style.title * 0.35
    # an entry wider than the page is set smaller, just enough to fit
    widest = max((text_width(e, 1) for e in entries), default=0.0)
    size = min(style.words, content_width / max(widest, 1e-9))
    probe = word_columns(list(entries), size, content_width)
    rows = max(1, int((height - top - margin) // probe.line_height))
    per_page = rows * probe.columns
    pages = []
    for start in range(0, len(entries), per_page):
        chunk = list(entries[start : start + per_page])
        texts = list(title)
        texts += word_columns(chunk, size, content_width).texts(width / 2, top)
        pages.append(texts)
    return pages
