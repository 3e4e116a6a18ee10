"""``wortsuche generate``: make a puzzle from a word file, standard input or words given as arguments."""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wortsuche.cli.flags import add_output_options, add_spec_options, spec_options
from wortsuche.cli.output import check_output, note, write_output
from wortsuche.cli.reading import read_text
from wortsuche.cli.rendering import answers_note, output_format, render_options, say_small_letters
from wortsuche.cli.sheet import (
    add_sheet_options,
    add_versions_option,
    check_format,
    sheet_options,
    version_letter,
)
from wortsuche.errors import DoesNotFitError, InputError
from wortsuche.i18n import resolve_language, words_language
from wortsuche.model import Puzzle, Word
from wortsuche.notes import Note
from wortsuche.rand import version_seed
from wortsuche.spec import GENERATE, PuzzleSpec, default
from wortsuche.words.letters import with_letter_counts
from wortsuche.words.normalise import eszett_for
from wortsuche.words.source import (
    COMMAND_LINE,
    STANDARD_INPUT,
    WordSource,
    first_entries,
    parse_size,
    parse_words,
    split_entries,
)
from wortsuche.words.vocabulary import asked_sheet_language, unpictured_note, with_clues

if TYPE_CHECKING:
    from wortsuche.rating.targeting import Target

EXAMPLES = """\
examples:
  wortsuche generate examples/bwinf/worte4.txt --level hard --seed 7
  wortsuche generate words.txt --size 15x15 --level medium --answers
  wortsuche generate --size 12x12 --level easy LION TIGER ZEBRA GIRAFFE
  wortsuche generate --size 12x12 LION,TIGER,ZEBRA,GIRAFFE
  wortsuche generate tiere.txt --language de --sheet-language en -o sheet.pdf
  wortsuche generate tiere.txt --per-page 2 --versions 2 --answers -o blatt.pdf
  wortsuche generate - < words.txt
  wortsuche generate words.txt -o puzzle.json
  wortsuche generate tiere.txt --level easy -o blatt.pdf --answers   # IGEL = Ein Tier mit Stacheln
  wortsuche generate --theme animals --language en --clues de --count 12 -o vokabeln.pdf
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
        help="a word file (competition format, or words separated by lines, spaces or commas: "
        "see --phrases), - for standard input, "
        "or the words themselves (separated by spaces or commas)",
    )
    parser.add_argument(
        "--size",
        metavar="ROWSxCOLS",
        help="grid size such as 15x12 or 15 for a square (default: from the file's header, "
        "else chosen from the words)",
    )
    add_spec_options(parser, GENERATE)
    target = parser.add_argument_group("target difficulty", "how --difficulty searches and rates")
    target.add_argument(
        "--nearest",
        action="store_true",
        help="with --difficulty: make the nearest puzzle when the target is out of reach "
        "(default: say the reachable range and stop)",
    )
    target.add_argument(
        "--model",
        metavar="FILE",
        help="with --difficulty: the model's constants fitted to real play "
        "(written by wortsuche calibrate)",
    )
    themed = parser.add_argument_group("themes", "words from a list shipped with wortsuche")
    themed.add_argument(
        "--theme",
        action="append",  # given twice, refused by name (argparse would keep the last in silence)
        metavar="NAME",
        help="a themed word list instead of WORDS (see: wortsuche themes)",
    )
    themed.add_argument(
        "--count", type=int, metavar="N", help="with --theme: N words drawn from the seed"
    )
    add_output_options(parser)
    add_versions_option(parser)
    add_sheet_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Make the puzzle, report notes on stderr and write it."""
    with _collections_spaced():
        return _made_and_written(args)


def _made_and_written(args: argparse.Namespace) -> int:
    """:func:`run`'s work."""
    fmt = output_format(args)  # a bad format or -o file fails before any work is done
    answers_note(fmt, args)
    check_format(fmt, args)
    check_output(args.output, force=args.force)
    spec, guessed = puzzle_spec(args)
    target = _target(args)
    puzzle = make_puzzle(spec, target)
    if guessed is not None:  # the sheet's language was guessed: said once made
        guessed_note(guessed)
    _say_notes(puzzle, puzzle.seed, args)
    if fmt == "text" and args.output in (None, "-") and sys.stdout.isatty():
        from wortsuche.render.terminal import print_puzzle

        print_puzzle(puzzle, render_options(args))
        return 0
    if args.versions > 1:
        write_versions(puzzle, spec, target, args, fmt)
        return 0
    from wortsuche.render import render

    options = sheet_options(render_options(args), args, puzzle)
    say_small_letters(puzzle, options, fmt)
    write_output(args.output or "-", render(puzzle, fmt, options), force=args.force)
    return 0


YOUNG_COLLECTION = 100_000
"""Objects made between two collections of the cycle collector's youngest generation while the
command makes and writes its puzzle (Python's own: 700)."""


@contextlib.contextmanager
def _collections_spaced() -> Iterator[None]:
    """The cycle collector run every :data:`YOUNG_COLLECTION` new objects instead of every 700,
    while the command makes, rates and writes its puzzle; its thresholds as they were after.
    On 500 × 500 with 10,000 words it collected 1,266 times, 8 of them in full over the board's
    and the rating's tables: 0.6 s CPU, now 6 young collections and 0.1 s, at the same peak
    (within 3 MB). A command, not the library: the library leaves the collector to the
    program it runs in, and a build sets its board aside from it (``pipeline/collector.py``)."""
    saved = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION, *saved[1:])
    try:
        yield
    finally:
        gc.set_threshold(*saved)


def puzzle_spec(args: argparse.Namespace) -> tuple[PuzzleSpec, str | None]:
    """The one puzzle the command line asks for: its words read (their notes said), its size,
    seed and options, the sheet's title and language. The one place ``generate`` builds it.
    With it the language guessed from the words when none was asked (None: not guessed), for
    the note that says so: the words are read for their language once (30 ms at 10,000)."""
    seed = args.seed
    if seed is None:
        from wortsuche.rand import new_seed

        seed = new_seed()
    phrases = bool(args.phrases)
    source = theme_source(args, seed) if args.theme else word_source(args.words, phrases=phrases)
    headings_note(source)
    if args.count is not None and not args.theme:
        raise InputError(
            "--count draws words from a --theme; give a theme or leave it out",
            key="error.count-without-theme",
        )
    if (args.nearest or args.model) and args.difficulty is None:
        raise InputError(
            "--nearest and --model go with --difficulty N", key="error.nearest-without-difficulty"
        )
    options = spec_options(args, GENERATE)  # after the theme, which may set the language
    # the front end's own: how text became words, their clues, a search over levels
    for name in ("phrases", "clues", "difficulty"):
        options.pop(name, None)
    letter_count = options.pop("letter_count", False)
    words = _read_words(source, options, args.language, args.clues)
    if letter_count:  # written into the clues, as the clues themselves
        words = with_letter_counts(words)
    asked = _asked_language(args)
    guessed = None if asked else words_language([word.entry for word in words])
    language = asked or guessed or resolve_language(args.language)
    # a word file's "# Title" first line is the sheet's title unless --title says another
    title = args.title if args.title is not None else source.title or None
    rows, cols = puzzle_size(args.size, source)
    spec = PuzzleSpec(
        words, rows, cols, **{**options, "seed": seed}, title=title, sheet_language=language
    )
    return spec, guessed


def headings_note(source: WordSource) -> None:
    """Say that a file with a puzzle under each of several ``# Title`` headings makes one
    puzzle of all their words here (``book`` makes one a heading)."""
    sections, _ = source.sections()
    if not sections:
        return
    titles = ", ".join(title for title, _ in sections[:3]) + (", …" if len(sections) > 3 else "")
    note(
        Note(
            f"{source.name} has {len(sections)} headings ({titles}): one puzzle of all their "
            "words, titled by the first; wortsuche book makes a puzzle of each",
            key="note.headings-one-puzzle",
            values={"name": source.name, "titles": titles},
            number=len(sections),
        )
    )


def _asked_language(args: argparse.Namespace) -> str | None:
    """The sheet's language where the command line says it: a list of clues in a language is
    read in that language; else the sheet's or the words' language asked for; None: guessed
    from the words."""
    return asked_sheet_language(args.clues, sheet=args.sheet_language, words=args.language)


def guessed_note(guessed: str) -> None:
    """Say which language the words gave the sheet, and how to choose the other one."""
    from wortsuche.cli.interface import texts
    from wortsuche.i18n import LANGUAGES, translator

    other = next(language for language in LANGUAGES if language != guessed)
    name = translator("en").t(f"language.{guessed}")
    note(
        Note(
            f"sheet in {name} (guessed from the words; --language {other} to change)",
            key="note.sheet-guessed",
            values={"language": texts().t(f"language.{guessed}"), "other": other},
        )
    )


def _read_words(
    source: WordSource, spec: dict[str, Any], language: str | None, clues: str | None
) -> tuple[Word, ...]:
    """The words of ``source`` normalised as ``spec`` says, notes said, clues given."""
    eszett = eszett_for(spec.get("eszett", default("eszett")), language)
    words, warnings = source.words(
        transliterate=spec.get("transliterate", default("transliterate")), eszett=eszett
    )
    for warning in warnings:
        note(warning)
    unpictured: list[str] = []
    clued = with_clues(words, clues, unpictured=unpictured)
    if unpictured:
        note(unpictured_note(unpictured))
    return clued


def _say_notes(puzzle: Puzzle, seed: int, args: argparse.Namespace) -> None:
    """The puzzle's notes, its coverage and, for a seed drawn at random, how to make it again."""
    for text in puzzle.notes:
        note(text)
    from wortsuche.puzzle_json import coverage

    share = coverage(puzzle) * 100
    # whole percent, tenths below one (a float: said with the language's decimal mark)
    percent: float | int = max(round(share, 1), 0.1) if 0 < share < 1 else round(share)
    note(
        Note(
            f"the words cover {percent}% of the cells",
            key="note.coverage",
            values={"percent": percent},
        )
    )
    if args.seed is None:
        note(
            Note(
                f"seed {seed} chosen at random; --seed {seed} makes this puzzle again",
                key="note.random-seed",
                values={"seed": seed},
            )
        )


def write_versions(
    first: Puzzle,
    spec: PuzzleSpec,
    target: Target | None,
    args: argparse.Namespace,
    fmt: str = "pdf",
) -> None:
    """Make the other versions of the sheet (same words, same size, seeds derived from the
    first one's) and write all of them as one PDF (or DOCX, ODT)."""
    from wortsuche.render import render_versions

    # a mask and a grid of hexagons (always of a size asked for) give each version their size;
    # a hexagon of side 5 is stored as 9x9, which asked for again would be a larger hexagon
    own_size = spec.mask is not None or spec.grid == "hex"
    size = {} if own_size else {"rows": first.rows, "cols": first.cols}
    puzzles = [first]
    for index in range(1, args.versions):
        seed = version_seed(first.seed, index)
        puzzles.append(make_puzzle(spec.replace(seed=seed, **size), target))
    seeds = ", ".join(f"{version_letter(i)} {p.seed}" for i, p in enumerate(puzzles))
    note(
        Note(
            f"{len(puzzles)} versions with the seeds {seeds}",
            key="note.versions-seeds",
            values={"seeds": seeds},
            number=len(puzzles),
        )
    )
    options = sheet_options(render_options(args), args, first)
    say_small_letters(puzzles[0], options, fmt)
    content = render_versions(puzzles, options, format=fmt)
    write_output(args.output or "-", content, force=args.force)


def puzzle_size(size: str | None, source: WordSource) -> tuple[int | None, int | None]:
    """``--size``, else the word file's header, else None: the spec takes a mask's own size, or
    chooses one from the words."""
    if size:
        return parse_size(size, what="--size")
    if source.size is not None:
        return source.size
    return None, None


def word_source(arguments: list[str], *, phrases: bool = False) -> WordSource:
    """The entries to hide: from one file (or ``-``), else the arguments themselves.

    A line of a plain word file is split into several entries unless ``phrases``
    (:func:`~wortsuche.words.source.parse_words`). Words on the command line may be separated
    by commas too (``LION,TIGER``), as in the web form; an argument the shell kept whole
    (``"Ice cream"``) is one entry among others; a lone argument with spaces and no comma (nor
    a clue's "=") is a pasted line and is split at the spaces (with a note), unless ``phrases``.
    A lone word that could be a file name without its suffix is taken as a word,
    with a warning.
    """
    if not arguments:
        raise InputError(
            "no words given; name a word file, - for standard input, or the words",
            key="error.no-words-cli",
        )
    if len(arguments) == 1:
        (argument,) = arguments
        if argument == "-":
            return parse_words(read_text("-"), name=STANDARD_INPUT, phrases=phrases)
        if is_existing(argument) or looks_like_path(argument):
            listed = parse_words(read_text(argument), name=argument, phrases=phrases)
            return replace(listed, folder=Path(argument).parent)  # its pictures are beside it
        pasted = not phrases and not any(x in argument for x in ",;=") and argument.split()[1:]
        if pasted and len(parts := split_entries(argument)) > 1:
            return WordSource(COMMAND_LINE, parts, None, notes=(_split_argument(parts),))
    entries = tuple(part.strip() for argument in arguments for part in argument.split(","))
    entries = tuple(entry for entry in entries if entry)
    if not entries:
        raise InputError(
            "no words given; name a word file, - for standard input, or the words",
            key="error.no-words-cli",
        )
    if len(arguments) == 1 and len(entries) == 1 and looks_like_file_name(entries[0]):
        meant = similar_files(entries[0]) or entries[0] + ".txt"
        note(
            Note(
                f"{entries[0]!r} is taken as the one word to hide; there is no file of that "
                f"name (did you mean {meant}?)",
                key="note.lone-word",
                values={"word": entries[0], "file": meant},
            )
        )
    return WordSource(name=COMMAND_LINE, entries=entries, lines=None)


def _split_argument(parts: tuple[str, ...]) -> Note:
    """The note that one argument was read as a list: a line pasted in quotes."""
    shown = first_entries(parts)
    return Note(
        f"the words were split at the spaces into {len(parts)} words ({shown}); "
        "--phrases keeps them one entry",
        key="note.split-argument",
        values={"shown": shown},
        number=len(parts),
    )


def is_existing(argument: str) -> bool:
    """True if ``argument`` names something that exists; a name the system cannot hold (too
    long, as a long list of words separated by commas is) names nothing."""
    try:
        return Path(argument).exists()
    except (OSError, ValueError):
        return False


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
    from wortsuche.words.themes import draw, load_theme
    from wortsuche.words.vocabulary import theme_entries, with_pictures

    if args.words:
        raise InputError("give either words or --theme, not both", key="error.words-and-theme")
    if len(args.theme) > 1:
        given = ", ".join(args.theme)
        raise InputError(
            f"a puzzle has one --theme, not {len(args.theme)} ({given}); "
            "`wortsuche book` takes --theme again for each, or write the words of both in one file",
            key="error.one-theme",
            values={"count": len(args.theme), "given": given},
        )
    theme = load_theme(args.theme[0], args.language or "auto")
    if args.language is None:
        args.language = theme.language
    if args.clues == "picture":
        theme = with_pictures(theme)  # only the words a picture can stand for
    entries = tuple(theme_entries(theme, draw(theme, args.count, seed), args.clues))
    name = Note(f"the theme {theme.title}", key="source.theme", values={"title": theme.title})
    return WordSource(name=name, entries=entries, lines=None)


def looks_like_path(argument: str) -> bool:
    """True for an argument meant as a file name (a suffix such as .txt, or a folder part)."""
    return "/" in argument or "\\" in argument or bool(Path(argument).suffix)


def _target(args: argparse.Namespace) -> Target | None:
    """How ``--difficulty`` searches, if it is given: the model file read."""
    if args.difficulty is None:
        return None
    from wortsuche.difficulty.constants import DEFAULT, constants_from_text
    from wortsuche.rating.targeting import Target

    constants = constants_from_text(read_text(args.model), args.model) if args.model else DEFAULT
    return Target(args.difficulty, args.nearest, constants)


def make_puzzle(spec: PuzzleSpec, target: Target | None = None) -> Puzzle:
    """Run the core on ``spec`` (with a ``target``: the candidate nearest it); a failed layout
    becomes one line with a size that fits."""
    from wortsuche.pipeline.run import generate
    from wortsuche.rating.targeting import generate_spec_near

    try:
        if target is None:
            return generate(spec)
        # The search varies the level and its knobs; only the options given stay fixed.
        return generate_spec_near(spec, target)
    except DoesNotFitError as error:
        raise _with_advice(error, spec.effort, exact=spec.exact) from None


def _with_advice(error: DoesNotFitError, effort: float, *, exact: bool = False) -> DoesNotFitError:
    """The error as one line that says how to find a layout: more effort, or a size that fits
    (each part a note, so the line can be said in the reader's language)."""
    message = " ".join(str(error).split())
    advice = _advice(error, effort, message, exact=exact)
    message += advice["effort"] + advice["size"]
    return DoesNotFitError(
        Note(
            message,
            key="error.with-advice" if error.key else None,
            values={"error": error, **advice},
        ),
        error.words,
        error.suggested_size,
        error.kind,
    )


def _advice(
    error: DoesNotFitError, effort: float, message: str, *, exact: bool = False
) -> dict[str, str]:
    """The parts of the advice: a size the pipeline found (already in ``message``), more
    effort (and, unless it was asked already, the exact search that proves whether a layout
    exists), a size to try; each one empty where it does not apply."""
    advice = {"exists": "", "effort": "", "size": ""}
    size = "{}x{}".format(*error.suggested_size) if error.suggested_size else ""
    exists = f"; a layout exists in {size}"
    if size and exists in message:
        advice["exists"] = Note(exists, key="error.advice-exists", values={"size": size})
    if error.kind == "not_found" and effort < 100:
        more = f"{min(100, max(4, 4 * effort)):g}"
        advice["effort"] = Note(
            f"; none found within the effort: --effort {more} searches longer",
            key="error.advice-effort",
            values={"effort": more},
        )
        if not exact:
            advice["effort"] = Note(
                f"{advice['effort']}, --exact says whether one exists",
                key="error.advice-effort-exact",
                values={"effort": more},
            )
    if size and size not in message:
        advice["size"] = Note(
            f"; try --size {size}", key="error.advice-size", values={"size": size}
        )
    return advice
