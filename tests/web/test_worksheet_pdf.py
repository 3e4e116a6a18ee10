"""The play page's worksheet and answer-key PDFs, in the page's language."""

from __future__ import annotations

import io
from typing import Any

from fastapi.testclient import TestClient
from pypdf import PdfReader


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/puzzles", json={"words": "Apfel, Birne, Kirsche", **body})
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_the_worksheet_and_the_key_download_as_pdf_in_the_chosen_language(
    client: TestClient,
) -> None:
    made = create(client, title="Obst, Klasse 3b", seed=2)
    sheet = client.get(f"/api/puzzles/{made['id']}/sheet.pdf?lang=de")
    assert sheet.status_code == 200
    assert sheet.headers["content-type"] == "application/pdf"
    assert "attachment" in sheet.headers["content-disposition"]
    words = text(sheet.content)
    assert "Obst, Klasse 3b" in words and "Finde die 3 Wörter" in words
    assert "Lösung" not in words
    key = client.get(f"/api/puzzles/{made['id']}/sheet.pdf?answers=true&lang=en")
    assert key.status_code == 200
    assert "Answers" in text(key.content)


def test_the_play_page_links_both_pdfs_in_its_language(client: TestClient) -> None:
    made = create(client)
    page = client.get(made["url"] + "?lang=de").text
    assert f"/api/puzzles/{made['id']}/sheet.pdf?lang=de" in page
    assert "Arbeitsblatt (PDF)" in page and "Mit Lösung (PDF)" in page


def test_an_unknown_language_or_puzzle_is_refused(client: TestClient) -> None:
    made = create(client)
    assert client.get(f"/api/puzzles/{made['id']}/sheet.pdf?lang=fr").status_code == 422
    assert client.get("/api/puzzles/nothing/sheet.pdf").status_code == 404


def test_the_worksheet_has_a_name_line_unless_the_box_is_cleared(client: TestClient) -> None:
    made = create(client, seed=2)
    page = client.get(made["url"] + "?lang=de").text
    assert 'id="pdf-name-line" checked' in page and "Namenszeile" in page
    sheet = text(client.get(f"/api/puzzles/{made['id']}/sheet.pdf?lang=de").content)
    assert "Name:" in sheet and "Datum:" in sheet and "Klasse:" in sheet
    plain = client.get(f"/api/puzzles/{made['id']}/sheet.pdf?lang=de&name_line=false")
    assert "Name:" not in text(plain.content)
