"""``wortsuche book``: many puzzles in one PDF, generated in parallel.

wortsuche book lists/*.txt --level hard --seed 1 -o book.pdf
wortsuche book animals.txt --count 50 --words-per-puzzle 15 --size 15x15 -o book.pdf
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from wortsuche.cli.common import add_paper_options, check_output, note, read_text, write_output
from wortsuche.errors import InputError
from wortsuche.source import parse_size, parse_words


def add_parser(subparsers: Any) -> None:
    """Register the ``book`` subcommand."""
    from wortsuche.levels import LEVELS
    from wortsuche.model import LANGUAGES

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "book",
        help="make a PDF puzzle book from word lists",
        description="Make a PDF book: contents, one puzzle per page, then all answer keys. "
        "Without --count each word list makes one puzzle; with --count that many puzzles "
        "are drawn from the lists.",
    )
    parser.add_argument("lists", nargs="+", metavar="WORDS.txt", help="word lists, one per line")
    parser.add_argument(
        "-o", "--output", required=True, metavar="BOOK.pdf", help="the PDF to write"
    )
    parser.add_argument("--force", action="store_true", help="overwrite BOOK.pdf if it exists")
    parser.add_argument("--count", type=int, metavar="N", help="number of puzzles to draw")
    parser.add_argument(
        "--words-per-puzzle",
        type=int,
        metavar="N",
        help="words in each puzzle (default with --count: 15)",
    )
    parser.add_argument(
        "--size",
        metavar="ROWSxCOLS",
        help="grid size, e.g. 15x15 (default: a file's size header, else from the words)",
    )
    parser.add_argument(
        "--level", choices=tuple(LEVELS), default="medium", help="difficulty (default: medium)"
    )
    parser.add_argument(
        "--difficulty",
        type=float,
        metavar="MINUTES",
        help="make each puzzle nearest this difficulty score (expected minutes for an adult)",
    )
    parser.add_argument(
        "--order",
        choices=("as-given", "easy-to-hard"),
        default="as-given",
        help="easy-to-hard sorts the puzzles by their difficulty score",
    )
    parser.add_argument("--seed", type=int, help="book seed: the same seed makes the same book")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        help="the puzzles' language: filler alphabet and every text in the book "
        "(default: auto, the words' language where clear, else the system's, else English)",
    )
    parser.add_argument(
        "--workers", type=int, metavar="N", help="processes to use (default: one per core)"
    )
    add_paper_options(
        parser,
        title_help="title of the book (default: Word Search Puzzles, Wortsuchrätsel)",
        images=False,
    )
    parser.set_defaults(run=run)


def read_list(path: str) -> tuple[str, list[str], tuple[int, int] | None]:
    """A word file's title (its name), entries as written and size header (competition format)."""
    source = parse_words(read_text(path), name=path)
    return list_title(path), list(source.entries), source.size


def list_title(path: str) -> str:
    """A puzzle title from a file name, as written with _ as spaces:
    ``obst_und_Früchte.txt`` → ``obst und Früchte`` (empty for standard input: the puzzle's
    number stands for it)."""
    if path == "-":
        return ""
    return " ".join(Path(path).stem.replace("_", " ").split())


@contextmanager
def progress_bar(total: int) -> Iterator[Callable[[str], None]]:
    """A progress bar on a terminal (call with the stage's name to advance); silent otherwise."""
    if not sys.stderr.isatty():
        yield lambda _: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    columns = (TextColumn("{task.description:<8}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        tasks = {
            "making": progress.add_task("Making", total=total),
            "printing": progress.add_task("Printing", total=total),
        }
        yield lambda stage: progress.advance(tasks[stage])


def run(args: argparse.Namespace) -> int:
    """Plan, generate and print the book."""
    from dataclasses import replace

    from wortsuche.book import BookSettings, build_book, plan_book, short_lists
    from wortsuche.cli.common import render_options
    from wortsuche.rand import new_seed
    from wortsuche.render import format_for_path, render_book, require

    if args.output != "-" and format_for_path(args.output) != "pdf":
        raise InputError(f"a book is a PDF; name the output *.pdf, not {args.output!r}")
    require("pdf")  # a missing extra is said before any puzzle is made
    if args.workers is not None and args.workers < 1:
        raise InputError(f"--workers must be at least 1, not {args.workers}")
    check_output(args.output, force=args.force)
    rows, cols = parse_size(args.size, what="--size") if args.size else (None, None)
    seed = args.seed if args.seed is not None else new_seed()
    read = [read_list(path) for path in args.lists]
    by_file = [(path, entries) for (_, entries, _), path in zip(read, args.lists, strict=True)]
    for name, have, wanted in short_lists(
        by_file, count=args.count, words_per_puzzle=args.words_per_puzzle
    ):
        note(f"{name} has only {have} different words, so its puzzles have {have}, not {wanted}")
    plan = plan_book(
        [(title, entries) for title, entries, _ in read],
        seed=seed,
        count=args.count,
        words_per_puzzle=args.words_per_puzzle,
        sizes=[size for _, _, size in read],
    )
    settings = BookSettings(
        rows=rows,
        cols=cols,
        level=args.level,
        options={"language": args.language},
        difficulty=args.difficulty,
    )
    options = render_options(args)
    if options.language is None and args.language in ("de", "en"):
        options = replace(options, language=args.language)
    with progress_bar(len(plan)) as advance:
        puzzles = build_book(
            plan, settings, workers=args.workers, on_done=lambda _: advance("making")
        )
        titled = [(planned.title, puzzle) for planned, puzzle in zip(plan, puzzles, strict=True)]
        if args.order == "easy-to-hard":
            from wortsuche.difficulty import rate_puzzle

            titled.sort(key=lambda item: rate_puzzle(item[1]).score)
        pdf = render_book(
            titled,
            options,
            on_page=lambda: advance("printing"),
        )
    write_output(args.output, pdf, force=args.force)
    if args.seed is None:
        print(f"wortsuche: book seed {seed} (use --seed {seed} to make it again)", file=sys.stderr)
    return 0
