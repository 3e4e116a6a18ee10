"""The search for crowded grids (:mod:`wortsuche.placement.crowded`): its table of open
positions is exact, and what it places keeps every word exactly once, checked by the independent
oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scan import run_of, unexplained_occurrences
from wordlists import (
    crowded_words,
    frozen,
    frozen_puzzle,
    outside_others,
    placed_rows,
    real_words,
)
from wortsuche import DoesNotFitError
from wortsuche.budget import Budget, SearchBudget
from wortsuche.grid.board import Board, Lexicon
from wortsuche.grid.topology import Topology
from wortsuche.grid.torus import Torus
from wortsuche.levels import options_for
from wortsuche.model import HOLE, Options, Placement
from wortsuche.placement.crowded import CrowdedSearch, Layout, OpenPositions
from wortsuche.placement.crowded import place as crowded_place
from wortsuche.rand import Rng

STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]

WORDS = real_words(3, 7)


def place_crowded(words: list[str], board: Board, options: Options, rng: Rng) -> list[Placement]:
    """The crowded search on its own, with all of the board's budget."""
    return crowded_place(words, board, options, rng, SearchBudget(board.budget))


def agreeing_positions(
    cells: list[str], rows: int, cols: int, word: str, steps: list[tuple[int, int]]
) -> set[tuple[int, int, tuple[int, int]]]:
    """Every (row, col, step) where ``word`` fits and each filled cell holds its letter (naive)."""
    found = set()
    for r in range(rows):
        for c in range(cols):
            for dr, dc in steps:
                spots = [(r + i * dr, c + i * dc) for i in range(len(word))]
                if not all(0 <= y < rows and 0 <= x < cols for y, x in spots):
                    continue
                held = [cells[y * cols + x] for y, x in spots]
                if all(not h or h == letter for h, letter in zip(held, word, strict=True)):
                    found.add((r, c, (dr, dc)))
    return found


@settings(max_examples=60, deadline=None)
@given(
    rows=st.integers(2, 6),
    cols=st.integers(2, 6),
    words=st.lists(st.text("ABC", min_size=2, max_size=4), min_size=1, max_size=4, unique=True),
    writes=st.lists(st.tuples(st.integers(0, 35), st.sampled_from("ABC")), max_size=12),
    level=st.sampled_from(["medium", "hard"]),
)
def test_the_open_positions_are_exactly_those_whose_letters_agree(
    rows: int, cols: int, words: list[str], writes: list[tuple[int, str]], level: str
) -> None:
    options = options_for(level)
    board = Board.sized(rows, cols, Lexicon(words))
    table = OpenPositions(words, board, options)
    open_sets = list(table.open)
    for index, letter in writes:
        index %= rows * cols
        if board.cells[index]:
            continue
        board.write([index], letter)
        table.shrink(open_sets, range(len(words)), [table.key(index, letter)])
    steps = [d.step for d in options.directions]
    for k, word in enumerate(words):
        got = {
            (r, c, direction.step)
            for p, (r, c, direction, _) in enumerate(table.positions[k])
            if open_sets[k] >> p & 1
        }
        assert got == agreeing_positions(board.cells, rows, cols, word, steps)


def test_the_masks_to_and_are_positive_and_within_the_words_positions() -> None:
    # Python ANDs two positive numbers about three times faster than a positive and a negative
    # one, and shrinking the open sets is most of a crowded search: a mask of closed positions
    # complemented (~covering, negative) would give the same sets, only slower.
    words = ["TORF", "ROT", "FORT", "OFT"]
    board = Board.sized(5, 5, Lexicon(words))
    table = OpenPositions(words, board, options_for("hard"))
    for every, keep in zip(table.open, table.keep, strict=True):
        assert all(0 <= mask <= every and mask | every == every for mask in keep)
        assert any(mask != every for mask in keep)  # a letter somewhere closes some positions


@settings(max_examples=40, deadline=None)
@given(
    side=st.integers(3, 6),
    words=st.lists(st.text("ABC", min_size=2, max_size=4), min_size=2, max_size=6, unique=True),
    picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=5),
    repeats=st.integers(1, 3),
)
def test_what_standing_words_close_is_what_their_letters_close(
    side: int, words: list[str], picks: list[int], repeats: int
) -> None:
    # A repair closes the other words' positions by one kept mask per standing word, not one per
    # cell: the same open sets as shrinking by every letter written, however often it is asked.
    board = Board.sized(side, side, Lexicon(words), Budget())
    search = CrowdedSearch(words, board, options_for("hard"), Rng(1), SearchBudget(board.budget))
    table = search.table
    fixed: dict[int, int] = {}
    for k, pick in zip(range(len(words) - 1), picks, strict=False):
        if not table.positions[k]:
            continue
        p = pick % len(table.positions[k])
        r, c, direction, cells = table.positions[k][p]
        if board.agrees(cells, words[k]):
            search.placer.stand(words[k], r, c, direction, cells)
            fixed[k] = p
    todo = set(range(len(words))) - fixed.keys()
    written = [table.key(i, x) for i, x in enumerate(board.cells) if x]
    expected = list(table.open)
    table.shrink(expected, todo, written)
    for _ in range(repeats):
        got = list(table.open)
        search.shrink_beside(fixed, got, todo)
        assert [got[j] for j in todo] == [expected[j] for j in todo]


@settings(max_examples=40, deadline=None)
@given(
    side=st.integers(2, 6),
    words=st.lists(st.text("ABC", min_size=1, max_size=4), min_size=1, max_size=5, unique=True),
    holes=st.sets(st.integers(0, 35), max_size=6),
    letters=st.lists(st.tuples(st.integers(0, 35), st.sampled_from("ABC")), max_size=4),
)
def test_the_tables_shared_by_words_of_a_length_are_each_words_own(
    side: int, words: list[str], holes: set[int], letters: list[tuple[int, str]]
) -> None:
    # Words of one length share their positions and masks where no letter stands yet; with
    # letters on the board each word has its own. Either way: the positions that agree.
    board = Board.sized(side, side, Lexicon(words), holes=[i % (side * side) for i in holes])
    for index, letter in letters:
        if not board.cells[index % (side * side)]:
            board.write([index % (side * side)], letter)
    options = options_for("hard")
    table = OpenPositions(words, board, options)
    steps = [d.step for d in options.directions]
    for k, word in enumerate(words):
        got = {(r, c, direction.step) for r, c, direction, _ in table.positions[k]}
        assert got == agreeing_positions(board.cells, side, side, word, steps)
        for p, (*_, cells) in enumerate(table.positions[k]):
            for i in range(side * side):
                for x in "ABC":
                    closed = i in cells and (word[cells.index(i)] != x)
                    assert (table.keep[k][table.key(i, x)] >> p & 1) == (not closed)


def crowded(case: int) -> tuple[list[str], int]:
    """Real words whose letters fill 95 to 110 % of a square of side 8 to 11."""
    return crowded_words(case, WORDS, [8, 9, 10, 11], 0.95, 1.1)


@settings(max_examples=12, deadline=None)
@given(case=st.integers(0, 10_000), level=st.sampled_from(["medium", "hard", "evil"]))
def test_what_the_search_places_stands_exactly_once(case: int, level: str) -> None:
    words, side = crowded(case)
    words = outside_others(words)
    board = Board.sized(side, side, Lexicon(words), Budget())
    try:
        placed = place_crowded(words, board, options_for(level), Rng(case))
    except DoesNotFitError as error:
        assert error.kind == "not_found"
        assert set(error.words) <= set(words) and error.words
        return
    assert sorted(p.letters for p in placed) == sorted(words)
    rows = placed_rows(board)
    cells = {p.letters: p.cells for p in placed}
    for p in placed:
        assert "".join(rows[r][c] for r, c in p.cells) == p.letters
        assert p.direction in options_for(level).directions
    assert unexplained_occurrences(rows, words, cells) == {}


def consistent(table: OpenPositions, layout: dict[int, int]) -> bool:
    """Whether the words' letters agree wherever they meet and no two share two cells."""
    letters: dict[int, str] = {}
    for k, p in layout.items():
        for i, x in zip(table.positions[k][p][3], table.words[k], strict=True):
            if letters.setdefault(i, x) != x:
                return False
    spots = [set(table.positions[k][p][3]) for k, p in layout.items()]
    return all(len(a & b) <= 1 for n, a in enumerate(spots) for b in spots[:n])


@settings(max_examples=10, deadline=None)
@given(case=st.integers(0, 10_000), level=st.sampled_from(["medium", "hard"]))
def test_a_repair_moves_only_to_layouts_as_full_and_consistent(case: int, level: str) -> None:
    words, side = crowded(case)
    words = outside_others(words)
    board = Board.sized(side, side, Lexicon(words), Budget())
    options = options_for(level)
    search = CrowdedSearch(words, board, options, Rng(case), SearchBudget(board.budget))
    table = search.table
    best = Layout()
    if search.run(200, best):
        return  # laid out at once: nothing to repair
    board.remove_all_placements()
    assert consistent(table, best.positions)
    for _ in range(30):
        before = best.letters
        if search.repair(search.budget.used + 300, best):
            placed = [p for p in board.placements if p is not None]
            assert sorted(p.letters for p in placed) == sorted(words)
            return
        board.remove_all_placements()
        assert best.letters >= before
        assert best.letters == sum(len(words[k]) for k in best.positions)
        assert consistent(table, best.positions)


@settings(max_examples=8, deadline=None)
@given(case=st.integers(0, 10_000), wrap=st.booleans())
def test_around_holes_and_on_a_torus_what_is_placed_stands_exactly_once(
    case: int, wrap: bool
) -> None:
    """Repairs keep words off the holes and check the whole grid for stray copies too."""
    words, side = crowded_words(case, WORDS, [8, 9, 10, 11], 0.85, 1.0)
    words = outside_others(words)
    holes = Rng(case).shuffled(range(side * side))[:side]
    board = Board(
        Topology.of(side, side, wrap=wrap, holes=holes), Lexicon(words), Budget(effort=0.25)
    )
    options = options_for("medium").with_changes(wrap=wrap)
    try:
        placed = place_crowded(words, board, options, Rng(case))
    except DoesNotFitError as error:
        assert error.kind == "not_found"
        return
    rows = placed_rows(board)
    cells = {p.letters: run_of(p, side, side, wrap) for p in placed}
    assert unexplained_occurrences(rows, words, cells, wrap=wrap) == {}
    for p in placed:
        assert "".join(rows[r][c] for r, c in cells[p.letters]) == p.letters
        assert not {r * side + c for r, c in cells[p.letters]} & set(holes)


@pytest.mark.parametrize("seed", range(3))
def test_the_frozen_15x15_list_is_completed_at_medium(seed: int) -> None:
    """35 words with 242 letters in 225 cells, only forwards and diagonally: before repairs
    the search completed 15 of 20 seeds."""
    frozen_puzzle("en-15x15-35", "medium", seed)


def test_the_same_seed_places_the_same_way() -> None:
    words, rows, cols = frozen("en-12x12-25")
    layouts = []
    for _ in range(2):
        board = Board.sized(rows, cols, Lexicon(words), Budget())
        layouts.append(place_crowded(words, board, options_for("hard"), Rng(3)))
    assert layouts[0] == layouts[1]


@pytest.mark.parametrize("seed", range(5))
def test_the_frozen_12x12_list_is_completed(seed: int) -> None:
    """25 words with 157 letters in 144 cells: the first search alone managed 4 of 20 seeds."""
    frozen_puzzle("en-12x12-25", "hard", seed)


def test_a_15x15_list_of_35_words_is_completed_at_evil() -> None:
    frozen_puzzle("en-15x15-35", "evil", 1)
    words, rows, cols = frozen("en-15x15-35")
    assert sum(len(w) for w in words) > rows * cols  # the words had to cross to fit


def test_words_that_never_cross_get_cells_of_their_own() -> None:
    words = ["HOUSE", "MOUSE", "TREE", "SEAT", "ROAD", "DOOR", "RAIN"]  # 30 letters, 36 cells
    board = Board.sized(6, 6, Lexicon(words), Budget())
    placed = place_crowded(words, board, options_for("easy"), Rng(5))
    cells = [cell for p in placed for cell in p.cells]
    assert len(cells) == len(set(cells)) == 30


def test_no_word_runs_through_a_hole() -> None:
    words = ["KATZE", "HUND", "MAUS", "ESEL", "RIND", "ZIEGE", "HAHN"]  # 31 letters, 39 cells
    holes = [0, 6, 42, 48, 24, 23, 25, 3, 45, 21]  # corners, the middle row's centre, two more
    board = Board.sized(7, 7, Lexicon(words), Budget(), holes)
    placed = place_crowded(words, board, options_for("hard"), Rng(2))
    assert len(placed) == len(words)
    assert not {r * 7 + c for p in placed for r, c in p.cells} & set(holes)
    assert all(board.cells[i] == HOLE for i in holes)


def test_on_a_torus_words_may_run_over_the_edge_and_still_stand_once() -> None:
    words, side = crowded(11)
    words = outside_others(words)
    board = Board(Torus(side, side), Lexicon(words), Budget())
    placed = place_crowded(words, board, options_for("hard").with_changes(wrap=True), Rng(4))
    rows = placed_rows(board)
    cells = {p.letters: run_of(p, side, side, True) for p in placed}
    assert unexplained_occurrences(rows, words, cells, wrap=True) == {}
    for p in placed:
        assert "".join(rows[r][c] for r, c in cells[p.letters]) == p.letters


def test_when_nothing_is_found_the_hardest_words_are_named() -> None:
    words = ["ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY", "ZABCF"]  # 30 letters, 25 cells
    board = Board.sized(5, 5, Lexicon(words), Budget())
    with pytest.raises(DoesNotFitError, match="no layout found") as caught:
        place_crowded(words, board, options_for("hard"), Rng(1))
    assert caught.value.kind == "not_found"
    assert 1 <= len(caught.value.words) <= 3 and set(caught.value.words) <= set(words)
    assert not board.placements  # the board is left empty
