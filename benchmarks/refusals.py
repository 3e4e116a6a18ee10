"""Crowded lists that do not fit: how long a refusal takes, and whether it is one.

The frozen crowded lists of ``benchmarks/data/dense`` with the first 4 to 6 of GARDEN, WINTER,
PLANET, SILVER, CASTLE, BRIDGE added, so that (mostly) no layout exists; each row is one seed at
one level: refused or made, and the CPU seconds of the whole ``generate`` call (the size it
suggests included). The target: a refusal within 2 s CPU at the default effort.

    python benchmarks/refusals.py                        # medium and hard, seeds 0 and 1
    python benchmarks/refusals.py --case de-20x20 --levels hard --seeds 1 --first 1
    python benchmarks/refusals.py --src /tmp/base/src    # another version's sources

``--src`` imports wortsuche from another ``src`` folder (a commit unpacked with ``git archive``),
so two versions can be timed one after the other, each in a fresh process.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

ADDED = ("GARDEN", "WINTER", "PLANET", "SILVER", "CASTLE", "BRIDGE")
"""Words added to a crowded list so that it no longer fits."""

EXTRA = {"de-20x20-60": 6, "en-15x15-35": 5, "en-12x12-25": 4}
"""How many of :data:`ADDED` each list gets (the lists the refusal target was measured on)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src", help="wortsuche's sources")
    parser.add_argument("--case", default="", help="only lists whose name contains this")
    parser.add_argument("--levels", nargs="+", default=["medium", "hard"])
    parser.add_argument("--seeds", type=int, default=2, help="seeds per list and level (2)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (0)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src))
    from wortsuche import DoesNotFitError, generate
    from wortsuche.words.source import parse_words

    print("| list | letters per cell | level | seed | verdict | CPU s |")
    print("|---|---|---|---|---|---|")
    times = []
    for name, extra in EXTRA.items():
        if args.case not in name:
            continue
        path = HERE / "data" / "dense" / f"{name}.txt"
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        listed, _ = source.words()
        words = [w.letters for w in listed] + list(ADDED[:extra])
        rows, cols = source.size or (15, 15)
        density = sum(len(w) for w in words) / (rows * cols)
        for level in args.levels:
            for seed in range(args.first, args.first + args.seeds):
                start = time.process_time()
                try:
                    generate(words, rows, cols, level=level, seed=seed)
                    verdict = "made"
                except DoesNotFitError:
                    verdict = "refused"
                took = time.process_time() - start
                times.append(took)
                print(
                    f"| {name} + {extra} words | {density:.2f} | {level} | {seed} | {verdict} "
                    f"| {took:.2f} |"
                )
    if times:
        print(f"\nmedian {statistics.median(times):.2f} s, slowest {max(times):.2f} s")


if __name__ == "__main__":
    main()
