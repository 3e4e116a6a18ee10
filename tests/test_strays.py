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


def test_a_word_across_from_a_new_cell_to_the_edge_is_a_stray() -> None:
    # ABC runs down the first column from the new word's first cell to the grid's edge: the
    # check that passes cells with no piece beside them must still read it.
    board = Board(Flat(3, 3, frozenset()), Lexicon(["ABC", "AXY"]))
    board.write([3, 6], "BC")
    new = board.write([0, 1, 2], "AXY")
    pid = board.add_placement(Placement("AXY", (0, 0), Direction.E), [0, 1, 2])
    assert has_stray(board, pid, new)
    assert has_stray(board, pid, new) is bool(board.strays_through(new))


@settings(max_examples=400, deadline=None)
@given(
    words=st.lists(st.text(ALPHABET, min_size=2, max_size=7), min_size=1, max_size=5),
    data=st.data(),
)
def test_a_listed_word_completed_across_a_new_word_is_a_stray(
    words: list[str], data: st.DataObject
) -> None:
    # A listed word stands across the new word's line but for one cell, which the new word
    # fills: the word ends at the new cell, begins at it or runs through it, with other letters
    # around. The check must see it wherever the cell lies in it.
    board = Board(Flat(9, 9, frozenset()), Lexicon(words))
    word = data.draw(st.sampled_from(words))
    across = data.draw(st.sampled_from(list(Direction)))
    starts = list(board.topology.positions(len(word), [across]))
    assume(starts)
    r, c, _ = data.draw(st.sampled_from(starts))
    cells = board.topology.indexes(r, c, across, len(word))
    gap = data.draw(st.integers(0, len(word) - 1))
    for index, letter in zip(cells, word, strict=True):
        if index != cells[gap]:
            board.write([index], letter)
    for index in data.draw(st.lists(st.integers(0, 80), max_size=12)):  # letters around
        if not board.cells[index] and index != cells[gap]:
            board.write([index], data.draw(st.sampled_from(ALPHABET)))
    own = data.draw(st.sampled_from([d for d in Direction if d not in (across, across.reverse)]))
    length = data.draw(st.integers(1, 6))
    at = data.draw(st.integers(0, length - 1))
    start = board.topology.start_through(cells[gap], own, at, length)
    assume(start is not None)
    assert start is not None
    run = board.topology.indexes(*start, own, length)
    letters = "".join(
        word[gap] if i == cells[gap] else board.cells[i] or data.draw(st.sampled_from(ALPHABET))
        for i in run
    )
    new = board.write(run, letters)
    pid = board.add_placement(Placement(letters, start, own), run)
    assert has_stray(board, pid, new) is bool(board.strays_through(new))


@settings(max_examples=400, deadline=None)
@given(
    words=st.lists(st.text(ALPHABET, min_size=2, max_size=7), min_size=1, max_size=5),
    data=st.data(),
)
def test_a_listed_word_completed_along_a_new_word_past_its_end_is_a_stray(
    words: list[str], data: st.DataObject
) -> None:
    # A listed word stands on the new word's own line but for some cells in a row, which the
    # new word fills (either way round, perhaps running on past the listed word): the listed
    # word then reaches past an end of the new one unless it lies inside it.
    board = Board(Flat(9, 9, frozenset()), Lexicon(words))
    word = data.draw(st.sampled_from(words))
    direction = data.draw(st.sampled_from(list(Direction)))
    starts = list(board.topology.positions(len(word) + 2, [direction]))
    assume(starts)
    r, c, _ = data.draw(st.sampled_from(starts))
    cells = board.topology.indexes(r, c, direction, len(word) + 2)[: len(word)]
    i = data.draw(st.integers(0, len(word) - 1))
    j = data.draw(st.integers(i, len(word) - 1))
    for index, letter in zip(cells[:i] + cells[j + 1 :], word[:i] + word[j + 1 :], strict=True):
        board.write([index], letter)
    run = board.topology.indexes(*board.cell(cells[i]), direction, j - i + 1)
    if j == len(word) - 1:  # the new word may run on past the listed one
        run = board.topology.indexes(
            *board.cell(cells[i]), direction, j - i + 1 + data.draw(st.integers(0, 2))
        )
    letters = "".join(board.cells[x] or data.draw(st.sampled_from(ALPHABET)) for x in run)
    letters = word[i : j + 1] + letters[j - i + 1 :]
    if data.draw(st.booleans()):  # the same cells, read the other way
        run, letters = run[::-1], letters[::-1]
    first = board.cell(run[0])
    own = direction if run[0] == cells[i] else direction.reverse
    new = board.write(run, letters)
    pid = board.add_placement(Placement(letters, first, own), run)
    assert has_stray(board, pid, new) is bool(board.strays_through(new))
