"""The quick search's yes-or-no stray check says yes exactly when the board lists a stray.

``has_stray`` skips the ownership questions across a placement's line and stops at its first
find, so it is held to :meth:`Board.strays_through` (read cell by cell, every find asked whether
a placement holds it) on random boards that already carry placements: words placed before, some
crossing the new one, some on its own line.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wortsuche.grid.board import EMPTY, Board, Lexicon
from wortsuche.grid.strays import has_stray
from wortsuche.grid.topology import Flat
from wortsuche.grid.torus import Torus
from wortsuche.model import Direction, Placement

ALPHABET = "ABC"


def _place(board: Board, data: st.DataObject, longest: int) -> tuple[int, list[int]] | None:
    """Write a word of random letters (agreeing with the board) somewhere; its id and new cells."""
    direction = data.draw(st.sampled_from(list(Direction)))
    length = data.draw(st.integers(1, longest))
    start = (data.draw(st.integers(0, board.rows - 1)), data.draw(st.integers(0, board.cols - 1)))
    run = board.topology.run(start, direction, length)
    if run is None:
        return None
    indexes = [board.index(cell) for cell in run]
    if len(set(indexes)) < len(indexes):  # round a small torus onto itself
        return None
    letters = "".join(board.cells[i] or data.draw(st.sampled_from(ALPHABET)) for i in indexes)
    new = board.write(indexes, letters)
    return board.add_placement(Placement(letters, start, direction), indexes), new


@settings(max_examples=600, deadline=None)
@given(
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    wrap=st.booleans(),
    words=st.lists(st.text(ALPHABET, min_size=1, max_size=8), min_size=1, max_size=6),
    data=st.data(),
)
def test_has_stray_answers_whether_the_new_cells_hold_a_stray(
    rows: int, cols: int, wrap: bool, words: list[str], data: st.DataObject
) -> None:
    holes = frozenset() if wrap else data.draw(st.sets(st.integers(0, rows * cols - 1), max_size=4))
    topology = Torus(rows, cols, frozenset()) if wrap else Flat(rows, cols, holes)
    board = Board(topology, Lexicon(words))
    loose = data.draw(st.lists(st.sampled_from([*ALPHABET, EMPTY]), max_size=rows * cols))
    for index, letter in enumerate(loose):
        if letter and not board.cells[index]:
            board.write([index], letter)
    for _ in range(data.draw(st.integers(0, 4))):  # placements made before, unchecked
        _place(board, data, 6)
    placed = _place(board, data, 8)
    assume(placed is not None)
    assert placed is not None
    pid, new = placed
    assert has_stray(board, pid, new) is bool(board.strays_through(new))
    assert has_stray(board, pid, new) is bool(board.strays_of(pid, new))
