"""``wortsuche render``: turn a saved puzzle (JSON) into a worksheet, image, CSV or HTML game.

wortsuche render puzzle.json -o sheet.pdf --answers
"""

from __future__ import annotations

import argparse
from typing import Any

from wortsuche.cli.flags import add_output_options
from wortsuche.cli.output import write_output
from wortsuche.cli.reading import read_text
from wortsuche.cli.rendering import answers_note, output_format, render_options, say_small_letters
from wortsuche.cli.sheet import add_sheet_options, check_format, sheet_options
from wortsuche.model import Puzzle
from wortsuche.puzzle_json import loads


def add_parser(subparsers: Any) -> None:
    """Register the ``render`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "render",
        help="render a saved puzzle as PDF, SVG, PNG, CSV, HTML or text",
        description="Render a puzzle saved as JSON (by generate -o puzzle.json) in another format.",
    )
    parser.add_argument("puzzle", metavar="PUZZLE.json", help="a puzzle file (- for stdin)")
    add_output_options(parser)
    add_sheet_options(parser)
    parser.set_defaults(run=run)


def write_puzzle(puzzle: Puzzle, args: argparse.Namespace) -> None:
    """Render ``puzzle`` as the arguments ask and write it to -o (or standard output)."""
    from wortsuche.render import render

    fmt = output_format(args)
    options = sheet_options(render_options(args), args, puzzle)
    say_small_letters(puzzle, options, fmt)
    content = render(puzzle, fmt, options)
    write_output(args.output or "-", content, force=args.force)


def run(args: argparse.Namespace) -> int:
    """Read the puzzle file and write it in the chosen format."""
    answers_note(output_format(args), args)  # a bad format or -o fails before any reading
    check_format(output_format(args), args)
    puzzle = loads(read_text(args.puzzle))
    write_puzzle(puzzle, args)
    return 0
