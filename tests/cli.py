"""Run the command line in the test process, as ``main(argv)``, or as a real process.

``run`` calls :func:`wortsuche.cli.main` with standard input, output and error replaced by
byte buffers that are not terminals, the environment a user's pipe would have, and the
working folder given: the same argument parsing, reading, writing and exit codes as
``python -m wortsuche``, without starting Python anew for each call. ``run_process``
starts the real process, for what only a process shows (interpreter start, pipes, signals).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from wortsuche.cli import main

if TYPE_CHECKING:
    import pytest

ENV = {"PYTHONUTF8": "1", "NO_COLOR": "1"}


@dataclass
class Result:
    """What a command left behind: like ``subprocess.CompletedProcess`` with text output."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str
    stdout_bytes: bytes


class _Stream(io.TextIOWrapper):
    """A text stream over bytes (``.buffer`` works), never a terminal."""

    def __init__(self, data: bytes = b"", errors: str = "strict") -> None:
        super().__init__(io.BytesIO(data), encoding="utf-8", errors=errors, newline="")

    def isatty(self) -> bool:
        return False

    def value(self) -> bytes:
        self.flush()
        raw = self.buffer
        assert isinstance(raw, io.BytesIO)
        return raw.getvalue()


@contextlib.contextmanager
def _environment(cwd: Path | None) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in ENV}
    old_cwd = os.getcwd()
    os.environ.update(ENV)
    if cwd is not None:
        os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(old_cwd)
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def run(*args: str | Path, stdin: str | bytes | None = None, cwd: Path | None = None) -> Result:
    """``wortsuche ARGS`` in this process; standard output is a pipe, not a terminal."""
    argv = [str(a) for a in args]
    data = stdin.encode("utf-8") if isinstance(stdin, str) else (stdin or b"")
    # standard error escapes what it cannot encode (a file name that is not UTF-8), as Python's does
    streams = _Stream(data), _Stream(), _Stream(errors="backslashreplace")
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = streams
    try:
        with _environment(cwd):
            try:
                code = main(argv)
            except SystemExit as leaving:  # --help and --version leave through argparse
                code = leaving.code if isinstance(leaving.code, int) else 0
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    out, err = streams[1].value(), streams[2].value()
    return Result(argv, code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), out)


def run_process(
    *args: str | Path, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m wortsuche ARGS`` as a real process."""
    return subprocess.run(
        [sys.executable, "-m", "wortsuche", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        env={**os.environ, **ENV},
        timeout=120,
    )


def reader_language(monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    """The reader's language for the commands a test runs: ``LANG`` alone, as a system that sets
    nothing else would have it (``LANGUAGE``, ``LC_ALL`` and ``LC_MESSAGES`` outrank it)."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", language)
