"""Step 4 of the pipeline: fill the free cells, so that no letter completes a word.

This is constraint satisfaction: every free cell takes a letter drawn from the filler
alphabet that completes no listed word on any line through it
(:meth:`~wortsuche.board.Board.forbidden_letters`). When every letter is forbidden in a
cell, the filler cells that block it are emptied and filled again later; placed words
are never touched. Only if that does not settle does the alphabet grow by a letter
that occurs in no word, and the puzzle says so in a note.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence

from wortsuche.alphabet import language_alphabet, word_letter_weights
from wortsuche.board import Board
from wortsuche.errors import WortsucheError
from wortsuche.model import Filler, Options, line
from wortsuche.rand import Rng

MIN_UNUSED_LETTERS = 5
"""With fewer letters outside the words, "unused" filler falls back to the whole alphabet."""

STEPS_PER_CELL = 40
"""Fill steps allowed per free cell before the alphabet is widened."""


class FillError(WortsucheError):
    """The free cells could not be filled without completing a word."""


class Weighted:
    """Letters with weights, ready for drawing."""

    def __init__(self, weights: dict[str, float]) -> None:
        self.letters = [x for x in weights if weights[x] > 0]
        self.weights = [weights[x] for x in self.letters]
        self.cumulative = list(itertools.accumulate(self.weights))

    def draw(self, rng: Rng, forbidden: set[str]) -> str | None:
        """A letter not in ``forbidden``, or None if all are."""
        if not forbidden:
            return rng.weighted(self.letters, self.cumulative) if self.letters else None
        allowed = [
            (x, w) for x, w in zip(self.letters, self.weights, strict=True) if x not in forbidden
        ]
        if not allowed:
            return None
        letters = [x for x, _ in allowed]
        return rng.weighted(letters, list(itertools.accumulate(w for _, w in allowed)))


def filler_alphabets(
    options: Options, words: Sequence[str], language: dict[str, float]
) -> tuple[dict[str, float], dict[str, float]]:
    """The base filler weights for ``options.filler`` and the words' own letter weights.

    ``language`` is the language's alphabet with its weights (``alphabet.language_alphabet``).
    """
    own = word_letter_weights(words)
    if options.filler is Filler.WORDS:
        return own, own
    if options.filler is Filler.UNUSED:
        unused = {x: 1.0 for x in language if x not in own}
        if len(unused) >= MIN_UNUSED_LETTERS:
            return unused, own
    return language, own


def fill(board: Board, options: Options, words: Sequence[str], rng: Rng) -> list[str]:
    """Fill every empty cell; return notes for the user (empty unless the alphabet had to grow)."""
    language = language_alphabet(options.language, words)
    base_weights, own_weights = filler_alphabets(options, words, language)
    base, own = Weighted(base_weights), Weighted(own_weights)
    share = options.word_letter_share / 100
    spare = [x for x in language if x not in own_weights]
    notes: list[str] = []
    in_words = board.lexicon.letters
    queue = deque(rng.shuffled([i for i, x in enumerate(board.cells) if not x]))
    budget = STEPS_PER_CELL * len(queue) + 100
    while queue:
        index = queue.popleft()
        if board.cells[index]:
            continue
        budget -= 1
        board.budget.spend()
        first, second = (own, base) if rng.random() < share else (base, own)
        letter = first.draw(rng, set())
        if letter is None or letter in in_words:  # only letters of the words can complete one
            forbidden = board.forbidden_letters(index)
            if letter is None or letter in forbidden:
                letter = first.draw(rng, forbidden) or second.draw(rng, forbidden)
        if letter is None and budget > 0:
            letter = _make_room(board, index, first.letters + second.letters, rng, queue)
        if letter is None:
            if not spare:
                raise FillError("the free cells cannot be filled without forming a word")
            extra = spare.pop(0)
            base = Weighted({**dict(zip(base.letters, base.weights, strict=True)), extra: 1.0})
            notes.append(
                f"the filler also uses {extra}: the chosen letters alone could not fill "
                "the grid without forming a word"
            )
            budget = STEPS_PER_CELL * (len(queue) + 1) + 100
            queue.appendleft(index)
            continue
        board.write([index], letter)
    return notes


def _make_room(
    board: Board, index: int, letters: list[str], rng: Rng, queue: deque[int]
) -> str | None:
    """Choose a letter for ``index`` and empty the filler cells of every word it would complete."""
    for letter in rng.shuffled(sorted(set(letters))):
        board.budget.spend()
        board.write([index], letter)
        completed = board.occurrences_through(index)
        board.erase([index])
        to_clear: list[int] = []
        for found in completed:
            soft = [
                i
                for i in _segment(board, found.first, found.last)
                if i != index and not board.owners[i]
            ]
            if not soft:
                break  # this letter would complete a word made only of placed letters
            to_clear.append(rng.choice(soft))
        else:
            cleared = [i for i in dict.fromkeys(to_clear) if board.cells[i]]
            board.erase(cleared)
            queue.extend(cleared)
            return letter
    return None


def _segment(board: Board, first: int, last: int) -> list[int]:
    """The cell indexes on the straight line from ``first`` to ``last`` (the ends of a found word)."""
    cells = line(board.cell(first), board.cell(last))
    assert cells is not None, "a found word lies on a straight line"
    return [board.index(cell) for cell in cells]
