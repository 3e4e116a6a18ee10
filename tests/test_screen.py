"""The offensive-word screen: filler and decoys never spell a screened word, in any direction.

Where the user's own placed words meet and spell one, they stand as the user placed them.

The cases plant prefixes of a screened word as the listed words and fill with their letters
only, so without the screen the grid would spell it again and again.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scan import assert_exactly_once, occurrences
from wortsuche import generate
from wortsuche.errors import DoesNotFitError
from wortsuche.words.screen import screen_for, screened_words

# A listed prefix and listed words full of the missing letter: the filler is pushed to finish it.
PLANTED = [(["FUC", "KIK", "KAK"], "FUCK"), (["ARSC", "HAH", "HOH"], "ARSCH")]
LEVELS = ("hard", "evil")


def outside_placements(puzzle: object, word: str) -> int:
    """Occurrences of ``word`` that use a cell no placed word covers: the filler's or a decoy's."""
    covered = {cell for p in puzzle.placements.values() for cell in p.cells}  # type: ignore[attr-defined]
    return sum(
        1
        for cells in occurrences(puzzle.grid.rows, word)  # type: ignore[attr-defined]
        if not cells <= covered
    )


@pytest.mark.parametrize(("words", "screened"), PLANTED)
def test_planted_prefixes_never_complete_the_screened_word(words: list[str], screened: str) -> None:
    assert screened in screened_words()
    for level in LEVELS:
        for seed in range(10):
            puzzle = generate(words, 7, 7, level=level, seed=seed)
            assert outside_placements(puzzle, screened) == 0
            assert_exactly_once(puzzle)


def test_without_the_screen_the_same_cases_spell_it() -> None:
    spelled = sum(
        outside_placements(
            generate(words, 7, 7, level=level, seed=seed, allow_offensive=True), screened
        )
        for words, screened in PLANTED
        for level in LEVELS
        for seed in range(10)
    )
    assert spelled > 0  # so the test above can fail (6 times in these 40 puzzles when written)


def test_a_word_the_list_asks_for_is_not_screened() -> None:
    assert "SEX" not in screen_for(["SEX", "KATZE"])
    puzzle = generate(["Sex", "Katze"], 6, 6, level="easy", seed=1)
    assert "SEX" in puzzle.placements


@settings(max_examples=25, deadline=None)
@given(
    words=st.lists(st.text("ACEFHIKSTU", min_size=3, max_size=5), min_size=2, max_size=5),
    seed=st.integers(0, 999),
)
def test_no_screened_word_stands_outside_the_placements(words: list[str], seed: int) -> None:
    try:
        puzzle = generate(words, 8, 8, level="evil", seed=seed)
    except DoesNotFitError:
        return
    for screened in screen_for([w.letters for w in puzzle.words]):
        assert outside_placements(puzzle, screened) == 0, screened


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.sampled_from(sorted(screened_words())), st.text("ACFKSU", min_size=1)),
        max_size=6,
    ),
    st.booleans(),
)
def test_the_screen_of_a_list_is_every_screened_word_it_does_not_ask_for(
    words: list[str], backwards: bool
) -> None:
    words = [w[::-1] for w in words] if backwards else words
    asked = set(words) | {w[::-1] for w in words}
    assert screen_for(words) == tuple(sorted(screened_words() - asked))
