"""The SVG drawing, parsed as XML."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from wortsuche import Puzzle
from wortsuche.render import render

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def test_letters_are_the_grid_in_reading_order(zoo: Puzzle) -> None:
    root = parse(str(render(zoo, "svg")))
    letters = [t.text for t in root.iterfind(".//svg:text[@class='letter']", NS)]
    assert "".join(str(t) for t in letters) == "".join(zoo.grid.rows)


def test_word_list_and_title_are_text(zoo: Puzzle) -> None:
    root = parse(str(render(zoo, "svg", title="Zoo <animals> & more")))
    texts = [t.text for t in root.iterfind(".//svg:text[@class='text']", NS)]
    assert "Zoo <animals> & more" in texts
    assert {w.entry for w in zoo.words} <= set(texts)


def test_puzzle_has_no_capsules_and_key_has_one_per_word(zoo: Puzzle) -> None:
    assert parse(str(render(zoo, "svg"))).findall(".//svg:path[@class='capsule']", NS) == []
    key = parse(str(render(zoo, "svg", answers=True)))
    capsules = key.findall(".//svg:path[@class='capsule']", NS)
    assert sorted(c.get("data-word") for c in capsules) == sorted(zoo.placements)
    for capsule in capsules:
        assert capsule.get("d", "").count(" A ") == 2  # two round ends


def test_size_is_given_in_points_with_a_matching_view_box(small: Puzzle) -> None:
    root = parse(str(render(small, "svg")))
    width, height = root.get("width", ""), root.get("height", "")
    assert width.endswith("pt") and height.endswith("pt")
    assert root.get("viewBox") == f"0 0 {width[:-2]} {height[:-2]}"
