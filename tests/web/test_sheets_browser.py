"""In Debian's Chromium: the create form makes versions A and B of a sheet and shows both links,
its age choice reaches the sheet's links, and a two-language puzzle's play page says which
language's words to find. Screenshots land in ``test-artifacts/web/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer

pytest.importorskip("playwright", reason="playwright is not installed")

from playwright.sync_api import expect

from wortsuche.rand import version_seed

pytestmark = pytest.mark.browser

FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube"]


def test_the_form_makes_versions_a_and_b_and_shows_both_links(
    page: Any, live_server: LiveServer, artifacts: Path
) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "\n".join(FRUIT))
    page.select_option("#age", "6-8")
    page.check("#versions")
    page.click("#make")
    made = page.locator("#made-versions")
    expect(made).to_be_visible()
    (artifacts / "web").mkdir(exist_ok=True)
    page.screenshot(path=artifacts / "web" / "create-versions-de.png", full_page=True)
    links = [page.locator(f"#version-{v}").get_attribute("href") for v in "ab"]
    ids = [link.split("?")[0].rsplit("/", 1)[1] for link in links]
    assert ids[0] != ids[1] and all("age=6-8" in link for link in links)
    a, b = (live_server.api("GET", f"/api/puzzles/{i}") for i in ids)
    assert sorted(a["words"]) == sorted(b["words"]) == sorted(FRUIT)
    assert (a["rows"], a["cols"]) == (b["rows"], b["cols"])
    assert a["seed"] != b["seed"] and a["grid"] != b["grid"]
    assert b["seed"] == version_seed(a["seed"], 1)  # as the command line's --versions 2
    page.click("#version-b")
    page.wait_for_selector("#board[data-ready]")
    for link in ("sheet-pdf", "answers-pdf", "sheet-docx", "sheet-odt"):
        assert "age=6-8" in page.locator(f"#{link}").evaluate("link => link.href")


def test_a_vocabulary_puzzle_says_which_words_to_find_on_the_play_page(
    page: Any, live_server: LiveServer, artifacts: Path
) -> None:
    made = live_server.api(
        "POST",
        "/api/puzzles",
        {"words": "dog\ncat\nmouse\nhorse\nrabbit\nsheep\n", "clues": "de", "seed": 2},
    )
    for lang, said in (
        ("de", "Finde die englischen Wörter im Gitter."),
        ("en", "Find the English words in the grid."),
    ):
        page.goto(f"{live_server.url}/p/{made['id']}?lang={lang}")
        page.wait_for_selector("#board[data-ready]")
        expect(page.locator("#find-in")).to_have_text(said)
        expect(page.locator("#find-in")).to_be_visible()
        page.screenshot(path=artifacts / "web" / f"find-in-{lang}.png", full_page=True)
        page.emulate_media(media="print")  # the printed page is the pupil's sheet too
        expect(page.locator("#find-in")).to_be_visible()
        page.emulate_media(media="screen")
