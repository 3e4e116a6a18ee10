"""Alphabets and letter frequencies of the words' language, for choosing filler letters.

German words get Ä Ö Ü in the filler too, so an umlaut does not give a word away. A letter a
child at a German or English school does not learn (the capital ẞ, É, Ñ, Ç …) is never filler
(:func:`is_filler`): it stands only where a word has it.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from collections import Counter
from collections.abc import Iterable

# Relative letter frequencies in running text, in percent.
FREQUENCIES: dict[str, dict[str, float]] = {
    "en": {
        "E": 12.70, "T": 9.06, "A": 8.17, "O": 7.51, "I": 6.97, "N": 6.75, "S": 6.33,
        "H": 6.09, "R": 5.99, "D": 4.25, "L": 4.03, "C": 2.78, "U": 2.76, "M": 2.41,
        "W": 2.36, "F": 2.23, "G": 2.02, "Y": 1.97, "P": 1.93, "B": 1.29, "V": 0.98,
        "K": 0.77, "J": 0.15, "X": 0.15, "Q": 0.10, "Z": 0.07,
    },
    "de": {
        "E": 16.93, "N": 9.78, "I": 7.55, "S": 7.27, "R": 7.00, "A": 6.51, "T": 6.15,
        "D": 5.08, "H": 4.76, "U": 4.35, "L": 3.44, "C": 3.06, "G": 3.01, "M": 2.53,
        "O": 2.51, "B": 1.89, "W": 1.89, "F": 1.66, "K": 1.21, "Z": 1.13, "P": 0.79,
        "V": 0.67, "Ü": 0.65, "Ä": 0.54, "Ö": 0.30, "J": 0.27, "Y": 0.04, "X": 0.03,
        "Q": 0.02,
    },
}  # fmt: skip

RARE_LETTER_WEIGHT = 0.2
"""Weight of a letter of another script the words use, which the language table lacks."""

GERMAN_MARKERS = frozenset("ÄÖÜẞ")

NOT_FILLER = frozenset("ẞ")
"""Letters never drawn for a free cell. No German word begins with ß, so the capital ẞ is
rare in print; a few of them scattered through the filler catch the eye and look like a
mistake."""

SCHOOL_LETTERS = frozenset().union(*FREQUENCIES.values())
"""The Latin letters the sheets' languages teach: A to Z and Ä Ö Ü."""


def is_filler(letter: str) -> bool:
    """Whether ``letter`` may fill a free cell: not the capital ẞ, and no Latin letter the
    sheets' languages do not teach (É in CAFÉ, Ñ in SEÑOR stand only in their words). Letters of
    other scripts may, or a Greek or Cyrillic list would give every word away.

    >>> [x for x in "AÄÉÑẞΩ" if is_filler(x)]
    ['A', 'Ä', 'Ω']
    """
    if letter in NOT_FILLER:
        return False
    return letter in SCHOOL_LETTERS or not unicodedata.name(letter, "").startswith("LATIN")


def detect_language(words: Iterable[str]) -> str:
    """Guess ``de`` or ``en`` from the words (umlauts or letter pairs where clear, else letter frequencies)."""
    from wortsuche.i18n import words_language

    words = list(words)
    clear = words_language(words)
    if clear is not None:
        return clear
    counts = Counter("".join(words))
    return max(sorted(FREQUENCIES), key=lambda lang: _cosine(counts, FREQUENCIES[lang]))


def _cosine(counts: Counter[str], table: dict[str, float]) -> float:
    dot = sum(n * table.get(letter, 0.0) for letter, n in counts.items())
    norm = math.sqrt(sum(n * n for n in counts.values())) * math.sqrt(
        sum(v * v for v in table.values())
    )
    return dot / norm if norm else 0.0


def language_alphabet(language: str, words: Iterable[str]) -> dict[str, float]:
    """The filler alphabet with weights: the language's letters plus any other letter the words use.

    Guessed from words without umlauts, the alphabet leaves Ä Ö Ü out: there they give no word
    away, and few words cannot tell German from English.
    """
    listed = tuple(words)
    if len(listed) > KEPT_WORDS:
        return _language_alphabet(language, listed)
    return dict(_kept_alphabet(language, listed))


KEPT_WORDS = 200
"""Lists of at most this many words keep their alphabet for the next puzzle of the same words
(and the next layout of this one): guessing the language reads every word."""


@functools.lru_cache(maxsize=16)
def _kept_alphabet(language: str, words: tuple[str, ...]) -> dict[str, float]:
    """:func:`_language_alphabet`, kept (never handed out itself: each caller gets a copy)."""
    return _language_alphabet(language, words)


def _language_alphabet(language: str, words: tuple[str, ...]) -> dict[str, float]:
    weights = dict(FREQUENCIES[detect_language(words) if language == "auto" else language])
    if language == "auto" and not GERMAN_MARKERS & set("".join(words)):
        weights = {letter: weight for letter, weight in weights.items() if letter.isascii()}
    for letter in sorted(set("".join(words))):
        if is_filler(letter):
            weights.setdefault(letter, RARE_LETTER_WEIGHT)
    return weights


def word_letter_weights(words: Iterable[str]) -> dict[str, float]:
    """The words' own letters that may be filler, weighted by how often the words use them."""
    counts = Counter("".join(words))
    return {letter: float(counts[letter]) for letter in sorted(counts) if is_filler(letter)}
