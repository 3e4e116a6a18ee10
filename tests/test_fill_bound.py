"""The fill bound's evaluator: the same work as the solver family's own sums, after any changes."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))

from fill_bound import Evaluator
from solvers import STEPS, family, family_costs


def agrees(evaluator: Evaluator, words: list[str], told: list[str]) -> bool:
    want = family_costs(evaluator.rows(), words, told)
    return all(
        abs(got - want[member]) <= 1e-9 * max(1.0, want[member])
        for got, member in zip(evaluator.costs(), family(), strict=True)
    )


def test_evaluator_matches_the_family_after_changes_and_undos() -> None:
    rng = random.Random(7)
    for _ in range(60):
        height, width = rng.randint(1, 6), rng.randint(1, 6)
        rows = ["".join(rng.choice("ABDE") for _ in range(width)) for _ in range(height)]
        words = [
            "".join(rng.choice("ABD") for _ in range(rng.randint(1, 4)))
            for _ in range(rng.randint(1, 4))
        ]
        told = rng.sample(list(STEPS), rng.randint(1, 8))
        evaluator = Evaluator(rows, words, told)
        assert agrees(evaluator, words, told)
        done = []
        for _ in range(6):
            letter = evaluator.grid[rng.randrange(height * width)]
            cells = [p for p, x in enumerate(evaluator.grid) if x == letter and rng.random() < 0.5]
            done.append(
                (
                    evaluator.rows(),
                    evaluator.change(cells or [evaluator.grid.index(letter)], rng.choice("ABDE")),
                )
            )
            assert agrees(evaluator, words, told)
            if rng.random() < 0.3:
                before, token = done.pop()
                evaluator.undo(token)
                assert evaluator.rows() == before
                assert agrees(evaluator, words, told)
