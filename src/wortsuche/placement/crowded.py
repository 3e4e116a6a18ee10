"""The search for crowded grids: it knows which positions are still open to every word.

When the words' letters nearly fill the grid, they fit only if they share many cells, and a
word placed early can shut out one placed late. This search keeps, for every word not yet
placed, the set of positions still open to it (every letter agrees with the grid so far), as
one bit per position in a Python integer (:class:`OpenPositions`). After each placement the
sets shrink by a few integer operations per new cell. One :class:`Run` reads like its
explanation:

* :meth:`Run.choose` the word with the fewest open positions (most constrained first, chosen
  anew at every step) and rank its positions, the most crossings first (a crowded grid needs
  shared cells), dropping those that would leave some other word no room (forward checking);
* :meth:`Run.advance` the word to its next ranked position;
* :meth:`Run.backtrack` to the word before when a word has no position left.

After each run :meth:`CrowdedSearch.repair` works on the deepest partial layout reached: it
takes out the words in a small window of the grid and places them, and any missing word that
now has room, again (a large-neighbourhood search), keeping the result if it holds at least as
many letters. Once the repairs stop gaining, the search starts afresh in another random order
on the Luby schedule, like the quick search.

Whether the letters written spell a stray copy of some word is asked once the layout is
complete, and the run goes back to the last placement that made one. The measurements behind
each choice are in ``benchmarks/README.md`` ("Crowded grids").
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter, or_

from wortsuche.budget import SearchBudget
from wortsuche.grid.board import Board
from wortsuche.model import HOLE, Crossing, Direction, Options, Placement
from wortsuche.placement.kernel import Placer, luby, no_layout_found
from wortsuche.rand import Rng

TRIES = 2
"""Positions a word may try at one step before the search goes back to the word before it."""

LOOK = 8
"""Positions (those with the most crossings) whose effect on the other words is looked at:
fewer miss good ones, more cost more than they find."""

STEPS_PER_WORD = 5000
"""Steps of the whole search per word to place (``--effort`` multiplies them)."""

MOST_STEPS = 100_000
"""At most this many steps at effort 1, however many words: a list that does not fit is refused
after about 2 s on one core instead of 4 to 7 (the slowest layout found on the frozen crowded
lists, 10 seeds at medium, hard and evil, took 83,096 steps; ``--effort`` multiplies them)."""

UNIT = 60
"""Steps of one short run per word to place (the Luby schedule multiplies it)."""

EDGE = 2.0
"""Among positions with as many crossings, how strongly those along the border are preferred
(per cell on it): a word along the edge leaves the open middle in one piece, not in strips."""

WEIGHT_STEP = 1.0
"""How much a word's weight grows each time a position would leave it no room: heavier words
are placed earlier (the search learns, across restarts, which words are hard to fit)."""

BESIDE = 1000
"""Standing words (a word at a position) whose effect on the others a search keeps at most
(a German list of 66 words on 20×20 met 228 in a whole refusal, 4 MB): then it starts anew."""

REPAIR_UNIT = 10
"""Steps of one repair per word to place."""

WINDOW = 5
"""Side of the square window a repair clears (or one more, at random): large enough to move
words, small enough to keep most of a good layout."""

STALL = 150
"""Repairs in a row that gain nothing before the search starts afresh."""

Position = tuple[int, int, Direction, tuple[int, ...]]
"""A word's position: start row, start column, direction and the cells it covers."""

Ranked = tuple[int, list[int]]
"""A candidate position of a word and the open sets of all words once it stands there."""


class OpenPositions:
    """For each word, its positions and, per cell, which of them cover the cell with each letter."""

    def __init__(self, words: Sequence[str], board: Board, options: Options) -> None:
        self.words = list(words)
        self.positions: list[list[Position]] = []
        self.code = {x: n for n, x in enumerate(sorted(set("".join(self.words))))}
        """Letter -> its number; any other letter gets the next number."""
        self.letters = len(self.code) + 1
        self.keep: list[list[int]] = []
        """Per word, indexed by :meth:`key`: the positions that stay open when the cell gets
        the letter (a mask to AND): all but those covering the cell with another letter."""
        self.open: list[int] = []
        self.edge: list[list[int]] = []
        """Per word and position, how many of its cells lie on the border (:meth:`Topology.border`)."""
        self.sharing = options.crossing is not Crossing.NEVER
        """Whether a position stays open where a placed word has the same letter."""
        size = board.rows * board.cols
        border = board.topology.border()
        lengths: dict[int, Lengthwise] = {}
        # with letters on the board, which positions agree differs from word to word
        lettered = any(x and x != HOLE for x in board.cells)
        for word in self.words:
            shape = lengths.get(len(word))
            if shape is None or lettered:
                found = _agreeing_positions(word, board, options.directions)
                shape = Lengthwise(found, len(word), size)
                if not lettered:
                    lengths[len(word)] = shape
            self.positions.append(shape.positions)
            self.edge.append(shape.edges(border))
            self.keep.append(self._keep_masks(word, shape))
            self.open.append(shape.every)

    def _keep_masks(self, word: str, shape: Lengthwise) -> list[int]:
        """The masks to AND of ``word``, per cell and letter (see :attr:`keep`).

        Positions not covering a cell stay open whatever letter it gets; of those covering it,
        the ones with that letter there stay open too, if words may share cells. The masks are
        positive numbers, not complements such as ``~covering``: Python ANDs two positive
        numbers about three times faster than a positive and a negative one (which it copies
        into two's complement each time), and :meth:`shrink` is most of a crowded search. They
        come from ``shape``, shared by the words of a length: fewer numbers to read from memory.
        """
        width, every, others = self.letters, shape.every, shape.others
        keep = [every] * (len(others) * width)
        having = []
        if self.sharing:
            for letter in dict.fromkeys(word):
                offsets = tuple(n for n, y in enumerate(word) if y == letter)
                having.append((self.code[letter], shape.keep_having(offsets)))
        for i, kept in enumerate(others):
            if kept != every:
                at = i * width
                keep[at : at + width] = [kept] * width
                for code, masks in having:
                    keep[at + code] = masks[i]
        return keep

    def key(self, cell: int, letter: str) -> int:
        """The number standing for ``letter`` in ``cell``, for :meth:`shrink`."""
        return cell * self.letters + self.code.get(letter, self.letters - 1)

    def beside(self, j: int, k: int, p: int) -> int:
        """The positions of word ``j`` that agree with word ``k`` standing at its position ``p``."""
        keeps = self.keep[j]
        mask = self.open[j]
        for i, x in zip(self.positions[k][p][3], self.words[k], strict=True):
            mask &= keeps[self.key(i, x)]
        return mask

    def shrink(self, open_sets: list[int], todo: Iterable[int], keys: Sequence[int]) -> None:
        """Close, for the words in ``todo``, the positions that disagree with the new letters
        (``keys`` from :meth:`key`)."""
        keeps = self.keep
        if len(keys) == 1:
            key = keys[0]
            for k in todo:
                open_sets[k] &= keeps[k][key]
            return
        if not keys:
            return
        masks = itemgetter(*keys)  # a word's masks for all keys in one call, not one look-up each
        for k in todo:
            mask = open_sets[k]
            for keep in masks(keeps[k]):
                mask &= keep
            open_sets[k] = mask


def _agreeing_positions(word: str, board: Board, directions: Sequence[Direction]) -> list[Position]:
    """The positions of ``word`` whose letters agree with the board (no hole, no other letter)."""
    topology = board.topology
    filled = any(board.cells)  # letters or holes: positions must agree with them
    found: list[Position] = []
    for r, c, direction in topology.positions(len(word), directions):
        cells = tuple(topology.indexes(r, c, direction, len(word)))
        if filled and not board.agrees(cells, word):
            continue  # a hole or a letter already there that disagrees
        found.append((r, c, direction, cells))
    return found


class Lengthwise:
    """Positions of one length (the same for every word of that length on a board with no
    letters yet) and what the masks to AND of such words are made of, built once per length."""

    def __init__(self, positions: list[Position], length: int, size: int) -> None:
        self.positions = positions
        self.every = (1 << len(positions)) - 1
        self.at: list[list[int]] = [[0] * size for _ in range(length)]
        """Per letter number of the word, per cell: the positions with that letter there."""
        for p, (*_, cells) in enumerate(positions):
            bit = 1 << p
            for at, i in zip(self.at, cells, strict=True):
                at[i] |= bit
        covering = [0] * size
        for at in self.at:
            covering = list(map(or_, covering, at))
        every = self.every
        self.others = [every ^ covered if covered else every for covered in covering]
        """Per cell, the positions that stay open whatever letter it gets: those not covering it
        (``every`` itself where none covers it)."""
        self._having: dict[tuple[int, ...], list[int]] = {}
        self._edges: list[int] | None = None

    def keep_having(self, offsets: tuple[int, ...]) -> list[int]:
        """Per cell, the positions that stay open when it gets a letter the word has at the
        letter numbers ``offsets`` (and nowhere else)."""
        kept = self._having.get(offsets)
        if kept is None:
            kept = list(self.others)
            for n in offsets:
                kept = [k | h if h else k for k, h in zip(kept, self.at[n], strict=True)]
            self._having[offsets] = kept
        return kept

    def edges(self, border: set[int]) -> list[int]:
        """Per position, how many of its cells lie on the ``border``."""
        if self._edges is None:
            self._edges = [len(border.intersection(cells)) for *_, cells in self.positions]
        return self._edges


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def table_bits(words: Sequence[str], board: Board, options: Options) -> int:
    """About how many bits :class:`OpenPositions` would hold (to decide whether to use it).
    Words of one length have as many positions: each length is asked once."""
    total = 0
    for length, count in Counter(map(len, words)).items():
        space = board.topology.positions(length, options.directions)
        total += space.total * length * 2 * count
    return total


def place(
    words: Sequence[str], board: Board, options: Options, rng: Rng, budget: SearchBudget
) -> list[Placement]:
    """Place all ``words`` on the empty ``board``; raise :class:`DoesNotFitError` (kind
    ``not_found``) naming the words that were hardest to fit if no layout is found.
    ``budget.share`` scales the steps (a caller with a further search to run keeps some back)."""
    return CrowdedSearch(words, board, options, rng, budget).place()


class Layout:
    """A partial layout (word -> position) and how many letters its words have.

    Repairs start from the deepest layout of a run and move to a layout holding at least as
    many letters. Counting letters, not words, matters: counting words, repairs drift to
    layouts of many short words that leave the long ones out.
    """

    def __init__(self) -> None:
        self.positions: dict[int, int] = {}
        self.letters = 0


class CrowdedSearch:
    """The whole search on one board: runs and repairs until a layout stands or the steps run out."""

    def __init__(
        self,
        words: Sequence[str],
        board: Board,
        options: Options,
        rng: Rng,
        budget: SearchBudget,
    ) -> None:
        self.table = OpenPositions(words, board, options)
        self.words = self.table.words
        self.board, self.rng, self.budget = board, rng, budget
        self.placer = Placer(board, options, rng, budget, letters=sum(len(w) for w in words))
        n = len(words)
        self.steps = int(min(STEPS_PER_WORD * n, MOST_STEPS) * budget.effort * budget.share)
        """Steps of the whole search."""
        self.weight = [1.0] * n
        """Per word, how often it was left without room (plus one): the heavier go first."""
        self.beside: dict[tuple[int, int], dict[int, int]] = {}
        """Per word and position standing in a repair, per other word: the positions of the
        other word its letters leave open (:meth:`shrink_beside`)."""

    def place(self) -> list[Placement]:
        """Run, repair the deepest layout until repairs stop gaining, start afresh; return the
        placements of the first complete layout."""
        budget, n = self.budget, len(self.words)
        run = 0
        while budget.used < self.steps:
            run += 1
            best = Layout()
            if self.run(min(self.steps, budget.used + UNIT * n * luby(run)), best):
                return self.placer.placements()
            self.board.remove_all_placements()  # start afresh
            stall = 0
            while stall < STALL and budget.used < self.steps:
                before = best.letters
                if self.repair(min(self.steps, budget.used + REPAIR_UNIT * n), best):
                    return self.placer.placements()
                self.board.remove_all_placements()
                stall = 0 if best.letters > before else stall + 1
        hardest = sorted(range(n), key=lambda k: (-self.weight[k], k))[:3]
        raise no_layout_found(tuple(self.words[k] for k in hardest), self.board)

    def run(self, limit: int, best: Layout, fixed: dict[int, int] | None = None) -> bool:
        """One depth-first run with forward checking until the steps reach ``limit``; True when
        every word stands. ``best`` is updated to a deeper layout reached."""
        return Run(self, limit, best, fixed or {}).solve()

    def shrink_beside(self, fixed: dict[int, int], open_sets: list[int], todo: set[int]) -> None:
        """Close, for the words in ``todo``, the positions that disagree with the letters of the
        ``fixed`` words (word -> position).

        What one standing word closes of another's positions is kept (:attr:`beside`): the
        repairs of one layout keep most of its words, and ANDing one mask per standing word
        costs a fifth of one per cell it wrote.
        """
        if len(self.beside) > BESIDE:
            self.beside.clear()
        table = self.table
        rows = []
        for k, p in fixed.items():
            row = self.beside.get((k, p))
            if row is None:
                row = self.beside[k, p] = {}
            rows.append((row, k, p))
        for j in todo:
            mask = open_sets[j]
            for row, k, p in rows:
                closed = row.get(j)
                if closed is None:
                    closed = row[j] = table.beside(j, k, p)
                mask &= closed
            open_sets[j] = mask

    def repair(self, limit: int, best: Layout) -> bool:
        """Clear a random window of the ``best`` layout: keep the words outside it, then place
        the words taken out and the missing ones that have room, in one short run."""
        table, rng = self.table, self.rng
        rows, cols = self.board.rows, self.board.cols
        side = min(WINDOW + rng.below(2), rows, cols)
        r0, c0 = rng.below(rows - side + 1), rng.below(cols - side + 1)
        index = self.board.topology.index
        window = {index((r, c)) for r in range(r0, r0 + side) for c in range(c0, c0 + side)}
        fixed = {
            k: p for k, p in best.positions.items() if window.isdisjoint(table.positions[k][p][3])
        }
        for k, p in fixed.items():  # they stood so before: no need to check that they fit
            r, c, direction, cells = table.positions[k][p]
            self.placer.stand(self.words[k], r, c, direction, cells)
        self.budget.spend(len(fixed) // 4, charge=len(fixed) // 4 + 1)
        return self.run(limit, best, fixed)


@dataclass(slots=True)
class Frame:
    """One word placed in a run: where it was chosen, and what to undo when it moves."""

    word: int
    """The word's number."""
    candidates: list[Ranked]
    """Its open positions, best first, with the open sets each leaves."""
    before: list[int]
    """The open sets of all words before it was placed."""
    tried: int = 0
    """How many of the candidates were tried; the last of them is where it stands."""
    new: list[int] = field(default_factory=list)
    """The cells it wrote that were empty before."""


class Run:
    """One depth-first run: choose the most constrained word, advance it to its next position,
    backtrack when it has none.

    The words in ``fixed`` (word -> position) already stand on the board and stay; words that
    have no room beside them are left out of this run. ``best`` is updated to a deeper layout
    reached, or, when ``fixed`` is given, to one as deep (a step sideways).
    """

    def __init__(
        self, search: CrowdedSearch, limit: int, best: Layout, fixed: dict[int, int]
    ) -> None:
        self.search, self.limit, self.best, self.fixed = search, limit, best, fixed
        self.table, self.board = search.table, search.board
        words = self.words = search.words
        n = len(words)
        rng, placer = search.rng, search.placer
        self.tiebreak = [rng.random() for _ in range(n)]
        # Backwards and diagonal shares, as in the quick search: drawn per word, a preference.
        # Keyed by the direction's steps: a tuple hashes in C, an enum member in Python, and
        # ranking asks for every open position.
        self.groups: list[dict[tuple[int, int], int]] = []
        for _ in range(n):
            groups = placer.direction_groups()
            self.groups.append({d._value_: g for g, group in enumerate(groups) for d in group})
        self.open_sets = list(self.table.open)
        self.todo = set(range(n)) - fixed.keys()
        if fixed:
            search.shrink_beside(fixed, self.open_sets, self.todo)
            self.todo = {k for k in self.todo if self.open_sets[k]}
        self.complete = len(fixed) + len(self.todo) == n
        """Whether every word takes part (none was left out for want of room)."""
        self.letters = sum(len(words[k]) for k in fixed)
        self.deepest: tuple[int, dict[int, int]] = (0, {})
        self.stack: list[Frame] = []

    def solve(self) -> bool:
        """Place every word of the run, or stop when the steps reach the limit or nothing is
        left to try; True when every word stands and none stands twice."""
        budget, limit = self.search.budget, self.limit
        ahead = True  # the last step placed a word: choose the next one, else move one back
        while budget.used <= limit:
            if ahead and not self.todo:
                if not self.complete:
                    break
                verdict = self.check_strays()
                if verdict is not None:
                    return verdict
                ahead = False
            frame = self.choose() if ahead else self.backtrack()
            if frame is None:
                break
            ahead = self.advance(frame)
        return self.stop()

    def choose(self) -> Frame:
        """The word with the fewest open positions (for its weight), with its ranked positions."""
        open_sets, weight, words, todo = self.open_sets, self.search.weight, self.words, self.todo
        tiebreak = self.tiebreak
        k = min(
            todo, key=lambda j: (open_sets[j].bit_count() / weight[j], -len(words[j]), tiebreak[j])
        )
        candidates = self.rank(k)
        self.search.budget.count(1 + len(candidates) * len(todo) // 16)
        return Frame(k, candidates, open_sets)

    def advance(self, frame: Frame) -> bool:
        """Put the frame's word on its next candidate position that fits; False if none is left."""
        search, k = self.search, frame.word
        while frame.tried < min(len(frame.candidates), TRIES):
            p, after = frame.candidates[frame.tried]
            r, c, direction, _ = self.table.positions[k][p]
            frame.tried += 1
            done = search.placer.put(self.words[k], r, c, direction)
            if done is None:
                continue
            frame.new = done[1]
            self.todo.discard(k)
            self.stack.append(frame)
            self.letters += len(self.words[k])
            if self.letters > self.deepest[0]:
                self.record()
            self.open_sets = after
            return True
        return False

    def backtrack(self) -> Frame | None:
        """Take the last placed word off the board (to move it on); None if none is placed."""
        if not self.stack:
            return None
        frame = self.stack.pop()
        self.letters -= len(self.words[frame.word])
        self.board.remove_last_placement(frame.new)
        self.open_sets = frame.before
        self.todo.add(frame.word)
        return frame

    def check_strays(self) -> bool | None:
        """With every word placed, whether the layout stands (True) or spells a copy among the
        fixed words alone (False); None after going back to just above the last placement that
        wrote a letter of a copy, for :meth:`backtrack` to move it."""
        # Checked once the layout is complete, not after each placement: copies are rare.
        stack, board = self.stack, self.board
        self.search.budget.count(len(stack))
        culprit = next(
            (d for d in range(len(stack) - 1, -1, -1) if board.strays_through(stack[d].new)),
            None,
        )
        if culprit is None:
            # a copy among the fixed words' letters alone: none of this run's to undo
            return not (self.fixed and board.strays_through(range(len(board.cells))))
        while len(stack) > culprit + 1:
            self.backtrack()
        return None

    def record(self) -> None:
        """Keep the layout now standing as the run's deepest, and as the best if it is deeper."""
        layout = dict(self.fixed)
        for frame in self.stack:
            layout[frame.word] = frame.candidates[frame.tried - 1][0]
        self.deepest = (self.letters, layout)
        if self.letters > self.best.letters:
            self.best.letters, self.best.positions = self.letters, layout

    def stop(self) -> bool:
        """End the run without a layout; a repair that reached as many letters moves ``best``
        sideways to its deepest layout."""
        if self.fixed and self.deepest[0] == self.best.letters:
            self.best.positions = self.deepest[1]
        return False

    def rank(self, k: int) -> list[Ranked]:
        """The best open positions of word ``k`` with the open sets they leave, best first.

        The positions with the most crossings (then in the preferred directions, then along the
        border) are looked at, up to :data:`LOOK`; those that would leave some word no room at
        all are dropped, and among equals the ones that leave the other words the most room (the
        product of their open counts) come first.
        """
        table, cells, rng = self.table, self.board.cells, self.search.rng
        open_sets, weight, group = self.open_sets, self.search.weight, self.groups[k]
        positions = table.positions[k]
        width = table.letters
        codes = [table.code[x] for x in table.words[k]]
        scored = []
        for p in _bits(open_sets[k]):
            crossings = sum(1 for i in positions[p][3] if cells[i])
            edge = EDGE * table.edge[k][p]
            scored.append((-crossings, group[positions[p][2]._value_], rng.random() - edge, p))
        scored.sort()
        others = [j for j in self.todo if j != k]
        ranked = []
        for minus_crossings, g, _, p in scored[:LOOK]:
            keys = [
                i * width + x for i, x in zip(positions[p][3], codes, strict=True) if not cells[i]
            ]
            after = list(open_sets)
            table.shrink(after, others, keys)
            counts = [after[j].bit_count() for j in others]
            if 0 in counts:
                for j in others:
                    if not after[j]:
                        weight[j] += WEIGHT_STEP
                continue
            ranked.append((minus_crossings, g, -math.prod(counts), p, after))
        ranked.sort(key=lambda t: t[:3])
        return [(p, after) for *_, p, after in ranked]
