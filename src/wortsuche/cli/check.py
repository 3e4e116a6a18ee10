"""``wortsuche check``: prove that a puzzle file holds every word exactly once."""

from __future__ import annotations

import argparse
import json

from wortsuche.cli.reading import read_text
from wortsuche.cli.reports import report_lines, report_to_dict
from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.errors import PuzzleFormatError
from wortsuche.i18n import Translator, translator
from wortsuche.model import Puzzle
from wortsuche.puzzle_json import loads
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
        from wortsuche.cli.interface import texts

        said = texts()
        print("\n".join(report_lines(report, said)))
        total = len(puzzle.words)
        if report.ok:
            print(f"\nOK: {summary_line(total, absent=puzzle.absent, texts=said)}")
        minutes = said.decimal(rating.minutes)
        print(said.t("check.difficulty", score=said.decimal(rating.score), minutes=minutes))
    return 0 if report.ok else 1


def summary_line(total: int, *, absent: bool, texts: Translator | None = None) -> str:
    """What a clean report proves, in words that fit the count.

    >>> summary_line(1, absent=False)
    'the word occurs exactly once.'
    >>> summary_line(3, absent=True)
    'none of the 3 words is in the grid, as intended.'
    """
    texts = texts or translator("en")
    return texts.n("check.absent" if absent else "check.once", total)


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
