"""The puzzle as JSON (the versioned format of :mod:`wortsuche.puzzle_json`)."""

from __future__ import annotations

from dataclasses import replace

from wortsuche.model import Puzzle
from wortsuche.puzzle_json import dumps
from wortsuche.render.options import RenderOptions


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> str:
    """The puzzle as JSON, always with the answers; a title or sheet language given in the
    options is kept in the file."""
    options = options or RenderOptions()
    if options.title is not None:
        puzzle = replace(puzzle, title=options.title)
    if options.language is not None:
        puzzle = replace(puzzle, sheet_language=options.language)
    return dumps(puzzle)
