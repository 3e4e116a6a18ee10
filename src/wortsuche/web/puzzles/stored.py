"""A stored puzzle as the web keeps and shows it: saved, found by its id, shown without its
answers, and kept from anyone but its class while its teacher keeps the answers."""

from __future__ import annotations

import json
from typing import Any

from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.filling.message import message_shape
from wortsuche.levels import level_description
from wortsuche.model import Puzzle
from wortsuche.notes import Note
from wortsuche.puzzle_json import dumps, loads
from wortsuche.web.checks import is_puzzle_id
from wortsuche.web.errors import ApiError
from wortsuche.web.schemas import MessageShape, PublicPuzzle
from wortsuche.web.storage import Storage, StoredPuzzle
from wortsuche.words.clues import listed


def save(storage: Storage, puzzle: Puzzle, title: str, request: dict[str, Any]) -> StoredPuzzle:
    """Store a new puzzle."""
    return storage.add(title=title, request=json.dumps(request), puzzle=dumps(puzzle, indent=None))


def answers_locked(storage: Storage, puzzle_id: str) -> None:
    """Refuse with 403 the answers of a class's puzzle until its teacher shows them."""
    if storage.keeps_answers(puzzle_id):
        raise ApiError(
            403, Note("the teacher has not shown the answers yet", key="api.answers-locked")
        )


def class_checks_only(storage: Storage, puzzle_id: str) -> None:
    """Refuse with 403 a check of a class's puzzle outside its class, until the answers are shown."""
    if storage.keeps_answers(puzzle_id):
        raise ApiError(
            403,
            Note(
                "this puzzle belongs to a class: play it on the class page, where the server checks"
                " every find",
                key="api.class-checks",
            ),
        )


def find(storage: Storage, puzzle_id: str) -> StoredPuzzle:
    """The stored puzzle with this id, or a 404."""
    stored = storage.get(puzzle_id) if is_puzzle_id(puzzle_id) else None
    if stored is None:
        raise ApiError(
            404, Note("there is no puzzle with this id (check the link)", key="api.no-puzzle")
        )
    return stored


def public(stored: StoredPuzzle) -> PublicPuzzle:
    """What a player may see of a stored puzzle."""
    puzzle = loads(stored.puzzle)
    return PublicPuzzle(
        id=stored.id,
        url=f"/p/{stored.id}",
        title=stored.title,
        level=puzzle.level,
        level_description=level_description(puzzle.level, puzzle.options.grid),
        rows=puzzle.rows,
        cols=puzzle.cols,
        seed=puzzle.seed,
        grid=list(puzzle.grid.rows),
        # a word with a clue is listed by its clue: the player finds the word; a teacher's own
        # picture as its data URL, which the page draws
        words=[listed(word, pictures=True) for word in puzzle.words],
        notes=list(puzzle.notes),
        created=stored.created,
        difficulty=rate_puzzle(puzzle).score,
        secret_count=len(puzzle.secret_words),
        wrap=puzzle.options.wrap,
        topology=puzzle.topology.to_dict(),
        message=None
        if puzzle.message is None
        else MessageShape(
            shape=message_shape(puzzle.message.text), length=len(puzzle.message.letters)
        ),
    )
