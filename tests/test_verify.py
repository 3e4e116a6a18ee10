"""The verifier states precisely which occurrences exist, in all 8 directions."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scan import occurrences
from wortsuche import Direction, Grid, Placement, Word, solve, verify
from wortsuche.verification import verifier
from wortsuche.verification.verifier import find_occurrences


def words(*letters: str) -> list[Word]:
    return [Word(x, x) for x in letters]


def test_a_word_placed_once_is_ok() -> None:
    grid = Grid.from_rows(["TORF", "XXXX"])
    report = verify(grid, words("TORF"), {"TORF": Placement("TORF", (0, 0), Direction.E)})
    assert report.ok
    assert report["TORF"].own is not None


def test_a_second_copy_read_backwards_is_a_stray() -> None:
    grid = Grid.from_rows(["TORF", "FROT"])
    report = verify(grid, words("TORF"), {"TORF": Placement("TORF", (0, 0), Direction.E)})
    assert not report.ok
    (stray,) = report["TORF"].stray
    assert stray.start == (1, 3) and stray.direction is Direction.W
    assert "second copy at row 2, column 4" in report.problems[0]


def test_a_diagonal_copy_is_found() -> None:
    grid = Grid.from_rows(["DXX", "XAX", "XXS", "DAS"])
    report = verify(grid, words("DAS"), {"DAS": Placement("DAS", (3, 0), Direction.E)})
    assert [o.direction for o in report["DAS"].stray] == [Direction.SE]


def test_occurrences_inside_a_longer_word_are_allowed_and_named() -> None:
    grid = Grid.from_rows(["ARCHIVBOT", "XXXXXXXXX"])
    placements = {
        "ARCHIVBOT": Placement("ARCHIVBOT", (0, 0), Direction.E),
        "ARCHIV": Placement("ARCHIV", (0, 0), Direction.E),
    }
    report = verify(grid, words("ARCHIVBOT", "ARCHIV"), placements)
    assert report.ok
    assert report["ARCHIV"].own is not None and report["ARCHIV"].inside_longer == ()


def test_a_word_placed_apart_from_its_place_inside_a_longer_word_is_a_second_copy() -> None:
    grid = Grid.from_rows(["ARCHIVBOT", "ARCHIVXXX"])
    placements = {
        "ARCHIVBOT": Placement("ARCHIVBOT", (0, 0), Direction.E),
        "ARCHIV": Placement("ARCHIV", (1, 0), Direction.E),
    }
    report = verify(grid, words("ARCHIVBOT", "ARCHIV"), placements)
    assert not report.ok and report["ARCHIV"].apart
    assert [host for _, host in report["ARCHIV"].inside_longer] == ["ARCHIVBOT"]
    assert report.problems == (
        "ARCHIV: a second copy at row 2, column 1 going →, apart from its place inside ARCHIVBOT",
    )


def test_reversed_containment_is_the_word_s_place_inside_the_longer_word() -> None:
    grid = Grid.from_rows(["INFORMATION", "XXXXXFNXXXX"])
    placements = {
        "INFORMATION": Placement("INFORMATION", (0, 0), Direction.E),
        "FN": Placement("FN", (0, 2), Direction.W),
    }
    report = verify(grid, words("INFORMATION", "FN"), placements)
    assert not report.ok  # the FN in the second row is a free copy
    (stray,) = report["FN"].stray
    assert stray.start == (1, 5)
    solved = solve(grid, words("INFORMATION", "FN"))
    own = solved["FN"].own
    assert own is not None and own.start == (0, 2) and own.direction is Direction.W
    assert [o.start for o in solved["FN"].stray] == [(1, 5)]


def test_a_palindrome_read_both_ways_is_one_occurrence() -> None:
    grid = Grid.from_rows(["ANNA", "XXXX"])
    report = verify(grid, words("ANNA"), {"ANNA": Placement("ANNA", (0, 0), Direction.E)})
    assert report.ok
    assert report["ANNA"].stray == ()


def test_a_placement_that_does_not_match_the_grid_is_reported() -> None:
    grid = Grid.from_rows(["TORX", "XXXX"])
    report = verify(grid, words("TORF"), {"TORF": Placement("TORF", (0, 0), Direction.E)})
    assert not report.ok
    assert any("not found" in p for p in report.problems)
    assert any("does not read TORF" in p for p in report.problems)


def test_a_missing_word_is_reported() -> None:
    report = verify(Grid.from_rows(["XX"]), words("AB"), {})
    assert report.problems == ("AB: not found in the grid",)


def test_an_absent_puzzle_must_contain_no_word_at_all() -> None:
    assert verify(Grid.from_rows(["DSA", "AAD"]), words("DAS"), {}, absent=True).ok
    report = verify(Grid.from_rows(["DAS", "AAD"]), words("DAS"), {}, absent=True)
    assert not report.ok


def test_solve_infers_placements_in_a_typed_grid() -> None:
    report = solve(["A R C H I V B O T", "x x x x x x x x x"], ["archiv", "Archivbot"])
    assert report.ok
    assert report["ARCHIV"].own is not None and report["ARCHIV"].own.start == (0, 0)


def test_solve_counts_a_word_beside_its_place_inside_a_longer_one_as_a_second_copy() -> None:
    report = solve(["A R C H I V B O T", "x a r c h i v x x"], ["archiv", "Archivbot"])
    assert not report.ok
    assert report["ARCHIV"].own is not None and report["ARCHIV"].own.start == (0, 0)
    assert [o.start for o in report["ARCHIV"].stray] == [(1, 1)]


def test_solve_looks_for_eszett_as_the_grid_writes_it() -> None:
    # generate writes ß as SS by default, as the capital ẞ with eszett="keep"
    assert solve(["XSTRASSEX", "GRÖSSEABC"], ["Straße", "Größe"]).ok
    assert solve(["XSTRAẞEXX", "GRÖẞEABCD"], ["Straße", "Größe"]).ok


def test_solve_refuses_a_topology_of_another_size_and_text_for_its_words() -> None:
    from wortsuche.errors import InputError
    from wortsuche.grid.torus import Torus

    with pytest.raises(InputError, match="the topology is 4x4, the grid 3x3"):
        solve(["ABC", "DEF", "GHI"], ["IA"], topology=Torus(4, 4))
    assert solve(["ABC", "DEF", "GHI"], ["IA"], topology=Torus(3, 3)).ok  # across the edge
    with pytest.raises(InputError, match="words must be a list of words, not str"):
        solve(["DASX"], "das")


def test_solve_reports_two_copies() -> None:
    report = solve(["DAS", "SAD"], ["das"])
    assert not report.ok
    assert len(report["DAS"].stray) == 1


grids = st.integers(1, 6).flatmap(
    lambda width: st.lists(st.text("ABN", min_size=width, max_size=width), min_size=1, max_size=6)
)


@settings(max_examples=200, deadline=None)
@given(rows=grids, word=st.text("ABN", min_size=1, max_size=4))
def test_find_occurrences_agrees_with_a_naive_scan(rows: list[str], word: str) -> None:
    found = find_occurrences(Grid.from_rows(rows), [word])[word]
    assert {frozenset(o.cells) for o in found} == occurrences(rows, word)
    assert all("".join(rows[r][c] for r, c in o.cells) == word for o in found)


def test_direction_between_two_cells_and_the_line_through_them() -> None:
    from wortsuche.model import line

    assert Direction.between((4, 4), (1, 1)) is Direction.NW
    assert Direction.between((0, 3), (2, 1)) is Direction.SW
    assert Direction.between((0, 0), (1, 2)) is None
    assert Direction.between((2, 2), (2, 2)) is None
    assert line((2, 2), (2, 2)) == ((2, 2),)
    assert line((3, 0), (0, 3)) == ((3, 0), (2, 1), (1, 2), (0, 3))
    assert line((0, 0), (2, 3)) is None


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=grids,
    words=st.lists(st.text("ABN", min_size=1, max_size=5), min_size=1, max_size=6, unique=True),
)
def test_the_automaton_finds_what_the_scan_in_python_finds(
    rows: list[str], words: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The C automaton (the default install) and the scan that stands in without it agree."""
    grid = Grid.from_rows(rows)
    by_automaton = find_occurrences(grid, words)
    with monkeypatch.context() as patch:
        patch.setattr(verifier, "AHOCORASICK", None)
        by_scan = find_occurrences(grid, words)
    assert by_automaton == by_scan


def test_the_default_install_verifies_with_the_automaton() -> None:
    assert verifier.AHOCORASICK is not None, "pyahocorasick is a core dependency"
