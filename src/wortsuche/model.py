"""The vocabulary of wortsuche: directions, words, placements, grids and puzzles.

These are small immutable values; every step of the pipeline
(normalise → place → fill → verify → render) speaks in them. The module is a leaf: it
imports nothing of wortsuche but the errors, so every other module can build on it.

>>> Direction.SE.step
(1, 1)
>>> Grid.from_rows(["AB", "CD"]).at((1, 0))
'C'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from wortsuche.errors import InputError

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

    @property
    def is_diagonal(self) -> bool:
        """True for the four directions that run diagonally (↘ ↗ ↖ ↙)."""
        dr, dc = self.value
        return dr != 0 and dc != 0

    def run(self, start: Cell, length: int) -> tuple[Cell, ...]:
        """The ``length`` cells from ``start`` going this way, ``start`` first."""
        (r, c), (dr, dc) = start, self._value_
        return tuple((r + i * dr, c + i * dc) for i in range(length))

    def offset(self, start: Cell, steps: int) -> Cell:
        """The cell ``steps`` cells from ``start`` going this way."""
        (r, c), (dr, dc) = start, self._value_
        return (r + steps * dr, c + steps * dc)

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
    length = max(abs(end[0] - start[0]), abs(end[1] - start[1])) + 1
    return direction.run(start, length)


@dataclass(frozen=True)
class Word:
    """A word to hide: ``entry`` as the user wrote it, ``letters`` as it stands in the grid.

    ``letters`` is a string with one character per grid cell (upper case, NFC). ``clue``, if
    any, is what the word list shows instead of the word: a text or a picture (one emoji, one of
    wortsuche's own as ``x-table``, or the user's own as a PNG data URL).
    """

    entry: str
    letters: str
    clue: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.entry, str) or not isinstance(self.letters, str):
            raise InputError(
                f"a Word needs text for entry and letters, not {self.entry!r}, {self.letters!r}",
                key="error.word-fields",
                values={"entry": repr(self.entry), "letters": repr(self.letters)},
            )
        if not self.letters:
            raise InputError(
                f"the word {self.entry!r} has no letters",
                key="error.word-letters-empty",
                values={"word": self.entry},
            )
        for char in self.letters:
            if not char.isalpha():  # digits, blanks, marks and lone surrogates are no cells
                raise InputError(
                    f"Word letters must be letters, one per cell: {self.letters!r} "
                    f"contains {char!r}",
                    key="error.word-letters",
                    values={"letters": self.letters, "char": char},
                )

    def __len__(self) -> int:
        return len(self.letters)

    @property
    def is_palindrome(self) -> bool:
        """True if the word reads the same backwards."""
        return self.letters == self.letters[::-1]


@dataclass(frozen=True)
class Placement:
    """Where a word stands: its first letter at ``start``, running in ``direction``.

    A placement is a start and a direction; which cells that covers is the grid's to say
    (:meth:`Geometry.cells_of`: on a torus a word may run over an edge). :attr:`cells` and
    :attr:`end` are the straight run from the start, as on every grid whose lines end.

    >>> Placement("ABC", (0, 1), Direction.E).cells
    ((0, 1), (0, 2), (0, 3))
    """

    letters: str
    start: Cell
    direction: Direction

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The straight run of cells from the start, first letter first (on a torus, ask the
        puzzle: :meth:`Puzzle.cells_of`)."""
        return self.direction.run(self.start, len(self.letters))

    @property
    def end(self) -> Cell:
        """The cell of the last letter on the straight run."""
        return self.direction.offset(self.start, len(self.letters) - 1)


class Geometry(Protocol):
    """What the vocabulary needs of a grid's topology (:mod:`wortsuche.grid.topology`): the
    cells a placement covers, and the topology as plain data for the puzzle's JSON."""

    def cells_of(self, placement: Placement) -> tuple[Cell, ...]:
        """The cells ``placement`` covers on this grid, first letter first."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """The topology as plain data (the ``topology`` part of a puzzle's JSON)."""
        ...


def segments(cells: Sequence[Cell]) -> list[tuple[Cell, ...]]:
    """The pieces of a run of cells that stand next to each other in the grid: one piece for a
    word inside the grid, two or more for a word that runs over an edge.

    >>> segments([(0, 3), (0, 0), (0, 1)])
    [((0, 3),), ((0, 0), (0, 1))]
    """
    pieces: list[list[Cell]] = []
    for cell in cells:
        if pieces:
            (r, c) = pieces[-1][-1]
            if max(abs(cell[0] - r), abs(cell[1] - c)) == 1:
                pieces[-1].append(cell)
                continue
        pieces.append([cell])
    return [tuple(piece) for piece in pieces]


HOLE = " "
"""What a hole of a shaped grid holds in the grid's rows: no cell (no word has a blank in it)."""


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
        """The letters from ``start`` in ``direction``, or None if that leaves the grid (for
        the runs of other shapes of grid, see :mod:`wortsuche.grid.topology`)."""
        if start not in self or direction.offset(start, length - 1) not in self:
            return None
        return "".join(self.rows[r][c] for r, c in direction.run(start, length))

    def __iter__(self) -> Iterator[str]:
        return iter(self.rows)

    def __str__(self) -> str:
        return "\n".join(self.rows)


class Crossing(enum.Enum):
    """Whether words may share cells where their letters agree."""

    NEVER = "never"
    ALLOWED = "allowed"
    PREFERRED = "preferred"


class Filler(enum.Enum):
    """Which letters fill the cells no word uses."""

    OTHER = "other"  # letters that begin and end no word, so every first letter is a clue
    UNUSED = (
        "unused"  # letters that occur in no word (the whole alphabet if the words use nearly all)
    )
    ALPHABET = "alphabet"  # the language's alphabet, weighted by letter frequency
    EVEN = "even"  # the language's alphabet, every letter alike, so none gives a word away
    WORDS = "words"  # only letters of the words, evened out so that no letter is rare
    TRAPS = "traps"  # letters of the words, each chosen to continue a piece of a word if it can


class Decoys(enum.Enum):
    """How many fragments and near-misses of the words are planted on purpose."""

    NONE = "none"
    SOME = "some"  # about one per word
    MAX = "max"  # as many as fit


SHEET_LANGUAGES = ("de", "en")
"""The languages every sheet, book and web page exists in (a catalogue each in ``locale/``)."""

LANGUAGES = ("auto", *SHEET_LANGUAGES)
"""The choices of a puzzle's language: one of the sheet languages, or ``auto`` from the words."""

GRIDS = ("square", "hex")
"""The kinds of cell a grid has: squares (8 directions), or hexagons (6)."""

DENSITIES = ("normal", "high")
"""How tightly the words are packed: ``high`` for full, newspaper-style grids."""
"""The languages a puzzle can be in: its filler alphabet and letter frequencies."""


@dataclass(frozen=True)
class Options:
    """Everything that shapes a puzzle besides the words, the size and the seed.

    Every field is given: the values each level gives them (its preset) are declared once, in
    :data:`wortsuche.levels.PRESETS`; each field is declared, with its check and its JSON, in
    :mod:`wortsuche.spec`.
    """

    directions: tuple[Direction, ...]
    crossing: Crossing
    filler: Filler
    word_letter_share: int
    """Percentage (0–100) of filler cells drawn from the words' own letters instead of ``filler``."""
    decoys: Decoys
    absent: bool
    """Hide none of the words (a puzzle whose answer is "not there")."""
    language: str
    """Alphabet and letter frequencies for filler: ``auto``, ``de`` or ``en``."""
    reversed_share: int | None
    """Percentage (0–100) of words placed backwards (← ↑ ↖ ↙); None draws every direction alike."""
    allow_offensive: bool
    """Let the filler spell words on the offensive-word screen (``wortsuche.words.screen``)."""
    density: str
    """``high`` packs the words: a smaller automatic size, and crossings first wherever allowed."""
    diagonal_share: int | None
    """Percentage (0–100) of words placed diagonally (↘ ↗ ↖ ↙); None draws every direction alike."""
    letter_floor: int
    """Percentage (0–100): filler drawn from the words' letters first lifts every letter of the
    words to at least this share of an even spread, so no letter is rare enough to give its
    word away (a lone Z in ZEBRA)."""
    wrap: bool
    """Lines continue on the other side of the grid (a torus): a word may run over an edge."""
    fill_search: int
    """Changes per free cell the filler tries, once the grid is full, to slow down every way of
    solving: readers who scan for a word's first letter, for its rarest, or for the rarest only
    where it is much rarer (:mod:`wortsuche.filling.readers`); 0: none."""
    grid: str
    """The cells: ``square``, or ``hex`` for hexagons (:class:`wortsuche.grid.topology.Hex`)."""

    def with_changes(self, **changes: Any) -> Options:
        """A copy with some options changed (``None`` values are ignored)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})


@dataclass(frozen=True)
class HiddenMessage:
    """A message as typed (blanks collapsed) and its letters in the grid, which fill the cells
    no word covers in reading order; ``exact``: they fill every such cell."""

    text: str
    letters: str
    exact: bool = False


class Placements(Mapping[str, Placement]):
    """Where each word stands, by its letters: a read-only mapping that hashes and pickles, so a
    frozen :class:`Puzzle` stays a value (nobody can ``clear()`` a finished puzzle's answers).

    >>> p = Placements({"AB": Placement("AB", (0, 0), Direction.E)})
    >>> list(p), hash(p) == hash(Placements(p))
    (['AB'], True)
    """

    __slots__ = ("_by_letters",)

    def __init__(
        self, items: Mapping[str, Placement] | Iterable[tuple[str, Placement]] = ()
    ) -> None:
        self._by_letters: dict[str, Placement] = dict(items)

    def __getitem__(self, letters: str) -> Placement:
        return self._by_letters[letters]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_letters)

    def __len__(self) -> int:
        return len(self._by_letters)

    def __hash__(self) -> int:
        return hash(frozenset(self._by_letters.items()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._by_letters == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"Placements({self._by_letters!r})"

    def __reduce__(self) -> tuple[type[Placements], tuple[tuple[tuple[str, Placement], ...]]]:
        return (Placements, (tuple(self._by_letters.items()),))


@dataclass(frozen=True)
class Puzzle:
    """A finished puzzle: the grid, the words and where each word stands.

    ``placements`` maps a word's letters to its placement; it is empty for an
    ``absent`` puzzle, which hides none of its words on purpose.
    """

    grid: Grid
    words: tuple[Word, ...]
    placements: Mapping[str, Placement]
    level: str
    options: Options
    seed: int
    topology: Geometry
    """The shape of the grid: how its cells line up (flat, a torus, hexagons)."""
    notes: tuple[str, ...] = field(default=())
    title: str | None = None
    """The title printed above the puzzle; None for the sheet language's default."""
    sheet_language: str | None = None
    """The language of the sheet's texts (``de``, ``en``); None to follow ``options.language``."""
    message: HiddenMessage | None = None
    """A hidden message: its letters fill the first free cells in reading order."""
    secret_words: tuple[Word, ...] = ()
    """Words hidden like the others (exactly once, placed) but not on the list."""

    def __post_init__(self) -> None:
        if not isinstance(self.placements, Placements):  # a dict given: kept as a read-only copy
            object.__setattr__(self, "placements", Placements(self.placements))

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
        return self.options.absent

    def cells_of(self, placement: Placement) -> tuple[Cell, ...]:
        """The cells ``placement`` covers in this puzzle's grid, first letter first."""
        return self.topology.cells_of(placement)

    def covered(self) -> frozenset[Cell]:
        """The cells some placed word covers."""
        cells_of = self.topology.cells_of
        return frozenset(cell for p in self.placements.values() for cell in cells_of(p))
