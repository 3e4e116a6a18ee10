"""A puzzle book's pages laid out: pure geometry, where every title, grid, list, key and
number goes; :mod:`.drawing` draws them, :mod:`.joining` joins the drawn parts.

The book is composed twice at most: the gutter depends on the final page count
(:func:`wortsuche.render.trims.gutter`), and the live area on the gutter. Every page is laid
out in its live area's own coordinates (top left is 0, 0) and moved to the left- or right-hand
position when drawn, so odd and even pages hold the same layout with the gutter at the spine.

The puzzles' difficulty scores come with them (the book asks the rating, :mod:`wortsuche.book`):
the layout orders, groups and footnotes by numbers it is given.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from wortsuche.errors import InputError
from wortsuche.grid.topology import Topology
from wortsuche.i18n import Translator, translator
from wortsuche.model import Puzzle
from wortsuche.render import texts as say
from wortsuche.render.bookpages.halves import (
    FOOTER_ROOM,
    GAP,
    PUZZLES_PER_PAGE,
    half,
    half_height,
    largest_half_grid,
)
from wortsuche.render.layout import (
    Box,
    GridDrawing,
    GridPlan,
    Style,
    Text,
    sorted_entries,
    title_lines,
    word_columns,
    word_list_pages,
    worksheet,
)
from wortsuche.render.metrics import text_width
from wortsuche.render.options import RenderOptions
from wortsuche.render.pdf import (
    book_language,
    easy_to_hard,
    key_clues,
    part_names,
    puzzle_labels,
    unknown_order,
)
from wortsuche.render.pictures import Picture, has_pictures
from wortsuche.render.trims import (
    INCH,
    BookFormat,
    Margins,
    book_pages,
    gutter,
    least_margins,
)
from wortsuche.render.typeset import fit, wrap

SAFETY = 0.125 * INCH
"""Added to the least margins, so nothing printed comes near the edge of the live area."""

FOLIO = 36.0
"""Height kept free at the foot of a numbered page for the footer and the page number."""
FOLIO_ONLY = 20.0
"""Height kept free at the foot of a numbered page for the page number alone (no scores)."""

ANSWER_GRIDS: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}
"""Answer keys per page → keys across and down."""

BOOK_ORDERS = ("as-given", "easy-to-hard", "by-theme")
"""How a printed book orders its puzzles: as given, by difficulty score, or by list."""

LINE = 11.0
"""The one type size of the contents."""


AUTHOR_PT = 14.0
"""The author's name on the title page, under the title and subtitle."""

SUBTITLE_PT = 15.0
"""The subtitle's size on the title page; the title stays larger (:func:`title_lines`)."""


@dataclass(frozen=True)
class BookDesign:
    """How a print-on-demand book is set: its format, front matter and answer pages."""

    format: BookFormat
    subtitle: str | None = None
    copyright: str | None = None
    author: str | None = None
    """The author's name, under the title on the title page."""
    scores: bool = True
    """Print difficulty scores and seeds (leave them out of a book for sale)."""
    answers_per_page: int | None = None
    """Answer keys on a page; ``None`` chooses: 6, and in large print the most whose letters
    stay :data:`LARGE_KEY_LETTERS` or larger."""
    puzzles_per_page: int = 1
    """Puzzles on a page: one, or two, each in half the page (:mod:`.halves`)."""

    def __post_init__(self) -> None:
        if self.puzzles_per_page not in PUZZLES_PER_PAGE:
            choices = ", ".join(map(str, PUZZLES_PER_PAGE))
            raise InputError(
                f"puzzles per page is one of {choices}, not {self.puzzles_per_page}",
                key="error.puzzles-per-page",
                values={"choices": choices, "value": self.puzzles_per_page},
            )
        if self.answers_per_page is not None and self.answers_per_page not in ANSWER_GRIDS:
            choices = ", ".join(map(str, ANSWER_GRIDS))
            raise InputError(
                f"answers per page is one of {choices}, not {self.answers_per_page}",
                key="error.answers-per-page",
                values={"choices": choices, "value": self.answers_per_page},
            )


@dataclass(frozen=True)
class LaterGrid:
    """A grid placed on a page, its letters (and a key's capsules) set only when the page is
    drawn (:meth:`drawing`): in the worker process that draws it, once. The main process lays
    the book out two or three times to settle the gutter, each time trying a count of keys a
    page or two, while the workers wait; of a grid it needs only where it stands and the size
    of its letters."""

    plan: GridPlan
    moves: tuple[tuple[float, float], ...] = ()

    def drawing(self) -> GridDrawing:
        """The grid with its letters set, moved as it was."""
        grid = self.plan.drawing()
        for dx, dy in self.moves:  # one move at a time, as a drawn grid is moved
            grid = grid.moved(dx, dy)
        return grid

    def moved(self, dx: float, dy: float) -> LaterGrid:
        """The same grid ``dx`` to the right and ``dy`` down, once it is drawn."""
        return replace(self, moves=(*self.moves, (dx, dy)))

    @property
    def letter_size(self) -> float:
        """The size of its letters, in points."""
        return self.plan.letter_size

    @property
    def work(self) -> int:
        """About how long it takes to draw and check: a letter a cell and, on a key, a
        capsule a word (as long as a few letters)."""
        puzzle = self.plan.puzzle
        return puzzle.rows * puzzle.cols + 4 * len(puzzle.placements) * self.plan.answers


@dataclass(frozen=True)
class MovedGrid:
    """A grid already drawn, moved only when its page is drawn (in the worker process that
    draws the page): the layout moves every puzzle's grid into place on each of its two or
    three rounds, and a move makes every letter again."""

    grid: GridDrawing
    moves: tuple[tuple[float, float], ...] = ()

    def drawing(self) -> GridDrawing:
        """The grid moved as it was."""
        grid = self.grid
        for dx, dy in self.moves:
            grid = grid.moved(dx, dy)
        return grid

    def moved(self, dx: float, dy: float) -> MovedGrid:
        """The same grid ``dx`` to the right and ``dy`` down, once it is drawn."""
        return replace(self, moves=(*self.moves, (dx, dy)))

    @property
    def letter_size(self) -> float:
        """The size of its smallest letter, in points (infinite without one)."""
        return min((letter.size for letter in self.grid.letters), default=math.inf)

    @property
    def work(self) -> int:
        """About how long it takes to draw and check: its letters and capsules."""
        return len(self.grid.letters) + 4 * len(self.grid.capsules)


LaidGrid = LaterGrid | MovedGrid
"""A grid on a laid-out page, drawn (:meth:`LaterGrid.drawing`) when the page is."""


@dataclass
class Page:
    """One page laid out in its live area: texts, grids and pictures; ``folio`` prints its
    number."""

    texts: list[Text] = field(default_factory=list)
    grids: list[LaidGrid] = field(default_factory=list)
    folio: bool = False
    puzzle: int = 0
    """How many puzzles the page holds (the progress bar counts them): 0, 1 or 2."""
    pictures: list[Picture] = field(default_factory=list)
    """Pictures: a picture list's, or the clues beside an answer key's words."""
    boxes: list[Box] = field(default_factory=list)
    """Rounded boxes around a picture list."""


@dataclass(frozen=True)
class Section:
    """A part of the book: its heading, the line under it, and its puzzles' indexes."""

    heading: str
    line: str
    first: int
    end: int


@dataclass(frozen=True)
class Entry:
    """One line of the contents: its text, the page it points to, bold for a section."""

    text: str
    page: int | None
    bold: bool = False


def drawing_work(pages: Sequence[Page]) -> int:
    """About how long the pages take to draw and check: their texts, letters and capsules (a
    capsule's curves take as long as a few letters)."""
    return sum(len(page.texts) + sum(grid.work for grid in page.grids) for page in pages)


def compose_book(
    puzzles: Sequence[tuple[str, Puzzle]],
    options: RenderOptions,
    design: BookDesign,
    *,
    scores: Sequence[float],
    order: str = "as-given",
) -> tuple[list[Page], str, str]:
    """Every page of the book laid out (with the final page count's gutter), its language
    and its title; ``scores`` are the puzzles' difficulty scores, in their order."""
    if order not in BOOK_ORDERS:
        raise unknown_order(order, BOOK_ORDERS)
    puzzles, scores, parts = _ordered(puzzles, scores, order)
    language = book_language(puzzles, options)
    # A book is for solving, not a worksheet handed out in class: no name line.
    options = replace(options, language=language, answers=False, name_line=False)
    texts = translator(language)
    book = _Composer(puzzles, scores, options, design, texts)
    book.sections = _sections(puzzles, scores, parts, order, texts, design.scores)
    guess = 24
    for _ in range(4):  # the gutter steps at 150, 300, … pages; two rounds settle it
        pages = book.pages(design.format, least_margins(guess, bleed=design.format.bleed))
        if gutter(len(pages)) == gutter(guess):
            return pages, language, book.title
        guess = len(pages)
    raise InputError(  # pragma: no cover
        "the book's page count does not settle", key="error.page-count-unsettled"
    )


def _ordered(
    puzzles: Sequence[tuple[str, Puzzle]], scores: Sequence[float], order: str
) -> tuple[list[tuple[str, Puzzle]], list[float], list[tuple[int, int]]]:
    """The puzzles in the book's order, their scores and the sections' index ranges."""
    indexes = list(range(len(puzzles)))
    parts: list[tuple[int, int]] = []
    if order == "easy-to-hard":
        indexes, parts = easy_to_hard(puzzles, scores)
    elif order == "by-theme":
        names = list(dict.fromkeys(name for name, _ in puzzles))
        indexes.sort(key=lambda i: names.index(puzzles[i][0]))
        first = 0
        for end in range(1, len(indexes) + 1):
            if end == len(indexes) or puzzles[indexes[end]][0] != puzzles[indexes[first]][0]:
                parts.append((first, end))
                first = end
    return [puzzles[i] for i in indexes], [scores[i] for i in indexes], parts


def _sections(
    puzzles: Sequence[tuple[str, Puzzle]],
    scores: Sequence[float],
    parts: Sequence[tuple[int, int]],
    order: str,
    texts: Translator,
    show_scores: bool,
) -> list[Section]:
    """The sections' headings: levels of difficulty, or the themes' names."""
    found = []
    names = part_names(puzzles, parts, texts)
    for number, (first, end) in enumerate(parts, 1):
        if order == "by-theme":
            name = puzzles[first][0] or texts.t("book.standard-input")
            found.append(Section(name, "", first, end))
            continue
        heading = texts.t("book.part", number=number, name=names[number - 1])
        low, high = texts.decimal(scores[first]), texts.decimal(scores[end - 1])
        line = texts.t("book.part-scores", low=low, high=high) if show_scores else ""
        found.append(Section(heading, line, first, end))
    return found


class _Composer:
    """Lays out the book's pages for one set of margins."""

    def __init__(
        self,
        puzzles: list[tuple[str, Puzzle]],
        scores: list[float],
        options: RenderOptions,
        design: BookDesign,
        texts: Translator,
    ) -> None:
        self.puzzles = puzzles
        # rated once, by the book: the pages are laid out twice or more, each footer a score
        self.scores = scores
        self.options = options
        self.design = design
        self.texts = texts
        self.title = options.title or texts.t("book.default-title")
        self.labels = puzzle_labels(puzzles, texts)
        self.sections: list[Section] = []
        self.foot = FOLIO if design.scores else FOLIO_ONLY

    def pages(self, book: BookFormat, least: Margins) -> list[Page]:
        """All pages: front matter, contents, sections of puzzles, answers, blank pages."""
        live = book.live_area(1, least.wider(SAFETY))
        self.width, self.height = live.width, live.height
        front = [self.title_page(), self.copyright_page()]
        entries_count = len(self.puzzles) + 2 * len(self.sections) + 2
        contents_count = math.ceil(entries_count / self.contents_rows())
        body: list[Page] = [self.how_to_play_page()]
        start = len(front) + contents_count + 1  # the first page after the how-to-play page
        entries: list[Entry] = []
        groups = self.sections or [Section("", "", 0, len(self.puzzles))]
        for section in groups:
            _to_right_hand(body, start)
            if section.heading:
                entries += [Entry("", None), Entry(section.heading, start + len(body), True)]
                body.append(self.divider(section))
            if self.design.puzzles_per_page == 2:
                for first in range(section.first, section.end, 2):
                    pair = range(first, min(first + 2, section.end))
                    entries += [Entry(self.contents_line(i), start + len(body)) for i in pair]
                    body.append(self.pair_page(pair))
                continue
            for index in range(section.first, section.end):
                pages_of = self.puzzle_pages(index)
                if len(pages_of) > 1:  # its list faces its grid, never on the grid's back
                    _to_left_hand(body, start)
                entries.append(Entry(self.contents_line(index), start + len(body)))
                body += pages_of
        _to_right_hand(body, start)
        entries += [Entry("", None), Entry(self.texts.t("book.answers"), start + len(body))]
        body += self.answer_pages()
        pages = front + self.contents_pages(entries) + body
        while len(pages) < book_pages(len(pages)):
            pages.append(Page())
        return pages

    def title_page(self) -> Page:
        """The book's title a third of the way down, the subtitle under it."""
        page = Page()
        lines, size = title_lines(self.title, 30, self.width, least=SUBTITLE_PT + 2)
        y = self.height / 3
        for line in lines:
            page.texts.append(Text(line, self.width / 2, y, size, bold=True, anchor="middle"))
            y += size * 1.2
        if self.design.subtitle:
            y += 6  # a gap under the title; the subtitle's lines as close as the title's
            for line in wrap(self.design.subtitle, SUBTITLE_PT, self.width):
                page.texts.append(
                    Text(line, self.width / 2, y + SUBTITLE_PT, SUBTITLE_PT, anchor="middle")
                )
                y += SUBTITLE_PT * 1.3
        if self.design.author:
            size = min(AUTHOR_PT, self.width / max(text_width(self.design.author, 1), 1e-9))
            y += 2 * size
            page.texts.append(Text(self.design.author, self.width / 2, y, size, anchor="middle"))
        return page

    def copyright_page(self) -> Page:
        """The copyright notice at the foot of the page (blank without one)."""
        page = Page()
        if not self.design.copyright:
            return page
        lines = [
            line
            for paragraph in self.design.copyright.split("\\n")
            for line in (wrap(paragraph, 9, self.width) or [""])
        ]
        y = self.height - len(lines) * 9 * 1.4
        for line in lines:
            page.texts.append(Text(line, 0, y, 9))
            y += 9 * 1.4
        return page

    def how_to_play_page(self) -> Page:
        """How to play, in the book's language."""
        page = Page()
        heading = self.texts.t("book.how-to-play")
        page.texts.append(Text(heading, self.width / 2, 24, 20, bold=True, anchor="middle"))
        y = 60.0
        for key in ("book.how-to-play.1", "book.how-to-play.2", "book.how-to-play.3"):
            for line in wrap(self.texts.t(key), 12, self.width):
                page.texts.append(Text(line, 0, y, 12))
                y += 12 * 1.45
            y += 10
        return page

    def contents_rows(self) -> int:
        """Lines of the contents on one page."""
        return max(1, int((self.height - 50) // (LINE * 1.5)))

    def contents_line(self, index: int) -> str:
        """A puzzle's line in the contents: its label, and with scores its size and score."""
        label = self.labels[index]
        if not self.design.scores:
            return label
        puzzle = self.puzzles[index][1]
        return self.texts.t(
            "book.contents-line",
            label=label,
            rows=Topology.of_puzzle(puzzle).asked_size[0],  # a hexagon by its side, as on its page
            cols=Topology.of_puzzle(puzzle).asked_size[1],
            level=say.level_name(self.texts, puzzle.level),
            score=self.texts.decimal(self.scores[index]),
        )

    def contents_pages(self, entries: list[Entry]) -> list[Page]:
        """The contents in one type size, a heading on each page."""
        rows = self.contents_rows()
        pages = []
        heading = self.texts.t("book.contents")
        for start in range(0, len(entries), rows):
            page = Page()
            page.texts.append(Text(heading, self.width / 2, 24, 20, bold=True, anchor="middle"))
            for row, entry in enumerate(entries[start : start + rows]):
                y = 50 + (row + 1) * LINE * 1.5
                number = "" if entry.page is None else str(entry.page)
                room = self.width - text_width(number, LINE) - LINE
                text = fit(entry.text, LINE, room, bold=entry.bold)
                page.texts.append(Text(text, 0, y, LINE, bold=entry.bold))
                if number:
                    right = self.width - text_width(number, LINE)
                    page.texts.append(Text(number, right, y, LINE))
            pages.append(page)
        return pages

    def divider(self, section: Section) -> Page:
        """A section's first page: its name in large type, its scores under it."""
        page = Page()
        lines, size = title_lines(section.heading, 26, self.width)
        y = self.height * 0.4
        for line in lines:
            page.texts.append(Text(line, self.width / 2, y, size, bold=True, anchor="middle"))
            y += size * 1.2
        if section.line:
            page.texts.append(Text(section.line, self.width / 2, y + 8, 13, anchor="middle"))
        return page

    def puzzle_pages(self, index: int) -> list[Page]:
        """A puzzle's page (and pages for a word list too long for it), numbered."""
        puzzle = self.puzzles[index][1]
        if self.options.large_print and self.options.word_list and not has_pictures(puzzle):
            return self.large_print_pages(index)
        style = Style.for_print(self.options.large_print)
        m = style.margin
        size = (self.width + 2 * m, self.height - self.foot + 2 * m)
        sheet = worksheet(
            puzzle, self.options, page=size, heading=self.labels[index], footer="", letters=False
        )
        assert sheet.grid_plan is not None  # laid out without its letters
        grid = LaterGrid(sheet.grid_plan).moved(-m, -m)
        page = Page([shift_text(t, -m, -m) for t in sheet.texts], [grid])
        page.pictures = [replace(p, x=p.x - m, y=p.y - m) for p in sheet.pictures]
        page.boxes = [shift_box(b, -m, -m) for b in sheet.boxes]
        page.folio = page.puzzle = True
        if self.design.scores:
            footer = say.footer(puzzle, self.texts, score=self.scores[index])
            page.texts.append(
                Text(
                    fit(footer, 8, self.width),
                    self.width / 2,
                    self.height - 15,
                    8,
                    anchor="middle",
                    faint=True,
                )
            )
        pages = [page]
        if sheet.leftover_words:
            heading = say.word_list_heading(self.texts, self.labels[index])
            for texts in word_list_pages(
                sheet.leftover_words, size, heading=heading, large_print=self.options.large_print
            ):
                pages.append(Page([shift_text(t, -m, -m) for t in texts], folio=True))
        return pages

    def pair_page(self, indexes: range) -> Page:
        """Two puzzles (or the last one of a section) on one numbered page, each in its half,
        its footer under it unless scores are left out."""
        page = Page(folio=True, puzzle=len(indexes))
        height = half_height(self.height - self.foot)
        footer = FOOTER_ROOM if self.design.scores else 0.0
        for slot, index in enumerate(indexes):
            top = slot * (height + GAP)
            puzzle, label = self.puzzles[index][1], self.labels[index]
            if has_pictures(puzzle):
                raise InputError(
                    f"{label}: a list of pictures needs a page of its own; --puzzles-per-page 1",
                    key="error.pair-pictures",
                    values={"label": label},
                )
            placed = half(puzzle, label, self.options, self.width, height - footer)
            page.texts += [shift_text(t, 0, top) for t in placed.texts]
            page.grids.append(shift_grid(placed.grid, 0, top))
            if footer:
                line = say.footer(puzzle, self.texts, score=self.scores[index])
                y = top + height - 2
                page.texts.append(
                    Text(
                        fit(line, 8, self.width), self.width / 2, y, 8, anchor="middle", faint=True
                    )
                )
        return page

    def large_print_pages(self, index: int) -> list[Page]:
        """A large-print puzzle: its list under its grid, or, where the two do not fit one
        page at :data:`LARGE_LETTERS` and :data:`LARGE_WORDS`, the grid alone on its page and
        the list on the next (the composer puts the two face to face)."""
        puzzle, label = self.puzzles[index][1], self.labels[index]
        height = self.height - self.foot
        page = large_print_page(puzzle, label, self.options, self.texts, self.width, height)
        if page is not None:
            return [self.with_footer(page, index)]
        grid_page = large_grid_page(puzzle, label, self.options, self.texts, self.width, height)
        m = Style.for_print(True).margin
        size = (self.width + 2 * m, height + 2 * m)
        heading = say.word_list_heading(self.texts, label)
        entries = tuple(sorted_entries(puzzle))
        lists = word_list_pages(entries, size, heading=heading, large_print=True)
        return [self.with_footer(grid_page, index)] + [
            Page([shift_text(t, -m, -m) for t in texts], folio=True) for texts in lists
        ]

    def with_footer(self, page: Page, index: int) -> Page:
        """Puzzle ``index``'s page numbered, with its size, level and seed unless scores are
        left out."""
        page.folio = page.puzzle = True
        if self.design.scores:
            puzzle, score = self.puzzles[index][1], self.scores[index]
            footer = fit(say.footer(puzzle, self.texts, score=score), 8, self.width)
            y = self.height - 15
            page.texts.append(Text(footer, self.width / 2, y, 8, anchor="middle", faint=True))
        return page

    def answer_pages(self) -> list[Page]:
        """The answer keys, as many on a page as the design says or as keep their letters
        readable: at least :data:`KEY_LETTERS` (:data:`LARGE_KEY_LETTERS` in large print), up
        to :data:`DEFAULT_ANSWERS_PER_PAGE` a page. A count given that sets them under
        :data:`KEY_LETTERS` is refused, naming the most that keep them so large."""
        given = self.design.answers_per_page
        if given is not None:
            pages = self.keys(given)
            if _smallest_letter(pages) >= KEY_LETTERS:
                return pages
            raise self._keys_too_small(given, _smallest_letter(pages))
        least = LARGE_KEY_LETTERS if self.options.large_print else KEY_LETTERS
        for per_page in sorted(ANSWER_GRIDS, reverse=True):
            if per_page > DEFAULT_ANSWERS_PER_PAGE:
                continue
            pages = self.keys(per_page)
            if _smallest_letter(pages) >= least:
                return pages
        if _smallest_letter(pages) >= KEY_LETTERS:  # one a page, under large print's size
            return pages
        raise self._keys_too_small(1, _smallest_letter(pages))

    def _keys_too_small(self, per_page: int, size: float) -> InputError:
        """The refusal of answer keys whose letters would be ``size`` points, under
        :data:`KEY_LETTERS`, at ``per_page`` a page: the most a page that keeps them readable,
        or, if even one a page does not, what helps."""
        fitting = [n for n in sorted(ANSWER_GRIDS) if _smallest_letter(self.keys(n)) >= KEY_LETTERS]
        shown = f"{size:.1f}"
        if fitting:
            return InputError(
                f"--answers-per-page {per_page} sets the answer keys' letters at {shown} pt, "
                f"under the {KEY_LETTERS:g} pt print allows; at most {fitting[-1]} a page "
                "keep them readable",
                key="error.keys-too-small",
                values={
                    "count": per_page,
                    "size": round(size, 1),
                    "least": KEY_LETTERS,
                    "most": fitting[-1],
                },
            )
        return InputError(
            f"the answer keys' letters would be {shown} pt even one a page, under the "
            f"{KEY_LETTERS:g} pt print allows; choose a larger --trim or a smaller --size",
            key="error.keys-too-small-one",
            values={"size": round(size, 1), "least": KEY_LETTERS},
        )

    def keys(self, per_page: int) -> list[Page]:
        """The answer keys, ``per_page`` on a page, small and numbered like their puzzles, a
        heading on each page."""
        across, down = ANSWER_GRIDS[per_page]
        per_page = across * down
        top = 34.0
        cell_w = self.width / across
        cell_h = (self.height - FOLIO_ONLY - top) / down
        label_size = 11.0 if across < 3 else 9.0
        pages: list[Page] = []
        heading = self.texts.t("book.answers")
        for index, (_, puzzle) in enumerate(self.puzzles):
            slot = index % per_page
            if slot == 0:
                pages.append(Page(folio=True))
                pages[-1].texts.append(
                    Text(heading, self.width / 2, 18, 18, bold=True, anchor="middle")
                )
            row, col = divmod(slot, across)
            x, y = col * cell_w, top + row * cell_h
            label = fit(self.labels[index], label_size, cell_w - 8, bold=True)
            pages[-1].texts.append(
                Text(
                    label,
                    x + cell_w / 2,
                    y + label_size + 4,
                    label_size,
                    bold=True,
                    anchor="middle",
                )
            )
            room = cell_h - label_size - 16
            # a clue list's key names each word with its clue, a picture drawn beside its word
            clues = key_clues(puzzle, cell_w - 12, room)
            box = Box(x + 6, y + label_size + 10, cell_w - 12, room - clues.height)
            key = GridPlan(
                puzzle, box, answers=True, lowercase=self.options.lowercase, centre_vertically=True
            )
            pages[-1].grids.append(LaterGrid(key))
            lines, pictures = clues.placed(x + cell_w / 2, y + cell_h - 6)
            pages[-1].texts += lines
            pages[-1].pictures += pictures
        return pages


def _letter_sizes(pages: Sequence[Page]) -> Iterator[float]:
    """The sizes of the grid letters on ``pages``, in points (the smallest of each grid)."""
    return (grid.letter_size for page in pages for grid in page.grids)


def _smallest_letter(pages: Sequence[Page]) -> float:
    """The smallest grid letter on ``pages``, in points (infinite without one)."""
    return min(_letter_sizes(pages), default=math.inf)


DEFAULT_ANSWERS_PER_PAGE = 6
"""Answer keys on a page when the design does not say: the most, if they stay readable."""
KEY_LETTERS = 7.0
"""The smallest letter of an answer key in any book, in points: KDP prints no text under 7 pt
(6 keys of 15 x 15 a page set them at 5.9 pt on 6 x 9 in)."""
LARGE_KEY_LETTERS = 8.0
"""A large-print book's answer keys: as many on a page as keep their letters this large (in
points), down to one a page (6 a page set a 15 x 15 key at 5 pt on a 5 x 8 in page)."""
LARGE_LETTERS = 16.0
"""The smallest grid letter in large print, in points."""
LARGE_WORDS = (17.0, 14.0)
"""The word list's size in large print: as large as the first, never below the second."""


def large_print_page(
    puzzle: Puzzle,
    label: str,
    options: RenderOptions,
    texts: Translator,
    width: float,
    height: float,
) -> Page | None:
    """A large-print page that keeps the word list under the grid: the list in columns
    from 17 down to 14 pt, the grid as large as the rest allows; None if its letters would
    be smaller than 16 pt (the list then goes on the facing page)."""
    page = Page()
    top = _large_heading(page, puzzle, label, texts, width, list_follows=False)
    entries = sorted_entries(puzzle)
    words = LARGE_WORDS[0]
    while True:
        columns = word_columns(entries, words, width)
        room = height - top - columns.height - words * 1.2
        cell = min(width / (puzzle.cols + 0.5), room / (puzzle.rows + 0.5), LARGE_CELL)
        if cell * FULLEST_LETTER_SCALE >= LARGE_LETTERS or words <= LARGE_WORDS[1]:
            break
        words -= 0.5
    if cell * FULLEST_LETTER_SCALE < LARGE_LETTERS:
        return None
    plan = _large_grid(puzzle, options, Box(0, top, width, room), cell)
    grid = plan.placed()
    page.grids.append(LaterGrid(plan))
    page.texts += columns.texts(width / 2, grid.frame.y + grid.frame.height + words * 1.2)
    return page


def large_grid_page(
    puzzle: Puzzle,
    label: str,
    options: RenderOptions,
    texts: Translator,
    width: float,
    height: float,
) -> Page:
    """A large-print page of the grid alone (its list follows on the facing page), its
    letters at least 16 pt; a grid too large for that is refused, naming the largest size
    that fits."""
    page = Page()
    top = _large_heading(page, puzzle, label, texts, width, list_follows=True)
    room = height - top
    cell = min(width / (puzzle.cols + 0.5), room / (puzzle.rows + 0.5), LARGE_CELL)
    if cell * FULLEST_LETTER_SCALE < LARGE_LETTERS:
        rows, cols = _grid_within(width, room)
        raise InputError(
            f"{label}: a {puzzle.rows}x{puzzle.cols} grid's letters would be under "
            f"{LARGE_LETTERS:g} pt in large print on this trim; the largest grid that fits is "
            f"{rows}x{cols}",
            key="error.large-print-grid",
            values={
                "label": label,
                "size": f"{puzzle.rows}x{puzzle.cols}",
                "least": LARGE_LETTERS,
                "largest": f"{rows}x{cols}",
            },
        )
    page.grids.append(LaterGrid(_large_grid(puzzle, options, Box(0, top, width, room), cell)))
    return page


def _large_heading(
    page: Page, puzzle: Puzzle, label: str, texts: Translator, width: float, *, list_follows: bool
) -> float:
    """A large-print puzzle's title and instruction put on ``page``; the top of what follows."""
    lines, size = title_lines(label, 26, width)
    top = 0.0
    for line in lines:
        page.texts.append(Text(line, width / 2, top + size * 0.8, size, bold=True, anchor="middle"))
        top += size * 1.2
    for line in say.instruction(puzzle, texts, word_list=True, list_follows=list_follows):
        line_size = min(LARGE_WORDS[1], width / max(text_width(line, 1), 1e-9))
        page.texts.append(Text(line, width / 2, top + line_size, line_size, anchor="middle"))
        top += line_size * 1.35
    return top + 8


def _large_grid(puzzle: Puzzle, options: RenderOptions, box: Box, cell: float) -> GridPlan:
    """The grid in ``box`` with cells of ``cell``, its letters :data:`LARGE_LETTER_SCALE` of a
    cell, or more (up to :data:`FULLEST_LETTER_SCALE`) to stay :data:`LARGE_LETTERS`."""
    scale = min(max(LARGE_LETTER_SCALE, LARGE_LETTERS / cell), FULLEST_LETTER_SCALE)
    return GridPlan(
        puzzle, box, lowercase=options.lowercase, max_cell=LARGE_CELL, letter_scale=scale
    )


def _grid_within(width: float, height: float) -> tuple[int, int]:
    """The most rows and columns whose letters stay :data:`LARGE_LETTERS` at
    :data:`LARGE_LETTER_SCALE` in ``width`` by ``height`` (a frame of a quarter cell around)."""
    cell = LARGE_LETTERS / LARGE_LETTER_SCALE
    return max(0, int(height / cell - 0.5)), max(0, int(width / cell - 0.5))


def largest_large_print_grids(
    book: BookFormat, pages: int, entries: Sequence[str], label: str, *, scores: bool = True
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The largest grids (rows, columns) a large-print puzzle of the book may have: the one
    that keeps its list of ``entries`` under it at 14 pt, and the one alone on its page (its
    list on the facing page), both with letters of :data:`LARGE_LETTERS` at
    :data:`LARGE_LETTER_SCALE` in a book of about ``pages`` pages (the gutter grows with them;
    the letters may grow to :data:`FULLEST_LETTER_SCALE` of a cell, room for a step more)."""
    live = book.live_area(1, least_margins(book_pages(pages), bleed=book.bleed).wider(SAFETY))
    width = live.width
    height = live.height - (FOLIO if scores else FOLIO_ONLY)
    lines, size = title_lines(label, 26, width)
    top = len(lines) * size * 1.2 + 2 * LARGE_WORDS[1] * 1.35 + 8  # two lines of instruction
    words = LARGE_WORDS[1]
    listed = word_columns(sorted(entries, key=str.casefold), words, width)
    beside = _grid_within(width, height - top - listed.height - words * 1.2)
    return beside, _grid_within(width, height - top)


def largest_pair_grid(
    book: BookFormat,
    pages: int,
    entries: Sequence[str],
    label: str,
    *,
    scores: bool = True,
    large_print: bool = False,
) -> tuple[int, int]:
    """The largest grid (rows, columns) a puzzle of ``entries`` may have with two puzzles a
    page: in its half of the live area, its list beside it, its letters readable
    (:func:`~wortsuche.render.bookpages.halves.largest_half_grid`; (0, 0) if its list does not
    fit beside any grid)."""
    live = book.live_area(1, least_margins(book_pages(pages), bleed=book.bleed).wider(SAFETY))
    height = half_height(live.height - (FOLIO if scores else FOLIO_ONLY))
    height -= FOOTER_ROOM if scores else 0.0
    return largest_half_grid(live.width, height, list(entries), label, large_print=large_print)


def likely_pages(puzzles: int, sections: int, *, per_page: int = 1) -> int:
    """About how many pages a large-print book of ``puzzles`` has: front matter, a divider
    for each section, ``per_page`` puzzles a page and two keys a page."""
    return book_pages(6 + 2 * sections + math.ceil(puzzles / per_page) + math.ceil(puzzles / 2))


LARGE_CELL = 54.0
"""The largest cell of a large-print grid, in points."""
LARGE_LETTER_SCALE = 0.7
"""A grid letter's size in large print, as a share of its cell."""
FULLEST_LETTER_SCALE = 0.75
"""The largest share of its cell a large-print letter may take, to stay 16 pt."""


def _to_left_hand(body: list[Page], start: int) -> None:
    """Add a blank page if the next page of ``body`` (whose first page is ``start``) would be
    a right-hand page: a puzzle of two pages opens on a left-hand one, its two pages facing."""
    if (start + len(body)) % 2 == 1:
        body.append(Page())


def _to_right_hand(body: list[Page], start: int) -> None:
    """Add a blank page if the next page of ``body`` (whose first page is ``start``) would be
    a left-hand page."""
    if (start + len(body)) % 2 == 0:
        body.append(Page())


def shift_text(t: Text, dx: float, dy: float) -> Text:
    """A text moved by ``dx``, ``dy``."""
    return replace(t, x=t.x + dx, y=t.y + dy)


def shift_box(box: Box, dx: float, dy: float) -> Box:
    """A box moved by ``dx``, ``dy``."""
    return replace(box, x=box.x + dx, y=box.y + dy)


def shift_grid(grid: GridDrawing | LaidGrid, dx: float, dy: float) -> LaidGrid:
    """A grid moved by ``dx``, ``dy`` (letters, capsules, frame, tiles and hexagons) when its
    page is drawn."""
    laid = MovedGrid(grid) if isinstance(grid, GridDrawing) else grid
    return laid.moved(dx, dy)
