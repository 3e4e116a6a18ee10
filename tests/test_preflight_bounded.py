"""Preflight reads a PDF in a process of its own whose memory and CPU time are capped: a damaged
file that would make the readers take gigabytes is refused in one line, in the reader's
language, and a real book is checked as before.

``data/preflight-damaged.pdf`` is the 17,598-byte file the fuzz run found: pdfminer took 1.4 GB
on it before it gave up (10 GB when nothing stopped it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli import run
from wortsuche import i18n
from wortsuche.render import preflight

DAMAGED = Path(__file__).parent / "data" / "preflight-damaged.pdf"

PROMISE_MB = 500
"""The memory any command may take on any input."""

pytestmark = pytest.mark.slow

SMALL = r"""
import json, resource, subprocess, sys
resource.setrlimit(resource.RLIMIT_CPU, (60, 61))
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps([done.returncode, done.stdout, done.stderr,
                  usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime]))
"""
"""Run a command from a small process of its own and say its peak: a process forked from the
test runner (hundreds of MB after many tests) would carry the runner's pages in its peak."""


def in_small_process(*argv: str, cwd: Path | None = None) -> tuple[int, str, str, float, float]:
    """``argv`` run from a fresh small Python: exit code, output, errors, peak MB of the
    command and its children, their CPU seconds."""
    done = subprocess.run(
        [sys.executable, "-c", SMALL, *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=os.environ.copy(),
        check=True,
    )
    code, out, err, megabytes, cpu = json.loads(done.stdout)
    return code, out, err, megabytes, cpu


def in_locale(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", lang)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en_US.UTF-8",
            "wortsuche: error: cannot check interior.pdf: reading it needs more memory than "
            "256 MB allows (the file may be damaged)\n",
        ),
        (
            "de_DE.UTF-8",
            "wortsuche: Fehler: interior.pdf kann nicht geprüft werden: Zum Lesen reichen die "
            "erlaubten 256 MB Speicher nicht (die Datei ist vielleicht beschädigt)\n",
        ),
    ],
)
def test_a_pdf_that_needs_gigabytes_to_read_is_one_line_within_the_memory_promise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    (tmp_path / "interior.pdf").write_bytes(DAMAGED.read_bytes())
    in_locale(monkeypatch, lang)
    # the peak is the largest of the command's processes, its reading child's included
    code, out, err, megabytes, cpu = in_small_process(
        sys.executable,
        "-m",
        "wortsuche",
        "preflight",
        "interior.pdf",
        "--trim",
        "6x9",
        cwd=tmp_path,
    )
    assert (code, out, err) == (2, "", said)
    assert megabytes < PROMISE_MB, megabytes
    assert cpu < 30, cpu


def test_a_pdf_that_reads_for_longer_than_its_cap_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def spin(*args: object, **kwargs: object) -> None:
        while True:
            pass

    (tmp_path / "interior.pdf").write_bytes(DAMAGED.read_bytes())
    monkeypatch.setattr(preflight, "READING_CPU_SECONDS", 1.0)
    monkeypatch.setattr(preflight, "READING_CPU_PER_MEGABYTE", 0.0)
    monkeypatch.setattr(preflight, "check_book", spin)  # the child is forked: it spins too
    start = time.monotonic()
    result = run("preflight", "interior.pdf", "--trim", "6x9", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "wortsuche: error: cannot check interior.pdf: reading it takes more than 1 CPU "
        "seconds (the file may be damaged)\n"
    )
    assert time.monotonic() - start < 120  # the CPU second ends it, however busy the machine


def test_the_fuzz_run_charges_a_case_with_the_memory_of_its_reading() -> None:
    """The fuzz run measures a case in a worker process: the child that reads the PDF is one
    more, and its peak is the case's (the worker's own stays near 60 MB)."""
    script = (
        "import sys; from pathlib import Path; from fuzzing import Case, run_case\n"
        "case = Case(['preflight', 'interior.pdf', '--trim', '6x9'],"
        " {'interior.pdf': Path(sys.argv[1]).read_bytes()})\n"
        "outcome = run_case(case)\n"
        "print(outcome.kind, outcome.megabytes)\n"
    )
    tests = str(Path(__file__).parent)
    path = os.pathsep.join([tests, os.environ.get("PYTHONPATH", "")])
    # from a fresh process, as the fuzz run's workers are: not forked from this test runner
    done = subprocess.run(
        [sys.executable, "-c", script, str(DAMAGED)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        check=True,
    )
    kind, megabytes = done.stdout.split()[-3:-1], float(done.stdout.split()[-1])
    assert " ".join(kind) == "exit 2", done.stdout
    assert 120 < megabytes < PROMISE_MB, done.stdout
