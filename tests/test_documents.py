"""Word lists kept in a word processor's file: Word and OpenDocument texts are read as their
paragraphs (made here with the libraries that write them), other documents refused with
advice, through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli import run

from wortsuche.errors import InputError
from wortsuche.words.documents import document_text

pytest.importorskip("docx", reason="the office extra is not installed")


def word_document(path: Path) -> None:
    import docx

    document = docx.Document()
    document.add_heading("Week 6 Spellings", 1)
    for entry in ["cat", "dog", "ice cream"]:
        document.add_paragraph(entry, style="List Number")  # numbered by Word, not in the text
    table = document.add_table(rows=2, cols=2)
    for index, entry in enumerate(["hen", "fox", "owl", "bee"]):
        table.cell(index // 2, index % 2).text = entry
    document.add_paragraph("yak")
    document.save(str(path))


def open_document(path: Path) -> None:
    from odf.opendocument import OpenDocumentText
    from odf.text import H, List, ListItem, P

    document = OpenDocumentText()
    document.text.addElement(H(outlinelevel=1, text="Obst"))
    items = List()
    for entry in ["Apfel", "Birne", "Kirsche"]:
        item = ListItem()
        item.addElement(P(text=entry))
        items.addElement(item)
    document.text.addElement(items)
    document.text.addElement(P(text="Pflaume"))
    document.save(str(path))


def test_a_word_documents_paragraphs_and_table_cells_are_the_list_its_heading_the_title(
    tmp_path: Path,
) -> None:
    word_document(tmp_path / "week6.docx")
    result = run("generate", "week6.docx", "--seed", "1", "-o", "w.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    made = json.loads((tmp_path / "w.json").read_text())
    assert made["title"] == "Week 6 Spellings"
    entries = [word["entry"] for word in made["words"]]
    assert entries == ["cat", "dog", "ice cream", "hen", "fox", "owl", "bee", "yak"]


def test_an_opendocument_texts_headings_lists_and_paragraphs_are_read_in_order(
    tmp_path: Path,
) -> None:
    open_document(tmp_path / "obst.odt")
    text = document_text((tmp_path / "obst.odt").read_bytes(), "obst.odt")
    assert text == "# Obst\nApfel\nBirne\nKirsche\nPflaume\n"
    result = run("book", "obst.odt", "--seed", "1", "-o", "b.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr  # a book reads it too


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("fake.docx", b"x\n", "fake.docx is not a document that can be read; save the list as plain text (.txt)"),
        ("cut.docx", b"PK\x03\x04 cut off", "cut.docx is not a document that can be read; save the list as plain text (.txt)"),
        ("old.doc", b"\xd0\xcf\x11\xe0\x00\x00\x00", "old.doc is a document, not a text file; save the list as plain text (.txt)"),
        ("list.pdf", b"%PDF-1.4\n", "list.pdf is a document, not a text file; save the list as plain text (.txt)"),
    ],
)  # fmt: skip
def test_other_documents_are_one_line_with_advice(
    tmp_path: Path, name: str, data: bytes, said: str
) -> None:
    (tmp_path / name).write_bytes(data)
    result = run("generate", name, cwd=tmp_path)
    assert result.returncode == 2 and result.stderr == f"wortsuche: error: {said}\n"


def test_a_text_file_named_like_a_document_is_not_taken_for_one() -> None:
    assert document_text(b"cat\ndog\n", "list.txt") is None
    with pytest.raises(InputError, match="not a document that can be read"):
        document_text(b"cat\ndog\n", "list.docx")


def test_tracked_insertions_and_content_controls_are_read_deleted_text_is_not(
    tmp_path: Path,
) -> None:
    """Word keeps text typed with changes tracked in w:ins and a template's fields in w:sdt;
    python-docx's paragraphs skip both. Deleted text (w:del) is no word of the list."""
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    document = docx.Document()
    document.add_paragraph("Hund")
    body = document.element.body
    w = nsdecls("w")
    inserted = f'<w:p {w}><w:ins w:id="1" w:author="A"><w:r><w:t>Katze</w:t></w:r></w:ins></w:p>'
    deleted = f'<w:p {w}><w:del w:id="2" w:author="A"><w:r><w:delText>Maus</w:delText></w:r></w:del></w:p>'
    field = f"<w:sdt {w}><w:sdtContent><w:p><w:r><w:t>Igel</w:t></w:r></w:p></w:sdtContent></w:sdt>"
    for xml in (inserted, deleted, field):
        body.insert(len(body) - 1, parse_xml(xml))  # before the section properties
    document.save(str(tmp_path / "tracked.docx"))
    text = document_text((tmp_path / "tracked.docx").read_bytes(), "tracked.docx")
    assert [line for line in (text or "").splitlines() if line] == ["Hund", "Katze", "Igel"]


def test_an_opendocument_with_indented_xml_and_tracked_changes_is_read(tmp_path: Path) -> None:
    """Text between the tags (indented XML) and the record of a deletion once made the reader
    refuse the file; the deleted text is no word of the list."""
    import zipfile

    open_document(tmp_path / "obst.odt")
    with zipfile.ZipFile(tmp_path / "obst.odt") as source:
        parts = {name: source.read(name) for name in source.namelist()}
    content = parts["content.xml"].decode("utf-8").replace("><", ">\n  <")
    record = (
        "<text:tracked-changes><text:changed-region text:id='c1'><text:deletion>"
        "<office:change-info><dc:creator>A</dc:creator></office:change-info>"
        "<text:p>Quitte</text:p></text:deletion></text:changed-region></text:tracked-changes>"
    )
    content = content.replace("<office:text>", "<office:text>" + record, 1)
    with zipfile.ZipFile(tmp_path / "pretty.odt", "w") as target:
        for name, data in parts.items():
            target.writestr(name, content.encode("utf-8") if name == "content.xml" else data)
    text = document_text((tmp_path / "pretty.odt").read_bytes(), "pretty.odt")
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    assert lines == ["# Obst", "Apfel", "Birne", "Kirsche", "Pflaume"]
