"""The working grid shared by the place, decoy and fill steps.

A :class:`Board` holds the letters written so far and which placement owns each cell.
Its two questions carry the exactly-once guarantee while a puzzle is built:

* :meth:`Board.occurrences_through` – which listed words (read either way) now stand
  complete on a line through a cell, and
* :meth:`Board.forbidden_letters` – which letters would complete a word if written in an
  empty cell.

Both look only along the four axes through one cell, a window as wide as the longest
word, so each check costs the same however large the grid is.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from wortsuche.budget import Budget
from wortsuche.grid.lexicon import PIECE as PIECE
from wortsuche.grid.lexicon import Lexicon as Lexicon
from wortsuche.grid.topology import Flat, Topology
from wortsuche.grid.windows import Found as Found
from wortsuche.grid.windows import WindowReading, joins
from wortsuche.model import HOLE, Placement

LineIndexes = tuple[
    tuple[tuple[int, ...], ...],
    tuple[tuple[tuple[int, ...], ...], ...],
    tuple[tuple[int, ...], ...],
]
"""A board's lines, and per axis the line through each cell and the cell's place on it."""

EMPTY = ""


class Board:
    """A grid under construction: letters by flat cell index ``row * cols + col``.

    Its shape is its :class:`~wortsuche.grid.topology.Topology`: the lines the checks read, the
    holes (cells that hold :data:`~wortsuche.model.HOLE` from the start).
    """

    def __init__(self, topology: Topology, lexicon: Lexicon, budget: Budget | None = None) -> None:
        self.topology, self.lexicon = topology, lexicon
        self.rows, self.cols = rows, cols = topology.rows, topology.cols
        self.budget = budget if budget is not None else Budget()
        """The steps every construction step on this board spends from (:mod:`wortsuche.budget`)."""
        self.cells: list[str] = [EMPTY] * (rows * cols)
        for index in topology.holes:  # no cell: no word runs through it, the filler leaves it alone
            self.cells[index] = HOLE
        self.owners: list[tuple[int, ...]] = [()] * (rows * cols)
        """The placements through each cell: tuples, which the garbage collector stops tracking,
        where a list per cell kept a quarter of a million objects in every full collection."""
        self.placements: list[Placement | None] = []
        self.placement_cells: list[tuple[int, ...]] = []
        self.fixed: set[int] = set()
        """Cells written before the filler that it must never clear (a hidden message's)."""
        # The filled cells of each letter, and each cell's slot in its list (O(1) removal).
        self.by_letter: dict[str, list[int]] = {}
        self._slot: list[int] = [0] * (rows * cols)
        # The one place where lines with ends and lines that are cycles part: each check reads
        # the lines through a cell in the way of their kind, chosen here once.
        ends = not topology.cyclic
        self.windows = WindowReading(self, topology.cyclic)
        """The general reading of the lines through a cell (:mod:`wortsuche.grid.windows`)."""
        self._occurrences_of = self._occurrences_on_flat_lines if ends else self.windows.occurrences
        self._forbidden = self._forbidden_on_ends if ends else self.windows.forbidden
        self._may_complete = self._may_complete_on_ends if ends else _always
        self._strays_of = self._strays_along if ends else self._strays_read_round
        # Every line of the grid along each axis, as cell indexes, and for each axis the line
        # through each cell and the cell's place on it (a hole is on no line). Tuples of shared
        # ints: a tuple per cell and axis would be a million objects on 500 × 500, and the garbage
        # collector stops visiting a tuple of untracked items (the lists a full collection
        # visited were 670,000 references on 200 × 200, 30 ms a collection).
        lines, line_at, place_at = _line_indexes(topology)
        self.lines: list[tuple[int, ...]] = list(lines)
        self.line_at: list[tuple[tuple[int, ...], ...]] = list(line_at)
        self.place_at: list[tuple[int, ...]] = list(place_at)
        self.axes = range(len(topology.axes))
        """The numbers of the axes, for :attr:`line_at` and :attr:`place_at`."""
        self._line_and_place = list(zip(self.line_at, self.place_at, strict=True))
        self.cyclic = topology.cyclic
        """Every line comes back to its first cell: a word may run past a line's ends."""

    def close(self) -> None:
        """Let go of the letters, the line tables and the lexicon: the build is done with the
        board (the puzzle holds its own grid and placements). On 500 × 500 with 10,000 words they
        are about 100 MB, and the verifier that follows builds tables of its own; the board
        itself lives on in the reference cycles of its readings, set aside from the collector
        until the build ends."""
        self.lexicon = Lexicon(())
        self.cells, self.owners, self._slot = [], [], []
        self.placements, self.placement_cells, self.by_letter = [], [], {}
        self.lines, self.line_at, self.place_at, self._line_and_place = [], [], [], []

    @classmethod
    def sized(
        cls,
        rows: int,
        cols: int,
        lexicon: Lexicon,
        budget: Budget | None = None,
        holes: Iterable[int] = (),
    ) -> Board:
        """An empty flat ``rows`` × ``cols`` board with ``holes`` (flat indexes)."""
        return cls(Flat(rows, cols, frozenset(holes)), lexicon, budget)

    def index(self, cell: tuple[int, int]) -> int:
        """The cell index of ``(row, col)``."""
        return self.topology.index(cell)

    def cell(self, index: int) -> tuple[int, int]:
        """The ``(row, col)`` of a cell index."""
        return self.topology.cell(index)

    def agrees(self, indexes: Sequence[int], letters: str) -> bool:
        """True if each cell is empty or already holds its letter (a hole holds none)."""
        cells = self.cells
        return not any(cells[i] and cells[i] != x for i, x in zip(indexes, letters, strict=True))

    # --- the two checks -------------------------------------------------------------

    def occurrences_through(self, index: int) -> list[Found]:
        """Every listed word (or reversal) standing complete on a line through the filled cell."""
        found: list[Found] = []
        lexicon, centre = self.lexicon, self.cells[index]
        if centre not in lexicon.letters:
            return found
        if centre in lexicon.single_letters:
            found.append(Found(centre, index, index))
        self._occurrences_of(index, centre, found)
        return found

    def _occurrences_on_flat_lines(
        self, index: int, centre: str, found: list[Found], skip: int = -1
    ) -> None:
        """:meth:`occurrences_through` on flat lines (but the axis ``skip``): the same finds in the
        same order as the window reading."""
        for axis in self.axes:
            if axis != skip:
                self._occurrences_on_flat_line(index, centre, axis, found)

    def _occurrences_on_flat_line(
        self, index: int, centre: str, axis: int, found: list[Found]
    ) -> None:
        """The finds through ``index`` on its flat line along ``axis``. Each side is read once,
        keeping how many letters before the centre begin a listed string with it and how many
        after it end one, as :meth:`forbidden_letters` does."""
        cells, lexicon = self.cells, self.lexicon
        line, pos = self.line_at[axis][index], self.place_at[axis][index]
        starts, left = beginnings_before(cells, lexicon, line, pos, centre)
        stops, right = endings_after(cells, lexicon, line, pos, centre)
        if len(left) == 1 and len(right) == 1:
            return
        strings, size = lexicon.strings, len(left)
        for k, m in joins(starts, stops, lexicon, len(line)):
            piece = left[size - 1 - k :] + right[1 : m + 1]
            if piece in strings:
                found.append(Found(piece, line[pos - k], line[pos + m]))

    def may_complete(self, index: int, letter: str) -> bool:
        """False only if ``letter`` written in the empty cell completes no listed word; True
        means it might (then :meth:`forbidden_letters` knows). On a cyclic line always True."""
        return self._may_complete(index, letter)

    def _may_complete_on_ends(self, index: int, letter: str) -> bool:
        """False only if ``letter`` written in the empty cell completes no listed word; True
        means it might (then :meth:`forbidden_letters` knows). Asks a few neighbours, not the runs.

        A word of three or more letters through the cell covers the cell and two neighbours in a
        row on its line, and any three letters of a word are one of its pieces; a word of two is
        the cell and one neighbour.
        """
        lexicon = self.lexicon
        if letter in lexicon.single_letters:
            return True
        pieces, strings, cells = lexicon.pieces, lexicon.strings, self.cells
        pairs = 2 in lexicon.length_set
        for axis in self.axes:
            line, pos = self.line_at[axis][index], self.place_at[axis][index]
            left = cells[line[pos - 1]] if pos else ""
            right = cells[line[pos + 1]] if pos + 1 < len(line) else ""
            if left:
                if pairs and left + letter in strings:
                    return True
                farther = cells[line[pos - 2]] if pos > 1 else ""
                if farther and farther + left + letter in pieces:
                    return True
                if right and left + letter + right in pieces:
                    return True
            if right:
                if pairs and letter + right in strings:
                    return True
                farther = cells[line[pos + 2]] if pos + 2 < len(line) else ""
                if farther and letter + right + farther in pieces:
                    return True
        return False

    def forbidden_letters(self, index: int) -> set[str]:
        """The letters that would complete a listed word if written in the empty cell."""
        # The filler asks this for every free cell: on flat lines each side is read once, keeping
        # the runs that begin (before) or end (after) a word, with no window string per step;
        # a pair of runs is looked up only if it makes a listed length with the cell.
        return self._forbidden(index)

    def _forbidden_on_ends(self, index: int) -> set[str]:
        """:meth:`forbidden_letters` on lines with ends: on each axis the runs of letters before
        the cell that begin a listed string and those after it that end one, read as far as
        :meth:`~wortsuche.grid.windows.WindowReading._sides` reads (in one loop each over a slice
        of the line, no call: the filler asks this for each of 190,000 free cells on 500 × 500),
        paired where they make a listed length with the cell."""
        lexicon, cells = self.lexicon, self.cells
        forbidden = set(lexicon.single_letters)
        holes, lengths = lexicon.holes, lexicon.length_set
        beginnings, endings, pieces = lexicon.beginnings, lexicon.endings, lexicon.pieces
        reach = lexicon.longest - 1  # letters read on each side at most
        for line_at, place_at in self._line_and_place:
            line, pos = line_at[index], place_at[index]
            starts = [""]
            if pos and cells[line[pos - 1]]:
                left = ""
                for i in line[pos - 1 : pos - 1 - reach if pos > reach else None : -1]:
                    letter = cells[i]
                    if not letter:
                        break
                    left = letter + left
                    if left in beginnings:  # then its first letters are a piece too
                        starts.append(left)
                    elif left[:PIECE] not in pieces:
                        break
            stops = [""]
            if pos + 1 < len(line) and cells[line[pos + 1]]:
                right = ""
                for i in line[pos + 1 : pos + 1 + reach]:
                    letter = cells[i]
                    if not letter:
                        break
                    right += letter
                    if right in endings:  # then its last letters are a piece too
                        stops.append(right)
                    elif right[-PIECE:] not in pieces:
                        break
            # No check against the line's length: on a flat line the runs on both sides fit.
            for start in starts:
                key, size = start + ".", len(start) + 1
                for stop in stops if start else stops[1:]:  # a hole alone is a one-letter word
                    if size + len(stop) in lengths:
                        letters = holes.get(key + stop)
                        if letters:
                            forbidden.update(letters)
        return forbidden

    def is_allowed(self, found: Found) -> bool:
        """True if ``found`` is a placed word itself or lies inside a longer placed word."""
        first_owners = self.owners[found.first]
        if not first_owners:
            return False
        last_owners = self.owners[found.last]
        n = len(found.letters)
        if found.cells:  # cyclic lines: the placement must hold exactly these cells in a row
            return any(
                pid in last_owners and _holds(self.placement_cells[pid], found.cells)
                for pid in first_owners
            )
        return any(
            pid in last_owners and len(self.placement_cells[pid]) >= n for pid in first_owners
        )

    def strays_through(self, indexes: Sequence[int]) -> list[Found]:
        """The occurrences through any of ``indexes`` that are neither a placement nor inside one."""
        return [
            found
            for index in indexes
            for found in self.occurrences_through(index)
            if not self.is_allowed(found)
        ]

    def strays_of(self, pid: int, new: Sequence[int]) -> list[Found]:
        """:meth:`strays_through` the cells ``new`` that placement ``pid`` has just filled, read
        along the placement's own line from its two end cells only.

        Along that line a find through a new cell either lies inside the placement (allowed) or
        runs past one of its ends, so through that end cell; the new cells are read one by one on
        the other axes. The same strays (a find through an end cell counts only if it covers a new
        cell), fewer reads: a word's own line is the longest read of every one of its cells.
        """
        cells_of = self.placement_cells[pid]
        first, last = cells_of[0], cells_of[-1]
        own = next(
            (
                a
                for a in self.axes
                if first != last and self.line_at[a][first] is self.line_at[a][last]
            ),
            None,
        )
        return self._strays_of(new, own, first, last)

    def _strays_read_round(
        self, new: Sequence[int], own: int | None, first: int, last: int
    ) -> list[Found]:
        """:meth:`strays_of` on lines that are cycles: every new cell read on every axis."""
        return self.strays_through(new)

    def _strays_along(
        self, new: Sequence[int], own: int | None, first: int, last: int
    ) -> list[Found]:
        """:meth:`strays_of` on lines with ends: the placement's own line read from its ends."""
        if own is None or not new:
            return self.strays_through(new)
        cells, lexicon = self.cells, self.lexicon
        letters, single_letters = lexicon.letters, lexicon.single_letters
        found: list[Found] = []
        for index in new:
            centre = cells[index]
            if centre in letters:
                if centre in single_letters:
                    found.append(Found(centre, index, index))
                self._occurrences_on_flat_lines(index, centre, found, skip=own)
        place = self.place_at[own]
        places = [place[i] for i in new]
        for end in (first, last):
            through: list[Found] = []
            self._occurrences_on_flat_line(end, cells[end], own, through)
            for f in through:
                low, high = place[f.first], place[f.last]
                if any(low <= p <= high for p in places):
                    found.append(f)
        return [f for f in found if not self.is_allowed(f)]

    # --- changing the board ---------------------------------------------------------

    def write(self, indexes: Sequence[int], letters: str) -> list[int]:
        """Write letters into cells; return the indexes that were empty before."""
        new = []
        for i, letter in zip(indexes, letters, strict=True):
            if self.cells[i]:
                continue
            new.append(i)
            self.cells[i] = letter
            same = self.by_letter.setdefault(letter, [])
            self._slot[i] = len(same)
            same.append(i)
        return new

    def erase(self, indexes: Sequence[int]) -> None:
        """Empty the cells again."""
        for i in indexes:
            same = self.by_letter[self.cells[i]]
            moved = same[-1]
            same[self._slot[i]] = moved
            self._slot[moved] = self._slot[i]
            same.pop()
            self.cells[i] = EMPTY

    def empty_count(self) -> int:
        """How many cells hold neither a letter nor a hole."""
        return sum(1 for x in self.cells if not x)

    def letter_cells(self, letter: str) -> Sequence[int]:
        """The filled cells holding ``letter`` (a live view: do not change it)."""
        return self.by_letter.get(letter, ())

    def add_placement(self, placement: Placement, indexes: Sequence[int]) -> int:
        """Record that ``placement`` owns ``indexes`` (letters already written); return its id."""
        pid = len(self.placements)
        self.placements.append(placement)
        self.placement_cells.append(tuple(indexes))
        for i in indexes:
            self.owners[i] += (pid,)
        return pid

    def remove_last_placement(self, new_cells: Sequence[int]) -> None:
        """Undo the most recent placement, emptying the cells it filled."""
        pid = len(self.placements) - 1
        for i in self.placement_cells[pid]:
            owners = self.owners[i]
            at = owners.index(pid)
            self.owners[i] = owners[:at] + owners[at + 1 :]
        self.placements.pop()
        self.placement_cells.pop()
        self.erase(new_cells)

    def remove_all_placements(self) -> None:
        """Undo every placement, last first, emptying the cells (a search starting afresh)."""
        while self.placements:
            pid = len(self.placements) - 1
            self.remove_last_placement(
                [i for i in self.placement_cells[pid] if self.owners[i] == (pid,)]
            )

    def rows_text(self) -> list[str]:
        """The grid as row strings (every cell must be filled)."""
        return ["".join(self.cells[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)]


def _always(index: int, letter: str) -> bool:
    """True: on a cyclic line any letter might complete a word (:meth:`Board.may_complete`)."""
    return True


def _holds(cells: tuple[int, ...], run: tuple[int, ...]) -> bool:
    """True if ``run`` stands in ``cells`` as consecutive cells, either way round."""
    if len(run) > len(cells) or run[0] not in cells:
        return False
    at, n = cells.index(run[0]), len(run)
    return cells[at : at + n] == run or (at + 1 >= n and cells[at - n + 1 : at + 1] == run[::-1])


def beginnings_before(
    cells: list[str], lexicon: Lexicon, line: tuple[int, ...], pos: int, centre: str
) -> tuple[list[int], str]:
    """How many letters before ``line[pos]`` on a flat line begin a listed string with the
    letter ``centre`` there (0: the centre alone begins one), and the letters read up to it."""
    pieces, beginnings = lexicon.pieces, lexicon.beginnings
    starts, left = [0] if centre in beginnings else [], centre
    for k in range(pos - 1, max(pos - lexicon.longest, -1), -1):
        letter = cells[line[k]]
        if not letter:
            break
        left = letter + left
        if left in beginnings:
            starts.append(pos - k)
        elif left[:PIECE] not in pieces:
            break
    return starts, left


def endings_after(
    cells: list[str], lexicon: Lexicon, line: tuple[int, ...], pos: int, centre: str
) -> tuple[list[int], str]:
    """How many letters after ``line[pos]`` on a flat line end a listed string with the letter
    ``centre`` there (0: the centre alone ends one), and the letters read from it."""
    pieces, endings = lexicon.pieces, lexicon.endings
    stops, right = [0] if centre in endings else [], centre
    for k in range(pos + 1, min(pos + lexicon.longest, len(line))):
        letter = cells[line[k]]
        if not letter:
            break
        right += letter
        if right in endings:
            stops.append(k - pos)
        elif right[-PIECE:] not in pieces:
            break
    return stops, right


KEPT_BOARD_CELLS = 10_000
"""Topologies of at most this many cells keep their lines' indexes for the next board
(:func:`_line_indexes`): a small puzzle spends a twentieth of its time making them, a large one
little beside placing, and its indexes would hold much memory."""


def _line_indexes(topology: Topology) -> LineIndexes:
    """:class:`Board`'s lines, and for each axis the line through each cell and the cell's place
    on it, as tuples (never changed: one set serves every board of the topology)."""
    if topology.size > KEPT_BOARD_CELLS or not _hashable(topology):
        return _made_line_indexes(topology)
    return _kept_line_indexes(topology)


def _hashable(topology: Topology) -> bool:
    """Whether ``topology`` can be a key (one made with a set of holes cannot)."""
    try:
        hash(topology)
    except TypeError:
        return False
    return True


@functools.lru_cache(maxsize=8)
def _kept_line_indexes(topology: Topology) -> LineIndexes:
    return _made_line_indexes(topology)


def _made_line_indexes(topology: Topology) -> LineIndexes:
    """:func:`_line_indexes`, made now."""
    rows, cols = topology.rows, topology.cols
    index_line = _index_round_line if topology.cyclic else _index_line
    every = [(axis, tuple(line)) for axis, line in topology.index_lines()]
    places = list(range(max((len(line) for _, line in every), default=0)))
    lines: list[tuple[int, ...]] = []
    line_ats: list[tuple[tuple[int, ...], ...]] = []
    place_ats: list[tuple[int, ...]] = []
    for axis in topology.axes:
        line_at: list[tuple[int, ...]] = [()] * (rows * cols)
        place_at = [0] * (rows * cols)
        for line in (line for line_axis, line in every if line_axis is axis):
            index_line(line, line_at, place_at, places)
            lines.append(line)
        line_ats.append(tuple(line_at))
        place_ats.append(tuple(place_at))
    return tuple(lines), tuple(line_ats), tuple(place_ats)


def _index_line(
    line: tuple[int, ...], line_at: list[Any], place_at: list[int], places: list[int]
) -> None:
    """Record ``line`` as the line through each of its cells, and each cell's place on it.
    A line with ends has evenly spaced indexes: one slice assignment each."""
    n, first, last = len(line), line[0], line[-1]
    step = (last - first) // (n - 1) if n > 1 else 1
    end = last + (1 if step > 0 else -1)
    cells = slice(first, end if end >= 0 else None, step)
    line_at[cells], place_at[cells] = [line] * n, places[:n]


def _index_round_line(
    line: tuple[int, ...], line_at: list[Any], place_at: list[int], places: list[int]
) -> None:
    """:func:`_index_line` for a line that is a cycle: it jumps from edge to edge."""
    for pos, index in enumerate(line):
        line_at[index], place_at[index] = line, places[pos]
