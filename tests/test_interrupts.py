"""A killed or interrupted command leaves nothing behind: no temporary file, no worker process."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli import ENV
from processes import alive, children

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)"),
]


def start_book(folder: Path) -> subprocess.Popen[bytes]:
    rng = random.Random(4)
    lists = []
    for i in range(3):
        path = folder / f"list{i}.txt"
        words = {"".join(rng.choice("ABCDEFGHIKLMNOPRSTUVW") for _ in range(7)) for _ in range(60)}
        path.write_text("\n".join(sorted(words)))
        lists.append(str(path))
    return subprocess.Popen(
        [
            *(sys.executable, "-m", "wortsuche", "book", *lists, "--count", "1000"),
            *("--words-per-puzzle", "20", "--size", "20", "--level", "evil", "--workers", "2"),
            *("-o", str(folder / "book.pdf")),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, **ENV},
        # a test runner's worker may ignore Ctrl+C, and children inherit that: not this one
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def workers_of(process: subprocess.Popen[bytes]) -> set[int]:
    """Wait until the book runs its worker processes; return their ids."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        found = children(process.pid)
        if len(found) >= 2:
            return found
        time.sleep(0.05)
    pytest.fail("the book never started its workers")


def assert_all_gone(pids: set[int]) -> None:
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in pids if alive(pid)]


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_a_book_stopped_by_a_signal_cleans_up_and_says_so(tmp_path: Path, how: int) -> None:
    process = start_book(tmp_path)
    workers = workers_of(process)
    process.send_signal(how)
    _, err = process.communicate(timeout=30)
    assert process.returncode == (143 if how == signal.SIGTERM else 130)
    assert b"Traceback" not in err
    assert_all_gone(workers)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list0.txt", "list1.txt", "list2.txt"]


def test_the_workers_of_a_book_killed_with_sigkill_end_too(tmp_path: Path) -> None:
    process = start_book(tmp_path)
    workers = workers_of(process)
    process.kill()
    process.wait(timeout=30)
    assert_all_gone(workers)
