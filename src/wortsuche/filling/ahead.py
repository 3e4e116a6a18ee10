"""Where a false start counts most: before, in reading order, the word it imitates.

A reader who scans the grid from some cell on meets a false start that lies just before a word
on almost every way to that word, and one just after it on almost none. Evil's filler (``traps``)
draws a word's letters the more often where they lie before the words that hold them
(:class:`Ahead`), and when the grid is full :func:`arrange` swaps its letters between its cells
where that moves each word's false starts (its first letter, its last, its rarest) further before it.
Decoys planted that way (the best of four positions) measured no better, so they stay where they
fall. Every member of the solver family in ``benchmarks/solvers.py`` scans in reading order, so it
sees this; a reader who looks around at random would not.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from wortsuche.grid.board import Board
from wortsuche.rand import Rng

AHEAD_POWER = 4
"""How strongly ``traps`` filler draws a letter where it lies before its words: its weight in a
cell is multiplied by (2 × the mean share of the grid read from the word cells holding it on to
the cell, cyclically) to this power. Measured with ``benchmarks/difficulty.py --family-only
--given-size --seeds 5``, the weighting alone: the family minimum of hard → evil 1.03 without,
1.06 at 2, 1.08 at 4 and at 8."""


class Ahead:
    """For each letter, the cells of the placed words that hold it, in reading order."""

    def __init__(self, board: Board, cells: dict[str, list[int]] | None = None) -> None:
        """``cells``: the word cells to measure from, for each letter (all of them if None)."""
        self.size = len(board.cells)
        if cells is None:
            cells = {}
            for i, owners in enumerate(board.owners):
                if owners:
                    cells.setdefault(board.cells[i], []).append(i)
        self.cells = {x: sorted(found) for x, found in cells.items()}
        self.totals = {x: sum(found) for x, found in cells.items()}

    def distance(self, letter: str, index: int) -> int:
        """The cells read from each of the letter's word cells on to ``index`` (round the end),
        summed over them: 0 where the letter has none."""
        found = self.cells.get(letter)
        if not found:
            return 0
        after = len(found) - bisect.bisect_right(found, index)
        return len(found) * index - self.totals[letter] + self.size * after

    def factor(self, letter: str, index: int) -> float:
        """(2 × the mean share of the grid read from the letter's word cells on to ``index``)
        to the power :data:`AHEAD_POWER`: 0 just after the words, 2 ** AHEAD_POWER just before."""
        return self.factors([letter], index)[0]

    def factors(self, letters: Sequence[str], index: int) -> list[float]:
        """:meth:`factor` of each of ``letters`` in ``index``, in one call: the filler asks it
        for every letter of every free cell (:meth:`distance` inline, the same arithmetic)."""
        cells, totals, size = self.cells, self.totals, self.size
        found_factors = []
        for letter in letters:
            found = cells.get(letter)
            if not found:
                found_factors.append(1.0)
                continue
            count = len(found)
            after = count - bisect.bisect_right(found, index)
            mean = (count * index - totals[letter] + size * after) / count
            found_factors.append((2 * mean / size) ** AHEAD_POWER)
        return found_factors


SWAPS_PER_CELL = 5
"""Swaps :func:`arrange` tries, per filler cell."""

MOST_SWAPS = 50_000
"""Swaps :func:`arrange` tries at most: :data:`SWAPS_PER_CELL` for every cell of 100 × 100, so
every size people use gets its five a cell; 500 × 500 with 10,000 words would take minutes."""

PARTNERS = 4
"""Cells :func:`arrange` draws for each swap it tries, to swap with the one that gains most.
Measured (``benchmarks/difficulty.py --family-only --given-size``, 20 seeds; the family minimum of
hard → evil, before like letters were kept apart, which costs 0.01–0.02): no arranging 1.08 [1.03
on the worst input]; 20 swaps of one random partner 1.09 [1.05]; 5 of the best of 4 1.10 [1.05] in
about a third less time; 3 of 16 and 2 of 8 no better."""


def arrange(board: Board, cells: Sequence[int], rng: Rng) -> int:
    """Swap letters between the filler's ``cells`` so that false starts lie before their words;
    return how many swaps were made.

    A false start of a word is a cell holding the letter a reader scans for: its first letter, its
    last (a reader who has seen many backward words scans for that and reads them forwards), or
    its rarest in this grid. A swap keeps every letter's count, so which letter is rarest does not
    change, and it is made only where it moves false starts further before their words
    (:class:`Ahead` over :func:`_targets`), neither letter completes a word in its new cell, and
    neither lands next to the same letter (a grid where like letters gather looks made).
    """
    ahead = Ahead(board, _targets(board))
    score = ahead.distance
    letters = board.cells
    filled = [i for i in cells if letters[i]]
    own = {i: score(letters[i], i) for i in filled}
    swaps = 0
    for _ in range(min(SWAPS_PER_CELL * len(filled), MOST_SWAPS)):
        a = filled[rng.below(len(filled))]
        x = letters[a]
        b, best = a, 0
        for _ in range(PARTNERS):
            c = filled[rng.below(len(filled))]
            gain = score(x, c) + score(letters[c], a) - own[a] - own[c]
            if gain > best:
                b, best = c, gain
        if not best:
            continue
        y = letters[b]
        if beside(board, b, x, a) or beside(board, a, y, b):
            continue  # no letter moved next to its like: runs of one letter catch the eye
        board.budget.spend()
        board.erase([a, b])
        if allowed(board, b, x):
            board.write([b], x)
            if allowed(board, a, y):
                board.write([a], y)
                own[a], own[b] = score(y, a), score(x, b)
                swaps += 1
                continue
            board.erase([b])
        board.write([a, b], x + y)
    return swaps


def neighbours(board: Board, index: int) -> list[int]:
    """The (up to 8) cells next to ``index``, across, down and diagonally (never round an edge)."""
    r, c = divmod(index, board.cols)
    rows, cols = board.rows, board.cols
    return [
        (r + dr) * cols + c + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def beside(board: Board, index: int, letter: str, leaving: int) -> bool:
    """Whether a cell next to ``index`` (other than ``leaving``) holds ``letter``."""
    cells = board.cells
    return any(j != leaving and cells[j] == letter for j in neighbours(board, index))


def allowed(board: Board, index: int, letter: str) -> bool:
    """Whether ``letter`` in the empty cell completes no listed word (the neighbours asked first)."""
    return not board.may_complete(index, letter) or letter not in board.forbidden_letters(index)


def _targets(board: Board) -> dict[str, list[int]]:
    """For each letter, the word cells a reader looking for it is heading to: each word's first
    cell under its first letter, its last cell under its last letter, and its rarest letter's cell
    (fewest in the grid, the first such letter of the word) under that letter."""
    counts = {x: len(board.letter_cells(x)) for x in set(board.cells) if x}
    targets: dict[str, list[int]] = {}
    for placement, where in zip(board.placements, board.placement_cells, strict=True):
        if placement is None or not where:
            continue
        word = placement.letters
        rarest = min(range(len(word)), key=lambda k: (counts.get(word[k], 0), k))
        for k in {0, rarest, len(word) - 1}:
            targets.setdefault(word[k], []).append(where[k])
    return targets
