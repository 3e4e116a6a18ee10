"""A word list of pictures: each emoji clue drawn as a picture at least 12 mm wide, the list
in a box below the grid, on the answer key each picture with its word beneath.

A list with any picture clue is set as pictures; a clue in words in the same list takes a
picture's place as text. Lengths are in points, as in :mod:`wortsuche.render.layout`.

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
from wortsuche.words.clues import is_picture
from wortsuche.words.pictures import picture_path

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
        """The PNG file of the picture."""
        return picture_path(self.emoji)


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


def has_pictures(puzzle: Puzzle) -> bool:
    """True if any listed word has a picture for its clue."""
    return any(is_picture(word.clue) for word in puzzle.words)


def sorted_by_clue(words: Sequence[Word]) -> list[Word]:
    """The words in a stable order for a picture list: by their word, ignoring accents."""

    def key(word: Word) -> str:
        plain = unicodedata.normalize("NFD", word.entry)
        return "".join(ch for ch in plain if not unicodedata.combining(ch)).casefold()

    return sorted(words, key=key)


@dataclass(frozen=True)
class PictureList:
    """Pictures in rows inside a box: ``columns`` a row, each ``size`` points a side."""

    words: tuple[Word, ...]
    size: float
    columns: int
    answers: bool

    @property
    def gap(self) -> float:
        """Space between two pictures, and around them inside the box."""
        return self.size * 0.35

    @property
    def label_size(self) -> float:
        """The size of a word under its picture on the answer key."""
        return max(9.0, self.size * 0.24)

    @property
    def row_height(self) -> float:
        """A picture and, on the key, the line with its word."""
        return self.size + (self.label_size * 1.5 if self.answers else 0.0)

    @property
    def rows(self) -> int:
        """Rows of pictures."""
        return math.ceil(len(self.words) / self.columns)

    @property
    def width(self) -> float:
        """The box's width."""
        return self.columns * self.size + (self.columns + 1) * self.gap

    @property
    def height(self) -> float:
        """The box's height."""
        return self.rows * self.row_height + (self.rows + 1) * self.gap

    def place(self, centre_x: float, top: float) -> tuple[Frame, list[Picture], list[Label]]:
        """The box centred on ``centre_x`` from ``top``, its pictures and its lines of text."""
        frame = Frame(centre_x - self.width / 2, top, self.width, self.height)
        pictures: list[Picture] = []
        labels: list[Label] = []
        for i, word in enumerate(self.words):
            row, col = divmod(i, self.columns)
            x = frame.x + self.gap + col * (self.size + self.gap)
            y = frame.y + self.gap + row * (self.row_height + self.gap)
            middle = x + self.size / 2
            if is_picture(word.clue) and word.clue is not None:
                pictures.append(Picture(word.clue, x, y, self.size))
            else:  # a clue in words (or none) stands where a picture would
                text = word.clue or word.entry
                size = min(self.label_size, self.size / max(text_width(text, 1), 1e-9))
                labels.append(Label(text, middle, y + self.size / 2 + size / 3, size))
            if self.answers:
                size = min(self.label_size, self.size * 1.3 / max(text_width(word.entry, 1), 1e-9))
                labels.append(
                    Label(word.entry, middle, y + self.size + self.label_size * 1.2, size)
                )
        return frame, pictures, labels


def picture_list(
    words: Sequence[Word],
    *,
    width: float,
    answers: bool,
    large_print: bool = False,
    room: float | None = None,
) -> PictureList:
    """The pictures as large as the style asks and as fit in ``width``, smaller (never under
    12 mm) while the box is higher than ``room``."""
    ordered = tuple(sorted_by_clue(words))
    size = LARGE_SIZE if large_print else SIZE
    while True:
        columns = _columns(len(ordered), size, width)
        pictures = PictureList(ordered, size, columns, answers)
        if room is None or pictures.height <= room or size <= MIN_SIZE:
            return pictures
        size = max(MIN_SIZE, size - MM)


def _columns(count: int, size: float, width: float) -> int:
    """As many pictures a row as fit, then as few as keep the rows as full."""
    gap = size * 0.35
    most = max(1, min(count, int((width - gap) // (size + gap))))
    rows = math.ceil(count / most)
    return math.ceil(count / rows)
