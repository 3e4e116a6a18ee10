"""Sizes chosen from the words: each level's grid grows enough over the level below's that the
grid's growth alone carries most of a step of ×1.5 (``benchmarks/difficulty.py --no-size``)."""

from __future__ import annotations

import itertools
import re
import string
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from cli import run
from wortsuche import generate
from wortsuche.levels import LEVELS
from wortsuche.model import Word
from wortsuche.pipeline.sizes import (
    LEVEL_STEP,
    auto_size,
    grown,
    last_letter_crowding,
    step_cells,
)
from wortsuche.words.source import parse_words

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "bwinf"
LISTS = ROOT / "benchmarks" / "data" / "lists"


def words_of(path: Path) -> list[Word]:
    words, _ = parse_words(path.read_text(encoding="utf-8"), name=path.stem).words()
    return words


words_strategy = st.lists(
    st.text(alphabet=string.ascii_uppercase[:12], min_size=2, max_size=20), min_size=1, max_size=40
).map(lambda texts: [Word(t, t) for t in texts])


@settings(max_examples=200, deadline=None)
@given(words_strategy)
def test_without_a_size_each_level_has_the_cells_its_step_needs_over_the_level_below(
    words: list[Word],
) -> None:
    # A scan for a letter takes as long as the cells it crosses: each level has at least the
    # cells that give the solver its own levers help least a step of LEVEL_STEP, also where the
    # longest word sets the smaller sides.
    sides = [auto_size(words, LEVELS[level], level=level) for level in LEVELS]
    assert sides[0] >= max(len(w) for w in words)
    for (smaller, larger), level in zip(itertools.pairwise(sides), list(LEVELS)[1:], strict=True):
        times = step_cells(words, level)
        assert times >= LEVEL_STEP - 0.02  # the levers never stand in for most of the growth
        assert larger * larger >= times * smaller * smaller, (level, sides)


@given(st.integers(1, 300), st.floats(1.0, 4.0))
def test_grown_is_the_smallest_side_with_that_many_times_the_cells(side: int, times: float) -> None:
    larger = grown(side, times)
    assert larger * larger >= times * side * side
    assert (larger - 1) ** 2 < times * side * side


def test_crowded_last_letters_grow_evil_more_than_varied_ones() -> None:
    # obst-de's fruit end in E (BIRNE, KIRSCHE, ...): evil's even letters take away the false
    # stops a last-letter scanner met in hard, so evil needs more cells over hard there.
    fruit, animals = words_of(LISTS / "obst-de.txt"), words_of(LISTS / "animals-en.txt")
    assert round(last_letter_crowding(fruit), 2) == 3.17
    assert round(last_letter_crowding(animals), 2) == 1.81
    assert step_cells(fruit, "evil") > step_cells(animals, "evil") > step_cells(animals, "hard")
    every_end_different = [Word(w, w) for w in ("AB", "CD", "EF", "GH")]
    assert last_letter_crowding(every_end_different) == 1.0
    assert step_cells(every_end_different, "easy") == 1.0


def test_the_sizes_of_the_inputs_the_steps_were_measured_on() -> None:
    # The sizes benchmarks/results/no-size-after.md was measured at; a change here needs the
    # measurement again (python3 benchmarks/difficulty.py --no-size).
    expected = {
        EXAMPLES / "worte1.txt": [5, 7, 9, 12],
        EXAMPLES / "worte2.txt": [10, 13, 17, 22],
        EXAMPLES / "worte3.txt": [13, 16, 20, 27],
        EXAMPLES / "worte4.txt": [31, 39, 49, 66],
        LISTS / "animals-en.txt": [12, 15, 19, 26],
        LISTS / "obst-de.txt": [13, 16, 20, 29],
    }
    for path, sides in expected.items():
        words = words_of(path)
        assert [auto_size(words, LEVELS[level], level=level) for level in LEVELS] == sides, path


def test_a_long_word_in_a_short_list_no_longer_squeezes_the_easier_levels_together() -> None:
    # worte2: 6 words, two of 10 letters. Easy cannot be smaller than 10x10; medium was 11x11.
    words = words_of(EXAMPLES / "worte2.txt")
    puzzle = generate(words, level="medium", seed=3)
    assert (puzzle.rows, puzzle.cols) == (13, 13)
    assert "size 13x13 chosen from the words for the level medium" in puzzle.notes


def test_the_command_line_says_the_size_and_the_words_share_of_it_for_evil() -> None:
    words = ",".join(w.entry for w in words_of(LISTS / "obst-de.txt"))
    result = run("generate", words, "--level", "evil", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "size 29x29 chosen from the words for the level evil" in result.stderr
    rows = [line for line in result.stdout.splitlines() if re.fullmatch(r"(\w ){28}\w", line)]
    assert len(rows) == 29
    cover = re.search(r"the words cover (\d+)% of the cells", result.stderr)
    assert cover is not None and 8 <= int(cover.group(1)) <= 15, result.stderr
