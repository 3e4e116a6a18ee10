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

from wortsuche.model import Cell, Direction, line_length
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


def torus_lines(rows: int, cols: int) -> list[tuple[Direction, list[Cell]]]:
    """Every line of a ``rows`` × ``cols`` torus (``--wrap``) along the four axes, each as its
    cells once round: a line leaving the grid comes back on the other side until it meets its
    first cell again. A diagonal visits ``lcm(rows, cols)`` cells, so there are ``gcd`` of them.

    >>> [cells for axis, cells in torus_lines(2, 3) if axis is Direction.SE]
    [[(0, 0), (1, 1), (0, 2), (1, 0), (0, 1), (1, 2)]]
    """
    lines: list[tuple[Direction, list[Cell]]] = []
    for axis in AXES:
        n = line_length(rows, cols, axis)
        dr, dc = axis.step
        if axis is Direction.E:
            starts = [(r, 0) for r in range(rows)]
        elif axis is Direction.S:
            starts = [(0, c) for c in range(cols)]
        else:  # a diagonal through (0, c) holds every cell whose col ∓ row is c modulo gcd
            starts = [(0, c) for c in range(math.gcd(rows, cols))]
        for r, c in starts:
            lines.append((axis, [((r + i * dr) % rows, (c + i * dc) % cols) for i in range(n)]))
    return lines


def runs_between(start: Cell, end: Cell, rows: int, cols: int) -> list[tuple[Cell, ...]]:
    """Every straight run of cells from ``start`` to ``end`` on a ``rows`` × ``cols`` torus, at
    most once round its line, shortest first: what a player may mean by marking two cells.

    >>> runs = runs_between((0, 3), (0, 0), 3, 4)
    >>> runs[:2]
    [((0, 3), (0, 0)), ((0, 3), (0, 2), (0, 1), (0, 0))]
    >>> [len(run) for run in runs]  # → over the edge, ←, two diagonals, two round the torus
    [2, 4, 4, 4, 10, 10]
    """
    runs = []
    for direction in Direction:
        dr, dc = direction.step
        for k in range(1, line_length(rows, cols, direction)):
            if ((start[0] + k * dr) % rows, (start[1] + k * dc) % cols) == end:
                run = [
                    ((start[0] + i * dr) % rows, (start[1] + i * dc) % cols) for i in range(k + 1)
                ]
                runs.append(tuple(run))
                break
    return sorted(runs, key=len)


def longest_fitting(
    rows: int, cols: int, directions: Sequence[Direction], *, wrap: bool = False
) -> int:
    """The longest word that fits in a ``rows`` × ``cols`` grid in any of ``directions``
    (with ``wrap``, on a torus: as long as the longest line)."""
    if wrap:
        return max(line_length(rows, cols, d) for d in directions)
    lengths = []
    for direction in directions:
        dr, dc = direction.step
        lengths.append(min(rows if dr else math.inf, cols if dc else math.inf))
    return int(max(lengths))


class PositionSpace:
    """All ``(start, direction)`` positions a word of ``length`` letters has in the grid.

    With ``wrap`` (a torus) every cell starts a position in every direction whose line is at
    least ``length`` cells long.
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        length: int,
        directions: Sequence[Direction],
        *,
        wrap: bool = False,
    ):
        self.parts: list[tuple[Direction, int, int, int, int]] = []
        self.total = 0
        for direction in directions:
            dr, dc = direction.step
            if wrap:
                fits = length <= line_length(rows, cols, direction)
                r0, nr, c0, nc = 0, rows if fits else 0, 0, cols
            else:
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
