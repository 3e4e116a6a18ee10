"""The whole pipeline: words → normalise → place → message → decoys → fill → verify.

>>> puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
>>> verify_puzzle(puzzle).ok, len(puzzle.placements)
(True, 4)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, overload

from wortsuche.budget import Budget
from wortsuche.errors import (
    BudgetExhausted,
    DoesNotFitError,
    FillError,
    GenerationTimeout,
    InputError,
    MessageError,
    VerificationError,
)
from wortsuche.filling.decoys import plant_decoys
from wortsuche.filling.filler import fill
from wortsuche.filling.message import write_message
from wortsuche.grid.board import Board, Lexicon
from wortsuche.grid.lexicon import lexicon_of
from wortsuche.grid.topology import Topology
from wortsuche.model import (
    Crossing,
    Grid,
    HiddenMessage,
    Options,
    Placement,
    Puzzle,
    Word,
)
from wortsuche.notes import Note
from wortsuche.pipeline.collector import SetAside
from wortsuche.pipeline.feasible import Cover, check_letters, check_message, exact_sizes
from wortsuche.pipeline.plan import Plan
from wortsuche.pipeline.sizes import SideBuilder, generate_auto_size, suggest_size
from wortsuche.placement import place
from wortsuche.rand import Rng, new_seed
from wortsuche.spec import PuzzleSpec
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.words.normalise import eszett_for
from wortsuche.words.screen import screen_for
from wortsuche.words.wordset import (
    outside_longer_words,
    prepare_secret_words,
    prepare_words,
    with_contained_words,
    with_reverse_twins,
    without_reverse_twins,
)

ATTEMPTS = 6
"""Complete layouts tried before giving up when the filler cannot settle."""

EXACT_MESSAGE_ATTEMPTS = 40
"""Layouts tried for a message that must fill every free cell (free cells vary by crossings)."""


@overload
def generate(
    words: PuzzleSpec,
    rows: int | None = None,
    cols: int | None = None,
    *,
    level: str | None = None,
    seed: int | None = None,
    within: Budget | None = None,
) -> Puzzle: ...


@overload
def generate(
    words: Iterable[str | Word],
    rows: int | None = None,
    cols: int | None = None,
    *,
    level: str | None = None,
    seed: int | None = None,
    within: Budget | None = None,
    **options: Any,
) -> Puzzle: ...


def generate(
    words: PuzzleSpec | Iterable[str | Word],
    rows: int | None = None,
    cols: int | None = None,
    *,
    level: str | None = None,
    seed: int | None = None,
    within: Budget | None = None,
    **options: Any,
) -> Puzzle:
    """Make a verified puzzle hiding every word exactly once (or, with ``absent``, not at all).

    Takes a :class:`~wortsuche.spec.PuzzleSpec` (the typed path: a spec's options are checked
    by mypy; with it, only the size, level and seed may be changed here: ``spec.replace()``
    changes the rest), or its words,
    size and options as keywords:
    each option (a hidden message, secret words, a shape, the search effort …) is declared once,
    with its meaning, in :data:`wortsuche.spec.OPTIONS`; an unknown keyword is an
    :class:`InputError`. ``rows``/``cols`` default to a size chosen from the words (see the
    puzzle's notes); one of them alone makes a square. ``level`` defaults to medium; options
    left as None take the value of its preset.
    Raises :class:`InputError` for unusable words or options and
    :class:`DoesNotFitError` when no layout exists in the size given, or none was found
    within the budget of steps (:mod:`wortsuche.budget`; every call ends). ``timeout`` caps
    the wall-clock seconds on top: past it, :class:`~wortsuche.errors.GenerationTimeout`, as
    past the CPU seconds of :data:`wortsuche.budget.CPU_SECONDS`. ``within`` is the budget of a
    search of several puzzles, whose clocks this one shares. The spec's ``title`` and
    ``sheet_language`` become the puzzle's.
    """
    if within is not None and not isinstance(within, Budget):
        kind = type(within).__name__
        raise InputError(
            f"within must be the Budget of a larger search, not {kind}",
            key="error.within-budget",
            values={"kind": kind},
        )
    asked = {"level": level, "seed": seed, **options}
    if isinstance(words, PuzzleSpec):
        size = {k: v for k, v in (("rows", rows), ("cols", cols)) if v is not None}
        spec = words.replace(**size, **{k: v for k, v in asked.items() if v is not None})
    else:
        spec = PuzzleSpec(words, rows, cols, **asked)
    puzzle = _made(spec, within)
    if spec.title is None and spec.sheet_language is None:
        return puzzle
    # the sheet's title and language are the request's: the puzzle keeps them, saved or printed
    return replace(puzzle, title=spec.title, sheet_language=spec.sheet_language)


def _made(spec: PuzzleSpec, within: Budget | None) -> Puzzle:
    """The puzzle ``spec`` asks for, on a budget of its own (sharing the clocks of ``within``)."""
    checked = spec.checked()
    budget = Budget(timeout=checked.timeout, effort=checked.effort)
    if within is not None:
        budget.within(within)
    eszett = eszett_for(spec.eszett, spec.language)
    prepared, notes = prepare_words(spec.words, transliterate=spec.transliterate, eszett=eszett)
    secret_words, secret_notes = prepare_secret_words(
        spec.secret, prepared, checked.options, spec.transliterate, eszett
    )
    prepared, notes = prepared + secret_words, [*notes, *secret_notes]
    seed = new_seed() if checked.seed is None else checked.seed
    plan = Plan(
        words=tuple(prepared),
        level=spec.level,
        options=checked.options,
        seed=seed,
        notes=tuple(notes),
        message=checked.message,
        secret=frozenset(w.letters for w in secret_words),
        drawn=checked.outline,
        exact=spec.exact,
    )
    if checked.message is not None:
        check_letters(checked.message, [w.letters for w in prepared])
    if checked.size is None and checked.message is not None and checked.message.exact:
        return _generate_exact_message(plan, budget)
    if checked.size is None:
        return generate_auto_size(plan, budget, _square_builder(plan))
    rows, cols = checked.size
    try:
        return build(plan, rows, cols, Rng(seed), budget)
    except DoesNotFitError as error:
        _say_a_size_that_fits(error, plan, (rows, cols), budget)
        raise


def _say_a_size_that_fits(
    error: DoesNotFitError, plan: Plan, size: tuple[int, int], budget: Budget
) -> None:
    """Add to ``error`` a larger size than ``size`` in which a layout was found, if the search
    finds one."""
    hidden = plan.message
    filled = hidden is not None and hidden.exact  # a larger size has more free cells
    if error.suggested_size is not None or isinstance(error, BudgetExhausted) or filled:
        return
    try:
        error.suggested_size = suggest_size(plan, size, Rng(plan.seed), budget.share(1.0))
    except GenerationTimeout:
        return  # out of time for the suggestion: the error itself is the answer
    if error.suggested_size is not None:
        r, c = error.suggested_size
        error.args = (f"{error.args[0]}; a layout exists in {r}x{c}",)


def build(plan: Plan, rows: int, cols: int, rng: Rng, budget: Budget | None = None) -> Puzzle:
    """Run place → message → decoys → fill → verify for one size; the puzzle returned has passed
    the verifier. Every step spends from ``budget`` (a fresh :class:`Budget` if None)."""
    budget = budget if budget is not None else Budget()
    options, message = plan.options, plan.message
    letters = [w.letters for w in plan.words]
    to_place = without_reverse_twins(outside_longer_words(letters))
    if not options.absent:
        _check_fits_at_all(to_place, rows, cols, options)
    attempts = EXACT_MESSAGE_ATTEMPTS if message is not None and message.exact else ATTEMPTS
    holes = plan.drawn.hole_indexes(rows, cols) if plan.drawn else []
    topology = Topology.for_options(rows, cols, options, holes)
    if len(topology.holes) == topology.size:
        raise DoesNotFitError(
            Note(
                f"the shape leaves no cell in {rows}x{cols}",
                key="error.shape-no-cell",
                values={"size": f"{rows}x{cols}"},
            ),
            kind="cannot_exist",
        )
    if message is not None:
        cover = Cover.for_options(to_place, options)
        check_message(message, letters, topology.size - len(topology.holes), rows, cols, cover)
    with SetAside() as held:
        failures = _Layouts(plan, rng, held)
        for _ in range(attempts):
            budget.check_time()
            board = Board(topology, failures.lexicon, budget)
            held.now()  # the board and the lexicons stand: out of the collector's way
            placed = (
                [] if options.absent else place(to_place, board, options, rng, exact=plan.exact)
            )
            puzzle = failures.finish(board, placed)
            if puzzle is not None:
                return puzzle
    if message is not None and failures.message:
        raise _message_does_not_fit(message, rows, cols, failures.free_counts)
    raise DoesNotFitError(
        Note(
            f"the free cells of {rows}x{cols} could not be filled without forming a word "
            f"({failures.fill} layouts tried); try a larger size or another filler",
            key="error.fill-failed",
            values={"size": f"{rows}x{cols}", "tried": failures.fill},
        )
    )


class _Layouts:
    """The layouts tried at one size: each finished (message → decoys → fill → verify) on a
    board whose words stand, and what went wrong in those that failed, for the error when none
    worked. :attr:`lexicon` is the words' (the boards' of the searches), :attr:`screened` the
    one the letters wortsuche adds must not spell."""

    def __init__(self, plan: Plan, rng: Rng, held: SetAside) -> None:
        self.plan = plan
        letters = [w.letters for w in plan.words]
        self.lexicon = lexicon_of(letters)
        # The screen binds what wortsuche adds (decoys, filler), not how the user's words meet.
        self.screened = (
            self.lexicon
            if plan.options.allow_offensive
            else self.lexicon.with_screen(screen_for(letters))
        )
        self.rng = rng
        self.held = held
        self.fill = 0
        self.message = 0
        self.free_counts: list[int] = []

    def finish(self, board: Board, placed: Sequence[Placement]) -> Puzzle | None:
        """The verified puzzle of this layout; None (and the failure counted) when the message
        or the filler does not fit it."""
        plan, rng = self.plan, self.rng
        options, message = plan.options, plan.message
        letters = [w.letters for w in plan.words]
        if message is not None:
            try:
                write_message(board, message.letters, exact=message.exact)
            except MessageError:
                self.message += 1
                self.free_counts.append(board.empty_count())
                return None
        board.lexicon = self.screened
        plant_decoys(board, letters, options, rng)
        try:
            fill_notes = fill(board, options, letters, rng)
        except FillError:
            self.fill += 1
            return None
        cells_of = board.topology.cells_of
        placements = with_contained_words(
            with_reverse_twins(placed, letters, cells_of), placed, letters, cells_of
        )
        puzzle = Puzzle(
            grid=Grid.from_rows(board.rows_text()),
            words=tuple(w for w in plan.words if w.letters not in plan.secret),
            secret_words=tuple(w for w in plan.words if w.letters in plan.secret),
            placements=placements,
            level=plan.level,
            options=options,
            seed=plan.seed,
            topology=board.topology,
            notes=plan.notes + tuple(fill_notes),
            message=message,
        )
        # The verifier builds tables of its own: the board's and the lexicons go first (on
        # 500 × 500 with 10,000 words they are 100 MB, and the peak of the build was its verifying).
        board.close()
        self.lexicon = self.screened = Lexicon(())
        self.held.now()  # the full board and the puzzle: only the verifier's own objects are collected
        report = verify_puzzle(puzzle)
        if not report.ok:
            raise VerificationError(
                "generated grid failed the self-check: " + "; ".join(report.problems)
            )
        return puzzle


def _generate_exact_message(plan: Plan, budget: Budget) -> Puzzle:
    """The first of the sizes that can leave exactly the message's letters free (by counting)
    in which a layout does; each size gets a share of the budget."""
    assert plan.message is not None
    letters = [w.letters for w in plan.words]
    to_place = without_reverse_twins(outside_longer_words(letters))
    sizes = exact_sizes(plan.message, letters, to_place, plan.options, plan.drawn)
    rng = Rng(plan.seed)
    for rows, cols in sizes:
        part = budget.share(1 / len(sizes))
        note = f"size {rows}x{cols} chosen for the message to fill every free cell"
        try:
            return build(replace(plan, notes=(*plan.notes, note)), rows, cols, rng, part)
        except DoesNotFitError:
            budget.take_back(part)
    n = len(plan.message.letters)
    low, high = sizes[0], sizes[-1]
    raise DoesNotFitError(
        Note(
            f"no layout left exactly {n} cells free for the message in the {len(sizes)} sizes "
            f"where counting allows it ({low[0]}x{low[1]} to {high[0]}x{high[1]}); try another "
            "message length, or give a size with --size",
            key="error.message-exact-not-found",
            values={
                "count": n,
                "sizes": len(sizes),
                "first": f"{low[0]}x{low[1]}",
                "last": f"{high[0]}x{high[1]}",
            },
        )
    )


def _square_builder(plan: Plan) -> SideBuilder:
    """The per-size run of ``plan`` on the squares the automatic size search tries."""

    def build_side(side: int, rng: Rng, budget: Budget, note: str) -> Puzzle:
        return build(replace(plan, notes=(*plan.notes, note)), side, side, rng, budget)

    return build_side


def _message_does_not_fit(
    message: HiddenMessage, rows: int, cols: int, free_counts: Sequence[int]
) -> DoesNotFitError:
    """Why no layout held the message: too few free cells, never exactly as many, or a word."""
    n, least, most = len(message.letters), min(free_counts), max(free_counts)
    seen = f"{least}" if least == most else f"{least} to {most}"
    tried = len(free_counts)
    if most < n:
        key = "error.message-too-few-cells"
        why = f"it has {n} letters, but only {seen} cells stayed free"
        advice = "a larger grid or a shorter message"
    elif message.exact and n not in free_counts:
        key = "error.message-not-exact"
        why = f"it has {n} letters, and {tried} layouts left {seen} cells free, never exactly {n}"
        advice = "a smaller grid" if least > n else "another size or message length"
    else:
        key = "error.message-spells-word"
        why = "it would spell a listed word a second time in every layout tried"
        advice = "another message or a larger grid"
    return DoesNotFitError(
        Note(
            f"the message does not fit in {rows}x{cols}: {why}; try {advice}",
            key=key,
            values={"rows": rows, "cols": cols, "count": n, "free": seen},
        )
    )


def _check_fits_at_all(words: Sequence[str], rows: int, cols: int, options: Options) -> None:
    """Fail before searching when a word is longer than any line or the letters outnumber the cells."""
    topology = Topology.for_options(rows, cols, options)
    room = topology.longest_fitting(options.directions)
    cells = topology.size - len(topology.holes)  # a hexagon of side 4, asked as 4x4, has 37
    too_long = [w for w in words if len(w) > room]
    if too_long:
        # the longest first: it is the one the suggested size is made for
        longest = max(too_long, key=len)
        others = [w for w in too_long if w != longest]
        arrows = " ".join(topology.arrow(d) for d in options.directions)  # ↘ for S on hexagons
        also: str = ""
        if others:
            named = ", ".join(others[:5]) + (", …" if len(others) > 5 else "")
            also = Note(
                f"; also too long: {named}", key="error.word-too-long-also", values={"words": named}
            )
        raise DoesNotFitError(
            Note(
                f"{longest} has {len(longest)} letters, but at most {room} fit in "
                f"{rows}x{cols} going {arrows}{also}",
                key="error.word-too-long",
                values={
                    "word": longest,
                    "length": len(longest),
                    "room": room,
                    "size": f"{rows}x{cols}",
                    "arrows": arrows,
                    "also": also,
                },
            ),
            words=tuple(too_long),
            suggested_size=(max(rows, len(longest)), max(cols, len(longest))),
            kind="cannot_exist",
        )
    total = sum(len(w) for w in words)
    if options.crossing is Crossing.NEVER and total > cells:
        side = math.ceil(math.sqrt(total / 0.6))
        raise DoesNotFitError(
            Note(
                f"the words have {total} letters but {rows}x{cols} has room for only {cells} "
                "and they may not cross",
                key="error.too-many-letters",
                values={"letters": total, "size": f"{rows}x{cols}", "cells": cells},
            ),
            suggested_size=(max(rows, side), max(cols, side)),
            kind="cannot_exist",
        )
    # crossing or not, each letter stands as often as the word that has it most often does
    needed = _letters_needed(words)
    if needed > cells:
        side = math.ceil(math.sqrt(needed))
        raise DoesNotFitError(
            Note(
                f"the words need at least {needed} cells (each letter as often as one word has it), "
                f"but {rows}x{cols} has room for only {cells}",
                key="error.too-few-cells",
                values={"needed": needed, "size": f"{rows}x{cols}", "cells": cells},
            ),
            suggested_size=(max(rows, side), max(cols, side)),
            kind="cannot_exist",
        )


def _letters_needed(words: Sequence[str]) -> int:
    """The cells the words need at least: each letter as often as the word that has it most
    often. Only a word with a letter twice is counted letter by letter (counting every letter
    in every word was 4× slower on 20 words)."""
    most = dict.fromkeys("".join(words), 1)
    for word in words:
        if len(set(word)) < len(word):
            for letter in word:
                count = word.count(letter)
                if count > most[letter]:
                    most[letter] = count
    return sum(most.values())
