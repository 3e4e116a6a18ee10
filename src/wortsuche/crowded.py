"""Step 2 of the pipeline for crowded grids: a search that knows which positions are still open.

When the words' letters nearly fill the grid, they fit only if they share many cells, and a
word placed early can shut out one placed late. This search keeps, for every word not yet
placed, the set of positions still open to it (every letter agrees with the grid so far), as
one bit per position in a Python integer. After each placement the sets shrink by a few
integer operations per new cell, and the search

* places next the word with the fewest open positions (most constrained first, chosen anew
  at every step),
* tries its positions with the most crossings first (a crowded grid needs shared cells),
* goes back as soon as some word has no open position left (forward checking),
* after each run, repairs the deepest partial layout it reached: it takes out the words in a
  small window of the grid and places them, and any missing word that now has room, again
  (a large-neighbourhood search), keeping the result if it holds at least as many letters, and
* starts afresh in another random order on the Luby schedule, like :mod:`wortsuche.place`,
  once the repairs stop gaining.

A position is taken through :meth:`wortsuche.place.Placer.put`, which keeps the grid's letters
consistent; whether the letters written spell a stray copy of some word is asked once the
layout is complete, and the search goes back to the last placement that made one. Budgets
count steps, so the same seed gives the same layout everywhere.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from wortsuche.board import Board
from wortsuche.model import Crossing, Direction, Options, Placement
from wortsuche.place import Placer, luby, no_layout_found
from wortsuche.rand import Rng

TRIES = 2
"""Positions a word may try at one step before the search goes back to the word before it."""

LOOK = 8
"""Positions (those with the most crossings) whose effect on the other words is looked at.
On the frozen medium lists 8 completed as many seeds as 4 or more (20 seeds each: 15x15/35
5–8 → 11, 20x20/60 11 → 15); 12 fewer again."""

MAX_BITS = 1_800_000
"""Table size (positions × letters × 2, over all words) above which this search is not used:
building its tables would cost more than it saves (about 0.2 s per million)."""

STEPS_PER_WORD = 5000
"""Steps of the whole search per word to place (``--effort`` multiplies them). Twice 2,500
completed more of the frozen medium lists (20 seeds: 15x15/35 8 → 12, 20x20/60 16 → 18)."""

MOST_STEPS = 200_000
"""At most this many steps at effort 1 (about 4 s on one core), however many words."""

UNIT = 60
"""Steps of one short run per word to place (the Luby schedule multiplies it)."""

EDGE = 2.0
"""Among positions with as many crossings, how strongly those along the border are preferred
(per cell on it): a word along the edge leaves the open middle in one piece, not in strips.
Measured on the frozen medium lists: 12x12/25 16 → 18–20 of 20 seeds, 15x15/35 3 → 5–7."""

WEIGHT_STEP = 1.0
"""How much a word's weight grows each time a position would leave it no room: heavier words
are placed earlier (the search learns, across restarts, which words are hard to fit)."""


REPAIR_UNIT = 10
"""Steps of one repair per word to place."""

WINDOW = 5
"""Side of the square window a repair clears (or one more, at random). Measured
over 40 seeds on the frozen medium lists (layouts found / within 2 s): 5 or 6 gave 15x15/35
39/37, 20x20/60 39/35, 12x12/25 39/39; 6 alone 40/39, 40/30, 38/38; 4 alone 33/30 on 15x15/35."""

STALL = 150
"""Repairs in a row that gain nothing before the search starts afresh. With no fresh start
12x12/25 completed 16 of 20 seeds; 50, 150 and 400 gave 20, 20 and 19."""

Position = tuple[int, int, Direction, tuple[int, ...]]
"""A word's position: start row, start column, direction and the cells it covers."""


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
        rows, cols, topology = board.rows, board.cols, board.topology
        border = topology.border()
        filled = any(board.cells)  # letters or holes: positions must agree with them
        for word in self.words:
            space = topology.positions(len(word), options.directions)
            found: list[Position] = []
            # per letter of the word, per cell: the positions with that letter there
            having: dict[str, list[int]] = {x: [0] * (rows * cols) for x in set(word)}
            lists = [having[x] for x in word]
            for direction, r0, nr, c0, nc in space.parts:
                for r in range(r0, r0 + nr):
                    for c in range(c0, c0 + nc):
                        cells = tuple(topology.indexes(r, c, direction, len(word)))
                        if filled and not board.agrees(cells, word):
                            continue  # a hole or a letter already there that disagrees
                        bit = 1 << len(found)
                        found.append((r, c, direction, cells))
                        for at, i in zip(lists, cells, strict=True):
                            at[i] |= bit
            self.positions.append(found)
            self.edge.append([len(border.intersection(cells)) for *_, cells in found])
            # Positions not covering a cell stay open whatever letter it gets; of those covering
            # it, the ones with that letter there stay open too, if words may share cells.
            keep = [-1] * (rows * cols * self.letters)
            width = self.letters
            for i in range(rows * cols):
                covering = 0
                for masks in having.values():
                    covering |= masks[i]
                if covering:
                    keep[i * width : (i + 1) * width] = [~covering] * width
                    if self.sharing:
                        for x, masks in having.items():
                            if masks[i]:
                                keep[i * width + self.code[x]] = ~covering | masks[i]
            self.keep.append(keep)
            self.open.append((1 << len(found)) - 1)

    def key(self, cell: int, letter: str) -> int:
        """The number standing for ``letter`` in ``cell``, for :meth:`shrink`."""
        return cell * self.letters + self.code.get(letter, self.letters - 1)

    def shrink(self, open_sets: list[int], todo: Iterable[int], keys: Sequence[int]) -> None:
        """Close, for the words in ``todo``, the positions that disagree with the new letters
        (``keys`` from :meth:`key`)."""
        for k in todo:
            mask = open_sets[k]
            keep = self.keep[k]
            for key in keys:
                mask &= keep[key]
            open_sets[k] = mask


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def table_bits(words: Sequence[str], board: Board, options: Options) -> int:
    """About how many bits :class:`OpenPositions` would hold (to decide whether to use it)."""
    total = 0
    for word in words:
        space = board.topology.positions(len(word), options.directions)
        total += space.total * len(word) * 2
    return total


def place_crowded(
    words: Sequence[str], board: Board, options: Options, rng: Rng, *, share: float = 1.0
) -> list[Placement]:
    """Place all ``words`` on the empty ``board``; raise :class:`DoesNotFitError` (kind
    ``not_found``) naming the words that were hardest to fit if no layout is found.
    ``share`` scales the steps (a caller with a further search to run keeps some back)."""
    table = OpenPositions(words, board, options)
    placer = Placer(board, options, rng, letters=sum(len(w) for w in words))
    n = len(words)
    steps = int(min(STEPS_PER_WORD * n, MOST_STEPS) * board.budget.effort * share)
    unit = UNIT * n
    run = 0
    weight = [1.0] * n
    while placer.checks < steps:
        run += 1
        best = Layout()
        limit = min(steps, placer.checks + unit * luby(run))
        if _run(table, placer, rng, limit, weight, best):
            return [p for p in board.placements if p is not None]
        board.remove_all_placements()  # start afresh
        stall = 0
        while stall < STALL and placer.checks < steps:
            before = best.letters
            limit = min(steps, placer.checks + REPAIR_UNIT * n)
            if _repair(table, placer, rng, limit, weight, best):
                return [p for p in board.placements if p is not None]
            board.remove_all_placements()
            stall = 0 if best.letters > before else stall + 1
    hardest = sorted(range(n), key=lambda k: (-weight[k], k))[:3]
    raise no_layout_found(tuple(words[k] for k in hardest), board)


class Layout:
    """A partial layout (word -> position) and how many letters its words have.

    Repairs start from the deepest layout of a run and move to a layout holding at least as
    many letters. Counting letters, not words, matters: counting words, repairs drift to
    layouts of many short words that leave the long ones out (15x15/35 medium, 40 seeds: 36
    layouts counting words, 39 counting letters).
    """

    def __init__(self) -> None:
        self.positions: dict[int, int] = {}
        self.letters = 0


def _run(
    table: OpenPositions,
    placer: Placer,
    rng: Rng,
    limit: int,
    weight: list[float],
    best: Layout,
    fixed: dict[int, int] | None = None,
) -> bool:
    """One depth-first run with forward checking; True when every word stands.

    The words in ``fixed`` (word -> position) already stand on the board and stay; words that
    have no room beside them are left out of this run. ``best`` is updated to a deeper layout
    reached, or, when ``fixed`` is given, to one as deep (a step sideways)."""
    board, words = placer.board, table.words
    n = len(words)
    fixed = fixed or {}
    tiebreak = [rng.random() for _ in range(n)]
    # Backwards and diagonal shares, as in the first search: drawn per word, a preference only.
    groups: list[dict[Direction, int]] = []
    for _ in range(n):
        groups.append({d: g for g, group in enumerate(placer.direction_groups()) for d in group})
    open_sets = list(table.open)
    todo = set(range(n)) - fixed.keys()
    if fixed:
        written = {table.key(i, board.cells[i]) for cells in board.placement_cells for i in cells}
        table.shrink(open_sets, todo, list(written))
        todo = {k for k in todo if open_sets[k]}
    complete = len(fixed) + len(todo) == n
    letters = sum(len(words[k]) for k in fixed)
    deepest: tuple[int, dict[int, int]] = (0, {})
    # One frame per placed word: (word, its candidates, next candidate, open sets before, new cells)
    stack: list[tuple[int, list[tuple[int, list[int]]], int, list[int], list[int]]] = []
    choose = True
    while True:
        if placer.checks > limit or (choose and not todo and not complete):
            if fixed and deepest[0] == best.letters:
                best.positions = deepest[1]  # as many letters as before, placed otherwise
            return False
        if choose and not todo:
            # Stray copies are checked once the layout is complete: a new copy of a word turned
            # up in 12 of 42,000 placements measured, and checking each cost half the time.
            # Go back to the last placement that wrote a letter of a copy, if there is one.
            placer.checks += len(stack)
            culprit = next(
                (d for d in range(len(stack) - 1, -1, -1) if board.strays_through(stack[d][4])),
                None,
            )
            if culprit is None:
                # a copy among the fixed words' letters alone: none of this run's to undo
                return not (fixed and board.strays_through(range(len(board.cells))))
            while len(stack) > culprit + 1:
                k, *_, new = stack.pop()
                letters -= len(words[k])
                board.remove_last_placement(new)
                todo.add(k)
            choose = False
        if choose:
            k = min(
                todo,
                key=lambda j: (open_sets[j].bit_count() / weight[j], -len(words[j]), tiebreak[j]),
            )
            candidates = _ranked(table, k, open_sets, todo, board, rng, weight, groups[k])
            placer.checks += 1 + len(candidates) * len(todo) // 16
            frame_k, cands, at, before = k, candidates, 0, open_sets
        else:
            if not stack:
                if fixed and deepest[0] == best.letters:
                    best.positions = deepest[1]
                return False
            frame_k, cands, at, before, new = stack.pop()
            letters -= len(words[frame_k])
            board.remove_last_placement(new)
            open_sets = before
            todo.add(frame_k)
        placed = False
        while at < min(len(cands), TRIES):
            p, after = cands[at]
            r, c, direction, _ = table.positions[frame_k][p]
            at += 1
            done = placer.put(words[frame_k], r, c, direction)
            if done is None:
                continue
            _, new = done
            todo.discard(frame_k)
            stack.append((frame_k, cands, at, before, new))
            letters += len(words[frame_k])
            if letters > deepest[0]:
                layout = dict(fixed)
                for fk, fc, fat, *_ in stack:
                    layout[fk] = fc[fat - 1][0]
                deepest = (letters, layout)
                if letters > best.letters:
                    best.letters, best.positions = letters, layout
            open_sets = after
            placed = True
            break
        choose = placed


def _ranked(
    table: OpenPositions,
    k: int,
    open_sets: list[int],
    todo: set[int],
    board: Board,
    rng: Rng,
    weight: list[float],
    group: dict[Direction, int],
) -> list[tuple[int, list[int]]]:
    """The best open positions of word ``k`` with the open sets they leave, best first.

    The positions with the most crossings (then in the preferred directions, then along the
    border) are looked at, up to :data:`LOOK`; those that would leave some word no room at all
    are dropped, and among equals the ones that leave the other words the most room (the
    product of their open counts) come first.
    """
    cells = board.cells
    positions = table.positions[k]
    width = table.letters
    codes = [table.code[x] for x in table.words[k]]
    scored = []
    for p in _bits(open_sets[k]):
        crossings = sum(1 for i in positions[p][3] if cells[i])
        edge = EDGE * table.edge[k][p]
        scored.append((-crossings, group[positions[p][2]], rng.random() - edge, p))
    scored.sort()
    others = [j for j in todo if j != k]
    ranked = []
    for minus_crossings, g, _, p in scored[:LOOK]:
        keys = [i * width + x for i, x in zip(positions[p][3], codes, strict=True) if not cells[i]]
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


def _repair(
    table: OpenPositions,
    placer: Placer,
    rng: Rng,
    limit: int,
    weight: list[float],
    best: Layout,
) -> bool:
    """Clear a random window of the ``best`` layout: keep the words outside it, then place
    the words taken out and the missing ones that have room, in one short run."""
    board, words = placer.board, table.words
    rows, cols = board.rows, board.cols
    side = min(WINDOW + rng.below(2), rows, cols)
    r0, c0 = rng.below(rows - side + 1), rng.below(cols - side + 1)
    window = {r * cols + c for r in range(r0, r0 + side) for c in range(c0, c0 + side)}
    fixed = {k: p for k, p in best.positions.items() if window.isdisjoint(table.positions[k][p][3])}
    for k, p in fixed.items():  # they stood so before: no need to check that they fit
        r, c, direction, cells = table.positions[k][p]
        placer.stand(words[k], r, c, direction, cells)
    placer.checks += len(fixed) // 4
    board.budget.spend(len(fixed) // 4 + 1)
    return _run(table, placer, rng, limit, weight, best, fixed)
