"""What every placement search shares: the :class:`Placer` that writes words on the board, the
signature of a search, and the Luby schedule of restarts.

A position is taken only if the word's letters agree with the grid and no two words share more
than one cell (:meth:`Placer.fit`); whether it keeps every word exactly once is asked of the
board (:func:`~wortsuche.grid.strays.has_stray`, which answers as
:meth:`~wortsuche.grid.board.Board.strays_through` would). Every position tried is counted in the
search's :class:`~wortsuche.budget.SearchBudget`, so the same seed gives the same layout on every
machine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Protocol

from wortsuche.budget import SearchBudget
from wortsuche.errors import DoesNotFitError
from wortsuche.grid.board import Board
from wortsuche.grid.positions import PositionSpace
from wortsuche.grid.strays import has_stray
from wortsuche.model import Crossing, Direction, Options, Placement
from wortsuche.notes import Note
from wortsuche.rand import Rng

ANCHOR_SAMPLE = 24
"""Crossing positions weighed per word when there are too many to weigh them all."""

ALL_ANCHORS = 1500
"""In a crowded grid with up to this many crossing positions, every one is weighed."""

CROWDED = 0.75
"""Letters per free cell (holes do not count) above which crossings are tried first even
where they are only allowed: a crowded grid holds its words only if they share cells."""

LONG_CHECK = 32
"""New cells past which a placement's exactly-once check looks at the CPU clock itself: on a
word of hundreds of letters one check can cost as much as thousands of budget steps."""

Start = tuple[int, int, Direction]
"""Where a word may stand: its first row and column and the direction it runs in."""


class Search(Protocol):
    """A placement search: every one is called the same way.

    It places all ``words`` on the empty ``board`` and returns their placements, or raises
    :class:`~wortsuche.errors.DoesNotFitError` (leaving the board empty) when it finds no layout
    within ``budget``.
    """

    def __call__(
        self,
        words: Sequence[str],
        board: Board,
        options: Options,
        rng: Rng,
        budget: SearchBudget,
    ) -> list[Placement]: ...


def is_crowded(letters: int, board: Board) -> bool:
    """Whether ``letters`` letters crowd the board's free cells (above :data:`CROWDED` per cell)."""
    return letters > CROWDED * board.empty_count()


class Placer:
    """Places words on a :class:`Board` following :class:`Options`, counting its work in ``budget``."""

    def __init__(
        self, board: Board, options: Options, rng: Rng, budget: SearchBudget, letters: int = 0
    ) -> None:
        self.board, self.options, self.rng, self.budget = board, options, rng, budget
        self.crowded = is_crowded(letters, board)
        self.crossings_first = options.crossing is Crossing.PREFERRED or (
            options.crossing is Crossing.ALLOWED and (self.crowded or options.density == "high")
        )
        self._spaces: dict[tuple[int, tuple[Direction, ...]], PositionSpace] = {}
        topology = board.topology
        strides = {d._value_: topology.stride(d) for d in Direction}
        self._strides: dict[tuple[int, int], int] | None = None
        """Per direction (by its steps), how far apart a run's cell indexes are; None where
        runs go round (:meth:`~wortsuche.grid.topology.Topology.stride`)."""
        if all(stride is not None for stride in strides.values()):
            self._strides = {d: stride for d, stride in strides.items() if stride is not None}

    def fit(
        self, letters: str, r: int, c: int, direction: Direction
    ) -> tuple[list[int], int] | None:
        """Cell indexes and number of crossings if the word may stand here, else None."""
        board = self.board
        indexes = board.topology.indexes(r, c, direction, len(letters))
        cells = board.cells  # most positions are refused at their first letters: no lookups
        crossings = 0
        crossed: list[int] = []
        for index, letter in zip(indexes, letters, strict=True):
            current = cells[index]
            if not current:
                continue
            if current != letter or self.options.crossing is Crossing.NEVER or len(letters) == 1:
                return None
            for pid in board.owners[index]:
                # Two words share at most one cell, and no word lies inside another.
                if pid in crossed or len(board.placement_cells[pid]) == 1:
                    return None
                crossed.append(pid)
            crossings += 1
        if crossings == len(letters):
            return None
        return indexes, crossings

    def commit(
        self, letters: str, r: int, c: int, direction: Direction
    ) -> tuple[int, list[int]] | None:
        """Place the word if it fits and keeps every word exactly once; return (id, new cells)."""
        placed = self.put(letters, r, c, direction)
        if placed is None:
            return None
        return self._exactly_once(placed)

    def commit_next(
        self, letters: str, positions: Iterator[Start], limit: int
    ) -> tuple[int, list[int]] | None:
        """:meth:`commit` the word at each of ``positions`` in turn until one is taken; None when
        they run out or the search has used more than ``limit`` steps (with the position that
        passed it tried).

        The same positions tried, the same steps spent and the same answer as :meth:`commit` at
        each, for less: most positions are refused at their first letters, so the loop refuses
        them itself, comparing the letters along the run's evenly spaced cells with no list made
        (:meth:`fit` is asked only where the run crosses a word, for its rules on shared cells),
        and counts their steps here, handing them to the budget at once while they can neither
        run out nor call for a look at the clock (:meth:`SearchBudget.quiet_steps`).
        """
        budget, strides = self.budget, self._strides
        if strides is None:  # runs go round the edge: position by position
            for r, c, direction in positions:
                placed = self.commit(letters, r, c, direction)
                if placed is not None or budget.used > limit:
                    return placed
            return None
        cells, cols = self.board.cells, self.board.cols
        charge = 1 + len(letters) // 8  # as put charges
        quiet = budget.quiet_steps(charge)
        room = limit - budget.used  # positions this loop may count before it passes limit
        tried = 0  # positions counted here and not yet handed to the budget
        placed = None
        for r, c, direction in positions:
            if tried < quiet:
                tried += 1
            else:
                budget.spend_quietly(tried, charge)
                tried = 0
                budget.spend(1, charge=charge)  # this one may run out or look at the clock
                quiet, room = budget.quiet_steps(charge), limit - budget.used
            at, step = r * cols + c, strides[direction._value_]
            crosses = False
            for letter in letters:
                current = cells[at]
                if current:
                    if current != letter:
                        break
                    crosses = True
                at += step
            else:  # the letters agree with the grid
                budget.spend_quietly(tried, charge)
                tried = 0
                placed = self._taken(letters, (r, c, direction), crosses)
                if placed is not None:
                    return placed
                quiet, room = budget.quiet_steps(charge), limit - budget.used
            if tried > room:
                break
        budget.spend_quietly(tried, charge)
        return None

    def _taken(self, letters: str, position: Start, crosses: bool) -> tuple[int, list[int]] | None:
        """:meth:`commit` after the budget's step, for a position whose letters agree with the
        grid: ``crosses`` says whether the run meets a letter already there."""
        r, c, direction = position
        if crosses:
            fitted = self.fit(letters, r, c, direction)
            if fitted is None:
                return None
            indexes = fitted[0]
        else:
            indexes = self.board.topology.indexes(r, c, direction, len(letters))
        return self._exactly_once(self.stand(letters, r, c, direction, indexes))

    def _exactly_once(self, placed: tuple[int, list[int]]) -> tuple[int, list[int]] | None:
        """Keep the placement just made if it keeps every word exactly once, else take it back."""
        strays = has_stray(self.board, *placed)
        if strays:
            self.board.remove_last_placement(placed[1])
        if len(placed[1]) > LONG_CHECK:
            self.budget.check_time()  # such a check can take as long as many steps
        return None if strays else placed

    def put(
        self, letters: str, r: int, c: int, direction: Direction
    ) -> tuple[int, list[int]] | None:
        """Place the word if it fits, without the exactly-once check (the caller's to make)."""
        self.budget.spend(1, charge=1 + len(letters) // 8)  # a long word costs more to check
        fitted = self.fit(letters, r, c, direction)
        if fitted is None:
            return None
        return self.stand(letters, r, c, direction, fitted[0])

    def stand(
        self, letters: str, r: int, c: int, direction: Direction, indexes: Sequence[int]
    ) -> tuple[int, list[int]]:
        """Write the word into its cells ``indexes`` and record it, unchecked: the caller
        knows it fits. Return (id, the cells that were empty before)."""
        board = self.board
        new = board.write(indexes, letters)
        pid = board.add_placement(board.topology.placement(letters, (r, c), direction), indexes)
        return pid, new

    def placements(self) -> list[Placement]:
        """The words standing on the board, in the order they were placed."""
        return [p for p in self.board.placements if p is not None]

    def candidates(self, letters: str) -> Iterator[Start]:
        """Positions to try for ``letters``, crossings first when the options prefer them.

        With ``reversed_share`` set, a word is drawn to run backwards (or forwards) and tries
        those directions first; the others follow, so the share never costs a layout.
        """
        board = self.board
        for directions in self.direction_groups():
            space = self._positions(len(letters), directions)
            if self.crossings_first and board.placements:
                yield from self._crossing_positions(letters, space)
            yield from space.random_order(self.rng)

    def _positions(self, length: int, directions: tuple[Direction, ...]) -> PositionSpace:
        """The topology's positions of a word of ``length`` letters in ``directions``, made once
        per length and directions for the search (a space is never changed once made)."""
        key = (length, directions)
        space = self._spaces.get(key)
        if space is None:
            space = self._spaces[key] = self.board.topology.positions(length, directions)
        return space

    def direction_groups(self) -> list[tuple[Direction, ...]]:
        """The allowed directions in groups tried one after another.

        Each share that is set (backwards, diagonal) draws whether this word has the trait;
        directions with the drawn traits come first, the others after.
        """
        groups = [self.options.directions]
        traits: tuple[tuple[int | None, Callable[[Direction], bool]], ...] = (
            (self.options.reversed_share, self.board.topology.is_reversed),
            (self.options.diagonal_share, _is_diagonal),
        )
        for share, trait in traits:
            if share is None:
                continue
            wanted = self.rng.random() * 100 < share
            groups = [
                tuple(d for d in group if trait(d) is flag)
                for group in groups
                for flag in (wanted, not wanted)
            ]
        return [group for group in groups if group]

    def _crossing_positions(self, letters: str, space: PositionSpace) -> Iterator[Start]:
        """Positions that cross a placed word on an agreeing letter, most crossings first."""
        scored: list[tuple[int, int, Start]] = []
        for r, c, direction in dict.fromkeys(self._anchors(letters, space)):
            self.budget.count()  # weighing a position is work too: the run's budget counts it
            fitted = self.fit(letters, r, c, direction)
            if fitted is not None:
                scored.append((-fitted[1], len(scored), (r, c, direction)))
        scored.sort()
        for *_, position in scored:
            yield position

    def _anchors(self, letters: str, space: PositionSpace) -> list[Start]:
        """The starts that put a letter of the word on a placed word's cell with that letter."""
        topology = self.board.topology
        anchors: list[Start] = []
        for i, index, direction in self._anchor_picks(letters, space):
            start = topology.start_through(index, direction, i, len(letters))
            if start is not None:
                anchors.append((*start, direction))
        return anchors

    def _anchor_picks(self, letters: str, space: PositionSpace) -> list[tuple[int, int, Direction]]:
        """(letter number, cell, direction) to anchor the word on: all of them when there are
        few enough to weigh, else :data:`ANCHOR_SAMPLE` drawn at random."""
        board, rng = self.board, self.rng
        directions = space.directions
        pools = [(i, cells) for i, x in enumerate(letters) if (cells := board.letter_cells(x))]
        total = sum(len(cells) for _, cells in pools) * len(directions)
        if total <= (ALL_ANCHORS if self.crowded else ANCHOR_SAMPLE):  # weigh every one
            return [(i, index, d) for d in directions for i, cells in pools for index in cells]
        picks = []
        for _ in range(ANCHOR_SAMPLE):
            i, cells = pools[rng.below(len(pools))]
            picks.append((i, cells[rng.below(len(cells))], directions[rng.below(len(directions))]))
        return picks


def luby(i: int) -> int:
    """The i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …

    Restarting after runs of these lengths wastes at most a logarithmic factor against the
    best fixed run length, whatever it is (Luby, Sinclair and Zuckerman, 1993).

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return luby(i - (1 << (k - 1)) + 1)


def no_layout_found(stuck: tuple[str, ...], board: Board) -> DoesNotFitError:
    """The error of a search that ran out of steps: ``stuck`` are the words hardest to fit."""
    return DoesNotFitError(
        Note(
            f"no layout found: {', '.join(stuck)} did not fit in {board.rows}x{board.cols}",
            key="error.no-layout",
            values={"words": ", ".join(stuck), "size": f"{board.rows}x{board.cols}"},
        ),
        words=stuck,
        kind="not_found",
    )


def _is_diagonal(direction: Direction) -> bool:
    """True for a direction that runs diagonally in the grid's rows and columns."""
    return direction.is_diagonal
