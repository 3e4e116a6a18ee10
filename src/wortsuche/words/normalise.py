"""Step 1 of the pipeline: turn what the user typed into :class:`~wortsuche.model.Word` values.

Unicode NFC and upper case; every letter stays one grid cell (Ä, Ñ, É and ß, which
becomes the capital ẞ instead of the two letters SS). Spaces, hyphens and apostrophes
inside an entry are dropped in the grid, while the entry keeps them for the word list.

>>> normalise_entry("T-Shirt")
Word(entry='T-Shirt', letters='TSHIRT', clue=None)
>>> normalise_entry("Straße").letters
'STRAẞE'
>>> normalise_entry("Straße", transliterate=True).letters
'STRASSE'
>>> normalise_entry("Größe", eszett="ss").letters
'GRÖSSE'
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence
from dataclasses import replace

from wortsuche.errors import InputError
from wortsuche.model import Word
from wortsuche.notes import Note

JOINERS = frozenset(" \t-‐‑‒–—'’ʼ`´_")
"""Characters that may join the parts of an entry ("ICE CREAM", "T-SHIRT", "O'NEIL")."""

TRANSLITERATIONS = {"Ä": "AE", "Ö": "OE", "Ü": "UE", "ẞ": "SS"}

ESZETT = ("auto", "keep", "ss")
"""How ß is written in the grid: ``keep`` as the one capital ẞ, ``ss`` as the two letters SS;
``auto`` as German primary schools write it, SS, unless the puzzle is in another language
(:func:`eszett_for`). The word list always shows the word as written, ß and all."""


def eszett_for(eszett: str, language: str | None) -> str:
    """``eszett`` made definite for a puzzle in ``language``: ``auto`` is SS unless the puzzle
    is said to be in another language than German."""
    if eszett != "auto":
        return eszett
    return "keep" if language not in (None, "auto", "de") else "ss"


def normalise_entry(
    entry: str, *, transliterate: bool = False, eszett: str = "keep", line: int | None = None
) -> Word:
    """Normalise one entry; raise :class:`InputError` naming the entry if it is not a word."""
    if eszett not in ESZETT:
        choices = ", ".join(ESZETT)
        raise InputError(
            f"unknown eszett {eszett!r}; choose one of {choices}",
            key="error.option-choice",
            values={"label": "eszett", "value": eszett, "choices": choices},
        )
    written = entry.strip()
    if written.isascii() and written.isalpha():  # A to Z only: each letter its capital, a cell
        return Word(entry=written, letters=written.upper())
    written = unicodedata.normalize("NFC", written)
    where = f" (line {line})" if line is not None else ""
    if not written:
        raise InputError(f"empty word{where}", key="error.empty-word", values={"line": line})
    letters: list[str] = []
    for char in written:
        if char in JOINERS:
            continue
        upper = _cell(char)
        if upper is None:
            if char.isdigit():
                raise InputError(
                    f"word {written!r}{where} contains a digit",
                    key="error.word-digit",
                    values={"word": written, "line": line},
                )
            shown = char if char.isprintable() and not char.isspace() else f"U+{ord(char):04X}"
            raise InputError(  # an invisible character by its number: the reader sees which
                f"word {written!r}{where} contains {shown!r}, which is not a letter",
                key="error.word-not-letter",
                values={"word": written, "char": shown, "line": line},
            )
        letters.append(upper)
    text = "".join(letters)
    if transliterate:
        text = _transliterate(text)
    elif eszett in ("ss", "auto"):
        text = text.replace("ẞ", "SS")
    if not text:
        raise InputError(
            f"word {written!r}{where} has no letters",
            key="error.word-no-letters",
            values={"word": written, "line": line},
        )
    return Word(entry=written, letters=text)


@functools.lru_cache(maxsize=4096)
def _cell(char: str) -> str | None:
    """The letter a grid cell holds for ``char`` (ß as the capital ẞ), or None if ``char`` is
    not a letter. Asked once per character: a word list repeats its few dozen letters."""
    upper = "ẞ" if char in "ßẞ" else _upper(char)
    if upper is None or not unicodedata.category(upper).startswith("L"):
        return None
    return upper


def _upper(char: str) -> str | None:
    """The capital of ``char`` if it is one cell, the letter itself if its capital is longer."""
    if unicodedata.category(char).startswith("M"):
        return None  # a combining mark with no precomposed letter: not one cell
    upper = char.upper()
    return upper if len(upper) == 1 else char


def _transliterate(text: str) -> str:
    """Plain A–Z: umlauts and ẞ spelled out, other accents dropped."""
    out: list[str] = []
    for char in text:
        if char in TRANSLITERATIONS:
            out.append(TRANSLITERATIONS[char])
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c)
        )
        out.append(base if base.isascii() and base.isalpha() else char)
    return "".join(out)


def normalise_words(
    entries: Sequence[str],
    *,
    transliterate: bool = False,
    eszett: str = "keep",
    lines: Sequence[int] | None = None,
    clues: Sequence[str | None] | None = None,
) -> tuple[tuple[Word, ...], tuple[str, ...]]:
    """Normalise a list of entries (with ``clues``: each entry's clue or None); return the
    words (duplicates removed) and warnings."""
    if not entries:
        raise InputError("no words given", key="error.no-words")
    words: list[Word] = []
    warnings: list[str] = []
    seen: dict[str, Word] = {}
    for k, entry in enumerate(entries):
        line = lines[k] if lines is not None else None
        word = normalise_entry(entry, transliterate=transliterate, eszett=eszett, line=line)
        if clues is not None and clues[k] is not None:
            word = replace(word, clue=clues[k])
        if word.letters in seen:
            where = f" (line {line})" if line is not None else ""
            same = seen[word.letters].entry
            warnings.append(
                Note(  # "(same as 'Apfel')" after 'Apfel' says nothing: only another spelling is named
                    f"duplicate word {word.entry!r}{where} removed"
                    + ("" if same == word.entry else f" (same as {same!r})"),
                    key="note.duplicate-again" if same == word.entry else "note.duplicate",
                    values={"word": word.entry, "line": line, "same": same},
                )
            )
            continue
        seen[word.letters] = word
        words.append(word)
    for word in words:
        backwards = word.letters[::-1]
        if backwards != word.letters and backwards in seen and word.letters < backwards:
            warnings.append(
                Note(
                    f"{seen[backwards].entry!r} is {word.entry!r} read backwards; "
                    "both are hidden in the same cells",
                    key="note.backwards-twin",
                    values={"word": word.entry, "twin": seen[backwards].entry},
                )
            )
    return tuple(words), tuple(warnings)
