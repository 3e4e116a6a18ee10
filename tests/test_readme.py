"""The README's promises: its two set-up commands are what CI runs, and its tour is real output."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

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
