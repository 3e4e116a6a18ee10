"""What a puzzle keeps for the next one (a small list's prepared words, lexicon, alphabet and
verifier readings, a small board's line indexes) changes no puzzle: the same seed makes the same puzzle with or without it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche import InputError, generate
from wortsuche.grid import board, lexicon
from wortsuche.verification import verifier
from wortsuche.words import alphabet, wordset
from wortsuche.words.alphabet import language_alphabet

LISTS = [
    ["HAUS", "MAUS", "BAUM", "GARTEN", "KATZE", "HUND", "VOGEL", "BLUME"],
    ["Größe", "Straße", "Bär", "Öl", "Tür", "Käse", "Übung", "Ärger"],
    ["APPLE", "PEAR", "PLUM", "GRAPE", "LEMON", "MANGO", "PEACH", "MELON", "KIWI"],
]


def forget() -> None:
    """Start as a fresh process would: nothing kept."""
    lexicon._kept.cache_clear()
    alphabet._kept_alphabet.cache_clear()
    board._kept_line_indexes.cache_clear()
    verifier._kept_readings.cache_clear()
    wordset._kept_prepared.cache_clear()


def fingerprint(words: list[str], level: str, seed: int) -> tuple[object, ...]:
    puzzle = generate(words, 12, 12, level=level, seed=seed)
    placed = sorted((w, p.start, p.direction) for w, p in puzzle.placements.items())
    return puzzle.grid.rows, placed, puzzle.notes


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(LISTS),
    st.sampled_from(["easy", "medium", "hard"]),
    st.integers(0, 10_000),
)
def test_the_same_seed_makes_the_same_puzzle_whatever_was_kept(
    words: list[str], level: str, seed: int
) -> None:
    forget()
    fresh = fingerprint(words, level, seed)
    for other in LISTS:  # other lists, sizes and levels before: what is kept is theirs too
        generate(other, 15, 15, level="hard", seed=seed + 1)
    assert fingerprint(words, level, seed) == fresh
    assert fingerprint(words, level, seed) == fresh


def test_each_caller_gets_its_own_alphabet() -> None:
    words = ["HAUS", "MAUS"]
    first = language_alphabet("auto", words)
    first["Q"] = 99.0
    assert language_alphabet("auto", words) != first
    assert language_alphabet("auto", words) == alphabet._language_alphabet("auto", tuple(words))


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["Straße", "Tür", "rut", "TUR", "Igel = ein Tier", "ice cream"]),
            st.text("aBüß -", min_size=1, max_size=6),
        ),
        min_size=1,
        max_size=8,
    ),
    st.booleans(),
    st.sampled_from(["keep", "ss"]),
)
def test_kept_words_are_the_words_prepared_afresh(
    entries: list[str], transliterate: bool, eszett: str
) -> None:
    forget()
    try:
        fresh = wordset._prepared(entries, transliterate, eszett)
    except InputError as error:
        with pytest.raises(InputError) as raised:
            wordset.prepare_words(entries, transliterate=transliterate, eszett=eszett)
        assert raised.value.key == error.key
        return
    for _ in range(2):
        words, notes = wordset.prepare_words(entries, transliterate=transliterate, eszett=eszett)
        assert (words, tuple(notes)) == fresh
        assert [n.values for n in notes] == [n.values for n in fresh[1]]
        notes.append("mine")  # the caller's own list
