"""The puzzle as JSON (the versioned format of :mod:`wortsuche.puzzle_json`)."""

from __future__ import annotations

from typing import Any

from wortsuche.model import Puzzle
from wortsuche.puzzle_json import dumps


def render(puzzle: Puzzle, *, answers: bool = True, **_: Any) -> str:
    """The puzzle as JSON; it always holds the answers, so ``answers`` is accepted and ignored."""
    return dumps(puzzle)
