"""Play records: the play page's finds kept with ``--record-play``, the classroom's pupils, and
``wortsuche records export`` writing both as JSON Lines or CSV (the calibration's input)."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from fastapi.testclient import TestClient

from cli import run
from wortsuche.cli.calibrate import records_from_lines
from wortsuche.json_input import schema
from wortsuche.web.app import create_app
from wortsuche.web.classroom.export import spreadsheet_text
from wortsuche.web.records import STARTED
from wortsuche.web.storage import open_storage

from .conftest import WORDS

GAME_ID = "0123456789abcdef0123456789abcdef"


def issued(db: str, puzzle: str, seconds_ago: float = 60, record_id: str = GAME_ID) -> str:
    """A record id as the server issues it, ``seconds_ago`` (a game that has been running)."""
    started = datetime.now(UTC) - timedelta(seconds=seconds_ago)
    with open_storage(db) as storage:
        storage.add_play_record(
            record_id=record_id,
            created=started.isoformat(timespec="seconds"),
            puzzle=puzzle,
            record=json.dumps(STARTED),
        )
    return record_id


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
    issued(db, puzzle)
    issued(db, puzzle)  # the server issued the record's id when the game began
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
def test_a_record_holds_nothing_but_the_game(
    recording: TestClient, db: str, change: dict[str, Any]
) -> None:
    puzzle = new_puzzle(recording)
    issued(db, puzzle)
    assert recording.post("/api/records", json={**game(puzzle), **change}).status_code == 422


def test_records_export_writes_games_and_pupils_as_json_lines_and_csv(
    recording: TestClient, db: str, tmp_path: Path
) -> None:
    puzzle = new_puzzle(recording)
    issued(db, puzzle)
    issued(db, puzzle)  # the server issued the record's id when the game began
    assert recording.post("/api/records", json=game(puzzle)).status_code == 204
    made = recording.post("/api/assignments", json={"puzzle": puzzle}).json()
    joined = recording.post(f"/api/assignments/{made['code']}/pupils", json={"pseudonym": "Mia"})
    assert joined.status_code == 201

    lines = run("records", "export", "--db", db)
    assert lines.returncode == 0, lines.stderr
    records = [json.loads(line) for line in lines.stdout.splitlines()]
    assert [r["source"] for r in records] == ["game", "classroom"]
    for record in records:  # as the published schema says, and as calibrate reads them
        jsonschema.validate(record, schema("records"))
    assert len(records_from_lines(lines.stdout)) == 2
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
            "puzzle": spreadsheet_text(puzzle),  # an id may begin with "-": never a formula
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


def test_a_game_asks_the_server_for_its_records_id_and_another_id_is_refused(
    recording: TestClient, db: str
) -> None:
    puzzle, other = new_puzzle(recording), new_puzzle(recording)
    made_up = recording.post("/api/records", json=game(puzzle), headers={"Accept-Language": "de"})
    assert made_up.status_code == 403 and "nicht für dieses Rätsel" in made_up.json()["error"]
    answer = recording.post("/api/records/sessions", json={"puzzle": puzzle})
    assert answer.status_code == 201
    record_id = answer.json()["id"]
    # another puzzle's id is refused too
    assert recording.post("/api/records", json=game(other, id=record_id)).status_code == 403
    assert recording.post("/api/records/sessions", json={"puzzle": "nope"}).status_code == 404
    with open_storage(db) as storage:
        assert [(p, json.loads(r)) for p, r in storage.play_records()] == [(puzzle, STARTED)]


@pytest.mark.parametrize(
    ("finds", "said"),
    [
        ([{"word": "MOOR", "at": 4.0}], "only words of its puzzle"),
        ([{"word": "=HYPERLINK(1)", "at": 4.0}], "only words of its puzzle"),
        ([{"word": "TORF", "at": 4.0}, {"word": "TORF", "at": 9.0}], "each find once"),
        ([{"word": "TORF", "at": 9.0}, {"word": "RAD", "at": 4.0}], "order of their times"),
        ([{"word": "TORF", "at": 200.0}], "claims 200 seconds of play"),
    ],
)
def test_a_record_that_cannot_be_the_game_is_refused_and_changes_nothing(
    recording: TestClient, db: str, finds: list[dict[str, Any]], said: str
) -> None:
    puzzle = new_puzzle(recording)
    issued(db, puzzle, seconds_ago=30)
    answer = recording.post("/api/records", json=game(puzzle, finds=finds))
    assert answer.status_code == 422 and said in answer.json()["error"]
    with open_storage(db) as storage:
        assert [(p, json.loads(r)) for p, r in storage.play_records()] == [(puzzle, STARTED)]


def test_a_huge_record_is_refused(recording: TestClient, db: str) -> None:
    puzzle = new_puzzle(recording)
    issued(db, puzzle)
    finds = [{"word": "TORF", "at": 1.0, "hints": 0, "wrong": 0}] * 5000
    answer = recording.post(
        "/api/records", json=game(puzzle, finds=finds), headers={"Accept-Language": "de"}
    )
    assert answer.status_code == 413
    assert answer.json()["error"] == "Die Anfrage ist zu groß (höchstens 64 KB)."
    malformed = recording.post(
        "/api/records",
        content=b'{"id": "' + b"x" * 30,
        headers={"Content-Type": "application/json"},
    )
    assert malformed.status_code == 422
    with open_storage(db) as storage:
        assert [(p, json.loads(r)) for p, r in storage.play_records()] == [(puzzle, STARTED)]


def test_records_ids_are_limited_per_address_and_puzzle(db: str) -> None:
    from wortsuche.web.limits import Limits, Rate

    rates = {"record-session": Rate(per_second=0.01, burst=3), "record": Rate(5.0, 60)}
    with TestClient(create_app(db, record_play=True, limits=Limits(rates=rates))) as client:
        puzzle, other = new_puzzle(client), new_puzzle(client)
        codes = [
            client.post("/api/records/sessions", json={"puzzle": puzzle}).status_code
            for _ in range(5)
        ]
        assert codes == [201, 201, 201, 429, 429]
        assert client.post("/api/records/sessions", json={"puzzle": other}).status_code == 201


def test_records_export_leaves_out_games_faster_than_a_person_and_escapes_formulas(
    recording: TestClient, db: str, tmp_path: Path
) -> None:
    puzzle = new_puzzle(recording)
    played = [{"word": w, "at": 6.0 * (i + 1), "hints": 0, "wrong": 0} for i, w in enumerate(WORDS)]
    scripted = [
        {"word": w, "at": 0.1 * (i + 1), "hints": 0, "wrong": 0} for i, w in enumerate(WORDS)
    ]
    issued(db, puzzle, record_id="a" * 24)
    issued(db, puzzle, record_id="b" * 24)
    issued(db, puzzle, record_id="c" * 24)  # issued, never played
    assert (
        recording.post("/api/records", json=game(puzzle, id="a" * 24, finds=played)).status_code
        == 204
    )
    assert (
        recording.post("/api/records", json=game(puzzle, id="b" * 24, finds=scripted)).status_code
        == 204
    )
    with open_storage(db) as storage:  # a record kept before records were checked
        storage.add_play_record(
            record_id="d" * 24,
            created="2026-01-01T00:00:00+00:00",
            puzzle=puzzle,
            record=json.dumps(
                {
                    **STARTED,
                    "finds": [{"word": '=HYPERLINK("x")', "at": 9.0, "hints": 0, "wrong": 0}],
                }
            ),
        )
    lines = run("records", "export", "--db", db)
    assert lines.returncode == 0, lines.stderr
    records = [json.loads(line) for line in lines.stdout.splitlines()]
    assert [[f["at"] for f in r["finds"]] for r in records] == [[9.0], [6.0, 12.0, 18.0, 24.0]]
    out = tmp_path / "records.csv"
    assert run("records", "export", "--db", db, "-o", out).returncode == 0
    words = [row["word"] for row in csv.DictReader(io.StringIO(out.read_text("utf-8")))]
    assert words == ['\'=HYPERLINK("x")', *WORDS]


def test_records_export_of_a_file_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    # benchmarks/fuzz.py: random bytes as --db ended in sqlite3.DatabaseError
    path = tmp_path / "records.sqlite"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 8)
    result = run("records", "export", "--db", path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("wortsuche: error: ") and result.stderr.count("\n") == 1
    assert "not a usable wortsuche database" in result.stderr and "Traceback" not in result.stderr


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
    issued(db, puzzle)  # the server issued the record's id when the game began
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
    issued(db, puzzle)  # the server issued the record's id when the game began
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
