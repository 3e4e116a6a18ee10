"""The puzzle endpoints: create, fetch, hint, check, reveal, again (``/api/puzzles``).

Answers never leave the server before "reveal": the play page gets the grid and the word list,
and asks the server whether a selection is a word. The endpoints are thin: the request becomes
a spec (:mod:`.request`), a worker makes it (:mod:`.making`), the store keeps it (:mod:`.stored`).

The endpoints that generate are ``async``: they wait for a generation slot without holding one
of the server's threads, so reading puzzles never waits behind generation. The ones that only
read are plain functions (run in the thread pool, SQLite blocks).
"""

from __future__ import annotations

import json
import time

from fastapi import APIRouter, Depends, Request
from starlette.concurrency import run_in_threadpool

from wortsuche.i18n import translator
from wortsuche.notes import Note
from wortsuche.puzzle_json import loads
from wortsuche.spec import PuzzleSpec
from wortsuche.web.errors import ApiError
from wortsuche.web.making import make_puzzle
from wortsuche.web.pages import page_language
from wortsuche.web.puzzles.dependencies import Making, Stored, within_rate
from wortsuche.web.puzzles.making import unless_disconnected
from wortsuche.web.puzzles.request import checked_spec, puzzle_spec, said_split
from wortsuche.web.puzzles.stored import answers_locked, class_checks_only, find, public, save
from wortsuche.web.schemas import (
    BUSY,
    ERRORS,
    Answers,
    CheckResult,
    Hint,
    HintRequest,
    NewPuzzle,
    PublicPuzzle,
    Selection,
)
from wortsuche.web.selection import answers, check
from wortsuche.words.vocabulary import unpictured_note

router = APIRouter(prefix="/api/puzzles", responses=ERRORS)


@router.post("", status_code=201, responses=BUSY, dependencies=[Depends(within_rate("create"))])
async def create_puzzle(
    new: NewPuzzle, request: Request, storage: Stored, generator: Making
) -> PublicPuzzle:
    """Make a puzzle from a word list and save it under a new short id."""
    arrived = time.monotonic()
    asked = puzzle_spec(new)
    work = make_puzzle(generator, asked.spec, arrived, asked.target)
    puzzle = await unless_disconnected(request, work)
    title = asked.spec.title or ""
    stored = await run_in_threadpool(save, storage, puzzle, title, asked.stored())
    texts = translator(page_language(request))
    # the fresh puzzle's notes still name their catalogue entries; the stored copy is English
    said = [*said_split(asked.split, texts), *(texts.say(note) for note in puzzle.notes)]
    if asked.unpictured:
        said.append(texts.say(unpictured_note(list(asked.unpictured))))
    return public(stored).model_copy(update={"notes": said})


@router.get("/{puzzle_id}")
def get_puzzle(puzzle_id: str, storage: Stored) -> PublicPuzzle:
    """The grid and the word list of a puzzle, without the answers (nor, for a class's copy,
    the seed)."""
    shown = public(find(storage, puzzle_id))
    if storage.assignment_of_puzzle(puzzle_id) is not None:
        shown = shown.model_copy(update={"seed": None})
    return shown


@router.post("/{puzzle_id}/hint", dependencies=[Depends(within_rate("reveal"))])
def hint(puzzle_id: str, asked: HintRequest, storage: Stored) -> Hint:
    """Where one word begins: the first letter's cell, for a player who is stuck."""
    puzzle = loads(find(storage, puzzle_id).puzzle)
    answers_locked(storage, puzzle_id)
    if not 0 <= asked.index < len(puzzle.words):
        raise ApiError(
            422,
            Note(
                f"there is no word number {asked.index}",
                key="api.no-word-number",
                values={"index": asked.index},
            ),
            "index",
        )
    placement = puzzle.placements.get(puzzle.words[asked.index].letters)
    if placement is None:
        raise ApiError(404, Note("that word is not in the grid", key="api.word-not-in-grid"))
    return Hint.of(asked.index, puzzle.cells_of(placement))


@router.post("/{puzzle_id}/check", dependencies=[Depends(within_rate("check"))])
def check_selection(puzzle_id: str, selection: Selection, storage: Stored) -> CheckResult:
    """Whether the straight line from ``start`` to ``end`` covers a hidden word (either way).

    A class's copy is checked only through the class (which records each find), until its
    teacher shows the answers: an unrecorded check would let a script test every line."""
    puzzle = loads(find(storage, puzzle_id).puzzle)
    class_checks_only(storage, puzzle_id)
    return check(puzzle, selection.start, selection.end, selection.step)


@router.post("/{puzzle_id}/reveal", dependencies=[Depends(within_rate("reveal"))])
def reveal(puzzle_id: str, storage: Stored) -> Answers:
    """Every word's position, in word-list order."""
    puzzle = loads(find(storage, puzzle_id).puzzle)
    answers_locked(storage, puzzle_id)
    return answers(puzzle)


@router.post(
    "/{puzzle_id}/again",
    status_code=201,
    responses=BUSY,
    dependencies=[Depends(within_rate("create"))],
)
async def again(
    puzzle_id: str,
    request: Request,
    storage: Stored,
    generator: Making,
    level: str | None = None,
) -> PublicPuzzle:
    """A new grid with the same words, size request and level (a new id; the old one stays).

    ``?level=`` asks for another level (the "harder" and "easier" of the finished game).
    """
    arrived = time.monotonic()
    stored = await run_in_threadpool(find, storage, puzzle_id)
    old = loads(stored.puzzle)
    asked = json.loads(stored.request)  # rows and cols as asked: numbers, or null for auto
    options = dict(asked.get("options") or {})  # older puzzles were stored without options
    if level is not None:
        asked["level"] = level
    target = options.pop("difficulty", None)
    title = stored.title or None
    spec = checked_spec(
        PuzzleSpec(
            old.words,
            asked["rows"],
            asked["cols"],
            level=level or old.level,
            title=title,
            **options,
        )
    )
    puzzle = await unless_disconnected(request, make_puzzle(generator, spec, arrived, target))
    return public(await run_in_threadpool(save, storage, puzzle, stored.title, asked))
