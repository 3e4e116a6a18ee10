"""A book's grids are laid out first and drawn when their pages are (in the worker process that
draws them): what the layout measured of a grid is what is drawn, moved as the layout moved it."""

from __future__ import annotations

import math
import pickle
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche import generate
from wortsuche.model import Puzzle
from wortsuche.render import RenderOptions
from wortsuche.render.bookpages import BookDesign, compose_book
from wortsuche.render.bookpages.layout import (
    KEY_CELL,
    KEY_LETTER_SCALE,
    KeyGrid,
    MovedGrid,
    shift_grid,
)
from wortsuche.render.layout import Box, grid_drawing
from wortsuche.render.trims import BookFormat, parse_trim

WORDS = ["Hund", "Katze", "Maus", "Pferd", "Kuh", "Schaf", "Ziege", "Huhn", "Ente", "Gans"]


@cache
def puzzle(kind: str, rows: int, cols: int) -> Puzzle:
    """A small puzzle: flat, on a torus or of hexagons (made once per kind and size)."""
    options: dict[str, object] = {"wrap": True} if kind == "wrap" else {}
    if kind == "hex":
        return generate(WORDS[:4], rows=rows, cols=rows, seed=3, language="de", grid="hex")
    return generate(WORDS[:5], rows=rows, cols=cols, seed=3, language="de", **options)


sizes = st.tuples(st.sampled_from(["flat", "wrap", "hex"]), st.integers(6, 9), st.integers(6, 9))
boxes = st.builds(
    Box,
    st.floats(0, 300),
    st.floats(0, 300),
    st.floats(20, 400),
    st.floats(20, 400),
)
moves = st.lists(st.tuples(st.floats(-100, 100), st.floats(-100, 100)), max_size=3)


@settings(max_examples=60, deadline=None)
@given(size=sizes, box=boxes, shifts=moves, lowercase=st.booleans())
def test_a_key_drawn_later_is_the_key_drawn_at_once_moved_the_same_way(
    size: tuple[str, int, int],
    box: Box,
    shifts: list[tuple[float, float]],
    lowercase: bool,
) -> None:
    key = KeyGrid(puzzle(*size), box, lowercase)
    drawn = grid_drawing(
        puzzle(*size), box, answers=True, lowercase=lowercase, centre_vertically=True
    )
    for dx, dy in shifts:
        key = shift_grid(key, dx, dy)
        drawn = drawn.moved(dx, dy)
    assert key.drawing() == drawn  # the same letters at the same floats: the same bytes
    assert {letter.size for letter in drawn.letters} == {key.letter_size}
    assert key.letter_size == min(drawn.cell, KEY_CELL) * KEY_LETTER_SCALE
    assert pickle.loads(pickle.dumps(key)).drawing() == drawn  # as a worker gets it


@settings(max_examples=30, deadline=None)
@given(size=sizes, box=boxes, shifts=moves)
def test_a_grid_moved_later_is_the_grid_moved_at_once(
    size: tuple[str, int, int], box: Box, shifts: list[tuple[float, float]]
) -> None:
    drawn = grid_drawing(puzzle(*size), box)
    laid = MovedGrid(drawn)
    for dx, dy in shifts:
        laid = shift_grid(laid, dx, dy)
        drawn = drawn.moved(dx, dy)
    assert laid.drawing() == drawn
    assert laid.letter_size == min(letter.size for letter in drawn.letters)
    assert laid.work == len(drawn.letters) + 4 * len(drawn.capsules)


def test_the_layout_sets_no_letter_of_a_key_and_moves_no_grid() -> None:
    """Laying out is the part of a book its main process does alone: its keys' letters are
    set, and its grids moved, by the workers that draw the pages."""
    titled = [("Tiere", puzzle("flat", 8, 8)), ("Tiere", puzzle("wrap", 9, 7))] * 4
    book = BookFormat(parse_trim("6x9"))
    pages, _, _ = compose_book(titled, RenderOptions(), BookDesign(book), scores=[1.0] * 8)
    grids = [grid for page in pages for grid in page.grids]
    keys = [grid for grid in grids if isinstance(grid, KeyGrid)]
    assert len(keys) == len(titled) == len(grids) - len(keys)
    assert all(isinstance(grid, MovedGrid) and grid.moves for grid in grids if grid not in keys)
    assert all(not key.moves for key in keys)
    for key in keys:  # every key readable at the size the layout measured
        assert key.letter_size >= 7.0
        assert math.isclose(min(t.size for t in key.drawing().letters), key.letter_size)
