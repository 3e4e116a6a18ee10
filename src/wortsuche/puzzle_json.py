"""The versioned JSON format of a puzzle, read by ``check``, the web app and the renderers.

Cells are ``[row, col]`` counted from 0; directions are compass names (E, S, SE, NE, W,
N, NW, SW). ``format_version`` changes whenever a reader would misread the old format.
The format is published as a JSON Schema, ``wortsuche/schema/puzzle.schema.json``
(:func:`schema`). The reader is strict: every field has its type, ``end`` and ``cells`` must
agree with ``start``, ``direction`` and the word's length, and text must be valid Unicode.
Fields it does not know are ignored, so later versions may add optional fields.
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from wortsuche.data import read_text
from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.errors import InputError, PuzzleFormatError
from wortsuche.grid.topology import Topology
from wortsuche.json_input import check, read_json
from wortsuche.json_lists import placement_dicts, string_dicts
from wortsuche.limits import MAX_SIDE, MAX_WORDS
from wortsuche.model import (
    HOLE,
    Direction,
    Grid,
    HiddenMessage,
    Options,
    Placement,
    Puzzle,
    Word,
)
from wortsuche.notes import Note
from wortsuche.spec import options_from_dict, options_to_dict

FORMAT = "wortsuche-puzzle"
FORMAT_VERSION = 2
"""2: the grid's ``topology`` is a field (flat, torus, hex); 1 said a torus by ``options.wrap``."""

READ_VERSIONS = (1, 2)
"""The versions this reader reads: a file of version 1 has a flat grid, or a torus by ``options.wrap``."""


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """Plain data for a puzzle, in the order people read it."""
    if not isinstance(puzzle, Puzzle):
        kind = type(puzzle).__name__
        raise InputError(
            f"a puzzle is written from a Puzzle, not from {kind}",
            key="error.write-not-puzzle",
            values={"kind": kind},
        )
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "topology": puzzle.topology.to_dict(),
        "level": puzzle.level,
        "seed": puzzle.seed,
        "options": options_to_dict(puzzle.options),
        "grid": list(puzzle.grid.rows),
        "words": [_word_dict(w) for w in puzzle.words],
        "placements": [
            {
                "letters": p.letters,
                "start": list(p.start),
                "direction": p.direction.name,
                "end": list(cells[-1]),
                "cells": [list(cell) for cell in cells],
            }
            for p, cells in (
                (p, puzzle.cells_of(p))
                for p in (
                    puzzle.placements[w.letters]
                    for w in puzzle.words + puzzle.secret_words
                    if w.letters in puzzle.placements
                )
            )
        ],
        "notes": list(puzzle.notes),
        # Added without a new format version: older readers ignore them, older files lack them.
        "title": puzzle.title,
        "sheet_language": puzzle.sheet_language,
        "secret_words": [{"entry": w.entry, "letters": w.letters} for w in puzzle.secret_words],
        "message": None
        if puzzle.message is None
        else {
            "text": puzzle.message.text,
            "letters": puzzle.message.letters,
            "exact": puzzle.message.exact,
        },
        # Computed from the grid and the words whenever it is written; readers recompute it.
        "difficulty": rate_puzzle(puzzle).to_dict(),
        "coverage": round(coverage(puzzle), 3),
    }


def _word_dict(word: Word) -> dict[str, str]:
    """A listed word; ``clue`` only when it has one (older readers ignore it)."""
    data = {"entry": word.entry, "letters": word.letters}
    if word.clue is not None:
        data["clue"] = word.clue
    return data


def coverage(puzzle: Puzzle) -> float:
    """The share of the grid's cells that belong to a placed word (1.0: no filler at all).

    The last puzzle's share is kept while that puzzle lives: the command line says it in a note
    and then writes it into the file (on 500 × 500, each time 10,000 placements' cells)."""
    global _last_coverage
    last = _last_coverage
    if last is not None and last[0]() is puzzle:
        return last[1]
    covered = puzzle.covered()
    cells = sum(len(row) - row.count(HOLE) for row in puzzle.grid.rows)  # holes are no cells
    share = len(covered) / max(cells, 1)
    _last_coverage = (weakref.ref(puzzle), share)
    return share


_last_coverage: tuple[weakref.ref[Puzzle], float] | None = None


def dumps(puzzle: Puzzle, indent: int | None = 2) -> str:
    """The puzzle as JSON text (UTF-8 letters kept as they are)."""
    data = puzzle_to_dict(puzzle)
    if indent != 2:
        return json.dumps(data, ensure_ascii=False, indent=indent) + "\n"
    return indented(data) + "\n"


def indented(data: dict[str, Any]) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=2)`` of a puzzle's plain data, its words and
    placements written by :mod:`wortsuche.json_lists` (a placement's cells are most of a large
    puzzle's file, and json's indenting encoder is Python that visits every number on its own)."""
    words, placements = data["words"], data["placements"]
    if not (words and placements):
        return json.dumps(data, ensure_ascii=False, indent=2)
    marked = dict(data, words=_MARK, placements=_MARK)
    text = json.dumps(marked, ensure_ascii=False, indent=2)
    mark = json.dumps(_MARK)
    # Only the structure writes a newline before a key: a string's own newlines are escaped.
    before, rest = text.split(f'\n  "words": {mark},', 1)
    middle, after = rest.split(f'\n  "placements": {mark},', 1)
    return (
        f'{before}\n  "words": {string_dicts(words, 1)},{middle}'
        f'\n  "placements": {placement_dicts(placements, 1)},{after}'
    )


_MARK = "\x00wortsuche-list\x00"


def schema() -> dict[str, Any]:
    """The JSON Schema of the format (draft 2020-12), as shipped in the package."""
    text = read_text("schema", "puzzle.schema.json")
    data: dict[str, Any] = json.loads(text)
    return data


def puzzle_from_dict(data: Any) -> Puzzle:
    """Read plain data written by :func:`puzzle_to_dict`; raise :class:`PuzzleFormatError` if it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleFormatError(
            'not a wortsuche puzzle (no "format": "wortsuche-puzzle")', key="error.not-a-puzzle"
        )
    version = data.get("format_version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise PuzzleFormatError(
            f"puzzle format version {_shown(version)} is not supported (this wortsuche reads {FORMAT_VERSION})",
            key="error.puzzle-version",
            values={"version": _shown(version), "supported": FORMAT_VERSION},
        )
    try:
        check(data, "puzzle")  # types and ranges; then what a schema cannot say
        rows = _integer(data, "rows", 1, MAX_SIDE)
        cols = _integer(data, "cols", 1, MAX_SIDE)
        grid_rows = _list(data, "grid", _text)
        if len(grid_rows) != rows or any(len(row) != cols for row in grid_rows):
            raise PuzzleFormatError(
                f'"grid" must have {rows} rows of {cols} letters',
                key="error.puzzle-grid",
                values={"rows": rows, "cols": cols},
            )
        grid = Grid.from_rows(grid_rows)
        words = tuple(_word(item, f"words[{i}]") for i, item in enumerate(_list(data, "words")))
        if not words or len(words) > MAX_WORDS:
            raise PuzzleFormatError(
                f'"words" must list 1 to {MAX_WORDS} words',
                key="error.puzzle-words",
                values={"most": MAX_WORDS},
            )
        options = options_from_dict(data.get("options"))
        topology = _topology(data, version, grid, options)
        placements = _placements(_list(data, "placements"), topology)
        return Puzzle(
            grid=grid,
            words=words,
            placements=placements,
            level=_text(data.get("level"), "level"),
            options=options,
            seed=_integer(data, "seed", 0, None),
            topology=topology,
            notes=tuple(_text(n, "notes") for n in _list(data, "notes", optional=True)),
            title=_optional_text(data, "title"),
            sheet_language=_optional_text(data, "sheet_language"),
            message=_message(data.get("message")),
            secret_words=tuple(
                _word(item, f"secret_words[{i}]")
                for i, item in enumerate(_list(data, "secret_words", optional=True))
            ),
        )
    except (InputError, ValueError) as error:
        raise PuzzleFormatError(
            f"puzzle file is incomplete or damaged: {error}",
            key="error.puzzle-damaged",
            values={"error": error},
        ) from None


def _topology(data: dict[str, Any], version: int, grid: Grid, options: Options) -> Topology:
    """The grid's topology: named in a file of version 2, from ``options.wrap`` in one of
    version 1; it must agree with the options."""
    named = data.get("topology") if version > 1 else None
    if named is None and version > 1:
        raise PuzzleFormatError(
            '"topology" is missing (a puzzle file of format version 2 names its grid\'s topology)',
            key="error.puzzle-topology",
        )
    if named is None:  # version 1: a flat grid, or a torus by its options
        named = {"kind": "torus" if options.wrap else "flat"}
    topology = Topology.from_dict(named, grid)
    if (topology.kind == "torus") != options.wrap or (topology.kind == "hex") != (
        options.grid == "hex"
    ):
        raise PuzzleFormatError(
            f'"topology" {topology.kind} does not match the options (wrap, grid)',
            key="error.puzzle-topology-options",
            values={"kind": topology.kind},
        )
    return topology


def _message(data: Any) -> HiddenMessage | None:
    """A hidden message (absent or null in older files and in puzzles without one)."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise PuzzleFormatError(
            '"message" must be an object with "text" and "letters"', key="error.puzzle-message"
        )
    letters = _text(data.get("letters"), "message.letters")
    if not letters or not all(char.isalpha() for char in letters):
        raise PuzzleFormatError(
            '"message.letters" must be letters, one per cell', key="error.puzzle-message-letters"
        )
    exact = data.get("exact", False)
    if not isinstance(exact, bool):
        raise PuzzleFormatError(
            '"message.exact" must be true or false', key="error.puzzle-message-exact"
        )
    return HiddenMessage(_text(data.get("text"), "message.text"), letters, exact)


def _optional_text(data: dict[str, Any], key: str, *, where: str | None = None) -> str | None:
    """A text field added after version 1 was written: absent or null in older files."""
    value = data.get(key)
    return None if value is None else _text(value, where or key)


def loads(text: str) -> Puzzle:
    """Read a puzzle from JSON text (plain data, a ``dict``, is read by :func:`puzzle_from_dict`)."""
    if not isinstance(text, str | bytes | bytearray):
        kind = type(text).__name__
        raise PuzzleFormatError(
            f"a puzzle is read from JSON text, not from {kind} (plain data: wortsuche.puzzle_json.puzzle_from_dict)",
            key="error.json-not-text",
            values={"kind": kind},
        )
    return puzzle_from_dict(read_json(text, error=PuzzleFormatError))


def _field(message: str, key: str, where: str, value: Any) -> PuzzleFormatError:
    """The error for the field ``where`` holding a ``value`` of the wrong kind."""
    return PuzzleFormatError(message, key=key, values={"field": where, "value": _shown(value)})


def _text(value: Any, where: str) -> str:
    """A string that is valid Unicode (JSON may hold lone surrogates such as ``\\ud800``)."""
    if not isinstance(value, str):
        raise _field(
            f'"{where}" must be text, not {_shown(value)}', "error.field-text", where, value
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise PuzzleFormatError(
            f'"{where}" holds a lone surrogate, which is no text',
            key="error.field-surrogate",
            values={"field": where},
        ) from None
    return value


def _integer(data: dict[str, Any], key: str, low: int, high: int | None) -> int:
    value = data.get(key)
    if type(value) is not int or value < low or (high is not None and value > high):
        bound = (
            Note(f"{low} to {high}", key="range.from-to", values={"low": low, "high": high})
            if high is not None
            else Note(f"at least {low}", key="range.at-least", values={"low": low})
        )
        raise PuzzleFormatError(
            f'"{key}" must be a whole number {bound}, not {_shown(value)}',
            key="error.field-whole",
            values={"field": key, "bound": bound, "value": _shown(value)},
        )
    return value


def _list(data: dict[str, Any], key: str, kind: Any = None, optional: bool = False) -> list[Any]:
    value = data.get(key, [] if optional else None)
    if not isinstance(value, list):
        raise _field(f'"{key}" must be a list, not {_shown(value)}', "error.field-list", key, value)
    return [kind(item, key) for item in value] if kind else value


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _field(
            f'"{where}" must be an object, not {_shown(value)}', "error.field-object", where, value
        )
    return value


def _word(value: Any, where: str) -> Word:
    item = _object(value, where)
    return Word(
        _text(item.get("entry"), f"{where}.entry"),
        _text(item.get("letters"), f"{where}.letters"),
        _optional_text(item, "clue", where=f"{where}.clue"),
    )


def _cell(value: Any, where: str) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(type(n) is int and 0 <= n < MAX_SIDE for n in value)
    ):
        raise _field(
            f'"{where}" must be a cell [row, col], not {_shown(value)}',
            "error.field-cell",
            where,
            value,
        )
    return value[0], value[1]


def _placements(items: list[Any], topology: Topology) -> dict[str, Placement]:
    """Every placement by its word; a word placed twice is refused, whichever place is true
    (keeping one of them would let a false one pass unseen)."""
    placements: dict[str, Placement] = {}
    first: dict[str, int] = {}
    for i, item in enumerate(items):
        placement = _placement(item, f"placements[{i}]", topology)
        if placement.letters in placements:
            raise PuzzleFormatError(
                f'"placements[{i}]" places {placement.letters} a second time '
                f'(after "placements[{first[placement.letters]}]")',
                key="error.placed-twice",
                values={"index": i, "word": placement.letters, "first": first[placement.letters]},
            )
        placements[placement.letters] = placement
        first[placement.letters] = i
    return placements


def _placement(value: Any, where: str, topology: Topology) -> Placement:
    item = _object(value, where)
    letters = _text(item.get("letters"), f"{where}.letters")
    if not letters:
        raise PuzzleFormatError(
            f'"{where}.letters" is empty', key="error.placement-empty", values={"field": where}
        )
    start = _cell(item.get("start"), f"{where}.start")
    name = item.get("direction")
    if not isinstance(name, str) or name not in Direction.__members__:
        raise PuzzleFormatError(
            f'"{where}.direction" must be E, S, SE, NE, W, N, NW or SW',
            key="error.placement-direction",
            values={"field": where},
        )
    placement = Placement(letters, start, Direction[name])
    if placement.direction not in topology.directions:
        raise PuzzleFormatError(
            f'"{where}.direction" {name} is no direction of a hexagonal grid (E, S, SW, W, N, NE)',
            key="error.placement-hex-direction",
            values={"field": where, "direction": name},
        )
    cells_of = topology.cells_of(placement)
    end = cells_of[-1]
    if "end" in item and _cell(item["end"], f"{where}.end") != end:
        raise PuzzleFormatError(
            f'"{where}.end" is {item["end"]}, but {letters} from {list(start)} going {name} '
            f"ends at {list(end)}",
            key="error.placement-end",
            values={
                "field": where,
                "end": item["end"],
                "word": letters,
                "start": list(start),
                "direction": name,
                "real_end": list(end),
            },
        )
    if "cells" in item:
        cells = item["cells"]
        if (
            not isinstance(cells, list)
            or tuple(_cell(c, f"{where}.cells") for c in cells) != cells_of
        ):
            raise PuzzleFormatError(
                f'"{where}.cells" do not match {letters} from {list(start)} going {name}',
                key="error.placement-cells",
                values={"field": where, "word": letters, "start": list(start), "direction": name},
            )
    return placement


def _shown(value: Any) -> str:
    """A short description of a JSON value for a message."""
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:40] + "…"
