"""Evil's decoys plant each word's end just before the word, for a reader who scans for last
letters (filling/decoys.py: plant_ends)."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import wortsuche.filling.decoys as decoys
from test_ahead import listed_runs
from wortsuche import generate
from wortsuche.filling.decoys import END_LENGTH, END_REACH, MOST_END_TRIES, plant_ends
from wortsuche.grid.board import Board, Lexicon
from wortsuche.levels import options_for
from wortsuche.model import Direction, Placement
from wortsuche.rand import Rng
from wortsuche.words.source import parse_words

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from solvers import Learner  # noqa: E402

EIGHT = ("E", "SE", "S", "SW", "W", "NW", "N", "NE")
STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


@st.composite
def boards(draw: st.DrawFn) -> tuple[Board, list[str]]:
    """Words placed one to a row, forwards or backwards, the other cells empty; each word in the
    grid once (a small alphabet: ends that would spell a word are many)."""
    words = draw(
        st.lists(st.text("ABCD", min_size=3, max_size=7), min_size=1, max_size=4, unique=True)
    )
    assume(not any(w[::-1] in words for w in words))
    cols = draw(st.integers(7, 9))
    rows = 2 * len(words) + draw(st.integers(0, 3))
    board = Board.sized(rows, cols, Lexicon(words))
    for k, word in enumerate(words):
        row = 2 * k + draw(st.integers(0, 1))
        cells = [row * cols + c for c in range(len(word))]
        direction = Direction.E
        if draw(st.booleans()):
            cells.reverse()
            direction = Direction.W
        board.write(cells, word)
        board.add_placement(Placement(word, divmod(cells[0], cols), direction), cells)
    assume(len(listed_runs(board, words)) == len(words))
    return board, words


def new_ends(before: list[str], board: Board, word: str, last: int) -> bool:
    """Whether the word's end now stands, in any direction, with its last letter in a cell at most
    the reach before ``last`` in reading order, on a cell that was empty before."""
    end, cols, size = word[-END_LENGTH:], board.cols, len(board.cells)
    for back in range(1, min(END_REACH * cols, MOST_END_TRIES) + 1):
        r, c = divmod((last - back) % size, cols)
        for dr, dc in STEPS:
            cells = [(r - dr * k, c - dc * k) for k in range(len(end))]  # last letter first
            inside = all(0 <= y < board.rows and 0 <= x < cols for y, x in cells)
            if not inside:
                continue
            indexes = [y * cols + x for y, x in cells]
            if "".join(board.cells[i] for i in indexes) == end[::-1] and any(
                not before[i] for i in indexes
            ):
                return True
    return False


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 2**16))
def test_each_word_gets_its_end_before_it_and_no_word_is_spelt_again(
    case: tuple[Board, list[str]], seed: int
) -> None:
    board, words = case
    before, runs = list(board.cells), listed_runs(board, words)
    planted = plant_ends(board, options_for("evil"), Rng(seed))
    assert all(board.cells[i] == before[i] for i in range(len(before)) if before[i])
    assert listed_runs(board, words) == runs  # every word still exactly once
    placed = [
        (p.letters, cells)
        for p, cells in zip(board.placements, board.placement_cells, strict=True)
        if p is not None and len(p.letters) > END_LENGTH
    ]
    with_end = sum(new_ends(before, board, word, cells[-1]) for word, cells in placed)
    assert planted <= with_end <= len(placed)
    written = sum(1 for i, x in enumerate(board.cells) if x and not before[i])
    assert written <= END_LENGTH * planted


def test_the_ends_make_evil_harder_for_a_reader_of_last_letters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Through the whole pipeline: the fill search takes most ends apart again (it spends the
    last-letter reader's lead on the others), yet that reader's work stays the higher for them."""
    path = ROOT / "benchmarks" / "data" / "lists" / "obst-de.txt"
    words, _ = parse_words(path.read_text(encoding="utf-8"), name=path.name).words()
    letters = [w.letters for w in words]
    reader = Learner("last", 1)

    def median_work() -> float:
        grids = [generate(words, 15, 15, level="evil", seed=seed).grid.rows for seed in range(5)]
        return statistics.median(reader.cost(list(rows), letters, EIGHT) for rows in grids)

    with_ends = median_work()
    monkeypatch.setattr(decoys, "ENDS_PER_WORD", 0)
    assert with_ends > 1.02 * median_work()


def test_a_list_longer_than_the_bound_gets_no_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    board = Board.sized(6, 8, Lexicon(["ABCDE", "EDCBX"]))
    for row, word in ((1, "ABCDE"), (4, "EDCBX")):
        cells = [row * 8 + c for c in range(len(word))]
        board.write(cells, word)
        board.add_placement(Placement(word, (row, 0), Direction.E), cells)
    before = list(board.cells)
    monkeypatch.setattr(decoys, "MOST_END_WORDS", 1)
    assert plant_ends(board, options_for("evil"), Rng(1)) == 0 and board.cells == before
    monkeypatch.setattr(decoys, "MOST_END_WORDS", 2)
    assert plant_ends(board, options_for("evil"), Rng(1)) == 2 and board.cells != before
