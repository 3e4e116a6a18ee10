"""The worksheet as a Word document (DOCX) a teacher can change: drawn with python-docx from
:func:`wortsuche.render.document.document`. The grid is a table of fixed, square cells with a
frame around it; on the key the letters of the words are bold and the others pale."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from wortsuche.model import Puzzle
from wortsuche.render.document import (
    KEY_PICTURE_MM,
    PICTURE_MM,
    Document,
    GridTable,
    Page,
    document,
    entry_parts,
)
from wortsuche.render.metrics import FAINT, INK
from wortsuche.render.options import RenderOptions
from wortsuche.words.pictures import picture_bytes

if TYPE_CHECKING:
    from docx.document import Document as WordDocument
    from docx.table import Table
    from docx.text.paragraph import Paragraph


FRAME_EIGHTHS = 12
"""The grid's frame: one and a half points, in eighths of a point as Word counts them."""


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> bytes:
    """A DOCX worksheet: the puzzle page, then (with ``answers``) the key on a page of its own."""
    content = document(puzzle, options)
    word = new_document(content)
    for number, page in enumerate(content.pages):
        add_page(word, page, content, new_page=number > 0)
    out = io.BytesIO()
    word.save(out)
    return out.getvalue()


def new_document(content: Document) -> WordDocument:
    """An empty document with the sheet's paper, margins, typeface and language."""
    import docx
    from docx.shared import Cm, Pt

    word = docx.Document()
    section = word.sections[0]
    section.page_width, section.page_height = (Cm(side) for side in content.paper_cm)
    margin = Cm(1.8)
    section.left_margin = section.right_margin = margin
    section.top_margin = section.bottom_margin = margin
    style = word.styles["Normal"]
    style.font.name = content.font_family
    style.font.size = Pt(11)
    style.paragraph_format.space_after = Pt(0)
    properties = word.core_properties
    properties.title = content.pages[0].title
    properties.author = "wortsuche"
    properties.language = content.language
    return word


def add_page(word: WordDocument, page: Page, content: Document, *, new_page: bool) -> None:
    """One page (``new_page``: after a page break): name line, title, lines, grid, word list
    and footer."""
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt, RGBColor

    if page.name_line:
        name, date, school_class = content.name_fields
        line = word.add_paragraph(
            f"{name} {'_' * 34}   {date} {'_' * 14}   {school_class} {'_' * 10}"
        )
        line.paragraph_format.space_after = Pt(14)
        line.paragraph_format.page_break_before = new_page
    title = word.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    title.paragraph_format.space_after = Pt(6)
    # a page without a name line (the key) starts with its title
    title.paragraph_format.page_break_before = new_page and not page.name_line
    run = title.add_run(page.title)
    run.bold = True
    run.font.size = Pt(22)
    for text in page.lines:
        paragraph = word.add_paragraph(text)
        paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    word.add_paragraph().paragraph_format.space_after = Pt(4)
    add_grid(word, page.grid)
    if page.word_columns:
        word.add_paragraph().paragraph_format.space_after = Pt(6)
        add_word_list(word, page.word_columns, page.word_column_cm, page.word_pt)
    footer = word.add_paragraph()
    footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
    footer.paragraph_format.space_before = Pt(18)
    small = footer.add_run(page.footer)
    small.font.size = Pt(8)
    small.font.color.rgb = RGBColor.from_string(FAINT[1:])


def add_grid(word: WordDocument, grid: GridTable) -> None:
    """The grid as a centred table of square cells of a fixed size, framed."""
    from docx.enum.table import WD_CELL_VERTICAL_ALIGNMENT, WD_ROW_HEIGHT_RULE, WD_TABLE_ALIGNMENT
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Cm, Pt, RGBColor

    rows, cols = len(grid.rows), len(grid.rows[0])
    table = word.add_table(rows=rows, cols=cols)
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    table.autofit = False
    side = Cm(grid.cell_cm)
    for column in table.columns:
        column.width = side
    frame(table)
    for r, (row, letters) in enumerate(zip(table.rows, grid.rows, strict=True)):
        row.height = side
        row.height_rule = WD_ROW_HEIGHT_RULE.EXACTLY
        for c, (cell, letter) in enumerate(zip(row.cells, letters, strict=True)):
            cell.width = side
            cell.vertical_alignment = WD_CELL_VERTICAL_ALIGNMENT.CENTER
            paragraph = cell.paragraphs[0]
            paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
            paragraph.paragraph_format.line_spacing = 1.0
            run = paragraph.add_run(letter)
            run.font.size = Pt(grid.letter_pt)
            if grid.marked:
                found = (r, c) in grid.marked
                run.bold = found
                run.font.color.rgb = RGBColor.from_string((INK if found else FAINT)[1:])


def frame(table: Table) -> None:
    """A frame around the table and no lines inside it (as on the printed sheet)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    properties = table._tbl.tblPr
    borders = OxmlElement("w:tblBorders")
    for edge in ("top", "left", "bottom", "right", "insideH", "insideV"):
        border = OxmlElement(f"w:{edge}")
        outer = not edge.startswith("inside")
        border.set(qn("w:val"), "single" if outer else "nil")
        if outer:
            border.set(qn("w:sz"), str(FRAME_EIGHTHS))
            border.set(qn("w:color"), INK[1:])
        borders.append(border)
    properties.append(borders)


def add_word_list(
    word: WordDocument, columns: tuple[tuple[str, ...], ...], column_cm: float, size: float
) -> None:
    """The word list as a table without lines, one column of words per table column."""
    from docx.enum.table import WD_TABLE_ALIGNMENT
    from docx.shared import Cm

    table = word.add_table(rows=max(len(c) for c in columns), cols=len(columns))
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    table.autofit = False
    for c, entries in enumerate(columns):
        table.columns[c].width = Cm(column_cm)
        for r in range(len(table.rows)):
            cell = table.cell(r, c)
            cell.width = Cm(column_cm)
            if r < len(entries):
                add_entry(cell.paragraphs[0], entries[r], size)


def add_entry(paragraph: Paragraph, entry: str, size: float) -> None:
    """One entry of the word list: a picture clue as its picture, else the text."""
    from docx.shared import Mm, Pt

    text, picture = entry_parts(entry)
    if text:
        paragraph.add_run(text).font.size = Pt(size)
    if picture is not None:
        side = KEY_PICTURE_MM if text else PICTURE_MM
        paragraph.add_run().add_picture(io.BytesIO(picture_bytes(picture)), width=Mm(side))
