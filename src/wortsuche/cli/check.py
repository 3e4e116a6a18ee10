"""``wortsuche check``: prove that a puzzle file holds every word exactly once."""

from __future__ import annotations

import argparse
import json

from wortsuche.cli.common import read_text
from wortsuche.cli.reports import report_lines, report_to_dict
from wortsuche.errors import PuzzleFormatError
from wortsuche.model import Puzzle
from wortsuche.puzzle_json import loads
from wortsuche.rating.difficulty import rate_puzzle, score_text
from wortsuche.verification.verifier import verify_puzzle


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``check``."""
    parser = subparsers.add_parser(
        "check",
        help="verify a puzzle file",
        description="Verify a puzzle file (JSON): every word exactly once, placements as stated. "
        "Exit code 0 if the puzzle is right, 1 if it has problems, 2 if the file is not a puzzle.",
    )
    parser.add_argument("puzzle", metavar="FILE.json", help="a puzzle written by generate -o")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="report format (default: text)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Verify the puzzle and print a line per word."""
    puzzle = read_puzzle(args.puzzle)
    report = verify_puzzle(puzzle)
    rating = rate_puzzle(puzzle)
    if args.format == "json":
        data = report_to_dict(report)
        data["difficulty"] = rating.to_dict()
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print("\n".join(report_lines(report)))
        total = len(puzzle.words)
        if report.ok:
            print(f"\nOK: {summary_line(total, absent=puzzle.absent)}")
        print(
            f"Difficulty {score_text(rating.score)}: about {rating.minutes:.1f} minutes "
            "for an adult (wortsuche rate explains it)"
        )
    return 0 if report.ok else 1


def summary_line(total: int, *, absent: bool) -> str:
    """What a clean report proves, in words that fit the count.

    >>> summary_line(1, absent=False)
    'the word occurs exactly once.'
    >>> summary_line(3, absent=True)
    'none of the 3 words is in the grid, as intended.'
    """
    if absent:
        if total == 1:
            return "the word is not in the grid, as intended."
        return f"none of the {total} words is in the grid, as intended."
    if total == 1:
        return "the word occurs exactly once."
    return f"every one of the {total} words occurs exactly once."


def read_puzzle(path: str) -> Puzzle:
    """A puzzle from a JSON file, with the file named in any error."""
    text = read_text(path)
    try:
        puzzle = loads(text)
    except PuzzleFormatError as error:
        raise PuzzleFormatError(
            f"{path}: {error}", key="error.in-source", values={"name": path, "error": error}
        ) from None
    if any(not word.letters for word in puzzle.words):
        raise PuzzleFormatError(
            f"{path}: a word has no letters",
            key="error.word-without-letters",
            values={"path": path},
        )
    return puzzle
