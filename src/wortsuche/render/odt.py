"""The worksheet as an OpenDocument text (ODT) for LibreOffice, written with odfpy from
:func:`wortsuche.render.document.document`: the same page as the DOCX, the grid a table of
fixed, square cells in a frame; on the key a line in the answer colour runs around each word
(its cells' borders) and the letters no word uses are pale. Two or four sheets share a page in
the parts of a table whose dashed inner lines are the cut lines. The school font (Andika) is
packaged in the file as LibreOffice embeds fonts (``svg:font-face-src`` pointing into the
package), so that a computer without it shows the sheet as printed."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from wortsuche.model import Puzzle
from wortsuche.render.document import (
    KEY_PICTURE_MM,
    LINE_HEIGHT,
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
from wortsuche.render.metrics import CAPSULE, FAINT, FONT_FILES, INK, font_path
from wortsuche.render.options import RenderOptions
from wortsuche.words.pictures import picture_key, picture_path

FRAME = f"1.5pt solid {INK}"
"""The grid's frame."""

OUTLINE = f"2pt solid {CAPSULE}"
"""The line around a word on the key."""

CUT = f"0.5pt dashed {FAINT}"
"""The cut lines between the sheets of a page."""


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> bytes:
    """An ODT worksheet: the puzzle page, then (with ``answers``) the key on a page of its own
    (copies side by side where ``options.per_page`` asks for several)."""
    return write(document(puzzle, options))


def render_versions(puzzles: Sequence[Puzzle], options: RenderOptions) -> bytes:
    """An ODT of the versions of one sheet, ``options.per_page`` to a page, the keys after."""
    return write(document_versions(puzzles, options))


def write(content: Document) -> bytes:
    """The document's bytes."""
    writer = Writer(content)
    for number, sheets in enumerate(content.on_pages()):
        if content.per_page == 1:
            writer.add_page(sheets[0], new_page=number > 0)
        else:
            writer.add_parts(sheets, new_page=number > 0)
    return writer.output()


class Writer:
    """An OpenDocument text being written: its styles, made once, and its body."""

    def __init__(self, content: Document) -> None:
        from odf.opendocument import OpenDocumentText

        self.content = content
        self.odt = OpenDocumentText()
        self.styles: dict[str, Any] = {}
        self._page_layout()
        self._font_face()
        self._text_styles()

    def _page_layout(self) -> None:
        from odf.style import MasterPage, PageLayout, PageLayoutProperties

        width, height = self.content.page_cm
        layout = PageLayout(name="Sheet")
        layout.addElement(
            PageLayoutProperties(
                pagewidth=f"{width}cm",
                pageheight=f"{height}cm",
                printorientation="landscape" if self.content.landscape else "portrait",
                margin=f"{self.content.margin_cm}cm",
            )
        )
        self.odt.automaticstyles.addElement(layout)
        self.odt.masterstyles.addElement(MasterPage(name="Standard", pagelayoutname=layout))

    def _font_face(self) -> None:
        """The sheet's typeface; the school font packaged in the file, regular and bold."""
        from odf.style import FontFace
        from odf.svg import FontFaceFormat, FontFaceSrc, FontFaceUri

        face = FontFace(
            name="Sheet",
            fontfamily=self.content.font_family,
            fontfamilygeneric="swiss",
            fontpitch="variable",
        )
        if self.content.font == "school":
            source = FontFaceSrc()
            for bold, file in zip((False, True), FONT_FILES["school"], strict=True):
                data = font_path(bold=bold, font="school").read_bytes()
                href = self.odt.addPicture(f"Fonts/{file}", "application/x-font-ttf", data)
                uri = FontFaceUri(href=href, type="simple")
                uri.addElement(FontFaceFormat(string="truetype"))
                source.addElement(uri)
            face.addElement(source)
        self.odt.fontfacedecls.addElement(face)

    def _paragraph_style(
        self,
        name: str,
        *,
        size: float,
        align: str = "start",
        bold: bool = False,
        colour: str = INK,
        **more: str,
    ) -> str:
        from odf.style import ParagraphProperties, Style, TextProperties

        if name in self.styles:
            return name
        style = Style(name=name, family="paragraph")
        style.addElement(ParagraphProperties(textalign=align, **more))
        text = {"fontsize": f"{size:g}pt", "fontname": "Sheet", "color": colour}
        if bold:
            text["fontweight"] = "bold"
        style.addElement(TextProperties(**text))
        self.odt.automaticstyles.addElement(style)
        self.styles[name] = style
        return name

    def _text_styles(self) -> None:
        from odf.style import Style, TextProperties

        self._paragraph_style("Gap", size=8, align="center", margintop="0.2cm")
        self._paragraph_style("Tiny", size=1, margintop="0cm", marginbottom="0cm")
        self._paragraph_style("Footer", size=8, align="center", margintop="0.4cm", colour=FAINT)
        for name, colour in (("Found", INK), ("Pale", FAINT)):
            style = Style(name=name, family="text")
            style.addElement(TextProperties(color=colour))
            self.odt.automaticstyles.addElement(style)
            self.styles[name] = style

    def _sized(self, kind: str, size: float, **more: Any) -> str:
        """The paragraph style of a ``kind`` of text at ``size`` points, made on first use."""
        name = f"{kind}{size:g}".replace(".", "_")
        return self._paragraph_style(name, size=size, **more)

    def paragraph(self, style: str, text: str = "", into: Any = None) -> Any:
        """A paragraph of ``text`` in one of the writer's styles, added to ``into`` (the body)."""
        from odf.text import P

        paragraph = P(stylename=self.styles[style], text=text)
        (into if into is not None else self.odt.text).addElement(paragraph)
        return paragraph

    def add_parts(self, sheets: Sequence[Page], *, new_page: bool) -> None:
        """Two or four sheets on one page: a table of parts of a fixed size (the next page's
        starts on a page of its own), cut lines between them."""
        from odf.style import (
            Style,
            TableCellProperties,
            TableColumnProperties,
            TableProperties,
            TableRowProperties,
        )
        from odf.table import Table, TableCell, TableColumn, TableRow

        across, down = self.content.grid_of_parts
        width, height = self.content.part_cm
        number = sum(1 for name in self.styles if name.startswith("Parts")) + 1
        name = f"Parts{number}"
        table_style = Style(name=name, family="table")
        table_style.addElement(
            TableProperties(
                width=f"{width * across:.2f}cm",
                align="center",
                **({"breakbefore": "page"} if new_page else {}),
            )
        )
        column_style = Style(name=f"{name}Column", family="table-column")
        column_style.addElement(TableColumnProperties(columnwidth=f"{width:.2f}cm"))
        row_style = Style(name=f"{name}Row", family="table-row")
        row_style.addElement(
            TableRowProperties(rowheight=f"{height:.2f}cm", useoptimalrowheight="false")
        )
        padding = f"{PART_PADDING_CM[self.content.per_page]}cm"
        cells = {}
        for r in range(down):
            for c in range(across):
                sides = {
                    "borderright": CUT if c < across - 1 else "none",
                    "borderbottom": CUT if r < down - 1 else "none",
                    "bordertop": "none",
                    "borderleft": "none",
                }
                cell_style = Style(name=f"{name}Cell{r}{c}", family="table-cell")
                cell_style.addElement(
                    TableCellProperties(verticalalign="top", padding=padding, **sides)
                )
                cells[(r, c)] = cell_style
        for added in (table_style, column_style, row_style, *cells.values()):
            self.odt.automaticstyles.addElement(added)
        self.styles[name] = table_style
        table = Table(name=name, stylename=table_style)
        table.addElement(TableColumn(stylename=column_style, numbercolumnsrepeated=across))
        for r in range(down):
            row = TableRow(stylename=row_style)
            for c in range(across):
                cell = TableCell(stylename=cells[(r, c)], valuetype="string")
                index = r * across + c
                if index < len(sheets):
                    self.add_page(sheets[index], new_page=False, into=cell)
                else:
                    self.paragraph("Gap", into=cell)
                row.addElement(cell)
            table.addElement(row)
        self.odt.text.addElement(table)
        # a table ends on a paragraph (LibreOffice adds one): a point high, it stays on the page
        self.paragraph("Tiny")

    def add_page(self, page: Page, *, new_page: bool, into: Any = None) -> None:
        """One sheet: label, name line, title, lines, grid, word list and footer (in ``into``,
        a part of a page, or on a page of the body)."""
        sizes = page.sizes
        first = True

        def starting(kind: str, size: float, **more: Any) -> str:
            # the sheet's first paragraph starts a new page
            nonlocal first
            broken = new_page and first
            first = False
            extra = {"breakbefore": "page"} if broken else {}
            return self._sized(kind + ("AfterBreak" if broken else ""), size, **more, **extra)

        if page.label:
            style = starting("Label", sizes.line * 1.2, align="end", bold=True)
            self.paragraph(style, page.label, into)
        for number, row in enumerate(page.name_rows):
            last = number == len(page.name_rows) - 1
            space = f"{sizes.line if last else sizes.line * 0.5:g}pt"
            style = starting(f"Name{int(last)}_", sizes.line, margintop="0cm", marginbottom=space)
            fields = "   ".join(f"{name} {'_' * count}" for name, count in row)
            self.paragraph(style, fields, into)
        title = starting(
            "Title", sizes.title, align="center", bold=True, marginbottom=f"{sizes.title * 0.3:g}pt"
        )
        self.paragraph(title, page.title, into)
        for line in page.lines:
            self.paragraph(self._sized("Line", sizes.line, align="center"), line, into)
        self.paragraph("Gap", into=into)
        grid = page.grid
        drawn = self.grid_picture(grid.picture) if grid.picture is not None else self.grid(grid)
        (into if into is not None else self.odt.text).addElement(drawn)
        if page.word_columns:
            self.paragraph("Gap", into=into)
            (into if into is not None else self.odt.text).addElement(
                self.word_list(page.word_columns, page.word_column_cm, page.word_pt)
            )
        self.paragraph("Footer", page.footer, into)

    def grid(self, grid: GridTable) -> Any:
        """The grid as a centred table of square cells of a fixed size, framed; on a key each
        word outlined by its cells' borders, the other letters pale."""
        from odf.style import (
            ParagraphProperties,
            Style,
            TableColumnProperties,
            TableProperties,
            TableRowProperties,
            TextProperties,
        )
        from odf.table import Table, TableCell, TableColumn, TableRow
        from odf.text import P, Span

        rows, cols = len(grid.rows), len(grid.rows[0])
        side = f"{grid.cell_cm}cm"
        number = sum(1 for name in self.styles if name.startswith("Grid")) + 1
        suffix = f"{number}Key" if grid.marked else str(number)
        table_style = Style(name=f"Grid{suffix}", family="table")
        table_style.addElement(
            TableProperties(width=f"{grid.cell_cm * cols:.2f}cm", align="center")
        )
        column_style = Style(name=f"GridColumn{suffix}", family="table-column")
        column_style.addElement(TableColumnProperties(columnwidth=side))
        row_style = Style(name=f"GridRow{suffix}", family="table-row")
        row_style.addElement(TableRowProperties(rowheight=side, useoptimalrowheight="false"))
        letters = Style(name=f"GridLetter{suffix}", family="paragraph")
        letters.addElement(
            ParagraphProperties(textalign="center", margintop="0cm", marginbottom="0cm")
        )
        letters.addElement(TextProperties(fontsize=f"{grid.letter_pt}pt", fontname="Sheet"))
        for style in (table_style, column_style, row_style, letters):
            self.odt.automaticstyles.addElement(style)
        self.styles[f"Grid{suffix}"] = table_style
        table = Table(name=f"Grid{suffix}", stylename=table_style)
        table.addElement(TableColumn(stylename=column_style, numbercolumnsrepeated=cols))
        for r, letters_of_row in enumerate(grid.rows):
            row = TableRow(stylename=row_style)
            for c, letter in enumerate(letters_of_row):
                style = self._cell_style(
                    self._cell_edges(r, c, rows, cols), grid.outlines.get((r, c), frozenset())
                )
                cell = TableCell(stylename=style, valuetype="string")
                paragraph = P(stylename=letters)
                if grid.marked:
                    found = (r, c) in grid.marked
                    paragraph.addElement(
                        Span(stylename=self.styles["Found" if found else "Pale"], text=letter)
                    )
                else:
                    paragraph.addText(letter)
                for start, end in grid.diagonals:
                    if start == (r, c):
                        paragraph.addElement(self._strike(grid, start, end))
                cell.addElement(paragraph)
                row.addElement(cell)
            table.addElement(row)
        return table

    def grid_picture(self, picture: GridPicture) -> Any:
        """A grid of hexagons as a picture at its size on the page, in a centred paragraph of
        its own, with its title and description for a screen reader in the sheet's language."""
        from odf.draw import Frame, Image
        from odf.svg import Desc, Title
        from odf.text import P

        style = self._paragraph_style(
            "GridPicture", size=8, align="center", margintop="0cm", marginbottom="0cm"
        )
        href = self.odt.addPicture(f"Pictures/{picture.name}.png", "image/png", picture.png)
        frame = Frame(
            anchortype="as-char",
            width=f"{picture.width_cm}cm",
            height=f"{picture.height_cm}cm",
            name=picture.name,
        )
        frame.addElement(Image(href=href))
        frame.addElement(Title(text=picture.title))
        frame.addElement(Desc(text=picture.description))
        paragraph = P(stylename=self.styles[style])
        paragraph.addElement(frame)
        return paragraph

    def _strike(self, grid: GridTable, start: tuple[int, int], end: tuple[int, int]) -> Any:
        """A diagonal word's line on the key, from the centre of its first cell to that of its
        last, anchored to the first cell's paragraph (which stands in the middle of its cell)."""
        from odf.draw import Line
        from odf.style import GraphicProperties, Style

        if "Strike" not in self.styles:
            style = Style(name="Strike", family="graphic")
            style.addElement(
                GraphicProperties(
                    stroke="solid",
                    strokecolor=CAPSULE,
                    strokewidth="0.07cm",
                    wrap="run-through",
                    runthrough="foreground",
                    verticalpos="from-top",
                    verticalrel="paragraph",
                    horizontalpos="from-left",
                    horizontalrel="paragraph",
                )
            )
            self.odt.automaticstyles.addElement(style)
            self.styles["Strike"] = style
        side = grid.cell_cm
        middle = grid.letter_pt * LINE_HEIGHT[self.content.font] / 2 / 72 * 2.54
        x1, y1 = side / 2, middle
        x2 = x1 + (end[1] - start[1]) * side
        y2 = y1 + (end[0] - start[0]) * side
        return Line(
            stylename=self.styles["Strike"],
            anchortype="paragraph",
            x1=f"{x1:.3f}cm",
            y1=f"{y1:.3f}cm",
            x2=f"{x2:.3f}cm",
            y2=f"{y2:.3f}cm",
            zindex="1",
        )

    def _cell_style(self, frame: tuple[str, ...], outline: frozenset[str]) -> Any:
        """The style of a grid cell with the frame on ``frame``'s sides and a word's outline on
        ``outline``'s (the outline wins where both are), made on first use."""
        from odf.style import Style, TableCellProperties

        name = "GridCell" + "".join(frame) + "_" + "".join(sorted(side[0] for side in outline))
        if name not in self.styles:
            style = Style(name=name, family="table-cell")
            lines = {
                f"border{side}": OUTLINE
                if side in outline
                else FRAME
                if side[0] in frame
                else "none"
                for side in ("top", "bottom", "left", "right")
            }
            style.addElement(TableCellProperties(verticalalign="middle", padding="0cm", **lines))
            self.odt.automaticstyles.addElement(style)
            self.styles[name] = style
        return self.styles[name]

    @staticmethod
    def _cell_edges(r: int, c: int, rows: int, cols: int) -> tuple[str, ...]:
        """The first letters of the sides of a cell that lie on the frame."""
        sides = (("t", r == 0), ("b", r == rows - 1), ("l", c == 0), ("r", c == cols - 1))
        return tuple(side for side, on_frame in sides if on_frame)

    def word_list(self, columns: tuple[tuple[str, ...], ...], column_cm: float, size: float) -> Any:
        """The word list as a table without lines, one column of words per table column, each
        as wide as its longest entry needs."""
        from odf.style import Style, TableColumnProperties, TableProperties
        from odf.table import Table, TableCell, TableColumn, TableRow

        number = sum(1 for name in self.styles if name.startswith("WordList"))
        name = f"WordList{number + 1}"
        style = Style(name=name, family="table")
        style.addElement(TableProperties(width=f"{column_cm * len(columns):.2f}cm", align="center"))
        column_style = Style(name=f"{name}Column", family="table-column")
        column_style.addElement(TableColumnProperties(columnwidth=f"{column_cm:.2f}cm"))
        for added in (style, column_style):
            self.odt.automaticstyles.addElement(added)
        self.styles[name] = style
        words = self._sized("Word", size)
        table = Table(name=name, stylename=style)
        table.addElement(TableColumn(stylename=column_style, numbercolumnsrepeated=len(columns)))
        for r in range(max(len(column) for column in columns)):
            row = TableRow()
            for column in columns:
                cell = TableCell(valuetype="string")
                cell.addElement(self.entry(column[r] if r < len(column) else "", words))
                row.addElement(cell)
            table.addElement(row)
        return table

    def entry(self, entry: str, words: str) -> Any:
        """One entry of the word list: a picture clue as its picture, else the text."""
        from odf.draw import Frame, Image
        from odf.text import P

        text, picture = entry_parts(entry)
        if picture is None:
            return P(stylename=self.styles[words], text=entry)
        # The picture goes into the package under a name of its own (the same for the same
        # emoji, so the file comes out the same each time), and the frame shows it from there.
        href = self.odt.addPicture(
            f"Pictures/{picture_key(picture)}.png", "image/png", picture_path(picture).read_bytes()
        )
        side = f"{KEY_PICTURE_MM if text else PICTURE_MM}mm"
        frame = Frame(anchortype="as-char", width=side, height=side, name=picture_key(picture))
        frame.addElement(Image(href=href))
        paragraph = (
            P(stylename=self.styles[words], text=text) if text else P(stylename=self.styles[words])
        )
        paragraph.addElement(frame)
        return paragraph

    def output(self) -> bytes:
        """The document's bytes (an embedded font compressed: odfpy stores pictures as they are,
        which halves nothing in a PNG but would double a file holding Andika)."""
        out = io.BytesIO()
        self.odt.write(out)
        if self.content.font != "school":
            return out.getvalue()
        return compressed_fonts(out.getvalue())


def compressed_fonts(package: bytes) -> bytes:
    """``package`` with its ``Fonts/`` entries deflated; every other entry (the ``mimetype``
    first and stored, as ODF asks) as it was."""
    import zipfile

    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(package)) as source,
        zipfile.ZipFile(out, "w") as target,
    ):
        for entry in source.infolist():
            data = source.read(entry)
            if entry.filename.startswith("Fonts/"):
                entry.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(entry, data)
    return out.getvalue()
