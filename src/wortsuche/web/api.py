"""The JSON API: create, fetch, check, reveal, again.

Answers never leave the server before "reveal": the play page gets the grid and the word list,
and asks the server whether a selection is a word. The endpoints are thin; the steps behind them
are plain functions below, so tests and readers can follow them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from fastapi import APIRouter

from wortsuche.errors import DoesNotFitError, InputError, WortsucheError
from wortsuche.levels import LEVEL_DESCRIPTIONS, LEVELS
from wortsuche.model import Puzzle, Word, line
from wortsuche.puzzle_json import dumps, loads
from wortsuche.source import parse_words
from wortsuche.verifier import verify_puzzle
from wortsuche.web import generation, limits
from wortsuche.web.errors import ApiError
from wortsuche.web.schemas import (
    ERRORS,
    Answer,
    Answers,
    CheckResult,
    NewPuzzle,
    PublicPuzzle,
    Selection,
)
from wortsuche.web.storage import Storage, StoredPuzzle

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def is_puzzle_id(text: str) -> bool:
    """Whether ``text`` has the shape of a puzzle id (anything else is never looked up)."""
    return ID_PATTERN.fullmatch(text) is not None


def api_routes(storage: Storage, settings: limits.Limits) -> APIRouter:
    """The API endpoints, storing puzzles in ``storage`` under the limits of ``settings``."""
    router = APIRouter(prefix="/api/puzzles", responses=ERRORS)
    seconds = settings.generation_seconds

    @router.post("", status_code=201)
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
        title = checked_title(new.title)
        request = {"rows": rows, "cols": cols, "level": new.level}
        puzzle = make_puzzle(entries, rows, cols, new.level, new.seed, seconds)
        return public(save(storage, puzzle, title, request))

    @router.get("/{puzzle_id}")
    def get_puzzle(puzzle_id: str) -> PublicPuzzle:
        """The grid and the word list of a puzzle, without the answers."""
        return public(find(storage, puzzle_id))

    @router.post("/{puzzle_id}/check")
    def check_selection(puzzle_id: str, selection: Selection) -> CheckResult:
        """Whether the straight line from ``start`` to ``end`` covers a hidden word (either way)."""
        puzzle = loads(find(storage, puzzle_id).puzzle)
        return check(puzzle, selection.start, selection.end)

    @router.post("/{puzzle_id}/reveal")
    def reveal(puzzle_id: str) -> Answers:
        """Every word's position, in word-list order."""
        puzzle = loads(find(storage, puzzle_id).puzzle)
        return answers(puzzle)

    @router.post("/{puzzle_id}/again", status_code=201)
    def again(puzzle_id: str) -> PublicPuzzle:
        """A new grid with the same words, size request and level (a new id; the old one stays)."""
        stored = find(storage, puzzle_id)
        old = loads(stored.puzzle)
        request = json.loads(stored.request)  # rows and cols as asked: numbers, or null for auto
        rows, cols = request["rows"], request["cols"]
        puzzle = make_puzzle(list(old.words), rows, cols, old.level, None, seconds)
        return public(save(storage, puzzle, stored.title, request))

    return router


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


def checked_title(title: str | None) -> str:
    """The title without surrounding blanks, within the length limit."""
    title = (title or "").strip()
    if len(title) > limits.MAX_TITLE_LENGTH:
        raise ApiError(
            422,
            f"the title is too long (at most {limits.MAX_TITLE_LENGTH} characters)",
            "title",
        )
    return title


def make_puzzle(
    words: list[str] | list[Word],
    rows: int | None,
    cols: int | None,
    level: str,
    seed: int | None,
    seconds: float | None,
) -> Puzzle:
    """Generate within the time limit and verify; an automatic size beyond the web's is capped."""
    from wortsuche.rand import new_seed

    seed = new_seed() if seed is None else seed
    try:
        puzzle = generation.generate_in_time(words, rows, cols, level, seed, seconds=seconds)
        if puzzle.rows > limits.MAX_SIDE or puzzle.cols > limits.MAX_SIDE:
            side = limits.MAX_SIDE
            puzzle = generation.generate_in_time(words, side, side, level, seed, seconds=seconds)
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
    except generation.TooSlowError as error:
        raise ApiError(422, f"The words could not be arranged: {error}.", "size") from None
    except InputError as error:
        raise ApiError(422, f"Please check the words: {error}.", "words") from None
    except WortsucheError as error:
        raise ApiError(500, f"The puzzle could not be made: {error}.") from None
    report = verify_puzzle(puzzle)  # the puzzle crossed a pipe: prove it again before saving
    if not report.ok:
        raise ApiError(500, "The puzzle could not be made: " + "; ".join(report.problems))
    return puzzle


def save(storage: Storage, puzzle: Puzzle, title: str, request: dict[str, Any]) -> StoredPuzzle:
    """Store a new puzzle."""
    return storage.add(title=title, request=json.dumps(request), puzzle=dumps(puzzle, indent=None))


def find(storage: Storage, puzzle_id: str) -> StoredPuzzle:
    """The stored puzzle with this id, or a 404."""
    stored = storage.get(puzzle_id) if is_puzzle_id(puzzle_id) else None
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
