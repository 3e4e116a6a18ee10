"""The size search: a square side from the words, grown until a layout is found, and the
larger size suggested when the size given holds no layout.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from wortsuche.budget import Budget, SearchBudget
from wortsuche.errors import BudgetExhausted, DoesNotFitError
from wortsuche.grid.board import Board, Lexicon
from wortsuche.grid.topology import Topology
from wortsuche.levels import AUTO_DENSITY
from wortsuche.limits import MAX_SIDE
from wortsuche.model import Crossing, Options, Puzzle, Word
from wortsuche.notes import Note
from wortsuche.pipeline.plan import Plan
from wortsuche.placement import quick
from wortsuche.rand import Rng
from wortsuche.words.wordset import without_reverse_twins

LEVEL_STEP = 1.5
"""Without a size, each level should take every solver at least this many times the work of the
level below (``benchmarks/difficulty.py --no-size``): most of it is the grid growing."""

LEAST_LEVERS: dict[str, float] = {"medium": 1.05, "hard": 1.02, "evil": 0.94}
"""What a level's own levers (directions, filler, decoys) add at one size for the solver they help
least, measured on the six inputs with 20 seeds: a scanner that tries all 8 directions finds medium
×1.05 and hard ×1.02 harder than the level below (worte4), a reader of whole lines evil ×0.94 as
hard as hard (worte1: its few words ran in fewer directions)."""

LAST_LETTER_POWER: dict[str, float] = {"evil": 0.25}
"""Where a level evens the letters out, a solver who scans for last letters gains what the words'
shared endings gave the level below: the lever is at most the words' last-letter crowding
(:func:`last_letter_crowding`) to the minus this power (obst-de, 3.17: ×0.76 measured, bound
0.75; worte4, 1.66: ×0.91, bound 0.88; the other four inputs 0.86 and more, measured 0.94-1.11)."""

GROWTH_YIELD = 0.96
"""The lower level's work grows by at least this share of its cells' growth (0.96-0.99 on five
inputs; 0.90 on worte1's easy → medium, whose cells grow ×1.96 there)."""

SIZE_SHARE = 1 / 3
"""The share of the steps left that the automatic size search gives each size it tries."""


SPELT_SIZES = 2
"""Sizes in a row where the message spelt a listed word in every layout before the search stops:
a larger grid only puts the message's letters closer together (it takes the first free cells)."""


class SideBuilder(Protocol):
    """Makes the puzzle on a square of ``side`` (the per-size run), or raises DoesNotFitError."""

    def __call__(self, side: int, rng: Rng, budget: Budget, note: str) -> Puzzle: ...


def suggest_size(
    plan: Plan, size: tuple[int, int], rng: Rng, budget: Budget | None = None
) -> tuple[int, int] | None:
    """A size larger than ``size`` in which a layout of ``plan`` was actually found, or None
    (also when ``budget`` runs out). A hidden message's letters must find free cells."""
    budget = budget if budget is not None else Budget()
    words, options, drawn = plan.words, plan.options, plan.drawn
    need_free = len(plan.message.letters) if plan.message is not None else 0
    rows, cols = size
    letters = without_reverse_twins([w.letters for w in words])
    lexicon = Lexicon([w.letters for w in words])
    step_r, step_c = max(1, math.ceil(rows / 10)), max(1, math.ceil(cols / 10))
    for k in range(1, 11):
        r, c = min(MAX_SIDE, rows + k * step_r), min(MAX_SIDE, cols + k * step_c)
        room = Topology.for_options(r, c, options).longest_fitting(options.directions)
        if max(len(w) for w in letters) > room:
            continue
        budget.spend()
        budget.check_time()
        holes = drawn.hole_indexes(r, c) if drawn else []
        board = Board(Topology.for_options(r, c, options, holes), lexicon, budget)
        try:
            quick.place(letters, board, options, rng, SearchBudget(budget, effort=0.5))
        except BudgetExhausted:
            return None
        except DoesNotFitError:
            continue
        if board.empty_count() < need_free:
            continue
        return r, c
    return None


def auto_size(
    words: Sequence[Word], options: Options, message: str = "", *, level: str | None = None
) -> int:
    """A square side that comfortably holds the words and a hidden message's letters (the search
    grows it if needed); ``level`` sets how densely (:data:`~wortsuche.levels.AUTO_DENSITY`)."""
    lengths = [len(w) for w in words] + ([len(message)] if message else [])
    least = max(2, Topology.least_side(options), max(lengths))

    def holding(density: float) -> int:
        return max(least, math.ceil(math.sqrt(sum(lengths) / density)))

    if options.density == "high":
        return holding(0.6 if options.crossing is Crossing.NEVER else 0.85)
    if level not in AUTO_DENSITY:
        return holding(0.45 if options.crossing is Crossing.NEVER else 0.6)
    side = 0
    for each, density in AUTO_DENSITY.items():  # easiest first: each level grows the one below
        side = max(holding(density), grown(side, step_cells(words, each)))
        if each == level:
            break
    return side


def step_cells(words: Sequence[Word], level: str) -> float:
    """How many times the cells of the level below ``level``'s grid needs without a size, so that
    the solver its levers help least still sees :data:`LEVEL_STEP` (1.0 for the easiest)."""
    if level not in LEAST_LEVERS:
        return 1.0
    lever = LEAST_LEVERS[level]
    if level in LAST_LETTER_POWER:
        lever = min(lever, last_letter_crowding(words) ** -LAST_LETTER_POWER[level])
    return LEVEL_STEP / (GROWTH_YIELD * lever)


def last_letter_crowding(words: Sequence[Word]) -> float:
    """How much more common the words' last letters are among the words' letters than an even
    share: the mean over the words of their last letter's share times the letters used (1 when
    every letter is as common as any other, 3.17 for obst-de's fruit ending in E)."""
    counts = Counter(letter for word in words for letter in word.letters)
    total = sum(counts.values())
    if not total:
        return 1.0
    ends = [counts[w.letters[-1]] for w in words if w.letters]
    return max(1.0, len(counts) * sum(ends) / (total * len(ends)))


def grown(side: int, times: float) -> int:
    """The smallest side whose square has at least ``times`` the cells of a square of ``side``.

    >>> grown(10, 1.5), grown(9, 2.0)
    (13, 13)
    """
    larger = math.ceil(side * math.sqrt(times))  # then exact where the root rounded
    while larger * larger < times * side * side:
        larger += 1
    while larger > 0 and (larger - 1) ** 2 >= times * side * side:
        larger -= 1
    return larger


def generate_auto_size(plan: Plan, budget: Budget, build_side: SideBuilder) -> Puzzle:
    """Try growing squares from :func:`auto_size` up to ``MAX_SIDE``, all from one budget."""
    words, options, message, drawn, level = (
        plan.words,
        plan.options,
        plan.message,
        plan.drawn,
        plan.level,
    )
    side = auto_size(words, options, message.letters if message else "", level=level)
    if drawn is not None:  # the shape keeps only part of the square
        side = math.ceil(side / math.sqrt(max(drawn.share(), 0.05)))
    side = min(side, MAX_SIDE)
    if max(len(w) for w in words) > MAX_SIDE:
        raise DoesNotFitError(
            Note(
                f"a word is longer than {MAX_SIDE} letters, the largest side",
                key="error.word-longer-than-side",
                values={"most": MAX_SIDE},
            )
        )
    rng = Rng(plan.seed)
    spelt: list[int] = []  # the sides where the message spelt a word in every layout
    while True:
        budget.spend()
        budget.check_time()
        # each size gets a third of what is left, so a hopeless size leaves room for larger ones
        part = budget.share(SIZE_SHARE)
        try:
            return build_side(side, rng, part, _size_note(side, level))
        except DoesNotFitError as error:
            budget.take_back(part)
            spelt = [*spelt, side] if error.key == "error.message-spells-word" else []
            if len(spelt) >= SPELT_SIZES:
                raise _message_spells_word(spelt) from None
            if side >= MAX_SIDE:
                raise DoesNotFitError(
                    Note(
                        f"no layout found up to {MAX_SIDE}x{MAX_SIDE}, the largest size",
                        key="error.no-layout-up-to",
                        values={"size": f"{MAX_SIDE}x{MAX_SIDE}"},
                    )
                ) from None
            if budget.left < budget.steps * 0.01:
                raise DoesNotFitError(
                    Note(
                        f"no layout found up to {side}x{side} within the budget of {budget.steps} "
                        "steps; try fewer or shorter words, or an easier level",
                        key="error.no-layout-in-budget",
                        values={"size": f"{side}x{side}", "steps": budget.steps},
                    )
                ) from None
            side = min(MAX_SIDE, side + max(1, side // 10))


def _size_note(side: int, level: str | None) -> Note:
    """The note that the size was chosen from the words (and the level, where one was given)."""
    size = f"{side}x{side}"
    if level is None:
        return Note(
            f"size {size} chosen from the words", key="note.size-chosen", values={"size": size}
        )
    return Note(
        f"size {size} chosen from the words for the level {level}",
        key="note.size-chosen-level",
        values={"size": size, "level": Note(level, key=f"level.{level}")},
    )


def _message_spells_word(sides: list[int]) -> DoesNotFitError:
    """The error when the message spelt a listed word at every size of ``sides``."""
    tried = ", ".join(f"{side}x{side}" for side in sides)
    return DoesNotFitError(
        Note(
            f"the message would spell a listed word a second time in every layout tried in {tried}; "
            "larger grids only put its letters closer together; try another message",
            key="error.message-spells-word-any-size",
            values={"sizes": tried},
        ),
        kind="cannot_exist",
    )
