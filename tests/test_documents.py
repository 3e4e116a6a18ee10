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
