"""A throwaway PostgreSQL server from Debian's packages, for the tests and the load benchmark.

``initdb`` makes a cluster in a temporary folder, ``pg_ctl`` starts it on a free loopback port
with its socket in that folder, and :meth:`PostgresServer.stop` ends it and removes the folder.
PostgreSQL refuses to run as root, so under root the server runs as the unprivileged ``nobody``
(``runuser``). Nothing outside the temporary folder is touched: no system cluster, no service.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

USER = "wortsuche"
PASSWORD = "puzzles-only"
UNPRIVILEGED = "nobody"
INSTALL_HINT = "install Debian's postgresql (apt-get install -y postgresql)"


def binaries() -> Path | None:
    """The folder with initdb, pg_ctl and postgres: ``WORTSUCHE_PG_BIN``, Debian's, or the PATH."""
    if configured := os.environ.get("WORTSUCHE_PG_BIN"):
        return Path(configured) if (Path(configured) / "initdb").exists() else None
    debian = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    if debian:
        return debian[-1].parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class PostgresServer:
    """One PostgreSQL cluster in a temporary folder, listening on 127.0.0.1 only."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="wortsuche-pg-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, UNPRIVILEGED)
            self.as_user = ["runuser", "-u", UNPRIVILEGED, "--"]
        password_file = self.folder / "password"
        password_file.write_text(PASSWORD + "\n")
        if self.as_user:
            shutil.chown(password_file, UNPRIVILEGED)
        self._run(
            "initdb",
            *("-D", str(self.data), "-U", USER, "--pwfile", str(password_file)),
            *("--auth", "scram-sha-256", "-E", "UTF8", "--no-locale", "--no-sync"),
        )
        self.port = 0
        for _ in range(5):  # a port chosen free may be taken before the server binds it
            self.port = _free_port()
            options = (
                f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c max_connections=200"
            )
            started = self._run(
                "pg_ctl",
                *("start", "-w", "-t", "60", "-D", str(self.data)),
                *("-l", str(self.folder / "server.log"), "-o", options),
                check=False,
            )
            if started.returncode == 0:
                break
        else:
            log = (self.folder / "server.log").read_text(errors="replace")[-2000:]
            self.stop()
            raise RuntimeError(f"PostgreSQL did not start:\n{log}")
        self._databases = 0

    def _run(
        self, program: str, *args: str, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        finished = subprocess.run(
            [*self.as_user, str(self.bin / program), *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=120,
            cwd=self.folder,
        )
        if check and finished.returncode != 0:
            raise RuntimeError(f"{program} failed: {finished.stderr.strip() or finished.stdout}")
        return finished

    def url(self, database: str = "postgres") -> str:
        """A ``postgresql://`` URL of one database on this server, password included."""
        return f"postgresql://{USER}:{PASSWORD}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new, empty database; its URL."""
        import psycopg

        self._databases += 1
        name = f"test_{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        """Remove a database made by :meth:`create_database`, closing whatever still uses it."""
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """End the server and remove its folder."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(Exception):
                self._run("pg_ctl", "stop", "-m", "immediate", "-D", str(self.data), check=False)
        deadline = time.monotonic() + 10
        while (self.data / "postmaster.pid").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        shutil.rmtree(self.folder, ignore_errors=True)
