"""Saved puzzles in one SQLite file: versioned schema, WAL journal, one transaction per write.

The schema version lives in ``PRAGMA user_version``; :data:`MIGRATIONS` lists the steps from
one version to the next, and :meth:`Storage.migrate` runs the missing ones, each in its own
transaction, so a file written by an older release is brought up to date on start and a crash
in the middle leaves it at the last complete version.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> storage = Storage(pathlib.Path(folder.name) / "puzzles.sqlite")
>>> storage.schema_version() == SCHEMA_VERSION
True
>>> folder.cleanup()
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from wortsuche.errors import WortsucheError

ID_BYTES = 6
"""Random bytes in a puzzle id: 8 URL-safe characters, 2**48 possible ids."""

MIGRATIONS: tuple[str, ...] = (
    # version 0 -> 1: the first schema
    """
    CREATE TABLE puzzles (
        id      TEXT PRIMARY KEY,
        created TEXT NOT NULL,          -- ISO 8601, UTC
        title   TEXT NOT NULL DEFAULT '',
        request TEXT NOT NULL,          -- JSON: rows/cols/level as asked, for "new grid, same words"
        puzzle  TEXT NOT NULL           -- the puzzle in wortsuche's versioned JSON format
    ) STRICT;
    """,
)
"""SQL that takes the schema from version ``i`` to ``i + 1``; append, never edit."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this release writes."""


class StorageError(WortsucheError):
    """The database file cannot be used (not SQLite, or written by a newer wortsuche)."""


@dataclass(frozen=True)
class StoredPuzzle:
    """One saved puzzle as it stands in the database."""

    id: str
    created: str
    title: str
    request: str
    puzzle: str


class Storage:
    """The puzzles of one database file; opening it creates or migrates the file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            with closing(self._connect()) as connection:
                # WAL: readers never wait for the writer, and a crash mid-write loses only that write
                connection.execute("PRAGMA journal_mode = WAL")
            self.migrate()
        except sqlite3.DatabaseError as error:
            raise StorageError(f"{path} is not a usable wortsuche database ({error})") from None

    def _connect(self) -> sqlite3.Connection:
        # autocommit off at the driver level; every write below opens its own transaction
        connection = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        connection.execute("PRAGMA foreign_keys = ON")
        return connection

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """A connection inside ``BEGIN IMMEDIATE``: committed on success, rolled back on any error."""
        with closing(self._connect()) as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def schema_version(self) -> int:
        """The version of the schema in the file."""
        with closing(self._connect()) as connection:
            version: int = connection.execute("PRAGMA user_version").fetchone()[0]
            return version

    def migrate(self) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`, one transaction per step."""
        while True:
            with self._transaction() as connection:
                version = connection.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise StorageError(
                        f"{self.path} was written by a newer wortsuche "
                        f"(schema {version}, this one knows {SCHEMA_VERSION})"
                    )
                if version == SCHEMA_VERSION:
                    return
                if version == 0 and _has_foreign_tables(connection):
                    raise StorageError(f"{self.path} is an SQLite file of another program")
                try:
                    for statement in _statements(MIGRATIONS[version]):
                        connection.execute(statement)
                except sqlite3.Error as error:
                    # raising rolls the whole step back: the file stays at the old version
                    raise StorageError(
                        f"{self.path}: updating the schema from version {version} to "
                        f"{version + 1} failed ({error}); the file is unchanged"
                    ) from None
                # user_version is part of the file header, so it commits together with the step
                connection.execute(f"PRAGMA user_version = {version + 1}")

    def add(self, *, title: str, request: str, puzzle: str) -> StoredPuzzle:
        """Save a new puzzle under a fresh random id and return it."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        while True:
            puzzle_id = secrets.token_urlsafe(ID_BYTES)
            try:
                with self._transaction() as connection:
                    connection.execute(
                        "INSERT INTO puzzles (id, created, title, request, puzzle)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (puzzle_id, created, title, request, puzzle),
                    )
            except sqlite3.IntegrityError:
                continue  # the id is taken (astronomically rare): draw another
            return StoredPuzzle(puzzle_id, created, title, request, puzzle)

    def get(self, puzzle_id: str) -> StoredPuzzle | None:
        """The puzzle with this id, or None."""
        with closing(self._connect()) as connection:
            row = connection.execute(
                "SELECT id, created, title, request, puzzle FROM puzzles WHERE id = ?",
                (puzzle_id,),
            ).fetchone()
        return None if row is None else StoredPuzzle(*row)

    def count(self) -> int:
        """How many puzzles are saved."""
        with closing(self._connect()) as connection:
            number: int = connection.execute("SELECT count(*) FROM puzzles").fetchone()[0]
            return number


def _statements(script: str) -> list[str]:
    """The statements of a migration script (``executescript`` would commit on its own)."""
    return [part.strip() for part in script.split(";") if part.strip()]


def _has_foreign_tables(connection: sqlite3.Connection) -> bool:
    """True if a schema-less file already holds tables, i.e. belongs to someone else."""
    row = connection.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()
    return bool(row[0])
