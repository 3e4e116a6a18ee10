"""Crafted input on the command line: one line on stderr and exit 2, never a traceback.

Each case here once escaped as a traceback (exit 1) or was silently cut; the fuzz suite
(tests/test_fuzz.py) looks for more of the same kind.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli import ENV, run
from wortsuche.cli.reading import MAX_INPUT_BYTES
from wortsuche.pipeline.run import generate
from wortsuche.puzzle_json import dumps

WORDS = ["TORF", "VOR", "RAD", "EVA"]


def puzzle_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(generate(WORDS, 5, 5, level="hard", seed=1)))
    return data


def assert_one_line_error(result: Any, *fragments: str) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.startswith("wortsuche: error: ")
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    for fragment in fragments:
        assert fragment in result.stderr


def with_changes(change: Any) -> str:
    data = puzzle_data()
    change(data)
    return json.dumps(data)


SEED = '"seed": 1,'
CRAFTED_PUZZLES = {
    "nested 100,000 deep": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "seed 1e400": (
        dumps(generate(WORDS, 5, 5, level="hard", seed=1)).replace(SEED, '"seed": 1e400,'),
        "seed",
    ),
    "start 1e400": (
        with_changes(lambda d: d["placements"][0].__setitem__("start", ["1e400", 0])).replace(
            '"1e400"', "1e400"
        ),
        "start",
    ),
    "word_letter_share 1e400": (
        with_changes(lambda d: d["options"].__setitem__("word_letter_share", "1e400")).replace(
            '"1e400"', "1e400"
        ),
        "word_letter_share",
    ),
    "seed of 4,301 digits": (
        dumps(generate(WORDS, 5, 5, level="hard", seed=1)).replace(SEED, f'"seed": {"7" * 4301},'),
        "digits",
    ),
    "lone surrogate": (
        dumps(generate(WORDS, 5, 5, level="hard", seed=1)).replace(
            '"entry": "TORF"', '"entry": "T\\ud800"'
        ),
        "surrogate",
    ),
    "end contradicts start": (
        with_changes(lambda d: d["placements"][0].__setitem__("end", [0, 0])),
        "end",
    ),
    "cells contradict start": (
        with_changes(lambda d: d["placements"][0]["cells"].reverse()),
        "cells",
    ),
    "format_version true": (
        with_changes(lambda d: d.__setitem__("format_version", True)),
        "version",
    ),
    'absent "false"': (
        with_changes(lambda d: d["options"].__setitem__("absent", "false")),
        "absent",
    ),
    "NaN seed": (
        dumps(generate(WORDS, 5, 5, level="hard", seed=1)).replace(SEED, '"seed": NaN,'),
        "NaN",
    ),
}


@pytest.mark.parametrize("command", ["check", "render"])
@pytest.mark.parametrize("case", list(CRAFTED_PUZZLES))
def test_a_crafted_puzzle_file_is_one_line_and_exit_2(
    tmp_path: Path, command: str, case: str
) -> None:
    text, fragment = CRAFTED_PUZZLES[case]
    path = tmp_path / "crafted.json"
    path.write_text(text, encoding="utf-8")
    assert_one_line_error(run(command, path), fragment)


def test_a_field_the_reader_does_not_know_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "newer.json"
    path.write_text(with_changes(lambda d: d.update(title="Moor", sheet_language="de")))
    result = run("check", path)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "header",
    [
        "1" * 4301 + " 5\n1\nTORF\n",
        "5 5\n" + "9" * 4301 + "\nTORF\n",
        "5 " + "2" * 5000 + "\n1\nTORF\n",
    ],
    ids=["rows", "count", "cols"],
)
def test_a_word_list_header_number_of_thousands_of_digits_is_refused(
    tmp_path: Path, header: str
) -> None:
    path = tmp_path / "words.txt"
    path.write_text(header)
    assert_one_line_error(run("generate", path), "far too large")


def test_a_size_of_thousands_of_digits_is_refused() -> None:
    assert_one_line_error(run("generate", *WORDS, "--size", "9" * 5000), "far too large")


def test_a_title_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    title = os.fsdecode(b"Moor \xff")  # how Python hands over a non-UTF-8 argument
    assert_one_line_error(run("generate", *WORDS, "--title", title), "--title", "0xff")


def test_standard_input_over_the_limit_is_refused_like_a_file(tmp_path: Path) -> None:
    data = b"TORF\n" * (MAX_INPUT_BYTES // 5 + 1)
    assert_one_line_error(run("generate", "-", stdin=data), "standard input is too large")
    path = tmp_path / "big.txt"
    path.write_bytes(data)
    assert_one_line_error(run("generate", path), "too large")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_on_standard_output_is_one_line_and_exit_2() -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "wortsuche", "generate", *WORDS, "--seed", "1"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, **ENV},
            timeout=60,
        )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines()[-1] == (
        "wortsuche: error: cannot write the output (No space left on device)"
    )
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


DEEP = "[" * 100_000 + "]" * 100_000


def record_line(**find: Any) -> str:
    """A play record of the standard puzzle with one find of TORF (changed by ``find``)."""
    found = {"word": "TORF", "at": 12.5, "hints": 0, "wrong": 0, **find}
    return json.dumps({"puzzle": puzzle_data(), "finds": [found], "finished": True}) + "\n"


@pytest.mark.parametrize(
    "arguments",
    [
        ["rate", "puzzle.json", "--model", "deep.json"],
        ["generate", *WORDS, "--difficulty", "1", "--model", "deep.json"],
        ["calibrate", "deep.json"],
        ["calibrate", "deep.jsonl"],
        ["check", "deep.json"],
        ["book", "--join", "part.jsonl", "-o", "book.pdf"],
    ],
    ids=" ".join,
)
def test_deeply_nested_json_is_refused_by_every_reader(
    tmp_path: Path, arguments: list[str]
) -> None:
    (tmp_path / "puzzle.json").write_text(json.dumps(puzzle_data()), encoding="utf-8")
    (tmp_path / "deep.json").write_text(DEEP, encoding="utf-8")
    (tmp_path / "deep.jsonl").write_text(record_line() + DEEP + "\n", encoding="utf-8")
    (tmp_path / "part.jsonl").write_text(DEEP + "\n", encoding="utf-8")
    assert_one_line_error(run(*arguments, cwd=tmp_path), "nested too deeply")


@pytest.mark.parametrize(
    "hints, fragment",
    [
        ("[]", '"finds[0].hints" must be a whole number'),
        ("1e400", '"finds[0].hints" must be a finite number'),
        ("NaN", '"finds[0].hints" must be a finite number'),
        ('"1e400"', '"finds[0].hints" must be a whole number'),
        ("-1", '"finds[0].hints" must be a whole number from 0 to 1000'),
        ("true", '"finds[0].hints" must be a whole number'),
    ],
)
def test_calibrate_refuses_hints_that_are_no_count(
    tmp_path: Path, hints: str, fragment: str
) -> None:
    records = tmp_path / "records.jsonl"
    records.write_text(
        record_line() + record_line(hints=0).replace('"hints": 0', f'"hints": {hints}')
    )
    model = tmp_path / "model.json"
    model.write_text("kept\n", encoding="utf-8")
    result = run("calibrate", records, "-o", model, "--force")
    assert_one_line_error(result, "records.jsonl line 2", fragment)
    assert model.read_text(encoding="utf-8") == "kept\n"
