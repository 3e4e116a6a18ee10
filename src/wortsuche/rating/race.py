"""How people play on a screen: a race model of play beside the one-word-at-a-time model.

The one-word model (:mod:`wortsuche.rating.calibration`) reads the time between two finds as the
work of finding the later word. A player who looks for all remaining words at once is better
described as a race: each remaining word ``i`` would be found after an exponentially distributed
time with mean ``w_i`` (its work under the constants, in seconds), and the next find is whichever
comes first. The gap before a find of word ``w`` among the remaining words ``R`` then has the
density ``exp(-t · Σ_{i∈R} 1/w_i) / w_w``: a fast find says as much as a slow one, and which word
came first is evidence too.

:func:`fit_race` finds the constants of largest likelihood under the race (a projected Newton
ascent on the four costs, for each rare-letter threshold); :func:`log_likelihoods` scores both
models on the same finds, so ``calibrate`` can say which describes the records better. A word
found with a hint ends its gap but is not evidence of its work.

>>> words = [Exposure(parts=(1.0, 0.0), finds=1, seconds=2.0), Exposure((0.0, 1.0), 0, 2.0)]
>>> round(race_log_likelihood(words, [1.0, 1.0]), 3)
-4.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from wortsuche.difficulty.constants import DEFAULT, Constants
from wortsuche.errors import InputError
from wortsuche.rating.calibration import (
    MIN_FINDS,
    PARTS,
    THRESHOLDS,
    PlayRecord,
    agreement,
    fit,
    solve_linear,
    word_parts,
)

NEWTON_STEPS = 60
"""Newton steps at most per threshold (the likelihood is smooth; 10–20 are usual)."""

LEAST = 1e-4
"""The smallest a cost becomes in the search (in units): a cost of 0 would make some word's
work 0, an instant find, and the likelihood of any slower find -infinity."""


@dataclass(frozen=True)
class Gap:
    """One find: the found word's parts, every word still to find then (the found one too), and
    the seconds since the find before."""

    parts: tuple[float, ...]
    remaining: tuple[tuple[float, ...], ...]
    seconds: float


@dataclass(frozen=True)
class Exposure:
    """One word of one puzzle over all records: how often it was found (without a hint), and
    the seconds it was still to find while those finds' gaps ran. Under the race these two are
    all the records say about the word's work ``u``: its log-likelihood is
    ``-finds · log u - seconds / u``, summed over the words."""

    parts: tuple[float, ...]
    finds: int
    seconds: float


def gaps(records: Sequence[PlayRecord], rare: float) -> list[Gap]:
    """The gaps of every record: each find of a word without a hint after the one before."""
    found: list[Gap] = []
    for record in records:
        parts = word_parts(record.puzzle, rare)
        by_text = {w.entry.upper(): w.letters for w in record.puzzle.words}
        remaining = dict(parts)
        before = 0.0
        for find in sorted(record.finds, key=lambda f: f.at):
            letters = find.word if find.word in parts else by_text.get(find.word.upper())
            seconds, before = find.at - before, find.at
            if letters not in remaining:
                continue
            if not find.hints and seconds > 0:
                found.append(Gap(remaining[letters], tuple(remaining.values()), seconds))
            del remaining[letters]
    return found


def exposures(records: Sequence[PlayRecord], rare: float) -> list[Exposure]:
    """The gaps summed up per word (per distinct parts: see below)."""
    # Words with the same parts have the same work, so their sums may be pooled: the
    # likelihood is the same, and repeated puzzles cost nothing more to fit.
    finds: dict[tuple[float, ...], int] = {}
    seconds: dict[tuple[float, ...], float] = {}
    for gap in gaps(records, rare):
        finds[gap.parts] = finds.get(gap.parts, 0) + 1
        for x in gap.remaining:
            seconds[x] = seconds.get(x, 0.0) + gap.seconds
    return [Exposure(x, finds.get(x, 0), t) for x, t in seconds.items()]


def race_log_likelihood(observed: Sequence[Exposure], costs: Sequence[float]) -> float:
    """The log-likelihood of the finds under the race with these costs (seconds a unit of each
    part)."""
    total = 0.0
    for word in observed:
        work = _dot(word.parts, costs)
        total -= word.finds * math.log(work) + word.seconds / work
    return total


def one_word_log_likelihood(observed: Sequence[Gap], costs: Sequence[float]) -> float:
    """The log-likelihood of the gaps under the one-word model: each gap log-normal about its
    word's work (the spread fitted), the word chosen among the remaining ones alike."""
    residuals = [math.log(g.seconds / _dot(g.parts, costs)) for g in observed]
    spread = max(math.sqrt(sum(r * r for r in residuals) / len(residuals)), 1e-6)
    return sum(
        -math.log(g.seconds * spread * math.sqrt(2 * math.pi))
        - r * r / (2 * spread * spread)
        - math.log(len(g.remaining))
        for g, r in zip(observed, residuals, strict=True)
    )


def fit_race(records: Sequence[PlayRecord]) -> Constants:
    """The constants of largest likelihood under the race, with a report in ``fit``."""
    spu = DEFAULT.seconds_per_unit
    best: tuple[float, Constants, int] | None = None
    for rare in THRESHOLDS:
        observed = exposures(records, rare)
        used = sum(word.finds for word in observed)
        if used < MIN_FINDS:
            raise InputError(
                f"the records hold {used} words found without a hint; "
                f"a fit needs at least {MIN_FINDS}",
                key="error.too-few-finds",
                values={"count": used, "least": MIN_FINDS},
            )
        costs = _newton(observed)
        likelihood = race_log_likelihood(observed, costs)
        scan, forward, diagonal, backward = (c / spu for c in costs)
        fitted = Constants(
            scan_cost=scan, forward=forward, diagonal=diagonal, backward=backward,
            rare=rare, seconds_per_unit=spu,
        )  # fmt: skip
        if best is None or likelihood > best[0]:
            best = (likelihood, fitted, used)
    assert best is not None
    likelihood, fitted, used = best
    report = {
        "records": len(records),
        "words": used,
        "play": "race",
        "before": agreement(records, DEFAULT),
        "after": agreement(records, fitted),
    }
    return replace(fitted, fit=report)


def log_likelihoods(records: Sequence[PlayRecord], constants: Constants) -> dict[str, float]:
    """Both models' log-likelihood of the records' finds under ``constants``: the larger one
    describes how these players played."""
    spu = constants.seconds_per_unit
    costs = [getattr(constants, name) * spu for name in PARTS]
    return {
        "one_word": one_word_log_likelihood(gaps(records, constants.rare), costs),
        "race": race_log_likelihood(exposures(records, constants.rare), costs),
    }


def _newton(observed: Sequence[Exposure]) -> list[float]:
    """Projected Newton ascent on the race log-likelihood over costs of at least :data:`LEAST`;
    a part no word exercises keeps :data:`LEAST` (it never changes a word's work)."""
    size = len(observed[0].parts)
    used = [k for k in range(size) if any(w.parts[k] for w in observed)]
    costs = [1.0 if k in used else LEAST for k in range(size)]
    # start where the predicted works match the observed ones on average (u = seconds / finds)
    scale = sum(w.seconds for w in observed) / max(
        1, sum(w.finds * _dot(w.parts, costs) for w in observed)
    )
    costs = [c * scale if k in used else c for k, c in enumerate(costs)]
    current = race_log_likelihood(observed, costs)
    for _ in range(NEWTON_STEPS):
        gradient, hessian = _derivatives(observed, costs, used)
        step = solve_linear([[-h for h in row] for row in hessian], gradient)
        moved = False
        for length in (1.0, 0.5, 0.25, 0.125, 0.0625, 0.03125):
            trial = list(costs)
            for k, s in zip(used, step, strict=True):
                trial[k] = max(LEAST, costs[k] + length * s)
            value = race_log_likelihood(observed, trial)
            if value > current:
                moved = current + 1e-9 < value
                costs, current = trial, value
                break
        if not moved:
            break
    return costs


def _derivatives(
    observed: Sequence[Exposure], costs: Sequence[float], used: Sequence[int]
) -> tuple[list[float], list[list[float]]]:
    """The gradient and the Hessian of the race log-likelihood in the ``used`` costs."""
    n = len(used)
    gradient = [0.0] * n
    hessian = [[0.0] * n for _ in range(n)]
    for word in observed:
        u = _dot(word.parts, costs)
        first = -word.finds / u + word.seconds / u**2
        second = word.finds / u**2 - 2 * word.seconds / u**3
        for a, k in enumerate(used):
            gradient[a] += first * word.parts[k]
            for b, m in enumerate(used):
                hessian[a][b] += second * word.parts[k] * word.parts[m]
    return gradient, hessian


def _dot(x: Sequence[float], c: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(x, c, strict=True))


def fit_either(records: Sequence[PlayRecord]) -> Constants:
    """The constants of the model of play that describes the records better: one word at a time
    (:func:`wortsuche.rating.calibration.fit`) or the race; the report in ``fit`` names it
    (``play``) and holds both log-likelihoods under the fitted constants."""
    candidates: list[Constants] = []
    refusal: InputError | None = None
    for fitting in (fit, fit_race):
        try:
            candidates.append(fitting(records))
        except InputError as error:  # e.g. no scan time seen: that model explains nothing
            refusal = refusal or error
    if not candidates:
        assert refusal is not None
        raise refusal
    scored = []
    for constants in candidates:
        both = log_likelihoods(records, constants)
        play = constants.fit.get("play", "one_word")
        scored.append((both[play], constants, both))
    _, best, _ = max(scored, key=lambda item: item[0])
    report = dict(best.fit)
    report["play"] = best.fit.get("play", "one_word")
    report["log_likelihood"] = {
        str(c.fit.get("play", "one_word")): round(value, 1) for value, c, _ in scored
    }
    return replace(best, fit=report)
