"""How far a fill of the free cells alone could take evil at a fixed size, by search.

For each input (worte1–worte4 and the two frozen 15x15 lists, at the input's own size, as
``difficulty.py --family-only --given-size``) and seed, the easy, hard and evil puzzles are made
as ``difficulty.py`` makes them and rated by the solver family of ``solvers.py``. Then evil's
words stay where they are, with their letters, and every other cell is free: a search looks for
the free cells' letters that maximise

- (a) the family minimum of evil over hard: ``min`` over the 32 members of
  cost(candidate evil grid) / cost(real hard grid); the issue's target T2 is 1.2;
- (b) the first-letter scanner at k = 1: cost(candidate) / cost(real easy grid), against the
  1.25³ ≈ 1.95 that three steps of ×1.25 (target T1) need from easy to evil; the same figure
  over the real hard grid is given too (one step: 1.25);
- (c) (b), less 10 times the amount by which (a) falls short of 1.2: (b) with T2 kept.

The search ignores the rule that every word is in the grid exactly once (a fill may spell a word
again, or a decoy that the package would refuse). Dropping a constraint can only raise the
maximum, so the true best with this layout of words is at least what the search reaches, and a
filler bound by the rule can do no better than that true best. What the search reaches is a lower
bound on it, not the best itself (the search is a local one, and it had not always settled: see
the last column); it says nothing about other layouts, other sizes, or solvers outside the 32.

Search: simulated annealing from four starts (evil's real fill; every free cell the most common
first letter; letters drawn in proportion to the words' letters; in proportion to their first
letters), then once more from the best grid so far, ``--evals`` evaluations each; (c) also starts
from the best grid for (a). A move sets one free cell to another letter of the words (``--alphabet``:
any of A–Z too) or, one time in four, turns a tenth of the free cells holding one letter into
another. The searches for (a) and (c) use a soft minimum over the members (a minimum alone gives
no credit for raising the member just above the lowest); every grid met in any search is judged by
the true minimum. Every member's cost is exact for every candidate (``Evaluator`` keeps the sums of
``solvers.Grid.expected`` per word and recomputes only what a change can alter; its doctest and
``tests/test_fill_bound.py`` hold it to ``solvers.family_costs``), and the best grids are rated
again with ``solvers.family_costs``.

The first table gives, per input, the median over seeds of each ratio for evil's real fill and
for the best grid found; the member that is the minimum in (a) (the most common one over seeds);
the share of cells that are free in evil; and, to show whether the search had settled, the best
values over the first half of every search. The second describes the fills: how many free cells
hold a word's first letter, and how often such a cell has a second letter of a word it begins
next to it.

    python benchmarks/fill_bound.py                                   # 6 inputs, 3 seeds, 2000 evals
    python benchmarks/fill_bound.py --seeds 1 --only worte1,obst-de --evals 500
    python benchmarks/fill_bound.py --evals 20000,worte4=2000 --out benchmarks/results/fill-bound.md
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from solvers import HABIT_ORDER, HABIT_WEIGHTS, HALF, STEPS, Member, family, family_costs  # noqa: E402

INPUTS = [ROOT / "examples" / "bwinf" / f"worte{k}.txt" for k in range(1, 5)] + [
    ROOT / "benchmarks" / "data" / "lists" / "animals-en.txt",
    ROOT / "benchmarks" / "data" / "lists" / "obst-de.txt",
]
"""The inputs of ``difficulty.py --family-only``."""

T2 = 1.2
"""The family minimum hard → evil the issue asks for."""
T1 = 1.25
"""The step per level the issue asks for under the first-letter scanner at k = 1."""
PENALTY = 10.0
"""Objective (c) loses this much per unit by which (a) falls short of T2."""
SOFT = 0.01
"""The search for (a) maximises a soft minimum, so that raising any member near the lowest counts."""
SCANNER = Member("scanner", 1, False)
DIRECTIONS = tuple(STEPS)
OPPOSITE = {"E": "W", "W": "E", "S": "N", "N": "S", "SE": "NW", "NW": "SE", "SW": "NE", "NE": "SW"}


Profile = tuple[tuple[str, ...], tuple[float, ...]]
"""Directions in the order a solver tries them, and their weights."""


def profile(member: Member, told: Sequence[str]) -> Profile:
    """The directions ``member`` tries on a sheet naming ``told``, in order, with their weights
    (as ``Member._directions`` gives them)."""
    if member.strategy == "all8":
        order: tuple[str, ...] = DIRECTIONS
    elif member.strategy == "habit":
        order = tuple(d for d in HABIT_ORDER if d in told)
    else:
        order = tuple(d for d in DIRECTIONS if d in told)
    return order, tuple(HABIT_WEIGHTS[d] if member.weighted else 1.0 for d in order)


Stop = tuple[tuple[tuple[float, bool], ...], dict[str, tuple[int, int]]]
"""A cell scanned for: (cost, found) per profile; per direction the letters compared after the
letter scanned for and before it."""

ANCHOR = {"scanner": "first", "all8": "first", "anchor": "rarest", "habit": "habit"}
"""Which letter of a word each strategy scans for (as ``Member._anchor`` chooses)."""


@dataclass
class WordState:
    """One word's part of the work: the letter each rule scans for, and for each letter scanned
    for, the cells holding it with their reading costs, and the scan and compare sums."""

    anchors: dict[str, int]
    stops: dict[int, dict[int, Stop]]  # at → cell → its readings
    sums: dict[int, tuple[tuple[float, float], ...]]  # at → per profile (scan, compare)


class Evaluator:
    """Every family member's exact work on one grid as its cells change, for one word list and
    sheet: the sums of ``solvers.Grid.expected``, kept per word and letter scanned for.

    A change of some cells from one letter to another can alter only the words that contain one of
    the two letters (a cell read as a mismatch before and after, or not holding the letter
    scanned for, changes nothing, and the choice of letter looks only at the counts of the word's
    letters); among their cells scanned for, only new ones and those whose reading compared a
    changed cell (a reading that stopped before it is the same), and the sums only where a cell's
    cost or finding changed. ``change`` updates those and returns what ``undo`` needs to go back.

    >>> from solvers import family_costs
    >>> rows, words = ["DASX", "ADSA", "SXAD"], ["DAS", "SAD", "XX"]
    >>> evaluator = Evaluator(rows, words, ["E", "S", "W", "NE"])
    >>> want = family_costs(rows, words, ["E", "S", "W", "NE"])
    >>> all(abs(a - want[m]) < 1e-9 for a, m in zip(evaluator.costs(), family(), strict=True))
    True
    >>> token = evaluator.change([4, 7], "X")
    >>> want = family_costs(["DASX", "XDSX", "SXAD"], words, ["E", "S", "W", "NE"])
    >>> all(abs(a - want[m]) < 1e-9 for a, m in zip(evaluator.costs(), family(), strict=True))
    True
    >>> evaluator.undo(token); evaluator.rows() == rows
    True
    """

    def __init__(self, rows: Sequence[str], words: Sequence[str], told: Sequence[str]) -> None:
        self.height, self.width = len(rows), len(rows[0])
        self.size = self.height * self.width
        self.words = list(words)
        self.members = family()
        self.profiles = sorted({profile(m, told) for m in self.members})
        self.member_parts = [
            (ANCHOR[m.strategy], self.profiles.index(profile(m, told)), 1 / m.k)
            for m in self.members
        ]
        self.reach = max(len(w) for w in words) - 1
        self.ways = sorted({d for order, _ in self.profiles for d in order}, key=DIRECTIONS.index)
        # lines[p][d]: the cells after p in direction d, nearest first, up to the longest word
        self.lines: list[dict[str, list[int]]] = []
        for p in range(self.size):
            r, c = divmod(p, self.width)
            self.lines.append({})
            for d, (dr, dc) in STEPS.items():
                cells = []
                for j in range(1, self.reach + 1):
                    rr, cc = r + j * dr, c + j * dc
                    if not (0 <= rr < self.height and 0 <= cc < self.width):
                        break
                    cells.append(rr * self.width + cc)
                self.lines[p][d] = cells
        self.grid = list("".join(rows))
        self.counts = Counter(self.grid)
        self.positions: dict[str, set[int]] = {}
        for p, x in enumerate(self.grid):
            self.positions.setdefault(x, set()).add(p)
        self.states = [self._state(w, None, ()) for w in range(len(words))]

    def rows(self) -> list[str]:
        text = "".join(self.grid)
        return [text[r * self.width : (r + 1) * self.width] for r in range(self.height)]

    def costs(self) -> list[float]:
        """Every member's work, in ``family()`` order."""
        totals: dict[tuple[str, int], tuple[float, float]] = {}
        for rule in ANCHOR.values():
            for index in range(len(self.profiles)):
                scan = compare = 0.0
                for state in self.states:
                    a, b = state.sums[state.anchors[rule]][index]
                    scan += a
                    compare += b
                totals[rule, index] = scan, compare
        return [
            totals[rule, index][0] * share + totals[rule, index][1]
            for rule, index, share in self.member_parts
        ]

    def change(self, cells: Sequence[int], letter: str) -> tuple[object, ...]:
        """Set ``cells`` (all holding one letter) to ``letter``; what ``undo`` needs."""
        old = self.grid[cells[0]]
        assert all(self.grid[p] == old for p in cells), "cells holding different letters"
        for p in cells:
            self.grid[p] = letter
        self.counts[old] -= len(cells)
        self.counts[letter] += len(cells)
        self.positions[old].difference_update(cells)
        self.positions.setdefault(letter, set()).update(cells)
        saved = []
        for w, word in enumerate(self.words):
            if old in word or letter in word:
                saved.append((w, self.states[w]))
                self.states[w] = self._state(w, self.states[w], cells)
        return old, letter, tuple(cells), saved

    def undo(self, token: tuple[object, ...]) -> None:
        old, letter, cells, saved = token
        for p in cells:  # type: ignore[attr-defined]
            self.grid[p] = old
        self.counts[old] += len(cells)  # type: ignore[arg-type]
        self.counts[letter] -= len(cells)  # type: ignore[arg-type]
        self.positions[letter].difference_update(cells)  # type: ignore[index,arg-type]
        self.positions[old].update(cells)  # type: ignore[index,arg-type]
        for w, state in saved:  # type: ignore[attr-defined]
            self.states[w] = state

    def _state(self, w: int, before: WordState | None, changed: Sequence[int]) -> WordState:
        """Word ``w``'s state after ``changed`` cells changed (from ``before``; None: afresh)."""
        word, counts, grid = self.words[w], self.counts, self.grid
        rarest = min(range(len(word)), key=lambda i: (counts[word[i]], i))
        habit = 0 if counts[word[rarest]] > HALF * counts[word[0]] else rarest
        anchors = {"first": 0, "rarest": rarest, "habit": habit}
        stops, sums = {}, {}
        for at in set(anchors.values()):
            letter = word[at]
            if before is None or at not in before.stops:
                kept = {p: self._stop(word, at, p) for p in self.positions.get(letter, ())}
                stops[at] = kept
                sums[at] = self._sums(kept)
                continue
            old = before.stops[at]
            kept = {p: v for p, v in old.items() if grid[p] == letter}
            dirty = len(kept) < len(old)
            moved = set(changed)
            for x in changed:
                if grid[x] == letter:  # a new cell to scan for
                    kept[x] = self._stop(word, at, x)
                    dirty = True
                # a cell scanned for that read x: x lies j cells from it, towards -d
                for d in self.ways:
                    back = OPPOSITE[d]
                    for j, p in enumerate(self.lines[x][back][: len(word) - 1], start=1):
                        record = kept.get(p)
                        if record is None or p in moved:
                            continue
                        if record[1][d][0] >= j or record[1][back][1] >= j:
                            fresh = self._stop(word, at, p)
                            kept[p] = fresh
                            dirty = dirty or fresh[0] != record[0]
            stops[at] = kept
            sums[at] = self._sums(kept) if dirty else before.sums[at]
        return WordState(anchors, stops, sums)

    def _stop(self, word: str, at: int, p: int) -> Stop:
        """At cell ``p`` holding ``word[at]``: cost and whether the word is found, per profile;
        and per direction the letters compared after ``at`` and before it (the cells read)."""
        readings = {}
        reads = {}
        for d in self.ways:
            counted = [0, 0]
            complete = True
            for side, (letters, way) in enumerate(
                ((word[at + 1 :], d), (word[:at][::-1], OPPOSITE[d]))
            ):
                cells = self.lines[p][way]
                for i, expected in enumerate(letters):
                    if i >= len(cells):
                        complete = False
                        break
                    counted[side] += 1
                    if self.grid[cells[i]] != expected:
                        complete = False
                        break
                if not complete:
                    break
            readings[d] = counted[0] + counted[1], complete
            reads[d] = (counted[0], counted[1])
        result = []
        for order, weights in self.profiles:
            cost, found = 0.0, False
            for d, weight in zip(order, weights, strict=True):
                compared, complete = readings[d]
                cost += weight * compared
                if complete:
                    found = True
                    break
            result.append((cost, found))
        return tuple(result), reads

    def _sums(self, stops: dict[int, Stop]) -> tuple[tuple[float, float], ...]:
        """Per profile, the scan and compare parts of ``solvers.Grid.expected`` (work = scan / k +
        compare)."""
        cells = sorted(stops)
        result = []
        for index in range(len(self.profiles)):
            ends = [p for p in cells if stops[p][0][index][1]]
            if not ends:
                result.append((float(self.size), sum(stops[p][0][index][0] for p in cells)))
                continue
            scan = 0.0
            previous = ends[-1] - self.size
            for end in ends:
                length = end - previous
                scan += length * (length + 1) / 2
                previous = end
            compare = 0.0
            previous = ends[-1] - self.size
            for p in cells:
                cost, found = stops[p][0][index]
                compare += cost * (p - previous)
                if found:
                    previous = p
            result.append((scan / self.size, compare / self.size))
        return tuple(result)


class Tracker:
    """For each objective, the best value over every grid evaluated in any search, with that grid
    and the search that met it; and the best over the first half of every search's evaluations."""

    def __init__(self, objectives: dict[str, Callable[[list[float]], float]]) -> None:
        self.objectives = objectives
        self.best: dict[str, tuple[float, list[str], str]] = {
            name: (-math.inf, [], "") for name in objectives
        }
        self.early = {name: -math.inf for name in objectives}

    def see(self, costs: list[float], evaluator: Evaluator, search: str, early: bool) -> None:
        for name, objective in self.objectives.items():
            value = objective(costs)
            if value > self.best[name][0]:
                self.best[name] = value, evaluator.rows(), search
            if early:
                self.early[name] = max(self.early[name], value)


def anneal(
    evaluator: Evaluator,
    free: Sequence[int],
    choices: str,
    objective: Callable[[list[float]], float],
    evals: int,
    rng: random.Random,
    tracker: Tracker,
    search: str,
) -> None:
    """Simulated annealing over the free cells of the evaluator's grid, every grid evaluated
    shown to ``tracker``."""
    costs = evaluator.costs()
    tracker.see(costs, evaluator, search, True)
    value = objective(costs)
    high, low = 0.01, 0.0001
    for step in range(evals):
        temperature = high * (low / high) ** (step / max(evals - 1, 1))
        new = rng.choice(choices)
        if rng.random() < 0.25:  # a tenth of one letter's free cells to another letter
            old = evaluator.grid[rng.choice(free)]
            cells = [p for p in free if evaluator.grid[p] == old and rng.random() < 0.1]
        else:
            cells = [rng.choice(free)]
            old = evaluator.grid[cells[0]]
        if new == old or not cells:
            continue
        token = evaluator.change(cells, new)
        costs = evaluator.costs()
        tracker.see(costs, evaluator, search, step < evals // 2)
        candidate = objective(costs)
        if candidate >= value or rng.random() < math.exp((candidate - value) / temperature):
            value = candidate
        else:
            evaluator.undo(token)


def starts(
    evil: Sequence[str], free: Sequence[int], words: Sequence[str], seed: int
) -> dict[str, list[str]]:
    """Evil's real fill and three structured fills of the free cells."""
    rng = random.Random(seed)
    width = len(evil[0])
    letters = Counter("".join(words))
    firsts = Counter(w[0] for w in words)

    def filled(picks: Sequence[str]) -> list[str]:
        grid = list("".join(evil))
        for p, x in zip(free, picks, strict=True):
            grid[p] = x
        text = "".join(grid)
        return [text[r : r + width] for r in range(0, len(text), width)]

    result = {"evil": list(evil), "first": filled(firsts.most_common(1)[0][0] * len(free))}
    for name, pool in (("letters", letters), ("firsts", firsts)):
        keys = sorted(pool)
        result[name] = filled(rng.choices(keys, weights=[pool[k] for k in keys], k=len(free)))
    return result


def describe(
    rows: Sequence[str], free: Sequence[int], words: Sequence[str]
) -> dict[str, float | str]:
    """What a fill of the free cells is made of: the share holding a word's first letter, the most
    common letters, and for a first letter, how many of its 8 neighbours hold a second letter of a
    word that begins with it."""
    text = "".join(rows)
    width = len(rows[0])
    firsts = {w[0] for w in words}
    seconds: dict[str, set[str]] = {}
    for w in words:
        if len(w) > 1:
            seconds.setdefault(w[0], set()).add(w[1])
    held = Counter(text[p] for p in free)
    starts = [p for p in free if text[p] in firsts]
    following = 0
    for p in starts:
        r, c = divmod(p, width)
        for dr, dc in STEPS.values():
            rr, cc = r + dr, c + dc
            if 0 <= rr < len(rows) and 0 <= cc < width:
                following += rows[rr][cc] in seconds.get(text[p], ())
    top = ", ".join(f"{x} {n / len(free):.0%}" for x, n in held.most_common(4))
    return {
        "firsts": len(starts) / len(free),
        "following": following / max(len(starts), 1),
        "top": top,
    }


def run_input(
    path: Path, seed: int, evals: int, alphabet_too: bool
) -> dict[str, object]:  # pragma: no cover - a benchmark
    """Everything the table needs for one input and seed."""
    from wortsuche import generate
    from wortsuche.words.source import parse_words

    source = parse_words(path.read_text(encoding="utf-8"), name=path.name)
    words, _ = source.words()
    letters = [w.letters for w in words]
    rows, cols = source.size or (15, 15)
    puzzles = {
        level: generate(words, rows, cols, level=level, seed=seed)
        for level in ("easy", "hard", "evil")
    }
    real = {}
    for level, puzzle in puzzles.items():
        told = [d.name for d in puzzle.options.directions]
        real[level] = family_costs(list(puzzle.grid.rows), letters, told)
    evil = puzzles["evil"]
    told = [d.name for d in evil.options.directions]
    evil_rows = list(evil.grid.rows)
    choices = "".join(sorted(set("".join(letters))))
    if alphabet_too:
        choices = "".join(sorted(set(choices) | set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")))
    covered = {cell for p in evil.placements.values() for cell in p.cells}
    free = [r * cols + c for r in range(rows) for c in range(cols) if (r, c) not in covered]
    members = family()
    hard = [real["hard"][m] for m in members]
    easy_scanner = real["easy"][SCANNER]
    hard_scanner = real["hard"][SCANNER]
    scanner = members.index(SCANNER)

    def family_min(costs: list[float]) -> float:
        return min(c / h for c, h in zip(costs, hard, strict=True))

    def soft_min(costs: list[float]) -> float:  # the search's (a): rewards every low member
        ratios = [c / h for c, h in zip(costs, hard, strict=True)]
        low = min(ratios)
        return low - SOFT * math.log(sum(math.exp((low - r) / SOFT) for r in ratios))

    def scanner_ratio(costs: list[float]) -> float:
        return costs[scanner] / easy_scanner

    def kept(costs: list[float]) -> float:
        return scanner_ratio(costs) - PENALTY * max(0.0, T2 - family_min(costs))

    def soft_kept(costs: list[float]) -> float:  # the search's (c)
        return scanner_ratio(costs) - PENALTY * max(0.0, T2 - soft_min(costs))

    check = Evaluator(evil_rows, letters, told).costs()
    assert all(
        abs(a - real["evil"][m]) < 1e-6 * real["evil"][m]
        for a, m in zip(check, members, strict=True)
    )
    rng = random.Random(seed)
    begin = starts(evil_rows, free, letters, seed)
    objectives = {"a": family_min, "b": scanner_ratio, "c": kept}
    tracker = Tracker(objectives)
    for name, objective in {"a": soft_min, "b": scanner_ratio, "c": soft_kept}.items():
        if name == "c":
            begin = {**begin, "best (a)": tracker.best["a"][1]}
        for start in [*begin, "its best"]:  # last, on from the best grid so far
            grid = tracker.best[name][1] if start == "its best" else begin[start]
            evaluator = Evaluator(grid, letters, told)
            search = f"({name}) from {start}"
            anneal(evaluator, free, choices, objective, evals, rng, tracker, search)

    result: dict[str, object] = {
        "free": len(free) / (rows * cols),
        "real a": min(real["evil"][m] / real["hard"][m] for m in members),
        "real b": real["evil"][SCANNER] / easy_scanner,
        "real b hard": real["evil"][SCANNER] / hard_scanner,
    }
    result["real fill"] = describe(evil_rows, free, letters)
    for name in objectives:
        value, grid, search = tracker.best[name]
        result[f"{name} fill"] = describe(grid, free, letters)
        costs = family_costs(grid, letters, told)  # rated afresh by solvers.py
        low = min(members, key=lambda m: costs[m] / real["hard"][m])
        result[f"{name} a"] = costs[low] / real["hard"][low]
        result[f"{name} low"] = low.name
        result[f"{name} b"] = costs[SCANNER] / easy_scanner
        result[f"{name} b hard"] = costs[SCANNER] / hard_scanner
        result[f"{name} half"] = tracker.early[name]
        result[f"{name} value"] = value
        result[f"{name} start"] = search
        result[f"{name} grid"] = grid
    return result


SEARCHES = 16
"""Searches per input and seed: 4 starts and the best so far for (a) and (b) each; for (c) also
the best grid of (a)."""


def table(results: dict[str, list[dict[str, object]]], evals: dict[str, int]) -> list[str]:
    def median(runs: list[dict[str, object]], key: str) -> float:
        return statistics.median(float(r[key]) for r in runs)  # type: ignore[arg-type]

    def fill(runs: list[dict[str, object]], key: str, part: str) -> float:
        return statistics.median(float(r[key][part]) for r in runs)  # type: ignore[index]

    def most(runs: list[dict[str, object]], key: str) -> str:
        return Counter(str(r[key]) for r in runs).most_common(1)[0][0]

    seeds = len(next(iter(results.values())))
    lines = [
        "| input | free cells | evaluations per search | (a) family minimum evil / hard: real → "
        "best [member] | (b) scanner k=1 evil / easy: real → best (evil / hard) "
        "| (c) (b) with (a) ≥ 1.2: best (evil / hard) [(a)] "
        "| (a) / (b) / (c) over the first halves |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, runs in results.items():
        reached = sum(float(r["c a"]) >= T2 for r in runs)  # type: ignore[arg-type]
        c_cell = (
            f"{median(runs, 'c b'):.2f} ({median(runs, 'c b hard'):.2f}) "
            f"[{median(runs, 'c a'):.2f}]; (a) ≥ {T2} in {reached} of {len(runs)}"
        )
        lines.append(
            f"| {name} | {median(runs, 'free'):.0%} | {evals[name]} "
            f"| {median(runs, 'real a'):.2f} → {median(runs, 'a a'):.2f} [{most(runs, 'a low')}] "
            f"| {median(runs, 'real b'):.2f} → {median(runs, 'b b'):.2f} "
            f"({median(runs, 'real b hard'):.2f} → {median(runs, 'b b hard'):.2f}) "
            f"| {c_cell} "
            f"| {median(runs, 'a half'):.2f} / {median(runs, 'b half'):.2f} / "
            f"{median(runs, 'c half'):.2f} |"
        )
    lines += [
        "",
        f"Medians over {seeds} seeds of per-seed ratios, at the input's size. Best: the best grid "
        f"met in any of the {SEARCHES} searches of an input and seed (for (a) and (b) 4 starts and "
        "on from the best so far, for (c) also from (a)'s best), rated again by solvers.py. Targets: "
        f"(a) {T2}; (b) {T1**3:.2f} over easy, {T1} over hard. The last column: the best value "
        "over the first half of every search's evaluations, to compare with the best at the end "
        f"((c) there with its penalty, {PENALTY:g} per unit by which (a) falls short of {T2}).",
        "",
        "| input | free cells with a word's first letter: real → (a) → (c) "
        "| neighbours of such a cell (of 8) with a second letter of a word it begins: "
        "real → (a) → (c) | most common letters in the free cells, (c), first seed |",
        "|---|---|---|---|",
    ]
    for name, runs in results.items():
        lines.append(
            f"| {name} | {fill(runs, 'real fill', 'firsts'):.0%} → {fill(runs, 'a fill', 'firsts'):.0%}"
            f" → {fill(runs, 'c fill', 'firsts'):.0%} "
            f"| {fill(runs, 'real fill', 'following'):.2f} → {fill(runs, 'a fill', 'following'):.2f}"
            f" → {fill(runs, 'c fill', 'following'):.2f} "
            f"| {runs[0]['c fill']['top']} |"  # type: ignore[index]
        )
    return lines


def budgets(text: str, names: Sequence[str]) -> dict[str, int]:
    """``5000`` or ``20000,worte4=4000``: evaluations per search, per input."""
    default, own = 2000, {}
    for part in text.split(","):
        if "=" in part:
            name, number = part.split("=")
            own[name] = int(number)
        else:
            default = int(part)
    return {name: own.get(name, default) for name in names}


def main() -> None:  # pragma: no cover - a benchmark
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="seeds per input (3)")
    parser.add_argument("--only", help="these inputs, comma separated (worte1,obst-de)")
    parser.add_argument(
        "--evals",
        default="2000",
        help="evaluations per search (2000), or per input: 20000,worte4=4000",
    )
    parser.add_argument("--alphabet", action="store_true", help="free cells may take any A–Z too")
    parser.add_argument("--out", type=Path, help="also write the table (Markdown) here")
    parser.add_argument("--grids", action="store_true", help="print the best grids found")
    args = parser.parse_args()
    chosen = args.only.split(",") if args.only else None
    inputs = [p for p in INPUTS if chosen is None or p.stem in chosen]
    evals = budgets(args.evals, [p.stem for p in inputs])
    results: dict[str, list[dict[str, object]]] = {}
    for path in inputs:
        results[path.stem] = []
        for seed in range(args.seeds):
            began = time.process_time()
            result = run_input(path, seed, evals[path.stem], args.alphabet)
            results[path.stem].append(result)
            print(
                f"{path.stem} seed {seed}: "
                + ", ".join(
                    f"({n}) a {float(result[f'{n} a']):.3f} b {float(result[f'{n} b']):.3f}"  # type: ignore[arg-type]
                    f" by {result[f'{n} start']}"
                    for n in "abc"
                )
                + f"; {time.process_time() - began:.0f} s",
                file=sys.stderr,
                flush=True,
            )
            if args.grids:
                for n in "abc":
                    print(f"({n})", *result[f"{n} grid"], sep="\n", file=sys.stderr)  # type: ignore[misc]
    lines = table(results, evals)
    print("\n".join(lines))
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
