"""``benchmarks/difficulty.py --no-size``: each step split into the grid's growth and the levels'
own levers, on puzzles the package really makes (worte1, two seeds)."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

import difficulty
from solvers import Member, family_costs
from wortsuche import generate
from wortsuche.levels import LEVELS
from wortsuche.pipeline.sizes import auto_size
from wortsuche.words.source import parse_words

WORTE1 = [p for p in difficulty.FAMILY_INPUTS if p.stem == "worte1"]


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, str], list[dict[str, float]]]:
    cache: dict[str, dict[str, float]] = {}
    return difficulty.no_size_runs(range(2), WORTE1, cache)["worte1"]


def test_each_level_is_made_at_its_own_size_and_at_the_next_levels(
    runs: dict[tuple[str, str], list[dict[str, float]]],
) -> None:
    words, _ = parse_words(WORTE1[0].read_text(encoding="utf-8"), name="worte1").words()
    for level in LEVELS:
        side = auto_size(words, LEVELS[level], level=level)
        assert [run["side"] for run in runs[level, "own"]] == [side, side]
    for lower, upper in difficulty.LEVEL_STEPS:
        upper_sides = [run["side"] for run in runs[upper, "own"]]
        assert [run["side"] for run in runs[lower, upper]] == upper_sides
        # the same grid as generate makes at that size, rated by the family itself
        puzzle = generate(words, int(upper_sides[0]), int(upper_sides[0]), level=lower, seed=0)
        told = [d.name for d in puzzle.options.directions]
        letters = [w.letters for w in words]
        scanner = Member("scanner", 1, False)
        expected = family_costs(list(puzzle.grid.rows), letters, told)[scanner]
        assert runs[lower, upper][0][scanner.name] == pytest.approx(expected)


def test_the_table_splits_every_step_into_growth_and_levers_and_lists_each_under_the_target() -> (
    None
):
    lines = difficulty.no_size_table(range(2), WORTE1, {})
    text = "\n".join(lines)
    members = difficulty.no_size_members()
    assert any(line.startswith("| lines k=1 |") for line in lines)  # the learners are members
    assert sum(line.startswith("| ") for line in lines) >= len(members) + 2
    under = [line for line in lines if "| worte1 | " in line and " → " in line]
    for line in under:  # step = growth × levers, and each listed step is under the target
        cells = [c.strip() for c in line.strip("|").split("|")]
        step, growth, levers = float(cells[3]), float(cells[5]), float(cells[6])
        assert step < difficulty.NO_SIZE_STEP
        assert math.isclose(step, growth * levers, rel_tol=0.02)
    assert ("met." in text) == (not under)
