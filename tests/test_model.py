"""The vocabulary's values are values: a finished puzzle cannot be changed, hashes and pickles."""

from __future__ import annotations

import pickle

import pytest

import wortsuche
from wortsuche.model import Placements


def _puzzle() -> wortsuche.Puzzle:
    return wortsuche.generate(["HUND", "KATZE", "MAUS"], 6, 6, seed=3)


def test_a_finished_puzzles_placements_cannot_be_changed() -> None:
    puzzle = _puzzle()
    with pytest.raises(AttributeError):
        puzzle.placements.clear()  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        puzzle.placements["HUND"] = puzzle.placements["KATZE"]  # type: ignore[index]
    assert set(puzzle.placements) == {"HUND", "KATZE", "MAUS"}


def test_a_puzzle_hashes_and_equals_its_twin() -> None:
    first, second = _puzzle(), _puzzle()
    assert first == second
    assert hash(first) == hash(second)
    assert len({first, second}) == 1


def test_a_puzzle_survives_pickling_whole() -> None:
    puzzle = _puzzle()
    again = pickle.loads(pickle.dumps(puzzle))
    assert again == puzzle
    assert isinstance(again.placements, Placements)


def test_placements_equal_the_dict_they_were_made_from() -> None:
    puzzle = _puzzle()
    as_dict = dict(puzzle.placements)
    assert puzzle.placements == as_dict
    assert as_dict == puzzle.placements
    assert Placements(as_dict) == puzzle.placements
