"""The game as a child and a teacher meet it, in Debian's Chromium at a desktop's, a tablet's and a
phone's size: the word list in view, a clock that waits for the first touch, a pause that hides
the grid, hints that name a word, a celebration with next steps, sixteen colours, dark mode, the
events other scripts listen to, axe-core finding nothing on any page, and play without a network.

Screenshots land in ``test-artifacts/web/game/``.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import WORDS, LiveServer

pytest.importorskip("playwright", reason="playwright is not installed")

from playwright.sync_api import expect

SIZES = {"desktop": (1280, 800), "tablet": (820, 1180), "phone": (390, 844)}
"""The three screens every point is tried on (CSS pixels)."""

FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube"]
ANIMALS = [
    "Hund", "Katze", "Maus", "Igel", "Fuchs", "Hase", "Reh", "Wolf",
    "Dachs", "Kuh", "Esel", "Ente", "Gans", "Huhn", "Lamm", "Ziege",
]  # fmt: skip
EVENTS = ("ready", "start", "found", "wrong", "hint", "complete")
RECORD_EVENTS = """
window.gameEvents = [];
for (const name of %s) {
  document.addEventListener(`wortsuche:${name}`, (e) => window.gameEvents.push({type: name, ...e.detail}));
}
""" % list(EVENTS)  # noqa: UP031 (the braces belong to the script)


@pytest.fixture(scope="module")
def shots(artifacts: Path) -> Path:
    folder = artifacts / "web" / "game"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def open_context(chromium: Any, size: str, **options: Any) -> Any:
    """A fresh browser context at one of the three sizes (touch on tablet and phone)."""
    width, height = SIZES[size]
    context = chromium.new_context(
        viewport={"width": width, "height": height}, has_touch=size != "desktop", **options
    )
    context.add_init_script(RECORD_EVENTS)
    return context


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, chromium: Any) -> Iterator[Any]:
    """A page at each of the three sizes in turn; fails on script errors."""
    context = open_context(chromium, request.param)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.size = request.param
    yield page
    context.close()
    assert errors == [], "the page raised errors"


def new_puzzle(server: LiveServer, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"words": WORDS, "rows": 5, "cols": 5, "level": "hard", "seed": 1}
    body.update(changes)
    puzzle: dict[str, Any] = server.api("POST", "/api/puzzles", body)
    return puzzle


def answers(server: LiveServer, puzzle_id: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = server.api("POST", f"/api/puzzles/{puzzle_id}/reveal")["answers"]
    return found


def open_puzzle(page: Any, server: LiveServer, puzzle: dict[str, Any], lang: str = "en") -> None:
    page.goto(f"{server.url}{puzzle['url']}?lang={lang}")
    page.wait_for_selector("#board[data-ready]")


def centre(page: Any, cell: list[int]) -> tuple[float, float]:
    box = page.locator("#board").bounding_box()
    rows = page.locator("#board .row").count()
    cols = page.locator("#board .row").first.locator(".cell").count()
    return (
        box["x"] + (cell[1] + 0.5) * box["width"] / cols,
        box["y"] + (cell[0] + 0.5) * box["height"] / rows,
    )


def drag(page: Any, start: list[int], end: list[int]) -> None:
    """Press on one cell, move to another, release (scrolled into view first)."""
    page.locator(f"#cell-{start[0]}-{start[1]}").scroll_into_view_if_needed()
    page.mouse.move(*centre(page, start))
    page.mouse.down()
    page.mouse.move(*centre(page, end), steps=6)
    page.mouse.up()


def find_all(page: Any, solutions: list[dict[str, Any]], already: int = 0) -> None:
    """Find each word in turn (``already`` found before)."""
    for count, answer in enumerate(solutions, start=already + 1):
        drag(page, answer["start"], answer["end"])
        expect(page.locator("#found-count")).to_have_text(str(count))


def events(page: Any, kind: str) -> list[dict[str, Any]]:
    recorded: list[dict[str, Any]] = page.evaluate("window.gameEvents")
    return [event for event in recorded if event["type"] == kind]


def in_view(page: Any, selector: str) -> bool:
    """Whether an element lies wholly inside the window as it opened (no scrolling)."""
    box = page.locator(selector).bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    return bool(box and box["y"] >= 0 and box["y"] + box["height"] <= height and box["x"] >= 0
                and box["x"] + box["width"] <= width)  # fmt: skip


# -- 1. layouts ----------------------------------------------------------------------------------


def test_the_word_list_is_in_view_beside_or_above_a_grid_as_large_as_the_screen_allows(
    sized: Any, live_server: LiveServer, shots: Path
) -> None:
    words = [*FRUIT, "Feige", "Dattel", "Melone", "Zitrone", "Orange", "Kiwi"]
    puzzle = new_puzzle(live_server, words=words, rows=15, cols=15, level="medium", seed=3)
    open_puzzle(sized, live_server, puzzle)
    assert in_view(sized, "#words")  # no scrolling to see the words
    assert in_view(sized, "#words li:first-child")
    assert in_view(sized, ".playbar")
    words_box = sized.locator("#words").bounding_box()
    board = sized.locator("#board").bounding_box()
    if sized.size == "desktop":
        assert words_box["x"] >= board["x"] + board["width"]  # beside the grid
    else:
        assert words_box["y"] + words_box["height"] <= board["y"]  # above the grid
    cell = board["width"] / 15
    assert cell >= 24  # WCAG 2.5.8: targets of at least 24 px
    width = sized.viewport_size["width"]
    if sized.size == "phone":
        # the play screen: cells for a finger, the grid panning in its frame under the words
        assert cell >= 32 and board["width"] >= width - 20
        assert sized.evaluate("document.querySelector('.board-area').scrollWidth") > width
        assert words_box["height"] < 120
    assert sized.evaluate("document.documentElement.scrollWidth") <= width
    sized.screenshot(path=shots / f"layout-{sized.size}.png")


UNCOVERED_ROWS = """(rows) => { let n = 0; for (let r = 0; r < rows; r++) {
  const el = document.getElementById(`cell-${r}-0`), b = el.getBoundingClientRect();
  const seen = [b.top + 2, b.bottom - 2].every((y) => {
    const hit = document.elementFromPoint(b.left + b.width / 2, y);
    return hit && (hit === el || el.contains(hit) || hit.closest("#board-wrap")); });
  if (b.top >= 0 && b.bottom <= innerHeight && seen) n++; } return n; }"""
"""How many rows of the grid lie wholly in the window with nothing over their first cell."""


@pytest.mark.parametrize("viewport", [(667, 375), (915, 412)], ids=["small", "large"])
def test_a_phone_held_sideways_shows_the_whole_grid_with_the_words_beside_it(
    chromium: Any, live_server: LiveServer, shots: Path, viewport: tuple[int, int]
) -> None:
    """Every row is in view and uncovered with the found count and the buttons, the grid
    stays put while the page scrolls, and the first words stand beside it; every word is found
    by touch without scrolling."""
    width, height = viewport
    context = chromium.new_context(
        viewport={"width": width, "height": height}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    words = [*ANIMALS[:12], "Wildschwein", "Krokodil", "Elefant"]
    puzzle = new_puzzle(live_server, words=words, rows=15, cols=15, level="hard", seed=11)
    open_puzzle(page, live_server, puzzle, lang="de")
    assert page.evaluate(UNCOVERED_ROWS, 15) == 15  # on the first screen, no swipe first
    for tool in ("#found-count", "#hint", "#pause"):
        assert in_view(page, tool), tool
    assert page.locator("#board .cell").first.bounding_box()["width"] >= 24
    board, listed = (page.locator(s).bounding_box() for s in ("#board", "#words li:first-child"))
    assert listed["x"] >= board["x"] + board["width"] and listed["y"] + listed["height"] <= height
    page.locator(".playbar").scroll_into_view_if_needed()  # below the list on a small phone
    assert in_view(page, "#hint")
    assert page.evaluate(UNCOVERED_ROWS, 15) == 15  # the grid stays while the list scrolls
    page.screenshot(path=shots / f"sideways-{width}x{height}.png")
    context.close()


def touch_line(cdp: Any, points: list[list[tuple[float, float]]], steps: int = 10) -> None:
    """Fingers (one list of points each, start and end) pressed, moved together and lifted."""

    def fingers(share: float) -> list[dict[str, float]]:
        return [
            {"x": a[0] + (b[0] - a[0]) * share, "y": a[1] + (b[1] - a[1]) * share, "id": n}
            for n, (a, b) in enumerate(points)
        ]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(0)})
    for step in range(1, steps + 1):
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(step / steps)}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


FRAME_VIEW = """(cell) => { const b = document.getElementById(`cell-${cell[0]}-${cell[1]}`)
  .getBoundingClientRect(), f = document.querySelector('.board-area').getBoundingClientRect();
  return b.left >= f.left && b.right <= f.right && b.top >= f.top && b.bottom <= f.bottom; }"""
"""Whether a cell lies wholly inside the grid's frame as it is panned now."""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_phone_held_upright_plays_with_big_cells_under_the_words_still_to_find(
    chromium: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    """An iPhone SE (375 x 667): cells of at least 32 px in a frame that pans with two fingers,
    the words still to find fixed above it; one finger marks a word, even one that starts
    outside the first view, and the page never scrolls away."""
    context = chromium.new_context(
        viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True
    )
    context.add_init_script(RECORD_EVENTS)
    page = context.new_page()
    words = [*ANIMALS[:12], "Wildschwein", "Krokodil"]
    puzzle = new_puzzle(live_server, words=words, rows=15, cols=15, level="easy", seed=5)
    open_puzzle(page, live_server, puzzle, lang=lang)
    sizes = page.evaluate(
        "[...document.querySelectorAll('#board .cell')].map(c => c.getBoundingClientRect())"
        ".map(b => Math.min(b.width, b.height))"
    )
    assert len(sizes) == 225 and min(sizes) >= 32
    assert in_view(page, "#words") and in_view(page, ".playbar")
    for item in page.locator("#words li").all():
        assert in_view(page, f"#words li[data-index='{item.get_attribute('data-index')}']")
    assert axe_violations(page) == []
    page.screenshot(path=shots / f"phone-upright-{lang}.png")
    cdp = context.new_cdp_session(page)
    solutions = answers(live_server, puzzle["id"])
    seen = [a for a in solutions if page.evaluate(FRAME_VIEW, a["start"])
            and page.evaluate(FRAME_VIEW, a["end"])]  # fmt: skip
    hidden = [a for a in solutions if not page.evaluate(FRAME_VIEW, a["start"])]
    assert seen and hidden
    touch_line(cdp, [[centre(page, seen[0]["start"]), centre(page, seen[0]["end"])]])
    expect(page.locator("#found-count")).to_have_text("1")
    expect(page.locator("#words li.found")).to_be_hidden()  # struck off the wrap: out of the way
    # two fingers move the grid until the hidden word's first letter is in the frame
    target = hidden[0]
    for _ in range(8):
        if page.evaluate(FRAME_VIEW, target["start"]) and page.evaluate(FRAME_VIEW, target["end"]):
            break
        x, y = centre(page, target["start"])
        frame = page.locator(".board-area").bounding_box()
        middle = (frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
        dx = max(-120.0, min(120.0, middle[0] - x))
        dy = max(-120.0, min(120.0, middle[1] - y))
        fingers = [(middle[0] - 30, middle[1]), (middle[0] + 30, middle[1] + 10)]
        touch_line(cdp, [[f, (f[0] + dx, f[1] + dy)] for f in fingers])
        page.wait_for_timeout(300)
    assert page.evaluate(FRAME_VIEW, target["start"]), "two fingers did not pan the grid"
    assert page.evaluate("window.scrollY") == 0
    touch_line(cdp, [[centre(page, target["start"]), centre(page, target["end"])]])
    expect(page.locator("#found-count")).to_have_text("2")
    assert page.evaluate("window.scrollY") == 0 and in_view(page, "#words")
    assert events(page, "wrong") == []  # panning marked nothing
    assert axe_violations(page) == []
    page.screenshot(path=shots / f"phone-upright-panned-{lang}.png")
    context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_phone_held_sideways_has_no_axe_violation(
    chromium: Any, live_server: LiveServer, shots: Path, lang: str
) -> None:
    context = chromium.new_context(
        viewport={"width": 667, "height": 375}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    puzzle = new_puzzle(live_server, words=ANIMALS[:14], rows=15, cols=15, level="easy", seed=5)
    open_puzzle(page, live_server, puzzle, lang=lang)
    assert page.evaluate(UNCOVERED_ROWS, 15) == 15
    assert axe_violations(page) == []
    page.screenshot(path=shots / f"phone-sideways-{lang}.png")
    context.close()


def test_zoom_never_makes_cells_smaller_and_reaches_a_finger_size(
    sized: Any, live_server: LiveServer
) -> None:
    for rows, cols in ((8, 8), (30, 30)):
        puzzle = new_puzzle(live_server, words=FRUIT, rows=rows, cols=cols, level="easy")
        open_puzzle(sized, live_server, puzzle)
        cell = sized.locator("#board .cell").first
        before = cell.bounding_box()["width"]
        sized.click("#zoom")
        expect(sized.locator("#zoom")).to_have_attribute("aria-pressed", "true")
        after = cell.bounding_box()["width"]
        assert after >= before * 1.45 and after >= 44, (rows, before, after)
        sized.click("#zoom")
        assert cell.bounding_box()["width"] == pytest.approx(before, abs=0.5)


# -- 2. play panel and teacher menu ---------------------------------------------------------------


def test_players_see_the_game_and_teachers_find_their_tools_in_a_menu(
    sized: Any, live_server: LiveServer
) -> None:
    open_puzzle(sized, live_server, new_puzzle(live_server, words=FRUIT, rows=None, cols=None))
    for tool in ("#hint", "#pause", "#clock-toggle"):
        expect(sized.locator(tool)).to_be_visible()
    for tool in ("#print", "#reveal", "#again", "#share-url", "#sheet-pdf"):
        expect(sized.locator(tool)).to_be_hidden()
    sized.locator("#teacher-menu summary").click()
    for tool in ("#print", "#reveal", "#again", "#share-url", "#sheet-pdf"):
        expect(sized.locator(tool)).to_be_visible()
    meta = sized.locator(".heading .meta").inner_text()
    assert re.search(r"about \d+ minutes?", meta) and "hard" in meta.lower()
    text = sized.locator("main").inner_text()
    for developer_word in ("chosen from the words", "Seed", "difficulty", "Difficulty"):
        assert developer_word not in text


def test_the_clock_can_be_hidden_and_stays_hidden(sized: Any, live_server: LiveServer) -> None:
    puzzle = new_puzzle(live_server)
    open_puzzle(sized, live_server, puzzle)
    sized.click("#clock-toggle")
    expect(sized.locator("#timer")).to_be_hidden()
    expect(sized.locator("#clock-toggle")).to_have_text("Show clock")
    open_puzzle(sized, live_server, puzzle)
    expect(sized.locator("#timer")).to_be_hidden()
    sized.click("#clock-toggle")
    expect(sized.locator("#timer")).to_be_visible()


# -- 1 (events), 5. the clock and the pause ------------------------------------------------------


def test_the_clock_starts_on_the_first_touch_and_the_game_reports_each_step(
    sized: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server)
    solutions = answers(live_server, puzzle["id"])
    sized.clock.install()
    open_puzzle(sized, live_server, puzzle)
    sized.clock.run_for(6_000)
    expect(sized.locator("#timer")).to_have_text("0:00")  # nobody has touched the game yet
    assert events(sized, "start") == []
    count = len(solutions)
    fresh = {"found": 0, "count": count, "hints": 0, "done": False}
    assert [e["tally"] for e in events(sized, "ready")] == [fresh]
    first, *rest = solutions
    if sized.size == "desktop":
        drag(sized, first["start"], first["cells"][1])  # a wrong selection is the first touch
    else:
        sized.touchscreen.tap(*centre(sized, first["start"]))
        sized.touchscreen.tap(*centre(sized, first["cells"][1]))
    expect(sized.locator("#announce")).to_have_text("That is not one of the words.")
    assert [e["puzzle"] for e in events(sized, "start")] == [puzzle["id"]]
    assert events(sized, "wrong")[0]["start"] == first["start"]
    sized.clock.run_for(4_000)
    expect(sized.locator("#timer")).to_have_text(re.compile(r"0:0[4-6]"))
    sized.click("#hint")
    expect(sized.locator("#hint-text")).to_be_visible()
    hinted = events(sized, "hint")[0]["word"]
    order = sorted(solutions, key=lambda a: a["word"] != hinted)  # the hinted word first
    find_all(sized, order)
    found = events(sized, "found")
    assert [f["word"] for f in found] == [a["word"] for a in order]
    assert found[0]["hints"] == 1 and found[0]["wrong"] == 1
    assert all(f["hints"] == 0 and f["wrong"] == 0 for f in found[1:])
    assert found[0]["start"] == order[0]["start"] and found[0]["end"] == order[0]["end"]
    assert 4 <= found[0]["at"] <= found[-1]["at"] < 30
    (complete,) = events(sized, "complete")
    assert complete["hints"] == 1 and complete["puzzle"] == puzzle["id"]
    assert complete["seconds"] == pytest.approx(found[-1]["at"], abs=0.5)
    # each event tells how far the game is: listed words found, hints taken, done
    tallies = [f["tally"] for f in found]
    assert tallies == [
        {"found": n, "count": count, "hints": 1, "done": n == count} for n in range(1, count + 1)
    ]
    assert complete["tally"] == tallies[-1] and events(sized, "hint")[0]["tally"]["hints"] == 1
    assert rest  # the puzzle has more than one word


def test_a_pause_covers_the_grid_and_stops_the_clock(
    sized: Any, live_server: LiveServer, shots: Path
) -> None:
    puzzle = new_puzzle(live_server)
    sized.clock.install()
    open_puzzle(sized, live_server, puzzle)
    sized.locator("#board").press("ArrowRight")  # the first touch
    sized.clock.run_for(3_000)
    sized.click("#pause")
    cover = sized.locator("#pause-cover")
    expect(cover).to_be_visible()
    expect(sized.locator("#resume")).to_be_focused()
    assert sized.locator("#board").evaluate("e => getComputedStyle(e).visibility") == "hidden"
    cover_box, board_box = cover.bounding_box(), sized.locator("#board").bounding_box()
    assert cover_box["width"] >= board_box["width"] - 1
    assert cover_box["height"] >= board_box["height"] - 1
    stopped = sized.locator("#timer").inner_text()
    sized.clock.run_for(10_000)
    expect(sized.locator("#timer")).to_have_text(stopped)
    sized.screenshot(path=shots / f"paused-{sized.size}.png")
    sized.click("#resume")
    expect(cover).to_be_hidden()
    sized.clock.run_for(3_000)
    expect(sized.locator("#timer")).not_to_have_text(stopped)


# -- 4. hints ------------------------------------------------------------------------------------


def test_a_hint_names_the_word_and_marks_its_first_letter_until_found_then_its_way(
    sized: Any, live_server: LiveServer, shots: Path
) -> None:
    puzzle = new_puzzle(live_server, words=FRUIT, rows=None, cols=None, level="medium", seed=5)
    solutions = {a["word"]: a for a in answers(live_server, puzzle["id"])}
    open_puzzle(sized, live_server, puzzle, lang="de")
    sized.click("#hint")
    line = sized.locator("#hint-text")
    expect(line).to_be_visible()
    word = line.inner_text().split("„")[1].split("“")[0]
    assert word in solutions
    expect(line).to_have_text(f"Suche „{word}“: Es beginnt beim markierten Buchstaben.")
    answer = solutions[word]
    lit = sized.locator("#board .cell.hint")
    expect(lit).to_have_count(1)
    assert lit.get_attribute("id") == f"cell-{answer['start'][0]}-{answer['start'][1]}"
    expect(sized.locator("#words li.hinted")).to_have_text(word)
    sized.wait_for_timeout(3_000)
    expect(lit).to_have_count(1)  # it stays until the word is found
    sized.click("#hint")  # the second press: which way the word runs
    expect(line).to_contain_text("läuft in Richtung der kurzen Linie")
    way = sized.locator(".layer-hint .hint-way line.outline")
    expect(way).to_have_count(1)
    x2, y2 = float(way.get_attribute("x2") or 0), float(way.get_attribute("y2") or 0)
    second = answer["cells"][1]
    assert (y2, x2) == (second[0] + 0.5, second[1] + 0.5)
    expect(sized.locator("#hint")).to_be_disabled()
    sized.screenshot(path=shots / f"hint-{sized.size}.png")
    drag(sized, answer["start"], answer["end"])
    expect(sized.locator("#board .cell.hint")).to_have_count(0)
    expect(line).to_be_hidden()
    expect(sized.locator("#hint")).to_be_enabled()
    stored = sized.evaluate(f"JSON.parse(localStorage['wortsuche:progress:{puzzle['id']}'])")
    assert stored["hints"] == 2


# -- 3. celebration and next steps ----------------------------------------------------------------


def test_the_end_is_celebrated_with_time_hints_best_time_and_next_steps(
    sized: Any, live_server: LiveServer, shots: Path
) -> None:
    puzzle = new_puzzle(live_server, words=FRUIT, rows=None, cols=None, level="medium", seed=5)
    open_puzzle(sized, live_server, puzzle)
    find_all(sized, answers(live_server, puzzle["id"]))
    done = sized.locator("#done")
    expect(done).to_be_visible()
    expect(sized.locator("#done-title")).to_have_text("Puzzle solved")
    expect(sized.locator("#done-title")).to_be_focused()
    expect(done).to_contain_text("You found all 8 words in")
    expect(done).to_contain_text("No hints used.")
    expect(done).to_contain_text("New best time on this device!")
    expect(sized.locator(".confetti span").first).to_be_attached()
    assert sized.locator(".confetti span").count() >= 16
    sized.screenshot(path=shots / f"celebration-{sized.size}.png")
    expect(sized.locator("#next-puzzle")).to_be_visible()
    expect(sized.locator("#easier")).to_have_text("Easier")
    sized.click("#harder")
    sized.wait_for_url(re.compile(r"/p/(?!" + puzzle["id"] + ")"))
    sized.wait_for_selector("#board[data-ready]")
    fresh = live_server.api("GET", "/api/puzzles/" + sized.url.rsplit("/", 1)[1].split("?")[0])
    assert fresh["level"] == "hard" and sorted(fresh["words"]) == sorted(FRUIT)
    assert "?lang=en" in sized.url


def test_next_puzzle_keeps_the_settings_with_a_new_grid(
    chromium: Any, live_server: LiveServer
) -> None:
    context = open_context(chromium, "phone", reduced_motion="reduce")
    page = context.new_page()
    puzzle = new_puzzle(live_server, words=FRUIT, rows=9, cols=9, level="easy", seed=5)
    open_puzzle(page, live_server, puzzle)
    find_all(page, answers(live_server, puzzle["id"]))
    expect(page.locator("#done")).to_be_visible()
    assert page.locator(".confetti").count() == 0  # less motion asked for: no confetti
    assert page.locator("#easier").count() == 0  # nothing is easier than easy
    page.click("#next-puzzle")
    page.wait_for_url(re.compile(r"/p/(?!" + puzzle["id"] + ")"))
    fresh = live_server.api("GET", "/api/puzzles/" + page.url.rsplit("/", 1)[1].split("?")[0])
    old = live_server.api("GET", f"/api/puzzles/{puzzle['id']}")
    assert (fresh["rows"], fresh["cols"], fresh["level"]) == (9, 9, "easy")
    assert fresh["words"] == old["words"] and fresh["grid"] != old["grid"]
    context.close()


# -- 6. colours and dark mode -------------------------------------------------------------------


def luminance(colour: str) -> float:
    """The relative luminance of a CSS ``rgb(…)``, as WCAG defines it."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", colour)[:3]]
    if "color(srgb" in colour:
        numbers = [n * 255 for n in numbers]
    linear = [(c / 255 / 12.92) if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4
              for c in numbers]  # fmt: skip
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_sixteen_words_get_sixteen_colours_with_outlines_of_at_least_three_to_one(
    chromium: Any, live_server: LiveServer, shots: Path, scheme: str
) -> None:
    context = open_context(chromium, "tablet", color_scheme=scheme)
    page = context.new_page()
    puzzle = new_puzzle(live_server, words=ANIMALS, rows=None, cols=None, level="easy", seed=2)
    open_puzzle(page, live_server, puzzle)
    find_all(page, answers(live_server, puzzle["id"]))
    outlines = page.locator(".layer-found .found .outline").evaluate_all(
        "lines => lines.map(l => getComputedStyle(l).stroke)"
    )
    assert len(set(outlines)) == 16
    paper = page.locator("#board-wrap").evaluate("e => getComputedStyle(e).backgroundColor")
    assert min(contrast(stroke, paper) for stroke in outlines) >= 3
    dashed = page.locator(".layer-found .found.dashed").count()
    assert dashed == 8  # the second eight have a pattern as well as a colour
    assert page.locator("#words .swatch.dashed").count() == 8
    page.locator("#board-wrap").screenshot(path=shots / f"sixteen-colours-{scheme}.png")
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_dark_mode_follows_the_system_setting(
    chromium: Any, live_server: LiveServer, shots: Path, size: str
) -> None:
    puzzle = new_puzzle(live_server, words=FRUIT, rows=None, cols=None, level="medium", seed=5)
    solutions = answers(live_server, puzzle["id"])
    colours = {}
    for scheme in ("light", "dark"):
        context = open_context(chromium, size, color_scheme=scheme)
        page = context.new_page()
        open_puzzle(page, live_server, puzzle, lang="de")
        find_all(page, solutions[:3])
        page.click("#hint")
        body = page.locator("body").evaluate("e => getComputedStyle(e).backgroundColor")
        html = page.locator("html").evaluate("e => getComputedStyle(e).backgroundColor")
        ink = page.locator(".cell").first.evaluate("e => getComputedStyle(e).color")
        colours[scheme] = (luminance(html if "0, 0, 0, 0" in body else body), ink)
        assert contrast(ink, page.locator("#board-wrap").evaluate(
            "e => getComputedStyle(e).backgroundColor")) >= 4.5  # fmt: skip
        page.screenshot(path=shots / f"play-{size}-{scheme}.png")
        context.close()
    assert colours["light"][0] > 0.8 and colours["dark"][0] < 0.05


# -- 7. accessibility ----------------------------------------------------------------------------


def axe_violations(page: Any) -> list[str]:
    """axe-core's WCAG 2.x A and AA rules (2.2 included) on the page as it stands."""
    from axe_playwright_python.sync_playwright import Axe

    tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": tags}})
    return [
        f"{v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:3])})"
        for v in results.response["violations"]
    ]


@pytest.mark.parametrize(
    ("size", "scheme"),
    [
        ("desktop", "light"),
        ("tablet", "light"),
        ("phone", "light"),
        ("phone", "dark"),
        ("desktop", "dark"),
    ],
)
def test_axe_finds_no_violation_on_any_page(
    chromium: Any, live_server: LiveServer, tmp_path: Path, size: str, scheme: str
) -> None:
    from wortsuche import generate
    from wortsuche.render.html import render
    from wortsuche.render.options import RenderOptions

    offline = tmp_path / "puzzle.html"
    offline.write_text(
        render(generate(FRUIT, level="medium", seed=4), RenderOptions(language="de")),
        encoding="utf-8",
    )
    from wortsuche.render.scorm import render as package

    scorm = package(generate(FRUIT, level="medium", seed=4), RenderOptions(language="en"))
    zipfile.ZipFile(io.BytesIO(scorm)).extractall(tmp_path / "scorm")
    context = open_context(chromium, size, color_scheme=scheme)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    for lang in ("de", "en"):
        puzzle = new_puzzle(live_server, words=FRUIT, rows=None, cols=None, level="medium")
        solutions = answers(live_server, puzzle["id"])
        page.goto(f"{live_server.url}/?lang={lang}")
        found[f"create {lang}"] = axe_violations(page)
        open_puzzle(page, live_server, puzzle, lang=lang)
        find_all(page, solutions[:2])
        page.click("#hint")
        page.locator("#teacher-menu summary").click()
        found[f"play {lang}"] = axe_violations(page)
        page.click("#pause")
        found[f"paused {lang}"] = axe_violations(page)
        page.click("#resume")
        find_all(page, solutions[2:], already=2)
        expect(page.locator("#done")).to_be_visible()
        page.wait_for_timeout(200)
        found[f"finished {lang}"] = axe_violations(page)
    page.goto(f"{live_server.url}/p/nosuchpuzzle?lang=de")
    found["missing"] = axe_violations(page)
    page.goto(offline.as_uri())
    page.wait_for_selector("#board[data-ready]")
    found["offline file"] = axe_violations(page)
    page.locator("#board").press("Enter")  # keyboard play in the offline file
    page.locator("#board").press("ArrowRight")
    found["offline file, selecting"] = axe_violations(page)
    page.goto((tmp_path / "scorm" / "index.html").as_uri())  # the SCORM package's game
    page.wait_for_selector("#board[data-ready]")
    found["SCORM game"] = axe_violations(page)
    context.close()
    assert {where: v for where, v in found.items() if v} == {}


def test_found_cells_say_so_in_the_page_language_and_the_clock_is_no_live_region(
    sized: Any, live_server: LiveServer
) -> None:
    puzzle = new_puzzle(live_server)
    first = answers(live_server, puzzle["id"])[0]
    open_puzzle(sized, live_server, puzzle, lang="de")
    drag(sized, first["start"], first["end"])
    expect(sized.locator("#found-count")).to_have_text("1")
    for r, c in first["cells"]:
        assert sized.locator(f"#cell-{r}-{c}").get_attribute("aria-describedby") == "cell-found"
    assert sized.locator("#cell-found").text_content() == "gefunden"
    expect(sized.locator("#words li.found .state")).to_have_text(" (gefunden)")
    live = sized.locator("#timer").evaluate(
        "e => { for (let a = e; a; a = a.parentElement) {"
        " if (a.getAttribute('aria-live') || ['status', 'log', 'timer'].includes(a.getAttribute('role'))) return true; }"
        " return false; }"
    )
    assert live is False


# -- 8. installable, and offline ------------------------------------------------------------------


def test_the_manifest_names_the_app_and_its_icons(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from wortsuche.web.app import create_app

    client = TestClient(create_app(tmp_path / "puzzles.sqlite"))  # the app in this process

    manifest = client.get("/manifest.webmanifest?lang=de").json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/?lang=de"
    assert manifest["description"] == "Buchstabenrätsel zum Spielen und Drucken"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200 and response.headers["content-type"] == icon["type"]
    worker = client.get("/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert "{{version}}" not in worker.text


def test_a_puzzle_opened_before_plays_without_a_network(
    chromium: Any, live_server: LiveServer, shots: Path
) -> None:
    context = open_context(chromium, "tablet")
    page = context.new_page()
    puzzle = new_puzzle(live_server, words=FRUIT, rows=None, cols=None, level="medium", seed=5)
    solutions = answers(live_server, puzzle["id"])
    open_puzzle(page, live_server, puzzle)
    # the service worker has taken charge of the page and kept what it needs
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_selector("#board[data-ready]")
    assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
    page.wait_for_timeout(500)  # the hashes for offline play are fetched after the page opens
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#board[data-ready]")
    find_all(page, solutions[:2])
    expect(page.locator("#words li.found")).to_have_count(2)
    page.click("#hint")
    expect(page.locator("#hint-text")).to_be_visible()
    page.screenshot(path=shots / "offline-tablet.png")
    context.set_offline(False)
    context.close()


def test_a_puzzle_opened_once_plays_offline_and_the_start_page_leads_to_it(
    chromium: Any, live_server: LiveServer, shots: Path
) -> None:
    """No second visit: the worker keeps the page that was open when it started, its puzzle and
    hashes, and the start pages; offline, making a puzzle says so in the reader's language."""
    context = open_context(chromium, "phone")
    page = context.new_page()
    puzzle = new_puzzle(live_server, words=FRUIT, rows=None, cols=None, level="medium", seed=6)
    solutions = answers(live_server, puzzle["id"])
    open_puzzle(page, live_server, puzzle)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    kept = f"""async () => {{
        for (let i = 0; i < 100; i++) {{
            const names = await caches.keys();
            for (const name of names) {{
                const cache = await caches.open(name);
                if (await cache.match("/p/{puzzle["id"]}/hashes.json", {{ ignoreVary: true }})
                    && await cache.match("/?lang=en", {{ ignoreVary: true }})) return true;
            }}
            await new Promise((done) => setTimeout(done, 100));
        }}
        return false;
    }}"""
    assert page.evaluate(kept)
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#board[data-ready]")
    find_all(page, solutions[:1])
    expect(page.locator("#words li.found")).to_have_count(1)
    page.goto(live_server.url + "/?lang=en")
    expect(page.locator("#recent-title")).to_have_text("Played recently on this device")
    expect(page.locator("#recent-list a")).to_have_count(1)
    page.screenshot(path=shots / "offline-start-phone.png")
    page.fill("#words", "Apfel, Birne")
    page.click("#make")
    expect(page.locator("#words-error, #form-error")).to_contain_text(["You are offline"])
    page.locator("#recent-list a").click()
    page.wait_for_selector("#board[data-ready]")
    context.set_offline(False)
    context.close()


def test_chromium_finds_the_game_installable(chromium: Any, live_server: LiveServer) -> None:
    context = open_context(chromium, "tablet")
    page = context.new_page()
    open_puzzle(page, live_server, new_puzzle(live_server))
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    session = context.new_cdp_session(page)
    errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
    manifest = session.send("Page.getAppManifest")
    # a Playwright context is a private window, where Chromium never offers to install
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []
    assert manifest["url"].endswith("/manifest.webmanifest?lang=en") and not manifest["errors"]
    context.close()


@pytest.mark.parametrize(
    ("size", "scheme", "lang"),
    [
        ("desktop", "light", "de"),
        ("tablet", "light", "en"),
        ("phone", "light", "de"),
        ("phone", "dark", "en"),
    ],
)
def test_axe_finds_no_violation_on_the_classroom_pages(
    chromium: Any, live_server: LiveServer, size: str, scheme: str, lang: str
) -> None:
    made = live_server.api(
        "POST",
        "/api/assignments",
        {"words": ["IGEL", "EULE", "FUCHS", "HASE", "REH", "DACHS"], "rows": 8, "cols": 8},
    )
    context = open_context(chromium, size, color_scheme=scheme)
    page = context.new_page()
    found: dict[str, list[str]] = {}
    for label, url in (
        ("code entry", f"{live_server.url}/c?lang={lang}"),
        ("new assignment", f"{live_server.url}/t/new?lang={lang}"),
        ("class join", f"{made['class_url']}?lang={lang}"),
        ("teacher", made["teacher_url"].replace("#", f"?lang={lang}#")),  # the token after #
    ):
        page.goto(url)
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == lang, label
        found[label] = axe_violations(page)
    page.goto(made["class_url"])
    page.fill("#pseudonym", "Mia")
    page.click("#start")
    page.wait_for_selector("#board[data-ready]")
    found["class play"] = axe_violations(page)
    context.close()
    assert found == {label: [] for label in found}
