"""Fitting the difficulty model's constants to real play: per-word find times from play records.

A play record holds the puzzle and, in find order, each word's find time in seconds since the
clock started (``wortsuche calibrate`` reads them from JSON Lines). The time
between two finds is the work of finding the later word; the model's expected work for a word
is a sum of four parts, each linear in one constant (cells scanned × scan cost, letters compared
across and down × forward cost, diagonally × diagonal cost, backwards × backward cost), so the
fit is a least-squares fit of four coefficients, made once for every candidate rare-letter
threshold; the best threshold wins. Errors are relative (a slow word weighs no more than a
quick one). Words found with a hint are left out. A unit stays a quarter of a second (one
fixation), so each constant is fitted on its own: a slow reader has a forward cost above 1.

>>> round(spearman([1.0, 2.0, 3.0], [10.0, 30.0, 20.0]), 2)
0.5
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from wortsuche.difficulty.constants import DEFAULT, Constants
from wortsuche.difficulty.simulated import rate
from wortsuche.errors import InputError
from wortsuche.grid.topology import Topology
from wortsuche.model import Puzzle

THRESHOLDS = (0.0, 0.25, 0.5, 0.75, 1.0)
"""Rare-letter thresholds tried (0: the solver always scans for the first letter)."""

PARTS = ("scan_cost", "forward", "diagonal", "backward")
"""The four constants fitted, each the coefficient of one part of a word's work."""

REWEIGHTS = 3
"""Rounds of reweighting each error by the prediction before it."""

MIN_FINDS = 8
"""Fewer usable finds than this fit nothing reliable."""


@dataclass(frozen=True)
class Find:
    """One word found during play."""

    word: str
    at: float
    """Seconds since the clock started."""
    hints: int = 0
    wrong: int = 0


@dataclass(frozen=True)
class PlayRecord:
    """One game played: the puzzle, its finds in order, the total time if finished."""

    puzzle: Puzzle
    finds: tuple[Find, ...]
    seconds: float | None
    finished: bool


@lru_cache(maxsize=1024)  # a class plays the same puzzles: each is rated once per threshold
def word_parts(puzzle: Puzzle, rare: float) -> dict[str, tuple[float, ...]]:
    """Each word's expected work split into the four parts of :data:`PARTS` (a unit of each);
    the caller must not change the dict."""
    letters = [w.letters for w in puzzle.words]
    topology = Topology.of_puzzle(puzzle)
    parts: dict[str, list[float]] = {x: [] for x in letters}
    for part in PARTS:
        unit = {p: 1.0 if p == part else 0.0 for p in PARTS}
        basis = Constants(
            scan_cost=unit["scan_cost"],
            forward=unit["forward"],
            diagonal=unit["diagonal"],
            backward=unit["backward"],
            rare=rare,
            seconds_per_unit=1.0,
        )
        rating = rate(
            puzzle.grid, letters, puzzle.options.directions, topology=topology, constants=basis
        )
        for effort in rating.words:
            parts[effort.letters].append(effort.units)
    return {x: tuple(v) for x, v in parts.items()}


def observations(
    records: Iterable[PlayRecord], rare: float
) -> list[tuple[tuple[float, ...], float]]:
    """(parts, seconds) for every word found without a hint, the seconds since the find before."""
    rows = []
    for record in records:
        parts = word_parts(record.puzzle, rare)
        by_text = {w.entry.upper(): w.letters for w in record.puzzle.words}
        before = 0.0
        for find in sorted(record.finds, key=lambda f: f.at):
            letters = find.word if find.word in parts else by_text.get(find.word.upper())
            seconds, before = find.at - before, find.at
            if letters in parts and not find.hints and seconds > 0:
                rows.append((parts[letters], seconds))
    return rows


def fit(records: Sequence[PlayRecord]) -> Constants:
    """The constants that best explain the records' find times, with a report in ``fit``."""
    best: tuple[float, Constants, int] | None = None
    for rare in THRESHOLDS:
        rows = observations(records, rare)
        if len(rows) < MIN_FINDS:
            raise InputError(
                f"the records hold {len(rows)} words found without a hint; "
                f"a fit needs at least {MIN_FINDS}",
                key="error.too-few-finds",
                values={"count": len(rows), "least": MIN_FINDS},
            )
        coefficients, error = _least_squares(rows)
        spu = DEFAULT.seconds_per_unit
        scan, forward, diagonal, backward = (c / spu for c in coefficients)
        if not scan or not forward:
            continue
        fitted = Constants(
            scan_cost=scan,
            forward=forward,
            diagonal=diagonal or DEFAULT.diagonal,
            backward=backward or DEFAULT.backward,
            rare=rare,
            seconds_per_unit=spu,
        )
        if best is None or error < best[0]:
            best = (error, fitted, len(rows))
    if best is None:
        raise InputError(
            "the records do not say how long reading a letter takes; play more",
            key="error.no-scan-time",
        )
    error, fitted, used = best
    report = {
        "records": len(records),
        "words": used,
        "relative_error": round(math.sqrt(error / used), 3),
        "before": agreement(records, DEFAULT),
        "after": agreement(records, fitted),
    }
    return replace(fitted, fit=report)


def agreement(records: Sequence[PlayRecord], constants: Constants) -> dict[str, float | None]:
    """How well ``constants`` predict the finished games' solve times: Spearman's rank
    correlation, and the median error in minutes."""
    predicted, observed = [], []
    minutes: dict[Puzzle, float] = {}  # a class plays the same puzzles: each is rated once
    for record in records:
        if record.finished and record.seconds is not None:
            if record.puzzle not in minutes:
                minutes[record.puzzle] = _minutes(record.puzzle, constants)
            predicted.append(minutes[record.puzzle])
            observed.append(record.seconds / 60)
    if not observed:
        return {"games": 0, "rank_agreement": None, "error_minutes": None}
    errors = [abs(p - o) for p, o in zip(predicted, observed, strict=True)]
    rho = spearman(predicted, observed) if len(observed) > 1 else None
    return {
        "games": len(observed),
        "rank_agreement": None if rho is None else round(rho, 3),
        "error_minutes": round(statistics.median(errors), 2),
    }


def _minutes(puzzle: Puzzle, constants: Constants) -> float:
    """The minutes ``constants`` predict for solving ``puzzle``."""
    words = [w.letters for w in puzzle.words]
    topology = Topology.of_puzzle(puzzle)
    return rate(
        puzzle.grid, words, puzzle.options.directions, topology=topology, constants=constants
    ).minutes


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (ties share their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    spread = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / spread if spread else 0.0


def _ranks(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _least_squares(rows: Sequence[tuple[tuple[float, ...], float]]) -> tuple[list[float], float]:
    """Non-negative coefficients c fitting x·c to the times t, each error relative to the
    prediction (reweighted from the fit before: weighting by the observed time would favour
    the words that happened to go quickly); and the sum of squared relative errors.

    Each fit is an active-set loop: solve on the free coefficients, pin the most negative one
    at 0, again. A part no record exercises (all zeros) is pinned from the start.
    """
    size = len(rows[0][0])
    solution = _non_negative([(list(x), t) for x, t in rows], size)
    for _ in range(REWEIGHTS):
        predictions = [max(_dot(x, solution), 1e-9) for x, _ in rows]
        scaled = [([v / p for v in x], t / p) for (x, t), p in zip(rows, predictions, strict=True)]
        solution = _non_negative(scaled, size)
    error = sum((_dot(x, solution) / t - 1) ** 2 for x, t in rows)
    return solution, error


def _dot(x: Sequence[float], c: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(x, c, strict=True))


def _non_negative(rows: Sequence[tuple[list[float], float]], size: int) -> list[float]:
    """Least squares with every coefficient at 0 or above."""
    free = [j for j in range(size) if any(x[j] for x, _ in rows)]
    while True:
        solution = _solve_normal(rows, free)
        negative = [j for j in free if solution[j] < 0]
        if not negative:
            return solution
        free.remove(min(negative, key=lambda j: solution[j]))


def _solve_normal(rows: Sequence[tuple[list[float], float]], free: list[int]) -> list[float]:
    """Least squares on the ``free`` columns by the normal equations."""
    size = len(rows[0][0])
    a = [[sum(x[i] * x[j] for x, _ in rows) for j in free] for i in free]
    b = [sum(x[i] * y for x, y in rows) for i in free]
    solution = [0.0] * size
    for j, value in zip(free, solve_linear(a, b), strict=True):
        solution[j] = value
    return solution


def solve_linear(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """``x`` with ``matrix · x = vector``, by Gaussian elimination with partial pivoting; an
    unknown the equations do not determine is 0.

    >>> solve_linear([[2.0, 0.0], [0.0, 4.0]], [2.0, 2.0])
    [1.0, 0.5]
    """
    a = [list(row) for row in matrix]
    b = list(vector)
    n = len(b)
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            continue
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [v - factor * w for v, w in zip(a[r], a[col], strict=True)]
                b[r] -= factor * b[col]
    return [b[k] / a[k][k] if abs(a[k][k]) >= 1e-12 else 0.0 for k in range(n)]
