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


def fonts(pdf: bytes) -> set[str]:
    """The base names of the fonts the PDF's pages use."""
    names = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


def test_the_school_font_and_two_sheets_to_a_page_reach_the_pdf(client: TestClient) -> None:
    made = create(client, title="Obst, Klasse 3b", seed=2)
    plain = client.get(f"/api/puzzles/{made['id']}/sheet.pdf?lang=de").content
    assert not any("Andika" in name for name in fonts(plain))
    halves = client.get(f"/api/puzzles/{made['id']}/sheet.pdf?lang=de&font=school&per_page=2")
    assert halves.status_code == 200, halves.text
    assert any("Andika" in name for name in fonts(halves.content))
    [page] = PdfReader(io.BytesIO(halves.content)).pages
    assert page.mediabox.width > page.mediabox.height  # A4 across, an A5 sheet in each half
    assert page.extract_text().count("Obst, Klasse 3b") == 2


def test_the_worksheet_downloads_as_a_word_and_an_opendocument_file(client: TestClient) -> None:
    import zipfile

    from docx import Document

    made = create(client, title="Obst, Klasse 3b", seed=2)
    docx = client.get(f"/api/puzzles/{made['id']}/sheet.docx?lang=de&font=school")
    assert docx.status_code == 200
    assert docx.headers["content-type"].endswith("wordprocessingml.document")
    assert f"wortsuche-{made['id']}.docx" in docx.headers["content-disposition"]
    document = Document(io.BytesIO(docx.content))
    written = "\n".join(p.text for p in document.paragraphs)
    assert "Obst, Klasse 3b" in written and "Name:" in written
    assert {"Apfel", "Birne", "Kirsche"} <= set(
        cell.text for table in document.tables for row in table.rows for cell in row.cells
    ) | set(written.split())
    odt = client.get(f"/api/puzzles/{made['id']}/sheet.odt?lang=en&name_line=false")
    assert odt.status_code == 200
    assert odt.headers["content-type"] == "application/vnd.oasis.opendocument.text"
    content = zipfile.ZipFile(io.BytesIO(odt.content)).read("content.xml").decode()
    assert "Obst, Klasse 3b" in content and "Name:" not in content


def test_the_play_page_offers_the_school_font_halves_and_documents(client: TestClient) -> None:
    made = create(client)
    page = client.get(made["url"] + "?lang=de").text
    assert "Schulschrift (Andika)" in page and "zwei Blätter pro Seite (A5)" in page
    assert f"/api/puzzles/{made['id']}/sheet.docx?lang=de" in page
    assert f"/api/puzzles/{made['id']}/sheet.odt?lang=de" in page


def test_an_unknown_font_size_or_document_kind_is_refused(client: TestClient) -> None:
    made = create(client)
    base = f"/api/puzzles/{made['id']}"
    assert client.get(f"{base}/sheet.pdf?font=comic").status_code == 422
    assert client.get(f"{base}/sheet.pdf?per_page=3").status_code == 422
    assert client.get(f"{base}/sheet.rtf").status_code in (404, 422)


def test_the_scorm_package_downloads_for_a_learning_platform(client: TestClient) -> None:
    import zipfile

    made = create(client, title="Obst, Klasse 3b", seed=2)
    package = client.get(f"/api/puzzles/{made['id']}/scorm.zip?lang=de")
    assert package.status_code == 200
    assert package.headers["content-type"] == "application/zip"
    assert f'filename="wortsuche-{made["id"]}-scorm.zip"' in package.headers["content-disposition"]
    files = zipfile.ZipFile(io.BytesIO(package.content))
    assert files.namelist() == ["imsmanifest.xml", "index.html"]
    assert "<title>Obst, Klasse 3b</title>" in files.read("imsmanifest.xml").decode()
    game = files.read("index.html").decode()
    assert '<html lang="de">' in game and "function startScormSession(" in game
    page = client.get(made["url"] + "?lang=de").text
    assert f'href="/api/puzzles/{made["id"]}/scorm.zip?lang=de"' in page
    assert "SCORM-Paket (Moodle, ILIAS, itslearning)" in page
    assert "SCORM package (Moodle, ILIAS, itslearning)" in client.get(made["url"] + "?lang=en").text


def test_a_scorm_package_is_refused_for_no_puzzle_a_bad_language_or_a_locked_class_copy(
    client: TestClient,
) -> None:
    made = create(client)
    assert client.get("/api/puzzles/nosuch/scorm.zip").status_code == 404
    refused = client.get(
        f"/api/puzzles/{made['id']}/scorm.zip?lang=fr", headers={"Accept-Language": "de"}
    )
    assert refused.status_code == 422 and refused.json()["field"] == "lang"
    assignment = client.post("/api/assignments", json={"puzzle": made["id"], "title": "Obst"})
    copy = assignment.json()["puzzles"][0]
    # a class's copy: its hints would point at the answers before the teacher shows them
    locked = client.get(f"/api/puzzles/{copy}/scorm.zip")
    assert locked.status_code == 403
    assert client.get(f"/api/puzzles/{made['id']}/scorm.zip").status_code == 200
