"""The slowest inputs we know within the documented limits: each must end within 30 s on one core.

    python3 benchmarks/worst_case.py

Every generation spends from one budget of steps (``wortsuche.budget.STEPS``), so each of these
ends with a puzzle or a "no layout found" error. The table gives the outcome, the CPU seconds
(``time.process_time``) and the steps used; run it alone on the machine.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from wortsuche import budget as budget_module
from wortsuche.pipeline.run import generate

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def random_words(count: int, low: int, high: int, letters: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(letters) for _ in range(rng.randint(low, high))))
    return sorted(words)


CASES: list[tuple[str, Callable[[], list[str]], int | None, str]] = [
    (
        "20,000 four-letter words, automatic size",
        lambda: random_words(20_000, 4, 4, LETTERS, 1),
        None,
        "evil",
    ),
    (
        "20,000 four-letter words in 250x250",
        lambda: random_words(20_000, 4, 4, LETTERS, 1),
        250,
        "evil",
    ),
    (
        "80 umlaut-heavy words in 20x30",
        lambda: random_words(80, 7, 11, "ÄÖÜẞÄÖÜAEN", 7),
        None,
        "evil",
    ),
    ("200 words of 12 letters in 50x50", lambda: random_words(200, 12, 12, LETTERS, 2), 50, "evil"),
    ("200 words of 50 letters in 60x60", lambda: random_words(200, 50, 50, LETTERS, 2), 60, "evil"),
    (
        "200 words of 50 letters, automatic size",
        lambda: random_words(200, 50, 50, LETTERS, 2),
        None,
        "evil",
    ),
]


def main() -> int:
    print(f"budget: {budget_module.STEPS:,} steps a puzzle; Python {sys.version.split()[0]}")
    print("| input | level | outcome | CPU s |")
    print("|---|---|---|---|")
    for name, words, side, level in CASES:
        chosen = words()
        rows, cols = (20, 30) if "20x30" in name else (side, side)
        start = time.process_time()
        try:
            puzzle = generate(chosen, rows, cols, level=level, seed=1)
            outcome = f"puzzle {puzzle.rows}x{puzzle.cols}"
        except Exception as error:  # the outcome is the row, whatever it is
            outcome = f"{type(error).__name__}: {str(error)[:60]}…"
        print(f"| {name} | {level} | {outcome} | {time.process_time() - start:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
