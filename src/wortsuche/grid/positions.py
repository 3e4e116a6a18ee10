"""The positions a word may take on a grid: per direction, a block of starts or a list of them,
in order or in a random order (the searches' and decoys' candidates; each topology's
``positions`` makes them)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence

from wortsuche.model import Cell, Direction
from wortsuche.rand import Rng


class PositionSpace:
    """All ``(start, direction)`` positions a word has: per direction, a block of starts
    ``nr`` rows from ``r0`` by ``nc`` columns from ``c0``, or (:meth:`listed`) the starts
    themselves, where they are no block (the cells of a hexagon)."""

    def __init__(
        self,
        parts: Iterable[tuple[Direction, int, int, int, int]],
        starts: Sequence[Sequence[Cell] | None] | None = None,
    ) -> None:
        given = list(parts)
        listed = list(starts) if starts is not None else [None] * len(given)
        kept = [k for k, part in enumerate(given) if part[2] > 0 and part[4] > 0]
        self.parts = [given[k] for k in kept]
        self.starts = [listed[k] for k in kept]
        """Per part, its start cells in order, or None: the block's rows and columns."""
        self.total = sum(nr * nc for _, _, nr, _, nc in self.parts)

    @classmethod
    def listed(cls, starts: Iterable[tuple[Direction, Sequence[Cell]]]) -> PositionSpace:
        """The positions of each direction given by their start cells, in order."""
        pairs = list(starts)
        return cls([(d, 0, len(cells), 0, 1) for d, cells in pairs], [cells for _, cells in pairs])

    @property
    def directions(self) -> list[Direction]:
        """The directions that have a position, in order."""
        return [part[0] for part in self.parts]

    def __iter__(self) -> Iterator[tuple[int, int, Direction]]:
        """Every position as ``(row, col, direction)``: direction by direction, row by row."""
        for (direction, r0, nr, c0, nc), listed in zip(self.parts, self.starts, strict=True):
            if listed is not None:
                for r, c in listed:
                    yield r, c, direction
                continue
            for r in range(r0, r0 + nr):
                for c in range(c0, c0 + nc):
                    yield r, c, direction

    def position(self, i: int) -> tuple[int, int, Direction]:
        """The ``i``-th position as ``(row, col, direction)``."""
        for (direction, r0, nr, c0, nc), listed in zip(self.parts, self.starts, strict=True):
            if i < nr * nc:
                if listed is not None:
                    return (*listed[i], direction)
                r, c = divmod(i, nc)
                return r0 + r, c0 + c, direction
            i -= nr * nc
        raise IndexError(i)

    def random_order(self, rng: Rng) -> Iterator[tuple[int, int, Direction]]:
        """Every position once, in a random order; each next one is in a direction drawn uniformly.

        Drawing the direction first keeps diagonals as likely as rows and columns, although
        a long word has far fewer diagonal positions. Each direction's starts come in the order
        of :func:`permutation`, drawn when the direction is first picked; its state is kept
        here as numbers, not as a generator per direction (a search keeps the order of every
        word it has placed, and the garbage collector visits each generator's frame).

        The placement search draws tens of positions for each word it places, most of them
        refused at their first letters, so the draw is written out here: ``rng.below`` as its
        arithmetic on one ``rng.random()``, and each direction's next start as one addition
        (``taken · step + offset`` mod n, step by step). The same draws, the same order.
        """
        parts, starts = self.parts, self.starts
        sizes = [nr * nc for _, _, nr, _, nc in parts]
        steps = [0] * len(parts)  # step 0: not drawn yet
        at = [0] * len(parts)  # the next start's number in each direction's order
        left = sizes.copy()
        active = list(range(len(parts)))
        draw = rng.random
        while active:
            count = len(active)
            k = int(draw() * count)  # rng.below(count)
            if k >= count:
                k = count - 1
            part = active[k]
            n = sizes[part]
            step = steps[part]
            if not step:
                step, at[part] = permutation(n, rng)
                steps[part] = step
            if not left[part]:
                active.pop(k)
                continue
            left[part] -= 1
            i = at[part]
            at[part] = (i + step) % n
            listed = starts[part]
            if listed is not None:
                yield (*listed[i], parts[part][0])
                continue
            direction, r0, _, c0, nc = parts[part]
            r, c = divmod(i, nc)
            yield r0 + r, c0 + c, direction


def permutation(n: int, rng: Rng) -> tuple[int, int]:
    """A random order of 0 … n-1 without a list: ``(step, offset)`` of the affine map
    i → (step·i + offset) mod n, step coprime to n."""
    below = rng.below
    step = 1
    if n > 2:
        step = 1 + below(n - 1)
        while math.gcd(step, n) != 1:
            step = 1 + below(n - 1)
    offset = below(n) if n else 0
    return step, offset
