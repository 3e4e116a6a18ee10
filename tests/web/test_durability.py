"""A server killed with SIGKILL in the middle of creates loses nothing it acknowledged, and
leaves no generation running."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from processes import alive, descendants

from .conftest import free_port

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)"),
]

WORDS = ["TORF", "VOR", "RAD", "EVA", "MOOR", "SEE", "BACH", "WALD"]


def serve(db: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "wortsuche", "serve", "--no-rate-limit"),
            *("--port", str(port), "--db", str(db)),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUTF8": "1"},
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return process
        time.sleep(0.1)
    process.kill()
    pytest.fail("the server did not start")


def test_every_acknowledged_puzzle_survives_a_kill_and_no_helper_outlives_the_server(
    tmp_path: Path,
) -> None:
    db, port = tmp_path / "puzzles.sqlite", free_port()
    server = serve(db, port)
    url = f"http://127.0.0.1:{port}"
    acknowledged: list[dict[str, object]] = []
    stop = threading.Event()

    def create_until_stopped(seed: int) -> None:
        with httpx.Client(base_url=url, timeout=30) as client:
            while not stop.is_set():
                body = {"words": WORDS, "rows": 9, "cols": 9, "level": "evil", "seed": seed}
                try:
                    response = client.post("/api/puzzles", json=body)
                except httpx.HTTPError:
                    return  # the server is gone
                if response.status_code == 201:
                    acknowledged.append(response.json())
                seed += 1000

    threads = [threading.Thread(target=create_until_stopped, args=(i,)) for i in range(4)]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while len(acknowledged) < 12 and time.monotonic() < deadline:
            time.sleep(0.05)
        helpers = descendants(server.pid)
        server.send_signal(signal.SIGKILL)  # in the middle of creates
        server.wait(timeout=10)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        if server.poll() is None:
            server.kill()
    assert len(acknowledged) >= 12
    assert helpers, "the server made its puzzles in helper processes"
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in helpers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in helpers if alive(pid)]

    restarted = serve(db, port)
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            for made in acknowledged:
                again = client.get(f"/api/puzzles/{made['id']}")
                assert again.status_code == 200
                assert again.json()["grid"] == made["grid"]
    finally:
        restarted.terminate()
        restarted.wait(timeout=20)
