"""Hexagonal grids: a hexagon of side N, or staggered rows, stored as a rectangle of axial
cells with holes (see :class:`Hex`).

>>> board = Hex.hexagon(2)
>>> board.arrow(Direction.S), board.directions[:3]
('↘', (<Direction.E: (0, 1)>, <Direction.S: (1, 0)>, <Direction.SW: (1, -1)>))
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from wortsuche.grid.positions import PositionSpace
from wortsuche.grid.topology import KINDS, Flat, LineTexts, Topology
from wortsuche.model import HOLE, Cell, Direction, Grid

HEX_AXES = (Direction.E, Direction.S, Direction.NE)
"""The three orientations of a hexagonal grid's lines, in axial cells (see :class:`Hex`)."""

HEX_DIRECTIONS = (
    Direction.E,
    Direction.S,
    Direction.SW,
    Direction.W,
    Direction.N,
    Direction.NE,
)
"""The 6 directions of a hexagonal grid, forward ones (→ ↘ ↙ as drawn) first."""

HEX_ARROWS = {
    Direction.E: "→",
    Direction.S: "↘",
    Direction.SW: "↙",
    Direction.W: "←",
    Direction.N: "↖",
    Direction.NE: "↗",
}
"""How each direction of a hexagonal grid is drawn (pointy-top hexagons, axial cells)."""

HEX_DRAWN = {
    direction: next(square for square in Direction if square.arrow == arrow)
    for direction, arrow in HEX_ARROWS.items()
}
"""The square grid's direction each direction of hexagons is drawn as (S as SE, N as NW): the
way a reader's eye moves along it."""

SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Hex(Flat):
    """A grid of hexagons, stored as a ``rows`` × ``cols`` rhombus of axial cells with holes.

    The six neighbours of ``(r, c)`` are the square grid's E, W, S, N, NE and SW steps, so a
    hexagonal grid is a flat grid with holes whose lines run along three axes (→, ↘ and ↗ as
    drawn): the searches, the filler and the verifier work on it unchanged. Drawn as pointy-top
    hexagons of circumradius R, cell ``(r, c)`` has its centre at x = R·√3·(c + r/2),
    y = R·1.5·r. Two shapes: a hexagon of side ``side`` (:meth:`hexagon`), and a rectangle of
    ``rows`` staggered rows of ``width`` cells (:meth:`rectangle`).

    >>> board = Hex.hexagon(2)
    >>> (board.rows, board.cols, sorted(board.holes))
    (3, 3, [0, 8])
    >>> [len(cells) for axis, cells in board.lines() if axis is Direction.E]
    [2, 3, 2]
    """

    shape: str = "hexagon"
    side: int = 0
    """The side of a hexagon, in cells."""
    width: int = 0
    """The cells of each row of a rectangle."""

    @property
    def kind(self) -> str:
        """``hex``."""
        return "hex"

    @property
    def outlines_cells(self) -> bool:
        """True: each hexagon is drawn with its outline."""
        return True

    @staticmethod
    def hexagon(side: int) -> Hex:
        """A hexagon of ``side`` cells a side: stored (2·side − 1)², cell ``(r, c)`` on the board
        if side − 1 ≤ r + c ≤ 3·side − 3."""
        n = 2 * side - 1
        holes = frozenset(
            r * n + c for r in range(n) for c in range(n) if not side - 1 <= r + c <= 3 * side - 3
        )
        return Hex(n, n, holes, "hexagon", side=side)

    @staticmethod
    def rectangle(rows: int, width: int) -> Hex:
        """``rows`` staggered rows of ``width`` cells, every other row half a cell to the right:
        row r holds the axial columns c = j − ⌊r/2⌋ + ⌊(rows − 1)/2⌋, j = 0 … width − 1, stored
        in ``rows`` × (width + ⌊(rows − 1)/2⌋)."""
        shift = (rows - 1) // 2
        cols = width + shift
        holes = frozenset(
            r * cols + c
            for r in range(rows)
            for c in range(cols)
            if not 0 <= c + r // 2 - shift < width
        )
        return Hex(rows, cols, holes, "rectangle", width=width)

    @classmethod
    def read(cls, data: dict[str, Any], grid: Grid) -> Topology:
        """The board a puzzle file's ``{"kind": "hex", …}`` names, checked against ``grid``."""
        return Hex.of_dict(data).holding(grid)

    @classmethod
    def sized(cls, rows: int, cols: int, holes: Iterable[int] = ()) -> Topology:
        """The board of a size as asked (:meth:`of_size`; a hexagonal grid takes no shape)."""
        return Hex.of_size(rows, cols)

    @staticmethod
    def of_size(rows: int, cols: int) -> Hex:
        """The hexagonal board of a size as asked: one number (``rows == cols``) is a hexagon's
        side, two different ones are a rectangle's rows and cells per row."""
        return Hex.hexagon(rows) if rows == cols else Hex.rectangle(rows, cols)

    @staticmethod
    def of_dict(data: dict[str, Any]) -> Hex:
        """The board a puzzle file's ``{"kind": "hex", …}`` names; ValueError if none."""

        def whole(name: str) -> int:
            value = data.get(name)
            if type(value) is not int or not 1 <= value <= HEX_LARGEST:
                raise ValueError(f"hex {name} must be a whole number from 1 to {HEX_LARGEST}")
            return value

        if data.get("shape") == "hexagon":
            return Hex.hexagon(whole("side"))
        if data.get("shape") == "rectangle":
            return Hex.rectangle(whole("rows"), whole("cols"))
        raise ValueError("a hexagonal board is a hexagon or a rectangle")

    def holding(self, grid: Grid | Sequence[str]) -> Hex:
        """This board, checked against ``grid``: the same size, its holes hold :data:`HOLE` and
        no other cell does; ValueError if not."""
        rows = tuple(grid.rows if isinstance(grid, Grid) else grid)
        if len(rows) != self.rows or any(len(row) != self.cols for row in rows):
            raise ValueError("the grid's size does not match the hexagonal board")
        cols = self.cols
        blanks = {
            r * cols + c for r, row in enumerate(rows) for c, x in enumerate(row) if x == HOLE
        }
        if blanks != self.holes:
            raise ValueError("the grid's blanks are not the hexagonal board's holes")
        return self

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": "hex", "shape": "hexagon", "side": N}`` or the rectangle's rows and cols."""
        if self.shape == "hexagon":
            return {"kind": "hex", "shape": "hexagon", "side": self.side}
        return {"kind": "hex", "shape": "rectangle", "rows": self.rows, "cols": self.width}

    @property
    def asked_size(self) -> tuple[int, int]:
        """The size as asked for: a hexagon's side twice (``--size N``), a rectangle's rows and
        cells per row (``RxC``)."""
        return (self.side, self.side) if self.shape == "hexagon" else (self.rows, self.width)

    @property
    def axes(self) -> tuple[Direction, ...]:
        """→, ↘ and ↗ as drawn (the axial E, S and NE steps)."""
        return HEX_AXES

    @property
    def directions(self) -> tuple[Direction, ...]:
        """The six directions, forward ones (→ ↘ ↙) first."""
        return HEX_DIRECTIONS

    def arrow(self, direction: Direction) -> str:
        """The arrow ``direction`` is drawn as on hexagons (S is ↘, N is ↖)."""
        return HEX_ARROWS[direction]

    def drawn(self, direction: Direction) -> Direction:
        """The square grid's direction ``direction`` is drawn as: ↘ (SE) for S, ↖ (NW) for N.

        >>> Hex.hexagon(2).drawn(Direction.S), Hex.hexagon(2).drawn(Direction.NE)
        (<Direction.SE: (1, 1)>, <Direction.NE: (-1, 1)>)
        """
        return HEX_DRAWN[direction]

    def is_reversed(self, direction: Direction) -> bool:
        """True for ←, ↖ and ↗: against the reading order as drawn."""
        return direction in (Direction.W, Direction.N, Direction.NE)

    def positions(self, length: int, directions: Sequence[Direction]) -> PositionSpace:
        """The starts from which ``length`` cells stay on the board, per direction: the
        hexagon's cells, not the rhombus it is stored in (a search tries no start a hole
        would refuse).

        >>> board = Hex.hexagon(2)
        >>> board.positions(1, [Direction.E]).total, board.positions(3, [Direction.E]).total
        (7, 1)
        """
        return PositionSpace.listed((d, _starts(self, length, d)) for d in directions)

    def start_through(self, index: int, direction: Direction, at: int, length: int) -> Cell | None:
        """The first cell of the run through ``index``, or None if the run leaves the board."""
        start = super().start_through(index, direction, at, length)
        return start if start is not None and self.run(start, direction, length) else None

    def line_length(self, direction: Direction) -> int:
        """How many cells the longest line in ``direction`` has (0 for ↘ and ↖ of a square grid,
        which a hexagonal one lacks)."""
        longest = _hex_measures(self)[0]
        return longest.get(direction, longest.get(direction.reverse, 0))

    def border(self) -> set[int]:
        """The cells with a neighbour off the board."""
        found = set()
        for r in range(self.rows):
            for c in range(self.cols):
                if (r, c) in self and any(
                    (r + dr, c + dc) not in self for dr, dc in (d.step for d in HEX_DIRECTIONS)
                ):
                    found.add(r * self.cols + c)
        return found

    def line_texts(self, rows: Sequence[str], longest: int) -> LineTexts:
        """Every line along the three axes as text, → first."""
        pieces = [
            ("".join(rows[r][c] for r, c in cells), cells[0], axis, 0)
            for axis, cells in self.lines()
        ]
        return LineTexts.join(self, pieces)

    def centre(self, cell: Cell) -> tuple[float, float]:
        """x = c + r/2 and y = r·√3/2 in hexagon widths (R = 1/√3), shifted so that the
        leftmost and the top hexagons touch the origin."""
        r, c = cell
        return c + r / 2 - _hex_measures(self)[1] + 0.5, r * SQRT3 / 2 + 1 / SQRT3

    def extent(self) -> tuple[float, float]:
        """The width and height of the drawn hexagons, in hexagon widths."""
        _, left, right = _hex_measures(self)
        return right - left + 1, (self.rows - 1) * SQRT3 / 2 + 2 / SQRT3

    def is_drawn(self, cell: Cell) -> bool:
        """True for a cell of the board: the rhombus around it is only how it is stored."""
        return cell in self

    def outline(self, cell: Cell) -> tuple[tuple[float, float], ...]:
        """The six corners of a pointy-top hexagon, clockwise from the top."""
        x, y = self.centre(cell)
        radius, half = 1 / SQRT3, 0.5
        return (
            (x, y - radius),
            (x + half, y - radius / 2),
            (x + half, y + radius / 2),
            (x, y + radius),
            (x - half, y + radius / 2),
            (x - half, y - radius / 2),
        )

    def cell_at(self, point: tuple[float, float]) -> Cell | None:
        """The hexagon drawn at ``point``, or None (cube coordinates, rounded)."""
        x = point[0] - 0.5 + _hex_measures(self)[1]
        rf = (point[1] - 1 / SQRT3) / (SQRT3 / 2)
        cf = x - rf / 2
        yf = -cf - rf
        rc, rr, ry = round(cf), round(rf), round(yf)
        dc, dr, dy = abs(rc - cf), abs(rr - rf), abs(ry - yf)
        if dc > dr and dc > dy:
            rc = -rr - ry
        elif dr > dy:
            rr = -rc - ry
        cell = (rr, rc)
        return cell if cell in self else None


@functools.lru_cache(maxsize=16)
def _hex_measures(board: Hex) -> tuple[dict[Direction, int], float, float]:
    """The cells of the longest line along each axis, and the least and greatest ``c + r/2`` of
    a cell (where the leftmost and rightmost drawn cells' centres are), worked out once a board."""
    longest = dict.fromkeys(HEX_AXES, 0)
    for axis, cells in board.lines():
        longest[axis] = max(longest[axis], len(cells))
    across = [c + r / 2 for r in range(board.rows) for c in range(board.cols) if (r, c) in board]
    return longest, min(across), max(across)


HEX_LARGEST = 100
"""The largest side of a hexagon (and rows and cells per row of a rectangle) a file may name."""


KINDS["hex"] = Hex


@functools.lru_cache(maxsize=4096)
def _starts(board: Hex, length: int, direction: Direction) -> tuple[Cell, ...]:
    """The cells of ``board`` from which ``length`` cells in ``direction`` stay on it, row by
    row (asked for every word a search places: kept)."""
    return tuple(
        (r, c)
        for r in range(board.rows)
        for c in range(board.cols)
        if board.run((r, c), direction, length) is not None
    )
