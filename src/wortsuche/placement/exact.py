"""The exact placement search (``--exact``): a SAT solver decides whether the words fit.

Optional (the ``exact`` extra, python-sat). The layout rules become clauses over one variable
per word and position:

* each word stands exactly once;
* a cell holds one letter: every position sets the letters of its cells, at most one a cell;
* two words share at most one cell: no two positions cover the same two neighbouring cells
  along a line (which is how a word would lie on or inside another), and with crossings
  forbidden no two positions cover the same cell at all;
* holes of a shaped grid are in no position.

The solver either finds a layout, proves that none exists (then no layout exists under these
rules, whatever search is used), or runs out of its budget, counted in conflicts so that the
same seed gives the same answer on every machine. A layout that spells a word a second time
across its placements is excluded and the solver asked again.

The solver runs in a child process (:mod:`wortsuche.placement.child`) that the puzzle's CPU
budget and :data:`MEMORY` end, and that a signal ends at once; a problem too large for that
memory (:data:`MOST_POSITION_CELLS`) is refused before any clause is written.

>>> from wortsuche.grid.board import Board, Lexicon
>>> from wortsuche.budget import SearchBudget
>>> from wortsuche.levels import options_for
>>> board = Board.sized(3, 3, Lexicon(["ABC", "CDE"]))
>>> layout = place(["ABC", "CDE"], board, options_for("easy"), Rng(1), SearchBudget(board.budget))
>>> sorted(p.letters for p in layout)
['ABC', 'CDE']
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator, Sequence
from typing import Any

from wortsuche.budget import SearchBudget
from wortsuche.errors import DoesNotFitError, MissingExtraError
from wortsuche.grid.board import Board
from wortsuche.model import Crossing, Direction, Options, Placement
from wortsuche.notes import Note
from wortsuche.placement.child import run_bounded
from wortsuche.rand import Rng

CONFLICTS = 2_000_000
"""The solver's budget in conflicts (about a minute on a small crowded grid at most)."""

RETRIES = 50
"""Layouts excluded for spelling a word twice before the search gives up."""

MEMORY = 400 * 2**20
"""Bytes the solver's process may take on top of the caller's at most (the promise is 500 MB in
all: :func:`memory_left` lowers it by what the caller holds)."""

PROMISE = 500 * 10**6
"""Bytes the command may take in all: the solver's process shows the caller's pages it shares
as its own, so a caller of 120 MB with 400 MiB on top peaked at 528 MB."""

LEAST_MEMORY = 64 * 2**20
"""What the solver's process may take however large the caller (then the promise is the
caller's to break)."""

MOST_POSITION_CELLS = 250_000
"""Cells of all the positions of all words (each a clause) the search takes on: the clauses of
more outgrow :data:`MEMORY` (about 1.3 kB each, measured in ``benchmarks/worst_case.py``)."""

SOLVER = "cadical195"
"""A solver of python-sat that keeps a conflict budget (so the answer does not depend on time),
the fastest of those tried on crowded lists."""


class Layouts:
    """The layouts of ``words`` on ``board``, one after another, as the solver finds them."""

    def __init__(
        self, words: Sequence[str], board: Board, options: Options, seed: int, effort: float = 1.0
    ) -> None:
        try:
            from pysat.card import CardEnc, EncType
            from pysat.solvers import Solver
        except ImportError:
            raise MissingExtraError("--exact", "exact") from None
        self.words, self.board = list(words), board
        rng = Rng(seed)
        self.positions: list[tuple[str, int, int, Direction, tuple[int, ...]]] = []
        by_word: list[list[int]] = []
        for letters in self.words:
            found = list(_positions(letters, board, options.directions))
            found = rng.shuffled(found)  # the seed decides which of many layouts comes first
            start = len(self.positions) + 1
            self.positions += [(letters, r, c, d, cells) for r, c, d, cells in found]
            by_word.append(list(range(start, len(self.positions) + 1)))
        self.top = len(self.positions)
        clauses: list[list[int]] = []

        def new_variable() -> int:
            self.top += 1
            return self.top

        def at_most_one(literals: list[int]) -> None:
            if len(literals) < 2:
                return
            if len(literals) <= 6:
                clauses.extend([-a, -b] for i, a in enumerate(literals) for b in literals[i + 1 :])
                return
            encoded = CardEnc.atmost(
                literals, bound=1, top_id=self.top, encoding=EncType.seqcounter
            )
            self.top = max(self.top, encoded.nv)
            clauses.extend(encoded.clauses)

        for letters, variables in zip(self.words, by_word, strict=True):
            if not variables:
                raise DoesNotFitError(
                    Note(
                        f"no layout exists: {letters} fits nowhere in {board.rows}x{board.cols}",
                        key="error.exact-fits-nowhere",
                        values={"word": letters, "size": f"{board.rows}x{board.cols}"},
                    ),
                    words=(letters,),
                    kind="cannot_exist",
                )
            clauses.append(variables)
            at_most_one(variables)
        letter_of: dict[tuple[int, str], int] = {}
        covering: dict[int, list[int]] = {}
        pairs: dict[tuple[int, int], list[int]] = {}
        for variable, (letters, _, _, _, cells) in enumerate(self.positions, start=1):
            for index, letter in zip(cells, letters, strict=True):
                key = (index, letter)
                if key not in letter_of:
                    letter_of[key] = new_variable()
                clauses.append([-variable, letter_of[key]])
                covering.setdefault(index, []).append(variable)
            for a, b in itertools.pairwise(cells):
                pairs.setdefault((min(a, b), max(a, b)), []).append(variable)
        by_cell: dict[int, list[int]] = {}
        for (index, _), variable in letter_of.items():
            by_cell.setdefault(index, []).append(variable)
        for variables in by_cell.values():
            at_most_one(variables)
        for variables in pairs.values():  # two words never share two neighbouring cells
            at_most_one(variables)
        if options.crossing is Crossing.NEVER:
            for variables in covering.values():
                at_most_one(variables)
        self.solver: Any = Solver(name=SOLVER, bootstrap_with=clauses)
        self.conflicts_left = int(CONFLICTS * effort)

    def __iter__(self) -> Iterator[list[Placement]]:
        """Each layout the solver finds; stops when none is left (raising if undecided)."""
        while True:
            self.solver.conf_budget(max(1, self.conflicts_left))
            before = self.solver.accum_stats().get("conflicts", 0)
            answer = self.solver.solve_limited()
            self.conflicts_left -= self.solver.accum_stats().get("conflicts", 0) - before
            if answer is None:
                raise DoesNotFitError(
                    Note(
                        f"none found within the effort: the exact search used its budget of "
                        f"{CONFLICTS:,} conflicts on {self.board.rows}x{self.board.cols} "
                        "(--effort N gives it N times as many)",
                        key="error.exact-budget",
                        values={
                            "conflicts": f"{CONFLICTS:,}",
                            "size": f"{self.board.rows}x{self.board.cols}",
                        },
                    ),
                    kind="not_found",
                )
            if not answer:
                return
            model = self.solver.get_model()
            chosen = [v for v in model[: len(self.positions)] if v > 0]
            topology = self.board.topology
            yield [
                topology.placement(letters, (r, c), d)
                for letters, r, c, d, _ in (self.positions[v - 1] for v in chosen)
            ]
            self.solver.add_clause([-v for v in chosen])  # next time another layout

    def close(self) -> None:
        self.solver.delete()


def place(
    words: Sequence[str], board: Board, options: Options, rng: Rng, budget: SearchBudget
) -> list[Placement]:
    """A layout of ``words`` on the empty ``board`` that keeps every word exactly once.

    ``rng`` draws the seed that orders the solver's positions; ``budget.effort`` multiplies its
    budget of conflicts (the steps of the other searches do not apply to a SAT solver), and the
    puzzle's CPU budget ends the solver's process.

    Raise :class:`DoesNotFitError`: ``cannot_exist`` when the solver proves there is none,
    ``not_found`` when its budget runs out first, every layout it found spelt a word twice or
    the problem is too large for the memory.
    """
    _check_size(words, board, options)
    seed, effort = rng.below(2**31), budget.effort
    budget.budget.check_time()
    layout = run_bounded(
        lambda: search(words, board, options, seed, effort),
        cpu_seconds=budget.budget.cpu_left(),
        memory=memory_left(),
    )
    if not _write(board, layout, keep=True):  # pragma: no cover - the same board as the search's
        raise AssertionError("the layout of the exact search spells a word twice")
    return layout


def search(
    words: Sequence[str], board: Board, options: Options, seed: int, effort: float
) -> list[Placement]:
    """The first layout the solver finds that spells no word twice; the board stays as it was."""
    layouts = Layouts(words, board, options, seed, effort)
    try:
        for tried, layout in enumerate(layouts, start=1):
            if _write(board, layout, keep=False):
                return layout
            if tried >= RETRIES:
                raise DoesNotFitError(
                    Note(
                        f"none found within the effort: {RETRIES} layouts from the exact search each "
                        "spelt a word a second time",
                        key="error.exact-spelt-twice",
                        values={"tried": RETRIES},
                    ),
                    kind="not_found",
                )
    finally:
        layouts.close()
    raise DoesNotFitError(
        Note(
            f"no layout exists: the exact search proved that these words cannot all stand in "
            f"{board.rows}x{board.cols} with these directions and crossing rules",
            key="error.exact-proved",
            values={"size": f"{board.rows}x{board.cols}"},
        ),
        kind="cannot_exist",
    )


def memory_left() -> int:
    """The bytes the solver's process may take on top of this one's: :data:`MEMORY`, less what
    would carry the two past :data:`PROMISE` (this process's resident pages, read from
    ``/proc``; :data:`MEMORY` where there is none)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            resident = int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return MEMORY
    return max(LEAST_MEMORY, min(MEMORY, PROMISE - resident))


def _check_size(words: Sequence[str], board: Board, options: Options) -> None:
    """Refuse at once a problem whose clauses would outgrow the solver's memory."""
    topology = board.topology
    cells = sum(topology.positions(len(w), options.directions).total * len(w) for w in words)
    if cells > MOST_POSITION_CELLS:
        raise DoesNotFitError(
            Note(
                f"too large for the exact search: the {len(words)} words have {cells:,} cells of "
                f"positions in {board.rows}x{board.cols}, at most {MOST_POSITION_CELLS:,} fit its "
                "memory; try without --exact, or fewer words or a smaller size",
                key="error.exact-too-large",
                values={
                    "words": len(words),
                    "cells": f"{cells:,}",
                    "rows": board.rows,
                    "cols": board.cols,
                    "most": f"{MOST_POSITION_CELLS:,}",
                },
            ),
            kind="not_found",
        )


def _write(board: Board, layout: Sequence[Placement], *, keep: bool) -> bool:
    """Whether the layout spells no word twice; it stays on the board if so and ``keep``."""
    written: list[list[int]] = []
    for placement in layout:
        indexes = [board.index(cell) for cell in board.topology.cells_of(placement)]
        written.append(board.write(indexes, placement.letters))
        board.add_placement(placement, indexes)
    # checked once all stand: a word's own place is no stray, whatever was written first
    fine = not board.strays_through([i for new in written for i in new])
    if fine and keep:
        return True
    for new in reversed(written):
        board.remove_last_placement(new)
    return fine


def _positions(
    letters: str, board: Board, directions: Sequence[Direction]
) -> Iterator[tuple[int, int, Direction, tuple[int, ...]]]:
    """Every start and direction where ``letters`` lies inside the grid and on no hole."""
    space = board.topology.positions(len(letters), directions)
    for i in range(space.total):
        r, c, direction = space.position(i)
        cells = tuple(board.topology.indexes(r, c, direction, len(letters)))
        if not board.agrees(cells, letters):
            continue  # a hole (or a letter already there that differs)
        yield r, c, direction, cells
