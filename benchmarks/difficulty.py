"""How different the levels are: difficulty scores per level, ours and word-search-generator's.

For every input (the six official examples and two frozen 15x15 lists) and level, puzzles are
made with several seeds and rated twice:

- by wortsuche's difficulty model (``wortsuche.difficulty.simulated``: expected minutes for an adult),
- by an independent check written here, sharing no code with the package: a plain first-letter
  scanner that starts at a random cell, reads the grid in reading order and, at each cell with a
  word's first letter, tries the level's directions one after another, counting every letter it
  compares, until it has found the word.

The scanner's count is given whole and as the letters it compared after a first-letter hit
(without the cells it looked at on the way, which are the same work at every level).
word-search-generator's levels 1–3 (→↓, with diagonals, all 8 directions) are rated the same
way on the same words, where it accepts the size.

Two further tables: how long rating takes (a 40x32 grid with 77 words, worte4, against the
scanner here on the same grids), and how near ``--difficulty`` comes to a target on worte2,
worte4 and a 15x15 list of 15 words.

The solver family (``solvers.py``: four strategies × four scan:compare cost ratios × neutral or
habit direction weights, sharing no code with the package) rates worte1–worte4 and the frozen lists
at the input's size and at the size each level chooses, and prints each member's adjacent level
steps and the family minimum (``--family-only`` prints only that). At the input's size it also
gives how much of the first-letter scanner's work is comparing letters at each level, against what
steps of ×1.25 would need (scanning is the same work at every level of one size).

    python benchmarks/difficulty.py                 # 20 seeds per input and level
    python benchmarks/difficulty.py --quick         # 5 seeds
    python benchmarks/difficulty.py --family-only   # the solver family's table alone
    python benchmarks/difficulty.py --family-only --given-size --seeds 5 --only worte1,obst-de
    python benchmarks/difficulty.py --learners-only --seeds 5   # the learning solvers alone

The learners (``solvers.Learner``) adapt while they solve: a scanner that tries the directions
its finds ran in first, one that scans for last letters (so backward words read forwards), one
that switches to that after five finds when most ran backwards, and a reader of whole lines in a
random direction order. A level mix a player can learn shows as evil no harder than hard for them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generators import Theirs  # noqa: E402
from solvers import Learner, Member, family, family_costs, learners  # noqa: E402
from wortsuche import generate  # noqa: E402
from wortsuche.difficulty.simulated import rate, rate_puzzle  # noqa: E402
from wortsuche.levels import LEVELS  # noqa: E402
from wortsuche.model import Direction  # noqa: E402
from wortsuche.pipeline.sizes import auto_size  # noqa: E402
from wortsuche.rating.targeting import generate_near  # noqa: E402
from wortsuche.words.source import parse_words  # noqa: E402

INPUTS = [ROOT / "examples" / "bwinf" / f"worte{k}.txt" for k in range(6)] + [
    ROOT / "benchmarks" / "data" / "lists" / "animals-en.txt",
    ROOT / "benchmarks" / "data" / "lists" / "obst-de.txt",
]
THEIR_DIRECTIONS = {
    1: (Direction.E, Direction.S),
    2: (Direction.E, Direction.S, Direction.SE, Direction.NE),
    3: tuple(Direction),
}

STEPS = {
    "E": (0, 1), "S": (1, 0), "SE": (1, 1), "NE": (-1, 1),
    "W": (0, -1), "N": (-1, 0), "NW": (-1, -1), "SW": (1, -1),
}  # fmt: skip


def naive_scan(
    rows: list[str], words: list[str], directions: list[str], seed: int
) -> tuple[int, int]:
    """Steps of a first-letter scanner that starts at a random cell (independent of the model).

    Returns all steps (cells looked at and letters compared) and the letters compared alone.
    """
    height, width = len(rows), len(rows[0])
    cells = [(r, c) for r in range(height) for c in range(width)]
    start = random.Random(seed).randrange(len(cells))
    order = cells[start:] + cells[:start]
    total = compared = 0
    for word in words:
        for r, c in order:
            total += 1  # looking at the cell
            if rows[r][c] != word[0]:
                continue
            found = False
            for name in directions:
                dr, dc = STEPS[name]
                for i in range(1, len(word)):
                    rr, cc = r + i * dr, c + i * dc
                    if not (0 <= rr < height and 0 <= cc < width):
                        break
                    total += 1
                    compared += 1
                    if rows[rr][cc] != word[i]:
                        break
                else:
                    found = True
                    break
            if found:
                break
    return total, compared


def speed_table(runs: int) -> list[str]:
    """Milliseconds to rate a 40x32 grid with 77 words (worte4), model and scanner alike."""
    path = ROOT / "examples" / "bwinf" / "worte4.txt"
    source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
    words, _ = source.words()
    letters = [w.letters for w in words]
    rows, cols = source.size or (40, 32)
    lines = [
        "| worte4 (40x32, 77 words), level | model: median ms | scanner: median ms |",
        "|---|---|---|",
    ]
    for level, options in LEVELS.items():
        grid = generate(words, rows, cols, level=level, seed=1).grid
        names = [d.name for d in options.directions]
        model, scanner = [], []
        for run in range(runs):  # interleaved, so a busy moment hits both
            start = time.perf_counter()
            rate(grid, letters, options.directions)
            model.append(time.perf_counter() - start)
            start = time.perf_counter()
            naive_scan(list(grid.rows), letters, names, run)
            scanner.append(time.perf_counter() - start)
        lines.append(
            f"| {level} | {1000 * statistics.median(model):.1f} "
            f"| {1000 * statistics.median(scanner):.1f} |"
        )
    return lines


TARGETS = {
    "worte2": (0.5, 0.8, 1.2),
    "worte4": (40.0, 70.0, 110.0),
    "animals-en": (2.0, 3.0, 5.0),
}


def target_table(seeds: range) -> list[str]:
    """How near ``--difficulty`` comes: the score reached for each target and seed."""
    lines = [
        "| input | target (minutes) | reached, per seed | largest miss | CPU s per puzzle |",
        "|---|---|---|---|---|",
    ]
    for path in INPUTS:
        if path.stem not in TARGETS:
            continue
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        words, _ = source.words()
        rows, cols = source.size or (15, 15)
        for target in TARGETS[path.stem]:
            reached, seconds = [], []
            for seed in seeds:
                start = time.process_time()
                puzzle = generate_near(words, rows, cols, target=target, seed=seed)
                seconds.append(time.process_time() - start)
                reached.append(rate_puzzle(puzzle).minutes)
            miss = max(abs(x - target) / target for x in reached)
            lines.append(
                f"| {path.stem} | {target:g} | {', '.join(f'{x:.2f}' for x in reached)} "
                f"| {miss:.1%} | {statistics.median(seconds):.2f} |"
            )
    return lines


FAMILY_INPUTS = [p for p in INPUTS if p.stem not in ("worte0", "worte5")]
"""The inputs the level targets are set on: worte1–worte4 and the two frozen 15x15 lists."""

LEVEL_STEPS = (("easy", "medium"), ("medium", "hard"), ("hard", "evil"))


def family_costs_by_level(
    seeds: range,
    *,
    auto_size: bool = False,
    inputs: list[Path] = FAMILY_INPUTS,
    changes: dict[str, dict[str, int]] | None = None,
) -> dict[str, dict[str, list[dict[Member, float]]]]:
    """Every family member's work on every puzzle: input → level → one dict per seed
    (``changes``: a level's options set, as :func:`learner_table` takes them)."""
    results: dict[str, dict[str, list[dict[Member, float]]]] = {}
    for path in inputs:
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        words, _ = source.words()
        letters = [w.letters for w in words]
        rows, cols = (None, None) if auto_size else (source.size or (15, 15))
        results[path.stem] = {}
        for level in LEVELS:
            results[path.stem][level] = []
            extra = (changes or {}).get(level, {})
            for seed in seeds:
                puzzle = generate(words, rows, cols, level=level, seed=seed, **extra)
                told = [d.name for d in puzzle.options.directions]
                results[path.stem][level].append(
                    family_costs(list(puzzle.grid.rows), letters, told)
                )
    return results


def family_steps(
    costs: dict[str, dict[str, list[dict[Member, float]]]],
) -> dict[Member, dict[tuple[str, str], dict[str, float]]]:
    """Each member's adjacent level steps per input: the ratio of the medians over seeds."""
    steps: dict[Member, dict[tuple[str, str], dict[str, float]]] = {}
    for member in family():
        steps[member] = {}
        for lower, upper in LEVEL_STEPS:
            steps[member][lower, upper] = {
                name: statistics.median(c[member] for c in levels[upper])
                / statistics.median(c[member] for c in levels[lower])
                for name, levels in costs.items()
            }
    return steps


def family_table(
    seeds: range,
    *,
    auto_size: bool = False,
    inputs: list[Path] = FAMILY_INPUTS,
    changes: dict[str, dict[str, int]] | None = None,
) -> list[str]:
    """The adjacent level steps under every member of the solver family, and the family minimum."""
    costs = family_costs_by_level(seeds, auto_size=auto_size, inputs=inputs, changes=changes)
    steps = family_steps(costs)
    names = list(costs)
    header = " | ".join(f"{a} → {b}: median [min]" for a, b in LEVEL_STEPS)
    lines = [
        f"| solver | {header} |",
        "|---|---|---|---|",
    ]
    lowest: dict[tuple[str, str], dict[str, float]] = {
        pair: {name: min(steps[m][pair][name] for m in steps) for name in names}
        for pair in LEVEL_STEPS
    }

    def cells(by_pair: dict[tuple[str, str], dict[str, float]]) -> str:
        return " | ".join(
            f"{statistics.median(by_pair[pair].values()):.2f} [{min(by_pair[pair].values()):.2f}]"
            for pair in LEVEL_STEPS
        )

    for member, by_pair in steps.items():
        lines.append(f"| {member.name} | {cells(by_pair)} |")
    lines.append(f"| **family minimum** | {cells(lowest)} |")
    lines += ["", *targets_lines(steps, lowest, auto_size=auto_size)]
    size = "the level's own size (no size given)" if auto_size else "the input's size"
    lines += [
        "",
        f"Steps: ratio of the medians over {len(seeds)} seeds, per input; median and smallest over "
        f"{', '.join(names)}, at {size}. k: scan:compare cost ratio; w: habit direction weights "
        "(↓ 1.2, diagonal 1.5, backwards 2), else all 1. all8 tries all 8 directions whatever the "
        "sheet names; the others only the directions it names.",
        "",
        "| input | "
        + " | ".join(f"family minimum {a} → {b}" for a, b in LEVEL_STEPS)
        + " | scanner k=1 "
        + " | ".join(f"{a} → {b}" for a, b in LEVEL_STEPS)
        + " |",
        "|---|---|---|---|---|---|---|",
    ]
    scanner = Member("scanner", 1, False)
    for name in names:
        low = " | ".join(f"{lowest[pair][name]:.2f}" for pair in LEVEL_STEPS)
        scan = " | ".join(f"{steps[scanner][pair][name]:.2f}" for pair in LEVEL_STEPS)
        lines.append(f"| {name} | {low} | {scan} |")
    if not auto_size:
        lines += ["", *compare_table(costs)]
    return lines


def learner_table(
    seeds: range,
    inputs: list[Path] = FAMILY_INPUTS,
    changes: dict[str, dict[str, int]] | None = None,
) -> list[str]:
    """The level steps for solvers that learn while they solve (``solvers.Learner``): the
    issue's target is that every one finds evil at least as hard as hard on every input.
    ``changes`` sets options of a level (``{"evil": {"reversed_share": 50}}``) to try a mix."""
    members = learners()
    medians: dict[str, dict[str, dict[Learner, float]]] = {}
    for path in inputs:
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        words, _ = source.words()
        letters = [w.letters for w in words]
        rows, cols = source.size or (15, 15)
        medians[path.stem] = {}
        for level in LEVELS:
            costs: dict[Learner, list[float]] = {m: [] for m in members}
            for seed in seeds:
                extra = (changes or {}).get(level, {})
                puzzle = generate(words, rows, cols, level=level, seed=seed, **extra)
                told = [d.name for d in puzzle.options.directions]
                grid = list(puzzle.grid.rows)
                for member in members:
                    costs[member].append(member.cost(grid, letters, told))
            medians[path.stem][level] = {m: statistics.median(c) for m, c in costs.items()}
    header = " | ".join(f"{a} → {b}" for a, b in LEVEL_STEPS)
    lines = [f"| input | learner | {header} | evil ≥ hard |", "|---|---|---|---|---|---|"]
    held = 0
    for name, levels in medians.items():
        for member in members:
            steps = [levels[b][member] / levels[a][member] for a, b in LEVEL_STEPS]
            ok = steps[-1] >= 1.0
            held += ok
            cells = " | ".join(f"{step:.2f}" for step in steps)
            lines.append(f"| {name} | {member.name} | {cells} | {'yes' if ok else 'no'} |")
    lines += [
        "",
        f"Ratio of the medians over {len(seeds)} seeds at the input's size. Evil at least as hard "
        f"as hard: {held} of {len(medians) * len(members)} (input, learner) pairs.",
    ]
    return lines


TARGET_STEP = 1.25
"""The step the first-letter scanner at k = 1 should see between neighbouring levels."""


def targets_lines(
    steps: dict[Member, dict[tuple[str, str], dict[str, float]]],
    lowest: dict[tuple[str, str], dict[str, float]],
    *,
    auto_size: bool,
) -> list[str]:
    """The issue's targets, met or missed, with three decimals: each a median over the inputs
    (of the per-input ratio of medians over seeds), and the smallest input in brackets."""

    def figure(by_input: dict[str, float]) -> tuple[float, str]:
        values = by_input.values()
        return statistics.median(values), f"{statistics.median(values):.3f} [{min(values):.3f}]"

    scanner, all8 = Member("scanner", 1, False), Member("all8", 1, False)
    if auto_size:
        rows = [("scanner k=1, every step, no size given", scanner, 1.5, LEVEL_STEPS)]
    else:
        rows = [
            ("scanner k=1, every step", scanner, TARGET_STEP, LEVEL_STEPS),
            ("all8 k=1, every step", all8, 1.1, LEVEL_STEPS),
            ("family minimum, hard → evil", None, 1.2, LEVEL_STEPS[-1:]),
        ]
    lines = ["| target | at least | " + " | ".join(f"{a} → {b}" for a, b in LEVEL_STEPS) + " |"]
    lines.append("|---|---|---|---|---|")
    for label, member, bound, pairs in rows:
        cells = []
        for pair in LEVEL_STEPS:
            if pair not in pairs:
                cells.append("")
                continue
            value, text = figure(lowest[pair] if member is None else steps[member][pair])
            cells.append(f"{text} {'met' if value >= bound else 'missed'}")
        lines.append(f"| {label} | ×{bound:g} | " + " | ".join(cells) + " |")
    return lines


def compare_table(costs: dict[str, dict[str, list[dict[Member, float]]]]) -> list[str]:
    """How much of the first-letter scanner's work at k = 1 is comparing letters, per level.

    Its work at ratio k is scan / k + compare, so its figures at k = 1 and k = 2 give both parts.
    Scanning is the same at every level of one size; only comparing can make a level harder, so
    evil's comparing, in cells scanned, must reach 1.25³ × (1 + easy's) − 1 for three steps of
    ×1.25 (the last column).
    """
    one, two = Member("scanner", 1, False), Member("scanner", 2, False)
    lines = [
        "Comparing per cell scanned, first-letter scanner at k = 1 (median over seeds):",
        "",
        "| input | " + " | ".join(LEVELS) + f" | evil needs for ×{TARGET_STEP} per step |",
        "|---|" + "---|" * (len(LEVELS) + 1),
    ]
    for name, levels in costs.items():
        share = {}
        for level, runs in levels.items():
            share[level] = statistics.median(
                (2 * c[two] - c[one]) / (2 * (c[one] - c[two])) for c in runs
            )
        needed = TARGET_STEP ** (len(LEVELS) - 1) * (1 + share["easy"]) - 1
        cells = " | ".join(f"{share[level]:.2f}" for level in LEVELS)
        lines.append(f"| {name} | {cells} | {needed:.2f} |")
    return lines


# -- no size given (--no-size): every member's steps, and how much of each is the grid growing ------

NO_SIZE_STEP = 1.5
"""Target 4: without a size, every adjacent step at least this for every member."""


def no_size_members() -> list[Member | Learner]:
    """The family and the learners: every solver the no-size steps are held to."""
    return [*family(), *learners()]


def no_size_puzzle_costs(
    path: Path, level: str, side: int | None, seed: int, cache: dict[str, dict[str, float]]
) -> dict[str, float]:
    """Every member's work on one puzzle of ``path`` (its own size when ``side`` is None), with
    the puzzle's side, its word letters per cell and the share of cells words cover.
    ``cache`` keeps them by input, level, side and seed (valid while the fill is unchanged)."""
    source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
    words, _ = source.words()
    predicted = side if side is not None else auto_size(words, LEVELS[level], level=level)
    key = f"{path.stem}|{level}|{predicted}|{seed}|{'own' if side is None else 'fixed'}"
    if key in cache:
        return cache[key]
    puzzle = generate(words, side, side, level=level, seed=seed)
    letters = [w.letters for w in words]
    told = [d.name for d in puzzle.options.directions]
    rows = list(puzzle.grid.rows)
    cells = puzzle.rows * puzzle.cols
    costs = {m.name: c for m, c in family_costs(rows, letters, told).items()}
    costs |= {m.name: m.cost(rows, letters, told) for m in learners()}
    costs |= {
        "side": float(puzzle.rows),
        "letters per cell": sum(len(x) for x in letters) / cells,
        "covered": len(puzzle.covered()) / cells,
    }
    cache[key] = costs
    return costs


def no_size_runs(
    seeds: range, inputs: list[Path], cache: dict[str, dict[str, float]]
) -> dict[str, dict[tuple[str, str], list[dict[str, float]]]]:
    """input → (level, size) → one dict per seed: each level at its own size ("own"), and each
    level but evil at the next level's size (that level's name), the same seed."""
    runs: dict[str, dict[tuple[str, str], list[dict[str, float]]]] = {}
    for path in inputs:
        runs[path.stem] = by = {}
        for level in LEVELS:
            by[level, "own"] = [no_size_puzzle_costs(path, level, None, s, cache) for s in seeds]
        for lower, upper in LEVEL_STEPS:
            by[lower, upper] = [
                no_size_puzzle_costs(path, lower, int(own["side"]), seed, cache)
                for seed, own in zip(seeds, by[upper, "own"], strict=True)
            ]
    return runs


def no_size_table(
    seeds: range, inputs: list[Path], cache: dict[str, dict[str, float]]
) -> list[str]:
    """Without a size: the sizes and how much of them the words cover; each member's adjacent
    steps (ratio of medians over seeds); how much of each step is the grid growing (the lower level
    at the upper level's size against at its own) and how much the upper level's own levers (at
    the same size); and every member, input and step under :data:`NO_SIZE_STEP`."""
    runs = no_size_runs(seeds, inputs, cache)
    members = [m.name for m in no_size_members()]

    def median(name: str, level: str, size: str, value: str) -> float:
        return statistics.median(run[value] for run in runs[name][level, size])

    lines = [
        "| input | "
        + " | ".join(f"{level}: side, letters/cell, covered" for level in LEVELS)
        + " |",
        "|---|" + "---|" * len(LEVELS),
    ]
    for name in runs:
        cells = [
            f"{median(name, level, 'own', 'side'):.0f}, "
            f"{median(name, level, 'own', 'letters per cell'):.2f}, "
            f"{median(name, level, 'own', 'covered'):.0%}"
            for level in LEVELS
        ]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    # step = growth × levers: growth = lower at upper's size / lower at its own,
    # levers = upper at its own size / lower at that size
    step: dict[tuple[str, str, tuple[str, str]], float] = {}
    growth: dict[tuple[str, str, tuple[str, str]], float] = {}
    for name in runs:
        for pair in LEVEL_STEPS:
            lower, upper = pair
            for member in members:
                own = median(name, lower, "own", member)
                step[member, name, pair] = median(name, upper, "own", member) / own
                growth[member, name, pair] = median(name, lower, upper, member) / own

    def share(key: tuple[str, str, tuple[str, str]]) -> float:
        """The part of the step that is the grid growing, on a log scale (1 = all of it)."""
        total = math.log(step[key])
        return math.log(growth[key]) / total if total > 0 else math.nan

    header = " | ".join(f"{a} → {b}: median [min]" for a, b in LEVEL_STEPS)
    lines += ["", f"| solver | {header} | growth's share: median [min] |", "|---|---|---|---|---|"]
    for member in [*members, "family minimum"]:
        cells = []
        for pair in LEVEL_STEPS:
            values = [
                min(step[m, n, pair] for m in members)
                if member == "family minimum"
                else step[member, n, pair]
                for n in runs
            ]
            cells.append(f"{statistics.median(values):.2f} [{min(values):.2f}]")
        shares = [share((m, n, p)) for m in members for n in runs for p in LEVEL_STEPS]
        if member != "family minimum":
            shares = [share((member, n, p)) for n in runs for p in LEVEL_STEPS]
        lines.append(
            f"| {member} | "
            + " | ".join(cells)
            + f" | {statistics.median(shares):.0%} [{min(shares):.0%}] |"
        )
    under = [key for key in step if step[key] < NO_SIZE_STEP]
    lines += [
        "",
        f"Every member, input and step under ×{NO_SIZE_STEP} ({len(under)} of {len(step)}):",
        "",
        "| solver | input | step | × | cells × | growth × | levers × | growth's share |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for member, name, pair in sorted(under, key=lambda k: step[k]):
        lower, upper = pair
        cells_ratio = (median(name, upper, "own", "side") / median(name, lower, "own", "side")) ** 2
        key = (member, name, pair)
        lines.append(
            f"| {member} | {name} | {lower} → {upper} | {step[key]:.2f} | {cells_ratio:.2f} "
            f"| {growth[key]:.2f} | {step[key] / growth[key]:.2f} | {share(key):.0%} |"
        )
    all_shares = [share(key) for key in step]
    lines += [
        "",
        f"Ratio of the medians over {len(seeds)} seeds, per input, at each level's own size (no "
        f"size given); median and smallest over {', '.join(runs)}. Growth: the lower level at the "
        "upper level's size against at its own (same seed); levers: the upper level against the "
        "lower at the same size; step = growth × levers, growth's share = log growth / log step. "
        f"Members: the family (k, w as above) and the learners. Growth's share over every member, "
        f"input and step: median {statistics.median(all_shares):.0%}, "
        f"quartiles {quartiles(all_shares)[0]:.0%}–{quartiles(all_shares)[2]:.0%}. "
        f"Target 4 (every step ≥ ×{NO_SIZE_STEP} for every member): "
        + ("met." if not under else f"missed on {len(under)} of {len(step)}."),
    ]
    return lines


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return (values[0],) * 3
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def add_no_size_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of the no-size mode (:func:`no_size_table`)."""
    parser.add_argument(
        "--no-size",
        action="store_true",
        help="only the levels without a size: every member's steps (family and learners), the "
        "grid growth's share of each, sizes and coverage (--only, --seeds, --out apply)",
    )
    parser.add_argument(
        "--no-size-cache",
        type=Path,
        metavar="JSON",
        help="with --no-size: keep each puzzle's figures here by input, level, side and seed "
        "(valid only while the placement and the fill are unchanged)",
    )


def no_size_main(args: argparse.Namespace, seeds: range) -> None:
    """``--no-size``: print (and with --out write) :func:`no_size_table`."""
    chosen = args.only.split(",") if args.only else None
    inputs = [p for p in FAMILY_INPUTS if chosen is None or p.stem in chosen]
    cache_path: Path | None = args.no_size_cache
    cache = json.loads(cache_path.read_text()) if cache_path and cache_path.exists() else {}
    lines = no_size_table(seeds, inputs, cache)
    if cache_path:
        cache_path.write_text(json.dumps(cache))
    print("\n".join(lines))
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 seeds instead of 20")
    parser.add_argument("--out", type=Path, help="also write the table (Markdown) here")
    parser.add_argument(
        "--family-only", action="store_true", help="only the solver family's level steps"
    )
    parser.add_argument("--seeds", type=int, help="seeds per input and level (20; --quick: 5)")
    parser.add_argument(
        "--only", help="with --family-only: these inputs, comma separated (worte1,obst-de)"
    )
    parser.add_argument(
        "--given-size", action="store_true", help="with --family-only: the input's size alone"
    )
    parser.add_argument(
        "--learners-only", action="store_true", help="only the learning solvers' level steps"
    )
    parser.add_argument(
        "--level-option",
        action="append",
        default=[],
        metavar="LEVEL:NAME=N",
        help="with --learners-only or --family-only: set a level's option, e.g. "
        "evil:reversed_share=50",
    )
    add_no_size_flags(parser)
    args = parser.parse_args()
    seeds = range(args.seeds or (5 if args.quick else 20))
    if args.no_size:
        no_size_main(args, seeds)
        return
    changes: dict[str, dict[str, int]] = {}
    for text in args.level_option:
        level, _, setting = text.partition(":")
        name, _, value = setting.partition("=")
        changes.setdefault(level, {})[name] = int(value)
    if args.learners_only:
        chosen = args.only.split(",") if args.only else None
        inputs = [p for p in FAMILY_INPUTS if chosen is None or p.stem in chosen]
        learner_lines = learner_table(seeds, inputs, changes)
        print("\n".join(learner_lines))
        if args.out:
            args.out.write_text("\n".join(learner_lines) + "\n", encoding="utf-8")
        return
    if args.family_only:
        chosen = args.only.split(",") if args.only else None
        inputs = [p for p in FAMILY_INPUTS if chosen is None or p.stem in chosen]
        family_lines = ["Given size:", "", *family_table(seeds, inputs=inputs, changes=changes)]
        if not args.given_size:
            family_lines += [
                "",
                "No size given:",
                "",
                *family_table(seeds, auto_size=True, inputs=inputs, changes=changes),
            ]
        print("\n".join(family_lines))
        if args.out:
            args.out.write_text("\n".join(family_lines) + "\n", encoding="utf-8")
        return
    theirs = Theirs() if Theirs.available() else None
    lines = [
        "| input | level | score: median [quartiles] | × level below | scanner: all steps "
        "| × level below | scanner: letters compared | × level below "
        "| word-search-generator: median [quartiles] |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    steps_model: list[float] = []
    steps_naive: list[float] = []
    steps_compared: list[float] = []
    for path in INPUTS:
        source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
        words, _ = source.words()
        letters = [w.letters for w in words]
        rows, cols = source.size or (15, 15)
        previous: tuple[float, float, float] | None = None
        for level, options in LEVELS.items():
            names = [d.name for d in options.directions]
            scores, naive, compared = [], [], []
            for seed in seeds:
                puzzle = generate(words, rows, cols, level=level, seed=seed)
                scores.append(rate(puzzle.grid, letters, options.directions).minutes)
                steps, letters_compared = naive_scan(list(puzzle.grid.rows), letters, names, seed)
                naive.append(steps)
                compared.append(letters_compared)
            q1, median, q3 = quartiles(scores)
            naive_median = statistics.median(naive)
            compared_median = statistics.median(compared)
            step = step_naive = step_compared = ""
            if previous is not None:
                ratio, ratio_naive = median / previous[0], naive_median / previous[1]
                ratio_compared = compared_median / max(previous[2], 1)
                steps_model.append(ratio)
                steps_naive.append(ratio_naive)
                steps_compared.append(ratio_compared)
                step, step_naive = f"{ratio:.2f}", f"{ratio_naive:.2f}"
                step_compared = f"{ratio_compared:.2f}"
            previous = (median, naive_median, compared_median)
            their = ""
            number = {"easy": 1, "medium": 2, "hard": 3}.get(level)
            if theirs is not None and number and theirs.supports(rows, cols, len(letters), level):
                rated = []
                for seed in seeds:
                    run = theirs.run(letters, rows, cols, level, seed)
                    if run.rows:
                        rated.append(rate(run.rows, letters, THEIR_DIRECTIONS[number]).minutes)
                if rated:
                    t1, tm, t3 = quartiles(rated)
                    their = f"{tm:.2f} [{t1:.2f}–{t3:.2f}]"
            lines.append(
                f"| {path.stem} | {level} | {median:.2f} [{q1:.2f}–{q3:.2f}] | {step} "
                f"| {naive_median:.0f} | {step_naive} | {compared_median:.0f} | {step_compared} "
                f"| {their} |"
            )
    below = sum(r < 1.5 for r in steps_model)
    lines += [
        "",
        f"Seeds per input and level: {len(seeds)}. Scores in expected minutes (model solver-1).",
        f"Level steps by the model: smallest {min(steps_model):.2f}, median "
        f"{statistics.median(steps_model):.2f}, {below} of {len(steps_model)} below 1.5.",
        f"Level steps by the scanner, all steps: smallest {min(steps_naive):.2f}, median "
        f"{statistics.median(steps_naive):.2f}; letters compared: smallest "
        f"{min(steps_compared):.2f}, median {statistics.median(steps_compared):.2f}.",
        "",
        *speed_table(len(seeds)),
        "",
        *target_table(seeds[:3]),
        "",
        "Solver family, at the input's size:",
        "",
        *family_table(seeds),
        "",
        "Solver family, no size given:",
        "",
        *family_table(seeds, auto_size=True),
        "",
        "Solvers that learn while they solve, at the input's size:",
        "",
        *learner_table(seeds),
    ]
    text = "\n".join(lines)
    print(text)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
