"""The difficulty model: hand-counted grids, what moves the score, and levels that differ.

Units: 0.1 per cell looked at while scanning, 1 per letter compared going →, 1.2 ↓, 1.5
diagonally, 2 backwards; 0.25 s per unit.
"""

from __future__ import annotations

import statistics

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli import run
from difficulty_reference import word_effort
from wortsuche import Direction, generate
from wortsuche.difficulty.simulated import READING_ORDER, rate, rate_puzzle
from wortsuche.errors import DoesNotFitError
from wortsuche.grid.topology import Topology
from wortsuche.levels import LEVELS


def test_a_word_read_across_from_the_only_first_letter() -> None:
    # Scan half of 9 cells (0.45), then read A and S going → (2 × 1): 2.45 units.
    rating = rate(["DAS", "XYZ", "QRT"], ["DAS"])
    (word,) = rating.words
    assert (word.anchor, word.anchors, word.direction) == ("D", 1, Direction.E)
    assert word.units == pytest.approx(2.45)
    assert rating.minutes == pytest.approx(2.45 * 0.25 / 60)


def test_a_false_start_costs_its_directions_and_is_met_half_the_time() -> None:
    # Two D cells: the true one in the first row, a false one in the bottom right corner.
    # False D at (2, 2): →, ↓, ↘, ↗ and ↙ leave the grid at once (no cost); ← reads Q (≠ A): 2;
    # ↑ reads S: 2; ↖ reads A (2), then D (≠ S): 2. 8 units and one false lead, met before the
    # true D half the time. True D: A and S going →: 2. Scan: 9 cells × 0.1 × 1/2 = 0.45.
    rating = rate(["DAS", "XAS", "YQD"], ["DAS"])
    (word,) = rating.words
    assert (word.anchor, word.anchors, word.false_leads) == ("D", 2, 0.5)
    assert word.units == pytest.approx(0.45 + 8 / 2 + 2)


def test_a_word_read_backwards_costs_the_directions_tried_before_it() -> None:
    # SAD going ← from the D: →, ↓, ↘ and ↗ leave the grid at once; ← reads A, S (2 × 2).
    rating = rate(["SAD"], ["DAS"])
    (word,) = rating.words
    assert word.direction is Direction.W
    assert word.units == pytest.approx(3 * 0.1 / 2 + 4)
    across = rate(["DAS"], ["DAS"]).words[0]
    assert across.units == pytest.approx(3 * 0.1 / 2 + 2)


def test_only_the_directions_the_sheet_names_are_read() -> None:
    grid = ["DAS", "AXX", "SXX"]
    across_down = rate(grid, ["DAX"], [Direction.E, Direction.S])
    every_way = rate(grid, ["DAX"])
    assert across_down.units < every_way.units
    assert across_down.words[0].direction is None  # not there across or down


def test_a_word_not_in_the_grid_costs_a_whole_scan_and_every_start() -> None:
    present = rate(["DASX", "XXXX"], ["DAS"]).units
    absent = rate(["DAXS", "XXXX"], ["DAS"]).units
    assert absent > present


def test_a_clearly_rare_letter_is_scanned_for_instead_of_the_first() -> None:
    grid = ["ZEBRA", "EEEEE", "EEEEE", "EEEEE"]
    (word,) = rate(grid, ["ZEBRA"]).words
    assert word.anchor == "Z"
    (word,) = rate(grid, ["EBRAZ"]).words
    assert word.anchor == "B"  # E is everywhere: its first letter that is clearly rarer


def test_more_first_letters_make_a_word_harder_to_find() -> None:
    few = rate(["KATZE", "XXXXX", "XXXXX", "XXXXX"], ["KATZE"]).units
    many = rate(["KATZE", "KATZX", "KATZX", "EXEXX"], ["KATZE"]).units  # two near-misses
    assert many > few


def test_the_score_ignores_where_the_word_happens_to_lie() -> None:
    top = rate(["DAS", "XXX", "XXX", "XDX"], ["DAS"]).units
    bottom = rate(["XDX", "XXX", "XXX", "DAS"], ["DAS"]).units
    assert top == pytest.approx(bottom)


def test_rate_reads_other_programs_grids_typed_in(tmp_path) -> None:  # type: ignore[no-untyped-def]
    grid = tmp_path / "grid.txt"
    grid.write_text("D A S\nX Y Z\nQ R T\n", encoding="utf-8")
    result = run("rate", grid, "--words", "das", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert '"score": 0.0' in result.stdout and '"anchor": "D"' in result.stdout


# Levels that differ: a property over random word lists.

WORDS = st.lists(
    st.text(alphabet="ABCDEFGHIKLMNOPRSTUZ", min_size=4, max_size=8),
    min_size=6,
    max_size=10,
    unique=True,
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=WORDS)
def test_the_median_score_rises_from_level_to_level(words: list[str]) -> None:
    medians = []
    for level in LEVELS:
        scores = []
        for seed in range(5):
            try:
                scores.append(rate_puzzle(generate(words, 14, 14, level=level, seed=seed)).units)
            except DoesNotFitError:
                continue
        if len(scores) < 3:
            return  # a list this crowded says nothing about the levels
        medians.append(statistics.median(scores))
    assert medians == sorted(medians) and len(set(medians)) == len(medians), medians


@st.composite
def _grids_and_words(draw: st.DrawFn) -> tuple[list[str], list[str], list[Direction], bool]:
    letters = draw(st.sampled_from(["AB", "ABC", "ABCDE"]))
    height = draw(st.integers(1, 7))
    width = draw(st.integers(1, 7))
    # some grids have holes (a blank: the cell of a shaped grid that is none)
    cells = letters + draw(st.sampled_from(["", " "]))
    rows = ["".join(draw(st.lists(st.sampled_from(cells), min_size=width, max_size=width)))
            for _ in range(height)]  # fmt: skip
    words = draw(st.lists(st.text(letters, min_size=1, max_size=6), min_size=1, max_size=6))
    directions = draw(st.lists(st.sampled_from(list(Direction)), unique=True, max_size=8))
    return rows, words, directions, draw(st.booleans())


@settings(max_examples=400, deadline=None)
@given(_grids_and_words())
def test_the_counted_rating_equals_walking_every_anchor_cell(
    case: tuple[list[str], list[str], list[Direction], bool],
) -> None:
    # Small alphabets make many partial matches, repeats, palindromes and words found twice;
    # half the grids are read as a torus (``--wrap``), where a line goes on past the edge.
    rows, words, directions, wrap = case
    order = [(d.name, weight) for d, weight in READING_ORDER if d in directions]
    rating = rate(rows, words, directions, topology=Topology.of_grid(rows, wrap=wrap))
    assert [w.letters for w in rating.words] == list(dict.fromkeys(words))
    for effort in rating.words:
        units, anchor, anchors, leads, found = word_effort(rows, effort.letters, order, wrap)
        assert effort.units == pytest.approx(units, rel=1e-9, abs=1e-9)
        assert (effort.anchor, effort.anchors) == (anchor, anchors)
        assert effort.false_leads == pytest.approx(leads, rel=1e-9, abs=1e-9)
        assert (effort.direction.name if effort.direction else None) == found


HEX_ORDER = [("E", 1.0), ("S", 1.5), ("NE", 1.5), ("W", 2.0), ("N", 2.0), ("SW", 2.0)]
"""A solver's reading of hexagons, as drawn: → forward (1), ↘ (the axial S) and ↗ diagonal
(1.5), ← ↖ ↙ backward (2), in the habit order of the square grid's directions drawn alike."""


@st.composite
def _hexagons_and_words(draw: st.DrawFn) -> tuple[list[str], list[str], list[Direction], int]:
    letters = draw(st.sampled_from(["AB", "ABC", "ABCDE"]))
    side = draw(st.integers(1, 4))
    n = 2 * side - 1
    rows = [
        "".join(
            draw(st.sampled_from(letters)) if side - 1 <= r + c <= 3 * side - 3 else " "
            for c in range(n)
        )
        for r in range(n)
    ]
    words = draw(st.lists(st.text(letters, min_size=1, max_size=6), min_size=1, max_size=6))
    # told of any directions, a square grid's ↘ and ↖ too: only the six lines of hexagons count
    directions = draw(st.lists(st.sampled_from(list(Direction)), unique=True, max_size=8))
    return rows, words, directions, side


@settings(max_examples=300, deadline=None)
@given(_hexagons_and_words())
def test_on_hexagons_the_solver_reads_their_six_lines_as_drawn(
    case: tuple[list[str], list[str], list[Direction], int],
) -> None:
    from wortsuche.grid.hexagons import Hex

    rows, words, directions, side = case
    names = {d.name for d in directions}
    order = [(name, weight) for name, weight in HEX_ORDER if name in names]
    rating = rate(rows, words, directions, topology=Hex.hexagon(side).holding(rows))
    for effort in rating.words:
        # the axial steps of hexagons are the square grid's E, S, NE, W, N and SW steps, and
        # the holes round the hexagon end its lines
        units, anchor, anchors, leads, found = word_effort(rows, effort.letters, order)
        assert effort.units == pytest.approx(units, rel=1e-9, abs=1e-9)
        assert (effort.anchor, effort.anchors) == (anchor, anchors)
        assert effort.false_leads == pytest.approx(leads, rel=1e-9, abs=1e-9)
        assert (effort.direction.name if effort.direction else None) == found


def test_a_hex_puzzle_is_rated_along_its_own_lines_and_a_square_one_as_before() -> None:
    words = ["TAFEL", "KREIDE", "HEFT", "LINEAL", "PAUSE", "MANGO"]
    hexagons = generate(words, 5, 5, level="hard", seed=2, grid="hex")
    rating = rate_puzzle(hexagons)
    assert {e.direction.name for e in rating.words if e.direction} <= {d for d, _ in HEX_ORDER}
    # ↘ (the axial S) and ↗ count as diagonals, ↗ ↖ ↙ ← as drawn
    drawn_diagonal = {"S", "N", "NE", "SW"}
    found = [e.direction.name for e in rating.words if e.direction]
    share = sum(name in drawn_diagonal for name in found) / len(found)
    assert rating.components["diagonal_share"] == pytest.approx(share)
    square = generate(words, 9, 9, level="hard", seed=2)
    order = [(d.name, w) for d, w in READING_ORDER if d in square.options.directions]
    for effort in rate_puzzle(square).words:
        assert effort.units == pytest.approx(
            word_effort(square.grid.rows, effort.letters, order)[0], rel=1e-12
        )


def test_the_holes_of_a_shaped_grid_are_no_cells_to_scan() -> None:
    """A column of holes adds nothing to look at: the score stays the same."""
    plain = rate(["TORFX", "AVORQ", "RADEV"], ["TORF", "VOR", "RAD"])
    holed = rate(["TORFX ", "AVORQ ", "RADEV "], ["TORF", "VOR", "RAD"])
    assert holed.units == pytest.approx(plain.units)
    assert holed.components["word_letter_cells"] == pytest.approx(
        plain.components["word_letter_cells"]
    )
