"""Worksheet options of ``generate`` and ``render``: several puzzles per page (``--per-page``)
and A/B versions of one sheet (``--versions``), which only a PDF or an editable sheet (DOCX,
ODT) can carry; the readers' age (``--age``) and what the footer says (``--footer``). Each
version's seed comes from the first one's (:func:`wortsuche.rand.version_seed`).
"""

from __future__ import annotations

import argparse
import dataclasses
import string

from wortsuche.errors import InputError
from wortsuche.model import Puzzle
from wortsuche.render.options import AGES, FOOTERS, RenderOptions, sheet_age

VERSIONS = range(1, 5)
"""How many versions of a sheet ``--versions`` makes: A to D."""


def add_versions_option(parser: argparse.ArgumentParser) -> None:
    """``--versions N``: versions of the sheet with the same words in different grids."""
    parser.add_argument(
        "--versions",
        type=int,
        choices=VERSIONS,
        default=1,
        metavar="N",
        help="PDF, DOCX, ODT: N versions of the sheet (A, B, ...): the same words in different grids, "
        "each labelled, so that neighbours cannot copy; --seed makes all of them again, and "
        "each answer key names its version's own seed (default: 1)",
    )


def add_sheet_options(parser: argparse.ArgumentParser) -> None:
    """``--age`` and ``--footer``: who the printed sheet is for."""
    parser.add_argument(
        "--age",
        choices=AGES,
        default=None,
        help="PDF, DOCX, ODT, SVG, PNG: size the word list, the instruction and the grid for "
        "readers of this age (6-8: the list at 16 pt or more, the grid as wide as the page) "
        "(default: 6-8 for an easy puzzle, else the sizes of old)",
    )
    parser.add_argument(
        "--footer",
        choices=FOOTERS,
        default="pupil",
        help="what the worksheet's footer says: pupil (size and level) or technical (also the "
        "seed and the model's score; the answer key always has them) (default: pupil)",
    )


def sheet_options(
    options: RenderOptions, args: argparse.Namespace, puzzle: Puzzle
) -> RenderOptions:
    """``options`` with the age and the footer the arguments ask for (an easy puzzle's sheet is
    for the youngest unless ``--age`` says otherwise)."""
    return dataclasses.replace(
        options,
        age=sheet_age(getattr(args, "age", None), puzzle),
        footer=getattr(args, "footer", None) or "pupil",
    )


PAGED_FORMATS = ("pdf", "docx", "odt")
"""The formats that lay out pages: only they take ``--per-page`` and ``--versions``."""


def check_format(fmt: str, args: argparse.Namespace) -> None:
    """Before any work: the format can be written here (its extra is installed), and
    ``--per-page`` and ``--versions`` are refused for a format that has no pages."""
    from wortsuche.render import require

    require(fmt)
    for flag, value in (("--per-page", "per_page"), ("--versions", "versions")):
        if getattr(args, value, 1) > 1 and fmt not in PAGED_FORMATS:
            raise InputError(
                f"{flag} lays out pages; write a PDF, DOCX or ODT (-o sheet.pdf) or leave "
                f"{flag} out",
                key="error.paged-only-flag",
                values={"flag": flag},
            )


def version_letter(index: int) -> str:
    """A version's letter: A, B, C, D."""
    return string.ascii_uppercase[index]
