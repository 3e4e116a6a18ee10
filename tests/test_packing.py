"""Packing words that never cross into the grid's lines (:mod:`wortsuche.placement.packing`):
the bin packing is complete and sound against a brute-force oracle, and what it lays out keeps
every word exactly once, checked by the independent oracle."""

from __future__ import annotations

import functools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scan import unexplained_occurrences
from wordlists import crowded_words, frozen, frozen_puzzle, outside_others, placed_rows, real_words
from wortsuche import DoesNotFitError
from wortsuche.budget import Budget, SearchBudget
from wortsuche.grid.board import Board, Lexicon
from wortsuche.grid.torus import Torus
from wortsuche.levels import options_for
from wortsuche.model import HOLE, Direction, Options, Placement
from wortsuche.placement import packing
from wortsuche.placement.kernel import Placer
from wortsuche.placement.packing import _pack, packs
from wortsuche.rand import Rng

EASY = options_for("easy")
WORDS = real_words(3, 7)


def packable(lengths: list[int], rooms: list[int]) -> bool:
    """Whether the lengths fit into bins of these rooms (brute force: each item in turn)."""

    @functools.cache
    def fits(i: int, left: tuple[int, ...]) -> bool:
        if i == len(lengths):
            return True
        tried = set()
        for b, room in enumerate(left):
            if room >= lengths[i] and room not in tried:
                tried.add(room)
                if fits(i + 1, (*left[:b], room - lengths[i], *left[b + 1 :])):
                    return True
        return False

    return fits(0, tuple(rooms))


def placer(rows: int = 3, cols: int = 3) -> Placer:
    board = Board.sized(rows, cols, Lexicon(["AB"]), Budget())
    return Placer(board, EASY, Rng(0), SearchBudget(board.budget))


def place_packed(words: list[str], board: Board, options: Options, rng: Rng) -> list[Placement]:
    """The packing search on its own, with all of the board's budget."""
    return packing.place(words, board, options, rng, SearchBudget(board.budget))


@settings(max_examples=300, deadline=None)
@given(
    lengths=st.lists(st.integers(1, 6), max_size=9),
    rooms=st.lists(st.integers(1, 9), min_size=1, max_size=5),
)
def test_packing_finds_one_exactly_when_one_exists(lengths: list[int], rooms: list[int]) -> None:
    bins = _pack(lengths, rooms, placer(), limit=10**9)
    assert (bins is not None) == packable(sorted(lengths, reverse=True), rooms)
    if bins is not None:
        assert len(bins) == len(lengths)
        used = Counter()
        for length, b in zip(lengths, bins, strict=True):
            used[b] += length
        assert all(used[b] <= rooms[b] for b in used)


def test_packing_stops_when_its_steps_run_out() -> None:
    # 25 bins of 25 and 100 lengths with 6 cells to spare: found, but not within 10 steps
    lengths = [4] * 11 + [5] * 21 + [6] * 24 + [7] * 26 + [8] * 18
    assert _pack(lengths, [25] * 25, placer(), limit=10) is None
    assert _pack(lengths, [25] * 25, placer(), limit=100_000) is not None


def dense(case: int) -> tuple[list[str], int]:
    """Real words whose letters fill 85 to 100 % of a square of side 6 to 10."""
    words, side = crowded_words(case, WORDS, [6, 7, 8, 9, 10], 0.85, 1.0, short=2)
    return outside_others(words), side


@settings(max_examples=25, deadline=None)
@given(case=st.integers(0, 10_000), ways=st.sampled_from(["easy", "E", "S", "E,W,S,N"]))
def test_what_is_packed_stands_once_in_its_own_cells(case: int, ways: str) -> None:
    words, side = dense(case)
    options = EASY
    if ways != "easy":
        options = EASY.with_changes(directions=tuple(Direction[w] for w in ways.split(",")))
    board = Board.sized(side, side, Lexicon(words), Budget())
    try:
        placed = place_packed(words, board, options, Rng(case))
    except DoesNotFitError as error:
        assert error.kind == "not_found"
        assert not board.placements
        return
    assert sorted(p.letters for p in placed) == sorted(words)
    cells = [cell for p in placed for cell in p.cells]
    assert len(cells) == len(set(cells))  # no crossing
    rows = placed_rows(board)
    for p in placed:
        assert "".join(rows[r][c] for r, c in p.cells) == p.letters
        assert p.direction in options.directions
    assert unexplained_occurrences(rows, words, {p.letters: p.cells for p in placed}) == {}


@pytest.mark.parametrize("seed", range(3))
def test_a_full_25x25_easy_grid_is_completed(seed: int) -> None:
    """100 words with 619 letters in 625 cells, never crossing: the other searches find none."""
    puzzle = frozen_puzzle("en-25x25-100", "easy", seed)
    ways = {p.direction for p in puzzle.placements.values()}
    assert ways <= {Direction.E, Direction.S}


def test_words_run_across_and_down() -> None:
    words, rows, cols = frozen("en-25x25-100")
    board = Board.sized(rows, cols, Lexicon(words), Budget())
    placed = place_packed(words, board, EASY, Rng(0))
    assert {p.direction for p in placed} == {Direction.E, Direction.S}


def test_the_same_seed_packs_the_same_way() -> None:
    words, rows, cols = frozen("de-18x24-50")
    layouts = []
    for _ in range(2):
        board = Board.sized(rows, cols, Lexicon(words), Budget())
        layouts.append(place_packed(words, board, EASY, Rng(3)))
    assert layouts[0] == layouts[1]


def test_no_word_runs_through_a_hole() -> None:
    words = ["KATZE", "HUND", "MAUS", "ESEL", "RIND", "ZIEGE", "HAHN"]  # 31 letters
    holes = [0, 6, 42, 48, 24, 3, 45]  # 42 cells: the corners, the centre, two edge cells
    board = Board.sized(7, 7, Lexicon(words), Budget(), holes)
    placed = place_packed(words, board, EASY, Rng(2))
    assert len(placed) == len(words)
    assert not {r * 7 + c for p in placed for r, c in p.cells} & set(holes)
    assert all(board.cells[i] == HOLE for i in holes)


def test_only_flat_grids_of_words_that_never_cross_are_packed() -> None:
    board = Board.sized(5, 5, Lexicon(["AB"]), Budget())
    assert packs(board, EASY)
    assert not packs(board, options_for("medium"))
    assert not packs(board, EASY.with_changes(directions=(Direction.SE,)))
    assert not packs(Board(Torus(5, 5), Lexicon(["AB"]), Budget()), EASY)


def test_when_nothing_packs_the_longest_words_are_named() -> None:
    words = ["ABCDEF", "GHIJKL", "MNOPQR"]  # 18 letters, 25 cells, no line takes six
    board = Board.sized(5, 5, Lexicon(words), Budget())
    with pytest.raises(DoesNotFitError, match="no layout found") as caught:
        place_packed(words, board, EASY, Rng(1))
    assert caught.value.kind == "not_found"
    assert set(caught.value.words) == set(words)
    assert not board.placements
