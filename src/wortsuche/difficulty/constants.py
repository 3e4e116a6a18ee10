"""The difficulty model's constants, as a value: the assumed ones, or ones fitted to real play.

``wortsuche calibrate`` writes them as JSON (a "model file"); ``rate --model FILE`` and
``generate --difficulty N --model FILE`` read them back.

>>> constants = constants_from_dict(DEFAULT.to_dict())
>>> constants == DEFAULT
True
>>> [round(w, 2) for _, w in constants.reading_order()][:3]
[1.0, 1.2, 1.5]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wortsuche.errors import InputError
from wortsuche.json_input import check, read_json
from wortsuche.model import Direction

VERSION = 1
"""The model file's format version."""

DOWN_FACTOR = 1.2
"""Reading down costs this much more than reading across: kept from the literature, not fitted
(records rarely separate the two)."""

HABIT_ORDER = (
    Direction.E,
    Direction.S,
    Direction.SE,
    Direction.NE,
    Direction.W,
    Direction.N,
    Direction.NW,
    Direction.SW,
)
"""The order of reading habit in which the simulated solver tries directions."""


@dataclass(frozen=True)
class Constants:
    """What the simulated solver's work costs, and how fast one unit of it is."""

    scan_cost: float = 0.1
    """Units for looking at one cell while scanning for a letter."""
    forward: float = 1.0
    """Units for comparing one letter reading → (↓ costs :data:`DOWN_FACTOR` times as much)."""
    diagonal: float = 1.5
    """Units for comparing one letter reading ↘ or ↗."""
    backward: float = 2.0
    """Units for comparing one letter reading ← ↑ ↖ ↙."""
    rare: float = 0.5
    """A letter of the word is scanned for instead of the first one when it is at most this
    share as common in the grid."""
    seconds_per_unit: float = 0.25
    """Seconds one unit takes (one fixation of the eyes, about a quarter of a second)."""
    fit: dict[str, Any] = field(default_factory=dict, compare=False)
    """How well the constants fit the play records they came from (empty: assumed, not fitted)."""

    @property
    def calibrated(self) -> bool:
        """Whether the constants were fitted to real play."""
        return bool(self.fit)

    def weight(self, direction: Direction) -> float:
        """Units for comparing one letter in ``direction``."""
        if direction.is_reversed:
            return self.backward
        if direction.is_diagonal:
            return self.diagonal
        return self.forward * (DOWN_FACTOR if direction is Direction.S else 1.0)

    def reading_order(self) -> tuple[tuple[Direction, float], ...]:
        """The directions in the order a solver tries them, each with its cost per letter."""
        return tuple((d, self.weight(d)) for d in HABIT_ORDER)

    def to_dict(self) -> dict[str, Any]:
        """The model file's content."""
        return {
            "version": VERSION,
            "scan_cost": self.scan_cost,
            "direction_costs": {
                "forward": self.forward,
                "diagonal": self.diagonal,
                "backward": self.backward,
            },
            "rare_letter": {"threshold": self.rare},
            "seconds_per_unit": self.seconds_per_unit,
            "fit": self.fit,
        }


DEFAULT = Constants()
"""The assumed constants, from visual-search and reading research (not measured on people here)."""


def constants_from_dict(data: Any) -> Constants:
    """Read a model file's content; a clear :class:`InputError` for anything its schema
    (``wortsuche/schema/model.schema.json``) does not describe."""
    check(data, "model")
    costs, rare = data["direction_costs"], data.get("rare_letter", {"threshold": DEFAULT.rare})
    return Constants(
        scan_cost=float(data["scan_cost"]),
        forward=float(costs["forward"]),
        diagonal=float(costs["diagonal"]),
        backward=float(costs["backward"]),
        rare=float(rare["threshold"]),
        seconds_per_unit=float(data.get("seconds_per_unit", DEFAULT.seconds_per_unit)),
        fit=data.get("fit", {}),
    )


def constants_from_text(text: str, name: str) -> Constants:
    """Read a model file's text (``name`` says which file in an error)."""
    try:
        return constants_from_dict(read_json(text))
    except InputError as error:
        raise InputError(
            f"{name}: {error}", key="error.in-source", values={"name": name, "error": error}
        ) from None
