"""What a book's cover shows that the book decides: a grid of its own (drawing it is
:mod:`wortsuche.render.cover`'s)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from wortsuche.errors import UserError
from wortsuche.model import Puzzle
from wortsuche.pipeline.run import generate

COVER_TRIES = 5
"""Seeds tried for the cover's grid before the cover shows the first puzzle's grid unmarked."""


def cover_seed(first_seed: int, attempt: int) -> int:
    """The seed of the cover's grid, try ``attempt``, for a book whose first puzzle has
    ``first_seed`` (1 to 10**9; never the seed of a puzzle of the book but by chance)."""
    digest = hashlib.sha256(f"wortsuche-cover:{first_seed}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 10**9 + 1


def cover_artwork(puzzles: Sequence[Puzzle]) -> Puzzle | None:
    """A grid for the cover that is in none of the book's puzzles: the first puzzle's words,
    size and level made with another seed, so its marked words give no answer away.

    None if no such grid could be made (the cover then shows the first grid without marks).
    """
    first = puzzles[0]
    inside = {puzzle.grid.rows for puzzle in puzzles}
    for attempt in range(COVER_TRIES):
        try:
            artwork = generate(
                first.words,
                first.rows,
                first.cols,
                level=first.level,
                seed=cover_seed(first.seed, attempt),
                language=first.options.language,
            )
        except UserError:
            continue
        if artwork.grid.rows not in inside:
            return artwork
    return None
