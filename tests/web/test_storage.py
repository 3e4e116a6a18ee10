"""The database: created on first start, versioned, migrated, and consistent after a crash, the
same on an SQLite file and on PostgreSQL."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from wortsuche.errors import InputError
from wortsuche.web.storage import (
    SCHEMA_VERSION,
    Migration,
    Storage,
    StorageError,
    is_database_url,
    open_storage,
)
from wortsuche.web.storage import interface as storage_module
from wortsuche.web.storage.classroom import Assigning, Joining
from wortsuche.web.storage.sqlite import SqliteStorage


def add_one(storage: Storage, title: str = "Moor") -> str:
    return storage.add(title=title, request="{}", puzzle='{"format": "x"}').id


def test_a_new_file_gets_the_current_schema_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    storage = SqliteStorage(path)
    assert path.exists()
    assert storage.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_urls_name_postgresql_and_everything_else_a_file() -> None:
    assert is_database_url("postgresql://anna:pw@db/puzzles")
    assert is_database_url("postgres://db/puzzles")
    assert not is_database_url("postgresql.sqlite")
    assert not is_database_url(Path("postgresql://x"))  # a Path is always a file


def test_saved_puzzles_are_read_back_and_ids_differ(db: str) -> None:
    with open_storage(db) as storage:
        ids = {add_one(storage, title=f"T{i}") for i in range(50)}
    assert len(ids) == 50
    with open_storage(db) as reopened:
        assert reopened.count() == 50
        assert set(reopened.ids()) == ids
        some = sorted(ids)[0]
        stored = reopened.get(some)
        assert stored is not None and stored.id == some and stored.title.startswith("T")
        assert reopened.get("missing") is None


def test_a_taken_id_is_drawn_again(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with open_storage(db) as storage:
        taken = add_one(storage)
        drawn = iter([taken, taken, "fresh_id"])
        monkeypatch.setattr(storage_module, "new_puzzle_id", lambda: next(drawn))
        assert add_one(storage, title="second") == "fresh_id"
        first = storage.get(taken)
        assert first is not None and first.title == "Moor"  # the first puzzle is untouched
        assert storage.count() == 2


def test_a_database_from_a_newer_release_is_refused(db: str) -> None:
    open_storage(db).close()
    with open_storage(db) as storage, storage._transaction() as cursor:
        storage._write_version(cursor, SCHEMA_VERSION + 1)
    with pytest.raises(StorageError, match="newer wortsuche"):
        open_storage(db)


def test_a_database_of_another_program_is_refused(db: str) -> None:
    if is_database_url(db):
        import psycopg

        with psycopg.connect(db) as connection:
            connection.execute("CREATE TABLE customers (name TEXT)")
    else:
        with sqlite3.connect(db) as connection:
            connection.execute("CREATE TABLE customers (name TEXT)")
    with pytest.raises(StorageError, match="another program"):
        open_storage(db)


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("Torf\nvor\nRad\nEva\n" * 200)
    with pytest.raises(StorageError, match="not a usable wortsuche database"):
        open_storage(path)


def test_an_unreachable_server_is_one_line_without_the_password() -> None:
    pytest.importorskip("psycopg")
    with socket_nobody_listens_on() as port:
        url = f"postgresql://anna:geheim@127.0.0.1:{port}/puzzles"
        with pytest.raises(StorageError) as raised:
            open_storage(url)
    message = str(raised.value)
    assert message.startswith(f"cannot open postgresql://anna@127.0.0.1:{port}/puzzles: ")
    assert "geheim" not in message and "\n" not in message


def test_without_psycopg_a_url_asks_for_the_postgres_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # importing it now fails
    monkeypatch.delitem(sys.modules, "wortsuche.web.storage.postgres", raising=False)
    with pytest.raises(InputError, match=r"pip install 'wortsuche\[postgres\]'"):
        open_storage("postgresql://db/puzzles")


def test_migrations_run_in_order_and_a_failing_step_changes_nothing(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_storage(db) as storage:
        puzzle_id = add_one(storage)
    released = storage_module.MIGRATIONS
    # a later release adds a column, then a step that fails half way
    broken = (
        *released,
        Migration(
            "ALTER TABLE puzzles ADD COLUMN plays INTEGER NOT NULL DEFAULT 0;"
            "UPDATE puzzles SET no_such_column = 1;"
        ),
    )
    monkeypatch.setattr(storage_module, "MIGRATIONS", broken)
    with pytest.raises(StorageError, match="the database is unchanged"):
        open_storage(db)
    assert columns(db) == ["id", "created", "title", "request", "puzzle"]  # rolled back
    monkeypatch.setattr(storage_module, "MIGRATIONS", released)
    with open_storage(db) as storage:
        assert storage.schema_version() == SCHEMA_VERSION
    # a correct step is applied, and the saved puzzle is still there
    fixed = (*released, Migration("ALTER TABLE puzzles ADD COLUMN plays INTEGER"))
    monkeypatch.setattr(storage_module, "MIGRATIONS", fixed)
    with open_storage(db) as migrated:
        assert migrated.schema_version() == len(fixed)
        assert migrated.get(puzzle_id) is not None
    assert columns(db)[-1] == "plays"


def test_servers_starting_together_migrate_once(db: str, tmp_path: Path) -> None:
    """Four processes open a new database at the same moment: one creates the schema, the others
    wait for it and find it done (no error, no second table)."""
    script = textwrap.dedent(
        f"""
        import sys, time
        from wortsuche.web.storage import open_storage
        time.sleep(max(0.0, float(sys.argv[1]) - time.time()))
        with open_storage({db!r}) as storage:
            storage.add(title="", request="{{}}", puzzle="{{}}")
        """
    )
    import time

    start = str(time.time() + 2)
    processes = [
        subprocess.Popen([sys.executable, "-c", script, start], stderr=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    failures = [p.communicate(timeout=120)[1] for p in processes if p.wait(timeout=120) != 0]
    assert not failures
    with open_storage(db) as storage:
        assert storage.count() == 4 and storage.schema_version() == SCHEMA_VERSION


def test_a_server_opening_the_database_waits_while_another_migrates(db: str) -> None:
    with open_storage(db) as first:
        started, release = threading.Event(), threading.Event()

        def migrating() -> None:
            with first._transaction() as cursor:
                first._lock_schema(cursor)
                started.set()
                release.wait(30)

        holder = threading.Thread(target=migrating)
        holder.start()
        started.wait(30)
        opened: list[Storage] = []
        second = threading.Thread(target=lambda: opened.append(open_storage(db)))
        second.start()
        second.join(timeout=1.0)
        waited = second.is_alive()
        release.set()
        holder.join(30)
        second.join(30)
    assert waited, "the second server did not wait for the migration in progress"
    assert opened and opened[0].schema_version() == SCHEMA_VERSION
    opened[0].close()


def test_a_process_killed_in_the_middle_of_a_write_leaves_the_database_consistent(db: str) -> None:
    with open_storage(db) as storage:
        kept = add_one(storage)
    script = textwrap.dedent(
        f"""
        import os
        from wortsuche.web.storage import open_storage
        storage = open_storage({db!r})
        with storage._transaction() as connection:
            connection.execute(
                "INSERT INTO puzzles VALUES ('half', 'now', '', '{{}}', '{{}}')"
            )
            os._exit(9)  # the process dies before COMMIT
        """
    )
    finished = subprocess.run([sys.executable, "-c", script], check=False, timeout=60)
    assert finished.returncode == 9
    with open_storage(db) as storage:
        assert storage.get("half") is None
        assert storage.get(kept) is not None
    if not is_database_url(db):
        with sqlite3.connect(db) as connection:
            assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def columns(db: str) -> list[str]:
    """The columns of the puzzles table, in order."""
    if is_database_url(db):
        import psycopg

        with psycopg.connect(db) as connection:
            rows = connection.execute(
                "SELECT column_name FROM information_schema.columns"
                " WHERE table_name = 'puzzles' ORDER BY ordinal_position"
            ).fetchall()
        return [row[0] for row in rows]
    with sqlite3.connect(db) as connection:
        return [row[1] for row in connection.execute("PRAGMA table_info(puzzles)")]


class socket_nobody_listens_on:
    """A loopback port that is bound but never listened on: connecting is refused at once."""

    def __enter__(self) -> int:
        import socket

        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        port: int = self.socket.getsockname()[1]
        return port

    def __exit__(self, *_: object) -> None:
        self.socket.close()


def test_a_database_of_schema_1_gains_the_classroom_and_keeps_its_puzzles(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as before:
        before.setattr(storage_module, "MIGRATIONS", storage_module.MIGRATIONS[:1])
        with open_storage(db) as old:
            assert old.schema_version() == 1
            kept = add_one(old, title="Vorher")
    with open_storage(db) as storage:
        assert storage.schema_version() == SCHEMA_VERSION >= 2
        stored = storage.get(kept)
        assert stored is not None and stored.title == "Vorher"
        code = storage.add_assignment(
            Assigning("0" * 64, "2026-01-01T00:00:00+00:00", "2026-01-15T00:00:00+00:00", "",
                          (kept,)),
            new_code=lambda: "AB-CDEF",
        )  # fmt: skip
        storage.add_pupil(Joining("p1", code, "1" * 64, "Mia", kept, started=100.0))
        assert storage.record_find("p1", "TORF", 112.5, words_in_all=2)
        assert not storage.record_find("p1", "TORF", 113.0, words_in_all=2)  # once per word
        storage.record_wrong("p1", 114.0)
        storage.record_hint("p1", 115.0)
        assert storage.record_find("p1", "VOR", 120.0, words_in_all=2)
        [(pupil, finds)] = storage.pupils_of(code)
        assert pupil.finished == 20.0 and pupil.hints == 1
        assert [(f.word, f.at, f.hints, f.wrong) for f in finds] == [
            ("TORF", 12.5, 0, 0),
            ("VOR", 20.0, 1, 1),
        ]
        assert storage.delete_assignment(code)
        assert storage.pupils_of(code) == [] and storage.get(kept) is None
        assert not storage.delete_assignment(code)


def test_a_taken_class_code_is_drawn_again(db: str) -> None:
    with open_storage(db) as storage:
        puzzle = add_one(storage)
        codes = iter(["AB-CDEF", "AB-CDEF", "GH-JKLM"])
        made = [
            storage.add_assignment(
                Assigning(
                    "0" * 64,
                    "2026-01-01T00:00:00+00:00",
                    "2026-01-15T00:00:00+00:00",
                    "",
                    (puzzle,),
                ),
                new_code=lambda: next(codes),
            )
            for _ in range(2)
        ]
        assert made == ["AB-CDEF", "GH-JKLM"]
