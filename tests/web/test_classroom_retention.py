"""Retention: the server deletes ended classes on its own schedule, and nothing deleted stays
readable in the database's files (SQLite's file and its ``-wal`` journal are read as raw bytes).

The scheduled sweep runs on both databases (the ``db`` fixture)."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from wortsuche.web.app import create_app
from wortsuche.web.limits import Limits

from .test_classroom_api import bearer, join, new_assignment, places, select, storage_of

NAME = "Zacharias Q"
"""A pseudonym no other text of a test database holds."""


def end_now(client: TestClient) -> None:
    """Let every assignment's end lie in the past (as if its last day had passed)."""
    storage = storage_of(client)
    with storage._transaction() as cursor:
        cursor.execute(
            storage._sql("UPDATE assignments SET ends = ?"), ("2020-01-01T00:00:00+00:00",)
        )


def played(client: TestClient) -> dict[str, str]:
    """An assignment where the pupil NAME has found a word."""
    made = new_assignment(client)
    pupil = join(client, made["code"], NAME)
    start, end = next(iter(places(client, made["puzzles"][0]).values()))
    assert select(client, made["code"], pupil, start, end).json()["found"]
    return made


def raw_bytes(db: Path) -> bytes:
    """The database file and its journal, as bytes on the disk."""
    return b"".join(path.read_bytes() for path in (db, Path(f"{db}-wal")) if path.exists())


def test_the_server_deletes_ended_classes_on_its_schedule(db: str) -> None:
    with TestClient(create_app(db, limits=Limits(sweep_seconds=0.2))) as client:
        made = played(client)
        storage = storage_of(client)
        end_now(client)
        deadline = time.monotonic() + 10
        while storage.get_assignment(made["code"]) is not None and time.monotonic() < deadline:
            time.sleep(0.1)  # nobody opens the class: the schedule alone deletes it
        assert storage.get_assignment(made["code"]) is None
        assert storage.get(made["puzzles"][0]) is None
        assert list(storage.all_pupils()) == []


def test_a_class_that_runs_is_kept_by_the_schedule(db: str) -> None:
    with TestClient(create_app(db, limits=Limits(sweep_seconds=0.1))) as client:
        made = played(client)
        time.sleep(0.5)
        answer = client.get(
            f"/api/assignments/{made['code']}/results", headers=bearer(made["teacher_token"])
        )
        assert [row["pseudonym"] for row in answer.json()["pupils"]] == [NAME]


def test_a_swept_pseudonym_is_in_neither_the_file_nor_its_journal(tmp_path: Path) -> None:
    db = tmp_path / "puzzles.sqlite"
    with TestClient(create_app(db, limits=Limits(sweep_seconds=0.2))) as client:
        made = played(client)
        assert NAME.encode() in raw_bytes(db)  # the test can see it while it is there
        end_now(client)
        deadline = time.monotonic() + 10
        while storage_of(client).get_assignment(made["code"]) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.3)  # the sweep's checkpoint follows its deletes
        assert NAME.encode() not in raw_bytes(db)
        assert Path(f"{db}-wal").stat().st_size == 0


def test_a_deleted_pseudonym_is_in_neither_the_file_nor_its_journal(tmp_path: Path) -> None:
    db = tmp_path / "puzzles.sqlite"
    with TestClient(create_app(db)) as client:
        made = played(client)
        assert NAME.encode() in raw_bytes(db)
        deleted = client.delete(
            f"/api/assignments/{made['code']}", headers=bearer(made["teacher_token"])
        )
        assert deleted.status_code == 204
        assert NAME.encode() not in raw_bytes(db)


def test_purge_after_any_delete_leaves_nothing_of_the_row(tmp_path: Path) -> None:
    """What removing one pupil relies on: delete the row, purge, and its bytes are gone."""
    db = tmp_path / "puzzles.sqlite"
    with TestClient(create_app(db)) as client:
        made = played(client)
        join(client, made["code"], "Mia")  # the page of pupils stays, with a row on it
        storage = storage_of(client)
        with storage._transaction() as cursor:
            cursor.execute(storage._sql("DELETE FROM pupils WHERE pseudonym = ?"), (NAME,))
        assert NAME.encode() in raw_bytes(db)  # the journal still holds the old page
        storage.purge()
        assert NAME.encode() not in raw_bytes(db)
