"""The classroom API: assignments, pupils, finds, results; tokens, deletion, expiry and limits.

Every test runs twice, on an SQLite file and on a PostgreSQL database (the ``db`` fixture)."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wortsuche.puzzle_json import loads
from wortsuche.web.classroom import assignments as classroom
from wortsuche.web.storage import Storage

from .conftest import WORDS


def new_puzzle(client: TestClient) -> dict[str, Any]:
    response = client.post(
        "/api/puzzles", json={"words": WORDS, "rows": 5, "cols": 5, "level": "hard", "seed": 1}
    )
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def new_assignment(client: TestClient, **body: Any) -> dict[str, Any]:
    if not body:
        body = {"puzzle": new_puzzle(client)["id"], "title": "Moor"}
    response = client.post("/api/assignments", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def join(client: TestClient, code: str, name: str = "Mia") -> str:
    response = client.post(f"/api/assignments/{code}/pupils", json={"pseudonym": name})
    assert response.status_code == 201, response.text
    token: str = response.json()["pupil_token"]
    return token


def storage_of(client: TestClient) -> Storage:
    storage: Storage = client.app.state.storage  # type: ignore[attr-defined]
    return storage


def places(client: TestClient, puzzle_id: str) -> dict[str, tuple[list[int], list[int]]]:
    """Where each word of a stored puzzle stands (read from the database, not the API)."""
    stored = storage_of(client).get(puzzle_id)
    assert stored is not None
    puzzle = loads(stored.puzzle)
    return {
        word.entry: (
            list(puzzle.placements[word.letters].start),
            list(puzzle.placements[word.letters].end),
        )
        for word in puzzle.words
    }


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def select(client: TestClient, code: str, token: str, start: list[int], end: list[int]) -> Any:
    return client.post(
        f"/api/assignments/{code}/found", json={"start": start, "end": end}, headers=bearer(token)
    )


def test_a_lesson_through_the_api_records_each_pupils_finds(client: TestClient) -> None:
    made = new_assignment(client)
    code, teacher = made["code"], made["teacher_token"]
    assert classroom.CODE_PATTERN.fullmatch(code)
    assert made["class_url"].endswith(f"/c/{code}")
    assert made["teacher_url"].endswith(f"/t/{code}#{teacher}")
    assert len(teacher) >= 22  # at least 128 bits, URL-safe
    mia, ben = join(client, code, "Mia"), join(client, code.lower().replace("-", ""), "Ben")
    words = places(client, made["puzzles"][0])
    for word, (start, end) in words.items():
        answer = select(client, code, mia, start, end)
        assert answer.status_code == 200 and answer.json()["word"] == word
    wrong = select(client, code, ben, [0, 0], [0, 1])
    assert wrong.json()["word"] in (None, *words)
    first_word, (start, end) = next(iter(words.items()))
    assert (
        client.post(
            f"/api/assignments/{code}/hint", json={"index": 0}, headers=bearer(ben)
        ).status_code
        == 200
    )
    assert select(client, code, ben, end, start).json()["word"] == first_word  # backwards too

    results = client.get(f"/api/assignments/{code}/results", headers=bearer(teacher))
    assert results.status_code == 200
    rows = {row["pseudonym"]: row for row in results.json()["pupils"]}
    assert rows["Mia"]["found"] == len(words) and rows["Mia"]["finished"]
    assert rows["Mia"]["words"] == list(words)
    assert rows["Ben"]["found"] == 1 and not rows["Ben"]["finished"] and rows["Ben"]["hints"] == 1
    word_rows = {row["word"]: row for row in results.json()["words"]}
    assert word_rows[first_word]["found_by"] == 2 and word_rows[first_word]["hints"] == 1
    # the pupil sees their own progress only
    mine = client.get(f"/api/assignments/{code}/me", headers=bearer(ben)).json()
    assert mine == {
        "pseudonym": "Ben",
        "puzzle": made["puzzles"][0],
        "words": [first_word],
        "finished": False,
        "answers_shown": False,
    }


def test_results_as_csv_have_one_row_per_pupil_and_defuse_formulas(client: TestClient) -> None:
    made = new_assignment(client)
    join(client, made["code"], "Mia")
    join(client, made["code"], "-Ben")
    answer = client.get(
        f"/api/assignments/{made['code']}/results?format=csv", headers=bearer(made["teacher_token"])
    )
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(answer.text)))
    assert [row["Name"] for row in rows] == ["Mia", "'-Ben"]
    assert rows[0]["Found"] == "0" and rows[0]["Finished"] == "no"


@pytest.mark.parametrize("path", ["results", "results?format=csv"])
def test_results_need_this_assignments_teacher_token(client: TestClient, path: str) -> None:
    made, other = new_assignment(client), new_assignment(client)
    pupil = join(client, made["code"])
    url = f"/api/assignments/{made['code']}/{path}"
    for headers, status in (
        ({}, 401),
        ({"Authorization": "Basic abc"}, 401),
        (bearer("x" * 32), 403),
        (bearer(other["teacher_token"]), 403),
        (bearer(pupil), 403),
        (bearer(made["teacher_token"] + "x"), 403),
    ):
        answer = client.get(url, headers=headers)
        assert answer.status_code == status
        assert "Mia" not in answer.text and "pupils" not in answer.json()


def test_a_pupil_token_opens_only_its_own_class(client: TestClient) -> None:
    made, other = new_assignment(client), new_assignment(client)
    stranger = join(client, other["code"], "Tom")
    start, end = next(iter(places(client, made["puzzles"][0]).values()))
    assert select(client, made["code"], stranger, start, end).status_code == 403
    assert (
        client.post(
            f"/api/assignments/{made['code']}/found", json={"start": start, "end": end}
        ).status_code
        == 401
    )
    assert select(client, made["code"], "nobody.secret", start, end).status_code == 403
    assert select(client, made["code"], made["teacher_token"], start, end).status_code == 403
    assert (
        client.get(f"/api/assignments/{made['code']}/me", headers=bearer(stranger)).status_code
        == 403
    )


def test_the_class_sees_no_answers_until_the_teacher_shows_them(client: TestClient) -> None:
    made = new_assignment(client)
    code, copy = made["code"], made["puzzles"][0]
    pupil = join(client, code)
    view = client.get(f"/api/assignments/{code}").json()
    assert [p["id"] for p in view["puzzles"]] == [copy] and "pupils" not in view
    locked = [
        client.post(f"/api/puzzles/{copy}/reveal"),
        client.post(f"/api/puzzles/{copy}/hint", json={"index": 0}),
        client.get(f"/api/puzzles/{copy}/sheet.pdf?answers=true"),
        client.post(f"/api/assignments/{code}/answers", headers=bearer(pupil)),
    ]
    assert [answer.status_code for answer in locked] == [403] * 4
    shown = client.post(
        f"/api/assignments/{code}/show-answers", headers=bearer(made["teacher_token"])
    )
    assert shown.status_code == 204
    answers = client.post(f"/api/assignments/{code}/answers", headers=bearer(pupil))
    assert answers.status_code == 200 and len(answers.json()["answers"]) == len(WORDS)
    assert client.post(f"/api/puzzles/{copy}/reveal").status_code == 200


def test_the_teachers_own_puzzle_stays_open_and_unchanged(client: TestClient) -> None:
    puzzle = new_puzzle(client)
    made = new_assignment(client, puzzle=puzzle["id"])
    assert made["puzzles"] != [puzzle["id"]]
    assert client.post(f"/api/puzzles/{puzzle['id']}/reveal").status_code == 200


@pytest.mark.parametrize("name", ["", "   ", "<script>", "a" * 25, "Mia; DROP TABLE", "Mia\u202e"])
def test_a_pseudonym_is_a_short_name_of_letters(client: TestClient, name: str) -> None:
    made = new_assignment(client)
    answer = client.post(f"/api/assignments/{made['code']}/pupils", json={"pseudonym": name})
    assert answer.status_code == 422 and answer.json()["field"] == "pseudonym"


def test_deleting_an_assignment_deletes_its_records(client: TestClient) -> None:
    made = new_assignment(client)
    code, teacher = made["code"], made["teacher_token"]
    pupil = join(client, code)
    start, end = next(iter(places(client, made["puzzles"][0]).values()))
    select(client, code, pupil, start, end)
    assert client.delete(f"/api/assignments/{code}").status_code == 401
    assert client.delete(f"/api/assignments/{code}", headers=bearer("wrong")).status_code == 403
    assert client.delete(f"/api/assignments/{code}", headers=bearer(teacher)).status_code == 204
    storage = storage_of(client)
    assert storage.get_assignment(code) is None and storage.get(made["puzzles"][0]) is None
    assert list(storage.all_pupils()) == []
    assert_no_rows(storage)
    assert (
        client.get(f"/api/assignments/{code}/results", headers=bearer(teacher)).status_code == 404
    )
    assert select(client, code, pupil, start, end).status_code == 404


def assert_no_rows(storage: Storage) -> None:
    with storage._reading() as cursor:
        for table in ("assignments", "assignment_puzzles", "pupils", "finds"):
            assert cursor.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table


def test_an_ended_assignment_is_deleted_with_its_records(client: TestClient) -> None:
    made = new_assignment(client)
    code, teacher = made["code"], made["teacher_token"]
    join(client, code)
    storage = storage_of(client)
    assignment = storage.get_assignment(code)
    assert assignment is not None
    default_end = datetime.fromisoformat(assignment.ends) - datetime.now(UTC)
    assert timedelta(days=13, hours=23) < default_end <= timedelta(days=14)
    with storage._transaction() as cursor:
        cursor.execute(
            storage._sql("UPDATE assignments SET ends = ?"), ("2020-01-01T00:00:00+00:00",)
        )
    assert (
        client.get(f"/api/assignments/{code}/results", headers=bearer(teacher)).status_code == 404
    )
    assert_no_rows(storage)


def test_the_sweep_deletes_every_ended_assignment(client: TestClient) -> None:
    first, second = new_assignment(client), new_assignment(client)
    join(client, first["code"])
    storage = storage_of(client)
    later = datetime.now(UTC) + timedelta(days=15)
    assert classroom.sweep(storage, later) == 2
    assert_no_rows(storage)
    assert storage.get_assignment(second["code"]) is None


def test_an_end_in_the_past_or_too_far_ahead_is_refused(client: TestClient) -> None:
    puzzle = new_puzzle(client)["id"]
    now = datetime.now(UTC)
    for ends in (now - timedelta(minutes=1), now + timedelta(days=91)):
        answer = client.post("/api/assignments", json={"puzzle": puzzle, "ends": ends.isoformat()})
        assert answer.status_code == 422 and answer.json()["field"] == "ends"
    soon = new_assignment(client, puzzle=puzzle, ends=(now + timedelta(hours=2)).isoformat())
    assert soon["ends"].startswith((now + timedelta(hours=2)).isoformat()[:16])


def test_an_assignment_of_new_puzzles_one_per_level_lets_pupils_choose(client: TestClient) -> None:
    made = new_assignment(
        client, words=WORDS, rows=6, cols=6, levels=["easy", "hard"], title="Moor"
    )
    view = client.get(f"/api/assignments/{made['code']}").json()
    assert [p["level"] for p in view["puzzles"]] == ["easy", "hard"]
    chosen = client.post(
        f"/api/assignments/{made['code']}/pupils",
        json={"pseudonym": "Ada", "puzzle": made["puzzles"][1]},
    )
    assert chosen.status_code == 201 and chosen.json()["puzzle"] == made["puzzles"][1]
    foreign = client.post(
        f"/api/assignments/{made['code']}/pupils", json={"pseudonym": "Ada", "puzzle": "abc"}
    )
    assert foreign.status_code == 422


def test_an_unknown_code_or_puzzle_is_a_404(client: TestClient) -> None:
    assert client.get("/api/assignments/ZZ-ZZZZ").status_code == 404
    assert client.get("/api/assignments/../../etc").status_code == 404
    assert client.post("/api/assignments", json={"puzzle": "nothere"}).status_code == 404


def test_thirty_pupils_behind_one_address_play_without_429_and_a_flood_is_refused(
    client: TestClient,
) -> None:
    made = new_assignment(client)
    code = made["code"]
    tokens = [join(client, code, f"Kind {n}") for n in range(30)]
    for _ in range(15):  # each pupil's first quarter minute of quick selecting, all at once
        for token in tokens:
            assert select(client, code, token, [0, 0], [0, 1]).status_code == 200
    flood = [select(client, code, tokens[0], [0, 0], [0, 1]).status_code for _ in range(60)]
    assert 429 in flood
    assert select(client, code, tokens[1], [0, 0], [0, 1]).status_code == 200  # others play on


def test_results_as_pdf_need_the_teacher_token_and_list_each_pupil(client: TestClient) -> None:
    from pypdf import PdfReader

    made = new_assignment(client)
    join(client, made["code"], "Jörg")
    url = f"/api/assignments/{made['code']}/results.pdf?lang=de"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer("nope")).status_code == 403
    answer = client.get(url, headers=bearer(made["teacher_token"]))
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    text = PdfReader(io.BytesIO(answer.content)).pages[0].extract_text()
    assert "Jörg" in text and "0/4" in text and "Gefunden" in text and "Moor" in text


def test_the_openapi_description_documents_the_classroom(client: TestClient) -> None:
    description = client.get("/openapi.json").json()
    paths = description["paths"]
    assert {path for path in paths if path.startswith("/api/assignments")} == {
        "/api/assignments",
        "/api/assignments/{code}",
        "/api/assignments/{code}/pupils",
        "/api/assignments/{code}/pupils/{pupil_id}",
        "/api/assignments/{code}/me",
        "/api/assignments/{code}/found",
        "/api/assignments/{code}/hint",
        "/api/assignments/{code}/answers",
        "/api/assignments/{code}/results",
        "/api/assignments/{code}/results.pdf",
        "/api/assignments/{code}/show-answers",
        "/api/assignments/{code}/qr.svg",
        "/api/assignments/{code}/teacher-card.pdf",
        "/api/assignments/{code}/cards.pdf",
        "/api/assignments/{code}/me/finds",
    }
    results = paths["/api/assignments/{code}/results"]["get"]
    assert {"401", "403"} <= set(results["responses"])
    assert "text/csv" in results["responses"]["200"]["content"]
    assert paths["/api/assignments"]["post"]["description"]


def test_the_qr_code_is_an_svg_of_the_class_link(client: TestClient) -> None:
    made = new_assignment(client)
    answer = client.get(f"/api/assignments/{made['code']}/qr.svg?name=Mia")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/svg+xml"
    assert answer.text.startswith("<svg") and "<script" not in answer.text
    assert client.get(f"/api/assignments/{made['code']}/qr.svg?name=%3Cb%3E").status_code == 422
