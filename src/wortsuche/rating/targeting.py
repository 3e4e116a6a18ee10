"""Puzzles made to a target difficulty: candidates from easy to evil, the nearest one kept.

The candidates are a ladder of option sets, each a little harder than the one before by the
difficulty model (``wortsuche.difficulty.simulated``). Every candidate uses the same seed, so the same
words, size, target and seed give the same puzzle; the search stops as soon as one is within
:data:`CLOSE_ENOUGH` of the target. Without a size, the size is part of the search: a larger
grid where even the hardest rung is too easy, a smaller one where even the easiest is too hard.
A target no candidate comes within :data:`TOLERANCE` of is refused with the range the size
reaches, unless the nearest puzzle is asked for.

>>> puzzle = generate_near(["TORF", "VOR", "RAD", "EVA"], 8, 8, target=0.2, seed=1)
>>> puzzle.notes[-1].startswith("difficulty")
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from wortsuche.budget import Budget
from wortsuche.difficulty.constants import DEFAULT, Constants
from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.errors import DoesNotFitError, GenerationTimeout, InputError
from wortsuche.limits import MAX_SIDE
from wortsuche.model import Direction, Puzzle, Word
from wortsuche.notes import Note
from wortsuche.pipeline.run import generate
from wortsuche.rand import new_seed
from wortsuche.spec import PuzzleSpec

CLOSE_ENOUGH = 0.05
"""A candidate this close to the target (as a share of it) ends the search."""

TOLERANCE = 0.10
"""A target is reached when a candidate is this close (as a share of it); further off, the
target is out of reach for the size."""

SIZE_ROUNDS = 5
"""Sizes tried at most when the search chooses the size."""

START_DENSITY = 0.42
"""Word letters per cell of the first size tried when none is given (medium's automatic size)."""

MIN_WORD_SHARE = 0.15
"""Word letters per cell the search keeps at the least when it chooses the size: below this the
grid would be mostly filler (evil's own automatic size holds 0.09-0.14), and a puzzle made hard by
nothing but empty space is refused instead of made (a target of 200 minutes drew 81x81 for
a few words, 1 % of it theirs)."""

MAX_WORD_SHARE = 0.8
"""Word letters per cell the search keeps at the most when it chooses the size: a grid more
crowded than real lists are (about 0.8) takes a long search to place them, or refuses after it,
and its puzzle is no easier for it; a target below what that size gives is out of reach."""

EXTRA_SEEDS = 8
"""Further seeds tried on the two nearest candidates when none is close enough."""

SEED_STRIDE = 7919
"""Distance between those seeds: the same target and seed always try the same ones."""

SPAN = 8.0
"""A target this many times the easiest candidate's score lies beyond the usual ladder (its
hardest rung scores 3 to 6 times its easiest): the hardest rung is made next, to see whether the
target is in reach of the size at all before the rungs between are climbed."""

FAR = 1.5
"""A target further than this factor beyond both ends of a size's ladder is out of its reach:
no rung between them and no other seed comes within :data:`TOLERANCE` of it (a seed moves a
score by a fifth or so), so the size is left after those two candidates."""

ACROSS_DOWN_DIAGONAL = (Direction.E, Direction.S, Direction.SE, Direction.NE)

LADDER: tuple[tuple[str, dict[str, Any]], ...] = (
    ("easy", {}),
    ("easy", {"directions": (Direction.E, Direction.S, Direction.SE)}),
    ("easy", {"directions": ACROSS_DOWN_DIAGONAL}),
    ("medium", {"filler": "alphabet"}),
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


class _Score(NamedTuple):
    """A candidate as the search steers by it: its score and rung, not its puzzle."""

    score: float
    rung: int


@dataclass
class _Kept:
    """What a search keeps of the candidates it made: how many, the nearest one (the only puzzle
    kept), and the scores and rungs its next steps ask for. Of candidates as near, as high or as
    low, the one made first is kept."""

    target: float
    count: int = 0
    nearest: Candidate | None = None
    """The nearest the target; of two as near, the one on the easier rung."""
    below: _Score | None = None
    """The highest score below the target."""
    above: _Score | None = None
    """The lowest score at or above the target."""
    closest: list[_Score] = field(default_factory=list)
    """The two nearest the target, nearest first."""
    rungs: set[int] = field(default_factory=set)
    low: float = math.inf
    high: float = -math.inf

    def add(self, candidate: Candidate) -> None:
        """Count ``candidate`` and keep of it what is needed."""
        self.count += 1
        score, rung = candidate.score, candidate.rung
        self.rungs.add(rung)
        self.low, self.high = min(self.low, score), max(self.high, score)
        near = (self.distance(score), rung)
        if self.nearest is None or near < (self.distance(self.nearest.score), self.nearest.rung):
            self.nearest = candidate
        kept = _Score(score, rung)
        if score < self.target:
            if self.below is None or score > self.below.score:
                self.below = kept
        elif self.above is None or score < self.above.score:
            self.above = kept
        at = sum(1 for c in self.closest if self.distance(c.score) <= near[0])
        self.closest = [*self.closest[:at], kept, *self.closest[at:]][:2]

    def distance(self, score: float) -> float:
        """How far ``score`` is from the target, as a share of the target."""
        return _distance(score, self.target)


@dataclass
class _Shared:
    """The time every candidate of every size spends from, whether it ran out, and how many
    candidates were made (out of time with none made is an error, not an answer)."""

    budget: Budget = field(default_factory=Budget)
    out_of_time: bool = False
    made: int = 0


@dataclass
class _Search:
    """The candidates tried for one target so far, and the first failure (raised if none fits)."""

    words: list[str | Word]
    rows: int | None
    cols: int | None
    target: float
    options: dict[str, Any]
    ladder: Sequence[tuple[str, dict[str, Any]]]
    constants: Constants = DEFAULT
    failure: DoesNotFitError | None = None
    shared: _Shared = field(default_factory=lambda: _Shared())
    """What the searches of every size share: one generation's time, and whether it ran out."""
    kept: _Kept = field(init=False)
    """What is kept of the candidates tried so far."""
    tried_at: dict[tuple[int, int], _Score | None] = field(init=False)
    """Each rung and seed tried, and the score it gave: none is made twice."""

    def __post_init__(self) -> None:
        self.kept = _Kept(self.target)
        self.tried_at = {}

    def attempt(self, rung: int, seed: int) -> _Score | None:
        """Make and rate the candidate of ``rung`` with ``seed`` (once); None if the words do
        not fit or the time is up."""
        if (rung, seed) in self.tried_at:
            return self.tried_at[rung, seed]
        if self.out_of_time:
            return None
        candidate = self._make(rung, seed)
        score = None if candidate is None else _Score(candidate.score, rung)
        if not self.out_of_time:
            self.tried_at[rung, seed] = score
        return score

    def _make(self, rung: int, seed: int) -> Candidate | None:
        level, changes = self.ladder[rung]
        try:
            puzzle = generate(
                self.words,
                self.rows,
                self.cols,
                level=level,
                seed=seed,
                within=self.shared.budget,
                **changes,
                **self.options,
            )
        except DoesNotFitError as error:
            self.failure = self.failure or error
            return None
        except GenerationTimeout:
            self.shared.out_of_time = True  # the nearest candidate so far is the answer
            if not self.shared.made:
                raise
            return None
        candidate = Candidate(rate_puzzle(puzzle, self.constants).minutes, rung, puzzle)
        self.kept.add(candidate)
        self.shared.made += 1
        return candidate

    @property
    def out_of_time(self) -> bool:
        """Whether a candidate of this or another size ran out of the shared time."""
        return self.shared.out_of_time

    def distance(self, candidate: Candidate | _Score) -> float:
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

    @property
    def made(self) -> bool:
        """Whether any candidate was made at this size."""
        return self.kept.count > 0

    def nearest_rungs(self) -> list[int]:
        """The rungs worth other seeds: the nearest below the target and the nearest above it
        (seeds move a score either way), or the two nearest if all lie on one side."""
        below, above = self.kept.below, self.kept.above
        if below is not None and above is not None:
            return sorted({below.rung, above.rung})
        return sorted({c.rung for c in self.kept.closest})

    def close_enough(self) -> bool:
        """Whether a candidate within :data:`CLOSE_ENOUGH` of the target was found."""
        return self.distance(self.nearest()) <= CLOSE_ENOUGH

    def nearest(self) -> Candidate:
        """The candidate nearest the target; of two as near, the one on the easier rung."""
        assert self.kept.nearest is not None, "a candidate was made"
        return self.kept.nearest

    def beyond(self, seed: int) -> bool:
        """Whether the target lies :data:`FAR` beyond both ends of the ladder: made from the
        easiest rung, and from the hardest when the target is :data:`SPAN` times the easiest."""
        easiest = self.attempt(0, seed)
        if easiest is None:
            return False
        if easiest.score > self.target * FAR:
            return True
        if easiest.score * SPAN > self.target:
            return False
        hardest = self.attempt(len(self.ladder) - 1, seed)
        return hardest is not None and hardest.score * FAR < self.target

    def search(self, seed: int) -> None:
        """Climb the ladder, then try other seeds on the rungs nearest the target; a target
        far beyond both ends of the ladder is left after them."""
        if self.beyond(seed):
            return
        self.climb(seed)
        if not self.made:
            return
        rungs = self.nearest_rungs()
        for extra in range(1, EXTRA_SEEDS + 1):
            if self.close_enough() or self.out_of_time:
                break
            for rung in rungs:
                self.attempt(rung, seed + extra * SEED_STRIDE)

    def reach(self, seed: int) -> tuple[float, float]:
        """The easiest and the hardest score this size gives (both ends of the ladder made)."""
        for rung in (0, len(self.ladder) - 1):
            if rung not in self.kept.rungs:
                self.attempt(rung, seed)
        return self.kept.low, self.kept.high


@dataclass(frozen=True)
class Target:
    """A difficulty to come nearest: the ``score`` (minutes), whether a score out of reach is
    made anyway (``nearest``; else :class:`InputError` with the range of scores reached), and
    the difficulty model's ``constants`` (a model file's, fitted to play)."""

    score: float
    nearest: bool = True
    constants: Constants = DEFAULT


def generate_near(
    words: Iterable[str | Word],
    rows: int | None,
    cols: int | None,
    *,
    target: float | Target,
    seed: int,
    **options: Any,
) -> Puzzle:
    """The candidate puzzle whose difficulty score is nearest ``target`` (minutes, or a
    :class:`Target` that also says whether a target out of reach is an error, and the model).

    ``options`` (language, transliterate, …) apply to every candidate; the level, the knobs
    and, when no size is given, the size are what the search varies. A target no candidate
    comes within :data:`TOLERANCE` of is met as near as it can be, or (``nearest`` False)
    raises :class:`InputError` with the range of scores reached.
    The puzzle keeps ``seed``: the same words, size, target and seed make it again.
    """
    aim = target if isinstance(target, Target) else Target(target)
    target, nearest, constants = aim.score, aim.nearest, aim.constants
    if isinstance(target, bool) or not isinstance(target, int | float) or not target > 0:
        raise InputError(
            f"the target difficulty must be a number above 0, not {target!r}",
            key="error.target-difficulty",
            values={"value": repr(target)},
        )
    items = list(words)
    ladder = _ladder(options)
    shared = _Shared(
        Budget(
            timeout=_positive(options.get("timeout")),
            effort=_positive(options.get("effort")) or 1.0,
        )
    )
    first = _Search(items, rows, cols, target, options, ladder, constants, shared=shared)
    if rows is not None or cols is not None:
        searches = [first]
        first.search(seed)
    else:
        searches = _search_sizes(first, seed)
    nearest_each = [s.nearest() for s in searches if s.made]
    if not nearest_each:
        failure = next((s.failure for s in searches if s.failure is not None), None)
        assert failure is not None
        raise failure
    best = min(nearest_each, key=lambda c: (_distance(c.score, target), c.rung))
    if _distance(best.score, target) > TOLERANCE:
        low, high = _reach(searches, seed)
        size = _sizes_text(searches)
        if not nearest:
            raise (
                _out_of_reach(target, size, (low, high), sized=rows is not None or cols is not None)
                if not low <= target <= high
                else _missed(target, size, (low, high), best.score)
            )
        note = Note(
            f"difficulty {best.score:.1f} is the nearest to the target {target:g} "
            f"({size} gives {low:.1f} to {high:.1f}; level {best.puzzle.level})",
            key="note.difficulty-nearest",
            values={
                "score": _tenth(best.score),
                "target": float(target),
                "size": size,
                "low": _tenth(low),
                "high": _tenth(high),
                "level": Note(best.puzzle.level, key=f"level.{best.puzzle.level}"),
            },
        )
    else:
        note = _reached(best.score, target, best.puzzle.level)
    return _with_note(best.puzzle, note, seed)


def generate_spec_near(spec: PuzzleSpec, target: float | Target) -> Puzzle:
    """:func:`generate_near` for a spec: its words, size, seed and options (all but the level,
    which the search varies), its sheet's title and language; a spec without a seed gets one."""
    options = {name: value for name, value in spec.given.items() if name not in ("level", "seed")}
    seed = new_seed() if spec.seed is None else spec.seed
    return generate_near(
        spec.words,
        spec.rows,
        spec.cols,
        target=target,
        seed=seed,
        **options,
    )


def _out_of_reach(
    target: float, size: str, reach: tuple[float, float], *, sized: bool
) -> InputError:
    """The error for a target outside the ``reach`` (lowest, highest score) of ``size``."""
    if not sized and target < reach[0]:
        return _range_note(
            target,
            size,
            reach,
            "error.difficulty-out-of-reach-crowded",
            "is out of reach: {reach}, and a smaller grid would be too crowded (the words may "
            "cover at most {share} % of its cells); use --nearest for the nearest puzzle, or "
            "fewer words",
            share=round(MAX_WORD_SHARE * 100),
        )
    if not sized and target > reach[1]:
        return _range_note(
            target,
            size,
            reach,
            "error.difficulty-out-of-reach-empty",
            "is out of reach: {reach}, and a larger grid would be mostly empty (the words must "
            "cover at least {share} % of its cells); use --nearest for the nearest puzzle, or "
            "more words",
            share=round(MIN_WORD_SHARE * 100),
        )
    return _range_note(
        target,
        size,
        reach,
        "error.difficulty-out-of-reach-sized",
        "is out of reach: {reach}; use --nearest for the nearest puzzle, or another --size",
    )


def _missed(target: float, size: str, reach: tuple[float, float], nearest: float) -> InputError:
    """The error for a target inside the ``reach`` of ``size`` that no candidate came within
    :data:`TOLERANCE` of: the levels and knobs step over it."""
    return _range_note(
        target,
        size,
        reach,
        "error.difficulty-missed",
        "was not met: {reach}, but no puzzle came within {share} % of it (the nearest: "
        "{nearest}); use --nearest for the nearest puzzle",
        share=round(TOLERANCE * 100),
        nearest=_tenth(nearest),
    )


def _range_note(
    target: float, size: str, reach: tuple[float, float], key: str, text: str, **more: object
) -> InputError:
    """A refusal of ``target`` that says what ``size`` reaches (lowest, highest score), under the
    catalogue's ``key``: ``text`` is the English after "a difficulty of … (minutes) ", with
    ``{reach}`` where "… gives … to … minutes" stands and the ``more`` values in their fields."""
    low, high = reach
    reached = f"{size} gives {low:.1f} to {high:.1f} minutes"
    return InputError(
        f"a difficulty of {target:g} (minutes) " + text.format(reach=reached, **more),
        key=key,
        values={
            "target": float(target),
            "size": size,
            "low": _tenth(low),
            "high": _tenth(high),
            **more,
        },
    )


def _tenth(value: float) -> Note:
    """``value`` to one decimal, with the decimal mark of the language it is said in."""
    return Note(f"{value:.1f}", key="note.tenths", values=_tenths(value))


def _reached(score: float, target: float, level: str) -> Note:
    """The note that the search reached its target, in the words of either language."""
    return Note(
        f"difficulty {score:.1f} reached for the target {target:g} (level {level})",
        key="note.difficulty-reached",
        values={
            "score": _tenth(score),
            "target": float(target),
            "level": Note(level, key=f"level.{level}"),
        },
    )


def _tenths(value: float) -> dict[str, object]:
    """``value`` to one decimal, as the parts a language joins with its decimal mark."""
    whole, tenths = divmod(round(value * 10), 10)
    return {"whole": whole, "tenths": tenths}


def _search_sizes(unsized: _Search, seed: int) -> list[_Search]:
    """Searches at growing or shrinking squares until one reaches the target (or none can, or
    the time is up); each is ``unsized`` (nothing tried yet) at its size."""
    target, shared = unsized.target, unsized.shared
    lengths = [len(w.letters if isinstance(w, Word) else w) for w in unsized.words]
    least = smallest_side(lengths)
    largest = largest_side(lengths)
    side = min(largest, max(least, math.ceil(math.sqrt(sum(lengths) / START_DENSITY))))
    searches: list[_Search] = []
    for _ in range(SIZE_ROUNDS):
        search = replace(unsized, rows=side, cols=side, failure=None)
        searches.append(search)
        search.search(seed)
        if shared.out_of_time:
            break
        if not search.made:
            side = min(MAX_SIDE, side + max(1, side // 10))  # the words do not fit yet
            continue
        if search.distance(search.nearest()) <= TOLERANCE:
            break
        low, high = search.reach(seed)
        if target > high and side < largest:
            side = min(largest, max(side + 1, math.ceil(side * math.sqrt(target / high))))
        elif target < low and side > least:
            side = max(least, min(side - 1, math.floor(side * math.sqrt(target / low))))
        else:
            break
    return searches


def largest_side(lengths: Sequence[int]) -> int:
    """The largest square the size search tries for words of these lengths: their letters cover
    at least :data:`MIN_WORD_SHARE` of its cells (never less than the longest word).

    >>> largest_side([4, 3, 3, 3])
    9
    """
    share_side = math.floor(math.sqrt(sum(lengths) / MIN_WORD_SHARE))
    return min(MAX_SIDE, max(max(lengths), share_side))


def smallest_side(lengths: Sequence[int]) -> int:
    """The smallest square the size search tries for words of these lengths: their letters
    cover at most :data:`MAX_WORD_SHARE` of its cells (never less than the longest word).

    >>> smallest_side([5, 7, 7, 6])
    7
    >>> smallest_side([5, 5, 7, 7, 6, 6, 7, 6, 6, 5, 6, 5, 6, 6, 5])
    11
    """
    return min(MAX_SIDE, max(max(lengths), math.ceil(math.sqrt(sum(lengths) / MAX_WORD_SHARE))))


def _reach(searches: Sequence[_Search], seed: int) -> tuple[float, float]:
    """The easiest and the hardest score over the sizes tried."""
    ends = [s.reach(seed) for s in searches if s.made]
    return min(low for low, _ in ends), max(high for _, high in ends)


def _sizes_text(searches: Sequence[_Search]) -> str:
    """The size searched, or the range of sizes ("9x9 to 21x21")."""
    sizes = sorted({(s.rows, s.cols) for s in searches if s.made}, key=lambda rc: rc[0] or 0)
    first, last = sizes[0], sizes[-1]
    if first == last:
        return f"{first[0]}x{first[1]}"
    low, high = f"{first[0]}x{first[1]}", f"{last[0]}x{last[1]}"
    return Note(f"{low} to {high}", key="range.to", values={"low": low, "high": high})


def _positive(value: object) -> float | None:
    """``value`` if it is a number above 0, else None (each generation checks the options)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
        return float(value)
    return None


def _distance(score: float, target: float) -> float:
    return abs(score - target) / target


def _ladder(options: dict[str, Any]) -> Sequence[tuple[str, dict[str, Any]]]:
    """The ladder without the changes the caller fixed already; on hexagons without the rungs
    that name a square grid's directions (each level has its own hexagonal ones)."""
    hexagons = options.get("grid") == "hex"
    fixed = {*options, "directions"} if hexagons else set(options)
    rungs = [
        (level, {k: v for k, v in changes.items() if k not in fixed}) for level, changes in LADDER
    ]
    if hexagons:  # a rung that only changed the directions is its level's plain rung
        rungs = [rung for i, rung in enumerate(rungs) if rung not in rungs[:i]]
    return rungs


def _with_note(puzzle: Puzzle, note: str, seed: int) -> Puzzle:
    """The candidate with the search's note, and the search's seed: a candidate made with a
    further seed is made again by the same target and seed, which the footer shows."""
    return replace(puzzle, notes=(*puzzle.notes, note), seed=seed)
