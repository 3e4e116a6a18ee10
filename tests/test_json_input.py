"""Every JSON a user hands in is read by one reader: bounded in size and depth, its numbers
finite, its types those of the published schema, checked by a small checker that agrees with
``jsonschema`` (the reference) on every value."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wortsuche.difficulty.constants import DEFAULT
from wortsuche.errors import InputError, PuzzleFormatError
from wortsuche.json_input import CHECKS, MAX_DEPTH, MAX_NUMBER_DIGITS, check, read_json, schema
from wortsuche.limits import MAX_INPUT_BYTES
from wortsuche.pipeline.run import generate
from wortsuche.puzzle_json import dumps
from wortsuche.web import limits
from wortsuche.web.records import MAX_FINDS, FindIn

SCHEMAS = sorted(
    p.stem.removesuffix(".schema")
    for p in (Path(__file__).parent.parent / "src/wortsuche/schema").glob("*.schema.json")
)


def test_there_is_a_schema_for_puzzles_models_and_records() -> None:
    assert SCHEMAS == ["model", "puzzle", "records"]


@pytest.mark.parametrize("name", SCHEMAS)
def test_each_schema_is_valid_and_uses_only_what_the_checker_knows(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))
    with pytest.raises(InputError, match="the top level must be an object"):  # compiles it
        check([], name)


def test_the_records_schema_takes_the_limits_of_the_web_game() -> None:
    finds = schema("records")["properties"]["finds"]
    assert finds["maxItems"] == MAX_FINDS
    bounds = {name: FindIn.model_fields[name].metadata for name in ("at", "hints", "wrong")}
    for name, metadata in bounds.items():
        rule = finds["items"]["properties"][name]
        assert (rule["minimum"], rule["maximum"]) == (metadata[0].ge, metadata[1].le), name
    assert finds["items"]["properties"]["word"]["maxLength"] == limits.MAX_WORD_LENGTH


def valid_documents() -> dict[str, Any]:
    puzzle = json.loads(dumps(generate(["TORF", "VOR", "RAD"], 5, 5, level="hard", seed=1)))
    find = {"word": "TORF", "at": 4.5, "hints": 1, "wrong": 0}
    record = {
        "puzzle": puzzle,
        "finds": [find],
        "seconds": 9.0,
        "finished": True,
        "screen": [390, 844],
        "source": "game",
    }
    return {"puzzle": puzzle, "model": DEFAULT.to_dict(), "records": record}


def places(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, as the keys and indexes that lead to it."""
    found = [where]
    if isinstance(value, dict):
        found += [p for key, item in value.items() for p in places(item, (*where, key))]
    elif isinstance(value, list):
        found += [p for index, item in enumerate(value) for p in places(item, (*where, index))]
    return found


HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(
        [
            0,
            1,
            -1,
            1.0,
            0.5,
            499,
            500,
            1000,
            1001,
            604800,
            604801,
            "",
            "E",
            "X",
            "game",
            "1e400",
            "\ud800",
        ]
    ),
    st.text(max_size=60),
    st.lists(st.integers(-2, 600), max_size=3),
    st.dictionaries(
        st.sampled_from(["threshold", "forward", "word", "at"]), st.integers(-1, 3), max_size=2
    ),
)
"""Values of every JSON type, near the edges of the schemas' ranges."""


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SCHEMAS), data=st.data())
def test_the_checker_agrees_with_jsonschema(name: str, data: st.DataObject) -> None:
    document = valid_documents()[name]
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.sampled_from(places(document)))
        if not where:
            continue
        *path, last = where
        holder = document
        for step in path:
            holder = holder[step]
        if data.draw(st.booleans()) and isinstance(holder, dict):
            holder.pop(last)
        else:
            holder[last] = data.draw(HOSTILE)
    # a lone surrogate is a string to JSON Schema, but no text: the checker refuses it too
    expected = jsonschema.Draft202012Validator(schema(name)).is_valid(document)
    expected = expected and not _has_surrogate(document)
    try:
        check(document, name)
    except InputError as error:
        assert not expected, f"refused a valid document: {error}"
        assert "\n" not in str(error)
    else:
        assert expected, "passed an invalid document"


def _has_surrogate(value: Any) -> bool:
    """Whether a text anywhere in ``value`` holds a lone surrogate."""
    if isinstance(value, str):
        return any("\ud800" <= char <= "\udfff" for char in value)
    if isinstance(value, dict):
        return any(_has_surrogate(k) or _has_surrogate(v) for k, v in value.items())
    return isinstance(value, list) and any(map(_has_surrogate, value))


@pytest.mark.parametrize("name", SCHEMAS)
def test_what_wortsuche_writes_passes_its_schema(name: str) -> None:
    document = valid_documents()[name]
    jsonschema.validate(document, schema(name))
    check(document, name)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_nesting_is_read_to_the_limit_and_refused_beyond() -> None:
    assert read_json(nested(MAX_DEPTH)) is not None
    with pytest.raises(InputError, match="nested too deeply"):
        read_json(nested(MAX_DEPTH + 1))
    with pytest.raises(InputError, match="nested too deeply"):
        read_json('{"a": ' * 100_000 + "1" + "}" * 100_000)
    with pytest.raises(InputError, match="nested too deeply"):
        read_json("[" * 100_000)  # never closed: refused before the parser recurses


def test_brackets_inside_texts_do_not_count_as_nesting() -> None:
    text = json.dumps({"words": ["[" * 1000, '{"\\"' * 500, "]" * 1000]})
    assert read_json(text)["words"][0] == "[" * 1000


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1E999"])
def test_a_number_that_is_not_finite_is_refused_naming_its_place(number: str) -> None:
    with pytest.raises(InputError, match=r'"finds\[1\]\.at" must be a finite number'):
        read_json(f'{{"finds": [{{"at": 1}}, {{"at": {number}}}]}}')


def test_a_number_of_too_many_digits_is_refused() -> None:
    assert read_json("1" * MAX_NUMBER_DIGITS) == int("1" * MAX_NUMBER_DIGITS)
    with pytest.raises(InputError, match="digits"):
        read_json("[" + "7" * 4301 + "]")


def test_text_over_the_size_limit_is_refused_before_parsing() -> None:
    with pytest.raises(InputError, match="too long"):
        read_json(" " * MAX_INPUT_BYTES + "[]")


def test_bytes_are_read_in_the_encoding_json_allows() -> None:
    assert read_json('{"w": "Ä"}'.encode("utf-16")) == {"w": "Ä"}
    with pytest.raises(InputError, match="not valid JSON"):
        read_json(b"\x80\x81")


def test_a_refusal_is_the_kind_of_error_the_caller_names() -> None:
    with pytest.raises(PuzzleFormatError, match="nested too deeply"):
        read_json(nested(100), error=PuzzleFormatError)
    with pytest.raises(PuzzleFormatError, match='"version" must be 1, not 2'):
        read_json('{"version": 2}', schema="model", error=PuzzleFormatError)


def test_a_whole_number_may_be_written_with_a_point_as_json_schema_allows() -> None:
    record = valid_documents()["records"]
    record["finds"][0]["hints"] = 2.0
    check(record, "records")
    record["finds"][0]["hints"] = 2.5
    with pytest.raises(InputError, match="whole number"):
        check(record, "records")
    assert not math.isnan(record["finds"][0]["at"])


def test_the_checker_knows_every_keyword_it_claims() -> None:
    assert {"type", "properties", "required", "$ref"} <= CHECKS
