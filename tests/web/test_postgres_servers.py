"""Several server processes on one database: what one saves, every other reads; ids never clash;
a server killed with SIGKILL in the middle of creates loses nothing it acknowledged."""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from benchmark_tables import table_rows
from stack import Served, serving
from wortsuche.web.storage import open_storage

pytestmark = [
    pytest.mark.slow,  # real server processes
    pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)"),
]

WORDS = ["TORF", "VOR", "RAD", "EVA", "MOOR", "SEE", "BACH", "WALD"]


def create_many(url: str, seeds: range, made: list[dict[str, Any]], stop: threading.Event) -> None:
    """Create puzzles one after another until the seeds run out, the server goes, or ``stop``."""
    with httpx.Client(base_url=url, timeout=60) as client:
        for seed in seeds:
            if stop.is_set():
                return
            body = {"words": WORDS, "rows": 9, "cols": 9, "level": "hard", "seed": seed}
            try:
                response = client.post("/api/puzzles", json=body)
            except httpx.HTTPError:
                return  # the server is gone
            if response.status_code != 201:
                made.append({"refused": response.status_code, "text": response.text})
                return
            made.append(response.json())  # acknowledged: the server said it is saved


def acknowledged(made: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The puzzles the servers said they saved; every other answer fails the test."""
    refused = [answer for answer in made if "refused" in answer]
    assert not refused, refused
    return made


def server_processes(pid: int) -> list[int]:
    """The uvicorn server processes below a supervisor (not the generation forkservers)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                command = Path(f"/proc/{child}/cmdline").read_bytes()
                if b"spawn_main" in command:
                    found.append(int(child))
    return found


def test_two_servers_on_one_postgres_database_share_every_puzzle(postgres_url: str) -> None:
    with (
        serving("--no-rate-limit", "--db", postgres_url) as first,
        serving("--no-rate-limit", "--db", postgres_url) as second,
    ):
        made: list[dict[str, Any]] = []
        stop = threading.Event()
        threads = [
            threading.Thread(target=create_many, args=(server.url, range(i, 400, 4), made, stop))
            for i, server in enumerate([first, second, first, second])
        ]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 120
        while len(made) < 40 and time.monotonic() < deadline:
            time.sleep(0.05)
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert len(acknowledged(made)) >= 40
        ids = [puzzle["id"] for puzzle in made]
        assert len(set(ids)) == len(ids), "two creates got the same id"
        for server in (first, second):
            with httpx.Client(base_url=server.url, timeout=30) as client:
                for puzzle in made:
                    again = client.get(f"/api/puzzles/{puzzle['id']}")
                    assert again.status_code == 200
                    assert again.json()["grid"] == puzzle["grid"]
    with open_storage(postgres_url) as storage:
        assert sorted(storage.ids()) == sorted(ids)


def test_a_server_killed_during_creates_loses_nothing_it_acknowledged(postgres_url: str) -> None:
    survivor = Served("--no-rate-limit", "--db", postgres_url)
    victim = Served("--no-rate-limit", "--db", postgres_url)
    made: list[dict[str, Any]] = []
    stop = threading.Event()
    threads = [
        threading.Thread(target=create_many, args=(server.url, range(i, 10**6, 4), made, stop))
        for i, server in enumerate([victim, survivor, victim, survivor])
    ]
    try:
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 120
        while len(made) < 20 and time.monotonic() < deadline:
            time.sleep(0.05)
        victim.process.send_signal(signal.SIGKILL)  # in the middle of creates
        victim.process.wait(timeout=10)
        before = len(made)
        while len(made) < before + 10 and time.monotonic() < deadline:
            time.sleep(0.05)  # the other server goes on saving
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert len(acknowledged(made)) >= before + 10
        with httpx.Client(base_url=survivor.url, timeout=30) as client:
            for puzzle in made:
                again = client.get(f"/api/puzzles/{puzzle['id']}")
                assert again.status_code == 200, f"acknowledged puzzle {puzzle['id']} is lost"
                assert again.json()["grid"] == puzzle["grid"]
    finally:
        stop.set()
        survivor.stop()
        victim.stop()
    with open_storage(postgres_url) as storage:
        assert {puzzle["id"] for puzzle in made} <= set(storage.ids())


def test_serve_workers_runs_that_many_processes_on_the_database_named_by_the_environment(
    db: str,
) -> None:
    with serving("--workers", "2", "--no-rate-limit", env={"WORTSUCHE_DB": db}) as server:
        deadline = time.monotonic() + 30
        while len(server_processes(server.process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(server_processes(server.process.pid)) == 2
        made: list[dict[str, Any]] = []
        threads = [
            threading.Thread(
                target=create_many, args=(server.url, range(i, 24, 4), made, threading.Event())
            )
            for i in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert len(acknowledged(made)) == 24 and len({puzzle["id"] for puzzle in made}) == 24
        with httpx.Client(base_url=server.url, timeout=30) as client:
            for puzzle in made:
                assert client.get(f"/api/puzzles/{puzzle['id']}").status_code == 200
    with open_storage(db) as storage:
        assert storage.count() == 24


def test_the_load_benchmark_reports_both_databases_with_one_and_two_processes(
    postgres_server: object,  # PostgreSQL is there (or the test is switched off on purpose)
) -> None:
    measured, _ = table_rows("load.py", "--quick", "--processes-only")
    assert [(row[0], row[1]) for row in measured] == [
        ("SQLite", "1"),
        ("SQLite", "2"),
        ("PostgreSQL", "1"),
        ("PostgreSQL", "2"),
    ]
    for row in measured:
        assert float(row[2]) > 0 and float(row[4]) > 0 and row[-1] == "0", row
