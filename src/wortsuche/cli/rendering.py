"""From the parsed flags to a sheet: the format asked for, the render options, and the notes a
sheet's options call for (``--answers`` where it is not a second page, letters too small)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import TYPE_CHECKING, Any

from wortsuche.cli.output import note
from wortsuche.errors import InputError
from wortsuche.notes import Note

if TYPE_CHECKING:
    from wortsuche.render.options import RenderOptions


def output_format(args: argparse.Namespace) -> str:
    """The format asked for: ``--format``, else the ``-o`` file's suffix, else text."""
    if args.format:
        from wortsuche.render import FORMATS

        if args.format not in FORMATS:
            formats = ", ".join(FORMATS)
            raise InputError(
                f"unknown format {args.format!r}; choose one of {formats}",
                key="error.unknown-format",
                values={"format": args.format, "choices": formats},
            )
        return str(args.format)
    if args.output and args.output != "-":
        from wortsuche.render import format_for_path

        return format_for_path(args.output)
    return "text"


def render_options(args: argparse.Namespace) -> RenderOptions:
    """The :class:`~wortsuche.render.RenderOptions` the parsed arguments ask for."""
    from wortsuche.render.options import DPI_RANGE, RenderOptions

    dpi = getattr(args, "dpi", None)
    low, high = DPI_RANGE
    if dpi is not None and not low <= dpi <= high:
        raise InputError(
            f"--dpi must be between {low} and {high}, not {dpi}",
            key="error.dpi",
            values={"low": low, "high": high, "value": dpi},
        )
    from wortsuche.cli.settings import render_settings

    options = RenderOptions(
        answers=bool(getattr(args, "answers", False)),
        title=getattr(args, "title", None),
        paper=getattr(args, "paper", None) or "a4",
        lowercase=bool(getattr(args, "lowercase", False)),
        large_print=bool(getattr(args, "large_print", False)),
        word_list=bool(getattr(args, "word_list", True)),
        dpi=dpi,
        language=getattr(args, "sheet_language", None),
        name_line=getattr(args, "name_line", None) is not False,
        font=getattr(args, "font", None) or "standard",
        per_page=getattr(args, "per_page", 1),
    )
    # font and name line, where this version's sheets have them and a setting gives them
    return dataclasses.replace(options, **render_settings(args))


def answers_note(fmt: str, args: argparse.Namespace) -> None:
    """Say what ``--answers`` does where it is not a second page: never silently ignored."""
    if not getattr(args, "answers", False):
        return
    if fmt == "html":
        raise InputError(
            "--answers does not apply to an HTML file (the page is the game and keeps the "
            "answers hidden); leave it out, or write the key as PDF, SVG or PNG",
            key="error.answers-html",
        )
    if fmt == "scorm":
        raise InputError(
            "--answers does not apply to a SCORM package (its page is the game and keeps the "
            "answers hidden); leave it out, or write the key as PDF, SVG or PNG",
            key="error.answers-scorm",
        )
    if fmt in ("svg", "png"):
        note(
            Note(
                f"--answers: the {fmt.upper()} holds only the answer key; "
                "run again without --answers for the puzzle",
                key="note.answers-only-key",
                values={"format": fmt.upper()},
            )
        )


SMALL_LETTERS = 6.0
"""A printed sheet whose grid letters are smaller than this (points) is said to be hard to
read: 6 pt capitals are about 2 mm high."""


def say_small_letters(puzzle: Any, options: RenderOptions, fmt: str) -> None:
    """A note when a PDF worksheet's grid letters come out too small to read, naming what
    makes them larger."""
    if fmt != "pdf":
        return
    from wortsuche.render import sheet_letter_size

    size = sheet_letter_size(puzzle, options)
    if size >= SMALL_LETTERS:
        return
    # what makes them larger: fewer on a page, else a smaller grid
    several = options.per_page > 1
    remedy = "fewer --per-page make" if several else "a smaller --size makes"
    note(
        Note(
            f"the grid's letters are only {size:.1f} pt, hard to read; {remedy} them larger",
            key="note.small-letters-per-page" if several else "note.small-letters",
            values={"size": round(size, 1)},
        )
    )
