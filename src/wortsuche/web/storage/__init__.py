"""Saved puzzles: one interface, two databases (an SQLite file, or a PostgreSQL server).

:func:`open_storage` takes what ``wortsuche serve --db`` takes: a file name opens (or creates) an
SQLite file, a ``postgresql://user:password@host/dbname`` URL a PostgreSQL database. Both keep the
same table, written by the same portable SQL in :class:`Storage`; only connecting, the schema
version's home and the placeholder style differ (:mod:`.sqlite`, :mod:`.postgres`).

The schema is versioned: :data:`MIGRATIONS` lists the steps from one version to the next, and
opening a database runs the missing ones, each in one transaction together with the new version
number, so a crash in the middle leaves the database at the last complete version. Both
databases change their schema inside transactions (PostgreSQL's DDL is transactional, SQLite's
too), which is why the project keeps these few steps itself rather than adding Alembic and
SQLAlchemy to the web extra for one table.

Puzzle ids are 48 random bits from the operating system (:func:`secrets.token_urlsafe`), drawn
anew in every process, so several server processes on several machines draw independently and
no id can be guessed from another; the primary key makes a collision an error that draws again.

>>> import tempfile, pathlib
>>> folder = tempfile.TemporaryDirectory()
>>> with open_storage(pathlib.Path(folder.name) / "puzzles.sqlite") as storage:
...     made = storage.add(title="Moor", request="{}", puzzle="{}")
...     storage.get(made.id).title, storage.count(), storage.schema_version() == SCHEMA_VERSION
('Moor', 1, True)
>>> folder.cleanup()
"""

from __future__ import annotations

from pathlib import Path

from wortsuche.errors import MissingExtraError
from wortsuche.web.storage.interface import (
    ID_BYTES,
    MIGRATIONS,
    SCHEMA_VERSION,
    Migration,
    Storage,
    StorageError,
    StoredPuzzle,
    new_puzzle_id,
)

__all__ = [
    "ID_BYTES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "Migration",
    "Storage",
    "StorageError",
    "StoredPuzzle",
    "is_database_url",
    "new_puzzle_id",
    "open_storage",
]

URL_SCHEMES = ("postgresql://", "postgres://")
"""How a ``--db`` value names a PostgreSQL database (anything else is an SQLite file)."""


def is_database_url(location: str | Path) -> bool:
    """Whether ``location`` names a PostgreSQL database rather than an SQLite file."""
    return isinstance(location, str) and location.startswith(URL_SCHEMES)


def open_storage(location: str | Path, *, pool_size: int = 10) -> Storage:
    """The storage at ``location``: an SQLite file name, or a ``postgresql://`` URL.

    ``pool_size`` is the most connections one process keeps open to a PostgreSQL server.
    """
    if is_database_url(location):
        try:
            from wortsuche.web.storage.postgres import PostgresStorage
        except ImportError as error:
            raise MissingExtraError(f"PostgreSQL ({error.name} is missing)", "postgres") from None
        return PostgresStorage(str(location), pool_size=pool_size)
    from wortsuche.web.storage.sqlite import SqliteStorage

    return SqliteStorage(Path(location))
