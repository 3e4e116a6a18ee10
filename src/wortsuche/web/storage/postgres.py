"""Saved puzzles in a PostgreSQL database, shared by any number of server processes and machines.

Each server process keeps a small pool of connections (psycopg 3 and psycopg_pool); every write
is its own transaction, committed before the server answers, so an acknowledged puzzle is in
the database whatever happens to the process that saved it. The schema version lives in a
one-row table ``wortsuche_schema``; servers that start at the same time take a transaction-level
advisory lock, so exactly one of them runs a migration step and the others find it done.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import psycopg_pool
from psycopg import errors

from wortsuche.web.storage.cursor import Cursor
from wortsuche.web.storage.interface import Storage, StorageError, without_password

SCHEMA_LOCK = 0x776F7274  # "wort": the advisory lock that serialises migrations
CONNECT_SECONDS = 10
"""How long opening the database may take before the server says it cannot reach it."""


class PostgresStorage(Storage):
    """The puzzles of one PostgreSQL database; opening it creates or migrates the schema."""

    dialect = "postgresql"

    def __init__(self, url: str, *, pool_size: int = 10) -> None:
        self.location = without_password(url)
        try:
            # one plain connection first: an unreachable server or a wrong password is one line
            psycopg.connect(url, connect_timeout=CONNECT_SECONDS).close()
        except psycopg.Error as error:
            message = (
                str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            )
            raise StorageError(
                f"cannot open {self.location}: {message}",
                key="error.storage-open",
                values={"location": self.location, "message": message},
            ) from None
        self.pool = psycopg_pool.ConnectionPool(
            url,
            min_size=1,
            max_size=max(1, pool_size),
            open=False,
            kwargs={"connect_timeout": CONNECT_SECONDS},
            name="wortsuche",
        )
        self.pool.open(wait=True, timeout=CONNECT_SECONDS)
        try:
            self.migrate()
        except BaseException:
            self.pool.close()
            raise

    def close(self) -> None:
        self.pool.close()

    @contextmanager
    def _transaction(self) -> Iterator[Cursor]:
        with self.pool.connection() as connection, connection.transaction():
            yield connection

    @contextmanager
    def _play_transaction(self) -> Iterator[Cursor]:
        # the commit does not wait for the WAL flush: a crash of the database server may lose
        # the last moment of play records, never corrupt them
        with self.pool.connection() as connection, connection.transaction():
            connection.execute("SET LOCAL synchronous_commit TO OFF")
            yield connection

    @contextmanager
    def _reading(self) -> Iterator[Cursor]:
        with self.pool.connection() as connection:
            yield connection

    def _sql(self, query: str) -> str:
        # the queries hold no other ? and no %: the placeholder is the only difference
        return query.replace("?", "%s")

    def _read_version(self, cursor: Cursor) -> int:
        exists = cursor.execute("SELECT to_regclass('wortsuche_schema') IS NOT NULL").fetchone()
        if not exists[0]:
            return 0
        row = cursor.execute("SELECT version FROM wortsuche_schema").fetchone()
        return 0 if row is None else int(row[0])

    def _write_version(self, cursor: Cursor, version: int) -> None:
        cursor.execute("CREATE TABLE IF NOT EXISTS wortsuche_schema (version INTEGER NOT NULL)")
        cursor.execute("DELETE FROM wortsuche_schema")
        cursor.execute("INSERT INTO wortsuche_schema (version) VALUES (%s)", (version,))

    def _lock_schema(self, cursor: Cursor) -> None:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))

    def _foreign_tables(self, cursor: Cursor) -> bool:
        row = cursor.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()"
        ).fetchone()
        return bool(row[0])

    def _is_taken_id(self, error: BaseException) -> bool:
        return isinstance(error, errors.UniqueViolation)

    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        return (psycopg.Error,)
