"""Run the command line as a real process under CPU and memory caps, and measure what it took.

``run_capped`` is for the promises about time and memory: a run past its cap is killed by the
kernel (so a test of an unbounded run fails in seconds instead of hanging), and the CPU seconds
and peak memory it used, its own and its children's, come back with its output.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from cli import ENV


@dataclass
class Measured:
    """What a capped run left: exit code, output, CPU seconds and peak megabytes."""

    returncode: int
    stdout: str
    stderr: str
    cpu: float
    megabytes: float
    stopped_after: float | None = None
    """Seconds from the signal sent to the process's end (with ``signal_after``)."""


def run_capped(
    *args: str | Path,
    cpu: int = 60,
    memory: int = 2 * 2**30,
    cwd: Path | None = None,
    signal_after: tuple[float, int] | None = None,
) -> Measured:
    """``python -m wortsuche ARGS`` with at most ``cpu`` CPU seconds and ``memory`` bytes of
    address space; ``signal_after`` = (seconds, signal) sends that signal after that long."""

    with _default_action(signal_after[1] if signal_after else None):
        process = subprocess.Popen(
            [sys.executable, "-m", "wortsuche", *map(str, args)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=cwd,
            env={**os.environ, **ENV},
        )
    # set from outside: a preexec_fn would fork a copy of this (large) process, whose memory
    # the child's peak would then count
    resource.prlimit(process.pid, resource.RLIMIT_CPU, (cpu, cpu + 1))
    resource.prlimit(process.pid, resource.RLIMIT_AS, (memory, memory))
    stopped_after = None
    if signal_after is not None:
        seconds, signum = signal_after
        time.sleep(seconds)
        sent = time.monotonic()
        os.kill(process.pid, signum)  # not send_signal: it would reap a child already done
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read()  # small outputs: no pipe fills up
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if signal_after is not None:
        stopped_after = time.monotonic() - sent
    code = process.returncode
    if code < 0:
        code = 128 - code  # killed by a signal, as a shell says it
    return Measured(
        code,
        out.decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
        usage.ru_utime + usage.ru_stime,
        usage.ru_maxrss / 1024,
        stopped_after,
    )


@contextlib.contextmanager
def _default_action(signum: int | None) -> Iterator[None]:
    """Start the process with ``signum`` at its default action, as a command typed at a
    terminal has it, even where this process ignores it.

    A test runner started in the background by a shell without job control (``pytest … &`` in
    a script) ignores SIGINT, and every process it starts inherits that: Python then installs
    no KeyboardInterrupt handler, and a command sent SIGINT rightly goes on. Ignoring is
    inherited across ``exec``, a handler is not (it becomes the default action): so this process
    handles the signal while it starts the command. Not ``preexec_fn``: it would fork a copy of
    this (large) process, whose memory the command's peak would then count."""
    if signum is None or signal.getsignal(signum) != signal.SIG_IGN:
        yield
        return
    signal.signal(signum, _ignored)
    try:
        yield
    finally:
        signal.signal(signum, signal.SIG_IGN)


def _ignored(signum: int, frame: object) -> None:
    """A handler that does what ignoring does (this process still ignores the signal)."""


SIGNALS = (signal.SIGTERM, signal.SIGINT)
