"""Letter counts after the clues (--letter-count): on the sheet, the key, the puzzle's JSON,
the offline game and in a book; a picture keeps its picture, its count drawn under it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from tests.cli import run
from tests.test_cli_paper import pdftotext

from wortsuche.model import Word
from wortsuche.words.clues import is_picture
from wortsuche.words.letters import counted_entries, with_letter_counts
from wortsuche.words.pictures import has_picture, picture_bytes


@given(st.text(alphabet="ABCDEFGHÄÖÜ", min_size=1, max_size=12), st.text(min_size=1, max_size=30))
def test_the_count_is_the_words_cells_after_its_clue(letters: str, clue: str) -> None:
    clue = clue.strip() or "x"
    (word,) = with_letter_counts([Word(letters.lower(), letters, clue)])
    assert word.clue == f"{clue} ({len(letters)})"


def test_a_picture_is_followed_by_its_count_and_stays_a_picture() -> None:
    words = with_letter_counts([Word("Igel", "IGEL", "🦔"), Word("Hund", "HUND")])
    assert [w.clue for w in words] == ["🦔 (4)", None]
    assert is_picture("🦔 (4)") and has_picture("🦔 (4)") and not is_picture("Tier (4)")
    assert picture_bytes("🦔 (4)") == picture_bytes("🦔")


def test_the_count_is_that_of_the_grid_not_of_the_entry() -> None:
    assert counted_entries(["Straße = street"], eszett="ss") == ["Straße = street (7)"]
    assert counted_entries(["Straße = street"], eszett="keep") == ["Straße = street (6)"]
    assert counted_entries(["Ice cream = Eis"]) == ["Ice cream = Eis (8)"]


def test_sheet_key_json_and_game_show_the_counts(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text(
        "Igel = Tier mit Stacheln\nEule = Vogel der Nacht\nHund\n", encoding="utf-8"
    )
    args = ["tiere.txt", "--letter-count", "--seed", "3"]
    made = run("generate", *args, "-o", "blatt.pdf", "--answers", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    sheet, key, *_ = pdftotext(tmp_path / "blatt.pdf").split("\f")
    for page in (sheet, key):
        flat = " ".join(page.split())
        assert "Tier mit Stacheln (4)" in flat and "Vogel der Nacht (4)" in flat
    puzzle = json.loads(run("generate", *args, "--format", "json", cwd=tmp_path).stdout)
    clues = {w["entry"]: w.get("clue") for w in puzzle["words"]}
    assert clues == {"Igel": "Tier mit Stacheln (4)", "Eule": "Vogel der Nacht (4)", "Hund": None}
    game = run("generate", *args, "--format", "html", cwd=tmp_path).stdout
    data = re.search(r'id="puzzle-data">(.*?)</script>', game, re.S)
    assert data is not None and "Tier mit Stacheln (4)" in data.group(1)


def test_two_language_clues_and_a_book_count_the_letters(tmp_path: Path) -> None:
    (tmp_path / "liste.txt").write_text("Igel\nHund\nKatze\n", encoding="utf-8")
    args = ["liste.txt", "--clues", "en", "--letter-count", "--seed", "1"]
    puzzle = json.loads(run("generate", *args, "--format", "json", cwd=tmp_path).stdout)
    assert sorted(w["clue"] for w in puzzle["words"]) == ["cat (5)", "dog (4)", "hedgehog (4)"]
    book = run("book", *args, "--count", "1", "-o", "buch.pdf", cwd=tmp_path)
    assert book.returncode == 0, book.stderr
    flat = " ".join(pdftotext(tmp_path / "buch.pdf").split())
    assert "hedgehog (4)" in flat and "cat (5)" in flat


def test_a_picture_sheet_draws_the_count_under_each_picture(tmp_path: Path) -> None:
    (tmp_path / "bilder.txt").write_text("Igel = 🦔\nEule = 🦉\nFuchs = 🦊\n", encoding="utf-8")
    args = ["bilder.txt", "--letter-count", "--seed", "2"]
    made = run("generate", *args, "-o", "bilder.pdf", "--answers", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    sheet, key, *_ = pdftotext(tmp_path / "bilder.pdf").split("\f")
    assert sorted(re.findall(r"\(\d\)", sheet)) == ["(4)", "(4)", "(5)"]
    assert {"Igel (4)", "Eule (4)", "Fuchs (5)"} <= set(re.findall(r"\w+ \(\d\)", key))
