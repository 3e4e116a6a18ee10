"""The teacher's results as files a spreadsheet opens: CSV and XLSX, in the reader's language.

A German spreadsheet reads a CSV file with semicolons between the values and a decimal comma,
and takes it for UTF-8 only with a byte-order mark; an English one wants commas and a decimal
point. The headers and the yes/no of "finished" are the reader's words too. The XLSX file holds
numbers as numbers and texts as texts, so it opens the same in any language; in CSV a text a
spreadsheet would run as a formula starts with ``'`` (:func:`spreadsheet_text`).
"""

from __future__ import annotations

import csv
import io

from wortsuche.errors import MissingExtraError
from wortsuche.i18n import Translator
from wortsuche.web.classroom.schemas import PupilRow, Results
from wortsuche.web.spreadsheet import as_text

PUPIL_COLUMNS = (
    "name", "found", "of", "words", "seconds", "hints", "finished", "puzzle", "implausible"
)  # fmt: skip
"""The columns of a pupil's row, each headed by the catalogue's ``export.<column>``."""
WORD_COLUMNS = ("word", "pupils", "found-by", "hints", "wrong", "median-seconds")
"""The columns of the words' sheet in the XLSX file."""
SEPARATORS = {"de": ";"}
"""The value separator a spreadsheet of the language expects in CSV; a comma elsewhere."""
BYTE_ORDER_MARK = "\ufeff"
SECONDS = PUPIL_COLUMNS.index("seconds")


def spreadsheet_text(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula (the rule of
    :mod:`wortsuche.web.spreadsheet`).

    >>> spreadsheet_text("=1+1"), spreadsheet_text("Mia")
    ("'=1+1", 'Mia')
    """
    return str(as_text(text))


def headers(texts: Translator, columns: tuple[str, ...]) -> list[str]:
    """The columns' headings in the reader's language."""
    return [texts.t(f"export.{column}") for column in columns]


def pupil_values(row: PupilRow, texts: Translator) -> list[str | int | float]:
    """One pupil's values, in :data:`PUPIL_COLUMNS` order (numbers as numbers)."""
    return [
        row.pseudonym,
        row.found,
        row.of,
        " ".join(row.words),
        row.seconds,
        row.hints,
        texts.t("export.yes" if row.finished else "export.no"),
        row.puzzle,
        " ".join(row.implausible),  # the words found faster than a person can select them
    ]


def csv_value(value: str | int | float, texts: Translator) -> str | int:
    """A value as the reader's spreadsheet reads it from CSV: a decimal in their way, a text
    never as a formula."""
    if isinstance(value, float):
        return texts.decimal(value)
    return spreadsheet_text(value) if isinstance(value, str) else value


def results_csv(results: Results, texts: Translator) -> bytes:
    """The results as CSV in the reader's language: German with ``;``, a decimal comma and a
    byte-order mark; English with ``,`` and a decimal point. UTF-8 either way."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=SEPARATORS.get(texts.language, ","), lineterminator="\r\n")
    writer.writerow(headers(texts, PUPIL_COLUMNS))
    for row in results.pupils:
        writer.writerow(csv_value(value, texts) for value in pupil_values(row, texts))
    mark = BYTE_ORDER_MARK if texts.language in SEPARATORS else ""
    return (mark + out.getvalue()).encode("utf-8")


def results_xlsx(results: Results, texts: Translator) -> bytes:
    """The results as an Excel workbook: the pupils on one sheet, the words on another."""
    try:
        import xlsxwriter
    except ImportError as error:
        raise MissingExtraError(f"XLSX files ({error.name} is missing)", "web") from None
    out = io.BytesIO()
    # every text is written as a string cell: a pseudonym starting with "-" is never a formula
    options = {"in_memory": True, "strings_to_formulas": False, "strings_to_urls": False}
    with xlsxwriter.Workbook(out, options) as book:
        bold = book.add_format({"bold": True})
        tenths = book.add_format({"num_format": "0.0"})
        pupils = book.add_worksheet(texts.t("export.pupils-sheet")[:31])
        pupils.write_row(0, 0, headers(texts, PUPIL_COLUMNS), bold)
        for number, row in enumerate(results.pupils, start=1):
            for column, value in enumerate(pupil_values(row, texts)):
                if isinstance(value, str):
                    pupils.write_string(number, column, value)
                else:
                    pupils.write_number(
                        number, column, value, tenths if column == SECONDS else None
                    )
        pupils.freeze_panes(1, 0)
        pupils.set_column(0, 0, 18)
        pupils.set_column(3, 3, 40)
        pupils.set_column(1, 2, 10)
        pupils.set_column(4, 7, 12)
        words = book.add_worksheet(texts.t("export.words-sheet")[:31])
        words.write_row(0, 0, headers(texts, WORD_COLUMNS), bold)
        for number, word in enumerate(results.words, start=1):
            words.write_string(number, 0, word.word)
            words.write_row(number, 1, [word.pupils, word.found_by, word.hints, word.wrong])
            if word.median_seconds is not None:
                words.write_number(number, 5, word.median_seconds, tenths)
        words.freeze_panes(1, 0)
        words.set_column(0, 0, 18)
        words.set_column(1, 5, 14)
    return out.getvalue()
