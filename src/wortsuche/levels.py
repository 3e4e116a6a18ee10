"""Difficulty levels as data: each level is a named preset of explicit options.

A level never appears as ``if level == "hard"`` in the pipeline; the steps read
the options below, and every option can be set on its own.

>>> options_for("medium").crossing
<Crossing.ALLOWED: 'allowed'>
"""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, replace
from typing import Any

from wortsuche.errors import InputError
from wortsuche.model import ALL_DIRECTIONS, Direction


class Crossing(enum.Enum):
    """Whether words may share cells where their letters agree."""

    NEVER = "never"
    ALLOWED = "allowed"
    PREFERRED = "preferred"


class Filler(enum.Enum):
    """Which letters fill the cells no word uses."""

    UNUSED = (
        "unused"  # letters that occur in no word (the whole alphabet if the words use nearly all)
    )
    ALPHABET = "alphabet"  # the language's alphabet, weighted by letter frequency
    WORDS = "words"  # only letters of the words, weighted by how often the words use them


class Decoys(enum.Enum):
    """How many fragments and near-misses of the words are planted on purpose."""

    NONE = "none"
    SOME = "some"  # about one per word
    MAX = "max"  # as many as fit


@dataclass(frozen=True)
class Options:
    """Everything that shapes a puzzle besides the words, the size and the seed."""

    directions: tuple[Direction, ...]
    crossing: Crossing
    filler: Filler
    word_letter_share: int
    """Percentage (0–100) of filler cells drawn from the words' own letters instead of ``filler``."""
    decoys: Decoys
    absent: bool = False
    """Hide none of the words (a puzzle whose answer is "not there")."""
    language: str = "auto"
    """Alphabet and letter frequencies for filler: ``auto``, ``de`` or ``en``."""

    def __post_init__(self) -> None:
        if not self.directions:
            raise InputError("at least one direction is needed")
        if len(set(self.directions)) != len(self.directions):
            raise InputError("a direction is listed twice")
        if not 0 <= self.word_letter_share <= 100:
            raise InputError(f"--word-letter-share must be 0 to 100, not {self.word_letter_share}")
        if self.language not in LANGUAGES:
            raise InputError(
                f"unknown language {self.language!r}; choose one of {', '.join(LANGUAGES)}"
            )

    def with_changes(self, **changes: Any) -> Options:
        """A copy with some options changed (``None`` values are ignored)."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        data = asdict(self)
        data["directions"] = [d.name for d in self.directions]
        data["crossing"] = self.crossing.value
        data["filler"] = self.filler.value
        data["decoys"] = self.decoys.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        """Read options written by :meth:`to_dict`."""
        try:
            return cls(
                directions=tuple(Direction[name] for name in data["directions"]),
                crossing=Crossing(data["crossing"]),
                filler=Filler(data["filler"]),
                word_letter_share=int(data["word_letter_share"]),
                decoys=Decoys(data["decoys"]),
                absent=bool(data.get("absent", False)),
                language=str(data.get("language", "auto")),
            )
        except (KeyError, ValueError, TypeError) as error:
            raise InputError(f"options are not readable: {error}") from None


LANGUAGES = ("auto", "de", "en")

FORWARD = (Direction.E, Direction.S)
FORWARD_AND_DIAGONAL = (Direction.E, Direction.S, Direction.SE, Direction.NE)

LEVELS: dict[str, Options] = {
    "easy": Options(FORWARD, Crossing.NEVER, Filler.UNUSED, 0, Decoys.NONE),
    "medium": Options(FORWARD_AND_DIAGONAL, Crossing.ALLOWED, Filler.ALPHABET, 0, Decoys.NONE),
    "hard": Options(ALL_DIRECTIONS, Crossing.PREFERRED, Filler.WORDS, 100, Decoys.SOME),
    "evil": Options(ALL_DIRECTIONS, Crossing.PREFERRED, Filler.WORDS, 100, Decoys.MAX),
}
"""The four presets, easiest first."""

LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": "Words run right or down, never cross, and the other letters appear in no word.",
    "medium": "Words also run diagonally and may cross; the other letters are a normal mix.",
    "hard": "Words run all 8 ways, even backwards, cross often, hide among their own letters and decoys.",
    "evil": "Only the words' own letters, as many decoys as fit; optionally none of the words is there.",
}


def options_for(level: str, **changes: Any) -> Options:
    """The options of ``level`` with ``changes`` applied (``None`` means keep the preset)."""
    try:
        preset = LEVELS[level]
    except KeyError:
        raise InputError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}") from None
    return preset.with_changes(**changes)


def parse_directions(text: str) -> tuple[Direction, ...]:
    """Read a comma separated direction list such as ``E,S,SE`` or ``right,down`` or ``all``."""
    names = [part for part in text.replace(" ", ",").split(",") if part]
    if names == ["all"]:
        return ALL_DIRECTIONS
    directions: list[Direction] = []
    for name in names:
        try:
            direction = Direction.parse(name)
        except ValueError:
            raise InputError(
                f"unknown direction {name!r}; use E,S,SE,NE,W,N,NW,SW, arrows or 'all'"
            ) from None
        if direction not in directions:
            directions.append(direction)
    if not directions:
        raise InputError("--directions needs at least one direction")
    return tuple(directions)
