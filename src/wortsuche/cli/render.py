"""``wortsuche render``: turn a saved puzzle (JSON) into a worksheet, image, CSV or HTML game.

wortsuche render puzzle.json -o sheet.pdf --answers
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from wortsuche.cli.common import add_output_options, read_text, render_options, write_output
from wortsuche.errors import InputError
from wortsuche.model import Puzzle


def add_parser(subparsers: Any) -> None:
    """Register the ``render`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "render",
        help="render a saved puzzle as PDF, SVG, PNG, CSV, HTML or text",
        description="Render a puzzle saved as JSON (by generate -o puzzle.json) in another format.",
    )
    parser.add_argument("puzzle", metavar="PUZZLE.json", help="a puzzle file (- for stdin)")
    add_output_options(parser)
    parser.set_defaults(run=run)


def output_format(args: argparse.Namespace) -> str:
    """The format asked for: --format, else the suffix of -o, else text."""
    from wortsuche.render import FORMATS, format_for_path

    if args.format:
        if args.format not in FORMATS:
            raise InputError(f"unknown format {args.format!r}; choose one of {', '.join(FORMATS)}")
        return str(args.format)
    if args.output and args.output != "-":
        return format_for_path(args.output)
    return "text"


def write_puzzle(puzzle: Puzzle, args: argparse.Namespace) -> None:
    """Render ``puzzle`` as the arguments ask and write it to -o (or standard output)."""
    from wortsuche.render import render

    format = output_format(args)
    content = render(puzzle, format, **render_options(args))
    target = args.output or "-"
    if target == "-" and isinstance(content, bytes) and sys.stdout.isatty():
        raise InputError(f"{format.upper()} is not for a terminal; write it to a file with -o")
    write_output(target, content, force=args.force)


def run(args: argparse.Namespace) -> int:
    """Read the puzzle file and write it in the chosen format."""
    puzzle = Puzzle.from_json(read_text(args.puzzle))
    write_puzzle(puzzle, args)
    return 0
