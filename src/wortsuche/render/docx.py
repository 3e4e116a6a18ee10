"""The worksheet as a Word document (DOCX) a teacher can change: drawn with python-docx from
:func:`wortsuche.render.document.document`. The grid is a table of fixed, square cells with a
frame around it; on the key a line in the answer colour runs around each word (its cells'
borders) and the letters no word uses are pale. Two or four sheets share a page in the parts
of a table whose dashed inner lines are the cut lines. The school font (Andika) travels inside
the file as Word embeds fonts, so that a computer without it shows the sheet as printed."""

from __future__ import annotations

import hashlib
import io
import uuid
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wortsuche.model import Puzzle
from wortsuche.render.document import (
    KEY_PICTURE_MM,
    PART_PADDING_CM,
    PICTURE_MM,
    Document,
    GridPicture,
    GridTable,
    Page,
    document,
    document_versions,
    entry_parts,
)
from wortsuche.render.metrics import CAPSULE, FAINT, INK, font_path
from wortsuche.render.options import RenderOptions
from wortsuche.words.pictures import picture_bytes

if TYPE_CHECKING:
    from docx.document import Document as WordDocument
    from docx.table import Table, _Cell
    from docx.text.paragraph import Paragraph


FRAME_EIGHTHS = 12
"""The grid's frame: one and a half points, in eighths of a point as Word counts them."""

OUTLINE_EIGHTHS = 16
"""The line around a word on the key: two points."""

CUT_EIGHTHS = 4
"""The dashed cut lines between the sheets of a page: half a point."""

OBFUSCATED_FONT = "application/vnd.openxmlformats-officedocument.obfuscatedFont"
"""The content type of a font embedded as Word embeds it (ECMA-376 Part 1, §17.8.1)."""

FONT_RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/font"


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> bytes:
    """A DOCX worksheet: the puzzle page, then (with ``answers``) the key on a page of its own
    (copies side by side where ``options.per_page`` asks for several)."""
    return write(document(puzzle, options))


def render_versions(puzzles: Sequence[Puzzle], options: RenderOptions) -> bytes:
    """A DOCX of the versions of one sheet, ``options.per_page`` to a page, the keys after."""
    return write(document_versions(puzzles, options))


def write(content: Document) -> bytes:
    """The document's bytes: its pages, and the school font embedded where the sheet uses it."""
    word = new_document(content)
    for number, sheets in enumerate(content.on_pages()):
        if content.per_page == 1:
            add_page(word, sheets[0], content, new_page=number > 0)
        else:
            add_parts(word, sheets, content, new_page=number > 0)
    if content.font == "school":
        embed_font(word, content.font_family, content.font)
    out = io.BytesIO()
    word.save(out)
    return out.getvalue()


def new_document(content: Document) -> WordDocument:
    """An empty document with the sheet's paper (turned for two sheets), margins, typeface and
    language."""
    import docx
    from docx.enum.section import WD_ORIENT
    from docx.shared import Cm, Pt

    word = docx.Document()
    section = word.sections[0]
    if content.landscape:
        section.orientation = WD_ORIENT.LANDSCAPE
    section.page_width, section.page_height = (Cm(side) for side in content.page_cm)
    margin = Cm(content.margin_cm)
    section.left_margin = section.right_margin = margin
    section.top_margin = section.bottom_margin = margin
    section.header_distance = section.footer_distance = Cm(0)
    style = word.styles["Normal"]
    style.font.name = content.font_family
    style.font.size = Pt(11)
    style.paragraph_format.space_after = Pt(0)
    style.paragraph_format.line_spacing = 1.0  # the template's 1.15 would push the footer off
    properties = word.core_properties
    properties.title = content.pages[0].title
    properties.author = "wortsuche"
    properties.language = content.language
    return word


def add_parts(
    word: WordDocument, sheets: Sequence[Page], content: Document, *, new_page: bool
) -> None:
    """Two or four sheets on one page: a table of parts of a fixed size, cut lines between
    them; a one-point paragraph after it carries the break to the next page."""
    from docx.enum.table import WD_ROW_HEIGHT_RULE, WD_TABLE_ALIGNMENT
    from docx.enum.text import WD_BREAK
    from docx.shared import Cm, Pt

    if new_page:
        breaker = word.paragraphs[-1]
        breaker.add_run().add_break(WD_BREAK.PAGE)
    across, down = content.grid_of_parts
    width, height = content.part_cm
    table = word.add_table(rows=down, cols=across)
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    table.autofit = False
    _table_borders(table, outer=None, inner=("dashed", CUT_EIGHTHS, FAINT))
    _cell_margins(table, PART_PADDING_CM[content.per_page])
    for row in table.rows:
        row.height = Cm(height)
        row.height_rule = WD_ROW_HEIGHT_RULE.EXACTLY
    for index, cell in enumerate(table._cells):
        cell.width = Cm(width)
        if index < len(sheets):
            add_page(cell, sheets[index], content, new_page=False)
            first = cell.paragraphs[0]._p  # the empty paragraph a new cell starts with
            first.getparent().remove(first)
    spacer = word.add_paragraph()
    spacer.paragraph_format.line_spacing = Pt(1)
    spacer.add_run().font.size = Pt(1)


def add_page(word: WordDocument | _Cell, page: Page, content: Document, *, new_page: bool) -> None:
    """One sheet (``new_page``: after a page break), in the document or in a part of a page:
    label, name line, title, lines, grid, word list and footer."""
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Pt, RGBColor

    sizes = page.sizes
    starts: list[Paragraph] = []
    if page.label:
        label = word.add_paragraph()
        label.alignment = WD_ALIGN_PARAGRAPH.RIGHT
        run = label.add_run(page.label)
        run.bold = True
        run.font.size = Pt(sizes.line * 1.2)
        starts.append(label)
    for number, row in enumerate(page.name_rows):
        fields = "   ".join(f"{name} {'_' * count}" for name, count in row)
        line = word.add_paragraph()
        line.add_run(fields).font.size = Pt(sizes.line)
        last = number == len(page.name_rows) - 1
        line.paragraph_format.space_after = Pt(sizes.line if last else sizes.line * 0.5)
        starts.append(line)
    title = word.add_paragraph()
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    title.paragraph_format.space_after = Pt(sizes.title * 0.3)
    starts.append(title)
    # the page's first paragraph (the key's is its title) starts the new page
    starts[0].paragraph_format.page_break_before = new_page
    run = title.add_run(page.title)
    run.bold = True
    run.font.size = Pt(sizes.title)
    for text in page.lines:
        paragraph = word.add_paragraph()
        paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
        paragraph.add_run(text).font.size = Pt(sizes.line)
    gap = word.add_paragraph()
    gap.paragraph_format.space_after = Pt(sizes.line * 0.4)
    gap.paragraph_format.line_spacing = Pt(sizes.line * 0.6)
    if page.grid.picture is not None:
        add_grid_picture(word, page.grid.picture)
    else:
        add_grid(word, page.grid)
    # a diagonal word's line, drawn from the paragraph above the grid (a cell that holds a shape
    # loses its letter's centring in LibreOffice); the table is centred in its column
    column = content.page_cm[0] - 2 * content.margin_cm
    if content.per_page > 1:
        column = content.part_cm[0] - 2 * PART_PADDING_CM[content.per_page]
    corner = ((column - page.grid.cell_cm * len(page.grid.rows[0])) / 2, sizes.line / 72 * 2.54)
    for start, end in page.grid.diagonals:
        strike(gap, page.grid, (start, end), corner)
    if page.word_columns:
        gap = word.add_paragraph()
        gap.paragraph_format.space_after = Pt(page.word_pt * 0.5)
        gap.paragraph_format.line_spacing = Pt(page.word_pt * 0.5)
        add_word_list(word, page.word_columns, page.word_column_cm, page.word_pt)
    footer = word.add_paragraph()
    footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
    footer.paragraph_format.space_before = Pt(12)
    small = footer.add_run(page.footer)
    small.font.size = Pt(8)
    small.font.color.rgb = RGBColor.from_string(FAINT[1:])


def add_table(word: WordDocument | _Cell, rows: int, cols: int) -> Table:
    """A table of ``rows`` by ``cols`` at the end of the document or of a part of a page, and
    nothing after it: python-docx follows a table in a cell with an empty paragraph (a cell must
    end on one), a line of the body's size that pushed a part's footer below its fixed height,
    where LibreOffice and Word cut it off; the sheet's footer is the paragraph the cell ends on."""
    from docx.table import _Cell

    table = word.add_table(rows=rows, cols=cols)
    if isinstance(word, _Cell):
        empty = table._tbl.getnext()
        if empty is not None and empty.tag.endswith("}p") and not len(empty):
            empty.getparent().remove(empty)
    return table


def add_grid(word: WordDocument | _Cell, grid: GridTable) -> None:
    """The grid as a centred table of square cells of a fixed size, framed; on a key the words
    outlined by their cells' borders, the other letters pale."""
    from docx.enum.table import WD_CELL_VERTICAL_ALIGNMENT, WD_ROW_HEIGHT_RULE, WD_TABLE_ALIGNMENT
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Cm, Pt, RGBColor

    rows, cols = len(grid.rows), len(grid.rows[0])
    table = add_table(word, rows, cols)
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    table.autofit = False
    side = Cm(grid.cell_cm)
    for column in table.columns:
        column.width = side
    frame(table)
    _cell_margins(table, 0.0)
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
                run.font.color.rgb = RGBColor.from_string((INK if found else FAINT)[1:])
            if (r, c) in grid.outlines:
                outline(cell, grid.outlines[(r, c)])


def add_grid_picture(word: WordDocument | _Cell, picture: GridPicture) -> None:
    """A grid of hexagons as a centred picture at its size on the page, named and described
    for a screen reader in the sheet's language (Word's alternative text: the drawing's
    ``descr`` and ``title``)."""
    from docx.enum.text import WD_ALIGN_PARAGRAPH
    from docx.shared import Cm

    paragraph = word.add_paragraph()
    paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    shape = paragraph.add_run().add_picture(
        io.BytesIO(picture.png), width=Cm(picture.width_cm), height=Cm(picture.height_cm)
    )
    properties = shape._inline.docPr
    properties.set("name", picture.name)
    properties.set("descr", picture.description)
    properties.set("title", picture.title)


STRIKE_EMU = 25400
"""The width of a diagonal word's line on the key: 2 pt, as the outline around the others."""

_DRAWING = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"'
)


def strike(
    paragraph: Any,
    grid: GridTable,
    word: tuple[tuple[int, int], tuple[int, int]],
    corner: tuple[float, float],
) -> None:
    """A diagonal word's line on the key, from the centre of its first cell to that of its last:
    a line shape in front of the letters, anchored to ``paragraph`` (the one just above the
    grid), whose column's left edge and top the grid's top left ``corner`` (cm) is from."""
    from docx.oxml import parse_xml

    emu = 360000  # a centimetre
    side = grid.cell_cm * emu
    (r1, c1), (r2, c2) = word
    width, height = abs(c2 - c1) * side, abs(r2 - r1) * side
    left = corner[0] * emu + (min(c1, c2) + 0.5) * side
    top = corner[1] * emu + (min(r1, r2) + 0.5) * side
    flip = ' flipH="1"' if (c2 < c1) != (r2 < r1) else ""
    number = paragraph.part.next_id
    shape = (
        f'<w:r {_DRAWING}><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" '
        f'simplePos="0" relativeHeight="{number}" behindDoc="0" locked="0" layoutInCell="1" '
        f'allowOverlap="1"><wp:simplePos x="0" y="0"/>'
        f'<wp:positionH relativeFrom="column"><wp:posOffset>{round(left)}</wp:posOffset>'
        f'</wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>{round(top)}'
        f'</wp:posOffset></wp:positionV><wp:extent cx="{round(width)}" cy="{round(height)}"/>'
        f'<wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/>'
        f'<wp:docPr id="{number}" name="Word {number}"/><wp:cNvGraphicFramePr/>'
        f'<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/'
        f'wordprocessingShape"><wps:wsp><wps:cNvCnPr/><wps:spPr><a:xfrm{flip}>'
        f'<a:off x="0" y="0"/><a:ext cx="{round(width)}" cy="{round(height)}"/></a:xfrm>'
        f'<a:prstGeom prst="line"><a:avLst/></a:prstGeom><a:ln w="{STRIKE_EMU}" cap="rnd">'
        f'<a:solidFill><a:srgbClr val="{CAPSULE[1:]}"/></a:solidFill></a:ln></wps:spPr>'
        f"<wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>"
    )
    paragraph._p.append(parse_xml(shape))


def frame(table: Table) -> None:
    """A frame around the table and no lines inside it (as on the printed sheet)."""
    _table_borders(table, outer=("single", FRAME_EIGHTHS, INK), inner=None)


def outline(cell: _Cell, sides: frozenset[str]) -> None:
    """The sides of a key's cell that outline a word, in the answer colour."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    properties = cell._tc.get_or_add_tcPr()
    borders = OxmlElement("w:tcBorders")
    for side in ("top", "left", "bottom", "right"):  # the order the schema wants
        if side in sides:
            border = OxmlElement(f"w:{side}")
            border.set(qn("w:val"), "single")
            border.set(qn("w:sz"), str(OUTLINE_EIGHTHS))
            border.set(qn("w:color"), CAPSULE[1:])
            borders.append(border)
    # tcBorders stands before the cell's shading and vertical alignment
    anchor = properties.find(qn("w:vAlign"))
    if anchor is not None:
        anchor.addprevious(borders)
    else:
        properties.append(borders)


def _table_borders(
    table: Table, *, outer: tuple[str, int, str] | None, inner: tuple[str, int, str] | None
) -> None:
    """The table's borders: ``outer`` around it and ``inner`` between its cells, each a line
    style, a width in eighths of a point and a colour (None: no line)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    properties = table._tbl.tblPr
    borders = OxmlElement("w:tblBorders")
    for edge in ("top", "left", "bottom", "right", "insideH", "insideV"):
        border = OxmlElement(f"w:{edge}")
        line = inner if edge.startswith("inside") else outer
        if line is None:
            border.set(qn("w:val"), "nil")
        else:
            style, eighths, colour = line
            border.set(qn("w:val"), style)
            border.set(qn("w:sz"), str(eighths))
            border.set(qn("w:color"), colour[1:])
        borders.append(border)
    properties.append(borders)


def _cell_margins(table: Table, cm: float) -> None:
    """The same empty edge inside every cell of ``table``."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    twips = str(round(cm / 2.54 * 1440))
    margins = OxmlElement("w:tblCellMar")
    for side in ("top", "left", "bottom", "right"):
        margin = OxmlElement(f"w:{side}")
        margin.set(qn("w:w"), twips)
        margin.set(qn("w:type"), "dxa")
        margins.append(margin)
    table._tbl.tblPr.append(margins)


def add_word_list(
    word: WordDocument | _Cell, columns: tuple[tuple[str, ...], ...], column_cm: float, size: float
) -> None:
    """The word list as a table without lines, one column of words per table column."""
    from docx.enum.table import WD_TABLE_ALIGNMENT
    from docx.shared import Cm

    table = add_table(word, max(len(c) for c in columns), len(columns))
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


def font_key(data: bytes) -> str:
    """The key a font is obfuscated with: a GUID made from the font's bytes, so that the same
    sheet gives the same file."""
    return "{" + str(uuid.UUID(bytes=hashlib.sha256(data).digest()[:16])).upper() + "}"


def obfuscated(data: bytes, key: str) -> bytes:
    """``data`` as Word embeds a font (ECMA-376 Part 1, §17.8.1): its first 32 bytes XORed
    with the key's 16 bytes, taken from the GUID's hex digits in reverse order.

    >>> key = "{00112233-4455-6677-8899-AABBCCDDEEFF}"
    >>> obfuscated(bytes(40), key)[:17].hex()
    'ffeeddccbbaa99887766554433221100ff'
    >>> obfuscated(obfuscated(b"x" * 40, key), key) == b"x" * 40
    True
    """
    mask = bytes.fromhex(key.strip("{}").replace("-", ""))[::-1]
    head = bytes(byte ^ mask[i % 16] for i, byte in enumerate(data[:32]))
    return head + data[32:]


def embed_font(word: WordDocument, family: str, font: str) -> None:
    """Embed ``font``'s regular and bold files in the document as Word does: each an obfuscated
    part related from the font table, named there with its key, and the settings saying that
    the document carries its fonts. (The SIL Open Font License lets a font be embedded in a
    document; the files go in whole, unchanged.)"""
    from docx.opc.oxml import serialize_part_xml
    from docx.opc.packuri import PackURI
    from docx.opc.part import Part
    from docx.oxml import OxmlElement, parse_xml
    from docx.oxml.ns import qn

    package = word.part.package
    table = next(part for part in package.iter_parts() if part.partname == "/word/fontTable.xml")
    fonts = parse_xml(table.blob)
    entry = OxmlElement("w:font", {qn("w:name"): family})
    entry.append(OxmlElement("w:family", {qn("w:val"): "swiss"}))
    entry.append(OxmlElement("w:pitch", {qn("w:val"): "variable"}))
    for number, (bold, element) in enumerate(((False, "embedRegular"), (True, "embedBold")), 1):
        data = font_path(bold=bold, font=font).read_bytes()
        key = font_key(data)
        name = PackURI(f"/word/fonts/font{number}.odttf")
        part = Part(name, OBFUSCATED_FONT, obfuscated(data, key), package)
        relation = table.relate_to(part, FONT_RELATIONSHIP)
        entry.append(OxmlElement(f"w:{element}", {qn("r:id"): relation, qn("w:fontKey"): key}))
    fonts.append(entry)
    _set_blob(table, serialize_part_xml(fonts))
    _embed_setting(word)


def _set_blob(part: Any, blob: bytes) -> None:
    """Replace the bytes of a part python-docx keeps as bytes (the font table)."""
    part._blob = blob


def _embed_setting(word: WordDocument) -> None:
    """``w:embedTrueTypeFonts`` in the settings, where the schema puts it (after the zoom)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn

    settings = word.settings.element
    flag = OxmlElement("w:embedTrueTypeFonts")
    zoom = settings.find(qn("w:zoom"))
    if zoom is not None:
        zoom.addnext(flag)
    else:
        settings.insert(0, flag)
