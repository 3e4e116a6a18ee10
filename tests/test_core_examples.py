"""The six official examples of the competition task at every level, several seeds each."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scan import assert_exactly_once
from wortsuche import Direction, generate
from wortsuche.levels import LEVELS
from wortsuche.puzzle_json import dumps
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.words.alphabet import language_alphabet
from wortsuche.words.wordset import outside_longer_words

EXAMPLES = Path(__file__).parent.parent / "examples" / "bwinf"
SEEDS = (1, 2, 3)


def read_example(n: int) -> tuple[list[str], int, int]:
    lines = (EXAMPLES / f"worte{n}.txt").read_text(encoding="utf-8").split()
    rows, cols, count = int(lines[0]), int(lines[1]), int(lines[2])
    assert len(lines[3:]) == count
    return lines[3:], rows, cols


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("example", range(6))
def test_official_example_is_verified_clean(example: int, level: str, seed: int) -> None:
    words, rows, cols = read_example(example)
    puzzle = generate(words, rows, cols, level=level, seed=seed)
    assert verify_puzzle(puzzle).ok
    assert_exactly_once(puzzle)
    assert (puzzle.rows, puzzle.cols) == (rows, cols)


def test_worte4_keeps_umlauts_as_single_cells() -> None:
    words, rows, cols = read_example(4)
    puzzle = generate(words, rows, cols, level="hard", seed=7)
    placement = puzzle.placements["BEGRIFFSKLÄRUNGSHINWEIS"]
    assert len(placement.cells) == len("BEGRIFFSKLÄRUNGSHINWEIS") == 23


def test_worte4_places_archiv_inside_its_hosts_and_counts_each_of_them() -> None:
    words, rows, cols = read_example(4)
    puzzle = generate(words, rows, cols, level="medium", seed=7)
    report = verify_puzzle(puzzle)
    own = set(puzzle.placements["ARCHIV"].cells)
    hosts = {host for _, host in report["ARCHIV"].inside_longer}
    hosts |= {w for w, p in puzzle.placements.items() if len(w) > 6 and own <= set(p.cells)}
    assert hosts == {"ARCHIVBOT", "ARCHIVIERUNG", "WEBARCHIV", "AUTOARCHIV"}
    fn = set(puzzle.placements["FN"].cells)  # FN stands backwards inside INFORMATION
    assert fn <= set(puzzle.placements["INFORMATION"].cells)
    assert puzzle.placements["FN"].direction == puzzle.placements["INFORMATION"].direction.reverse


def test_worte5_evil_fills_900_cells_with_d_a_s_and_das_stands_once() -> None:
    words, rows, cols = read_example(5)
    puzzle = generate(words, rows, cols, level="evil", seed=11)
    letters = "".join(puzzle.grid.rows)
    assert len(letters) == 900
    assert set(letters) == {"D", "A", "S"}
    assert_exactly_once(puzzle)


def test_worte5_evil_absent_hides_das_nowhere() -> None:
    words, rows, cols = read_example(5)
    puzzle = generate(words, rows, cols, level="evil", absent=True, seed=3)
    assert set("".join(puzzle.grid.rows)) == {"D", "A", "S"}
    assert puzzle.placements == {}
    assert verify_puzzle(puzzle).ok


def test_easy_words_run_right_or_down_never_cross_and_filler_starts_and_ends_no_word() -> None:
    words, rows, cols = read_example(3)
    puzzle = generate(words, rows, cols, level="easy", seed=5)
    assert {p.direction for p in puzzle.placements.values()} <= {Direction.E, Direction.S}
    cells = [cell for p in puzzle.placements.values() for cell in p.cells]
    assert len(cells) == len(set(cells))
    ends = {w[0] for w in words} | {w[-1] for w in words}
    covered = set(cells)
    filler = {
        puzzle.grid.at((r, c)) for r in range(rows) for c in range(cols) if (r, c) not in covered
    }
    assert filler and not filler & ends  # every first letter on the sheet is a real clue


def test_medium_uses_diagonals_and_the_whole_alphabet() -> None:
    words, rows, cols = read_example(4)
    puzzle = generate(words, rows, cols, level="medium", seed=5)
    apart = set(outside_longer_words([w.letters for w in puzzle.words]))
    directions = {p.direction for w, p in puzzle.placements.items() if w in apart}
    assert directions <= {Direction.E, Direction.S, Direction.SE, Direction.NE}
    assert {Direction.SE, Direction.NE} & directions
    covered = {cell for p in puzzle.placements.values() for cell in p.cells}
    filler = {puzzle.grid.at((r, c)) for r in range(rows) for c in range(cols)} - {
        puzzle.grid.at(cell) for cell in covered
    }
    assert filler <= set(language_alphabet("de", words))


def test_hard_reads_backwards_and_crosses_evil_fills_only_with_word_letters() -> None:
    words, rows, cols = read_example(4)
    puzzle = generate(words, rows, cols, level="hard", seed=5)
    directions = {p.direction for p in puzzle.placements.values()}
    assert any(d.is_reversed for d in directions)
    cells = [cell for p in puzzle.placements.values() for cell in p.cells]
    assert len(cells) > len(set(cells)), "hard's words cross"
    evil = generate(words, rows, cols, level="evil", seed=5)
    assert set("".join(evil.grid.rows)) <= set("".join(words))
    apart = set(outside_longer_words([w.letters for w in evil.words]))
    backwards = [p.direction.is_reversed for w, p in evil.placements.items() if w in apart]
    # most words backwards, never all: a solver who noticed would read only backwards
    assert sum(backwards) > len(backwards) / 2 and not all(backwards)


def test_hard_crosses_more_than_medium() -> None:
    words, rows, cols = read_example(4)

    def crossings(level: str) -> int:
        puzzle = generate(words, rows, cols, level=level, seed=9)
        cells = [cell for p in puzzle.placements.values() for cell in p.cells]
        return len(cells) - len(set(cells))

    assert crossings("hard") > crossings("medium")


@pytest.mark.parametrize("hash_seed", ["0", "1", "12345"])
def test_the_same_seed_gives_the_same_puzzle_in_any_process(hash_seed: str) -> None:
    """String hashing differs per process; the puzzle must not depend on it."""
    code = (
        "from wortsuche import generate, puzzle_to_json as dumps\n"
        "import sys\n"
        "words = open(sys.argv[1], encoding='utf-8').read().split()[3:]\n"
        "print(dumps(generate(words, 40, 32, level='evil', seed=42)))\n"
    )
    env = {"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"}
    if "PYTHONPATH" in os.environ:  # a checkout run without installing it
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    out = subprocess.run(
        [sys.executable, "-c", code, str(EXAMPLES / "worte4.txt")],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    words, rows, cols = read_example(4)
    assert out.strip() == dumps(generate(words, rows, cols, level="evil", seed=42)).strip()


def test_a_word_too_long_for_every_direction_fails_before_the_search() -> None:
    from wortsuche import DoesNotFitError

    with pytest.raises(
        DoesNotFitError, match="KONJUNKTUR has 10 letters, but at most 8 fit"
    ) as info:
        generate(["KONJUNKTUR", "VERS"], 8, 8, level="easy", seed=1)
    assert info.value.words == ("KONJUNKTUR",)
    assert info.value.suggested_size == (10, 10)


def test_a_crowded_grid_fails_with_a_size_that_works() -> None:
    from wortsuche import DoesNotFitError

    words, _, _ = read_example(3)
    with pytest.raises(DoesNotFitError) as info:
        generate(words, 12, 7, level="medium", seed=1)
    assert info.value.suggested_size is not None
    rows, cols = info.value.suggested_size
    assert verify_puzzle(generate(words, rows, cols, level="medium", seed=1)).ok
