"""``wortsuche completion``: print a shell completion script for bash, zsh or tcsh.

The script is made from the argument parser itself (by shtab), so it always knows every
subcommand and option of this version.
"""

from __future__ import annotations

import argparse

SHELLS = ("bash", "zsh", "tcsh")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``completion``."""
    parser = subparsers.add_parser(
        "completion",
        help="print a shell completion script",
        description="Print a completion script for your shell. For bash: "
        "wortsuche completion bash > ~/.local/share/bash-completion/completions/wortsuche",
    )
    parser.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the script for ``args.shell``."""
    import shtab

    from wortsuche.cli import build_parser

    print(shtab.complete(build_parser(), shell=args.shell), end="")
    return 0
