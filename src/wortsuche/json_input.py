"""Every JSON a user hands in (a puzzle, a model file, play records, a book run's lines) is read
here: bounded in size and depth, its numbers finite, its types those of the format's schema.

The schemas are the published ones in ``wortsuche/schema/`` (``puzzle``, ``model``,
``records``). They are checked by :func:`check`, a small checker of the part of JSON Schema they
use, so the package needs no validator of its own (the tests hold it to ``jsonschema``). Every
refusal is an error of the kind the caller names, one line, said in the reader's language.

>>> read_json('{"puzzle": {}, "finds": [{"word": "IGEL", "at": -1}]}', schema="records")
Traceback (most recent call last):
...
wortsuche.errors.InputError: "finds[0].at" must be a number from 0 to 604800, not -1
>>> read_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
wortsuche.errors.InputError: nested too deeply (more than 64 levels)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import cache
from itertools import accumulate
from typing import Any

from wortsuche.data import read_text
from wortsuche.errors import InputError, UserError
from wortsuche.limits import MAX_INPUT_BYTES
from wortsuche.notes import Note

MAX_DEPTH = 64
"""Arrays and objects inside each other (a puzzle nests 4 deep, a record 6): far below where
Python's recursion would fail, in the parser or in any code that walks the value."""

MAX_NUMBER_DIGITS = 40
"""Digits in a JSON integer (a seed has at most 20; Python refuses more than 4,300 slowly)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def read_json(
    text: str | bytes | bytearray, *, schema: str | None = None, error: type[UserError] = InputError
) -> Any:
    """The value of JSON ``text``, checked against the schema named (``puzzle``, ``model``,
    ``records``) if one is; anything else is an ``error`` (an :class:`InputError` by default)."""
    try:
        if not isinstance(text, str):
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        _bounded(text)
        numbers = _Numbers()
        data = json.loads(
            text, parse_int=numbers.whole, parse_float=numbers.real, parse_constant=numbers.constant
        )
        if numbers.infinite:
            _finite(data)
    except _Refused as refused:
        raise error(refused.note, key=refused.note.key, values=refused.note.values) from None
    except json.JSONDecodeError as invalid:
        raise error(
            f"not valid JSON: {invalid.msg} at line {invalid.lineno}",
            key="error.invalid-json",
            values={"reason": invalid.msg, "number": invalid.lineno},
        ) from None
    except (UnicodeDecodeError, RecursionError) as invalid:  # bytes in no encoding; a backstop
        reason = "nested too deeply" if isinstance(invalid, RecursionError) else invalid.reason
        raise error(
            f"not valid JSON: {reason} at line 1",
            key="error.invalid-json",
            values={"reason": reason, "number": 1},
        ) from None
    if schema is not None:
        check(data, schema, error=error)
    return data


class _Refused(ValueError):
    """What a step of reading refuses, as a note to raise in the caller's kind of error."""

    def __init__(self, text: str, key: str, **values: object) -> None:
        super().__init__(text)
        self.note = Note(text, key=key, values=values)


def _refused_at(place: Place, said: str, key: str, **values: object) -> _Refused:
    """The refusal of the value at ``place``: its name in quotes, then ``said``; the name is the
    note's ``field``."""
    where = _spelled(place)
    return _Refused(f'"{where}" {said}', key, field=where, **values)


def _bounded(text: str) -> None:
    """Refuse text too long, or nested too deeply, before the parser meets it."""
    if len(text) > MAX_INPUT_BYTES:
        raise _Refused(
            f"the JSON text is too long ({len(text)} characters, at most {MAX_INPUT_BYTES})",
            "error.json-too-large",
            size=len(text),
            most=MAX_INPUT_BYTES,
        )
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return  # too few brackets to nest too deeply: the common small file needs no scan
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = max(accumulate(1 if b in "[{" else -1 for b in brackets), default=0)
    if depth > MAX_DEPTH:
        raise _Refused(
            f"nested too deeply (more than {MAX_DEPTH} levels)", "error.json-nested", most=MAX_DEPTH
        )


class _Numbers:
    """The parser's hooks for numbers: whole numbers of at most :data:`MAX_NUMBER_DIGITS`, and a
    note of any that is not finite (NaN, Infinity, ``1e400``), to be refused by where it is."""

    def __init__(self) -> None:
        self.infinite = False

    def whole(self, text: str) -> int:
        digits = len(text.lstrip("-"))
        if digits > MAX_NUMBER_DIGITS:
            raise _Refused(
                f"a number of {digits} digits is too long (at most {MAX_NUMBER_DIGITS})",
                "error.json-digits",
                digits=digits,
                most=MAX_NUMBER_DIGITS,
            )
        return int(text)

    def real(self, text: str) -> float:
        value = float(text)
        self.infinite = self.infinite or not math.isfinite(value)
        return value

    def constant(self, name: str) -> float:
        self.infinite = True
        return float(name)


def _finite(data: Any) -> None:
    """Refuse the first number in ``data`` that is not finite, naming where (a bare number is
    refused by the format, which wants an object)."""
    waiting: list[tuple[Place, Any]] = [((), data)]
    while waiting:
        place, value = waiting.pop()
        if isinstance(value, float) and not math.isfinite(value) and place:
            raise _refused_at(
                place,
                f"must be a finite number, not {_shown(value)}",
                "error.json-not-finite",
                value=_shown(value),
            )
        if isinstance(value, dict):
            waiting.extend(reversed([((place, key), item) for key, item in value.items()]))
        elif isinstance(value, list):
            waiting.extend(reversed([((place, index), item) for index, item in enumerate(value)]))


@cache
def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of a format, as shipped in ``wortsuche/schema/``."""
    data: dict[str, Any] = json.loads(read_text("schema", f"{name}.schema.json"))
    return data


def check(data: Any, name: str, *, error: type[UserError] = InputError) -> None:
    """Refuse ``data`` that the schema ``name`` does not describe: an ``error`` in one line that
    names where."""
    try:
        _checker(name)(data, ())
        _no_surrogate(data, ())  # also where the schema leaves a part open (a record's puzzle)
    except _Refused as refused:
        raise error(refused.note, key=refused.note.key, values=refused.note.values) from None


def _no_surrogate(value: Any, place: Place) -> None:
    """Refuse a lone surrogate in any text of ``value``, keys too: it is no text."""
    if isinstance(value, str):
        _text_check({})(value, place)
    elif isinstance(value, dict):
        for key, inner in value.items():
            _no_surrogate(key, place)
            _no_surrogate(inner, (place, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            _no_surrogate(inner, (place, index))


Place = tuple[Any, ...]
"""Where a value is: ``()`` at the top, else ``(outer place, key or index)``; spelled out as
``finds[2].at`` only for a message."""

Check = Callable[[Any, Place], None]
"""A compiled rule: refuses the value at the place unless it is what the rule describes."""


@cache
def _checker(name: str) -> Check:
    """The schema ``name`` made into one check (made once: the web reads a puzzle per request)."""
    return _Compiler(schema(name)).rule(schema(name))


CHECKS = frozenset(
    {
        "$ref", "type", "const", "enum", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems",
        "items", "prefixItems", "required", "properties", "additionalProperties",
    }
)  # fmt: skip
"""The schema keywords :func:`check` knows: those the shipped schemas use."""

ANNOTATIONS = frozenset({"$schema", "$id", "$defs", "title", "description", "default", "examples"})
"""Schema keywords that say nothing about what is valid."""


class _Compiler:
    """Makes the rules of one schema into checks (its ``$ref`` point into it)."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.made: dict[str, Check] = {}

    def rule(self, rule: dict[str, Any]) -> Check:
        """The check of one rule: its type, its choices, then what its type must hold."""
        if "$ref" in rule:
            return self.reference(rule["$ref"])
        unknown = set(rule) - ANNOTATIONS - CHECKS
        if unknown:
            raise ValueError(f"the schema uses {sorted(unknown)}, which check() does not know")
        steps = [
            _type_check(rule),
            _choice_check(rule),
            _number_check(rule),
            _text_check(rule),
            self.array(rule),
            self.object(rule),
        ]
        kept = tuple(step for step in steps if step is not None)
        plainly = _plainly(rule)

        def checked(value: Any, place: Place) -> None:
            if plainly is not None and plainly(value):
                return
            for step in kept:
                step(value, place)

        return checked

    def reference(self, reference: str) -> Check:
        """The check of the rule a local ``$ref`` (``#/$defs/cell``) points at, made once."""
        if reference not in self.made:
            part: Any = self.root
            for step in reference.removeprefix("#/").split("/"):
                part = part[step]
            self.made[reference] = self.rule(part)
        return self.made[reference]

    def array(self, rule: dict[str, Any]) -> Check | None:
        if not {"items", "prefixItems", "minItems", "maxItems", "uniqueItems"} & set(rule):
            return None
        count = _count_check(rule, "minItems", "maxItems", "items")
        first = tuple(self.rule(part) for part in rule.get("prefixItems", ()))
        rest = self.rule(rule["items"]) if "items" in rule else None
        unique = bool(rule.get("uniqueItems"))

        def checked(items: Any, place: Place) -> None:
            if not isinstance(items, list):
                return
            count(len(items), place)
            if unique:
                _once_each(items, place)
            for index, item in enumerate(items):
                each = first[index] if index < len(first) else rest
                if each is not None:
                    each(item, (place, index))

        return checked

    def object(self, rule: dict[str, Any]) -> Check | None:
        if not {"properties", "required", "additionalProperties"} & set(rule):
            return None
        known = {key: self.rule(part) for key, part in rule.get("properties", {}).items()}
        others = rule.get("additionalProperties", True)
        other = self.rule(others) if isinstance(others, dict) else None
        required = tuple(rule.get("required", ()))

        def checked(members: Any, place: Place) -> None:
            if not isinstance(members, dict):
                return
            # the members there first: a wrong "version" says more than what is missing
            for key, item in members.items():
                each = known.get(key, other)
                if each is not None:
                    each(item, (place, key))
                elif others is False:
                    raise _Refused(
                        f'"{_spelled((place, key))}" is not a known field',
                        "error.json-unknown",
                        field=_spelled((place, key)),
                    )
            for key in required:
                if key not in members:
                    raise _refused_at((place, key), "is missing", "error.json-missing")

        return checked


def _plainly(rule: dict[str, Any]) -> Callable[[Any], bool] | None:
    """For a rule of one whole number in a range or of one text, a quick test that says yes to
    the values it plainly holds (most of a puzzle: cells and letters); the others are checked
    step by step, which also says what is wrong."""
    checks = set(rule) - ANNOTATIONS
    if rule.get("type") == "integer" and checks <= {"type", "minimum", "maximum"}:
        low, high = rule.get("minimum", -math.inf), rule.get("maximum", math.inf)
        return lambda value: type(value) is int and low <= value <= high
    if rule.get("type") == "string" and checks <= {"type", "minLength", "maxLength"}:
        least, most = rule.get("minLength", 0), rule.get("maxLength", math.inf)
        return lambda value: type(value) is str and value.isascii() and least <= len(value) <= most
    return None


def _spelled(place: Place) -> str:
    """``finds[2].at`` for the place ``(((((), "finds"), 2), "at")``."""
    parts: list[Any] = []
    while place:
        place, step = place
        parts.append(step)
    spelled = ""
    for step in reversed(parts):
        spelled += f"[{step}]" if isinstance(step, int) else f".{step}" if spelled else step
    return spelled


KINDS = {
    "integer": ("a whole number", "json.integer"),
    "number": ("a number", "json.number"),
    "string": ("text", "json.string"),
    "array": ("a list", "json.array"),
    "object": ("an object", "json.object"),
    "boolean": ("true or false", "json.boolean"),
    "null": ("null", "json.null"),
}
"""Each JSON Schema type, as a message says what a value must be."""


def _is(value: Any, kind: str) -> bool:
    """Whether ``value`` is of the JSON Schema type ``kind`` (``1.0`` is an integer; ``true``
    is no number)."""
    if isinstance(value, bool):
        return kind == "boolean"
    if kind == "integer":
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    types: dict[str, type | tuple[type, ...]] = {
        "number": (int, float),
        "string": str,
        "array": list,
        "object": dict,
    }
    return value is None if kind == "null" else kind in types and isinstance(value, types[kind])


def _type_check(rule: dict[str, Any]) -> Check | None:
    if "type" not in rule:
        return None
    kinds = (rule["type"],) if isinstance(rule["type"], str) else tuple(rule["type"])
    expected = _either([Note(KINDS[k][0], key=KINDS[k][1]) for k in kinds])

    def checked(value: Any, place: Place) -> None:
        if not any(_is(value, kind) for kind in kinds):
            _wrong(value, expected, place)

    return checked


def _either(notes: list[Note]) -> Note:
    """``a``, or ``a or b`` (or ``a or b or c``), said in every language."""
    said = notes[0]
    for other in notes[1:]:
        said = Note(
            f"{said} or {other}", key="json.either", values={"first": said, "second": other}
        )
    return said


def _wrong(value: Any, expected: Note, place: Place) -> None:
    if not place:
        raise _Refused(
            f"the top level must be {expected}, not {_shown(value)}",
            "error.json-top",
            expected=expected,
            value=_shown(value),
        )
    raise _refused_at(
        place,
        f"must be {expected}, not {_shown(value)}",
        "error.json-field",
        expected=expected,
        value=_shown(value),
    )


def _choice_check(rule: dict[str, Any]) -> Check | None:
    choices = [rule["const"]] if "const" in rule else rule.get("enum")
    if choices is None:
        return None
    said = ", ".join(json.dumps(choice, ensure_ascii=False) for choice in choices)
    expected = (
        Note(f"one of {said}", key="json.one-of", values={"choices": said})
        if len(choices) > 1
        else Note(said, key="json.exactly", values={"choice": said})
    )

    def checked(value: Any, place: Place) -> None:
        if not any(_same(value, choice) for choice in choices):
            _wrong(value, expected, place)

    return checked


def _same(value: Any, other: Any) -> bool:
    """JSON's equality: ``1 == 1.0``, but ``true`` is not ``1``; lists and objects member by member."""
    if isinstance(value, bool) or isinstance(other, bool):
        return value is other
    if isinstance(value, list) and isinstance(other, list):
        return len(value) == len(other) and all(map(_same, value, other))
    if isinstance(value, dict) and isinstance(other, dict):
        return value.keys() == other.keys() and all(_same(value[k], other[k]) for k in value)
    numbers = {type(value), type(other)} <= {int, float}
    return (numbers or type(value) is type(other)) and bool(value == other)


def _once_each(items: list[Any], place: Place) -> None:
    for index, item in enumerate(items):
        if any(_same(item, other) for other in items[:index]):
            raise _refused_at(
                place, f"lists {_shown(item)} twice", "error.json-twice", value=_shown(item)
            )


def _text_check(rule: dict[str, Any]) -> Check:
    count = _count_check(rule, "minLength", "maxLength", "characters")

    def checked(value: Any, place: Place) -> None:
        if not isinstance(value, str):
            return
        if not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise _refused_at(
                    place, "holds a lone surrogate, which is no text", "error.field-surrogate"
                ) from None
        count(len(value), place)

    return checked


def _count_check(
    rule: dict[str, Any], low: str, high: str, unit: str
) -> Callable[[int, Place], None]:
    """Refuse a list of too few or too many items, a text of too few or too many characters."""
    least, most = rule.get(low, 0), rule.get(high)

    def checked(count: int, place: Place) -> None:
        if count < least:
            if count == 0:
                raise _refused_at(place, "must not be empty", "error.json-empty")
            raise _refused_at(
                place, f"must have at least {least} {unit}", f"error.json-fewer-{unit}", low=least
            )
        if most is not None and count > most:
            raise _refused_at(
                place, f"must have at most {most} {unit}", f"error.json-more-{unit}", high=most
            )

    return checked


def _number_check(rule: dict[str, Any]) -> Check | None:
    low, high = rule.get("minimum"), rule.get("maximum")
    above, below = rule.get("exclusiveMinimum"), rule.get("exclusiveMaximum")
    if low is None and high is None and above is None and below is None:
        return None
    expected = _bounded_kind(rule)

    def checked(value: Any, place: Place) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return
        if (
            (low is not None and value < low)
            or (high is not None and value > high)
            or (above is not None and value <= above)
            or (below is not None and value >= below)
        ):
            _wrong(value, expected, place)

    return checked


def _bounded_kind(rule: dict[str, Any]) -> Note:
    """What a bounded number must be: ``a whole number from 0 to 1000``, ``a number above 0``."""
    low, high = rule.get("minimum"), rule.get("maximum")
    above, below = rule.get("exclusiveMinimum"), rule.get("exclusiveMaximum")
    kind = "integer" if rule.get("type") == "integer" else "number"
    said = Note(KINDS[kind][0], key=KINDS[kind][1])
    bounds = []
    if above is not None:
        bounds.append(Note(f"above {above}", key="json.above", values={"low": above}))
    if below is not None:
        bounds.append(Note(f"below {below}", key="json.below", values={"high": below}))
    if low is not None and high is not None:
        bounds.append(
            Note(f"from {low} to {high}", key="json.from-to", values={"low": low, "high": high})
        )
    elif low is not None:
        bounds.append(Note(f"of at least {low}", key="json.at-least", values={"low": low}))
    elif high is not None:
        bounds.append(Note(f"of at most {high}", key="json.at-most", values={"high": high}))
    for bound in bounds:
        said = Note(f"{said} {bound}", key="json.bounded", values={"kind": said, "bound": bound})
    return said


def _shown(value: Any) -> str:
    """A short description of a JSON value for a message."""
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:40] + "…"
