"""The placer's loop over a word's positions does what :meth:`Placer.commit` does at each.

``commit_next`` refuses most positions itself (the letters compared along the run's cells, the
steps counted in bulk) instead of calling ``commit`` for each. It is held to the plain loop over
``commit`` on random boards (flat, with holes, hexagonal, wrapped), with placements standing,
budgets that run out, clocks that are looked at and limits that cut the loop: the same answer or
the same error, the same board, the same steps used and charged, the same positions consumed.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche.budget import Budget, SearchBudget
from wortsuche.errors import UserError
from wortsuche.grid.board import Board, Lexicon
from wortsuche.grid.hexagons import Hex
from wortsuche.grid.topology import Flat, Topology
from wortsuche.grid.torus import Torus
from wortsuche.levels import options_for
from wortsuche.model import Direction
from wortsuche.placement.kernel import Placer, Start
from wortsuche.rand import Rng

ALPHABET = "ABC"


@dataclass(frozen=True)
class Case:
    """A board to build twice: its topology, its words, and the placements made before."""

    topology: Topology
    words: list[str]
    before: list[tuple[str, Start]]
    level: str


def build(case: Case, steps: int, clock: int, expired: bool) -> Placer:
    """The case's board with its placements standing, and a placer on a fresh budget."""
    budget = Budget(steps)
    budget._until_clock = clock
    if expired:
        budget.cpu_deadline = time.thread_time() - 1
    board = Board(case.topology, Lexicon(case.words), budget)
    placer = Placer(board, options_for(case.level), Rng(1), SearchBudget(budget))
    for letters, (r, c, direction) in case.before:
        placer.stand(letters, r, c, direction, case.topology.indexes(r, c, direction, len(letters)))
    return placer


def plain(
    placer: Placer, letters: str, positions: Iterator[Start], limit: int
) -> tuple[int, list[int]] | None:
    """The reference: :meth:`Placer.commit` at each position, cut once past ``limit``."""
    for r, c, direction in positions:
        placed = placer.commit(letters, r, c, direction)
        if placed is not None:
            return placed
        if placer.budget.used > limit:
            break
    return None


def outcome(
    search: Callable[[Placer, str, Iterator[Start], int], tuple[int, list[int]] | None],
    placer: Placer,
    letters: str,
    positions: list[Start],
    limit: int,
) -> tuple[object, ...]:
    """What a loop left behind: its answer or error, the board, the counts, what is left."""
    left = iter(positions)
    try:
        answer: object = search(placer, letters, left, limit)
    except UserError as error:
        answer = type(error).__name__
    board, budget = placer.board, placer.budget
    return (
        answer,
        list(board.cells),
        list(board.placement_cells),
        budget.used,
        budget.budget.left,
        budget.budget._until_clock,
        list(left),
    )


@st.composite
def cases(draw: st.DrawFn) -> Case:
    kind = draw(st.sampled_from(["flat", "hex", "torus"]))
    if kind == "hex":
        topology: Topology = Hex.hexagon(draw(st.integers(1, 5)))
    else:
        rows, cols = draw(st.integers(1, 8)), draw(st.integers(1, 8))
        if kind == "torus":
            topology = Torus(rows, cols, frozenset())
        else:
            holes = draw(st.sets(st.integers(0, rows * cols - 1), max_size=4))
            topology = Flat(rows, cols, frozenset(holes))
    words = draw(st.lists(st.text(ALPHABET, min_size=1, max_size=6), min_size=1, max_size=6))
    level = draw(st.sampled_from(["easy", "medium", "hard"]))
    directions = options_for(level).directions
    before: list[tuple[str, Start]] = []
    cells: dict[int, str] = {}
    for letters in draw(st.lists(st.sampled_from(words), max_size=5)):
        space = list(topology.positions(len(letters), directions))
        if not space:
            continue
        r, c, direction = draw(st.sampled_from(space))
        indexes = topology.indexes(r, c, direction, len(letters))
        if len(set(indexes)) < len(indexes) or any(
            cells.get(i, x) != x for i, x in zip(indexes, letters, strict=True)
        ):
            continue  # round a small torus onto itself, or letters that disagree
        cells.update(zip(indexes, letters, strict=True))
        before.append((letters, (r, c, direction)))
    return Case(topology, words, before, level)


@settings(max_examples=400, deadline=None)
@given(
    case=cases(),
    steps=st.integers(0, 40),
    clock=st.integers(1, 12),
    expired=st.booleans(),
    data=st.data(),
)
def test_the_loop_over_positions_does_what_commit_does_at_each(
    case: Case, steps: int, clock: int, expired: bool, data: st.DataObject
) -> None:
    letters = data.draw(st.sampled_from(case.words))
    directions = options_for(case.level).directions
    space = list(case.topology.positions(len(letters), directions))
    positions = data.draw(st.permutations(space))
    limit = data.draw(st.integers(0, 30))
    fast = outcome(
        Placer.commit_next, build(case, steps, clock, expired), letters, positions, limit
    )
    slow = outcome(plain, build(case, steps, clock, expired), letters, positions, limit)
    assert fast == slow


@pytest.mark.parametrize("topology", [Flat(5, 7, frozenset({3, 12})), Hex.hexagon(3)])
def test_every_direction_of_a_board_with_ends_has_a_stride(topology: Topology) -> None:
    # The loop walks a run by its stride: it must meet the cells the topology names.
    for direction in Direction:
        stride = topology.stride(direction)
        assert stride is not None
        for r, c, d in topology.positions(3, [direction]):
            start = r * topology.cols + c
            assert topology.indexes(r, c, d, 3) == [start, start + stride, start + 2 * stride]
