"""A puzzle of hexagons in the offline HTML file and the SCORM package, opened from file:// in
Debian's Chromium: the board is drawn as hexagons, as on the play page, and a word is found by
dragging along each of the board's three axes. Screenshots land in ``test-artifacts/paper/``.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest

from wortsuche import Puzzle, generate
from wortsuche.model import Cell
from wortsuche.render import render

pytest.importorskip("playwright", reason="playwright is not installed")

from playwright.sync_api import expect

SCHOOL = ["Tafel", "Kreide", "Heft", "Lineal", "Pause", "Mango"]
AXES = {"E": "E-W", "W": "E-W", "S": "S-N", "N": "S-N", "NE": "NE-SW", "SW": "NE-SW"}


@pytest.fixture(scope="module")
def hexagon() -> Puzzle:
    """A hexagon of side 5 (61 cells), of the first seed that puts words on all three axes."""
    for seed in range(50):
        puzzle = generate(SCHOOL, rows=5, cols=5, level="hard", seed=seed, grid="hex")
        if len(one_per_axis(puzzle)) == 3:
            return puzzle
    raise AssertionError("no seed puts words on all three axes")


def centre(page: Any, cell: Cell) -> tuple[float, float]:
    """The screen position of a cell's centre (its letter stands over its hexagon)."""
    box = page.locator(f"#cell-{cell[0]}-{cell[1]}").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, start: Cell, end: Cell) -> None:
    page.mouse.move(*centre(page, start))
    page.mouse.down()
    page.mouse.move(*centre(page, end), steps=10)
    page.mouse.up()


def one_per_axis(puzzle: Puzzle) -> dict[str, tuple[str, Cell, Cell]]:
    """A word along each axis: its entry, its first and its last cell."""
    chosen: dict[str, tuple[str, Cell, Cell]] = {}
    entries = {word.letters: word.entry for word in puzzle.words}
    for letters, placement in sorted(puzzle.placements.items()):
        cells = puzzle.cells_of(placement)
        chosen.setdefault(AXES[placement.direction.name], (entries[letters], cells[0], cells[-1]))
    return chosen


def play_hexagons(page: Any, puzzle: Puzzle) -> None:
    """The board is 61 hexagons and a word along each axis is found by a drag."""
    page.wait_for_selector("#board[data-ready]")
    assert page.locator("#board-wrap").get_attribute("class") is not None
    assert "hex" in (page.locator("#board-wrap").get_attribute("class") or "")
    tiles = page.locator("#marks .tile")
    assert tiles.count() == 61  # 3·5·4 + 1 hexagons, none for the holes
    assert len((tiles.first.get_attribute("points") or "").split()) == 6
    assert (
        page.locator("#cell-4-4")
        .evaluate("e => getComputedStyle(e).clipPath")
        .startswith("polygon(")
    )
    assert page.locator("#cell-0-0").evaluate("e => getComputedStyle(e).visibility") == "hidden"
    # rows are staggered: a row's first cell stands half a hexagon right of the row below's
    above, below = (
        page.locator("#cell-3-1").bounding_box(),
        page.locator("#cell-4-0").bounding_box(),
    )
    assert above["x"] - below["x"] == pytest.approx(above["width"] / 2, abs=1.5)
    chosen = one_per_axis(puzzle)
    assert set(chosen) == {"E-W", "S-N", "NE-SW"}
    for count, (entry, first, last) in enumerate(chosen.values(), start=1):
        drag(page, last, first)  # from the last letter back: the way does not matter
        expect(page.locator("#found-count")).to_have_text(str(count))
        expect(page.locator("#words li", has_text=entry)).to_have_class("found")
    assert page.locator(".layer-found .found").count() == 3


def axe_violations(page: Any) -> list[str]:
    """axe-core's WCAG 2.x A and AA rules on the page as it stands (as tests/web/test_game.py)."""
    from axe_playwright_python.sync_playwright import Axe

    tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": tags}})
    return [f"{v['id']}: {v['help']}" for v in results.response["violations"]]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_offline_file_plays_on_hexagons(
    chromium: Any, hexagon: Puzzle, tmp_path: Path, paper_artifacts: Path, language: str
) -> None:
    file = tmp_path / "play.html"
    file.write_text(str(render(hexagon, "html", language=language)), encoding="utf-8")
    page = chromium.new_page(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(file.as_uri())
    hint = {"de": "Sechsecken", "en": "hexagons"}[language]
    assert hint in page.locator("#hex-help").inner_text()
    play_hexagons(page, hexagon)
    page.screenshot(path=str(paper_artifacts / f"play-hex-offline-{language}.png"), full_page=True)
    assert axe_violations(page) == []
    assert errors == []
    page.close()


def test_the_scorm_package_plays_on_hexagons(
    chromium: Any, hexagon: Puzzle, tmp_path: Path, paper_artifacts: Path
) -> None:
    package = render(hexagon, "scorm")
    assert isinstance(package, bytes)
    zipfile.ZipFile(io.BytesIO(package)).extractall(tmp_path)
    page = chromium.new_page(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((tmp_path / "index.html").as_uri())  # no platform: it plays as the offline file
    play_hexagons(page, hexagon)
    page.screenshot(path=str(paper_artifacts / "play-hex-scorm.png"), full_page=True)
    assert errors == []
    page.close()
