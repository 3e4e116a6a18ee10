"""The slowest inputs we know: each must end within 30 CPU seconds on one core at the default
effort, and within 500 MB.

    python3 benchmarks/worst_case.py [--only TEXT ...]

Every generation spends from one budget of steps (``wortsuche.budget.STEPS``) and of CPU time
(``wortsuche.budget.CPU_SECONDS``), whatever path it takes: the size search, the candidates of
``--difficulty``, a hidden message, ``--exact`` (its solver in a child process the budget ends).
Each case runs as ``main(argv)`` in a forked process under a cap of 35 CPU seconds
(``tests/fuzzing.py``); the table gives the outcome, the CPU seconds (the process and its
children) and the peak memory. Run it alone on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import Case, run_case
from wortsuche import budget as budget_module

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ANIMALS = ["Hund", "Katze", "Maus", "Igel", "Fuchs", "Pferd", "Kuh", "Schaf", "Ziege", "Hase"]


def random_words(count: int, low: int, high: int, letters: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(letters) for _ in range(rng.randint(low, high))))
    return sorted(words)


def frequent_words(count: int, language: str = "english") -> list[str]:
    """``count`` of the 2 × count most frequent real words, drawn as ``run.py`` draws them."""
    path = Path(__file__).resolve().parent / "data" / f"{language}-frequent.txt"
    ranked = [w for w in path.read_text(encoding="utf-8").split("\n") if w and w[0] != "#"]
    return sorted(random.Random(count).sample(ranked[: 2 * count], count))


def generate(*options: str, words: list[str]) -> list[str]:
    return ["generate", "--seed", "1", "--format", "json", *options, *words]


CASES: list[tuple[str, list[str]]] = [
    (
        "20,000 four-letter words, automatic size, evil",
        generate("--level", "evil", words=random_words(20_000, 4, 4, LETTERS, 1)),
    ),
    (
        "20,000 four-letter words in 250x250, evil",
        generate("--size", "250", "--level", "evil", words=random_words(20_000, 4, 4, LETTERS, 1)),
    ),
    (
        "80 umlaut-heavy words in 20x30, evil",
        generate(
            "--size", "20x30", "--level", "evil", words=random_words(80, 7, 11, "ÄÖÜẞÄÖÜAEN", 7)
        ),
    ),
    (
        "80 umlaut-heavy words in 20x30, --wrap, hard",
        generate(
            "--size",
            "20x30",
            "--wrap",
            "--level",
            "hard",
            words=random_words(80, 7, 11, "ÄÖÜẞÄÖÜAEN", 7),
        ),
    ),
    (
        "10,000 frequent English words in 500x500, hard",
        generate("--size", "500", "--level", "hard", words=frequent_words(10_000)),
    ),
    (
        "10,000 frequent German words in 500x500, hard",
        generate("--size", "500", "--level", "hard", words=frequent_words(10_000, "german")),
    ),
    (
        "200 words of 12 letters in 50x50, evil",
        generate("--size", "50", "--level", "evil", words=random_words(200, 12, 12, LETTERS, 2)),
    ),
    (
        "200 words of 12 letters in 50x50, --difficulty 50",
        generate("--size", "50", "--difficulty", "50", words=random_words(200, 12, 12, LETTERS, 2)),
    ),
    (
        "200 words of 50 letters in 60x60, evil",
        generate("--size", "60", "--level", "evil", words=random_words(200, 50, 50, LETTERS, 2)),
    ),
    (
        "200 words of 50 letters, automatic size, evil",
        generate("--level", "evil", words=random_words(200, 50, 50, LETTERS, 2)),
    ),
    (
        'A T --message "Gut gemacht" (the message spells A)',
        generate("--message", "Gut gemacht", words=["A", "T"]),
    ),
    (
        'A T --message "Gut gemacht" --difficulty 5',
        generate("--message", "Gut gemacht", "--difficulty", "5", words=["A", "T"]),
    ),
    (
        "10 animals --message-exact, automatic size",
        generate("--message", "Gut gemacht", "--message-exact", words=ANIMALS),
    ),
    (
        "10 animals --message-exact in 12x12 (too many free cells)",
        generate("--message", "Gut gemacht", "--message-exact", "--size", "12", words=ANIMALS),
    ),
    (
        "--exact, 100 words of 5-6 letters in 25x25",
        generate("--exact", "--size", "25", words=random_words(100, 5, 6, LETTERS, 3)),
    ),
    (
        "--exact, 40 words of 5-6 letters in 15x15, hard",
        generate(
            "--exact", "--size", "15", "--level", "hard", words=random_words(40, 5, 6, LETTERS, 3)
        ),
    ),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", action="append", help="run the cases whose name holds this text (repeatable)"
    )
    only = parser.parse_args().only or [""]
    print(
        f"budget: {budget_module.STEPS:,} steps and {budget_module.CPU_SECONDS:g} CPU s a "
        f"generation; Python {sys.version.split()[0]}"
    )
    print("| input | outcome | CPU s | peak MB |")
    print("|---|---|---|---|")
    for name, argv in CASES:
        if not any(text in name for text in only):
            continue
        outcome = run_case(Case(argv))
        said = outcome.detail.strip().splitlines()
        last = said[-1].removeprefix("wortsuche: ") if said else ""
        text = outcome.kind if not last else f"{outcome.kind}: {last[:110]}"
        print(f"| {name} | {text} | {outcome.cpu:.1f} | {outcome.megabytes:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
