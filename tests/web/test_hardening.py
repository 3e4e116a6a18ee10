"""The web app under hostile input and load: a short queue, rate limits, headers on every answer."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import socket
import threading
import time
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from wortsuche.errors import InputError
from wortsuche.verification.verifier import Report
from wortsuche.web import generation, making
from wortsuche.web.app import create_app
from wortsuche.web.limits import Limits, Rate
from wortsuche.web.middleware import SECURITY_HEADERS
from wortsuche.web.rates import RateLimiter

from .conftest import WORDS

BODY = {"words": WORDS, "rows": 5, "cols": 5, "level": "hard", "seed": 1}
NO_RATES: dict[str, Rate] = {}


def slow_words() -> list[str]:
    """60 random 50-letter words for 50x50: proving they do not fit takes the generator seconds."""
    rng = random.Random(3)
    return ["".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(50)) for _ in range(60)]


SLOW_BODY = {"words": slow_words(), "rows": 50, "cols": 50, "level": "hard", "seed": 1}


def has_security_headers(response: httpx.Response) -> bool:
    return all(
        response.headers.get(name.decode()) == value.decode() for name, value in SECURITY_HEADERS
    )


# -- refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [None, 10.0])
def test_user_errors_are_422_with_or_without_worker_processes(db_path: Path, limit: Any) -> None:
    with TestClient(create_app(db_path, limits=Limits(generation_seconds=limit))) as client:
        response = client.post("/api/puzzles", json={**BODY, "words": ["ABCDEFGH"]})
        assert response.status_code == 422, response.text
        assert response.json()["field"] == "size"
        assert client.post("/api/puzzles", json={**BODY, "words": ["A1"]}).status_code == 422


def test_a_lone_surrogate_in_the_title_or_the_words_is_refused_with_422(client: TestClient) -> None:
    for changes, field in (({"title": "\ud800"}, "title"), ({"words": ["TOR\udfff"]}, "words")):
        body = json.dumps({**BODY, **changes})  # ASCII: the surrogate travels as \ud800
        response = client.post(
            "/api/puzzles", content=body, headers={"content-type": "application/json"}
        )
        assert response.status_code == 422, response.text
        assert response.json()["field"] == field
        assert "surrogate" in response.json()["error"]
        assert has_security_headers(response)


def test_a_header_number_of_4301_digits_is_refused_with_422(client: TestClient) -> None:
    for words in ("1" * 4301 + " 5\n1\nTORF\n", "5 5\n" + "9" * 4301 + "\nTORF\n"):
        response = client.post("/api/puzzles", json={**BODY, "words": words, "rows": None})
        assert response.status_code == 422, response.text
        assert "far too large" in response.json()["error"]


def test_a_server_error_is_500_with_the_security_headers(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any) -> None:
        raise RuntimeError("disk on fire")

    made = client.post("/api/puzzles", json=BODY).json()
    monkeypatch.setattr(client.app.state.storage, "get", broken)  # type: ignore[attr-defined]
    for response in (client.get(f"/api/puzzles/{made['id']}"), client.get(f"/p/{made['id']}")):
        assert response.status_code == 500
        assert has_security_headers(response)
        assert "disk on fire" not in response.text


def test_every_puzzle_passes_the_verifier_before_it_is_saved(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def failing(puzzle: Any) -> Report:
        return Report(words=(), problems=("TORF appears twice",))

    monkeypatch.setattr(making, "verify_puzzle", failing)
    response = client.post("/api/puzzles", json=BODY)
    assert response.status_code == 500
    assert response.json()["code"] == "api.bug"
    assert "TORF appears twice" in caplog.text  # a bug: the log has it, the player does not
    assert "TORF appears twice" not in response.text
    assert client.app.state.storage.count() == 0  # type: ignore[attr-defined]


# -- rate limits ---------------------------------------------------------------------------------


def test_a_moving_window_allows_the_burst_then_says_when_the_window_moves_on() -> None:
    limiter = RateLimiter({"check": Rate(per_second=0.1, burst=3)})  # 3 in 30 seconds
    assert [limiter.take("check", "a") for _ in range(3)] == [0, 0, 0]
    assert 29 < limiter.take("check", "a") <= 30  # the first request leaves the window then
    assert limiter.take("check", "b") == 0  # another client has its own window
    assert limiter.take("reveal", "a") == 0  # an action without a rate is not limited
    assert limiter.health() == {
        "storage": "memory://",
        "counted": "in this process",
        "status": "ok",
    }


def test_a_rate_storage_that_is_no_uri_of_memory_or_redis_is_refused_in_one_line() -> None:
    for wrong in ("redis", "memcached://cache:11211", "postgresql://a:secret@db/x"):
        with pytest.raises(InputError) as refused:
            RateLimiter({}, wrong)
        assert "secret" not in str(refused.value) and "\n" not in str(refused.value)


def test_an_unreachable_redis_lets_requests_through_and_says_so_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    limiter = RateLimiter(
        {"check": Rate(per_second=0.1, burst=1)}, f"redis://:pw@127.0.0.1:{port}", lambda: now[0]
    )
    with caplog.at_level("WARNING", logger="wortsuche.web"):
        assert [limiter.take("check", "a") for _ in range(5)] == [0] * 5
        now[0] = 30.0  # asked again after a few seconds: still down, not logged again
        assert limiter.take("check", "a") == 0
    said = [r.getMessage() for r in caplog.records if "failing open" in r.getMessage()]
    assert len(said) == 1 and f"redis://127.0.0.1:{port}" in said[0] and "pw" not in said[0]
    state = limiter.health()
    assert (state["status"], state["counted"]) == ("failing open", "shared")


def test_create_check_and_reveal_answer_429_with_retry_after_beyond_the_rate(
    db_path: Path,
) -> None:
    rates = {action: Rate(per_second=0.01, burst=2) for action in ("create", "check", "reveal")}
    with TestClient(create_app(db_path, limits=Limits(rates=rates))) as client:
        made = [client.post("/api/puzzles", json=BODY) for _ in range(3)]
        assert [r.status_code for r in made] == [201, 201, 429]
        assert int(made[2].headers["retry-after"]) >= 1
        assert has_security_headers(made[2])
        puzzle_id = made[0].json()["id"]
        cell = {"start": [0, 0], "end": [0, 1]}
        checks = [client.post(f"/api/puzzles/{puzzle_id}/check", json=cell) for _ in range(3)]
        assert [r.status_code for r in checks] == [200, 200, 429]
        reveals = [client.post(f"/api/puzzles/{puzzle_id}/reveal") for _ in range(3)]
        assert [r.status_code for r in reveals] == [200, 200, 429]
        assert client.get(f"/api/puzzles/{puzzle_id}").status_code == 200  # reading is not limited


# -- the generation queue, on a real server ------------------------------------------------------


def in_own_thread(work: Coroutine[Any, Any, None]) -> None:
    """Run ``work`` to the end in a thread of its own (the browser tests leave a loop running)."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(work)
        except BaseException as error:
            failures.append(error)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


class Server:
    """The app with the given limits, served by uvicorn in a thread on a free loopback port."""

    def __init__(self, db_path: Path, limits: Limits) -> None:
        import uvicorn

        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        self.app = create_app(db_path, limits=limits)
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning"))
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive()
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.socket.close()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """In-process generation that waits until the event is set (so it can be kept busy)."""
    release = threading.Event()
    real = generation._outcome_json

    def held_outcome(*arguments: Any) -> str:
        release.wait(60)
        return real(*arguments)

    monkeypatch.setattr(generation, "_outcome_json", held_outcome)
    yield release
    release.set()


@pytest.mark.slow
def test_a_full_queue_is_refused_at_once_and_reading_never_waits(
    db_path: Path, held: threading.Event
) -> None:
    limits = Limits(worker_processes=False, generation_slots=1, queue_length=2, rates=NO_RATES)

    async def scenario(url: str) -> None:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            first = (await client.post("/api/puzzles", json=BODY)).json()
            held.clear()
            creates = [
                asyncio.ensure_future(client.post("/api/puzzles", json=BODY)) for _ in range(3)
            ]
            generator = server.app.state.generator
            for _ in range(200):  # one generating, two waiting (a loaded machine takes longer)
                if generator.waiting == 2:
                    break
                await asyncio.sleep(0.05)
            done = [task.result().status_code if task.done() else None for task in creates]
            assert generator.waiting == 2, done
            refused = await client.post("/api/puzzles", json=BODY)
            assert refused.status_code == 503, refused.text
            assert int(refused.headers["retry-after"]) >= 1
            assert has_security_headers(refused)
            # pages, static files and puzzles are served while every slot is taken
            for path in (f"/api/puzzles/{first['id']}", f"/p/{first['id']}", "/", "/static/api.js"):
                assert (await client.get(path)).status_code == 200
            assert not any(task.done() for task in creates), [
                t.result() for t in creates if t.done()
            ]
            held.set()
            assert [(await task).status_code for task in creates] == [201, 201, 201]

    held.set()
    with Server(db_path, limits) as server:
        in_own_thread(scenario(server.url))


@pytest.mark.slow
def test_time_in_the_queue_counts_toward_the_time_limit(
    db_path: Path, held: threading.Event
) -> None:
    limits = Limits(
        generation_seconds=1.0, worker_processes=False, generation_slots=1, rates=NO_RATES
    )

    async def scenario(url: str) -> None:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            busy = asyncio.ensure_future(client.post("/api/puzzles", json=BODY))
            await asyncio.sleep(0.2)  # generating, held
            waited = await client.post("/api/puzzles", json=BODY)
            # the limit ran out while it waited for the slot: refused, not made late
            assert waited.status_code == 503, waited.text
            assert "busy for 1 seconds" in waited.json()["error"]
            assert int(waited.headers["retry-after"]) >= 1
            held.set()
            assert (await busy).status_code == 201

    with Server(db_path, limits) as server:
        in_own_thread(scenario(server.url))


@pytest.mark.slow
def test_generation_past_the_time_limit_is_stopped(db_path: Path) -> None:
    with Server(db_path, Limits(generation_seconds=0.5, rates=NO_RATES)) as server:
        response = httpx.post(server.url + "/api/puzzles", json=SLOW_BODY, timeout=60)
    assert response.status_code == 422
    assert "longer than 0.5 seconds" in response.json()["error"]
    assert multiprocessing.active_children() == []


@pytest.mark.slow
def test_a_client_that_goes_away_has_its_worker_stopped(db_path: Path) -> None:
    limits = Limits(generation_seconds=60.0, rates=NO_RATES)
    with Server(db_path, limits) as server:
        with pytest.raises(httpx.TimeoutException):
            httpx.post(server.url + "/api/puzzles", json=SLOW_BODY, timeout=1.5)
        deadline = time.monotonic() + 10
        while multiprocessing.active_children() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert multiprocessing.active_children() == []  # long before the 60 s limit


@pytest.mark.slow
def test_a_client_that_goes_away_while_queued_has_its_work_dropped(
    db_path: Path, held: threading.Event
) -> None:
    limits = Limits(worker_processes=False, generation_slots=1, rates=NO_RATES)
    made: list[str] = []
    real = generation._outcome_json

    def counting(*arguments: Any) -> str:
        made.append(arguments[0].spec.words[0])
        return real(*arguments)

    async def scenario(url: str) -> None:
        async with httpx.AsyncClient(base_url=url, timeout=60) as client:
            busy = asyncio.ensure_future(client.post("/api/puzzles", json=BODY))
            await asyncio.sleep(0.2)  # generating, held
            with pytest.raises(httpx.TimeoutException):  # waits for the slot, then gives up
                await client.post(
                    "/api/puzzles", json={**BODY, "words": ["MOOR", "SEE"]}, timeout=0.5
                )
            await asyncio.sleep(0.2)
            held.set()
            assert (await busy).status_code == 201

    with Server(db_path, limits) as server:
        generation._outcome_json = counting  # type: ignore[assignment]
        try:
            in_own_thread(scenario(server.url))
        finally:
            generation._outcome_json = real  # type: ignore[assignment]
        assert server.app.state.storage.count() == 1
    assert "MOOR" not in made


def test_health_is_503_when_the_database_does_not_answer(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreachable(puzzle_id: str) -> None:
        raise ConnectionError("connection refused")

    with TestClient(create_app(db_path, limits=Limits(rates={}))) as client:
        monkeypatch.setattr(client.app.state.storage, "get", unreachable)  # type: ignore[attr-defined]
        answer = client.get("/health")
        assert answer.status_code == 503
        assert answer.json()["database"] == {"status": "unavailable", "error": "connection refused"}
        assert answer.json()["rate_limits"]["status"] == "off"
