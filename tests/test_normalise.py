"""Normalisation: what the user typed becomes one letter per cell."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche import InputError
from wortsuche.words import normalise
from wortsuche.words.normalise import normalise_entry, normalise_words


@pytest.mark.parametrize(
    ("entry", "letters"),
    [
        ("torf", "TORF"),
        ("  Torf \t", "TORF"),
        ("Äpfel", "ÄPFEL"),
        ("A\u0308pfel", "ÄPFEL"),  # decomposed Ä becomes one cell (NFC)
        ("Straße", "STRAẞE"),  # ß stays one cell, the length does not change
        ("niño", "NIÑO"),
        ("Café", "CAFÉ"),
        ("Ice cream", "ICECREAM"),
        ("T-Shirt", "TSHIRT"),
        ("O'Neil", "ONEIL"),
    ],
)
def test_entries_become_upper_case_letters_one_per_cell(entry: str, letters: str) -> None:
    assert normalise_entry(entry).letters == letters


def test_the_entry_keeps_what_the_user_wrote() -> None:
    assert normalise_entry(" Ice cream ").entry == "Ice cream"


@pytest.mark.parametrize(
    ("entry", "letters"),
    [("Äpfel", "AEPFEL"), ("Straße", "STRASSE"), ("Übermaß", "UEBERMASS"), ("Café", "CAFE")],
)
def test_transliteration_gives_plain_a_to_z(entry: str, letters: str) -> None:
    assert normalise_entry(entry, transliterate=True).letters == letters


@pytest.mark.parametrize("entry", ["R2D2", "C3PO", "e-mail!", "a.b", "x_1", "🙂"])
def test_anything_else_than_letters_is_an_error_naming_the_entry(entry: str) -> None:
    with pytest.raises(InputError, match="line 4"):
        normalise_entry(entry, line=4)


@pytest.mark.parametrize("entry", ["", "   ", "--"])
def test_entries_without_letters_are_errors(entry: str) -> None:
    with pytest.raises(InputError):
        normalise_entry(entry)


def test_duplicates_are_removed_with_a_warning() -> None:
    words, warnings = normalise_words(["Torf", "TORF", "Vor"], lines=[3, 4, 5])
    assert [w.letters for w in words] == ["TORF", "VOR"]
    assert len(warnings) == 1 and "line 4" in warnings[0]


def test_a_word_and_its_reversal_share_their_cells_with_a_warning() -> None:
    words, warnings = normalise_words(["DAS", "SAD"])
    assert len(words) == 2
    assert "read backwards" in warnings[0]


def test_an_empty_list_is_an_error() -> None:
    with pytest.raises(InputError):
        normalise_words([])


@settings(max_examples=300, deadline=None)
@given(
    st.text(st.sampled_from("azAZqQ \t-'ßÄé\u0308"), min_size=1, max_size=9),
    st.sampled_from(normalise.ESZETT),
    st.booleans(),
)
def test_an_entry_of_a_to_z_is_the_same_word_as_letter_by_letter(
    entry: str, eszett: str, transliterate: bool
) -> None:
    """A–Z alone takes a short way; it makes the word the letter-by-letter way makes."""
    try:
        word = normalise_entry(entry, eszett=eszett, transliterate=transliterate)
    except InputError:
        word = None
    written = unicodedata.normalize("NFC", entry.strip())
    if not (written.isascii() and written.isalpha()):
        return
    letters = "".join(
        x for x in (normalise._cell(c) for c in written if c not in normalise.JOINERS) if x
    )
    if transliterate:
        letters = normalise._transliterate(letters)
    assert word is not None
    assert (word.entry, word.letters, word.clue) == (written, letters, None)
