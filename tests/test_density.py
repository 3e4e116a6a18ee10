"""Density as a choice: --density high packs the words tighter, and every puzzle says how full it is."""

from __future__ import annotations

import json

from cli import run
from wortsuche import generate
from wortsuche.puzzle_json import coverage, puzzle_to_dict
from wortsuche.verification.verifier import verify_puzzle

WORDS = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube", "Melone"]


def test_high_density_fills_more_of_the_grid_with_words() -> None:
    normal = [coverage(generate(WORDS, level="medium", seed=s)) for s in range(5)]
    high = [coverage(generate(WORDS, level="medium", seed=s, density="high")) for s in range(5)]
    assert min(high) > max(normal) * 0.95 and sum(high) > sum(normal)
    assert all(
        verify_puzzle(generate(WORDS, level="medium", seed=s, density="high")).ok for s in range(5)
    )


def test_the_json_and_the_terminal_report_the_share_of_cells_covered() -> None:
    puzzle = generate(["TORF", "VOR", "RAD", "EVA"], 5, 5, level="easy", seed=1)
    covered = {cell for p in puzzle.placements.values() for cell in p.cells}
    assert puzzle_to_dict(puzzle)["coverage"] == round(len(covered) / 25, 3)
    result = run("generate", "--size", "5x5", "--seed", "1", "TORF", "VOR", "RAD", "EVA")
    assert f"the words cover {len(covered) / 25:.0%} of the cells" in result.stderr


def test_density_is_kept_with_the_options() -> None:
    result = run("generate", "--density", "high", "--seed", "2", "--format", "json", *WORDS)
    assert json.loads(result.stdout)["options"]["density"] == "high"
    refused = run("generate", "--density", "full", "KATZE")
    assert refused.returncode == 2
