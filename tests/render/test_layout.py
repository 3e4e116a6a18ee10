"""The shared page geometry: grid on the page, word list in columns, capsules along each word."""

from __future__ import annotations

import itertools
import math

import pytest

from wortsuche import Puzzle, generate
from wortsuche.render.layout import (
    Capsule,
    sorted_entries,
    title_lines,
    word_columns,
    worksheet,
)
from wortsuche.render.metrics import MARGIN, PAPER, text_width
from wortsuche.render.options import RenderOptions


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_grid_and_word_list_stay_inside_the_margins(zoo: Puzzle, paper: str) -> None:
    width, height = PAPER[paper]
    sheet = worksheet(zoo, RenderOptions(answers=True), page=PAPER[paper])
    frame = sheet.grid.frame
    assert frame.x >= MARGIN - 0.01 and frame.x + frame.width <= width - MARGIN + 0.01
    assert frame.y >= MARGIN and frame.y + frame.height <= height - MARGIN
    for text in sheet.texts:
        assert MARGIN / 2 <= text.y <= height - MARGIN / 2


def test_grid_is_centred_across_the_page(zoo: Puzzle) -> None:
    sheet = worksheet(zoo, page=PAPER["a4"])
    frame = sheet.grid.frame
    assert frame.x + frame.width / 2 == pytest.approx(sheet.width / 2)


def test_grid_uses_the_width_of_the_page_for_a_big_grid(zoo: Puzzle) -> None:
    sheet = worksheet(zoo, page=PAPER["a4"])
    assert sheet.grid.frame.width > 0.9 * (sheet.width - 2 * MARGIN)


def test_letters_are_the_grid_read_row_by_row(zoo: Puzzle) -> None:
    sheet = worksheet(zoo, page=PAPER["a4"])
    assert "".join(t.text for t in sheet.grid.letters) == "".join(zoo.grid.rows)


def test_letters_are_evenly_spaced(zoo: Puzzle) -> None:
    letters = worksheet(zoo, page=PAPER["a4"]).grid.letters
    steps = {round(b.x - a.x, 6) for a, b in itertools.pairwise(letters[:15])}
    assert len(steps) == 1


def test_one_capsule_per_placed_word_only_on_the_key(zoo: Puzzle) -> None:
    assert worksheet(zoo, page=PAPER["a4"]).grid.capsules == ()
    capsules = worksheet(zoo, RenderOptions(answers=True), page=PAPER["a4"]).grid.capsules
    assert sorted(c.letters for c in capsules) == sorted(zoo.placements)


def test_capsule_runs_from_the_first_to_the_last_letter(zoo: Puzzle) -> None:
    grid = worksheet(zoo, RenderOptions(answers=True), page=PAPER["a4"]).grid
    for capsule in grid.capsules:
        placement = zoo.placements[capsule.letters]
        assert capsule.start == pytest.approx(grid.centre(*placement.start))
        assert capsule.end == pytest.approx(grid.centre(*placement.end))


def test_capsule_outline_keeps_its_radius_from_the_word_axis() -> None:
    capsule = Capsule("ABC", (10.0, 10.0), (50.0, 50.0), 6.0)
    (x0, y0), (x1, y1) = capsule.start, capsule.end
    for px, py in capsule.outline():
        # Distance from the segment start-end.
        t = max(0.0, min(1.0, ((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) / 3200))
        cx, cy = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
        assert math.hypot(px - cx, py - cy) == pytest.approx(6.0)


def test_word_list_is_sorted_as_entered(zoo: Puzzle) -> None:
    entries = sorted_entries(zoo)
    assert set(entries) == {w.entry for w in zoo.words}
    assert entries.index("Élan") < entries.index("Fisch") < entries.index("Ice cream")


def test_word_columns_fit_the_width_and_hold_every_entry(zoo: Puzzle) -> None:
    entries = sorted_entries(zoo)
    columns = word_columns(entries, 12, 400)
    assert columns.width <= 400
    placed = columns.texts(300, 100)
    assert [t.text for t in placed] == entries
    # Filled down the columns: the second entry sits below the first.
    assert placed[1].x == placed[0].x and placed[1].y > placed[0].y


def test_text_width_grows_with_text_and_size() -> None:
    assert text_width("WW", 10) > text_width("II", 10) > 0
    assert text_width("Bär", 20) == pytest.approx(2 * text_width("Bär", 10))


def test_large_print_has_bigger_letters(zoo: Puzzle) -> None:
    normal = worksheet(zoo).grid.letters[0].size
    large = worksheet(zoo, RenderOptions(large_print=True)).grid.letters[0].size
    assert large > normal


LONG_TITLE = "Tiere im Wald und auf der Wiese – Klasse 3b"


@pytest.mark.parametrize("large_print", [False, True])
def test_a_long_title_wraps_onto_two_lines_at_the_normal_size(
    zoo: Puzzle, large_print: bool
) -> None:
    options = RenderOptions(title=LONG_TITLE, large_print=large_print)
    sheet = worksheet(zoo, options, page=PAPER["a4"])
    short = worksheet(zoo, RenderOptions(title="Tiere", large_print=large_print), page=PAPER["a4"])
    title = [t for t in sheet.texts if t.bold]
    assert " ".join(t.text for t in title) == LONG_TITLE
    assert len(title) == 2 and title[0].y < title[1].y
    assert {t.size for t in title} == {next(t.size for t in short.texts if t.bold)}
    width = PAPER["a4"][0]
    for text in title:
        assert text_width(text.text, text.size, bold=True) <= width - 2 * MARGIN
    assert sheet.grid.frame.y > short.grid.frame.y  # the second line pushes the grid down


def test_a_title_too_long_for_two_lines_shrinks_just_enough() -> None:
    lines, size = title_lines(" ".join([LONG_TITLE] * 4), 24, 500)
    assert len(lines) == 2 and size < 24
    assert max(text_width(line, size, bold=True) for line in lines) == pytest.approx(500)
    assert title_lines("Donaudampfschifffahrtsgesellschaftskapitän", 24, 300)[0] == [
        "Donaudampfschifffahrtsgesellschaftskapitän"
    ]


def test_no_word_list_leaves_only_title_and_instruction(zoo: Puzzle) -> None:
    sheet = worksheet(zoo, RenderOptions(word_list=False, language="en"), page=PAPER["a4"])
    texts = [t.text for t in sheet.texts]
    assert not any(w.entry in texts for w in zoo.words)
    assert "15 words are hidden in the grid." in texts


ANIMALS = [
    "ANT",
    "BAT",
    "BEAR",
    "BEE",
    "BISON",
    "BOAR",
    "CAMEL",
    "CAT",
    "CLAM",
    "COBRA",
    "COW",
    "CRAB",
    "CROW",
    "DEER",
    "DINGO",
    "DOG",
    "DOVE",
    "DUCK",
    "EAGLE",
    "EEL",
    "ELK",
    "EMU",
    "FERRET",
    "FINCH",
    "FOX",
    "FROG",
    "GECKO",
    "GNU",
    "GOAT",
    "GOOSE",
    "HARE",
    "HAWK",
    "HERON",
    "HORSE",
    "HYENA",
    "IBIS",
    "KOALA",
    "LEMUR",
    "LION",
    "LLAMA",
    "LYNX",
    "MOLE",
    "MOOSE",
    "MOUSE",
    "MULE",
    "NEWT",
    "OTTER",
    "OWL",
    "PANDA",
]


@pytest.mark.parametrize(("side", "words"), [(10, 8), (18, 25), (30, 50)])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_large_print_makes_the_grid_cells_larger(side: int, words: int, paper: str) -> None:
    puzzle = generate(ANIMALS[:words], rows=side, cols=side, level="medium", seed=side)
    normal = worksheet(puzzle, page=PAPER[paper])
    large = worksheet(puzzle, RenderOptions(large_print=True), page=PAPER[paper])
    assert large.grid.cell > normal.grid.cell
    assert large.grid.letters[0].size > normal.grid.letters[0].size
    width, height = PAPER[paper]
    frame = large.grid.frame
    assert frame.x > 0 and frame.x + frame.width < width and frame.y + frame.height < height
