"""The shape of a grid: which cells there are and how they line up.

A :class:`Topology` answers every geometric question the pipeline asks: which cells a run of
letters covers, where a line ends, whether a word fits, the positions a word has, the cells of
a placement, its directions and their arrows, and where each cell is drawn. Three kinds exist:
:class:`Flat`, a rectangle (a shaped grid has holes in it: no cell, no word through them),
:class:`~wortsuche.grid.torus.Torus`, a rectangle whose lines continue on the other side
(``--wrap``), so a word may run over an edge, and :class:`~wortsuche.grid.hexagons.Hex`,
hexagons stored as a rectangle of axial cells with holes; each kind has its module and is found
by its name in :data:`KINDS`. A puzzle carries its topology; the board, the placement searches, the
decoys, the filler, the verifier, the solver, the rating and the renderers all ask it; none
does the arithmetic itself.

Every reading of a grid follows one of four axes (→ ↓ ↘ ↗); the other four directions read
the same lines backwards.

>>> flat = Flat(3, 4)
>>> flat.run((0, 2), Direction.E, 3) is None  # over the edge
True
>>> Topology.of(3, 4, wrap=True).run((0, 2), Direction.E, 3)  # a torus
((0, 2), (0, 3), (0, 0))
>>> flat.index((1, 2)), flat.cell(6)
(6, (1, 2))
>>> flat.longest_fitting([Direction.S, Direction.SE])
3
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from wortsuche.grid.positions import PositionSpace
from wortsuche.model import HOLE, Cell, Direction, Grid, Options, Placement, Puzzle

AXES = (Direction.E, Direction.S, Direction.SE, Direction.NE)
"""One direction per line orientation; the other four read the same lines backwards."""

SQUARE_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
"""The 8 directions of a grid of squares, forward ones first."""

TORUS_LEAST_SIDE = 3
"""The smallest side of a torus: with 2 rows, up and down lead to the same cell."""

Line = tuple[Direction, list[Cell]]
"""A line of a grid: its axis and its cells in order along it."""


BORDER = "\0"
"""What :meth:`Flat.bordered` writes beyond the edge and in holes: no letter of any word."""


@dataclass(frozen=True)
class Topology:
    """The cells of a ``rows`` × ``cols`` grid and how they line up (see :class:`Flat` and
    :class:`~wortsuche.grid.torus.Torus`). ``holes`` are flat indexes (``row * cols + col``) of cells the grid lacks."""

    rows: int
    cols: int
    holes: frozenset[int] = field(default=frozenset())

    @property
    def cyclic(self) -> bool:
        """True if every line comes back to its first cell (no line has an end): then two cells
        can be the two ends of more than one run, and a run is known only by all its cells."""
        return False

    @property
    def kind(self) -> str:
        """The topology's name in a puzzle's JSON: ``flat``, ``torus`` or ``hex``."""
        return "flat"

    def to_dict(self) -> dict[str, Any]:
        """The topology as plain data (a puzzle file's ``topology``); holes are the grid's."""
        return {"kind": self.kind}

    @staticmethod
    def from_dict(data: Any, grid: Grid) -> Topology:
        """The topology a puzzle file's ``topology`` names, for its ``grid`` (whose :data:`HOLE`
        cells are holes); ValueError if it does not fit the grid."""
        name = data.get("kind") if isinstance(data, dict) else None
        kind = KINDS.get(name) if isinstance(name, str) else None
        if kind is None:
            raise ValueError("unknown topology")
        return kind.read(data, grid)

    @classmethod
    def read(cls, data: dict[str, Any], grid: Grid) -> Topology:
        """The topology of this kind that a puzzle file's ``topology`` names, for ``grid``."""
        return Topology.of_grid(grid)

    @classmethod
    def sized(cls, rows: int, cols: int, holes: Iterable[int] = ()) -> Topology:
        """This kind of grid in the size asked for."""
        return cls(rows, cols, frozenset(holes))

    @property
    def directions(self) -> tuple[Direction, ...]:
        """Every direction a word can run in on this grid, forward ones first."""
        return SQUARE_DIRECTIONS

    @property
    def asked_size(self) -> tuple[int, int]:
        """The size as asked for (``--size``): the rows and columns of a rectangle."""
        return self.rows, self.cols

    def arrow(self, direction: Direction) -> str:
        """The arrow ``direction`` is drawn as on this grid."""
        return direction.arrow

    def drawn(self, direction: Direction) -> Direction:
        """The square grid's direction that ``direction`` is drawn as, the way a reader's eye
        moves along it: itself on squares (a hexagon's S is drawn ↘)."""
        return direction

    def is_reversed(self, direction: Direction) -> bool:
        """True for a direction that reads against the usual order (→ and top to bottom)."""
        return direction.is_reversed

    # --- placements ----------------------------------------------------------------

    def cells_of(self, placement: Placement) -> tuple[Cell, ...]:
        """The cells ``placement`` covers on this grid, first letter first."""
        return self.cells(placement.start, placement.direction, len(placement.letters))

    def end_of(self, placement: Placement) -> Cell:
        """The cell of ``placement``'s last letter on this grid."""
        return self.cells_of(placement)[-1]

    def wraps(self, placement: Placement) -> bool:
        """True if ``placement`` runs over an edge and goes on at the other side."""
        return False

    def reversed(self, placement: Placement, letters: str | None = None) -> Placement:
        """The same cells read from the other end (as ``letters``, by default the word reversed)."""
        return Placement(
            letters or placement.letters[::-1], self.end_of(placement), placement.direction.reverse
        )

    # --- drawing -------------------------------------------------------------------

    def centre(self, cell: Cell) -> tuple[float, float]:
        """Where ``cell``'s centre is drawn, ``(x, y)`` in cell widths from the top left."""
        return cell[1] + 0.5, cell[0] + 0.5

    def extent(self) -> tuple[float, float]:
        """The width and height of the drawn cells, in cell widths."""
        return float(self.cols), float(self.rows)

    @property
    def outlines_cells(self) -> bool:
        """Whether a drawing outlines each cell (hexagons) rather than framing the rectangle."""
        return False

    def is_drawn(self, cell: Cell) -> bool:
        """True for a stored cell that has a place in the drawing: every cell of the rectangle
        (a shape's hole is a blank square in it), only the board's on hexagons."""
        return True

    def outline(self, cell: Cell) -> tuple[tuple[float, float], ...]:
        """The corners of ``cell`` as drawn, in cell widths, clockwise from the top left."""
        r, c = cell
        return ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        """The cell drawn at ``point`` (cell widths from the top left), or None."""
        cell = (math.floor(point[1]), math.floor(point[0]))
        return cell if cell in self else None

    @staticmethod
    def of(rows: int, cols: int, *, wrap: bool = False, holes: Iterable[int] = ()) -> Topology:
        """A flat grid with ``holes`` (flat indexes), or with ``wrap`` a torus."""
        return KINDS["torus" if wrap else "flat"](rows, cols, frozenset(holes))

    @staticmethod
    def least_side(options: Options) -> int:
        """The fewest rows and columns a grid of ``options`` may have."""
        return TORUS_LEAST_SIDE if options.wrap else 1

    @staticmethod
    def for_options(rows: int, cols: int, options: Options, holes: Iterable[int] = ()) -> Topology:
        """The topology ``options`` ask for, on a ``rows`` × ``cols`` grid with ``holes``; on a
        hexagonal grid (``options.grid``) the size is the hexagons' (:meth:`Hex.of_size`)."""
        kind = KINDS[
            options.grid if options.grid != "square" else "torus" if options.wrap else "flat"
        ]
        return kind.sized(rows, cols, holes)

    @staticmethod
    def of_grid(grid: Grid | Sequence[str], *, wrap: bool = False) -> Topology:
        """The topology of a grid of letters: its holes are the cells holding :data:`HOLE`."""
        rows = tuple(grid.rows if isinstance(grid, Grid) else grid)
        cols = len(rows[0]) if rows else 0
        holes = [
            r * cols + c
            for r, row in enumerate(rows)
            if HOLE in row
            for c, x in enumerate(row)
            if x == HOLE
        ]
        return Topology.of(len(rows), cols, wrap=wrap, holes=holes)

    @staticmethod
    def of_puzzle(puzzle: Puzzle) -> Topology:
        """The topology of a finished puzzle (its :attr:`~wortsuche.model.Puzzle.topology`)."""
        topology = puzzle.topology
        if not isinstance(topology, Topology):
            raise TypeError(f"a puzzle's topology is a Topology, not {type(topology).__name__}")
        return topology

    # --- cells ---------------------------------------------------------------------

    @property
    def size(self) -> int:
        """How many cells the rectangle has, holes included (the length of a flat index)."""
        return self.rows * self.cols

    def index(self, cell: Cell) -> int:
        """The flat index ``row * cols + col`` of ``cell``."""
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> Cell:
        """The ``(row, col)`` of a flat index."""
        r, c = divmod(index, self.cols)
        return r, c

    def __contains__(self, cell: object) -> bool:
        """True for a cell of the grid: inside the rectangle and no hole."""
        if not (isinstance(cell, tuple) and len(cell) == 2):
            return False
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and r * self.cols + c not in self.holes

    @property
    def axes(self) -> tuple[Direction, ...]:
        """One direction per orientation of the lines; the others read them backwards."""
        return AXES

    # --- runs ----------------------------------------------------------------------

    def line_length(self, direction: Direction) -> int:
        """How many cells the longest line in ``direction`` has."""
        raise NotImplementedError

    def longest_fitting(self, directions: Iterable[Direction]) -> int:
        """The longest word that fits in any of ``directions`` (holes aside)."""
        return max(self.line_length(d) for d in directions)

    def cells(self, start: Cell, direction: Direction, length: int) -> tuple[Cell, ...]:
        """The ``length`` cells from ``start`` in ``direction``, unchecked: for a run known to
        stand in the grid (a placement, an occurrence)."""
        raise NotImplementedError

    def indexes(self, r: int, c: int, direction: Direction, length: int) -> list[int]:
        """The flat indexes of the ``length`` cells from ``(r, c)`` in ``direction``, unchecked:
        for a position of a :class:`PositionSpace`."""
        raise NotImplementedError

    def stride(self, direction: Direction) -> int | None:
        """The distance between the flat indexes of two neighbouring cells of a run in
        ``direction`` where every run's indexes are evenly spaced (:meth:`indexes` is
        ``start, start + stride, …``), else None (runs that go round the edge)."""
        return None

    def run(self, start: Cell, direction: Direction, length: int) -> tuple[Cell, ...] | None:
        """The ``length`` cells from ``start`` in ``direction``, or None if the run leaves the
        grid, meets a hole or is longer than its line."""
        if start not in self or not 0 < length <= self.line_length(direction):
            return None
        cells = self.cells(start, direction, length)
        if any(cell not in self for cell in cells):
            return None
        return cells

    def offset(self, cell: Cell, step: Cell, distance: int) -> Cell | None:
        """The cell ``distance`` steps of ``step`` from ``cell``, or None off the grid or on a hole."""
        raise NotImplementedError

    def border(self) -> set[int]:
        """The flat indexes of the cells on the edge of the rectangle (none where lines go on)."""
        raise NotImplementedError

    def bordered(self, rows: Sequence[str]) -> str | None:
        """The letters of ``rows`` as one text in which a step is a fixed distance, or None
        where lines go on past the edge (see :meth:`Flat.bordered`)."""
        return None

    def start_through(self, index: int, direction: Direction, at: int, length: int) -> Cell | None:
        """The first cell of the run of ``length`` cells in ``direction`` whose ``at``-th cell
        is the flat ``index``, or None if that run leaves the rectangle (holes aside)."""
        raise NotImplementedError

    def runs_between(self, start: Cell, end: Cell) -> list[tuple[Cell, ...]]:
        """Every straight run of cells from ``start`` to ``end``, at most once round its line,
        shortest first: what a player may mean by marking two cells."""
        runs = []
        for direction in self.directions:
            for k in range(1, self.line_length(direction)):
                if self.offset(start, direction.step, k) == end:
                    run = self.run(start, direction, k + 1)
                    if run is not None:
                        runs.append(run)
                    break
        return sorted(runs, key=len)

    def placement(self, letters: str, start: Cell, direction: Direction) -> Placement:
        """The placement of ``letters`` from ``start`` in ``direction`` on this grid."""
        return Placement(letters, start, direction)

    def reading_key(
        self, start: Cell, direction: Direction, length: int
    ) -> tuple[Cell, Cell] | tuple[Cell, Cell, int]:
        """The same for a run read either way: its two end cells, smaller first."""
        return flat_key(start, direction, length)

    # --- lines ---------------------------------------------------------------------

    def lines(self) -> list[Line]:
        """Every line along the four axes, axis by axis, each as its cells."""
        raise NotImplementedError

    def index_lines(self) -> list[tuple[Direction, list[int]]]:
        """:meth:`lines` with each cell as its flat index."""
        cols = self.cols
        return [(axis, [r * cols + c for r, c in cells]) for axis, cells in self.lines()]

    def line_texts(self, rows: Sequence[str], longest: int) -> LineTexts:
        """The letters of every line, for reading words of up to ``longest`` letters."""
        raise NotImplementedError

    def positions(self, length: int, directions: Sequence[Direction]) -> PositionSpace:
        """All ``(start, direction)`` positions of a word of ``length`` letters (holes aside:
        the board holds them, and a position must agree with the board)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Flat(Topology):
    """A rectangle: a line ends at the edge, and at a hole.

    >>> [cells for axis, cells in Flat(2, 2).lines() if axis is Direction.SE]
    [[(0, 0), (1, 1)], [(0, 1)], [(1, 0)]]
    >>> [cells for axis, cells in Flat(1, 3, frozenset({1})).lines() if axis is Direction.E]
    [[(0, 0)], [(0, 2)]]
    """

    def line_length(self, direction: Direction) -> int:
        """A row's ``cols``, a column's ``rows``, the longest diagonal's shorter side."""
        dr, dc = direction.value
        if dr and dc:
            return min(self.rows, self.cols)
        return self.cols if dc else self.rows

    def cells(self, start: Cell, direction: Direction, length: int) -> tuple[Cell, ...]:
        """The ``length`` cells from ``start`` in ``direction``, unchecked."""
        return direction.run(start, length)

    def indexes(self, r: int, c: int, direction: Direction, length: int) -> list[int]:
        """The flat indexes of the ``length`` cells from ``(r, c)`` in ``direction``, unchecked."""
        dr, dc = direction._value_  # the plain attribute: hot loop
        start, step = r * self.cols + c, dr * self.cols + dc
        if not step:  # ↗ or ↙ in a single column: a run of one cell
            return [start] * length
        return list(range(start, start + length * step, step))

    def stride(self, direction: Direction) -> int:
        """The distance between the flat indexes of neighbouring cells of a run (0 for ↗ or ↙
        in a single column, whose runs are one cell)."""
        dr, dc = direction._value_
        return dr * self.cols + dc

    def run(self, start: Cell, direction: Direction, length: int) -> tuple[Cell, ...] | None:
        """The ``length`` cells from ``start`` in ``direction``, or None if the run leaves the
        rectangle or meets a hole."""
        if length < 1:
            return None
        cells = direction.run(start, length)
        rows, cols, holes = self.rows, self.cols, self.holes
        (r0, c0), (r1, c1) = start, cells[-1]
        if not (0 <= r0 < rows and 0 <= c0 < cols and 0 <= r1 < rows and 0 <= c1 < cols):
            return None
        if holes and any(r * cols + c in holes for r, c in cells):
            return None
        return cells

    def offset(self, cell: Cell, step: Cell, distance: int) -> Cell | None:
        """The cell ``distance`` steps away, or None off the grid or on a hole."""
        r, c = cell[0] + distance * step[0], cell[1] + distance * step[1]
        cols = self.cols
        if 0 <= r < self.rows and 0 <= c < cols and r * cols + c not in self.holes:
            return r, c
        return None

    def bordered(self, rows: Sequence[str]) -> str:
        """The letters of ``rows`` as one text with a :data:`BORDER` cell after each row and a
        row of them above and below, holes as :data:`BORDER` too. Cell ``(r, c)`` is at
        ``(r + 1) * (cols + 1) + c`` and a step ``(dr, dc)`` is ``dr * (cols + 1) + dc`` further:
        one step from a cell lands on a cell or on the border, never round to the other edge.

        >>> Flat(2, 2, frozenset({3})).bordered(["AB", "C "]).replace(BORDER, ".")
        '...AB.C.....'
        """
        cols, holes = self.cols, self.holes
        lines = [BORDER * (cols + 1)]
        for r, row in enumerate(rows):
            if holes:
                row = "".join(BORDER if r * cols + c in holes else x for c, x in enumerate(row))
            lines.append(row + BORDER)
        lines.append(BORDER * (cols + 1))
        return "".join(lines)

    def border(self) -> set[int]:
        """The flat indexes of the first and last row and column."""
        rows, cols = self.rows, self.cols
        return {
            r * cols + c
            for r in range(rows)
            for c in range(cols)
            if r in (0, rows - 1) or c in (0, cols - 1)
        }

    def start_through(self, index: int, direction: Direction, at: int, length: int) -> Cell | None:
        """The first cell of the run through ``index``, or None if the run leaves the rectangle."""
        r, c = divmod(index, self.cols)
        dr, dc = direction._value_  # the plain attribute: hot loop
        r0, c0 = r - at * dr, c - at * dc
        r1, c1 = r0 + (length - 1) * dr, c0 + (length - 1) * dc
        if (
            min(r0, r1) >= 0
            and max(r0, r1) < self.rows
            and min(c0, c1) >= 0
            and max(c0, c1) < self.cols
        ):
            return r0, c0
        return None

    def lines(self) -> list[Line]:
        """Every line along the four axes, broken at holes, axis by axis, in reading order."""
        found: list[Line] = []
        for axis in self.axes:
            for start in self._line_starts(axis):
                piece: list[Cell] = []
                for cell in self._walk(start, axis):
                    if self.index(cell) in self.holes:
                        if piece:
                            found.append((axis, piece))
                        piece = []
                    else:
                        piece.append(cell)
                if piece:
                    found.append((axis, piece))
        return found

    def index_lines(self) -> list[tuple[Direction, list[int]]]:
        """:meth:`lines` with each cell as its flat index, made without a tuple per cell and with
        one int object per index (a 500 × 500 board lies on a million line cells)."""
        rows, cols, holes = self.rows, self.cols, self.holes
        numbers = list(range(rows * cols))
        found: list[tuple[Direction, list[int]]] = []
        for axis in self.axes:
            dr, dc = axis.step
            if not holes:  # a whole line is a slice of the numbers: no loop over its cells
                step = dr * cols + dc
                for r, c in self._line_starts(axis):
                    n = min(_steps_to_edge(r, dr, rows), _steps_to_edge(c, dc, cols))
                    start = r * cols + c
                    if n == 1:  # also ↗ in a single column, where the step is 0
                        found.append((axis, numbers[start : start + 1]))
                        continue
                    stop = start + step * n
                    found.append((axis, numbers[start : stop if stop >= 0 else None : step]))
                continue
            for r, c in self._line_starts(axis):
                piece: list[int] = []
                while 0 <= r < rows and 0 <= c < cols:
                    index = numbers[r * cols + c]
                    if index in holes:
                        if piece:
                            found.append((axis, piece))
                        piece = []
                    else:
                        piece.append(index)
                    r, c = r + dr, c + dc
                if piece:
                    found.append((axis, piece))
        return found

    def _line_starts(self, axis: Direction) -> list[Cell]:
        """The first cell of every line along ``axis``, in reading order."""
        rows, cols = self.rows, self.cols
        dr, dc = axis.step
        return [
            (r, c)
            for r in range(rows)
            for c in range(cols)
            if not (0 <= r - dr < rows and 0 <= c - dc < cols)
        ]

    def _walk(self, start: Cell, axis: Direction) -> list[Cell]:
        """The cells from ``start`` along ``axis`` up to the edge."""
        (r, c), (dr, dc) = start, axis.step
        cells = []
        while 0 <= r < self.rows and 0 <= c < self.cols:
            cells.append((r, c))
            r, c = r + dr, c + dc
        return cells

    def line_texts(self, rows: Sequence[str], longest: int) -> LineTexts:
        """Every line of the rectangle as text (a hole stays in it as :data:`HOLE`, which no
        word holds), → first."""
        if self.rows * self.cols > KEPT_LINE_ORDER:
            return self._sliced_line_texts(rows)
        order, offsets, starts, cycles = _line_order(self.rows, self.cols)
        return LineTexts(self, "".join(order("".join(rows) + "\n")), offsets, starts, cycles)

    def _sliced_line_texts(self, rows: Sequence[str]) -> LineTexts:
        """:meth:`line_texts`, the lines cut from the rows by slicing and zip."""
        height, width = self.rows, self.cols
        lines: list[tuple[str, Cell, Direction]] = [(row, (r, 0), E) for r, row in enumerate(rows)]
        if height * width > 1:  # one cell: one line, not four readings of the same letter
            lines += [
                ("".join(column), (0, c), S) for c, column in enumerate(zip(*rows, strict=True))
            ]
            # The diagonals are the columns of the rows shifted against each other (by slicing
            # and zip, not cell by cell), the shift's padding stripped again.
            last = height - 1
            shifted = [_PAD * (last - r) + row + _PAD * r for r, row in enumerate(rows)]
            for d, column in enumerate(zip(*shifted, strict=True), -last):  # ↘: column - row = d
                top = max(0, -d)
                lines.append(("".join(column).strip(_PAD), (top, top + d), SE))
            shifted = [_PAD * r + row + _PAD * (last - r) for r, row in enumerate(rows)]
            # ↗: row + column = t, from the lowest cell up
            for t, column in enumerate(zip(*reversed(shifted), strict=True)):
                bottom = min(last, t)
                lines.append(("".join(column).strip(_PAD), (bottom, t - bottom), NE))
        return LineTexts.join(self, [(text, start, axis, 0) for text, start, axis in lines])

    def positions(self, length: int, directions: Sequence[Direction]) -> PositionSpace:
        """The starts from which ``length`` cells stay inside the rectangle, per direction."""
        parts = []
        for direction in directions:
            dr, dc = direction.step
            r0, nr = _axis_range(self.rows, length, dr)
            c0, nc = _axis_range(self.cols, length, dc)
            parts.append((direction, r0, nr, c0, nc))
        return PositionSpace(parts)


KINDS: dict[str, type[Topology]] = {"flat": Flat}
"""Each kind of topology by its name in a puzzle's JSON (and ``options.grid``, past square);
:mod:`wortsuche.grid.torus` adds ``torus`` and :mod:`wortsuche.grid.hexagons` ``hex``."""

E, S, SE, NE = AXES


def flat_key(start: Cell, direction: Direction, length: int) -> tuple[Cell, Cell]:
    """The two end cells of a run on lines with ends, smaller first: the same read either way."""
    (r, c), (dr, dc), n = start, direction._value_, length - 1
    end = (r + n * dr, c + n * dc)
    return (start, end) if start <= end else (end, start)


@dataclass(frozen=True)
class LineTexts:
    """The letters of every line of a grid as one text, lines joined by newlines."""

    topology: Topology
    text: str
    offsets: list[int]
    """Where each line starts in :attr:`text`."""
    starts: list[tuple[Cell, Direction]]
    """Each line's first cell and axis."""
    cycles: list[int]
    """Where lines are cycles: each line's cells once round (its text goes on past them);
    0 for a line with two ends."""

    @staticmethod
    def join(topology: Topology, lines: list[tuple[str, Cell, Direction, int]]) -> LineTexts:
        """The text of ``lines`` (text, first cell, axis, cells once round)."""
        offsets, position = [], 0
        for text, _, _, _ in lines:
            offsets.append(position)
            position += len(text) + 1
        return LineTexts(
            topology,
            "\n".join(text for text, _, _, _ in lines),
            offsets,
            [(start, axis) for _, start, axis, _ in lines],
            [cycle for _, _, _, cycle in lines],
        )

    def span(self, line: int, at: int, length: int) -> tuple[Cell, Cell, Direction] | None:
        """The first and last cell and the axis of the reading of ``length`` letters at ``at``
        of ``line``'s text, or None where a cyclic line's text repeats a reading already made."""
        (r, c), axis = self.starts[line]
        dr, dc = axis._value_
        k, n = at - self.offsets[line], length - 1
        if self.cycles[line]:
            cycle = self.cycles[line]
            if k >= cycle or length > cycle:  # read from an earlier cell, or too long
                return None
            rows, cols = self.topology.rows, self.topology.cols
            first = ((r + k * dr) % rows, (c + k * dc) % cols)
            return first, ((first[0] + n * dr) % rows, (first[1] + n * dc) % cols), axis
        first = (r + k * dr, c + k * dc)
        return first, (first[0] + n * dr, first[1] + n * dc), axis


_PAD = "\0"
"""What shifts the rows apart for :meth:`Flat.line_texts`: no cell holds it."""

KEPT_LINE_ORDER = 2_500
"""Up to this many cells a rectangle keeps the order in which :meth:`Flat.line_texts` reads its
cells (:func:`_line_order`, 8 sizes): the text of a grid is then one C call over its letters
(15 × 15: 44 -> 11 µs, 50 × 50: 215 -> 108 µs, keeping 0.4 MB); 100 × 100 would keep 1.6 MB
for 0.7 of the time."""

_MARK = 0xF0000
"""The first of the characters (of a private use plane) that stand for cells in :func:`_line_order`."""


@functools.lru_cache(maxsize=8)
def _line_order(
    height: int, width: int
) -> tuple[Callable[[str], Any], list[int], list[tuple[Cell, Direction]], list[int]]:
    """How :meth:`Flat.line_texts` reads a ``height`` × ``width`` rectangle: what picks the text
    out of its rows joined with a newline after them, and the lines' offsets, starts and cycles.
    Found by slicing rows whose cells are each a character of their own: the same lines, in the
    same order, whatever the letters (holes do not change them). Never changed once made."""
    marked = ["".join(chr(_MARK + r * width + c) for c in range(width)) for r in range(height)]
    lines = Flat(height, width)._sliced_line_texts(marked)
    newline = height * width  # the newline after the joined rows
    order = [newline if x == "\n" else ord(x) - _MARK for x in lines.text]
    return itemgetter(*order), lines.offsets, lines.starts, lines.cycles


def _steps_to_edge(at: int, delta: int, size: int) -> int:
    """How many cells a line along ``delta`` has from ``at`` on, ``at`` included (``size``
    across the axis; a line that does not move along it is only bounded by the other axis)."""
    if delta > 0:
        return size - at
    if delta < 0:
        return at + 1
    return 1 << 30


def _axis_range(size: int, length: int, delta: int) -> tuple[int, int]:
    """First valid start and number of starts along one axis."""
    if delta == 0:
        return 0, size
    if delta > 0:
        return 0, size - length + 1
    return length - 1, size - length + 1
