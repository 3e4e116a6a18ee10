"""``wortsuche serve``: starts the app on the port asked for, and says clearly when it cannot."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from wortsuche.cli import main, serve
from wortsuche.errors import InputError

from .conftest import free_port

pytestmark = pytest.mark.slow  # these start real servers


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    serve.add_parser(parser.add_subparsers())
    return parser.parse_args(["serve", *argv])


def test_defaults_are_localhost_port_8000_and_a_file_in_the_current_folder() -> None:
    args = parse()
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, "wortsuche.sqlite")


def test_serve_prints_the_url_creates_the_database_and_answers(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "puzzles.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-m", "wortsuche", "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first_line = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in first_line
        deadline = time.monotonic() + 20
        while True:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert page.status_code == 200
        assert "Make a word search" in page.text
        assert db.exists()
        made = httpx.post(
            f"http://127.0.0.1:{port}/api/puzzles",
            json={"words": "Torf, vor, Rad, Eva", "rows": 5, "cols": 5},
            timeout=30,
        )
        assert made.status_code == 201  # generation runs in a worker process of the server
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_serve_says_where_it_serves_in_the_command_lines_language(tmp_path: Path) -> None:
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "wortsuche",
            "serve",
            "--port",
            str(port),
            "--db",
            str(tmp_path / "p.sqlite"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**environment, "LANG": "de_DE.UTF-8"},
    )
    try:
        assert process.stdout is not None
        first, second = process.stdout.readline(), process.stdout.readline()
        assert f"bereit unter http://127.0.0.1:{port}/" in first and "(Rätsel in " in first
        assert "Strg+C beendet den Server" in second
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_port_in_use_is_a_one_line_error(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(InputError, match=f"port {port} is in use"):
            serve.run(parse("--port", str(port), "--db", str(tmp_path / "db.sqlite")))


@pytest.mark.parametrize(
    ("db", "message"),
    [(".", "is a folder"), ("missing/db.sqlite", "not an existing folder")],
)
def test_an_unusable_database_path_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match=message):
        serve.run(parse("--db", db, "--port", str(free_port())))


def test_the_database_may_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORTSUCHE_DB", "postgresql://anna@db/puzzles")
    assert parse().db == "postgresql://anna@db/puzzles"
    assert parse("--db", "here.sqlite").db == "here.sqlite"  # the option wins


@pytest.mark.parametrize("storage", ["redis", "memcached://cache:11211", "file:///tmp/x"])
def test_a_rate_limit_storage_of_neither_memory_nor_redis_is_one_line(
    tmp_path: Path, storage: str
) -> None:
    with pytest.raises(InputError, match="rate limits are counted in memory:// or redis://"):
        serve.run(parse("--rate-limit-storage", storage, "--db", str(tmp_path / "db.sqlite")))


def test_the_rate_limit_storage_may_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("WORTSUCHE_RATE_LIMIT_STORAGE", raising=False)
    assert parse().rate_limit_storage == "memory://"
    monkeypatch.setenv("WORTSUCHE_RATE_LIMIT_STORAGE", "redis://:secret@cache:6379")
    assert parse().rate_limit_storage == "redis://:secret@cache:6379"
    assert parse("--rate-limit-storage", "memory://").rate_limit_storage == "memory://"
    monkeypatch.setenv("WORTSUCHE_DB", str(tmp_path / "db.sqlite"))
    app = serve.app_from_environment()  # what each server process builds
    assert app.state.rates.location == "redis://cache:6379"  # never the password


@pytest.mark.parametrize("workers", ["0", "65"])
def test_a_number_of_workers_out_of_range_is_refused(tmp_path: Path, workers: str) -> None:
    with pytest.raises(InputError, match="--workers must be from 1 to 64"):
        serve.run(parse("--workers", workers, "--db", str(tmp_path / "db.sqlite")))


def test_an_unreachable_database_server_is_one_line_before_listening(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("psycopg")
    with socket.socket() as bound:  # bound, never listening: connecting is refused at once
        bound.bind(("127.0.0.1", 0))
        port = bound.getsockname()[1]
        url = f"postgresql://anna:geheim@127.0.0.1:{port}/puzzles"
        code = main(["serve", "--port", str(free_port()), "--db", url])
    assert code == 2
    error = capsys.readouterr().err
    assert error.startswith(f"wortsuche: error: cannot open postgresql://anna@127.0.0.1:{port}/")
    assert error.count("\n") == 1 and "geheim" not in error


def test_a_port_out_of_range_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="--port"):
        serve.run(parse("--port", "70000", "--db", str(tmp_path / "db.sqlite")))


def test_the_command_line_reports_a_taken_port_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = main(["serve", "--port", str(port), "--db", str(tmp_path / "db.sqlite")])
    assert code == 2
    assert capsys.readouterr().err == (
        f"wortsuche: error: port {port} is in use; choose another with --port\n"
    )


def test_help_lists_serve(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "serve" in capsys.readouterr().out


def _creates_with_forged_addresses(tmp_path: Path, *options: str) -> list[int]:
    """Twenty creates from 127.0.0.1, each claiming another client in X-Forwarded-For."""
    port, db = free_port(), tmp_path / "db.sqlite"
    process = subprocess.Popen(
        [sys.executable, "-m", "wortsuche", "serve", "--port", str(port), "--db", db, *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(url + "/", timeout=2)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

        def create(n: int) -> int:
            return httpx.post(
                url + "/api/puzzles",
                json={"words": "Torf, vor, Rad, Eva", "rows": 5, "cols": 5},
                headers={"X-Forwarded-For": f"203.0.113.{n}"},
                timeout=60,
            ).status_code

        # all at once: the limit is decided on arrival, before the bucket refills (one in 2 s)
        with ThreadPoolExecutor(max_workers=20) as pool:
            return list(pool.map(create, range(20)))
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_forged_forwarded_header_from_loopback_does_not_dodge_the_rate_limit(
    tmp_path: Path,
) -> None:
    codes = _creates_with_forged_addresses(tmp_path)
    assert codes.count(429) == 10, codes  # 10 in a moving window of 20 seconds, then refused


def test_a_named_proxy_s_forwarded_header_names_the_client(tmp_path: Path) -> None:
    codes = _creates_with_forged_addresses(tmp_path, "--forwarded-allow-ips", "127.0.0.1")
    assert 429 not in codes, codes  # each its own client (some may wait for the queue: 503)


def test_no_proxy_is_trusted_unless_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    assert parse().forwarded_allow_ips is None
    assert serve._proxies(None) == {"proxy_headers": False, "forwarded_allow_ips": ""}
    assert serve._proxies("10.0.0.2, 10.0.0.0/24")["forwarded_allow_ips"] == [
        "10.0.0.2",
        "10.0.0.0/24",
    ]
