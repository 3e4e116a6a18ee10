"""The guarantees, stated as properties over random word lists, sizes and levels.

For any input, ``generate`` returns a puzzle in which every word stands exactly once
(checked by an independent scan), or it raises the documented DoesNotFitError. It never
returns a wrong puzzle.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scan import assert_exactly_once
from wortsuche import DoesNotFitError, generate
from wortsuche.levels import LEVELS
from wortsuche.verification.verifier import verify_puzzle

# Few letters make words that contain, reverse and overlap each other: the hard cases.
SMALL_ALPHABET = "ADS"
GERMAN = "AEINRSTÄÖÜẞ"


def _word(alphabet: str, min_size: int = 1, max_size: int = 7) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=min_size, max_size=max_size)


@st.composite
def word_lists(draw: st.DrawFn) -> list[str]:
    alphabet = draw(
        st.sampled_from([SMALL_ALPHABET, "ABCDE", GERMAN, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"])
    )
    words = draw(st.lists(_word(alphabet), min_size=1, max_size=8))
    # Add the hard shapes on purpose: palindromes, words inside and reversed inside others.
    extras = []
    if words and draw(st.booleans()):
        base = words[0]
        extras += [base + base[::-1], base[::-1] + "A"]
    if len(words) > 1 and draw(st.booleans()):
        extras.append(words[1][: max(1, len(words[1]) // 2)])
    return list(dict.fromkeys(words + extras))


sizes = st.integers(min_value=2, max_value=14)
levels = st.sampled_from(sorted(LEVELS))


SUCCESS_SHARE = 0.4
"""Random cases that must produce a puzzle (53–59 % did in three runs of 250; many random sizes
are too small for their words): a search that quietly gave up more often would still pass the
property alone, since "does not fit" is an allowed answer."""


def test_generate_gives_a_correct_puzzle_or_the_documented_error() -> None:
    outcomes: list[bool] = []

    @settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(words=word_lists(), rows=sizes, cols=sizes, level=levels, seed=st.integers(0, 2**32))
    def correct_or_documented_error(
        words: list[str], rows: int, cols: int, level: str, seed: int
    ) -> None:
        try:
            puzzle = generate(words, rows, cols, level=level, seed=seed)
        except DoesNotFitError as error:
            assert str(error)  # a message for the user, never an empty error
            outcomes.append(False)
            return
        assert verify_puzzle(puzzle).ok
        assert_exactly_once(puzzle)
        assert (puzzle.rows, puzzle.cols) == (rows, cols)
        assert all(len(row) == cols for row in puzzle.grid.rows)
        outcomes.append(True)

    correct_or_documented_error()
    share = sum(outcomes) / len(outcomes)
    assert share >= SUCCESS_SHARE, f"only {share:.0%} of {len(outcomes)} random cases made a puzzle"


@settings(max_examples=80, deadline=None)
@given(words=word_lists(), level=levels, seed=st.integers(0, 2**32))
def test_without_a_size_every_list_gets_a_puzzle(words: list[str], level: str, seed: int) -> None:
    puzzle = generate(words, level=level, seed=seed)
    assert verify_puzzle(puzzle).ok
    assert_exactly_once(puzzle)
    assert any("chosen from the words" in note for note in puzzle.notes)


@settings(max_examples=60, deadline=None)
@given(words=word_lists(), rows=sizes, cols=sizes, seed=st.integers(0, 2**32))
def test_an_absent_puzzle_contains_none_of_its_words(
    words: list[str], rows: int, cols: int, seed: int
) -> None:
    assume(
        all(len(w) > 1 for w in words)
    )  # a one-letter word absent means that letter never appears
    try:
        puzzle = generate(words, rows, cols, level="evil", absent=True, seed=seed)
    except DoesNotFitError:
        return
    assert puzzle.placements == {}
    assert verify_puzzle(puzzle).ok
    assert_exactly_once(puzzle)


@settings(max_examples=60, deadline=None)
@given(words=word_lists(), rows=sizes, cols=sizes, level=levels, seed=st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_puzzle(
    words: list[str], rows: int, cols: int, level: str, seed: int
) -> None:
    try:
        first = generate(words, rows, cols, level=level, seed=seed)
    except DoesNotFitError:
        with pytest.raises(DoesNotFitError):
            generate(words, rows, cols, level=level, seed=seed)
        return
    second = generate(words, rows, cols, level=level, seed=seed)
    assert first.grid == second.grid
    assert first.placements == second.placements


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(_word(GERMAN + "ÉÑÇ", 2, 6), min_size=1, max_size=6).filter(
        lambda ws: any(set("ẞÉÑÇ") & set(w) for w in ws)
    ),
    size=st.integers(min_value=6, max_value=12),
    level=levels,
    filler=st.sampled_from(["alphabet", "even", "unused", "other", "words", "traps"]),
    seed=st.integers(0, 2**32),
)
def test_letters_a_child_does_not_know_stand_only_in_the_words_cells(
    words: list[str], size: int, level: str, filler: str, seed: int
) -> None:
    # The capital ẞ and Latin letters German and English schools do not teach (É, Ñ, Ç) are
    # never filler. Decoys are false leads cut from the words on purpose, so they may hold one:
    # only filler is meant here.
    try:
        puzzle = generate(words, size, size, level=level, filler=filler, decoys="none", seed=seed)
    except DoesNotFitError:
        return
    in_words = {cell for placement in puzzle.placements.values() for cell in placement.cells}
    filler_cells = [
        letter
        for r, row in enumerate(puzzle.grid.rows)
        for c, letter in enumerate(row)
        if (r, c) not in in_words
    ]
    assert not set("ẞÉÑÇ") & set(filler_cells)
