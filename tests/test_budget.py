"""Every generation ends: a budget of steps (same input, same outcome) and a wall-clock timeout."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cli import run
from wortsuche.budget import Budget
from wortsuche.errors import BudgetExhausted, DoesNotFitError, GenerationTimeout, InputError
from wortsuche.limits import MAX_SIDE
from wortsuche.pipeline import run as pipeline
from wortsuche.pipeline import sizes
from wortsuche.spec import resolve_options
from wortsuche.words.wordset import prepare_words


def crowded_words(count: int = 80, seed: int = 7) -> list[str]:
    """Umlaut-heavy words that barely fit 20x30 at level evil, or not at all."""
    rng = random.Random(seed)
    words = {
        "".join(rng.choice("ÄÖÜẞÄÖÜAEN") for _ in range(rng.randint(7, 11))) for _ in range(count)
    }
    return sorted(words)


def test_a_search_past_its_budget_gives_up_with_the_same_error_every_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("wortsuche.budget.STEPS", 20_000)
    monkeypatch.setattr(Budget.__init__, "__defaults__", (20_000,))
    messages = []
    for _ in range(2):
        with pytest.raises(BudgetExhausted) as raised:
            pipeline.generate(crowded_words(), 20, 30, level="evil", seed=5)
        messages.append(str(raised.value))
    assert messages[0] == messages[1]


def test_every_step_spends_from_one_budget() -> None:
    budget = Budget(steps=50)
    plan = pipeline.Plan(
        prepare_words(crowded_words())[0],
        "evil",
        resolve_options("evil"),
        1,
    )
    with pytest.raises(BudgetExhausted, match="50 steps"):
        pipeline.build(plan, 20, 30, pipeline.Rng(1), budget=budget)


def test_the_timeout_stops_a_long_generation_with_a_clear_error() -> None:
    with pytest.raises(GenerationTimeout, match="longer than 1e-06 seconds"):
        pipeline.generate(crowded_words(), 20, 30, level="evil", seed=5, timeout=1e-6)


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), "5", True])
def test_a_timeout_that_is_not_a_positive_number_is_refused(timeout: Any) -> None:
    with pytest.raises(InputError, match="timeout"):
        pipeline.generate(["TORF"], 5, 5, timeout=timeout)


def test_the_command_line_takes_a_timeout() -> None:
    assert run("generate", "TORF", "VOR", "--seed", "1", "--timeout", "30").returncode == 0
    refused = run("generate", "TORF", "--timeout", "0")
    assert refused.returncode == 2 and "--timeout" in refused.stderr
    slow = run(
        "generate", *crowded_words(), "--size", "20x30", "--level", "evil", "--timeout", "0.000001"
    )
    assert slow.returncode == 2 and "longer than 1e-06 seconds" in slow.stderr


def test_the_automatic_size_stops_at_the_largest_side_with_a_layout_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tried: list[int] = []

    def never_fits(plan: Any, rows: int, cols: int, *args: Any) -> Any:
        tried.append(rows)
        raise DoesNotFitError("no layout")

    monkeypatch.setattr(sizes, "auto_size", lambda words, options, message="", **_: MAX_SIDE - 30)
    monkeypatch.setattr(pipeline, "build", never_fits)
    with pytest.raises(DoesNotFitError, match=f"up to {MAX_SIDE}x{MAX_SIDE}"):
        pipeline.generate(["TORF", "VOR"])
    assert tried[-1] == MAX_SIDE and max(tried) == MAX_SIDE
