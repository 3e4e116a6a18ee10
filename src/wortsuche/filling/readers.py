"""Evil's fill tuned against the readers it must slow down: one who scans for a word's first
letter, one who scans for its rarest letter in the grid, one who takes the rarest letter only
where it is much rarer than the first, and one who scans for its last letter and reads from there
(so that a backward word reads forwards: a player who has seen many backward words learns that).

Each starts at some cell, reads the grid in reading order (round the end) and, at each cell
holding the letter it scans for, compares the word letter by letter in every direction, clockwise
from → (the last-letter reader from ←, so that it reads the words backwards first), until it finds
it. :class:`Readers` keeps their exact mean work over every start cell (a
cell looked at costs as much as a letter compared, the scan:compare ratio k = 1 of
``benchmarks/solvers.py``, where the levels differ least) and updates it when one cell changes, by
re-reading only what looked at that cell. :func:`sharpen` then changes and swaps the letters of
the cells no word covers (the filler's and the decoys') where that raises the smallest reader's
work over its value on the grid given: no reader is left a shortcut, neither the first letter nor
a rare one (issue: evil as an adversary to every way of solving).

It keeps the rules of :func:`~wortsuche.filling.ahead.arrange`: no change completes a word, and no
letter lands next to its like. Only flat grids without holes are tuned (the readers' lines end at
the edges there); on others the grid is left as it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from wortsuche.filling.ahead import allowed, beside
from wortsuche.grid.board import Board
from wortsuche.rand import Rng

STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""The eight directions clockwise from →, the order the readers try them in (the opposite of
direction ``way`` is ``way ^ 4``)."""

WAYS = tuple(range(len(STEPS)))

LAST_FIRST_WAY = 4
"""The direction the last-letter reader tries first (←, then clockwise): from a word's last
letter that reads a word that runs ← as → (``benchmarks/solvers.py``'s ``last`` learner)."""

HALF = 0.5
"""The reader of habit scans for the word's rarest letter instead of its first where it is at
most this share as common (``benchmarks/solvers.py``'s habit solver)."""

LOAD_TRIES = 40_000
"""Tries in all, times the readers each letter has (each letter of each word has one): a try
re-reads the readers of two letters, so a long list gets fewer tries, not slower ones (worte4's
77 words on 40×32: about 1,400 tries)."""

MOST_STOPS = 60_000
"""The stops the readers may start with (cells holding a letter, summed over every letter of
every word): a larger grid or list is left as it is, tuning it would take seconds."""

SWAP_SHARE = 0.5
"""The share of tries that swap two letters (keeping every count) instead of changing one
(which moves letters between the readers' shortcuts); either alone gained a little less."""

OTHERS = 0.3
"""How much the mean gain of all readers counts beside the smallest: with the smallest alone,
raising the reader just above it would count for nothing."""


class Readers:
    """The readers' expected work on a board, kept up to date cell by cell.

    For each word and each letter of it (its first of each kind), the work of a reader who scans
    for that letter is kept, so that when counts change and another letter becomes the rarest the
    anchor reader's work is at hand. A *stop* is a cell holding the letter scanned for: the reader
    compares the word there in each of the eight directions (the letters after its letter forward,
    then the letters before it backward) until it finds the word, which it does only at the word's
    own cell. Each cell knows the readings that looked at it (:attr:`watch`), so a change re-reads
    only those. It counts on what :func:`sharpen` keeps: the words' cells never change and each
    word is in the grid once (a word found twice would have two ends). The habit reader picks its
    letter as ``benchmarks/solvers.py``'s habit solver does but tries directions clockwise; words
    placed only inside longer ones are not counted.
    """

    def __init__(self, board: Board, words: Sequence[tuple[str, Sequence[int]]]) -> None:
        """``words``: each placed word's letters and its cells, in the word's order (two or more)."""
        self.rows, self.cols = board.rows, board.cols
        self.size = self.rows * self.cols
        self.cells = board.cells
        self.words = [w for w, _ in words]
        self.places = [tuple(where) for _, where in words]
        self.way = [STEPS.index(_step(where, self.cols)) for where in self.places]
        """The direction each word runs in: where every reader finds it."""
        self.counts = Counter(x for x in self.cells if x)
        self._index_words()
        self._start_reading(board)

    def _index_words(self) -> None:
        """The tables that follow from the words alone: what each reader compares, and where."""
        self.after = [[word[at + 1 :] for at in range(len(word))] for word in self.words]
        """For each word and letter index, the letters a reader compares forward from it."""
        self.before = [[word[:at][::-1] for at in range(len(word))] for word in self.words]
        """... and the letters it compares backward from it, nearest first."""
        self.rays = _rays(self.rows, self.cols, max(map(len, self.words)) - 1)
        """For each direction and cell, the cells a reading from there looks at, in order."""
        self.firsts = [[word.index(x) for x in dict.fromkeys(word)] for word in self.words]
        """For each word, the index of the first of each of its letters: a reader scanning for
        a letter of the word reads from the first such letter (the rarest rule picks it)."""
        self.anchors = [
            [*firsts, *([len(word) - 1] if len(word) - 1 not in firsts else [])]
            for word, firsts in zip(self.words, self.firsts, strict=True)
        ]
        """For each word, the letter indexes some reader scans for: :attr:`firsts` and the last."""
        self.rarest = [self._rarest(w) for w in range(len(self.words))]
        """For each word, the index of its rarest letter in the grid (the first if tied)."""

    def _start_reading(self, board: Board) -> None:
        """Every reading of the board as it stands: the stops, their work, who watches a cell."""
        self.stops: list[dict[int, dict[int, list[int]]]] = [
            {at: {} for at in anchors} for anchors in self.anchors
        ]
        """For each word and letter index, the stops: the letters compared in each direction."""
        self.work: list[dict[int, int]] = [dict.fromkeys(anchors, 0) for anchors in self.anchors]
        """For each word and letter index, the letters compared at the stops where the word is
        not found, times the start cells that reach them (the stop where it is found costs each
        reader what its order of directions costs there: :meth:`_found`)."""
        self.watch: list[dict[tuple[int, int, int, int], str]] = [{} for _ in range(self.size)]
        """For each cell, the readings that looked at it, (stop, word, letter index, direction),
        and the letter each expected there."""
        self.by_letter: dict[str, list[tuple[int, int]]] = {}
        """For each letter, the (word, letter index) pairs that scan for it."""
        for w, anchors in enumerate(self.anchors):
            for at in anchors:
                self.by_letter.setdefault(self.words[w][at], []).append((w, at))
                for there in board.letter_cells(self.words[w][at]):
                    self._add(w, at, there)

    def totals(self) -> tuple[float, float, float, float]:
        """The expected work over all words (scanning included) of the scanner, the anchor
        reader, a reader who scans for the first letter unless the rarest is at most half
        as common (as ``benchmarks/solvers.py``'s habit reader picks its letter), and the
        last-letter reader."""
        scan = (self.size + 1) / 2 * len(self.words)
        scanner = anchor = habit = last = 0
        counts, found = self.counts, self._found
        for w, word in enumerate(self.words):
            work, rarest = self.work[w], self.rarest[w]
            scanner += work[0] + found(w, 0, 0)
            anchor += work[rarest] + found(w, rarest, 0)
            habit_at = rarest if counts[word[rarest]] <= HALF * counts[word[0]] else 0
            habit += work[habit_at] + found(w, habit_at, 0)
            end = len(word) - 1
            last += work[end] + found(w, end, LAST_FIRST_WAY)
        size = self.size
        return scan + scanner / size, scan + anchor / size, scan + habit / size, scan + last / size

    def _found(self, w: int, at: int, first_way: int) -> int:
        """Letters compared at the stop where word ``w`` is found from its letter ``at``, trying
        the directions clockwise from ``first_way`` up to the word's own, times the start cells
        (all of them reach it)."""
        reads = self.stops[w][at][self.places[w][at]]
        way = self.way[w]
        if way >= first_way:
            compared = sum(reads[first_way : way + 1])
        else:
            compared = sum(reads[first_way:]) + sum(reads[: way + 1])
        return self.size * compared

    def set(self, index: int, old: str, letter: str, *, recount: bool = True) -> None:
        """Note that the cell ``index`` held ``old`` and now holds ``letter`` (already written
        on the board). ``recount=False``: the counts stay (the first half of a swap)."""
        for w, at in self.by_letter.get(old, ()):
            self._drop(w, at, index)
        for w, at in self.by_letter.get(letter, ()):
            self._add(w, at, index)
        self._reread(index, old, letter)
        if recount:
            counts, rarest = self.counts, self.rarest
            counts[old] -= 1
            counts[letter] += 1
            for w, at in self.by_letter.get(letter, ()):
                if rarest[w] == at:  # more common now: another may be rarer
                    rarest[w] = self._rarest(w)
            for w, at in self.by_letter.get(old, ()):
                now = rarest[w]
                rarer = (counts[old], at) < (counts[self.words[w][now]], now)
                if rarer and at in self.firsts[w]:  # rarer now (the last letter is no first)
                    rarest[w] = at

    def _rarest(self, w: int) -> int:
        word, counts = self.words[w], self.counts
        return min(self.firsts[w], key=lambda k: (counts[word[k]], k))

    def _work(self, w: int, at: int, there: int, reads: list[int]) -> int:
        """Letters compared at a stop, times the start cells that reach it before the word is
        found (those after the word's cell, in reading order round the end)."""
        end = self.places[w][at]
        if there == end:  # the word is found here: each reader's order, in :meth:`_found`
            return 0
        return ((there - end - 1) % self.size + 1) * sum(reads)

    def _add(self, w: int, at: int, there: int) -> None:
        """Read the word at the new stop ``there``."""
        reads = self._read(w, at, there, WAYS)
        self.stops[w][at][there] = reads
        self.work[w][at] += self._work(w, at, there, reads)

    def _drop(self, w: int, at: int, there: int) -> None:
        reads = self.stops[w][at].pop(there)
        self.work[w][at] -= self._work(w, at, there, reads)
        self._forget(w, at, there, WAYS, reads)

    def _reread(self, index: int, old: str, new: str) -> None:
        """Read again every reading that looked at ``index`` and expected ``old`` or ``new``
        there (the others stopped there before and still do)."""
        for key, expected in list(self.watch[index].items()):
            if expected != old and expected != new:
                continue
            there, w, at, way = key
            reads = self.stops[w][at][there]
            self.work[w][at] -= self._work(w, at, there, reads)
            self._forget(w, at, there, (way,), reads[way : way + 1])
            reads[way] = self._read(w, at, there, (way,))[0]
            self.work[w][at] += self._work(w, at, there, reads)

    def _read(self, w: int, at: int, there: int, ways: Sequence[int]) -> list[int]:
        """Letters compared reading word ``w`` from its letter ``at`` in ``there`` along each of
        ``ways`` (the letters after it), then back (the letters before it); each cell looked at
        notes the reading."""
        cells, watch, rays = self.cells, self.watch, self.rays
        after, before = self.after[w][at], self.before[w][at]
        reads = []
        for way in ways:
            key = (there, w, at, way)
            compared = 0
            ray = rays[way][there]
            for index, expected in zip(ray, after, strict=False):
                watch[index][key] = expected
                compared += 1
                if cells[index] != expected:
                    break
            else:
                if len(ray) >= len(after):  # else the edge came first
                    for index, expected in zip(rays[way ^ 4][there], before, strict=False):
                        watch[index][key] = expected
                        compared += 1
                        if cells[index] != expected:
                            break
            reads.append(compared)
        return reads

    def _forget(
        self, w: int, at: int, there: int, ways: Sequence[int], reads: Sequence[int]
    ) -> None:
        """Take the readings along ``ways``, of ``reads`` letters each, off the cells they
        looked at."""
        after, watch, rays = len(self.after[w][at]), self.watch, self.rays
        for way, compared in zip(ways, reads, strict=True):
            key = (there, w, at, way)
            for index in rays[way][there][: min(compared, after)]:
                del watch[index][key]
            if compared > after:
                for index in rays[way ^ 4][there][: compared - after]:
                    del watch[index][key]


def _rays(rows: int, cols: int, longest: int) -> list[list[range]]:
    """For each of :data:`STEPS` and each cell, the next ``longest`` cells that way (fewer where
    the edge comes first), as a range of indexes: no larger for a large grid or a long word."""
    rays: list[list[range]] = []
    for dr, dc in STEPS:
        step = dr * cols + dc
        way = []
        for r in range(rows):
            for c in range(cols):
                reach = min(
                    longest,
                    rows - 1 - r if dr > 0 else r if dr < 0 else longest,
                    cols - 1 - c if dc > 0 else c if dc < 0 else longest,
                )
                there = r * cols + c
                # nothing that way (the edge is next): no range, whose step may be 0 here
                # (a diagonal step in a single column is the same index)
                way.append(
                    range(there + step, there + step * (reach + 1), step) if reach else range(0)
                )
        rays.append(way)
    return rays


def _step(where: Sequence[int], cols: int) -> tuple[int, int]:
    """The (row, column) step from a word's first cell to its second."""
    (r0, c0), (r1, c1) = divmod(where[0], cols), divmod(where[1], cols)
    return r1 - r0, c1 - c0


def sharpen(
    board: Board, cells: Sequence[int], letters: Sequence[str], rng: Rng, per_cell: int
) -> int:
    """Try ``per_cell`` changes per cell (up to :data:`LOAD_TRIES`): swap the letters of two of
    ``cells`` or change one to another of ``letters``, kept where the smallest reader's work,
    over its value on the grid given, rises; return how many changes were kept."""
    readers = _readers(board)
    filled = [i for i in cells if board.cells[i]]
    if readers is None or len(filled) < 2 or not letters:
        return 0
    load = sum(map(len, readers.by_letter.values())) / len(readers.by_letter)
    base = readers.totals()
    value = _value(base, base)
    made = 0
    # an optional step: it never takes more than a quarter of the steps left (deterministic)
    tries = min(int(LOAD_TRIES / load), per_cell * len(filled), board.budget.left // 4)
    for _ in range(tries):
        board.budget.spend()
        undo = _move(board, readers, filled, letters, rng)
        if undo is None:
            continue
        now = _value(readers.totals(), base)
        if now >= value:
            value, made = now, made + 1
        else:
            undo()
    return made


def _readers(board: Board) -> Readers | None:
    """The readers of the board's words, or None where they are not kept (cyclic lines, holes, no
    word, or more stops than :data:`MOST_STOPS`)."""
    if board.cyclic or board.topology.holes:
        return None
    words = [
        (placement.letters, where)
        for placement, where in zip(board.placements, board.placement_cells, strict=True)
        if placement is not None
        and len(where) > 1
        and placement.letters != placement.letters[::-1]  # found twice: a reader's end differs
    ]
    stops = sum(len(board.letter_cells(x)) for word, _ in words for x in set(word))
    if not words or stops > MOST_STOPS:
        return None
    return Readers(board, words)


def _move(
    board: Board, readers: Readers, cells: Sequence[int], letters: Sequence[str], rng: Rng
) -> Callable[[], object] | None:
    """Swap two of ``cells``' letters or change one to another of ``letters``, where no letter
    lands next to its like and none completes a word; return how to undo it, or None."""
    a = cells[rng.below(len(cells))]
    x = board.cells[a]
    if rng.random() < SWAP_SHARE:
        b = cells[rng.below(len(cells))]
        y = board.cells[b]
        if y == x or beside(board, b, x, a) or beside(board, a, y, b):
            return None
        if not _swap(board, readers, a, b):
            return None
        return lambda: _swap(board, readers, a, b)
    y = letters[rng.below(len(letters))]
    if y == x or beside(board, a, y, a) or not _change(board, readers, a, y):
        return None
    return lambda: _change(board, readers, a, x)


def _value(totals: tuple[float, ...], base: tuple[float, ...]) -> float:
    """The smallest reader's work over its value at the start, and some of the mean."""
    ratios = [now / then for now, then in zip(totals, base, strict=True)]
    return min(ratios) + OTHERS * sum(ratios) / len(ratios)


def _change(board: Board, readers: Readers, index: int, letter: str) -> bool:
    """Put ``letter`` in ``index`` if it completes no word there; say whether it did."""
    old = board.cells[index]
    board.erase([index])
    if not allowed(board, index, letter):
        board.write([index], old)
        return False
    board.write([index], letter)
    readers.set(index, old, letter)
    return True


def _swap(board: Board, readers: Readers, a: int, b: int) -> bool:
    """Swap the letters of ``a`` and ``b`` if neither completes a word in its new cell."""
    x, y = board.cells[a], board.cells[b]
    board.erase([a, b])
    if not allowed(board, b, x):
        board.write([a, b], x + y)
        return False
    board.write([b], x)
    if not allowed(board, a, y):
        board.erase([b])
        board.write([a, b], x + y)
        return False
    board.write([a], y)
    readers.set(b, y, x, recount=False)
    readers.set(a, x, y, recount=False)
    return True
