"""The whole stack, started for real: PostgreSQL, Redis, two ``wortsuche serve`` processes and
nginx in front of them, as compose.yaml describes it: the servers with its options, nginx with
``deploy/nginx.conf`` (which compose.yaml mounts), each on a loopback port of its own.

A puzzle made through one server is played through the other; one client gets the create limit
once, not once per server; killing a server loses no puzzle it acknowledged; stopping Redis
does not stop the game (the limits fail open and ``/health`` says so).

Both servers believe the ``X-Forwarded-For`` of whoever reaches them (compose's
``--forwarded-allow-ips *``: there only nginx can), so the address a test puts in the header is
the client's for the servers: that is how the tests play several clients from one machine.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from benchmark_tables import table_rows
from stack import INSTALL_HINT, Nginx, RedisServer, Served, compose_serve_options, missing

pytestmark = [
    pytest.mark.slow,  # real servers
    pytest.mark.xdist_group("stack"),  # two servers, nginx and Redis: one stack at a time
]

WORDS = ["TORF", "VOR", "RAD", "EVA", "MOOR", "SEE", "BACH", "WALD"]
BURST = 10  # the create limit of Limits(): 10 in 20 seconds per client address


@dataclass
class Stack:
    redis: RedisServer
    servers: list[Served]
    nginx: Nginx

    def client(self, url: str, address: str) -> httpx.Client:
        """An HTTP client that nginx and the servers take for ``address``."""
        return httpx.Client(base_url=url, timeout=60, headers={"X-Forwarded-For": address})


@pytest.fixture
def stack(postgres_url: str) -> Iterator[Stack]:
    if absent := missing():
        pytest.fail(f"{', '.join(absent)} missing: {INSTALL_HINT}")
    redis = RedisServer()
    servers: list[Served] = []
    nginx = None
    try:
        for _ in range(2):
            servers.append(
                Served(*compose_serve_options(redis.url), env={"WORTSUCHE_DB": postgres_url})
            )
        nginx = Nginx([f"127.0.0.1:{server.port}" for server in servers])
        yield Stack(redis, servers, nginx)
    finally:
        if nginx is not None:
            nginx.close()
        for server in servers:
            server.stop()
        redis.close()


def new_puzzle(client: httpx.Client, seed: int) -> httpx.Response:
    body = {"words": WORDS, "rows": 9, "cols": 9, "level": "hard", "seed": seed}
    return client.post("/api/puzzles", json=body)


def play(client: httpx.Client, puzzle_id: str) -> None:
    """Find every word (the answers are revealed first, as a player who gives up would)."""
    revealed = client.post(f"/api/puzzles/{puzzle_id}/reveal")
    assert revealed.status_code == 200, revealed.text
    for answer in revealed.json()["answers"]:
        selection = {"start": answer["start"], "end": answer["end"]}
        checked = client.post(f"/api/puzzles/{puzzle_id}/check", json=selection)
        assert checked.status_code == 200 and checked.json()["word"] == answer["word"]


def test_a_puzzle_made_through_one_server_is_played_through_the_other(stack: Stack) -> None:
    first, second = stack.servers
    with stack.client(first.url, "10.0.0.1") as one, stack.client(second.url, "10.0.0.1") as two:
        made = new_puzzle(one, seed=1)
        assert made.status_code == 201, made.text
        again = two.get(f"/api/puzzles/{made.json()['id']}")
        assert again.status_code == 200 and again.json()["grid"] == made.json()["grid"]
        assert two.get(f"/p/{made.json()['id']}").status_code == 200  # the play page
        play(two, made.json()["id"])
    with stack.client(stack.nginx.url, "10.0.0.2") as balanced:
        made = new_puzzle(balanced, seed=2)
        assert made.status_code == 201
        for _ in range(4):  # nginx takes turns: both servers answer
            assert balanced.get(f"/api/puzzles/{made.json()['id']}").status_code == 200
        play(balanced, made.json()["id"])


def test_one_client_gets_the_create_limit_once_across_both_servers(stack: Stack) -> None:
    first, second = stack.servers
    answers = []
    with stack.client(first.url, "10.0.1.1") as one, stack.client(second.url, "10.0.1.1") as two:
        for seed in range(BURST + 4):  # in turns: each server alone would allow BURST
            answers.append(new_puzzle(one if seed % 2 else two, seed).status_code)
        assert answers == [201] * BURST + [429] * 4
        assert int(new_puzzle(one, 99).headers["retry-after"]) >= 1
    with stack.client(stack.nginx.url, "10.0.1.1") as balanced:
        assert new_puzzle(balanced, 100).status_code == 429  # through nginx: the same count
    with stack.client(stack.nginx.url, "10.0.1.2") as other:
        assert new_puzzle(other, 101).status_code == 201  # another client has its own


def create_many(
    url: str, seeds: range, made: list[dict[str, Any]], odd: list[str], stop: threading.Event
) -> None:
    """Create puzzles through nginx, each as another client, until ``stop``; keep what is
    acknowledged (201 with the whole puzzle). A request the killed server had taken is answered
    502 by nginx, or cut off in the middle of its answer; anything else goes to ``odd``."""
    with httpx.Client(base_url=url, timeout=60) as client:
        for seed in seeds:
            if stop.is_set():
                return
            body = {"words": WORDS, "rows": 9, "cols": 9, "level": "hard", "seed": seed}
            address = f"10.1.{seed // 250}.{seed % 250}"
            try:
                answer = client.post(
                    "/api/puzzles", json=body, headers={"X-Forwarded-For": address}
                )
            except httpx.RemoteProtocolError:
                continue  # the answer was cut off: not acknowledged
            if answer.status_code == 201:
                made.append(answer.json())
            elif answer.status_code != 502:
                odd.append(f"{answer.status_code}: {answer.text}")


def test_killing_one_server_loses_no_acknowledged_puzzle(stack: Stack) -> None:
    made: list[dict[str, Any]] = []
    odd: list[str] = []
    stop = threading.Event()
    threads = [
        threading.Thread(
            target=create_many, args=(stack.nginx.url, range(i, 60_000, 3), made, odd, stop)
        )
        for i in range(3)
    ]
    for thread in threads:
        thread.start()
    try:
        deadline = time.monotonic() + 120
        while len(made) < 20 and time.monotonic() < deadline:
            time.sleep(0.05)
        victim = stack.servers[1]
        victim.process.send_signal(signal.SIGKILL)  # in the middle of creates
        victim.process.wait(timeout=10)
        before = len(made)
        while len(made) < before + 20 and time.monotonic() < deadline:
            time.sleep(0.05)  # nginx sends every new create to the other server
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    assert not odd, odd
    assert len(made) >= before + 20
    with stack.client(stack.nginx.url, "10.0.2.1") as balanced:
        for puzzle in made:
            again = balanced.get(f"/api/puzzles/{puzzle['id']}")
            assert again.status_code == 200, f"acknowledged puzzle {puzzle['id']} is lost"
            assert again.json()["grid"] == puzzle["grid"]


def test_stopping_redis_does_not_stop_the_game(stack: Stack) -> None:
    with stack.client(stack.nginx.url, "10.0.3.1") as balanced:
        for server in stack.servers:
            health = httpx.get(server.url + "/health", timeout=30).json()
            assert health["rate_limits"]["status"] == "ok", health
            assert health["rate_limits"]["storage"] == stack.redis.url
        stack.redis.stop()
        for seed in range(BURST + 2):  # the limits fail open: more than the burst goes through
            made = new_puzzle(balanced, seed)
            assert made.status_code == 201, made.text
        play(balanced, made.json()["id"])
        for server in stack.servers:
            health = httpx.get(server.url + "/health", timeout=30)
            assert health.status_code == 200  # still serving
            assert health.json()["database"]["status"] == "ok"
            assert health.json()["rate_limits"]["status"] == "failing open"
        stack.redis.start()  # back: counted again, the next time a server asks
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            states = [httpx.get(s.url + "/health").json()["rate_limits"] for s in stack.servers]
            if all(state["status"] == "ok" for state in states):
                break
            time.sleep(0.5)
        assert [state["status"] for state in states] == ["ok", "ok"]


def test_the_load_benchmark_measures_the_stack_against_one_server(postgres_server: object) -> None:
    if absent := missing():
        pytest.fail(f"{', '.join(absent)} missing: {INSTALL_HINT}")
    measured, _ = table_rows("load.py", "--quick", "--stack")
    assert [row[0] for row in measured] == [
        "1 server, limits in memory",
        "2 servers behind nginx, limits in Redis",
    ]
    for row in measured:
        assert float(row[1]) > 0 and float(row[4]) > 0 and row[-1] == "0", row
