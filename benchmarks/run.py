"""Run the whole benchmark: wortsuche against its peers, generators interleaved, medians.

The peers: word-search-generator (PyPI, in this process) and @blex41/word-search (npm, in one
node process, timed inside node; its set-up installs it into benchmarks/node with npm once).

    python benchmarks/run.py                 # everything, 20 seeds (about 40 minutes: our lists and real words)
    python benchmarks/run.py --quick         # a few inputs and seeds, to check the suite works

Prints a table and writes benchmarks/results/results.md, results.json and scaling.png.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generators import NODE_PEER, OUR_LEVELS, Node, Ours, Run, Theirs, their_cli  # noqa: E402
from oracle import is_clean  # noqa: E402

EXAMPLES = HERE.parent / "examples" / "bwinf"


@dataclass
class Input:
    """One benchmark input: a word list for each seed and a size."""

    name: str
    rows: int
    cols: int
    kind: str  # official, english, german, random, scaling; a "-frequent" ending: real words
    count: int = 0
    fixed: list[str] = field(default_factory=list)

    def words(self, seed: int) -> list[str]:
        if self.fixed:
            return self.fixed
        rnd = random.Random(f"{self.name}:{seed}")
        if self.kind == "random":
            return list(
                dict.fromkeys(
                    "".join(
                        rnd.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rnd.randint(3, 8))
                    )
                    for _ in range(self.count)
                )
            )
        if self.kind.endswith("-frequent"):
            # Real lists are common words: drawn from the 2 × count most frequent (at least 200),
            # which contain each other (ART in PARTY, START) far more often than a dictionary sample.
            ranked = word_list(self.kind.replace("scaling", "english"))
            return rnd.sample(ranked[: max(200, 2 * self.count)], self.count)
        return rnd.sample(word_list(self.kind if self.kind != "scaling" else "english"), self.count)


_LISTS: dict[str, list[str]] = {}


def word_list(language: str) -> list[str]:
    if language not in _LISTS:
        text = (HERE / "data" / f"{language}.txt").read_text(encoding="utf-8")
        _LISTS[language] = [w for w in text.split("\n") if w and not w.startswith("#")]
    return _LISTS[language]


def official(n: int) -> Input:
    lines = (EXAMPLES / f"worte{n}.txt").read_text(encoding="utf-8").split()
    return Input(f"worte{n}", int(lines[0]), int(lines[1]), "official", fixed=lines[3:])


REAL_KINDS = ("english", "german", "random", "english-frequent", "german-frequent")
"""Our sampled dictionary lists, random letters, and the most frequent real words (data/README)."""


def inputs(quick: bool) -> list[Input]:
    if quick:
        return [official(0), official(1), Input("english 15x15/20", 15, 15, "english", 20),
                Input("english-frequent 15x15/20", 15, 15, "english-frequent", 20),
                Input("scaling 20x20/40", 20, 20, "scaling", 40)]  # fmt: skip
    found = [official(n) for n in range(6)]
    for rows, counts in ((15, (20, 30, 40, 50)), (25, (60, 100)), (50, (100,))):
        for count in counts:
            for kind in REAL_KINDS:
                found.append(Input(f"{kind} {rows}x{rows}/{count}", rows, rows, kind, count))
    for kind in ("scaling", "scaling-frequent"):
        for side in (10, 15, 20, 25, 30, 50, 75, 100, 150, 200):
            count = side * side // 10
            found.append(Input(f"{kind} {side}x{side}/{count}", side, side, kind, count))
    return found


@dataclass
class Cell:
    """Everything measured for one input, level and generator."""

    times: list[float] = field(default_factory=list)
    all_placed: int = 0
    placed_share: list[float] = field(default_factory=list)
    clean: int = 0
    density: list[float] = field(default_factory=list)
    errors: int = 0

    def add(self, run: Run, ours_verified: bool) -> None:
        self.times.append(run.seconds)
        if run.error:
            self.errors += 1
            self.placed_share.append(0.0)
            return
        self.placed_share.append(len(run.placed) / run.words)
        self.all_placed += len(run.placed) == run.words
        self.clean += ours_verified and is_clean(run.rows, run.placed)
        covered = {cell for cells in run.placed.values() for cell in cells}
        self.density.append(len(covered) / (len(run.rows) * len(run.rows[0])))

    def summary(self) -> dict[str, float]:
        runs = len(self.times)
        ordered = sorted(self.times)
        return {
            "runs": runs,
            "median_ms": statistics.median(ordered) * 1000,
            "p90_ms": ordered[min(runs - 1, round(0.9 * (runs - 1)))] * 1000,
            "all_placed": self.all_placed / runs,
            "mean_placed": statistics.fmean(self.placed_share),
            "clean": self.clean / runs,
            "density": statistics.fmean(self.density) if self.density else 0.0,
            "no_layout": self.errors / runs,
        }


def verified_by_wortsuche(run: Run, words: list[str]) -> bool:
    """Our own verifier's verdict on any generator's grid (placements given)."""
    from wortsuche import Direction, Grid, Placement, Word, verify

    if run.error or not run.rows:
        return False
    placements = {}
    for letters, cells in run.placed.items():
        # A one-letter word (or cells off a straight line, which the verifier then reports) reads →.
        direction = Direction.between(cells[0], cells[-1]) or Direction.E
        placements[letters] = Placement(letters, cells[0], direction)
    words_placed = [Word(w, w) for w in run.placed]
    return verify(Grid.from_rows(run.rows), words_placed, placements).ok


def whole_process(seconds_runs: int, node: bool) -> dict[str, float]:
    """Median wall time of one CLI process making worte0 (5x5) for each generator."""
    commands = {
        "wortsuche": [
            sys.executable,
            "-m",
            "wortsuche",
            "generate",
            str(EXAMPLES / "worte0.txt"),
            "--seed",
            "1",
        ]
    }
    entry = Path(sys.executable).parent / "wortsuche"
    if entry.exists():
        commands["wortsuche"] = [
            str(entry),
            "generate",
            str(EXAMPLES / "worte0.txt"),
            "--seed",
            "1",
        ]
    theirs = their_cli()
    if theirs:
        commands["word-search-generator"] = [theirs, "-s", "5", "VOR", "RAD", "EVA", "TORF"]
    if node:
        peer = str(NODE_PEER / "peer.js")
        commands[Node.name] = ["node", peer, "--once", "5", "5", "VOR", "RAD", "EVA", "TORF"]
        commands["node start-up alone"] = ["node", "-e", ""]
    # as on a user's machine: bytecode cached (pip compiles it on install), files read once
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for command in commands.values():
        subprocess.run(command, capture_output=True, check=False, env=environment)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(seconds_runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=False, env=environment)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) * 1000 for name, values in times.items()}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--quick", action="store_true", help="few inputs and seeds: check the suite runs"
    )
    parser.add_argument("--seeds", type=int, help="seeds per input and level (default 20, quick 3)")
    parser.add_argument("--out", type=Path, default=HERE / "results", help="folder for results")
    parser.add_argument("--ours-only", action="store_true", help="skip the other generators")
    parser.add_argument("--no-node", action="store_true", help="skip the node generator")
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="INPUT",
        help="inputs whose name starts so (e.g. worte4 'english 25x25')",
    )
    args = parser.parse_args()
    seeds = args.seeds or (3 if args.quick else 20)
    generators: list[Ours | Theirs | Node] = [Ours()]
    if not args.ours_only and Theirs.available():
        generators.append(Theirs())
    elif not args.ours_only:
        print("word-search-generator is not installed (pip install -e '.[bench]'); leaving it out")
    node = not args.ours_only and not args.no_node and Node.set_up()
    if node:
        generators.append(Node())
    elif not args.ours_only and not args.no_node:
        print(
            "node or npm is missing (apt-get install nodejs npm); leaving @blex41/word-search out"
        )
    results = []
    chosen = [i for i in inputs(args.quick) if not args.only or i.name.startswith(tuple(args.only))]
    for item in chosen:
        for level in OUR_LEVELS:
            cells = {g.name: Cell() for g in generators}
            for seed in range(seeds):
                words = item.words(seed)
                for generator in generators:  # interleaved: machine noise hits both alike
                    if not generator.supports(item.rows, item.cols, len(words), level):
                        continue
                    run = generator.run(words, item.rows, item.cols, level, seed)
                    cells[generator.name].add(run, verified_by_wortsuche(run, words))
            row = {
                "input": item.name,
                "kind": item.kind,
                "rows": item.rows,
                "cols": item.cols,
                "level": level,
            }
            for name, cell in cells.items():
                if cell.times:
                    row[name] = cell.summary()
            results.append(row)
            print(format_row(row), flush=True)
    for generator in generators:
        if isinstance(generator, Node):
            generator.close()
    process = whole_process(5 if args.quick else 20, node)
    args.out.mkdir(parents=True, exist_ok=True)
    meta = {"python": platform.python_version(), "machine": platform.machine(), "seeds": seeds,
            "date": time.strftime("%Y-%m-%d"), "whole_process_ms": process}  # fmt: skip
    (args.out / "results.json").write_text(
        json.dumps({"meta": meta, "results": results}, indent=1) + "\n"
    )
    (args.out / "results.md").write_text(markdown(results, meta))
    plot(results, args.out / "scaling.png")
    print(f"\nwhole process, worte0: {process}")
    print(f"written: {args.out / 'results.md'}, results.json, scaling.png")
    return 0


PEERS = ("word-search-generator", Node.name)


def format_row(row: dict) -> str:  # type: ignore[type-arg]
    ours = row.get("wortsuche", {})
    text = (f"{row['input']:<24} {row['level']:<7} ours {ours.get('median_ms', 0):8.1f} ms "
            f"all {ours.get('all_placed', 0):4.0%} clean {ours.get('clean', 0):4.0%}")  # fmt: skip
    for peer in PEERS:
        theirs = row.get(peer)
        if theirs:
            ratio = ours["median_ms"] / theirs["median_ms"] if theirs["median_ms"] else float("nan")
            text += (f" | {peer.split()[0]} {theirs['median_ms']:8.1f} ms all {theirs['all_placed']:4.0%} "
                     f"clean {theirs['clean']:4.0%} ratio {ratio:5.2f}")  # fmt: skip
    return text


def markdown(results: list[dict], meta: dict) -> str:  # type: ignore[type-arg]
    lines = [
        "# Benchmark results",
        "",
        f"Python {meta['python']} on {meta['machine']}, {meta['seeds']} seeds per input and level, {meta['date']}.",
        "Times are medians (p90) of the generate call alone, generators interleaved (word-search-generator in",
        "this process, @blex41/word-search in one node process, timed inside node: node's start-up apart);",
        "wortsuche's time includes its exactly-once self-check. *all* = share of runs with every word placed,",
        "*placed* = mean share of words placed, *clean* = share of runs that wortsuche's verifier and the",
        "independent 8-direction scan both find exactly-once, *density* = share of cells covered by words.",
        "",
        "| input | level | wortsuche ms | all | clean | density | w-s-g ms | all | placed | clean | ours ÷ w-s-g "
        "| node ms | all | placed | clean | ours ÷ node |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in results:
        ours = row["wortsuche"]
        cells = [row["input"], row["level"], f"{ours['median_ms']:.1f} ({ours['p90_ms']:.1f})",
                 f"{ours['all_placed']:.0%}", f"{ours['clean']:.0%}", f"{ours['density']:.0%}"]  # fmt: skip
        for peer in PEERS:
            theirs = row.get(peer)
            if theirs:
                ratio = (
                    ours["median_ms"] / theirs["median_ms"] if theirs["median_ms"] else float("nan")
                )
                cells += [f"{theirs['median_ms']:.1f} ({theirs['p90_ms']:.1f})", f"{theirs['all_placed']:.0%}",
                          f"{theirs['mean_placed']:.0%}", f"{theirs['clean']:.0%}", f"{ratio:.2f}"]  # fmt: skip
            else:
                cells += ["–"] * 5
        lines.append("| " + " | ".join(cells) + " |")
    process = meta["whole_process_ms"]
    lines += ["", "Whole process (`wortsuche generate worte0.txt`, `word-search -s 5 VOR RAD EVA TORF`, "
              "`node benchmarks/node/peer.js --once 5 5 VOR RAD EVA TORF`, and node starting with nothing to do), median ms: "
              + ", ".join(f"{name} {ms:.0f}" for name, ms in process.items()), ""]  # fmt: skip
    return "\n".join(lines)


def plot(results: list[dict], path: Path) -> None:  # type: ignore[type-arg]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for name, marker in (("wortsuche", "o"), ("word-search-generator", "s"), (Node.name, "^")):
        for level, style in (("easy", ":"), ("medium", "--"), ("hard", "-")):
            points = sorted(
                (row["rows"] * row["cols"], row[name]["median_ms"])
                for row in results
                if row["kind"] == "scaling" and row["level"] == level and name in row
            )
            if points:
                ax.plot(*zip(*points, strict=True), style, marker=marker, label=f"{name} {level}")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("grid cells (words = cells / 10)")
    ax.set_ylabel("median generation time (ms)")
    ax.set_title("Generation time against grid size")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    sys.exit(main())
