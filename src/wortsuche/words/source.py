"""Reading word input: the competition format with a size header, or a plain word list.

Text in, data out; reading files and decoding bytes is the command line's job
(``wortsuche.cli.reading.read_text``).

The competition format has the size on line 1 (rows first: ``40 32`` is 40 rows by
32 columns), the number of words on line 2 and then one word per line. A plain word
list has one or more entries per line, separated by spaces, commas, semicolons or tabs;
an entry in double quotes (``"Ice cream"``) is kept whole, and with ``phrases`` every
line is one entry. A line ``IGEL = Ein Tier mit Stacheln`` is one entry with its clue
(:mod:`wortsuche.words.clues`). Blank lines and lines starting with ``#`` are ignored in both. A file
is read as the competition format when its first line holds a number, or when it has two
parts and the second line is a number.

>>> source = parse_words("5 5\\n4\\nVOR\\nRAD\\nEVA\\nTORF\\n", name="worte0.txt")
>>> source.size, source.entries, source.lines
((5, 5), ('VOR', 'RAD', 'EVA', 'TORF'), (3, 4, 5, 6))
>>> source = parse_words('Hund Katze\\n# fruit\\n"Ice cream", T-Shirt', name="list.txt")
>>> source.entries, source.lines
(('Hund', 'Katze', 'Ice cream', 'T-Shirt'), (1, 1, 3, 3))
>>> parse_words('Ice cream\\n"Hot dog"', name="list.txt", phrases=True).entries
('Ice cream', 'Hot dog')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from wortsuche.errors import InputError
from wortsuche.limits import MAX_SIDE
from wortsuche.model import Word
from wortsuche.notes import Note
from wortsuche.words.clues import has_clue, split_clue
from wortsuche.words.normalise import normalise_words
from wortsuche.words.pictures import names_picture_file, own_picture

COMPETITION = "competition"
"""The competition format: size, word count, words."""

WORD_LIST = "list"
"""A plain list of entries, one per line."""

STANDARD_INPUT = Note("standard input", key="source.standard-input")
"""The name of words read from standard input, in every language."""

COMMAND_LINE = Note("the command line", key="source.command-line")
"""The name of words given as arguments, in every language."""

_WHOLE_NUMBER = re.compile(r"[+-]?\d+")


@dataclass(frozen=True)
class WordSource:
    """Entries as written, with the line each came from and, for the competition format, the size."""

    name: str
    """Where the entries came from (a file name or ``standard input``), for messages."""
    entries: tuple[str, ...]
    lines: tuple[int, ...] | None
    """The line number (from 1) of each entry; None for entries not read from lines."""
    size: tuple[int, int] | None = None
    """``(rows, cols)`` from the competition header, else None."""
    format: str = WORD_LIST
    notes: tuple[str, ...] = ()
    """What reading did that the user should know (lines split into several entries)."""
    title: str = ""
    """The title the list gives itself on its first line (``# Tiere``), else empty."""
    kept: tuple[tuple[int, str], ...] = ()
    """The lines with spaces kept one entry (a list of one entry a line): number and entry."""
    split: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """The lines split into several entries: number and entries."""
    folder: Path | None = None
    """The word file's folder, from which a clue naming a picture file (igel.png) is read;
    None where the words come from no file (such a clue is then a text)."""
    headings: tuple[tuple[int, str], ...] = ()
    """The ``# Title`` lines that may start a puzzle (:func:`heading_lines`): number and title."""

    def sections(self) -> tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[str, ...]]:
        """The list's puzzles under its headings, ``(title, entries)`` each, and the entries
        above the first of them. A heading with no entries under it is a comment; a list with
        fewer than two headings that have entries has no sections (all its entries are above)."""
        numbers = self.lines or ()
        if not self.headings or len(numbers) != len(self.entries):
            return (), self.entries
        starts = [number for number, _ in self.headings]
        groups: list[list[str]] = [[] for _ in range(len(starts) + 1)]
        for entry, number in zip(self.entries, numbers, strict=True):
            groups[sum(start < number for start in starts)].append(entry)
        found = tuple(
            (title, tuple(group))
            for (_, title), group in zip(self.headings, groups[1:], strict=True)
            if group
        )
        if len(found) < 2:
            return (), self.entries
        return found, tuple(groups[0])

    def words(
        self, *, transliterate: bool = False, eszett: str = "keep"
    ) -> tuple[tuple[Word, ...], tuple[str, ...]]:
        """The normalised words (duplicates removed) and warnings naming this source."""
        try:
            entries, clues = self.entries_and_clues()
            words, warnings = normalise_words(
                entries,
                transliterate=transliterate,
                eszett=eszett,
                lines=self.lines,
                clues=clues if any(clue is not None for clue in clues) else None,
            )
        except InputError as error:
            raise InputError(
                f"{self.name}: {error}",
                key="error.in-source" if error.key else None,
                values={"name": self.name, "error": error},
            ) from None
        return words, self.notes + tuple(
            Note(
                f"{self.name}: {warning}",
                key="note.in-source",
                values={"name": self.name, "note": warning},
            )
            for warning in warnings
        )

    def entries_and_clues(self) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
        """The entries without their clues, and each entry's clue (None for a plain word)."""
        lines = self.lines or [None] * len(self.entries)
        split = [split_clue(entry, line) for entry, line in zip(self.entries, lines, strict=True)]
        clues = [self._picture(clue, line) for (_, clue), line in zip(split, lines, strict=True)]
        return tuple(_unquoted(word) for word, _ in split), tuple(clues)

    def _picture(self, clue: str | None, line: int | None) -> str | None:
        """``clue``, or the picture it names (``igel.png``) read from the word file's folder."""
        if clue is None or self.folder is None or not names_picture_file(clue):
            return clue
        return own_picture(self.folder, clue, line=line)


def parse_words(
    text: str, *, name: str, phrases: bool = False, whole: bool | None = None
) -> WordSource:
    """Read entries from ``text`` in the competition format or as a plain word list (a line
    split into several entries unless ``phrases``). ``whole`` says whether a line with spaces
    is one entry (as several lists read alike decided, :func:`lines_are_entries`); None: as
    this list's lines say."""
    lines = text.removeprefix("\ufeff").splitlines()
    if not any(line.strip() for line in lines):
        raise InputError(f"{name} is empty", key="error.empty-input", values={"name": name})
    if is_competition_format(lines):
        return _parse_competition(lines, name)
    title = heading_title(lines)
    headings = heading_lines(lines)
    entries, numbers = _content_lines(lines, first=1)
    if not entries:
        raise InputError(
            f"{name} has no words (only blank lines and # comments)",
            key="error.only-comments",
            values={"name": name},
        )
    entries, unnumbered = _without_numbering(entries)
    notes: tuple[str, ...] = (_numbering_note(name, unnumbered),) if unnumbered else ()
    if phrases:
        return WordSource(
            name,
            tuple(map(_unquoted, entries)),
            numbers,
            None,
            WORD_LIST,
            notes,
            title,
            headings=headings,
        )
    listed = WordSource(name, entries, numbers, None, WORD_LIST, notes, title, headings=headings)
    return _read_lines(listed, _one_entry_a_line(entries) if whole is None else whole)


def _read_lines(listed: WordSource, whole: bool) -> WordSource:
    """A plain list's lines read as entries: each line one entry if ``whole``, else split at
    spaces, commas and semicolons; a line with a clue is one entry either way (the clue's
    spaces and commas are part of it)."""
    name, entries, numbers = listed.name, listed.entries, listed.lines or ()
    split = [
        (number, (entry,) if has_clue(entry) or whole else split_entries(entry))
        for entry, number in zip(entries, numbers, strict=True)
    ]
    kept: list[tuple[int, str]] = []
    notes = listed.notes
    if whole:
        spaced = [(number, entry) for entry, number in zip(entries, numbers, strict=True)]
        kept = [(n, e) for n, e in spaced if len(e.split()) > 1]
        notes += _kept_notes(name, kept)
    parted = [(number, parts) for number, parts in split if len(parts) > 1]
    return replace(
        listed,
        entries=tuple(part for _, parts in split for part in parts),
        lines=tuple(number for number, parts in split for _ in parts),
        notes=notes + _split_notes(name, parted),
        kept=tuple(kept),
        split=tuple(parted),
    )


def lines_are_entries(texts: Sequence[str]) -> bool:
    """Whether the plain lists among ``texts`` are read one entry a line, decided for all of
    them at once from all their lines (as :func:`parse_words` decides for one), so that the
    lists of one book are read alike: ``hula hoop`` is one entry in each or split in each."""
    entries: list[str] = []
    for text in texts:
        lines = text.removeprefix("\ufeff").splitlines()
        if not any(line.strip() for line in lines) or is_competition_format(lines):
            continue
        content, _ = _content_lines(lines, first=1)
        entries += _without_numbering(content)[0]
    return _one_entry_a_line(entries)


READING_NOTES = ("note.kept-line", "note.split-line")
"""The notes on how one list's lines were read, said for all lists by :func:`reading_note`."""


def reading_note(sources: Sequence[WordSource], whole: bool) -> Note | None:
    """One note for several lists read alike: how their lines were read, with the first line
    it changed and how many more (None if it changed none)."""
    if whole:
        kept = [(source.name, number, entry) for source in sources for number, entry in source.kept]
        if not kept:
            return None
        name, number, entry = kept[0]
        also = _more_lines(len(kept) - 1)
        return Note(
            f"the word lists are read one entry a line: {entry!r} ({name}, line {number}) is one "
            f"entry{also}; commas between words split a line",
            key="note.lists-kept-lines",
            values={"name": name, "number": number, "entry": entry, "also": also},
        )
    split = [(source.name, number, parts) for source in sources for number, parts in source.split]
    if not split:
        return None
    name, number, parts = split[0]
    also = _more_lines(len(split) - 1)
    shown = first_entries(parts)
    return Note(
        f"the word lists' lines are split into words: {name}, line {number} into {len(parts)} "
        f'word{"" if len(parts) == 1 else "s"} ({shown}){also}; "quotes" or --phrases keep '
        "a line whole",
        key="note.lists-split-lines",
        values={"name": name, "number": number, "shown": shown, "also": also},
        number=len(parts),
    )


def heading_title(lines: Sequence[str]) -> str:
    """The title a word list gives itself on its first line: ``# Tiere`` → ``Tiere``.

    >>> heading_title(["", "# Tiere im  Wald", "Fuchs"])
    'Tiere im Wald'
    """
    first = next((line.strip() for line in lines if line.strip()), "")
    if first.startswith("#") and not first.startswith("#!"):
        return " ".join(first.lstrip("#").split())
    return ""


def heading_lines(lines: Sequence[str]) -> tuple[tuple[int, str], ...]:
    """The lines that start a puzzle of their own, with their numbers (from 1): ``# `` and a
    title at the start of a line that opens the file or follows a blank line. Any other line
    starting with ``#`` is a comment (``#Tiere``, ``## Tiere``, ``# note`` right under a word).

    >>> heading_lines(["# Tiere", "Fuchs", "# alle", "Igel", "", "# Obst", "Apfel"])
    ((1, 'Tiere'), (6, 'Obst'))
    """
    found = []
    before = ""
    for number, line in enumerate(lines, start=1):
        title = " ".join(line[2:].split())
        if line[:2] in ("# ", "#\t") and title and not before.strip():
            found.append((number, title))
        before = line
    return tuple(found)


_NUMBERING = re.compile(r"(?:\d{1,3}(?:\.\)|[.)])|[-–•*·])\s+(?=\S)")
"""A list's numbering or bullet before an entry: ``1. ``, ``12) ``, ``1.) ``, ``- ``, ``• ``."""
_BULLET = re.compile(r"[-–•*·]\s+(?=\S)")
"""A bullet before an entry, taken off even where not every line has one."""


def _without_numbering(entries: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The entries without a list's numbering or bullets, if every entry has them (as a word
    processor's numbered list does), and the numbering taken off."""
    found = [_NUMBERING.match(entry) for entry in entries]
    if not all(found):  # a bullet on some lines only is still no part of a word
        found = [_BULLET.match(entry) for entry in entries]
        if not any(found):
            return tuple(entries), ()
        marks = tuple(match.group().strip() for match in found if match)
        return tuple(
            entry[m.end() :] if m else entry for entry, m in zip(entries, found, strict=True)
        ), marks
    marks = tuple(match.group().strip() for match in found if match)
    return tuple(
        entry[match.end() :] for entry, match in zip(entries, found, strict=True) if match
    ), marks


def _numbering_note(name: str, marks: Sequence[str]) -> Note:
    shown = first_entries(marks)
    return Note(
        f"{name}: the list's numbering ({shown}) is not part of the words",
        key="note.numbering",
        values={"name": name, "shown": shown},
    )


PHRASE_WORDS = 2
"""A line of a list of one entry a line is one entry if it has at most this many words."""


def _one_entry_a_line(entries: Sequence[str]) -> bool:
    """Whether the lines are each one entry, so that a line of a few words is a phrase: more
    than half the lines are one word, none has more than :data:`PHRASE_WORDS`, and none
    separates entries with commas, semicolons, tabs or quotes."""
    if len(entries) < 3 or any(mark in e for e in entries for mark in ',;\t"„“”'):
        return False
    lengths = [len(entry.split()) for entry in entries]
    return max(lengths) <= PHRASE_WORDS and 2 * lengths.count(1) > len(entries)


def _kept_notes(name: str, kept: list[tuple[int, str]]) -> tuple[str, ...]:
    """One line saying which line with spaces was kept one entry (and how many more were)."""
    if not kept:
        return ()
    number, entry = kept[0]
    more = len(kept) - 1
    also = _more_lines(more)
    return (
        Note(
            f"{name}, line {number}: {entry!r} is one entry, as each line of the list is"
            f"{also}; commas between words split a line",
            key="note.kept-line",
            values={"name": name, "number": number, "entry": entry, "also": also},
        ),
    )


_ENTRY = re.compile(r'"([^"]*)"|„([^“”"]*)[“”"]|“([^”"]*)[”"]|([^\s,;"„“”]+)')
"""An entry of a line: in double quotes (straight, „German“ or “English”), else a run of
characters up to a space, comma, semicolon or tab."""


def split_entries(line: str) -> tuple[str, ...]:
    """The entries of one line of a plain list: separated by spaces, commas, semicolons or
    tabs, an entry in double quotes kept whole.

    >>> split_entries('Hund, Katze;Maus  "Ice cream"')
    ('Hund', 'Katze', 'Maus', 'Ice cream')
    """
    parts = ("".join(match.groups("")).strip() for match in _ENTRY.finditer(line))
    return tuple(part for part in parts if part)


def _unquoted(entry: str) -> str:
    """An entry without the double quotes around it, if it has them."""
    quoted = _ENTRY.fullmatch(entry)
    return "".join(quoted.groups("")).strip() or entry if quoted else entry


def first_entries(parts: Sequence[str]) -> str:
    """The first three of ``parts``, and "…" if there are more: what a note on a split shows."""
    return ", ".join(parts[:3]) + (", …" if len(parts) > 3 else "")


def _more_lines(more: int) -> str:
    """ ", 2 more lines likewise" after a note on one line, or nothing if there are no more."""
    if not more:
        return ""
    return Note(
        f", {more} more line{'s' if more != 1 else ''} likewise", key="note.split-more", number=more
    )


def _split_notes(name: str, split: list[tuple[int, tuple[str, ...]]]) -> tuple[str, ...]:
    """One line saying which line was split into several words (and how many more were)."""
    if not split:
        return ()
    number, parts = split[0]
    shown = first_entries(parts)
    more = len(split) - 1
    also = _more_lines(more)
    return (
        Note(
            f"{name}, line {number}: split into {len(parts)} words ({shown}){also}; "
            '"quotes" or --phrases keep a line whole',
            key="note.split-line",
            values={"name": name, "number": number, "shown": shown, "also": also},
            number=len(parts),
        ),
    )


def is_competition_format(lines: Sequence[str]) -> bool:
    """True if the first line is a size header (``rows cols``) rather than a word."""
    if not lines:
        return False
    parts = lines[0].split()
    second = lines[1].strip() if len(lines) > 1 else ""
    if _WHOLE_NUMBER.fullmatch(second) and (
        1 <= len(parts) <= 2 or any(char.isdigit() for char in lines[0])
    ):
        return True
    numbers = [part for part in parts if _WHOLE_NUMBER.fullmatch(part)]
    return (len(parts) == 2 and bool(numbers)) or (len(parts) == 1 and len(numbers) == 1)


def parse_size(text: str, *, what: str = "size") -> tuple[int, int]:
    """Read ``ROWSxCOLS`` (or ``ROWS COLS``, or one number for a square) and check its bounds.

    ``what`` starts every error message, for example ``--size`` or ``words.txt, line 1: size``.

    >>> parse_size("40x32"), parse_size("15")
    ((40, 32), (15, 15))
    """
    shown = _quoted(what, text.strip())
    parts = re.split(r"\s*[x×X*]\s*|\s+", text.strip())
    if len(parts) == 1 and parts[0]:
        parts = parts * 2
    if len(parts) != 2 or not all(parts):
        raise InputError(
            f"{shown} is not ROWSxCOLS, for example 15x15",
            key="error.size-form",
            values={"shown": shown},
        )
    return _side(parts[0], "rows", shown), _side(parts[1], "columns", shown)


def _quoted(what: str, text: str) -> Note:
    """``what`` followed by ``text`` (shortened) in quotes: ``--size '0'``."""
    short = _short(text)
    return Note(f"{what} {short!r}", key="source.quoted", values={"what": what, "text": short})


def _side(text: str, side: str, shown: Note) -> int:
    name = Note(f"{shown}: {side}", key=f"source.size-{side}", values={"shown": shown})
    if not _WHOLE_NUMBER.fullmatch(text):
        raise InputError(
            f"{name} {_short(text)!r} is not a whole number",
            key="error.not-whole",
            values={"name": name, "text": _short(text)},
        )
    value = whole_number(text, name)
    if value < 1:
        raise InputError(
            f"{name} must be at least 1, not {value}",
            key="error.at-least-1",
            values={"name": name, "value": value},
        )
    if value > MAX_SIDE:
        raise InputError(
            f"{name} must be at most {MAX_SIDE}, not {value}",
            key="error.side-most",
            values={"name": name, "most": MAX_SIDE, "value": value},
        )
    return value


def _parse_competition(lines: Sequence[str], name: str) -> WordSource:
    size = parse_size(
        lines[0],
        what=Note(f"{name}, line 1: size", key="source.line-1-size", values={"name": name}),
    )
    count_name = Note(
        f"{name}, line 2: the number of words", key="source.line-2-count", values={"name": name}
    )
    if len(lines) < 2 or not lines[1].strip():
        raise InputError(
            f"{name}, line 2: the number of words is missing after the size",
            key="error.count-missing",
            values={"name": name},
        )
    count_text = lines[1].strip()
    if not _WHOLE_NUMBER.fullmatch(count_text):
        raise InputError(
            f"{name}, line 2: expected the number of words, not {_short(count_text)!r}",
            key="error.count-expected",
            values={"name": name, "text": _short(count_text)},
        )
    count = whole_number(count_text, count_name)
    if count < 1:
        raise InputError(
            f"{count_name} must be at least 1, not {count}",
            key="error.at-least-1",
            values={"name": count_name, "value": count},
        )
    entries, numbers = _content_lines(lines[2:], first=3)
    if len(entries) != count:
        raise InputError(
            f"{name}: line 2 says {count} word{'s' if count != 1 else ''} "
            f"but {len(entries)} word line{'s' if len(entries) != 1 else ''} follow",
            key="error.word-count",
            values={"name": name, "count": count, "found": len(entries)},
        )
    return WordSource(name, entries, numbers, size, COMPETITION)


MAX_DIGITS = 12
"""Digits read in a number; longer numbers are refused (Python refuses more than 4,300 anyway)."""


def whole_number(text: str, what: str) -> int:
    """``int(text)`` for text matching a whole number, refusing one with too many digits.

    >>> whole_number("-007", "rows")
    -7
    """
    digits = text.strip().lstrip("+-").lstrip("0")
    if len(digits) > MAX_DIGITS:
        raise InputError(
            f"{what} is far too large (a number of {len(digits)} digits)",
            key="error.far-too-large",
            values={"name": what, "digits": len(digits)},
        )
    return int(without_leading_zeros(text))


_LEADING_ZEROS = re.compile(r"^(\s*[+-]?)0+(?=\d)")


def without_leading_zeros(text: str) -> str:
    """``text`` without the zeros before a number's first digit, which ``int()`` counts
    against its limit of 4,300 digits (anything else is left as it is).

    >>> without_leading_zeros("-007"), without_leading_zeros("000"), without_leading_zeros("0_5")
    ('-7', '0', '0_5')
    """
    return _LEADING_ZEROS.sub(r"\1", text, count=1)


def _short(text: str, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[:limit] + "…"


def _content_lines(lines: Sequence[str], *, first: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The non-blank, non-comment lines (stripped) and their line numbers."""
    entries: list[str] = []
    numbers: list[int] = []
    for number, line in enumerate(lines, start=first):
        entry = line.strip()
        if entry and not entry.startswith("#"):
            entries.append(entry)
            numbers.append(number)
    return tuple(entries), tuple(numbers)
