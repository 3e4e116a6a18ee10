"""The coverage the command line says and then writes is counted once, never another puzzle's."""

from __future__ import annotations

import gc

from wortsuche import generate
from wortsuche.model import HOLE, Puzzle
from wortsuche.puzzle_json import coverage


def _counted(puzzle: Puzzle) -> float:
    cells = sum(len(row) - row.count(HOLE) for row in puzzle.grid.rows)
    return len(puzzle.covered()) / cells


def test_coverage_is_each_puzzles_own() -> None:
    small = generate(["HUND", "KATZE", "MAUS"], 6, 6, level="easy", seed=1)
    large = generate(["HUND", "KATZE", "MAUS", "ESEL", "PFERD", "ZIEGE"], 9, 9, seed=2)
    assert _counted(small) != _counted(large)
    for puzzle in (small, large, small, small, large):
        assert coverage(puzzle) == _counted(puzzle)


def test_a_puzzle_gone_leaves_no_share_behind() -> None:
    for seed in range(5):  # a new puzzle may get the address of the one before
        puzzle = generate(["HUND", "KATZE", "MAUS", "ESEL"][: 2 + seed % 3], 7, 7, seed=seed)
        assert coverage(puzzle) == _counted(puzzle)
        del puzzle
        gc.collect()
