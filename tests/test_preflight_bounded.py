"""Preflight reads a PDF in a process of its own whose memory and CPU time are capped: a damaged
file that would make the readers take gigabytes is refused in one line, in the reader's
language, and a real book is checked as before.

``data/preflight-damaged.pdf`` is the 17,598-byte file the fuzz run found: pdfminer took 1.4 GB
on it before it gave up (10 GB when nothing stopped it).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from capped import run_capped
from cli import run
from fuzzing import Case, run_case
from wortsuche import i18n
from wortsuche.render import preflight

DAMAGED = Path(__file__).parent / "data" / "preflight-damaged.pdf"

PROMISE_MB = 500
"""The memory any command may take on any input."""

pytestmark = pytest.mark.slow


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
    result = run_capped("preflight", "interior.pdf", "--trim", "6x9", cwd=tmp_path, cpu=30)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", said)
    assert result.megabytes < PROMISE_MB, result.megabytes
    assert result.cpu < 30, result.cpu


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
    case = Case(
        ["preflight", "interior.pdf", "--trim", "6x9"], {"interior.pdf": DAMAGED.read_bytes()}
    )
    outcome = run_case(case)
    assert outcome.kind == "exit 2", outcome
    assert 120 < outcome.megabytes < PROMISE_MB, outcome
