"""The classroom's PDFs: the teacher's results (one row per pupil, then the hardest words), the
teacher's card with the link that opens the class, and the pupils' name cards for shared devices."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wortsuche.errors import MissingExtraError
from wortsuche.i18n import Translator
from wortsuche.render.pdf import FONT, link_lines, new_document
from wortsuche.web.classroom.schemas import Results

if TYPE_CHECKING:
    from wortsuche.render.pdf import Document

MARGIN = 42.0
"""Page margin in points (15 mm)."""
COLUMNS = (("teacher-name", 0.40), ("teacher-found", 0.15), ("teacher-time", 0.15),
           ("teacher-hints", 0.15), ("teacher-finished", 0.15))  # fmt: skip
"""Each column's heading (a ``web.*`` message) and its share of the width."""


def clock(seconds: float) -> str:
    """Seconds as minutes and seconds.

    >>> clock(75.4), clock(3)
    ('1:15', '0:03')
    """
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def implausible_lines(pdf: Any, results: Results, texts: Translator, width: float) -> None:
    """Under the table: the pupils with finds faster than a person selects, and how many."""
    marked = [row for row in results.pupils if row.implausible]
    if not marked:
        return
    pdf.ln(8)
    pdf.set_font(FONT, "B", 11)
    pdf.cell(width, 18, texts.t("web.teacher-implausible-pdf"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 11)
    for row in marked:
        said = texts.t("js.teacher-implausible", count=len(row.implausible), found=row.found)
        pdf.multi_cell(width, 17, f"{row.pseudonym}: {said}", new_x="LMARGIN", new_y="NEXT")


def results_pdf(results: Results, texts: Translator, title: str) -> bytes:
    """The results of an assignment on A4 pages, in the reader's language."""
    pdf = new_document("a4", title, texts.language)
    pdf.set_auto_page_break(True, margin=MARGIN)
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.add_page()
    width = pdf.w - 2 * MARGIN
    pdf.set_font(FONT, "B", 18)
    pdf.multi_cell(width, 24, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 11)
    pdf.cell(
        width, 18, f"{texts.t('web.teacher-code')}: {results.code}", new_x="LMARGIN", new_y="NEXT"
    )
    pdf.ln(8)
    pdf.set_font(FONT, "B", 11)
    for key, share in COLUMNS:
        pdf.cell(width * share, 20, texts.t(f"web.{key}"), border="B")
    pdf.ln()
    pdf.set_font(FONT, "", 11)
    for row in results.pupils:
        cells = (row.pseudonym, f"{row.found}/{row.of}", clock(row.seconds), str(row.hints),
                 "✓" if row.finished else "")  # fmt: skip
        for (_, share), text in zip(COLUMNS, cells, strict=True):
            pdf.cell(width * share, 18, text, border="B")
        pdf.ln()
    if not results.pupils:
        pdf.cell(width, 18, texts.t("js.teacher-no-pupils"), new_x="LMARGIN", new_y="NEXT")
    implausible_lines(pdf, results, texts, width)
    pdf.ln(14)
    pdf.set_font(FONT, "B", 13)
    pdf.cell(width, 20, texts.t("web.teacher-hardest"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 11)
    for word in [w for w in results.words if w.pupils][:10]:
        said = texts.n(
            "js.teacher-found-by", word.found_by, found=word.found_by, pupils=word.pupils
        )
        pdf.cell(width, 17, f"{word.word} – {said}", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


MM = 72 / 25.4
"""Points in a millimetre."""


def draw_qr(pdf: Document, text: str, x: float, y: float, size: float) -> None:
    """A QR code of ``text`` as filled squares, ``size`` points wide with its quiet zone (error
    correction M, as on the screen): sharp at any printer's resolution, no picture embedded."""
    try:
        import segno
    except ImportError as error:
        raise MissingExtraError(f"QR codes ({error.name} is missing)", "web") from None
    code = segno.make(text, error="m", micro=False)
    border = 2
    rows = list(code.matrix_iter(border=border))
    module = size / len(rows)
    pdf.set_fill_color(0, 0, 0)
    for row_number, row in enumerate(rows):
        for column, dark in enumerate(row):
            if dark:
                pdf.rect(x + column * module, y + row_number * module, module, module, style="F")


def teacher_card_pdf(texts: Translator, title: str, code: str, link: str) -> bytes:
    """The teacher's card: the class's title and code, the teacher link and its QR code, and the
    note that without the link the class cannot be opened again. One card, to cut out and keep."""
    pdf = new_document("a4", f"{texts.t('card.teacher-title')} · {title}", texts.language)
    pdf.add_page()
    left, top, width, height, qr = 20 * MM, 20 * MM, 170 * MM, 75 * MM, 55 * MM
    pdf.set_draw_color(110, 110, 110)
    pdf.set_dash_pattern(dash=3, gap=3)
    pdf.rect(left, top, width, height)
    pdf.set_dash_pattern()
    draw_qr(pdf, link, left + width - qr - 8 * MM, top + (height - qr) / 2, qr)
    text_width = width - qr - 22 * MM
    pdf.set_left_margin(left + 8 * MM)  # where every line of the card's text starts
    pdf.set_xy(left + 8 * MM, top + 8 * MM)
    pdf.set_font(FONT, "", 10)
    pdf.cell(text_width, 14, texts.t("card.teacher-title").upper(), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "B", 16)
    pdf.multi_cell(text_width, 20, title, align="L", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(FONT, "", 12)
    said = f"{texts.t('web.teacher-code')}: {code}"
    pdf.cell(text_width, 20, said, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(4)
    pdf.set_font(FONT, "", 8)
    link_lines(pdf, text_width, 11, link)
    pdf.ln(4)
    pdf.set_font(FONT, "B", 10)
    note = texts.t("card.teacher-note")
    pdf.multi_cell(text_width, 13, note, align="L", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


CARD_COLUMNS, CARD_ROWS = 2, 4
"""Name cards on an A4 page: 2 across, 4 down (about 9 by 6.5 cm each)."""


def name_size(pdf: Document, name: str, width: float) -> float:
    """The largest type, 15 pt down to 9 pt, in which each word of a name fits the width."""
    size = 15.0
    while size > 9:
        pdf.set_font(FONT, "B", size)
        if all(pdf.get_string_width(word) <= width - 2 * pdf.c_margin for word in name.split()):
            break
        size -= 1
    return size


def name_cards_pdf(texts: Translator, title: str, code: str, cards: list[tuple[str, str]]) -> bytes:
    """Name cards to cut out: each pupil's name, their personal link and its QR code."""
    pdf = new_document("a4", f"{texts.t('card.pupil-title')} · {title}", texts.language)
    margin = 12 * MM
    width = (pdf.w - 2 * margin) / CARD_COLUMNS
    height = (pdf.h - 2 * margin) / CARD_ROWS
    qr = min(height - 10 * MM, 42 * MM)
    per_page = CARD_COLUMNS * CARD_ROWS
    for number, (name, link) in enumerate(cards):
        if number % per_page == 0:
            pdf.add_page()
        place = number % per_page
        x = margin + (place % CARD_COLUMNS) * width
        y = margin + (place // CARD_COLUMNS) * height
        pdf.set_draw_color(110, 110, 110)
        pdf.set_dash_pattern(dash=3, gap=3)
        pdf.rect(x, y, width, height)
        pdf.set_dash_pattern()
        draw_qr(pdf, link, x + width - qr - 4 * MM, y + 5 * MM, qr)
        column = width - qr - 12 * MM
        pdf.set_left_margin(x + 5 * MM)  # where every line of this card's text starts
        pdf.set_xy(x + 5 * MM, y + 6 * MM)
        size = name_size(pdf, name, column)
        pdf.set_font(FONT, "B", size)
        pdf.multi_cell(column, size * 1.2, name, align="L", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        pdf.set_font(FONT, "", 9)
        pdf.multi_cell(column, 11, f"{title} · {code}", align="L", new_x="LMARGIN", new_y="NEXT")
        pdf.ln(3)
        note = texts.t("card.pupil-note")
        pdf.multi_cell(column, 11, note, align="L", new_x="LMARGIN", new_y="NEXT")
        pdf.set_xy(x + 5 * MM, y + height - 13 * MM)
        pdf.set_font(FONT, "", 6)
        link_lines(pdf, width - 10 * MM, 7.5, link)
    return bytes(pdf.output())
