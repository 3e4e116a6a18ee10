"""Class results a teacher can trust: no answer leaves the server in a class, every find is timed
by the server and one faster than a person is marked, one client cannot fill a class or guess
codes, a second "Anna" chooses another name, and a teacher can remove a pupil.

Every test runs on SQLite and on PostgreSQL (the ``db`` fixture)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from stack import RedisServer
from wortsuche.puzzle_json import loads
from wortsuche.render.html import game_data
from wortsuche.render.modules import load_order
from wortsuche.web.app import create_app
from wortsuche.web.classroom import routes as classroom_api
from wortsuche.web.limits import Limits, Rate
from wortsuche.web.plausibility import SEARCH_SECONDS, least_seconds

from .test_classroom_api import bearer, join, new_assignment, places, select, storage_of
from .test_rates import redis  # noqa: F401

ANSWER_KEYS = ("cells", "start", "end", "first", "second", "hashes", "salt", "placements")
"""Keys of JSON that would tell where a word stands."""


class Clock:
    """The server's clock, moved on by the test: a pupil's pace without waiting for it."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def time(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    from wortsuche.web.classroom import assignments as classroom

    fake = Clock()
    for module in (classroom, classroom_api):
        monkeypatch.setattr(module, "time", fake)
    return fake


def two_addresses(db: str, **rates: Rate) -> tuple[TestClient, TestClient]:
    """Clients of one server (one count of the limits) from two addresses: a flood, a school."""
    app = create_app(db, limits=Limits(rates=rates)) if rates else create_app(db)
    return TestClient(app, client=("203.0.113.7", 4000)), TestClient(
        app, client=("198.51.100.2", 4000)
    )


# ---- no answer in the pupil's browser --------------------------------------------------------


def secrets_of(client: TestClient, puzzle_id: str) -> tuple[int, list[str]]:
    """A puzzle's seed and every salted hash of its offline file (read from the database)."""
    stored = storage_of(client).get(puzzle_id)
    assert stored is not None
    puzzle = loads(stored.puzzle)
    data = game_data(puzzle)
    hashes = [h for word in data["words"] for h in word["hashes"]] + [data["salt"]]
    return puzzle.seed, hashes


def answer_keys(value: Any) -> list[str]:
    """Every key of ``value`` (JSON, nested) that would say where a word stands."""
    if isinstance(value, dict):
        found = [key for key in value if key in ANSWER_KEYS]
        return found + [k for v in value.values() for k in answer_keys(v)]
    if isinstance(value, list):
        return [k for v in value for k in answer_keys(v)]
    return []


def test_a_pupil_reads_every_response_of_the_class_and_finds_no_answer(
    client: TestClient,
) -> None:
    made = new_assignment(client)
    code, copy = made["code"], made["puzzles"][0]
    token = join(client, code, "Mia")
    seed, hashes = secrets_of(client, copy)
    page = client.get(f"/c/{code}")
    entries = re.findall(r'<script type="module" src="/static/([^"?]+)', page.text)
    assert entries == ["classroom.js"]
    scripts = [f"/static/{name}" for name in load_order("classroom.js")]  # what it imports too
    assert "/static/game.js" in scripts and "/static/hashes.js" not in scripts
    read = {f"/c/{code}": page}
    for path in scripts:
        read[path] = client.get(path)
    for path in (
        f"/api/assignments/{code}",
        f"/api/puzzles/{copy}",
        f"/api/assignments/{code}/me",
        f"/p/{copy}/hashes.json",
        f"/p/{copy}",
    ):
        read[path] = client.get(path, headers=bearer(token))
    for path in (f"/api/puzzles/{copy}/check", f"/api/puzzles/{copy}/hint"):
        body = {"start": [0, 0], "end": [0, 3]} if path.endswith("check") else {"index": 0}
        read[path] = client.post(path, json=body)
    for path in (f"/api/puzzles/{copy}/reveal", f"/api/assignments/{code}/answers"):
        read[path] = client.post(path, headers=bearer(token))
    assert read[f"/api/puzzles/{copy}"].json()["seed"] is None
    for path in (f"/p/{copy}/hashes.json", f"/api/puzzles/{copy}/check"):
        assert read[path].status_code == 403, path
        assert "class page" in read[path].json()["error"]
    leaks = {}
    for path, answer in read.items():
        body = answer.text
        said = [h for h in hashes if h in body]
        if answer.headers["content-type"].startswith("application/json"):
            said += answer_keys(answer.json())
            said += [f"seed {seed}"] if re.search(rf'"seed":\s*{seed}\b', body) else []
        if said:
            leaks[path] = said
    assert leaks == {}
    assert {path: answer.status_code for path, answer in read.items() if answer.status_code >= 400}
    assert read[f"/api/puzzles/{copy}/reveal"].status_code == 403


def test_the_check_of_a_class_copy_opens_once_the_teacher_shows_the_answers(
    client: TestClient,
) -> None:
    made = new_assignment(client)
    copy = made["puzzles"][0]
    assert client.get(f"/p/{copy}/hashes.json", headers={"Accept-Language": "de"}).json() == {
        "error": "Dieses Rätsel gehört zu einer Klasse: Spiel es auf der Klassenseite, dort prüft "
        "der Server jeden Fund.",
        "field": None,
        "code": "api.class-checks",
    }
    shown = client.post(
        f"/api/assignments/{made['code']}/show-answers", headers=bearer(made["teacher_token"])
    )
    assert shown.status_code == 204
    assert client.get(f"/p/{copy}/hashes.json").status_code == 200
    assert client.post(
        f"/api/puzzles/{copy}/check", json={"start": [0, 0], "end": [0, 1]}
    ).is_success


def test_a_public_puzzle_keeps_its_seed_and_hashes(client: TestClient) -> None:
    made = client.post("/api/puzzles", json={"words": ["TORF", "VOR"], "rows": 5, "cols": 5})
    puzzle = made.json()
    assert isinstance(puzzle["seed"], int)
    assert client.get(f"/p/{puzzle['id']}/hashes.json").status_code == 200


# ---- results the server saw played -----------------------------------------------------------


def results(client: TestClient, made: dict[str, Any]) -> dict[str, dict[str, Any]]:
    answer = client.get(
        f"/api/assignments/{made['code']}/results", headers=bearer(made["teacher_token"])
    )
    assert answer.status_code == 200
    return {row["pseudonym"]: row for row in answer.json()["pupils"]}


def test_a_script_that_posts_every_word_at_once_is_marked_and_a_person_is_not(
    client: TestClient, clock: Clock
) -> None:
    made = new_assignment(client)
    code = made["code"]
    words = places(client, made["puzzles"][0])
    bot, mia = join(client, code, "Bot"), join(client, code, "Mia")
    clock.wait(0.4)
    for start, end in words.values():  # the answers from a solver, posted as fast as it can
        assert select(client, code, bot, start, end).json()["found"]
    for number, (word, (start, end)) in enumerate(words.items()):
        # a person: looks for a while, selects, sometimes misses first
        clock.wait(6.0 + number)
        if number == 1:
            assert not select(client, code, mia, [0, 0], [0, 0]).json()["found"]
            clock.wait(1.2)
        assert select(client, code, mia, start, end).json()["word"] == word
    rows = results(client, made)
    assert rows["Bot"]["found"] == rows["Mia"]["found"] == len(words)
    assert sorted(rows["Bot"]["implausible"]) == sorted(words)
    assert rows["Mia"]["implausible"] == []
    exported = client.get(
        f"/api/assignments/{code}/results?format=csv", headers=bearer(made["teacher_token"])
    )
    from wortsuche.web.classroom.export import PUPIL_COLUMNS

    table = csv.DictReader(io.StringIO(exported.text), fieldnames=PUPIL_COLUMNS)
    heading = next(table)
    assert heading["implausible"] == "Found too fast (implausible)"
    by_name = {row["name"]: row for row in table}
    assert sorted(by_name["Bot"]["implausible"].split()) == sorted(words)
    assert by_name["Mia"]["implausible"] == ""
    from pypdf import PdfReader

    pdf = client.get(
        f"/api/assignments/{code}/results.pdf?lang=de", headers=bearer(made["teacher_token"])
    )
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Unplausibel" in text and "Bot: unplausibel: 4 von 4 Funden zu schnell" in text
    assert "Mia: unplausibel" not in text


def test_a_script_that_waits_out_the_floor_is_marked_for_its_run(
    client: TestClient, clock: Clock
) -> None:
    made = client.post(
        "/api/assignments",
        json={"words": ["IGEL", "EULE", "FUCHS", "HASE", "REH", "DACHS"], "rows": 8, "cols": 8},
    ).json()
    code = made["code"]
    words = places(client, made["puzzles"][0])
    bot = join(client, code, "Bot")
    for start, end in words.values():
        # past the floor of selecting, but never a moment to search: 1.85 s a word
        clock.wait(least_seconds(3) + SEARCH_SECONDS - 0.1)
        assert select(client, code, bot, start, end).json()["found"]
    assert sorted(results(client, made)["Bot"]["implausible"]) == sorted(words)


def test_a_selection_outside_the_grid_is_refused_and_counts_for_nothing(
    client: TestClient,
) -> None:
    made = new_assignment(client)
    code = made["code"]
    mia = join(client, code, "Mia")
    answer = client.post(
        f"/api/assignments/{code}/found",
        json={"start": [0, 0], "end": [9, 9]},
        headers={**bearer(mia), "Accept-Language": "en"},
    )
    assert answer.status_code == 422 and "outside the 5x5 grid" in answer.json()["error"]
    malformed = client.post(
        f"/api/assignments/{code}/found", json={"start": "A1"}, headers=bearer(mia)
    )
    assert malformed.status_code == 422
    pupils = storage_of(client).pupils_of(code)
    assert [(p.pseudonym, finds) for p, finds in pupils] == [("Mia", [])]
    assert results(client, made)["Mia"]["found"] == 0


# ---- a teacher removes a pupil ---------------------------------------------------------------


def test_a_teacher_removes_a_pupil_with_their_finds(client: TestClient) -> None:
    made, other = new_assignment(client), new_assignment(client)
    code, teacher = made["code"], made["teacher_token"]
    bot, mia = join(client, code, "Bot"), join(client, code, "Mia")
    start, end = next(iter(places(client, made["puzzles"][0]).values()))
    assert select(client, code, bot, start, end).json()["found"]
    rows = results(client, made)
    url = f"/api/assignments/{code}/pupils/{rows['Bot']['id']}"
    assert client.delete(url).status_code == 401
    assert client.delete(url, headers=bearer(other["teacher_token"])).status_code == 403
    assert client.delete(url, headers=bearer(mia)).status_code == 403  # a pupil cannot
    assert set(results(client, made)) == {"Bot", "Mia"}
    assert client.delete(url, headers=bearer(teacher)).status_code == 204
    assert set(results(client, made)) == {"Mia"}
    assert select(client, code, bot, start, end).status_code == 403  # the token is dead
    made_up = client.delete(
        f"/api/assignments/{code}/pupils/nobody",
        headers={**bearer(teacher), "Accept-Language": "de"},
    )
    assert made_up.status_code == 404
    assert made_up.json()["error"] == "In dieser Klasse gibt es kein Kind mit dieser Kennung."
    # another class's pupil is not this class's to remove
    theirs = join(client, other["code"], "Lea")
    lea = results(client, other)["Lea"]["id"]
    assert theirs.startswith(lea + ".")
    assert (
        client.delete(f"/api/assignments/{code}/pupils/{lea}", headers=bearer(teacher)).status_code
        == 404
    )
    assert set(results(client, other)) == {"Lea"} and set(results(client, made)) == {"Mia"}


# ---- limits by address and by class ----------------------------------------------------------


def test_two_hundred_joins_from_one_address_leave_room_for_the_class(db: str) -> None:
    rates = {"join-address": Rate(per_second=0.05, burst=10), "join": Rate(2.0, 300)}
    flood, school = two_addresses(db, **rates)
    with flood:
        made = flood.post("/api/assignments", json={"words": ["TORF", "VOR"], "rows": 5, "cols": 5})
        code = made.json()["code"]
        codes = [
            flood.post(
                f"/api/assignments/{code}/pupils", json={"pseudonym": f"Bot {n}"}
            ).status_code
            for n in range(200)
        ]
        assert codes.count(201) == 10 and codes.count(429) == 190
        joined = school.post(f"/api/assignments/{code}/pupils", json={"pseudonym": "Mia"})
        assert joined.status_code == 201
    with open_storage_of(db) as storage:
        assert len(storage.pupils_of(code)) == 11


def open_storage_of(db: str) -> Any:
    from wortsuche.web.storage import open_storage

    return open_storage(db)


def test_a_class_holds_the_pupils_its_teacher_allows(client: TestClient) -> None:
    made = client.post(
        "/api/assignments", json={"words": ["TORF", "VOR"], "rows": 5, "cols": 5, "max_pupils": 2}
    ).json()
    join(client, made["code"], "Mia")
    join(client, made["code"], "Ben")
    full = client.post(
        f"/api/assignments/{made['code']}/pupils",
        json={"pseudonym": "Lea"},
        headers={"Accept-Language": "de"},
    )
    assert full.status_code == 409
    assert (
        full.json()["error"]
        == "Diese Klasse ist voll, hier ist kein Platz mehr frei: Frag deine Lehrkraft."
    )
    for most in (0, 201, "40"):
        refused = client.post(
            "/api/assignments", json={"words": ["TORF"], "rows": 5, "cols": 5, "max_pupils": most}
        )
        assert refused.status_code == 422, most
        assert refused.json()["field"] == "max_pupils"


def test_a_second_anna_is_asked_to_choose_another_name(client: TestClient) -> None:
    made = new_assignment(client)
    code = made["code"]
    join(client, code, "Anna")
    for typed, lang, said in (
        (
            "Anna",
            "en",
            'someone in this class is already called Anna: choose another name, such as "Anna B."',
        ),
        (
            " anna ",
            "de",
            "In dieser Klasse heißt schon jemand anna: Wähle einen anderen Namen, etwa „anna B.“",
        ),
    ):
        again = client.post(
            f"/api/assignments/{code}/pupils",
            json={"pseudonym": typed},
            headers={"Accept-Language": lang},
        )
        assert again.status_code == 409 and again.json()["error"] == said
        assert again.json()["field"] == "pseudonym"
    join(client, code, "Anna B.")
    suggested = client.post(f"/api/assignments/{code}/pupils", json={"pseudonym": "Anna"})
    assert suggested.json()["error"].endswith('such as "Anna C."')
    assert sorted(results(client, made)) == ["Anna", "Anna B."]


def test_codes_not_found_are_limited_per_address(db: str) -> None:
    rates = {"lookup": Rate(per_second=0.01, burst=5)}
    guesser, pupil = two_addresses(db, **rates)
    with guesser:
        made = guesser.post("/api/assignments", json={"words": ["TORF"], "rows": 5, "cols": 5})
        code = made.json()["code"]
        # a class that exists is opened freely (a whole school behind one address)
        assert {guesser.get(f"/api/assignments/{code}").status_code for _ in range(30)} == {200}
        guesses = [guesser.get(f"/api/assignments/AB-CD{n:02d}").status_code for n in range(10, 15)]
        assert guesses == [404] * 5
        assert guesser.get(f"/api/assignments/{code}").status_code == 429
        page = guesser.get(f"/c/{code}", headers={"Accept-Language": "de"})
        assert page.status_code == 429 and "Zu viele Anfragen" in page.text
        assert guesser.get("/c?code=AB-CD99").status_code == 429
        assert pupil.get(f"/api/assignments/{code}").status_code == 200
        assert pupil.get(f"/c/{code}").status_code == 200


def test_a_made_up_pupil_token_changes_nothing(client: TestClient) -> None:
    made = new_assignment(client)
    code = made["code"]
    join(client, code, "Mia")
    forged = client.post(
        f"/api/assignments/{code}/found",
        json={"start": [0, 0], "end": [0, 3]},
        headers={**bearer("nobody.secret"), "Accept-Language": "de"},
    )
    assert forged.status_code == 403
    assert forged.json()["error"] == "Dieser Schlüssel öffnet diese Aufgabe nicht."
    assert json.loads(json.dumps(results(client, made)["Mia"]))["found"] == 0


@pytest.mark.slow  # a real redis-server
def test_two_servers_sharing_redis_count_one_addresss_joins_and_misses_once(
    db: str,
    redis: RedisServer,  # noqa: F811
) -> None:
    rates = {"join-address": Rate(per_second=0.01, burst=6), "lookup": Rate(0.01, burst=4)}
    settings = Limits(rates=rates, rate_storage=redis.url)
    flood = (".".join(str(part) for part in (10, *os.urandom(3))), 4000)  # fresh in Redis
    with (
        TestClient(create_app(db, limits=settings), client=flood) as first,
        TestClient(create_app(db, limits=settings), client=flood) as second,
    ):
        code = first.post(
            "/api/assignments", json={"words": ["TORF"], "rows": 5, "cols": 5}
        ).json()["code"]
        joins = [
            (first, second)[n % 2]
            .post(f"/api/assignments/{code}/pupils", json={"pseudonym": f"Bot {n}"})
            .status_code
            for n in range(200)
        ]
        assert joins.count(201) == 6 and joins.count(429) == 194
        misses = [
            (first, second)[n % 2].get(f"/api/assignments/AB-CD{n:02d}").status_code
            for n in range(20, 30)
        ]
        assert misses == [404] * 4 + [429] * 6


def test_finds_recorded_before_they_were_timed_are_kept_and_never_marked(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wortsuche.web.storage.interface as storage_module
    from wortsuche.web.classroom import assignments as classroom
    from wortsuche.web.storage import open_storage

    released = storage_module.MIGRATIONS
    monkeypatch.setattr(storage_module, "MIGRATIONS", released[:2])  # the release before
    rows = (
        (
            "INSERT INTO assignments (code, teacher_hash, created, ends, title) VALUES (?, ?, ?, ?, ?)",
            ("AB-CDEF", "0" * 64, "2026-01-01T00:00:00+00:00", "2999-01-01T00:00:00+00:00", ""),
        ),
        (
            "INSERT INTO pupils (id, assignment, token_hash, pseudonym, puzzle, started, last_seen)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            ("p1", "AB-CDEF", "0" * 64, "Mia", "x", 100.0, 100.1),
        ),
        (
            "INSERT INTO finds (pupil, word, at, hints, wrong) VALUES (?, ?, ?, ?, ?)",
            ("p1", "IGEL", 0.1, 0, 0),
        ),
    )
    with open_storage(db) as old:
        assert old.schema_version() == 2
        with old._transaction() as cursor:
            for query, values in rows:
                cursor.execute(old._sql(query), values)
    monkeypatch.setattr(storage_module, "MIGRATIONS", released)
    with open_storage(db) as new:
        assert new.schema_version() == len(released)
        assignment = new.get_assignment("AB-CDEF")
        assert assignment is not None and assignment.max_pupils == 40
        [(_, finds)] = new.pupils_of("AB-CDEF")
        assert [(f.word, f.gap, f.cells) for f in finds] == [("IGEL", None, 0)]
        assert classroom.implausible_finds(finds) == set()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "Zum Üben: Diese Seite prüft deine Funde selbst"),
        ("en", "For practice: this page checks your finds itself"),
    ],
)
def test_the_play_page_and_the_offline_file_say_they_are_for_practice(
    client: TestClient, lang: str, said: str
) -> None:
    from wortsuche.render import render

    made = client.post("/api/puzzles", json={"words": ["TORF", "VOR"], "rows": 5, "cols": 5})
    assert said in client.get(f"/p/{made.json()['id']}?lang={lang}").text
    stored = storage_of(client).get(made.json()["id"])
    assert stored is not None
    assert said in str(render(loads(stored.puzzle), "html", language=lang))


def test_with_the_default_limits_a_flood_from_one_address_leaves_places_for_the_class(
    db: str,
) -> None:
    flood, school = two_addresses(db)
    with flood:
        code = flood.post(
            "/api/assignments", json={"words": ["TORF", "VOR"], "rows": 5, "cols": 5}
        ).json()["code"]
        codes = [
            flood.post(
                f"/api/assignments/{code}/pupils", json={"pseudonym": f"Bot {n}"}
            ).status_code
            for n in range(200)
        ]
        guesses = [flood.get(f"/api/assignments/ZZ-{n:04d}").status_code for n in range(300)]
        assert codes.count(201) == 35 and codes.count(429) == 165
        assert guesses.count(404) == 20 and guesses.count(429) == 280
        for name in ("Mia", "Ben"):
            joined = school.post(f"/api/assignments/{code}/pupils", json={"pseudonym": name})
            assert joined.status_code == 201
