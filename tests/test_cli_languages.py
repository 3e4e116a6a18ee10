"""Sheets and books speak the puzzle's language; the paper defects of the command line stay fixed."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from wortsuche.cli import main
from wortsuche.puzzle_json import loads

GERMAN = ["Katze", "Hund", "Maus", "Vogel", "Fisch", "Pferd", "Schaf", "Ziege"]
ENGLISH = ["cat", "dog", "mouse", "bird", "fish", "horse", "sheep", "goat"]

ANIMALS = ["Ameise", "Biber", "Dachs", "Elch", "Fuchs", "Gans", "Hase", "Igel", "Kauz", "Luchs",
           "Maus", "Otter", "Pferd", "Rabe", "Schaf", "Tiger", "Wolf", "Zebra"]  # fmt: skip


def pages(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages]


def make_sheet(tmp_path: Path, words: list[str], *options: str, name: str = "s.pdf") -> list[str]:
    out = tmp_path / name
    args = ["generate", *words, "--size", "10x10", "--level", "hard", "--seed", "2"]
    assert main([*args, "--answers", "-o", str(out), *options]) == 0
    return pages(out)


@pytest.mark.parametrize(
    ("language", "level", "find", "run"),
    [
        ("de", "hard", "Finde das Wort aus der Liste unten im Gitter.", "Das Wort steht "),
        ("de", "easy", "Finde das Wort aus der Liste unten im Gitter.", "Das Wort steht "),
        ("en", "hard", "Find the word below in the grid.", "The word runs "),
        ("en", "medium", "Find the word below in the grid.", "The word runs "),
    ],
)
def test_a_sheet_of_one_word_says_how_the_word_runs(
    tmp_path: Path, language: str, level: str, find: str, run: str
) -> None:
    out = tmp_path / "s.pdf"
    args = ["--level", level, "--seed", "2", "--language", language, "--force", "-o", str(out)]
    assert main(["generate", "IGEL", *args]) == 0
    lines = pages(out)[0].splitlines()
    assert find in lines
    (how,) = [line for line in lines if line.startswith(run)]
    assert " oder " in how or " or " in how  # one word runs one way
    assert not any(line.startswith(("Die Wörter", "Words run")) for line in lines)
    assert main(["generate", "IGEL", "HUND", *args]) == 0
    lines = pages(out)[0].splitlines()
    assert any(line.startswith(("Die Wörter stehen ", "Words run ")) for line in lines)
    assert not any(line.startswith(run) for line in lines)


def test_german_sheet_with_language_de(tmp_path: Path) -> None:
    puzzle, key = make_sheet(tmp_path, ENGLISH, "--language", "de")
    assert "Wortsuche" in puzzle
    assert "Finde die 8 Wörter aus der Liste unten im Gitter." in puzzle
    assert "Die Wörter stehen waagerecht, senkrecht und diagonal, vorwärts und rückwärts." in puzzle
    assert "10×10 · schwer" in puzzle and "Startwert" not in puzzle  # the pupil's footer
    assert "10×10 · schwer · Startwert 2" in key
    assert "Lösung" in key
    assert "Word" not in puzzle + key and "Answers" not in key


def test_english_sheet_with_language_en(tmp_path: Path) -> None:
    puzzle, key = make_sheet(tmp_path, GERMAN, "--language", "en")
    assert "Word Search" in puzzle
    assert "Find the 8 words below in the grid." in puzzle
    assert "Words run across, down and diagonally, forwards and backwards." in puzzle
    assert "10×10 · hard" in puzzle and "seed" not in puzzle  # the pupil's footer
    assert "10×10 · hard · seed 2" in key
    assert "Answers" in key
    assert "Lösung" not in key and "Wörter" not in puzzle


def test_sheet_language_overrides_the_texts_alone(tmp_path: Path) -> None:
    puzzle, _ = make_sheet(tmp_path, GERMAN, "--language", "de", "--sheet-language", "en")
    assert "Find the 8 words below in the grid." in puzzle


def test_auto_follows_clearly_german_words(tmp_path: Path) -> None:
    puzzle, key = make_sheet(tmp_path, [*GERMAN, "Bär"])
    assert "Finde die 9 Wörter" in puzzle and "Lösung" in key


def test_the_text_sheet_speaks_the_language_too(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", *GERMAN, "--size", "10x10", "--seed", "2", "--answers"]
    assert main([*args, "--language", "de"]) == 0
    out = capsys.readouterr().out
    assert "10x10, Stufe mittel, Startwert 2" in out and "\nLösung\n" in out and "Zeile " in out


def test_a_german_book(tmp_path: Path) -> None:
    words = tmp_path / "obst_und_Früchte.txt"
    words.write_text("Apfel\nBirne\nKirsche\nPflaume\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    assert main(["book", str(words), "--language", "de", "--seed", "1", "-o", str(out)]) == 0
    contents, puzzle, answers = pages(out)
    assert "Wortsuchrätsel" in contents and "Inhalt" in contents and "Lösungen" in contents
    assert "1. Obst und Früchte  (" in contents and ", mittel, Schwierigkeit " in contents
    assert re.search(r"Schwierigkeit \d+,\d\)", contents)  # a German decimal comma
    assert "1. Obst und Früchte" in puzzle
    assert "Finde die 4 Wörter" in puzzle
    assert "Lösungen" in answers


def test_the_title_and_language_survive_a_json_round_trip(tmp_path: Path) -> None:
    saved = tmp_path / "t.json"
    args = ["generate", *ENGLISH, "--size", "10x10", "--seed", "2", "--title", "Tiere"]
    assert main([*args, "--language", "de", "-o", str(saved)]) == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert (data["title"], data["sheet_language"]) == ("Tiere", "de")
    out = tmp_path / "t.pdf"
    assert main(["render", str(saved), "-o", str(out)]) == 0
    (sheet,) = pages(out)
    assert sheet.startswith("Tiere\nFinde die 8 Wörter")
    assert (
        main(["render", str(saved), "-o", str(tmp_path / "e.pdf"), "--sheet-language", "en"]) == 0
    )
    assert "Find the 8 words" in pages(tmp_path / "e.pdf")[0]


def test_a_puzzle_file_without_title_or_language_still_reads(tmp_path: Path) -> None:
    saved = tmp_path / "old.json"
    assert main(["generate", *ENGLISH, "--seed", "2", "-o", str(saved)]) == 0
    data = json.loads(saved.read_text(encoding="utf-8"))
    del data["title"], data["sheet_language"]
    puzzle = loads(json.dumps(data))
    assert puzzle.title is None and puzzle.sheet_language is None


def test_eszett_ss_writes_two_letters_and_keeps_umlauts(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "Straße", "Größe", "--size", "8x8", "--seed", "1", "-o", "-"]
    assert main([*args, "--format", "json", "--eszett", "ss"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [w["letters"] for w in data["words"]] == ["STRASSE", "GRÖSSE"]
    assert main([*args, "--format", "json", "--eszett", "keep"]) == 0
    assert [w["letters"] for w in json.loads(capsys.readouterr().out)["words"]] == [
        "STRAẞE",
        "GRÖẞE",
    ]


def test_a_german_sheet_writes_ss_in_the_grid_and_keeps_the_eszett_in_the_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As primary schools write it: no capital ẞ a child has not learnt, the word as written."""
    args = ["generate", "Straße", "Fuß", "Größe", "--size", "8x8", "--seed", "1", "-o", "-"]
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [w["letters"] for w in data["words"]] == ["STRASSE", "FUSS", "GRÖSSE"]
    assert main(args) == 0
    sheet = capsys.readouterr().out
    assert "ẞ" not in sheet and "Straße" in sheet and "Fuß" in sheet
    # a puzzle said to be English keeps the one letter, as before
    assert main([*args, "--format", "json", "--language", "en"]) == 0
    english = json.loads(capsys.readouterr().out)["words"]
    assert english[0]["letters"] == "STRAẞE"


def test_a_lone_word_that_looks_like_a_missing_file_is_questioned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "tiere.txt").write_text("Katze\nHund\n", encoding="utf-8")
    assert main(["generate", "tiere", "--seed", "1"]) == 0
    assert "did you mean tiere.txt?" in capsys.readouterr().err
    assert main(["generate", "KATZE", "--seed", "1"]) == 0
    assert "did you mean" not in capsys.readouterr().err


def test_comma_separated_words(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "LION,TIGER", "ZEBRA", "--size", "8x8", "--seed", "1", "--format", "json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert [w["entry"] for w in data["words"]] == ["LION", "TIGER", "ZEBRA"]


def test_solve_takes_the_words_from_a_puzzle_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "p.json"
    assert main(["generate", *ENGLISH, "--seed", "2", "-o", str(saved)]) == 0
    capsys.readouterr()
    assert main(["solve", str(saved)]) == 0
    out = capsys.readouterr().out
    assert all(word in out for word in ENGLISH) and out.count(" OK ") == len(ENGLISH)


def test_answers_are_never_silently_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["generate", *ENGLISH, "--answers", "-o", str(tmp_path / "g.html")]) == 2
    assert "--answers does not apply to an HTML file" in capsys.readouterr().err
    assert not (tmp_path / "g.html").exists()
    assert main(["generate", *ENGLISH, "--answers", "-o", str(tmp_path / "k.svg")]) == 0
    assert "holds only the answer key" in capsys.readouterr().err


def test_check_counts_one_word_in_good_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "one.json"
    assert main(["generate", "DAS", "--size", "5x5", "--seed", "2", "-o", str(saved)]) == 0
    assert main(["check", str(saved)]) == 0
    assert "OK: the word occurs exactly once." in capsys.readouterr().out


def test_a_short_list_in_a_book_is_used_whole_and_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long, short = tmp_path / "long.txt", tmp_path / "short.txt"
    long.write_text("\n".join(ENGLISH) + "\n", encoding="utf-8")
    short.write_text("Owl\nHawk\nWren\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    args = ["book", str(long), str(short), "--count", "4", "--words-per-puzzle", "5"]
    assert main([*args, "--seed", "1", "-o", str(out)]) == 0
    assert "short.txt has only 3 different words, so its puzzles have 3, not 5" in (
        capsys.readouterr().err
    )


def test_an_unknown_render_option_is_an_error() -> None:
    from wortsuche import InputError, generate
    from wortsuche.render import render

    puzzle = generate(ENGLISH, seed=1)
    with pytest.raises(InputError, match="unknown render option 'answer'"):
        render(puzzle, "svg", answer=True)


@pytest.mark.parametrize(
    ("language", "parts", "mark"),
    [
        ("de", ["Teil 1: Zum Aufwärmen", "Teil 2: Schon kniffliger", "Teil 3: Für Profis"], ","),
        ("en", ["Part 1: Warm-up", "Part 2: Getting trickier", "Part 3: For experts"], "."),
    ],
)
def test_a_book_from_easy_to_hard_comes_in_three_labelled_parts(
    tmp_path: Path, language: str, parts: list[str], mark: str
) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("\n".join(ANIMALS), encoding="utf-8")
    out = tmp_path / "book.pdf"
    args = ["book", str(words), "--count", "7", "--words-per-puzzle", "8", "--seed", "3"]
    assert main([*args, "--language", language, "--order", "easy-to-hard", "-o", str(out)]) == 0
    contents = pages(out)[0]
    # the parts in order, sizes 3, 2, 2, each heading naming the scores of its first and last
    found = [contents.index(part) for part in parts]
    assert found == sorted(found)
    number = rf"(\d+\{mark}\d)"
    lines = re.findall(rf"\b{number}\)\s+\d+\n", contents)
    scores = [float(x.replace(",", ".")) for x in lines]
    assert len(scores) == 7 and scores == sorted(scores)
    headings = [contents[i : contents.index("\n", i)] for i in found]
    in_headings = [[float(x.replace(",", ".")) for x in re.findall(number, h)] for h in headings]
    bounds = [(scores[0], scores[2]), (scores[3], scores[4]), (scores[5], scores[6])]
    assert in_headings == [[low, high] if low != high else [low] for low, high in bounds]
    heading_then_lines = re.split("|".join(map(re.escape, parts)), contents)[1:]
    assert [len(re.findall(r"\)\s+\d+\n", part)) for part in heading_then_lines] == [3, 2, 2]


def test_the_words_are_read_for_their_language_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the sheet's language and the note that it was guessed come from one reading of the words
    # (30 ms at 10,000 words); the filler reads them for its alphabet on its own
    import wortsuche.cli.generate as command
    from wortsuche import i18n

    calls: list[list[str]] = []

    def counted(words: list[str]) -> str | None:
        calls.append(list(words))
        return i18n.words_language(words)

    monkeypatch.setattr(command, "words_language", counted)
    assert main(["generate", *ANIMALS, "--size", "12x12", "--seed", "1"]) == 0
    assert len(calls) == 1
    assert "sheet in German (guessed from the words" in capsys.readouterr().err
    assert main(["generate", *ANIMALS, "--size", "12x12", "--seed", "1", "--language", "de"]) == 0
    assert len(calls) == 1
    assert "guessed from the words" not in capsys.readouterr().err
