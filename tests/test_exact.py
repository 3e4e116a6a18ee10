"""The exact mode: a SAT solver finds a crowded layout where one exists and proves when none can."""

from __future__ import annotations

import pytest

from scan import assert_exactly_once
from wortsuche import DoesNotFitError, generate
from wortsuche.verification.verifier import verify_puzzle

pytest.importorskip("pysat", reason="the exact extra (python-sat) is part of the test set-up")

# The first 17 words of the frozen 12x12 list: 1.06 letters per cell in 10x10, so the words
# must share cells. The heuristic search completes 7 of 10 seeds here; the exact search every
# one of seeds 0-6 (in 1-12 s CPU each).
CROWDED = [
    "TOSSUP",
    "AIRLINE",
    "PINTS",
    "FUZZ",
    "RELATION",
    "AWARDED",
    "TELLING",
    "GAZEBOS",
    "ROSEMARY",
    "SPINALS",
    "TWEETS",
    "GREEN",
    "NOSE",
    "GRADES",
    "GAMINE",
    "SEQUINS",
    "LARVAS",
]


@pytest.mark.parametrize("seed", [1])  # other seeds take 3-10 s each: the solver's luck
def test_a_crowded_list_is_laid_out_exactly_once(seed: int) -> None:
    puzzle = generate(CROWDED, 10, 10, level="hard", seed=seed, exact=True)
    assert verify_puzzle(puzzle).ok
    assert_exactly_once(puzzle)
    covered = {cell for p in puzzle.placements.values() for cell in p.cells}
    assert sum(map(len, CROWDED)) > len(covered)  # words really share cells
    assert puzzle == generate(CROWDED, 10, 10, level="hard", seed=seed, exact=True)


def test_the_exact_search_proves_that_a_layout_cannot_exist() -> None:
    """Five words of three letters in 3x3: six cells would hold their letters, as often as
    each word has one, so counting does not see it; the exact search proves it."""
    with pytest.raises(DoesNotFitError) as raised:
        generate(["DBE", "DBA", "EAC", "CAA", "DEB"], 3, 3, level="hard", seed=1, exact=True)
    assert raised.value.kind == "cannot_exist"
    assert "proved" in str(raised.value)
    # four words of three different letters each: 12 letters for 9 cells, said by counting
    with pytest.raises(DoesNotFitError, match="need at least 12 cells") as counted:
        generate(["ABC", "DEF", "GHI", "JKL"], 3, 3, level="hard", seed=1)
    assert counted.value.kind == "cannot_exist"


def test_the_exact_search_keeps_shapes_and_directions() -> None:
    puzzle = generate(
        ["Torf", "Rad", "Eva", "vor"], 6, 6, level="easy", seed=3, exact=True, shape="diamond"
    )
    assert_exactly_once(puzzle)
    assert {p.direction.name for p in puzzle.placements.values()} <= {"E", "S"}
    holes = {
        (r, c) for r, row in enumerate(puzzle.grid.rows) for c, x in enumerate(row) if x == " "
    }
    assert holes and not holes & {cell for p in puzzle.placements.values() for cell in p.cells}


def test_a_budget_that_runs_out_says_how_to_give_more() -> None:
    with pytest.raises(DoesNotFitError) as raised:
        generate(CROWDED[:12], 8, 8, level="hard", seed=1, exact=True, effort=0.0001)
    assert raised.value.kind == "not_found"
    assert "--effort" in str(raised.value)
