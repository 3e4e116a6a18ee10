"""The puzzle as a printable PDF worksheet (A4 or US Letter), optionally with an answer-key page.

Drawn with fpdf2 from the same :class:`~wortsuche.render.layout.Sheet` as SVG and PNG; the
DejaVu Sans font shipped with the package is embedded (subset), so Ä Ö Ü ẞ Ñ É print everywhere.
"""

from __future__ import annotations

import contextlib
import datetime
import io
import itertools
import logging
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeAlias

from wortsuche.difficulty.simulated import rate_puzzle
from wortsuche.errors import InputError
from wortsuche.grid.topology import Topology
from wortsuche.i18n import Translator, resolve_language, translator
from wortsuche.levels import LEVELS
from wortsuche.model import Puzzle, Word
from wortsuche.render import texts as say
from wortsuche.render.layout import (
    Box,
    GridDrawing,
    Sheet,
    Text,
    grid_drawing,
    sorted_words,
    word_list_pages,
    worksheet,
)
from wortsuche.render.metrics import (
    CAPSULE,
    FAINT,
    INK,
    MARGIN,
    TILE,
    font_path,
    paper_size,
    text_width,
)
from wortsuche.render.options import RenderOptions, puzzle_language
from wortsuche.render.pictures import Picture, has_pictures, sorted_by_clue
from wortsuche.render.typeset import fit
from wortsuche.words.clues import is_picture, listed

if TYPE_CHECKING:
    from fpdf import FPDF

Document: TypeAlias = "FPDF"
"""The page a drawing function writes on: fpdf2's document, named here so that a sheet drawn
outside ``render`` (the classroom's results and cards) never imports fpdf itself."""

FONT = "DejaVu"

FIXED_DATE = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
"""The creation date written into every PDF, so the same puzzle gives the same bytes."""


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def new_document(
    paper: str | tuple[float, float],
    title: str,
    language: str,
    *,
    font: str = "standard",
    orientation: str = "portrait",
) -> FPDF:
    """An empty PDF in points with the sheet's typeface (one of the shipped fonts) registered,
    on named paper or a size."""
    from fpdf import FPDF

    size = paper if isinstance(paper, tuple) else paper_size(paper)
    pdf = FPDF(orientation=orientation, unit="pt", format=size)
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    # Andika carries Graphite tables that a PDF never uses; the subsetter drops them and would
    # say so on stderr for every sheet.
    logging.getLogger("fontTools.subset").setLevel(logging.ERROR)
    pdf.add_font(FONT, "", str(font_path(bold=False, font=font)))
    pdf.add_font(FONT, "B", str(font_path(bold=True, font=font)))
    pdf.set_title(title)
    pdf.set_lang(language)
    pdf.set_creator("wortsuche")
    pdf.set_creation_date(FIXED_DATE)
    return pdf


def link_lines(pdf: Document, width: float, height: float, link: str) -> None:
    """A link in lines of ``width`` (each ``height`` high), broken between any two characters:
    a link has no blanks to break at, and a reader types it as printed."""
    from fpdf.enums import WrapMode

    pdf.multi_cell(
        width, height, link, align="L", new_x="LMARGIN", new_y="NEXT", wrapmode=WrapMode.CHAR
    )


def draw_text(pdf: FPDF, t: Text) -> None:
    """Place one line of text by its baseline."""
    pdf.set_font(FONT, "B" if t.bold else "", t.size)
    pdf.set_text_color(*_rgb(FAINT if t.faint else INK))
    shift = {"start": 0.0, "middle": 0.5, "end": 1.0}[t.anchor]
    pdf.text(t.x - pdf.get_string_width(t.text) * shift if shift else t.x, t.y, t.text)


def draw_grid(pdf: FPDF, grid: GridDrawing) -> None:
    """Draw the frame, the capsules and the letters of a grid."""
    # a shaped grid has its cells as tiles instead of the frame
    pdf.set_draw_color(*_rgb(TILE if grid.tiles else INK))
    pdf.set_line_width(
        max(grid.cell / 30, 0.4) if grid.tiles or grid.cells else max(grid.cell / 24, 0.5)
    )
    for outline in grid.cells:  # hexagons: each cell's outline, no frame
        pdf.polygon(outline, style="D")
    for box in () if grid.cells else grid.tiles or (grid.frame,):
        pdf.rect(
            box.x,
            box.y,
            box.width,
            box.height,
            style="D",
            round_corners=True,
            corner_radius=grid.cell / (6 if grid.tiles else 3),
        )
    pdf.set_draw_color(*_rgb(CAPSULE))
    pdf.set_line_width(max(grid.cell / 16, 0.4))
    frame = grid.frame
    # words over the edge: their parts are cut where they leave the grid
    with (
        pdf.rect_clip(frame.x, frame.y, frame.width, frame.height)
        if grid.clip
        else contextlib.nullcontext()
    ):
        for capsule in grid.capsules:
            pdf.polygon(capsule.outline(steps=16), style="D")
    # A grid is many one-letter texts in a few styles: set each style and measure each
    # letter once (the same calls draw_text makes, so the same bytes, in a third of the time).
    style: tuple[bool, float, bool] | None = None
    widths: dict[tuple[bool, float, str], float] = {}
    for letter in grid.letters:
        if (letter.bold, letter.size, letter.faint) != style:
            style = (letter.bold, letter.size, letter.faint)
            pdf.set_font(FONT, "B" if letter.bold else "", letter.size)
            pdf.set_text_color(*_rgb(FAINT if letter.faint else INK))
        x = letter.x
        if letter.anchor == "middle":
            key = (letter.bold, letter.size, letter.text)
            if key not in widths:
                widths[key] = pdf.get_string_width(letter.text)
            x -= widths[key] / 2
        pdf.text(x, letter.y, letter.text)


def draw_sheet(pdf: FPDF, sheet: Sheet, *, new_page: bool = True) -> None:
    """Draw a laid-out sheet on a new page (or on the current one: a part of a page)."""
    if new_page:
        pdf.add_page()
    for t in sheet.texts:
        draw_text(pdf, t)
    pdf.set_draw_color(*_rgb(INK))
    for rule in sheet.rules:
        pdf.set_line_width(rule.width)
        pdf.line(rule.x0, rule.y, rule.x1, rule.y)
    draw_grid(pdf, sheet.grid)
    draw_pictures(pdf, sheet.pictures, sheet.boxes)


def draw_pictures(pdf: FPDF, pictures: Sequence[Picture], boxes: Sequence[Box] = ()) -> None:
    """Draw pictures and the boxes around them (a picture list)."""
    pdf.set_draw_color(*_rgb(TILE))
    pdf.set_line_width(1.0)
    for box in boxes:
        pdf.rect(
            box.x, box.y, box.width, box.height, style="D", round_corners=True, corner_radius=8
        )
    for picture in pictures:
        pdf.image(io.BytesIO(picture.data), picture.x, picture.y, picture.size, picture.size)


def draw_footer(pdf: FPDF, text: str) -> None:
    """A small centred line at the foot of the current page (page numbers)."""
    width, height = pdf.w, pdf.h
    draw_text(pdf, Text(text, width / 2, height - MARGIN / 2, 9, anchor="middle", faint=True))


def draw_texts(pdf: FPDF, texts: Sequence[Text]) -> None:
    """Draw lines of text on a new page (contents, long word lists)."""
    pdf.add_page()
    for t in texts:
        draw_text(pdf, t)


def puzzle_pages(
    puzzle: Puzzle,
    options: RenderOptions,
    *,
    heading: str | None = None,
    footer: str | None = None,
) -> tuple[Sheet, list[list[Text]]]:
    """The puzzle's page and, for a word list too long to share it, the word-list pages."""
    size = paper_size(options.paper)
    sheet = worksheet(puzzle, options, page=size, heading=heading, footer=footer)
    if not sheet.leftover_words:
        return sheet, []
    texts = options.texts(puzzle)
    title = heading or options.title or puzzle.title or say.default_title(texts)
    extra = word_list_pages(
        sheet.leftover_words,
        size,
        heading=say.word_list_heading(texts, title),
        large_print=options.large_print,
        age=options.age,
    )
    return sheet, extra


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> bytes:
    """A PDF worksheet: the puzzle page, then (with ``answers``) the answer-key page (one
    puzzle to a page: :func:`wortsuche.render.render` sends ``per_page`` to the imposition)."""
    options = options or RenderOptions()
    texts = options.texts(puzzle)
    title = options.title or puzzle.title or say.default_title(texts)
    pdf = new_document(options.paper, title, texts.language, font=options.font)
    sheet, list_pages = puzzle_pages(puzzle, replace(options, answers=False))
    draw_sheet(pdf, sheet)
    for page in list_pages:
        draw_texts(pdf, page)
    if options.answers:
        # The key shows the grid only when the word list needed pages of its own.
        key_options = replace(options, word_list=options.word_list and not list_pages)
        draw_sheet(pdf, puzzle_pages(puzzle, key_options)[0])
    return bytes(pdf.output())


KEYS_ACROSS, KEYS_DOWN = 2, 3
"""Answer keys per book page: two across, three down."""


def book_language(puzzles: Sequence[tuple[str, Puzzle]], options: RenderOptions) -> str:
    """One language for the whole book: the options', else the puzzles' if they agree, else
    the language of all their words together."""
    if options.language is not None:
        return options.language
    languages = {puzzle_language(puzzle) for _, puzzle in puzzles}
    if len(languages) == 1:
        return languages.pop()
    entries = [word.entry for _, puzzle in puzzles for word in puzzle.words]
    return resolve_language("auto", entries)


def puzzle_labels(puzzles: Sequence[tuple[str, Puzzle]], texts: Translator) -> list[str]:
    """Each puzzle's title in the book: ``3. Zoo animals``, or ``Puzzle 3`` without a name."""
    return [
        texts.t("book.numbered", number=n, name=name) if name else texts.t("book.puzzle", number=n)
        for n, (name, _) in enumerate(puzzles, 1)
    ]


def render_book(
    puzzles: Sequence[tuple[str, Puzzle]],
    options: RenderOptions | None = None,
    *,
    on_page: Callable[[], None] | None = None,
    order: str = "as-given",
    scores: Sequence[float] | None = None,
) -> bytes:
    """A puzzle book: contents, one page per puzzle (numbered, titled), then all answer keys.

    Every text is in one language (:func:`book_language`); ``options.title`` is the book's
    title. ``on_page`` is called after each puzzle's page is drawn (for a progress bar).
    ``order="easy-to-hard"`` sorts the puzzles by their difficulty score (ties keep their
    order) and the contents group them in three labelled parts (:func:`sections`).
    ``scores`` are the puzzles' difficulty scores as the book rated them (default: rated here).
    """
    if order not in BOOK_ORDERS:
        raise unknown_order(order, BOOK_ORDERS)
    options = options or RenderOptions()
    if scores is None:
        scores = [rate_puzzle(puzzle).score for _, puzzle in puzzles]
    scores = list(scores)
    parts: list[tuple[int, int]] = []
    if order == "easy-to-hard":
        ranked, parts = easy_to_hard(puzzles, scores)
        puzzles = [puzzles[i] for i in ranked]
        scores = [scores[i] for i in ranked]
    language = book_language(puzzles, options)
    # A book is for solving, not a worksheet handed out in class: no name line.
    options = replace(options, language=language, answers=False, name_line=False)
    texts = translator(language)
    title = options.title or texts.t("book.default-title")
    size = paper_size(options.paper)
    pdf = new_document(options.paper, title, texts.language, font=options.font)
    labels = puzzle_labels(puzzles, texts)
    laid_out = [
        puzzle_pages(puzzle, options, heading=label, footer="")
        for label, (_, puzzle) in zip(labels, puzzles, strict=True)
    ]
    pages_each = [1 + len(extra) for _, extra in laid_out]
    listing = Listing(puzzles, labels, pages_each, scores, parts)
    contents = contents_lines(listing, title, size, texts)

    for page in contents:
        draw_texts(pdf, page)
    for sheet, extra in laid_out:
        draw_sheet(pdf, sheet)
        draw_footer(pdf, str(pdf.page_no()))
        for page in extra:
            draw_texts(pdf, page)
            draw_footer(pdf, str(pdf.page_no()))
        if on_page:
            on_page()

    width, height = size
    per_key_page = KEYS_ACROSS * KEYS_DOWN
    cell_w = (width - 2 * MARGIN) / KEYS_ACROSS
    cell_h = (height - 2 * MARGIN - 30) / KEYS_DOWN
    for index, ((_, puzzle), label) in enumerate(zip(puzzles, labels, strict=True)):
        slot = index % per_key_page
        if slot == 0:
            pdf.add_page()
            answers = texts.t("book.answers")
            draw_text(pdf, Text(answers, width / 2, MARGIN + 14, 18, bold=True, anchor="middle"))
            draw_footer(pdf, str(pdf.page_no()))
        row, col = divmod(slot, KEYS_ACROSS)
        x = MARGIN + col * cell_w
        y = MARGIN + 30 + row * cell_h
        draw_text(pdf, Text(label, x + cell_w / 2, y + 14, 11, bold=True, anchor="middle"))
        clues = key_clues(puzzle, cell_w - 16, cell_h - 30)  # a clue list's key names both
        grid = grid_drawing(
            puzzle,
            Box(x + 8, y + 22, cell_w - 16, cell_h - 30 - clues.height),
            answers=True,
            lowercase=options.lowercase,
            centre_vertically=True,
        )
        draw_grid(pdf, grid)
        lines, pictures = clues.placed(x + cell_w / 2, y + cell_h - 8)
        for line in lines:
            draw_text(pdf, line)
        draw_pictures(pdf, pictures)
    return bytes(pdf.output())


CLUE_SIZES = (7.0, 6.0, 5.0)
"""The sizes of the word – clue lines under a book's answer key: the first that leaves the key
room enough, never below the last."""

CLUE_SHARE = 0.45
"""The most of an answer key's height its clue lines take while they can still shrink."""

CLUE_SEPARATOR = " · "
"""What stands between two clued words on a line."""

CLUE_PICTURE = 1.4
"""A picture clue's side, in the lines' type size (about 3.5 mm at 7 pt: an emoji in a line)."""


@dataclass(frozen=True)
class KeyClues:
    """The clued words under an answer key, each with its clue: ``Igel – Ein Tier mit Stacheln``
    in words, ``Igel –`` and the picture for a picture clue, several to a line."""

    lines: tuple[tuple[Word, ...], ...]
    size: float

    @property
    def line_height(self) -> float:
        """Distance between two lines' baselines, room for a picture between them."""
        return self.size * 1.6

    @property
    def height(self) -> float:
        """The height the lines take under the key."""
        return len(self.lines) * self.line_height

    def placed(self, centre: float, bottom: float) -> tuple[list[Text], list[Picture]]:
        """The lines centred on ``centre``, the last one's baseline at ``bottom``."""
        texts: list[Text] = []
        pictures: list[Picture] = []
        for k, line in enumerate(self.lines):
            baseline = bottom - (len(self.lines) - 1 - k) * self.line_height
            x = centre - _line_width(line, self.size) / 2
            for i, word in enumerate(line):
                if i:
                    texts.append(Text(CLUE_SEPARATOR, x, baseline, self.size))
                    x += text_width(CLUE_SEPARATOR, self.size)
                if word.clue is not None and is_picture(word.clue):
                    lead = f"{word.entry} – "
                    texts.append(Text(lead, x, baseline, self.size))
                    x += text_width(lead, self.size)
                    side = self.size * CLUE_PICTURE
                    # centred on the middle of the capitals beside it
                    pictures.append(Picture(word.clue, x, baseline - side * 0.75, side))
                    x += side
                else:
                    texts.append(Text(listed(word, answers=True), x, baseline, self.size))
                    x += _part_width(word, self.size)
        return texts, pictures


def _part_width(word: Word, size: float) -> float:
    """The width of one clued word with its clue."""
    if is_picture(word.clue):
        return text_width(f"{word.entry} – ", size) + size * CLUE_PICTURE
    return text_width(listed(word, answers=True), size)


def _line_width(words: Sequence[Word], size: float) -> float:
    """The width of clued words on one line, with the separators between them."""
    separators = text_width(CLUE_SEPARATOR, size) * (len(words) - 1)
    return sum(_part_width(word, size) for word in words) + separators


def key_clues(puzzle: Puzzle, width: float, height: float) -> KeyClues:
    """The clues under the answer key of ``puzzle`` (none if it has no clues), in the list's
    order, in lines as wide as ``width``, as large as keeps them to :data:`CLUE_SHARE` of the
    key's ``height``."""
    # the order of the puzzle's list: a picture list's (by word), or the clues' alphabet
    ordered = sorted_by_clue(puzzle.words) if has_pictures(puzzle) else sorted_words(puzzle)
    clued = [word for word in ordered if word.clue]
    for size in CLUE_SIZES:
        lines: list[list[Word]] = []
        for word in clued:
            if lines and _line_width([*lines[-1], word], size) <= width:
                lines[-1].append(word)
            else:
                lines.append([word])
        clues = KeyClues(tuple(map(tuple, lines)), size)
        if clues.height <= CLUE_SHARE * height:
            break
    return clues


BOOK_ORDERS = ("as-given", "easy-to-hard")


def unknown_order(order: str, orders: Sequence[str]) -> InputError:
    """The error for a book order that is none of ``orders``."""
    choices = ", ".join(orders)
    return InputError(
        f"a book's order is one of {choices}, not {order!r}",
        key="error.book-order",
        values={"choices": choices, "value": order},
    )


"""How a book's puzzles are ordered: as given, or by difficulty score."""

SECTIONS = 3
"""Parts of a book ordered from easy to hard."""


def sections(count: int) -> list[tuple[int, int]]:
    """``count`` puzzles in :data:`SECTIONS` parts as equal as can be, the larger ones first:
    ``(first index, end index)`` each; none for fewer puzzles than parts.

    >>> sections(10)
    [(0, 4), (4, 7), (7, 10)]
    """
    if count < SECTIONS:
        return []
    size, extra = divmod(count, SECTIONS)
    bounds = [0]
    for part in range(SECTIONS):
        bounds.append(bounds[-1] + size + (part < extra))
    return list(itertools.pairwise(bounds))


def easy_to_hard(
    puzzles: Sequence[tuple[str, Puzzle]], scores: Sequence[float]
) -> tuple[list[int], list[tuple[int, int]]]:
    """The indexes of ``puzzles`` from easy to hard and the book's parts (:func:`sections`).

    Puzzles of one level are sorted by score, in :data:`SECTIONS` parts; puzzles of several
    levels by level, then score, a part for each level (:func:`part_names` names them). Ties
    keep their order.
    """
    if not several_levels(puzzles):
        return sorted(range(len(puzzles)), key=lambda i: scores[i]), sections(len(puzzles))
    rank = {name: place for place, name in enumerate(LEVELS)}
    order = sorted(
        range(len(puzzles)), key=lambda i: (rank.get(puzzles[i][1].level, len(rank)), scores[i])
    )
    bounds = [0] + [
        at
        for at in range(1, len(order))
        if puzzles[order[at]][1].level != puzzles[order[at - 1]][1].level
    ]
    return order, list(itertools.pairwise([*bounds, len(order)]))


def several_levels(puzzles: Sequence[tuple[str, Puzzle]]) -> bool:
    """Whether the puzzles have more than one level."""
    return len({puzzle.level for _, puzzle in puzzles}) > 1


def part_names(
    puzzles: Sequence[tuple[str, Puzzle]], parts: Sequence[tuple[int, int]], texts: Translator
) -> list[str]:
    """The names of an easy-to-hard book's parts: its levels', if it has several, else
    "warm-up", "trickier", "for experts"."""
    if several_levels(puzzles):
        return [say.level_name(texts, puzzles[first][1].level).capitalize() for first, _ in parts]
    return [texts.t(f"book.section.{number}") for number in range(1, len(parts) + 1)]


CONTENTS_LINE = 16.0


@dataclass(frozen=True)
class Listing:
    """What a book's contents list: its puzzles in order, each with its label, the pages it
    takes and its score, and the parts (:func:`sections`) they fall into."""

    puzzles: Sequence[tuple[str, Puzzle]]
    labels: Sequence[str]
    pages_each: Sequence[int]
    scores: Sequence[float]
    parts: Sequence[tuple[int, int]] = ()


def contents_lines(
    listing: Listing, title: str, size: tuple[float, float], texts: Translator
) -> list[list[Text]]:
    """The contents: one line per puzzle with its page number, in one or two columns per page;
    each part of the listing opens with a bold heading naming it and its scores."""
    puzzles, labels, scores, parts = listing.puzzles, listing.labels, listing.scores, listing.parts
    width, height = size
    rows = int((height - 2 * MARGIN - 80) // CONTENTS_LINE)
    lines_needed = len(puzzles) + 2 + 2 * len(parts)  # puzzles, headings and gaps, answers
    columns = 1 if lines_needed <= rows else 2
    per_page = rows * columns
    page = math.ceil(lines_needed / per_page) + 1
    names = part_names(puzzles, parts, texts)
    headings = {
        first: texts.t(
            "book.section" if scores[first] != scores[end - 1] else "book.section-one-score",
            number=number,
            name=names[number - 1],
            low=texts.decimal(scores[first]),
            high=texts.decimal(scores[end - 1]),
            score=texts.decimal(scores[first]),
        )
        for number, (first, end) in enumerate(parts, 1)
    }
    entries: list[tuple[str, str, bool]] = []
    for index, (label, (_, puzzle), count) in enumerate(
        zip(labels, puzzles, listing.pages_each, strict=True)
    ):
        if index in headings:
            if entries:
                entries.append(("", "", False))
            entries.append((headings[index], "", True))
        line = texts.t(
            "book.contents-line",
            label=label,
            rows=Topology.of_puzzle(puzzle).asked_size[0],  # a hexagon by its side, as on its page
            cols=Topology.of_puzzle(puzzle).asked_size[1],
            level=say.level_name(texts, puzzle.level),
            score=texts.decimal(scores[index]),
        )
        entries.append((line, str(page), False))
        page += count
    entries.append(("", "", False))
    entries.append((texts.t("book.answers"), str(page), False))
    column_width = (width - 2 * MARGIN) / columns
    result: list[list[Text]] = []
    for start in range(0, len(entries), per_page):
        lines: list[Text] = []
        if start == 0:
            lines.append(Text(title, width / 2, MARGIN + 22, 26, bold=True, anchor="middle"))
            heading = texts.t("book.contents")
            lines.append(Text(heading, width / 2, MARGIN + 50, 14, anchor="middle"))
        for i, (label, number, bold) in enumerate(entries[start : start + per_page]):
            column, row = divmod(i, rows)
            left = MARGIN + column * column_width + 10
            right = MARGIN + (column + 1) * column_width - 10
            y = MARGIN + 80 + row * CONTENTS_LINE
            # one type size: a line too long for its column is cut, not set smaller
            lines.append(Text(fit(label, 11, column_width - 60, bold=bold), left, y, 11, bold=bold))
            lines.append(Text(number, right - text_width(number, 11), y, 11))
        result.append(lines)
    return result
