"""Worksheet options of ``generate`` and ``render`` that only a PDF can carry: several puzzles
per page (``--per-page``) and A/B versions of one sheet (``--versions``).

>>> version_seed(7, 0), version_seed(7, 1) == version_seed(7, 1), version_seed(7, 1) != 7
(7, True, True)
"""

from __future__ import annotations

import argparse
import hashlib
import string

from wortsuche.errors import InputError

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
        help="PDF: N versions of the sheet (A, B, ...): the same words in different grids, "
        "each labelled, so that neighbours cannot copy; --seed makes all of them again, and "
        "each footer names its version's own seed (default: 1)",
    )


def check_format(fmt: str, args: argparse.Namespace) -> None:
    """Before any work: the format can be written here (its extra is installed), and
    ``--per-page`` and ``--versions`` are refused for a format that has no pages."""
    from wortsuche.render import require

    require(fmt)
    for flag, value in (("--per-page", "per_page"), ("--versions", "versions")):
        if getattr(args, value, 1) > 1 and fmt != "pdf":
            raise InputError(
                f"{flag} lays out PDF pages; write a PDF (-o sheet.pdf) or leave {flag} out",
                key="error.pdf-only-flag",
                values={"flag": flag},
            )


def version_seed(seed: int, index: int) -> int:
    """The seed of version ``index`` (0 for A) of the sheet made with ``seed``: A's is the seed
    itself, so one version is the plain puzzle; the others are derived from it (1 to 10**9)."""
    if index == 0:
        return seed
    digest = hashlib.sha256(f"wortsuche-version:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 10**9 + 1


def version_letter(index: int) -> str:
    """A version's letter: A, B, C, D."""
    return string.ascii_uppercase[index]
