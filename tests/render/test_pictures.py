"""Picture clues: an emoji clue is drawn as a picture of at least 12 mm, in a box below the grid."""

from __future__ import annotations

import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from tests.cli import run
from tests.pdftext import word_boxes
from tests.test_cli_paper import pdftotext

from wortsuche import generate
from wortsuche.render.layout import worksheet
from wortsuche.render.metrics import PAPER, text_width
from wortsuche.render.options import RenderOptions
from wortsuche.render.pictures import MIN_SIZE, MM
from wortsuche.render.svg import render as svg
from wortsuche.words.pictures import FOLDER, has_picture
from wortsuche.words.themes import theme_names
from wortsuche.words.vocabulary import theme_pairs

BILDER = "IGEL = 🦔\nEULE = 🦉\nHUND = 🐕\nKATZE = 🐈\nMAUS = 🐁\nFUCHS = 🦊\n"


@pytest.mark.parametrize("name", theme_names())
def test_every_emoji_of_the_themes_has_its_picture(name: str) -> None:
    lacking = [p.emoji for p in theme_pairs(name) if p.emoji and not has_picture(p.emoji)]
    assert lacking == []


def test_the_pictures_carry_their_licence() -> None:
    licence = (FOLDER / "LICENSE").read_text(encoding="utf-8")
    assert "Noto Emoji" in licence and "Apache License" in licence


def test_a_picture_sheet_holds_images_and_no_words_the_key_names_them(tmp_path: Path) -> None:
    (tmp_path / "bilder.txt").write_text(BILDER, encoding="utf-8")
    args = ["generate", "bilder.txt", "--level", "easy", "--size", "8", "--seed", "3"]
    result = run(*args, "-o", "bilder.pdf", "--answers", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    sheet, key, *_ = pdftotext(tmp_path / "bilder.pdf").split("\f")
    words = {"IGEL", "EULE", "HUND", "KATZE", "MAUS", "FUCHS"}
    assert not words & set(re.findall(r"\w+", sheet))
    assert "Finde die 6 Wörter zu den Bildern unten im Gitter." in " ".join(sheet.split())
    assert words <= set(re.findall(r"\w+", key))
    listing = subprocess.run(
        ["pdfimages", "-list", str(tmp_path / "bilder.pdf")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    images = [line.split() for line in listing.splitlines()[2:]]
    on_sheet = [row for row in images if row[0] == "1" and row[2] == "image"]
    assert len(on_sheet) == 6


@pytest.mark.parametrize("count", [1, 8, 30])
def test_pictures_are_at_least_12_mm_even_in_a_long_list(count: int) -> None:
    emoji = ["🦔", "🦉", "🐕", "🐈", "🐁", "🦊", "🐻", "🐒", "🐘", "🦒"] * 3
    words = [f"{'ABCDEFGHIJ'[i % 10]}{'KLMNO'[i // 10]}X = {emoji[i]}" for i in range(count)]
    puzzle = generate(words, 12, 12, seed=1, level="easy")
    for answers in (False, True):
        sheet = worksheet(puzzle, RenderOptions(answers=answers), page=PAPER["a4"])
        assert len(sheet.pictures) == count
        assert all(p.size >= MIN_SIZE - 1e-9 for p in sheet.pictures)
        assert pytest.approx(12 * MM) == MIN_SIZE
        (box,) = sheet.boxes
        assert all(box.x < p.x and p.x + p.size < box.x + box.width for p in sheet.pictures)
        assert box.y > sheet.grid.frame.y + sheet.grid.frame.height  # below the grid
        assert box.y + box.height < PAPER["a4"][1]


def test_svg_and_png_draw_the_pictures(tmp_path: Path) -> None:
    puzzle = generate(BILDER.splitlines(), 8, 8, seed=3)
    drawing = svg(puzzle)
    assert drawing.count('<image class="picture"') == 6
    assert "<title>🦔</title>" in drawing
    (tmp_path / "bilder.txt").write_text(BILDER, encoding="utf-8")
    result = run("generate", "bilder.txt", "--seed", "3", "-o", "b.png", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "b.png").read_bytes().startswith(b"\x89PNG")


def test_an_emoji_without_a_picture_is_named(tmp_path: Path) -> None:
    result = run("generate", "-", stdin="HUND = 🐕\nLAND = 🇩🇪\n", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "wortsuche: error: standard input: there is no picture of 🇩🇪 (U+1F1E9-1F1EA) (line 2) "
        "among wortsuche's emoji; choose another emoji or write the clue in words"
    ]


def test_a_docx_picture_sheet_draws_each_picture(tmp_path: Path) -> None:
    pytest.importorskip("docx")
    (tmp_path / "bilder.txt").write_text(BILDER, encoding="utf-8")
    result = run("generate", "bilder.txt", "--seed", "3", "-o", "bilder.docx", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    with zipfile.ZipFile(tmp_path / "bilder.docx") as document:
        images = [name for name in document.namelist() if name.startswith("word/media/")]
        body = document.read("word/document.xml").decode("utf-8")
    assert len(images) == BILDER.count("\n")  # one picture a clue
    assert "🦔" not in body and "IGEL" not in body.replace("</w:t>", "")  # no emoji as text
    # drawn at 14 mm: 14 mm in English Metric Units (36,000 a millimetre)
    assert f'cx="{14 * 36000}"' in body


GEMISCHT = "IGEL = Ein Tier mit Stacheln\nEULE = 🦉\nHUND = 🐕\n"


def _height(box: tuple[float, float, float, float]) -> float:
    return box[3] - box[1]


@pytest.mark.parametrize("answers", [False, True])
def test_a_clue_in_words_beside_pictures_is_as_large_as_a_listed_word(
    tmp_path: Path, answers: bool
) -> None:
    (tmp_path / "gemischt.txt").write_text(GEMISCHT, encoding="utf-8")
    (tmp_path / "woerter.txt").write_text("IGEL\nEULE\nHUND\nSTACHELN\n", encoding="utf-8")
    key = ["--answers"] if answers else []
    for name in ("gemischt", "woerter"):
        args = [f"{name}.txt", "--seed", "3", "--size", "9", *key, "-o", f"{name}.pdf"]
        result = run("generate", *args, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
    page = 2 if answers else 1
    listed = word_boxes(tmp_path / "woerter.pdf", page)["STACHELN"]
    clue = word_boxes(tmp_path / "gemischt.pdf", page)["Stacheln"]
    assert _height(clue) >= _height(listed) - 0.01  # the list's 12 pt, not shrunk to a picture


def test_a_clue_in_words_follows_the_pictures_in_their_box_and_long_ones_wrap() -> None:
    long = "Ein Tier mit Stacheln, das im Herbst Laub sammelt und im Winter lange schläft"
    puzzle = generate([f"IGEL = {long}", "EULE = 🦉", "HUND = 🐕", "BAUM"], 9, 9, seed=3)
    for page in (PAPER["a4"], None):  # the PDF's page, and the SVG's and PNG's sheet
        sheet = worksheet(puzzle, RenderOptions(), page=page)
        (box,) = sheet.boxes
        lowest = max(p.y + p.size for p in sheet.pictures)
        below = [t for t in sheet.texts if lowest < t.y < box.y + box.height]
        assert [t.text for t in below][:1] == ["BAUM"]
        assert " ".join(t.text for t in below[1:]) == long
        assert len(below) > 2  # the long clue on lines of its own
        assert all(t.size >= 12 for t in below)
        assert all(
            box.x < t.x and t.x + text_width(t.text, t.size) < box.x + box.width for t in below
        )


def test_text_the_typeface_cannot_print_is_refused_naming_it(tmp_path: Path) -> None:
    # fpdf2 draws a letter its font lacks as an empty box and only warns: a clue in Chinese,
    # a title with a symbol, are refused before anything is drawn, naming the characters
    (tmp_path / "katze.txt").write_text("KATZE = 猫 auf Chinesisch\nHUND\n", encoding="utf-8")
    for output, *options in (("k.pdf",), ("k.png",), ("v.pdf", "--versions", "2")):
        done = run(
            "generate", tmp_path / "katze.txt", "--seed", "1", *options, "-o", tmp_path / output
        )
        assert done.returncode == 2 and not (tmp_path / output).exists()
        assert (
            done.stderr.strip()
            .splitlines()[-1]
            .endswith(
                "the typeface DejaVu Sans has no letter for 猫: write it with other characters, "
                "make the clue one picture, or choose the other --font"
            )
        )
        assert "Traceback" not in done.stderr and "missing" not in done.stderr
    titled = run("generate", "Hund", "Katze", "--title", "Tiere ✈ Reise", "--font", "school",
                 "-o", tmp_path / "t.pdf")  # fmt: skip
    assert titled.returncode == 2 and "Andika has no letter for ✈" in titled.stderr
    fine = run("generate", "Hund", "Katze", "--title", "Tiere ✈ Reise", "-o", tmp_path / "u.pdf")
    assert fine.returncode == 0  # DejaVu Sans has the aeroplane
