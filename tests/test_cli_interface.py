"""The command line speaks the system's language: German under a German locale, else English."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from cli import run
from wortsuche.cli import build_parser
from wortsuche.cli.interface import speaker
from wortsuche.i18n import LOCALE_VARIABLES


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")


@pytest.mark.parametrize(
    "environment",
    [
        {"LANG": "de_DE.UTF-8"},
        {"LC_ALL": "de_AT.UTF-8", "LANG": "en_US.UTF-8"},
        {"LANGUAGE": "de:en", "LANG": "C.UTF-8"},
    ],
)
def test_an_error_is_said_in_german_under_a_german_locale(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, environment: dict[str, str]
) -> None:
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    result = run("generate", "tiere.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "wortsuche: Fehler: tiere.txt: Datei nicht gefunden\n"


def test_without_a_german_locale_the_messages_stay_english(tmp_path: Path) -> None:
    result = run("generate", "tiere.txt", cwd=tmp_path)
    assert result.stderr == "wortsuche: error: tiere.txt: no such file\n"
    (tmp_path / "raetsel.txt").write_text("x")
    result = run("generate", "HUND", "KATZE", "-o", "raetsel.txt", cwd=tmp_path)
    assert result.stderr == "wortsuche: error: raetsel.txt exists; use --force to overwrite it\n"
    result = run("generate", "--bogus", "HUND", cwd=tmp_path)
    assert result.stderr == "wortsuche: error: unrecognized arguments: --bogus\n"
    result = run("generate", "Rose, Orchid, Tulip, Sunflower, Daisy", "--size", "5x5", cwd=tmp_path)
    assert result.stderr == (
        "wortsuche: error: SUNFLOWER has 9 letters, but at most 5 fit in 5x5 going → ↓ ↘ ↗; "
        "also too long: ORCHID; try --size 9x9\n"
    )


@pytest.mark.usefixtures("german")
def test_argparse_speaks_german_too(tmp_path: Path) -> None:
    result = run("generate", "--bogus", "HUND", cwd=tmp_path)
    assert result.stderr == "wortsuche: Fehler: unbekannte Argumente: --bogus\n"
    result = run("generate", "--level", "brutal", "HUND", cwd=tmp_path)
    assert "ungültige Wahl: „brutal“ (möglich sind 'easy'" in result.stderr
    result = run("generate", "HUND", "--secret", cwd=tmp_path)
    assert result.stderr == "wortsuche: Fehler: Argument --secret: erwartet genau einen Wert\n"
    assert run(cwd=tmp_path).stderr == "wortsuche: Fehler: diese Argumente fehlen: command\n"


@pytest.mark.usefixtures("german")
def test_the_help_is_german() -> None:
    shown = run("generate", "--help").stdout
    assert shown.startswith("Aufruf: wortsuche generate [-h]")
    for text in (
        "\nArgumente:\n",
        "\nOptionen:\n",
        "diese Hilfe zeigen und beenden",
        "Ein Wortsuchrätsel erzeugen, in dem jedes Wort genau einmal vorkommt.",
        "Einstellungen der Stufe:",
        "\nBeispiele:\n",
        "Seitengröße des PDF",
    ):
        assert text in shown
    for english in ("usage:", "show this help", "options:", "examples:", "page size"):
        assert english not in shown
    top = run("--help").stdout
    assert "ein Rätsel erzeugen" in top and "die Versionsnummer zeigen und beenden" in top


def test_the_english_help_is_as_written() -> None:
    shown = run("generate", "--help").stdout
    assert shown.startswith("usage: wortsuche generate [-h]")
    assert "show this help message and exit" in shown and "PDF page size (default: a4)" in shown


def help_texts(parser: argparse.ArgumentParser) -> list[str]:
    texts = [parser.description or "", parser.epilog or ""]
    texts += [g.title or "" for g in parser._action_groups]
    texts += [g.description or "" for g in parser._action_groups]
    for action in parser._actions:
        texts.append(action.help or "")
        if isinstance(action, argparse._SubParsersAction):
            texts += [choice.help or "" for choice in action._choices_actions]
    return [text for text in texts if text and text != argparse.SUPPRESS]


def test_every_help_text_has_its_german_form() -> None:
    top = build_parser()
    (commands,) = (a for a in top._actions if isinstance(a, argparse._SubParsersAction))
    german = speaker("de")
    texts = help_texts(top)
    for command in commands.choices.values():
        texts += help_texts(command)
    missing = [text for text in texts if german.help(text) == text]
    assert not missing, "add to both catalogues: " + json.dumps(missing, ensure_ascii=False)


@pytest.mark.usefixtures("german")
def test_notes_are_german_with_their_plural_forms(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text("Hund Katze\nMaus Igel\nHund\nFuchs\n")
    result = run("generate", "tiere.txt", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 0
    notes = result.stderr.splitlines()
    assert notes[0] == (
        "wortsuche: tiere.txt, Zeile 1: in 2 Wörter geteilt (Hund, Katze), ebenso 1 weitere "
        "Zeile; „Anführungszeichen“ oder --phrases lassen eine Zeile ganz"
    )
    assert notes[1] == "wortsuche: tiere.txt: doppeltes Wort „Hund“ (Zeile 3) entfernt"
    assert any(
        n.startswith("wortsuche: die Wörter bedecken ") and n.endswith(" % der Felder")
        for n in notes
    )


def test_english_notes_are_as_before(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text("Hund Katze\nMaus Igel\nHund\nFuchs\n")
    notes = run("generate", "tiere.txt", "--seed", "1", cwd=tmp_path).stderr.splitlines()
    assert notes[0] == (
        "wortsuche: tiere.txt, line 1: split into 2 words (Hund, Katze), 1 more line likewise; "
        '"quotes" or --phrases keep a line whole'
    )
    assert notes[1] == "wortsuche: tiere.txt: duplicate word 'Hund' (line 3) removed"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "wortsuche: tiere.txt: doppeltes Wort „hund“ (Zeile 2) entfernt (wie „Hund“)"),
        ("en", "wortsuche: tiere.txt: duplicate word 'hund' (line 2) removed (same as 'Hund')"),
    ],
)
def test_a_duplicate_in_another_spelling_names_the_word_it_repeats(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, expected: str
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8" if language == "de" else "en_GB.UTF-8")
    (tmp_path / "tiere.txt").write_text("Hund\nhund\nKatze\n")
    result = run("generate", "tiere.txt", "--seed", "1", cwd=tmp_path)
    assert expected in result.stderr.splitlines()


@pytest.mark.usefixtures("german")
def test_a_german_error_in_a_word_typed_on_the_command_line_reads_naturally() -> None:
    result = run("generate", "Apfel", "Birne2")
    assert result.returncode == 2
    assert result.stderr == "wortsuche: Fehler: in der Befehlszeile: „Birne2“ enthält eine Ziffer\n"


@pytest.mark.parametrize(
    ("count", "de", "en"), [(1, "1 Wort", "1 word"), (2, "2 Wörter", "2 words")]
)
def test_counts_take_their_plural_form(count: int, de: str, en: str) -> None:
    assert speaker("de").n("web.word-count", count) == de
    assert speaker("en").n("web.word-count", count) == en


def test_the_page_scripts_get_the_form_for_one() -> None:
    from wortsuche.render.template import catalogue_values

    texts = json.loads(catalogue_values(speaker("de"))["texts"])
    assert texts["well-done#one"] == "Geschafft! Du hast das Wort in {time} gefunden."
    assert "alle {count} Wörter" in texts["well-done"]


def test_the_locale_variables_are_cleared_for_the_tests() -> None:
    import os

    assert not any(os.environ.get(variable) for variable in LOCALE_VARIABLES)


@pytest.mark.parametrize(
    ("words", "footer", "said"),
    [
        (["LION", "TIGER", "ZEBRA", "GIRAFFE"], "level easy", "sheet in English (guessed"),
        (["Hund", "Katze", "Maus", "Pferd", "Vogel", "Fisch"], "Stufe leicht", "sheet in German"),
    ],
)
def test_the_sheet_language_is_guessed_from_the_words_and_said(
    tmp_path: Path, words: list[str], footer: str, said: str
) -> None:
    result = run("generate", "--level", "easy", "--seed", "3", *words, cwd=tmp_path)
    assert footer in result.stdout
    assert f"wortsuche: {said}" in result.stderr


@pytest.mark.parametrize(
    ("locale", "footer"), [("de_DE.UTF-8", "Stufe leicht"), ("C", "level easy")]
)
def test_a_short_list_follows_the_interface_language(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, locale: str, footer: str
) -> None:
    monkeypatch.setenv("LANG", locale)
    result = run("generate", "--level", "easy", "--seed", "3", "Hund", "Katze", cwd=tmp_path)
    assert footer in result.stdout
    assert "guessed" not in result.stderr and "erraten" not in result.stderr


def test_the_guess_is_said_in_german_and_not_when_the_language_is_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    result = run("generate", "--seed", "3", "LION", "TIGER", "ZEBRA", "GIRAFFE", cwd=tmp_path)
    assert (
        "wortsuche: Blatt auf Englisch (aus den Wörtern erraten; --language de ändert das)\n"
        in (result.stderr)
    )
    given = run("generate", "--language", "en", "--seed", "3", "LION", "TIGER", cwd=tmp_path)
    assert "erraten" not in given.stderr


@pytest.mark.usefixtures("german")
def test_a_layout_that_does_not_fit_is_said_in_german_with_its_advice(tmp_path: Path) -> None:
    result = run("generate", "ELEFANT", "--size", "3x3", cwd=tmp_path)
    assert result.stderr == (
        "wortsuche: Fehler: ELEFANT hat 7 Buchstaben, aber in 3x3 passen in Richtung → ↓ ↘ ↗ "
        "höchstens 3; versuche --size 7x7\n"
    )
    # several too long: the longest is named (the size is made for it), then the others
    result = run("generate", "Rose, Orchidee, Tulpe, Sonnenblume", "--size", "5x5", cwd=tmp_path)
    assert result.stderr == (
        "wortsuche: Fehler: SONNENBLUME hat 11 Buchstaben, aber in 5x5 passen in Richtung "
        "→ ↓ ↘ ↗ höchstens 5; ebenfalls zu lang: ORCHIDEE; versuche --size 11x11\n"
    )
    worte3 = Path(__file__).parent.parent / "examples" / "bwinf" / "worte3.txt"
    result = run("generate", worte3, "--size", "12x7", "--seed", "1", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "wortsuche: Fehler: keine Anordnung gefunden: REFERAT, CHRONIK, EMISSION passten nicht in "
        "12x7; eine Anordnung gibt es in 14x8; im gewählten Aufwand keine gefunden: --effort 4 "
        "sucht länger, --exact sagt, ob es eine gibt\n"
    )


@pytest.mark.usefixtures("german")
def test_the_notes_of_a_target_difficulty_and_a_lone_word_are_german(tmp_path: Path) -> None:
    words = ["Hund", "Katze", "Maus", "Pferd", "Vogel", "Fisch"]
    result = run("generate", *words, "--difficulty", "2", "--seed", "1", cwd=tmp_path)
    # which level meets the target is the targeting's choice; the note is German, decimal comma
    reached = r"wortsuche: Schwierigkeit 2,\d erreicht für das Ziel 2 \(Stufe (leicht|mittel|schwer|teuflisch)\)\n"
    assert re.search(reached, result.stderr), result.stderr
    (tmp_path / "hund.txt").write_text("Hund\n")
    result = run("generate", "hund", "--seed", "1", cwd=tmp_path)
    assert (
        "wortsuche: „hund“ wird als das eine zu versteckende Wort genommen; eine Datei dieses "
        "Namens gibt es nicht (war hund.txt gemeint?)\n"
    ) in result.stderr


def test_a_word_files_heading_titles_the_sheet_unless_title_says_another(tmp_path: Path) -> None:
    (tmp_path / "week5.txt").write_text("# Week 5 Spellings\nCake\nIce cream\nTea\nJam\n")
    result = run("generate", "week5.txt", "--seed", "1", "-o", "a.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    made = json.loads((tmp_path / "a.json").read_text())
    assert made["title"] == "Week 5 Spellings"
    assert [word["entry"] for word in made["words"]] == ["Cake", "Ice cream", "Tea", "Jam"]
    run("generate", "week5.txt", "--title", "Class 4B", "-o", "b.json", cwd=tmp_path)
    assert json.loads((tmp_path / "b.json").read_text())["title"] == "Class 4B"


@pytest.mark.parametrize(
    ("words", "size", "said"),
    [
        (["A", "B"], "1x1", "the words need at least 2 cells (each letter as often as one word has it), but 1x1 has room for only 1; try --size 2x2"),
        (["A", "B", "C", "D", "E"], "2x2", "the words need at least 5 cells (each letter as often as one word has it), but 2x2 has room for only 4; try --size 3x3"),
    ],
)  # fmt: skip
def test_more_letters_than_cells_is_proved_before_any_search(
    words: list[str], size: str, said: str, tmp_path: Path
) -> None:
    """One-letter words cannot share a cell: the error says no layout can exist, not that
    more effort might find one."""
    result = run("generate", *words, "--size", size, "--level", "hard", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr == f"wortsuche: error: {said}\n"
    # a word and its reversal share their cells: DAS and SAD (6 letters) fit in 1x3
    assert run("generate", "DAS", "SAD", "--size", "1x3", cwd=tmp_path).returncode == 0


def test_choices_are_taken_in_any_case(tmp_path: Path) -> None:
    """Everyone writes A4; a teacher may write Easy or Schwer."""
    args = ["generate", "Hund", "Katze", "Maus", "--seed", "1"]
    result = run(*args, "--paper", "A4", "--level", "Easy", "-o", "a.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "a.json").read_text())["level"] == "easy"
    run(*args, "--level", "Schwer", "--format", "JSON", "-o", "b.json", cwd=tmp_path)
    assert json.loads((tmp_path / "b.json").read_text())["level"] == "hard"
    refused = run(*args, "--level", "Brutal", cwd=tmp_path)
    assert refused.returncode == 2 and "invalid choice: 'Brutal'" in refused.stderr
    book = run("book", "--theme", "animals", "--count", "2", "--level", "Easy,HARD", "-o", "b.pdf", cwd=tmp_path)  # fmt: skip
    assert book.returncode == 0, book.stderr
    # the choices of a command's own commands too
    export = run("records", "export", "--format", "CSV", "--db", "none.sqlite", cwd=tmp_path)
    assert "invalid choice" not in export.stderr
