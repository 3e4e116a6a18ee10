"""mypy --strict checks every option of a spec: a misspelt or wrongly typed option is an error
before anything runs, as a field of a frozen dataclass (no ``__getattr__`` that answers Any)."""

from __future__ import annotations

import re

import pytest
from mypy import api

RIGHT = """\
from wortsuche.model import Direction, Puzzle
from wortsuche.pipeline.run import generate
from wortsuche.spec import PuzzleSpec

spec = PuzzleSpec(["TORF", "VOR"], 5, level="hard", wrap=True, directions=[Direction.E])
level: str = spec.level
wrap: bool | None = spec.wrap
effort: float = spec.effort
puzzle: Puzzle = generate(spec.replace(seed=3))
"""

WRONG = """\
from wortsuche.pipeline.run import generate
from wortsuche.spec import PuzzleSpec

spec = PuzzleSpec(["TORF", "VOR"], 5, level="hard")
level = spec.levle
wrapped = PuzzleSpec(["TORF"], 5, wrap="yes")
misnamed = PuzzleSpec(["TORF"], 5, levle="hard")
share: str = spec.letter_floor
made = generate(spec, levle="hard")
"""


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """mypy --strict's errors in the right and the wrong module, by module, line by line."""
    folder = tmp_path_factory.mktemp("typed")
    (folder / "right.py").write_text(RIGHT, encoding="utf-8")
    (folder / "wrong.py").write_text(WRONG, encoding="utf-8")
    out, err, _ = api.run(
        [
            "--strict",
            "--no-error-summary",
            "--cache-dir",  # its own: a shared cache could answer for another right.py
            str(folder / "cache"),
            str(folder / "right.py"),
            str(folder / "wrong.py"),
        ]
    )
    assert not err, err
    errors: dict[str, list[str]] = {"right": [], "wrong": []}
    for line in out.splitlines():
        found = re.match(r".*[/\\](right|wrong)\.py:(\d+): error: (.*)", line)
        if found:
            errors[found[1]].append(f"{found[2]}: {found[3]}")
    return errors


@pytest.mark.slow
def test_the_right_names_and_types_pass_mypy_strict(reports: dict[str, list[str]]) -> None:
    assert reports["right"] == []


@pytest.mark.slow
def test_a_misspelt_option_read_is_a_mypy_error(reports: dict[str, list[str]]) -> None:
    assert any(e.startswith("5: ") and "levle" in e for e in reports["wrong"]), reports["wrong"]


@pytest.mark.slow
def test_a_wrongly_typed_option_is_a_mypy_error(reports: dict[str, list[str]]) -> None:
    assert any(e.startswith("6: ") and '"wrap"' in e for e in reports["wrong"]), reports["wrong"]
    assert any(e.startswith("8: ") for e in reports["wrong"]), reports["wrong"]


@pytest.mark.slow
def test_a_misspelt_option_given_is_a_mypy_error(reports: dict[str, list[str]]) -> None:
    assert any(e.startswith("7: ") and "levle" in e for e in reports["wrong"]), reports["wrong"]


@pytest.mark.slow
def test_generate_of_a_spec_takes_no_loose_option(reports: dict[str, list[str]]) -> None:
    assert any(e.startswith("9: ") for e in reports["wrong"]), reports["wrong"]
