"""Hexagonal grids, held to an oracle of their own.

The scan here shares no code with the package: it reads a puzzle's JSON (the grid rows, the
topology dict, the placements), works out which stored cells are on the board from the topology
alone, and walks the three axes of the hexagons both ways from every cell. In axial cells the
six neighbours of (r, c) are the steps E (0, 1), W (0, -1), S (1, 0), N (-1, 0), NE (-1, 1)
and SW (1, -1).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche import generate
from wortsuche.errors import DoesNotFitError, InputError, PuzzleFormatError
from wortsuche.puzzle_json import loads, puzzle_to_dict

ROOT = Path(__file__).resolve().parent.parent

STEPS = {"E": (0, 1), "W": (0, -1), "S": (1, 0), "N": (-1, 0), "NE": (-1, 1), "SW": (1, -1)}
"""The six directions of a hexagonal grid, as axial steps."""

LEVEL_DIRECTIONS = {
    "easy": {"E", "S"},
    "medium": {"E", "S", "SW"},
    "hard": set(STEPS),
    "evil": set(STEPS),
}

Cell = tuple[int, int]


def on_board(topology: dict[str, Any]) -> tuple[int, int, set[Cell]]:
    """The stored size and the board's cells, from the topology dict alone."""
    assert topology["kind"] == "hex"
    if topology["shape"] == "hexagon":
        n = topology["side"]
        size = 2 * n - 1
        cells = {(r, c) for r in range(size) for c in range(size) if n - 1 <= r + c <= 3 * n - 3}
        return size, size, cells
    rows, width = topology["rows"], topology["cols"]
    shift = (rows - 1) // 2
    cells = {(r, j - r // 2 + shift) for r in range(rows) for j in range(width)}
    return rows, width + shift, cells


def occurrences(data: dict[str, Any], word: str) -> set[frozenset[Cell]]:
    """Every set of cells on which ``word`` reads along a hexagonal line, either way."""
    rows = data["grid"]
    _, _, board = on_board(data["topology"])
    found = set()
    for r, c in board:
        for dr, dc in STEPS.values():
            run = [(r + i * dr, c + i * dc) for i in range(len(word))]
            if all(cell in board for cell in run) and "".join(rows[y][x] for y, x in run) == word:
                found.add(frozenset(run))
    return found


def assert_exactly_once(data: dict[str, Any], level: str | None = None) -> None:
    """Each word stands once on the board where the JSON says, in a direction of its level; any
    other copy lies inside a longer placed word."""
    rows, cols, board = on_board(data["topology"])
    grid = data["grid"]
    assert (len(grid), len(grid[0])) == (rows, cols)
    for r in range(rows):
        for c in range(cols):
            assert (grid[r][c] == " ") == ((r, c) not in board), (r, c)
    placed: dict[str, list[Cell]] = {}
    for item in data["placements"]:
        (r, c), (dr, dc) = item["start"], STEPS[item["direction"]]
        run = [(r + i * dr, c + i * dc) for i in range(len(item["letters"]))]
        assert [tuple(cell) for cell in item["cells"]] == run
        assert all(cell in board for cell in run)
        assert "".join(grid[y][x] for y, x in run) == item["letters"]
        placed[item["letters"]] = run
    words = [w["letters"] for w in data["words"]] + [w["letters"] for w in data["secret_words"]]
    for item in data["placements"]:
        # a word that is another backwards, or lies inside a longer one, shares its place
        word = item["letters"]
        shares = word[::-1] in words or any(
            len(other) > len(word) and (word in other or word[::-1] in other) for other in words
        )
        if level is not None and not shares:
            assert item["direction"] in LEVEL_DIRECTIONS[level], item
    assert set(placed) == set(words)
    for word in words:
        own = frozenset(placed[word])
        for cells in occurrences(data, word) | occurrences(data, word[::-1]):
            if cells == own:
                continue
            hosts = [
                run for other, run in placed.items() if len(other) > len(word) and cells <= set(run)
            ]
            assert hosts, f"{word} stands a second time at {sorted(cells)}"


def worte1() -> list[str]:
    """The words of the BWInf example ``worte1.txt`` (a size line, a count, then the words)."""
    lines = (ROOT / "examples/bwinf/worte1.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines[2:] if line.strip()]


@pytest.mark.parametrize("level", sorted(LEVEL_DIRECTIONS))
def test_every_word_of_worte1_stands_once_on_a_hexagon_at_every_level(level: str) -> None:
    words = worte1()
    for seed in range(20):
        puzzle = generate(words, 5, level=level, seed=seed, grid="hex")
        data = json.loads(json.dumps(puzzle_to_dict(puzzle)))
        assert data["topology"] == {"kind": "hex", "shape": "hexagon", "side": 5}
        assert_exactly_once(data, level)


def test_staggered_rows_hold_every_word_once() -> None:
    for seed in range(10):
        puzzle = generate(worte1(), 6, 7, level="hard", seed=seed, grid="hex")
        data = puzzle_to_dict(puzzle)
        assert data["topology"] == {"kind": "hex", "shape": "rectangle", "rows": 6, "cols": 7}
        rows, cols, board = on_board(data["topology"])
        assert (rows, cols, len(board)) == (6, 9, 42)
        assert_exactly_once(data, "hard")


def test_the_oracle_sees_a_second_copy() -> None:
    puzzle = generate(["ABC", "DEF"], 3, level="easy", seed=1, grid="hex")
    data = puzzle_to_dict(puzzle)
    rows = [list(row) for row in data["grid"]]
    free = [
        (r, c)
        for r, c in sorted(on_board(data["topology"])[2])
        if all((r, c) not in [tuple(x) for x in p["cells"]] for p in data["placements"])
        and all(
            (r + i * dr, c + i * dc) in on_board(data["topology"])[2]
            and all(
                (r + i * dr, c + i * dc) not in [tuple(x) for x in p["cells"]]
                for p in data["placements"]
            )
            for dr, dc in [(0, 1)]
            for i in range(3)
        )
    ]
    assert free, "a hexagon of side 3 has a free row of three"
    r, c = free[0]
    for i, letter in enumerate("ABC"):
        rows[r][c + i] = letter
    data["grid"] = ["".join(row) for row in rows]
    with pytest.raises(AssertionError, match="second time"):
        assert_exactly_once(data)


small_words = st.lists(
    st.text(alphabet="ABCDEF", min_size=2, max_size=5), min_size=1, max_size=5, unique=True
)


@settings(max_examples=40, deadline=None)
@given(
    words=small_words,
    side=st.integers(3, 6),
    level=st.sampled_from(sorted(LEVEL_DIRECTIONS)),
    seed=st.integers(0, 10_000),
)
def test_any_small_word_list_stands_once_on_a_hexagon(
    words: list[str], side: int, level: str, seed: int
) -> None:
    try:
        puzzle = generate(words, side, level=level, seed=seed, grid="hex")
    except (DoesNotFitError, InputError):
        return  # no layout, or words the package refuses (one inside another backwards …)
    assert_exactly_once(json.loads(json.dumps(puzzle_to_dict(puzzle))), level)


def test_a_hex_puzzle_file_reads_back_and_a_version_1_file_still_reads() -> None:
    puzzle = generate(worte1(), 4, level="hard", seed=2, grid="hex")
    data = puzzle_to_dict(puzzle)
    assert data["format_version"] == 2 and data["options"]["grid"] == "hex"
    assert loads(json.dumps(data)) == puzzle
    flat = puzzle_to_dict(generate(worte1(), 6, level="hard", seed=2))
    old = {k: v for k, v in flat.items() if k != "topology"} | {"format_version": 1}
    old["options"] = {k: v for k, v in flat["options"].items() if k != "grid"}
    assert loads(json.dumps(old)).topology.to_dict() == {"kind": "flat"}
    damaged = dict(data, topology={"kind": "hex", "shape": "hexagon", "side": 3})
    with pytest.raises(PuzzleFormatError, match="does not match"):
        loads(json.dumps(damaged))
    south_east = json.loads(json.dumps(data))
    south_east["placements"][0]["direction"] = "SE"
    with pytest.raises(PuzzleFormatError, match="no direction of a hexagonal grid"):
        loads(json.dumps(south_east))


def wortsuche(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wortsuche", *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_the_command_line_makes_checks_solves_and_rates_a_hex_puzzle(tmp_path: Path) -> None:
    words = ROOT / "examples/bwinf/worte1.txt"
    made = wortsuche(
        "generate", words, "--grid", "hex", "--size", "5", "--level", "hard", "--seed", "3",
        "--format", "json", "-o", tmp_path / "hex.json", cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    data = json.loads((tmp_path / "hex.json").read_text(encoding="utf-8"))
    assert_exactly_once(data, "hard")
    for command in ("check", "solve", "rate"):
        result = wortsuche(command, tmp_path / "hex.json", cwd=tmp_path)
        assert result.returncode == 0, (command, result.stderr)
        assert "Traceback" not in result.stderr
    solved = wortsuche("solve", tmp_path / "hex.json", "--format", "json", cwd=tmp_path)
    if solved.returncode == 0 and solved.stdout.lstrip().startswith("{"):
        assert "SE" not in json.dumps(json.loads(solved.stdout))
    refused = wortsuche("generate", words, "--grid", "hex", "--wrap", "--size", "5", cwd=tmp_path)
    assert refused.returncode == 2 and len(refused.stderr.strip().splitlines()) == 1
    assert "Traceback" not in refused.stderr


def test_the_text_sheet_staggers_the_rows_of_a_hexagon() -> None:
    from wortsuche.render import render

    puzzle = generate(worte1(), 4, level="easy", seed=5, grid="hex")
    text = render(puzzle, "text", language="en")
    assert isinstance(text, str)
    grid = text.split("\n\n")[0].splitlines()
    assert len(grid) == 7
    for r, line in enumerate(grid):
        # row r holds 4 + min(r, 6 - r) letters, indented by |3 - r| half cells
        indent = abs(3 - r)
        letters = line.split()
        assert len(letters) == 7 - indent, (r, line)
        assert line.startswith(" " * indent) and line[indent] != " "
        assert "".join(letters) == puzzle.grid.rows[r].replace(" ", "")


def test_svg_png_and_pdf_draw_hexagons_with_a_capsule_per_word() -> None:
    from wortsuche.render import render

    puzzle = generate(worte1(), 5, level="hard", seed=6, grid="hex")
    svg = render(puzzle, "svg", answers=True)
    assert isinstance(svg, str)
    assert svg.count("<polygon ") == 61  # 3·5·4 + 1 hexagons, no square frame
    assert 'class="frame"' not in svg
    assert svg.count('class="capsule"') == len(puzzle.placements)
    png = render(puzzle, "png")
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG")
    pdf = render(puzzle, "pdf", answers=True)
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF")


def test_the_csv_which_sets_squares_refuses_hexagons_in_one_line() -> None:
    from wortsuche.render import render

    puzzle = generate(worte1(), 4, level="easy", seed=5, grid="hex")
    with pytest.raises(InputError, match="csv cannot show a grid of hexagons"):
        render(puzzle, "csv")


@settings(max_examples=60, deadline=None)
@given(side=st.integers(1, 8), data=st.data())
def test_the_drawing_finds_each_hexagon_at_its_centre_and_its_corners_touch_neighbours(
    side: int, data: st.DataObject
) -> None:
    from wortsuche.grid.hexagons import Hex

    board = Hex.hexagon(side)
    cells = sorted(on_board(board.to_dict())[2])
    assert cells == sorted(
        (r, c) for r in range(board.rows) for c in range(board.cols) if (r, c) in board
    )
    cell = data.draw(st.sampled_from(cells))
    x, y = board.centre(cell)
    assert board.cell_at((x, y)) == cell
    # the convention: x = √3·R·(c + r/2), y = 1.5·R·r, with R = 1/√3 of a cell width
    r, c = cell
    x0, y0 = board.centre((0, side - 1))
    assert abs((x - x0) - ((c - (side - 1)) + r / 2)) < 1e-9
    assert abs((y - y0) - 1.5 * r / 3**0.5) < 1e-9
    corners = board.outline(cell)
    assert len(corners) == 6
    for step in STEPS.values():  # a neighbour's centre is one cell width away
        nx, ny = board.centre((r + step[0], c + step[1]))
        assert abs(((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 - 1) < 1e-9


def test_secret_words_a_message_decoys_and_a_target_difficulty_work_on_hexagons() -> None:
    from wortsuche.rating.targeting import generate_near

    words = worte1()
    secret = generate(words, 5, level="hard", seed=3, grid="hex", secret=["OTTO"])
    assert [w.letters for w in secret.secret_words] == ["OTTO"]
    assert_exactly_once(puzzle_to_dict(secret), "hard")
    message = generate(words, 5, level="medium", seed=3, grid="hex", message="Hallo Welt")
    data = puzzle_to_dict(message)
    assert_exactly_once(data, "medium")
    covered = {tuple(cell) for p in data["placements"] for cell in p["cells"]}
    _, _, board = on_board(data["topology"])
    free = [data["grid"][r][c] for r, c in sorted(board) if (r, c) not in covered]
    assert "".join(free).startswith("HALLOWELT")  # the free cells in reading order
    evil = generate(words, 6, level="evil", seed=3, grid="hex")
    assert_exactly_once(puzzle_to_dict(evil), "evil")
    near = generate_near(words, 5, 5, target=1.0, seed=1, grid="hex")
    assert near.topology.to_dict() == {"kind": "hex", "shape": "hexagon", "side": 5}
    assert_exactly_once(puzzle_to_dict(near))


def test_a_hexagon_is_counted_by_its_cells_not_by_the_side_asked() -> None:
    """Six words of 26 letters that may not cross fit a hexagon of side 4 (37 cells), which the
    count of a 4x4 square (16 cells) refused."""
    words = ["HUND", "KATZE", "MAUS", "IGEL", "FUCHS", "HASE"]
    puzzle = generate(words, 4, 4, level="easy", seed=1, grid="hex")
    assert sorted(puzzle.placements) == sorted(words)
    with pytest.raises(DoesNotFitError, match="room for only 37"):
        generate([*words, "REH", "DACHS", "OTTER"], 4, 4, level="easy", seed=1, grid="hex")


DRAWN = {"E": "→", "W": "←", "S": "↘", "N": "↖", "NE": "↗", "SW": "↙"}
"""The six directions as a pointy-top board of hexagons draws them (the axial S runs ↘)."""


def test_the_reports_and_the_verifiers_problems_draw_the_arrows_of_hexagons() -> None:
    import dataclasses

    from wortsuche.cli.reports import report_lines
    from wortsuche.model import Placement, Placements
    from wortsuche.verification.verifier import verify_puzzle

    puzzle = generate(worte1(), 5, level="hard", seed=6, grid="hex")
    assert {p.direction.name for p in puzzle.placements.values()} & {"S", "N"}
    lines = report_lines(verify_puzzle(puzzle))
    for word, line in zip(verify_puzzle(puzzle).words, lines, strict=False):
        placement = puzzle.placements[word.word.letters]
        assert line.rstrip().endswith(DRAWN[placement.direction.name]), line
    assert all(arrow not in "\n".join(lines) for arrow in "↓↑")
    # a placement moved one cell along its line: the problem names the hexagons' arrow too
    letters, moved = next(
        (k, p) for k, p in sorted(puzzle.placements.items()) if p.direction.name in ("S", "N")
    )
    step = moved.direction.offset(moved.start, 1)
    placements = dict(puzzle.placements) | {letters: Placement(letters, step, moved.direction)}
    wrong = dataclasses.replace(puzzle, placements=Placements(placements))
    problems = [str(problem) for problem in verify_puzzle(wrong).problems]
    said = next(p for p in problems if "does not read" in p)
    assert said.endswith(f"going {DRAWN[moved.direction.name]}")


def test_a_sheet_says_how_words_run_on_hexagons_by_their_arrows() -> None:
    from wortsuche.i18n import translator
    from wortsuche.render.texts import instruction

    easy = generate(worte1()[:4], 4, level="easy", seed=5, grid="hex")
    for language, across in (("de", "waagerecht"), ("en", "across")):
        lines = " ".join(instruction(easy, translator(language), word_list=True))
        assert "→ ↘" in lines and across not in lines


@settings(max_examples=80, deadline=None)
@given(
    shape=st.sampled_from(["hexagon", "rectangle"]),
    size=st.tuples(st.integers(1, 6), st.integers(1, 6)),
    length=st.integers(1, 9),
    names=st.lists(st.sampled_from(sorted(STEPS)), min_size=1, max_size=6, unique=True),
    seed=st.integers(0, 2**16),
)
def test_a_search_is_offered_only_the_starts_whose_word_stays_on_the_board(
    shape: str, size: tuple[int, int], length: int, names: list[str], seed: int
) -> None:
    from wortsuche.grid.hexagons import Hex
    from wortsuche.model import Direction
    from wortsuche.rand import Rng

    board = Hex.hexagon(size[0]) if shape == "hexagon" else Hex.rectangle(*size)
    _, _, cells = on_board(board.to_dict())
    directions = [Direction[name] for name in names]
    expected = [
        (r, c, direction)
        for direction in directions
        for r, c in sorted(cells)
        if all(
            (r + k * STEPS[direction.name][0], c + k * STEPS[direction.name][1]) in cells
            for k in range(length)
        )
    ]
    space = board.positions(length, directions)
    assert list(space) == expected  # no start in a hole, no run through one
    assert space.total == len(expected)
    assert [space.position(i) for i in range(space.total)] == expected
    drawn = list(space.random_order(Rng(seed)))
    assert sorted(drawn, key=repr) == sorted(expected, key=repr)
    # the anchors of a search through a cell name the same starts
    for r, c, direction in expected[:20]:
        index = r * board.cols + c
        assert board.start_through(index, direction, 0, length) == (r, c)
    for r, c in sorted(cells)[:20]:
        for direction in directions:
            start = board.start_through(r * board.cols + c, direction, 0, length)
            assert start is None or (r, c, direction) in expected
