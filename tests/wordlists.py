"""Word lists the crowded-grid tests share: real English words, random crowded lists drawn from
them, and the frozen lists of ``benchmarks/data/dense`` (and the checked puzzles made of them)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from scan import assert_exactly_once
from wortsuche import Puzzle, generate
from wortsuche.grid.board import Board
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.words.source import parse_words

ROOT = Path(__file__).resolve().parent.parent


def real_words(shortest: int, longest: int) -> list[str]:
    """The benchmark's English words of ``shortest`` to ``longest`` letters."""
    return [
        w.strip()
        for w in (ROOT / "benchmarks/data/english.txt").open()
        if w.strip() and not w.startswith("#") and shortest <= len(w.strip()) <= longest
    ]


def crowded_words(
    case: int, pool: Sequence[str], sides: Sequence[int], low: float, high: float, short: int = 0
) -> tuple[list[str], int]:
    """Words drawn from ``pool`` whose letters fill ``low`` to ``high`` of a square with one of
    the ``sides`` (``short`` letters fewer), without repeats; reproducible from ``case``."""
    rng = random.Random(case)
    side = rng.choice(list(sides))
    target = int(side * side * rng.uniform(low, high))
    words: list[str] = []
    while sum(map(len, words)) < target - short:
        words.append(rng.choice(pool))
    return list(dict.fromkeys(words)), side


def outside_others(words: list[str]) -> list[str]:
    """The words that lie inside no other word of the list, forwards or backwards."""
    return [w for w in words if not any(w != o and (w in o or w[::-1] in o) for o in words)]


def frozen(name: str) -> tuple[list[str], int, int]:
    """A frozen crowded list: its words, rows and columns."""
    source = parse_words((ROOT / f"benchmarks/data/dense/{name}.txt").read_text(), name=name)
    words, _ = source.words()
    assert source.size is not None
    return [w.letters for w in words], *source.size


def frozen_puzzle(name: str, level: str, seed: int) -> Puzzle:
    """The puzzle ``generate`` makes of a frozen list, checked by the verifier and by the
    independent oracle (every word there exactly once)."""
    words, rows, cols = frozen(name)
    puzzle = generate(words, rows, cols, level=level, seed=seed)
    assert verify_puzzle(puzzle).ok, f"{name} {level} seed {seed} does not verify"
    assert_exactly_once(puzzle)
    return puzzle


def placed_rows(board: Board) -> list[str]:
    """The board's rows, with ``.`` for a cell no word covers."""
    return [
        "".join(board.cells[r * board.cols + c] or "." for c in range(board.cols))
        for r in range(board.rows)
    ]
