"""Seeded randomness that gives the same puzzle on every Python version and machine.

Only ``random.Random.random()`` is promised to repeat its sequence for a seed across
Python releases; ``randrange``, ``shuffle`` and ``choices`` are not. Everything here is
derived from ``random()`` alone, so a seed means the same puzzle everywhere.
"""

from __future__ import annotations

import bisect
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
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
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
