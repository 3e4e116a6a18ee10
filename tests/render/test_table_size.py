"""A word processor's table holds at most 100×100 cells: a larger grid is refused in one line
before anything is written (a 500×500 triangle took 29 CPU s and a gigabyte to set as a DOCX)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli import run
from wortsuche import generate
from wortsuche.errors import InputError
from wortsuche.render import MOST_TABLE_CELLS, render


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_a_grid_over_the_table_limit_is_refused_and_one_at_it_is_set(format: str) -> None:
    over = generate(["HUND", "KATZE"], 101, 100, level="easy", seed=1)
    with pytest.raises(InputError) as refused:
        render(over, format)
    assert refused.value.key == "error.table-too-large"
    assert refused.value.values["cells"] == 10_100 > MOST_TABLE_CELLS
    small = generate(["HUND", "KATZE"], 12, 12, level="easy", seed=1)
    assert render(small, format)[:2] == b"PK"  # a zip package: DOCX and ODT both are


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en_US.UTF-8",
            "wortsuche: error: docx sets a grid of at most 10000 cells as a table, and this one "
            "has 10100 (101x100); choose pdf, png or svg, or a smaller grid\n",
        ),
        (
            "de_DE.UTF-8",
            "wortsuche: Fehler: docx setzt ein Gitter von höchstens 10000 Feldern als Tabelle, "
            "dieses hat 10100 (101x100); wähle pdf, png oder svg oder ein kleineres Gitter\n",
        ),
    ],
)
def test_the_command_says_it_in_one_line_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, said: str
) -> None:
    monkeypatch.setenv("LANG", lang)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    result = run(
        "generate", "HUND", "KATZE", "--size", "101x100", "--seed", "1", "-o", "out.docx",
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] + "\n" == said
    assert not (tmp_path / "out.docx").exists()
