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

import json
import math
from dataclasses import dataclass, field
from typing import Any

from wortsuche.errors import InputError
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
    """Read a model file's content; a clear :class:`InputError` for anything else."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise InputError(
            f'a model file must be a JSON object with "version": {VERSION}',
            key="error.model-version",
            values={"version": VERSION},
        )
    costs = data.get("direction_costs")
    rare = data.get("rare_letter", {"threshold": DEFAULT.rare})
    if not isinstance(costs, dict) or not isinstance(rare, dict):
        raise InputError(
            'a model file needs "direction_costs" and "rare_letter" objects',
            key="error.model-objects",
        )
    fit = data.get("fit", {})
    return Constants(
        scan_cost=_positive(data.get("scan_cost"), "scan_cost"),
        forward=_positive(costs.get("forward"), "direction_costs.forward"),
        diagonal=_positive(costs.get("diagonal"), "direction_costs.diagonal"),
        backward=_positive(costs.get("backward"), "direction_costs.backward"),
        rare=_positive(rare.get("threshold"), "rare_letter.threshold", zero=True),
        seconds_per_unit=_positive(
            data.get("seconds_per_unit", DEFAULT.seconds_per_unit), "seconds_per_unit"
        ),
        fit=fit if isinstance(fit, dict) else {},
    )


def constants_from_text(text: str, name: str) -> Constants:
    """Read a model file's text (``name`` says which file in an error)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise InputError(
            f"{name} is not a model file (JSON): {error}",
            key="error.not-model-file",
            values={"name": name, "reason": getattr(error, "msg", error)},
        ) from None
    try:
        return constants_from_dict(data)
    except InputError as error:
        raise InputError(
            f"{name}: {error}", key="error.in-source", values={"name": name, "error": error}
        ) from None


def _positive(value: Any, name: str, *, zero: bool = False) -> float:
    """A finite number above 0 (or at 0, with ``zero``)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise InputError(
            f"the model file's {name} must be a number, not {value!r}",
            key="error.model-number",
            values={"field": name, "value": repr(value)},
        )
    if value < 0 or (value == 0 and not zero):
        raise InputError(
            f"the model file's {name} must be above 0, not {value!r}",
            key="error.model-positive",
            values={"field": name, "value": repr(value)},
        )
    return float(value)
