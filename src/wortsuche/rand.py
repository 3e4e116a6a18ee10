"""Seeded randomness that gives the same puzzle on every Python version and machine.

Only ``random.Random.random()`` is promised to repeat its sequence for a seed across
Python releases; ``randrange``, ``shuffle`` and ``choices`` are not. Everything here is
derived from ``random()`` alone, so a seed means the same puzzle everywhere.
"""

from __future__ import annotations

import bisect
import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A reproducible random source; create one per puzzle and pass it down."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def random(self) -> float:
        """A float in [0, 1)."""
        return self._random.random()

    def below(self, n: int) -> int:
        """An integer in [0, n)."""
        return min(int(self._random.random() * n), n - 1)

    def choice(self, items: Sequence[T]) -> T:
        """One item, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates), each swap drawn as :meth:`below` draws
        (written out here: a call per item was half the shuffle's time)."""
        draw = self._random.random
        for i in range(len(items) - 1, 0, -1):
            j = int(draw() * (i + 1))
            if j > i:  # min(…, n - 1) of below: a draw a rounding step short of 1
                j = i
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        copy = list(items)
        self.shuffle(copy)
        return copy

    def weighted(self, items: Sequence[T], cumulative: Sequence[float]) -> T:
        """One item, drawn with the weights whose running totals are ``cumulative``."""
        x = self._random.random() * cumulative[-1]
        return items[min(bisect.bisect_right(cumulative, x), len(items) - 1)]


def new_seed() -> int:
    """A fresh seed from the operating system, for puzzles made without ``--seed``."""
    return random.SystemRandom().randrange(1, 10**9)


def version_seed(seed: int, index: int) -> int:
    """The seed of version ``index`` (0 for A) of the sheet made with ``seed``: A's is the seed
    itself, so one version is the plain puzzle; the others are derived from it (1 to 10**9).
    The command line's ``--versions`` and the web's A/B versions take them alike.

    >>> version_seed(7, 0), version_seed(7, 1) == version_seed(7, 1), version_seed(7, 1) != 7
    (7, True, True)
    """
    if index == 0:
        return seed
    digest = hashlib.sha256(f"wortsuche-version:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 10**9 + 1
