"""Whether a placement just written leaves a stray: the quick search's question, answered as soon
as the first stray is seen.

:meth:`~wortsuche.grid.board.Board.strays_of` lists every stray of a placement; a search that only
takes the position or refuses it needs to know whether there is one. On a flat board two facts make
that cheaper than the list:

* a word of two letters or more read through a new cell across the placement's own line is
  always a stray: a placement holding both its ends would lie on that line and hold the new
  cell too, which only the new placement holds (two cells lie on one line at most);
* a single letter in a new cell lies inside the new placement, so it is never a stray.

So the cells across the line are read with no :class:`~wortsuche.grid.board.Found` made and no
ownership asked, and the reading stops at the first word; the placement's own line is read from its
two end cells as :meth:`~wortsuche.grid.board.Board.strays_of` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence

from wortsuche.grid.board import Board, Found, Lexicon, beginnings_before, endings_after


def has_stray(board: Board, pid: int, new: Sequence[int]) -> bool:
    """``bool(board.strays_of(pid, new))``: whether placement ``pid``, which has just filled the
    cells ``new``, completes a listed word that is neither a placement nor inside one."""
    cells_of = board.placement_cells[pid]
    first, last = cells_of[0], cells_of[-1]
    if board.cyclic or first == last or not new:
        return bool(board.strays_of(pid, new))
    line_at = board.line_at
    own = next((a for a in board.axes if line_at[a][first] is line_at[a][last]), None)
    if own is None:
        return bool(board.strays_of(pid, new))
    if _spells_across(board, own, new):
        return True
    place = board.place_at[own]
    places = [place[i] for i in new]
    for end in (first, last):
        through: list[Found] = []
        board._occurrences_on_flat_line(end, board.cells[end], own, through)
        for found in through:
            low, high = place[found.first], place[found.last]
            if any(low <= p <= high for p in places) and not board.is_allowed(found):
                return True
    return False


def _spells_across(board: Board, own: int, new: Sequence[int]) -> bool:
    """Whether a listed string of two letters or more stands on a line through one of the cells
    ``new`` along an axis other than ``own`` (the reading of
    :meth:`~wortsuche.grid.board.Board._occurrences_on_flat_line`, stopped at its first find)."""
    cells, lexicon = board.cells, board.lexicon
    letters = lexicon.letters
    across = [(board.line_at[axis], board.place_at[axis]) for axis in board.axes if axis != own]
    for index in new:
        centre = cells[index]
        if centre not in letters:
            continue
        for line_of, place_of in across:
            line, pos = line_of[index], place_of[index]
            # No neighbour on this line: no word of two letters or more through the cell.
            near = (pos and cells[line[pos - 1]]) or (pos + 1 < len(line) and cells[line[pos + 1]])
            if near and _spells_through(cells, lexicon, line, pos, centre):
                return True
    return False


def _spells_through(
    cells: list[str], lexicon: Lexicon, line: tuple[int, ...], pos: int, centre: str
) -> bool:
    """Whether a listed string of two letters or more through ``line[pos]`` stands on ``line``.

    A string through the cell is some end of the letters before it (which with the cell begins a
    listed string) and some start of those after it (which ends one with the cell)."""
    starts, left = beginnings_before(cells, lexicon, line, pos, centre)
    if not starts:
        return False
    stops, right = endings_after(cells, lexicon, line, pos, centre)
    strings, lengths, size = lexicon.strings, lexicon.length_set, len(left)
    for k in starts:
        head = left[size - 1 - k :]
        for m in stops:
            if (k or m) and k + m + 1 in lengths and head + right[1 : m + 1] in strings:
                return True
    return False
