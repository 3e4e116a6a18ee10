"""Run the whole benchmark: wortsuche against its peers, generators interleaved, medians.

The peers: word-search-generator (PyPI, in this process) and @blex41/word-search (npm, in one
node process, timed inside node; its set-up installs it into benchmarks/node with npm once).

    python benchmarks/run.py                 # everything, 20 seeds (about 40 minutes: our lists and real words)
    python benchmarks/run.py --quick         # a few inputs and seeds, to check the suite works
    python benchmarks/run.py --targets       # the issue's targets, our lists and real words (1-2 minutes)

Prints a table and writes benchmarks/results/results.md, results.json and scaling.png; with
--targets the targets table only, into benchmarks/results/targets.md (--seeds N: N seeds for every
job, at most 2 fresh processes for 500x500).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))  # this checkout's package
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
    parser.add_argument(
        "--targets", action="store_true", help="only the issue's targets table (targets.md)"
    )
    args = parser.parse_args()
    if args.targets:
        return targets(
            args.seeds, args.out, not args.ours_only, not args.ours_only and not args.no_node
        )
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


@dataclass
class Limit:
    """A target on one figure: below ``bound`` (or at most, ``inclusive``); no bound: reference."""

    unit: str  # "s", "MB", or "" for a ratio
    bound: float | None = None
    inclusive: bool = False

    def met(self, value: float) -> bool:
        assert self.bound is not None
        return value <= self.bound if self.inclusive else value < self.bound

    def show(self, value: float) -> str:
        if self.unit == "MB":
            return f"{value:.0f} MB"
        return f"{value:.3g} s" if self.unit == "s" else f"{value:.2f}"

    def target(self) -> str:
        if self.bound is None:
            return "–"
        unit = f" {self.unit}" if self.unit else ""
        return f"{'≤' if self.inclusive else '<'} {self.bound:g}{unit}"


@dataclass
class Target:
    """One row of the targets table: a job's figures on our lists and on real words."""

    job: str
    limits: list[Limit]
    ours: list[float | None]
    real: list[float | None]
    notes: tuple[str, str] = ("", "")


def target_cell(limits: list[Limit], values: list[float | None], note: str) -> str:
    """One column's figures, each with whether it meets its limit ("–": not measured)."""
    parts = []
    for limit, value in zip(limits, values, strict=True):
        if value is None:
            parts.append("–")
        elif limit.bound is None:
            parts.append(limit.show(value))
        else:
            parts.append(f"{limit.show(value)} ({'met' if limit.met(value) else 'missed'})")
    return ", ".join(parts) + (f"; {note}" if note else "")


def targets_table(rows: list[Target]) -> list[str]:
    """The markdown lines of the targets table."""
    lines = ["| job | our list | real words | target |", "|---|---|---|---|"]
    for row in rows:
        cells = [row.job, target_cell(row.limits, row.ours, row.notes[0]),
                 target_cell(row.limits, row.real, row.notes[1]),
                 ", ".join(limit.target() for limit in row.limits)]  # fmt: skip
        lines.append("| " + " | ".join(cells) + " |")
    return lines


TARGET_KINDS = (("scaling", "english"), ("scaling-frequent", "english-frequent"))
"""The two columns (kinds for the large grids, for the peers' sizes): our sampled dictionary
list and the most frequent real words."""


def target_words(kind: str, side: int, count: int, seed: int) -> list[str]:
    """The words of run.py's input of that kind and size (the same draw for the same name)."""
    return Input(f"{kind} {side}x{side}/{count}", side, side, kind, count).words(seed)


def fresh_runs(side: int, count: int, runs: int) -> list[tuple[float, float]]:
    """``generate`` (hard) in a fresh ``worker.py`` process per run, the lists alternating: per
    list the median CPU s and the largest peak MB (``ru_maxrss`` of the child)."""
    from compiled import once

    answers: list[list[dict[str, float]]] = [[] for _ in TARGET_KINDS]
    for seed in range(runs):
        for found, (kind, _) in zip(answers, TARGET_KINDS, strict=True):
            job = {"words": target_words(kind, side, count, seed), "rows": side, "cols": side,
                   "level": "hard", "seed": seed}  # fmt: skip
            found.append(once(HERE.parent / "src", job))
    return [
        (statistics.median(a["cpu"] for a in found), max(a["peak_mb"] for a in found))
        for found in answers
    ]


def generate_cpu(side: int, count: int, seeds: int) -> tuple[list[float], list[object]]:
    """Median CPU s of ``generate`` (hard) per list, seeds interleaved, and each list's first
    puzzle."""
    from wortsuche import generate

    times: list[list[float]] = [[] for _ in TARGET_KINDS]
    first: list[object] = []
    for seed in range(seeds):
        for spent, (kind, _) in zip(times, TARGET_KINDS, strict=True):
            words = target_words(kind, side, count, seed)
            start = time.process_time()
            puzzle = generate(words, side, side, level="hard", seed=seed)
            spent.append(time.process_time() - start)
            if seed == 0:
                first.append(puzzle)
    return [statistics.median(spent) for spent in times], first


def peer_runs(
    generators: list[Ours | Theirs | Node], sizes: tuple[tuple[int, int], ...], seeds: int
) -> dict[tuple[int, str, str], list[Run]]:
    """Every generator's medium runs per (side, list kind, generator), interleaved seed by seed."""
    runs: dict[tuple[int, str, str], list[Run]] = {}
    for side, count in sizes:
        for seed in range(seeds):
            for _, kind in TARGET_KINDS:
                words = target_words(kind, side, count, seed)
                for generator in generators:  # interleaved: machine noise hits all alike
                    if generator.supports(side, side, len(words), "medium"):
                        run = generator.run(words, side, side, "medium", seed)
                        runs.setdefault((side, kind, generator.name), []).append(run)
    return runs


def ours_over(
    runs: dict[tuple[int, str, str], list[Run]], side: int, kind: str, peer: str
) -> float | None:
    """Median time of ours ÷ the peer's (None: the peer did not run or made no puzzle)."""
    theirs = runs.get((side, kind, peer), [])
    if not theirs or all(run.error for run in theirs):
        return None
    median = statistics.median(run.seconds for run in runs[(side, kind, Ours.name)])
    return median / statistics.median(run.seconds for run in theirs)


def clean_share(runs: list[Run]) -> float:
    """Share of runs with every word placed exactly once (the independent oracle)."""
    clean = [not r.error and len(r.placed) == r.words and is_clean(r.rows, r.placed) for r in runs]
    return sum(clean) / len(clean)


def node_clean(runs: dict[tuple[int, str, str], list[Run]], side: int, kind: str) -> str:
    """The share of node's runs that are clean, as a note ("": node did not run)."""
    found = runs.get((side, kind, Node.name))
    return f"node clean {clean_share(found):.0%}" if found else ""


def targets(seeds: int | None, out: Path, peers: bool, node: bool) -> int:
    """Measure the issue's targets on both kinds of list, print the table, write targets.md."""
    started = time.perf_counter()
    small, large, fresh = seeds or 5, seeds or 3, min(seeds or 2, 2)
    # First, while this process is small: Linux carries a parent's peak memory into the
    # ru_maxrss of the child it starts, whatever the child does.
    print(f"500x500/10,000 hard, {fresh} fresh process(es) per list ...", flush=True)
    huge = fresh_runs(500, 10000, fresh)
    parent_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"100x100/1,000 and 200x200/4,000 hard, {small} and {large} seeds ...", flush=True)
    hundred, _ = generate_cpu(100, 1000, small)
    two_hundred, puzzles = generate_cpu(200, 4000, large)
    print(f"verify and solve on 200x200/4,000, {small} runs ...", flush=True)
    from verify import timings

    checks = [timings(puzzle, small) for puzzle in puzzles]  # type: ignore[arg-type]
    generators: list[Ours | Theirs | Node] = [Ours()]
    if peers and Theirs.available():
        generators.append(Theirs())
    if node and Node.set_up():
        generators.append(Node())
    sizes = ((25, 60), (50, 100))
    print(f"25x25/60 and 50x50/100 medium against the peers, {small} seeds ...", flush=True)
    runs = peer_runs(generators, sizes, small)
    for generator in generators:
        if isinstance(generator, Node):
            generator.close()
    rows = target_rows(huge, hundred, two_hundred, checks, runs)
    seconds = time.perf_counter() - started
    note = (
        f"Python {platform.python_version()} on {platform.machine()}, {time.strftime('%Y-%m-%d')}; "
        f"seeds: {small} (100×100, peers, verify and solve runs), {large} (200×200), {fresh} fresh "
        f"process(es) per list (500×500); {seconds:.0f} s in all. CPU s of `generate` are medians; "
        "the peers' ratios are of median times of the generate call (node's timed inside node); "
        "`verify` and `solve` as in `verify.py` (CPU, medians, interleaved). Peak MB: the largest "
        f"`ru_maxrss` of the fresh processes, which counts this process's peak too ({parent_mb:.0f} "
        "MB when it started them)."
    )
    lines = [*targets_table(rows), "", note]
    print("\n" + "\n".join(lines))
    out.mkdir(parents=True, exist_ok=True)
    (out / "targets.md").write_text("# The targets on real words\n\n" + "\n".join(lines) + "\n")
    print(f"\nwritten: {out / 'targets.md'}")
    return 0


def target_rows(
    huge: list[tuple[float, float]],
    hundred: list[float],
    two_hundred: list[float],
    checks: list[tuple[dict[str, float], list[str]]],
    runs: dict[tuple[int, str, str], list[Run]],
) -> list[Target]:
    """The table's rows from the figures measured, our list first."""
    ratio, reference = Limit("", 2, inclusive=True), Limit("")
    ms = [found for found, _ in checks]
    differ = ("; ".join(checks[0][1]), "; ".join(checks[1][1]))
    rows = [
        Target("100×100, 1,000 words, hard: CPU s (median over seeds, the `generate` call)",
               [Limit("s", 0.25)], [hundred[0]], [hundred[1]]),
        Target("200×200, 4,000 words, hard: CPU s", [Limit("s", 1)], [two_hundred[0]], [two_hundred[1]]),
        Target("500×500, 10,000 words, hard: CPU s and peak MB, each run in a fresh process "
               "(its `ru_maxrss`)",
               [Limit("s", 5), Limit("MB", 200)], list(huge[0]), list(huge[1])),
        Target("`verify` on 200×200/4,000 ÷ one Aho–Corasick pass locating every occurrence "
               "(`aho.check`, placements known, as `verify.py`)",
               [ratio], [ms[0]["verify"] / ms[0]["ac placed"]], [ms[1]["verify"] / ms[1]["ac placed"]], differ),
        Target("`solve` on the same ÷ that pass (`aho.check`, placements inferred)",
               [ratio], [ms[0]["solve"] / ms[0]["ac solve"]], [ms[1]["solve"] / ms[1]["ac solve"]]),
        Target("(for reference) `verify`, `solve` ÷ Aho–Corasick detection alone (`aho.detect`)",
               [reference, reference], [ms[0]["verify"] / ms[0]["detect"], ms[0]["solve"] / ms[0]["detect"]],
               [ms[1]["verify"] / ms[1]["detect"], ms[1]["solve"] / ms[1]["detect"]]),
    ]  # fmt: skip
    for side, count in ((25, 60), (50, 100)):
        values = [ours_over(runs, side, kind, Node.name) for _, kind in TARGET_KINDS]
        notes = (
            node_clean(runs, side, TARGET_KINDS[0][1]),
            node_clean(runs, side, TARGET_KINDS[1][1]),
        )
        rows.append(Target(f"ours ÷ `@blex41/word-search` (node, in-process, timed inside node) "
                           f"{side}×{side}/{count} medium", [Limit("", 1.0, inclusive=True)],
                           values[:1], values[1:], notes))  # fmt: skip
    theirs = [
        [ours_over(runs, side, kind, Theirs.name) for side in (25, 50)] for _, kind in TARGET_KINDS
    ]
    rows.append(Target("(for reference) ours ÷ word-search-generator, 25×25/60 and 50×50/100 medium",
                       [reference, reference], theirs[0], theirs[1]))  # fmt: skip
    return rows


if __name__ == "__main__":
    sys.exit(main())
