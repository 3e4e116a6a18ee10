"""Play records: how long each word of a puzzle took, for calibrating the difficulty rating.

With ``wortsuche serve --record-play`` the play page sends, after every find, the game so far:
the puzzle's id, each find (word, seconds since the clock started, hints and wrong selections
before it), the total time once finished, and the size of the screen. Nothing else is kept: no
name, no address, no cookie, no token; a random id joins the updates of one game. The classroom
records the same for each pupil of an assignment (under a pseudonym, deleted with it).

The id is the server's: a game asks for one (``POST /api/records/sessions``, limited per address
and puzzle) and a record under any other id, or another puzzle's, is refused. A record holds
only words of its puzzle, each once, in the order of their times, and claims no more time than
has passed since the server issued its id. Games whose finds came faster than a person selects
(:mod:`~wortsuche.web.plausibility`), like a class's implausible pupils, are not exported: the
export is what ``wortsuche calibrate`` learns from.

:func:`play_records` gives both as the JSON Lines records ``wortsuche records export`` writes:
``{"puzzle": {...}, "finds": [...], "seconds", "finished", "screen", "source"}``.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from wortsuche.errors import InputError, UserError
from wortsuche.model import Puzzle
from wortsuche.notes import Note
from wortsuche.puzzle_json import loads
from wortsuche.web import limits
from wortsuche.web.errors import ApiError
from wortsuche.web.plausibility import claimed_finds, implausible, implausible_finds
from wortsuche.web.rates import RateLimiter, refuse_when_over
from wortsuche.web.schemas import ERRORS
from wortsuche.web.spreadsheet import text_row
from wortsuche.web.storage import Storage

MAX_FINDS = 250
"""Finds in one record (a puzzle has at most 200 words, and some secret ones)."""
CSV_COLUMNS = ("puzzle", "rows", "cols", "level", "word", "at", "hints", "wrong", "screen")
"""The CSV form: one row per find."""
CLOCK_SLACK = 2.0
"""Seconds a record's times may run ahead of the server's clock since it issued the record's id
(the id's start is kept to the second, and the page's clock and the network differ a little)."""
STARTED: dict[str, Any] = {"finds": [], "seconds": None, "finished": False, "screen": None}
"""A record the server has issued and nobody has played yet."""

Side = Annotated[int, Field(ge=0, le=100_000)]


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
    screen: tuple[Side, Side] | None = None


class GameRecord(KeptRecord):
    """The game so far: sent again after every find, the last one kept."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=r"^[A-Za-z0-9_-]{16,40}$", description="Random, one per game")
    puzzle: str = Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")


class NewRecord(BaseModel):
    """A game about to be played: the puzzle it plays."""

    model_config = ConfigDict(extra="forbid")

    puzzle: str = Field(pattern=r"^[A-Za-z0-9_-]{1,32}$")


class IssuedRecord(BaseModel):
    """The id the server issued: the game sends its record under it."""

    id: str


def record_routes(
    storage: Storage, settings: limits.Limits, rates: RateLimiter | None = None
) -> APIRouter:
    """``POST /api/records``: keep a game's record (only with ``serve --record-play``)."""
    router = APIRouter(prefix="/api/records", responses=ERRORS, tags=["records"])
    rates = rates or RateLimiter(settings.rates, settings.rate_storage)

    @router.post("/sessions", status_code=201)
    def start_record(new: NewRecord, request: Request) -> IssuedRecord:
        """Issue the id of a new game's record (limited per address, and per address and
        puzzle)."""
        address = request.client.host if request.client else "unknown"
        refuse_when_over(rates, "record", address, said="api.too-many-requests")
        if storage.get(new.puzzle) is None:
            raise ApiError(404, Note("there is no puzzle with this id", key="api.no-puzzle"))
        refuse_when_over(
            rates, "record-session", f"{address} {new.puzzle}", said="api.too-many-requests"
        )
        record_id = secrets.token_urlsafe(18)
        storage.add_play_record(
            record_id=record_id,
            created=datetime.now(UTC).isoformat(timespec="seconds"),
            puzzle=new.puzzle,
            record=json.dumps(STARTED),
        )
        return IssuedRecord(id=record_id)

    @router.post("", status_code=204)
    def keep_record(record: GameRecord, request: Request) -> Response:
        """Keep the record of one game of the web game (replacing its earlier state), under the
        id the server issued for its puzzle."""
        refuse_when_over(rates, "record", request.client.host if request.client else "unknown")
        started = storage.play_record_start(record.id)
        if started is None or started[0] != record.puzzle:
            raise ApiError(
                403,
                Note(
                    "this record's id was not issued for this puzzle (ask /api/records/sessions)",
                    key="api.record-unissued",
                ),
                "id",
            )
        stored = storage.get(record.puzzle)
        if stored is None:
            raise ApiError(404, Note("there is no puzzle with this id", key="api.no-puzzle"))
        checked_record(record, loads(stored.puzzle), started[1])
        kept = record.model_dump(exclude={"id", "puzzle"})
        storage.add_play_record(
            record_id=record.id,
            created=datetime.now(UTC).isoformat(timespec="seconds"),
            puzzle=record.puzzle,
            record=json.dumps(kept),
        )
        return Response(status_code=204)

    return router


def checked_record(record: GameRecord, puzzle: Puzzle, started: str) -> None:
    """Refuse (422) a record with a word its puzzle does not hide, a word twice, times out of
    order, or more time than has passed since its id was issued at ``started``."""
    hidden = {word.entry for word in puzzle.words + puzzle.secret_words}
    words = [find.word for find in record.finds]
    if not set(words) <= hidden:
        raise ApiError(
            422, Note("a record holds only words of its puzzle", key="api.record-words"), "finds"
        )
    times = [find.at for find in record.finds]
    if len(set(words)) < len(words) or times != sorted(times):
        raise ApiError(
            422,
            Note(
                "a record names each find once, in the order of their times", key="api.record-order"
            ),
            "finds",
        )
    age = (datetime.now(UTC) - datetime.fromisoformat(started)).total_seconds()
    claimed = max([*times, record.seconds or 0.0])
    if claimed > age + CLOCK_SLACK:
        raise ApiError(
            422,
            Note(
                f"the record claims {claimed:.0f} seconds of play, but its game began "
                f"{age:.0f} seconds ago",
                key="api.record-time",
                values={"claimed": f"{claimed:.0f}", "age": f"{age:.0f}"},
            ),
            "finds",
        )


def played_by_a_person(record: dict[str, Any]) -> bool:
    """Whether a web game's record has finds and none faster than a person selects."""
    finds = [(find["word"], float(find["at"])) for find in record.get("finds", [])]
    return bool(finds) and not implausible(claimed_finds(finds))


def play_records(storage: Storage) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every record with its puzzle's id, the web game's then the classroom's, in the JSON
    Lines form (the puzzle object itself carries no id). Games not played (an id issued, no
    find) and games with an implausible find are left out: they would teach calibration the
    pace of a script."""
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
            if not played_by_a_person(record):
                continue
            yield puzzle_id, {"puzzle": shown, **record, "source": "game"}
    for pupil, finds in storage.all_pupils():
        shown = puzzle(pupil.puzzle)
        if shown is None or implausible_finds(finds):
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
    """The records as CSV: one row per find, no cell a formula."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for puzzle_id, record in records:
        puzzle = record["puzzle"]
        rows, cols = puzzle.get("rows", ""), puzzle.get("cols", "")
        screen = "x".join(str(n) for n in record["screen"]) if record.get("screen") else ""
        for find in record["finds"]:
            writer.writerow(
                text_row(
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
            )
    return out.getvalue()
