"""The flags the subcommands share, built with argparse: every option :mod:`wortsuche.spec`
declares, and the output and paper options of every command that writes a sheet."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from wortsuche.errors import InputError
from wortsuche.notes import Note
from wortsuche.spec import BOOK, GROUPS, OptionSpec, declared


def add_spec_options(parser: argparse.ArgumentParser, surface: str) -> None:
    """The flags of every option :mod:`wortsuche.spec` declares for ``surface`` (``generate``
    or ``book``), in the groups of the help. A flag left out is None: the spec's default."""
    groups: dict[str, Any] = {"puzzle": parser}
    for option in declared(surface):
        if option.group not in groups:
            groups[option.group] = parser.add_argument_group(*GROUPS[option.group])
        help_text = option.book_help if surface == BOOK and option.book_help else option.help
        if surface == BOOK and option.book_several:
            argument = _several(option)
        else:
            argument = _argument(option)
        groups[option.group].add_argument(option.flag, help=help_text, **argument)


def _several(option: OptionSpec) -> dict[str, Any]:
    """How argparse reads a flag of several choices, comma-separated: a tuple of choices."""

    by_fold = {choice.casefold(): choice for choice in option.choices}

    def choices(text: str) -> tuple[str, ...]:
        named = (option.unalias(part.strip()) for part in text.split(","))
        given = tuple(by_fold.get(name.casefold(), name) for name in named)
        for choice in given:
            if choice not in option.choices:
                from wortsuche.cli.interface import texts

                refused = Note(
                    f"invalid choice: {choice!r} (choose from {', '.join(option.choices)})",
                    key="error.flag-choice",
                    values={"value": choice, "choices": ", ".join(option.choices)},
                )
                raise argparse.ArgumentTypeError(texts().say(refused))
        return given

    choices.__name__ = option.name
    metavar = "{" + ",".join(option.choices) + "}[,…]"
    return {"type": choices, "metavar": metavar}


def _argument(option: OptionSpec) -> dict[str, Any]:
    """How argparse reads one option's flag."""
    if option.kind == "flag":
        return {"action": "store_true", "default": None}
    argument: dict[str, Any] = {"metavar": option.metavar}
    if option.choices:
        argument["choices"] = option.choices
    if option.aliases:
        argument["type"] = option.unalias  # before the choices are checked
    if option.kind in ("whole", "number"):
        argument["type"] = _number(option)
    if option.kind == "words":
        # One value a flag, repeated for more (or separated by commas): a list after the flag
        # would swallow the word file that follows it (--secret Fuchs tiere.txt).
        argument["action"] = "append"
    return argument


def _number(option: OptionSpec) -> Callable[[str], Any]:
    """A flag's number, checked as the spec checks it (argparse names the flag)."""
    read = _whole if option.kind == "whole" else float

    def number(text: str) -> Any:
        value = read(text)  # not a number: argparse says "invalid int value"
        try:
            return option.check(value)
        except InputError:
            from wortsuche.cli.interface import texts

            refused = Note(
                f"must be {option.expected}, not {text}",
                key="error.flag-value",
                values={"expected": option.expected, "value": text},
            )
            raise argparse.ArgumentTypeError(texts().say(refused)) from None

    number.__name__ = "int" if option.kind == "whole" else "float"
    return number


def _whole(text: str) -> int:
    """``int(text)``, leading zeros allowed in any number."""
    from wortsuche.words.source import without_leading_zeros

    return int(without_leading_zeros(text))


def spec_options(args: argparse.Namespace, surface: str) -> dict[str, Any]:
    """The declared options given on the command line, by name: secret words split at
    commas, a mask file read into its rows."""
    values = {
        option.name: value
        for option in declared(surface)
        if (value := getattr(args, option.name, None)) is not None
    }
    if "secret" in values:
        items = values["secret"]
        values["secret"] = [
            part.strip() for item in items for part in item.split(",") if part.strip()
        ]
        if not values["secret"]:
            raise InputError("--secret needs a word", key="error.secret-empty")
    if "mask" in values:
        from wortsuche.grid.shapes import read_mask

        values["mask"] = read_mask(Path(values["mask"]))
    return values


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """Options for where and how a puzzle is written (shared by every command that writes one)."""
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write to FILE (format from its suffix)"
    )
    parser.add_argument(
        "--format",
        type=str.lower,
        help="output format: text, json, svg, png, pdf, csv, html (a game that plays offline), "
        "scorm (that game as a SCORM 1.2 package for Moodle, ILIAS or itslearning), docx, odt "
        "(default: from the -o suffix, else text)",
    )
    parser.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    parser.add_argument("--answers", action="store_true", help="include the answer key")
    add_paper_options(parser)


def add_paper_options(
    parser: argparse.ArgumentParser,
    *,
    title_help: str = "title printed above the puzzle",
    images: bool = True,
) -> None:
    """Options for printed and image output (PDF, SVG, PNG, HTML; CSV takes --lowercase)."""
    from wortsuche.i18n import LANGUAGES
    from wortsuche.render.options import FONTS, PER_PAGE

    paper = parser.add_argument_group("paper and image options" if images else "paper options")
    paper.add_argument("--title", help=title_help)
    paper.add_argument(
        "--sheet-language",
        choices=LANGUAGES,
        help="language of the printed texts alone, e.g. an English sheet for a German class "
        "(default: the puzzle's language)",
    )
    paper.add_argument("--paper", choices=("a4", "letter"), help="PDF page size (default: a4)")
    paper.add_argument(
        "--lowercase",
        action="store_true",
        default=None,
        help="the grid's letters in lower case (the word list stays as written)",
    )
    paper.add_argument(
        "--uppercase",
        dest="lowercase",
        action="store_false",
        default=None,
        help="the grid's letters in capitals (the default, unless case = lower is set)",
    )
    paper.add_argument(
        "--large-print", action="store_true", help="bigger letters and text for low vision"
    )
    paper.add_argument(
        "--no-word-list",
        dest="word_list",
        action="store_false",
        help="leave out the word list (find the hidden words)",
    )
    paper.add_argument(
        "--font",
        choices=FONTS,
        default=None,
        help="typeface of the sheet: standard (DejaVu Sans) or school (Andika, made for young "
        "readers: single-storey a and g) (default: standard)",
    )
    if images:
        paper.add_argument(
            "--dpi", type=int, metavar="N", help="resolution of PNG images (default: 150)"
        )
        paper.add_argument(
            "--no-name-line",
            dest="name_line",
            action="store_false",
            default=None,
            help="leave out the line for name, date and class at the top of the worksheet",
        )
        paper.add_argument(
            "--per-page",
            type=int,
            choices=PER_PAGE,
            default=1,
            metavar="N",
            help="PDF: N puzzles on each page, each with its own word list, with cut marks "
            "(2: A5 halves of A4 or half-letter; 4: quarters) (default: 1)",
        )
