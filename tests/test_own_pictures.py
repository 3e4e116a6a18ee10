"""A teacher's own pictures: ``Igel = igel.png`` in a word file puts her picture beside the word
on the sheet and the key (PDF, PNG, SVG), in the puzzle's JSON and in the offline game; a
missing, unreadable or too large picture is refused in one line."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image, ImageDraw
from tests.cli import run

from wortsuche.errors import InputError
from wortsuche.model import Word
from wortsuche.words import pictures
from wortsuche.words.clues import is_picture, listed
from wortsuche.words.pictures import OWN_PREFIX, OWN_SIDE, own_picture


def draw(path: Path, size: tuple[int, int], form: str) -> None:
    """A picture of ``size`` saved as ``form`` (PNG or JPEG): a brown hedgehog, more or less."""
    image = Image.new("RGB", size, "white")
    ImageDraw.Draw(image).ellipse((10, 10, size[0] - 10, size[1] - 10), fill=(120, 80, 40))
    image.save(path, form)


@pytest.fixture
def forest(tmp_path: Path) -> Path:
    """A word file with two own pictures (a JPEG in a subfolder, a PNG), a clue and a word."""
    (tmp_path / "bilder").mkdir()
    draw(tmp_path / "bilder" / "igel.jpg", (800, 600), "JPEG")
    draw(tmp_path / "zelt.png", (120, 120), "PNG")
    (tmp_path / "wald.txt").write_text(
        "Igel = bilder/igel.jpg\nZelt = zelt.png\nEule = Vogel der Nacht\nFuchs\n",
        encoding="utf-8",
    )
    return tmp_path


def test_a_picture_becomes_a_square_png_clue_of_its_own(forest: Path) -> None:
    clue = own_picture(forest, "bilder/igel.jpg")
    assert clue.startswith(OWN_PREFIX) and is_picture(clue)
    with Image.open(io.BytesIO(base64.b64decode(clue.removeprefix(OWN_PREFIX)))) as image:
        assert image.format == "PNG" and image.size == (OWN_SIDE, OWN_SIDE)
    assert listed(Word("Igel", "IGEL", clue), answers=True) == "Igel – 🖼️"


def test_sheet_key_json_and_offline_game_carry_the_pictures(forest: Path) -> None:
    made = run("generate", "wald.txt", "--seed", "2", "-o", "wald.pdf", "--answers", cwd=forest)
    assert made.returncode == 0, made.stderr
    with pdfplumber.open(forest / "wald.pdf") as pdf:
        assert [len(page.images) for page in pdf.pages] == [2, 2]  # sheet and key
        assert "Vogel der Nacht" in pdf.pages[0].extract_text()
    puzzle = json.loads(
        run("generate", "wald.txt", "--seed", "2", "--format", "json", cwd=forest).stdout
    )
    clues = {w["entry"]: w.get("clue") for w in puzzle["words"]}
    assert clues["Igel"].startswith(OWN_PREFIX) and clues["Zelt"].startswith(OWN_PREFIX)
    assert clues["Eule"] == "Vogel der Nacht" and clues["Fuchs"] is None
    for form in ("png", "svg"):
        drawn = run("generate", "wald.txt", "--seed", "2", "-o", f"wald.{form}", cwd=forest)
        assert drawn.returncode == 0, drawn.stderr
    assert (forest / "wald.svg").read_text("utf-8").count("<image") == 2
    game = run("generate", "wald.txt", "--seed", "2", "--format", "html", cwd=forest).stdout
    data = re.search(r'id="puzzle-data">(.*?)</script>', game, re.S)
    assert data is not None and data.group(1).count(OWN_PREFIX) == 2


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda folder: None, "the picture igel.png (line 1) is not there"),
        (
            lambda folder: (folder / "igel.png").write_bytes(b"\x89PNG\r\n\x1a\nno picture"),
            "the picture igel.png (line 1) cannot be read as a PNG or JPEG picture",
        ),
        (
            lambda folder: Image.new("RGB", (20, 20)).save(folder / "igel.png", "GIF"),
            "the picture igel.png (line 1) cannot be read as a PNG or JPEG picture",
        ),
        (
            lambda folder: Image.new("1", (6000, 5000)).save(folder / "igel.png"),
            "the picture igel.png (line 1) has more than 25 million pixels",
        ),
    ],
)
def test_a_missing_unreadable_or_huge_picture_is_refused_in_one_line(
    tmp_path: Path, make: object, says: str
) -> None:
    make(tmp_path)  # type: ignore[operator]
    (tmp_path / "t.txt").write_text("Igel = igel.png\nHund\n", encoding="utf-8")
    result = run("generate", "t.txt", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 2
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"wortsuche: error: t.txt: {says}")


def test_a_picture_file_too_large_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    draw(tmp_path / "igel.png", (100, 100), "PNG")
    monkeypatch.setattr(pictures, "MAX_OWN_BYTES", 100)
    with pytest.raises(InputError, match=r"igel\.png is larger than"):
        own_picture(tmp_path, "igel.png")


def test_words_from_no_file_keep_a_file_name_as_a_text_clue(tmp_path: Path) -> None:
    # words given on the command line come from no file: igel.png there is a text clue
    on_line = run(
        "generate", "Igel = igel.png", "Hund", "--seed", "1", "--format", "json", cwd=tmp_path
    )
    assert on_line.returncode == 0, on_line.stderr
    clues = {w["entry"]: w.get("clue") for w in json.loads(on_line.stdout)["words"]}
    assert clues["Igel"] == "igel.png"


def test_a_book_carries_the_pictures_beside_its_plan_onto_sheets_and_keys(forest: Path) -> None:
    """The plan's clues name each picture shortly (a data URL is longer than a clue may be);
    the pictures travel beside it, to worker processes too, and come back as the clues."""
    (forest / "tiere.txt").write_text("# Tiere\nIgel = zelt.png\nHund\nKatze\n", encoding="utf-8")
    made = run(
        "book", "wald.txt", "tiere.txt", "--seed", "5", "--workers", "2", "--letter-count",
        "-o", "wald-buch.pdf", cwd=forest,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    with pdfplumber.open(forest / "wald-buch.pdf") as pdf:
        images = [len(page.images) for page in pdf.pages]
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    assert sum(images) == 6  # two puzzles' own pictures (2 and 1), on their sheets and keys
    assert "png" not in text  # no file name, no short name shown as a clue
    lines = run("book", "wald.txt", "--seed", "5", "-o", "wald.jsonl", cwd=forest)
    assert lines.returncode == 0, lines.stderr
    text = (forest / "wald.jsonl").read_text("utf-8")
    (puzzle,) = [json.loads(line) for line in text.splitlines()]
    clues = {w["entry"]: w.get("clue") for w in puzzle["words"]}
    assert clues["Igel"].startswith(OWN_PREFIX) and clues["Zelt"].startswith(OWN_PREFIX)
    assert clues["Eule"] == "Vogel der Nacht"


def test_a_book_refuses_a_missing_picture_in_one_line(forest: Path) -> None:
    (forest / "wald.txt").write_text("Igel = weg.png\nHund\nKatze\n", encoding="utf-8")
    made = run("book", "wald.txt", "-o", "b.pdf", cwd=forest)
    assert made.returncode == 2
    assert "the picture weg.png is not there" in made.stderr
    assert "Traceback" not in made.stderr and len(made.stderr.strip().splitlines()) == 1
