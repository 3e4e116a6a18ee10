"""``wortsuche generate``: make a puzzle from a word file, standard input or words given as arguments."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from wortsuche.cli.common import (
    add_output_options,
    answers_note,
    check_output,
    note,
    output_format,
    read_text,
    render_options,
    write_output,
)
from wortsuche.errors import DoesNotFitError, InputError
from wortsuche.i18n import resolve_language
from wortsuche.levels import LEVELS
from wortsuche.model import LANGUAGES, Crossing, Decoys, Filler, Puzzle, Word
from wortsuche.normalise import ESZETT
from wortsuche.shapes import SHAPE_NAMES
from wortsuche.source import WordSource, parse_size, parse_words

EXAMPLES = """\
examples:
  wortsuche generate examples/bwinf/worte4.txt --level hard --seed 7
  wortsuche generate words.txt --size 15x15 --level medium --answers
  wortsuche generate --size 12x12 --level easy LION TIGER ZEBRA GIRAFFE
  wortsuche generate --size 12x12 LION,TIGER,ZEBRA,GIRAFFE
  wortsuche generate tiere.txt --language de --sheet-language en -o sheet.pdf
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
        "or the words themselves (separated by spaces or commas)",
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
        "--allow-offensive",
        action="store_true",
        default=None,
        help="let the filler spell words on the offensive-word screen (screened by default)",
    )
    level_options.add_argument(
        "--density",
        choices=("normal", "high"),
        help="high packs the words for a full, newspaper-style grid (a smaller automatic size, "
        "crossings first wherever the level allows them)",
    )
    level_options.add_argument(
        "--wrap",
        action="store_true",
        default=None,
        help="lines continue on the other side of the grid, so a word may run over an edge "
        "and come back on the opposite one (at least 3x3, no shape)",
    )
    level_options.add_argument(
        "--exact",
        action="store_true",
        help="place the words with a SAT solver (the exact extra): finds a layout of a crowded "
        "list where one exists, or proves that none does (slow beyond small grids)",
    )
    level_options.add_argument(
        "--effort",
        type=float,
        metavar="N",
        help="how long the search tries before it says no layout was found "
        "(default 1; 4 tries about four times as long)",
    )
    level_options.add_argument(
        "--reversed-share",
        type=int,
        metavar="0..100",
        help="percentage of words placed backwards (← ↑ ↖ ↙), if the directions allow it",
    )
    level_options.add_argument(
        "--diagonal-share",
        type=int,
        metavar="0..100",
        help="percentage of words placed diagonally (↘ ↗ ↖ ↙), if the directions allow it",
    )
    level_options.add_argument(
        "--letter-floor",
        type=int,
        metavar="0..100",
        help="filler from the words' letters first lifts every letter of the words to this "
        "percentage of an even spread, so no rare letter gives its word away",
    )
    level_options.add_argument(
        "--difficulty",
        type=float,
        metavar="MINUTES",
        help="make the puzzle nearest this difficulty score (expected minutes for an adult); "
        "the level and its knobs are chosen for it",
    )
    level_options.add_argument(
        "--absent",
        action="store_true",
        default=None,
        help="hide none of the words (a puzzle whose answer is: not there)",
    )
    level_options.add_argument(
        "--language",
        choices=LANGUAGES,
        help="the puzzle's language: the filler alphabet and every text on the sheet "
        "(default: auto, the words' language where clear, else the system's, else English)",
    )
    level_options.add_argument(
        "--transliterate",
        action="store_true",
        help="plain A-Z: Ä→AE, Ö→OE, Ü→UE, ß→SS, accents dropped",
    )
    level_options.add_argument(
        "--eszett",
        choices=ESZETT,
        default="keep",
        help="ß in the grid: keep as the one letter ẞ (default) or ss as two letters SS, "
        "keeping Ä Ö Ü",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="give up after this many seconds (default: no limit; every generation ends anyway "
        "within its budget of steps)",
    )
    shaped = parser.add_argument_group("shape", "a grid in a shape: holes hold no letter")
    shaped.add_argument(
        "--shape",
        choices=SHAPE_NAMES,
        metavar="SHAPE",
        help="a built-in shape drawn on the grid's size: circle, cross, diamond, heart, hexagon, "
        "house, star, tree, triangle, or a letter A-Z or digit 0-9 (an automatic size makes room "
        "for it)",
    )
    shaped.add_argument(
        "--mask",
        metavar="FILE",
        help="a text picture (# a cell, . a hole) or a PNG (dark pixels are cells); its own size "
        "unless --size scales it",
    )
    hidden = parser.add_argument_group(
        "hidden extras", "secret words, and a sentence in the letters no word uses"
    )
    hidden.add_argument(
        "--secret",
        nargs="+",
        metavar="WORD",
        help="words hidden like the others but not listed (the sheet says how many, the key "
        'names them); also comma separated: --secret "Fuchs, Igel"',
    )
    hidden.add_argument(
        "--message",
        metavar="TEXT",
        help="the letters of TEXT (blanks and punctuation dropped) fill the free cells in reading "
        'order, the filler the rest; the answer key shows it. Example: --message "Gut gemacht"',
    )
    hidden.add_argument(
        "--message-exact",
        action="store_true",
        help="the message must fill every free cell (a layout with exactly that many is searched)",
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
    answers_note(fmt, args)
    check_output(args.output, force=args.force)
    seed = args.seed
    if seed is None:
        from wortsuche.rand import new_seed

        seed = new_seed()
    source = theme_source(args, seed) if args.theme else word_source(args.words)
    if args.count is not None and not args.theme:
        raise InputError("--count draws words from a --theme; give a theme or leave it out")
    words, warnings = source.words(transliterate=args.transliterate, eszett=args.eszett)
    for warning in warnings:
        note(warning)
    rows, cols = (
        parse_size(args.size, what="--size") if args.size else (source.size or (None, None))
    )
    if args.mask is not None:
        from wortsuche.shapes import read_mask

        args.mask_rows = read_mask(Path(args.mask))
        if rows is None or cols is None:  # the mask's own size, one cell per character
            rows, cols = len(args.mask_rows), len(args.mask_rows[0])
    puzzle = make_puzzle(words, rows, cols, seed, args)
    # The sheet's title and language belong to the puzzle, so a saved puzzle keeps them.
    language = args.sheet_language or resolve_language(
        args.language, [word.entry for word in words]
    )
    puzzle = replace(puzzle, title=args.title, sheet_language=language)
    for text in puzzle.notes:
        note(text)
    from wortsuche.puzzle_json import coverage

    note(f"the words cover {coverage(puzzle):.0%} of the cells")
    if args.seed is None:
        note(f"seed {seed} chosen at random; --seed {seed} makes this puzzle again")
    if fmt == "text" and args.output in (None, "-") and sys.stdout.isatty():
        from wortsuche.render.terminal import print_puzzle

        print_puzzle(puzzle, render_options(args))
        return 0
    from wortsuche.render import render

    write_output(args.output or "-", render(puzzle, fmt, render_options(args)), force=args.force)
    return 0


def word_source(arguments: list[str]) -> WordSource:
    """The entries to hide: from one file (or ``-``), else the arguments themselves.

    Words on the command line may be separated by commas too (``LION,TIGER``), as in the
    web form. A lone word that could be a file name without its suffix is taken as a word,
    with a warning.
    """
    if not arguments:
        raise InputError("no words given; name a word file, - for standard input, or the words")
    if len(arguments) == 1:
        (argument,) = arguments
        if argument == "-":
            return parse_words(read_text("-"), name="standard input")
        path = Path(argument)
        if path.exists() or looks_like_path(argument):
            return parse_words(read_text(argument), name=argument)
    entries = tuple(part.strip() for argument in arguments for part in argument.split(","))
    entries = tuple(entry for entry in entries if entry)
    if not entries:
        raise InputError("no words given; name a word file, - for standard input, or the words")
    if len(arguments) == 1 and len(entries) == 1 and looks_like_file_name(entries[0]):
        note(
            f"{entries[0]!r} is taken as the one word to hide; there is no file of that name "
            f"(did you mean {similar_files(entries[0]) or entries[0] + '.txt'}?)"
        )
    return WordSource(name="the command line", entries=entries, lines=None)


def looks_like_file_name(word: str) -> bool:
    """True for a lone word that may be a file name without its suffix: all in lower case
    (words to hide are mostly typed in capitals), or the start of a file's name here."""
    return word.islower() or similar_files(word) is not None


def similar_files(stem: str) -> str | None:
    """A file in the current folder whose name starts with ``stem`` and a dot (``tiere.txt``)."""
    matches = sorted(p.name for p in Path(".").glob(f"{stem}.*") if p.is_file())
    return matches[0] if matches else None


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
    from wortsuche.targeting import generate_near

    chosen = {
        "directions": args.directions,
        "crossing": args.crossing,
        "filler": args.filler,
        "word_letter_share": args.word_letter_share,
        "decoys": args.decoys,
        "absent": args.absent,
        "reversed_share": args.reversed_share,
        "diagonal_share": args.diagonal_share,
        "letter_floor": args.letter_floor,
        "allow_offensive": args.allow_offensive,
        "density": args.density,
        "wrap": args.wrap,
    }
    common: dict[str, Any] = {
        "language": args.language,
        "timeout": args.timeout,
        "effort": args.effort or 1.0,
    }
    if args.exact:
        common["exact"] = True
    if args.shape is not None or args.mask is not None:
        common.update(shape=args.shape, mask=getattr(args, "mask_rows", None))
    if args.secret:
        common.update(
            secret=[
                part.strip() for item in args.secret for part in item.split(",") if part.strip()
            ],
            transliterate=args.transliterate,
            eszett=args.eszett,
        )
    if args.message is not None or args.message_exact:
        # the words are normalised already; the message is written the same way
        common.update(
            message=args.message,
            message_exact=args.message_exact,
            transliterate=args.transliterate,
            eszett=args.eszett,
        )
    try:
        if args.difficulty is not None:
            # The search varies the level and its knobs; only the options given stay fixed.
            fixed = {k: v for k, v in chosen.items() if v is not None}
            return generate_near(
                words, rows, cols, target=args.difficulty, seed=seed, **common, **fixed
            )
        return generate(words, rows, cols, level=args.level, seed=seed, **common, **chosen)
    except DoesNotFitError as error:
        message = " ".join(str(error).split())
        if error.kind == "not_found" and (args.effort or 1.0) < 100:
            more = max(4, 4 * (args.effort or 1.0))
            message += f"; none found within the effort: --effort {more:g} searches longer"
        if error.suggested_size is not None:
            r, c = error.suggested_size
            if f"{r}x{c}" not in message:
                message += f"; try --size {r}x{c}"
        raise DoesNotFitError(message, error.words, error.suggested_size, error.kind) from None
