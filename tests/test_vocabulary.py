"""The themes as vocabulary: every word has exactly one partner in the other language."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from tests.cli import run
from tests.test_cli_paper import pdftotext

from wortsuche.errors import InputError
from wortsuche.model import Word
from wortsuche.words.clues import is_picture
from wortsuche.words.themes import load_theme, theme_names
from wortsuche.words.vocabulary import partner, theme_pairs, with_clues, with_pictures


def test_there_are_pairs_for_all_33_themes() -> None:
    assert len(theme_names()) == 33
    assert all(theme_pairs(name) for name in theme_names())


@pytest.mark.parametrize("name", theme_names())
def test_every_word_has_exactly_one_partner_in_both_directions(name: str) -> None:
    pairs = theme_pairs(name)
    for language in ("de", "en"):
        side = Counter(getattr(pair, language) for pair in pairs)
        assert [word for word, n in side.items() if n > 1] == [], f"{language} used twice"
        words = load_theme(name, language).words
        missing = [word for word in words if word not in side]
        assert missing == [], f"{name} ({language}) words without a partner"
    for pair in pairs:  # no pair is stray: one of its words is on a list of the theme
        assert pair.de in load_theme(name, "de").words or pair.en in load_theme(name, "en").words


@pytest.mark.parametrize("name", theme_names())
def test_each_emoji_is_one_picture_and_names_one_word_of_its_theme(name: str) -> None:
    emoji = [pair.emoji for pair in theme_pairs(name) if pair.emoji]
    assert all(is_picture(e) for e in emoji)
    assert [e for e, n in Counter(emoji).items() if n > 1] == []


def test_clues_come_from_the_partner_or_the_picture() -> None:
    words = (Word("dog", "DOG"), Word("hedgehog", "HEDGEHOG", "has spines"))
    assert [w.clue for w in with_clues(words, "de")] == ["Hund", "has spines"]
    assert [w.clue for w in with_clues([Word("Igel", "IGEL")], "picture")] == ["🦔"]
    assert [w.clue for w in with_clues(words, "none")] == [None, None]
    assert partner("EULE") is not None and partner("eule").en == "owl"  # type: ignore[union-attr]


def test_a_word_no_theme_knows_is_named() -> None:
    with pytest.raises(InputError, match="no German word known for 'Quokka'"):
        with_clues([Word("Quokka", "QUOKKA")], "de")
    with pytest.raises(InputError, match="no picture known for 'Kröte'"):
        with_clues([Word("Kröte", "KRÖTE")], "picture")


def test_a_picture_sheet_shows_a_word_without_a_picture_as_itself_and_says_so(
    tmp_path: Path,
) -> None:
    unpictured: list[str] = []
    words = with_clues(
        [Word("Igel", "IGEL"), Word("Kröte", "KRÖTE")], "picture", unpictured=unpictured
    )
    assert [w.clue for w in words] == ["🦔", None] and unpictured == ["Kröte"]
    result = run("generate", "dog", "cat", "homework", "--clues", "picture", "--seed", "1", "-o", "p.json", cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (
        "no picture known for homework: shown as words; write a clue yourself: homework = …"
        in result.stderr
    )
    made = json.loads((tmp_path / "p.json").read_text())
    clues = {w["entry"]: w.get("clue") for w in made["words"]}
    assert clues["homework"] is None and clues["dog"] and clues["cat"]


def test_a_picture_theme_keeps_only_the_words_with_a_picture() -> None:
    animals = with_pictures(load_theme("animals", "de"))
    assert "Igel" in animals.words and "Kröte" not in animals.words
    assert len(animals.words) >= 30


def test_english_words_in_the_grid_with_german_clues_and_a_german_instruction(
    tmp_path: Path,
) -> None:
    args = ["generate", "--theme", "animals", "--language", "en", "--clues", "de"]
    result = run(*args, "--count", "12", "--seed", "4", "-o", "v.pdf", "--answers", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    sheet, key, *_ = pdftotext(tmp_path / "v.pdf").split("\f")
    puzzle = json.loads(
        run(*args, "--count", "12", "--seed", "4", "--format", "json", cwd=tmp_path).stdout
    )
    english = [w["entry"] for w in puzzle["words"]]
    german = [w["clue"] for w in puzzle["words"]]
    assert len(english) == 12 and all(e in load_theme("animals", "en").words for e in english)
    assert all(partner(e).de == g for e, g in zip(english, german, strict=True))  # type: ignore[union-attr]
    flat = " ".join(sheet.split())
    assert "Finde zu den 12 Wörtern unten die englischen Wörter im Gitter." in flat
    shown = set(re.findall(r"[\w-]+", sheet))
    assert set(german) <= shown
    assert not {e for e in english if e.casefold() not in {g.casefold() for g in german}} & shown
    flat_key = " ".join(key.split())
    assert all(f"{e} – {g}" in flat_key for e, g in zip(english, german, strict=True))


@pytest.mark.parametrize(
    ("words", "clues", "says"),
    [
        ("Hund\nKatze\nIgel\nMaus\n", "en", "Find the German for the 4 words below"),
        ("dog\ncat\nhedgehog\nmouse\n", "de", "Finde zu den 4 Wörtern unten die englischen"),
    ],
)
def test_a_book_of_a_vocabulary_list_says_what_its_sheet_says(
    tmp_path: Path, words: str, clues: str, says: str
) -> None:
    (tmp_path / "liste.txt").write_text(words, encoding="utf-8")
    args = ["liste.txt", "--clues", clues, "--seed", "1"]
    sheet = run("generate", *args, "-o", "blatt.pdf", cwd=tmp_path)
    book = run("book", *args, "--count", "1", "-o", "buch.pdf", cwd=tmp_path)
    assert sheet.returncode == 0 and book.returncode == 0, sheet.stderr + book.stderr
    on_sheet = " ".join(pdftotext(tmp_path / "blatt.pdf").split())
    in_book = " ".join(pdftotext(tmp_path / "buch.pdf").split())
    assert says in on_sheet and says in in_book
    # the sheet is in the clues' language, and no note claims it was guessed from the words
    assert "guessed from the words" not in sheet.stderr


def test_clues_none_lists_the_words_of_a_clue_file(tmp_path: Path) -> None:
    (tmp_path / "t.txt").write_text("IGEL = Stacheln\nEULE = Nachtvogel\n", encoding="utf-8")
    result = run("generate", "t.txt", "--clues", "none", "--seed", "2", cwd=tmp_path)
    assert result.returncode == 0 and "IGEL" in result.stdout and "Stacheln" not in result.stdout


def test_a_word_without_partner_is_one_line_exit_2(tmp_path: Path) -> None:
    result = run("generate", "Quokka", "Hund", "--clues", "en", cwd=tmp_path)
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .startswith("wortsuche: error: no English word known for 'Quokka'")
    )


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("en", "no English word known for Quokka, Wombat; write each one's clue after it: Quokka = …"),
        ("de", "kein englisches Wort bekannt für Quokka, Wombat; schreibe hinter jedes Wort seinen Hinweis: Quokka = …"),
    ],
)  # fmt: skip
def test_words_without_partner_are_named_together_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, says: str
) -> None:
    monkeypatch.setenv("LANGUAGE", language)
    result = run("generate", "Quokka", "Haus", "Wombat", "--clues", "en", cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.strip().endswith(says)
