"""Step 2 of the pipeline for full grids whose words never cross: packing them in lines.

When words may not share cells and their letters nearly fill the grid, laying them one by one
leaves gaps that no remaining word fits. Seen as a whole, the task is bin packing: the grid's
lines are bins, the words' lengths the items. This search

* splits the grid into a block of rows (words run across) and a block of columns (words run
  down), as the allowed directions permit, and takes each stretch of cells between holes in
  them as a bin,
* packs the lengths into the bins depth first, longest word first, best fitting bin first,
  and goes back as soon as the cells no remaining word fits in outnumber the spare cells,
* lays the words of each bin in random order with the spare cells between them at random,
  and writes them through :meth:`~wortsuche.placement.kernel.Placer.put`; a layout that
  spells a stray copy of a word is laid out afresh.

It runs after the quick search gave up and before the search with open positions
(:mod:`~wortsuche.placement.choice`), and its budget counts steps like theirs, so the same seed
gives the same layout everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from wortsuche.budget import SearchBudget
from wortsuche.errors import DoesNotFitError
from wortsuche.grid.board import Board
from wortsuche.model import HOLE, Crossing, Direction, Options, Placement
from wortsuche.notes import Note
from wortsuche.placement.kernel import Placer
from wortsuche.rand import Rng

STEPS_PER_WORD = 2000
"""Steps of the packing search per word (``--effort`` multiplies them)."""

MOST_STEPS = 200_000
"""At most this many steps at effort 1, however many words."""

SPLITS = 6
"""How many ways of splitting the grid into rows and columns are tried (each with an equal
share of the steps)."""

LAYOUTS = 8
"""How often a packing is laid out afresh when its layout spells a stray copy of a word."""

ACROSS = (Direction.E, Direction.W)
DOWN = (Direction.S, Direction.N)

Bin = tuple[Direction, int, int, int]
"""A stretch of free cells: the way words run in it (E or S), its first row and column, and
its length."""


def packs(board: Board, options: Options) -> bool:
    """Whether this search applies: words that never cross, running along rows or columns,
    on a flat grid."""
    allowed = set(options.directions)
    return (
        options.crossing is Crossing.NEVER and not board.cyclic and bool(allowed & {*ACROSS, *DOWN})
    )


def place(
    words: Sequence[str], board: Board, options: Options, rng: Rng, budget: SearchBudget
) -> list[Placement]:
    """Place all ``words`` on the empty ``board`` without crossings by packing them into its
    lines; raise :class:`DoesNotFitError` (kind ``not_found``) if no packing is found."""
    placer = Placer(board, options, rng, budget, letters=sum(len(w) for w in words))
    n = len(words)
    steps = int(min(STEPS_PER_WORD * n, MOST_STEPS) * budget.effort * budget.share)
    across = [d for d in options.directions if d in ACROSS]
    down = [d for d in options.directions if d in DOWN]
    splits = _splits(board.rows, bool(across), bool(down), rng)
    for number, (top, split) in enumerate(splits):
        bins = _bins(board, top, split)
        limit = budget.used + (steps - budget.used) // (len(splits) - number)
        packing = _pack([len(w) for w in words], [b[3] for b in bins], placer, limit)
        if packing is None:
            continue
        for _ in range(LAYOUTS):
            if _lay_out(words, bins, packing, placer, across, down):
                return placer.placements()
            board.remove_all_placements()
    longest = tuple(sorted(words, key=lambda w: (-len(w), w))[:3])
    raise DoesNotFitError(
        Note(
            f"no layout found: {', '.join(longest)} and the others did not pack into "
            f"{board.rows}x{board.cols} without crossing",
            key="error.no-packing",
            values={"words": ", ".join(longest), "size": f"{board.rows}x{board.cols}"},
        ),
        words=longest,
        kind="not_found",
    )


def _splits(rows: int, across: bool, down: bool, rng: Rng) -> list[tuple[bool, int]]:
    """Ways to split the grid: (rows block on top, number of rows in it), to try in order.

    With both ways allowed, mixes come first at random (words across and down look more like
    a word search), then all rows and all columns; the block of rows goes on top or at the
    bottom by lot.
    """
    if not down:
        return [(True, rows)]
    if not across:
        return [(True, 0)]
    middle = rng.shuffled(range(1, rows))[: SPLITS - 2]
    return [(rng.random() < 0.5, k) for k in [*middle, rows, 0]]


def _bins(board: Board, top: bool, split: int) -> list[Bin]:
    """The stretches between holes: across in ``split`` rows (at the top or bottom), down in
    the columns of the other rows."""
    rows, cols, cells, index = board.rows, board.cols, board.cells, board.topology.index
    across_rows = range(split) if top else range(rows - split, rows)
    down_rows = range(split, rows) if top else range(rows - split)
    bins: list[Bin] = []

    def stretches(direction: Direction, line: list[tuple[int, int]]) -> None:
        start = 0
        for i, (r, c) in enumerate([*line, (-1, -1)]):
            if r < 0 or cells[index((r, c))] == HOLE:
                if i > start:
                    bins.append((direction, *line[start], i - start))
                start = i + 1

    for r in across_rows:
        stretches(Direction.E, [(r, c) for c in range(cols)])
    if down_rows:
        for c in range(cols):
            stretches(Direction.S, [(r, c) for r in down_rows])
    return bins


def _pack(lengths: list[int], rooms: list[int], placer: Placer, limit: int) -> list[int] | None:
    """Which bin each word goes in, or None when the steps run out or none fits.

    Words of one length are alike here, so the search fills one bin after another, largest
    first, with a number of words of each length (the fullest fillings first), and a filling
    must leave at most as much room unused as the words left can spare. A state that failed
    once (this bin, these words left) is remembered and not searched again.
    """
    sizes = sorted(set(lengths), reverse=True)
    left = [lengths.count(size) for size in sizes]
    order = sorted(range(len(rooms)), key=lambda b: -rooms[b])
    tail = [sum(rooms[b] for b in order[i:]) for i in range(len(order) + 1)]
    if tail[0] < sum(lengths):
        return None

    def fillings(depth: int) -> Iterator[tuple[int, ...]]:
        unused = tail[depth] - sum(x * size for x, size in zip(left, sizes, strict=True))
        return _fillings(rooms[order[depth]], sizes, list(left), unused)

    budget = placer.budget
    failed: set[tuple[int, tuple[int, ...]]] = set()
    chosen: list[tuple[int, ...]] = []
    stack = [fillings(0)] if order and lengths else []
    while stack:
        budget.spend()
        if budget.used > limit:
            return None
        depth = len(stack) - 1
        filling = next(stack[-1], None)
        if filling is None:  # no filling of this bin works: go back one bin
            stack.pop()
            failed.add((depth, tuple(left)))
            if chosen:
                for j, x in enumerate(chosen.pop()):
                    left[j] += x
            continue
        for j, x in enumerate(filling):
            left[j] -= x
        if not any(left):
            chosen.append(filling)
            return _assigned(lengths, sizes, order, chosen, placer.rng)
        if depth + 1 == len(order) or (depth + 1, tuple(left)) in failed:
            for j, x in enumerate(filling):
                left[j] += x
            continue
        chosen.append(filling)
        stack.append(fillings(depth + 1))
    return [] if not lengths else None


def _fillings(
    room: int, sizes: list[int], left: list[int], unused: int
) -> Iterator[tuple[int, ...]]:
    """The ways to put words into one bin: how many of each size (``sizes`` longest first,
    ``left`` of each), leaving at most ``unused`` of its ``room`` empty; fullest first."""
    n = len(sizes)
    counts = [0] * n
    rest = [sum(x * size for x, size in zip(left[j:], sizes[j:], strict=True)) for j in range(n)]
    rest.append(0)

    def fill(j: int, free: int) -> Iterator[tuple[int, ...]]:
        if free - rest[j] > unused:  # even every word left would leave too much room
            return
        if j == n:
            yield tuple(counts)
            return
        for x in range(min(left[j], free // sizes[j]), -1, -1):
            counts[j] = x
            yield from fill(j + 1, free - x * sizes[j])
        counts[j] = 0

    return fill(0, room)


def _assigned(
    lengths: list[int], sizes: list[int], order: list[int], chosen: list[tuple[int, ...]], rng: Rng
) -> list[int]:
    """The bin of each word, drawn at random among the words of its length."""
    by_size = {
        size: rng.shuffled([k for k, n in enumerate(lengths) if n == size]) for size in sizes
    }
    bins = [0] * len(lengths)
    for b, filling in zip(order, chosen, strict=False):
        for size, x in zip(sizes, filling, strict=True):
            for _ in range(x):
                bins[by_size[size].pop()] = b
    return bins


def _lay_out(
    words: Sequence[str],
    bins: list[Bin],
    packing: list[int],
    placer: Placer,
    across: list[Direction],
    down: list[Direction],
) -> bool:
    """Write the words bin by bin, in random order with the spare cells between them at random;
    True unless the layout spells a stray copy of a word."""
    board, rng = placer.board, placer.rng
    members: list[list[int]] = [[] for _ in bins]
    for k, b in enumerate(packing):
        members[b].append(k)
    written: list[int] = []
    for (way, r, c, length), inside in zip(bins, members, strict=True):
        if not inside:
            continue
        rng.shuffle(inside)
        spare = length - sum(len(words[k]) for k in inside)
        gaps = [0] * (len(inside) + 1)
        for _ in range(spare):
            gaps[rng.below(len(gaps))] += 1
        dr, dc = way.step
        at = 0
        for k, gap in zip(inside, gaps, strict=False):
            at += gap
            word = words[k]
            end = at + len(word) - 1
            choice = [d for group in placer.direction_groups() for d in group]
            direction = next(d for d in choice if d in (across if way is Direction.E else down))
            start = at if direction is way else end
            done = placer.put(word, r + dr * start, c + dc * start, direction)
            if done is None:  # cannot happen: the stretch is free
                return False
            written.extend(done[1])
            at = end + 1
    return not board.strays_through(written)
