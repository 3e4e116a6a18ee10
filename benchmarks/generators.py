"""The generators under test behind one small interface: make a puzzle, report what it placed."""

from __future__ import annotations

import random
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Run:
    """One generated puzzle as the benchmark sees it."""

    seconds: float
    rows: list[str]
    placed: dict[str, list[tuple[int, int]]]
    words: int
    error: str | None = None


OUR_LEVELS = ("easy", "medium", "hard", "evil")
THEIR_LEVEL = {"easy": 1, "medium": 2, "hard": 3}
"""Our easy/medium/hard against word-search-generator's levels 1/2/3 (same direction sets)."""

THEIR_MAX_SIZE, THEIR_MAX_WORDS = 50, 100


class Ours:
    """wortsuche's ``generate``, timed including its exactly-once self-check."""

    name = "wortsuche"

    def supports(self, rows: int, cols: int, words: int, level: str) -> bool:
        return True

    def run(self, words: Sequence[str], rows: int, cols: int, level: str, seed: int) -> Run:
        from wortsuche import DoesNotFitError, generate

        start = time.perf_counter()
        try:
            puzzle = generate(words, rows, cols, level=level, seed=seed)
        except DoesNotFitError as error:
            return Run(time.perf_counter() - start, [], {}, len(words), error=str(error))
        seconds = time.perf_counter() - start
        placed = {p.letters: list(p.cells) for p in puzzle.placements.values()}
        return Run(seconds, list(puzzle.grid.rows), placed, len(words))


class Theirs:
    """The PyPI package word-search-generator, with its default settings (square grids only)."""

    name = "word-search-generator"

    def __init__(self) -> None:
        from word_search_generator import WordSearch

        self.word_search = WordSearch

    @staticmethod
    def available() -> bool:
        try:
            import word_search_generator  # noqa: F401
        except ImportError:
            return False
        return True

    def supports(self, rows: int, cols: int, words: int, level: str) -> bool:
        return (
            level in THEIR_LEVEL and max(rows, cols) <= THEIR_MAX_SIZE and words <= THEIR_MAX_WORDS
        )

    def run(self, words: Sequence[str], rows: int, cols: int, level: str, seed: int) -> Run:
        size = max(rows, cols, 5)
        random.seed(seed)  # it draws from the global random module
        start = time.perf_counter()
        try:
            puzzle = self.word_search(" ".join(words), level=THEIR_LEVEL[level], size=size)
        except Exception as error:  # any refusal counts as a run without a puzzle
            return Run(
                time.perf_counter() - start,
                [],
                {},
                len(words),
                error=f"{type(error).__name__}: {error}",
            )
        seconds = time.perf_counter() - start
        rows_text = ["".join(row) for row in puzzle.puzzle]
        placed = {w.text: [tuple(cell) for cell in w.coordinates] for w in puzzle.placed_words}
        return Run(seconds, rows_text, placed, len(words))


def their_cli() -> str | None:
    """The other generator's command, if installed."""
    return shutil.which("word-search")
