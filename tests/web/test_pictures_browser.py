"""A teacher's own pictures through the create form, in Debian's Chromium: a picture chosen
for a word is uploaded, shown beside its word, and stands for the word on the play page and on
the sheet; a file that is no picture is refused in one line, in the page's language."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import httpx
from PIL import Image, ImageDraw
from playwright.sync_api import expect

from . import test_browser
from .conftest import LiveServer

page = test_browser.page  # the browser tests' fixtures: a fresh page, the screenshot folder
screenshots = test_browser.screenshots


def hedgehog(folder: Path) -> Path:
    """A drawn picture, as a teacher's file: igel.png."""
    image = Image.new("RGB", (400, 300), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((60, 80, 340, 260), fill=(120, 80, 40))
    draw.ellipse((280, 140, 320, 180), fill="black")
    path = folder / "igel.png"
    image.save(path)
    return path


def test_a_picture_chosen_on_the_form_is_the_word_s_clue_in_the_game_and_on_the_sheet(
    page: Any, live_server: LiveServer, screenshots: Path, tmp_path: Path
) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "Igel\nEule\nHund\nKatze")
    page.fill("#title", "Tiere im Wald")
    page.set_input_files("#pictures", str(hedgehog(tmp_path)))
    item = page.locator("#picture-list .picture-item")
    expect(item).to_have_count(1)
    expect(item.locator(".picture-word")).to_have_value("igel")  # the file's name names the word
    assert (item.locator("img").get_attribute("src") or "").startswith("data:image/png;base64,")
    page.screenshot(path=screenshots / "pictures-create-de.png", full_page=True)
    page.click("#make")
    page.wait_for_url("**/p/*")
    page.wait_for_selector("#board[data-ready]")
    shown = page.locator("#words li .entry img.picture")
    expect(shown).to_have_count(1)
    assert (shown.get_attribute("src") or "").startswith("data:image/png;base64,")
    assert "Igel" not in page.locator("#words").inner_text()  # the picture stands for the word
    assert {"Eule", "Hund", "Katze"} <= set(page.locator("#words").inner_text().split())
    page.screenshot(path=screenshots / "pictures-play-de.png", full_page=True)
    puzzle_id = page.url.split("?")[0].rsplit("/", 1)[1]
    page.goto(f"{live_server.url}/p/{puzzle_id}?lang=en")  # the same puzzle, read in English
    page.wait_for_selector("#board[data-ready]")
    expect(page.locator("#words li .entry img.picture")).to_have_count(1)
    page.screenshot(path=screenshots / "pictures-play-en.png", full_page=True)
    sheet = httpx.get(f"{live_server.url}/api/puzzles/{puzzle_id}/sheet.pdf", timeout=30)
    plain = live_server.api("POST", "/api/puzzles", {"words": "Igel\nEule\nHund\nKatze", "seed": 1})
    without = httpx.get(f"{live_server.url}/api/puzzles/{plain['id']}/sheet.pdf", timeout=30)
    assert sheet.content.count(b"/Subtype /Image") > without.content.count(b"/Subtype /Image")
    (screenshots / "pictures-sheet.pdf").write_bytes(sheet.content)


def test_a_file_that_is_no_picture_is_refused_in_the_page_s_language(
    page: Any, live_server: LiveServer, screenshots: Path, tmp_path: Path
) -> None:
    drawing = tmp_path / "igel.svg"
    drawing.write_text('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>')
    for language, said in (("de", "kein PNG-, JPEG- oder WebP-Bild"), ("en", "cannot be read")):
        page.goto(f"{live_server.url}/?lang={language}")
        page.set_input_files("#pictures", str(drawing))
        expect(page.locator("#pictures-error")).to_contain_text(said)
        expect(page.locator("#picture-list .picture-item")).to_have_count(0)
        page.screenshot(path=screenshots / f"pictures-refused-{language}.png")
    # a large photo is refused before it is sent
    big = tmp_path / "foto.jpg"
    big.write_bytes(_large_jpeg())
    page.set_input_files("#pictures", str(big))
    expect(page.locator("#pictures-error")).to_contain_text("2 MB")


def _large_jpeg() -> bytes:
    noise = Image.effect_noise((1800, 1800), 90).convert("RGB")
    out = io.BytesIO()
    noise.save(out, format="JPEG", quality=100)
    assert len(out.getvalue()) > 2_000_000
    return out.getvalue()
