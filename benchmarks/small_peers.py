"""Small grids against the peers, in process: ours ÷ @blex41/word-search and ÷ word-search-generator.

The rows of issue 45's fifth target: 15×15/20, 25×25/60 and 50×50/100 at medium and hard on the
most frequent English and German words (``run.py``'s ``-frequent`` inputs, drawn afresh per
seed), the frozen real lists of ``data/real`` up to 50×50 (3 to 14 letters, mean 8; the same
list for every seed), and German lists with umlauts at 20×20/30 and 15×15/20 (words of the real
German list of ``data/real`` that hold Ä, Ö, Ü or ß, 3 to 14 letters, mean 8.8, drawn afresh
per seed). Every generator makes the same list with the same seed, interleaved seed by seed, so
machine noise hits all alike. Times are CPU time (on a shared machine wall time counts the
waits): node's measured inside node (``process.cpuUsage``), the others' around their generate
call in this process.

    python benchmarks/small_peers.py                  # 30 seeds
    python benchmarks/small_peers.py --seeds 60 --case umlaut
    python benchmarks/small_peers.py --tail           # also our slowest seeds of each row

Prints per row: letters per cell, median CPU ms of each generator, the 90th percentile of ours
(the tail), ours ÷ each peer in CPU time, ours ÷ the last peer in wall time (as ``run.py``), and
each generator's share of clean runs: every word placed, each exactly once by the independent
scan of ``oracle.py`` (a peer that drops or repeats a word is fast at a price).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generators import Node, Ours, Run, Theirs  # noqa: E402
from real import real_lists  # noqa: E402
from run import Input, clean_share  # noqa: E402

UMLAUTS = set("ÄÖÜß")


@dataclass(frozen=True)
class Row:
    """One input and level."""

    name: str
    side: int
    level: str
    source: Input | None  # None: the German umlaut list
    count: int

    def words(self, seed: int) -> list[str]:
        if self.source is not None:
            return self.source.words(seed)
        return random.Random(f"umlaut:{seed}").sample(umlaut_words(), self.count)


def umlaut_words() -> list[str]:
    """The words with Ä, Ö, Ü or ß of the largest frozen real German list (3 to 14 letters)."""
    if not _UMLAUT_WORDS:
        text = (HERE / "data" / "real" / "de-500x500-10000.txt").read_text(encoding="utf-8")
        words = [w for w in text.split("\n") if w and not w.startswith("#")]
        _UMLAUT_WORDS.extend(w for w in words if UMLAUTS & set(w))
    return _UMLAUT_WORDS


_UMLAUT_WORDS: list[str] = []


def rows() -> list[Row]:
    """Every row measured, smallest grid first."""
    found = []
    for side, count in ((15, 20), (25, 60), (50, 100)):
        for kind in ("english-frequent", "german-frequent"):
            name = f"{kind} {side}x{side}/{count}"
            for level in ("medium", "hard"):
                found.append(Row(name, side, level, Input(name, side, side, kind, count), count))
    for name, side, _, words in real_lists():
        if side <= 50:
            fixed = Input(f"real {name}", side, side, "real", len(words), fixed=words)
            for level in ("medium", "hard"):
                found.append(Row(f"real {name}", side, level, fixed, len(words)))
    for side, count in ((20, 30), (15, 20)):
        for level in ("medium", "hard"):
            found.append(Row(f"german umlaut {side}x{side}/{count}", side, level, None, count))
    return found


def cpu_ms(runs: list[Run]) -> float:
    """The median CPU milliseconds of ``runs``."""
    return statistics.median((r.cpu or 0.0) for r in runs) * 1000


def per_cell(words: list[str], side: int) -> float:
    return sum(map(len, words)) / (side * side)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seeds", type=int, default=30, help="seeds per row (30)")
    parser.add_argument("--case", default="", help="only rows whose name contains this")
    parser.add_argument("--level", choices=("medium", "hard"), help="one level only")
    parser.add_argument("--tail", action="store_true", help="print our slowest seeds per row")
    args = parser.parse_args()
    generators: list[Ours | Theirs | Node] = [Ours()]
    if Theirs.available():
        generators.append(Theirs())
    if Node.set_up():
        generators.append(Node())
    names = [g.name.split(" ")[0] for g in generators]
    print(f"load {os.getloadavg()[0]:.2f}; {args.seeds} seeds; medians in CPU ms")
    print(
        f"{'row':<34} {'level':<6} {'l/cell':>6} "
        + " ".join(f"{n[:12]:>12}" for n in names)
        + "  ours p90  "
        + " ".join(f"÷{n[:10]:>10}" for n in names[1:])
        + f"  ÷{names[-1][:8]} wall  clean "
        + "/".join(n[:6] for n in names)
    )
    for row in rows():
        if args.case not in row.name or (args.level and row.level != args.level):
            continue
        runs: dict[str, list[Run]] = {g.name: [] for g in generators}
        cells = []
        for seed in range(args.seeds):
            words = row.words(seed)
            cells.append(per_cell(words, row.side))
            for generator in generators:
                started = time.process_time()
                run = generator.run(words, row.side, row.side, row.level, seed)
                if not isinstance(generator, Node):  # this process's CPU: ours and theirs
                    run.cpu = time.process_time() - started
                runs[generator.name].append(run)
        medians = [cpu_ms(runs[g.name]) for g in generators]
        ours = sorted((r.cpu or 0.0) * 1000 for r in runs[Ours.name])
        p90 = ours[int(0.9 * (len(ours) - 1))]
        ratios = [medians[0] / m for m in medians[1:]]
        wall = [statistics.median(r.seconds for r in runs[g.name]) for g in generators]
        print(
            f"{row.name:<34} {row.level:<6} {statistics.mean(cells):6.2f} "
            + " ".join(f"{m:12.2f}" for m in medians)
            + f"  {p90:8.2f}  "
            + " ".join(f"{r:11.2f}" for r in ratios)
            + f"  {wall[0] / wall[-1]:9.2f}  "
            + "/".join(f"{clean_share(runs[g.name]):.0%}" for g in generators)
            + f"   (load {os.getloadavg()[0]:.2f})",
            flush=True,
        )
        if args.tail:
            slow = sorted(enumerate(runs[Ours.name]), key=lambda s: -(s[1].cpu or 0.0))[:5]
            print(
                "    slowest seeds: "
                + ", ".join(f"{s}: {(r.cpu or 0.0) * 1000:.1f}" for s, r in slow)
            )
    for generator in generators:
        if isinstance(generator, Node):
            generator.close()
    return 0


if __name__ == "__main__":
    start = time.monotonic()
    code = main()
    print(f"({time.monotonic() - start:.0f} s)")
    sys.exit(code)
