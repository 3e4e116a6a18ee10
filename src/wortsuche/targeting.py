"""Puzzles made to a target difficulty: candidates from easy to evil, the nearest one kept.

The candidates are a ladder of option sets, each a little harder than the one before by the
difficulty model (``wortsuche.difficulty``). Every candidate uses the same seed, so the same
words, size, target and seed give the same puzzle; the search stops as soon as one is within
:data:`CLOSE_ENOUGH` of the target.

>>> puzzle = generate_near(["TORF", "VOR", "RAD", "EVA"], 8, 8, target=0.2, seed=1)
>>> puzzle.notes[-1].startswith("difficulty")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wortsuche.difficulty import rate_puzzle
from wortsuche.errors import DoesNotFitError, InputError
from wortsuche.model import Direction, Puzzle, Word
from wortsuche.pipeline import generate

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
    items = list(words)
    ladder = _ladder(options)
    tried: list[tuple[float, int, Puzzle]] = []  # (score, rung, puzzle)
    failure: DoesNotFitError | None = None

    def attempt(rung: int, candidate_seed: int) -> float | None:
        nonlocal failure
        level, changes = ladder[rung]
        try:
            puzzle = generate(
                items, rows, cols, level=level, seed=candidate_seed, **changes, **options
            )
        except DoesNotFitError as error:
            failure = failure or error
            return None
        score = rate_puzzle(puzzle).minutes  # unrounded: a small score is not near by rounding
        tried.append((score, rung, puzzle))
        return score

    for rung in range(len(ladder)):
        score = attempt(rung, seed)
        if score is not None and (_distance(score, target) <= CLOSE_ENOUGH or score > target * 1.5):
            break  # close enough, or every harder candidate is further away still
    if not tried:
        assert failure is not None
        raise failure
    # Between two rungs: other seeds of the nearest rung below the target and the nearest
    # above it (seeds move a score either way), until one is close enough.
    below = [t for t in tried if t[0] < target]
    above = [t for t in tried if t[0] >= target]
    if below and above:
        nearest = sorted({max(below, key=lambda t: t[0])[1], min(above, key=lambda t: t[0])[1]})
    else:
        nearest = sorted(
            {rung for _, rung, _ in sorted(tried, key=lambda t: _distance(t[0], target))[:2]}
        )
    for extra in range(1, EXTRA_SEEDS + 1):
        if min(_distance(score, target) for score, _, _ in tried) <= CLOSE_ENOUGH:
            break
        for rung in nearest:
            attempt(rung, seed + extra * SEED_STRIDE)
    score, _, puzzle = min(tried, key=lambda t: (_distance(t[0], target), t[1]))
    note = f"difficulty {score:.1f} reached for the target {target:g} (level {puzzle.level})"
    return _with_note(puzzle, note)


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
