"""Real word lists at real densities: how long ``generate`` takes and how its placement search
spends its runs.

The lists are the frozen ones of ``benchmarks/data/real/`` (frequent English and German words of
3 to 14 letters, mean 8, drawn by ``real_lists.py``). For each list and level it prints the
median and 90th percentile of the CPU seconds of the ``generate`` call, and what the quick
placement search did: its runs per puzzle (one run: no restart), the allowances those runs were
given (a run cut by its allowance while still gaining ground gets another) and the share of the
words that stood when an allowance ended without a layout.

    python benchmarks/real.py                        # every list, medium and hard, 5 seeds
    python benchmarks/real.py --case 200x200 --seeds 3
    python benchmarks/real.py --src /tmp/old/src     # another checkout's package (git archive)

``--src`` measures an unpacked older version the same way (its quick search kept no runs that
could go on: each of its runs is one allowance).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REAL = HERE / "data" / "real"
LEVELS = ("medium", "hard")


def real_lists() -> list[tuple[str, int, int, list[str]]]:
    """(name, rows, cols, words) of every frozen real list, smallest grid first."""
    found = []
    for path in REAL.glob("*.txt"):
        words = [w for w in path.read_text(encoding="utf-8").split("\n") if w and w[0] != "#"]
        rows, cols = map(int, path.stem.split("-")[1].split("x"))
        found.append((path.stem, rows, cols, words))
    return sorted(found, key=lambda case: (case[1] * case[2], case[0]))


def letters_per_cell(words: list[str], rows: int, cols: int) -> float:
    """Letters of the list per cell of the grid."""
    return sum(map(len, words)) / (rows * cols)


@dataclass
class Probe:
    """What the quick search did in one puzzle: per allowance, the share of words standing at
    its end and whether the run went on."""

    allowances: list[tuple[float, bool]] = field(default_factory=list)
    runs: int = 0

    def install(self) -> None:
        """Wrap the quick search of the imported package (this one's or an older one's)."""
        from wortsuche.placement import quick

        probe = self
        if hasattr(quick, "Run"):
            advance = quick.Run.advance

            def counted(run: Any, limit: int) -> bool:
                if run.depth == 0 and not run.deepest:
                    probe.runs += 1
                going_on = bool(advance(run, limit))
                probe.allowances.append((max(run.depth, 0) / len(run.order), going_on))
                return going_on

            quick.Run.advance = counted
        else:  # before runs could go on: one allowance per run
            search = quick._search

            def counted_search(order: Any, placer: Any, limit: int, dead_ends: Any) -> int:
                probe.runs += 1
                depth = int(search(order, placer, limit, dead_ends))
                probe.allowances.append((max(depth, 0) / len(order), False))
                return depth

            quick._search = counted_search

    def clear(self) -> None:
        self.allowances.clear()
        self.runs = 0


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=5, help="seeds per list and level (5)")
    parser.add_argument("--case", default="", help="only lists whose name contains this")
    parser.add_argument("--src", type=Path, default=HERE.parent / "src", help="package to measure")
    args = parser.parse_args()
    sys.path.insert(0, str(args.src))
    from wortsuche import DoesNotFitError, generate

    probe = Probe()
    probe.install()
    print(f"{args.src}, {args.seeds} seeds; CPU seconds of generate, medians (p90)")
    print(
        "| list | letters per cell | level | CPU s | p90 | made | search runs | allowances "
        "| words standing at a cut |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, rows, cols, words in real_lists():
        if args.case not in name:
            continue
        for level in LEVELS:
            times, runs, allowances, cut_depths, made = [], [], [], [], 0
            for seed in range(args.seeds):
                probe.clear()
                start = time.process_time()
                try:
                    generate(words, rows, cols, level=level, seed=seed)
                    made += 1
                except DoesNotFitError:
                    pass
                times.append(time.process_time() - start)
                runs.append(probe.runs)
                allowances.append(len(probe.allowances))
                cut_depths += [share for share, _ in probe.allowances[:-1]]
            ordered = sorted(times)
            p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
            cuts = f"{statistics.median(cut_depths):.0%}" if cut_depths else "–"
            print(
                f"| {name} | {letters_per_cell(words, rows, cols):.2f} | {level} "
                f"| {statistics.median(times):.3f} | {p90:.3f} | {made}/{args.seeds} "
                f"| {statistics.fmean(runs):.1f} | {statistics.fmean(allowances):.1f} | {cuts} |",
                flush=True,
            )


if __name__ == "__main__":
    started = time.monotonic()
    main()
    print(f"({time.monotonic() - started:.0f} s)")
