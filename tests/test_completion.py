"""Shell completion scripts know every subcommand and option, and bash accepts them."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from cli import run
from wortsuche.cli import COMMANDS


@pytest.mark.parametrize("shell", ["bash", "zsh", "tcsh"])
def test_the_script_names_every_subcommand(shell: str) -> None:
    result = run("completion", shell)
    assert result.returncode == 0, result.stderr
    for command in COMMANDS:
        assert command in result.stdout
    if shell != "tcsh":  # shtab's tcsh script completes subcommands only
        assert "--word-letter-share" in result.stdout


def test_bash_completes_a_subcommand_and_an_option() -> None:
    bash = shutil.which("bash")
    assert bash is not None
    script = run("completion", "bash").stdout
    probe = (
        script
        + '\nCOMP_WORDS=(wortsuche gen); COMP_CWORD=1; _shtab_wortsuche; echo "${COMPREPLY[@]}"'
        + "\nCOMP_WORDS=(wortsuche generate --lev); COMP_CWORD=2; _shtab_wortsuche;"
        + ' echo "${COMPREPLY[@]}"'
    )
    lines = subprocess.run(
        [bash, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert lines[-2].split() == ["generate"]
    assert "--level" in lines[-1].split()


def test_an_unknown_shell_is_a_usage_error() -> None:
    result = run("completion", "fish")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr
