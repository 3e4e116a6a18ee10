"""Step 3 of the pipeline, before the filler: plant decoys, fragments and near-misses of the words.

A decoy is a word's beginning or end (ARCHIVBO, RCHIVBOT) or the word with one letter
changed or two letters swapped (ARCHIVBOX, ARCHIBVOT). Each is planted only where it
completes no listed word, so decoys make a puzzle harder without breaking exactly-once.
With ``max`` each word's last letters (BOT) are first planted just before the word in reading
order, where a reader who scans for last letters meets them first (:func:`plant_ends`).
"""

from __future__ import annotations

from collections.abc import Sequence

from wortsuche.grid.board import Board
from wortsuche.grid.positions import PositionSpace
from wortsuche.model import Decoys, Direction, Options
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


END_LENGTH = 4
"""With ``max``, each placed word's last this many letters are planted once more before it (an
*end*): a reader who scans for last letters and reads back from one matches three letters there
before the next fails, where a lone last letter costs one comparison. Measured
(``benchmarks/README.md``, "Ends before their words", 5 seeds): 3, 4 and 5 letters gave the
learners alike (37 of 42 pairs); 4 kept the family's smallest hard → evil step best."""

ENDS_PER_WORD = 1
"""Ends planted before each word: two gave the learners 41 of 42 pairs at 20 seeds, but took the
family's smallest hard → evil step from 1.126 to 1.109 (its smallest input 1.055 to 1.047)."""

END_REACH = 2
"""How far before a word's last cell, in rows of the grid, its end may stop."""

MOST_END_TRIES = 64
"""Cells tried per word at most, nearest first: a wide grid's words get their ends as near."""

MOST_END_WORDS = 500
"""Lists longer than this get no ends: in a crowded grid most words find no room near them, and
looking for it took 2.7 of the 6.3 s of an evil 200 × 200 puzzle of 4,000 words (0.16 of 0.71 s
at 100 × 100 with 1,000); the fill search, whose readers the ends are for, stops at such sizes
too (``readers.MOST_STOPS``)."""


def plant_ends(board: Board, options: Options, rng: Rng) -> int:
    """Plant each placed word's last :data:`END_LENGTH` letters so that their last letter lies
    as near before the word's last cell, in reading order, as they fit; return how many.

    A reader who starts at a random cell and scans in reading order (round the end) meets a false
    start just before a word from almost every start, one just after it from almost none
    (``filling/ahead.py``). Grids whose lines are cycles get none (no reading order ends there).
    """
    if board.cyclic or ENDS_PER_WORD < 1 or len(board.placements) > MOST_END_WORDS:
        return 0
    size, planted = len(board.cells), 0
    reach = min(END_REACH * board.cols, MOST_END_TRIES)
    for placement, where in zip(board.placements, board.placement_cells, strict=True):
        if placement is None or len(where) <= END_LENGTH:
            continue
        end = placement.letters[-END_LENGTH:]
        ways = rng.shuffled(list(options.directions))
        wanted = ENDS_PER_WORD
        for back in range(1, reach + 1):
            board.budget.spend()
            if _plant_end(board, end, (where[-1] - back) % size, ways):
                planted += 1
                wanted -= 1
                if not wanted:
                    break
    return planted


def _plant_end(board: Board, end: str, last: int, ways: Sequence[Direction]) -> bool:
    """Write ``end`` so that its last letter is in cell ``last``, along the first of ``ways``
    where it fits on free or agreeing cells, writes a letter at least and forms no word."""
    topology = board.topology
    if board.cells[last] and board.cells[last] != end[-1]:
        return False
    r, c = topology.cell(last)
    back = len(end) - 1
    for way in ways:
        dr, dc = way.step
        run = topology.run((r - dr * back, c - dc * back), way, len(end))
        if run is None:
            continue
        indexes = [topology.index(cell) for cell in run]
        if not board.agrees(indexes, end):
            continue
        new = board.write(indexes, end)
        if new and not board.strays_through(new):
            return True
        board.erase(new)
    return False


def plant_decoys(board: Board, words: Sequence[str], options: Options, rng: Rng) -> int:
    """Plant decoys on free cells as the options ask; return how many were planted.

    ``some`` plants about one per word, ``max`` until about half the cells hold a decoy letter.
    """
    if options.decoys is Decoys.NONE:
        return 0
    dense = options.decoys is Decoys.MAX
    ends = plant_ends(board, options, rng) if dense else 0
    pool = decoy_strings(words, rng, dense=dense)
    if not pool:
        return ends
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
    return ends + planted


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
