"""The web game with clues, in Debian's Chromium: the list shows clues or pictures, a word is
found by its clue, and then the word appears beside it; the offline file likewise."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from wortsuche import generate
from wortsuche.render import render

from . import test_browser
from .conftest import LiveServer
from .test_browser import answers, drag, new_puzzle, open_puzzle, wait_found

page = test_browser.page  # the browser tests' fixtures: a fresh page, the screenshot folder
screenshots = test_browser.screenshots

CLUES = "IGEL = Ein Tier mit Stacheln\nEULE = Sie jagt in der Nacht\nHUND = Er bellt"
PICTURES = "IGEL = 🦔\nEULE = 🦉\nHUND = 🐕\nKATZE = 🐈"


def find_by_clue(page: Any, server: LiveServer, puzzle: dict[str, Any], word: str) -> None:
    """Drag across ``word``, whose place the API tells (the page knows only the clues)."""
    (answer,) = [a for a in answers(server, puzzle["id"]) if a["word"] == word]
    drag(page, answer["start"], answer["end"])


def test_a_clue_list_is_played_and_a_found_clue_shows_its_word(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    puzzle = new_puzzle(live_server, words=CLUES, rows=7, cols=7, level="easy", seed=3)
    assert sorted(puzzle["words"]) == ["Ein Tier mit Stacheln", "Er bellt", "Sie jagt in der Nacht"]
    open_puzzle(page, live_server, puzzle)
    items = page.locator("#words li")
    expect(items).to_have_count(3)
    assert "IGEL" not in page.locator("#words").inner_text()
    item = page.locator("#words li", has_text="Ein Tier mit Stacheln")
    find_by_clue(page, live_server, puzzle, "IGEL")
    wait_found(page, 1)
    expect(item.locator(".found-word")).to_have_text(" IGEL")
    assert "found" in (item.get_attribute("class") or "")
    page.reload()  # the page opened anew shows the words found so far
    page.wait_for_selector("#board[data-ready]")
    expect(item.locator(".found-word")).to_have_text(" IGEL")
    # a hint names the clue, never the word it points at
    page.locator("#hint").click()
    expect(page.locator("#announce")).to_contain_text(re.compile("Er bellt|Sie jagt in der Nacht"))
    assert not re.search("EULE|HUND", page.locator("#announce").inner_text())
    page.screenshot(path=str(screenshots / "clues.png"))


def test_a_picture_list_shows_pictures_and_a_found_picture_its_word(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    puzzle = new_puzzle(live_server, words=PICTURES, rows=6, cols=6, level="easy", seed=2)
    open_puzzle(page, live_server, puzzle)
    pictures = page.locator("#words li img.picture")
    expect(pictures).to_have_count(4)
    for k in range(4):  # every picture is loaded from the shipped set
        expect(pictures.nth(k)).to_have_js_property("complete", True)
        assert pictures.nth(k).evaluate("i => i.naturalWidth") == 128
    hedgehog = page.locator("#words li", has=page.locator('img[alt="🦔"]'))
    find_by_clue(page, live_server, puzzle, "IGEL")
    wait_found(page, 1)
    expect(hedgehog.locator(".found-word")).to_have_text(" IGEL")
    page.screenshot(path=str(screenshots / "pictures.png"))


def test_the_form_offers_clues_from_the_themes(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.locator("#words").fill("Hund\nKatze\nMaus")
    page.locator("details").first.evaluate("d => d.open = true")
    page.locator("#clues").select_option("en")
    page.locator("#make").click()
    page.wait_for_selector("#board[data-ready]")
    assert sorted(page.locator("#words li .entry").all_inner_texts()) == ["cat", "dog", "mouse"]


def test_the_offline_file_lists_clues_and_pictures_without_the_words(
    chromium: Any, tmp_path: Path
) -> None:
    puzzle = generate([*PICTURES.splitlines()[:2], "HUND = Er bellt"], 6, 6, seed=2, level="easy")
    file = tmp_path / "play.html"
    text = str(render(puzzle, "html"))
    data = json.loads(re.search(r'id="puzzle-data">(.*?)</script>', text, re.S).group(1))  # type: ignore[union-attr]
    assert sorted(w["entry"] for w in data["words"]) == ["Er bellt", "🦉", "🦔"]
    assert not re.search(r"\b(Igel|IGEL|Eule|EULE|Hund)\b", json.dumps(data["words"]))
    file.write_text(text, encoding="utf-8")
    tab = chromium.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(file.as_uri())
    expect(tab.locator("#words li img.picture")).to_have_count(2)
    placement = puzzle.placements["HUND"]
    cells = tab.locator(".cell")

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        box = cells.nth(cell[0] * puzzle.cols + cell[1]).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    tab.mouse.move(*centre(placement.start))
    tab.mouse.down()
    tab.mouse.move(*centre(placement.end), steps=8)
    tab.mouse.up()
    item = tab.locator("#words li", has_text="Er bellt")
    expect(item.locator(".found-word")).to_have_text(" HUND")
    assert errors == []
    tab.close()


def test_the_form_asks_for_letter_counts_after_the_clues(
    page: Any, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.locator("#words").fill("Hund\nKatze\nIgel")
    page.locator("details").first.evaluate("d => d.open = true")
    page.locator("#clues").select_option("en")
    page.locator("#letter_count").check()
    page.locator("#make").click()
    page.wait_for_selector("#board[data-ready]")
    shown = sorted(page.locator("#words li .entry").all_inner_texts())
    assert shown == ["cat (5)", "dog (4)", "hedgehog (4)"]


def test_the_offline_file_shows_a_teachers_own_picture_and_a_count(
    chromium: Any, tmp_path: Path
) -> None:
    from PIL import Image

    from wortsuche.model import Word
    from wortsuche.words.pictures import own_picture

    Image.new("RGB", (300, 200), (120, 80, 40)).save(tmp_path / "igel.jpg", "JPEG")
    own = own_picture(tmp_path, "igel.jpg")
    words = [Word("IGEL", "IGEL", own), Word("EULE", "EULE", "🦉 (4)"), Word("HUND", "HUND")]
    puzzle = generate(words, 6, 6, seed=2, level="easy")
    file = tmp_path / "play.html"
    file.write_text(str(render(puzzle, "html")), encoding="utf-8")
    tab = chromium.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(file.as_uri())
    pictures = tab.locator("#words li img.picture")
    expect(pictures).to_have_count(2)
    mine = tab.locator('#words li img.picture[alt="🖼️"]')
    expect(mine).to_have_js_property("complete", True)
    assert mine.evaluate("i => i.naturalWidth") == 256
    owl = tab.locator("#words li .entry", has=tab.locator('img[alt="🦉"]'))
    expect(owl).to_have_text(" (4)")  # a picture's letter count (--letter-count) beside it
    assert errors == []
    tab.close()


OWN = "table = x-table\nboard = x-board\nhedgehog = 🦔\neraser = x-eraser\nlamp = x-ray"
"""wortsuche's own pictures of school things (x-table) beside an emoji, and a name no picture
has, which stays a clue in words."""


def test_the_play_page_shows_the_own_pictures_beside_an_emoji(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    puzzle = new_puzzle(live_server, words=OWN, rows=8, cols=8, level="easy", seed=5)
    open_puzzle(page, live_server, puzzle)
    pictures = page.locator("#words li img.picture")
    expect(pictures).to_have_count(4)
    for k in range(4):  # each loaded from the shipped set, at the emoji pictures' size
        expect(pictures.nth(k)).to_have_js_property("complete", True)
        assert pictures.nth(k).evaluate("i => i.naturalWidth") == 128
    expect(page.locator('#words img[src="/emoji/x-table.png"]')).to_have_attribute("alt", "table")
    expect(page.locator("#words li", has_text="x-ray")).to_have_count(1)
    # the word beside its picture once found, though the picture's name reads as the word
    table = page.locator("#words li", has=page.locator('img[alt="table"]'))
    find_by_clue(page, live_server, puzzle, "table")
    wait_found(page, 1)
    expect(table.locator(".found-word")).to_have_text(" table")
    page.screenshot(path=str(screenshots / "own-pictures.png"))


def test_the_offline_file_shows_the_own_pictures(chromium: Any, tmp_path: Path) -> None:
    puzzle = generate(OWN.splitlines(), 8, 8, seed=5, level="easy")
    file = tmp_path / "own.html"
    file.write_text(render(puzzle, "html"), encoding="utf-8")
    tab = chromium.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(file.as_uri())
    pictures = tab.locator("#words li img.picture")
    expect(pictures).to_have_count(4)
    for k in range(4):
        expect(pictures.nth(k)).to_have_js_property("complete", True)
        assert pictures.nth(k).evaluate("i => i.naturalWidth") == 128
    assert errors == []
    tab.close()
