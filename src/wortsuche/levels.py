"""Difficulty levels as data: each level is a named preset of explicit options.

A level never appears as ``if level == "hard"`` in the pipeline; the steps read
the options below, and every option can be set on its own.

>>> options_for("medium").crossing
<Crossing.ALLOWED: 'allowed'>
"""

from __future__ import annotations

from typing import Any

from wortsuche.errors import InputError
from wortsuche.model import ALL_DIRECTIONS, Crossing, Decoys, Direction, Filler, Options

FORWARD = (Direction.E, Direction.S)
FORWARD_AND_DIAGONAL = (Direction.E, Direction.S, Direction.SE, Direction.NE)

SHARED: dict[str, Any] = {
    "absent": False,
    "language": "auto",
    "reversed_share": None,
    "allow_offensive": False,
    "density": "normal",
    "diagonal_share": None,
    "letter_floor": 0,
    "wrap": False,
    "fill_search": 0,
    "grid": "square",
}
"""What every level gives the options it leaves alone. An option added after the first puzzle
file format is one of these: a file written before it existed had this value."""

PRESETS: dict[str, dict[str, Any]] = {
    "easy": {
        "directions": FORWARD,
        "crossing": Crossing.NEVER,
        "filler": Filler.OTHER,
        "word_letter_share": 0,
        "decoys": Decoys.NONE,
    },
    "medium": {
        "directions": FORWARD_AND_DIAGONAL,
        "crossing": Crossing.ALLOWED,
        "filler": Filler.EVEN,
        "word_letter_share": 0,
        "decoys": Decoys.NONE,
    },
    "hard": {
        "directions": ALL_DIRECTIONS,
        "crossing": Crossing.ALLOWED,
        "filler": Filler.ALPHABET,
        "word_letter_share": 75,
        "decoys": Decoys.NONE,
        "letter_floor": 50,
    },
    "evil": {
        "directions": ALL_DIRECTIONS,
        "crossing": Crossing.PREFERRED,
        "filler": Filler.TRAPS,
        "word_letter_share": 100,
        "decoys": Decoys.MAX,
        # most words backwards, not so many that reading from last letters pays: a solver who does
        # found evil easier than hard on 4 of 6 inputs at 80 %, 3 at 65 % (benchmarks/README.md)
        "reversed_share": 65,
        "fill_search": 25,  # 12: 1.14 [1.12], 25: 1.16 [1.12], 50: ~0.01 more at twice the time
    },
}
"""The four presets, easiest first: the one declaration of what each level sets, over
:data:`SHARED`. :data:`LEVELS` is made from it; the spec's level options default to it (None:
the level's preset), and a puzzle file's options missing since the first format to SHARED."""

LEVELS: dict[str, Options] = {name: Options(**{**SHARED, **own}) for name, own in PRESETS.items()}
"""Each level's options, made from :data:`PRESETS`."""

HEX_LEVEL_DIRECTIONS: dict[str, tuple[Direction, ...]] = {
    "easy": (Direction.E, Direction.S),
    "medium": (Direction.E, Direction.S, Direction.SW),
    "hard": (Direction.E, Direction.S, Direction.SW, Direction.W, Direction.N, Direction.NE),
    "evil": (Direction.E, Direction.S, Direction.SW, Direction.W, Direction.N, Direction.NE),
}
"""The directions of each level on a grid of hexagons (``grid="hex"``), whose six directions
are the axial E, S, SW (→ ↘ ↙ as drawn) and their reverses: two forward, three forward, all six."""

LEVEL_ALIASES: dict[str, str] = {
    "leicht": "easy",
    "mittel": "medium",
    "schwer": "hard",
    "teuflisch": "evil",
}
"""The levels' German names, as German sheets print them: accepted wherever a level is named."""

AUTO_DENSITY: dict[str, float] = {"easy": 0.66, "medium": 0.42, "hard": 0.3, "evil": 0.185}
"""Word letters per cell each level's grid holds at most when no size is given, as puzzle books
do: easy compact and dense, evil large. Each level also has at least the cells over the level
below that a step of ×1.5 needs for every simulated solver (``pipeline/sizes.py``,
``step_cells``), which sets the larger levels' sides on most lists
(``benchmarks/difficulty.py --no-size``)."""

LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": "Words run right or down and never cross; no other letter is the first or last letter of a word.",
    "medium": "Words also run diagonally and may cross; the other letters are the whole alphabet, each about as common as any other.",
    "hard": "Words run all 8 ways, half of them backwards, and may cross; most other letters are the words' own, rare ones lifted.",
    "evil": "Words run all 8 ways, most of them backwards, hidden among their own letters, decoys and false leads; optionally none of the words is there.",
}

HEX_LEVEL_DESCRIPTIONS: dict[str, str] = {
    "easy": "Words run right or down to the right and never cross; no other letter is the first or last letter of a word.",
    "hard": "Words run all 6 ways, half of them backwards, and may cross; most other letters are the words' own, rare ones lifted.",
    "evil": "Words run all 6 ways, most of them backwards, hidden among their own letters, decoys and false leads; optionally none of the words is there.",
}
"""The descriptions that differ on a grid of hexagons (``HEX_LEVEL_DIRECTIONS``: six ways, and
the second of easy's drawn ↘); a level not named here reads as on squares."""


def level_description(level: str, grid: str = "square") -> str:
    """The one-line description of ``level`` on a grid of ``grid`` (``square`` or ``hex``), in
    English (the catalogue's ``level.NAME.description``, with ``.hex`` where it differs).

    >>> level_description("hard", "hex").startswith("Words run all 6 ways")
    True
    """
    if grid == "hex" and level in HEX_LEVEL_DESCRIPTIONS:
        return HEX_LEVEL_DESCRIPTIONS[level]
    return LEVEL_DESCRIPTIONS.get(level, "")


def description_key(level: str, grid: str = "square") -> str:
    """The catalogue's id of :func:`level_description`."""
    suffix = ".hex" if grid == "hex" and level in HEX_LEVEL_DESCRIPTIONS else ""
    return f"level.{level}.description{suffix}"


def options_for(level: str, **changes: Any) -> Options:
    """The options of ``level`` with ``changes`` applied (``None`` means keep the preset), as
    given: :func:`wortsuche.spec.resolve_options` checks them."""
    preset = LEVELS.get(level) if isinstance(level, str) else None
    if preset is None:
        choices = ", ".join(LEVELS)
        raise InputError(
            f"unknown level {level!r}; choose one of {choices}",
            key="error.option-choice",
            values={"label": "level", "value": level, "choices": choices},
        )
    options = preset.with_changes(**changes)
    if options.grid == "hex" and changes.get("directions") is None:
        options = options.with_changes(directions=HEX_LEVEL_DIRECTIONS[level])
    return options


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
                f"unknown direction {name!r}; use E,S,SE,NE,W,N,NW,SW, arrows or 'all'",
                key="error.unknown-direction",
                values={"name": name},
            ) from None
        if direction not in directions:
            directions.append(direction)
    if not directions:
        raise InputError("--directions needs at least one direction", key="error.directions-none")
    return tuple(directions)
