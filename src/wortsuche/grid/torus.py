"""Tori: a rectangle whose lines continue on the other side (``--wrap``), so a word may run over
an edge (see :class:`Torus`, registered in :data:`~wortsuche.grid.topology.KINDS` as ``torus``).

>>> Torus(3, 4).run((0, 2), Direction.E, 3)
((0, 2), (0, 3), (0, 0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wortsuche.grid.positions import PositionSpace
from wortsuche.grid.topology import AXES, KINDS, Line, LineTexts, Topology
from wortsuche.model import Cell, Direction, Grid, Placement


@dataclass(frozen=True)
class Torus(Topology):
    """A rectangle whose lines continue on the other side (``--wrap``): a line leaving the grid
    comes back on the opposite edge until it meets its first cell again. A hole stays on its
    line (the line is still a cycle) but no run goes through it.

    >>> [cells for axis, cells in Torus(2, 3).lines() if axis is Direction.SE]
    [[(0, 0), (1, 1), (0, 2), (1, 0), (0, 1), (1, 2)]]
    >>> runs = Torus(3, 4).runs_between((0, 3), (0, 0))
    >>> runs[:2]
    [((0, 3), (0, 0)), ((0, 3), (0, 2), (0, 1), (0, 0))]
    >>> [len(run) for run in runs]  # → over the edge, ←, two diagonals, two round the torus
    [2, 4, 4, 4, 10, 10]
    """

    @property
    def cyclic(self) -> bool:
        """True: every line comes back to its first cell."""
        return True

    @classmethod
    def read(cls, data: dict[str, Any], grid: Grid) -> Topology:
        """The torus a puzzle file's ``{"kind": "torus"}`` names, for ``grid``."""
        return Topology.of_grid(grid, wrap=True)

    @property
    def kind(self) -> str:
        """``torus``."""
        return "torus"

    def wraps(self, placement: Placement) -> bool:
        """True if ``placement`` runs over an edge and goes on at the other side."""
        return placement.end != self.end_of(placement)

    def line_length(self, direction: Direction) -> int:
        """A row's ``cols``, a column's ``rows``, a diagonal's least common multiple of both:
        how many cells a line has before it comes back to its first cell.

        >>> Torus(4, 6).line_length(Direction.SE)
        12
        """
        dr, dc = direction.value
        if dr and dc:
            return math.lcm(self.rows, self.cols)
        return self.cols if dc else self.rows

    def cells(self, start: Cell, direction: Direction, length: int) -> tuple[Cell, ...]:
        """The ``length`` cells from ``start`` in ``direction``, taken round, unchecked."""
        (r, c), (dr, dc), rows, cols = start, direction.value, self.rows, self.cols
        return tuple(((r + i * dr) % rows, (c + i * dc) % cols) for i in range(length))

    def indexes(self, r: int, c: int, direction: Direction, length: int) -> list[int]:
        """The flat indexes of the ``length`` cells from ``(r, c)``, taken round, unchecked."""
        dr, dc = direction._value_  # the plain attribute: hot loop
        rows, cols = self.rows, self.cols
        return [(r + i * dr) % rows * cols + (c + i * dc) % cols for i in range(length)]

    def offset(self, cell: Cell, step: Cell, distance: int) -> Cell | None:
        """The cell ``distance`` steps away, taken round, or None on a hole."""
        r = (cell[0] + distance * step[0]) % self.rows
        c = (cell[1] + distance * step[1]) % self.cols
        return None if self.holes and r * self.cols + c in self.holes else (r, c)

    def border(self) -> set[int]:
        """None: every line goes on past the edge."""
        return set()

    def start_through(self, index: int, direction: Direction, at: int, length: int) -> Cell | None:
        """The first cell of the run through ``index``, taken round; None if the run is
        longer than its line."""
        if length > self.line_length(direction):
            return None
        r, c = divmod(index, self.cols)
        dr, dc = direction._value_  # the plain attribute: hot loop
        return (r - at * dr) % self.rows, (c - at * dc) % self.cols

    def reading_key(
        self, start: Cell, direction: Direction, length: int
    ) -> tuple[Cell, Cell] | tuple[Cell, Cell, int]:
        """Two cells can be the ends of more than one run here, so a run is known by its
        reading along its axis: first cell, the axis's step, length."""
        if length == 1:
            return (start, Direction.E.step, 1)
        if direction in AXES:
            return (start, direction.step, length)
        end = self.offset(start, direction.step, length - 1)
        assert end is not None, "a torus has no edge"
        return (end, direction.reverse.step, length)

    def lines(self) -> list[Line]:
        """Every line along the four axes, each as its cells once round. A diagonal visits
        ``lcm(rows, cols)`` cells, so there are ``gcd`` of them."""
        found: list[Line] = []
        rows, cols = self.rows, self.cols
        for axis in self.axes:
            if axis is Direction.E:
                starts = [(r, 0) for r in range(rows)]
            elif axis is Direction.S:
                starts = [(0, c) for c in range(cols)]
            else:  # a diagonal through (0, c) holds every cell whose col ∓ row is c modulo gcd
                starts = [(0, c) for c in range(math.gcd(rows, cols))]
            n = self.line_length(axis)
            found += [(axis, list(self.cells(start, axis, n))) for start in starts]
        return found

    def line_texts(self, rows: Sequence[str], longest: int) -> LineTexts:
        """Each line once round, then on as far as the longest word reaches (a word over the
        edge is one piece of text)."""
        pieces = []
        for axis, cells in self.lines():
            line = "".join(rows[r][c] for r, c in cells)
            pieces.append((line + line[: min(longest, len(line)) - 1], cells[0], axis, len(line)))
        return LineTexts.join(self, pieces)

    def positions(self, length: int, directions: Sequence[Direction]) -> PositionSpace:
        """Every cell starts a position in every direction whose line has ``length`` cells."""
        parts = []
        for direction in directions:
            fits = length <= self.line_length(direction)
            parts.append((direction, 0, self.rows if fits else 0, 0, self.cols))
        return PositionSpace(parts)


KINDS["torus"] = Torus
