"""Fixtures for the web app: an API client on a fresh database (an SQLite file and a PostgreSQL
database in turn), and a live server for the browser.

PostgreSQL comes from Debian's ``postgresql`` package: one throwaway server per test process
(:mod:`pgserver`), a new database for every test. Without the package the PostgreSQL tests fail
and say how to install it; ``WORTSUCHE_SKIP_POSTGRES=1`` leaves them out on purpose.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from pgserver import INSTALL_HINT, PostgresServer, binaries
from wortsuche.web.app import create_app
from wortsuche.web.limits import Limits, Rate

RATED = ("create", "check", "reveal")

WORDS = ["TORF", "VOR", "RAD", "EVA"]
"""The first official example: four words that fit a 5x5 grid at every level."""


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the app under test keeps its puzzles."""
    return tmp_path / "puzzles.sqlite"


BACKENDS = ("sqlite", "postgresql")
"""The databases every API test runs on."""


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test process, in a temporary folder, stopped at the end."""
    if os.environ.get("WORTSUCHE_SKIP_POSTGRES"):
        pytest.skip("PostgreSQL tests switched off by WORTSUCHE_SKIP_POSTGRES")
    found = binaries()
    if found is None:
        pytest.fail(f"PostgreSQL is missing: {INSTALL_HINT}, or set WORTSUCHE_SKIP_POSTGRES=1")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("psycopg is missing: pip install -e '.[test]' (it brings the postgres extra)")
    server = PostgresServer(found)
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database, dropped after the test."""
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture(params=BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database for the app, as ``--db`` names it: an SQLite file, then PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "puzzles.sqlite")
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    """A test client for an app on a fresh database (each test runs on both databases)."""
    with TestClient(create_app(db)) as test_client:
        yield test_client


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """The app served by uvicorn in a background thread, on a free localhost port."""

    def __init__(
        self, db_path: Path, *, record_play: bool = False, embed_from: tuple[str, ...] = ()
    ) -> None:
        import uvicorn

        self.db_path = db_path
        # The server gets the socket already bound: no other process can take the port between
        # choosing it and listening on it.
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        # The browser tests make many puzzles in a minute from one address; the rate limits
        # are tested on their own (test_hardening.py), so here they never get in the way.
        generous = Limits(rates={name: Rate(per_second=100.0, burst=1000) for name in RATED})
        app = create_app(db_path, limits=generous, record_play=record_play, embed_from=embed_from)
        config = uvicorn.Config(app, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()

    def api_status(self, method: str, path: str) -> int:
        """The status code of an API call (for refusals)."""
        import httpx

        return httpx.request(method, self.url + path, timeout=30).status_code

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """Call the JSON API directly (to learn answers the player has to find)."""
        import httpx

        response = httpx.request(method, self.url + path, json=body, timeout=30)
        response.raise_for_status()
        return response.json()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One running server per test module, with its own database."""
    server = LiveServer(tmp_path_factory.mktemp("live") / "puzzles.sqlite")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def page(chromium: Any, live_server: LiveServer) -> Iterator[Any]:
    """A desktop-sized page in a fresh browser context; fails on errors from the page's code
    (``test_browser.py`` has its own, which also answers dialogs)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and "Failed to load resource" not in m.text
            else None
        ),
    )
    yield page
    context.close()
    assert errors == [], "the page logged errors"
