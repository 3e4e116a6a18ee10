"""The generators under test behind one small interface: make a puzzle, report what it placed."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

NODE_PEER = Path(__file__).resolve().parent / "node"


@dataclass
class Run:
    """One generated puzzle as the benchmark sees it."""

    seconds: float
    rows: list[str]
    placed: dict[str, list[tuple[int, int]]]
    words: int
    error: str | None = None
    cpu: float | None = None
    """CPU seconds of the call where the generator reports them (node), else None."""


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


class Node:
    """The npm package @blex41/word-search in one long-lived node process, timed inside node.

    Its options mirror our levels' direction sets (30 % backwards on hard, its default); it
    checks nothing, so what it placed is judged by the same oracle as everyone's.
    """

    name = "@blex41/word-search (node)"

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            ["node", str(NODE_PEER / "peer.js")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    @staticmethod
    def set_up() -> bool:
        """Install the package into benchmarks/node/node_modules (npm, once); True if usable."""
        if not shutil.which("node"):
            return False
        if not (NODE_PEER / "node_modules" / "@blex41" / "word-search").exists():
            if not shutil.which("npm"):
                return False
            subprocess.run(
                ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(NODE_PEER)],
                check=False,
                capture_output=True,
            )
        return (NODE_PEER / "node_modules" / "@blex41" / "word-search").exists()

    def supports(self, rows: int, cols: int, words: int, level: str) -> bool:
        return level in THEIR_LEVEL

    def run(self, words: Sequence[str], rows: int, cols: int, level: str, seed: int) -> Run:
        assert self.process.stdin is not None and self.process.stdout is not None
        job = {"words": list(words), "rows": rows, "cols": cols, "level": level}
        self.process.stdin.write(json.dumps(job, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer:
            return Run(answer["seconds"], [], {}, len(words), error=answer["error"])
        placed = {w: [(r, c) for r, c in path] for w, path in answer["placed"]}
        return Run(answer["seconds"], answer["rows"], placed, len(words), cpu=answer.get("cpu"))

    def close(self) -> None:
        """End the node process."""
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=10)
