"""The teacher's results as a PDF to print or file: one row per pupil, then the hardest words."""

from __future__ import annotations

from typing import Any

from wortsuche.i18n import Translator
from wortsuche.render.pdf import FONT, new_document
from wortsuche.web.classroom_schemas import Results

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
        said = texts.t("js.teacher-found-by", found=word.found_by, pupils=word.pupils)
        pdf.cell(width, 17, f"{word.word} – {said}", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
