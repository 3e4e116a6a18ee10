"""Shaped grids: holes hold no letter, no word runs through one, every guarantee stays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scan import assert_exactly_once
from wortsuche import DoesNotFitError, InputError, generate
from wortsuche.grid.shapes import GLYPHS, SHAPE_NAMES, holes, mask_holes, parse_mask, read_mask
from wortsuche.model import HOLE
from wortsuche.puzzle_json import dumps, loads
from wortsuche.render import render
from wortsuche.verification.verifier import verify_puzzle

FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango"]


def hole_cells(puzzle: object) -> set[tuple[int, int]]:
    rows = puzzle.grid.rows  # type: ignore[attr-defined]
    return {(r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x == HOLE}


def test_every_shape_keeps_its_holes_free_and_every_word_once() -> None:
    made: list[bool] = []

    @settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        words=st.lists(st.text("ABDEINRST", min_size=2, max_size=6), min_size=1, max_size=6),
        shape=st.sampled_from(SHAPE_NAMES),
        side=st.integers(6, 14),
        level=st.sampled_from(["easy", "medium", "hard", "evil"]),
        seed=st.integers(0, 2**32),
    )
    def shaped(words: list[str], shape: str, side: int, level: str, seed: int) -> None:
        try:
            puzzle = generate(words, side, side, level=level, seed=seed, shape=shape)
        except DoesNotFitError as error:
            assert str(error)
            made.append(False)
            return
        # the holes are exactly the shape's, read back from the grid
        assert hole_cells(puzzle) == set(holes(shape, side, side))
        used = {cell for p in puzzle.placements.values() for cell in p.cells}
        assert not used & hole_cells(puzzle)
        assert all(x == HOLE or x.isalpha() for row in puzzle.grid.rows for x in row)
        assert_exactly_once(puzzle)
        assert verify_puzzle(puzzle).ok
        made.append(True)

    shaped()
    assert sum(made) >= 0.4 * len(made), f"{sum(made)} of {len(made)} made a puzzle"


def test_a_shape_with_an_automatic_size_grows_until_the_words_fit() -> None:
    puzzle = generate(FRUIT, level="hard", seed=3, shape="star")
    assert hole_cells(puzzle) == set(holes("star", puzzle.rows, puzzle.cols))
    assert_exactly_once(puzzle)


def test_a_text_mask_sets_the_holes_and_scales_to_a_size(tmp_path: Path) -> None:
    file = tmp_path / "boot.txt"
    file.write_text("\n..##..\n.####.\n######\n######\n\n", encoding="utf-8")
    mask = read_mask(file)
    assert mask == ["..##..", ".####.", "######", "######"]
    assert mask_holes(mask, 4, 6) == {(0, 0), (0, 1), (0, 4), (0, 5), (1, 0), (1, 5)}
    assert len(mask_holes(mask, 8, 12)) == 4 * 6  # each mask cell becomes 2x2
    puzzle = generate(["Torf", "Rad", "Eva"], 4, 6, seed=1, mask=mask)
    assert hole_cells(puzzle) == set(mask_holes(mask, 4, 6))
    assert_exactly_once(puzzle)


def test_a_png_mask_reads_dark_pixels_as_cells(tmp_path: Path) -> None:
    from PIL import Image

    image = Image.new("L", (5, 3), 255)
    for x in range(5):
        image.putpixel((x, 1), 0)
    image.putpixel((2, 0), 0)
    image.save(tmp_path / "mask.png")
    assert read_mask(tmp_path / "mask.png") == ["..#..", "#####", "....."]


def test_unusable_masks_and_shapes_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="line 2: '7' is neither a cell"):
        parse_mask("##\n#7")
    with pytest.raises(InputError, match="has no cells"):
        parse_mask("...\n...")
    with pytest.raises(InputError, match="unknown shape 'blob'"):
        generate(FRUIT, 9, 9, shape="blob")
    with pytest.raises(InputError, match="not both"):
        generate(FRUIT, 9, 9, shape="star", mask=["#"])
    with pytest.raises(DoesNotFitError):
        generate(["Kirsche"], 6, 6, mask=["#....."] * 6)


def test_a_shaped_puzzle_travels_in_json_and_every_format_leaves_the_holes_empty() -> None:
    puzzle = generate(FRUIT, 13, 13, level="medium", seed=1, shape="heart")
    again = loads(dumps(puzzle))
    assert again.grid == puzzle.grid and verify_puzzle(again).ok
    data = json.loads(dumps(puzzle))
    cells = 13 * 13 - len(hole_cells(puzzle))
    covered = {cell for p in puzzle.placements.values() for cell in p.cells}
    assert data["coverage"] == round(len(covered) / cells, 3)
    csv_rows = str(render(puzzle, "csv")).splitlines()[:13]
    assert csv_rows[0].startswith(",,") and "," * 2 in csv_rows[0]
    svg = str(render(puzzle, "svg"))
    assert svg.count("<rect x=") == cells and 'class="frame"' not in svg
    plain = generate(FRUIT, 13, 13, level="medium", seed=1)
    assert 'class="frame"' in str(render(plain, "svg"))


def test_letters_and_digits_are_shapes_of_a_simple_outline_font() -> None:
    assert len(GLYPHS) == 36 and all(
        len(g) == 7 and {len(r) for r in g} == {5} for g in GLYPHS.values()
    )
    # at the font's own size the holes are the glyph's dots
    assert holes("T", 7, 5) == {(r, c) for r in range(1, 7) for c in (0, 1, 3, 4)}
    puzzle = generate(["Anna", "Mia", "Lea", "Tom", "Ben"], level="easy", seed=1, shape="A")
    assert hole_cells(puzzle) == set(holes("A", puzzle.rows, puzzle.cols))
    assert_exactly_once(puzzle)
