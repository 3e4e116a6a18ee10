"""Check a book's PDF against print-on-demand rules before it is uploaded.

Any PDF, not only ours: the page size against the trim (and bleed), an even count of 24 to 828
pages, every page's text, drawings and images inside the live area with the gutter on the spine's side
(measured from the positions the PDF itself gives, read with pdfplumber), every font embedded,
and a cover's size against the page count. Each finding names its page.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from wortsuche.bounded import OutOfMemory, OutOfTime, in_child
from wortsuche.errors import InputError, MissingExtraError
from wortsuche.notes import Note
from wortsuche.render.trims import (
    INCH,
    MAX_PAGES,
    MIN_PAGES,
    Area,
    BookFormat,
    Margins,
    cover_size,
    least_margins,
)

TOLERANCE = 0.5
"""Points a size or a position may be off (rounding in the PDF's numbers)."""


@dataclass(frozen=True)
class Violation:
    """One broken rule: the page it is on (None: the whole file) and what is wrong (a
    :class:`~wortsuche.notes.Note`: English, and named in the catalogue for other languages)."""

    page: int | None
    problem: Note

    @property
    def note(self) -> Note:
        """The finding as people read it: ``page 6: …``."""
        if self.page is None:
            return self.problem
        return _said(
            f"page {self.page}: {self.problem}", "on-page", page=self.page, problem=self.problem
        )

    def __str__(self) -> str:
        return str(self.note)


def _said(text: str, kind: str, **values: object) -> Note:
    """A finding in English, naming its catalogue entry ``preflight.<kind>``."""
    return Note(text, key=f"preflight.{kind}", values=values)


@dataclass(frozen=True)
class Mark:
    """Something printed on a page: its edges and what it is (a letter's text, a drawing)."""

    what: str
    area: Area


def inches(points: float) -> Note:
    """A length in inches as a reader wants it: ``0.375 in`` (``0,375 in`` in German)."""
    number = f"{points / INCH:.3f}".rstrip("0").rstrip(".")
    return _said(f"{number} in", "inches", length=float(number))


PART = 40
"""Pages checked together (in one worker process, when there are several)."""

Parts = Callable[[Callable[..., Any], list[tuple[Any, ...]]], list[Any]]
"""Runs a function on each tuple of arguments, in order (perhaps in parallel)."""


def check_book(
    pdf: bytes,
    book: BookFormat,
    *,
    name: str = "the PDF",
    parts: Parts | None = None,
    profile: Profile | None = None,
) -> list[Violation]:
    """Everything wrong with ``pdf`` as the interior of a book in ``book``'s format, for the
    print shop of ``profile`` (default: :data:`KDP`).

    The pages are checked :data:`PART` at a time by ``parts`` (default: one after another).
    """
    profile = profile or KDP
    pages = page_count(pdf, name)
    jobs = [
        (pdf, book, Pages(first, min(first + PART, pages + 1)), profile)
        for first in range(1, pages + 1, PART)
    ]
    run = parts or (lambda function, jobs: [function(*job) for job in jobs])
    found = list(_page_count(pages))
    for part in run(check_pages, jobs):
        found += part
    return small_text_together(same_size_together(found), profile) + fonts_not_embedded(
        pdf, name=name
    )


def same_size_together(found: list[Violation]) -> list[Violation]:
    """The findings with a run of pages of the same wrong size said once: ``pages 1 to 48: …``."""
    sizes = [v for v in found if v.page is not None and v.problem.key == SIZE]
    others = [v for v in found if v not in sizes]
    runs: list[tuple[int, int, Note]] = []
    for v in sizes:
        assert v.page is not None
        if runs and runs[-1][1] == v.page - 1 and runs[-1][2] == v.problem:
            runs[-1] = (runs[-1][0], v.page, v.problem)
        else:
            runs.append((v.page, v.page, v.problem))
    together = [
        Violation(first, problem)
        if first == last
        else Violation(
            None,
            _said(
                f"pages {first} to {last}: {problem}",
                "pages",
                first=first,
                last=last,
                problem=problem,
            ),
        )
        for first, last, problem in runs
    ]
    return (
        [v for v in found if v in others and v.page is None]
        + together
        + [v for v in others if v.page is not None]
    )


@dataclass(frozen=True)
class Pages:
    """Pages to check: ``first`` to ``end - 1`` (counted from 1) of a book of ``total`` pages
    (None: the PDF's own count), of which the PDF holds the pages from ``start`` on (a part of
    the book holds them from its first page on)."""

    first: int
    end: int
    start: int = 1
    total: int | None = None

    @property
    def count(self) -> int:
        """How many pages are checked."""
        return self.end - self.first


def check_pages(
    pdf: bytes, book: BookFormat, pages: Pages, profile: Profile | None = None
) -> list[Violation]:
    """The size, the margins and the text's size (for ``profile``'s shop, default :data:`KDP`)
    of the ``pages`` of a book that ``pdf`` holds."""
    with _open(pdf, "the PDF") as document:
        total = pages.total or len(document.pages)
        margins = least_margins(min(max(total, 1), MAX_PAGES), bleed=book.bleed)
        found = []
        for number in range(pages.first, pages.end):
            page = document.pages[number - pages.start]
            found += _page_size(number, page, book.page_size)
            found += _outside_live_area(number, page, book, margins)
            found += _too_small(number, page)
            found += small_text(number, page, profile or KDP)
            page.close()
    return found


CHECKED = 10
"""Pages of a drawn part checked together: answer pages take five times as long as the others,
so parts of 40 pages would leave one worker checking answers while the other waits."""


Start = Callable[[Callable[..., Any], list[tuple[Any, ...]]], Callable[[], list[Any]]]
"""Starts a function on each tuple of arguments (perhaps in parallel) and gives back what waits
for the results, in order."""


def check_drawn(
    drawn: Sequence[bytes],
    book: BookFormat,
    pages: int,
    *,
    start: Start | None = None,
    profile: Profile | None = None,
) -> Callable[[], list[Violation]]:
    """Start checking the book of ``pages`` pages drawn in the parts ``drawn`` (:data:`PART`
    pages each) and give back what waits for the findings: with :func:`fonts_not_embedded` of
    the joined PDF after them, what :func:`check_book` finds in it.

    The pages are read from their small parts, not from the whole book, :data:`CHECKED` at a
    time by ``start``, the largest parts' first.
    """
    jobs = [
        (part, book, Pages(first, min(first + CHECKED, begin + PART, pages + 1), begin, pages))
        for index, part in enumerate(drawn)
        for begin in [index * PART + 1]
        for first in range(begin, min(begin + PART, pages + 1), CHECKED)
    ]
    # the slowest first, so that no worker is left with a long one at the end
    slowest = sorted(range(len(jobs)), key=lambda j: -len(jobs[j][0]) * jobs[j][2].count)
    run = start or _at_once
    waiting = run(check_pages, [(*jobs[j], profile or KDP) for j in slowest])

    def found() -> list[Violation]:
        checked = dict(zip(slowest, waiting(), strict=True))
        result = list(_page_count(pages))
        for index in range(len(jobs)):
            result += checked[index]
        return small_text_together(same_size_together(result), profile or KDP)

    return found


def _at_once(function: Callable[..., Any], jobs: list[tuple[Any, ...]]) -> Callable[[], list[Any]]:
    """The calls made now, one after another."""
    results = [function(*job) for job in jobs]
    return lambda: results


def check_cover(
    pdf: bytes, book: BookFormat, pages: int, paper: str, *, name: str = "the cover"
) -> list[Violation]:
    """Everything wrong with ``pdf`` as the wrap-around cover of a book of ``pages`` pages."""
    document = _open(pdf, name)
    with document:
        if len(document.pages) != 1:
            count = len(document.pages)
            return [
                Violation(
                    None, _said(f"a cover is one page, not {count}", "cover-pages", count=count)
                )
            ]
        want = cover_size(book.trim, pages, paper)
        sized = _page_size(1, document.pages[0], want)
        other = "cream" if paper == "white" else "white"
        if sized and not _page_size(1, document.pages[0], cover_size(book.trim, pages, other)):
            # its spine is as wide as the other paper makes it: the likeliest slip, said so
            problem = sized[0].problem
            said = f"{problem}; that is the size for --paper-color {other}"
            sized = [Violation(1, _said(said, "cover-paper", problem=problem, paper=other))]
        found = [_on_cover(v) for v in sized]
    return found + [_on_cover(v) for v in fonts_not_embedded(pdf, name=name)]


def _on_cover(finding: Violation) -> Violation:
    """A finding on the cover's one page, said as the cover's."""
    return Violation(None, _said(f"cover: {finding.problem}", "cover", problem=finding.problem))


def require_preflight() -> None:
    """Name the missing extra in one line if the libraries that read PDFs are not installed."""
    import importlib.util

    if any(importlib.util.find_spec(name) is None for name in ("pdfplumber", "pypdf")):
        raise MissingExtraError("the preflight check", "pdf")


T = TypeVar("T")

READING_MEMORY = 256 * 2**20
"""Bytes of memory a PDF's reading may take beyond the readers' code, and
:data:`READING_MEMORY_PER_BYTE` more for each byte of the file: a book of 200 puzzles (310 pages,
1.7 MB) takes under 16 MB, one of 520 (800 pages, 4.4 MB) under 32 MB; one damaged file of
17 KB made pdfminer take 10 GB."""

READING_MEMORY_PER_BYTE = 4
"""Bytes of memory a reading may take for each byte of the file (its objects, its streams
unpacked)."""

READING_CPU_SECONDS = 12.0
"""CPU seconds a PDF's reading may take, and :data:`READING_CPU_PER_MEGABYTE` more for each
megabyte of the file: a book of 200 puzzles (310 pages, 1.7 MB) takes 12 s in all (its cap:
61 s), one of 520 (800 pages, 4.4 MB) 34 s (its cap: 138 s)."""

READING_CPU_PER_MEGABYTE = 30.0
"""CPU seconds a reading may take for each megabyte of the file."""


def read_bounded(work: Callable[[], T], pdf: bytes, name: str) -> T:
    """``work()``, which reads ``pdf`` (the file ``name``), in a child process whose memory and
    CPU time are capped by the file's size (:data:`READING_MEMORY`,
    :data:`READING_CPU_SECONDS`); a file that needs more, damaged most likely, is said in one
    line as the user's."""
    import pdfplumber  # noqa: F401 - loaded before the child starts: the caps are the reading's
    import pypdf  # noqa: F401

    memory = READING_MEMORY + READING_MEMORY_PER_BYTE * len(pdf)
    seconds = READING_CPU_SECONDS + READING_CPU_PER_MEGABYTE * len(pdf) / 2**20
    try:
        return in_child(work, cpu_seconds=seconds, memory=memory)
    except OutOfMemory:
        megabytes = memory // 2**20
        raise InputError(
            f"cannot check {name}: reading it needs more memory than {megabytes} MB allows "
            "(the file may be damaged)",
            key="error.pdf-memory",
            values={"name": name, "megabytes": megabytes},
        ) from None
    except OutOfTime:
        shown = f"{seconds:.0f}"
        raise InputError(
            f"cannot check {name}: reading it takes more than {shown} CPU seconds (the file "
            "may be damaged)",
            key="error.pdf-time",
            values={"name": name, "seconds": shown},
        ) from None


def page_count(pdf: bytes, name: str = "the PDF") -> int:
    """The number of pages of a PDF."""
    with _open(pdf, name) as document:
        return len(document.pages)


def _open(pdf: bytes, name: str) -> Any:
    """The PDF opened with pdfplumber; a file that is no PDF is the user's mistake."""
    import pdfplumber

    with unreadable_said(name):
        return pdfplumber.open(io.BytesIO(pdf))


READERS = ("pypdf", "pdfminer", "pdfplumber")
"""The libraries that read a PDF: what goes wrong inside them is a damaged file."""


@contextlib.contextmanager
def unreadable_said(name: str) -> Iterator[None]:
    """A PDF that cannot be read, when it is opened or (damaged inside, not only cut off) while
    its pages are read, said in one line as the user's mistake; the readers' own log lines
    (pypdf logs each repair it tries) are not shown.

    Any error raised inside a reader is the file's damage, whatever its class (a damaged file
    makes them raise AttributeError, TypeError, KeyError, zlib's errors and their own); one
    raised in wortsuche's own code is a bug, and stays one."""
    try:
        with _readers_quiet():
            yield
    except InputError:
        raise  # said already (an inner opening of the same PDF)
    except Exception as error:
        if not _inside_reader(error):
            raise
        if _out_of_memory(error):
            raise MemoryError from None  # the memory's cap, not the file's damage, said by the caller
        text = str(error) or type(error).__name__
        reason = text if len(text) <= 80 else text[:77] + "..."
        raise InputError(
            f"{name} is not a PDF that can be read ({reason})",
            key="error.pdf-unreadable",
            values={"name": name, "reason": reason},
        ) from None


def _out_of_memory(error: BaseException) -> bool:
    """Whether ``error`` is a :class:`MemoryError`, or a reader's error made of one (pdfplumber
    wraps whatever pdfminer raises)."""
    seen: list[BaseException] = []
    found: BaseException | None = error
    while found is not None and found not in seen:
        if isinstance(found, MemoryError) or any(isinstance(a, MemoryError) for a in found.args):
            return True
        seen.append(found)
        found = found.__cause__ or found.__context__
    return False


def _inside_reader(error: BaseException) -> bool:
    """Whether ``error`` was raised while a PDF reader's code ran."""
    trace = error.__traceback__
    while trace is not None:
        module = str(trace.tb_frame.f_globals.get("__name__", ""))
        if module.split(".")[0] in READERS:
            return True
        trace = trace.tb_next
    return False


@contextlib.contextmanager
def _readers_quiet() -> Iterator[None]:
    """The readers' loggers silenced for a while (their warnings about a damaged file would
    stand in front of the one line that says it)."""
    import logging

    loggers = [logging.getLogger(reader) for reader in READERS]  # their modules' log through them
    before = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, before, strict=True):
            logger.setLevel(level)


def _page_count(pages: int) -> Iterator[Violation]:
    """The rules on the number of pages."""
    if pages % 2:
        text = f"{pages} pages: a printed book has an even number of pages"
        yield Violation(None, _said(text, "odd-pages", pages=pages))
    if pages < MIN_PAGES:
        text = f"{pages} pages: a printed book has at least {MIN_PAGES}"
        yield Violation(None, _said(text, "too-few-pages", pages=pages, least=MIN_PAGES))
    if pages > MAX_PAGES:
        text = f"{pages} pages: a printed book has at most {MAX_PAGES}"
        yield Violation(None, _said(text, "too-many-pages", pages=pages, most=MAX_PAGES))


def _page_size(number: int, page: Any, want: tuple[float, float]) -> list[Violation]:
    """The page's size against the size it should have."""
    width, height = float(page.width), float(page.height)
    if abs(width - want[0]) <= TOLERANCE and abs(height - want[1]) <= TOLERANCE:
        return []
    sizes = {
        "width": inches(width),
        "height": inches(height),
        "want_width": inches(want[0]),
        "want_height": inches(want[1]),
    }
    text = "the page is {width} × {height}, not {want_width} × {want_height}".format(**sizes)
    return [Violation(number, Note(text, key=SIZE, values=sizes))]


SIZE = "preflight.page-size"
"""The catalogue entry of a page of the wrong size (runs of them are said together)."""


BACKGROUND_SPAN = 0.9
"""A background spans at least this share of its page's width or height: a whole page, a band
across it or a strip down its side (a small shape at the edge is no background)."""


def page_marks(page: Any) -> Iterator[Mark]:
    """Every letter, drawing and image on a pdfplumber page, except backgrounds (filled
    shapes without outline and images that reach the page's edge and span most of it, which
    may run into the bleed)."""
    for char in page.chars:
        yield Mark(repr(char["text"]), Area(char["x0"], char["top"], char["x1"], char["bottom"]))
    for kind in ("rect", "line", "curve"):
        for shape in getattr(page, f"{kind}s"):
            area = _area(shape)
            filled = shape.get("fill") and not shape.get("stroke")
            if not (filled and _is_background(area, page)):
                yield Mark(_said(f"a {kind}", f"mark-{kind}"), area)
    for image in page.images:
        area = _area(image)
        if not _is_background(area, page):
            yield Mark(_said("an image", "mark-image"), area)


def _area(thing: dict[str, Any]) -> Area:
    """Where a pdfplumber object (a shape, an image) lies on its page."""
    return Area(float(thing["x0"]), float(thing["top"]), float(thing["x1"]), float(thing["bottom"]))


def _is_background(area: Area, page: Any) -> bool:
    """Whether something reaches an edge of the page and spans most of its width or height."""
    width, height = float(page.width), float(page.height)
    at_edge = (
        area.left <= TOLERANCE
        or area.top <= TOLERANCE
        or area.right >= width - TOLERANCE
        or area.bottom >= height - TOLERANCE
    )
    large = area.width >= BACKGROUND_SPAN * width or area.height >= BACKGROUND_SPAN * height
    return at_edge and large


SMALLEST_PT = 2.5
"""Letters smaller than this cannot be read in print: a trim that squeezes a grid to a dot
sets them under 1 pt (14×3 in). A book's answer keys set theirs at about 6 pt; large print's
keys of 15×15 grids on 5×8 in at 2.8 pt, small, but read with a glass."""


def _too_small(number: int, page: Any) -> list[Violation]:
    """A finding for letters on the page too small to read."""
    sizes = [char["size"] for char in page.chars if char["text"].strip()]
    least = min(sizes, default=SMALLEST_PT)
    if least >= SMALLEST_PT:
        return []
    shown = f"{least:.1f}"
    text = (
        f"letters of {shown} pt: too small to read (at least {SMALLEST_PT} pt; a larger trim "
        "or fewer --answers-per-page)"
    )
    return [Violation(number, _said(text, "too-small", size=shown, least=SMALLEST_PT))]


def _outside_live_area(
    number: int, page: Any, book: BookFormat, margins: Margins
) -> list[Violation]:
    """One finding for each margin that something on the page reaches into."""
    live = book.live_area(number, margins)
    spine_left = number % 2 == 1
    inside, outside = MARGINS["inside"], MARGINS["outside"]
    sides = {
        "left": (
            inside if spine_left else outside,
            margins.inside if spine_left else margins.outside,
        ),
        "right": (
            outside if spine_left else inside,
            margins.outside if spine_left else margins.inside,
        ),
        "top": (MARGINS["top"], margins.top),
        "bottom": (MARGINS["bottom"], margins.bottom),
    }
    worst: dict[str, tuple[float, Mark]] = {}
    for mark in page_marks(page):
        for side, depth in _overlaps(mark.area, live):
            if depth > TOLERANCE and depth > worst.get(side, (0.0, mark))[0]:
                worst[side] = (depth, mark)
    found = []
    for side in ("left", "right", "top", "bottom"):
        if side in worst:
            depth, mark = worst[side]
            margin, width = sides[side]
            values = {
                "what": mark.what,
                "depth": inches(depth),
                "margin": margin,
                "width": inches(width),
                "side": SIDES[side],
            }
            text = "{what} reaches {depth} into the {margin} of {width} on the {side}"
            found.append(Violation(number, _said(text.format(**values), "reaches", **values)))
    return found


MARGINS = {
    "inside": _said("inside margin (gutter)", "margin-inside"),
    "outside": _said("outside margin", "margin-outside"),
    "top": _said("top margin", "margin-top"),
    "bottom": _said("bottom margin", "margin-bottom"),
}
"""The margins as a finding names them."""

SIDES = {side: _said(side, f"side-{side}") for side in ("left", "right", "top", "bottom")}
"""The page's sides as a finding names them."""


def _overlaps(area: Area, live: Area) -> Iterable[tuple[str, float]]:
    """How far ``area`` reaches past each edge of ``live``."""
    yield "left", live.left - area.left
    yield "right", area.right - live.right
    yield "top", live.top - area.top
    yield "bottom", area.bottom - live.bottom


def fonts_not_embedded(pdf: bytes, *, name: str = "the PDF") -> list[Violation]:
    """One finding for each font a page uses without carrying it, on the first such page."""
    from pypdf import PdfReader

    with unreadable_said(name):
        return _fonts_not_embedded(PdfReader(io.BytesIO(pdf)))


def _fonts_not_embedded(reader: Any) -> list[Violation]:
    seen: set[str] = set()
    found = []
    for number, page in enumerate(reader.pages, 1):
        fonts = _dictionary(_dictionary(page.get("/Resources")).get("/Font"))
        for font in map(_dictionary, fonts.values()):
            font_name = str(font.get("/BaseFont", "?")).lstrip("/")
            if font_name not in seen and not _embedded(font):
                seen.add(font_name)
                text = f"the font {font_name} is not embedded"
                found.append(Violation(number, _said(text, "font", name=font_name)))
    return found


def _embedded(font: dict[str, Any]) -> bool:
    """Whether a PDF font dictionary carries its font program (a damaged one does not)."""
    if font.get("/Subtype") == "/Type3":  # drawn by the PDF's own procedures
        return True
    if font.get("/Subtype") == "/Type0":
        descendants = _resolved(font.get("/DescendantFonts"))
        font = _dictionary(descendants[0]) if isinstance(descendants, list) and descendants else {}
    descriptor = _dictionary(font.get("/FontDescriptor"))
    return any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def _resolved(value: Any) -> Any:
    """A PDF object, the one a reference points at for a reference."""
    return value.get_object() if hasattr(value, "get_object") else value


def _dictionary(value: Any) -> dict[str, Any]:
    """A PDF dictionary (resolved), or an empty one where a damaged file has something else."""
    found = _resolved(value)
    return found if isinstance(found, dict) else {}


# --- a print shop's rules beyond the page's geometry ------------------------------------------


@dataclass(frozen=True)
class Profile:
    """What a print shop asks of a book beyond its trim and margins: the smallest text it
    prints (in points), and its name as a finding says it."""

    name: str
    least_text: float


KDP = Profile("KDP", 7.0)
"""Amazon KDP: no text under 7 pt (its paperback guidelines); the default for a book."""

ANY = Profile("any", SMALLEST_PT)
"""No shop's rule: only letters too small for anyone to read (:data:`SMALLEST_PT`)."""

PROFILES = {"kdp": KDP, "any": ANY}
"""The profiles by the name ``preflight --profile`` takes."""


def small_text(number: int, page: Any, profile: Profile) -> list[Violation]:
    """A finding for text on the page under ``profile``'s least (not under
    :data:`SMALLEST_PT`: :func:`_too_small` finds that), said of all such pages at once by
    :func:`small_text_together`."""
    sizes = [type_size(char) for char in page.chars if char["text"].strip()]
    least = min(sizes, default=profile.least_text)
    if not SMALLEST_PT <= least < profile.least_text - SIZE_TOLERANCE:
        return []
    values = {"size": round(least, 1), "least": profile.least_text, "shop": profile.name}
    return [Violation(number, Note(f"text of {least:.1f} pt", key=SMALL, values=values))]


def type_size(char: dict[str, Any]) -> float:
    """A pdfplumber character's type size in points: its ``size``, which for a letter turned
    on its side (a spine's) is its advance along the line, so its box's width instead."""
    return float(char["size"] if char.get("upright", True) else char["width"])


SMALL = "preflight.small-text-on-page"
"""The catalogue entry of a page with text under a shop's least (said together)."""

SIZE_TOLERANCE = 0.05
"""Points a letter's size may be under a rule's (rounding in the PDF's numbers)."""


def small_text_together(found: list[Violation], profile: Profile) -> list[Violation]:
    """The findings with all pages of text under ``profile``'s least said in one: which
    pages, the smallest size, and what helps."""
    small = [v for v in found if v.problem.key == SMALL and v.page is not None]
    if not small:
        return found
    pages = page_ranges([v.page for v in small if v.page is not None])
    size = min(float(str(v.problem.values["size"])) for v in small)
    text = (
        f"{'page' if len(small) == 1 else 'pages'} {pages}: text of {size:g} pt, under the "
        f"{profile.least_text:g} pt {profile.name} prints; fewer --answers-per-page, a smaller "
        "--size or a larger --trim help"
    )
    values = {"pages": pages, "size": size, "least": profile.least_text, "shop": profile.name}
    together = Violation(
        None, Note(text, key="preflight.small-text", values=values, number=len(small))
    )
    return [v for v in found if v not in small] + [together]


def page_ranges(numbers: Sequence[int]) -> str:
    """Page numbers in runs: ``3, 40–43, 45``.

    >>> page_ranges([3, 40, 41, 42, 43, 45])
    '3, 40–43, 45'
    """
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)
