"""Wrongly typed arguments to the Python API are an InputError naming the argument."""

from __future__ import annotations

from typing import Any

import pytest

from wortsuche.errors import InputError
from wortsuche.model import Direction, Word
from wortsuche.pipeline.run import generate
from wortsuche.verification.verifier import verify_puzzle

WORDS = ["TORF", "VOR", "RAD", "EVA"]


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"level": ["easy"]}, "level"),
        ({"directions": 123}, "directions"),
        ({"directions": [123]}, "directions"),
        ({"word_letter_share": "50"}, "word_letter_share"),
        ({"word_letter_share": True}, "word_letter_share"),
        ({"seed": [1]}, "seed"),
        ({"seed": float("nan")}, "seed"),
        ({"seed": 1.0}, "seed"),
        ({"absent": "no"}, "absent"),
        ({"crossing": 5}, "crossing"),
        ({"filler": ["words"]}, "filler"),
        ({"decoys": 1}, "decoys"),
        ({"language": 3}, "language"),
        ({"transliterate": "yes"}, "transliterate"),
        ({"rows": "5", "cols": 5}, "rows"),
        ({"rows": 5, "cols": 5.0}, "columns"),
    ],
)
def test_a_wrongly_typed_option_is_an_input_error_naming_it(
    changes: dict[str, Any], named: str
) -> None:
    arguments: dict[str, Any] = {"rows": 6, "cols": 6, "seed": 1, **changes}
    with pytest.raises(InputError, match=named):
        generate(WORDS, **arguments)


@pytest.mark.parametrize(
    "words", [None, 5, "TORF", b"TORF", [None], ["TORF", None], ["TORF", 3]], ids=repr
)
def test_words_that_are_not_a_list_of_text_are_an_input_error(words: Any) -> None:
    with pytest.raises(InputError, match="words"):
        generate(words, 6, 6, seed=1)


@pytest.mark.parametrize(
    ("entry", "letters"),
    [("x", "A1"), ("x", ""), ("x", "A B"), ("x", "A\ud800"), (None, "A"), ("x", 5)],
    ids=repr,
)
def test_a_word_with_letters_that_are_not_letters_is_refused(entry: Any, letters: Any) -> None:
    with pytest.raises(InputError):
        Word(entry, letters)


def test_direction_names_are_accepted_as_well_as_directions() -> None:
    by_name = generate(WORDS, 6, 6, seed=1, directions=["E", "S"])
    by_value = generate(WORDS, 6, 6, seed=1, directions=[Direction.E, Direction.S])
    assert by_name == by_value
    assert verify_puzzle(by_name).ok


def test_the_wrong_kind_of_argument_is_a_clear_error_not_a_crash() -> None:
    from wortsuche.errors import PuzzleFormatError
    from wortsuche.puzzle_json import loads

    for wrong in (None, "TORF"):
        with pytest.raises(InputError, match="verify_puzzle checks a Puzzle, not"):
            verify_puzzle(wrong)  # type: ignore[arg-type]
    with pytest.raises(PuzzleFormatError, match="read from JSON text, not from dict"):
        loads({"format": "wortsuche-puzzle"})  # type: ignore[arg-type]
