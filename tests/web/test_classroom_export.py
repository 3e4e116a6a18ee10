"""The teacher's results as CSV and XLSX in the reader's language, read back as a spreadsheet
would: XLSX by openpyxl, the German CSV by LibreOffice (headless, German import settings), so
"one value per cell, umlauts right" is what a program other than ours sees.

The API tests run on both databases (the ``db`` fixture)."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from wortsuche.web.classroom.schemas import PupilRow, Results
from wortsuche.web.spreadsheet import as_text

from .test_classroom_api import bearer, join, new_assignment, places, select

GERMAN_HEADERS = [
    "Name", "Gefunden", "von", "Wörter", "Sekunden", "Hinweise", "Fertig", "Rätsel",
    "Zu schnell gefunden (unplausibel)",
]  # fmt: skip
ENGLISH_HEADERS = [
    "Name", "Found", "Of", "Words", "Seconds", "Hints", "Finished", "Puzzle",
    "Found too fast (implausible)",
]  # fmt: skip


def lesson(client: TestClient) -> dict[str, Any]:
    """A class where Jörg found every word and Ähmet (a leading "-" in the name) none."""
    made = new_assignment(client)
    joerg = join(client, made["code"], "Jörg")
    join(client, made["code"], "-Ähmet")
    for start, end in places(client, made["puzzles"][0]).values():
        assert select(client, made["code"], joerg, start, end).json()["found"]
    return made


def export(client: TestClient, made: dict[str, Any], form: str, lang: str) -> Any:
    answer = client.get(
        f"/api/assignments/{made['code']}/results?format={form}&lang={lang}",
        headers=bearer(made["teacher_token"]),
    )
    assert answer.status_code == 200, answer.text
    return answer


def seconds_of(client: TestClient, made: dict[str, Any], name: str) -> float:
    """A pupil's seconds as the JSON results give them."""
    rows = export(client, made, "json", "en").json()["pupils"]
    seconds: float = next(row["seconds"] for row in rows if row["pseudonym"] == name)
    return seconds


def test_a_german_csv_has_semicolons_a_bom_german_words_and_a_decimal_comma(
    client: TestClient,
) -> None:
    made = lesson(client)
    answer = export(client, made, "csv", "de")
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    assert answer.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == GERMAN_HEADERS
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {"Jörg", "'-Ähmet"}  # a leading "-" would be a formula
    jörg = by_name["Jörg"]
    assert jörg[1:3] == ["4", "4"] and jörg[6] == "ja" and by_name["'-Ähmet"][6] == "nein"
    assert jörg[4] == f"{seconds_of(client, made, 'Jörg'):.1f}".replace(".", ",")
    assert all(len(row) == len(GERMAN_HEADERS) for row in rows)


def test_an_english_csv_has_commas_english_words_and_a_decimal_point(client: TestClient) -> None:
    made = lesson(client)
    answer = export(client, made, "csv", "en")
    assert not answer.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8"))))
    assert list(rows[0]) == ENGLISH_HEADERS
    jörg = next(row for row in rows if row["Name"] == "Jörg")
    assert jörg["Finished"] == "yes" and re.fullmatch(r"\d+\.\d", jörg["Seconds"])


@pytest.mark.parametrize(
    ("lang", "names", "yes"), [("de", GERMAN_HEADERS, "ja"), ("en", ENGLISH_HEADERS, "yes")]
)
def test_the_xlsx_file_reads_back_with_numbers_as_numbers(
    client: TestClient, lang: str, names: list[str], yes: str
) -> None:
    from openpyxl import load_workbook

    made = lesson(client)
    answer = export(client, made, "xlsx", lang)
    assert answer.headers["content-type"].endswith("spreadsheetml.sheet")
    book = load_workbook(io.BytesIO(answer.content))
    pupils, words = book.worksheets
    rows = list(pupils.iter_rows(values_only=True))
    assert list(rows[0]) == names
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {"Jörg", "-Ähmet"}  # a text cell, never a formula
    assert all(cell.data_type == "s" for cell in pupils["A"])
    jörg = by_name["Jörg"]
    assert jörg[1:3] == (4, 4) and jörg[6] == yes and jörg[4] == seconds_of(client, made, "Jörg")
    word_rows = list(words.iter_rows(values_only=True))
    assert {row[0] for row in word_rows[1:]} == set(places(client, made["puzzles"][0]))
    assert all(row[2] == 1 for row in word_rows[1:])  # found by Jörg


def test_exports_need_the_teacher_token_and_a_known_language(client: TestClient) -> None:
    made = lesson(client)
    url = f"/api/assignments/{made['code']}/results?format=xlsx"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer("made.up")).status_code == 403
    wrong = client.get(url + "&lang=xx", headers=bearer(made["teacher_token"]))
    assert wrong.status_code == 422
    other = client.get(url.replace("xlsx", "ods"), headers=bearer(made["teacher_token"]))
    assert other.status_code == 422


def test_libreoffice_with_german_settings_reads_one_value_per_cell(
    client: TestClient, tmp_path: Path
) -> None:
    """The German CSV as German LibreOffice reads it (``;``, UTF-8, language de-DE): converted to
    XLSX and read back, every value is in its own cell, the umlauts are right, and "12,3" is the
    number 12.3."""
    from openpyxl import load_workbook

    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.fail("LibreOffice is missing: apt-get install -y libreoffice-calc-nogui")
    made = lesson(client)
    source = tmp_path / "ergebnisse.csv"
    source.write_bytes(export(client, made, "csv", "de").content)
    # 59: ";" between values, 34: '"' around them, 76: UTF-8, from line 1, 1031: German
    subprocess.run(
        [soffice, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless",
         "--infilter=CSV:59,34,76,1,,1031", "--convert-to", "xlsx", "--outdir", str(tmp_path),
         str(source)],
        check=True, capture_output=True, timeout=180,
    )  # fmt: skip
    converted = tmp_path / "ergebnisse.xlsx"
    if not converted.exists():  # soffice says "could not be loaded" and exits with 0
        pytest.fail("LibreOffice Calc is missing: apt-get install -y libreoffice-calc-nogui")
    book = load_workbook(converted)
    rows = [row for row in book.active.iter_rows(values_only=True)]
    assert list(rows[0]) == GERMAN_HEADERS
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {"Jörg", "'-Ähmet"}
    jörg = by_name["Jörg"]
    assert jörg[1:3] == (4, 4) and jörg[6] == "ja"
    assert jörg[4] == seconds_of(client, made, "Jörg")  # a number, read with the decimal comma
    assert all(len([v for v in row if v is not None]) >= 7 for row in rows[1:])


names = st.from_regex(r"[\w .'-]{1,24}", fullmatch=True).filter(str.strip)
pupil_rows = st.builds(
    PupilRow,
    pseudonym=names,
    puzzle=st.from_regex(r"[\w-]{8}", fullmatch=True),
    found=st.integers(0, 50),
    of=st.integers(0, 50),
    words=st.lists(st.from_regex(r"[\w ÄÖÜäöüß-]{1,20}", fullmatch=True), max_size=5),
    seconds=st.floats(0, 10_000, allow_nan=False).map(lambda s: round(s, 1)),
    hints=st.integers(0, 99),
    finished=st.booleans(),
)


@given(st.lists(pupil_rows, max_size=8), st.sampled_from(["de", "en"]))
def test_every_csv_cell_reads_back_as_written_and_none_is_a_formula(
    rows: list[PupilRow], lang: str
) -> None:
    from wortsuche.i18n import translator
    from wortsuche.web.classroom.export import results_csv

    results = Results(code="K7-QX4M", title="", ends="", answers_shown=False, pupils=rows, words=[])
    texts = translator(lang)
    data = results_csv(results, texts)
    assert data.startswith(b"\xef\xbb\xbf") == (lang == "de")
    read = list(
        csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";" if lang == "de" else ",")
    )
    assert len(read) == len(rows) + 1 and all(len(line) == 9 for line in read)
    for line, row in zip(read[1:], rows, strict=True):
        assert line[0] == as_text(row.pseudonym)  # a formula's start is kept as text with '
        assert line[3] == as_text(" ".join(row.words))
        assert float(line[4].replace(",", ".")) == row.seconds
        mark = "," if lang == "de" else "."
        assert re.fullmatch(rf"\d+{re.escape(mark)}\d", line[4]), line[4]
        assert all(not cell.startswith(("=", "+", "-", "@")) for cell in line)
