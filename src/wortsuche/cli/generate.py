"""``wortsuche generate``: make a puzzle from a word file, standard input or words given as arguments."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wortsuche.cli.common import (
    add_output_options,
    check_output,
    note,
    output_format,
    read_text,
    render_options,
    write_output,
)
from wortsuche.errors import DoesNotFitError, InputError
from wortsuche.levels import LEVELS
from wortsuche.model import LANGUAGES, Crossing, Decoys, Filler, Puzzle, Word
from wortsuche.source import WordSource, parse_size, parse_words

EXAMPLES = """\
examples:
  wortsuche generate examples/bwinf/worte4.txt --level hard --seed 7
  wortsuche generate words.txt --size 15x15 --level medium --answers
  wortsuche generate --size 12x12 --level easy LION TIGER ZEBRA GIRAFFE
  wortsuche generate - < words.txt
  wortsuche generate words.txt -o puzzle.json
"""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``generate`` and its options."""
    parser = subparsers.add_parser(
        "generate",
        help="make a puzzle",
        description="Make a word search puzzle in which every word occurs exactly once.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "words",
        nargs="*",
        metavar="WORDS_OR_FILE",
        help="a word file (competition format or one word per line), - for standard input, "
        "or the words themselves",
    )
    parser.add_argument(
        "--size",
        metavar="ROWSxCOLS",
        help="grid size such as 15x12 or 15 for a square (default: from the file's header, "
        "else chosen from the words)",
    )
    parser.add_argument(
        "--level", choices=tuple(LEVELS), default="medium", help="difficulty (default: medium)"
    )
    parser.add_argument("--seed", type=int, help="make the same puzzle again (default: random)")
    level_options = parser.add_argument_group(
        "level options", "each changes one setting of the level's preset"
    )
    level_options.add_argument(
        "--directions",
        metavar="LIST",
        help="directions words may run: E,S,SE,NE,W,N,NW,SW, right,down,..., arrows, or all",
    )
    level_options.add_argument(
        "--crossing", choices=[c.value for c in Crossing], help="whether words may share letters"
    )
    level_options.add_argument(
        "--filler", choices=[f.value for f in Filler], help="letters for the cells no word uses"
    )
    level_options.add_argument(
        "--decoys", choices=[d.value for d in Decoys], help="near-misses of the words planted"
    )
    level_options.add_argument(
        "--word-letter-share",
        type=int,
        metavar="0..100",
        help="percentage of filler letters drawn from the words' own letters",
    )
    level_options.add_argument(
        "--absent",
        action="store_true",
        default=None,
        help="hide none of the words (a puzzle whose answer is: not there)",
    )
    level_options.add_argument(
        "--language", choices=LANGUAGES, help="alphabet for filler letters (default: auto)"
    )
    level_options.add_argument(
        "--transliterate",
        action="store_true",
        help="plain A-Z: Ä→AE, Ö→OE, Ü→UE, ß→SS, accents dropped",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="give up after this many seconds (default: no limit; every generation ends anyway "
        "within its budget of steps)",
    )
    themed = parser.add_argument_group("themes", "words from a list shipped with wortsuche")
    themed.add_argument(
        "--theme",
        metavar="NAME",
        help="a themed word list instead of WORDS (see: wortsuche themes)",
    )
    themed.add_argument(
        "--count", type=int, metavar="N", help="with --theme: N words drawn from the seed"
    )
    add_output_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Make the puzzle, report notes on stderr and write it."""
    fmt = output_format(args)  # a bad format or -o file fails before any work is done
    if args.timeout is not None and not args.timeout > 0:
        raise InputError(f"--timeout must be a number of seconds above 0, not {args.timeout:g}")
    check_output(args.output, force=args.force)
    seed = args.seed
    if seed is None:
        from wortsuche.rand import new_seed

        seed = new_seed()
    source = theme_source(args, seed) if args.theme else word_source(args.words)
    if args.count is not None and not args.theme:
        raise InputError("--count draws words from a --theme; give a theme or leave it out")
    words, warnings = source.words(transliterate=args.transliterate)
    for warning in warnings:
        note(warning)
    rows, cols = (
        parse_size(args.size, what="--size") if args.size else (source.size or (None, None))
    )
    puzzle = make_puzzle(words, rows, cols, seed, args)
    for text in puzzle.notes:
        note(text)
    if args.seed is None:
        note(f"seed {seed} chosen at random; --seed {seed} makes this puzzle again")
    if fmt == "text" and args.output in (None, "-") and sys.stdout.isatty():
        from wortsuche.render.terminal import print_puzzle

        print_puzzle(puzzle, answers=args.answers)
        return 0
    from wortsuche.render import render

    write_output(args.output or "-", render(puzzle, fmt, **render_options(args)), force=args.force)
    return 0


def word_source(arguments: list[str]) -> WordSource:
    """The entries to hide: from one file (or ``-``), else the arguments themselves."""
    if not arguments:
        raise InputError("no words given; name a word file, - for standard input, or the words")
    if len(arguments) == 1:
        (argument,) = arguments
        if argument == "-":
            return parse_words(read_text("-"), name="standard input")
        path = Path(argument)
        if path.exists() or looks_like_path(argument):
            return parse_words(read_text(argument), name=argument)
    return WordSource(name="the command line", entries=tuple(arguments), lines=None)


def theme_source(args: argparse.Namespace, seed: int) -> WordSource:
    """The words of ``--theme``, ``--count`` of them drawn from the seed; sets the language."""
    from wortsuche.themes import draw, load_theme

    if args.words:
        raise InputError("give either words or --theme, not both")
    theme = load_theme(args.theme, args.language or "auto")
    if args.language is None:
        args.language = theme.language
    entries = tuple(draw(theme, args.count, seed))
    return WordSource(name=f"the theme {theme.title}", entries=entries, lines=None)


def looks_like_path(argument: str) -> bool:
    """True for an argument meant as a file name (a suffix such as .txt, or a folder part)."""
    return "/" in argument or "\\" in argument or bool(Path(argument).suffix)


def make_puzzle(
    words: tuple[Word, ...],
    rows: int | None,
    cols: int | None,
    seed: int,
    args: argparse.Namespace,
) -> Puzzle:
    """Run the core with the options given; a failed layout becomes one line with a size that fits."""
    from wortsuche.pipeline import generate

    try:
        return generate(
            words,
            rows,
            cols,
            level=args.level,
            seed=seed,
            directions=args.directions,
            crossing=args.crossing,
            filler=args.filler,
            word_letter_share=args.word_letter_share,
            decoys=args.decoys,
            absent=args.absent,
            language=args.language,
            timeout=args.timeout,
        )
    except DoesNotFitError as error:
        message = " ".join(str(error).split())
        if error.suggested_size is not None:
            r, c = error.suggested_size
            if f"{r}x{c}" not in message:
                message += f"; try --size {r}x{c}"
        raise DoesNotFitError(message, error.words, error.suggested_size) from None
