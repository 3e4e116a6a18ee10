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
    run = 0
    # Restarts on the Luby schedule: many short runs, now and then a longer one, each in a
    # reshuffled order. A run that goes wrong early is cut short instead of searched out.
    while budget.used < total:
        run += 1
        if run > 1:
            order = search_order(words, rng, blur=SHUFFLE, stuck=dead_ends)
        limit = min(total, budget.used + unit * luby(run))
        depth = _search(order, placer, limit, dead_ends)
        if depth == len(order):
            return placer.placements()
        board.remove_all_placements()  # start afresh
    raise no_layout_found(tuple(w for w, _ in dead_ends.most_common(3)) or tuple(order[:1]), board)


def _search(order: Sequence[str], placer: Placer, limit: int, dead_ends: Counter[str]) -> int:
    """Depth-first search with backtracking; returns how many words stand at the end."""
    budget = placer.budget
    n = len(order)
    iterators: list[Iterator[Start] | None] = [None] * n
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
                if placed is not None or budget.used > limit:
                    break
        if placed is not None:
            new_cells[depth] = placed[1]
            tries[depth] += 1
            depth += 1
            continue
        if budget.used > limit:
            return depth
        dead_ends[letters] += 1
        iterators[depth] = None
        depth -= 1
        if depth >= 0:
            placer.board.remove_last_placement(new_cells[depth])
    return depth
