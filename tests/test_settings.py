"""Defaults set once: WORTSUCHE_* variables and config.toml, flags first, each error naming its source."""

from __future__ import annotations

import dataclasses
import json
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from cli import run
from wortsuche.cli.settings import SETTINGS, config_path, render_settings_fields
from wortsuche.render.options import RenderOptions

WORDS = ["Straße", "Fuß", "Hund", "Katze"]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty config folder (XDG_CONFIG_HOME) whose wortsuche/config.toml a test writes."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (tmp_path / "config" / "wortsuche").mkdir(parents=True)
    return tmp_path


def write_config(home: Path, text: str) -> Path:
    path = home / "config" / "wortsuche" / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def page_width(home: Path, *flags: str) -> float:
    result = run("generate", *WORDS, "--seed", "1", "-o", "-", "--format", "pdf", *flags, cwd=home)
    assert result.returncode == 0, result.stderr
    return float(PdfReader(BytesIO(result.stdout_bytes)).pages[0].mediabox.width)


A4, LETTER = 595.28, 612.0


def test_the_flag_wins_over_the_environment_and_the_environment_over_the_file(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert page_width(home) == pytest.approx(A4)
    write_config(home, 'paper = "letter"\n')
    assert page_width(home) == pytest.approx(LETTER)
    monkeypatch.setenv("WORTSUCHE_PAPER", "a4")
    assert page_width(home) == pytest.approx(A4)
    assert page_width(home, "--paper", "letter") == pytest.approx(LETTER)


def test_eszett_language_and_case_come_from_the_settings(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_config(home, 'eszett = "keep"\nlanguage = "en"\ncase = "lower"\n')
    result = run("generate", *WORDS, "--seed", "1", "--format", "json", cwd=home)
    data = json.loads(result.stdout)
    assert data["words"][0]["letters"] == "STRAẞE"
    assert "level medium" in run("generate", *WORDS, "--seed", "1", cwd=home).stdout
    svg = run("generate", *WORDS, "--seed", "1", "--format", "svg", cwd=home).stdout
    assert ">s</text>" in svg and ">S</text>" not in svg
    svg = run("generate", *WORDS, "--seed", "1", "--format", "svg", "--uppercase", cwd=home).stdout
    assert ">S</text>" in svg and ">s</text>" not in svg
    monkeypatch.setenv("WORTSUCHE_ESZETT", "ss")
    data = json.loads(run("generate", *WORDS, "--seed", "1", "--format", "json", cwd=home).stdout)
    assert data["words"][0]["letters"] == "STRASSE"


@pytest.mark.parametrize(
    ("variable", "value", "said"),
    [
        ("WORTSUCHE_PAPER", "a5", "WORTSUCHE_PAPER: paper = 'a5' is not one of a4, letter"),
        (
            "WORTSUCHE_NAME_LINE",
            "vielleicht",
            "WORTSUCHE_NAME_LINE: name_line must be true or false",
        ),
        ("WORTSUCHE_CASE", "Upper", "WORTSUCHE_CASE: case = 'Upper' is not one of upper, lower"),
    ],
)
def test_a_bad_variable_is_named_in_one_line(
    home: Path, monkeypatch: pytest.MonkeyPatch, variable: str, value: str, said: str
) -> None:
    monkeypatch.setenv(variable, value)
    result = run("generate", *WORDS, cwd=home)
    assert result.returncode == 2
    assert result.stderr.startswith(f"wortsuche: error: {said}")
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('paper = "a3"\n', "paper = 'a3' is not one of a4, letter"),
        ("paper = \n", "not a valid TOML file"),
        ("papr = 'a4'\n", "unknown setting 'papr'; known: language, eszett"),
        ("name_line = 'ja bitte'\n", "name_line must be true or false"),
        ("language = 3\n", "language must be text, not 3"),
        # benchmarks/fuzz.py: nested arrays ended in a RecursionError inside tomllib
        ("paper = " + "[" * 1000 + "]" * 1000 + "\n", "not a valid TOML file (nested too deeply)"),
    ],
)
def test_a_bad_file_is_named_in_one_line(home: Path, text: str, said: str) -> None:
    path = write_config(home, text)
    result = run("generate", *WORDS, cwd=home)
    assert result.returncode == 2
    assert result.stderr.startswith(f"wortsuche: error: {path}: {said}")
    assert result.stderr.count("\n") == 1
    # a command without such defaults is not stopped by them
    assert run("themes", cwd=home).returncode == 0


def test_config_shows_each_setting_and_where_it_comes_from(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_config(home, 'paper = "letter"\nname_line = false\n')
    monkeypatch.setenv("WORTSUCHE_LANGUAGE", "de")
    result = run("config", cwd=home)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines[:-1]] == list(SETTINGS)
    assert lines[0].split()[:2] == ["language", "de"]
    assert lines[0].endswith("(from the environment variable WORTSUCHE_LANGUAGE)")
    assert lines[2].split()[:2] == ["paper", "letter"] and lines[2].endswith(f"(from {path})")
    assert lines[5].split()[:2] == ["name_line", "false"]
    assert lines[1].split()[:2] == ["eszett", "auto"] and "default" in lines[1]
    assert lines[-1] == f"config file: {path}"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    german = run("config", cwd=home).stdout.splitlines()
    assert german[2].endswith(f"(aus {path})") and german[-1] == f"Konfigurationsdatei: {path}"


def test_the_file_is_under_xdg_config_home_else_dot_config() -> None:
    assert config_path({"XDG_CONFIG_HOME": "/x"}) == Path("/x/wortsuche/config.toml")
    assert config_path({"HOME": "/h"}).parts[-3:] == (".config", "wortsuche", "config.toml")


def test_font_and_name_line_reach_the_sheet_only_where_the_sheet_has_them(home: Path) -> None:
    fields = {field.name for field in dataclasses.fields(RenderOptions)}
    assert set(render_settings_fields()) == fields & {"font", "name_line"}
    write_config(home, 'font = "school"\nname_line = false\n')
    result = run("generate", *WORDS, "--seed", "1", "--format", "pdf", "-o", "blatt.pdf", cwd=home)
    assert result.returncode == 0, result.stderr
