"""Entries with clues: ``IGEL = Ein Tier mit Stacheln`` hides IGEL and lists its clue.

The grid holds the word; the word list shows the clue instead (the answer key both). A clue
is a text or a picture the sheets draw: one emoji, one of wortsuche's own (``x-table``) or the
user's own (:mod:`wortsuche.words.pictures`); an emoji among words, or several side by side, is
refused (no typeface of the sheets prints an emoji). An entry without ``=`` is
a plain word, so a list may mix both.

>>> split_clue("IGEL = Ein Tier mit Stacheln")
('IGEL', 'Ein Tier mit Stacheln')
>>> split_clue("Hund")
('Hund', None)
>>> is_picture("🦔"), is_picture("Ein Tier"), is_picture("🇩🇪"), is_picture("👩‍🚀")
(True, False, True, True)
"""

from __future__ import annotations

import unicodedata

from wortsuche.errors import InputError
from wortsuche.model import Word
from wortsuche.words.pictures import (
    has_picture,
    is_named_picture,
    is_own_picture,
    letter_count,
    near_picture,
    picture_key,
)

SEPARATOR = "="
"""What stands between a word and its clue."""

MAX_CLUE = 200
"""Characters in a clue: a line of the word list, not a paragraph."""


def has_clue(entry: str) -> bool:
    """True if ``entry`` is written as ``word = clue`` (and so must not be split at spaces)."""
    return SEPARATOR in entry


def split_clue(entry: str, line: int | None = None) -> tuple[str, str | None]:
    """The word and the clue of an entry (the clue None for a plain word); a bad entry
    raises :class:`InputError` naming its line."""
    if SEPARATOR not in entry:
        return entry, None
    word, _, clue = entry.partition(SEPARATOR)
    values = {"line": line, "entry": _short(entry)}
    where = f" (line {line})" if line is not None else ""
    if SEPARATOR in clue:
        raise InputError(
            f'{_short(entry)!r}{where} has "=" twice; write the word, one "=", then its clue',
            key="error.clue-twice",
            values=values,
        )
    word, clue = word.strip(), " ".join(clue.split())
    if not word:
        raise InputError(
            f'{_short(entry)!r}{where} has no word before "="',
            key="error.clue-no-word",
            values=values,
        )
    if not clue:
        raise InputError(
            f'{_short(entry)!r}{where} has no clue after "="',
            key="error.clue-empty",
            values=values,
        )
    if len(clue) > MAX_CLUE:
        raise InputError(
            f"the clue of {word!r}{where} is longer than {MAX_CLUE} characters",
            key="error.clue-long",
            values={"line": line, "word": word, "limit": MAX_CLUE},
        )
    clue = unicodedata.normalize("NFC", clue)
    _check_emoji(word, clue, line)
    return word, clue


def _check_emoji(word: str, clue: str, line: int | None) -> None:
    """Refuse a clue a sheet cannot print: one emoji without a picture, several emoji side
    by side (a picture clue is one picture), or an emoji among words (no typeface of the
    sheets draws emoji, and a line of text holds no picture)."""
    where = f" (line {line})" if line is not None else ""
    if is_picture(clue):
        if not has_picture(clue):
            code = picture_key(clue).upper()
            raise InputError(
                f"there is no picture of {clue} (U+{code}){where} among wortsuche's emoji; "
                "choose another emoji or write the clue in words",
                key="error.no-emoji-picture",
                values={"line": line, "emoji": clue, "code": code},
            )
        return
    near = near_picture(clue)
    if near is not None:
        raise InputError(
            f"there is no picture named {clue}{where}; did you mean {near}? "
            "Or write the clue in words",
            key="error.picture-name",
            values={"line": line, "name": clue, "near": near},
        )
    emoji = next((char for char in clue if is_emoji(char)), None)
    if emoji is None:
        return
    if all(char.isspace() or char in _EMOJI_PARTS or _is_emoji_char(char) for char in clue):
        raise InputError(
            f"the clue of {word!r}{where}, {clue}, is several emoji; a picture clue is one "
            "emoji: keep one, or write the clue in words",
            key="error.clue-several-emoji",
            values={"line": line, "word": word, "clue": clue},
        )
    raise InputError(
        f"the clue of {word!r}{where} mixes words with the emoji {emoji}, which a sheet cannot "
        "print in a line of text; write the clue in words, or make one emoji the whole clue",
        key="error.clue-emoji-in-text",
        values={"line": line, "word": word, "emoji": emoji},
    )


_EMOJI_PARTS = frozenset("\u200d\ufe0f\ufe0e\u20e3")
"""Joiners and selectors inside one emoji (👩‍🚀, ❤️, 1️⃣)."""


def is_picture(clue: str | None) -> bool:
    """True if ``clue`` is one emoji: symbols only, joined into one picture (no letters,
    digits, spaces or punctuation), a teacher's own picture or one of wortsuche's (``x-table``)."""
    if not clue:
        return False
    clue, _ = letter_count(clue)  # a picture with its letter count (🦔 (4)) is a picture
    if is_own_picture(clue) or is_named_picture(clue):
        return True
    symbols = [char for char in clue if char not in _EMOJI_PARTS]
    if not symbols or not all(_is_emoji_char(char) for char in symbols):
        return False
    # Several pictures side by side are no one picture: only joined parts, modifiers, tags and
    # the two halves of a flag may follow the first symbol.
    base = [char for char in symbols if not _is_modifier(char)]
    flag = len(base) == 2 and all(0x1F1E6 <= ord(char) <= 0x1F1FF for char in base)
    joined = clue.count("\u200d") == len(base) - 1
    return flag or joined


_EMOJI_IN_TEXT = frozenset(
    chr(code)
    for first, last in (
        (0x231A, 0x231B),
        (0x23E9, 0x23EC),
        (0x23F0, 0x23F0),
        (0x23F3, 0x23F3),
        (0x25FD, 0x25FE),
        (0x2614, 0x2615),
        (0x2648, 0x2653),
        (0x267F, 0x267F),
        (0x2693, 0x2693),
        (0x26A1, 0x26A1),
        (0x26AA, 0x26AB),
        (0x26BD, 0x26BE),
        (0x26C4, 0x26C5),
        (0x26CE, 0x26CE),
        (0x26D4, 0x26D4),
        (0x26EA, 0x26EA),
        (0x26F2, 0x26F3),
        (0x26F5, 0x26F5),
        (0x26FA, 0x26FA),
        (0x26FD, 0x26FD),
        (0x2705, 0x2705),
        (0x270A, 0x270B),
        (0x2728, 0x2728),
        (0x274C, 0x274C),
        (0x274E, 0x274E),
        (0x2753, 0x2755),
        (0x2757, 0x2757),
        (0x2795, 0x2797),
        (0x27B0, 0x27B0),
        (0x27BF, 0x27BF),
        (0x2B1B, 0x2B1C),
        (0x2B50, 0x2B50),
        (0x2B55, 0x2B55),
    )
    for code in range(first, last + 1)
)
"""The emoji below U+1F000 shown as pictures by default (Unicode's Emoji_Presentation): ⚽, ⭐,
⌚. Symbols such as ★, ♥ or ☀ print as text and stay allowed in a clue in words."""


def is_emoji(char: str) -> bool:
    """True if ``char`` is an emoji, which prints only as a picture: one of the emoji blocks
    from U+1F000 (🦔, the halves of a flag, skin tones), a tag of a subdivision flag, or a
    symbol below them that is shown as a picture by default (⚽, ⭐).

    >>> is_emoji("🦔"), is_emoji("⚽"), is_emoji("★"), is_emoji("A")
    (True, True, False, False)
    """
    return 0x1F000 <= ord(char) <= 0x1FAFF or _is_modifier(char) or char in _EMOJI_IN_TEXT


def _is_emoji_char(char: str) -> bool:
    # The emoji blocks count whole: emoji newer than this Python's Unicode tables (🫎, 🪿)
    # are unassigned to it.
    return (
        unicodedata.category(char) == "So" or 0x1F000 <= ord(char) <= 0x1FAFF or _is_modifier(char)
    )


def _is_modifier(char: str) -> bool:
    """Skin tones and the tag letters of subdivision flags."""
    return 0x1F3FB <= ord(char) <= 0x1F3FF or 0xE0020 <= ord(char) <= 0xE007F


def listed(word: Word, *, answers: bool = False, pictures: bool = False) -> str:
    """The word list's line for ``word``: its clue, or the word; on an answer key both. A
    teacher's own picture is 🖼️ in a text, its data URL where a page draws it (``pictures``).

    >>> listed(Word("Igel", "IGEL", "Ein Tier mit Stacheln"), answers=True)
    'Igel – Ein Tier mit Stacheln'
    """
    if word.clue is None:
        return word.entry
    picture, count = letter_count(word.clue)
    clue = word.clue
    if is_own_picture(picture) and not pictures:
        clue = OWN_PICTURE_TEXT if count is None else f"{OWN_PICTURE_TEXT} ({count})"
    return f"{word.entry} – {clue}" if answers else clue


OWN_PICTURE_TEXT = "🖼️"
"""A teacher's own picture where a list is text (the terminal, a text file)."""


def listed_as_text(word: Word, *, answers: bool = False) -> str:
    """The word list's line for ``word`` where a list is text (the terminal, a text file): as
    :func:`listed`, but one of wortsuche's own pictures is 🖼️ on a sheet, since its name
    (``x-table``) would give the word away; the key names it.

    >>> listed_as_text(Word("Tisch", "TISCH", "x-table")), listed_as_text(Word("Tisch", "TISCH", "x-table (5)"))
    ('🖼️', '🖼️ (5)')
    >>> listed_as_text(Word("Tisch", "TISCH", "x-table"), answers=True)
    'Tisch – x-table'
    """
    picture, count = letter_count(word.clue or "")
    if answers or not is_named_picture(picture):
        return listed(word, answers=answers)
    return OWN_PICTURE_TEXT if count is None else f"{OWN_PICTURE_TEXT} ({count})"


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
