"""Sheets sized for the children who use them: through the real command line, measured in the
PDF with pdfplumber (type sizes, the grid's width) and read back with pdftotext (the footer,
the title's lines)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli import run
from pdftext import page_texts
from wortsuche.render.layout import DASHES, title_lines
from wortsuche.render.metrics import MARGIN

TIERE = "Hund\nKatze\nMaus\nIgel\nFuchs\nPferd\nZiege\nEnte\n"
WORDS = ("Ente", "Fuchs", "Hund", "Igel", "Katze", "Maus", "Pferd", "Ziege")


def make(tmp_path: Path, *args: str) -> Path:
    words = tmp_path / "tiere.txt"
    words.write_text(TIERE, encoding="utf-8")
    out = tmp_path / "blatt.pdf"
    done = run("generate", words, "--seed", "3", *args, "-o", out, "--force")
    assert done.returncode == 0, done.stderr
    return out


def chars(path: Path, page: int = 0) -> tuple[list[dict[str, Any]], float]:
    import pdfplumber

    with pdfplumber.open(str(path)) as pdf:
        sheet = pdf.pages[page]
        return list(sheet.chars), float(sheet.width)


def sizes_of(found: list[dict[str, Any]], text: str) -> set[float]:
    """The sizes the letters of ``text`` are printed in (where the page prints it whole)."""
    line = "".join(c["text"] for c in found)
    at = line.index(text)
    return {round(c["size"], 1) for c in found[at : at + len(text)]}


def test_an_easy_sheet_is_for_the_youngest_readers_without_being_asked(tmp_path: Path) -> None:
    found, width = chars(make(tmp_path, "--level", "easy", "--size", "9x9"))
    for word in WORDS:
        assert min(sizes_of(found, word)) >= 16, word  # the list
    assert min(sizes_of(found, "Finde")) >= 16  # the instruction
    assert min(sizes_of(found, "Name:")) >= 16  # the name line
    letters = [c for c in found if c["size"] > 20 and c["text"].isalpha() and c["y0"] < 700]
    printable = width - 2 * MARGIN
    span = max(c["x1"] for c in letters) - min(c["x0"] for c in letters)
    assert span >= 0.85 * printable  # the grid fills the printable width


@pytest.mark.parametrize(("age", "least"), [("6-8", 16), ("9-12", 13), ("13+", 11)])
def test_each_age_sets_its_list_and_a_grid_as_wide_as_the_page(
    tmp_path: Path, age: str, least: float
) -> None:
    found, width = chars(make(tmp_path, "--level", "hard", "--size", "10x10", "--age", age))
    assert min(size for word in WORDS for size in sizes_of(found, word)) >= least
    letters = [c for c in found if c["size"] > 14 and c["text"].isalpha() and len(c["text"]) == 1]
    span = max(c["x1"] for c in letters) - min(c["x0"] for c in letters)
    assert span >= 0.8 * (width - 2 * MARGIN)


def test_a_pupils_footer_has_no_seed_and_no_score_and_the_key_has_both(tmp_path: Path) -> None:
    sheet, key = page_texts(make(tmp_path, "--level", "easy", "--size", "9x9", "--answers"))
    assert "9×9 · leicht" in sheet
    assert "Startwert" not in sheet and "Min." not in sheet and "Modell" not in sheet
    assert "Startwert 3" in key and "(Modell)" in key


def test_a_technical_footer_keeps_the_seed_and_the_score(tmp_path: Path) -> None:
    (sheet,) = page_texts(make(tmp_path, "--size", "9x9", "--footer", "technical"))
    assert "Startwert 3" in sheet and "(Modell)" in sheet


def test_a_title_breaks_before_its_dash_on_a_half_page(tmp_path: Path) -> None:
    title = "Wörter der Woche – Klasse 3b"
    out = make(tmp_path, "--size", "9x9", "--per-page", "2", "--title", title)
    found, _ = chars(out)
    title_size = max(c["size"] for c in found)
    rows: dict[float, str] = {}
    for c in found:
        if c["size"] == title_size and c["x0"] < 421:  # the left half's title
            rows[round(c["top"])] = rows.get(round(c["top"]), "") + c["text"]
    lines = [rows[top] for top in sorted(rows)]
    assert lines == ["Wörter der Woche", "– Klasse 3b"]


@given(
    st.lists(
        st.sampled_from(["Tiere", "im", "Wald", "Klasse", "3b", "Frühling", "–", "-"]),
        min_size=2,
        max_size=9,
    ),
    st.floats(min_value=60, max_value=400),
)
def test_no_title_line_ends_with_a_dash(words: list[str], width: float) -> None:
    title = " ".join(words)
    lines, _ = title_lines(title, 24, width)
    assert " ".join(lines) == title
    for line in lines[:-1]:
        assert line.split()[-1] not in DASHES, lines


def test_a_saved_puzzle_is_rendered_for_the_age_asked(tmp_path: Path) -> None:
    saved = make(tmp_path, "--level", "easy", "--size", "9x9").with_suffix(".json")
    words = tmp_path / "tiere.txt"
    assert (
        run(
            "generate", words, "--seed", "3", "--level", "easy", "--size", "9x9", "-o", saved
        ).returncode
        == 0
    )
    for age, least, most in (("13+", 11, 13), ("6-8", 16, 99)):
        out = tmp_path / f"{age}.pdf"
        done = run("render", saved, "--age", age, "-o", out, "--force")
        assert done.returncode == 0, done.stderr
        found, _ = chars(out)
        sizes = {size for word in WORDS for size in sizes_of(found, word)}
        assert least <= min(sizes) and max(sizes) <= most, (age, sizes)
