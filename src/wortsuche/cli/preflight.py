"""``wortsuche preflight``: check a book's PDF against print-on-demand rules before upload.

wortsuche preflight book.pdf --trim 6x9
wortsuche preflight book.pdf --trim 8.5x11 --bleed --cover cover.pdf --paper-color cream

Every rule broken is printed with its page; the exit status is 1 if any is, 0 if none.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wortsuche.errors import InputError

if TYPE_CHECKING:
    from wortsuche.render.preflight import Violation
    from wortsuche.render.trims import BookFormat

MAX_PDF_BYTES = 1 << 30
"""The largest PDF read (a printed book of 828 pages is far smaller)."""


def add_parser(subparsers: Any) -> None:
    """Register the ``preflight`` subcommand."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "preflight",
        help="check a book's PDF against print-on-demand rules (trim, margins, fonts, cover)",
        description="Check any book PDF against print-on-demand rules (Amazon KDP's figures): "
        "page size, at least 24 pages and an even count, every page's text, drawings and "
        "images inside the live area with the gutter the page count needs on the spine's side, "
        "fonts embedded, and a cover's size for the page count. Prints each broken rule with "
        "its page; exits 1 if any.",
    )
    parser.add_argument("pdf", metavar="BOOK.pdf", help="the book's interior PDF")
    parser.add_argument(
        "--trim", required=True, metavar="SIZE", help="the trim: 6x9, 8.5x11, a5, 152x229mm, …"
    )
    parser.add_argument("--bleed", action="store_true", help="the pages have bleed")
    parser.add_argument("--cover", metavar="COVER.pdf", help="also check the wrap-around cover")
    parser.add_argument(
        "--paper-color",
        choices=("white", "cream"),
        default="white",
        help="the interior paper, which sets the spine's width (default: white)",
    )
    parser.add_argument(
        "--profile",
        choices=("kdp", "any"),
        default="kdp",
        help="the print shop's rules on text: kdp (Amazon KDP, no text under 7 pt; the "
        "default) or any (only text too small for anyone to read, under 2.5 pt)",
    )
    parser.set_defaults(run=run)


def read_pdf(path: str) -> bytes:
    """A PDF file's bytes, with a one-line error if it cannot be read."""
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_PDF_BYTES + 1)
    except OSError as error:
        raise InputError(
            f"cannot read {path}: {error.strerror or error}",
            key="error.cannot-read",
            values={"path": path, "reason": error.strerror or error},
        ) from None
    if len(data) > MAX_PDF_BYTES:
        raise InputError(
            f"{path} is too large (more than {MAX_PDF_BYTES} bytes)",
            key="error.pdf-too-large",
            values={"path": path, "most": MAX_PDF_BYTES},
        )
    if not data.startswith(b"%PDF"):
        raise InputError(f"{path} is not a PDF", key="error.not-pdf", values={"path": path})
    return data


def run(args: argparse.Namespace) -> int:
    """Check the book (and its cover); print what is wrong."""
    from wortsuche.render import require

    require("pdf")
    from wortsuche.render.preflight import read_bounded, require_preflight

    require_preflight()
    from wortsuche.render.trims import BookFormat, parse_trim

    book = BookFormat(parse_trim(args.trim), bleed=args.bleed)
    interior = read_pdf(args.pdf)
    # each file is read in a process of its own, its memory and time capped: a damaged file
    # can make the readers take gigabytes
    found, pages = read_bounded(
        lambda: _check_interior(interior, book, args.pdf, args.profile), interior, args.pdf
    )
    if args.cover:
        cover = read_pdf(args.cover)
        found += read_bounded(lambda: _check_cover(cover, book, pages, args), cover, args.cover)
    from wortsuche.cli.interface import texts

    for violation in found:
        print(f"{args.pdf}: {texts().say(violation.note)}")
    if found:
        print(f"{args.pdf}: {texts().n('cli.preflight.not-ready', len(found))}")
        return 1
    ready = texts().n("cli.preflight.ready", pages, trim=book.trim.name)
    print(f"{args.pdf}: {ready}")
    return 0


def _check_interior(
    pdf: bytes, book: BookFormat, name: str, profile: str
) -> tuple[list[Violation], int]:
    """What is wrong with the book's interior, and its number of pages."""
    from wortsuche.render.preflight import PROFILES, check_book, page_count, unreadable_said

    with unreadable_said(name):
        return check_book(pdf, book, name=name, profile=PROFILES[profile]), page_count(pdf)


def _check_cover(
    pdf: bytes, book: BookFormat, pages: int, args: argparse.Namespace
) -> list[Violation]:
    """What is wrong with the book's cover."""
    from wortsuche.render.preflight import check_cover, unreadable_said

    with unreadable_said(args.cover):
        return check_cover(pdf, book, pages, args.paper_color, name=args.cover)
