"""Step 3 of the pipeline, before the filler: plant decoys, fragments and near-misses of the words.

A decoy is a word's beginning or end (ARCHIVBO, RCHIVBOT) or the word with one letter
changed or two letters swapped (ARCHIVBOX, ARCHIBVOT). Each is planted only where it
completes no listed word, so decoys make a puzzle harder without breaking exactly-once.
"""

from __future__ import annotations

from collections.abc import Sequence

from wortsuche.grid.board import Board
from wortsuche.grid.positions import PositionSpace
from wortsuche.model import Decoys, Options
from wortsuche.rand import Rng

MIN_WORD_LENGTH = 3
"""Words shorter than this have no useful fragments."""

TRIES_PER_DECOY = {Decoys.SOME: 40, Decoys.MAX: 12}
"""Positions tried per decoy wanted: a budget in steps, so the same seed plants the same decoys."""

MAX_DECOY_LENGTH = 20
"""Longer fragments are left out: they mislead no more than a 20-letter one, and each costs
a check of every line through its cells (a 300-letter word's 299-letter fragments took 18 s of
an evil puzzle's 30)."""

MAX_DENSITY = 0.5
"""With ``max``, decoys are planted until about this share of the free cells holds one: the
rest stays for the filler to even out the letters (a grid full of decoys keeps the rare
letters rare, and a rare letter gives its word away)."""


def decoy_strings(words: Sequence[str], rng: Rng, *, dense: bool = False) -> list[str]:
    """Fragments, one-letter changes and swaps of the words, in random order.

    ``dense`` adds every beginning of two letters or more: each one starts a false lead for
    a solver who scans for the first letter, whichever way it runs.
    """
    letters = sorted(set("".join(words)))
    listed = set(words)
    decoys: list[str] = []
    for word in words:
        if len(word) < MIN_WORD_LENGTH:
            continue
        decoys += [word[:-1], word[1:]]
        if dense:
            decoys += [word[:k] for k in range(2, len(word) - 1)]
            decoys += [word[k:] for k in range(2, len(word) - 1)]
        j = 1 + rng.below(len(word) - 1)
        others = [x for x in letters if x != word[j]]
        if others:
            decoys.append(word[:j] + rng.choice(others) + word[j + 1 :])
        k = rng.below(len(word) - 1)
        if word[k] != word[k + 1]:
            decoys.append(word[:k] + word[k + 1] + word[k] + word[k + 2 :])
    unique = [
        d
        for d in dict.fromkeys(decoys)
        if d not in listed and d[::-1] not in listed and len(d) <= MAX_DECOY_LENGTH
    ]
    rng.shuffle(unique)
    return unique


def plant_decoys(board: Board, words: Sequence[str], options: Options, rng: Rng) -> int:
    """Plant decoys on free cells as the options ask; return how many were planted.

    ``some`` plants about one per word, ``max`` until about half the cells hold a decoy letter.
    """
    if options.decoys is Decoys.NONE:
        return 0
    dense = options.decoys is Decoys.MAX
    pool = decoy_strings(words, rng, dense=dense)
    if not pool:
        return 0
    if dense:
        free = board.empty_count()
        mean = sum(map(len, pool)) / len(pool)
        target = max(len(words), int(MAX_DENSITY * free / mean))
    else:
        target = len(words)
    spaces = {
        length: board.topology.positions(length, options.directions)
        for length in {len(d) for d in pool}
    }
    planted = 0
    tries = TRIES_PER_DECOY[options.decoys] * target
    for attempt in range(tries):
        if planted >= target:
            break
        board.budget.spend()
        decoy = pool[attempt % len(pool)]
        if _plant(board, decoy, spaces[len(decoy)], rng):
            planted += 1
    return planted


def _plant(board: Board, decoy: str, space: PositionSpace, rng: Rng) -> bool:
    """Write ``decoy`` at a random position if it fits on free or agreeing cells and forms no word."""
    if space.total == 0:
        return False
    r, c, direction = space.position(rng.below(space.total))
    indexes = board.topology.indexes(r, c, direction, len(decoy))
    if not board.agrees(indexes, decoy):
        return False
    new = board.write(indexes, decoy)
    if not new or board.strays_through(new):
        board.erase(new)
        return False
    return True
