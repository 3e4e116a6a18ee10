"""Step 2 of the pipeline: place every word, by search.

The most constrained word goes first (longest, then rarest letters). For each word the
candidate positions come from what the grid already holds: positions that cross placed
words on an agreeing letter first (when the options prefer crossings), then every other
position in a random order. A position is taken only if it keeps every word exactly once
(:meth:`~wortsuche.board.Board.strays_through`). A word with no position left sends the
search back to change the word before it (backtracking); a search that runs long starts
again in another random order (restarts). Budgets count checks, not seconds, so the same
seed gives the same layout on every machine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from wortsuche.board import Board
from wortsuche.errors import DoesNotFitError
from wortsuche.model import Crossing, Direction, Options, Placement
from wortsuche.rand import Rng
from wortsuche.topology import PositionSpace

BRANCHING = 3
"""How many positions a word may try before the search gives up on the word before it."""

RESTART_WORK = 127
"""The whole search's work, in units of one short run (the old 7 doubling restarts: 1+2+…+64)."""

STUCK_WEIGHT = 4.0
"""How many letters of length the word that caused the most dead ends is moved up by."""

SHUFFLE = 2.0
"""After the first run, word lengths are blurred by up to this many letters before sorting:
the most constrained words still come early, in a new order each run."""

ANCHOR_SAMPLE = 24
"""Crossing positions weighed per word when there are too many to weigh them all."""

ALL_ANCHORS = 1500
"""In a crowded grid with up to this many crossing positions, every one is weighed."""

CROWDED = 0.75
"""Letters per free cell (holes do not count) above which crossings are tried first even
where they are only allowed: a crowded grid holds its words only if they share cells."""


class Placer:
    """Places words on a :class:`Board` following :class:`Options`."""

    def __init__(self, board: Board, options: Options, rng: Rng, letters: int = 0) -> None:
        self.board, self.options, self.rng = board, options, rng
        self.checks = 0
        self.crowded = letters > CROWDED * board.empty_count()
        self.crossings_first = options.crossing is Crossing.PREFERRED or (
            options.crossing is Crossing.ALLOWED and (self.crowded or options.density == "high")
        )

    def fit(
        self, letters: str, r: int, c: int, direction: Direction
    ) -> tuple[list[int], int] | None:
        """Cell indexes and number of crossings if the word may stand here, else None."""
        board = self.board
        indexes = board.topology.indexes(r, c, direction, len(letters))
        crossings = 0
        crossed: list[int] = []
        for index, letter in zip(indexes, letters, strict=True):
            current = board.cells[index]
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
        if placed is not None and self.board.strays_through(placed[1]):
            self.board.remove_last_placement(placed[1])
            return None
        return placed

    def put(
        self, letters: str, r: int, c: int, direction: Direction
    ) -> tuple[int, list[int]] | None:
        """Place the word if it fits, without the exactly-once check (the caller's to make)."""
        self.checks += 1
        self.board.budget.spend(1 + len(letters) // 8)  # a long word costs more to check
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

    def candidates(self, letters: str) -> Iterator[tuple[int, int, Direction]]:
        """Positions to try for ``letters``, crossings first when the options prefer them.

        With ``reversed_share`` set, a word is drawn to run backwards (or forwards) and tries
        those directions first; the others follow, so the share never costs a layout.
        """
        board = self.board
        for directions in self.direction_groups():
            space = board.topology.positions(len(letters), directions)
            if self.crossings_first and board.placements:
                yield from self._crossing_positions(letters, space)
            yield from space.random_order(self.rng)

    def direction_groups(self) -> list[tuple[Direction, ...]]:
        """The allowed directions in groups tried one after another.

        Each share that is set (backwards, diagonal) draws whether this word has the trait;
        directions with the drawn traits come first, the others after.
        """
        groups = [self.options.directions]
        for share, trait in (
            (self.options.reversed_share, "is_reversed"),
            (self.options.diagonal_share, "is_diagonal"),
        ):
            if share is None:
                continue
            wanted = self.rng.random() * 100 < share
            groups = [
                tuple(d for d in group if getattr(d, trait) is flag)
                for group in groups
                for flag in (wanted, not wanted)
            ]
        return [group for group in groups if group]

    def _crossing_positions(
        self, letters: str, space: PositionSpace
    ) -> Iterator[tuple[int, int, Direction]]:
        """Positions that cross a placed word on an agreeing letter, most crossings first."""
        board, rng = self.board, self.rng
        directions = [part[0] for part in space.parts]
        pools = [(i, cells) for i, x in enumerate(letters) if (cells := board.letter_cells(x))]
        total = sum(len(cells) for _, cells in pools) * len(directions)
        if total <= (ALL_ANCHORS if self.crowded else ANCHOR_SAMPLE):  # weigh every one
            picks = [(i, index, d) for d in directions for i, cells in pools for index in cells]
        else:
            picks = []
            for _ in range(ANCHOR_SAMPLE):
                i, cells = pools[rng.below(len(pools))]
                picks.append(
                    (i, cells[rng.below(len(cells))], directions[rng.below(len(directions))])
                )
        anchors: list[tuple[int, int, Direction]] = []
        topology = board.topology
        for i, index, direction in picks:
            start = topology.start_through(index, direction, i, len(letters))
            if start is not None:
                anchors.append((*start, direction))
        scored: list[tuple[int, int, tuple[int, int, Direction]]] = []
        for r, c, direction in dict.fromkeys(anchors):
            self.checks += 1  # weighing a position is work too: the run's budget counts it
            fitted = self.fit(letters, r, c, direction)
            if fitted is not None:
                scored.append((-fitted[1], len(scored), (r, c, direction)))
        scored.sort()
        for *_, position in scored:
            yield position


def search_order(
    words: Sequence[str],
    rng: Rng,
    *,
    blur: float = 0.0,
    stuck: Counter[str] | None = None,
) -> list[str]:
    """Most constrained first: longest, then rarest letters; ties in random order.

    ``blur`` adds up to that many letters of random length to each word before sorting, so a
    restarted search tries the words in another order that is still roughly hardest first.
    ``stuck`` counts the dead ends each word caused: a word the search got stuck on often is
    placed earlier next time, while the grid still has room for it.
    """
    counts = Counter("".join(words))
    stuck = stuck or Counter()
    most = max(stuck.values(), default=0) or 1
    noise = {
        word: (rng.random() * blur if blur else 0.0) + STUCK_WEIGHT * stuck[word] / most
        for word in words
    }
    tiebreak = {word: rng.random() for word in words}
    return sorted(
        words,
        key=lambda w: (
            -len(w) - noise[w],
            -sum(1 / counts[letter] for letter in w),
            tiebreak[w],
        ),
    )


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


def place_words(
    words: Sequence[str],
    board: Board,
    options: Options,
    rng: Rng,
    *,
    effort: float = 1.0,
    share: float = 1.0,
) -> list[Placement]:
    """Place all ``words`` on the empty ``board``; raise :class:`DoesNotFitError` if no layout is found.

    ``effort`` scales the search budget (the size suggestion uses a smaller one); ``share`` cuts
    the number of runs only, each run as long as usual (a first try before another search).
    """
    order = search_order(words, rng)
    placer = Placer(board, options, rng, letters=sum(len(w) for w in order))
    dead_ends: Counter[str] = Counter()
    unit = max(1, int(effort * board.budget.effort * (200 + 40 * len(order))))
    total = max(unit, int(unit * RESTART_WORK * share))
    run = 0
    # Restarts on the Luby schedule: many short runs, now and then a longer one, each in a
    # reshuffled order. A run that goes wrong early is cut short instead of searched out.
    while placer.checks < total:
        run += 1
        if run > 1:
            order = search_order(words, rng, blur=SHUFFLE, stuck=dead_ends)
        limit = min(total, placer.checks + unit * luby(run))
        depth = _search(order, placer, limit, dead_ends)
        if depth == len(order):
            placed = [p for p in board.placements if p is not None]
            return placed
        board.remove_all_placements()  # start afresh
    raise no_layout_found(tuple(w for w, _ in dead_ends.most_common(3)) or tuple(order[:1]), board)


def no_layout_found(stuck: tuple[str, ...], board: Board) -> DoesNotFitError:
    """The error of a search that ran out of steps: ``stuck`` are the words hardest to fit."""
    return DoesNotFitError(
        f"no layout found: {', '.join(stuck)} did not fit in {board.rows}x{board.cols}",
        words=stuck,
        kind="not_found",
    )


def _search(order: Sequence[str], placer: Placer, limit: int, dead_ends: Counter[str]) -> int:
    """Depth-first search with backtracking; returns how many words stand at the end."""
    n = len(order)
    iterators: list[Iterator[tuple[int, int, Direction]] | None] = [None] * n
    tries = [0] * n
    new_cells: list[list[int]] = [[] for _ in range(n)]
    depth = 0
    while 0 <= depth < n:
        letters = order[depth]
        iterator = iterators[depth]
        if iterator is None:
            iterator = iterators[depth] = placer.candidates(letters)
            tries[depth] = 0
        placed = None
        if tries[depth] < BRANCHING:
            for r, c, direction in iterator:
                placed = placer.commit(letters, r, c, direction)
                if placed is not None or placer.checks > limit:
                    break
        if placed is not None:
            new_cells[depth] = placed[1]
            tries[depth] += 1
            depth += 1
            continue
        if placer.checks > limit:
            return depth
        dead_ends[letters] += 1
        iterators[depth] = None
        depth -= 1
        if depth >= 0:
            placer.board.remove_last_placement(new_cells[depth])
    return depth
