"""The engines of a deployment, started for real in temporary folders: Debian's ``redis-server``
and ``nginx``, and ``wortsuche serve`` as processes of their own (PostgreSQL: :mod:`pgserver`).

Each listens on a free loopback port only and is stopped by the test that started it; nothing
outside its temporary folder is touched (no system service, no system configuration).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
NGINX_SITE = ROOT / "deploy" / "nginx.conf"
"""The load balancer's site, as compose.yaml mounts it and docs/deploy.md shows it."""
COMPOSE = ROOT / "compose.yaml"
COMPOSE_REDIS = "redis://redis:6379"
"""The Redis URL of the compose file's web services, replaced by a test's own server."""
INSTALL_HINT = "install Debian's redis-server and nginx (apt-get install -y redis-server nginx)"


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def missing() -> list[str]:
    """The programs of the stack that are not installed."""
    programs = {"redis-server": "/usr/bin/redis-server", "nginx": "/usr/sbin/nginx"}
    return [
        name for name, path in programs.items() if not (shutil.which(name) or Path(path).exists())
    ]


def _program(name: str) -> str:
    return shutil.which(name) or {"nginx": "/usr/sbin/nginx"}.get(name, name)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


class Served:
    """``wortsuche serve`` as a process of its own, on a free loopback port."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "wortsuche", "serve", "--port", str(self.port), *args],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUTF8": "1", **(env or {})},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.process.poll() is None:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not start: {self.process.stderr.read()!r}")  # type: ignore[union-attr]

    def stop(self) -> None:
        """End the server (SIGTERM, then SIGKILL after 20 seconds)."""
        _stop(self.process)


@contextlib.contextmanager
def serving(*args: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """A :class:`Served` for the length of a ``with``."""
    server = Served(*args, env=env)
    try:
        yield server
    finally:
        server.stop()


def compose_serve_options(redis_url: str) -> list[str]:
    """The options compose.yaml gives ``serve`` on each web service, less where it listens,
    with the test's own Redis: what the stack tests run is what the compose file says."""
    import yaml

    services = yaml.safe_load(COMPOSE.read_text())["services"]
    commands = {tuple(s["command"]) for name, s in services.items() if name.startswith("web")}
    assert len(commands) == 1, "the compose file's web services run different commands"
    command = list(commands.pop())
    assert command[0] == "serve"
    options: list[str] = []
    arguments = iter(command[1:])
    for option in arguments:
        value = next(arguments)
        if option not in ("--host", "--port"):
            options += [option, redis_url if value == COMPOSE_REDIS else value]
    return options


class RedisServer:
    """Debian's redis-server on a free loopback port, in memory only (nothing saved)."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="wortsuche-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        """Start the server (again) on its port, and wait until it answers."""
        self.process = subprocess.Popen(
            [
                *(_program("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--dir", str(self.folder), "--save", "", "--appendonly", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while not self.answers():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def answers(self) -> bool:
        """Whether the server answers PING."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as connection:
                connection.sendall(b"PING\r\n")
                return connection.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        """End the server (its folder stays for :meth:`start`)."""
        if self.process is not None:
            _stop(self.process)

    def close(self) -> None:
        """End the server and remove its folder."""
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def nginx_site(servers: Sequence[str], port: int) -> str:
    """``deploy/nginx.conf`` with the upstream ``servers`` (host:port) and a loopback port."""
    site = NGINX_SITE.read_text()
    lines = "".join(f"    server {server};\n" for server in servers)
    site, upstreams = re.subn(r"(?:    server [^;\s]+;\n)+", lines, site, count=1)
    site, listens = re.subn(r"listen \d+;", f"listen 127.0.0.1:{port};", site)
    assert upstreams == 1 and listens == 1, "deploy/nginx.conf lost its upstream or listen line"
    return site


class Nginx:
    """Debian's nginx balancing ``servers`` with the site of ``deploy/nginx.conf``."""

    def __init__(self, servers: Sequence[str]) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="wortsuche-nginx-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        (self.folder / "site.conf").write_text(nginx_site(servers, self.port))
        user = "user nobody nogroup;\n" if os.geteuid() == 0 else ""
        temporary = "".join(
            f"    {kind}_temp_path {self.folder / kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (self.folder / "nginx.conf").write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {self.folder / 'nginx.pid'};\n"
            f"error_log {self.folder / 'error.log'} warn;\nevents {{ worker_connections 512; }}\n"
            f"http {{\n    access_log off;\n{temporary}    include {self.folder / 'site.conf'};\n}}\n"
        )
        if os.geteuid() == 0:
            shutil.chown(self.folder, "nobody")
        self.process = subprocess.Popen(
            [
                *(_program("nginx"), "-p", str(self.folder)),
                *("-e", str(self.folder / "error.log"), "-c", str(self.folder / "nginx.conf")),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while True:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 1),
            ):
                return
            if self.process.poll() is not None or time.monotonic() > deadline:
                log = (self.folder / "error.log").read_text(errors="replace")
                self.close()
                raise RuntimeError(f"nginx did not start: {log}")
            time.sleep(0.05)

    def close(self) -> None:
        """End nginx (SIGTERM: it stops at once) and remove its folder."""
        _stop(self.process)
        shutil.rmtree(self.folder, ignore_errors=True)
