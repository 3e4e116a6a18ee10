"""The print-on-demand options of ``wortsuche book``: trim, bleed, front matter, answers,
cover; the book is checked with ``preflight`` before it is written."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wortsuche.cli.output import at_terminal, note, write_output
from wortsuche.cli.reading import read_text
from wortsuche.errors import InputError
from wortsuche.notes import Note
from wortsuche.render.options import RenderOptions

if TYPE_CHECKING:
    from wortsuche.book import PlannedPuzzle

ANSWERS_PER_PAGE = (1, 2, 4, 6, 9)
"""How many answer keys a printed book's page may hold."""

PRINT_ONLY = ("bleed", "copyright", "subtitle", "cover", "back_text", "author", "cover_scheme")

COVER_ONLY = ("cover_image", "title_font", "cover_template")
"""Options that mean something only with ``--cover``."""
"""Options that mean something only for a book with ``--trim``."""


def add_print_options(parser: argparse.ArgumentParser) -> None:
    """The options of a book made for print on demand."""
    group = parser.add_argument_group("print-on-demand options (with --trim)")
    group.add_argument(
        "--trim",
        metavar="SIZE",
        help="the printed book's page size: 5x8, 5.5x8.5, 6x9, 7x10, 8x10, 8.5x8.5, 8.5x11, a4, "
        "a5 or WxH in in or mm (e.g. 152x229mm); mirrored margins with the gutter the page "
        "count needs, front matter, at least 24 pages and an even count",
    )
    group.add_argument(
        "--bleed", action="store_true", help="pages 0.125 in larger at top, bottom and outside"
    )
    group.add_argument("--subtitle", help="a line under the title on the title page and cover")
    group.add_argument(
        "--author",
        metavar="NAME",
        help="the author's name on the title page, the front cover and (where it fits at "
        "7 pt or more) the spine",
    )
    group.add_argument(
        "--copyright", metavar="TEXT", help="the copyright page's text (\\n starts a new line)"
    )
    group.add_argument(
        "--no-scores",
        dest="scores",
        action="store_false",
        help="leave out difficulty scores, levels and seeds (a book for sale)",
    )
    group.add_argument(
        "--answers-per-page",
        type=int,
        choices=ANSWERS_PER_PAGE,
        help="answer keys on one page (default: as many as keep the keys' letters 7 pt or "
        "larger, 8 pt in large print, up to 6)",
    )
    group.add_argument(
        "--puzzles-per-page",
        type=int,
        choices=(1, 2),
        default=1,
        help="puzzles on a page: 2 puts two on each, each in half the page with its word list "
        "beside its grid (refused, naming what helps, where they would not stay readable; "
        "default: 1)",
    )
    group.add_argument(
        "--cover",
        metavar="COVER.pdf",
        help="also write a wrap-around cover (back, spine, front) for the book's page count",
    )
    group.add_argument(
        "--paper-color",
        choices=("white", "cream"),
        default="white",
        help="the interior paper, which sets the spine's width (default: white)",
    )
    group.add_argument(
        "--back-text",
        metavar="FILE-or-TEXT",
        help="the text on the back cover, or a file that holds it (\\n or a blank line starts "
        "a paragraph); kept clear of the barcode's corner",
    )
    group.add_argument(
        "--cover-template",
        choices=("band", "classic", "frame"),
        help="the cover's layout: the title on a dark band (band, the default), in the band's "
        "colour over a rule (classic), or the front in a frame (frame)",
    )
    group.add_argument(
        "--title-font",
        choices=("standard", "school"),
        help="the typeface of the cover's title and spine: standard (DejaVu Sans, the "
        "default) or school (Andika, letters as children learn to write them)",
    )
    group.add_argument(
        "--cover-image",
        metavar="IMAGE",
        help="a PNG or JPEG background across the whole cover, at least 300 dpi at the "
        "cover's size (the error names the pixels it needs); the texts get a light panel",
    )
    group.add_argument(
        "--cover-scheme",
        choices=("slate", "forest", "berry", "ocean", "sunset"),
        help="the cover's colours: a light background and a dark band with white text "
        "(default: slate)",
    )


def check_print_options(args: argparse.Namespace, as_lines: bool) -> None:
    """Refuse print options without ``--trim`` (or for a .jsonl part) before any puzzle is made."""
    given = [name for name in PRINT_ONLY if getattr(args, name, None)]
    if not args.scores:
        given.append("no_scores")
    if args.answers_per_page is not None:
        given.append("answers_per_page")
    if args.puzzles_per_page != 1:
        given.append("puzzles_per_page")
    if as_lines and args.trim:
        raise InputError(
            "--trim sets a PDF's pages; a .jsonl file holds only puzzles", key="error.trim-jsonl"
        )
    if given and not args.trim:
        flag = "--" + given[0].replace("_", "-")
        raise InputError(
            f"{flag} belongs to a printed book: give --trim too (e.g. --trim 6x9)",
            key="error.needs-trim",
            values={"flag": flag},
        )
    check_cover_options(args)
    if args.trim:
        from wortsuche.render.preflight import require_preflight
        from wortsuche.render.trims import parse_trim

        parse_trim(args.trim)
        require_preflight()
        same = args.cover and args.output
        if same and Path(args.cover).resolve() == Path(args.output).resolve():
            raise InputError(
                f"the cover and the book would be the same file, {args.output}; give "
                "--cover a name of its own",
                key="error.cover-is-book",
                values={"name": args.output},
            )
    elif args.order == "by-theme":
        raise InputError(
            "--order by-theme belongs to a printed book: give --trim too",
            key="error.order-needs-trim",
        )


def check_cover_options(args: argparse.Namespace) -> None:
    """Refuse cover options without ``--cover``, and a cover image that cannot print, before
    any puzzle is made."""
    cover_only = [name for name in COVER_ONLY if getattr(args, name, None)]
    if cover_only and not args.cover:
        flag = "--" + cover_only[0].replace("_", "-")
        raise InputError(
            f"{flag} belongs to the cover: give --cover COVER.pdf too",
            key="error.needs-cover",
            values={"flag": flag},
        )
    if getattr(args, "cover_image", None):
        from wortsuche.book.cover import checked_image
        from wortsuche.render.trims import cover_size, parse_trim

        # the smallest book's cover first (24 pages); its own size once its pages are counted
        least = cover_size(parse_trim(args.trim), 24, args.paper_color) if args.trim else None
        checked_image(read_bytes(args.cover_image), args.cover_image, least)


def print_trimmed(
    titled: list[tuple[str, Any]],
    options: RenderOptions,
    args: argparse.Namespace,
    advance: Callable[[str], None],
) -> None:
    """Render the book for print on demand, check it with preflight, then write it (and its
    cover); a book that breaks a rule is not written."""
    from wortsuche.book import in_parallel
    from wortsuche.book.printing import draw_print_book
    from wortsuche.render.bookpages import BookDesign, join_parts
    from wortsuche.render.glyphs import require_printable
    from wortsuche.render.preflight import check_drawn, fonts_not_embedded
    from wortsuche.render.trims import BookFormat, parse_trim

    book = BookFormat(parse_trim(args.trim), bleed=args.bleed)
    design = BookDesign(
        book,
        subtitle=args.subtitle,
        copyright=args.copyright,
        author=args.author,
        scores=args.scores,
        answers_per_page=args.answers_per_page,
        puzzles_per_page=args.puzzles_per_page,
    )

    def printed(puzzles: int) -> None:
        for _ in range(puzzles):
            advance("printing")

    lines = (options.title, args.subtitle, args.copyright, args.author)
    require_printable((puzzle for _, puzzle in titled), options.font, *lines)
    if args.cover:
        from wortsuche.render.cover import load_cover_libraries

        load_cover_libraries()  # here too, before the workers start

    with in_parallel(args.workers) as workers:
        drawn = draw_print_book(
            titled, options, design, order=args.order, on_part=printed, parts=workers
        )
        # each worker reads the pages it checks from their part, not from the whole book, while
        # this process joins the parts and draws the cover
        checking = check_drawn(drawn.parts, book, drawn.pages, start=workers.start)
        pdf = join_parts(drawn.parts, drawn.title, drawn.language)
        cover = make_cover(titled, options, book, drawn.pages, args) if args.cover else None
        found = checking() + fonts_not_embedded(pdf)
    if found:
        for violation in found:
            note(
                Note(
                    f"preflight: {violation}", key="note.preflight", values={"rule": violation.note}
                )
            )
        raise InputError(
            f"the book breaks {len(found)} print rule{'' if len(found) == 1 else 's'}; "
            "nothing was written",
            key="error.print-rules",
            values={"count": len(found)},
            number=len(found),
        )
    write_output(args.output, pdf, force=args.force, said=False)
    if cover is not None:
        write_output(args.cover, cover, force=args.force)
    if at_terminal() and args.output != "-":
        ready = Note(
            f"{drawn.pages} pages on {book.trim.name}: ready to print",
            key="cli.preflight.ready",
            values={"trim": book.trim.name},
            number=drawn.pages,
        )
        said = f"wrote {args.output}: {ready}"
        note(Note(said, key="note.wrote-ready", values={"path": args.output, "ready": ready}))


def make_cover(
    titled: list[tuple[str, Any]],
    options: RenderOptions,
    book: Any,
    pages: int,
    args: argparse.Namespace,
) -> bytes:
    """The wrap-around cover for the book's page count, its size checked."""
    from wortsuche.book import cover_artwork
    from wortsuche.book.cover import checked_image
    from wortsuche.i18n import translator
    from wortsuche.render.cover import SCHEMES, CoverLook, CoverText, render_cover
    from wortsuche.render.pdf import book_language
    from wortsuche.render.preflight import check_cover
    from wortsuche.render.trims import cover_size

    language = book_language(titled, options)
    title = options.title or translator(language).t("book.default-title")
    text = CoverText(title, args.subtitle, back_text(args.back_text), args.author)
    image = None
    if args.cover_image:
        size = cover_size(book.trim, pages, args.paper_color)
        image = checked_image(read_bytes(args.cover_image), args.cover_image, size)
    look = CoverLook(
        SCHEMES[args.cover_scheme or "slate"],
        args.cover_template or "band",
        args.title_font or "standard",
        image,
    )
    # a grid of the book on the cover would give its answers away: one of its own, or unmarked
    artwork = cover_artwork([puzzle for _, puzzle in titled])
    cover = render_cover(
        text,
        artwork or titled[0][1],
        book.trim,
        pages,
        args.paper_color,
        language,
        marked=artwork is not None,
        look=look,
    )
    found = check_cover(cover, book, pages, args.paper_color, name=args.cover)
    if found:  # pragma: no cover - the cover is drawn to the size it is checked against
        raise InputError(
            f"the cover breaks a print rule: {found[0]}",
            key="error.cover-rule",
            values={"rule": found[0]},
        )
    return cover


def large_print_sizes(
    plan: list[PlannedPuzzle], args: argparse.Namespace, size: tuple[int | None, int | None]
) -> list[PlannedPuzzle]:
    """The plan of a large-print book on a trim with each puzzle's largest sizes (its list
    beside its grid, or the grid alone): a size chosen from the words is kept within them. A
    ``size`` given that is larger than a grid alone on its page holds is refused, naming the
    largest that fits."""
    from dataclasses import replace

    from wortsuche.render.bookpages import largest_large_print_grids, likely_pages
    from wortsuche.render.trims import BookFormat, parse_trim

    if args.trim and plan and args.puzzles_per_page == 2:
        return pair_sizes(plan, args, size)
    if not (args.large_print and args.trim and plan):
        return plan
    book = BookFormat(parse_trim(args.trim), bleed=args.bleed)
    pages = likely_pages(len(plan), len({p.title for p in plan}))

    def largest(planned: PlannedPuzzle) -> tuple[tuple[int, int], tuple[int, int]]:
        label = f"{planned.number}. {planned.title}"
        return largest_large_print_grids(book, pages, planned.words, label, scores=args.scores)

    rows, cols = size
    if rows is not None and cols is not None:
        alone = min((largest(p)[1] for p in plan), key=lambda rc: rc[0] * rc[1])
        if rows > alone[0] or cols > alone[1]:
            raise InputError(
                f"--size {rows}x{cols}: its letters would be under 16 pt in large print on "
                f"{args.trim}; the largest grid that fits is {alone[0]}x{alone[1]}",
                key="error.large-print-size",
                values={
                    "size": f"{rows}x{cols}",
                    "trim": args.trim,
                    "largest": "{}x{}".format(*alone),
                },
            )
        return plan
    # a side under 2 holds no word: such a page keeps no list beside its grid
    return [replace(p, largest=tuple(rc for rc in largest(p) if min(rc) >= 2)) for p in plan]


def pair_sizes(
    plan: list[PlannedPuzzle], args: argparse.Namespace, size: tuple[int | None, int | None]
) -> list[PlannedPuzzle]:
    """The plan of a book of two puzzles a page, each puzzle with the largest grid its half
    holds with its list beside it and its letters readable (7 pt, 16 pt in large print): a
    size chosen from the words is kept within it. A puzzle whose list fits beside no grid, or
    a ``size`` given larger than the half holds, is refused before any puzzle is made."""
    from dataclasses import replace

    from wortsuche.render.bookpages import largest_pair_grid, likely_pages
    from wortsuche.render.trims import BookFormat, parse_trim

    book = BookFormat(parse_trim(args.trim), bleed=args.bleed)
    pages = likely_pages(len(plan), len({p.title for p in plan}), per_page=2)
    largest = [
        largest_pair_grid(
            book,
            pages,
            p.words,
            f"{p.number}. {p.title}",
            scores=args.scores,
            large_print=args.large_print,
        )
        for p in plan
    ]
    worst = min(range(len(plan)), key=lambda i: min(largest[i]))
    rows, cols = largest[worst]
    given = size[0] is not None and size[1] is not None
    too_large = (given and (size[0] or 0) > rows) or (given and (size[1] or 0) > cols)
    if min(rows, cols) < 2 or too_large:
        values = {"number": plan[worst].number, "trim": args.trim}
        words = len(plan[worst].words)
        if args.large_print:
            raise InputError(
                f"--puzzles-per-page 2 with --large-print: puzzle {plan[worst].number} and its "
                f"{words} words do not fit half a {args.trim} page at 16 pt; "
                "--puzzles-per-page 1, a larger --trim (8.5x11) or fewer --words-per-puzzle",
                key="error.pair-large-print",
                values=values,
                number=words,
            )
        raise InputError(
            f"--puzzles-per-page 2: puzzle {plan[worst].number} and its {words} words do not "
            f"fit half a {args.trim} page with letters of 7 pt or more; --puzzles-per-page 1, "
            "a larger --trim, fewer --words-per-puzzle or a smaller --size",
            key="error.pair-does-not-fit",
            values=values,
            number=words,
        )
    if given:
        return plan
    return [replace(p, largest=(rc,), half=True) for p, rc in zip(plan, largest, strict=True)]


def back_text(given: str | None) -> str | None:
    """The back cover's text: a file's, if ``given`` names one (its blank lines start
    paragraphs), else ``given`` itself."""
    if not given or "\n" in given or len(given) > 4096 or not Path(given).is_file():
        return given
    paragraphs = [" ".join(part.split()) for part in read_text(given).split("\n\n")]
    return "\\n".join(part for part in paragraphs if part)


def read_bytes(path: str) -> bytes:
    """A file's bytes; one clear line if it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise InputError(
            f"{path}: cannot read ({error.strerror})",
            key="error.cannot-read",
            values={"path": path, "reason": error.strerror},
        ) from None
