"""Words over the edge (``--wrap``): the grid is a torus, and every guarantee holds on it.

The oracle (``scan.torus_occurrences``) walks the torus cell by cell on its own; it shares no
code with the verifier, the board or the placement search.
"""

from __future__ import annotations

import io
import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from cli import run as wortsuche
from scan import assert_exactly_once, torus_occurrences
from wortsuche import DoesNotFitError, InputError, generate
from wortsuche.errors import PuzzleFormatError
from wortsuche.grid.torus import Torus
from wortsuche.model import Direction, Grid, Word, segments
from wortsuche.puzzle_json import dumps, loads
from wortsuche.render import render
from wortsuche.render.options import RenderOptions
from wortsuche.render.terminal import print_puzzle
from wortsuche.verification.verifier import find_occurrences, verify, verify_puzzle

ROOT = Path(__file__).resolve().parent.parent
ANIMALS = ["Fuchs", "Igel", "Hase", "Dachs", "Reh", "Maus", "Eule", "Biber"]


def test_every_word_is_once_on_the_torus_at_every_level() -> None:
    made: list[bool] = []
    wrapped: list[bool] = []

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        words=st.lists(st.text("ABDEINRST", min_size=1, max_size=7), min_size=1, max_size=7),
        rows=st.integers(3, 9),
        cols=st.integers(3, 9),
        level=st.sampled_from(["easy", "medium", "hard", "evil"]),
        seed=st.integers(0, 2**32),
    )
    def on_torus(words: list[str], rows: int, cols: int, level: str, seed: int) -> None:
        try:
            puzzle = generate(words, rows, cols, level=level, seed=seed, wrap=True)
        except DoesNotFitError as error:
            assert str(error)
            made.append(False)
            return
        assert puzzle.options.wrap
        for letters, placement in puzzle.placements.items():
            # each placement reads its word round the torus
            assert "".join(puzzle.grid.at(cell) for cell in puzzle.cells_of(placement)) == letters
            assert all(cell in puzzle.grid for cell in puzzle.cells_of(placement))
            assert len(set(puzzle.cells_of(placement))) == len(letters)
        assert_exactly_once(puzzle)
        assert verify_puzzle(puzzle).ok
        made.append(True)
        wrapped.append(any(puzzle.topology.wraps(p) for p in puzzle.placements.values()))

    on_torus()
    assert sum(made) >= 0.5 * len(made), f"{sum(made)} of {len(made)} made a puzzle"
    # the torus is used, not merely allowed: many puzzles have a word over the edge
    assert sum(wrapped) >= 0.3 * len(wrapped), f"{sum(wrapped)} of {len(wrapped)} wrap"


@settings(max_examples=200, deadline=None)
@given(
    rows=st.integers(3, 7),
    cols=st.integers(3, 7),
    data=st.data(),
)
def test_the_verifier_finds_on_the_torus_what_the_oracle_finds(
    rows: int, cols: int, data: st.DataObject
) -> None:
    letters = st.text("AB", min_size=cols, max_size=cols)
    grid_rows = data.draw(st.lists(letters, min_size=rows, max_size=rows))
    words = data.draw(st.lists(st.text("AB", min_size=1, max_size=8), min_size=1, max_size=4))
    found = find_occurrences(Grid.from_rows(grid_rows), words, topology=Torus(rows, cols))
    for word in words:
        mine = {frozenset(o.cells) if len(o.cells) > 1 else o.cells for o in found[word]}
        theirs = {
            frozenset(run) if len(run) > 1 else run for run in torus_occurrences(grid_rows, word)
        }
        # as sets of cells: the same cells read one way or the other are one occurrence
        assert len(found[word]) == len(torus_occurrences(grid_rows, word)), word
        assert mine == theirs, word


def test_a_word_as_long_as_its_line_is_read_once_from_each_cell_not_round_again() -> None:
    # a 3x3 torus: the row "ABC" holds ABC, BCA and CAB, and nothing of length 4
    grid = Grid.from_rows(["ABC", "DEF", "GHI"])
    found = find_occurrences(grid, ["ABC", "BCA", "CAB", "ABCA", "CBA"], topology=Torus(3, 3))
    assert [o.cells for o in found["BCA"]] == [((0, 1), (0, 2), (0, 0))]
    assert len(found["CAB"]) == 1 and len(found["ABC"]) == 1
    assert found["ABCA"] == []
    assert len(found["CBA"]) == 1  # ABC read backwards


def test_runs_between_two_cells_go_every_way_round_once() -> None:
    for start in [(0, 0), (2, 3), (4, 1)]:
        for end in [(0, 1), (3, 3), (4, 4)]:
            if start == end:
                continue
            runs = Torus(5, 6).runs_between(start, end)
            assert [len(r) for r in runs] == sorted(len(r) for r in runs)
            for run in runs:
                assert run[0] == start and run[-1] == end
                assert len(set(run)) == len(run)
                steps = {((b[0] - a[0]) % 5, (b[1] - a[1]) % 6) for a, b in itertools.pairwise(run)}
                assert len(steps) == 1  # one straight direction, round the torus


def test_segments_split_a_wrapped_word_where_it_crosses_the_edge() -> None:
    assert segments([(0, 4), (0, 0), (0, 1)]) == [((0, 4),), ((0, 0), (0, 1))]
    assert segments([(3, 3), (4, 4), (0, 0)]) == [((3, 3), (4, 4)), ((0, 0),)]
    assert segments([(1, 1), (2, 2)]) == [((1, 1), (2, 2))]


def test_the_same_seed_gives_the_same_wrapped_puzzle() -> None:
    first = generate(ANIMALS, 8, 8, level="hard", seed=42, wrap=True)
    again = generate(ANIMALS, 8, 8, level="hard", seed=42, wrap=True)
    assert first.grid.rows == again.grid.rows
    assert first.placements == again.placements
    flat = generate(ANIMALS, 8, 8, level="hard", seed=42)
    assert not any(flat.topology.wraps(p) for p in flat.placements.values())


def test_a_wrapped_puzzle_travels_in_json_and_stays_proved() -> None:
    puzzle = generate(ANIMALS, 7, 7, level="hard", seed=5, wrap=True)
    assert any(puzzle.topology.wraps(p) for p in puzzle.placements.values())
    text = dumps(puzzle)
    assert json.loads(text)["options"]["wrap"] is True
    back = loads(text)
    assert back.options.wrap
    assert back.placements == puzzle.placements
    assert verify_puzzle(back).ok
    assert_exactly_once(back)


def test_the_flat_verifier_refuses_a_wrapped_puzzle_read_as_flat() -> None:
    puzzle = generate(ANIMALS, 7, 7, level="hard", seed=5, wrap=True)
    data = json.loads(dumps(puzzle))
    data["options"]["wrap"] = False
    data["topology"] = {"kind": "flat"}
    with pytest.raises(PuzzleFormatError, match="ends at"):
        loads(json.dumps(data))  # a placement over the edge is no straight line in a flat grid


def test_wrap_needs_a_rectangle_of_at_least_three_by_three() -> None:
    with pytest.raises(InputError, match="whole rectangle"):
        generate(ANIMALS, 10, 10, wrap=True, shape="heart")
    with pytest.raises(InputError, match="at least 3 rows and 3 columns"):
        generate(["AB"], 2, 5, wrap=True)
    auto = generate(["AB", "C"], wrap=True, seed=1)
    assert min(auto.rows, auto.cols) >= 3


def test_every_renderer_draws_each_part_of_a_wrapped_word() -> None:
    puzzle = generate(ANIMALS, 7, 7, level="hard", seed=5, wrap=True)
    over = [p for p in puzzle.placements.values() if puzzle.topology.wraps(p)]
    parts = sum(len(segments(puzzle.cells_of(p))) for p in puzzle.placements.values())
    assert over and parts > len(puzzle.placements)
    svg = render(puzzle, "svg", answers=True)
    assert isinstance(svg, str)
    # the key: one capsule for each part of each word
    assert svg.count('class="capsule"') == parts
    # the parts run on out of the grid and the frame cuts them; a flat key needs no cut
    assert 'clip-path="url(#frame-clip)"' in svg
    flat = render(generate(ANIMALS, 7, 7, level="hard", seed=5), "svg", answers=True)
    assert "clip-path" not in str(flat)
    text = render(puzzle, "text", answers=True, language="en")
    assert isinstance(text, str)
    assert text.count("(over the edge)") == len(over)
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=False, width=100)
    print_puzzle(puzzle, RenderOptions(answers=True, language="en"), console=console)
    assert screen.getvalue().count("(over the edge)") == len(over)
    page = render(puzzle, "html", language="de")
    assert isinstance(page, str)
    assert '"wrap": true' in page and "über den Rand" in page


def test_the_cli_makes_a_wrapped_puzzle_and_refuses_bad_combinations() -> None:
    made = wortsuche(
        "generate", "--wrap", "--size", "6x6", "--seed", "3", "--format", "json", *ANIMALS[:5]
    )
    assert made.returncode == 0, made.stderr
    puzzle = loads(made.stdout)
    assert puzzle.options.wrap and verify_puzzle(puzzle).ok
    shaped = wortsuche("generate", "--wrap", "--shape", "heart", *ANIMALS)
    assert shaped.returncode == 2
    assert shaped.stderr.count("\n") == 1 and "rectangle" in shaped.stderr
    assert "Traceback" not in shaped.stderr
    small = wortsuche("generate", "--wrap", "--size", "2x8", "AB")
    assert small.returncode == 2 and small.stderr.count("\n") == 1
    assert "3 rows and 3 columns" in small.stderr


def test_a_word_longer_than_every_flat_line_fits_on_a_diagonal_of_the_torus() -> None:
    # 4x6: the longest flat line has 6 cells, a diagonal of the torus lcm(4, 6) = 12
    word = "".join(random.Random(1).choice("ABCDEFGH") for _ in range(9))
    with pytest.raises(DoesNotFitError):
        generate([word], 4, 6, level="hard", seed=2)
    puzzle = generate([word], 4, 6, level="hard", seed=2, wrap=True)
    (placement,) = puzzle.placements.values()
    assert placement.direction.step[0] != 0 and placement.direction.step[1] != 0
    assert_exactly_once(puzzle)


def test_solve_reads_a_wrapped_puzzle_round_and_a_typed_grid_with_wrap(tmp_path: Path) -> None:
    made = wortsuche("generate", "examples/bwinf/worte0.txt", "--level", "hard", "--seed", "7", "--wrap", "-o", tmp_path / "p.json", cwd=ROOT)  # fmt: skip
    assert made.returncode == 0, made.stderr
    solved = wortsuche("solve", tmp_path / "p.json")  # the file says it is a torus
    assert solved.returncode == 0, solved.stdout
    assert solved.stdout.count("(over the edge)") == 3
    grid = "\n".join(loads((tmp_path / "p.json").read_text(encoding="utf-8")).grid.rows)
    (tmp_path / "grid.txt").write_text(grid + "\n", encoding="utf-8")
    flat = wortsuche("solve", tmp_path / "grid.txt", "--words", "VOR,RAD,EVA,TORF")
    assert flat.returncode == 1 and flat.stdout.count("not found in the grid") == 3
    round_ = wortsuche("solve", tmp_path / "grid.txt", "--words", "VOR,RAD,EVA,TORF", "--wrap")
    assert round_.returncode == 0, round_.stdout


def test_a_book_of_wrapped_puzzles_proves_each_one(tmp_path: Path) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("\n".join(ANIMALS) + "\n", encoding="utf-8")
    book = wortsuche("book", words, "--count", "3", "--words-per-puzzle", "6", "--size", "7x7", "--wrap", "--seed", "1", "-o", tmp_path / "b.jsonl")  # fmt: skip
    assert book.returncode == 0, book.stderr
    lines = (tmp_path / "b.jsonl").read_text(encoding="utf-8").splitlines()
    puzzles = [loads(line) for line in lines]  # each line is a puzzle in the JSON format
    assert len(puzzles) == 3
    for puzzle in puzzles:
        assert puzzle.options.wrap
        assert_exactly_once(puzzle)
    assert any(puzzle.topology.wraps(p) for puzzle in puzzles for p in puzzle.placements.values())


def test_the_exact_mode_and_decoys_keep_every_word_once_on_the_torus() -> None:
    # a word as long as the row: the exact mode must read the line round as well
    exact = generate(["Fuchs", "Igel", "Hase"], 5, 5, level="medium", seed=1, wrap=True, exact=True)
    assert any(exact.topology.wraps(p) for p in exact.placements.values())
    assert_exactly_once(exact)
    for seed in range(4):
        decoyed = generate(ANIMALS[:5], 7, 7, level="evil", seed=seed, wrap=True, decoys="max")
        assert_exactly_once(decoyed)
        assert verify_puzzle(decoyed).ok


def _run(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """A run of cells the same whichever end it is read from."""
    return min(cells, cells[::-1])


@settings(max_examples=300, deadline=None)
@given(
    shape=st.sampled_from(["1xN", "Nx1", "2xN", "Nx2", "any"]),
    size=st.tuples(st.integers(1, 6), st.integers(1, 6)),
    data=st.data(),
)
def test_on_narrow_tori_each_run_of_cells_counts_once_and_the_oracle_agrees(
    shape: str, size: tuple[int, int], data: st.DataObject
) -> None:
    # one or two rows (or columns) high, ↗ and ↘ (or ↓ and ↑, → and ←) read the same cells:
    # one run of cells is one occurrence however many directions read it
    rows, cols = {"1xN": (1, size[1]), "Nx1": (size[0], 1), "2xN": (2, size[1])}.get(
        shape, (size[0], 2) if shape == "Nx2" else size
    )
    grid_rows = data.draw(st.lists(st.text("AB", min_size=cols, max_size=cols), min_size=rows, max_size=rows))  # fmt: skip
    words = data.draw(st.lists(st.text("AB", min_size=1, max_size=7), min_size=1, max_size=4))
    grid, torus = Grid.from_rows(grid_rows), Torus(rows, cols)
    found = find_occurrences(grid, words, topology=torus)
    for word in words:
        runs = [_run(o.cells) for o in found[word]]
        assert len(runs) == len(set(runs)), (word, found[word])
        assert set(runs) == torus_occurrences(grid_rows, word), word
        assert all("".join(grid.at(cell) for cell in o.cells) == word for o in found[word])
    report = verify(grid, [Word(w, w) for w in dict.fromkeys(words)], topology=torus)
    for word in report.words:
        counted = [word.own] if word.own is not None else []
        counted += [*word.stray, *(o for o, _ in word.inside_longer)]
        assert len({_run(o.cells) for o in counted}) == len(counted), word


NARROW = {  # a word on a torus of one or two rows or columns, each direction it could be read
    "2 rows, ↗": (["QBRST", "AUCVW"], "ABC", (1, 0), "NE"),
    "2 rows, ↓": (["QBRST", "AUCVW"], "QA", (0, 0), "S"),
    "2 columns, ↘": (["AQ", "RB", "CS", "TU"], "ABC", (0, 0), "SE"),
    "2 columns, ←": (["AQ", "RB", "CS", "TU"], "QA", (0, 1), "W"),
    "1 row, →": (["ABCDE"], "BCD", (0, 1), "E"),
    "1 column, ↑": (["A", "B", "C", "D"], "DCB", (3, 0), "N"),
}


@pytest.mark.parametrize("case", NARROW)
def test_check_proves_a_hand_made_puzzle_on_a_narrow_torus(case: str, tmp_path: Path) -> None:
    grid_rows, word, start, direction = NARROW[case]
    puzzle = json.loads(dumps(generate(["ABC"], 3, 5, level="hard", seed=1, wrap=True)))
    torus = Torus(len(grid_rows), len(grid_rows[0]))
    cells = torus.cells(start, Direction[direction], len(word))
    placed = {"letters": word, "start": list(start), "direction": direction}
    placed |= {"end": list(cells[-1]), "cells": [list(c) for c in cells]}
    puzzle.update(rows=len(grid_rows), cols=len(grid_rows[0]), grid=grid_rows)
    puzzle.update(words=[{"entry": word, "letters": word}], placements=[placed])
    del puzzle["difficulty"]
    (tmp_path / "p.json").write_text(json.dumps(puzzle), encoding="utf-8")
    for command in ("check", "solve"):
        checked = wortsuche(command, tmp_path / "p.json")
        assert checked.returncode == 0, (command, checked.stdout)
        assert "second copy" not in checked.stdout and "found 2 times" not in checked.stdout
    assert torus_occurrences(grid_rows, word) == {_run(cells)}
