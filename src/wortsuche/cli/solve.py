"""``wortsuche solve``: find the words in any grid, for example one typed in from a magazine."""

from __future__ import annotations

import argparse
import json

from wortsuche.cli.output import note
from wortsuche.cli.reading import read_text
from wortsuche.cli.reports import report_lines, report_to_dict
from wortsuche.errors import InputError, PuzzleFormatError
from wortsuche.grid.topology import Topology
from wortsuche.model import Grid, Puzzle
from wortsuche.notes import Note
from wortsuche.words.source import WordSource, parse_words


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``solve``."""
    parser = subparsers.add_parser(
        "solve",
        help="find words in a grid",
        description="Find each word in a grid of letters, reading all 8 directions (a puzzle "
        "file of hexagons in its 6). Exit code 0 if every word occurs exactly once, 1 otherwise.",
    )
    parser.add_argument(
        "grid",
        metavar="GRID_FILE",
        help="lines of letters (blanks between letters allowed), or a puzzle JSON file",
    )
    parser.add_argument(
        "words_file",
        nargs="?",
        metavar="WORDS_FILE",
        help="the words (competition format or one word per line); a puzzle JSON file "
        "brings its own",
    )
    parser.add_argument(
        "--words",
        nargs="+",
        metavar="WORD",
        help="the words, instead of a file (separated by spaces or commas)",
    )
    parser.add_argument(
        "--wrap",
        action="store_true",
        help="read the grid as a torus: words may run over an edge and go on at the opposite "
        "one (a puzzle JSON file made with --wrap says so itself)",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="report format (default: text)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Find the words and print where each one is."""
    from wortsuche.verification.solver import grid_eszett, solve

    text = read_text(args.grid)
    source = given_words(args, text)
    grid = grid_from_text(text, name=args.grid)
    words, warnings = source.words(eszett=grid_eszett(grid))
    for warning in warnings:
        note(warning)
    if source.size is not None and source.size != (grid.height, grid.width):
        named, found = f"{source.size[0]}x{source.size[1]}", f"{grid.height}x{grid.width}"
        note(
            Note(
                f"{source.name} names the size {named} but the grid is {found}",
                key="note.size-differs",
                values={"name": source.name, "named": named, "found": found},
            )
        )
    topology = (
        Topology.of_puzzle(puzzle_from_text(text, args.grid))
        if is_json(text) and not args.wrap
        else Topology.of_grid(grid, wrap=args.wrap)
    )
    report = solve(grid, words, topology=topology)
    if args.format == "json":
        print(json.dumps(report_to_dict(report), ensure_ascii=False, indent=2))
    else:
        from wortsuche.cli.interface import texts

        print("\n".join(report_lines(report, texts())))
    return 0 if report.ok else 1


def given_words(args: argparse.Namespace, grid_text: str) -> WordSource:
    """The words to look for: ``--words`` (spaces or commas), WORDS_FILE, or a puzzle file's own."""
    if args.words_file is not None and args.words is not None:
        raise InputError(
            "give the words either as WORDS_FILE or with --words, not both",
            key="error.solve-words-twice",
        )
    if args.words is not None:
        entries = tuple(p.strip() for word in args.words for p in word.split(",") if p.strip())
        return WordSource("--words", entries, None)
    if args.words_file is not None:
        return parse_words(read_text(args.words_file), name=args.words_file)
    if is_json(grid_text):
        entries = tuple(w.entry for w in puzzle_from_text(grid_text, args.grid).words)
        return WordSource(args.grid, entries, None)
    raise InputError(
        "give the words as WORDS_FILE or with --words (a grid file has none)",
        key="error.solve-no-words",
    )


def grid_from_text(text: str, *, name: str) -> Grid:
    """The grid in a file: a puzzle JSON file's grid, or the first block of lines of letters.

    The block ends at a blank line after which the lines no longer continue the grid (such
    as the word list under a printed puzzle); what follows is ignored with a note.
    """
    from wortsuche.verification.solver import read_grid

    if is_json(text):
        return puzzle_from_text(text, name).grid
    lines = text.removeprefix("\ufeff").splitlines()
    rows = grid_lines(lines)
    if len(rows) < len(lines) and any(line.strip() for line in lines[len(rows) :]):
        note(
            Note(
                f"{name}: the grid ends at line {len(rows)}; the lines after it are ignored",
                key="note.grid-ends",
                values={"name": name, "number": len(rows)},
            )
        )
    try:
        return read_grid(rows)
    except InputError as error:
        raise InputError(
            f"{name}: {error}", key="error.in-source", values={"name": name, "error": error}
        ) from None


def is_json(text: str) -> bool:
    """True for a puzzle JSON file rather than lines of letters."""
    return text.lstrip("\ufeff \t\r\n").startswith("{")


def puzzle_from_text(text: str, name: str) -> Puzzle:
    """The puzzle in a JSON file, with the file named in any error."""
    from wortsuche.puzzle_json import loads

    try:
        return loads(text)
    except PuzzleFormatError as error:
        raise PuzzleFormatError(
            f"{name}: {error}", key="error.in-source", values={"name": name, "error": error}
        ) from None


def grid_lines(lines: list[str]) -> list[str]:
    """The lines up to the end of the first block of grid rows (blank lines inside kept)."""
    width = None
    end = 0
    blank_before = False
    for number, line in enumerate(lines):
        letters = "".join(line.split())
        if not letters:
            blank_before = width is not None
            continue
        if width is None:
            width = len(letters)
        elif blank_before and (len(letters) != width or not letters.isalpha()):
            break
        blank_before = False
        end = number + 1
    return lines[:end]
