"""Two sheets to a page in a DOCX: each part of the page ends on its footer. python-docx follows a
table in a table's cell with an empty paragraph, and the two it added to each part (after the
grid and after the word list) pushed the footer below the part's fixed height, where LibreOffice
cut it off; the same sheet as an ODT kept it. Made through the real command line and printed
by LibreOffice."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cli import run
from pdftext import page_texts

TIERE = "Hund\nKatze\nMaus\nIgel\nFuchs\nPferd\nZiege\nEnte\n"
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"

# a sheet whose two empty paragraphs once took its footer off the page
FULL = ("--size", "12x12", "--age", "9-12", "--font", "school", "--answers", "--per-page", "2")


def make(folder: Path, name: str, *args: str) -> Path:
    words = folder / "tiere.txt"
    words.write_text(TIERE, encoding="utf-8")
    out = folder / name
    done = run("generate", words, "--seed", "1", *args, "-o", out, "--force")
    assert done.returncode == 0, done.stderr
    return out


def test_each_part_of_a_page_holds_no_empty_paragraph_and_ends_on_its_footer(
    tmp_path: Path,
) -> None:
    import docx

    word = docx.Document(str(make(tmp_path, "zwei.docx", *FULL)))
    cells = [cell for table in word.tables for cell in table._cells if cell.tables]
    assert len(cells) == 3  # two sheets on the first page, the key on the second
    for cell in cells:
        last = cell._tc[-1]
        assert last.tag == f"{W}p" and "12×12 · mittel" in "".join(last.itertext())
        # a paragraph without text is a gap, with a spacing of its own, never the body's line
        for paragraph in cell.paragraphs:
            assert paragraph.text or paragraph._p.find(f"{W}pPr/{W}spacing") is not None


@pytest.mark.slow
def test_libreoffice_prints_the_footer_of_each_of_two_sheets_a_page(tmp_path: Path) -> None:
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (libreoffice-writer-nogui) is not installed")
    out = make(tmp_path, "zwei.docx", *FULL)
    office = ["soffice", f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}", "--headless"]
    subprocess.run(
        [*office, "--convert-to", "pdf", "--outdir", str(tmp_path / "printed"), str(out)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    sheets, keys = page_texts(tmp_path / "printed" / "zwei.pdf")
    assert sheets.count("12×12 · mittel") == 2  # the pupils' footer of both sheets
    assert keys.count("Startwert 1") == 1  # the key's, with the seed
