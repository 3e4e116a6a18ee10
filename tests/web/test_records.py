"""Play records: the play page's finds kept with ``--record-play``, the classroom's pupils, and
``wortsuche records export`` writing both as JSON Lines or CSV (the calibration's input)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cli import run
from wortsuche.web.app import create_app
from wortsuche.web.storage import open_storage

from .conftest import WORDS

GAME_ID = "0123456789abcdef0123456789abcdef"


@pytest.fixture
def recording(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, record_play=True)) as client:
        yield client


def new_puzzle(client: TestClient) -> str:
    made = client.post("/api/puzzles", json={"words": WORDS, "rows": 5, "cols": 5, "seed": 3})
    assert made.status_code == 201
    puzzle_id: str = made.json()["id"]
    return puzzle_id


def game(puzzle: str, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": GAME_ID,
        "puzzle": puzzle,
        "finds": [{"word": "TORF", "at": 4.5, "hints": 0, "wrong": 2}],
        "seconds": None,
        "finished": False,
        "screen": [390, 844],
    }
    body.update(changes)
    return body


def test_without_record_play_nothing_is_recorded(client: TestClient) -> None:
    puzzle = new_puzzle(client)
    assert client.post("/api/records", json=game(puzzle)).status_code == 404
    assert "records.js" not in client.get(f"/p/{puzzle}").text


def test_with_record_play_the_play_page_reports_and_the_latest_state_is_kept(
    recording: TestClient, db: str
) -> None:
    puzzle = new_puzzle(recording)
    assert "/static/records.js" in recording.get(f"/p/{puzzle}").text
    assert recording.post("/api/records", json=game(puzzle)).status_code == 204
    finds = [{"word": w, "at": 4.5 + i, "hints": 0, "wrong": 0} for i, w in enumerate(WORDS)]
    done = game(puzzle, finds=finds, seconds=9.0, finished=True)
    assert recording.post("/api/records", json=done).status_code == 204
    with open_storage(db) as storage:
        kept = [(puzzle_id, json.loads(record)) for puzzle_id, record in storage.play_records()]
    assert kept == [(puzzle, {k: v for k, v in done.items() if k not in ("id", "puzzle")})]


@pytest.mark.parametrize(
    "change",
    [
        {"id": "short"},
        {"puzzle": "../x"},
        {"finds": [{"word": "TORF", "at": -1}]},
        {"finds": [{"word": "TORF", "at": 1, "name": "Mia"}]},
        {"name": "Mia"},
    ],
)
def test_a_record_holds_nothing_but_the_game(recording: TestClient, change: dict[str, Any]) -> None:
    puzzle = new_puzzle(recording)
    assert recording.post("/api/records", json={**game(puzzle), **change}).status_code == 422


def test_records_export_writes_games_and_pupils_as_json_lines_and_csv(
    recording: TestClient, db: str, tmp_path: Path
) -> None:
    puzzle = new_puzzle(recording)
    recording.post("/api/records", json=game(puzzle))
    made = recording.post("/api/assignments", json={"puzzle": puzzle}).json()
    joined = recording.post(f"/api/assignments/{made['code']}/pupils", json={"pseudonym": "Mia"})
    assert joined.status_code == 201

    lines = run("records", "export", "--db", db)
    assert lines.returncode == 0, lines.stderr
    records = [json.loads(line) for line in lines.stdout.splitlines()]
    assert [r["source"] for r in records] == ["game", "classroom"]
    stored = recording.get(f"/api/puzzles/{puzzle}").json()
    for record in records:
        assert set(record) == {"puzzle", "finds", "seconds", "finished", "screen", "source"}
        assert record["puzzle"]["grid"] == stored["grid"]
        assert "Mia" not in json.dumps(record)
    assert records[0]["finds"] == [{"word": "TORF", "at": 4.5, "hints": 0, "wrong": 2}]
    assert records[0]["screen"] == [390, 844]

    out = tmp_path / "records.csv"
    assert run("records", "export", "--db", db, "-o", out).returncode == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text("utf-8"))))
    assert rows == [
        {
            "puzzle": puzzle,
            "rows": "5",
            "cols": "5",
            "level": stored["level"],
            "word": "TORF",
            "at": "4.5",
            "hints": "0",
            "wrong": "2",
            "screen": "390x844",
        }
    ]
    again = run("records", "export", "--db", db, "-o", out)
    assert again.returncode == 2 and "exists" in again.stderr


def test_records_export_of_a_missing_database_is_one_line(tmp_path: Path) -> None:
    result = run("records", "export", "--db", tmp_path / "nothing.sqlite")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_records_export_of_a_file_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    # benchmarks/fuzz.py: random bytes as --db ended in sqlite3.DatabaseError
    path = tmp_path / "records.sqlite"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
    result = run("records", "export", "--db", path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("wortsuche: error: ") and result.stderr.count("\n") == 1
    assert "not a wortsuche database" in result.stderr and "Traceback" not in result.stderr


DAMAGED_RECORDS = {
    "not JSON": "{",
    "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
    "hints not a count": '{"finds": [{"word": "TORF", "at": 1, "hints": "many"}]}',
    "a find without a word": '{"finds": [{"at": 1, "hints": 0, "wrong": 0}]}',
    "at NaN": '{"finds": [{"word": "TORF", "at": NaN, "hints": 0, "wrong": 0}]}',
    "finds a number": '{"finds": 5}',
    "a lone surrogate": '{"finds": [{"word": "T\\ud800", "at": 1, "hints": 0, "wrong": 0}]}',
}


@pytest.mark.parametrize("format", ["jsonl", "csv"])
@pytest.mark.parametrize("record", list(DAMAGED_RECORDS))
def test_records_export_of_a_damaged_play_record_names_it_in_one_line(
    recording: TestClient, db: str, record: str, format: str
) -> None:
    # benchmarks/fuzz.py: JSONDecodeError, RecursionError, KeyError (records_csv) from a record
    if db.startswith("postgresql"):
        pytest.skip("the record is damaged through sqlite3")
    puzzle = new_puzzle(recording)
    assert recording.post("/api/records", json=game(puzzle)).status_code == 204
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE play_records SET record = ?", (DAMAGED_RECORDS[record],))
    connection.close()
    result = run("records", "export", "--db", db, "--format", format)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert f"the play record of puzzle {puzzle} in the database is damaged" in result.stderr


@pytest.mark.parametrize(
    "stored", ["{", "[" * 100_000, '{"format": "wortsuche-puzzle"}', "surrogate"]
)
def test_records_export_of_a_damaged_puzzle_names_it_in_one_line(
    recording: TestClient, db: str, stored: str
) -> None:
    # benchmarks/fuzz.py: JSONDecodeError in play_records' puzzle()
    if db.startswith("postgresql"):
        pytest.skip("the puzzle is damaged through sqlite3")
    puzzle = new_puzzle(recording)
    assert recording.post("/api/records", json=game(puzzle)).status_code == 204
    with sqlite3.connect(db) as connection:
        if stored == "surrogate":  # benchmarks/fuzz.py: UnicodeEncodeError writing the export
            (kept,) = connection.execute("SELECT puzzle FROM puzzles").fetchone()
            stored = kept.rstrip()[:-1] + ', "x": "\\ud800"}'
        connection.execute("UPDATE puzzles SET puzzle = ?", (stored,))
    connection.close()
    result = run("records", "export", "--db", db)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"puzzle {puzzle} in the database is damaged" in result.stderr


def test_records_export_of_a_database_with_a_damaged_schema_is_one_line(
    recording: TestClient, db: str, tmp_path: Path
) -> None:
    # benchmarks/fuzz.py: two bytes of the table's name in sqlite_master made not UTF-8 ended in
    # a UnicodeDecodeError while the storage opened the file
    if db.startswith("postgresql"):
        pytest.skip("an SQLite file is damaged")
    new_puzzle(recording)
    data = Path(db).read_bytes()
    at = data.index(b"play_records")
    damaged = tmp_path / "damaged.sqlite"
    damaged.write_bytes(data[: at - 1] + b"\x89\xda" + data[at + 1 :])
    result = run("records", "export", "--db", damaged)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "not a wortsuche database, or is damaged" in result.stderr
