"""The vocabulary of wortsuche: directions, words, placements, grids and puzzles.

These are small immutable values; every step of the pipeline
(normalise → place → fill → verify → render) speaks in them.

>>> Direction.SE.step
(1, 1)
>>> Grid.from_rows(["AB", "CD"]).at((1, 0))
'C'
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

Cell = tuple[int, int]
"""A grid position as ``(row, col)``, both counted from 0."""


class Direction(enum.Enum):
    """One of the 8 directions a word can run, named by the compass (north is up)."""

    E = (0, 1)
    S = (1, 0)
    SE = (1, 1)
    NE = (-1, 1)
    W = (0, -1)
    N = (-1, 0)
    NW = (-1, -1)
    SW = (1, -1)

    @property
    def step(self) -> Cell:
        """The ``(row, col)`` change from one letter to the next."""
        dr, dc = self.value
        return dr, dc

    @property
    def arrow(self) -> str:
        """The arrow a person reads this direction as."""
        return _ARROWS[self]

    @property
    def reverse(self) -> Direction:
        """The direction pointing the other way."""
        dr, dc = self.value
        return Direction((-dr, -dc))

    @property
    def is_reversed(self) -> bool:
        """True for the four directions that read against the usual →/↓ order."""
        return self in (Direction.W, Direction.N, Direction.NW, Direction.SW)

    @classmethod
    def between(cls, start: Cell, end: Cell) -> Direction | None:
        """The direction leading from ``start`` straight to ``end``, or None (also for one cell)."""
        dr, dc = end[0] - start[0], end[1] - start[1]
        if (dr, dc) == (0, 0) or (dr and dc and abs(dr) != abs(dc)):
            return None
        return cls(((dr > 0) - (dr < 0), (dc > 0) - (dc < 0)))

    @classmethod
    def parse(cls, name: str) -> Direction:
        """Read a direction from its compass name, arrow or English name."""
        key = name.strip().lower()
        for direction, names in _NAMES.items():
            if key in names:
                return direction
        raise ValueError(f"unknown direction {name!r}")


_ARROWS = {
    Direction.E: "→",
    Direction.S: "↓",
    Direction.SE: "↘",
    Direction.NE: "↗",
    Direction.W: "←",
    Direction.N: "↑",
    Direction.NW: "↖",
    Direction.SW: "↙",
}
_NAMES = {
    Direction.E: {"e", "→", "right", "east"},
    Direction.S: {"s", "↓", "down", "south"},
    Direction.SE: {"se", "↘", "down-right", "southeast"},
    Direction.NE: {"ne", "↗", "up-right", "northeast"},
    Direction.W: {"w", "←", "left", "west"},
    Direction.N: {"n", "↑", "up", "north"},
    Direction.NW: {"nw", "↖", "up-left", "northwest"},
    Direction.SW: {"sw", "↙", "down-left", "southwest"},
}

ALL_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)
"""All 8 directions, forward ones first."""


def line(start: Cell, end: Cell) -> tuple[Cell, ...] | None:
    """The cells from ``start`` to ``end``, both included, if they lie on one of the 8 directions.

    >>> line((0, 0), (2, 2))
    ((0, 0), (1, 1), (2, 2))
    >>> line((0, 0), (1, 2)) is None
    True
    """
    if start == end:
        return (start,)
    direction = Direction.between(start, end)
    if direction is None:
        return None
    (r, c), (dr, dc) = start, direction.step
    length = max(abs(end[0] - r), abs(end[1] - c)) + 1
    return tuple((r + i * dr, c + i * dc) for i in range(length))


@dataclass(frozen=True)
class Word:
    """A word to hide: ``entry`` as the user wrote it, ``letters`` as it stands in the grid.

    ``letters`` is a string with one character per grid cell (upper case, NFC).
    """

    entry: str
    letters: str

    def __len__(self) -> int:
        return len(self.letters)

    @property
    def is_palindrome(self) -> bool:
        """True if the word reads the same backwards."""
        return self.letters == self.letters[::-1]


@dataclass(frozen=True)
class Placement:
    """Where a word stands: its first letter at ``start``, running in ``direction``."""

    letters: str
    start: Cell
    direction: Direction

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells the word covers, first letter first."""
        (r, c), (dr, dc) = self.start, self.direction.step
        return tuple((r + i * dr, c + i * dc) for i in range(len(self.letters)))

    @property
    def end(self) -> Cell:
        """The cell of the last letter."""
        (r, c), (dr, dc) = self.start, self.direction.step
        n = len(self.letters) - 1
        return (r + n * dr, c + n * dc)

    def reversed(self, letters: str | None = None) -> Placement:
        """The same cells read from the other end (as ``letters``, by default the reversed word)."""
        return Placement(letters or self.letters[::-1], self.end, self.direction.reverse)


@dataclass(frozen=True)
class Grid:
    """A rectangle of letters, stored as one string per row."""

    rows: tuple[str, ...]

    @classmethod
    def from_rows(cls, rows: Sequence[str]) -> Grid:
        """Build a grid from equally long row strings."""
        rows = tuple(rows)
        if not rows or not rows[0]:
            raise ValueError("a grid needs at least one row and one column")
        if any(len(row) != len(rows[0]) for row in rows):
            raise ValueError("all grid rows must have the same length")
        return cls(rows)

    @property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0])

    def at(self, cell: Cell) -> str:
        """The letter in ``cell``."""
        return self.rows[cell[0]][cell[1]]

    def __contains__(self, cell: object) -> bool:
        if not (isinstance(cell, tuple) and len(cell) == 2):
            return False
        r, c = cell
        return (
            isinstance(r, int)
            and isinstance(c, int)
            and 0 <= r < self.height
            and 0 <= c < self.width
        )

    def read(self, start: Cell, direction: Direction, length: int) -> str | None:
        """The letters from ``start`` in ``direction``, or None if that leaves the grid."""
        (r, c), (dr, dc) = start, direction.step
        end = (r + (length - 1) * dr, c + (length - 1) * dc)
        if start not in self or end not in self:
            return None
        return "".join(self.rows[r + i * dr][c + i * dc] for i in range(length))

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows)

    def __str__(self) -> str:
        return "\n".join(self.rows)


@dataclass(frozen=True)
class Puzzle:
    """A finished puzzle: the grid, the words and where each word stands.

    ``placements`` maps a word's letters to its placement; it is empty for an
    ``absent`` puzzle, which hides none of its words on purpose.
    """

    grid: Grid
    words: tuple[Word, ...]
    placements: dict[str, Placement]
    level: str
    options: Any  # wortsuche.levels.Options; typed loosely to keep this module dependency-free
    seed: int
    notes: tuple[str, ...] = field(default=())

    @property
    def rows(self) -> int:
        """Number of grid rows."""
        return self.grid.height

    @property
    def cols(self) -> int:
        """Number of grid columns."""
        return self.grid.width

    @property
    def absent(self) -> bool:
        """True if the puzzle hides none of its words on purpose."""
        absent = getattr(self.options, "absent", False)
        return absent is True

    def verify(self) -> Any:
        """Check the puzzle with the one verifier; returns a ``wortsuche.verify.Report``."""
        from wortsuche.verify import verify

        return verify(self.grid, self.words, self.placements, absent=self.absent)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as plain JSON-ready data (see ``wortsuche.puzzle_json``)."""
        from wortsuche.puzzle_json import puzzle_to_dict

        return puzzle_to_dict(self)

    def to_json(self, indent: int | None = 2) -> str:
        """The puzzle in the versioned JSON format read by ``check``, the web app and renderers."""
        from wortsuche.puzzle_json import dumps

        return dumps(self, indent=indent)

    @classmethod
    def from_json(cls, text: str) -> Puzzle:
        """Read a puzzle written by :meth:`to_json`."""
        from wortsuche.puzzle_json import loads

        return loads(text)
