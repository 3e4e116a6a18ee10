"""Shared tablets, name cards, the teacher link and the projector, in Debian's Chromium: Ben
plays on a tablet, taps "Nicht du?", Lea plays on; name cards open each child's own progress on
any device; a made-up card changes nothing. The teacher sees the link once with the advice to
keep it, downloads the teacher card and the XLSX file, and opens the projector page. axe-core
finds nothing on any of these pages in German or English. Screenshots land in
``test-artifacts/web/``."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import LiveServer
from .test_browser import answers, drag, wait_found
from .test_classroom_browser import ANIMALS, Browsers, browsers  # noqa: F401 (a fixture)
from .test_game import axe_violations

pytest.importorskip("playwright", reason="playwright is not installed")

from playwright.sync_api import expect


def new_class(server: LiveServer) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An assignment of the animals' puzzle, and where its words are."""
    puzzle = server.api(
        "POST",
        "/api/puzzles",
        {"words": ANIMALS, "rows": 7, "cols": 7, "level": "easy", "seed": 4, "title": "Waldtiere"},
    )
    made = server.api("POST", "/api/assignments", {"puzzle": puzzle["id"]})
    return made, answers(server, puzzle["id"])


def print_cards(server: LiveServer, made: dict[str, Any]) -> dict[str, str]:
    """The teacher prints name cards: each name with the link on its card."""
    from pypdf import PdfReader

    answer = httpx.post(
        f"{server.url}/api/assignments/{made['code']}/cards.pdf?lang=de",
        headers={"Authorization": f"Bearer {made['teacher_token']}"},
        timeout=30,
    )
    answer.raise_for_status()
    reader = PdfReader(io.BytesIO(answer.content))
    text = re.sub(r"\s+", "", "".join(page.extract_text() for page in reader.pages))
    links = re.findall(rf"{re.escape(server.url)}/c/{made['code']}#card=[\w-]+\.[\w-]{{32}}", text)
    names = re.findall(r"([A-Z][a-z]+)Waldtiere", text)
    return dict(zip(names, links, strict=True))


def join(page: Any, name: str) -> None:
    page.fill("#pseudonym", name)
    page.click("#start")
    page.wait_for_selector("#board[data-ready]")
    expect(page.locator("#playing-as")).to_have_text(name)


def test_a_shared_tablet_name_cards_and_a_made_up_card(
    browsers: Browsers,  # noqa: F811
    live_server: LiveServer,
    artifacts: Path,
) -> None:
    made, placed = new_class(live_server)
    tablet = browsers.page(locale="de-DE")
    tablet.goto(made["class_url"])
    join(tablet, "Ben")
    drag(tablet, placed[0]["start"], placed[0]["end"])
    wait_found(tablet, 1)

    # Ben is done for now: "Nicht du?" gives the tablet to Lea, Ben's progress stays his
    tablet.click("#not-me")
    expect(tablet.locator("#join")).to_be_visible()
    expect(tablet.locator("#left-note")).to_contain_text("Ben spielt auf diesem Gerät nicht mehr")
    expect(tablet.locator("#pseudonym")).to_have_value("")
    tablet.screenshot(path=str(artifacts / "web" / "classroom-not-me.png"))
    join(tablet, "Lea")
    wait_found(tablet, 0)

    # name cards open each child's own progress, on another device or on this one
    cards = print_cards(live_server, made)
    assert set(cards) == {"Ben", "Lea"}
    phone = browsers.page(locale="en-GB", viewport={"width": 390, "height": 844})
    phone.goto(cards["Ben"])
    expect(phone.locator("#playing-as")).to_have_text("Ben")
    wait_found(phone, 1)
    assert "card" not in phone.url  # the key leaves the address bar
    drag(phone, placed[1]["start"], placed[1]["end"])
    wait_found(phone, 2)
    tablet.goto("about:blank")
    tablet.goto(cards["Ben"])
    expect(tablet.locator("#playing-as")).to_have_text("Ben")
    wait_found(tablet, 2)

    # Lea's join card (her name after "#") on the tablet that keeps Ben: Lea's form, not Ben's game
    tablet.goto("about:blank")
    tablet.goto(f"{made['class_url']}#name=Lea")
    expect(tablet.locator("#pseudonym")).to_have_value("Lea")
    expect(tablet.locator("#game")).to_be_hidden()

    # a made-up card: a clear German error, and the tablet still keeps Ben
    tablet.goto("about:blank")
    ben_id = cards["Ben"].split("#card=")[1].split(".")[0]
    tablet.goto(f"{made['class_url']}#card={ben_id}.{'A' * 32}")
    expect(tablet.locator("#join-error")).to_have_text(
        "Diese Namenskarte öffnet in dieser Klasse nichts (mehr). Frag deine Lehrkraft nach einer neuen Karte."
    )
    expect(tablet.locator("#game")).to_be_hidden()
    tablet.screenshot(path=str(artifacts / "web" / "classroom-card-wrong.png"))
    tablet.reload()
    expect(tablet.locator("#playing-as")).to_have_text("Ben")
    results = live_server.api_status("GET", f"/api/assignments/{made['code']}/results")
    assert results == 401
    rows = httpx.get(
        f"{live_server.url}/api/assignments/{made['code']}/results",
        headers={"Authorization": f"Bearer {made['teacher_token']}"},
    ).json()["pupils"]
    assert {row["pseudonym"]: row["found"] for row in rows} == {"Ben": 2, "Lea": 0}


def test_the_teacher_keeps_the_link_downloads_and_opens_the_projector(
    browsers: Browsers,  # noqa: F811
    live_server: LiveServer,
    artifacts: Path,
) -> None:
    from openpyxl import load_workbook
    from pypdf import PdfReader

    puzzle = live_server.api(
        "POST", "/api/puzzles", {"words": ANIMALS, "rows": 7, "cols": 7, "title": "Waldtiere"}
    )
    teacher = browsers.page(locale="de-DE")
    teacher.goto(f"{live_server.url}/t/new?puzzle={puzzle['id']}&lang=de")
    teacher.click("#create-assignment")
    teacher.wait_for_url("**/t/*#*")
    code = teacher.locator("#code").inner_text()
    expect(teacher.locator("#keep-link")).to_be_visible()
    expect(teacher.locator("#keep-link")).to_contain_text(
        "Ohne ihn lässt sich die Klasse nicht mehr öffnen"
    )
    link = teacher.locator("#teacher-link").input_value()
    assert (
        link.startswith(f"{live_server.url}/t/{code}#")
        and link.split("#")[1] == teacher.url.split("#")[1]
    )
    teacher.screenshot(path=str(artifacts / "web" / "classroom-keep-link.png"))
    with teacher.expect_download() as download:
        teacher.locator("#keep-link .teacher-card").click()
    card = PdfReader(download.value.path()).pages[0].extract_text()
    assert code in card and link in re.sub(r"\s+", "", card)
    teacher.click("#link-saved")
    expect(teacher.locator("#keep-link")).to_be_hidden()
    teacher.reload()
    expect(teacher.locator("#pupil-count")).to_have_text("(0)")
    expect(teacher.locator("#keep-link")).to_be_hidden()  # shown once

    teacher.click("#pupil-cards")  # nobody has joined: the reason, in German, by the button
    expect(teacher.locator("#cards-error")).to_contain_text("Noch ist niemand beigetreten")
    teacher.wait_for_timeout(2000)  # the results' next refresh leaves it standing
    expect(teacher.locator("#cards-error")).to_contain_text("Noch ist niemand beigetreten")

    with teacher.expect_download() as download:
        teacher.click("#export-xlsx")
    assert download.value.suggested_filename == f"wortsuche-{code}.xlsx"
    book = load_workbook(io.BytesIO(Path(download.value.path()).read_bytes()))
    assert [cell.value for cell in book.worksheets[0][1]][:3] == ["Name", "Gefunden", "von"]

    href = teacher.locator("#projector").get_attribute("href")
    assert href == f"/c/{code}/projector?lang=de" and "#" not in href
    with teacher.context.expect_page() as opened:
        teacher.click("#projector")
    projector = opened.value
    projector.wait_for_load_state()
    expect(projector.locator("#code")).to_have_text(code)
    expect(projector.locator("#address")).to_have_text(f"127.0.0.1:{live_server.port}/c/{code}")
    assert "#" not in projector.url
    assert projector.locator(".projector-qr").evaluate("image => image.naturalWidth") > 100
    projector.set_viewport_size({"width": 1280, "height": 720})
    projector.screenshot(path=str(artifacts / "web" / "classroom-projector.png"))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_axe_finds_no_violation_on_the_pages_for_shared_devices(
    browsers: Browsers,  # noqa: F811
    live_server: LiveServer,
    lang: str,
    artifacts: Path,
) -> None:
    made, _ = new_class(live_server)
    found: dict[str, list[str]] = {}
    page = browsers.page(locale="de-DE" if lang == "de" else "en-GB")
    page.goto(f"{live_server.url}/c/{made['code']}/projector?lang={lang}")
    found["projector"] = axe_violations(page)
    page.screenshot(path=str(artifacts / "web" / f"classroom-projector-{lang}.png"))
    page.goto(f"{made['class_url']}?lang={lang}")
    join(page, "Ben")
    found["class play"] = axe_violations(page)
    page.screenshot(path=str(artifacts / "web" / f"classroom-play-not-me-{lang}.png"))
    page.click("#not-me")
    expect(page.locator("#left-note")).not_to_be_empty()
    found["after not me"] = axe_violations(page)
    page.goto("about:blank")
    page.goto(f"{made['class_url']}?lang={lang}#card=nobody.{'A' * 32}")
    expect(page.locator("#join-error")).not_to_be_empty()
    found["wrong card"] = axe_violations(page)
    teacher = browsers.page(locale="de-DE" if lang == "de" else "en-GB")
    teacher.goto(f"{live_server.url}/t/new?puzzle={made['puzzles'][0]}&lang={lang}")
    teacher.goto(made["teacher_url"].replace("#", f"?lang={lang}#"))
    teacher.evaluate(f"sessionStorage.setItem('wortsuche:new:{made['code']}', '1')")
    teacher.reload()
    expect(teacher.locator("#keep-link")).to_be_visible()
    expect(teacher.locator("#pupil-count")).not_to_be_empty()
    found["teacher, link shown once"] = axe_violations(teacher)
    teacher.screenshot(
        path=str(artifacts / "web" / f"classroom-teacher-{lang}.png"), full_page=True
    )
    assert found == {label: [] for label in found}
