"""What the verifier keeps or spares (a small list's readings, a second reading of a placement
the scan found, the placed words' cells where no occurrence is apart) changes no verdict: the
same report, problem for problem, as reading everything afresh."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wortsuche import Direction, Grid, Placement, Word, verify
from wortsuche.grid.topology import Flat
from wortsuche.grid.torus import Torus
from wortsuche.verification import verifier

grids = st.integers(1, 6).flatmap(
    lambda width: st.lists(st.text("ABN", min_size=width, max_size=width), min_size=1, max_size=6)
)


def afresh(
    grid: Grid,
    words: list[Word],
    placements: dict[str, Placement],
    topology: Flat | Torus,
    patch: pytest.MonkeyPatch,
) -> verifier.Report:
    """The report with nothing kept and nothing spared: every placement read in the grid."""
    verifier._kept_readings.cache_clear()
    with patch.context() as m:
        m.setattr(verifier, "_readings_of", verifier._Readings)
        m.setattr(verifier, "_found_at", lambda placement, found: False)
        return verify(grid, words, placements, topology=topology)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=grids,
    letters=st.lists(st.text("ABN", min_size=1, max_size=4), min_size=1, max_size=5, unique=True),
    draws=st.data(),
    cyclic=st.booleans(),
)
def test_the_report_is_the_one_read_afresh(
    rows: list[str],
    letters: list[str],
    draws: st.DataObject,
    cyclic: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grid = Grid.from_rows(rows)
    height, width = len(rows), len(rows[0])
    topology = Torus(height, width) if cyclic else Flat(height, width)
    words = [Word(x, x) for x in letters]
    cells = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    placements = {}
    for x in letters:  # some where the grid reads them, some not, some leaving the grid
        if draws.draw(st.booleans()):
            start = draws.draw(cells)
            placements[x] = Placement(x, start, draws.draw(st.sampled_from(list(Direction))))
    kept = [verify(grid, words, placements, topology=topology) for _ in range(2)]
    fresh = afresh(grid, words, placements, topology, monkeypatch)
    for report in kept:
        assert report.problems == fresh.problems
        assert report.words == fresh.words
    # a word there exactly once adds no problem: the problems are the placements' and each
    # word report's own, in that order
    own = [p for r in fresh.words for p in verifier._word_problems(r, topology)]
    assert list(fresh.problems[len(fresh.problems) - len(own) :]) == own


def test_a_palindrome_placed_against_its_first_reading_is_read_again() -> None:
    """The scan keeps one occurrence of a palindrome's cells (ANNA read →); placed ← from the
    other end, the grid is read again, and reads it."""
    grid = Grid.from_rows(["ANNA", "XXXX"])
    report = verify(grid, [Word("ANNA", "ANNA")], {"ANNA": Placement("ANNA", (0, 3), Direction.W)})
    assert report.ok


def test_a_small_list_keeps_its_readings() -> None:
    letters = ["TORF", "RAD"]
    verifier._kept_readings.cache_clear()
    first = verifier._readings_of(letters)
    assert verifier._readings_of(list(letters)) is first
    big = [f"W{i:03}" for i in range(verifier.KEPT_WORDS + 1)]
    assert verifier._readings_of(big) is not verifier._readings_of(big)
