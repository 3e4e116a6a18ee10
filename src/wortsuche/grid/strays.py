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
ownership asked, and the reading stops at the first word; a cell with a letter beside it on one
side only is read on that side alone (a word through it ends or begins there). The placement's own
line is read from its end cells as :meth:`~wortsuche.grid.board.Board.strays_of` reads it, and
only from an end with a letter beyond it: a find that stays within the placement lies inside it.
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
    place, line = board.place_at[own], line_at[own][first]
    places = [place[i] for i in new]
    low, high = sorted((place[first], place[last]))
    cells = board.cells
    # Along its own line a find through a new cell that stays within the placement lies
    # inside it, which is allowed: only a find past an end counts, so an end is read only
    # where the cell beyond it holds a letter.
    for end, beyond in ((line[low], low - 1), (line[high], high + 1)):
        if not (0 <= beyond < len(line) and cells[line[beyond]]):
            continue
        through: list[Found] = []
        board._occurrences_on_flat_line(end, cells[end], own, through)
        for found in through:
            since, until = place[found.first], place[found.last]
            if any(since <= p <= until for p in places) and not board.is_allowed(found):
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
            before = cells[line[pos - 1]] if pos else ""
            after = cells[line[pos + 1]] if pos + 1 < len(line) else ""
            # No neighbour on this line: no word of two letters or more through the cell; a
            # neighbour on one side only: the word ends (or begins) at the cell.
            if before:
                if after:
                    found = _spells_through(cells, lexicon, line, pos, centre)
                else:
                    found = _ends_at(cells, lexicon, line, pos, centre)
            elif after:
                found = _begins_at(cells, lexicon, line, pos, centre)
            else:
                continue
            if found:
                return True
    return False


def _ends_at(
    cells: list[str], lexicon: Lexicon, line: tuple[int, ...], pos: int, centre: str
) -> bool:
    """Whether a listed string of two letters or more ends at ``line[pos]`` (which holds
    ``centre``): the letters before it are read while they and the cell end a listed string."""
    strings, endings = lexicon.strings, lexicon.endings
    text = centre
    for k in range(pos - 1, max(pos - lexicon.longest, -1), -1):
        letter = cells[line[k]]
        if not letter:
            return False
        text = letter + text
        if text not in endings:
            return False
        if text in strings:
            return True
    return False


def _begins_at(
    cells: list[str], lexicon: Lexicon, line: tuple[int, ...], pos: int, centre: str
) -> bool:
    """Whether a listed string of two letters or more begins at ``line[pos]`` (which holds
    ``centre``): the letters after it are read while the cell and they begin a listed string."""
    strings, beginnings = lexicon.strings, lexicon.beginnings
    text = centre
    for k in range(pos + 1, min(pos + lexicon.longest, len(line))):
        letter = cells[line[k]]
        if not letter:
            return False
        text += letter
        if text not in beginnings:
            return False
        if text in strings:
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
