"""The puzzle spec: each option declared once, and every surface made from the declarations.

Run this file as a script to write the options part of the JSON Schema anew after changing a
declaration: ``.venv/bin/python tests/test_spec.py``.
"""

from __future__ import annotations

import argparse
import json
import pickle
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli import run
from wortsuche import PuzzleSpec, generate
from wortsuche.cli import build_parser
from wortsuche.errors import InputError
from wortsuche.model import Options
from wortsuche.puzzle_json import dumps, loads
from wortsuche.spec import (
    API,
    BOOK,
    BY_NAME,
    GENERATE,
    KINDS,
    LEVEL_OPTIONS,
    OPTIONS,
    SURFACES,
    WEB,
    options_schema,
    options_to_dict,
)
from wortsuche.web.schemas import NewPuzzle

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "src/wortsuche/schema/puzzle.schema.json"
WORDS = ["TORF", "VOR", "RAD", "EVA"]


def flags(command: str) -> set[str]:
    """The option strings of a subcommand's parser."""
    parser = build_parser(command)
    (subparsers,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {s for action in subparsers.choices[command]._actions for s in action.option_strings}


def is_keyword_of_generate(name: str) -> bool:
    """Whether ``generate()`` (through :class:`PuzzleSpec`) takes ``name`` as a keyword."""
    try:
        PuzzleSpec(WORDS, **{name: None})
    except InputError:
        return False
    return True


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_every_option_is_offered_everywhere_under_one_name_unless_declared_otherwise(
    option: Any,
) -> None:
    offered = {
        GENERATE: option.flag in flags("generate"),
        BOOK: option.flag in flags("book"),
        WEB: option.name in NewPuzzle.model_fields,
        API: is_keyword_of_generate(option.name),
    }
    assert offered == {surface: surface in option.surfaces for surface in SURFACES}
    # an option missing somewhere says why
    assert (option.surfaces == SURFACES) == (option.elsewhere == "")


def test_the_declarations_are_well_formed() -> None:
    assert len({o.name for o in OPTIONS}) == len(OPTIONS)
    for option in OPTIONS:
        assert option.kind in KINDS, option.name
        assert option.surfaces <= SURFACES, option.name
        assert option.help and option.help == option.help.strip(), option.name


def test_every_field_of_options_is_a_declared_level_option_in_field_order() -> None:
    assert [o.name for o in LEVEL_OPTIONS] == [f.name for f in fields(Options)]
    assert all(o.level_option for o in LEVEL_OPTIONS)
    assert {o.name for o in OPTIONS if o.level_option} == {o.name for o in LEVEL_OPTIONS}
    written = json.loads(dumps(generate(WORDS, 5, 5, level="hard", seed=1)))
    assert list(written["options"]) == [f.name for f in fields(Options)]


def write_schema() -> None:
    """Write the options part made from the declarations into the committed schema."""
    text = SCHEMA.read_text(encoding="utf-8")
    # the top-level "grid", not the option of that name inside "options"
    start, end = text.index('\n    "options": {') + 1, text.index('\n    "grid": {') + 1
    made = options_schema()
    properties = ",\n".join(
        f"        {json.dumps(name)}: {json.dumps(part, ensure_ascii=False)}"
        for name, part in made["properties"].items()
    )
    block = (
        '    "options": {\n      "type": "object",\n'
        f'      "required": {json.dumps(made["required"])},\n'
        f'      "properties": {{\n{properties}\n      }}\n    }},\n'
    )
    SCHEMA.write_text(text[:start] + block + text[end:], encoding="utf-8")


def test_the_committed_schema_describes_the_options_as_declared() -> None:
    committed = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert committed["properties"]["options"] == options_schema(), (
        "run .venv/bin/python tests/test_spec.py to write the schema anew"
    )


def test_rows_or_cols_alone_make_a_square() -> None:
    assert generate(WORDS, rows=7, seed=1).grid.height == 7
    assert generate(WORDS, rows=7, seed=1).grid.width == 7
    assert (generate(WORDS, cols=6, seed=1).rows, generate(WORDS, cols=6, seed=1).cols) == (6, 6)


def test_an_unknown_keyword_is_an_input_error_naming_it() -> None:
    with pytest.raises(InputError, match="unknown option 'colour'"):
        generate(WORDS, 5, 5, colour="red")
    with pytest.raises(InputError, match="unknown option 'difficulty'"):
        generate(WORDS, 5, 5, difficulty=3)


def test_a_spec_makes_the_same_puzzle_as_the_keywords() -> None:
    spec = PuzzleSpec(WORDS, 6, 6, level="hard", seed=3, wrap=True, letter_floor=40)
    assert generate(spec) == generate(WORDS, 6, 6, level="hard", seed=3, wrap=True, letter_floor=40)
    assert generate(spec, seed=4) == generate(spec.replace(seed=4))


def test_a_spec_is_frozen_compares_by_value_and_travels_to_a_worker() -> None:
    spec = PuzzleSpec(WORDS, 6, level="hard", wrap=True)
    with pytest.raises(AttributeError):
        spec.rows = 7  # type: ignore[misc]
    assert spec.replace(rows=8) == PuzzleSpec(WORDS, 8, 6, level="hard", wrap=True)
    assert spec.replace(wrap=None) == PuzzleSpec(WORDS, 6, level="hard")
    assert pickle.loads(pickle.dumps(spec)) == spec
    assert (spec.filler, spec.effort, spec.eszett, spec.level) == (None, 1.0, "auto", "hard")
    assert spec.given == {"level": "hard", "wrap": True}


BAD_VALUES = {
    "choice": ["nope", 3],
    "whole": ["5", True, 1.5],
    "number": ["5", True, 0, -1],
    "flag": ["yes", 1],
    "text": [5],
    "name": [5],
    "directions": [5, [5]],
}


@pytest.mark.parametrize(
    ("name", "value"),
    [
        (option.name, value)
        for option in OPTIONS
        if API in option.surfaces
        for value in BAD_VALUES.get(option.kind, [])
    ],
    ids=repr,
)
def test_a_bad_value_of_any_option_is_an_input_error_naming_it(name: str, value: Any) -> None:
    with pytest.raises(InputError, match=name):
        PuzzleSpec(WORDS, 6, **{name: value}).checked()


@pytest.mark.parametrize(
    "option",
    [o for o in OPTIONS if o.kind in ("whole", "number") and o.high is not None],
    ids=lambda o: o.name,
)
def test_a_number_out_of_range_is_refused_by_every_command_naming_the_flag(option: Any) -> None:
    assert option.high is not None
    too_high = str(int(option.high) + 1)
    for command in ("generate", "book"):
        result = run(command, "TORF", option.flag, too_high, "-o", "x.pdf")
        assert result.returncode == 2
        assert f"argument {option.flag}: must be {option.expected}, not {too_high}" in result.stderr


def test_options_go_through_the_puzzle_file_unchanged() -> None:
    puzzle = generate(
        WORDS, 6, 6, seed=2, level="hard", density="high", diagonal_share=0, letter_floor=60
    )
    assert loads(dumps(puzzle)).options == puzzle.options
    data = options_to_dict(puzzle.options)
    assert (data["density"], data["diagonal_share"], data["letter_floor"]) == ("high", 0, 60)


def test_a_book_gives_every_puzzle_the_options_of_generate(tmp_path: Path) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("Fuchs\nIgel\nHase\nDachs\nReh\n", encoding="utf-8")
    out = tmp_path / "book.jsonl"
    given = ["--letter-floor", "60", "--density", "high", "--decoys", "some", "--seed", "2"]
    result = run("book", words, "--count", "2", *given, "-o", out)
    assert result.returncode == 0, result.stderr
    for line in out.read_text(encoding="utf-8").splitlines():
        options = loads(line).options
        assert (options.letter_floor, options.density, options.decoys.value) == (60, "high", "some")


def test_generate_takes_every_level_option_as_a_flag_by_its_name() -> None:
    given = {
        "--letter-floor": "60",
        "--diagonal-share": "0",
        "--density": "high",
        "--decoys": "some",
    }
    result = run(
        "generate", *WORDS, "--seed", "1", "--size", "7", "--format", "json",
        *(part for pair in given.items() for part in pair),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    options = json.loads(result.stdout)["options"]
    assert (options["letter_floor"], options["diagonal_share"]) == (60, 0)
    assert (options["density"], options["decoys"]) == ("high", "some")
    assert BY_NAME["letter_floor"].flag == "--letter-floor"


def test_a_mask_without_a_size_gives_its_own_size_everywhere() -> None:
    mask = ["#####.", "######", "######", "######", ".#####"]
    puzzle = generate(["HUND", "KATZE", "MAUS"], mask=mask, level="easy", seed=1)
    assert (puzzle.grid.height, puzzle.grid.width) == (5, 6)


def _values(option: Any) -> st.SearchStrategy[Any]:
    """Values an option of a spec takes, from its declaration."""
    if option.kind == "whole":
        low = 0 if option.low is None else int(option.low)
        high = 10**6 if option.high is None else int(option.high)
        return st.integers(low, high)
    if option.kind == "flag":
        return st.booleans()
    if option.kind == "choice":
        return st.sampled_from(option.choices)
    if option.kind == "number":
        return st.floats(min_value=0.5, max_value=option.high or 600)
    return st.just(None)


SPEC_OPTIONS = [o for o in OPTIONS if API in o.surfaces and o.kind != "directions"]


@st.composite
def specs(draw: st.DrawFn) -> PuzzleSpec:
    """A spec with some options set, each to a value its declaration allows."""
    chosen = draw(st.lists(st.sampled_from(SPEC_OPTIONS), unique_by=lambda o: o.name, max_size=6))
    options = {option.name: draw(_values(option)) for option in chosen}
    rows = draw(st.none() | st.integers(1, 30))
    return PuzzleSpec(WORDS, rows, **options)


@given(specs())
def test_a_spec_is_a_value_whatever_its_options(spec: PuzzleSpec) -> None:
    """Its options set say it whole; a pickle and an empty replace give it back equal."""
    assert PuzzleSpec(spec.words, spec.rows, spec.cols, **spec.given) == spec
    assert pickle.loads(pickle.dumps(spec)) == spec
    assert spec.replace() == spec
    assert (spec.rows is None) == (spec.cols is None)
    with pytest.raises(AttributeError):
        spec.level = "easy"  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(spec)


def test_each_option_is_a_typed_field_carrying_its_declaration() -> None:
    carried = {f.name: f.metadata["option"] for f in fields(PuzzleSpec) if "option" in f.metadata}
    assert list(carried) == [o.name for o in OPTIONS if API in o.surfaces]
    for name, option in carried.items():
        assert (option.kind, option.help) == (BY_NAME[name].kind, BY_NAME[name].help)


if __name__ == "__main__":
    write_schema()
