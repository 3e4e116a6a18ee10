"""The ``wortsuche`` command line: one module per subcommand, each mirroring the Python API.

Every subcommand module has ``add_parser(subparsers)`` and ``run(args) -> int``. Errors the
user can fix print one line on stderr and exit with 2; nothing prints a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from wortsuche.errors import WortsucheError

COMMANDS = ("generate", "check", "solve", "render", "book", "themes", "serve", "completion")
"""Subcommand names; each is a module ``wortsuche.cli.<name>``."""

EXIT_OK, EXIT_PROBLEM, EXIT_USAGE = 0, 1, 2


class UsageError(WortsucheError):
    """Bad input on the command line (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    from wortsuche import __version__

    parser = _Parser(prog="wortsuche", description="Word search puzzles, every word exactly once.")
    parser.add_argument("--version", action="version", version=f"wortsuche {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in COMMANDS:
        importlib.import_module(f"wortsuche.cli.{name}").add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    try:
        args = build_parser().parse_args(argv)
        code: int = args.run(args)
        return code
    except WortsucheError as error:
        message = " ".join(str(error).split())  # always one line, whatever the message holds
        print(f"wortsuche: error: {message}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("wortsuche: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
