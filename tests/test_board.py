"""The board's two incremental checks agree with reading every line by brute force.

They carry the exactly-once guarantee while a puzzle is built, so they are tested on their own:
random partly filled grids, random word lists, every cell.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wortsuche.grid.board import EMPTY, Board, Found, Lexicon
from wortsuche.grid.lexicon import KEPT_WORDS, PIECE, lexicon_of
from wortsuche.grid.windows import joins
from wortsuche.model import HOLE, Direction, Placement

ALPHABET = "ABC"
STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def spelled_through(cells: list[str], rows: int, cols: int, index: int, strings: set[str]) -> set:
    """Every (text, first cell, last cell) of a listed string that passes through ``index``."""
    r0, c0 = divmod(index, cols)
    found = set()
    for dr, dc in STEPS:
        for back in range(max(rows, cols)):
            start = (r0 - back * dr, c0 - back * dc)
            for length in range(back + 1, max(rows, cols) + 1):
                run = [(start[0] + i * dr, start[1] + i * dc) for i in range(length)]
                if not all(0 <= r < rows and 0 <= c < cols for r, c in run):
                    break
                text = "".join(cells[r * cols + c] or "." for r, c in run)
                if text in strings:
                    first, last = run[0][0] * cols + run[0][1], run[-1][0] * cols + run[-1][1]
                    found.add((text, min(first, last), max(first, last)))
    return found


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, list[str]]:
    rows, cols = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    words = draw(st.lists(st.text(ALPHABET, min_size=1, max_size=4), min_size=1, max_size=4))
    board = Board.sized(rows, cols, Lexicon(words))
    cells = draw(
        st.lists(st.sampled_from([*ALPHABET, EMPTY]), min_size=rows * cols, max_size=rows * cols)
    )
    for index, letter in enumerate(cells):
        if letter:
            board.write([index], letter)
    return board, words


@settings(max_examples=300, deadline=None)
@given(case=boards(), data=st.data())
def test_occurrences_through_a_cell_are_every_listed_word_read_through_it(
    case: tuple[Board, list[str]], data: st.DataObject
) -> None:
    board, words = case
    index = data.draw(st.integers(0, board.rows * board.cols - 1))
    if not board.cells[index]:
        return
    strings = set(words) | {w[::-1] for w in words}
    found = board.occurrences_through(index)
    assert all(f.letters in strings for f in found)
    # An occurrence is its cells: the board reads each line one way, the brute force both ways.
    ends = {(min(f.first, f.last), max(f.first, f.last)) for f in found}
    expected = spelled_through(board.cells, board.rows, board.cols, index, strings)
    assert ends == {(first, last) for _, first, last in expected}


@settings(max_examples=300, deadline=None)
@given(case=boards(), data=st.data())
def test_forbidden_letters_are_exactly_those_that_would_complete_a_word(
    case: tuple[Board, list[str]], data: st.DataObject
) -> None:
    board, words = case
    index = data.draw(st.integers(0, board.rows * board.cols - 1))
    if board.cells[index]:
        return
    strings = set(words) | {w[::-1] for w in words}
    completing = set()
    for letter in ALPHABET:
        cells = list(board.cells)
        cells[index] = letter
        if spelled_through(cells, board.rows, board.cols, index, strings):
            completing.add(letter)
    assert board.forbidden_letters(index) == completing


@st.composite
def long_word_boards(draw: st.DrawFn, letters: str = ALPHABET, longest: int = 10) -> Board:
    """Flat boards with holes, words longer than a kept piece and screened words."""
    rows, cols = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    words = draw(st.lists(st.text(letters, min_size=1, max_size=longest), min_size=1, max_size=6))
    screen = draw(st.lists(st.text(letters, min_size=1, max_size=8), max_size=2))
    holes = draw(st.sets(st.integers(0, rows * cols - 1), max_size=rows * cols // 4))
    board = Board.sized(rows, cols, Lexicon(words, screen), holes=holes)
    cells = draw(
        st.lists(st.sampled_from([*letters, EMPTY]), min_size=rows * cols, max_size=rows * cols)
    )
    for index, letter in enumerate(cells):
        if letter and not board.cells[index]:
            board.write([index], letter)
    return board


@settings(max_examples=300, deadline=None)
@given(board=long_word_boards(), data=st.data())
def test_the_fast_flat_reading_of_forbidden_letters_matches_the_window_reading(
    board: Board, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, board.rows * board.cols - 1))
    if board.cells[index]:
        return
    assert board.forbidden_letters(index) == board.windows.forbidden(index)


@settings(max_examples=300, deadline=None)
@given(board=long_word_boards(), data=st.data())
def test_the_fast_flat_reading_of_occurrences_matches_the_window_reading(
    board: Board, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, board.rows * board.cols - 1))
    centre = board.cells[index]
    if not centre or centre == HOLE:
        return
    windows: list[Found] = []
    if centre in board.lexicon.letters:
        if centre in board.lexicon.single_letters:
            windows.append(Found(centre, index, index))
        board.windows.occurrences(index, centre, windows)
    assert board.occurrences_through(index) == windows  # the same finds, in the same order


@settings(max_examples=500, deadline=None)
@given(board=long_word_boards(letters="AB", longest=3), data=st.data())
def test_the_strays_of_a_placement_are_the_strays_through_its_new_cells(
    board: Board, data: st.DataObject
) -> None:
    """A placement's check reads its own line from its two ends only: the same strays."""
    direction = data.draw(st.sampled_from(list(Direction)))
    dr, dc = direction.value
    length = data.draw(st.integers(2, 6))
    rows, cols = board.rows - (length - 1) * abs(dr), board.cols - (length - 1) * abs(dc)
    assume(rows > 0 and cols > 0)
    r, c = data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1))
    start = (r + (length - 1) * (dr < 0), c + (length - 1) * (dc < 0))
    run = board.topology.run(start, direction, length)
    assume(run is not None)  # no hole on the way
    indexes = [board.index(cell) for cell in run]
    letters = "".join(board.cells[i] or data.draw(st.sampled_from(ALPHABET)) for i in indexes)
    new = board.write(indexes, letters)
    pid = board.add_placement(Placement(letters, start, direction), indexes)
    expected = {(f.letters, f.first, f.last) for f in board.strays_through(new)}
    assert {(f.letters, f.first, f.last) for f in board.strays_of(pid, new)} == expected


@settings(max_examples=200, deadline=None)
@given(board=long_word_boards())
def test_each_cell_knows_its_line_and_place_on_every_axis(board: Board) -> None:
    """The tables the checks read: built by slices on flat boards, by a walk round a torus."""
    lines = board.topology.index_lines()
    for axis in board.axes:
        for i in range(board.rows * board.cols):
            if board.cells[i] == HOLE:
                assert board.line_at[axis][i] == ()
                continue
            line, place = board.line_at[axis][i], board.place_at[axis][i]
            assert line[place] == i
            direction = board.topology.axes[axis]
            assert line == next(tuple(cells) for a, cells in lines if a is direction and i in cells)


@settings(max_examples=400, deadline=None)
@given(
    board=st.one_of(long_word_boards(), long_word_boards(letters="AB", longest=3)), data=st.data()
)
def test_a_letter_said_not_to_complete_a_word_is_never_forbidden(
    board: Board, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, board.rows * board.cols - 1))
    if board.cells[index]:
        return
    forbidden = board.forbidden_letters(index)
    assert not {x for x in ALPHABET if not board.may_complete(index, x)} & forbidden


def test_a_letter_between_two_of_a_word_may_complete_it() -> None:
    board = Board.sized(3, 3, Lexicon(["ABC"]))
    board.write([0, 2], "AC")
    assert board.may_complete(1, "B") and board.forbidden_letters(1) == {"B"}
    assert not board.may_complete(1, "C")
    board.write([3, 6], "CB")  # down the first column, read upwards: B C A
    assert board.may_complete(8, "B") is False  # the far corner has no letter beside it


def test_a_word_inside_a_longer_placement_is_allowed_a_free_copy_is_a_stray() -> None:
    board = Board.sized(3, 6, Lexicon(["ARCHIV", "CHI"]))
    cells = [board.index((0, c)) for c in range(6)]
    board.write(cells, "ARCHIV")
    board.add_placement(Placement("ARCHIV", (0, 0), Direction.E), cells)
    assert board.strays_through(cells) == []  # CHI inside ARCHIV is allowed
    free = [board.index((2, c)) for c in range(3)]
    board.write(free, "CHI")
    strays = board.strays_through(free)  # found once through each of its cells
    assert {(f.letters, f.first, f.last) for f in strays} == {("CHI", free[0], free[-1])}


def test_erasing_restores_the_letter_index() -> None:
    board = Board.sized(2, 2, Lexicon(["AB"]))
    board.write([0, 1, 3], "ABA")
    board.erase([0])
    assert sorted(board.letter_cells("A")) == [3]
    assert list(board.letter_cells("B")) == [1]


@settings(max_examples=300, deadline=None)
@given(
    starts=st.lists(st.integers(0, 40), unique=True).map(sorted),
    stops=st.lists(st.integers(0, 40), unique=True).map(sorted),
    words=st.lists(st.text("A", min_size=1, max_size=40), min_size=1, max_size=6),
    n=st.integers(1, 60),
)
def test_the_pairs_of_a_cells_sides_are_every_start_with_every_stop_that_makes_a_length(
    starts: list[int], stops: list[int], words: list[str], n: int
) -> None:
    # For a run of one letter both sides list every count: pairing them through the few word
    # lengths instead of each with each must give the same pairs in the same order.
    lexicon = Lexicon(words)
    plain = [
        (k, m)
        for k in starts
        for m in stops
        if k + m > 0 and k + m + 1 in lexicon.length_set and k + m < n
    ]
    assert joins(starts, stops, lexicon, n) == plain


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.text(ALPHABET, min_size=1, max_size=5), min_size=1, max_size=6),
    st.lists(st.text(ALPHABET + "D", min_size=1, max_size=5), max_size=4),
)
def test_a_screen_added_to_a_lexicon_indexes_as_one_built_with_it(
    words: list[str], screen: list[str]
) -> None:
    built = Lexicon(words, screen)
    # the same whether the words' lexicon was made now or kept from an earlier puzzle
    for joined in (Lexicon(words).with_screen(screen), lexicon_of(words).with_screen(screen)):
        for name in ("strings", "letters", "single_letters", "lengths", "length_set", "longest"):
            assert getattr(joined, name) == getattr(built, name), name
        for name in ("beginnings", "endings", "pieces"):
            assert getattr(joined, name) == getattr(built, name), name
        assert {k: set(v) for k, v in joined.holes.items()} == {
            k: set(v) for k, v in built.holes.items()
        }
    assert lexicon_of(words).with_screen(screen).holes == Lexicon(words).with_screen(screen).holes


def test_a_small_list_keeps_its_lexicon_for_the_next_puzzle_and_a_large_one_does_not() -> None:
    words = ["HAUS", "MAUS", "SAUM"]
    kept = lexicon_of(words)
    assert lexicon_of(list(words)) is kept
    assert kept.with_screen(["ARSCH"]) is kept.with_screen(("ARSCH",))
    assert Lexicon(words).with_screen(["ARSCH"]) is not Lexicon(words).with_screen(["ARSCH"])
    many = [f"W{chr(65 + n // 26)}{chr(65 + n % 26)}" for n in range(KEPT_WORDS + 1)]
    assert lexicon_of(many) is not lexicon_of(many)
    assert lexicon_of(many).strings == Lexicon(many).strings


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(ALPHABET + "D", max_size=9), max_size=6))
def test_a_lexicons_beginnings_ends_and_pieces_are_every_cut_of_its_strings(
    words: list[str],
) -> None:
    lexicon = Lexicon(words)
    strings = lexicon.strings
    assert lexicon.beginnings == {s[:k] for s in strings for k in range(len(s) + 1)}
    assert lexicon.endings == {s[k:] for s in strings for k in range(len(s) + 1)}
    assert lexicon.pieces == {
        s[i : i + n] for s in strings for n in range(1, PIECE + 1) for i in range(len(s) - n + 1)
    }


def test_boards_of_one_small_topology_share_its_line_indexes_made_as_new() -> None:
    from wortsuche.grid import board as boards
    from wortsuche.grid.topology import Topology

    for topology in (
        Topology.of(7, 9),
        Topology.of(6, 5, holes=[0, 12, 29]),
        Topology.of(5, 8, wrap=True),
    ):
        first, second = (Board(topology, Lexicon(["AB"])) for _ in range(2))
        made = boards._made_line_indexes(topology)
        assert (tuple(first.lines), tuple(first.line_at), tuple(first.place_at)) == made
        assert first.line_at[0] is second.line_at[0]
    large = Topology.of(101, 100)
    assert Board(large, Lexicon(["AB"])).line_at[0] is not Board(large, Lexicon(["AB"])).line_at[0]
