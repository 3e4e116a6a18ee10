"""Entries with clues: the grid holds the word, the list shows the clue, the key shows both."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.cli import run
from tests.test_cli_paper import pdftotext

from wortsuche import generate
from wortsuche.errors import InputError
from wortsuche.i18n import translator
from wortsuche.model import Word
from wortsuche.puzzle_json import dumps, loads, schema
from wortsuche.words.clues import is_emoji, is_picture, listed, split_clue
from wortsuche.words.pictures import has_picture
from wortsuche.words.source import parse_words

TIERE = """\
# Tiere
IGEL = Ein Tier mit Stacheln
EULE = Sie schläft am Tag, und jagt in der Nacht
HUND
"""


def test_a_file_may_mix_entries_with_and_without_clues() -> None:
    words, _ = parse_words(TIERE, name="tiere.txt").words()
    assert [(w.letters, w.clue) for w in words] == [
        ("IGEL", "Ein Tier mit Stacheln"),
        ("EULE", "Sie schläft am Tag, und jagt in der Nacht"),
        ("HUND", None),
    ]


def test_a_line_with_a_clue_is_not_split_at_its_spaces_or_commas() -> None:
    source = parse_words("Katze Maus\nIGEL = Ein Tier, mit Stacheln\n", name="t.txt")
    assert source.entries == ("Katze", "Maus", "IGEL = Ein Tier, mit Stacheln")
    assert source.lines == (1, 1, 2)


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("IGEL = Tier = Stacheln", '"=" twice'),
        ("= Ein Tier", 'no word before "="'),
        ("IGEL =   ", 'no clue after "="'),
    ],
)
def test_a_bad_line_is_named_by_its_number(line: str, says: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_words(f"HUND\n\n{line}\n", name="tiere.txt").words()
    assert says in str(caught.value) and "(line 3)" in str(caught.value)
    assert str(caught.value).startswith("tiere.txt: ")
    german = translator("de").error(caught.value)
    assert "(Zeile 3)" in german and "„=“" in german


def test_a_bad_line_through_the_command_line_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text("HUND\nIGEL = a = b\n", encoding="utf-8")
    result = run("generate", "tiere.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "wortsuche: error: tiere.txt: 'IGEL = a = b' (line 2) has \"=\" twice; "
        'write the word, one "=", then its clue'
    ]


@settings(max_examples=1000)
@given(
    word=st.text(alphabet="ABCDEFGHÄÖÜ", min_size=1, max_size=8),
    clue=st.text(alphabet=st.characters(blacklist_characters="=", blacklist_categories=("Cs",))),
)
def test_a_clue_comes_back_as_written_but_for_its_blanks(word: str, clue: str) -> None:
    if not clue.split():
        with pytest.raises(InputError):
            split_clue(f"{word} = {clue}")
        return
    shown = " ".join(unicodedata.normalize("NFC", clue).split())
    if len(shown) > 200:
        return
    if is_picture(shown) and not has_picture(shown):  # an emoji wortsuche cannot draw
        with pytest.raises(InputError, match="no picture of"):
            split_clue(f"{word} = {clue}")
        return
    if not is_picture(shown) and any(is_emoji(char) for char in shown):  # no typeface has it
        with pytest.raises(InputError, match=r"several emoji|mixes words with the emoji"):
            split_clue(f"{word} = {clue}")
        return
    got_word, got_clue = split_clue(f" {word}={clue}")
    assert got_word == word
    assert got_clue == unicodedata.normalize("NFC", shown)


def test_emoji_pictures_are_told_from_text() -> None:
    assert all(is_picture(c) for c in ("🦔", "🍦", "🇬🇧", "👩‍🚀", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"))
    assert not any(is_picture(c) for c in ("Igel", "🦔🦔", "🦔 Igel", "", None, "1", "+"))


@pytest.mark.parametrize(
    ("line", "english", "german"),
    [
        (
            "MAUS = 🐭🧀",
            "the clue of 'MAUS' (line 2), 🐭🧀, is several emoji; a picture clue is one emoji: "
            "keep one, or write the clue in words",
            "der Hinweis zu „MAUS“ (Zeile 2), 🐭🧀, besteht aus mehreren Emoji; ein "
            "Bild-Hinweis ist ein einziges Emoji: behalte eines oder schreibe den Hinweis in "
            "Worten",
        ),
        (
            "HUND = Er bellt 🐕 laut",
            "the clue of 'HUND' (line 2) mixes words with the emoji 🐕, which a sheet cannot "
            "print in a line of text; write the clue in words, or make one emoji the whole clue",
            "der Hinweis zu „HUND“ (Zeile 2) mischt Wörter mit dem Emoji 🐕, das ein Blatt in "
            "einer Textzeile nicht drucken kann; schreibe den Hinweis in Worten oder mach ein "
            "einzelnes Emoji zum ganzen Hinweis",
        ),
    ],
)
def test_a_clue_of_several_emoji_or_an_emoji_among_words_is_refused_by_its_line(
    tmp_path: Path, line: str, english: str, german: str
) -> None:
    (tmp_path / "tiere.txt").write_text(f"IGEL = 🦔\n{line}\n", encoding="utf-8")
    result = run("generate", "tiere.txt", "-o", "blatt.pdf", cwd=tmp_path)
    assert result.returncode == 2
    # one line, and no warning of the PDF library about glyphs it lacks
    assert result.stderr.strip().splitlines() == [f"wortsuche: error: tiere.txt: {english}"]
    assert not (tmp_path / "blatt.pdf").exists()
    with pytest.raises(InputError) as caught:
        parse_words(f"IGEL = 🦔\n{line}\n", name="tiere.txt").words()
    assert translator("de").error(caught.value) == f"tiere.txt: {german}"


@pytest.mark.parametrize("clue", ["🐭 🧀", "🦔🦔", "👩‍🚀👩‍🚀", "🇩🇪🇫🇷", "⚽⭐"])
def test_every_row_of_emoji_is_several(clue: str) -> None:
    with pytest.raises(InputError, match="is several emoji"):
        split_clue(f"MAUS = {clue}")


def test_symbols_the_typeface_prints_stay_in_a_clue_in_words(tmp_path: Path) -> None:
    assert split_clue("STERN = Er leuchtet ★ am Himmel ♥") == ("STERN", "Er leuchtet ★ am Himmel ♥")
    (tmp_path / "sterne.txt").write_text("STERN = Er leuchtet ★ am Himmel\n", encoding="utf-8")
    result = run("generate", "sterne.txt", "--seed", "1", "-o", "s.pdf", cwd=tmp_path)
    assert result.returncode == 0 and "missing" not in result.stderr
    assert "Er leuchtet ★ am Himmel" in pdftotext(tmp_path / "s.pdf")


def test_the_puzzle_json_keeps_the_clues_and_old_files_still_read() -> None:
    puzzle = generate(["IGEL = Ein Tier mit Stacheln", "HUND"], 6, 6, seed=2)
    data = json.loads(dumps(puzzle))
    assert data["words"] == [
        {"entry": "IGEL", "letters": "IGEL", "clue": "Ein Tier mit Stacheln"},
        {"entry": "HUND", "letters": "HUND"},
    ]
    assert loads(dumps(puzzle)) == puzzle
    clue = schema()["properties"]["words"]["items"]["properties"]["clue"]
    assert clue["type"] == ["string", "null"]
    del data["words"][0]["clue"]  # a file written before clues existed
    assert loads(json.dumps(data)).words[0] == Word("IGEL", "IGEL")


def test_generate_takes_clues_in_its_entries_and_hides_the_words() -> None:
    puzzle = generate(["IGEL=Stachel-Tier", "EULE = Nachtvogel"], 6, 6, seed=4)
    assert {w.letters: w.clue for w in puzzle.words} == {
        "IGEL": "Stachel-Tier",
        "EULE": "Nachtvogel",
    }
    assert set(puzzle.placements) == {"IGEL", "EULE"}


def test_the_key_lists_the_word_and_its_clue() -> None:
    word = Word("Igel", "IGEL", "Ein Tier mit Stacheln")
    assert listed(word) == "Ein Tier mit Stacheln"
    assert listed(word, answers=True) == "Igel – Ein Tier mit Stacheln"
    assert listed(Word("Hund", "HUND"), answers=True) == "Hund"


def _pages(path: Path) -> list[str]:
    return pdftotext(path).split("\f")


def test_the_sheet_lists_clues_not_words_and_the_key_shows_both(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text(
        "IGEL = Ein Tier mit Stacheln\nEULE = Sie schläft am Tag und jagt in der Nacht\n"
        "FUCHS = Ein schlaues Tier mit rotem Fell\n",
        encoding="utf-8",
    )
    args = ["generate", "tiere.txt", "--level", "easy", "--seed", "5", "--language", "de"]
    result = run(*args, "-o", "blatt.pdf", "--answers", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    sheet, key, *_ = _pages(tmp_path / "blatt.pdf")
    flat = " ".join(sheet.split())
    assert "Ein Tier mit Stacheln" in flat and "schlaues Tier mit rotem Fell" in flat
    assert "Finde die 3 Wörter zu den Hinweisen unten im Gitter." in flat
    assert not {"IGEL", "EULE", "FUCHS"} & set(re.findall(r"\w+", sheet))
    flat_key = " ".join(key.split())
    assert "IGEL – Ein Tier mit Stacheln" in flat_key
    assert "FUCHS – Ein schlaues Tier mit rotem Fell" in flat_key


def test_arguments_and_standard_input_carry_clues(tmp_path: Path) -> None:
    result = run("generate", "IGEL=Stachel-Tier", "EULE=Nachtvogel", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Stachel-Tier" in result.stdout and "Nachtvogel" in result.stdout
    result = run("generate", "-", "--seed", "1", "-o", "p.json", stdin=TIERE, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    words = json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))["words"]
    assert [w.get("clue") for w in words] == [
        "Ein Tier mit Stacheln",
        "Sie schläft am Tag, und jagt in der Nacht",
        None,
    ]


def test_a_book_takes_clue_files_and_names_word_and_clue_in_its_answers(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text(
        "IGEL = Ein Tier mit Stacheln\nEULE = Sie jagt in der Nacht\nHUND = Er bellt\n",
        encoding="utf-8",
    )
    (tmp_path / "animals.txt").write_text("Hund\nKatze\nIgel\n", encoding="utf-8")
    result = run("book", "tiere.txt", "--count", "1", "--seed", "1", "-o", "b.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pages = _pages(tmp_path / "b.pdf")
    puzzle_page = next(page for page in pages if "Er bellt" in page)
    assert not {"IGEL", "EULE", "HUND"} & set(re.findall(r"\w+", puzzle_page))
    key = " ".join(pages[-2].split())
    assert "IGEL – Ein Tier mit Stacheln" in key and "HUND – Er bellt" in key
    args = ["book", "animals.txt", "--clues", "en", "--count", "1", "--seed", "1", "-o", "e.pdf"]
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = " ".join(pdftotext(tmp_path / "e.pdf").split())
    assert "hedgehog" in text and "Igel – hedgehog" in text
