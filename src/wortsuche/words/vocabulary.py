"""The themes as vocabulary: each German word with its English partner and, where one exists,
an emoji, so a list can show clues in the other language or pictures.

Each theme has a file ``wortsuche/data/themes/pairs/<name>.txt`` with one pair a line,
``Hund = dog = 🐕``. Every word of the theme's German list and of its English list stands in
exactly one pair; the partner of a word may be one its own list lacks.

>>> pair = partner("Igel")
>>> pair.de, pair.en, pair.emoji
('Igel', 'hedgehog', '🦔')
>>> [w.clue for w in with_clues([Word("dog", "DOG")], "de")]
['Hund']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache

from wortsuche.data import read_text
from wortsuche.errors import InputError
from wortsuche.i18n import LANGUAGES
from wortsuche.model import Word
from wortsuche.notes import Note
from wortsuche.words.clues import split_clue
from wortsuche.words.themes import Theme, theme_names

CLUES = ("de", "en", "picture", "none")
"""What a word list shows: the words' partners in German or English, their pictures, or the
words themselves (no clues, also none a word file gives)."""


@dataclass(frozen=True)
class Pair:
    """One concept in both languages, with its emoji if it has one."""

    de: str
    en: str
    emoji: str | None = None
    article: str | None = None
    """A German noun's article (der, die, das) where the school vocabulary gives it."""

    def clue(self, clues: str) -> str | None:
        """The clue this pair gives for ``clues`` (``de``, ``en`` or ``picture``)."""
        return self.emoji if clues == "picture" else getattr(self, clues)


@cache
def theme_pairs(name: str) -> tuple[Pair, ...]:
    """The pairs of the theme called ``name``, in the file's order."""
    pairs = []
    text = read_text("data", "themes", "pairs", f"{name}.txt")
    for line in text.splitlines():
        if line.strip() and not line.startswith("#"):
            de, en, *emoji = (part.strip() for part in line.split("="))
            pairs.append(Pair(de, en, emoji[0] if emoji else None))
    return tuple(pairs)


ARTICLES = ("der", "die", "das")


@cache
def school_pairs() -> tuple[Pair, ...]:
    """The school vocabulary (``data/vocabulary/pairs.txt``): the primary-school Grundwortschatz
    and the first two years of English, each word with its natural partner (Lehrerin is
    teacher), a German noun with its article, a picture where the concept has one."""
    pairs = []
    for line in read_text("data", "vocabulary", "pairs.txt").splitlines():
        if line.strip() and not line.startswith("#"):
            de, en, *emoji = (part.strip() for part in line.split("="))
            article, _, noun = de.partition(" ")
            if article in ARTICLES and noun:
                pairs.append(Pair(noun, en, emoji[0] if emoji else None, article))
            else:
                pairs.append(Pair(de, en, emoji[0] if emoji else None))
    return tuple(pairs)


@cache
def _index() -> dict[tuple[str, str], Pair]:
    """Every word of the school vocabulary, then of every theme's pairs, in either language
    (case-folded), to its pair: a word's first pair in the vocabulary is its natural partner."""
    index: dict[tuple[str, str], Pair] = {}
    pairs = list(school_pairs())
    pairs += [pair for name in theme_names() for pair in theme_pairs(name)]
    for pair in pairs:
        index.setdefault(("de", pair.de.casefold()), pair)
        index.setdefault(("en", pair.en.casefold()), pair)
    return index


def partner(word: str, language: str | None = None) -> Pair | None:
    """The pair holding ``word`` in ``language`` (``de``, ``en``; None: German, else English),
    or None if neither the school vocabulary nor a theme has it. The language keeps words
    spelt alike apart: the German Rock is a skirt, the English rock a Felsen.

    >>> partner("Lehrerin").en, partner("house").de, partner("Haus").article
    ('teacher', 'Haus', 'das')
    >>> partner("Rock", "de").en, partner("rock", "en").de
    ('skirt', 'Felsen')
    """
    key = word.strip().casefold()
    index = _index()
    if language is not None:
        return index.get((language, key))
    return index.get(("de", key)) or index.get(("en", key))


def theme_entries(theme: Theme, words: Iterable[str], clues: str | None) -> list[str]:
    """``words`` of ``theme`` as entries with the clues of the theme's own pairs (Nebel is
    nebula in space, fog in the weather), written ``word = clue``.

    >>> from wortsuche.words.themes import load_theme
    >>> theme_entries(load_theme("space", "de"), ["Nebel"], "en")
    ['Nebel = nebula']
    """
    if clues in (None, "none"):
        return list(words)
    own = {getattr(pair, theme.language): pair for pair in theme_pairs(theme.name)}
    found = [(word, own[word].clue(clues) if word in own else None) for word in words]
    if clues in ("de", "en"):
        taken = {clue for _, clue in found}
        for i, (word, clue) in enumerate(found):
            natural = _natural(clue, word, theme.language, clues) if clue else clue
            if natural not in taken:  # Lehrer and Lehrerin in one list keep two clues apart
                taken.add(natural)
                found[i] = (word, natural)
    return [word if clue is None else f"{word} = {clue}" for word, clue in found]


def _natural(gloss: str, word: str, language: str, clues: str) -> str:
    """The school vocabulary's partner of ``word`` where the theme's is a gloss that keeps its
    lists apart (Lehrerin is "woman teacher" beside Lehrer's "teacher"): the natural partner,
    "teacher"; any other clue of the theme (Nebel is nebula in space) as it is.

    >>> _natural("woman teacher", "Lehrerin", "de", "en"), _natural("nebula", "Nebel", "de", "en")
    ('teacher', 'nebula')
    """
    pair = partner(word, language)
    natural = getattr(pair, clues) if pair is not None else None
    return natural if natural and gloss.endswith(f" {natural}") else gloss


def with_pictures(theme: Theme) -> Theme:
    """``theme`` with only the words that have a picture (for a picture list)."""
    pictured = {
        pair.de if theme.language == "de" else pair.en
        for pair in theme_pairs(theme.name)
        if pair.emoji
    }
    return replace(theme, words=tuple(w for w in theme.words if w in pictured))


def clue_language(clues: str | None) -> str | None:
    """The language a list of ``clues`` is in (``de``, ``en``), None for pictures or words."""
    return clues if clues in ("de", "en") else None


def asked_sheet_language(
    clues: str | None, *, sheet: str | None = None, words: str | None = None
) -> str | None:
    """The language a sheet (or a book) is to be in, where the options say: the sheet's own
    (``--sheet-language``), else that of its ``clues`` (a vocabulary sheet speaks the learner's
    language: "Find the German for the 6 words below"), else the words' (``--language``);
    None where it is to be guessed from the words. The one rule of ``generate`` and ``book``.

    >>> asked_sheet_language("en", words="de"), asked_sheet_language(None, words="auto")
    ('en', None)
    """
    return sheet or clue_language(clues) or (words if words in LANGUAGES else None)


def with_clues(
    words: Iterable[Word], clues: str | None, *, unpictured: list[str] | None = None
) -> tuple[Word, ...]:
    """The words with the clues ``clues`` asks for: ``de``/``en`` the partner in that language,
    ``picture`` the emoji, ``none`` no clue at all (None: as they are). A clue a word already
    has is kept; a word no theme knows is refused by name, unless pictures are asked for and
    ``unpictured`` is a list: then the word is shown as itself and named in that list."""
    words = tuple(words)
    if clues is None:
        return words
    if clues not in CLUES:
        choices = ", ".join(CLUES)
        raise InputError(
            f"--clues must be one of {choices}, not {clues!r}",
            key="error.clues-choice",
            values={"choices": choices, "value": clues},
        )
    if clues == "none":
        return tuple(replace(word, clue=None) for word in words)
    if clues == "picture" and unpictured is not None:
        found = [(word, word.clue or _known_clue(word.entry, clues)) for word in words]
        unpictured += [word.entry for word, clue in found if clue is None]
        return tuple(word if clue is None else replace(word, clue=clue) for word, clue in found)
    _refuse_unknown([word.entry for word in words if not word.clue], clues)
    return tuple(word if word.clue else _clued(word, clues) for word in words)


MOST_NAMED = 6
"""Unknown words a message names before it says how many more there are: one line."""


def _refuse_unknown(entries: list[str], clues: str) -> None:
    """Refuse, in one line, several words without the clue ``clues`` asks for, each named, with
    the line that gives it (one such word is refused by :func:`_clue_for`)."""
    unknown = [entry for entry in entries if _known_clue(entry, clues) is None]
    if len(unknown) < 2:
        return
    named = ", ".join(unknown[:MOST_NAMED])
    more = len(unknown) - MOST_NAMED
    if more > 0:
        named += f" (+{more})"
    what = "picture" if clues == "picture" else f"{_LANGUAGE_NAMES[clues]} word"
    first = unknown[0]
    raise InputError(
        f"no {what} known for {named}; write each one's clue after it: {first} = …",
        key="error.no-picture-several"
        if clues == "picture"
        else f"error.no-partner-{clues}-several",
        values={"words": named, "first": first},
    )


def unpictured_note(entries: list[str]) -> Note:
    """The note naming the words a picture list shows as words: no picture is known for them."""
    named = ", ".join(entries)
    return Note(
        f"no picture known for {named}: shown as words; write a clue yourself: {entries[0]} = …",
        key="note.unpictured",
        values={"words": named, "first": entries[0]},
    )


def clued_entries(entries: Iterable[str], clues: str | None) -> list[str]:
    """Entries as written (``word`` or ``word = clue``) with the clues ``clues`` asks for, as
    :func:`with_clues` gives them, still written as entries (a book plans its puzzles so).

    >>> clued_entries(["Igel", "Eule = Nachtvogel"], "en")
    ['Igel = hedgehog', 'Eule = Nachtvogel']
    """
    out = []
    for entry in entries:
        word, clue = split_clue(entry)
        if clues == "none":
            out.append(word)
        elif clues is None or clue is not None:
            out.append(entry)
        else:
            out.append(f"{word} = {_clue_for(word, clues)}")
    return out


def _clued(word: Word, clues: str) -> Word:
    """``word`` with the clue its pair gives."""
    return replace(word, clue=_clue_for(word.entry, clues))


def _known_clue(entry: str, clues: str) -> str | None:
    """The clue of ``entry``'s pair for ``clues``, if it has a pair with one: a German clue
    is the partner of an English word, an English clue that of a German word."""
    source = {"de": "en", "en": "de"}.get(clues)
    pair = (partner(entry, source) if source else None) or partner(entry)
    return pair.clue(clues) if pair is not None else None


def _clue_for(entry: str, clues: str) -> str:
    """The clue of ``entry``'s pair for ``clues``; an :class:`InputError` if it has none."""
    clue = _known_clue(entry, clues)
    if clue is None:
        what = "picture" if clues == "picture" else f"{_LANGUAGE_NAMES[clues]} word"
        raise InputError(
            f"no {what} known for {entry!r}; write its clue yourself: {entry} = …",
            key="error.no-picture" if clues == "picture" else f"error.no-partner-{clues}",
            values={"word": entry},
        )
    return clue


_LANGUAGE_NAMES = {"de": "German", "en": "English"}
