"""Where a false start counts most: before, in reading order, the word it imitates.

A reader who scans the grid from some cell on meets a false start that lies just before a word
on almost every way to that word, and one just after it on almost none. Evil's filler (``traps``)
draws a word's letters the more often where they lie before the words that hold them. Decoys
planted that way (the best of four positions) measured no better, so they stay where they fall.
"""

from __future__ import annotations

import bisect

from wortsuche.grid.board import Board

AHEAD_POWER = 4
"""How strongly ``traps`` filler draws a letter where it lies before its words: its weight in a
cell is multiplied by (2 × the mean share of the grid read from the word cells holding it on to
the cell, cyclically) to this power. Measured with ``benchmarks/difficulty.py --family-only
--given-size --seeds 5``: the family minimum of hard → evil 1.03 without, 1.06 at 2, 1.08 at 4 and
at 8."""


class Ahead:
    """For each letter, the cells of the placed words that hold it, in reading order."""

    def __init__(self, board: Board) -> None:
        self.size = len(board.cells)
        cells: dict[str, list[int]] = {}
        for i, owners in enumerate(board.owners):
            if owners:
                cells.setdefault(board.cells[i], []).append(i)
        self.cells = cells
        self.totals = {x: sum(found) for x, found in cells.items()}

    def factor(self, letter: str, index: int) -> float:
        """(2 × the mean share of the grid read from the letter's word cells on to ``index``)
        to the power :data:`AHEAD_POWER`: 0 just after the words, 2 ** AHEAD_POWER just before."""
        found = self.cells.get(letter)
        if not found:
            return 1.0
        after = len(found) - bisect.bisect_right(found, index)
        mean = (len(found) * index - self.totals[letter] + self.size * after) / len(found)
        return (2 * mean / self.size) ** AHEAD_POWER
