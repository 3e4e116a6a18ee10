"""The knobs the levels are made of act, and a target difficulty is reached.

letter_floor lifts rare letters, diagonal_share orders diagonals first, word_letter_share acts
at hard, and ``--difficulty`` comes within 10 % of the score asked for.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from cli import run
from wortsuche import generate
from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.rating.targeting import generate_near
from wortsuche.spec import options_from_dict, options_to_dict
from wortsuche.words.source import parse_words

ROOT = Path(__file__).resolve().parent.parent
ANIMALS = ROOT / "benchmarks" / "data" / "lists" / "animals-en.txt"
WORDS = ["ZEBRA", "LION", "TIGER", "HIPPO", "PANDA", "KOALA", "MONKEY", "GORILLA"]


def rarest_word_letter(floor: int, seed: int) -> int:
    # the floor alone: the search after the fill (fill_search) moves counts by what slows readers
    puzzle = generate(
        WORDS,
        14,
        14,
        level="hard",
        seed=seed,
        letter_floor=floor,
        word_letter_share=100,
        fill_search=0,
    )
    counts = Counter("".join(puzzle.grid.rows))
    return min(counts[x] for x in set("".join(WORDS)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_letter_floor_lifts_the_rarest_letter_of_the_words(seed: int) -> None:
    # An even spread of 17 letters over 196 cells is about 11.5 each: a floor of 100 % lifts
    # every letter of the words to 11, where without it one stands 1 to 3 times (Z, Y, K).
    assert rarest_word_letter(100, seed) >= 11
    assert rarest_word_letter(0, seed) <= 5


def test_the_diagonal_share_sets_how_many_words_run_diagonally() -> None:
    def diagonal(share: int) -> int:
        puzzle = generate(WORDS, 14, 14, level="hard", seed=4, diagonal_share=share)
        return sum(p.direction.is_diagonal for p in puzzle.placements.values())

    assert diagonal(0) == 0
    assert diagonal(100) == len(WORDS)


def test_the_word_letter_share_acts_at_hard() -> None:
    grids = {
        share: generate(WORDS, 14, 14, level="hard", seed=5, word_letter_share=share).grid
        for share in (0, 100)
    }
    assert grids[0] != grids[100]


def test_options_written_before_the_new_knobs_still_read() -> None:
    written = options_to_dict(generate(WORDS, 14, 14, level="hard", seed=1).options)
    knobs = ("letter_floor", "diagonal_share", "fill_search")
    old = {k: v for k, v in written.items() if k not in knobs}
    options = options_from_dict(old)
    assert (options.letter_floor, options.diagonal_share, options.fill_search) == (0, None, 0)


@pytest.mark.parametrize("target", [2.0, 4.0])
def test_a_target_difficulty_is_reached_within_ten_percent(target: float) -> None:
    source = parse_words(ANIMALS.read_text(encoding="utf-8"), name=ANIMALS.name)
    words, _ = source.words()
    puzzle = generate_near(words, 15, 15, target=target, seed=3)
    minutes = rate_puzzle(puzzle).minutes
    assert abs(minutes - target) / target <= 0.10, (puzzle.level, minutes)
    again = generate_near(words, 15, 15, target=target, seed=3)
    assert again.grid == puzzle.grid  # same seed, same puzzle


def test_generate_says_the_score_reached_for_a_target() -> None:
    result = run(
        "generate", ANIMALS, "--difficulty", "3", "--seed", "2", "--format", "json", cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert abs(data["difficulty"]["score"] - 3) <= 0.3
    assert any(note.startswith("difficulty") for note in data["notes"])


@pytest.mark.parametrize(
    ("option", "value"), [("--letter-floor", "101"), ("--diagonal-share", "-1")]
)
def test_a_knob_out_of_range_is_one_line_and_exit_2(option: str, value: str) -> None:
    result = run("generate", "--size", "8x8", "KATZE", "HUND", option, value)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "0 to 100" in result.stderr


@pytest.mark.parametrize("seed", range(6))
def test_the_easy_filler_puts_no_letter_beside_its_like(seed: int) -> None:
    """Easy's filler letters begin and end no word: for twelve German animals only a few are
    left, and drawn freely half the filler cells stood beside their like (ETTTTTTFUCHS)."""
    words = ["Hund", "Katze", "Maus", "Igel", "Fuchs", "Hase", "Reh", "Wolf", "Dachs", "Kuh"]
    puzzle = generate([*words, "Esel", "Ente"], 12, 12, level="easy", seed=seed)
    own = {cell for placement in puzzle.placements.values() for cell in placement.cells}
    rows = puzzle.grid.rows
    free = [(r, c) for r in range(12) for c in range(12) if (r, c) not in own]
    beside = [
        (r, c)
        for r, c in free
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and (r + dr, c + dc) in set(free) and rows[r + dr][c + dc] == rows[r][c]
    ]
    assert beside == []
