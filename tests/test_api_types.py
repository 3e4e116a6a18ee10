"""Wrongly typed arguments to the Python API are an InputError naming the argument."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wortsuche.errors import InputError, UserError
from wortsuche.model import Direction, Word
from wortsuche.pipeline.run import generate
from wortsuche.puzzle_json import dumps
from wortsuche.spec import API, declared
from wortsuche.verification.solver import solve
from wortsuche.verification.verifier import verify, verify_puzzle

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


@pytest.mark.parametrize(
    ("changes", "named"),
    [
        ({"mask": 5}, "mask must be a list of rows, not 5"),
        ({"mask": [1, 2]}, "mask must be a list of rows"),
        ({"mask": [b"##"]}, "mask must be a list of rows"),
        ({"secret": [1]}, "secret must be a list of words"),
        ({"shape": ["circle"]}, "shape must be text"),
        ({"message": b"HI"}, "message must be text"),
        ({"within": 5}, "within must be the Budget of a larger search, not int"),
    ],
    ids=repr,
)
def test_a_keyword_of_the_shape_or_the_hidden_words_is_checked_too(
    changes: dict[str, Any], named: str
) -> None:
    with pytest.raises(InputError, match=re.escape(named)):
        generate(WORDS, **changes)


HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**6),
    st.floats(),
    st.text(max_size=8),
    st.binary(max_size=4),
    st.lists(st.one_of(st.integers(-1, 3), st.text("#.EAB", max_size=4), st.none()), max_size=4),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([object(), Direction.E, [Direction.N], ["#.", "##"], Word("IGEL", "IGEL")]),
)
"""A value of any kind, for a keyword that wants one kind."""


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from([option.name for option in declared(API)]), value=HOSTILE)
def test_every_keyword_of_the_api_takes_its_kind_or_is_a_user_error(name: str, value: Any) -> None:
    changes = {"seed": 1, "effort": 1, name: value}  # a value taken is not searched for long
    try:
        generate(WORDS, 6, 6, **changes)
    except UserError as error:
        assert str(error) and "\n" not in str(error)


def test_verify_solve_and_writing_refuse_what_is_no_grid_words_or_puzzle() -> None:
    puzzle = generate(WORDS, 6, 6, seed=1)
    for grid in (5, [1, 2], None):
        with pytest.raises(InputError, match="a grid is a Grid or a list of rows"):
            solve(grid, WORDS)  # type: ignore[arg-type]
        with pytest.raises(InputError, match="a grid is a Grid or a list of rows"):
            verify(grid, puzzle.words)  # type: ignore[arg-type]
    for words in (5, "TORF", ["TORF"]):
        with pytest.raises(InputError, match="verify checks a list of Word values"):
            verify(puzzle.grid, words)  # type: ignore[arg-type]
    assert verify(puzzle.grid, iter(puzzle.words)).ok
    with pytest.raises(InputError, match="a puzzle is written from a Puzzle, not from int"):
        dumps(5)  # type: ignore[arg-type]
