"""Puzzles made to a target difficulty: candidates from easy to evil, the nearest one kept.

The candidates are a ladder of option sets, each a little harder than the one before by the
difficulty model (``wortsuche.rating.difficulty``). Every candidate uses the same seed, so the same
words, size, target and seed give the same puzzle; the search stops as soon as one is within
:data:`CLOSE_ENOUGH` of the target.

>>> puzzle = generate_near(["TORF", "VOR", "RAD", "EVA"], 8, 8, target=0.2, seed=1)
>>> puzzle.notes[-1].startswith("difficulty")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from wortsuche.budget import Budget
from wortsuche.errors import DoesNotFitError, GenerationTimeout, InputError
from wortsuche.model import Direction, Puzzle, Word
from wortsuche.pipeline.run import generate
from wortsuche.rating.difficulty import rate_puzzle

CLOSE_ENOUGH = 0.05
"""A candidate this close to the target (as a share of it) ends the search."""

EXTRA_SEEDS = 8
"""Further seeds tried on the two nearest candidates when none is close enough."""

SEED_STRIDE = 7919
"""Distance between those seeds: the same target and seed always try the same ones."""

ACROSS_DOWN_DIAGONAL = (Direction.E, Direction.S, Direction.SE, Direction.NE)

LADDER: tuple[tuple[str, dict[str, Any]], ...] = (
    ("easy", {}),
    ("easy", {"directions": (Direction.E, Direction.S, Direction.SE)}),
    ("easy", {"directions": ACROSS_DOWN_DIAGONAL}),
    ("medium", {"word_letter_share": 0}),
    ("medium", {}),
    ("medium", {"word_letter_share": 100}),
    ("medium", {"directions": (*ACROSS_DOWN_DIAGONAL, Direction.W, Direction.N)}),
    ("hard", {"word_letter_share": 0, "reversed_share": 0, "letter_floor": 0}),
    ("hard", {"reversed_share": 0}),
    ("hard", {}),
    ("hard", {"reversed_share": 50, "letter_floor": 50}),
    ("hard", {"word_letter_share": 50, "reversed_share": 70, "letter_floor": 70}),
    ("hard", {"word_letter_share": 100, "reversed_share": 100, "letter_floor": 100}),
    ("evil", {"decoys": "some"}),
    ("evil", {}),
)
"""Level and option changes, from the easiest puzzle to the hardest."""


class Candidate(NamedTuple):
    """One puzzle tried: its difficulty score, the rung of the ladder it was made on, itself."""

    score: float
    """Minutes by the difficulty model, unrounded: a small score is not near by rounding."""
    rung: int
    puzzle: Puzzle


@dataclass
class _Search:
    """The candidates tried for one target so far, and the first failure (raised if none fits)."""

    words: list[str | Word]
    rows: int | None
    cols: int | None
    target: float
    options: dict[str, Any]
    ladder: Sequence[tuple[str, dict[str, Any]]]
    tried: list[Candidate] = field(default_factory=list)
    failure: DoesNotFitError | None = None
    budget: Budget = field(default_factory=Budget)
    """The clocks every candidate shares: the search ends within one generation's time."""
    out_of_time: bool = False

    def attempt(self, rung: int, seed: int) -> Candidate | None:
        """Make and rate the candidate of ``rung`` with ``seed``; None if the words do not fit."""
        level, changes = self.ladder[rung]
        if self.out_of_time:
            return None
        try:
            puzzle = generate(
                self.words,
                self.rows,
                self.cols,
                level=level,
                seed=seed,
                within=self.budget,
                **changes,
                **self.options,
            )
        except DoesNotFitError as error:
            self.failure = self.failure or error
            return None
        except GenerationTimeout:
            if not self.tried:
                raise
            self.out_of_time = True  # the nearest candidate so far is the answer
            return None
        candidate = Candidate(rate_puzzle(puzzle).minutes, rung, puzzle)
        self.tried.append(candidate)
        return candidate

    def distance(self, candidate: Candidate) -> float:
        """How far a candidate's score is from the target, as a share of the target."""
        return _distance(candidate.score, self.target)

    def climb(self, seed: int) -> None:
        """Try the rungs from the easiest up, until one is close enough or far harder than the
        target (every harder candidate is further away still)."""
        for rung in range(len(self.ladder)):
            candidate = self.attempt(rung, seed)
            if candidate is not None and (
                self.distance(candidate) <= CLOSE_ENOUGH or candidate.score > self.target * 1.5
            ):
                return

    def nearest_rungs(self) -> list[int]:
        """The rungs worth other seeds: the nearest below the target and the nearest above it
        (seeds move a score either way), or the two nearest if all lie on one side."""
        below = [c for c in self.tried if c.score < self.target]
        above = [c for c in self.tried if c.score >= self.target]
        if below and above:
            return sorted({max(below, key=_score).rung, min(above, key=_score).rung})
        return sorted({c.rung for c in sorted(self.tried, key=self.distance)[:2]})

    def close_enough(self) -> bool:
        """Whether a candidate within :data:`CLOSE_ENOUGH` of the target was found."""
        return min(self.distance(c) for c in self.tried) <= CLOSE_ENOUGH

    def nearest(self) -> Candidate:
        """The candidate nearest the target; of two as near, the one on the easier rung."""
        return min(self.tried, key=lambda c: (self.distance(c), c.rung))


def generate_near(
    words: Iterable[str | Word],
    rows: int | None,
    cols: int | None,
    *,
    target: float,
    seed: int,
    **options: Any,
) -> Puzzle:
    """The candidate puzzle whose difficulty score is nearest ``target`` (minutes).

    ``options`` (language, transliterate, …) apply to every candidate; the level and the
    knobs are what the search varies.
    """
    if isinstance(target, bool) or not isinstance(target, int | float) or not target > 0:
        raise InputError(f"the target difficulty must be a number above 0, not {target!r}")
    budget = Budget(
        timeout=_positive(options.get("timeout")), effort=_positive(options.get("effort")) or 1.0
    )
    search = _Search(list(words), rows, cols, target, options, _ladder(options), budget=budget)
    search.climb(seed)
    if not search.tried:
        assert search.failure is not None
        raise search.failure
    # Between two rungs: other seeds of the rungs nearest the target, until one is close enough.
    rungs = search.nearest_rungs()
    for extra in range(1, EXTRA_SEEDS + 1):
        if search.close_enough() or search.out_of_time:
            break
        for rung in rungs:
            search.attempt(rung, seed + extra * SEED_STRIDE)
    score, _, puzzle = search.nearest()
    note = f"difficulty {score:.1f} reached for the target {target:g} (level {puzzle.level})"
    return _with_note(puzzle, note)


def _positive(value: object) -> float | None:
    """``value`` if it is a number above 0, else None (each generation checks the options)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
        return float(value)
    return None


def _score(candidate: Candidate) -> float:
    return candidate.score


def _distance(score: float, target: float) -> float:
    return abs(score - target) / target


def _ladder(options: dict[str, Any]) -> Sequence[tuple[str, dict[str, Any]]]:
    """The ladder without the changes the caller fixed already."""
    return [
        (level, {k: v for k, v in changes.items() if k not in options}) for level, changes in LADDER
    ]


def _with_note(puzzle: Puzzle, note: str) -> Puzzle:
    from dataclasses import replace

    return replace(puzzle, notes=(*puzzle.notes, note))
