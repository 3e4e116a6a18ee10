"""The line for a pupil's name, the date and the class at the top of every worksheet."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli import run
from pdftext import page_texts
from wortsuche import Puzzle, generate
from wortsuche.render import render
from wortsuche.render.layout import worksheet
from wortsuche.render.metrics import PAPER
from wortsuche.render.options import RenderOptions

TIERE = "Hund\nKatze\nMaus\nIgel\nFuchs\nPferd\nZiege\nSchwein\n"


@pytest.fixture
def tiere(tmp_path: Path) -> Path:
    words = tmp_path / "tiere.txt"
    words.write_text(TIERE, encoding="utf-8")
    return words


def fields(text: str) -> list[str]:
    """The labels of the name line found in a page's text, in order."""
    return re.findall(r"\b(Name|Datum|Klasse|Date|Class):", text)


def test_a_german_worksheet_has_name_date_and_class_above_the_title(
    tiere: Path, tmp_path: Path
) -> None:
    out = tmp_path / "blatt.pdf"
    done = run("generate", tiere, "--seed", "4", "--title", "Tiere", "--answers", "-o", out)
    assert done.returncode == 0, done.stderr
    sheet, key = page_texts(out)
    assert fields(sheet) == ["Name", "Datum", "Klasse"]
    assert sheet.index("Klasse:") < sheet.index("Tiere")  # the line is at the top
    assert fields(key) == []  # the key is for the teacher


def test_an_english_sheet_says_name_date_and_class(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    done = run("generate", "LION", "TIGER", "ZEBRA", "--sheet-language", "en", "-o", out)
    assert done.returncode == 0, done.stderr
    assert fields(page_texts(out)[0]) == ["Name", "Date", "Class"]


def test_no_name_line_leaves_it_out(tiere: Path, tmp_path: Path) -> None:
    out = tmp_path / "blatt.pdf"
    assert run("generate", tiere, "--seed", "4", "--no-name-line", "-o", out).returncode == 0
    assert fields(page_texts(out)[0]) == []


@pytest.fixture(scope="module")
def tiere_puzzle() -> Puzzle:
    return generate(TIERE.split(), rows=9, cols=9, level="medium", seed=4)


def test_each_field_has_a_line_to_write_on_inside_the_margins(tiere_puzzle: Puzzle) -> None:
    sheet = worksheet(tiere_puzzle, RenderOptions(language="de"), page=PAPER["a4"])
    labels = [t for t in sheet.texts if t.text in ("Name:", "Datum:", "Klasse:")]
    assert len(labels) == len(sheet.rules) == 3
    for label, rule in zip(labels, sheet.rules, strict=True):
        assert label.x < rule.x0 < rule.x1 <= sheet.width - 48 + 1e-9
        assert rule.y > label.y  # just under the baseline
    # the name gets the longest line, and the lines do not run into the next label
    assert max(sheet.rules, key=lambda r: r.x1 - r.x0) == sheet.rules[0]
    assert all(r.x1 < label.x for r, label in zip(sheet.rules, labels[1:], strict=False))
    title = sheet.texts[0]
    assert title.bold and all(label.y < title.y - title.size for label in labels)


def test_svg_and_png_carry_the_name_line(tiere_puzzle: Puzzle) -> None:
    svg = render(tiere_puzzle, "svg", language="de")
    assert svg.count('class="rule"') == 3 and ">Klasse:<" in svg
    without = render(tiere_puzzle, "svg", language="de", name_line=False)
    assert 'class="rule"' not in without and "Klasse:" not in without
    assert render(tiere_puzzle, "png", dpi=40) != render(
        tiere_puzzle, "png", dpi=40, name_line=False
    )


def test_a_book_page_has_no_name_line(tmp_path: Path) -> None:
    from wortsuche.render import render_book

    book = tmp_path / "book.pdf"
    puzzles = [("Tiere", generate(TIERE.split(), rows=9, cols=9, seed=1))]
    book.write_bytes(render_book(puzzles, RenderOptions(language="de")))
    assert all(fields(page) == [] for page in page_texts(book))


def test_a_narrow_sheet_puts_date_and_class_under_the_name(tiere_puzzle: Puzzle) -> None:
    """On a quarter page one line would leave too little room to write the date."""
    quarter = worksheet(tiere_puzzle, RenderOptions(language="de"), page=(297, 421), margin=20)
    name, date, school_class = sheet_rules = quarter.rules
    assert name.y < date.y == school_class.y
    assert all(rule.x1 - rule.x0 >= 4 * 11 for rule in sheet_rules)
    title = quarter.texts[0]
    assert date.y < title.y - title.size
