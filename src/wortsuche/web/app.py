"""The browser app: a JSON API over the core and the pages that use it.

``create_app(db_path)`` builds the FastAPI application; ``wortsuche serve`` runs it with uvicorn.
Answers never leave the server before "reveal": the play page gets the grid and the word list,
and asks the server whether a selection is a word.
"""

from __future__ import annotations

import html
import json
import re
import string
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr
from starlette.exceptions import HTTPException

from wortsuche.errors import DoesNotFitError, InputError, WortsucheError
from wortsuche.levels import LEVEL_DESCRIPTIONS, LEVELS
from wortsuche.model import Puzzle, Word, line
from wortsuche.puzzle_json import dumps, loads
from wortsuche.source import parse_words
from wortsuche.web import limits
from wortsuche.web.storage import Storage, StoredPuzzle

PACKAGE = files("wortsuche.web")
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


class ApiError(Exception):
    """A request the server refuses: ``message`` is shown next to ``field`` in the form."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


# ---------------------------------------------------------------------------------------------
# Request and answer bodies (they make the OpenAPI description at /openapi.json)


class NewPuzzle(BaseModel):
    """What the create form sends."""

    model_config = ConfigDict(extra="forbid")

    words: StrictStr | list[StrictStr] = Field(
        description="One word per line or comma separated, or a list of words",
        examples=["Torf, vor, Rad, Eva"],
    )
    rows: StrictInt | None = Field(None, description=f"1 to {limits.MAX_SIDE}; null for auto")
    cols: StrictInt | None = Field(None, description=f"1 to {limits.MAX_SIDE}; null for auto")
    level: StrictStr = Field("medium", description=", ".join(LEVELS))
    seed: StrictInt | None = Field(None, description="Same words, size, level and seed: same grid")
    title: StrictStr | None = Field(None, description="Shown above the grid")


class Selection(BaseModel):
    """A straight line of cells chosen by the player: first and last cell, ``[row, col]``."""

    model_config = ConfigDict(extra="forbid")

    start: tuple[StrictInt, StrictInt]
    end: tuple[StrictInt, StrictInt]


class PublicPuzzle(BaseModel):
    """A puzzle as anyone with the link sees it: no answers."""

    id: str
    url: str
    title: str
    level: str
    level_description: str
    rows: int
    cols: int
    seed: int
    grid: list[str]
    words: list[str]
    notes: list[str]
    created: str


class CheckResult(BaseModel):
    """Whether a selection is a hidden word; ``words`` has two entries for reverse twins (AB, BA)."""

    found: bool
    word: str | None = None
    words: list[str] = []
    indices: list[int] = []
    cells: list[tuple[int, int]] = []


class Answer(BaseModel):
    """Where one word stands."""

    index: int
    word: str
    letters: str
    direction: str
    start: tuple[int, int]
    end: tuple[int, int]
    cells: list[tuple[int, int]]


class Answers(BaseModel):
    """All answers, in word-list order."""

    answers: list[Answer]


class ErrorBody(BaseModel):
    """A refusal: a message for a person, and the form field it belongs to (or null)."""

    error: str
    field: str | None = None


ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "No puzzle with this id"},
    422: {"model": ErrorBody, "description": "The request cannot be used (message says why)"},
}


# ---------------------------------------------------------------------------------------------
# The application


def create_app(
    db_path: Path, *, generation_seconds: float | None = limits.GENERATION_SECONDS
) -> FastAPI:
    """The web app storing its puzzles in ``db_path`` (created and migrated if needed).

    Puzzles are generated in worker processes (see :mod:`wortsuche.web.limits`), so a script
    that serves the app itself needs the usual ``if __name__ == "__main__":`` guard;
    ``generation_seconds=None`` generates in the server process, without a time limit.
    """
    storage = Storage(db_path)
    app = FastAPI(
        title="wortsuche",
        summary="Word search puzzles: create, play, check, reveal.",
        version=_version(),
        # The interactive pages would load Swagger UI / ReDoc from a CDN; the app works offline,
        # so only the machine-readable description is served, at /openapi.json.
        docs_url=None,
        redoc_url=None,
    )
    app.state.storage = storage
    app.add_middleware(limits.GuardMiddleware)
    app.mount("/static", StaticFiles(directory=str(PACKAGE / "static")), name="static")

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"error": error.message, "field": error.field}, error.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        first = problems[0] if problems else {"loc": (), "msg": "invalid request"}
        field = next((str(p) for p in first["loc"][1:2]), None)
        message = f"{field}: {first['msg']}" if field else str(first["msg"])
        details = [{"loc": p["loc"], "msg": p["msg"], "type": p["type"]} for p in problems]
        return JSONResponse(
            {"error": message, "field": field, "detail": jsonable_encoder(details)}, 422
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(error.detail), "field": None}, error.status_code, headers=error.headers
        )

    # -- API ------------------------------------------------------------------------------------

    @app.post("/api/puzzles", status_code=201, responses=ERRORS)
    def create_puzzle(new: NewPuzzle) -> PublicPuzzle:
        """Make a puzzle from a word list and save it under a new short id."""
        entries, header_size = split_words(new.words)
        asked = (new.rows, new.cols)
        if None in asked and header_size is not None:
            asked = header_size  # a pasted competition file brings its size
        rows, cols = checked_size(*asked)
        if new.level not in LEVELS:
            raise ApiError(422, f"choose a level: {', '.join(LEVELS)}", "level")
        if new.seed is not None and not 0 <= new.seed <= limits.MAX_SEED:
            raise ApiError(
                422, f"the seed must be a whole number from 0 to {limits.MAX_SEED}", "seed"
            )
        title = (new.title or "").strip()
        if len(title) > limits.MAX_TITLE_LENGTH:
            raise ApiError(
                422,
                f"the title is too long (at most {limits.MAX_TITLE_LENGTH} characters)",
                "title",
            )
        request = {"rows": rows, "cols": cols, "level": new.level}
        puzzle = make_puzzle(entries, rows, cols, new.level, new.seed, generation_seconds)
        return public(save(storage, puzzle, title, request))

    @app.get("/api/puzzles/{puzzle_id}", responses=ERRORS)
    def get_puzzle(puzzle_id: str) -> PublicPuzzle:
        """The grid and the word list of a puzzle, without the answers."""
        return public(find(storage, puzzle_id))

    @app.post("/api/puzzles/{puzzle_id}/check", responses=ERRORS)
    def check_selection(puzzle_id: str, selection: Selection) -> CheckResult:
        """Whether the straight line from ``start`` to ``end`` covers a hidden word (either way)."""
        puzzle = loads(find(storage, puzzle_id).puzzle)
        return check(puzzle, selection.start, selection.end)

    @app.post("/api/puzzles/{puzzle_id}/reveal", responses=ERRORS)
    def reveal(puzzle_id: str) -> Answers:
        """Every word's position, in word-list order."""
        puzzle = loads(find(storage, puzzle_id).puzzle)
        return answers(puzzle)

    @app.post("/api/puzzles/{puzzle_id}/again", status_code=201, responses=ERRORS)
    def again(puzzle_id: str) -> PublicPuzzle:
        """A new grid with the same words, size request and level (a new id; the old one stays)."""
        stored = find(storage, puzzle_id)
        old = loads(stored.puzzle)
        request = json.loads(stored.request)  # rows and cols as asked: numbers, or null for auto
        rows, cols = request["rows"], request["cols"]
        puzzle = make_puzzle(list(old.words), rows, cols, old.level, None, generation_seconds)
        return public(save(storage, puzzle, stored.title, request))

    # -- Pages ----------------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def create_page() -> HTMLResponse:
        return HTMLResponse(page("create.html", levels=level_choices()))

    @app.get("/p/{puzzle_id}", response_class=HTMLResponse, include_in_schema=False)
    def play_page(puzzle_id: str) -> HTMLResponse:
        stored = storage.get(puzzle_id) if ID_PATTERN.fullmatch(puzzle_id) else None
        if stored is None:
            return HTMLResponse(page("missing.html"), status_code=404)
        puzzle = loads(stored.puzzle)
        title = stored.title or "Word search"
        return HTMLResponse(
            page(
                "play.html",
                id=html.escape(stored.id),
                title=html.escape(title),
                level=html.escape(puzzle.level),
                size=f"{puzzle.rows}&times;{puzzle.cols}",
                count=str(len(puzzle.words)),
            )
        )

    return app


# ---------------------------------------------------------------------------------------------
# The steps behind the endpoints (plain functions, so tests and readers can follow them)


def split_words(words: str | list[str]) -> tuple[list[str], tuple[int, int] | None]:
    """The entries of a word list and the size its header gives (competition format), if any.

    Text is read by the core's reader (one entry per line, ``#`` comments, or the competition
    format with its size header); entries may also be separated by commas or semicolons.
    """
    size = None
    if isinstance(words, str):
        if not words.strip():
            raise ApiError(422, "type at least one word", "words")
        try:
            source = parse_words(words, name="the word list")
        except InputError as error:
            raise ApiError(422, f"Please check the words: {error}.", "words") from None
        lines, size = list(source.entries), source.size
    else:
        lines = list(words)
    entries = [part.strip() for line in lines for part in re.split(r"[,;]", line)]
    entries = [entry for entry in entries if entry]
    if not entries:
        raise ApiError(422, "type at least one word", "words")
    if len(entries) > limits.MAX_WORDS:
        raise ApiError(
            422, f"too many words: {len(entries)} (at most {limits.MAX_WORDS} per puzzle)", "words"
        )
    for entry in entries:
        if len(entry) > limits.MAX_WORD_LENGTH:
            raise ApiError(
                422,
                f"the word {entry[:20]!r}… is too long ({len(entry)} characters, "
                f"at most {limits.MAX_WORD_LENGTH})",
                "words",
            )
    return entries, size


def checked_size(rows: int | None, cols: int | None) -> tuple[int | None, int | None]:
    """Rows and columns within the web's limits; both None (auto) if either is None."""
    if rows is None or cols is None:
        return None, None
    for field, value, name in (("rows", rows, "rows"), ("cols", cols, "columns")):
        if not 1 <= value <= limits.MAX_SIDE:
            raise ApiError(
                422, f"the number of {name} must be from 1 to {limits.MAX_SIDE}, not {value}", field
            )
    return rows, cols


def make_puzzle(
    words: list[str] | list[Word],
    rows: int | None,
    cols: int | None,
    level: str,
    seed: int | None,
    seconds: float | None,
) -> Puzzle:
    """Generate within the time limit; an automatic size larger than the web allows is capped."""
    from wortsuche.rand import new_seed

    seed = new_seed() if seed is None else seed
    try:
        puzzle = limits.generate_in_time(words, rows, cols, level, seed, seconds=seconds)
        if puzzle.rows > limits.MAX_SIDE or puzzle.cols > limits.MAX_SIDE:
            side = limits.MAX_SIDE
            puzzle = limits.generate_in_time(words, side, side, level, seed, seconds=seconds)
    except DoesNotFitError as error:
        where = (
            "this grid"
            if rows is not None
            else f"a grid of at most {limits.MAX_SIDE}x{limits.MAX_SIDE}"
        )
        raise ApiError(
            422,
            f"The words do not fit in {where}. Make the grid larger, or use fewer or shorter "
            f"words. (Details: {error})",
            "size" if rows is not None else "words",
        ) from None
    except limits.TooSlowError as error:
        raise ApiError(422, f"The words could not be arranged: {error}.", "size") from None
    except InputError as error:
        raise ApiError(422, f"Please check the words: {error}.", "words") from None
    except WortsucheError as error:
        raise ApiError(500, f"The puzzle could not be made: {error}.") from None
    return puzzle


def save(storage: Storage, puzzle: Puzzle, title: str, request: dict[str, Any]) -> StoredPuzzle:
    """Store a new puzzle."""
    return storage.add(title=title, request=json.dumps(request), puzzle=dumps(puzzle, indent=None))


def find(storage: Storage, puzzle_id: str) -> StoredPuzzle:
    """The stored puzzle with this id, or a 404."""
    stored = storage.get(puzzle_id) if ID_PATTERN.fullmatch(puzzle_id) else None
    if stored is None:
        raise ApiError(404, "there is no puzzle with this id (check the link)")
    return stored


def public(stored: StoredPuzzle) -> PublicPuzzle:
    """What a player may see of a stored puzzle."""
    puzzle = loads(stored.puzzle)
    return PublicPuzzle(
        id=stored.id,
        url=f"/p/{stored.id}",
        title=stored.title,
        level=puzzle.level,
        level_description=LEVEL_DESCRIPTIONS.get(puzzle.level, ""),
        rows=puzzle.rows,
        cols=puzzle.cols,
        seed=puzzle.seed,
        grid=list(puzzle.grid.rows),
        words=[word.entry for word in puzzle.words],
        notes=list(puzzle.notes),
        created=stored.created,
    )


def check(puzzle: Puzzle, start: tuple[int, int], end: tuple[int, int]) -> CheckResult:
    """Compare a selection with the placements; a word matches read from either end."""
    for name, cell in (("start", start), ("end", end)):
        if cell not in puzzle.grid:
            raise ApiError(
                422,
                f"{name} {list(cell)} is outside the {puzzle.rows}x{puzzle.cols} grid",
                name,
            )
    cells = line(start, end)
    if cells is None:
        return CheckResult(found=False)
    forward: list[int] = []
    backward: list[int] = []
    for index, word in enumerate(puzzle.words):
        placement = puzzle.placements.get(word.letters)
        if placement is None:
            continue
        if placement.cells == cells:
            forward.append(index)
        elif placement.cells[::-1] == cells:
            backward.append(index)
    indices = forward + backward  # the word read the way the player dragged comes first
    if not indices:
        return CheckResult(found=False)
    entries = [puzzle.words[i].entry for i in indices]
    return CheckResult(
        found=True, word=entries[0], words=entries, indices=indices, cells=list(cells)
    )


def answers(puzzle: Puzzle) -> Answers:
    """Every placed word, in word-list order."""
    found = []
    for index, word in enumerate(puzzle.words):
        placement = puzzle.placements.get(word.letters)
        if placement is None:
            continue
        found.append(
            Answer(
                index=index,
                word=word.entry,
                letters=word.letters,
                direction=placement.direction.name,
                start=placement.start,
                end=placement.end,
                cells=list(placement.cells),
            )
        )
    return Answers(answers=found)


def level_choices() -> str:
    """The level radio buttons with their one-line descriptions (escaped HTML)."""
    items = []
    for name in LEVELS:
        checked = " checked" if name == "medium" else ""
        description = html.escape(LEVEL_DESCRIPTIONS[name])
        items.append(
            f'<label class="level"><input type="radio" name="level" value="{name}"{checked}>'
            f'<span class="level-name">{name.capitalize()}</span>'
            f'<span class="level-text">{description}</span></label>'
        )
    return "\n".join(items)


def page(name: str, **values: str) -> str:
    """An HTML page from ``templates/`` with its ``$name`` placeholders filled.

    The ``values`` are HTML: callers escape every text they pass (``html.escape``).
    """
    template = string.Template((PACKAGE / "templates" / name).read_text(encoding="utf-8"))
    return template.substitute(values, version=html.escape(_version()))


def _version() -> str:
    from wortsuche import __version__

    return __version__
