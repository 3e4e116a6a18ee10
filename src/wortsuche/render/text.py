"""The puzzle as plain text: grid, word list, size, level and seed; optionally the answer key."""

from __future__ import annotations

from typing import Any

from wortsuche.model import Puzzle

HIDDEN = "·"


def render(puzzle: Puzzle, *, answers: bool = False, **_: Any) -> str:
    """Plain text for files and pipes (letters separated by spaces)."""
    lines = [" ".join(row) for row in puzzle.grid.rows]
    lines.append("")
    lines += [word.entry for word in puzzle.words]
    lines.append("")
    lines.append(f"{puzzle.rows}x{puzzle.cols}, level {puzzle.level}, seed {puzzle.seed}")
    if answers:
        lines.append("")
        lines += [" ".join(row) for row in answer_rows(puzzle)]
    return "\n".join(lines) + "\n"


def answer_rows(puzzle: Puzzle) -> list[str]:
    """The grid with only the words' cells shown, every other cell as ``·``."""
    covered = {cell for p in puzzle.placements.values() for cell in p.cells}
    return [
        "".join(letter if (r, c) in covered else HIDDEN for c, letter in enumerate(row))
        for r, row in enumerate(puzzle.grid.rows)
    ]
