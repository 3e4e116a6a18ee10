"""The quick search: place every word, one after another, with backtracking and restarts.

The most constrained word goes first (longest, then rarest letters). For each word the
candidate positions come from what the grid already holds: positions that cross placed
words on an agreeing letter first (when the options prefer crossings), then every other
position in a random order (:meth:`~wortsuche.placement.kernel.Placer.candidates`). A position
is taken only if it keeps every word exactly once. A word with no position left sends the
search back to change the word before it (backtracking); a search that runs long starts
again in another random order (restarts, on the Luby schedule).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from wortsuche.budget import SearchBudget
from wortsuche.grid.board import Board
from wortsuche.model import Options, Placement
from wortsuche.placement.kernel import Placer, Start, luby, no_layout_found
from wortsuche.rand import Rng

BRANCHING = 3
"""How many positions a word may try before the search gives up on the word before it."""

RESTART_WORK = 127
"""The whole search's work, in units of one short run (the old 7 doubling restarts: 1+2+…+64)."""

STUCK_WEIGHT = 4.0
"""How many letters of length the word that caused the most dead ends is moved up by."""

SHUFFLE = 2.0
"""After the first run, word lengths are blurred by up to this many letters before sorting:
the most constrained words still come early, in a new order each run."""


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


def place(
    words: Sequence[str], board: Board, options: Options, rng: Rng, budget: SearchBudget
) -> list[Placement]:
    """Place all ``words`` on the empty ``board``; raise :class:`DoesNotFitError` if no layout is found.

    The budget's ``effort`` scales the length of each run and of the whole search; its ``share``
    cuts the number of runs only, each run as long as usual (a first try before another search).
    """
    order = search_order(words, rng)
    placer = Placer(board, options, rng, budget, letters=sum(len(w) for w in order))
    dead_ends: Counter[str] = Counter()
    unit = max(1, int(budget.effort * (200 + 40 * len(order))))
    total = max(unit, int(unit * RESTART_WORK * budget.share))
    runs = 0
    # Restarts on the Luby schedule: many short runs, now and then a longer one, each in a
    # reshuffled order. A run that goes wrong early is cut short instead of searched out; a run
    # its allowance cuts while it still gains ground goes on with another allowance.
    while budget.used < total:
        runs += 1
        if runs > 1:
            order = search_order(words, rng, blur=SHUFFLE, stuck=dead_ends)
        run = Run(order, placer, dead_ends)
        gaining = True
        while gaining and budget.used < total:
            gaining = run.advance(min(total, budget.used + unit * luby(runs)))
        if run.depth == len(order):
            return placer.placements()
        board.remove_all_placements()  # start afresh
    raise no_layout_found(tuple(w for w, _ in dead_ends.most_common(3)) or tuple(order[:1]), board)


class Run:
    """One depth-first run with backtracking over the words in one order.

    The words ``order[:depth]`` stand on the board; ``deepest`` is the most that ever stood in
    this run. Each word keeps the iterator of its candidate positions and how many it has tried,
    so a run that its allowance cut can go on where it stopped, as if the allowance had been
    longer.
    """

    def __init__(self, order: Sequence[str], placer: Placer, dead_ends: Counter[str]) -> None:
        self.order, self.placer, self.dead_ends = order, placer, dead_ends
        n = len(order)
        self.iterators: list[Iterator[Start] | None] = [None] * n
        self.tries = [0] * n
        self.new_cells: list[list[int]] = [[] for _ in range(n)]
        self.depth = 0
        self.deepest = 0

    def advance(self, limit: int) -> bool:
        """Search on until every word stands, the run backtracks past its first word, or the
        search has used ``limit`` steps; return whether it should go on (it was cut while still
        gaining ground: it placed a word deeper than ever before in this allowance)."""
        before = self.deepest
        budget = self.placer.budget
        n = len(self.order)
        while 0 <= self.depth < n:
            if self.place_next(limit):
                self.depth += 1
                self.deepest = max(self.deepest, self.depth)
                continue
            if budget.used > limit:
                return self.deepest > before
            self.backtrack()
        return False

    def place_next(self, limit: int) -> bool:
        """Put the word at ``depth`` on its next candidate position that keeps every word
        exactly once; False if it has none left (or the allowance ran out first)."""
        depth, placer = self.depth, self.placer
        letters = self.order[depth]
        iterator = self.iterators[depth]
        if iterator is None:
            iterator = self.iterators[depth] = placer.candidates(letters)
            self.tries[depth] = 0
        if self.tries[depth] >= BRANCHING:
            return False
        placed = placer.commit_next(letters, iterator, limit)
        if placed is None:
            return False
        self.new_cells[depth] = placed[1]
        self.tries[depth] += 1
        return True

    def backtrack(self) -> None:
        """The word at ``depth`` has no position left: take back the word before it."""
        self.dead_ends[self.order[self.depth]] += 1
        self.iterators[self.depth] = None
        self.depth -= 1
        if self.depth >= 0:
            self.placer.board.remove_last_placement(self.new_cells[self.depth])
