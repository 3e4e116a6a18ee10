"""The board's general reading of the lines through a cell: a window as wide as the longest word
on each side of it, read on lines with ends or round lines that are cycles.

Lines that are cycles are read only this way, as a word may run past their ends; on lines with
ends the board reads faster (:mod:`wortsuche.grid.board`) and this reading is the plain reference
it is held to. What it finds is a :class:`Found`.

>>> found = Found("ABC", 0, 2)
>>> found.letters, found.cells
('ABC', ())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from wortsuche.grid.lexicon import PIECE, Lexicon


@dataclass(frozen=True)
class Found:
    """A complete word on the board: its letters as read, from ``first`` to ``last`` cell index."""

    letters: str
    first: int
    last: int
    cells: tuple[int, ...] = ()
    """Every cell, on a cyclic topology only: there two cells may lie on more than one line."""


class Lines(Protocol):
    """What the window reading reads of a board (:class:`~wortsuche.grid.board.Board`), as it
    stands at each reading: its letters by cell, its lexicon, and for each axis the line through
    each cell and the cell's place on it."""

    cells: list[str]
    lexicon: Lexicon
    line_at: list[tuple[tuple[int, ...], ...]]
    place_at: list[tuple[int, ...]]
    axes: range


class WindowReading:
    """The window reading of ``board``'s lines; ``cyclic`` if every line comes back to its first
    cell."""

    def __init__(self, board: Lines, cyclic: bool) -> None:
        self.board = board
        self._sides = self._sides_around if cyclic else self._sides_to_ends
        self._found = _found_round if cyclic else _found_between_ends

    def _sides_to_ends(
        self, index: int, axis: int, centre: str
    ) -> tuple[tuple[int, ...], int, str, str]:
        """The line through ``index`` on ``axis``, the cell's place on it, and the letters on each side
        that can still be part of one word through the cell holding ``centre`` ("" if empty)."""
        board = self.board
        line, pos = board.line_at[axis][index], board.place_at[axis][index]
        cells, pieces = board.cells, board.lexicon.pieces
        reach = board.lexicon.longest - 1
        left, k = "", pos - 1
        while k >= 0 and len(left) < reach:
            letter = cells[line[k]]
            if not letter or (letter + left + centre)[:PIECE] not in pieces:
                break
            left = letter + left
            k -= 1
        right, k, end = "", pos + 1, len(line)
        while k < end and len(right) < reach:
            letter = cells[line[k]]
            if not letter or (centre + right + letter)[-PIECE:] not in pieces:
                break
            right += letter
            k += 1
        return line, pos, left, right

    def _sides_around(
        self, index: int, axis: int, centre: str
    ) -> tuple[tuple[int, ...], int, str, str]:
        """:meth:`_sides_to_ends` on a cyclic line: it goes on past its ends, at most once round."""
        board = self.board
        line, pos = board.line_at[axis][index], board.place_at[axis][index]
        cells, pieces, n = board.cells, board.lexicon.pieces, len(line)
        reach = min(board.lexicon.longest - 1, n - 1)
        left, k = "", pos - 1
        while len(left) < reach:
            letter = cells[line[k % n]]
            if not letter or (letter + left + centre)[:PIECE] not in pieces:
                break
            left = letter + left
            k -= 1
        right, k = "", pos + 1
        while len(right) < reach:
            letter = cells[line[k % n]]
            if not letter or (centre + right + letter)[-PIECE:] not in pieces:
                break
            right += letter
            k += 1
        return line, pos, left, right

    def occurrences(self, index: int, centre: str, found: list[Found]) -> None:
        """:meth:`~wortsuche.grid.board.Board.occurrences_through` read through :meth:`_sides`
        (but the single letters): every listed word through the cell holding ``centre``."""
        lexicon = self.board.lexicon
        beginnings, endings = lexicon.beginnings, lexicon.endings
        for axis in self.board.axes:
            line, pos, left, right = self._sides(index, axis, centre)
            if not left and not right:
                continue
            # A word through the centre is some end of ``left`` + centre + some start of ``right``.
            starts = [
                k for k in range(len(left) + 1) if left[len(left) - k :] + centre in beginnings
            ]
            stops = [m for m in range(len(right) + 1) if centre + right[:m] in endings]
            for k, m in joins(starts, stops, lexicon, len(line)):
                piece = left[len(left) - k :] + centre + right[:m]
                if piece in lexicon.strings:
                    found.append(self._found(piece, line, pos, k, m))

    def forbidden(self, index: int) -> set[str]:
        """:meth:`~wortsuche.grid.board.Board.forbidden_letters` read through :meth:`_sides`."""
        forbidden: set[str] = set()
        lexicon = self.board.lexicon
        beginnings, endings = lexicon.beginnings, lexicon.endings
        forbidden.update(lexicon.single_letters)
        for axis in self.board.axes:
            line, _, left, right = self._sides(index, axis, "")
            if not left and not right:
                continue
            starts = [k for k in range(len(left) + 1) if left[len(left) - k :] in beginnings]
            stops = [m for m in range(len(right) + 1) if right[:m] in endings]
            for k, m in joins(starts, stops, lexicon, len(line)):
                letters = lexicon.holes.get(f"{left[len(left) - k :]}.{right[:m]}")
                if letters:
                    forbidden.update(letters)
        return forbidden


def joins(starts: list[int], stops: list[int], lexicon: Lexicon, n: int) -> list[tuple[int, int]]:
    """The pairs (k, m), k letters before a cell and m after it, that make a word's length on a
    line of ``n`` cells, by k and then m.

    Both lists are short for ordinary words; for a word like a run of one letter they grow with
    its length, and pairing each with each would cost its square, so then each start is paired
    with the few lengths instead.
    """
    if len(stops) <= len(lexicon.lengths):
        lengths = lexicon.length_set
        return [(k, m) for k in starts for m in stops if 0 < k + m < n and k + m + 1 in lengths]
    stop_set = set(stops)
    return [
        (k, length - 1 - k)
        for k in starts
        for length in lexicon.lengths
        if length - 1 - k in stop_set and 0 < length - 1 < n
    ]


def _found_between_ends(piece: str, line: tuple[int, ...], pos: int, k: int, m: int) -> Found:
    """The find of ``piece``, ``k`` cells before ``pos`` on ``line`` to ``m`` after: its ends."""
    return Found(piece, line[pos - k], line[pos + m])


def _found_round(piece: str, line: tuple[int, ...], pos: int, k: int, m: int) -> Found:
    """:func:`_found_between_ends` on a cyclic line: two cells may be the ends of several runs
    there, so the find keeps all its cells."""
    n = len(line)
    run = tuple(line[(pos + j) % n] for j in range(-k, m + 1))
    return Found(piece, run[0], run[-1], run)
