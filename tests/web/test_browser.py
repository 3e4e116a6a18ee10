"""End to end in Debian's Chromium: make a puzzle with the form, then play it by mouse, finger
and keyboard, as a person would. Screenshots land in ``test-artifacts/web/``.

Set ``WORTSUCHE_UPDATE_DOCS_IMAGES=1`` to also copy the two screenshots used by docs/web.md.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import WORDS, LiveServer

pytest.importorskip("playwright", reason="playwright is not installed")

import itertools

from playwright.sync_api import expect

DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
SCHOOL = ["Tafel", "Kreide", "Heft", "Lineal", "Pause", "Ranzen", "Schere", "Kleber", "Pinsel"]
FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube"]


@pytest.fixture
def page(chromium: Any, live_server: LiveServer) -> Iterator[Any]:
    """A desktop-sized page in a fresh browser context (its own localStorage); fails on JS errors."""
    context = chromium.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    dialogs: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if is_script_error(m) else None)

    def answer_dialog(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.accept() if page.accept_dialogs else dialog.dismiss()

    page.on("dialog", answer_dialog)
    page.errors, page.dialogs, page.accept_dialogs = errors, dialogs, False
    yield page
    context.close()
    assert errors == [], "the page logged errors"


def is_script_error(message: Any) -> bool:
    """A console error from the page's code (a refused request is logged too, and expected)."""
    return bool(message.type == "error" and "Failed to load resource" not in message.text)


@pytest.fixture(scope="module")
def screenshots(artifacts: Path) -> Path:
    folder = artifacts / "web"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def save_for_docs(screenshot: Path, name: str) -> None:
    if os.environ.get("WORTSUCHE_UPDATE_DOCS_IMAGES"):
        DOCS_IMAGES.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(screenshot, DOCS_IMAGES / name)


def new_puzzle(server: LiveServer, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"words": WORDS, "rows": 5, "cols": 5, "level": "hard", "seed": 1}
    body.update(changes)
    puzzle: dict[str, Any] = server.api("POST", "/api/puzzles", body)
    return puzzle


def open_puzzle(page: Any, server: LiveServer, puzzle: dict[str, Any]) -> None:
    page.goto(server.url + puzzle["url"])
    page.wait_for_selector("#board[data-ready]")


def answers(server: LiveServer, puzzle_id: str) -> list[dict[str, Any]]:
    """Where the words are, asked from the API (the page does not know)."""
    found: list[dict[str, Any]] = server.api("POST", f"/api/puzzles/{puzzle_id}/reveal")["answers"]
    return found


def centre(page: Any, cell: list[int]) -> tuple[float, float]:
    """The screen position of a cell's centre."""
    box = page.locator("#board").bounding_box()
    rows = page.locator("#board .row").count()
    cols = page.locator("#board .row").first.locator(".cell").count()
    return (
        box["x"] + (cell[1] + 0.5) * box["width"] / cols,
        box["y"] + (cell[0] + 0.5) * box["height"] / rows,
    )


def drag(page: Any, start: list[int], end: list[int]) -> None:
    """Press on one cell, move to another in small steps, release."""
    page.mouse.move(*centre(page, start))
    page.mouse.down()
    page.mouse.move(*centre(page, end), steps=8)
    page.mouse.up()


def displayed(page: Any, selector: str) -> bool:
    """Whether CSS shows an element (SVG lines can have an empty box and still be shown)."""
    shown: bool = page.locator(selector).evaluate("e => getComputedStyle(e).display !== 'none'")
    return shown


def teacher_menu(page: Any) -> None:
    """Open the teacher's menu (print, answers, share, a new grid) if it is closed."""
    if page.locator("#teacher-menu").get_attribute("open") is None:
        page.locator("#teacher-menu summary").click()


def found_count(page: Any) -> int:
    return int(page.locator("#found-count").inner_text())


def wait_found(page: Any, count: int) -> None:
    # expect() polls from Python: the page's CSP forbids the eval that wait_for_function needs
    expect(page.locator("#found-count")).to_have_text(str(count))


def struck_off(page: Any, entry: str) -> bool:
    item = page.locator("#words li", has_text=entry)
    decoration = item.locator(".entry").evaluate("e => getComputedStyle(e).textDecorationLine")
    return "found" in (item.get_attribute("class") or "") and "line-through" in decoration


# -- create --------------------------------------------------------------------------------------


def test_create_a_puzzle_through_the_form(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page.goto(live_server.url + "/")
    page.fill("#words", "\n".join(FRUIT))
    page.fill("#title", "Obst, Klasse 3b")
    page.check('input[name="level"][value="medium"]')
    page.screenshot(path=screenshots / "create-desktop.png", full_page=True)
    save_for_docs(screenshots / "create-desktop.png", "web-create.png")
    page.click("#make")
    page.wait_for_url("**/p/*")
    page.wait_for_selector("#board[data-ready]")
    assert page.locator("h1").inner_text() == "Obst, Klasse 3b"
    assert page.locator("#words li").all_inner_texts() == FRUIT
    assert page.locator("#word-count").inner_text() == "8"
    puzzle_id = page.url.rsplit("/", 1)[1]
    grid = live_server.api("GET", f"/api/puzzles/{puzzle_id}")["grid"]
    letters = page.locator("#board .row").first.locator(".cell").all_inner_texts()
    assert "".join(letters) == grid[0]
    assert page.locator("#share-url").input_value() == f"{live_server.url}/p/{puzzle_id}"


def test_errors_from_the_core_appear_next_to_the_words_as_text(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page.goto(live_server.url + "/")
    page.fill("#words", "Apfel\n<script>alert(1)</script>")
    page.click("#make")
    error = page.locator("#words-error")
    error.wait_for()
    assert "<script>alert(1)</script>" in error.inner_text()
    assert error.locator("script").count() == 0
    assert page.locator("#words").get_attribute("aria-invalid") == "true"
    assert page.dialogs == []
    page.screenshot(path=screenshots / "create-error.png")
    assert page.url == live_server.url + "/"


def test_words_that_do_not_fit_are_explained_next_to_the_size(
    page: Any, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/")
    page.fill("#words", "Erdbeere")
    page.fill("#rows", "4")
    page.fill("#cols", "4")
    page.click("#make")
    page.locator("#size-error").wait_for()
    assert "do not fit" in page.locator("#size-error").inner_text()


def test_a_title_with_markup_is_shown_as_text(page: Any, live_server: LiveServer) -> None:
    title = "<img src=x onerror=alert(1)><script>alert(2)</script>"
    open_puzzle(page, live_server, new_puzzle(live_server, title=title))
    assert page.locator("h1").inner_text() == title
    assert page.title().startswith(title)
    assert page.locator("h1 img, h1 script").count() == 0
    assert page.dialogs == []


# -- play ----------------------------------------------------------------------------------------


def test_drag_across_a_word_with_the_mouse_strikes_it_off(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(page, live_server, puzzle)
    first = answers(live_server, puzzle["id"])[0]
    assert not struck_off(page, first["word"])
    drag(page, first["start"], first["end"])
    wait_found(page, 1)
    assert struck_off(page, first["word"])
    assert page.locator(".layer-found .found").count() == 1
    marked = page.locator("#board .cell.in-word").count()
    assert marked == len(first["cells"])


def test_a_word_dragged_backwards_and_slightly_off_the_line_is_found(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(page, live_server, puzzle)
    answer = answers(live_server, puzzle["id"])[1]
    page.mouse.move(*centre(page, answer["end"]))
    page.mouse.down()
    x, y = centre(page, answer["start"])
    page.mouse.move(x + 9, y - 7, steps=8)  # the hand is never exact: snapped to the line
    page.mouse.up()
    wait_found(page, 1)
    assert struck_off(page, answer["word"])


def test_tapping_the_first_and_then_the_last_letter_selects_a_word(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(page, live_server, puzzle)
    first, second = answers(live_server, puzzle["id"])[:2]
    page.mouse.click(*centre(page, first["start"]))
    assert page.locator(".layer-selection g.tapped").count() == 1
    page.locator("#board").press("Escape")  # changed one's mind: start over
    expect(page.locator(".layer-selection g")).to_have_count(0)
    page.mouse.click(*centre(page, second["start"]))
    assert page.locator(".layer-selection g").count() == 1  # the first letter stays marked
    page.mouse.click(*centre(page, second["end"]))
    wait_found(page, 1)
    assert struck_off(page, second["word"])


ONE_LETTER = ["Apfel", "I", "Birne", "O"]
"""A list with words of one letter (a 6 × 6 grid, seed 3, holds each once)."""


def test_a_word_of_one_letter_is_found_by_tapping_its_letter_twice(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server, words=ONE_LETTER, rows=6, cols=6, level="medium", seed=3)
    open_puzzle(page, live_server, puzzle)
    by_word = {answer["word"]: answer for answer in answers(live_server, puzzle["id"])}
    cell = by_word["I"]["start"]
    assert by_word["I"]["end"] == cell
    other = next(
        [r, c]
        for r in range(6)
        for c in range(6)
        if [r, c] != cell and page.locator(f"#cell-{r}-{c}").inner_text() != "O"
    )
    page.mouse.click(*centre(page, other))
    page.mouse.click(*centre(page, other))  # one letter that is no word: checked, refused
    page.wait_for_selector(".layer-selection .wrong", state="attached")
    expect(page.locator(".layer-selection g")).to_have_count(0)
    page.mouse.click(*centre(page, cell))
    assert page.locator(".layer-selection g.tapped").count() == 1
    page.mouse.click(*centre(page, cell))
    wait_found(page, 1)
    expect(page.locator('#words li[data-index="1"]')).to_have_class("found")  # "I"
    assert page.locator("#marks .layer-found g").count() == 1
    # a drag and two taps on two cells still mark whole words
    drag(page, by_word["Apfel"]["start"], by_word["Apfel"]["end"])
    wait_found(page, 2)
    page.mouse.click(*centre(page, by_word["Birne"]["start"]))
    page.mouse.click(*centre(page, by_word["Birne"]["end"]))
    wait_found(page, 3)


def test_a_word_of_one_letter_is_found_by_pressing_enter_twice_on_it(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server, words=ONE_LETTER, rows=6, cols=6, level="medium", seed=3)
    open_puzzle(page, live_server, puzzle)
    cell = next(a for a in answers(live_server, puzzle["id"]) if a["word"] == "O")["start"]
    page.focus("#board")
    for _ in range(cell[0]):
        page.keyboard.press("ArrowDown")
    for _ in range(cell[1]):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert page.locator(".layer-selection g").count() == 1
    page.keyboard.press("Enter")
    wait_found(page, 1)
    expect(page.locator('#words li[data-index="3"]')).to_have_class("found")  # "O"


def test_tap_tap_goes_on_after_two_fingers_move_the_zoomed_board(
    chromium: Any, live_server: LiveServer
) -> None:
    """The first letter tapped stays marked while two fingers move the zoomed grid in its frame,
    and the last letter tapped where it then is ends the word."""
    context = chromium.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    words = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte"]
    puzzle = new_puzzle(live_server, words=words, rows=30, cols=30, level="easy", seed=2)
    open_puzzle(page, live_server, puzzle)
    page.tap("#zoom")
    area = page.locator(".board-area")
    answer = max(answers(live_server, puzzle["id"]), key=lambda a: len(a["cells"]))
    first, last = answer["start"], answer["end"]
    cell = page.locator(f"#cell-{first[0]}-{first[1]}")
    cell.scroll_into_view_if_needed()
    page.touchscreen.tap(*centre(page, first))
    assert page.locator(".layer-selection g.tapped").count() == 1
    before = area.evaluate("e => [e.scrollLeft, e.scrollTop]")
    # two fingers on the board move it towards the last letter
    (x0, y0), (x1, y1) = centre(page, first), centre(page, last)
    box = area.bounding_box()
    dx = max(-box["width"] / 3, min(box["width"] / 3, x1 - x0))
    dy = max(-box["height"] / 3, min(box["height"] / 3, y1 - y0))
    mid_x, mid_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch = context.new_cdp_session(page)

    def fingers(x: float, y: float) -> list[dict[str, float]]:
        return [{"x": x - 30, "y": y, "id": 1}, {"x": x + 30, "y": y, "id": 2}]

    touch.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(mid_x, mid_y)}
    )
    for step in range(1, 13):
        x, y = mid_x - dx * step / 12, mid_y - dy * step / 12
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(x, y)})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(300)
    moved = area.evaluate("e => [e.scrollLeft, e.scrollTop]")
    assert moved != before, "the two fingers moved the board"
    assert page.locator(".layer-selection g.tapped").count() == 1  # the first letter waits
    page.locator(f"#cell-{last[0]}-{last[1]}").scroll_into_view_if_needed()
    page.touchscreen.tap(*centre(page, last))
    wait_found(page, 1)
    assert struck_off(page, answer["word"])
    context.close()


def test_a_wrong_selection_flashes_and_disappears(page: Any, live_server: LiveServer) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(page, live_server, puzzle)
    answer = answers(live_server, puzzle["id"])[0]
    second = answer["cells"][1]  # the first two letters of a word are no word
    drag(page, answer["start"], second)
    page.wait_for_selector(".layer-selection .wrong", state="attached")
    expect(page.locator(".layer-selection g")).to_have_count(0)
    assert found_count(page) == 0
    assert "not one of the words" in page.locator("#announce").inner_text()
    assert not any(struck_off(page, entry) for entry in WORDS)


def test_finding_every_word_shows_well_done_with_the_time(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    puzzle = new_puzzle(
        live_server, words=FRUIT, rows=None, cols=None, level="medium", seed=5, title="Obst"
    )
    open_puzzle(page, live_server, puzzle)
    solutions = answers(live_server, puzzle["id"])
    for count, answer in enumerate(solutions, start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
        if count == len(solutions) // 2:
            page.screenshot(path=screenshots / "half-solved-desktop.png")
            save_for_docs(screenshots / "half-solved-desktop.png", "web-half-solved.png")
        if count < len(solutions):
            assert page.locator("#done").is_hidden()
    done = page.locator("#done")
    done.wait_for()
    time_shown = page.locator("#timer").inner_text()
    assert f"You found all {len(FRUIT)} words in {time_shown}" in done.inner_text()
    assert all(struck_off(page, entry) for entry in FRUIT)
    assert page.locator("#reveal").is_disabled()
    page.clock.install()
    page.clock.run_for(3_000)
    assert page.locator("#timer").inner_text() == time_shown  # the clock stopped
    page.screenshot(path=screenshots / "solved-desktop.png", full_page=True)


def test_progress_survives_a_reload(page: Any, live_server: LiveServer) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(page, live_server, puzzle)
    solutions = answers(live_server, puzzle["id"])
    for count, answer in enumerate(solutions[:2], start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
    page.wait_for_timeout(1100)  # let the clock pass a second
    page.reload()
    page.wait_for_selector("#board[data-ready]")
    assert found_count(page) == 2
    assert page.locator(".layer-found .found").count() == 2
    assert all(struck_off(page, a["word"]) for a in solutions[:2])
    assert not struck_off(page, solutions[2]["word"])
    assert page.locator("#timer").inner_text() != "0:00"
    # another visitor of the same link starts afresh
    other = page.context.browser.new_context().new_page()
    open_puzzle(other, live_server, puzzle)
    assert found_count(other) == 0
    other.context.close()


def test_keyboard_selection_finds_a_word(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(page, live_server, puzzle)
    answer = answers(live_server, puzzle["id"])[2]
    page.focus("#board")

    def walk(from_cell: list[int], to_cell: list[int]) -> None:
        dr, dc = to_cell[0] - from_cell[0], to_cell[1] - from_cell[1]
        for _ in range(abs(dr)):
            page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
        for _ in range(abs(dc)):
            page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")

    walk([0, 0], answer["start"])
    page.keyboard.press("Enter")
    walk(answer["start"], answer["end"])
    assert page.locator(".layer-selection g").count() == 1  # the selection follows the cursor
    page.screenshot(path=screenshots / "keyboard-selection.png")
    page.keyboard.press("Space")
    wait_found(page, 1)
    assert struck_off(page, answer["word"])
    active = page.locator("#board").get_attribute("aria-activedescendant")
    assert active == f"cell-{answer['end'][0]}-{answer['end'][1]}"


def test_play_one_word_by_touch_on_a_phone(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    context = chromium.new_context(
        viewport={"width": 360, "height": 740},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    puzzle = new_puzzle(live_server, words=FRUIT, rows=None, cols=None, level="hard", seed=8)
    open_puzzle(page, live_server, puzzle)
    page.evaluate(
        "window.pointerTypes = [];"
        "document.getElementById('board').addEventListener('pointerdown',"
        " e => window.pointerTypes.push(e.pointerType));"
    )
    answer = answers(live_server, puzzle["id"])[0]
    page.locator("#board").scroll_into_view_if_needed()
    touch = context.new_cdp_session(page)
    (x0, y0), (x1, y1) = centre(page, answer["start"]), centre(page, answer["end"])
    touch.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
    )
    for step in range(1, 11):
        x, y = x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10
        touch.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_found(page, 1)
    assert page.evaluate("window.pointerTypes") == ["touch"]
    assert struck_off(page, answer["word"])
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scrolling
    page.screenshot(path=screenshots / "touch-phone.png", full_page=True)
    page.goto(live_server.url + "/")
    page.screenshot(path=screenshots / "create-phone.png", full_page=True)
    context.close()


@pytest.mark.parametrize("locale", ["de-DE", "en-GB"])
def test_a_phones_first_screen_shows_the_words_above_a_grid_of_big_cells(
    chromium: Any, live_server: LiveServer, screenshots: Path, locale: str
) -> None:
    """An iPhone SE held upright (375 x 667): the heading, the bar and every word of 15 stand on
    the first screen with no swipe; the 15 x 15 grid below them has cells of at least 32 px and
    pans inside its own frame, which fills the rest of the screen (the page does not scroll)."""
    words = [*FRUIT, "Melone", "Kiwi", "Zitrone", "Orange", "Feige", "Dattel", "Limette"]
    context = chromium.new_context(
        viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True, locale=locale
    )
    page = context.new_page()
    puzzle = new_puzzle(live_server, words=words, rows=15, cols=15, level="medium", seed=3)
    open_puzzle(page, live_server, puzzle)
    board, frame, listed = (
        page.locator(s).bounding_box() for s in ("#board", ".board-area", "#words")
    )
    assert page.evaluate("window.scrollY") == 0
    assert board["width"] >= 15 * 32  # cells for a finger
    assert listed["y"] + listed["height"] <= frame["y"]  # the words above the grid
    assert frame["y"] + frame["height"] <= 667 and frame["height"] >= 250, frame
    page.screenshot(path=screenshots / f"phone-first-screen-{locale}.png")
    context.close()


# -- reveal, again, print ------------------------------------------------------------------------


def test_reveal_asks_first_then_shows_every_answer(page: Any, live_server: LiveServer) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(page, live_server, puzzle)
    solutions = answers(live_server, puzzle["id"])
    drag(page, solutions[0]["start"], solutions[0]["end"])
    wait_found(page, 1)
    teacher_menu(page)
    page.click("#reveal")  # the page's dialog handler dismisses: nothing is shown
    assert page.dialogs == ["Show all answers? This ends the game."]
    assert page.locator(".layer-answers .answer").count() == 0
    page.accept_dialogs = True
    page.click("#reveal")
    page.wait_for_selector(".layer-answers .answer", state="attached")
    assert page.locator(".layer-answers .answer").count() == len(solutions) - 1
    assert "Answers shown. You found 1 of 4 words." in page.locator("#done").inner_text()
    page.reload()
    page.wait_for_selector(".layer-answers .answer", state="attached")  # still shown after a reload


def test_new_grid_same_words_opens_a_fresh_puzzle(page: Any, live_server: LiveServer) -> None:
    puzzle = new_puzzle(live_server, title="Moor")
    open_puzzle(page, live_server, puzzle)
    teacher_menu(page)
    page.click("#again")
    page.wait_for_url(lambda url: not url.endswith(puzzle["url"]))
    page.wait_for_selector("#board[data-ready]")
    assert page.locator("#words li").all_inner_texts() == WORDS
    assert page.locator("h1").inner_text() == "Moor"


def test_the_print_view_shows_grid_and_words_on_one_page_and_optionally_the_answers(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    words = [*FRUIT, *SCHOOL]
    puzzle = new_puzzle(live_server, words=words, rows=16, cols=16, level="hard", seed=2)
    open_puzzle(page, live_server, puzzle)
    drag(
        page,
        answers(live_server, puzzle["id"])[0]["start"],
        answers(live_server, puzzle["id"])[0]["end"],
    )
    wait_found(page, 1)
    assert page.locator(".name-line").is_hidden()  # lines to write on are for paper
    page.emulate_media(media="print")
    assert page.locator("#board").is_visible()
    assert page.locator("#words").is_visible()
    assert page.locator(".tools").is_hidden() and page.locator(".playbar").is_hidden()
    expect(page.locator(".name-line")).to_have_text("Name:Date:Class:")
    assert displayed(page, ".layer-print") is False
    assert displayed(page, ".layer-found") is False  # the player's marks stay on the screen
    page.screenshot(path=screenshots / "print.png", full_page=True)
    assert pages(page.pdf(format="A4")) == 1
    page.emulate_media(media="screen")
    teacher_menu(page)
    page.check("#print-answers")
    page.wait_for_selector("body.print-answers")
    page.uncheck("#pdf-name-line")  # the sheets' box: no lines to write on, printed either
    page.emulate_media(media="print")
    assert page.locator(".name-line").is_hidden()
    assert page.locator(".layer-print .answer").count() == len(words)
    assert displayed(page, ".layer-print") is True
    page.screenshot(path=screenshots / "print-answers.png", full_page=True)
    pdf = page.pdf(format="A4")
    assert pages(pdf) == 1
    (screenshots / "print-answers.pdf").write_bytes(pdf)


def test_the_german_print_view_reads_german_on_paper(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    """What a German teacher prints from the play page: German texts, no English word."""
    puzzle = new_puzzle(live_server, words=FRUIT, rows=12, cols=12, level="hard", seed=3)
    context = chromium.new_context(locale="de-DE", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    open_puzzle(page, live_server, puzzle)
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")
    (screenshots / "de-print.pdf").write_bytes(pdf)
    context.close()
    text = pdf_text(pdf)
    for german in ("Schwer", "etwa", "Minute", "Wörter"):
        assert german in text, (german, text)
    for english in ("Hard", "grid", "words", "about", "minutes", "Level", "Time", "found"):
        assert english not in text, (english, text)
    assert all(word in text for word in FRUIT)


def pdf_text(pdf: bytes) -> str:
    """The text of a PDF as poppler's pdftotext reads it."""
    read = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    )
    return read.stdout.decode("utf-8")


def pages(pdf: bytes) -> int:
    """The number of pages in a PDF written by Chromium."""
    assert pdf.startswith(b"%PDF")
    return len(re.findall(rb"/Type\s*/Page(?!s)", pdf))


# -- the clock, long words, links ------------------------------------------------------------


def test_the_clock_counts_seconds_of_play_and_never_speeds_up(
    page: Any, live_server: LiveServer
) -> None:
    page.clock.install()
    open_puzzle(page, live_server, new_puzzle(live_server))
    page.locator("#board").press("ArrowRight")  # the first key on the board starts the clock
    page.clock.run_for(5_000)
    # The fake clock also flows with real time between steps: allow two seconds for a busy
    # machine. The fault this guards against showed 3:10 after 20 seconds.
    expect(page.locator("#timer")).to_have_text(re.compile(r"0:0[5-7]"))
    page.clock.run_for(35_000)
    expect(page.locator("#timer")).to_have_text(re.compile(r"0:4[0-2]"))
    page.reload()  # what was saved is the time played, not a sum of every save
    page.wait_for_selector("#board[data-ready]")
    assert re.fullmatch(r"0:4[0-3]", page.locator("#timer").inner_text())


def test_long_words_in_the_list_never_break_in_two(page: Any, live_server: LiveServer) -> None:
    long_words = ["Straußenvogel", "Eichhörnchen", "Schildkröte", "Nilpferd", "Giraffe", "Zebra"]
    puzzle = new_puzzle(live_server, words=long_words, rows=14, cols=14, level="easy")
    open_puzzle(page, live_server, puzzle)
    lines = page.locator("#words .entry").evaluate_all(
        "entries => entries.map(e => { const r = document.createRange();"
        " r.selectNodeContents(e); return r.getClientRects().length; })"
    )
    assert lines == [1] * len(long_words)


def test_the_api_link_leads_to_the_api_description(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/")
    link = page.get_by_role("link", name="API (OpenAPI)")
    response = page.request.get(live_server.url + link.get_attribute("href"))
    assert response.status == 200 and response.json()["openapi"]


def test_a_word_inside_a_longer_word_is_found_where_it_stands(
    page: Any, live_server: LiveServer
) -> None:
    words = ["Schildkröte", "Kröte", "Zebra", "Löwe"]
    puzzle = new_puzzle(live_server, words=words, rows=12, cols=12, level="hard", seed=3)
    open_puzzle(page, live_server, puzzle)
    host = {a["word"]: a for a in answers(live_server, puzzle["id"])}["Schildkröte"]
    (r0, c0), (r1, c1) = host["start"], host["end"]
    step = ((r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0))
    inner = [r0 + 6 * step[0], c0 + 6 * step[1]]  # SCHILD|KRÖTE: the last five letters
    drag(page, inner, host["end"])
    wait_found(page, 1)
    found = page.locator("#words li.found .entry").all_inner_texts()
    assert found == ["Kröte"]
    drag(page, host["start"], host["end"])
    wait_found(page, 2)


# -- languages -----------------------------------------------------------------------------------


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_german_browser_sees_german_pages_from_start_to_finish(
    chromium: Any, live_server: LiveServer, screenshots: Path, viewport: tuple[int, int]
) -> None:
    width, height = viewport
    context = chromium.new_context(
        locale="de-DE", viewport={"width": width, "height": height}, has_touch=width < 500
    )
    page = context.new_page()
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "de"
    expect(page.locator("h1")).to_have_text("Wortsuchrätsel erstellen")
    assert "Schwer" in page.locator(".levels").inner_text()
    page.screenshot(path=screenshots / f"de-create-{width}.png", full_page=True)
    page.fill("#words", "Apfel, Birne, Kirsche")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    expect(page.locator(".clock")).to_contain_text("Zeit")
    assert "Wörter" in (page.locator(".meta").first.text_content() or "")
    assert re.search(r"etwa \d+ Minuten?", page.locator(".meta").first.inner_text())
    page.screenshot(path=screenshots / f"de-play-{width}.png", full_page=True)
    if width > 500:
        save_for_docs(screenshots / f"de-play-{width}.png", "web-play-de.png")
    puzzle_id = page.locator("body").get_attribute("data-puzzle")
    for count, answer in enumerate(answers(live_server, puzzle_id), start=1):
        drag(page, answer["start"], answer["end"]) if width > 500 else tap_line(page, answer)
        wait_found(page, count)
    expect(page.locator("#done")).to_contain_text("Geschafft! Du hast alle 3 Wörter in")
    page.screenshot(path=screenshots / f"de-finished-{width}.png", full_page=True)
    context.close()


def test_a_message_typed_in_the_form_is_revealed_when_every_word_is_found(
    chromium: Any, live_server: LiveServer
) -> None:
    context = chromium.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.fill("#words", "Apfel, Birne, Kirsche")
    page.locator("details.more summary").click()
    page.fill("#message", "Gut gemacht!")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    puzzle_id = page.locator("body").get_attribute("data-puzzle")
    for count, answer in enumerate(answers(live_server, puzzle_id), start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
    expect(page.locator("#done")).to_contain_text("Die übrigen Buchstaben ergeben: Gut gemacht!")
    context.close()


def test_a_theme_fills_the_word_field_and_makes_a_puzzle(
    chromium: Any, live_server: LiveServer
) -> None:
    context = chromium.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.select_option("#theme", label="Tiere")
    page.fill("#theme-count", "8")
    page.click("#theme-use")
    expect(page.locator("#theme-status")).to_have_text(
        "8 Wörter aus „Tiere“ stehen jetzt im Wortfeld."
    )
    words = page.locator("#words").input_value().splitlines()
    assert len(words) == 8
    assert page.locator("#title").input_value() == "Tiere"
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    assert sorted(page.locator("#words li .entry").all_inner_texts()) == sorted(words)
    expect(page.locator("h1")).to_have_text("Tiere")
    context.close()


def test_a_theme_for_english_words_with_german_clues_fills_english_words_on_a_german_page(
    chromium: Any, live_server: LiveServer
) -> None:
    """A German teacher of English: theme "Tiere", language English, clue "the German word":
    the grid must hold PIG and GOAT, never SCHWEIN and ZIEGE."""
    context = chromium.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.select_option("#theme", label="Tiere")
    page.click("#theme-use")
    expect(page.locator("#theme-status")).to_contain_text("„Tiere“")
    german = set(page.locator("#words").input_value().splitlines())
    page.locator("details.more summary").click()
    page.select_option("#language", "en")  # chosen after the theme: the words follow
    expect(page.locator("#theme-status")).to_contain_text("„Animals“")
    english = set(page.locator("#words").input_value().splitlines())
    from wortsuche.words.themes import load_theme

    assert english <= set(load_theme("animals", "en").words), english
    assert german <= set(load_theme("animals", "de").words), german
    assert page.locator("#title").input_value() == "Animals"
    page.select_option("#clues", "de")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    grid = "".join(page.locator("#board").all_inner_texts()).replace("\n", "")
    assert "SCHWEIN" not in grid
    context.close()


def test_typed_words_stay_when_the_language_changes(chromium: Any, live_server: LiveServer) -> None:
    context = chromium.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.select_option("#theme", label="Tiere")
    page.click("#theme-use")
    expect(page.locator("#theme-status")).to_contain_text("„Tiere“")
    page.fill("#words", "Hund\nKatze\nMaus")
    page.locator("details.more summary").click()
    page.select_option("#language", "en")
    assert page.locator("#words").input_value() == "Hund\nKatze\nMaus"
    context.close()


def test_secret_words_can_be_found_after_the_list_and_then_the_message_shows(
    chromium: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(
        live_server,
        words=["Apfel", "Birne", "Kirsche"],
        rows=9,
        cols=9,
        level="medium",
        seed=5,
        secret="Fuchs",
        message="Toll",
    )
    solutions = answers(live_server, puzzle["id"])
    listed = [a for a in solutions if a["index"] < 3]
    (secret,) = [a for a in solutions if a["index"] >= 3]
    context = chromium.new_context(locale="de-DE")
    page = context.new_page()
    open_puzzle(page, live_server, puzzle)
    expect(page.locator("#secret")).to_have_text("Geheime Wörter: 0 von 1")
    assert page.locator("#words li").count() == 3
    for count, answer in enumerate(listed, start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
    done = page.locator("#done")
    expect(done).to_contain_text("Geschafft!")
    assert "Die übrigen Buchstaben" not in done.inner_text()  # the secret word's cells first
    page.locator(f"#cell-{secret['end'][0]}-{secret['end'][1]}").scroll_into_view_if_needed()
    drag(page, secret["end"], secret["start"])
    expect(page.locator("#secret")).to_have_text("Geheime Wörter: 1 von 1: Fuchs")
    expect(done).to_contain_text("Die übrigen Buchstaben ergeben: Toll")
    context.close()


def test_a_shaped_puzzle_is_made_from_the_form_and_played_around_its_holes(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    context = chromium.new_context(locale="de-DE", viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.fill("#words", "Apfel, Birne, Kirsche, Pflaume")
    page.locator("details.more summary").click()
    page.select_option("#shape", label="Herz")
    page.fill("#seed", "4")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    holes = page.locator("#board .cell.hole")
    assert holes.count() > 0 and holes.first.is_hidden()
    puzzle_id = page.locator("body").get_attribute("data-puzzle")
    for count, answer in enumerate(answers(live_server, puzzle_id), start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
    expect(page.locator("#done")).to_contain_text("Geschafft!")
    page.screenshot(path=screenshots / "de-heart.png", full_page=True)
    context.close()


def tap_line(page: Any, answer: dict[str, Any]) -> None:
    page.touchscreen.tap(*centre(page, answer["start"]))
    page.touchscreen.tap(*centre(page, answer["end"]))


def test_the_language_switch_and_the_missing_page_speak_the_chosen_language(
    page: Any, live_server: LiveServer
) -> None:
    page.goto(live_server.url + "/?lang=de")
    expect(page.locator("h1")).to_have_text("Wortsuchrätsel erstellen")
    page.get_by_role("link", name="English").click()
    expect(page.locator("h1")).to_have_text("Make a word search")
    page.goto(live_server.url + "/p/nothing-here?lang=de")
    expect(page.locator("h1")).to_have_text("Rätsel nicht gefunden")
    # a refusal from the server is said in the page's language, beside the field it concerns
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "Apfel\nR2D2")
    page.click("#make")
    expect(page.locator("#words-error")).to_have_text(
        "Bitte prüfe die Wörter: „R2D2“ enthält eine Ziffer."
    )
    page.get_by_role("link", name="English").click()
    page.fill("#words", "Apfel\nR2D2")
    page.click("#make")
    expect(page.locator("#words-error")).to_have_text(
        "Please check the list: word 'R2D2' contains a digit."
    )


def test_a_second_solve_reports_the_best_time_and_shown_answers_are_no_success(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server)
    solutions = answers(live_server, puzzle["id"])
    page.clock.install()
    open_puzzle(page, live_server, puzzle)
    page.clock.run_for(4_000)
    for count, answer in enumerate(solutions, start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
    expect(page.locator("#done")).to_contain_text("New best time on this device!")
    first_time = page.locator("#timer").inner_text()  # the clock flows on between steps
    # Played again from the start (progress cleared), more slowly: the best time stays.
    page.goto(live_server.url + "/")  # leaving saves the progress; then it is cleared
    page.evaluate(f"localStorage.removeItem('wortsuche:progress:{puzzle['id']}')")
    open_puzzle(page, live_server, puzzle)
    for count, answer in enumerate(solutions, start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
        if count == 1:  # the clock runs from the first touch: this game is the slower one
            page.clock.run_for(9_000)
    expect(page.locator("#done")).to_contain_text(f"Best time on this device: {first_time}.")
    # Shown answers end a game, but not with the success banner.
    other = new_puzzle(live_server, seed=9)
    open_puzzle(page, live_server, other)
    teacher_menu(page)
    page.accept_dialogs = True
    page.click("#reveal")
    done = page.locator("#done")
    expect(done).to_contain_text("Answers shown.")
    assert "revealed" in (done.get_attribute("class") or "")


def test_a_hint_marks_a_first_letter_and_is_counted_at_the_end(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server)
    solutions = answers(live_server, puzzle["id"])
    open_puzzle(page, live_server, puzzle)
    page.click("#hint")
    lit = page.locator("#board .cell.hint")
    expect(lit).to_have_count(1)
    where = lit.evaluate(
        "e => [Array.from(e.parentElement.parentElement.children).indexOf(e.parentElement),"
        " Array.from(e.parentElement.children).indexOf(e)]"
    )
    assert where in [a["start"] for a in solutions]  # the first letter of a hidden word
    for count, answer in enumerate(solutions, start=1):
        drag(page, answer["start"], answer["end"])
        wait_found(page, count)
    expect(page.locator("#done")).to_contain_text("Hints used: 1.")


def test_more_options_on_the_form_reach_the_puzzle_and_the_pdf_links(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "Apfel, Birne, Kirsche")
    page.locator("details.more summary").click()
    page.select_option("#directions", "E,S")
    page.select_option("#language", "de")
    page.fill("#difficulty", "0,2")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    assert "etwa" in page.locator(".meta").first.inner_text()
    teacher_menu(page)
    page.check("#pdf-large")
    href = page.locator("#sheet-pdf").get_attribute("href") or ""
    assert "large_print=true" in href and "lowercase=false" in href
    assert "name_line=true" in href
    page.uncheck("#pdf-name-line")
    href = page.locator("#sheet-pdf").get_attribute("href") or ""
    assert "name_line=false" in href
    response = page.request.get(href)
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    page.check("#pdf-school-font")
    page.check("#pdf-halves")
    href = page.locator("#sheet-pdf").get_attribute("href") or ""
    assert "font=school" in href and "per_page=2" in href
    document = page.locator("#sheet-docx").get_attribute("href") or ""
    assert "font=school" in document and "name_line=false" in document
    assert "per_page" not in document  # a document is one sheet to change, not a print layout
    page.screenshot(path=screenshots / "teacher-menu-de.png", full_page=True)
    response = page.request.get(document)
    assert response.status == 200 and response.headers["content-type"].endswith(".document")


def test_the_create_forms_name_line_box_reaches_the_sheet_pdf(
    page: Any, live_server: LiveServer
) -> None:
    import io

    from pypdf import PdfReader

    def sheet_text() -> str:
        href = page.locator("#sheet-pdf").evaluate("link => link.href")
        pdf = page.request.get(href).body()
        return "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)

    for wanted in (True, False):
        page.goto(live_server.url + "/?lang=de")
        page.fill("#words", "Apfel, Birne, Kirsche")
        assert page.locator("#name-line").is_checked()  # on unless cleared
        if not wanted:
            page.uncheck("#name-line")
        page.click("#make")
        page.wait_for_selector("#board[data-ready]")
        assert page.locator("#pdf-name-line").is_checked() == wanted
        assert ("Klasse:" in sheet_text()) == wanted


def test_zoom_makes_the_cells_of_a_large_grid_big_enough_for_a_finger(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    words = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte"]
    puzzle = new_puzzle(live_server, words=words, rows=30, cols=30, level="easy")
    open_puzzle(page, live_server, puzzle)
    cell = page.locator("#board .cell").first
    # a phone's play screen: cells for a finger already, the grid panning in its frame
    before = cell.bounding_box()["width"]
    assert before >= 32
    area = page.locator(".board-area")
    assert area.evaluate("e => e.scrollWidth > e.clientWidth")  # it scrolls instead
    page.click("#zoom")
    assert page.locator("#zoom").get_attribute("aria-pressed") == "true"
    assert cell.bounding_box()["width"] >= max(before * 1.45, 44)
    # one finger marks words, so the grid in its frame says that two move it
    expect(page.locator("#zoom-help")).to_have_text(
        "Move the puzzle with two fingers; one finger marks a word."
    )
    assert (
        page.locator("#zoom-help").bounding_box()["y"] < page.locator("#board").bounding_box()["y"]
    )
    page.screenshot(path=screenshots / "zoomed-phone.png")
    page.click("#zoom")
    assert cell.bounding_box()["width"] == pytest.approx(before, abs=0.5)
    context.close()
    desk = chromium.new_context(viewport={"width": 1280, "height": 900})  # a mouse scrolls it
    page = desk.new_page()
    open_puzzle(page, live_server, puzzle)
    page.click("#zoom")
    expect(page.locator("#zoom-help")).to_be_hidden()
    desk.close()


def test_a_tall_grid_on_a_desktop_uses_the_free_width(page: Any, live_server: LiveServer) -> None:
    words = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube"]
    puzzle = new_puzzle(live_server, words=words, rows=40, cols=32, level="easy")
    open_puzzle(page, live_server, puzzle)  # 1280 px wide
    assert page.locator("#board .cell").first.bounding_box()["width"] >= 24
    small = new_puzzle(live_server, words=words, rows=12, cols=12, level="easy")
    open_puzzle(page, live_server, small)
    box = page.locator("#board").bounding_box()
    assert box["y"] + box["height"] <= 860  # an ordinary grid still fits the window


def over_the_edge(cells: list[list[int]]) -> bool:
    """Whether a run of cells steps over an edge of the grid somewhere."""
    return any(abs(a[0] - b[0]) > 1 or abs(a[1] - b[1]) > 1 for a, b in itertools.pairwise(cells))


def unwrapped_end(cells: list[list[int]], rows: int, cols: int) -> list[int]:
    """Where a word's last letter would stand if the grid went on past its edge."""
    (r0, c0), (r1, c1) = cells[0], cells[1]
    dr, dc = (r1 - r0 + 1) % rows - 1, (c1 - c0 + 1) % cols - 1
    return [r0 + (len(cells) - 1) * dr, c0 + (len(cells) - 1) * dc]


def test_a_puzzle_over_the_edge_is_made_from_the_form_and_played_across_the_edge(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    context = chromium.new_context(locale="de-DE", viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.fill("#words", "\n".join(WORDS))
    page.fill("#rows", "5")
    page.fill("#cols", "5")
    page.click("input[name=level][value=hard]")
    page.locator("details.more summary").click()
    page.check("#wrap")
    page.fill("#seed", "7")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    expect(page.locator("#wrap-help")).to_contain_text("über den Rand hinaus")
    puzzle_id = page.locator("body").get_attribute("data-puzzle")
    placed = answers(live_server, puzzle_id)
    assert any(over_the_edge(a["cells"]) for a in placed), "seed 7 puts a word over the edge"
    box = page.locator("#board").bounding_box()
    dragged = 0
    for count, answer in enumerate(placed, start=1):
        x, y = centre(page, unwrapped_end(answer["cells"], 5, 5))
        on_screen = 0 < x < 1280 and 0 < y < 1000
        if over_the_edge(answer["cells"]) and on_screen:
            # the drag runs out past the edge: the word carries on from the other side
            inside = (
                box["x"] < x < box["x"] + box["width"] and box["y"] < y < box["y"] + box["height"]
            )
            assert not inside
            drag(page, answer["start"], unwrapped_end(answer["cells"], 5, 5))
            dragged += 1
        else:
            # the first letter, then the last: the server tries every run that joins them
            page.mouse.click(*centre(page, answer["start"]))
            page.mouse.click(*centre(page, answer["end"]))
        wait_found(page, count)
        assert struck_off(page, answer["word"])
    assert dragged > 0
    # each part of a word over the edge has its own mark: more capsules than words
    parts = page.locator("#marks .layer-found g.found").evaluate_all(
        "groups => groups.map(g => g.querySelectorAll('line.fill').length)"
    )
    assert len(parts) == len(placed) and sum(parts) > len(placed)
    expect(page.locator("#done")).to_contain_text("Geschafft!")
    page.screenshot(path=screenshots / "de-wrap.png", full_page=True)
    context.close()


def test_the_keyboard_cursor_goes_round_and_selects_a_word_over_the_edge(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server, wrap=True, seed=7)
    open_puzzle(page, live_server, puzzle)
    placed = answers(live_server, puzzle["id"])
    answer = next(a for a in placed if over_the_edge(a["cells"]))
    page.focus("#board")
    # to the first letter the plain way, then step along the word: over the edge and round
    for _ in range(answer["start"][0]):
        page.keyboard.press("ArrowDown")
    for _ in range(answer["start"][1]):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    (r0, c0), (r1, c1) = answer["cells"][0], answer["cells"][1]
    dr, dc = (r1 - r0 + 1) % 5 - 1, (c1 - c0 + 1) % 5 - 1
    keys = [{1: "ArrowDown", -1: "ArrowUp"}.get(dr), {1: "ArrowRight", -1: "ArrowLeft"}.get(dc)]
    for _ in range(len(answer["cells"]) - 1):
        for key in keys:  # a diagonal step is one step down or up and one across
            if key:
                page.keyboard.press(key)
    # the selection is drawn in parts, one on each side of the edge
    assert page.locator(".layer-selection line.fill").count() >= 2
    page.keyboard.press("Enter")
    wait_found(page, 1)
    assert struck_off(page, answer["word"])


def test_the_form_keeps_phrases_together_when_asked_and_writes_eszett_as_chosen(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "Ice cream\nHot dog\nApple pie")
    page.check("#phrases")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    assert page.locator("#words li").all_inner_texts() == ["Ice cream", "Hot dog", "Apple pie"]
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "Ice cream\nHot dog")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    assert page.locator("#words li").all_inner_texts() == ["Ice", "cream", "Hot", "dog"]

    def grid_after(choice: str | None) -> str:
        page.goto(live_server.url + "/?lang=de")
        page.fill("#words", "Straße\nFuß\nHund\nKatze")
        page.locator("details.more summary").click()
        if choice is not None:
            page.select_option("#eszett", choice)
        page.screenshot(path=screenshots / "create-eszett-phrases.png", full_page=True)
        page.click("#make")
        page.wait_for_selector("#board[data-ready]")
        assert page.locator("#words li").all_inner_texts()[:2] == ["Straße", "Fuß"]
        return "".join(page.locator("#board .cell").all_inner_texts())

    assert "ẞ" not in grid_after(None)  # SS, as primary schools write it
    assert "ẞ" in grid_after("keep")


def test_one_word_found_is_said_in_the_singular(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    context = chromium.new_context(locale="de-DE", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(live_server.url + "/")
    page.fill("#words", "Elefant")
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    assert "1 Wort" in page.locator(".meta").first.inner_text()
    assert "1 Wörter" not in page.locator(".meta").first.inner_text()
    puzzle_id = page.locator("body").get_attribute("data-puzzle")
    (answer,) = answers(live_server, puzzle_id)
    drag(page, answer["start"], answer["end"])
    wait_found(page, 1)
    expect(page.locator("#done")).to_contain_text("Geschafft! Du hast das Wort in")
    page.screenshot(path=screenshots / "de-one-word-finished.png", full_page=True)
    context.close()


def test_the_play_page_says_once_what_the_form_split_into_words(
    page: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "Hund Katze Maus Igel Fuchs")  # one line, as a teacher types it
    page.click("#make")
    page.wait_for_selector("#board[data-ready]")
    notes = page.locator("#made-notes")
    expect(notes).to_be_visible()
    expect(notes).to_contain_text("in 5 Wörter geteilt")
    expect(notes).to_contain_text("aus den Wörtern gewählt")  # the size it chose, in German too
    assert "chosen" not in notes.inner_text()
    assert page.locator("#words li").count() == 5
    page.screenshot(path=screenshots / "made-notes-de.png")
    from .test_game import axe_violations

    assert axe_violations(page) == []
    page.reload()
    page.wait_for_selector("#board[data-ready]")
    expect(notes).to_be_hidden()  # said once, to whoever made the puzzle
