"""Fuzzing every reader's arguments: whatever a command line holds, the run ends with exit 0, 1
or 2 and one line, within 30 CPU seconds, never with a traceback.

Each case runs as ``main(argv)`` in a forked copy of the test process under a CPU and a memory
cap (``fuzzing.py``), so a run that would hang or eat the machine is a failure, not a stuck
suite. The example count is small for CI; ``WORTSUCHE_FUZZ_EXAMPLES=2000`` searches longer, and
``benchmarks/fuzz.py`` runs tens of thousands of seeded cases with a table of outcomes.
"""

from __future__ import annotations

import os
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import (
    READERS,
    Case,
    DataChooser,
    RandomChooser,
    make_case,
    run_case,
    usual_files,
)

pytestmark = pytest.mark.slow  # each case runs in a forked process

FUZZ = settings(
    max_examples=int(os.environ.get("WORTSUCHE_FUZZ_EXAMPLES", "30")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

REGRESSIONS: list[int] = [
    100105,  # render --output with a name longer than the system allows: OSError
    201347,  # rate --model with a name that is not UTF-8: the error line must still be said
]
"""Seeds of ``benchmarks/fuzz.py`` whose case failed once: each must pass for good."""

FOUND_BEFORE = [
    # a comma list longer than a file name may be (OSError: File name too long)
    ["generate", "--size", "20", ", ".join(f"Apfel{n}" for n in range(60))],
    # leading zeros past Python's limit of 4,300 digits
    ["generate", "--size", "0" * 4400 + "7", "TORF", "VOR"],
    ["generate", "--seed", "0" * 4400 + "7", "TORF", "VOR"],
    # a one-column crowded grid
    ["generate", "--size", "8x1", "--seed", "0", "AAA", "B", "C", "DD", "EE"],
    # a message that can never fit: said at once
    ["generate", "A", "T", "--message", "Gut gemacht"],
    ["generate", "A", "T", "--message", "Gut gemacht", "--difficulty", "5"],
    # an output name longer than the system allows
    ["render", "puzzle.json", "--output", "x" * 300 + ".txt"],
    ["generate", "TORF", "VOR", "--output", "x" * 300 + ".txt"],
    ["book", "words.txt", "--output", "x" * 300 + ".pdf"],
]


def assert_contained(case: Case) -> None:
    outcome = run_case(case)
    assert not outcome.failed, (case.argv, outcome)
    lines = outcome.detail.splitlines()
    assert all(line.startswith("wortsuche: ") for line in lines), outcome.detail
    errors = [line for line in lines if line.startswith("wortsuche: error: ")]
    assert len(errors) == (outcome.kind == "exit 2"), outcome.detail


@FUZZ
@given(st.data())
def test_any_command_line_of_any_reader_ends_in_one_line_within_the_budget(
    data: st.DataObject,
) -> None:
    assert_contained(make_case(DataChooser(data)))


@pytest.mark.parametrize("seed", REGRESSIONS)
def test_a_case_the_long_fuzz_run_found_stays_fixed(seed: int) -> None:
    assert_contained(make_case(RandomChooser(seed)))


@pytest.mark.parametrize("argv", FOUND_BEFORE, ids=lambda argv: " ".join(argv)[:40])
def test_a_command_line_that_broke_a_reader_before_ends_in_one_line(argv: list[str]) -> None:
    assert_contained(Case(argv, usual_files()))


def test_the_fuzzer_reaches_every_reader_and_every_outcome() -> None:
    cases = [make_case(RandomChooser(seed)) for seed in range(200)]
    assert {c.argv[0] for c in cases} >= set(READERS)
    kinds = {run_case(c).kind for c in cases[:60]}
    assert {"exit 0", "exit 2"} <= kinds


def test_a_run_past_the_cap_is_reported_not_waited_for() -> None:
    rng = random.Random(2)
    words = {"".join(rng.choice(string.ascii_uppercase) for _ in range(30)) for _ in range(200)}
    outcome = run_case(Case(["generate", "--level", "evil", "--seed", "1", *sorted(words)]), cpu=1)
    assert outcome.kind == "SIGXCPU" and outcome.failed
