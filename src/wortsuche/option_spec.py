"""One option's declaration: an :class:`OptionSpec` says what an option is (its kind, choices or
range, default, help text) and where it is offered, and checks a value given for it; the options
themselves are declared in :mod:`wortsuche.spec`.

>>> OptionSpec("size", "whole", "the side", low=1).check(5)
5
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wortsuche.errors import InputError
from wortsuche.levels import SHARED, parse_directions
from wortsuche.model import Direction, Word
from wortsuche.notes import Note


class _Preset(enum.Enum):
    """The default of a level option: whatever the level's preset says."""

    LEVEL = "the level's preset"


LEVEL = _Preset.LEVEL
"""The default of an option that each level presets (:data:`wortsuche.levels.LEVELS`)."""

GENERATE, BOOK, WEB, API = "generate", "book", "web", "api"
SURFACES = frozenset({GENERATE, BOOK, WEB, API})
"""Where an option may be offered: the two commands, the web API and ``generate()``'s keywords."""

KINDS = ("choice", "whole", "number", "flag", "text", "directions", "words", "lines", "name")
"""What an option's value is: one of ``choices``; a whole number or a number in a range; on or
off; text; a direction list; a list of words; rows of a picture; a name checked by its module."""


@dataclass(frozen=True)
class OptionSpec:
    """One option of a puzzle: what it is, what it may be, where it is offered."""

    name: str
    kind: str
    help: str
    default: Any = None
    choices: tuple[str, ...] = ()
    low: float | None = None
    """The least whole number, or the bound a number must be above."""
    high: float | None = None
    metavar: str | None = None
    group: str = "level"
    """Where the help of a command lists it (:data:`wortsuche.spec.GROUPS`)."""
    enum: type[enum.Enum] | None = None
    nullable: bool = False
    """A level option whose preset may be None (no preference)."""
    since_first: bool = False
    """Written by every version of the puzzle JSON, so a reader requires it."""
    surfaces: frozenset[str] = SURFACES
    elsewhere: str = ""
    """Why the option is not offered on every surface (required when it is not)."""
    book_help: str | None = None
    """The help of ``book``'s flag where it means something else for a book."""
    aliases: tuple[tuple[str, str], ...] = ()
    """Other names of choices, (alias, choice): what the sheets call them in German."""
    book_several: bool = False
    """``book``'s flag takes several choices, comma-separated, as a tuple: the puzzles take
    them in turn."""

    def unalias(self, value: Any) -> Any:
        """``value``, or the choice it is another name of (in any case)."""
        if isinstance(value, str) and self.aliases:
            return dict(self.aliases).get(value.casefold(), value)
        return value

    def __post_init__(self) -> None:
        if self.kind not in KINDS:  # a misspelt kind would be an option nothing checks
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if self.enum is not None and not self.choices:  # an enum's choices are its values
            object.__setattr__(self, "choices", tuple(member.value for member in self.enum))

    @property
    def flag(self) -> str:
        """The command-line flag: ``letter_floor`` is ``--letter-floor``."""
        return "--" + self.name.replace("_", "-")

    @property
    def level_option(self) -> bool:
        """True for the options of :class:`~wortsuche.model.Options`, preset by each level."""
        return self.default is LEVEL

    @property
    def expected(self) -> Note:
        """What a value must be, for messages: ``a whole number 0 to 100``."""
        if self.kind == "whole":
            if self.low is None:
                return Note("a whole number", key="expected.whole")
            bounds = {"low": float(self.low), "high": float(self.high or 0)}
            return Note(
                f"a whole number {self.low:g} to {self.high:g}",
                key="expected.whole-range",
                values=bounds,
            )
        if self.kind == "number":
            assert self.low is not None
            if self.high is None:
                return Note(
                    f"a number above {self.low:g}",
                    key="expected.number-above",
                    values={"low": float(self.low)},
                )
            return Note(
                f"a number above {self.low:g} and at most {self.high:g}",
                key="expected.number-between",
                values={"low": float(self.low), "high": float(self.high)},
            )
        if self.kind == "choice":
            choices = ", ".join(self.choices)
            return Note(f"one of {choices}", key="expected.choice", values={"choices": choices})
        kind = self.kind if self.kind in _EXPECTED else "text"
        return Note(_EXPECTED[kind], key=f"expected.{kind}")

    def refusal(self, value: Any, label: str | None = None) -> InputError:
        """The error for a value of the wrong kind or out of range."""
        return _refusal(label or self.name, self.expected, value)

    def check(self, value: Any, label: str | None = None) -> Any:
        """``value`` as the pipeline takes it (None stays None: not given); an
        :class:`InputError` naming the option (as ``label``) if it is not one."""
        if value is None:
            return None
        checker = _CHECKS.get(self.kind)
        try:
            return value if checker is None else checker(self, value, label or self.name)
        except InputError as error:
            error.values.setdefault("option", self.name)  # a form can show it at its field
            raise

    def to_json(self, value: Any) -> Any:
        """The value as JSON data."""
        if isinstance(value, enum.Enum):
            return value.value
        if self.kind == "directions":
            return [d.name for d in value]
        return value

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """The value of this level option read from a puzzle file's ``options``."""
        where = f'"options.{self.name}"'
        if self.name not in data and not self.since_first:
            return SHARED[self.name]
        value = data.get(self.name)
        if value is None and self.nullable:
            return None
        if self.kind == "directions":
            if not isinstance(value, list) or not all(
                isinstance(d, str) and d in Direction.__members__ for d in value
            ):
                raise InputError(
                    f"{where} must be a list of E, S, SE, NE, W, N, NW, SW",
                    key="error.json-directions",
                    values={"field": where},
                )
            value = [Direction[d] for d in value]
        elif self.kind in _JSON_TYPES and type(value) is not _JSON_TYPES[self.kind]:
            raise self.refusal(value, where)  # exact types: true is no number, 1 no flag
        return self.check(value, where)

    def json_schema(self) -> dict[str, Any]:
        """This option's part of the puzzle file's JSON Schema."""
        schema: dict[str, Any]
        if self.kind == "directions":
            schema = {
                "type": "array",
                "minItems": 1,
                "uniqueItems": True,
                "items": {"$ref": "#/$defs/direction"},
            }
        elif self.kind == "choice":
            schema = {"enum": list(self.choices)}
        elif self.kind == "flag":
            schema = {"type": "boolean"}
        else:
            schema = {"type": "integer", "minimum": self.low, "maximum": self.high}
        if self.nullable:
            schema = {
                "type": ["integer", "null"],
                **{k: v for k, v in schema.items() if k != "type"},
            }
        if not self.since_first:
            schema["default"] = self.to_json(SHARED[self.name])
        schema["description"] = self.help
        return schema


_JSON_TYPES: dict[str, type] = {"whole": int, "flag": bool, "choice": str}

_EXPECTED = {
    "flag": "True or False",
    "directions": "a list of directions",
    "words": "a list of words",
    "lines": "a list of rows",
    "text": "text",
}
"""What a value of these kinds must be, for messages (``expected.<kind>`` in the catalogue)."""


def _refusal(label: str, expected: Note, value: Any) -> InputError:
    """The error for ``value`` given as ``label`` where ``expected`` was wanted."""
    return InputError(
        f"{label} must be {expected}, not {value!r}",
        key="error.option-value",
        values={"label": label, "expected": expected, "value": repr(value)},
    )


def _check_choice(option: OptionSpec, value: Any, label: str) -> Any:
    if option.enum is not None and isinstance(value, option.enum):
        return value
    if not isinstance(value, str):
        raise option.refusal(value, label)
    value = option.unalias(value)
    if value not in option.choices:
        choices = ", ".join(option.choices)
        raise InputError(
            f"unknown {label} {value!r}; choose one of {choices}",
            key="error.option-choice",
            values={"label": label, "value": value, "choices": choices},
        )
    return value if option.enum is None else option.enum(value)


def _check_whole(option: OptionSpec, value: Any, label: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise option.refusal(value, label)
    if (
        option.low is not None
        and option.high is not None
        and not option.low <= value <= option.high
    ):
        raise option.refusal(value, label)
    return value


def _check_number(option: OptionSpec, value: Any, label: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise option.refusal(value, label)
    assert option.low is not None
    if not value > option.low or (option.high is not None and value > option.high):
        raise option.refusal(value, label)
    return float(value)


def _check_flag(option: OptionSpec, value: Any, label: str) -> bool:
    if not isinstance(value, bool):
        raise option.refusal(value, label)
    return value


def _check_text(option: OptionSpec, value: Any, label: str) -> str:
    if not isinstance(value, str):
        raise option.refusal(value, label)
    return value


def _check_directions(option: OptionSpec, value: Any, label: str) -> tuple[Direction, ...]:
    """Directions as text (``E,S``), or a sequence of :class:`Direction` values or their names."""
    if isinstance(value, str):
        return parse_directions(value)
    if not isinstance(value, Sequence):
        raise _refusal(label, Note(_EXPECTED["directions"], key="expected.directions"), value)
    directions: list[Direction] = []
    for item in value:
        if isinstance(item, Direction):
            directions.append(item)
        elif isinstance(item, str):
            directions.extend(parse_directions(item))
        else:
            raise InputError(
                f"{label} must be Direction values or names, not {item!r}",
                key="error.direction-item",
                values={"label": label, "value": repr(item)},
            )
    if not directions:
        raise InputError("at least one direction is needed", key="error.no-direction")
    if len(set(directions)) != len(directions):
        raise InputError("a direction is listed twice", key="error.direction-twice")
    return tuple(directions)


def _check_words(option: OptionSpec, value: Any, label: str) -> tuple[str | Word, ...]:
    """A list of words (text or :class:`Word` values), never one text (its letters)."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise option.refusal(value, label)
    words = tuple(value)
    if not all(isinstance(word, str | Word) for word in words):
        raise option.refusal(value, label)
    return words


def _check_lines(option: OptionSpec, value: Any, label: str) -> Any:
    """A list of rows of text (one text is said by the outline: a mask is no single line)."""
    if isinstance(value, str):
        return value
    if not isinstance(value, Sequence) or not all(isinstance(row, str) for row in value):
        raise option.refusal(value, label)
    return tuple(value)


_CHECKS: dict[str, Callable[[OptionSpec, Any, str], Any]] = {
    "choice": _check_choice,
    "whole": _check_whole,
    "number": _check_number,
    "flag": _check_flag,
    "text": _check_text,
    "name": _check_text,
    "directions": _check_directions,
    "words": _check_words,
    "lines": _check_lines,
}
