"""Fuzzing every reader's arguments: whatever a command line holds, the run ends with exit 0, 1
or 2 and one line, within 30 CPU seconds, never with a traceback.

Each case runs as ``main(argv)`` in a forked copy of the test process under a CPU and a memory
cap (``fuzzing.py``), so a run that would hang or eat the machine is a failure, not a stuck
suite. The example count is small for CI; ``WORTSUCHE_FUZZ_EXAMPLES=2000`` searches longer, and
``benchmarks/fuzz.py`` runs hundreds of thousands of cases with a table of outcomes.
"""

from __future__ import annotations

import os
import random
import string

import pytest
from hypothesis import HealthCheck, find, given, settings

import fuzzing
from fuzzing import Case, cases, commands, puzzle_document, run_case, shrink, signature_of, to_json

pytestmark = pytest.mark.slow  # each case runs in a forked process

FUZZ = settings(
    max_examples=int(os.environ.get("WORTSUCHE_FUZZ_EXAMPLES", "30")),
    deadline=None,
    suppress_health_check=list(HealthCheck),
)

USUAL_FILES = {
    "words.txt": b"Hund\nKatze\nMaus\n",
    "puzzle.json": to_json(puzzle_document()).encode(),
    "grid.txt": b"TORFX\nVORAD\nEVAXX\n",
    "long.txt": (", ".join(f"Wort{n}" for n in range(200)) + "\n").encode(),
    "folder/keep": b"",
}
"""The input files of a case written by hand."""

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
    # a model file name that is not UTF-8: the error line must still be said
    ["rate", "grid.txt", "words.txt", "--format", "json", "--model", "\udcff"],
]


def assert_contained(case: Case) -> None:
    outcome = run_case(case)
    assert not outcome.failed, (case.argv, outcome)
    lines = outcome.detail.splitlines()
    assert all(line.startswith("wortsuche: ") for line in lines), outcome.detail
    errors = [line for line in lines if line.startswith("wortsuche: error: ")]
    assert len(errors) == (outcome.kind == "exit 2"), outcome.detail


@FUZZ
@given(cases(["generate", "check", "render", "rate", "solve", "themes", "completion"]))
def test_any_command_line_ends_in_one_line_within_the_budget(case: Case) -> None:
    assert_contained(case)


@pytest.mark.parametrize("argv", FOUND_BEFORE, ids=lambda argv: " ".join(argv)[:40])
def test_a_command_line_that_broke_a_reader_before_ends_in_one_line(argv: list[str]) -> None:
    assert_contained(Case(argv, USUAL_FILES))


@pytest.mark.parametrize("command", commands())
def test_the_fuzzer_reaches_every_command_and_its_files(command: str) -> None:
    settled = settings(database=None, suppress_health_check=list(HealthCheck))
    case = find(
        cases([command]), lambda c: c.argv[0] == command and len(c.files) > 1, settings=settled
    )
    named = [name for name in case.files if name in case.argv]
    assert named or case.env.get("XDG_CONFIG_HOME") == "config"


def test_a_run_past_the_cap_is_reported_not_waited_for() -> None:
    rng = random.Random(2)
    words = {"".join(rng.choice(string.ascii_uppercase) for _ in range(30)) for _ in range(200)}
    outcome = run_case(Case(["generate", "--level", "evil", "--seed", "1", *sorted(words)]), cpu=1)
    assert outcome.kind == "over CPU" and outcome.failed


KEPT: list[bytearray] = []


def _hog_or_measure(case: Case, *, cpu: float = fuzzing.CPU_CAP) -> fuzzing.Outcome:
    """A stand-in case runner: ``hog`` keeps 120 MB alive, as Python keeps what a large case
    took; anything else takes nothing and reports the peak it is charged with."""
    fuzzing._reset_peak()
    if case.argv == ["hog"]:
        KEPT.append(bytearray(120 * 2**20))
        KEPT[-1][:: 2**12] = b"x" * len(KEPT[-1][:: 2**12])  # touch every page
    return fuzzing.Outcome("exit 0", 0, fuzzing._peak_megabytes())


def test_a_case_is_charged_its_own_memory_not_what_an_earlier_case_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fuzzing, "run_here", _hog_or_measure)  # the fork runs the stand-in
    with fuzzing.Worker() as worker:
        base = worker.run(Case(["small"])).megabytes
        monkeypatch.setattr(fuzzing, "RENEW_ABOVE_MB", base + 60)
        assert worker.run(Case(["hog"])).megabytes > base + 100
        assert worker.run(Case(["small"])).megabytes < base + 60


TRACEBACK = """Traceback (most recent call last):
  File "/x/src/wortsuche/cli/__init__.py", line 194, in _run
    code: int = args.run(args)
  File "/x/src/wortsuche/cli/records.py", line 61, in run
    if not Path(args.db).is_file():
  File "/usr/lib/python3.11/pathlib.py", line 1013, in stat
    return os.stat(self, follow_symlinks=follow_symlinks)
OSError: [Errno 36] File name too long: 'xxx'
"""


def test_a_traceback_is_named_by_its_class_and_innermost_place_in_the_package() -> None:
    assert signature_of(TRACEBACK) == "OSError at cli/records.py:run"
    assert signature_of(TRACEBACK.replace("/wortsuche/", "/other/")) == "OSError at pathlib.py:stat"


def test_a_case_shrinks_to_what_still_fails() -> None:
    case = Case(["generate", "--seed", "1", "TORF", "--title", "x"], {"a.txt": b"12345678"},
                b"Hund", {"LANG": "de"})  # fmt: skip
    smallest = shrink(case, lambda c: "TORF" in c.argv and b"5" in c.files.get("a.txt", b""))
    assert smallest.argv == ["generate", "TORF"]
    assert smallest.files == {"a.txt": b"5"} and not smallest.stdin and not smallest.env
