"""Saved puzzles in one SQLite file: WAL journal, one transaction per write.

The schema version lives in the file header (``PRAGMA user_version``), where it commits together
with the migration step it names. One connection per call: SQLite opens a file in microseconds,
and a connection is never shared between the server's threads; one more stays open, idle, so
that closing the others does not checkpoint the journal after every write.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, closing, contextmanager
from pathlib import Path

from wortsuche.web.storage.cursor import Cursor
from wortsuche.web.storage.interface import Storage, StorageError

# how long a connection waits for another one's write before it gives up
BUSY_SECONDS = 10.0


class SqliteStorage(Storage):
    """The puzzles of one SQLite file; opening it creates or migrates the file."""

    dialect = "sqlite"

    def __init__(self, path: Path) -> None:
        self.path = path
        self.location = str(path)
        self._keeper: sqlite3.Connection | None = None
        try:
            self._use_wal()
            self.migrate()
        except sqlite3.DatabaseError as error:
            raise StorageError(
                f"{path} is not a usable wortsuche database ({error})",
                key="error.storage-unusable",
                values={"location": str(path), "error": str(error)},
            ) from None
        # One connection stays open while the storage is: SQLite checkpoints the whole WAL and
        # waits for the disk whenever the last connection to a file closes, which with one
        # connection per call would be after every write (25 ms instead of 0.3 ms each).
        self._keeper = sqlite3.connect(self.path, check_same_thread=False)  # closed by any thread
        self._keeper.execute("SELECT count(*) FROM sqlite_master").fetchone()  # opens the WAL

    def close(self) -> None:
        if self._keeper is not None:
            self._keeper.close()
            self._keeper = None

    def _use_wal(self) -> None:
        """Switch the file to the WAL journal (it stays so): readers never wait for the writer,
        and a crash mid-write loses only that write.

        The switch needs the file to itself, and SQLite answers "database is locked" at once,
        without waiting, when another process opening the same new file holds it: try again for
        as long as a write would wait.
        """
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                with closing(self._connect()) as connection:
                    mode = connection.execute("PRAGMA journal_mode").fetchone()[0]
                    if mode != "wal":
                        connection.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _connect(self) -> sqlite3.Connection:
        # autocommit off at the driver level; every write opens its own transaction
        connection = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        connection.execute("PRAGMA foreign_keys = ON")
        # deleted rows are overwritten with zeros, not just marked free: a removed pupil's
        # pseudonym must not stay readable in the file (see purge); some builds do so already
        connection.execute("PRAGMA secure_delete = ON")
        return connection

    def purge(self) -> None:
        # the journal still holds the pages as they were before the delete: copy them into the
        # file and empty the journal, so that nothing deleted is left in the -wal file either
        # (a reader holding the journal past the busy timeout leaves it for the next sweep)
        with closing(self._connect()) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()

    @contextmanager
    def _transaction(self, *, flushed: bool = True) -> Iterator[sqlite3.Connection]:
        """A connection inside ``BEGIN IMMEDIATE``: committed on success, rolled back on any error.

        ``flushed=False`` commits without waiting for the disk (``synchronous = NORMAL``): the
        write survives a crash of the server, a power cut may lose it, nothing is corrupted.
        """
        with closing(self._connect()) as connection:
            if not flushed:
                connection.execute("PRAGMA synchronous = NORMAL")
            # IMMEDIATE takes the write lock at once, so two writers never deadlock half way
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def _play_transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        return self._transaction(flushed=False)

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with closing(self._connect()) as connection:
            yield connection

    def _read_version(self, cursor: Cursor) -> int:
        version: int = cursor.execute("PRAGMA user_version").fetchone()[0]
        return version

    def _write_version(self, cursor: Cursor, version: int) -> None:
        # user_version is part of the file header, so it commits together with the step
        cursor.execute(f"PRAGMA user_version = {int(version)}")

    def _foreign_tables(self, cursor: Cursor) -> bool:
        row = cursor.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()
        return bool(row[0])

    def _is_taken_id(self, error: BaseException) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def _driver_errors(self) -> tuple[type[BaseException], ...]:
        return (sqlite3.Error,)
