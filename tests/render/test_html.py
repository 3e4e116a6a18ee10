"""The offline HTML game, opened from file:// in Debian's Chromium through Playwright."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

import wortsuche.web
from wortsuche import Puzzle
from wortsuche.i18n import translator
from wortsuche.model import Cell
from wortsuche.render import html, render
from wortsuche.render.html import GAME_ENTRY, answer_hash, cell_sequence, game_data
from wortsuche.render.modules import joined, load_order, module
from wortsuche.render.template import catalogue_values


def test_source_reveals_no_positions(zoo: Puzzle) -> None:
    page = str(render(zoo, "html"))
    squeezed = re.sub(r"\s", "", page)
    for placement in zoo.placements.values():
        cells = placement.cells
        for text in (
            cell_sequence(cells),
            ";".join(f"{r},{c}" for r, c in cells),
            json.dumps([list(cell) for cell in cells]).replace(" ", ""),
            json.dumps(list(placement.start) + list(placement.end)).replace(" ", ""),
        ):
            assert text not in squeezed
    data = game_data(zoo)
    assert set(data) == {"rows", "salt", "words", "message", "wrap", "topology"}
    assert data["topology"] == {"kind": "flat"}
    assert data["wrap"] is False
    assert data["message"] is None
    assert all(set(word) == {"entry", "hashes", "first", "second"} for word in data["words"])


def test_hashes_match_the_cells_read_from_either_end(zoo: Puzzle) -> None:
    data = game_data(zoo)
    hashes = {w["entry"]: w["hashes"] for w in data["words"]}
    for word in zoo.words:
        cells = zoo.placements[word.letters].cells
        backwards = tuple(reversed(cells))
        assert answer_hash(data["salt"], cell_sequence(backwards)) == hashes[word.entry][0]


@pytest.fixture
def browser(chromium: Any) -> Any:
    """The session's Chromium (tests/conftest.py): Debian's /usr/bin/chromium via Playwright."""
    return chromium


def drag(page: Any, start: Cell, end: Cell, cols: int) -> None:
    """Press on the start cell, move across to the end cell, release."""

    def centre(cell: Cell) -> tuple[float, float]:
        box = page.locator(".cell").nth(cell[0] * cols + cell[1]).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    (x0, y0), (x1, y1) = centre(start), centre(end)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def test_dragging_across_a_word_strikes_it_off(
    browser: Any, zoo: Puzzle, tmp_path: Path, paper_artifacts: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(zoo, "html", title="Zoo animals")), encoding="utf-8")
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(file.as_uri())
    assert page.locator(".cell").count() == zoo.rows * zoo.cols
    assert "".join(page.locator(".cell").all_inner_texts()) == "".join(zoo.grid.rows)

    word = next(w for w in zoo.words if w.entry == "Ice cream")
    placement = zoo.placements[word.letters]
    item = page.locator("#words li", has_text="Ice cream")

    # A drag that is not a word finds nothing, and the page says so.
    wrong_end = (placement.start[0], placement.start[1] + 1 if placement.start[1] == 0 else 0)
    drag(page, placement.start, wrong_end, zoo.cols)
    expect(page.locator("#announce")).to_have_text("Das ist keins der gesuchten Wörter.")
    assert "found" not in (item.get_attribute("class") or "")

    # Dragged from the last letter back to the first, so direction does not matter.
    drag(page, placement.end, placement.start, zoo.cols)
    page.wait_for_function("document.querySelectorAll('#words li.found').length === 1")
    assert "found" in (item.get_attribute("class") or "")
    entry = item.locator(".entry")
    assert entry.evaluate("e => getComputedStyle(e).textDecorationLine") == "line-through"
    assert page.locator("#marks .layer-found line.fill").count() == 1  # a capsule, not dots
    assert page.locator("#found-count").inner_text() == "1"
    # The zoo's words are German, and so is everything the page says.
    assert page.locator("html").get_attribute("lang") == "de"
    assert page.locator("#announce").inner_text() == "Gefunden: Ice cream."
    assert page.locator(".progress-count").inner_text() == f"1 von {len(zoo.words)} gefunden"
    assert re.fullmatch(r"Zeit 0:\d\d", page.locator(".clock-face").inner_text())
    page.screenshot(path=str(paper_artifacts / "play.png"))
    assert errors == []
    page.close()


def test_entries_cannot_break_out_of_the_page(browser: Any, tmp_path: Path) -> None:
    import dataclasses

    from wortsuche import Word, generate

    # Entries as a puzzle file could hold them, whatever the normaliser lets through.
    plain = generate(["SCRIPT", "COMMENT", "ZEBRA"], rows=8, cols=8, seed=1)
    entries = {"SCRIPT": "</script><b>X</b>", "COMMENT": "<!--Y", "ZEBRA": "Zebra"}
    words = tuple(Word(entries[w.letters], w.letters) for w in plain.words)
    puzzle = dataclasses.replace(plain, words=words)
    file = tmp_path / "play.html"
    file.write_text(str(render(puzzle, "html", title="<i>T</i>")), encoding="utf-8")
    page = browser.new_page()
    page.goto(file.as_uri())
    assert page.locator("h1").inner_text() == "<i>T</i>"
    items = page.locator("#words li").all_inner_texts()
    assert sorted(items) == sorted(w.entry for w in puzzle.words)
    assert page.locator("b").count() == 0
    page.close()


def test_grid_fits_a_phone_screen(browser: Any, zoo: Puzzle, tmp_path: Path) -> None:
    """On a phone the grid keeps cells a child's finger hits (at least 32 px) in a frame that
    fits the page: the frame pans, the page never scrolls sideways."""
    file = tmp_path / "play.html"
    file.write_text(str(render(zoo, "html")), encoding="utf-8")
    page = browser.new_page(viewport={"width": 360, "height": 740})
    page.goto(file.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    body = page.locator("body").bounding_box()
    frame = page.locator(".board-area").bounding_box()
    # Inside the page's margins, not only inside the screen.
    assert frame["x"] >= body["x"] - 0.5
    assert frame["x"] + frame["width"] <= body["x"] + body["width"] + 0.5
    cell = page.locator("#board .cell").first.bounding_box()
    assert cell["width"] >= 32
    page.close()


def test_the_page_speaks_the_sheet_language(small: Puzzle) -> None:
    english = str(render(small, "html", language="en"))
    assert (
        '<html lang="en">' in english and "Find the 4 words from the list in the grid." in english
    )
    texts = json.loads(re.search(r'id="texts">(.*?)</script>', english).group(1))
    # the play page's texts for its scripts, every one of them, in the same language
    assert texts == json.loads(catalogue_values(translator("en"))["texts"])
    assert texts["not-a-word"] == "That is not one of the words."
    assert texts["well-done"] == "Well done! You found all {count} words in {time}."
    assert texts["hint-given"] == "“{word}” begins in row {row}, column {col}."
    assert ">Hint</button>" in english and 'aria-label="Letter grid. Drag across' in english
    german = str(render(small, "html", language="de"))
    assert '<html lang="de">' in german and 'aria-label="Buchstabengitter. Ziehe' in german
    assert ">Tipp</button>" in german and 'clock-label">Zeit</span>' in german
    assert "Finde die 4 Wörter aus der Liste im Gitter." in german


def test_the_offline_file_keeps_progress_and_time_across_a_reload(
    browser: Any, zoo: Puzzle, tmp_path: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(zoo, "html")), encoding="utf-8")
    page = browser.new_context().new_page()
    page.clock.install()
    page.goto(file.as_uri())
    page.clock.run_for(5_000)
    expect(page.locator("#timer")).to_have_text("0:00")  # the clock waits for the first touch
    placement = zoo.placements["ICECREAM"]
    drag(page, placement.start, placement.end, zoo.cols)
    # generous waits: with the whole suite on two cores, Chromium may get little CPU for a while
    expect(page.locator("#words li.found")).to_have_count(1, timeout=20_000)
    page.clock.run_for(7_000)
    expect(page.locator("#timer")).to_have_text(re.compile(r"0:0[7-9]"))  # real time flows too
    page.reload()
    expect(page.locator("#words li.found")).to_have_count(1, timeout=20_000)
    assert page.locator("#marks .layer-found line.fill").count() == 1
    assert re.fullmatch(r"0:(0[7-9]|1[01])", page.locator("#timer").inner_text())
    page.context.close()


STATIC = Path(wortsuche.web.__file__).parent / "static"


def inline_elements(page: str, tag: str) -> list[str]:
    """The text of each ``<tag>`` element without attributes (scripts: not the JSON ones)."""
    return re.findall(rf"<{tag}>\n(.*?)</{tag}>", page, flags=re.DOTALL)


def test_the_offline_file_runs_the_play_page_modules_joined_into_one(zoo: Puzzle) -> None:
    page = str(render(zoo, "html"))
    inlined = re.findall(r'<script type="module">\n(.*?)</script>', page, flags=re.DOTALL)
    assert inlined == [joined(GAME_ENTRY)]
    assert inline_elements(page, "style") == [(STATIC / "style.css").read_text(encoding="utf-8")]
    # The play page loads the same game: every module of the file but its entry and the
    # offline checker, which the play page's module replaces.
    offline = load_order(GAME_ENTRY)
    assert offline[-2:] == ["offline.js", GAME_ENTRY]
    assert set(offline[:-2]) <= set(load_order("play.js"))
    for name in offline:  # each module as it stands, without its imports and exports
        assert module(name).body in page
    assert page.count("snap(start, point) {") == 1  # one home for the snapping
    assert "\nimport " not in page and "\nexport " not in page


def test_the_offline_renderer_holds_no_script_of_its_own() -> None:
    source = Path(html.__file__).read_text(encoding="utf-8")
    for javascript in ("function", "=>", "addEventListener", "document.", "const ", "let "):
        assert javascript not in source, javascript
    template = Path(html.__file__).parent / "templates" / "offline.html"
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", template.read_text(encoding="utf-8"))
    assert [attributes for attributes, _ in scripts] == [
        ' type="application/json" id="texts"',
        ' type="application/json" id="puzzle-data"',
        ' type="application/json" id="pictures"',
    ]
    assert [body for _, body in scripts] == ["{{texts}}", "{{data}}", "{{pictures}}"]


def play_by_keyboard(page: Any, start: Cell, end: Cell, cursor: Cell) -> None:
    """Walk the cursor to ``start`` with the arrow keys, press Enter, walk to ``end``, press Space."""

    def walk(from_cell: Cell, to_cell: Cell) -> None:
        dr, dc = to_cell[0] - from_cell[0], to_cell[1] - from_cell[1]
        for _ in range(abs(dr)):
            page.keyboard.press("ArrowDown" if dr > 0 else "ArrowUp")
        for _ in range(abs(dc)):
            page.keyboard.press("ArrowRight" if dc > 0 else "ArrowLeft")

    walk(cursor, start)
    page.keyboard.press("Enter")
    walk(start, end)
    page.keyboard.press("Space")


def test_the_offline_file_is_played_to_the_end_with_the_mouse(
    browser: Any, small: Puzzle, tmp_path: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(small, "html", language="en")), encoding="utf-8")
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(file.as_uri())
    expect(page.locator("#board[data-ready]")).to_have_count(1)
    for count, word in enumerate(small.words, start=1):
        placement = small.placements[word.letters]
        drag(page, placement.start, placement.end, small.cols)
        expect(page.locator("#found-count")).to_have_text(str(count))
        assert page.locator("#announce").inner_text() == f"Found {word.entry}."
    time_shown = page.locator("#timer").inner_text()
    expect(page.locator("#done-title")).to_have_text("Puzzle solved")
    expect(page.locator("#done-text")).to_have_text(
        f"Well done! You found all {len(small.words)} words in {time_shown}. "
        "No hints used. New best time on this device!"
    )
    assert page.locator("#words li.found").count() == len(small.words)
    page.clock.install()
    page.clock.run_for(3_000)
    assert page.locator("#timer").inner_text() == time_shown  # the clock stopped
    assert errors == []
    page.context.close()


def test_the_offline_file_is_played_to_the_end_with_the_keyboard(
    browser: Any, zoo: Puzzle, tmp_path: Path, paper_artifacts: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(zoo, "html", language="de")), encoding="utf-8")
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(file.as_uri())
    page.focus("#board")
    cursor: Cell = (0, 0)
    placements = list(zoo.placements.values())
    for count, placement in enumerate(placements, start=1):
        play_by_keyboard(page, placement.start, placement.end, cursor)
        cursor = placement.end
        expect(page.locator("#found-count")).to_have_text(str(count))
        active = page.locator("#board").get_attribute("aria-activedescendant")
        assert active == f"cell-{cursor[0]}-{cursor[1]}"
        if count == len(placements) // 2:
            page.screenshot(path=str(paper_artifacts / "offline-keyboard.png"))
    expect(page.locator("#done")).to_contain_text(
        f"Geschafft! Du hast alle {len(zoo.words)} Wörter in"
    )
    assert page.locator("#words li.found").count() == len(zoo.words)
    assert errors == []
    page.context.close()


def test_in_the_offline_file_a_tap_on_the_first_and_the_last_letter_finds_a_word(
    browser: Any, small: Puzzle, tmp_path: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(small, "html", language="en")), encoding="utf-8")
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(file.as_uri())
    word = small.words[0]
    placement = small.placements[word.letters]

    def centre(cell: Cell) -> tuple[float, float]:
        box = page.locator(f"#cell-{cell[0]}-{cell[1]}").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    page.touchscreen.tap(*centre(placement.end))
    expect(page.locator(".layer-selection .tapped")).to_have_count(1)  # waits for the second
    page.touchscreen.tap(*centre(placement.start))
    expect(page.locator("#words li.found .entry")).to_have_text([word.entry])
    context.close()


def test_in_the_offline_file_words_of_one_letter_are_found_by_two_taps_and_by_enter_twice(
    browser: Any, tmp_path: Path
) -> None:
    from wortsuche import generate

    puzzle = generate(["Apfel", "I", "Birne", "O"], 6, 6, level="medium", seed=3)
    file = tmp_path / "play.html"
    file.write_text(str(render(puzzle, "html", language="en")), encoding="utf-8")
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    page.goto(file.as_uri())

    def centre(cell: Cell) -> tuple[float, float]:
        box = page.locator(f"#cell-{cell[0]}-{cell[1]}").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    letter_i, letter_o = puzzle.placements["I"].start, puzzle.placements["O"].start
    page.touchscreen.tap(*centre(letter_i))
    page.touchscreen.tap(*centre(letter_i))
    expect(page.locator("#words li.found .entry")).to_have_text(["I"])
    page.focus("#board")
    play_by_keyboard(page, letter_o, letter_o, letter_i)  # the cursor is where the tap was
    expect(page.locator("#words li.found .entry")).to_have_text(["I", "O"])
    context.close()


def test_a_keyboard_selection_that_is_no_word_is_said_so_and_escape_cancels(
    browser: Any, small: Puzzle, tmp_path: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(small, "html", language="en")), encoding="utf-8")
    page = browser.new_context().new_page()
    page.goto(file.as_uri())
    page.focus("#board")
    placement = next(iter(small.placements.values()))
    play_by_keyboard(page, placement.start, placement.cells[1], (0, 0))  # two letters: no word
    expect(page.locator("#announce")).to_have_text("That is not one of the words.")
    page.keyboard.press("Enter")
    expect(page.locator(".layer-selection g")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".layer-selection g")).to_have_count(0)
    assert page.locator("#found-count").inner_text() == "0"
    page.context.close()


def test_the_offline_clock_counts_hours_as_the_play_page_does(
    browser: Any, small: Puzzle, tmp_path: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(small, "html")), encoding="utf-8")
    page = browser.new_context().new_page()
    page.clock.install()
    page.goto(file.as_uri())
    page.locator("#board").press("ArrowRight")  # the first key on the board starts the clock
    page.clock.fast_forward("01:00:05")
    expect(page.locator("#timer")).to_have_text(re.compile(r"1:00:0[5-8]"))
    page.context.close()


def test_a_title_holding_a_placeholder_stays_as_typed(small: Puzzle) -> None:
    page = str(render(small, "html", title="{{instruction}} and {{data}}"))
    assert "<h1>{{instruction}} and {{data}}</h1>" in page


def test_a_hint_in_the_offline_file_names_a_word_marks_its_first_letter_and_is_counted(
    browser: Any, zoo: Puzzle, tmp_path: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(zoo, "html", language="en")), encoding="utf-8")
    page = browser.new_context().new_page()
    page.goto(file.as_uri())
    page.click("#hint")
    lit = page.locator(".cell.hint")
    expect(lit).to_have_count(1)
    _, r, c = (lit.get_attribute("id") or "cell--1--1").split("-")
    assert (int(r), int(c)) in {p.start for p in zoo.placements.values()}
    starting_there = [
        w.entry for w in zoo.words if zoo.placements[w.letters].start == (int(r), int(c))
    ]
    expect(page.locator("#hint-text")).to_contain_text("”: it starts at the marked letter.")
    named = page.locator("#hint-text").inner_text().split("“")[1].split("”")[0]
    assert named in starting_there  # the hint names the word whose first letter it marks
    page.click("#hint")  # asked again: which way the word runs
    expect(page.locator(".layer-hint .hint-way")).to_have_count(1)
    expect(page.locator("#hint")).to_be_disabled()
    for placement in zoo.placements.values():
        drag(page, placement.start, placement.end, zoo.cols)
    expect(page.locator("#done-text")).to_have_text(
        re.compile(
            rf"Well done! You found all {len(zoo.words)} words in 0:\d\d\. Hints used: 2\. "
            r"New best time on this device!"
        )
    )
    page.context.close()


def test_the_offline_file_reveals_the_hidden_message_when_every_word_is_found(
    browser: Any, tmp_path: Path
) -> None:
    from wortsuche import generate

    puzzle = generate(
        ["Apfel", "Birne", "Kirsche"], 8, 8, level="medium", seed=4, message="Gut gemacht!"
    )
    file = tmp_path / "play.html"
    file.write_text(str(render(puzzle, "html", language="de")), encoding="utf-8")
    page = browser.new_page()
    page.goto(file.as_uri())
    for count, word in enumerate(puzzle.words, start=1):
        placement = puzzle.placements[word.letters]
        drag(page, placement.start, placement.end, puzzle.cols)
        page.wait_for_function(f"document.querySelectorAll('#words li.found').length === {count}")
    expect(page.locator("#done")).to_contain_text("Die übrigen Buchstaben ergeben: Gut gemacht!")
    page.close()


def test_the_offline_file_keeps_secret_words_secret_until_they_are_found(
    browser: Any, tmp_path: Path
) -> None:
    from wortsuche import generate

    puzzle = generate(
        ["Apfel", "Birne", "Kirsche"], 9, 9, level="hard", seed=2, secret=["Fuchs", "Igel"]
    )
    source = str(render(puzzle, "html", language="de"))
    without_grid = source.replace(json.dumps(list(puzzle.grid.rows)), "")
    assert all(hidden not in without_grid.upper() for hidden in ("FUCHS", "IGEL"))
    file = tmp_path / "play.html"
    file.write_text(source, encoding="utf-8")
    page = browser.new_page()
    page.goto(file.as_uri())
    assert page.locator("#words li").all_inner_texts() == ["Apfel", "Birne", "Kirsche"]
    expect(page.locator("#secret")).to_have_text("Geheime Wörter: 0 von 2")
    for count, word in enumerate(puzzle.words, start=1):
        placement = puzzle.placements[word.letters]
        drag(page, placement.start, placement.end, puzzle.cols)
        page.wait_for_function(f"document.querySelectorAll('#words li.found').length === {count}")
    expect(page.locator("#done")).to_contain_text("Geschafft! Du hast alle 3 Wörter in")
    fuchs = puzzle.placements["FUCHS"]
    drag(page, fuchs.end, fuchs.start, puzzle.cols)  # backwards: still spelt forwards
    expect(page.locator("#announce")).to_have_text("Ein geheimes Wort: „Fuchs“!")
    fuchs_found = "Geheime Wörter: 1 von 2: Fuchs"
    expect(page.locator("#secret")).to_have_text(fuchs_found)
    saved = saved_progress(page)
    assert [find["words"] for find in saved["found"]][-1] == ["Fuchs"]
    page.context.close()
    # opened anew with what it saved, the file shows the secret word found (and only that one)
    opened = open_with_progress(browser, file, puzzle, saved)
    expect(opened.locator("#secret")).to_have_text(fuchs_found)
    expect(opened.locator("#words li.found")).to_have_count(3)
    opened.context.close()


def saved_progress(page: Any) -> dict[str, Any]:
    """The progress the game on ``page`` has written to localStorage (one puzzle per page)."""
    text = page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('wortsuche:progress:'))"
        ".map((k) => localStorage.getItem(k))[0] ?? null"
    )
    assert text is not None, "the game saved no progress"
    return dict(json.loads(text))


def open_with_progress(browser: Any, file: Path, puzzle: Puzzle, progress: dict[str, Any]) -> Any:
    """A new page of the offline ``file`` (of ``puzzle``) in a fresh context whose localStorage holds
    ``progress`` before the page's scripts run: the game restoring a save, with no reload (a
    reload right after a write leaves Chromium to carry it between its processes, which on a
    loaded machine lost one in about a third of CI runs)."""
    context = browser.new_context()
    key = f"wortsuche:progress:offline:{html.puzzle_salt(puzzle)}"
    context.add_init_script(
        f"if (!localStorage.getItem({json.dumps(key)})) "
        f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(progress))});"
    )
    page = context.new_page()
    page.goto(file.as_uri())
    expect(page.locator("#board[data-ready='true']")).to_have_count(1)
    return page


def test_a_second_tab_that_changed_nothing_does_not_undo_a_find_when_closed(
    browser: Any, zoo: Puzzle, tmp_path: Path
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(zoo, "html")), encoding="utf-8")
    context = browser.new_context()
    context.clock.install()  # no timer saves: only what each page does on its own
    playing, idle = context.new_page(), context.new_page()
    for page in (idle, playing):
        page.goto(file.as_uri())
        expect(page.locator("#board[data-ready='true']")).to_have_count(1)
    placement = zoo.placements["ICECREAM"]
    drag(playing, placement.start, placement.end, zoo.cols)
    expect(playing.locator("#words li.found")).to_have_count(1, timeout=20_000)
    assert len(saved_progress(playing)["found"]) == 1
    with idle.expect_event("close"):  # with its pagehide: it read the store before the find
        idle.close(run_before_unload=True)  # and changed nothing since
    # Before, the idle tab's last save put its empty state back. A tab opened now reads the store
    # (the playing tab's clock is stopped, so it does not save again on its own); it reloads a
    # few times, as Chromium may still be carrying the find between its processes.
    opened = context.new_page()
    opened.goto(file.as_uri())
    found = opened.locator("#words li.found")
    for _ in range(4):
        try:
            expect(found).to_have_count(1, timeout=2_500)
            break
        except AssertionError:
            opened.reload()
    expect(found).to_have_count(1)
    context.close()


def test_the_offline_file_of_a_shaped_puzzle_shows_only_its_cells(
    browser: Any, tmp_path: Path
) -> None:
    from wortsuche import generate

    puzzle = generate(["Apfel", "Birne", "Kirsche"], 9, 9, level="medium", seed=4, shape="heart")
    file = tmp_path / "play.html"
    file.write_text(str(render(puzzle, "html", language="de")), encoding="utf-8")
    page = browser.new_page()
    page.goto(file.as_uri())
    blanks = sum(row.count(" ") for row in puzzle.grid.rows)
    assert page.locator(".cell.hole").count() == blanks > 0
    assert page.locator(".cell.hole").first.is_hidden()
    for count, word in enumerate(puzzle.words, start=1):
        placement = puzzle.placements[word.letters]
        drag(page, placement.start, placement.end, puzzle.cols)
        page.wait_for_function(f"document.querySelectorAll('#words li.found').length === {count}")
    expect(page.locator("#done")).to_contain_text("Geschafft! Du hast alle 3 Wörter in")
    page.close()


def test_the_offline_file_of_a_puzzle_over_the_edge_is_played_across_the_edge(
    browser: Any, tmp_path: Path
) -> None:
    from wortsuche import generate
    from wortsuche.model import segments

    puzzle = generate(["TORF", "VOR", "RAD", "EVA"], 5, 5, level="hard", seed=7, wrap=True)
    over = [p for p in puzzle.placements.values() if puzzle.topology.wraps(p)]
    assert over
    file = tmp_path / "play.html"
    file.write_text(str(render(puzzle, "html", language="en")), encoding="utf-8")
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(file.as_uri())
    expect(page.locator("p.instruction")).to_contain_text("run off one edge")
    first = page.locator(".cell").first.bounding_box()

    def point(cell: tuple[int, int]) -> tuple[float, float]:
        # past the edge the grid's spacing goes on: the centre a cell would have there
        return (
            first["x"] + (cell[1] + 0.5) * first["width"],
            first["y"] + (cell[0] + 0.5) * first["height"],
        )

    for count, word in enumerate(puzzle.words, start=1):
        placement = puzzle.placements[word.letters]
        dr, dc = placement.direction.step
        steps = len(word.letters) - 1
        beyond = (placement.start[0] + steps * dr, placement.start[1] + steps * dc)
        # drag from the first letter straight on, out over the edge where the word goes on
        page.mouse.move(*point(placement.start))
        page.mouse.down()
        page.mouse.move(*point(beyond), steps=10)
        page.mouse.up()
        page.wait_for_function(f"document.querySelectorAll('#words li.found').length === {count}")
    expect(page.locator("#done")).to_contain_text(f"You found all {len(puzzle.words)} words")
    # one capsule for each part of each word
    parts = sum(len(segments(puzzle.cells_of(p))) for p in puzzle.placements.values())
    assert page.locator("#marks .layer-found line.fill").count() == parts > len(puzzle.words)
    assert errors == []
    page.close()
