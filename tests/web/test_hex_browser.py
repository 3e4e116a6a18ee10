"""A puzzle of hexagons played in Debian's Chromium: the board is drawn as hexagons and a word is
found by dragging along each of the three axes (E–W, S–N, NE–SW), by tapping its ends and with
the keyboard's six moves. The screenshot lands in ``test-artifacts/web/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import LiveServer

pytest.importorskip("playwright", reason="playwright is not installed")

from playwright.sync_api import expect

SCHOOL = ["Tafel", "Kreide", "Heft", "Lineal", "Pause", "Mango"]
AXES = {"E": "E-W", "W": "E-W", "S": "S-N", "N": "S-N", "NE": "NE-SW", "SW": "NE-SW"}


def three_axes_seed() -> int:
    """The first seed whose hexagon of side 5 has words on all three axes (as the server makes
    it: the same spec, the same puzzle)."""
    from wortsuche import generate

    for seed in range(50):
        puzzle = generate(SCHOOL, rows=5, cols=5, level="hard", seed=seed, grid="hex")
        if len({AXES[p.direction.name] for p in puzzle.placements.values()}) == 3:
            return seed
    raise AssertionError("no seed puts words on all three axes")


def hex_puzzle(server: LiveServer) -> dict[str, Any]:
    """A hexagon of side 5 whose seed puts words on all three axes."""
    body = {"words": SCHOOL, "rows": 5, "cols": 5, "level": "hard", "seed": three_axes_seed()}
    body["grid"] = "hex"
    puzzle: dict[str, Any] = server.api("POST", "/api/puzzles", body)
    return puzzle


def centre(page: Any, cell: list[int]) -> tuple[float, float]:
    """The screen position of a cell's centre (its letter stands over its hexagon)."""
    box = page.locator(f"#cell-{cell[0]}-{cell[1]}").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, start: list[int], end: list[int]) -> None:
    page.mouse.move(*centre(page, start))
    page.mouse.down()
    page.mouse.move(*centre(page, end), steps=10)
    page.mouse.up()


def one_per_axis(answers: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    chosen: dict[str, dict[str, Any]] = {}
    for answer in answers:
        chosen.setdefault(AXES[answer["direction"]], answer)
    return chosen


def test_a_hex_puzzle_carries_its_topology(live_server: LiveServer) -> None:
    puzzle = hex_puzzle(live_server)
    assert puzzle["topology"] == {"kind": "hex", "shape": "hexagon", "side": 5}
    assert (puzzle["rows"], puzzle["cols"]) == (9, 9)
    square = live_server.api(
        "POST", "/api/puzzles", {"words": SCHOOL[:3], "rows": 7, "cols": 7, "seed": 1}
    )
    assert square["topology"] == {"kind": "flat"}


def test_the_board_is_hexagons_and_a_word_is_found_along_each_axis(
    page: Any, live_server: LiveServer, artifacts: Path
) -> None:
    puzzle = hex_puzzle(live_server)
    page.goto(live_server.url + puzzle["url"])
    page.wait_for_selector("#board[data-ready]")
    cells = sum(len(row.replace(" ", "")) for row in puzzle["grid"])
    assert cells == 61  # a hexagon of side 5: 3·5·4 + 1
    # one hexagon (a polygon of six corners) under each letter, none for the holes
    tiles = page.locator("#marks .tile")
    assert tiles.count() == cells
    corners = tiles.first.get_attribute("points") or ""
    assert len(corners.split()) == 6
    clip = page.locator("#cell-4-4").evaluate("e => getComputedStyle(e).clipPath")
    assert clip.startswith("polygon(")
    assert page.locator("#cell-0-0").evaluate("e => getComputedStyle(e).visibility") == "hidden"
    # rows are staggered: a row's first cell stands half a hexagon right of the row below's
    above, below = (
        page.locator("#cell-3-1").bounding_box(),
        page.locator("#cell-4-0").bounding_box(),
    )
    assert above["x"] - below["x"] == pytest.approx(above["width"] / 2, abs=1.5)
    assert below["y"] - above["y"] == pytest.approx(above["height"] * 0.75, abs=1.5)

    answers = live_server.api("POST", f"/api/puzzles/{puzzle['id']}/reveal")["answers"]
    chosen = one_per_axis(answers)
    assert set(chosen) == {"E-W", "S-N", "NE-SW"}
    for count, answer in enumerate(chosen.values(), start=1):
        drag(page, answer["start"], answer["end"])
        expect(page.locator("#found-count")).to_have_text(str(count))
        item = page.locator("#words li", has_text=answer["word"])
        expect(item).to_have_class("found")
        assert page.locator("#board .cell.in-word").count() >= len(answer["cells"])
    assert page.locator(".layer-found .found").count() == 3
    folder = artifacts / "web"
    folder.mkdir(parents=True, exist_ok=True)
    page.locator("#board-wrap").screenshot(path=folder / "play-hex.png")
    page.screenshot(path=folder / "play-hex-page.png", full_page=True)
    from .test_game import axe_violations

    assert axe_violations(page) == []


def test_tap_tap_and_the_keyboard_find_words_on_hexagons(
    page: Any, live_server: LiveServer
) -> None:
    puzzle = hex_puzzle(live_server)
    page.goto(live_server.url + puzzle["url"])
    page.wait_for_selector("#board[data-ready]")
    answers = live_server.api("POST", f"/api/puzzles/{puzzle['id']}/reveal")["answers"]
    chosen = one_per_axis(answers)
    tapped = chosen["NE-SW"]
    page.mouse.click(*centre(page, tapped["start"]))
    page.mouse.click(*centre(page, tapped["end"]))
    expect(page.locator("#found-count")).to_have_text("1")

    # the keyboard: the cursor starts at the first cell of the board, then six kinds of move
    typed = chosen["S-N"]
    board = page.locator("#board")
    board.focus()
    keys = {(0, 1): "ArrowRight", (0, -1): "ArrowLeft", (1, 0): "ArrowDown", (-1, 0): "ArrowUp"}
    keys |= {(-1, 1): "Shift+ArrowUp", (1, -1): "Shift+ArrowDown"}

    def cursor() -> list[int]:
        name = board.get_attribute("aria-activedescendant") or ""
        return [int(part) for part in name.split("-")[1:]]

    def walk_to(target: list[int]) -> None:
        for _ in range(40):
            here = cursor()
            if here == target:
                return
            dr, dc = target[0] - here[0], target[1] - here[1]
            if dr and dc and (dr > 0) != (dc > 0):
                step = (-1, 1) if dr < 0 else (1, -1)
            elif dr:
                step = (1 if dr > 0 else -1, 0)
            else:
                step = (0, 1 if dc > 0 else -1)
            page.keyboard.press(keys[step])
        raise AssertionError(f"the cursor did not reach {target}: {cursor()}")

    walk_to(typed["start"])
    page.keyboard.press("Enter")
    walk_to(typed["end"])
    page.keyboard.press("Enter")
    expect(page.locator("#found-count")).to_have_text("2")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_focus_rings_follow_the_hexagons(
    chromium: Any, live_server: LiveServer, artifacts: Path, scheme: str
) -> None:
    puzzle = hex_puzzle(live_server)
    page = chromium.new_page(viewport={"width": 1280, "height": 860}, color_scheme=scheme)
    page.goto(live_server.url + puzzle["url"] + "?lang=de")
    page.wait_for_selector("#board[data-ready]")
    ring, cursor_ring = page.locator("#marks .board-ring"), page.locator("#marks .cursor-ring")
    assert ring.evaluate("e => getComputedStyle(e).visibility") == "hidden"
    # reached by the keyboard: no rectangle round the board, its rim and the cell's hexagon
    page.locator("#board").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    board = page.locator("#board")
    assert board.evaluate("e => e.matches(':focus-visible')")
    assert board.evaluate("e => getComputedStyle(e).outlineStyle") == "none"
    expect(ring).to_be_visible()
    expect(cursor_ring).to_be_visible()
    sides = (ring.get_attribute("d") or "").count("M")
    assert sides == 6 * (2 * 5 - 1)  # the rim of a hexagon of side 5
    # in the colour of every focus ring of the page (WCAG's 3:1 on page and paper)
    focus = page.evaluate(
        "() => { const e = document.createElement('i'); e.style.color = 'var(--focus)';"
        " document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; }"
    )
    for drawn in (ring, cursor_ring):
        assert drawn.evaluate("e => getComputedStyle(e).stroke") == focus
    page.keyboard.press("ArrowRight")
    name = board.get_attribute("aria-activedescendant") or ""
    cell = page.locator(f"#{name}").bounding_box()
    hexagon = cursor_ring.bounding_box()
    assert len((cursor_ring.get_attribute("points") or "").split()) == 6
    # the ring is the hexagon of the cursor's cell, a little inside it
    assert hexagon["x"] + hexagon["width"] / 2 == pytest.approx(
        cell["x"] + cell["width"] / 2, abs=1
    )
    assert hexagon["y"] + hexagon["height"] / 2 == pytest.approx(
        cell["y"] + cell["height"] / 2, abs=1
    )
    assert 0.75 * cell["width"] < hexagon["width"] < cell["width"]
    box = page.locator("#board-wrap").bounding_box()
    folder = artifacts / "web"
    folder.mkdir(parents=True, exist_ok=True)
    clip = {
        "x": box["x"] - 12,
        "y": box["y"] - 12,
        "width": box["width"] + 24,
        "height": box["height"] + 24,
    }
    page.screenshot(path=folder / f"play-hex-focus-{scheme}.png", clip=clip)
    from .test_game import axe_violations

    assert axe_violations(page) == []
    # the focus gone, so are the rings
    page.locator("#words").focus()
    expect(ring).to_be_hidden()
    expect(cursor_ring).to_be_hidden()
    page.close()


def test_the_form_makes_a_puzzle_of_hexagons(page: Any, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/?lang=de")
    page.fill("#words", "\n".join(SCHOOL))
    page.check('input[name="size"][value="fixed"]')
    page.fill("#rows", "5")
    page.fill("#cols", "5")
    page.locator("details.more summary").click()
    assert page.locator("#grid option").all_inner_texts() == ["Quadrate", "Sechsecke"]
    from .test_game import axe_violations

    assert axe_violations(page) == []
    hard = page.locator(".level", has=page.locator('input[value="hard"]')).locator(".level-text")
    expect(hard).to_contain_text("alle 8 Richtungen")
    page.select_option("#grid", "hex")
    expect(hard).to_contain_text("alle 6 Richtungen")  # the levels say the ways of hexagons
    page.click("#make")
    page.wait_for_url("**/p/*")
    page.wait_for_selector("#board[data-ready]")
    assert page.locator("#marks .tile").count() == 61
    assert "Sechsecken" in page.locator("#hex-help").inner_text()
    # every sheet is offered: the PDF, the SCORM package (which plays hexagons as this page
    # does) and the documents, which carry the grid as a picture
    page.locator("#teacher-menu summary").click()
    expect(page.locator("#sheet-pdf")).to_be_visible()
    expect(page.locator("#scorm")).to_be_visible()
    expect(page.locator(".grid-size")).to_have_text("Sechseck mit 5 Feldern je Seite")
    for name in ("sheet-docx", "sheet-odt"):
        expect(page.locator(f"#{name}")).to_be_visible()
    puzzle_id = page.url.split("?")[0].rsplit("/", 1)[1]
    assert live_server.api_status("GET", f"/api/puzzles/{puzzle_id}/scorm.zip") == 200
    assert live_server.api_status("GET", f"/api/puzzles/{puzzle_id}/sheet.docx") == 200
    assert live_server.api_status("GET", f"/api/puzzles/{puzzle_id}/sheet.odt") == 200


@pytest.mark.parametrize(
    ("language", "eight", "six"),
    [("de", "8 Richtungen", "6 Richtungen"), ("en", "8 ways", "6 ways")],
)
def test_the_form_describes_the_levels_on_hexagons(
    page: Any, live_server: LiveServer, artifacts: Path, language: str, eight: str, six: str
) -> None:
    page.goto(live_server.url + f"/?lang={language}")
    page.locator("details.more summary").click()
    levels = page.locator(".level-text")
    for name in ("hard", "evil"):
        text = page.locator(".level", has=page.locator(f'input[value="{name}"]')).locator(
            ".level-text"
        )
        expect(text).to_contain_text(eight)
        page.select_option("#grid", "hex")
        expect(text).to_contain_text(six)
        page.select_option("#grid", "")
        expect(text).to_contain_text(eight)
    page.select_option("#grid", "hex")
    assert not any(eight in text for text in levels.all_inner_texts())
    folder = artifacts / "web"
    folder.mkdir(parents=True, exist_ok=True)
    page.locator("#create").screenshot(path=folder / f"create-hex-levels-{language}.png")
    # the choices of directions are the hexagons' own, and "all" makes a puzzle of all six
    all_six = {"de": "alle 6, auch rückwärts", "en": "all 6, backwards too"}[language]
    assert page.locator("#directions option").all_inner_texts()[1:] == ["→ ↘", "→ ↘ ↙", all_six]
    page.select_option("#directions", index=3)
    page.fill("#words", "\n".join(SCHOOL))
    page.check('input[name="size"][value="fixed"]')
    page.fill("#rows", "5")
    page.fill("#cols", "5")
    page.click("#make")
    page.wait_for_url("**/p/*")
    page.wait_for_selector("#board[data-ready]")
    puzzle_id = page.url.split("?")[0].rsplit("/", 1)[1]
    made = live_server.api("GET", f"/api/puzzles/{puzzle_id}")
    assert made["topology"]["kind"] == "hex"
    answers = live_server.api("POST", f"/api/puzzles/{puzzle_id}/reveal")["answers"]
    assert {answer["direction"] for answer in answers} <= set(AXES)
    # and back on squares, the squares' choices
    page.goto(live_server.url + f"/?lang={language}")
    page.locator("details.more summary").click()
    page.select_option("#grid", "hex")
    page.select_option("#grid", "")
    assert page.locator("#directions option").all_inner_texts()[1:3] == ["→ ↓", "→ ↓ ↘ ↗"]
    assert page.locator("#directions option").nth(3).get_attribute("value") == "all"


def test_staggered_rows_of_hexagons_play_too(
    page: Any, live_server: LiveServer, artifacts: Path
) -> None:
    body = {"words": SCHOOL[:4], "rows": 6, "cols": 7, "level": "medium", "seed": 3, "grid": "hex"}
    puzzle = live_server.api("POST", "/api/puzzles", body)
    assert puzzle["topology"] == {"kind": "hex", "shape": "rectangle", "rows": 6, "cols": 7}
    page.goto(live_server.url + puzzle["url"])
    page.wait_for_selector("#board[data-ready]")
    assert page.locator("#marks .tile").count() == 6 * 7
    answer = live_server.api("POST", f"/api/puzzles/{puzzle['id']}/reveal")["answers"][0]
    drag(page, answer["start"], answer["end"])
    expect(page.locator("#found-count")).to_have_text("1")
    page.locator("#board-wrap").screenshot(path=artifacts / "web" / "play-hex-rows.png")
