"""wortsuche's own pictures of the school things no emoji shows (``x-table``): each one the
vocabulary names ships as a PNG of the emoji pictures' size, a clue naming it is a picture, and
every sheet draws it beside the emoji: PDF, PNG, SVG, DOCX, ODT and the offline game; a text
sheet shows 🖼️, not the name that would give the word away."""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from tests.cli import run

from wortsuche.data import PACKAGE
from wortsuche.errors import InputError
from wortsuche.i18n import translator
from wortsuche.words.clues import is_picture, split_clue
from wortsuche.words.pictures import has_picture, is_named_picture, near_picture, picture_bytes
from wortsuche.words.vocabulary import school_pairs

FOLDER = PACKAGE / "data" / "emoji"
ROOT = Path(__file__).resolve().parent.parent
WOOD = (0x9A, 0x5B, 0x2E)
"""The table's colour (tools/build_pictures.py), to find it on a drawn page."""


def shipped() -> set[str]:
    return {path.stem for path in FOLDER.glob("x-*.png")}


def tool(name: str) -> Any:
    """A build script of tools/, imported."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "tools"))


def build_script() -> dict[str, object]:
    """The pictures tools/build_pictures.py draws, read from the script itself."""
    return dict(tool("build_pictures").PICTURES)


def test_the_emoji_build_asks_noto_for_no_own_picture() -> None:
    """tools/build_emoji.py reads the vocabulary's pictures: an x- name is none of Noto's."""
    wanted = tool("build_emoji").wanted()
    assert len(wanted) >= 600
    assert not [emoji for emoji in wanted if emoji.startswith("x-")]


def test_every_picture_the_vocabulary_names_ships_and_every_shipped_one_is_named() -> None:
    named = {pair.emoji for pair in school_pairs() if pair.emoji and pair.emoji.startswith("x-")}
    assert len(named) >= 19
    assert named == shipped()
    assert {f"x-{name}" for name in build_script()} == shipped()
    record = (FOLDER / "x-pictures.txt").read_text("utf-8")
    for name in shipped():  # each picture's source and author is recorded
        assert re.search(rf"^{name} = [a-z +-]+, \S", record, re.M), name
    assert "Material Design Icons" in (FOLDER / "LICENSE").read_text("utf-8")


def test_the_pictures_have_the_emoji_pictures_size_and_a_clear_background() -> None:
    with Image.open(FOLDER / "1f994.png") as emoji:
        size = emoji.size
    for name in sorted(shipped()):
        with Image.open(FOLDER / f"{name}.png") as image:
            rgba = image.convert("RGBA")
            assert rgba.size == size, name
            assert rgba.getpixel((0, 0))[3] == 0, name  # the corner outside the disc is clear
            colours = {pixel[:3] for _, pixel in rgba.getcolors(1 << 16) or [] if pixel[3] == 255}
            assert len(colours) >= 2, name  # a coloured thing on its pale disc


@given(st.from_regex(r"x-[a-z]{1,10}(-[a-z]{1,6})?", fullmatch=True))
def test_a_name_is_a_picture_exactly_when_its_picture_ships(name: str) -> None:
    assert is_picture(name) == is_named_picture(name) == (name in shipped())
    assert has_picture(name) == (name in shipped())
    near = near_picture(name)
    if near is None:  # a picture, or a name like none of them: a clue in words, never refused
        assert split_clue(f"TISCH = {name}") == ("TISCH", name)
    else:  # a slip is refused, naming the picture meant
        assert name not in shipped() and near in shipped()
        with pytest.raises(
            InputError, match=f"no picture named {name} \\(line 3\\); did you mean {near}"
        ):
            split_clue(f"TISCH = {name}", line=3)


def test_a_misspelt_picture_name_is_refused_in_one_line_in_german_and_english(
    tmp_path: Path,
) -> None:
    (tmp_path / "w.txt").write_text("RAY = x-ray\nTISCH = x-tabel\n", "utf-8")
    made = run("generate", "w.txt", cwd=tmp_path)
    assert made.returncode == 2
    assert made.stderr.strip().splitlines() == [
        "wortsuche: error: w.txt: there is no picture named x-tabel (line 2); did you mean "
        "x-table? Or write the clue in words"
    ]
    with pytest.raises(InputError) as caught:
        split_clue("TISCH = x-tabel", line=2)
    german = translator("de").error(caught.value)
    assert (
        german
        == "für x-tabel (Zeile 2) gibt es kein Bild – meinst du x-table? Oder schreibe den Hinweis in Worten"
    )


def test_a_named_picture_takes_a_letter_count_like_an_emoji() -> None:
    assert is_picture("x-table (5)") and picture_bytes("x-table (5)") == picture_bytes("x-table")


WORDS = ("Tisch", "Radiergummi", "Tafel", "Apfel", "Stuhl", "Kopf")
"""Three of wortsuche's own pictures (x-table, x-eraser, x-board, x-head) and two emoji."""


def make(folder: Path, name: str, *extra: str) -> Path:
    made = run(
        "generate", *WORDS, "--clues", "picture", "--seed", "4", "-o", name, *extra, cwd=folder
    )
    assert made.returncode == 0, made.stderr
    return folder / name


def test_a_pdf_sheet_draws_the_own_pictures_beside_the_emoji(
    tmp_path: Path, artifacts: Path
) -> None:
    """The sheet's page, drawn, is kept in test-artifacts/own-pictures.png to be looked at."""
    sheet = make(tmp_path, "tisch.pdf", "--answers")
    with pdfplumber.open(sheet) as pdf:
        assert [len(page.images) for page in pdf.pages] == [6, 6]  # sheet and key
    subprocess.run(
        ["pdftoppm", "-r", "100", "-png", "-f", "1", "-l", "1", str(sheet), str(tmp_path / "p")],
        check=True,
    )
    (page,) = tmp_path.glob("p*.png")
    (artifacts / "own-pictures.png").write_bytes(page.read_bytes())
    with Image.open(page) as drawn:
        colours = {pixel for _, pixel in drawn.convert("RGB").getcolors(1 << 24) or []}
    assert any(all(abs(a - b) <= 12 for a, b in zip(c, WOOD, strict=True)) for c in colours)


def test_png_svg_docx_odt_and_the_offline_game_carry_the_own_pictures(tmp_path: Path) -> None:
    table = picture_bytes("x-table")
    assert make(tmp_path, "t.png").read_bytes().startswith(b"\x89PNG")
    svg = make(tmp_path, "t.svg").read_text("utf-8")
    assert svg.count("<image") == 6
    with zipfile.ZipFile(make(tmp_path, "t.docx")) as docx:
        media = [docx.read(n) for n in docx.namelist() if n.startswith("word/media/")]
    assert table in media and len(media) == 6
    with zipfile.ZipFile(make(tmp_path, "t.odt")) as odt:
        assert odt.read("Pictures/x-table.png") == table
    game = make(tmp_path, "t.html").read_text("utf-8")
    found = re.search(r'id="pictures"[^>]*>(.*?)</script>', game, re.S)
    assert found is not None
    assert set(json.loads(found.group(1))) >= {"x-table", "x-eraser", "x-board", "x-head"}


def test_a_text_sheet_shows_a_framed_picture_and_its_key_the_name(tmp_path: Path) -> None:
    sheet = make(tmp_path, "t.txt").read_text("utf-8")
    assert "x-" not in sheet and sheet.count("🖼️") == 4
    key = make(tmp_path, "k.txt", "--answers").read_text("utf-8")
    assert "x-table" in key


def test_a_book_draws_the_own_pictures_on_its_sheets_and_key(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(
        "TISCH = x-table\nTAFEL = x-board\nIGEL = 🦔\nLAMPE = x-lamp\n", "utf-8"
    )
    (tmp_path / "b.txt").write_text("KOPF = x-head\nWAND = x-wall\nAPFEL = 🍎\n", "utf-8")
    made = run("book", "a.txt", "b.txt", "-o", "book.pdf", "--seed", "3", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    with pdfplumber.open(tmp_path / "book.pdf") as pdf:
        images = [len(page.images) for page in pdf.pages]
    assert images[1:3] == [4, 3] and sum(images) == 14  # two sheets, then a key with all seven


def test_both_picture_builds_fetch_their_npm_package_the_same_way() -> None:
    """One function unpacks the npm package of either build; only the package differs."""
    emoji, pictures = tool("build_emoji"), tool("build_pictures")
    assert emoji.unpacked is pictures.unpacked
    assert (emoji.NPM_PACKAGE, pictures.NPM_PACKAGE) == (
        "@iconify-json/noto@1.2.9",
        "@mdi/svg@7.4.47",
    )
