"""The floor of selecting a word: what a person cannot do is marked, what a person does is not.

Stated as properties over any run of finds (hypothesis), then on a database written by the
release before finds were timed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wortsuche.web.plausibility import (
    RUN_FINDS,
    SEARCH_SECONDS,
    TimedFind,
    claimed_finds,
    implausible,
    least_seconds,
)

cells = st.integers(2, 50)


def timed(gaps_and_cells: list[tuple[float, int]]) -> list[TimedFind]:
    """Finds one selection each, in order, ``gap`` seconds after the one before."""
    finds, at = [], 0.0
    for number, (gap, size) in enumerate(gaps_and_cells):
        at += gap
        finds.append(TimedFind(f"W{number}", round(at, 3), gap, size))
    return finds


@given(st.lists(st.tuples(st.floats(0, 600), cells), max_size=40))
def test_a_find_with_time_to_search_and_select_is_never_marked(
    finds: list[tuple[float, int]],
) -> None:
    paced = [(least_seconds(size) + SEARCH_SECONDS + gap, size) for gap, size in finds]
    assert implausible(timed(paced)) == set()


@given(
    st.lists(st.tuples(st.floats(0, 600), cells), max_size=20),
    st.integers(2, 50),
    st.floats(0, 0.999),
)
def test_a_find_faster_than_its_floor_is_marked_whatever_came_before(
    before: list[tuple[float, int]], size: int, share: float
) -> None:
    finds = timed([*before, (least_seconds(size) * share, size)])
    assert finds[-1].word in implausible(finds)


@given(st.integers(0, 40), st.integers(0, 40), st.floats(0, 0.999))
def test_a_run_of_hurried_finds_is_marked_when_it_is_long_enough(
    ahead: int, length: int, share: float
) -> None:
    # finds past the floor of selecting but with less than the time to search
    slow = [(least_seconds(4) + SEARCH_SECONDS + 5, 4)] * ahead
    hurried = [(least_seconds(4) + SEARCH_SECONDS * share, 4)] * length
    finds = timed([*slow, *hurried])
    marked = implausible(finds)
    if length >= RUN_FINDS:
        assert marked == {find.word for find in finds[ahead:]}
    else:
        assert marked == set()


def test_words_of_one_selection_make_one_find_of_the_run() -> None:
    hurried = least_seconds(4) + 1.0
    finds = [TimedFind(f"W{n}", 10.0 + n * hurried, hurried, 4) for n in range(RUN_FINDS - 1)]
    inside = TimedFind("INSIDE", finds[-1].at, hurried, 4)  # found with the last, one selection
    assert implausible([*finds, inside]) == set()


@pytest.mark.parametrize(
    ("finds", "marked"),
    [
        ([("IGEL", 5.0), ("DACHS", 5.2)], {"DACHS"}),
        ([("IGEL", 5.0), ("REH", 5.0)], set()),  # one selection found both
        (
            [(w, 0.1 * n) for n, w in enumerate(["A1", "B2", "C3", "D4"], 1)],
            {"A1", "B2", "C3", "D4"},
        ),
    ],
)
def test_claimed_times_are_judged_by_the_same_rule(
    finds: list[tuple[str, float]], marked: set[str]
) -> None:
    assert implausible(claimed_finds(finds)) == marked
