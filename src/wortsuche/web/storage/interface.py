"""The storage interface: the saved puzzle, the versioned schema, and the queries both databases run.

:class:`Storage` holds the shared logic; :mod:`.sqlite` and :mod:`.postgres` supply the rest.
"""

from __future__ import annotations

import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from types import TracebackType
from typing import Self
from urllib.parse import urlsplit, urlunsplit

from wortsuche.errors import UserError
from wortsuche.web.storage.classroom import (
    CARDS_SQL,
    CARDS_SQLITE,
    CLASSROOM_SQL,
    CLASSROOM_SQLITE,
    TIMED_SQL,
    TIMED_SQLITE,
    ClassroomQueries,
)
from wortsuche.web.storage.cursor import Cursor

ID_BYTES = 6
"""Random bytes in a puzzle id: 8 URL-safe characters, 2**48 possible ids."""


@dataclass(frozen=True)
class Migration:
    """One step of the schema: portable SQL, and SQLite's own words where they differ."""

    sql: str
    sqlite: str | None = None


MIGRATIONS: tuple[Migration, ...] = (
    # version 0 -> 1: the first schema (SQLite's STRICT tables check the column types too)
    Migration(
        """
        CREATE TABLE puzzles (
            id      TEXT PRIMARY KEY,
            created TEXT NOT NULL,          -- ISO 8601, UTC
            title   TEXT NOT NULL DEFAULT '',
            request TEXT NOT NULL,          -- JSON: rows/cols/level as asked, for "new grid, same words"
            puzzle  TEXT NOT NULL           -- the puzzle in wortsuche's versioned JSON format
        )
        """,
        sqlite="""
        CREATE TABLE puzzles (
            id      TEXT PRIMARY KEY,
            created TEXT NOT NULL,
            title   TEXT NOT NULL DEFAULT '',
            request TEXT NOT NULL,
            puzzle  TEXT NOT NULL
        ) STRICT
        """,
    ),
    # version 1 -> 2: the classroom (assignments, pupils, their finds) and recorded play
    Migration(CLASSROOM_SQL, sqlite=CLASSROOM_SQLITE),
    # version 2 -> 3: name cards, a second key per pupil for shared devices
    Migration(CARDS_SQL, sqlite=CARDS_SQLITE),
    # version 3 -> 4: finds timed from the pupil's previous request, a class's most pupils
    Migration(TIMED_SQL, sqlite=TIMED_SQLITE),
)
"""The steps that take the schema from version ``i`` to ``i + 1``; append, never edit."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this release writes."""


def without_password(url: str) -> str:
    """The URL as it may be printed: the password left out.

    >>> without_password("postgresql://anna:geheim@db.example:5433/puzzles")
    'postgresql://anna@db.example:5433/puzzles'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{parts.username}@{host}" if parts.username else host
    if parts.port is not None:
        netloc += f":{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


class StorageError(UserError):
    """The database cannot be used (unreachable, of another program, or of a newer wortsuche)."""


@dataclass(frozen=True)
class StoredPuzzle:
    """One saved puzzle as it stands in the database."""

    id: str
    created: str
    title: str
    request: str
    puzzle: str


def new_puzzle_id() -> str:
    """A fresh random id: 8 URL-safe characters from the operating system's random source."""
    return secrets.token_urlsafe(ID_BYTES)


class Storage(ClassroomQueries, ABC):
    """The saved puzzles of one database; opening it creates or migrates the schema.

    The queries are written once, here, in SQL both databases speak, with ``?`` for each
    parameter; a backend supplies connections and transactions and the few things SQL does not
    say the same way (where the schema version lives, which error means "id taken").
    """

    location: str
    """The database as a person would name it (a file name, or a URL without its password)."""
    dialect: str = ""
    """``sqlite`` or ``postgresql``: which of a :class:`Migration`'s texts applies."""

    # -- what a backend supplies ---------------------------------------------------------------

    @abstractmethod
    def _transaction(self) -> AbstractContextManager[Cursor]:
        """A connection in a transaction: committed on success, rolled back on any error."""

    @abstractmethod
    def _reading(self) -> AbstractContextManager[Cursor]:
        """A connection for one read."""

    def _sql(self, query: str) -> str:
        """``query`` with the driver's placeholders (``?`` as written)."""
        return query

    @abstractmethod
    def _read_version(self, cursor: Cursor) -> int:
        """The schema version (0 for a database without wortsuche's schema)."""

    @abstractmethod
    def _write_version(self, cursor: Cursor, version: int) -> None:
        """Record the schema version, inside the migration step's transaction."""

    @abstractmethod
    def _foreign_tables(self, cursor: Cursor) -> bool:
        """True if a database without our schema already holds tables, i.e. belongs to another."""

    def _lock_schema(self, cursor: Cursor) -> None:
        """Keep other processes out of the schema until this transaction ends."""

    @abstractmethod
    def _is_taken_id(self, error: BaseException) -> bool:
        """True if ``error`` says that the id is already saved."""

    @abstractmethod
    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        """The driver's errors a migration step may raise."""

    def close(self) -> None:
        """Let go of the database's connections (the storage cannot be used afterwards)."""

    # -- the shared logic ----------------------------------------------------------------------

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def schema_version(self) -> int:
        """The version of the schema in the database."""
        with self._reading() as cursor:
            return self._read_version(cursor)

    def migrate(self) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`, one transaction per step."""
        migrations = _migrations()
        while True:
            with self._transaction() as cursor:
                self._lock_schema(cursor)  # several servers starting at once migrate one by one
                version = self._read_version(cursor)
                if version > len(migrations):
                    raise StorageError(
                        f"{self.location} was written by a newer wortsuche "
                        f"(schema {version}, this one knows {len(migrations)})",
                        key="error.storage-newer",
                        values={
                            "location": self.location,
                            "version": version,
                            "known": len(migrations),
                        },
                    )
                if version < 0:  # a header no release writes: damaged, or not ours
                    raise StorageError(
                        f"{self.location} has an unknown schema version ({version}): it was not "
                        "written by wortsuche, or it is damaged",
                        key="error.storage-unknown-version",
                        values={"location": self.location, "version": version},
                    )
                if version == len(migrations):
                    return
                if version == 0 and self._foreign_tables(cursor):
                    raise StorageError(
                        f"{self.location} holds the tables of another program",
                        key="error.storage-foreign",
                        values={"location": self.location},
                    )
                step = migrations[version]
                script = (
                    step.sqlite
                    if step.sqlite is not None and self.dialect == "sqlite"
                    else step.sql
                )
                try:
                    for statement in _statements(script):
                        cursor.execute(statement)
                    # the version is written in the same transaction as the step it names
                    self._write_version(cursor, version + 1)
                except self._driver_errors() as error:
                    # raising rolls the whole step back: the database stays at the old version
                    raise StorageError(
                        f"{self.location}: updating the schema from version {version} to "
                        f"{version + 1} failed ({error}); the database is unchanged",
                        key="error.storage-migration",
                        values={
                            "location": self.location,
                            "old": version,
                            "new": version + 1,
                            "error": str(error),
                        },
                    ) from None

    def add(self, *, title: str, request: str, puzzle: str) -> StoredPuzzle:
        """Save a new puzzle under a fresh random id and return it (committed when it returns)."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        while True:
            puzzle_id = new_puzzle_id()
            try:
                with self._transaction() as cursor:
                    cursor.execute(
                        self._sql(
                            "INSERT INTO puzzles (id, created, title, request, puzzle)"
                            " VALUES (?, ?, ?, ?, ?)"
                        ),
                        (puzzle_id, created, title, request, puzzle),
                    )
            except Exception as error:
                if self._is_taken_id(error):
                    continue  # the id is taken (astronomically rare): draw another
                raise
            return StoredPuzzle(puzzle_id, created, title, request, puzzle)

    def get(self, puzzle_id: str) -> StoredPuzzle | None:
        """The puzzle with this id, or None."""
        with self._reading() as cursor:
            row = cursor.execute(
                self._sql("SELECT id, created, title, request, puzzle FROM puzzles WHERE id = ?"),
                (puzzle_id,),
            ).fetchone()
        return None if row is None else StoredPuzzle(*row)

    def count(self) -> int:
        """How many puzzles are saved."""
        with self._reading() as cursor:
            number: int = cursor.execute("SELECT count(*) FROM puzzles").fetchone()[0]
            return number

    def ids(self) -> Iterator[str]:
        """Every saved puzzle's id, in no particular order."""
        with self._reading() as cursor:
            rows = cursor.execute("SELECT id FROM puzzles").fetchall()
        return (row[0] for row in rows)


def _migrations() -> tuple[Migration, ...]:
    # read at call time, so a test can stand in a later release's list
    return MIGRATIONS


def _statements(script: str) -> list[str]:
    """The statements of a migration script (SQLite's ``executescript`` would commit on its own)."""
    return [part.strip() for part in script.split(";") if part.strip()]
