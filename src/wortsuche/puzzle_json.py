"""The versioned JSON format of a puzzle, read by ``check``, the web app and the renderers.

Cells are ``[row, col]`` counted from 0; directions are compass names (E, S, SE, NE, W,
N, NW, SW). ``format_version`` changes whenever a reader would misread the old format.
"""

from __future__ import annotations

import json
from typing import Any

from wortsuche.errors import PuzzleFormatError
from wortsuche.model import Direction, Grid, Options, Placement, Puzzle, Word

FORMAT = "wortsuche-puzzle"
FORMAT_VERSION = 1


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """Plain data for a puzzle, in the order people read it."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "level": puzzle.level,
        "seed": puzzle.seed,
        "options": puzzle.options.to_dict(),
        "grid": list(puzzle.grid.rows),
        "words": [{"entry": w.entry, "letters": w.letters} for w in puzzle.words],
        "placements": [
            {
                "letters": p.letters,
                "start": list(p.start),
                "direction": p.direction.name,
                "end": list(p.end),
                "cells": [list(cell) for cell in p.cells],
            }
            for p in (
                puzzle.placements[w.letters] for w in puzzle.words if w.letters in puzzle.placements
            )
        ],
        "notes": list(puzzle.notes),
        # Added without a new format version: older readers ignore them, older files lack them.
        "title": puzzle.title,
        "sheet_language": puzzle.sheet_language,
    }


def dumps(puzzle: Puzzle, indent: int | None = 2) -> str:
    """The puzzle as JSON text (UTF-8 letters kept as they are)."""
    return json.dumps(puzzle_to_dict(puzzle), ensure_ascii=False, indent=indent) + "\n"


def puzzle_from_dict(data: Any) -> Puzzle:
    """Read plain data written by :func:`puzzle_to_dict`; raise :class:`PuzzleFormatError` if it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PuzzleFormatError('not a wortsuche puzzle (no "format": "wortsuche-puzzle")')
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise PuzzleFormatError(
            f"puzzle format version {version!r} is not supported (this wortsuche reads {FORMAT_VERSION})"
        )
    try:
        grid = Grid.from_rows([str(row) for row in data["grid"]])
        words = tuple(Word(str(w["entry"]), str(w["letters"])) for w in data["words"])
        placements = {}
        for p in data["placements"]:
            start = (int(p["start"][0]), int(p["start"][1]))
            placements[str(p["letters"])] = Placement(
                str(p["letters"]), start, Direction[p["direction"]]
            )
        options = Options.from_dict(data["options"])
        return Puzzle(
            grid=grid,
            words=words,
            placements=placements,
            level=str(data["level"]),
            options=options,
            seed=int(data["seed"]),
            notes=tuple(str(n) for n in data.get("notes", [])),
            title=_optional_text(data, "title"),
            sheet_language=_optional_text(data, "sheet_language"),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise PuzzleFormatError(f"puzzle file is incomplete or damaged: {error}") from None


def _optional_text(data: dict[str, Any], key: str) -> str | None:
    """A text field added after version 1 was written: absent or null in older files."""
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise PuzzleFormatError(f"puzzle file is incomplete or damaged: {key} is not text")
    return value


def loads(text: str) -> Puzzle:
    """Read a puzzle from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleFormatError(f"not valid JSON: {error.msg} at line {error.lineno}") from None
    return puzzle_from_dict(data)
