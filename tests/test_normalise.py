"""Normalisation: what the user typed becomes one letter per cell."""

from __future__ import annotations

import pytest

from wortsuche import InputError
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
