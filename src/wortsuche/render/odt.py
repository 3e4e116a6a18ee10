"""The worksheet as an OpenDocument text (ODT) for LibreOffice, written with odfpy from
:func:`wortsuche.render.document.document`: the same page as the DOCX, the grid a table of
fixed, square cells in a frame; on the key the letters of the words are bold and the others
pale."""

from __future__ import annotations

import io
from typing import Any

from wortsuche.model import Puzzle
from wortsuche.render.document import (
    KEY_PICTURE_MM,
    PAGE_MARGIN_CM,
    PICTURE_MM,
    Document,
    GridTable,
    Page,
    document,
    entry_parts,
)
from wortsuche.render.metrics import FAINT, INK
from wortsuche.render.options import RenderOptions
from wortsuche.words.pictures import picture_key, picture_path


def render(puzzle: Puzzle, options: RenderOptions | None = None) -> bytes:
    """An ODT worksheet: the puzzle page, then (with ``answers``) the key on a page of its own."""
    content = document(puzzle, options)
    writer = Writer(content)
    for number, page in enumerate(content.pages):
        writer.add_page(page, new_page=number > 0)
    return writer.output()


class Writer:
    """An OpenDocument text being written: its styles, made once, and its body."""

    def __init__(self, content: Document) -> None:
        from odf.opendocument import OpenDocumentText

        self.content = content
        self.odt = OpenDocumentText()
        self.styles: dict[str, Any] = {}
        self._page_layout()
        self._text_styles()

    def _page_layout(self) -> None:
        from odf.style import MasterPage, PageLayout, PageLayoutProperties

        width, height = self.content.paper_cm
        layout = PageLayout(name="Sheet")
        layout.addElement(
            PageLayoutProperties(
                pagewidth=f"{width}cm",
                pageheight=f"{height}cm",
                printorientation="portrait",
                margin=f"{PAGE_MARGIN_CM}cm",
            )
        )
        self.odt.automaticstyles.addElement(layout)
        self.odt.masterstyles.addElement(MasterPage(name="Standard", pagelayoutname=layout))

    def _paragraph_style(
        self,
        name: str,
        *,
        size: float,
        align: str = "start",
        bold: bool = False,
        colour: str = INK,
        **more: str,
    ) -> None:
        from odf.style import ParagraphProperties, Style, TextProperties

        style = Style(name=name, family="paragraph")
        style.addElement(ParagraphProperties(textalign=align, **more))
        text = {"fontsize": f"{size}pt", "fontname": "Sheet", "color": colour}
        if bold:
            text["fontweight"] = "bold"
        style.addElement(TextProperties(**text))
        self.odt.automaticstyles.addElement(style)
        self.styles[name] = style

    def _text_styles(self) -> None:
        from odf.style import FontFace, Style, TextProperties

        self.odt.fontfacedecls.addElement(
            FontFace(name="Sheet", fontfamily=self.content.font_family, fontfamilygeneric="swiss")
        )
        self._paragraph_style("Name", size=11, margintop="0cm", marginbottom="0.5cm")
        self._paragraph_style("Title", size=22, align="center", bold=True, marginbottom="0.2cm")
        self._paragraph_style(
            "TitleAfterBreak", size=22, align="center", bold=True, breakbefore="page"
        )
        self._paragraph_style("Line", size=11, align="center")
        self._paragraph_style("Gap", size=8, align="center", margintop="0.2cm")
        self._paragraph_style("Cell", size=11, align="center", margintop="0cm", marginbottom="0cm")
        self._paragraph_style("Footer", size=8, align="center", margintop="0.6cm", colour=FAINT)
        for name, colour, weight in (("Found", INK, "bold"), ("Pale", FAINT, "normal")):
            style = Style(name=name, family="text")
            style.addElement(TextProperties(color=colour, fontweight=weight))
            self.odt.automaticstyles.addElement(style)
            self.styles[name] = style

    def paragraph(self, style: str, text: str = "") -> Any:
        """A paragraph of ``text`` in one of the writer's styles, added to the body."""
        from odf.text import P

        paragraph = P(stylename=self.styles[style], text=text)
        self.odt.text.addElement(paragraph)
        return paragraph

    def add_page(self, page: Page, *, new_page: bool) -> None:
        """One page: name line, title, lines, grid, word list and footer."""
        if page.name_line:
            name, date, school_class = self.content.name_fields
            self.paragraph(
                "Name", f"{name} {'_' * 34}   {date} {'_' * 14}   {school_class} {'_' * 10}"
            )
        self.paragraph("TitleAfterBreak" if new_page else "Title", page.title)
        for line in page.lines:
            self.paragraph("Line", line)
        self.paragraph("Gap")
        self.odt.text.addElement(self.grid(page.grid))
        if page.word_columns:
            self.paragraph("Gap")
            self.odt.text.addElement(
                self.word_list(page.word_columns, page.word_column_cm, page.word_pt)
            )
        self.paragraph("Footer", page.footer)

    def grid(self, grid: GridTable) -> Any:
        """The grid as a centred table of square cells of a fixed size, framed."""
        from odf.style import (
            ParagraphProperties,
            Style,
            TableCellProperties,
            TableColumnProperties,
            TableProperties,
            TableRowProperties,
            TextProperties,
        )
        from odf.table import Table, TableCell, TableColumn, TableRow
        from odf.text import P, Span

        rows, cols = len(grid.rows), len(grid.rows[0])
        side = f"{grid.cell_cm}cm"
        suffix = "Key" if grid.marked else ""
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
        cell_styles = {}
        for edges in self._edges(rows, cols):
            style = Style(name=f"GridCell{suffix}{''.join(edges)}", family="table-cell")
            frame = {
                f"border{edge}": f"1.5pt solid {INK}" if edge[0] in edges else "none"
                for edge in ("top", "bottom", "left", "right")
            }
            style.addElement(TableCellProperties(verticalalign="middle", padding="0cm", **frame))
            cell_styles["".join(edges)] = style
        for style in (table_style, column_style, row_style, letters, *cell_styles.values()):
            self.odt.automaticstyles.addElement(style)
        table = Table(name=f"Grid{suffix}", stylename=table_style)
        table.addElement(TableColumn(stylename=column_style, numbercolumnsrepeated=cols))
        for r, letters_of_row in enumerate(grid.rows):
            row = TableRow(stylename=row_style)
            for c, letter in enumerate(letters_of_row):
                edges = self._cell_edges(r, c, rows, cols)
                cell = TableCell(stylename=cell_styles["".join(edges)], valuetype="string")
                paragraph = P(stylename=letters)
                if grid.marked:
                    found = (r, c) in grid.marked
                    paragraph.addElement(
                        Span(stylename=self.styles["Found" if found else "Pale"], text=letter)
                    )
                else:
                    paragraph.addText(letter)
                cell.addElement(paragraph)
                row.addElement(cell)
            table.addElement(row)
        return table

    @staticmethod
    def _cell_edges(r: int, c: int, rows: int, cols: int) -> tuple[str, ...]:
        """The first letters of the sides of a cell that lie on the frame."""
        sides = (("t", r == 0), ("b", r == rows - 1), ("l", c == 0), ("r", c == cols - 1))
        return tuple(side for side, on_frame in sides if on_frame)

    def _edges(self, rows: int, cols: int) -> set[tuple[str, ...]]:
        """Every combination of frame sides a cell of the grid has."""
        return {
            self._cell_edges(r, c, rows, cols)
            for r in {0, rows // 2, rows - 1}
            for c in {0, cols // 2, cols - 1}
        }

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
        words = f"Word{size:g}".replace(".", "_")
        if words not in self.styles:
            self._paragraph_style(words, size=size)
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
        """The document's bytes."""
        out = io.BytesIO()
        self.odt.write(out)
        return out.getvalue()
