"""The published JSON Schema describes what we write, and the reader is at least as strict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wortsuche.errors import PuzzleFormatError
from wortsuche.levels import LEVELS
from wortsuche.pipeline.run import generate
from wortsuche.puzzle_json import dumps, loads, schema

ROOT = Path(__file__).resolve().parent.parent
VALIDATOR = jsonschema.Draft202012Validator(schema())


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


def test_the_golden_puzzle_file_matches_the_schema() -> None:
    VALIDATOR.validate(json.loads((ROOT / "tests/golden/worte0-hard-seed7.json").read_text()))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(st.text("ABCDEFGHÄÖÜẞ", min_size=2, max_size=6), min_size=1, max_size=6),
    level=st.sampled_from(list(LEVELS)),
    seed=st.integers(0, 2**64),
    absent=st.booleans(),
)
def test_every_puzzle_written_matches_the_schema_and_reads_back(
    words: list[str], level: str, seed: int, absent: bool
) -> None:
    puzzle = generate(words, level=level, seed=seed, absent=absent or None)
    data = json.loads(dumps(puzzle))
    VALIDATOR.validate(data)
    assert loads(dumps(puzzle)) == puzzle


def documented(data: dict[str, Any]) -> bool:
    return VALIDATOR.is_valid(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.__setitem__("format_version", True),
        lambda d: d.__setitem__("seed", 1.5),
        lambda d: d.__setitem__("rows", "5"),
        lambda d: d["options"].__setitem__("absent", "false"),
        lambda d: d["options"].__setitem__("directions", ["E", "UP"]),
        lambda d: d["placements"][0].__setitem__("start", [0, -1]),
        lambda d: d["placements"][0].__setitem__("direction", "X"),
        lambda d: d["words"].clear(),
        lambda d: d.pop("grid"),
    ],
)
def test_what_the_schema_refuses_the_reader_refuses(change: Any) -> None:
    data = json.loads(dumps(generate(["TORF", "VOR"], 5, 5, seed=1)))
    change(data)
    assert not documented(data)
    with pytest.raises(PuzzleFormatError):
        loads(json.dumps(data))


def test_every_kind_of_clue_is_written_as_the_schema_describes_it(tmp_path: Path) -> None:
    """A clue is a text or a picture: one emoji, one of wortsuche's own (``x-table``) or the
    user's own (a PNG data URL), a picture perhaps with its letter count. Each is written, matches
    the schema and reads back; the schema's description names each."""
    from PIL import Image

    from wortsuche.words.pictures import OWN_PREFIX, own_picture

    Image.new("RGB", (40, 30), (120, 80, 40)).save(tmp_path / "igel.png")
    own = own_picture(tmp_path, "igel.png")
    words = ["EULE = Vogel der Nacht", "IGEL = 🦔", "TISCH = x-table", "APFEL = 🍎 (5)"]
    puzzle = generate([*words, f"ZELT = {own}", "FUCHS"], seed=1)
    data = json.loads(dumps(puzzle))
    VALIDATOR.validate(data)
    assert loads(dumps(puzzle)) == puzzle
    clues = [word.get("clue") for word in data["words"]]
    assert clues == ["Vogel der Nacht", "🦔", "x-table", "🍎 (5)", own, None]
    described = schema()["properties"]["words"]["items"]["properties"]["clue"]["description"]
    for kind in ("a text", "one emoji", "x-table", OWN_PREFIX, "letter count", "plain word"):
        assert kind in described, kind
