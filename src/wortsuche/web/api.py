"""The names the classroom and theme modules import from before the puzzle endpoints moved into
:mod:`wortsuche.web.puzzles`; new code imports them from there."""

from __future__ import annotations

from wortsuche.web.puzzles.making import make_puzzle, new_generator
from wortsuche.web.puzzles.request import (
    checked_language,
    checked_seed,
    checked_size,
    checked_title,
    split_words,
)
from wortsuche.web.puzzles.selection import accepted_places, answers, selected_runs, words_along
from wortsuche.web.puzzles.stored import is_puzzle_id

__all__ = [
    "accepted_places",
    "answers",
    "checked_language",
    "checked_seed",
    "checked_size",
    "checked_title",
    "is_puzzle_id",
    "make_puzzle",
    "new_generator",
    "selected_runs",
    "split_words",
    "words_along",
]
