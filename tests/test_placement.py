"""The placement package: every search is called the same way, one choice decides which run, and
the search's budget is the one count of its work."""

from __future__ import annotations

import inspect
import time
from collections import Counter

import pytest

from wordlists import frozen
from wortsuche.budget import Budget, SearchBudget
from wortsuche.errors import BudgetExhausted, GenerationTimeout
from wortsuche.grid.board import Board, Lexicon
from wortsuche.levels import options_for
from wortsuche.model import Direction
from wortsuche.placement import choose, crowded, exact, packing, place, quick
from wortsuche.placement.choice import PACKED_SHARE, QUICK_SHARE
from wortsuche.placement.kernel import Placer
from wortsuche.rand import Rng

SEARCHES = [quick.place, crowded.place, packing.place, exact.place]


@pytest.mark.parametrize("search", SEARCHES, ids=lambda s: s.__module__)
def test_every_search_takes_the_same_arguments(search: object) -> None:
    names = list(inspect.signature(search).parameters)  # type: ignore[arg-type]
    assert names == ["words", "board", "options", "rng", "budget"]


def board_for(words: list[str], rows: int, cols: int) -> Board:
    return Board.sized(rows, cols, Lexicon(words), Budget())


def test_a_grid_with_room_to_spare_takes_the_quick_search_alone() -> None:
    words = ["TORF", "VOR", "RAD", "EVA"]
    [step] = choose(words, board_for(words, 10, 10), options_for("hard"))
    assert step.search is quick.place and step.share == 1


def test_where_words_must_cross_the_open_positions_search_goes_alone() -> None:
    words, rows, cols = frozen("en-12x12-25")  # 1.09 letters per cell
    steps = choose(words, board_for(words, rows, cols), options_for("hard"))
    assert [(s.search, s.share) for s in steps] == [(crowded.place, 1)]


def test_a_crowded_grid_whose_words_never_cross_tries_quick_then_packing() -> None:
    words, rows, cols = frozen("en-25x25-100")  # 0.99 letters per cell, easy: no crossings
    steps = choose(words, board_for(words, rows, cols), options_for("easy"))
    assert [s.search for s in steps][:2] == [quick.place, packing.place]
    assert steps[0].share == QUICK_SHARE
    assert steps[-1].share == 1  # the last search tried gets all its steps
    assert all(s.share in (QUICK_SHARE, PACKED_SHARE) for s in steps[:-1])


def test_the_exact_search_runs_alone_when_asked_for() -> None:
    words = ["TORF", "VOR"]
    [step] = choose(words, board_for(words, 5, 5), options_for("hard"), exact=True)
    assert step.search is exact.place


def test_place_returns_every_word_once_from_the_chosen_search() -> None:
    words = ["TORF", "VOR", "RAD", "EVA"]
    board = board_for(words, 6, 6)
    placed = place(words, board, options_for("hard"), Rng(1))
    assert sorted(p.letters for p in placed) == sorted(words)


def test_a_search_counts_its_steps_and_charges_the_puzzle_for_them() -> None:
    puzzle = Budget(steps=100)
    search = SearchBudget(puzzle, share=0.5, effort=0.5)
    search.spend(3, charge=5)
    search.count(2)
    assert search.used == 5 and puzzle.left == 95
    assert search.share == 0.5 and search.effort == 0.5
    with pytest.raises(BudgetExhausted):
        search.spend(1, charge=96)


def test_a_search_spends_from_the_board_budget_as_it_works() -> None:
    words = ["TORF", "VOR", "RAD", "EVA"]
    board = board_for(words, 6, 6)
    budget = SearchBudget(board.budget)
    quick.place(words, board, options_for("hard"), Rng(1), budget)
    assert budget.used > 0 and board.budget.left < board.budget.steps


def test_a_long_words_check_looks_at_the_clock_itself() -> None:
    # One exactly-once check of a word of hundreds of letters can cost seconds, far more than
    # the steps between two looks at the clock: such a placement looks at it on its own.
    word = "X" * 200
    board = board_for([word], 3, 210)
    board.budget.cpu_deadline = time.thread_time() - 1  # the CPU time is already spent
    placer = Placer(board, options_for("easy"), Rng(1), SearchBudget(board.budget))
    with pytest.raises(GenerationTimeout):
        placer.commit(word, 1, 0, Direction.E)
    short = board_for(["XYZ"], 3, 5)
    short.budget.cpu_deadline = time.thread_time() - 1
    placed = Placer(short, options_for("easy"), Rng(1), SearchBudget(short.budget))
    assert placed.commit("XYZ", 1, 0, Direction.E) is not None  # a short word waits for its steps


def quick_run(words: list[str], side: int, allowances: list[int]) -> tuple[quick.Run, Board]:
    """One run of the quick search over ``words`` (in search order, seed 3) on an empty
    ``side`` × ``side`` board, given the allowances of steps one after another."""
    board = board_for(words, side, side)
    rng = Rng(3)
    placer = Placer(
        board, options_for("hard"), rng, SearchBudget(board.budget), sum(map(len, words))
    )
    run = quick.Run(quick.search_order(words, rng), placer, Counter())
    for allowance in allowances:
        run.advance(placer.budget.used + allowance)
    return run, board


def test_a_run_cut_by_its_allowance_goes_on_as_if_the_allowance_had_been_longer() -> None:
    words, _, _ = frozen("de-20x20-60")
    whole, whole_board = quick_run(words, 24, [100_000])
    cut, cut_board = quick_run(words, 24, [40, 40, 40, 40, 100_000])
    assert whole.depth == len(words)
    assert cut.depth == whole.depth and cut_board.rows_text() == whole_board.rows_text()


def test_a_cut_run_goes_on_only_while_it_gains_ground() -> None:
    words, _, _ = frozen("de-20x20-60")
    run, _ = quick_run(words, 24, [])
    budget = run.placer.budget
    assert run.advance(budget.used + 30)  # cut early: every word so far stood at once
    assert run.deepest > 0
    stuck, _ = quick_run(["ABCDE", "FGHIJ", "KLMNO", "PQRST", "UVWXY", "ZABCD"], 5, [])
    # five words of five letters fill a 5x5 grid; the sixth finds no cell and the run backtracks
    # for as long as it is allowed, never deeper than five words
    gains = [stuck.advance(stuck.placer.budget.used + 200) for _ in range(20)]
    assert stuck.deepest <= 5 and not gains[-1]  # no deeper than before: no more allowances
