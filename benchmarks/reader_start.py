"""Hard → evil for readers who always start at the top-left, against readers who start anywhere.

Every member of the solver family (``solvers.py``) starts its scan at a random cell and reads
round the end of the grid. A person more often starts at the top-left and reads line by line.
Evil's filler puts a word's false starts before the word in reading order
(``wortsuche.filling.ahead``); this checks that a reader who starts at the top-left meets them
too, and the step is not only an effect of the random start. For worte1–worte4 and the two frozen
lists at the input's size, ``--seeds`` seeds each: the median over seeds of each member's work on
hard and on evil, their ratio per input, and the median and smallest ratio over the inputs; the
same for the random start (``solvers.family_costs``). The top-left reader's work depends much more
on where the words stand, so its ratios are noisier.

    python benchmarks/reader_start.py                    # 10 seeds
    python benchmarks/reader_start.py --src /tmp/base/src   # another version's package, same table
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from solvers import Member, family_costs, top_left_cost  # noqa: E402

INPUTS = [ROOT / "examples" / "bwinf" / f"worte{k}.txt" for k in range(1, 5)] + [
    ROOT / "benchmarks" / "data" / "lists" / "animals-en.txt",
    ROOT / "benchmarks" / "data" / "lists" / "obst-de.txt",
]
MEMBERS = [Member(s, k, False) for s in ("scanner", "anchor") for k in (1, 10)]


def ratios(seeds: int) -> dict[str, dict[str, list[float]]]:  # pragma: no cover - a benchmark
    """For each start and member, hard → evil per input."""
    from wortsuche import generate
    from wortsuche.words.source import parse_words

    found: dict[str, dict[str, list[float]]] = {"top-left": {}, "anywhere": {}}
    for path in INPUTS:
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        words, _ = source.words()
        letters = [w.letters for w in words]
        rows, cols = source.size or (15, 15)
        costs: dict[tuple[str, str, str], list[float]] = {}
        for level in ("hard", "evil"):
            for seed in range(seeds):
                puzzle = generate(words, rows, cols, level=level, seed=seed)
                grid, told = list(puzzle.grid.rows), [d.name for d in puzzle.options.directions]
                anywhere = family_costs(grid, letters, told)
                for member in MEMBERS:
                    top = top_left_cost(grid, letters, told, member)
                    costs.setdefault(("top-left", member.name, level), []).append(top)
                    costs.setdefault(("anywhere", member.name, level), []).append(anywhere[member])
        for start, per_member in found.items():
            for member in MEMBERS:
                hard = statistics.median(costs[(start, member.name, "hard")])
                evil = statistics.median(costs[(start, member.name, "evil")])
                per_member.setdefault(member.name, []).append(evil / hard)
    return found


def main() -> None:  # pragma: no cover - a benchmark
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="seeds per input and level (10)")
    parser.add_argument("--src", type=Path, help="the package to rate (default: this checkout's)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src or ROOT / "src"))
    found = ratios(args.seeds)
    names = [p.stem for p in INPUTS]
    print("| start | solver | " + " | ".join(names) + " | median [min] |")
    print("|---|---|" + "---|" * len(names) + "---|")
    for start, per_member in found.items():
        for name, values in per_member.items():
            cells = " | ".join(f"{v:.2f}" for v in values)
            print(
                f"| {start} | {name} | {cells} | "
                f"{statistics.median(values):.2f} [{min(values):.2f}] |"
            )


if __name__ == "__main__":
    main()
