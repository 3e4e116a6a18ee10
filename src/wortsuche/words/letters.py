"""Letter counts after the clues: "Tier mit Stacheln (4)", "hedgehog (4)" for IGEL, so a child
knows how long the word to find is (``--letter-count``).

The count is the word's cells in the grid (ß written SS counts two). A picture is followed by
its count too (``🦔 (4)``), which the sheets draw under the picture and the game beside it.

>>> from wortsuche.model import Word
>>> [w.clue for w in with_letter_counts([Word("Igel", "IGEL", "🦔"), Word("Eule", "EULE")])]
['🦔 (4)', None]
>>> counted_entries(["Igel = Tier mit Stacheln", "Straße = street", "Eule"], eszett="ss")
['Igel = Tier mit Stacheln (4)', 'Straße = street (7)', 'Eule']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from wortsuche.model import Word
from wortsuche.words.clues import SEPARATOR, split_clue
from wortsuche.words.wordset import prepare_words


def counted(clue: str, letters: str) -> str:
    """``clue`` with the count of ``letters`` after it."""
    return f"{clue} ({len(letters)})"


def with_letter_counts(words: Iterable[Word]) -> tuple[Word, ...]:
    """The words, each clue followed by the count of its word's letters."""
    return tuple(
        replace(word, clue=counted(word.clue, word.letters)) if word.clue else word
        for word in words
    )


def counted_entries(
    entries: Iterable[str], *, transliterate: bool = False, eszett: str = "keep"
) -> list[str]:
    """Entries as written (``word = clue``) with the count after each clue in words, the
    letters normalised as the puzzle will normalise them (a book plans its puzzles so)."""
    out = []
    for entry in entries:
        word, clue = split_clue(entry)
        if clue is None:
            out.append(entry)
            continue
        (made,), _ = prepare_words([word], transliterate=transliterate, eszett=eszett)
        out.append(f"{word} {SEPARATOR} {counted(clue, made.letters)}")
    return out
