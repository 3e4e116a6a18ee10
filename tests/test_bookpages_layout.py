"""A book's grids are laid out first and drawn when their pages are (in the worker process that
draws them): what the layout measured of a grid is what is drawn, moved as the layout moved it."""

from __future__ import annotations

import pickle
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from wortsuche import generate
from wortsuche.model import Puzzle
from wortsuche.render import RenderOptions
from wortsuche.render.bookpages import BookDesign, compose_book
from wortsuche.render.bookpages.layout import LaterGrid, MovedGrid, shift_grid
from wortsuche.render.layout import Box, GridPlan, grid_drawing, worksheet
from wortsuche.render.trims import BookFormat, parse_trim

WORDS = ["Hund", "Katze", "Maus", "Pferd", "Kuh", "Schaf", "Ziege", "Huhn", "Ente", "Gans"]


@cache
def puzzle(kind: str, rows: int, cols: int) -> Puzzle:
    """A small puzzle: flat, on a torus or of hexagons (made once per kind and size)."""
    if kind == "hex":
        return generate(WORDS[:4], rows=rows, cols=rows, seed=3, language="de", grid="hex")
    return generate(WORDS[:5], rows=rows, cols=cols, seed=3, language="de", wrap=kind == "wrap")


sizes = st.tuples(st.sampled_from(["flat", "wrap", "hex"]), st.integers(6, 9), st.integers(6, 9))
boxes = st.builds(Box, st.floats(0, 300), st.floats(0, 300), st.floats(20, 400), st.floats(20, 400))
moves = st.lists(st.tuples(st.floats(-100, 100), st.floats(-100, 100)), max_size=3)
plans = st.builds(
    GridPlan,
    st.builds(
        puzzle, st.sampled_from(["flat", "wrap", "hex"]), st.integers(6, 9), st.integers(6, 9)
    ),
    boxes,
    answers=st.booleans(),
    lowercase=st.booleans(),
    max_cell=st.floats(8, 40),
    letter_scale=st.floats(0.5, 0.75),
    centre_vertically=st.booleans(),
)


@settings(max_examples=80, deadline=None)
@given(plan=plans, shifts=moves)
def test_a_grid_drawn_later_is_the_grid_drawn_at_once_moved_the_same_way(
    plan: GridPlan, shifts: list[tuple[float, float]]
) -> None:
    later = LaterGrid(plan)
    drawn = grid_drawing(
        plan.puzzle,
        plan.box,
        answers=plan.answers,
        lowercase=plan.lowercase,
        max_cell=plan.max_cell,
        letter_scale=plan.letter_scale,
        centre_vertically=plan.centre_vertically,
    )
    placed = plan.placed()  # where it stands, as the layout sees it
    assert (placed.x, placed.y, placed.cell, placed.frame) == (
        drawn.x,
        drawn.y,
        drawn.cell,
        drawn.frame,
    )
    assert {letter.size for letter in drawn.letters} == {later.letter_size}
    for dx, dy in shifts:
        later = shift_grid(later, dx, dy)
        drawn = drawn.moved(dx, dy)
    assert later.drawing() == drawn  # the same letters at the same floats: the same bytes
    assert pickle.loads(pickle.dumps(later)).drawing() == drawn  # as a worker gets it


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


@settings(max_examples=20, deadline=None)
@given(size=sizes, large=st.booleans(), height=st.floats(300, 700))
def test_a_sheet_laid_out_without_its_letters_is_the_sheet_with_them(
    size: tuple[str, int, int], large: bool, height: float
) -> None:
    options = RenderOptions(language="de", large_print=large)
    whole = worksheet(puzzle(*size), options, page=(400, height), heading="1. Tiere", footer="")
    laid = worksheet(
        puzzle(*size), options, page=(400, height), heading="1. Tiere", footer="", letters=False
    )
    assert laid.grid_plan is not None and whole.grid_plan is None
    assert laid.grid_plan.drawing() == whole.grid
    assert (laid.texts, laid.leftover_words) == (whole.texts, whole.leftover_words)
    assert not laid.grid.letters and laid.grid.frame == whole.grid.frame


def test_the_layout_sets_no_grid_letter_and_moves_no_grid() -> None:
    """Laying out is the part of a book its main process does alone: the letters of its grids
    and keys are set, and the grids moved, by the workers that draw the pages."""
    titled = [("Tiere", puzzle("flat", 8, 8)), ("Tiere", puzzle("wrap", 9, 7))] * 4
    book = BookFormat(parse_trim("6x9"))
    pages, _, _ = compose_book(titled, RenderOptions(), BookDesign(book), scores=[1.0] * 8)
    grids = [grid for page in pages for grid in page.grids]
    assert len(grids) == 2 * len(titled)
    assert all(isinstance(grid, LaterGrid) for grid in grids)
    keys = [grid for grid in grids if isinstance(grid, LaterGrid) and grid.plan.answers]
    assert len(keys) == len(titled)
    for key in keys:  # every key readable at the size the layout measured
        assert key.letter_size >= 7.0
        assert {t.size for t in key.drawing().letters} == {key.letter_size}
