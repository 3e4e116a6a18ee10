"""``wortsuche book``: many puzzles in one PDF, generated in parallel.

wortsuche book lists/*.txt --level hard --seed 1 -o book.pdf
wortsuche book animals.txt --count 50 --words-per-puzzle 15 --size 15x15 -o book.pdf

A large run is split by puzzle number into parts that run anywhere (docs/deploy.md):
wortsuche book animals.txt --seed 1 --first 1 --count 500 -o part1.jsonl
wortsuche book animals.txt --seed 1 --first 501 --count 500 -o part2.jsonl
wortsuche book --join part1.jsonl part2.jsonl -o book.pdf   # = --count 1000 -o book.pdf
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wortsuche.book.files import Listed, word_lists
from wortsuche.cli.flags import add_paper_options, add_spec_options, spec_options
from wortsuche.cli.output import check_output, note, write_output
from wortsuche.cli.printbook import (
    add_print_options,
    check_print_options,
    large_print_sizes,
    print_trimmed,
)
from wortsuche.cli.reading import read_text
from wortsuche.errors import InputError
from wortsuche.i18n import LANGUAGES
from wortsuche.notes import Note
from wortsuche.spec import BOOK, declared, default
from wortsuche.words.letters import counted_entries
from wortsuche.words.normalise import eszett_for
from wortsuche.words.source import (
    parse_size,
)
from wortsuche.words.vocabulary import asked_sheet_language, clued_entries

if TYPE_CHECKING:
    from wortsuche.book import BookSettings, PlannedPuzzle
    from wortsuche.cluster import Credentials
    from wortsuche.model import Puzzle


def add_parser(subparsers: Any) -> None:
    """Register the ``book`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "book",
        help="make a PDF puzzle book from word lists",
        description="Make a PDF book: contents, one puzzle per page, then all answer keys. "
        "Without --count each word list makes one puzzle; with --count that many puzzles "
        "are drawn from the lists.",
    )
    parser.add_argument(
        "lists",
        nargs="*",
        metavar="WORDS.txt",
        help="word lists, one word a line (with --join: the .jsonl parts of one book)",
    )
    parser.add_argument(
        "--theme",
        action="append",
        metavar="NAME",
        help="a themed word list shipped with wortsuche, titled in the book's language "
        "(again for more; see: wortsuche themes)",
    )
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="BOOK.pdf",
        help="the PDF to write, or a .jsonl file: one puzzle a line, a part of a large run",
    )
    parser.add_argument("--force", action="store_true", help="overwrite BOOK.pdf if it exists")
    parser.add_argument("--count", type=int, metavar="N", help="number of puzzles to draw")
    parser.add_argument(
        "--first",
        type=int,
        metavar="N",
        help="make puzzles N to N+COUNT-1 of the book (a part of a larger run; needs --count "
        "and --seed)",
    )
    parser.add_argument(
        "--join",
        action="store_true",
        help="print the .jsonl parts given instead of word lists as one book: the PDF one run "
        "would make",
    )
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
        "--order",
        choices=("as-given", "easy-to-hard", "by-theme"),
        default="as-given",
        help="easy-to-hard sorts the puzzles by their difficulty score, in three labelled parts "
        "(with several --level, by level and score, a part for each level); by-theme (with "
        "--trim) puts each word list's puzzles in a part of its own",
    )
    parser.add_argument(
        "--titles",
        metavar="FILE",
        help="the puzzles' titles, one a line, in the order of the word lists (default: a "
        "list's '# Title' first line, else its file name)",
    )
    add_spec_options(parser, BOOK)
    parser.add_argument(
        "--workers", type=int, metavar="N", help="processes to use (default: one per core)"
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="make the puzzles on a Dask cluster: a scheduler's tls://host:8786, or local:N for "
        "N worker processes on this machine, secured with a certificate made for the run; the "
        "book is the same, byte for byte (needs the cluster extra, and wortsuche on every worker)",
    )
    parser.add_argument(
        "--tls-ca",
        metavar="FILE",
        help="the CA certificate a tls:// scheduler's certificate is signed by (default: Dask's "
        "$DASK_DISTRIBUTED__COMM__TLS__CA_FILE)",
    )
    parser.add_argument(
        "--tls-cert",
        metavar="FILE",
        help="the certificate this machine shows a tls:// scheduler (default: Dask's "
        "$DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT)",
    )
    parser.add_argument(
        "--tls-key",
        metavar="FILE",
        help="the private key of --tls-cert, unless that file holds it (default: Dask's "
        "$DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY)",
    )
    parser.add_argument(
        "--insecure",
        action="store_true",
        help="allow a tcp:// scheduler: unencrypted, and anyone who reaches it can run code on "
        "its workers",
    )
    add_paper_options(
        parser,
        title_help="title of the book (default: Word Search Puzzles, Wortsuchrätsel)",
        images=False,
    )
    add_print_options(parser)
    parser.set_defaults(run=run)


def read_files(
    paths: list[str], phrases: bool = False, pictures: dict[str, str] | None = None
) -> list[Listed]:
    """The book's word files read (:func:`~wortsuche.book.files.word_lists`), what reading did
    said once; a picture a clue names (``Igel = igel.png``) read into ``pictures``."""
    texts = [read_text(path) for path in paths]
    lists, notes = word_lists(
        list(zip(paths, texts, strict=True)), phrases=phrases, pictures=pictures
    )
    for message in notes:
        note(message)
    return lists


def theme_list(name: str, args: argparse.Namespace) -> Listed:
    """A shipped theme as a word list, titled in the book's language (the sheet's, else the
    words', else the language the theme's name was given in)."""
    from wortsuche.words.themes import THEME_LANGUAGES, load_theme

    wanted = args.sheet_language or args.language
    theme = load_theme(name, wanted if wanted in THEME_LANGUAGES else "auto")
    return theme.title, list(theme.words), None, name


def read_titles(path: str, count: int) -> list[str]:
    """The titles of ``--titles FILE``: one a line, one for each of ``count`` word lists."""
    titles = [line.strip() for line in read_text(path).splitlines() if line.strip()]
    if len(titles) != count:
        raise InputError(
            f"{path} has {len(titles)} titles for {count} word lists; give one a line",
            key="error.titles-count",
            values={"path": path, "titles": len(titles), "lists": count},
        )
    return titles


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
    """Plan, generate and print the book (or write its puzzles as JSON Lines)."""
    from wortsuche.book import MAX_PUZZLES, MAX_RUN, Stretch, plan_book, short_lists
    from wortsuche.rand import new_seed

    if args.join:
        return join(args)
    as_lines = is_lines(args.output)
    check_run(args, as_lines)
    rows, cols = parse_size(args.size, what="--size") if args.size else (None, None)
    seed = args.seed if args.seed is not None else new_seed()
    pictures: dict[str, str] = {}  # the teacher's own, beside the plan (its clues name them)
    read = read_lists(args, pictures)
    by_file = [(name, entries) for _, entries, _, name in read]
    for name, have, wanted in short_lists(
        by_file, count=args.count, words_per_puzzle=args.words_per_puzzle
    ):
        note(
            Note(
                f"{name} has only {have} different word{'' if have == 1 else 's'}, "
                f"so its puzzles have {have}, not {wanted}",
                key="note.short-list",
                values={"name": name, "wanted": wanted},
                number=have,
            )
        )
    plan = plan_book(
        [(title, entries) for title, entries, _, _ in read],
        seed=seed,
        count=args.count,
        words_per_puzzle=args.words_per_puzzle,
        sizes=[size for _, _, size, _ in read],
        stretch=Stretch(
            first=1 if args.first is None else args.first,
            most=MAX_RUN if as_lines else MAX_PUZZLES,
        ),
    )
    say_repeats(plan)
    if not as_lines:
        plan = large_print_sizes(plan, args, (rows, cols))
    settings = replace(book_settings(args, rows, cols), pictures=pictures)
    with progress_bar(len(plan)) as advance, maker(args, settings, advance) as make:
        if as_lines:
            write_lines(plan, seed, args, make)
        else:
            puzzles = make(plan)
            titled = [(p.title, puzzle) for p, puzzle in zip(plan, puzzles, strict=True)]
            language = asked_sheet_language(
                args.clues, sheet=args.sheet_language, words=args.language
            )
            print_book(titled, args, language, advance)
    if args.seed is None:
        note(
            Note(
                f"book seed {seed} (use --seed {seed} to make it again)",
                key="note.book-seed",
                values={"seed": seed},
            )
        )
    return 0


def say_repeats(plan: list[PlannedPuzzle]) -> None:
    """Warn of puzzles that repeat another of their list, with what helps."""
    from wortsuche.book import repeated_puzzles

    repeated, lists = repeated_puzzles(plan)
    if not repeated:
        return
    names = ", ".join(title or "-" for title in lists[:3]) + (", …" if len(lists) > 3 else "")
    note(
        Note(
            f"{repeated} of the {len(plan)} puzzles "
            f"{'shares' if repeated == 1 else 'share'} more than half "
            f"{'its' if repeated == 1 else 'their'} words with another from "
            f"{'its' if repeated == 1 else 'their'} list ({names}); more words in the lists, "
            "fewer puzzles "
            "(--count) or several levels (--level easy,medium,hard) make them differ",
            key="note.repeated-puzzles",
            values={"puzzles": len(plan), "lists": names},
            number=repeated,
        )
    )


def read_lists(args: argparse.Namespace, pictures: dict[str, str] | None = None) -> list[Listed]:
    """The word lists of the book, files then themes: each with its title, entries (with the
    clues the list should show) and the size its file asks for; the pictures the files' clues
    name read into ``pictures``."""
    read = read_files(args.lists, bool(args.phrases), pictures)
    read += [theme_list(name, args) for name in args.theme or ()]
    if args.titles:
        titles = read_titles(args.titles, len(read))
        read = [
            (title, entries, size, name)
            for title, (_, entries, size, name) in zip(titles, read, strict=True)
        ]
    if args.clues is not None:  # each entry gets the clue the list should show
        read = [
            (title, clued_entries(entries, args.clues), size, name)
            for title, entries, size, name in read
        ]
    if args.letter_count:  # each clue in words gets its word's count of letters
        eszett = eszett_for(args.eszett or "auto", args.language)
        count = functools.partial(
            counted_entries, transliterate=bool(args.transliterate), eszett=eszett
        )
        read = [(title, count(entries), size, name) for title, entries, size, name in read]
    return read


def check_run(args: argparse.Namespace, as_lines: bool) -> None:
    """Refuse a run that cannot be made before any puzzle is."""
    if not as_lines:
        require_pdf(args.output)
    if not args.lists and not args.theme:
        raise InputError("give word lists (WORDS.txt) or --theme NAME", key="error.book-no-lists")
    if args.workers is not None and args.workers < 1:
        raise InputError(
            f"--workers must be at least 1, not {args.workers}",
            key="error.at-least-1",
            values={"name": "--workers", "value": args.workers},
        )
    check_cluster(args)
    if args.first is not None and (args.count is None or args.seed is None):
        raise InputError(
            "--first needs --count (how many puzzles this part makes) and --seed (the same "
            "in every part)",
            key="error.first-needs",
        )
    check_print_options(args, as_lines)
    if as_lines and args.order != "as-given":
        raise InputError(
            "--order sorts a PDF's pages; a .jsonl file keeps the book's order",
            key="error.order-jsonl",
        )
    check_output(args.output, args.cover if args.trim else None, force=args.force)


def check_cluster(args: argparse.Namespace) -> None:
    """Refuse a cluster the options cannot use (before any puzzle is made): a bad address, a
    tcp:// one without --insecure, TLS files that are missing or unusable, options without it."""
    credentials = cluster_credentials(args)
    if args.cluster is None:
        if args.insecure or credentials.given():
            flag = "--insecure" if args.insecure else credentials.given()[0]
            raise InputError(
                f"{flag} belongs to --cluster", key="error.cluster-only", values={"flag": flag}
            )
        return
    from wortsuche.cluster import checked_address, client_security

    if args.workers is not None:
        raise InputError(
            "--workers counts processes of this machine; --cluster has its own",
            key="error.cluster-and-workers",
        )
    checked_address(args.cluster, insecure=args.insecure, credentials=credentials)
    if args.cluster.startswith("tls://"):
        client_security(credentials)


def book_settings(args: argparse.Namespace, rows: int | None, cols: int | None) -> BookSettings:
    """How every puzzle is generated: the options given, each puzzle with its own seed."""
    from wortsuche.book import BookSettings

    options = spec_options(args, BOOK)
    options.pop("seed", None)  # the book's seed: each puzzle's seed comes from it
    options.pop("phrases", None)  # how the word files were read
    options.pop("clues", None)  # given to the entries when they were read
    options.pop("letter_count", None)  # written into the entries' clues when they were read
    level = options.pop("level", default("level"))
    if not isinstance(level, str) and len(level) == 1:
        level = level[0]
    difficulty = options.pop("difficulty", None)
    return BookSettings(rows=rows, cols=cols, level=level, options=options, difficulty=difficulty)


Maker = Callable[[list["PlannedPuzzle"]], list["Puzzle"]]
"""Makes the puzzles of (a part of) a plan, in its order."""


@contextmanager
def maker(
    args: argparse.Namespace, settings: BookSettings, advance: Callable[[str], None]
) -> Iterator[Maker]:
    """What makes the puzzles: processes of this machine (``--workers``) or a Dask cluster
    (``--cluster``, connected once for the whole run)."""
    from wortsuche.book import build_book

    def done(_: PlannedPuzzle) -> None:
        advance("making")

    if args.cluster is None:
        meanwhile = load_printing if args.trim and not is_lines(args.output) else None
        yield lambda plan: build_book(
            plan, settings, workers=args.workers, on_done=done, meanwhile=meanwhile
        )
        return
    from wortsuche.cluster import build_on_cluster, connected, workers

    if args.insecure:
        note(
            Note(
                f"warning: {args.cluster} is reached with --insecure: the puzzles travel "
                "unencrypted, and anyone who reaches the scheduler can run code on its workers",
                key="note.cluster-insecure",
                values={"address": args.cluster},
            )
        )
    credentials = cluster_credentials(args)
    with connected(args.cluster, insecure=args.insecure, credentials=credentials) as client:
        count = workers(client)
        note(
            Note(
                f"making the puzzles on {count} Dask worker{'' if count == 1 else 's'} "
                f"({args.cluster})",
                key="note.cluster-workers",
                values={"address": args.cluster},
                number=count,
            )
        )
        yield lambda plan: build_on_cluster(plan, settings, client, on_done=done)


def load_printing() -> None:
    """Import what printing a book for print on demand takes (fpdf2 to draw, pypdf to join,
    pdfplumber to check: 0.25 CPU s) while the workers make the puzzles, not after them while
    they wait; workers started afterwards to draw and check need not import them again."""
    import wortsuche.book.printing  # noqa: F401 - the layout and the drawing, imported
    from wortsuche.render.bookpages.joining import load_pypdf
    from wortsuche.render.cover import load_cover_libraries

    load_cover_libraries()
    load_pypdf()


def cluster_credentials(args: argparse.Namespace) -> Credentials:
    """The TLS files given for a ``tls://`` scheduler (the rest come from Dask's settings)."""
    from wortsuche.cluster import Credentials

    return Credentials(ca=args.tls_ca, cert=args.tls_cert, key=args.tls_key)


def write_lines(
    plan: list[PlannedPuzzle], seed: int, args: argparse.Namespace, make: Maker
) -> None:
    """Generate the plan's puzzles and write them as JSON Lines, a thousand at a time."""
    from wortsuche.book import book_line

    lines: list[str] = []
    for start in range(0, len(plan), LINES_AT_ONCE):  # only lines are kept, not puzzles
        part = plan[start : start + LINES_AT_ONCE]
        made = make(part)
        lines += [book_line(p, puzzle, seed) for p, puzzle in zip(part, made, strict=True)]
    write_output(args.output, "".join(lines), force=args.force)


LINES_AT_ONCE = 1000
"""Puzzles generated before their lines are written down and the puzzles let go."""


def is_lines(output: str) -> bool:
    """Whether the output is a JSON Lines file (puzzles) rather than a PDF (a book)."""
    return output != "-" and Path(output).suffix.lower() == ".jsonl"


def require_pdf(output: str) -> None:
    """Refuse an output that is no PDF, and say a missing extra before any puzzle is made."""
    from wortsuche.render import format_for_path, require

    if output != "-" and format_for_path(output) != "pdf":
        raise InputError(
            f"a book is a PDF or a .jsonl file; not {output!r}",
            key="error.book-output",
            values={"path": output},
        )
    require("pdf")


def join(args: argparse.Namespace) -> int:
    """Print the puzzles of a run's .jsonl parts as the one PDF that run would make."""
    from wortsuche.book import MAX_PUZZLES, read_book_lines

    made_by_the_parts = {
        "--count": args.count,
        "--first": args.first,
        "--words-per-puzzle": args.words_per_puzzle,
        "--size": args.size,
        "--workers": args.workers,
        "--cluster": args.cluster,
        "--tls-ca": args.tls_ca,
        "--tls-cert": args.tls_cert,
        "--tls-key": args.tls_key,
        "--insecure": args.insecure or None,
        "--theme": args.theme,
        "--titles": args.titles,
    } | {
        option.flag: getattr(args, option.name)
        for option in declared(BOOK)
        if option.name != "language"  # the book's texts: see below
    }
    if given := [option for option, value in made_by_the_parts.items() if value is not None]:
        raise InputError(
            f"--join prints puzzles already made; {given[0]} belongs to the runs that made them",
            key="error.join-flag",
            values={"flag": given[0]},
        )
    if not args.lists:
        raise InputError("--join needs the .jsonl parts of a run", key="error.join-no-parts")
    if is_lines(args.output):
        raise InputError(
            "parts of a .jsonl run are joined as they are: cat part*.jsonl > all.jsonl",
            key="error.join-jsonl",
        )
    require_pdf(args.output)
    check_print_options(args, as_lines=False)
    check_output(args.output, args.cover if args.trim else None, force=args.force)
    titled = read_book_lines([(path, read_text(path)) for path in args.lists])
    if len(titled) > MAX_PUZZLES:
        raise InputError(
            f"a book holds 1 to {MAX_PUZZLES} puzzles, not {len(titled)}",
            key="error.book-size",
            values={"most": MAX_PUZZLES, "value": len(titled)},
        )
    # the runs' --language, as each puzzle keeps it, gives the book's texts as it did there
    languages = {puzzle.options.language for _, puzzle in titled}
    language = args.language or (languages.pop() if len(languages) == 1 else None)
    with progress_bar(len(titled)) as advance:
        print_book(titled, args, language, advance)
    return 0


def print_book(
    titled: list[tuple[str, Any]],
    args: argparse.Namespace,
    language: str | None,
    advance: Callable[[str], None],
) -> None:
    """Render ``(title, puzzle)`` pairs as the book's PDF and write it."""
    from dataclasses import replace

    from wortsuche.book import scores
    from wortsuche.cli.rendering import render_options
    from wortsuche.render import render_book

    options = render_options(args)
    if options.language is None and language in LANGUAGES:
        options = replace(options, language=language)
    if args.trim:
        print_trimmed(titled, options, args, advance)
        return
    rated = scores([puzzle for _, puzzle in titled])
    pdf = render_book(
        titled, options, on_page=lambda: advance("printing"), order=args.order, scores=rated
    )
    write_output(args.output, pdf, force=args.force)
