"""Words the filler never spells: a screen against offensive words on a sheet for children.

The lists (``data/screen/de.txt`` and ``en.txt``) join the board's lexicon as words that must not
be completed once the words are placed, so the same checks that keep every listed word exactly
once keep these out of the filler and the decoys, in all 8 directions (where the user's own words
meet, they stand as placed). A word the word list itself asks for is not screened,
and a screened word inside a listed word (ASS in CLASS) stands where that word stands.

>>> "FUCK" in screened_words()
True
>>> "CLASS" in screened_words()
False
"""

from __future__ import annotations

import unicodedata
from functools import cache

from wortsuche.data import read_text

LISTS = ("de", "en")


@cache
def screened_words() -> frozenset[str]:
    """Every screened word, in grid letters (upper case, NFC, ß as ẞ)."""
    words: set[str] = set()
    for language in LISTS:
        text = read_text("data", "screen", f"{language}.txt")
        for line in text.splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                words.add(unicodedata.normalize("NFC", line.replace("ß", "ẞ").upper()))
    return frozenset(words)


def screen_for(words: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The screened words to keep out of a puzzle of ``words``: all but those the list asks for."""
    screened = screened_words()
    if screened.isdisjoint(words) and screened.isdisjoint([w[::-1] for w in words]):
        return _every_screened()  # the list asks for none of them: most lists
    asked = set(words) | {w[::-1] for w in words}
    return tuple(sorted(screened - asked))


@cache
def _every_screened() -> tuple[str, ...]:
    """Every screened word, sorted (made once)."""
    return tuple(sorted(screened_words()))
