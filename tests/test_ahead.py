"""Evil's filler puts a word's letters where a reader meets them before the word (filling/ahead.py)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import wortsuche.filling.ahead as ahead_module
from wortsuche import Puzzle, generate
from wortsuche.filling.ahead import AHEAD_POWER, Ahead, _targets, arrange
from wortsuche.filling.filler import Leads
from wortsuche.grid.board import Board, Lexicon
from wortsuche.model import Direction, Placement
from wortsuche.rand import Rng


@st.composite
def boards(draw: st.DrawFn) -> tuple[Any, int]:
    """A board as Ahead reads it: letters, and which cells a placed word owns."""
    size = draw(st.integers(1, 60))
    cells = draw(st.lists(st.sampled_from("ABC"), min_size=size, max_size=size))
    owners = [(0,) if draw(st.booleans()) else () for _ in range(size)]
    return SimpleNamespace(cells=cells, owners=owners), draw(st.integers(0, size - 1))


@given(boards(), st.sampled_from("ABCD"))
def test_the_factor_is_the_mean_share_read_from_the_word_cells_to_the_cell(
    case: tuple[Any, int], letter: str
) -> None:
    board, index = case
    size = len(board.cells)
    word_cells = [i for i, x in enumerate(board.cells) if x == letter and board.owners[i]]
    expected = 1.0
    if word_cells:
        mean = sum((index - p) % size for p in word_cells) / len(word_cells)
        expected = (2 * mean / size) ** AHEAD_POWER
    assert abs(Ahead(board).factor(letter, index) - expected) < 1e-9


@given(boards(), st.lists(st.sampled_from("ABCD")))
def test_the_factors_of_several_letters_are_each_ones_factor(
    case: tuple[Any, int], letters: list[str]
) -> None:
    board, index = case
    ahead = Ahead(board)
    assert ahead.factors(letters, index) == [ahead.factor(x, index) for x in letters]


@given(
    st.lists(st.text("ABCD", min_size=1, max_size=9), max_size=12),
    st.lists(st.tuples(st.text("ABCD", max_size=3), st.text("ABCD", max_size=3)), max_size=4),
    st.lists(st.tuples(st.text("ABCD", max_size=3), st.text("ABCD", max_size=3)), max_size=4),
)
def test_the_leads_are_the_pieces_each_letter_continues(
    words: list[str], runs: list[tuple[str, str]], earlier: list[tuple[str, str]]
) -> None:
    # the plain count, letter by letter, run by run, length by length
    pieces = Lexicon(words).pieces
    leads = Leads(pieces, "ABCDE")
    leads.counts(earlier)  # what was kept from other cells changes nothing
    expected = {}
    for x in "ABCDE":
        count = 0
        for left, right in runs:
            count += sum(1 for n in range(1, len(left) + 1) if left[-n:] + x in pieces)
            count += sum(1 for n in range(1, len(right) + 1) if x + right[:n] in pieces)
        expected[x] = count
    counts = leads.counts(runs)
    assert {x: counts.get(x, 0) for x in "ABCDE"} == expected


def ahead_share(puzzle: Puzzle) -> float:
    """Over the cells no word covers, the mean share of the grid read (in reading order, round
    the end) from the word cells that hold the cell's letter on to the cell: 0.5 where the free
    letters stand anywhere, more where they stand before their words."""
    size = puzzle.rows * puzzle.cols
    word_cells: dict[str, list[int]] = {}
    covered = set()
    for placement in puzzle.placements.values():
        for r, c in placement.cells:
            word_cells.setdefault(puzzle.grid.at((r, c)), []).append(r * puzzle.cols + c)
            covered.add((r, c))
    shares = []
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            found = word_cells.get(puzzle.grid.at((r, c)))
            if (r, c) in covered or not found:
                continue
            index = r * puzzle.cols + c
            shares.append(sum((index - p) % size for p in found) / len(found) / size)
    return sum(shares) / len(shares)


def test_evil_puts_the_words_letters_before_the_words_and_hard_anywhere() -> None:
    # A reader scanning in reading order meets a false start just before a word on almost every
    # way to it (benchmarks/difficulty.py --family-only --given-size: hard -> evil 1.04 -> 1.08
    # for the whole solver family). Hard's filler does not do this.
    words = ["KATZE", "HUND", "MAUS", "PFERD", "ZIEGE", "SCHAF", "ESEL", "KUH"]

    def mean_share(level: str, **options: int) -> float:
        puzzles = [
            generate(words, 15, 15, level=level, seed=s, language="de", **options) for s in range(4)
        ]
        return sum(map(ahead_share, puzzles)) / len(puzzles)

    # hard's fill alone (its light search after the fill moves some letters too)
    hard, evil = mean_share("hard", fill_search=0), mean_share("evil")
    assert abs(hard - 0.5) < 0.04, hard
    assert evil > 0.56, evil


def listed_runs(board: Board, words: list[str]) -> set[tuple[str, int, int]]:
    """Every listed word (either way) read along a row, column or diagonal: text, first, last."""
    strings = set(words) | {w[::-1] for w in words}
    found = set()
    for r0 in range(board.rows):
        for c0 in range(board.cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run, text = [], ""
                r, c = r0, c0
                while (
                    0 <= r < board.rows and 0 <= c < board.cols and board.cells[r * board.cols + c]
                ):
                    run.append(r * board.cols + c)
                    text += board.cells[run[-1]]
                    if text in strings:
                        found.add((text, run[0], run[-1]))
                    r, c = r + dr, c + dc
    return found


@st.composite
def filled_boards(draw: st.DrawFn) -> tuple[Board, list[str], list[int]]:
    """Words placed one to a row from the left, the other cells filled with letters that
    complete no word (a cell left empty where every letter would)."""
    words = draw(st.lists(st.text("ABCD", min_size=2, max_size=4), min_size=1, max_size=3))
    rows, cols = len(words) + draw(st.integers(0, 3)), draw(st.integers(4, 7))
    board = Board.sized(rows, cols, Lexicon(words))
    for r, word in enumerate(words):
        cells = [board.index((r, c)) for c in range(len(word))]
        board.write(cells, word)
        board.add_placement(Placement(word, (r, 0), Direction.E), cells)
    free = [i for i, x in enumerate(board.cells) if not x]
    for index in free:
        allowed = sorted(set("ABCD") - board.forbidden_letters(index))
        if allowed:
            board.write([index], draw(st.sampled_from(allowed)))
    return board, words, free


@settings(max_examples=200, deadline=None)
@given(filled_boards(), st.integers(0, 2**16))
def test_arranging_moves_false_starts_forward_and_spells_no_new_word(
    case: tuple[Board, list[str], list[int]], seed: int
) -> None:
    board, words, free = case
    before, runs = list(board.cells), listed_runs(board, words)
    pull = Ahead(board, _targets(board))

    def total() -> int:
        return sum(pull.distance(board.cells[i], i) for i in free if board.cells[i])

    start = total()
    swaps = arrange(board, free, Rng(seed))
    assert sorted(board.cells) == sorted(before)  # every letter as often as before
    assert all(board.cells[i] == before[i] for i in range(len(before)) if i not in free)
    assert listed_runs(board, words) <= runs  # no word spelt that was not there
    assert like_pairs(board.cells, board.rows, board.cols) <= like_pairs(
        before, board.rows, board.cols
    )  # no letter moved next to its like
    assert total() >= start
    if swaps:
        assert total() > start


def like_pairs(cells: list[str], rows: int, cols: int) -> int:
    """Neighbouring cells (in any of the 8 directions) that hold the same letter."""
    pairs = 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    here, there = cells[r * cols + c], cells[(r + dr) * cols + c + dc]
                    pairs += bool(here) and here == there
    return pairs


def test_evil_does_not_gather_like_letters_more_than_hard() -> None:
    # Drawn towards the cells before their words, a word's letters gathered there (rows with six
    # Z); evil's filler puts a letter beside its like only where no other may stand, and
    # arranging never moves one there.
    words = ["KATZE", "HUND", "MAUS", "PFERD", "ZIEGE", "SCHAF", "ESEL", "KUH"]

    def pairs(level: str) -> float:
        puzzles = [generate(words, 15, 15, level=level, seed=s, language="de") for s in range(4)]
        return sum(like_pairs(list("".join(p.grid.rows)), 15, 15) for p in puzzles) / 4

    assert pairs("evil") <= pairs("hard")


def test_arranging_a_large_grid_tries_a_bounded_number_of_swaps(monkeypatch: Any) -> None:
    # five a cell for every cell up to 100 x 100; no more on a larger grid (500 x 500 with 10,000
    # words took minutes): each swap tried draws one cell and its partners
    board = Board.sized(20, 20, Lexicon(["XYZ"]))
    for index in range(400):
        board.write([index], "ABCD"[(index * 7) // 3 % 4])
    rng = Rng(1)
    draws = 0
    below = rng.below

    def counted(n: int) -> int:
        nonlocal draws
        draws += 1
        return below(n)

    monkeypatch.setattr(rng, "below", counted)
    monkeypatch.setattr(ahead_module, "MOST_SWAPS", 30)
    arrange(board, range(400), rng)
    assert draws == 30 * (1 + ahead_module.PARTNERS)


def test_a_word_s_false_starts_are_its_first_its_last_and_its_rarest_letter() -> None:
    # A reader who has seen many words run backwards scans for last letters: arranging moves
    # those before their words too.
    board = Board.sized(3, 5, Lexicon(["KANTE"]))
    cells = [board.index((1, c)) for c in range(4, -1, -1)]  # ← in the middle row
    board.write(cells, "KANTE")
    board.add_placement(Placement("KANTE", (1, 4), Direction.W), cells)
    board.write([board.index((0, c)) for c in range(5)], "KKEEN")
    targets = _targets(board)
    assert targets["K"] == [cells[0]] and targets["E"] == [cells[-1]]
    assert targets["A"] == [cells[1]]  # the rarest: A and T once each, A first in the word
    assert set(targets) == {"K", "E", "A"}
