"""Where words can stand: the lines of a grid and the positions a word has on them.

Every reading of a grid follows one of four axes (→ ↓ ↘ ↗); the other four directions read
the same lines backwards. The working board, the decoys, the placement search and the
verifier all walk lines through the functions here.

>>> [cells for axis, cells in grid_lines(2, 2) if axis is Direction.SE]
[[(0, 0), (1, 1)], [(0, 1)], [(1, 0)]]
>>> longest_fitting(3, 5, [Direction.S, Direction.SE])
3
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from wortsuche.model import Cell, Direction
from wortsuche.rand import Rng

AXES = (Direction.E, Direction.S, Direction.SE, Direction.NE)
"""One direction per line orientation; the other four read the same lines backwards."""


def line_starts(rows: int, cols: int, axis: Direction) -> list[Cell]:
    """The first cell of every line of a ``rows`` × ``cols`` grid along ``axis``, in reading order."""
    dr, dc = axis.step
    return [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if not (0 <= r - dr < rows and 0 <= c - dc < cols)
    ]


def walk(start: Cell, axis: Direction, rows: int, cols: int) -> list[Cell]:
    """The cells from ``start`` along ``axis`` up to the edge of the grid."""
    (r, c), (dr, dc) = start, axis.step
    cells = []
    while 0 <= r < rows and 0 <= c < cols:
        cells.append((r, c))
        r, c = r + dr, c + dc
    return cells


def grid_lines(rows: int, cols: int) -> list[tuple[Direction, list[Cell]]]:
    """Every line of the grid along the four axes, axis by axis, each as its cells."""
    return [
        (axis, walk(start, axis, rows, cols))
        for axis in AXES
        for start in line_starts(rows, cols, axis)
    ]


def longest_fitting(rows: int, cols: int, directions: Sequence[Direction]) -> int:
    """The longest word that fits in a ``rows`` × ``cols`` grid in any of ``directions``."""
    lengths = []
    for direction in directions:
        dr, dc = direction.step
        lengths.append(min(rows if dr else math.inf, cols if dc else math.inf))
    return int(max(lengths))


class PositionSpace:
    """All ``(start, direction)`` positions a word of ``length`` letters has in the grid."""

    def __init__(self, rows: int, cols: int, length: int, directions: Sequence[Direction]):
        self.parts: list[tuple[Direction, int, int, int, int]] = []
        self.total = 0
        for direction in directions:
            dr, dc = direction.step
            r0, nr = _axis_range(rows, length, dr)
            c0, nc = _axis_range(cols, length, dc)
            if nr > 0 and nc > 0:
                self.parts.append((direction, r0, nr, c0, nc))
                self.total += nr * nc

    def position(self, i: int) -> tuple[int, int, Direction]:
        """The ``i``-th position as ``(row, col, direction)``."""
        for direction, r0, nr, c0, nc in self.parts:
            if i < nr * nc:
                r, c = divmod(i, nc)
                return r0 + r, c0 + c, direction
            i -= nr * nc
        raise IndexError(i)

    def random_order(self, rng: Rng) -> Iterator[tuple[int, int, Direction]]:
        """Every position once, in a random order; each next one is in a direction drawn uniformly.

        Drawing the direction first keeps diagonals as likely as rows and columns, although
        a long word has far fewer diagonal positions.
        """
        orders = [_permutation(nr * nc, rng) for _, _, nr, _, nc in self.parts]
        active = list(range(len(self.parts)))
        while active:
            k = rng.below(len(active))
            part = active[k]
            i = next(orders[part], None)
            if i is None:
                active.pop(k)
                continue
            direction, r0, _, c0, nc = self.parts[part]
            r, c = divmod(i, nc)
            yield r0 + r, c0 + c, direction


def _permutation(n: int, rng: Rng) -> Iterator[int]:
    """0 … n-1 in a random order, without a list: an affine map i → (a·i + b) mod n."""
    step = 1
    if n > 2:
        step = 1 + rng.below(n - 1)
        while math.gcd(step, n) != 1:
            step = 1 + rng.below(n - 1)
    offset = rng.below(n) if n else 0
    for i in range(n):
        yield (i * step + offset) % n


def _axis_range(size: int, length: int, delta: int) -> tuple[int, int]:
    """First valid start and number of starts along one axis."""
    if delta == 0:
        return 0, size
    if delta > 0:
        return 0, size - length + 1
    return length - 1, size - length + 1
