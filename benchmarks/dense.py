"""Crowded grids: how often a layout is found, how fast, and what word-search-generator places.

Frozen lists in ``benchmarks/data/dense/`` (real English and German words, 0.8 to 1.1 letters
per cell). For each list and level: the share of seeds that give a puzzle and the median CPU
time per seed (failures included, since a failure also costs time); for word-search-generator
the median share of the words it places (it leaves out what does not fit, silently).

    python benchmarks/dense.py            # 20 seeds
    python benchmarks/dense.py --quick    # 5 seeds
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generators import Theirs  # noqa: E402
from wortsuche import DoesNotFitError, generate  # noqa: E402
from wortsuche.words.source import parse_words  # noqa: E402

LEVELS = ("easy", "medium", "hard", "evil")
FAST = 2.0
"""CPU seconds within which a puzzle counts as made quickly (the count in brackets)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 seeds instead of 20")
    parser.add_argument("--out", type=Path, help="also write the table (Markdown) here")
    parser.add_argument(
        "--exact",
        nargs="*",
        metavar="LIST",
        help="also ask the exact mode (SAT) whether a layout exists, once per level, for the lists "
        "named (all if none are named; slow on large lists)",
    )
    args = parser.parse_args()
    seeds = range(5 if args.quick else 20)
    theirs = Theirs() if Theirs.available() else None
    lines = [
        "| list | letters per cell | "
        + " | ".join(f"{level}: made (within {FAST:g} s), median CPU s" for level in LEVELS)
        + " | word-search-generator level 3: words placed |",
        "|---|---|" + "---|" * (len(LEVELS) + 1),
    ]
    for path in sorted((ROOT / "benchmarks" / "data" / "dense").glob("*.txt")):
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        words, _ = source.words()
        rows, cols = source.size or (15, 15)
        density = sum(len(w) for w in words) / (rows * cols)
        cells = []
        for level in LEVELS:
            made, times, oks = 0, [], []
            for seed in seeds:
                start = time.process_time()
                try:
                    generate(words, rows, cols, level=level, seed=seed)
                    made += 1
                    oks.append(True)
                except DoesNotFitError:
                    oks.append(False)
                times.append(time.process_time() - start)
            fast = sum(1 for ok, t in zip(oks, times, strict=True) if ok and t <= FAST)
            cells.append(f"{made}/{len(seeds)} ({fast}), {statistics.median(times):.2f}")
        their = ""
        if theirs is not None and theirs.supports(rows, cols, len(words), "hard"):
            shares = []
            for seed in seeds:
                run = theirs.run([w.letters for w in words], rows, cols, "hard", seed)
                shares.append(len(run.placed) / len(words) if run.rows else 0.0)
            their = f"{statistics.median(shares):.0%}"
        lines.append(
            f"| {path.stem} ({rows}×{cols}) | {density:.2f} | "
            + " | ".join(cells)
            + f" | {their} |"
        )
    lines += [
        "",
        f"Seeds per list and level: {len(seeds)}; in brackets, how many of them gave a puzzle "
        f"within {FAST:g} CPU s; then the median CPU seconds per seed, whole generate call "
        "(failures included).",
    ]
    if args.exact is not None:
        lines += ["", *exact_table(args.exact)]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


def exact_table(names: list[str]) -> list[str]:
    """Whether a layout exists, as the exact mode (SAT, seed 0, its default budget) decides."""
    table = [
        "Exact mode (`--exact`, seed 0): does a layout exist?",
        "",
        "| list | " + " | ".join(LEVELS) + " |",
        "|---|" + "---|" * len(LEVELS),
    ]
    for path in sorted((ROOT / "benchmarks" / "data" / "dense").glob("*.txt")):
        if names and path.stem not in names:
            continue
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        words, _ = source.words()
        rows, cols = source.size or (15, 15)
        cells = []
        for level in LEVELS:
            start = time.process_time()
            try:
                generate(words, rows, cols, level=level, seed=0, exact=True)
                verdict = "yes"
            except DoesNotFitError as error:
                verdict = "no (proved)" if error.kind == "cannot_exist" else "undecided"
            cells.append(f"{verdict}, {time.process_time() - start:.1f} s")
        table.append(f"| {path.stem} | " + " | ".join(cells) + " |")
    return table


if __name__ == "__main__":
    main()
