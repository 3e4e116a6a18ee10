"""The benchmark's solver family: its exact mean over start cells is the mean of real walks."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

from solvers import STEPS, Grid, Learner, Member, direction_of, family, learners, top_left_cost


def walk(
    rows: list[str], word: str, at: int, directions: tuple[str, ...], scan: float, start: int
) -> float:
    """One solver's work from one start cell, walking the grid in reading order (the reference)."""
    grid = Grid(rows)
    total = 0.0
    for step in range(grid.size):
        position = (start + step) % grid.size
        total += scan
        r, c = divmod(position, grid.width)
        if rows[r][c] != word[at]:
            continue
        for direction in directions:
            compared, complete = grid.read(word, at, r, c, direction)
            total += compared
            if complete:
                return total
    return total


grids = st.integers(2, 5).flatmap(
    lambda n: st.lists(st.text("ABD", min_size=n, max_size=n), min_size=2, max_size=5)
)


@settings(max_examples=200, deadline=None)
@given(grids, st.text("ABD", min_size=2, max_size=4), st.sampled_from([1, 2, 5, 10]))
def test_the_expected_work_is_the_mean_of_walks_from_every_start(
    rows: list[str], word: str, k: int
) -> None:
    grid = Grid(rows)
    directions = tuple(STEPS)
    weights = dict.fromkeys(directions, 1.0)
    expected = grid.expected(word, 0, directions, weights, 1 / k)
    walks = [walk(rows, word, 0, directions, 1 / k, s) for s in range(grid.size)]
    assert abs(expected - sum(walks) / len(walks)) < 1e-9


@settings(max_examples=200, deadline=None)
@given(grids, st.text("ABD", min_size=2, max_size=4), st.sampled_from([1, 2, 5, 10]))
def test_the_top_left_reader_does_the_work_of_the_walk_from_the_first_cell(
    rows: list[str], word: str, k: int
) -> None:
    member = Member("all8", k, False)
    walked = walk(rows, word, 0, tuple(STEPS), 1 / k, 0)
    assert abs(top_left_cost(rows, [word], ("E",), member) - walked) < 1e-9


def test_a_solver_reads_only_the_directions_the_sheet_names_unless_it_tries_all() -> None:
    rows = ["DXX", "AXX", "SXX"]  # DAS runs down
    across = Member("scanner", 1, False).cost(rows, ["DAS"], ("E",))
    assert across == 9 + 1  # not found: one round of 9 cells, one letter compared at D
    every = Member("all8", 1, False).cost(rows, ["DAS"], ("E",))
    # found from the start cell D after E (1), SE (1), S (2): 5 cells scanned on average
    assert every == 5 + 4


def test_the_anchor_solver_scans_for_the_rarest_letter() -> None:
    rows = ["AAAAA", "AAAAA", "AAAZA"]  # AZ: thirteen A to try, one Z
    first = Member("scanner", 10, False).cost(rows, ["AZ"], ("E",))
    rarest = Member("anchor", 10, False).cost(rows, ["AZ"], ("E",))
    assert rarest < first / 2


def test_the_family_has_every_strategy_ratio_and_weighting() -> None:
    members = family()
    assert len(members) == 32
    assert {m.strategy for m in members} == {"scanner", "anchor", "all8", "habit"}


BACKWARD_GRID = [
    "XXXXXXXX",
    "SADXXXXX",
    "XXXXXXXX",
    "XXXXNEBX",
    "XXXXXXXX",
    "XTOBXXXX",
    "XXXXXXXX",
]
"""DAS, BEN and BOT all run ← (W): a puzzle whose direction mix a solver can learn."""

BACKWARD_WORDS = ["DAS", "BEN", "BOT"]


def test_a_word_runs_in_the_one_direction_it_is_read_in() -> None:
    grid = Grid(BACKWARD_GRID)
    assert [direction_of(grid, w) for w in BACKWARD_WORDS] == ["W", "W", "W"]
    assert direction_of(grid, "QQQ") is None


def test_a_last_letter_scanner_finds_backward_words_for_less_than_the_first_letter_scanner() -> (
    None
):
    told = ["E", "S", "W", "N"]
    scanner = Member("scanner", 1, False).cost(BACKWARD_GRID, BACKWARD_WORDS, told)
    last = Learner("last").cost(BACKWARD_GRID, BACKWARD_WORDS, told)
    assert last < scanner


def test_the_learner_tries_the_direction_of_its_finds_first() -> None:
    """After the first find ran ←, ← is tried first: the later words cost less than the plain
    scanner (which tries → and ↓ before ←) pays for them."""
    told = ["E", "S", "W", "N"]
    first = BACKWARD_WORDS[:1]
    learner = Learner("learner")
    scanner = Member("scanner", 1, False)
    later = learner.cost(BACKWARD_GRID, BACKWARD_WORDS, told) - learner.cost(
        BACKWARD_GRID, first, told
    )
    plain = scanner.cost(BACKWARD_GRID, BACKWARD_WORDS[1:], told)
    assert later < plain


def test_the_line_reader_pays_for_every_direction_pass_it_needs_on_average() -> None:
    """One direction used out of four told: on average (4 + 1) / 2 passes over the cells."""
    cost = Learner("lines").cost(BACKWARD_GRID, BACKWARD_WORDS, ["E", "S", "W", "N"])
    assert cost == 7 * 8 * 5 / 2


def test_the_learners_cover_every_strategy() -> None:
    names = {member.strategy for member in learners()}
    assert names == {"learner", "last", "switcher", "lines"}


def test_the_last_letter_scanner_finds_forward_words_too() -> None:
    """On a sheet that names only → and ↓ it reads from the last letter backwards: every word
    is found, so the two words cost less than two whole rounds of the grid."""
    forward = ["XXXXXX", "DASXXX", "XXXXXX", "XXXBEN"]
    cost = Learner("last").cost(forward, ["DAS", "BEN"], ["E", "S"])
    assert cost < 2 * 6 * 4  # a word not found costs a whole round of the 24 cells
