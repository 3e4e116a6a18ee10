"""Fixtures for the web app: an API client on a fresh database, and a live server for the browser."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient

from wortsuche.web.app import create_app

WORDS = ["TORF", "VOR", "RAD", "EVA"]
"""The first official example: four words that fit a 5x5 grid at every level."""


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where the app under test keeps its puzzles."""
    return tmp_path / "puzzles.sqlite"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    """A test client for an app on a fresh database."""
    with TestClient(create_app(db_path)) as test_client:
        yield test_client


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """The app served by uvicorn in a background thread, on a free localhost port."""

    def __init__(self, db_path: Path) -> None:
        import uvicorn

        self.db_path = db_path
        # The server gets the socket already bound: no other process can take the port between
        # choosing it and listening on it.
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(create_app(db_path), log_level="warning")
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
