"""The SQLite file: created on first start, versioned, migrated, and consistent after a crash."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from wortsuche.web import storage as storage_module
from wortsuche.web.storage import SCHEMA_VERSION, Storage, StorageError


def add_one(storage: Storage, title: str = "Moor") -> str:
    return storage.add(title=title, request="{}", puzzle='{"format": "x"}').id


def test_a_new_file_gets_the_current_schema_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    storage = Storage(path)
    assert path.exists()
    assert storage.schema_version() == SCHEMA_VERSION
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_saved_puzzles_are_read_back_and_ids_differ(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "db.sqlite")
    ids = {add_one(storage, title=f"T{i}") for i in range(50)}
    assert len(ids) == 50
    reopened = Storage(tmp_path / "db.sqlite")
    assert reopened.count() == 50
    some = sorted(ids)[0]
    stored = reopened.get(some)
    assert stored is not None and stored.id == some and stored.title.startswith("T")
    assert reopened.get("missing") is None


def test_a_file_from_a_newer_release_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "future.sqlite"
    Storage(path)
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StorageError, match="newer wortsuche"):
        Storage(path)


def test_a_file_of_another_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE customers (name TEXT)")
    with pytest.raises(StorageError, match="another program"):
        Storage(path)


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "words.txt"
    path.write_text("Torf\nvor\nRad\nEva\n" * 200)
    with pytest.raises(StorageError, match="not a usable wortsuche database"):
        Storage(path)


def test_migrations_run_in_order_and_a_failing_step_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "db.sqlite"
    puzzle_id = add_one(Storage(path))
    released = storage_module.MIGRATIONS
    # a later release adds a column, then a step that fails half way
    broken = (
        *released,
        "ALTER TABLE puzzles ADD COLUMN plays INTEGER NOT NULL DEFAULT 0;"
        "UPDATE puzzles SET no_such_column = 1;",
    )
    monkeypatch.setattr(storage_module, "MIGRATIONS", broken)
    monkeypatch.setattr(storage_module, "SCHEMA_VERSION", len(broken))
    with pytest.raises(StorageError, match="the file is unchanged"):
        Storage(path)
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        columns = [row[1] for row in connection.execute("PRAGMA table_info(puzzles)")]
    assert "plays" not in columns  # the half-done step was rolled back
    # a correct step is applied, and the saved puzzle is still there
    fixed = (*released, "ALTER TABLE puzzles ADD COLUMN plays INTEGER")
    monkeypatch.setattr(storage_module, "MIGRATIONS", fixed)
    monkeypatch.setattr(storage_module, "SCHEMA_VERSION", len(fixed))
    migrated = Storage(path)
    assert migrated.schema_version() == len(fixed)
    assert migrated.get(puzzle_id) is not None


def test_a_process_killed_in_the_middle_of_a_write_leaves_the_file_consistent(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.sqlite"
    kept = add_one(Storage(path))
    script = textwrap.dedent(
        f"""
        import os
        from pathlib import Path
        from wortsuche.web.storage import Storage
        storage = Storage(Path({str(path)!r}))
        with storage._transaction() as connection:
            connection.execute(
                "INSERT INTO puzzles VALUES ('half', 'now', '', '{{}}', '{{}}')"
            )
            os._exit(9)  # the process dies before COMMIT
        """
    )
    finished = subprocess.run([sys.executable, "-c", script], check=False, timeout=60)
    assert finished.returncode == 9
    storage = Storage(path)
    assert storage.get("half") is None
    assert storage.get(kept) is not None
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
