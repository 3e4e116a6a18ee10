"""The rating of very large puzzles from a sample of their words: up to ``SAMPLE_ABOVE`` distinct
words every word is rated, above it a stratified sample stands for all of them, and its score
stays within 2 % of every word rated."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche.difficulty import simulated
from wortsuche.difficulty.simulated import SAMPLE_ABOVE, SAMPLE_SIZE, rate
from wortsuche.grid.topology import Topology
from wortsuche.model import ALL_DIRECTIONS

REAL = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "real"


def _grid(rows: int, cols: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [
        "".join(rng.choice("ABCDEEEFGHIKLMNNOPRSSTTU") for _ in range(cols)) for _ in range(rows)
    ]


def _real_words(name: str) -> list[str]:
    text = (REAL / f"{name}.txt").read_text(encoding="utf-8")
    return [w for w in text.split("\n") if w and w[0] != "#"]


def _reader(grid: list[str]) -> simulated._Reader:
    order = tuple(simulated.DEFAULT.reading_order())
    return simulated._Reader(grid, order, Topology.of_grid(grid))


def test_up_to_the_threshold_every_word_is_rated_and_repeats_do_not_count() -> None:
    words = sorted(
        {"".join(random.Random(i).choices("ABCDEFGHIKLMNOPRSTU", k=5)) for i in range(4000)}
    )
    words = words[:SAMPLE_ABOVE]
    assert len(words) == SAMPLE_ABOVE
    grid = _grid(30, 30, 1)
    rating = rate(grid, words + words[:50])  # repeated words are one word: still not sampled
    exact = rate(grid, words, exact=True)
    assert rating == exact
    assert len(rating.words) == SAMPLE_ABOVE
    assert "sampled_words" not in rating.components


@pytest.mark.parametrize("name", ["en-200x200-4000", "de-200x200-4000"])
def test_a_sampled_rating_is_within_two_percent_of_every_word_rated(name: str) -> None:
    words = _real_words(name)
    grid = _grid(80, 80, 2)
    sampled = rate(grid, words, ALL_DIRECTIONS)
    exact = rate(grid, words, ALL_DIRECTIONS, exact=True)
    assert sampled.minutes == pytest.approx(exact.minutes, rel=0.02)
    assert sampled.components["words"] == len(set(words))
    assert sampled.components["sampled_words"] == len(sampled.words)
    assert abs(len(sampled.words) - SAMPLE_SIZE) <= 30
    for key in ("units_per_word", "anchors_per_word", "scan_share"):
        assert sampled.components[key] == pytest.approx(exact.components[key], rel=0.05)
    assert sampled.components["word_letter_cells"] == exact.components["word_letter_cells"]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text("ABCDEQXZ", min_size=1, max_size=9), min_size=1, max_size=400, unique=True),
    st.integers(1, 300),
    st.integers(0, 10**6),
)
def test_a_sample_stands_for_every_word_once(words: list[str], size: int, seed: int) -> None:
    """Each letter's share is taken without repeats, and the words each sampled word stands
    for add up to that letter's words: the scaled sum of a constant is the whole list's."""
    reader = _reader(_grid(12, 12, seed))
    chosen = simulated.sample_words(reader, words, size)
    picked = [word for word, _ in chosen]
    assert len(picked) == len(set(picked))
    assert set(picked) <= set(words)
    strata = Counter(reader.anchor_of(w) for w in words)
    weights: Counter[str] = Counter()
    for word, weight in chosen:
        weights[reader.anchor_of(word)] += weight
    assert set(weights) == set(strata)
    for letter, count in strata.items():
        assert weights[letter] == pytest.approx(count)
    assert sum(weight for _, weight in chosen) == pytest.approx(len(words))
    assert len(chosen) <= max(size + len(strata), len(strata))
