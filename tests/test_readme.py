"""The README's promises: its two set-up commands are what CI runs, and its tour is real output."""

from __future__ import annotations

import glob
import itertools
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def setup_commands() -> list[str]:
    block = re.search(r"```\n(.*?)```", README, re.DOTALL)
    assert block, "the README starts with a code block of set-up commands"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_readme_gives_exactly_two_setup_commands_that_ci_runs_verbatim() -> None:
    commands = setup_commands()
    assert len(commands) == 2
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:
        assert command in ci, f"{command!r} is not in .ci/run"


def test_the_tour_shows_what_the_command_prints() -> None:
    tour = re.search(
        r"```\n\$ (wortsuche generate examples/bwinf/worte0.txt [^\n]*)\n(.*?)```",
        README,
        re.DOTALL,
    )
    assert tour
    arguments = tour.group(1).split()[1:]
    shown = subprocess.run(
        [sys.executable, "-m", "wortsuche", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert shown == tour.group(2)


def test_the_setup_installs_into_a_virtual_environment_and_tests_from_it() -> None:
    # Debian's and Ubuntu's own Python refuse pip install (externally-managed-environment).
    install, tests = setup_commands()
    assert "python3-venv" in install and "python3 -m venv .venv" in install
    assert ".venv/bin/python -m pip install -e '.[test]'" in install
    assert "python3 -m pip" not in install
    assert tests.startswith(".venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for tool in ("ruff check", "ruff format --check", "mypy"):
        assert f"\n.venv/bin/{tool}" in ci


def test_the_errors_the_readme_shows_are_what_the_command_says() -> None:
    shown = re.findall(
        r"^\$ wortsuche ([^\n]*)\n(wortsuche: error: [^\n]*\n)", README, re.MULTILINE
    )
    assert shown, "the tour shows an error"
    for command, error in shown:
        said = subprocess.run(
            [sys.executable, "-m", "wortsuche", *command.split()],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert said.returncode == 2
        assert said.stderr == error, command


def test_the_english_example_prints_an_english_sheet() -> None:
    """The words make the sheet English, whatever the system's language."""
    tour = re.search(
        r"```\n\$ (wortsuche generate [^\n]* LION TIGER ZEBRA GIRAFFE)\n(.*?)\n\n\$",
        README,
        re.DOTALL,
    )
    assert tour
    for language in ("de_DE.UTF-8", "C.UTF-8"):
        shown = subprocess.run(
            [sys.executable, "-m", "wortsuche", *tour.group(1).split()[1:]],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "LANG": language},
        )
        assert shown.stdout == tour.group(2) + "\n"
        assert "level easy" in shown.stdout


def _readme_commands() -> list[str]:
    """Every ``wortsuche …`` command line of the README's code blocks, without its comment."""
    commands = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", README, re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            line = line.removeprefix("$ ").strip()
            if line.startswith("wortsuche "):
                commands.append(re.split(r"\s{2,}#", line)[0].strip())
    return commands


FILE = re.compile(r"\.(txt|json|jsonl|png|pdf|docx|odt)$")


def _named_files(command: str) -> tuple[list[str], list[str]]:
    """The files a command reads, and the ones it writes (``-o``, ``--cover``, ``>``)."""
    words = shlex.split(command)
    written = [b for a, b in itertools.pairwise(words) if a in ("-o", "--cover", ">")]
    read = [w for w in words if FILE.search(w) and w not in written]
    return read, written


def test_every_file_a_readme_command_reads_is_shipped_or_made_by_another_command() -> None:
    commands = _readme_commands()
    made = {path for command in commands for path in _named_files(command)[1]}
    missing = []
    for command in commands:
        for path in _named_files(command)[0]:
            if path in made or path.startswith("~"):
                continue
            if not (glob.glob(str(ROOT / path)) if "*" in path else (ROOT / path).exists()):
                missing.append(f"{path} ({command})")
    assert not missing, "ship these under examples/: " + "; ".join(missing)


@pytest.mark.slow
def test_the_readmes_example_commands_on_shipped_files_run_as_written(tmp_path: Path) -> None:
    ran = 0
    for number, command in enumerate(_readme_commands()):
        folder = tmp_path / str(number)  # each command writes its files into a folder of its own
        folder.mkdir()
        (folder / "examples").symlink_to(ROOT / "examples")
        words = shlex.split(command)[1:]
        if words[0] not in ("generate", "solve") or not any("examples/" in w for w in words):
            continue
        if "--difficulty" in words or "worte3.txt" in command:  # slow; an error on purpose
            continue
        result = subprocess.run(
            [sys.executable, "-m", "wortsuche", *words],
            cwd=folder,
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, f"{command}: {result.stderr}"
        ran += 1
    assert ran >= 8
