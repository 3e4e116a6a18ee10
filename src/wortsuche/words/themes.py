"""Themed word lists in German and English, shipped with the package as plain text files.

Each theme has one file per language under ``wortsuche/data/themes/<language>/<name>.txt``:
a ``# Title`` line, then one word a line. A theme is found by its name (``animals``) or by
its title in either language (``Tiere``); ``draw`` picks words from it reproducibly.

>>> theme = load_theme("animals", "de")
>>> theme.title, len(theme.words) >= 40
('Tiere', True)
>>> draw(theme, 3, seed=1) == draw(theme, 3, seed=1)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from wortsuche.data import PACKAGE, read_text
from wortsuche.errors import InputError
from wortsuche.rand import Rng

THEME_LANGUAGES = ("de", "en")
"""The languages every theme exists in."""


@dataclass(frozen=True)
class Theme:
    """One themed word list in one language."""

    name: str
    language: str
    title: str
    words: tuple[str, ...]


@cache
def _load(language: str, name: str) -> Theme:
    text = read_text("data", "themes", language, f"{name}.txt")
    lines = [line.strip() for line in text.splitlines()]
    title = lines[0].removeprefix("#").strip()
    words = tuple(line for line in lines[1:] if line and not line.startswith("#"))
    return Theme(name, language, title, words)


@cache
def theme_names() -> tuple[str, ...]:
    """The names of all themes, sorted."""
    folder = PACKAGE.joinpath("data", "themes", THEME_LANGUAGES[0])
    return tuple(
        sorted(p.name.removesuffix(".txt") for p in folder.iterdir() if p.name.endswith(".txt"))
    )


GRADES = (1, 2, 3, 4)
"""The school years of a German primary school, for which the themes are chosen."""


@cache
def theme_grades() -> dict[str, tuple[int, ...]]:
    """Each theme's school years (``data/themes/grades.txt``): ``animals`` is for 1 to 4.

    >>> theme_grades()["toys"], theme_grades()["space"]
    ((1, 2), (4,))
    """
    grades = {}
    for line in read_text("data", "themes", "grades.txt").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, years = line.partition("=")
            grades[name.strip()] = tuple(int(year) for year in years.split())
    return grades


def themes_for_grade(grade: int) -> list[str]:
    """The names of the themes written for school year ``grade`` (1 to 4), sorted."""
    if grade not in GRADES:
        raise InputError(
            f"--grade must be one of 1, 2, 3, 4 (a primary school's years), not {grade}",
            key="error.theme-grade",
            values={"value": grade},
        )
    return [name for name in theme_names() if grade in theme_grades().get(name, ())]


def themes(language: str) -> list[Theme]:
    """Every theme in ``language``, sorted by name."""
    _check_language(language)
    return [_load(language, name) for name in theme_names()]


def load_theme(name: str, language: str = "auto") -> Theme:
    """The theme called ``name`` (its name or its title in either language).

    ``language`` is ``de``, ``en`` or ``auto``: the language whose title was given, else English.
    """
    key = name.strip().casefold()
    for candidate in theme_names():
        for lang in THEME_LANGUAGES:
            if key in (candidate, _load(lang, candidate).title.casefold()):
                if language == "auto":
                    language = lang if key != candidate else "en"
                _check_language(language)
                return _load(language, candidate)
    some = ", ".join(theme_names()[:5])
    raise InputError(
        f"unknown theme {name!r}; `wortsuche themes` lists them ({some}, …)",
        key="error.unknown-theme",
        values={"name": name, "some": some},
    )


def nested(a: str, b: str) -> bool:
    """Whether the letters of one entry read inside the other's, either way: TIT in BLUE TIT,
    SUN in VENUS backwards. Such a pair in one puzzle is found once as a piece of the other
    (allowed, but a giveaway), so a draw keeps them apart.

    >>> nested("tit", "Blue tit"), nested("Sun", "Venus"), nested("Hund", "Katze")
    (True, True, False)
    >>> nested("Tit = a small bird", "Robin = a bird with a red breast")
    False
    """
    x, y = (  # the words, not their clues (``Tit = a small bird``)
        "".join(ch for ch in entry.partition("=")[0].casefold() if ch.isalpha()) for entry in (a, b)
    )
    short, long = sorted((x, y), key=len)
    return bool(short) and (short in long or short[::-1] in long)


def draw(theme: Theme, count: int | None, seed: int) -> list[str]:
    """``count`` words of ``theme`` (all if None) in an order drawn from ``seed``; a word
    :func:`nested` with one drawn before is left out while others remain."""
    if count is not None and not 1 <= count <= len(theme.words):
        raise InputError(
            f"--count must be from 1 to {len(theme.words)} for the theme {theme.name!r}, not {count}",
            key="error.theme-count",
            values={"most": len(theme.words), "theme": theme.name, "value": count},
        )
    words = Rng(seed).shuffled(theme.words)
    if count is None:
        return words
    apart: list[str] = []
    for word in words:
        if not any(nested(word, kept) for kept in apart):
            apart.append(word)
    return (apart + [w for w in words if w not in apart])[:count]


def _check_language(language: str) -> None:
    if language not in THEME_LANGUAGES:
        raise InputError(
            f"themes exist in {' and '.join(THEME_LANGUAGES)}, not {language!r}",
            key="error.theme-language",
            values={"value": language},
        )
