"""The seeded shuffle is Fisher–Yates drawn with ``Rng.below``: the same order for a seed as
it always was, so no puzzle changes with the way it is written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche.rand import Rng


def plain_shuffle(rng: Rng, items: list[int]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 300))
def test_the_shuffle_is_fisher_yates_drawn_with_below(seed: int, length: int) -> None:
    ours, plain = Rng(seed), Rng(seed)
    items = list(range(length))
    expected = list(items)
    ours.shuffle(items)
    plain_shuffle(plain, expected)
    assert items == expected
    assert ours.random() == plain.random()  # as many draws taken


def test_a_draw_a_rounding_step_short_of_one_stays_in_range() -> None:
    class Last:
        def random(self) -> float:
            return 1 - 2**-53

    rng = Rng(0)
    rng._random = Last()  # type: ignore[assignment]
    items = list(range(2**20))
    rng.shuffle(items)
    assert sorted(items) == list(range(2**20))
