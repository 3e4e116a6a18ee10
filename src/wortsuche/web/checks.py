"""What every part of the web checks of a request before it uses it: ids, texts, languages, sizes,
seeds, titles, secret words and word lists, each refused with a 422 that names its field.

The one home of the web's own limits (:mod:`wortsuche.web.limits`: smaller than the core's, a
server shares its time; a seed survives JavaScript's numbers) and of what only the web checks (a
lone surrogate JSON can spell, the ``lang`` of a request). What an option may be is its
declaration's (:mod:`wortsuche.spec`): the request model takes its kind and range from it, and the
spec checks the rest where the puzzle is made. The puzzles' API and the classroom both read their
requests through these checks, so a word list or a title is refused alike wherever it is typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wortsuche.errors import InputError
from wortsuche.notes import Note
from wortsuche.web import limits
from wortsuche.web.errors import ApiError
from wortsuche.words.clues import has_clue
from wortsuche.words.source import parse_words

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


def refused(field: str, text: str, *, key: str, **values: object) -> ApiError:
    """The 422 that refuses ``field``: ``text`` in English, said in other languages from the
    catalogue entry ``key`` with ``values``."""
    return ApiError(422, Note(text, key=key, values=values), field)


def is_puzzle_id(text: str) -> bool:
    """Whether ``text`` has the shape of a puzzle id (anything else is never looked up)."""
    return ID_PATTERN.fullmatch(text) is not None


def checked_text(text: str, field: str) -> str:
    """``text`` if it can be stored and sent (JSON allows lone surrogates such as ``\\ud800``)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise refused(
            field,
            f"{field}: character {error.start + 1} is not a letter or sign of any script "
            f"(a lone surrogate, {text[error.start]!a})",
            key="api.lone-surrogate",
            position=error.start + 1,
        ) from None
    return text


def checked_language(lang: str, languages: Sequence[str]) -> str:
    """``lang`` if it is one of ``languages``."""
    if lang not in languages:
        listed = ", ".join(languages)
        raise refused("lang", f"lang must be one of {listed}", key="api.lang", languages=listed)
    return lang


def checked_size(rows: int | None, cols: int | None) -> tuple[int | None, int | None]:
    """Rows and columns within the web's limits; both None (auto) if either is None."""
    if rows is None or cols is None:
        return None, None
    most = limits.MAX_SIDE
    for field, value, name in (("rows", rows, "rows"), ("cols", cols, "columns")):
        if not 1 <= value <= most:
            text = f"the number of {name} must be from 1 to {most}, not {value}"
            raise refused(field, text, key=f"api.{field}-range", most=most, value=value)
    return rows, cols


def checked_title(title: str | None) -> str:
    """The title without surrounding blanks, within the length limit."""
    title = checked_text(title or "", "title").strip()
    most = limits.MAX_TITLE_LENGTH
    if len(title) > most:
        text = f"the title is too long (at most {most} characters)"
        raise refused("title", text, key="api.title-too-long", most=most)
    return title


def checked_seed(seed: int | None) -> int | None:
    """``seed`` if it is one the web accepts (None: a fresh one is drawn)."""
    most = limits.MAX_SEED
    if seed is not None and not 0 <= seed <= most:
        text = f"the seed must be a whole number from 0 to {most}"
        raise refused("seed", text, key="api.seed", most=most)
    return seed


def checked_secret(secret: str | list[str] | None) -> list[str]:
    """The secret words as entries (comma, semicolon or line separated), within the limits."""
    if secret is None:
        return []
    texts = [secret] if isinstance(secret, str) else secret
    entries = [
        part.strip()
        for text in texts
        for part in re.split(r"[,;\n]", checked_text(text, "secret"))
        if part.strip()
    ]
    count, most = len(entries), limits.MAX_SECRET_WORDS
    if count > most:
        text = f"too many secret words: {count} (at most {most})"
        raise refused("secret", text, key="api.too-many-secret", count=count, most=most)
    for entry in entries:
        if len(entry) > limits.MAX_WORD_LENGTH:
            start, most = entry[:20], limits.MAX_WORD_LENGTH
            text = f"the secret word {start!r}… is too long"
            raise refused("secret", text, key="api.secret-too-long", start=start, most=most)
    return entries


def split_words(
    words: str | list[str], *, phrases: bool = False
) -> tuple[list[str], tuple[int, int] | None]:
    """The entries of a word list and the size its header gives (competition format), if any
    (:func:`read_words`, without its notes)."""
    entries, size, _ = read_words(words, phrases=phrases)
    return entries, size


def read_words(
    words: str | list[str], *, phrases: bool = False
) -> tuple[list[str], tuple[int, int] | None, tuple[Note, ...]]:
    """The entries of a word list, the size its header gives (competition format), if any,
    and the reader's notes (a line split into several words).

    Text is read by the core's reader (entries separated by spaces, commas, semicolons or
    lines, ``"quoted"`` entries kept whole, ``#`` comments, or the competition format with its
    size header); with ``phrases`` only lines, commas and semicolons separate entries. The
    items of a list are entries, also separated by commas or semicolons.
    """
    size = None
    notes: tuple[Note, ...] = ()
    for text in [words] if isinstance(words, str) else words:
        checked_text(text, "words")
    if isinstance(words, str):
        if not words.strip():
            raise refused("words", "type at least one word", key="api.no-words")
        try:
            source = parse_words(words, name="the word list", phrases=phrases)
        except InputError as error:
            raise words_refused(error) from None
        lines, size = list(source.entries), source.size
        notes = tuple(note for note in source.notes if isinstance(note, Note))
    else:
        lines = list(words)
    # A line with a clue is one entry: its clue may hold commas.
    entries = [
        part.strip()
        for line in lines
        for part in ([line] if has_clue(line) else re.split(r"[,;]", line))
    ]
    entries = [entry for entry in entries if entry]
    if not entries:
        raise refused("words", "type at least one word", key="api.no-words")
    count, most = len(entries), limits.MAX_WORDS
    if count > most:
        text = f"too many words: {count} (at most {most} per puzzle)"
        raise refused("words", text, key="api.too-many-words", count=count, most=most)
    most = limits.MAX_WORD_LENGTH
    for entry in entries:
        if len(entry.partition("=")[0].strip()) > most:
            start, length = entry[:20], len(entry)
            text = f"the word {start!r}… is too long ({length} characters, at most {most})"
            raise refused(
                "words", text, key="api.word-too-long", start=start, length=length, most=most
            )
    return entries, size, notes


def words_refused(error: InputError) -> ApiError:
    """The refusal of words the core cannot use, with the core's reason."""
    return refused("words", f"Please check the list: {error}.", key="api.check-words", error=error)
