"""Play records: how long each word of a puzzle took, for calibrating the difficulty rating.

With ``wortsuche serve --record-play`` the play page sends, after every find, the game so far:
the puzzle's id, each find (word, seconds since the clock started, hints and wrong selections
before it), the total time once finished, and the size of the screen. Nothing else is kept: no
name, no address, no cookie, no token; a random id joins the updates of one game. The classroom
records the same for each pupil of an assignment (under a pseudonym, deleted with it).

:func:`play_records` gives both as the JSON Lines records ``wortsuche records export`` writes:
``{"puzzle": {...}, "finds": [...], "seconds", "finished", "screen", "source"}``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wortsuche.errors import InputError, UserError
from wortsuche.puzzle_json import loads
from wortsuche.web import limits
from wortsuche.web.errors import ApiError
from wortsuche.web.rates import RateLimiter, refuse_when_over
from wortsuche.web.schemas import ERRORS
from wortsuche.web.storage import Storage

MAX_FINDS = 250
"""Finds in one record (a puzzle has at most 200 words, and some secret ones)."""
CSV_COLUMNS = ("puzzle", "rows", "cols", "level", "word", "at", "hints", "wrong", "screen")
"""The CSV form: one row per find."""


class FindIn(BaseModel):
    """One find as the page reports it."""

    model_config = ConfigDict(extra="forbid")

    word: str = Field(max_length=limits.MAX_WORD_LENGTH)
    at: float = Field(ge=0, le=86_400 * 7)
    hints: int = Field(0, ge=0, le=1000)
    wrong: int = Field(0, ge=0, le=100_000)


class KeptRecord(BaseModel):
    """A game as the storage keeps it: the record without its ids."""

    finds: list[FindIn] = Field(max_length=MAX_FINDS)
    seconds: float | None = Field(None, ge=0, le=86_400 * 7)
    finished: bool = False
    screen: tuple[int, int] | None = None


class GameRecord(KeptRecord):
    """The game so far: sent again after every find, the last one kept."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9_-]{16,40}$", description="Random, one per game")
    puzzle: str = Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")


def record_routes(
    storage: Storage, settings: limits.Limits, rates: RateLimiter | None = None
) -> APIRouter:
    """``POST /api/records``: keep a game's record (only with ``serve --record-play``)."""
    router = APIRouter(prefix="/api/records", responses=ERRORS, tags=["records"])
    rates = rates or RateLimiter(settings.rates, settings.rate_storage)

    @router.post("", status_code=204)
    def keep_record(record: GameRecord, request: Request) -> Response:
        """Keep the record of one game of the web game (replacing its earlier state)."""
        refuse_when_over(rates, "record", request.client.host if request.client else "unknown")
        stored = storage.get(record.puzzle)
        if stored is None:
            raise ApiError(404, "there is no puzzle with this id", key="api.no-puzzle")
        kept = record.model_dump(exclude={"id", "puzzle"})
        storage.add_play_record(
            record_id=record.id,
            created=datetime.now(UTC).isoformat(timespec="seconds"),
            puzzle=record.puzzle,
            record=json.dumps(kept),
        )
        return Response(status_code=204)

    return router


def play_records(storage: Storage) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every record with its puzzle's id, the web game's then the classroom's, in the JSON
    Lines form (the puzzle object itself carries no id)."""
    puzzles: dict[str, dict[str, Any] | None] = {}

    def puzzle(puzzle_id: str) -> dict[str, Any] | None:
        if puzzle_id not in puzzles:
            stored = storage.get(puzzle_id)
            puzzles[puzzle_id] = None if stored is None else _kept_puzzle(puzzle_id, stored.puzzle)
        return puzzles[puzzle_id]

    for puzzle_id, kept in storage.play_records():
        shown = puzzle(puzzle_id)
        if shown is not None:
            record = _kept_record(puzzle_id, kept)
            yield puzzle_id, {"puzzle": shown, **record, "source": "game"}
    for pupil, finds in storage.all_pupils():
        shown = puzzle(pupil.puzzle)
        if shown is None:
            continue
        yield (
            pupil.puzzle,
            {
                "puzzle": shown,
                "finds": [
                    {"word": f.word, "at": f.at, "hints": f.hints, "wrong": f.wrong} for f in finds
                ],
                "seconds": pupil.finished,
                "finished": pupil.finished is not None,
                "screen": None,
                "source": "classroom",
            },
        )


def _kept_puzzle(puzzle_id: str, text: str) -> dict[str, Any]:
    """A stored puzzle as plain data, read as a puzzle file is: a damaged one is named."""
    try:
        loads(text)
    except UserError as error:
        raise _damaged(puzzle_id, error) from None
    return _writable(puzzle_id, json.loads(text))


def _kept_record(puzzle_id: str, text: str) -> dict[str, Any]:
    """A stored record checked by the model the web game's records passed on the way in."""
    try:
        record = KeptRecord.model_validate_json(text).model_dump()
    except ValidationError as error:
        reason = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())
        raise _damaged(puzzle_id, reason) from None
    return _writable(puzzle_id, record)


def _writable(puzzle_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` if it can be written: JSON's escapes can spell a lone surrogate (``\\ud800``),
    in a field no reader looks at too, and no output can hold one."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as error:
        raise _damaged(puzzle_id, error) from None
    return data


def _damaged(puzzle_id: str, reason: object) -> InputError:
    return InputError(
        f"the play record of puzzle {puzzle_id} in the database is damaged: {reason}",
        key="error.record-damaged",
        values={"id": puzzle_id, "reason": reason},
    )


def records_jsonl(records: Iterable[tuple[str, dict[str, Any]]]) -> str:
    """The records as JSON Lines: one record per line."""
    return "".join(json.dumps(record, ensure_ascii=False) + "\n" for _, record in records)


def records_csv(records: Iterable[tuple[str, dict[str, Any]]]) -> str:
    """The records as CSV: one row per find."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for puzzle_id, record in records:
        puzzle = record["puzzle"]
        rows, cols = puzzle.get("rows", ""), puzzle.get("cols", "")
        screen = "x".join(str(n) for n in record["screen"]) if record.get("screen") else ""
        for find in record["finds"]:
            writer.writerow(
                [
                    puzzle_id,
                    rows,
                    cols,
                    puzzle.get("level", ""),
                    find["word"],
                    find["at"],
                    find["hints"],
                    find["wrong"],
                    screen,
                ]
            )
    return out.getvalue()
