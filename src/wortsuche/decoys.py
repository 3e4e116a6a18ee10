"""Step 3 of the pipeline: plant decoys, fragments and near-misses of the words.

A decoy is a word's beginning or end (ARCHIVBO, RCHIVBOT) or the word with one letter
changed or two letters swapped (ARCHIVBOX, ARCHIBVOT). Each is planted only where it
completes no listed word, so decoys make a puzzle harder without breaking exactly-once.
"""

from __future__ import annotations

from collections.abc import Sequence

from wortsuche.board import Board
from wortsuche.geometry import PositionSpace
from wortsuche.model import Decoys, Options
from wortsuche.rand import Rng

MIN_WORD_LENGTH = 3
"""Words shorter than this have no useful fragments."""

GIVE_UP_AFTER = {Decoys.SOME: 30, Decoys.MAX: 150}
"""Consecutive failed tries after which planting stops."""


def decoy_strings(words: Sequence[str], rng: Rng) -> list[str]:
    """Fragments, one-letter changes and swaps of the words, in random order."""
    letters = sorted(set("".join(words)))
    listed = set(words)
    decoys: list[str] = []
    for word in words:
        if len(word) < MIN_WORD_LENGTH:
            continue
        decoys += [word[:-1], word[1:]]
        j = 1 + rng.below(len(word) - 1)
        others = [x for x in letters if x != word[j]]
        if others:
            decoys.append(word[:j] + rng.choice(others) + word[j + 1 :])
        k = rng.below(len(word) - 1)
        if word[k] != word[k + 1]:
            decoys.append(word[:k] + word[k + 1] + word[k] + word[k + 2 :])
    unique = [d for d in dict.fromkeys(decoys) if d not in listed and d[::-1] not in listed]
    rng.shuffle(unique)
    return unique


def plant_decoys(board: Board, words: Sequence[str], options: Options, rng: Rng) -> int:
    """Plant decoys on free cells as the options ask; return how many were planted."""
    if options.decoys is Decoys.NONE:
        return 0
    pool = decoy_strings(words, rng)
    if not pool:
        return 0
    target = len(words) if options.decoys is Decoys.SOME else board.rows * board.cols
    spaces = {
        length: PositionSpace(board.rows, board.cols, length, options.directions)
        for length in {len(d) for d in pool}
    }
    planted = failures = attempt = 0
    give_up = GIVE_UP_AFTER[options.decoys]
    while planted < target and failures < give_up:
        board.budget.spend()
        decoy = pool[attempt % len(pool)]
        attempt += 1
        if _plant(board, decoy, spaces[len(decoy)], rng):
            planted += 1
            failures = 0
        else:
            failures += 1
    return planted


def _plant(board: Board, decoy: str, space: PositionSpace, rng: Rng) -> bool:
    """Write ``decoy`` at a random position if it fits on free or agreeing cells and forms no word."""
    if space.total == 0:
        return False
    r, c, direction = space.position(rng.below(space.total))
    dr, dc = direction.step
    indexes = [(r + i * dr) * board.cols + c + i * dc for i in range(len(decoy))]
    if any(board.cells[i] and board.cells[i] != x for i, x in zip(indexes, decoy, strict=True)):
        return False
    new = board.write(indexes, decoy)
    if not new or board.strays_through(new):
        board.erase(new)
        return False
    return True
