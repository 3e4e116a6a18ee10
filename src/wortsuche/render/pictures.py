"""A word list of pictures: each emoji clue drawn as a picture at least 12 mm wide, the list
in a box below the grid, on the answer key each picture with its word beneath.

A list with any picture clue is set as pictures; the clues in words in the same list (and
words without a clue) follow the pictures in the box as lines of text at the word list's size,
so that they stay as easy to read as on a list without pictures. Lengths are in points, as in
:mod:`wortsuche.render.layout`.

>>> from wortsuche.model import Word
>>> pictures = picture_list([Word("Igel", "IGEL", "🦔")] * 5, width=400, answers=False)
>>> pictures.columns, pictures.size >= MIN_SIZE
(5, True)
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wortsuche.model import Puzzle, Word
from wortsuche.render.metrics import text_width
from wortsuche.words.clues import is_picture, listed
from wortsuche.words.pictures import letter_count, picture_bytes, picture_path

MM = 72 / 25.4
"""Points in a millimetre."""

SIZE = 15 * MM
"""A picture's side on a sheet: big enough for a six-year-old to name it."""

LARGE_SIZE = 20 * MM
"""A picture's side in large print."""

MIN_SIZE = 12 * MM
"""The smallest a picture gets when the list must make room for the grid."""


@dataclass(frozen=True)
class Picture:
    """One emoji drawn as a square picture: its top-left corner and side."""

    emoji: str
    x: float
    y: float
    size: float

    @property
    def path(self) -> Path:
        """The PNG file of the picture (an emoji's; a teacher's own picture has no file)."""
        return picture_path(self.emoji)

    @property
    def data(self) -> bytes:
        """The PNG of the picture: an emoji's, or a teacher's own."""
        return picture_bytes(self.emoji)


@dataclass(frozen=True)
class Frame:
    """The rounded box around a picture list."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Label:
    """A line of text under or in place of a picture (kept apart from layout's Text to avoid
    a cycle; layout turns each into a Text)."""

    text: str
    x: float
    y: float
    size: float
    anchor: str = "middle"


def has_pictures(puzzle: Puzzle) -> bool:
    """True if any listed word has a picture for its clue."""
    return any(is_picture(word.clue) for word in puzzle.words)


def sorted_by_clue(words: Sequence[Word]) -> list[Word]:
    """The words in a stable order for a picture list: by their word, ignoring accents."""

    def key(word: Word) -> str:
        plain = unicodedata.normalize("NFD", word.entry)
        return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold()

    return sorted(words, key=key)


TEXT_SIZE = 12.0
"""The size of a clue in words beside pictures: the word list's size in normal print."""


@dataclass(frozen=True)
class PictureList:
    """Pictures in rows inside a box: ``columns`` a row, each ``size`` points a side; below
    them the clues in words, at ``text_size``, in lines no wider than ``width_limit``."""

    words: tuple[Word, ...]
    size: float
    columns: int
    answers: bool
    width_limit: float
    """The width the box may take (the page's inside its margins)."""
    text_size: float = TEXT_SIZE

    @property
    def pictured(self) -> tuple[Word, ...]:
        """The words whose clue is a picture, in the list's order."""
        return tuple(word for word in self.words if is_picture(word.clue))

    @property
    def worded(self) -> tuple[Word, ...]:
        """The words with a clue in words or none, in the list's order."""
        return tuple(word for word in self.words if not is_picture(word.clue))

    @property
    def gap(self) -> float:
        """Space between two pictures, and around them inside the box."""
        return self.size * 0.35

    @property
    def label_size(self) -> float:
        """The size of a word under its picture on the answer key."""
        return max(9.0, self.size * 0.24)

    @property
    def labelled(self) -> bool:
        """True if a line goes under each picture: its word on the key, its letter count."""
        return self.answers or any(letter_count(w.clue or "")[1] for w in self.pictured)

    @property
    def row_height(self) -> float:
        """A picture and, on the key or with letter counts, the line under it."""
        return self.size + (self.label_size * 1.5 if self.labelled else 0.0)

    @property
    def rows(self) -> int:
        """Rows of pictures."""
        return math.ceil(len(self.pictured) / self.columns)

    @property
    def clue_lines(self) -> ClueLines:
        """The clues in words, set below the pictures."""
        entries = [listed(word, answers=self.answers) for word in self.worded]
        return clue_lines(entries, self.text_size, self.width_limit - 2 * self.gap)

    @property
    def width(self) -> float:
        """The box's width: the pictures' rows or the clues' lines, whichever is wider."""
        pictures = self.columns * self.size + (self.columns - 1) * self.gap
        return max(pictures, self.clue_lines.width) + 2 * self.gap

    @property
    def height(self) -> float:
        """The box's height."""
        pictures = self.rows * self.row_height + (self.rows + 1) * self.gap
        lines = self.clue_lines
        return pictures + (lines.height + self.gap if lines.lines else 0.0)

    def place(self, centre_x: float, top: float) -> tuple[Frame, list[Picture], list[Label]]:
        """The box centred on ``centre_x`` from ``top``, its pictures and its lines of text."""
        frame = Frame(centre_x - self.width / 2, top, self.width, self.height)
        pictures: list[Picture] = []
        labels: list[Label] = []
        row_width = self.columns * self.size + (self.columns - 1) * self.gap
        left = centre_x - row_width / 2
        for i, word in enumerate(self.pictured):
            row, col = divmod(i, self.columns)
            x = left + col * (self.size + self.gap)
            y = frame.y + self.gap + row * (self.row_height + self.gap)
            assert word.clue is not None
            pictures.append(Picture(word.clue, x, y, self.size))
            _, count = letter_count(word.clue)
            said = " ".join(
                part
                for part in (word.entry if self.answers else "", f"({count})" if count else "")
                if part
            )
            if said:
                size = min(self.label_size, self.size * 1.3 / max(text_width(said, 1), 1e-9))
                labels.append(
                    Label(said, x + self.size / 2, y + self.size + self.label_size * 1.2, size)
                )
        below = frame.y + self.gap + self.rows * (self.row_height + self.gap)
        labels.extend(self.clue_lines.place(centre_x, below))
        return frame, pictures, labels


@dataclass(frozen=True)
class ClueLines:
    """Clues in words in columns (filled top to bottom), a clue wider than the room broken at
    its spaces onto lines of its own, the lines after its first indented."""

    lines: tuple[str, ...]
    size: float
    columns: int
    column_width: float
    continued: frozenset[int] = frozenset()
    """The lines that carry on a clue (by their index), indented by :attr:`indent`."""

    @property
    def indent(self) -> float:
        """How far a line that carries on a clue is indented."""
        return self.size

    @property
    def line_height(self) -> float:
        """Distance between two baselines."""
        return self.size * 1.5

    @property
    def per_column(self) -> int:
        """Lines in a column."""
        return math.ceil(len(self.lines) / self.columns) if self.lines else 0

    @property
    def gap(self) -> float:
        """Space between two columns."""
        return self.size * 2

    @property
    def width(self) -> float:
        """The width of the block of lines."""
        if not self.lines:
            return 0.0
        return self.columns * self.column_width + (self.columns - 1) * self.gap

    @property
    def height(self) -> float:
        """The height of the block of lines."""
        return self.per_column * self.line_height

    def place(self, centre_x: float, top: float) -> list[Label]:
        """The lines in a block centred on ``centre_x`` from ``top``."""
        left = centre_x - self.width / 2
        placed = []
        for i, line in enumerate(self.lines):
            col, row = divmod(i, self.per_column)
            x = left + col * (self.column_width + self.gap)
            if i in self.continued:
                x += self.indent
            y = top + row * self.line_height + self.size
            placed.append(Label(line, x, y, self.size, anchor="start"))
        return placed


def clue_lines(entries: Sequence[str], size: float, width: float) -> ClueLines:
    """``entries`` at ``size`` in as many columns as fit in ``width`` (at most four); an entry
    wider than ``width`` on several lines, in one column.

    >>> clue_lines(["Ein Tier mit Stacheln", "Er bellt"], 12, 400).columns
    2
    >>> clue_lines(["Ein Tier mit Stacheln"], 12, 70).lines
    ('Ein Tier mit', 'Stacheln')
    """
    lines: list[str] = []
    continued: set[int] = set()
    for entry in entries:
        first, *rest = wrapped(entry, size, width, indent=size)
        lines.append(first)
        continued.update(range(len(lines), len(lines) + len(rest)))
        lines.extend(rest)
    widest = max(
        (
            text_width(line, size) + (size if i in continued else 0.0)
            for i, line in enumerate(lines)
        ),
        default=0.0,
    )
    columns = 1
    if not continued:  # no clue broken: side by side if they fit
        most = max(1, min(4, len(lines), int((width + size * 2) // (widest + size * 2))))
        columns = math.ceil(len(lines) / math.ceil(len(lines) / most)) if lines else 1
    return ClueLines(tuple(lines), size, columns, widest, frozenset(continued))


def wrapped(text: str, size: float, width: float, *, indent: float = 0.0) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` at ``size``, the lines
    after the first ``indent`` narrower (a single word wider than that stays whole)."""
    lines: list[str] = []
    for word in text.split():
        room = width - (indent if len(lines) > 1 else 0.0)  # lines[-1] carries on the text
        if lines and text_width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [text]


def picture_list(
    words: Sequence[Word],
    *,
    width: float,
    answers: bool,
    large_print: bool = False,
    room: float | None = None,
    text_size: float = TEXT_SIZE,
) -> PictureList:
    """The pictures as large as the style asks and as fit in ``width``, smaller (never under
    12 mm) while the box is higher than ``room``; the clues in words at ``text_size``."""
    ordered = tuple(sorted_by_clue(words))
    count = sum(1 for word in ordered if is_picture(word.clue))
    size = LARGE_SIZE if large_print else SIZE
    while True:
        columns = _columns(count, size, width)
        pictures = PictureList(ordered, size, columns, answers, width, text_size)
        if room is None or pictures.height <= room or size <= MIN_SIZE:
            return pictures
        size = max(MIN_SIZE, size - MM)


def _columns(count: int, size: float, width: float) -> int:
    """As many pictures a row as fit, then as few as keep the rows as full."""
    gap = size * 0.35
    most = max(1, min(count, int((width - gap) // (size + gap))))
    rows = math.ceil(count / most)
    return math.ceil(count / rows)
