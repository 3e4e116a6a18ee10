"""Class results a teacher can trust, in Debian's Chromium: a pupil's browser receives no answer
(every response the class pages load is read), a script's finds are marked on the teacher's page,
and the teacher removes that pupil; axe finds nothing on the changed pages in German and
English."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from wortsuche.puzzle_json import loads
from wortsuche.render.html import game_data
from wortsuche.web.storage import open_storage

from .conftest import LiveServer
from .test_browser import answers, drag, wait_found
from .test_classroom_browser import ANIMALS, Browsers, browsers, row  # noqa: F401
from .test_game import axe_violations

pytest.importorskip("playwright", reason="playwright is not installed")

from playwright.sync_api import expect

PLACE_KEYS = ("cells", "start", "end", "first", "second")
"""Keys under which JSON says where a word stands."""


def class_of(server: LiveServer, **body: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A class made from a new public puzzle, and where the words stand (asked of the original,
    whose answers are public: the class's copy keeps its own)."""
    puzzle = server.api(
        "POST", "/api/puzzles", {"words": ANIMALS, "rows": 7, "cols": 7, "level": "easy", "seed": 4}
    )
    made = server.api("POST", "/api/assignments", {"puzzle": puzzle["id"], **body})
    return made, answers(server, puzzle["id"])


def secrets_of(server: LiveServer, puzzle_id: str) -> tuple[int, list[str]]:
    """The copy's seed and every salted hash its offline file would hold (from the database)."""
    with open_storage(server.db_path) as storage:
        stored = storage.get(puzzle_id)
    assert stored is not None
    puzzle = loads(stored.puzzle)
    data = game_data(puzzle)
    return puzzle.seed, [data["salt"], *(h for word in data["words"] for h in word["hashes"])]


def places_in(value: Any) -> list[list[int]]:
    """Every cell that JSON ``value`` names under a key that says where a word stands."""
    if isinstance(value, dict):
        cells = []
        for key, item in value.items():
            if key in PLACE_KEYS and isinstance(item, list) and item:
                cells += item if isinstance(item[0], list) else [item]
            else:
                cells += places_in(item)
        return cells
    if isinstance(value, list):
        return [cell for item in value for cell in places_in(item)]
    return []


def test_a_pupils_browser_receives_no_cell_of_a_word_not_found(
    browsers: Browsers,  # noqa: F811
    live_server: LiveServer,
) -> None:
    made, placed = class_of(live_server)
    copy = made["puzzles"][0]
    seed, hashes = secrets_of(live_server, copy)
    pupil = browsers.page()
    responses: list[tuple[Any, str]] = []

    def keep(response: Any) -> None:
        # read at once: a page that navigates away takes its responses' bodies with it
        if response.request.resource_type in ("image", "font") or response.status in (204, 304):
            return
        responses.append((response, response.body().decode("utf-8", "replace")))

    pupil.on("response", keep)
    pupil.goto(made["class_url"])
    pupil.fill("#pseudonym", "Mia")
    pupil.click("#start")
    pupil.wait_for_selector("#board[data-ready]")
    found = placed[:2]
    for number, answer in enumerate(found, start=1):
        drag(pupil, answer["start"], answer["end"])
        wait_found(pupil, number)
    pupil.reload()  # a reload reads the pupil's progress again
    pupil.wait_for_selector("#board[data-ready]")
    wait_found(pupil, 2)
    pupil.wait_for_load_state("networkidle")

    allowed = {tuple(cell) for answer in found for cell in answer["cells"]}
    unfound = {tuple(cell) for answer in placed[2:] for cell in answer["cells"]}
    read, leaks, named = 0, [], set()
    for response, body in responses:
        read += len(body)
        leaks += [f"{response.url}: hash" for h in hashes if h in body]
        if re.search(rf'"seed":\s*{seed}\b', body):
            leaks.append(f"{response.url}: seed")
        if "json" in response.headers.get("content-type", ""):
            named |= {tuple(cell) for cell in places_in(json.loads(body))}
    urls = {response.url.split("?")[0].removeprefix(live_server.url) for response, _ in responses}
    assert {
        "/static/classroom.js",
        f"/api/puzzles/{copy}",
        f"/api/assignments/{made['code']}/me",
    } <= urls
    assert f"/p/{copy}/hashes.json" not in urls
    assert leaks == []
    assert named <= allowed and not named & (unfound - allowed)
    print(f"responses read: {len(responses)}, {read} characters; cells named: {len(named)}")


def test_the_teacher_sees_a_script_marked_and_removes_it(
    browsers: Browsers,  # noqa: F811
    live_server: LiveServer,
) -> None:
    made, placed = class_of(live_server)
    code = made["code"]
    base = f"{live_server.url}/api/assignments/{code}"
    bot = httpx.post(f"{base}/pupils", json={"pseudonym": "Bot"}).json()["pupil_token"]
    for answer in placed:  # a solver's answers, posted at once
        posted = httpx.post(
            f"{base}/found",
            json={"start": answer["start"], "end": answer["end"]},
            headers={"Authorization": f"Bearer {bot}"},
        )
        assert posted.json()["found"]
    httpx.post(f"{base}/pupils", json={"pseudonym": "Mia"}).raise_for_status()
    found: dict[str, list[str]] = {}
    for lang, said in (
        ("de", "unplausibel: 5 von 5 Funden zu schnell"),
        ("en", "implausible: 5 of 5 finds too fast"),
    ):
        teacher = browsers.page()
        teacher.goto(made["teacher_url"].replace("#", f"?lang={lang}#"))
        expect(row(teacher, "Bot").locator("td.implausible")).to_have_text(said)
        expect(row(teacher, "Mia").locator("td.implausible")).to_have_text("")
        found[f"teacher with results {lang}"] = axe_violations(teacher)
        new = browsers.page()
        new.goto(f"{live_server.url}/t/new?puzzle={made['puzzles'][0]}&lang={lang}")
        expect(new.locator("#max-pupils")).to_have_value("40")
        found[f"new assignment {lang}"] = axe_violations(new)
    teacher.get_by_role("button", name="Remove Bot").click()  # the dialog is accepted
    expect(row(teacher, "Bot")).to_have_count(0)
    expect(teacher.locator("#live")).to_have_text("Bot was removed.")
    expect(row(teacher, "Mia")).to_have_count(1)
    rows = httpx.get(
        f"{base}/results", headers={"Authorization": f"Bearer {made['teacher_token']}"}
    )
    assert [pupil["pseudonym"] for pupil in rows.json()["pupils"]] == ["Mia"]
    assert found == {label: [] for label in found}


def test_a_teacher_sets_how_many_pupils_may_join(
    browsers: Browsers,  # noqa: F811
    live_server: LiveServer,
) -> None:
    made, _ = class_of(live_server)
    new = browsers.page()
    new.goto(f"{live_server.url}/t/new?puzzle={made['puzzles'][0]}&lang=en")
    new.fill("#max-pupils", "2")
    new.click("#create-assignment")
    new.wait_for_url(re.compile(r"/t/[A-Z2-9]{2}-[A-Z2-9]{4}"))
    code = new.url.split("/t/")[1].split("?")[0].split("#")[0]

    def joining(name: str) -> Any:
        pupil = browsers.page()
        pupil.goto(f"{live_server.url}/c/{code}?lang=de")
        pupil.fill("#pseudonym", name)
        pupil.click("#start")
        return pupil

    joining("Anna").wait_for_selector("#board[data-ready]")
    second = joining("Anna")
    expect(second.locator("#join-error")).to_have_text(
        "In dieser Klasse heißt schon jemand Anna: Wähle einen anderen Namen, etwa „Anna B.“"
    )
    second.fill("#pseudonym", "Anna B.")
    second.click("#start")
    second.wait_for_selector("#board[data-ready]")
    expect(joining("Lea").locator("#join-error")).to_have_text(
        "Diese Klasse ist voll, hier ist kein Platz mehr frei: Frag deine Lehrkraft."
    )
