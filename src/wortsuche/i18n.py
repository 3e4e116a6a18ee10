"""The catalogue of every text a person reads on a sheet, a book page or a web page.

Code holds message ids such as ``sheet.find-below``; the sentences live in one gettext
catalogue per language, ``locale/<lang>/LC_MESSAGES/wortsuche.po``, compiled to the ``.mo``
file beside it (``pybabel compile -d src/wortsuche/locale -D wortsuche``). The standard
library's :mod:`gettext` reads the compiled files, so reading needs no extra package; a new
language is one more ``.po`` file, compiled, and its code in :data:`wortsuche.model.SHEET_LANGUAGES`.

Two calls cover every text:

- ``t(msgid, **values)``: the message, with ``{name}`` fields filled in from ``values``;
- ``n(msgid, count, **values)``: the plural form for ``count`` (``count`` is a field too).

A page's script that fills in the fields itself gets the unfilled text from ``template``.

>>> de = translator("de")
>>> de.t("level.evil")
'teuflisch'
>>> de.n("sheet.find-below", 20)
'Finde die 20 Wörter aus der Liste unten im Gitter.'
>>> translator("en").n("sheet.find-below", 1)
'Find the word below in the grid.'
>>> resolve_language("auto", ["Äpfel", "Birnen"])
'de'
"""

from __future__ import annotations

import gettext
import itertools
import os
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from wortsuche.data import PACKAGE, read_text
from wortsuche.model import SHEET_LANGUAGES

LANGUAGES: tuple[str, ...] = SHEET_LANGUAGES
"""The languages every sheet, book and web page exists in."""

DEFAULT_LANGUAGE = "en"
"""The language when neither the words nor the system say which one to use."""

DOMAIN = "wortsuche"
"""The gettext domain: the catalogues are ``<lang>/LC_MESSAGES/wortsuche.mo``."""

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Environment variables naming the system language, in the order gettext reads them."""

GERMAN_LETTERS = frozenset("ÄÖÜẞäöüß")
"""Letters that make words German (``"ß".upper()`` is ``SS``, so both cases are listed)."""

CLEAR_PAIRS = 24
"""Without umlauts or ß, words are clear about their language only from this many letter pairs on."""

SHORT_LIST = 3
"""A list of fewer words (without umlauts) does not say its language: the system's is used."""

CLEAR_MARGIN = 0.2
"""… and only if they lean to one language by this much per pair (natural log of likelihood)."""


def locale_dir() -> Path:
    """The folder holding the compiled catalogues (shipped inside the package)."""
    return PACKAGE / "locale"


class Translator:
    """The texts of one language: ``t`` for a message, ``n`` for one with a count."""

    def __init__(self, language: str, catalogue: gettext.NullTranslations) -> None:
        self.language = language
        self._catalogue = catalogue

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    def t(self, msgid: str, **values: object) -> str:
        """The message ``msgid`` with its ``{name}`` fields filled from ``values``."""
        text = self._catalogue.gettext(msgid)
        return text.format(**values) if values else text

    def n(self, msgid: str, count: int, **values: object) -> str:
        """The form of ``msgid`` for ``count`` (singular, plural, …), with ``{count}`` filled in."""
        text = self._catalogue.ngettext(msgid, msgid, count)
        return text.format(count=count, **values)

    def decimal(self, value: float, places: int = 1) -> str:
        """``value`` with ``places`` decimals and this language's decimal mark: 2,5 in German."""
        return f"{value:.{places}f}".replace(".", self.t("number.decimal-mark"))

    def error(self, error: BaseException) -> str:
        """An error's message in this language.

        The message as raised is the English text; in another language an error that names its
        catalogue entry (``key`` and ``values``, see :class:`wortsuche.errors.WortsucheError`) is
        said from the catalogue, a ``line`` value as "(line N)" after the word. Values that are
        errors or notes themselves are said the same way, and a fractional number (a ``float``)
        takes the language's decimal mark.
        """
        return self.say(error)

    def say(self, said: object) -> str:
        """An error or a :class:`~wortsuche.notes.Note` in this language (as written in English,
        if it names no catalogue entry)."""
        key = getattr(said, "key", None)
        if key is None or self.language == DEFAULT_LANGUAGE:
            return str(said)
        values = {name: self._value(value) for name, value in getattr(said, "values", {}).items()}
        line = values.pop("line", None)
        where = "" if line is None else self.t("error.where-line", line=line)
        number = getattr(said, "number", None)
        if number is not None:
            return self.n(key, number, where=where, **values)
        return self.t(key, where=where, **values)

    def _value(self, value: object) -> object:
        """A field's value in this language: a note or an error said, a float with its decimal mark."""
        if getattr(value, "key", None) is not None:
            return self.say(value)
        if isinstance(value, float):
            return f"{value:g}".replace(".", self.t("number.decimal-mark"))
        return value

    def template(self, msgid: str, count: int | None = None) -> str:
        """The message (for ``count``, its plural form) with its ``{name}`` fields left unfilled."""
        if count is None:
            return self._catalogue.gettext(msgid)
        return self._catalogue.ngettext(msgid, msgid, count)

    def plurals(self) -> frozenset[str]:
        """The ids of the messages with plural forms."""
        return plural_ids(self.language)

    def messages(self, prefix: str = "") -> dict[str, str]:
        """Every message whose id starts with ``prefix`` (singular forms), for a web page's script."""
        return {
            msgid: self.t(msgid) for msgid in message_ids(self.language) if msgid.startswith(prefix)
        }


@cache
def _catalogue(language: str) -> gettext.NullTranslations:
    catalogue = gettext.translation(DOMAIN, locale_dir(), languages=[language])
    if language != DEFAULT_LANGUAGE:
        # A message missing in a new language's catalogue shows in English, never as its id.
        catalogue.add_fallback(_catalogue(DEFAULT_LANGUAGE))
    return catalogue


def translator(language: str) -> Translator:
    """The texts in ``language`` (one of :data:`LANGUAGES`); raise ``ValueError`` for others."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose one of {', '.join(LANGUAGES)}")
    return Translator(language, _catalogue(language))


@cache
def message_ids(language: str) -> tuple[str, ...]:
    """The ids of the messages in ``language``'s compiled catalogue, sorted."""
    catalogue = _catalogue(language)
    raw: Mapping[object, str] = getattr(catalogue, "_catalog", {})
    ids = {key[0] if isinstance(key, tuple) else key for key in raw}
    return tuple(sorted(str(i) for i in ids if i))


@cache
def plural_ids(language: str) -> frozenset[str]:
    """The ids of the messages with plural forms in ``language``'s compiled catalogue."""
    raw: Mapping[object, str] = getattr(_catalogue(language), "_catalog", {})
    return frozenset(str(key[0]) for key in raw if isinstance(key, tuple))


def system_language() -> str | None:
    """The system's language if it is one of :data:`LANGUAGES` (``de_DE.UTF-8`` → ``de``)."""
    for variable in LOCALE_VARIABLES:
        value = os.environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE may list several: de:en
            code = part.split("_")[0].split(".")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
        return None  # the first variable set decides, as in gettext ("C" means none of ours)
    return None


def words_language(words: Iterable[str]) -> str | None:
    """The language of the words, if they make it clear: umlauts or ß, known words, or their
    letter pairs.

    A list of fewer than :data:`SHORT_LIST` words without umlauts says nothing. Known words
    are those of the themed lists shipped for each language (``data/themes``): a word known in
    one language only is a vote for it, and the votes decide when one side has more than
    twice the other's and no fewer than the words known in neither (``LION`` is English,
    ``Hund`` German; ``ZEBRA`` is both, so ``LION TIGER ZEBRA`` is English; ``KIND`` alone
    does not make ``kind, rose, wind, hunt, gift, fast`` German). Otherwise
    letter pairs (with the word's start and end) are scored against German and English
    tables made from 10,000 words of each language (``data/bigrams.json``); the words are
    clear only if they lean to one side by :data:`CLEAR_MARGIN` per pair.
    """
    words = [unicodedata.normalize("NFC", word) for word in words]
    if GERMAN_LETTERS & set("".join(words)):
        return "de"
    if len(words) < SHORT_LIST:
        return None
    votes = known_votes(words)
    unknown = votes.pop(None, 0)
    (leader, most), (_, fewest) = votes.most_common()
    if most > 2 * fewest and most >= unknown:
        return leader
    pairs = [
        a + b
        for word in words
        for a, b in itertools.pairwise("^" + unicodedata.normalize("NFC", word).upper() + "$")
        if (a.isalpha() or a == "^") and (b.isalpha() or b == "$")
    ]
    if len(pairs) < CLEAR_PAIRS:
        return None
    leaning, neither = _bigram_leaning()
    score = sum(leaning.get(p, neither) for p in pairs)
    if abs(score) < CLEAR_MARGIN * len(pairs):
        return None
    return "de" if score > 0 else "en"


def known_votes(words: Iterable[str]) -> Counter[str | None]:
    """For each language, how many of ``words`` are known in it and not in the other one;
    under ``None``, how many are known in neither."""
    holding = _holders()
    votes: Counter[str | None] = Counter(dict.fromkeys(LANGUAGES, 0))
    for word in words:
        holders = holding.get(word.strip().upper(), ())
        if len(holders) == 1:
            votes[holders[0]] += 1
        elif not holders:
            votes[None] += 1
    return votes


@cache
def _known_words() -> dict[str, frozenset[str]]:
    """The words of every shipped themed list, by language, in capitals (read here, as the
    word steps that load themes come after this module)."""
    known: dict[str, frozenset[str]] = {}
    for language in LANGUAGES:
        folder = PACKAGE.joinpath("data", "themes", language)
        lines = (
            line.strip()
            for path in sorted(folder.iterdir())
            if path.name.endswith(".txt")
            for line in path.read_text("utf-8").splitlines()
        )
        known[language] = frozenset(
            unicodedata.normalize("NFC", line).upper()
            for line in lines
            if line and not line.startswith("#")
        )
    return known


@cache
def _holders() -> dict[str, tuple[str, ...]]:
    """The languages that know each known word (:func:`_known_words`), in the order of
    :data:`LANGUAGES`: one look-up a word."""
    holders: dict[str, list[str]] = {}
    for language, words in _known_words().items():
        for word in words:
            holders.setdefault(word, []).append(language)
    return {word: tuple(languages) for word, languages in holders.items()}


@cache
def _bigram_leaning() -> tuple[dict[str, float], float]:
    """How far each letter pair leans to German (its German score less its English one, each
    table's ``?`` for a pair it lacks), and the lean of a pair neither table has: one look-up a
    pair, the same differences summed in the same order."""
    tables = _bigrams()
    german, english = tables["de"], tables["en"]
    leaning = {
        pair: german.get(pair, german["?"]) - english.get(pair, english["?"])
        for pair in german.keys() | english.keys()
    }
    return leaning, german["?"] - english["?"]


@cache
def _bigrams() -> dict[str, dict[str, float]]:
    import json

    tables: dict[str, dict[str, float]] = json.loads(read_text("data", "bigrams.json"))
    return tables


def resolve_language(requested: str | None, words: Iterable[str] = ()) -> str:
    """The language of the texts: ``requested`` if it is one of :data:`LANGUAGES`; for ``auto``
    (or None) the words' language where that is clear, else the system's, else English."""
    if requested in LANGUAGES:
        return str(requested)
    if requested not in (None, "auto"):
        raise ValueError(f"unknown language {requested!r}; choose auto or {', '.join(LANGUAGES)}")
    return words_language(words) or system_language() or DEFAULT_LANGUAGE
