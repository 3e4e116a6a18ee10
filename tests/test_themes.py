"""Themed word lists: every theme in German and English, usable as it ships."""

from __future__ import annotations

import pytest

from cli import reader_language, run
from scan import assert_exactly_once
from wortsuche import generate
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.words.normalise import normalise_words
from wortsuche.words.themes import THEME_LANGUAGES, draw, load_theme, theme_names, themes


def test_at_least_thirty_themes_exist_in_both_languages() -> None:
    assert len(theme_names()) >= 30
    for language in THEME_LANGUAGES:
        assert [t.name for t in themes(language)] == list(theme_names())


@pytest.mark.parametrize("language", THEME_LANGUAGES)
@pytest.mark.parametrize("name", theme_names())
def test_a_theme_has_forty_distinct_words_that_normalise(name: str, language: str) -> None:
    theme = load_theme(name, language)
    assert theme.title and not theme.title.startswith("#")
    assert len(theme.words) >= 40
    words, warnings = normalise_words(theme.words)
    assert warnings == ()  # no duplicates, nothing dropped
    assert len(words) == len(theme.words)
    # German nouns and nominalised verbs are written with a capital; the word-class themes
    # (Tunwörter, Wiewörter) are verbs and adjectives, written small
    if language == "de" and name not in ("verbs", "adjectives"):
        assert all(entry[0].isupper() for entry in theme.words), theme.words


def test_titles_in_either_language_find_the_theme() -> None:
    assert load_theme("Tiere").language == "de"
    assert load_theme("animals").language == "en"
    assert load_theme("animals", "de").title == "Tiere"
    assert load_theme("Fruit").name == "fruit"


def test_draw_is_reproducible_from_the_seed_and_differs_between_seeds() -> None:
    theme = load_theme("sea", "en")
    assert draw(theme, 12, seed=5) == draw(theme, 12, seed=5)
    assert draw(theme, 12, seed=5) != draw(theme, 12, seed=6)
    assert sorted(draw(theme, None, seed=1)) == sorted(theme.words)


@pytest.mark.parametrize("language", THEME_LANGUAGES)
def test_every_theme_makes_a_puzzle(language: str) -> None:
    for theme in themes(language):
        puzzle = generate(draw(theme, 12, seed=3), level="hard", seed=3, language=language)
        assert verify_puzzle(puzzle).ok
        assert_exactly_once(puzzle)


def test_generate_with_a_theme_from_the_command_line() -> None:
    first = run("generate", "--theme", "Obst", "--count", "8", "--seed", "4", "--format", "json")
    assert first.returncode == 0, first.stderr
    again = run("generate", "--theme", "Obst", "--count", "8", "--seed", "4", "--format", "json")
    assert first.stdout == again.stdout
    assert '"language": "de"' in first.stdout


def test_themes_lists_every_theme_with_both_titles(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = run("themes")
    assert listed.returncode == 0
    assert len(listed.stdout.splitlines()) == len(theme_names())
    assert "Tiere (" in listed.stdout and "Animals (" in listed.stdout
    # the reader's language first: English here, German for a German system
    assert listed.stdout.index("Animals (") < listed.stdout.index("Tiere (")
    reader_language(monkeypatch, "de_DE.UTF-8")
    german = run("themes").stdout
    assert german.index("Tiere (") < german.index("Animals (")
    printed = run("themes", "fruit", "--language", "de").stdout.splitlines()
    assert printed[0] == "# Obst" and "Apfel" in printed


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["generate", "--theme", "dinosaurs"], "unknown theme 'dinosaurs'"),
        (["generate", "--theme", "fruit", "--count", "500"], "--count must be from 1 to"),
        (["generate", "--theme", "fruit", "APFEL"], "either words or --theme"),
        (["generate", "--count", "5", "APFEL", "BIRNE"], "--count draws words from a --theme"),
    ],
)
def test_theme_mistakes_are_one_line_errors(arguments: list[str], message: str) -> None:
    result = run(*arguments)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_a_second_theme_for_one_puzzle_is_refused_by_name_not_dropped() -> None:
    result = run("generate", "--theme", "animals", "--theme", "birds", "--seed", "1")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert "one --theme, not 2 (animals, birds)" in result.stderr


def test_every_theme_names_its_school_years() -> None:
    from wortsuche.words.themes import GRADES, theme_grades

    assert set(theme_grades()) == set(theme_names())
    assert all(years and set(years) <= set(GRADES) for years in theme_grades().values())


def test_themes_for_a_grade_are_listed_and_a_bad_grade_is_one_line() -> None:
    listed = run("themes", "--grade", "2", "--language", "en")
    names = [line.split()[0] for line in listed.stdout.splitlines()]
    assert "verbs" in names and "toys" in names and "space" not in names
    wrong = run("themes", "--grade", "7")
    assert wrong.returncode == 2
    assert wrong.stderr.strip() == (
        "wortsuche: error: --grade must be one of 1, 2, 3, 4 (a primary school's years), not 7"
    )


def test_the_word_class_themes_make_vocabulary_sheets() -> None:
    import json

    from wortsuche.words.vocabulary import theme_pairs

    args = ["--theme", "Tunwörter", "--clues", "en", "--count", "10", "--seed", "1"]
    made = run("generate", *args, "--format", "json")
    assert made.returncode == 0, made.stderr
    english = {pair.de: pair.en for pair in theme_pairs("verbs")}
    words = json.loads(made.stdout)["words"]
    assert len(words) == 10 and all(w["clue"] == english[w["entry"]] for w in words)
