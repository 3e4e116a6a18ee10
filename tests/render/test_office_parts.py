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


VIELE = TIERE + (
    "Schwein\nKuh\nApfel\nBirne\nKirsche\nPflaume\nZwetschge\nTraube\nÄpfelchen\nStraße\n"
    "Schmetterling\nMarienkäfer\nRegenwurm\nEichhörnchen\n"
)


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_a_sheet_too_full_for_half_a_page_is_refused_as_the_pdf_refuses_it(
    tmp_path: Path, format: str
) -> None:
    """22 words for readers of 6 to 8 and a 15x15 grid: the part's texts leave the grid less
    than its smallest cells need, and the footer ran off the part, in both formats."""
    words = tmp_path / "viele.txt"
    words.write_text(VIELE, encoding="utf-8")
    out = tmp_path / f"voll.{format}"
    args = ("--size", "15x15", "--age", "6-8", "--seed", "1", "--per-page", "2")
    done = run("generate", words, *args, "-o", out)
    assert done.returncode == 2 and not out.exists()
    assert done.stderr.strip().splitlines()[-1] == (
        "wortsuche: error: the word list of 22 words does not fit on half a page with the grid;"
        " use --per-page 1"
    )
    pdf = run("generate", words, *args, "-o", tmp_path / "voll.pdf")
    assert pdf.returncode == 2 and pdf.stderr.splitlines()[-1] == done.stderr.splitlines()[-1]


def test_a_sheet_whose_room_is_reckoned_short_but_the_pdf_holds_is_made(tmp_path: Path) -> None:
    """Pictures for readers of 6 to 8 on half a page: the room is reckoned with pictures'
    rows to spare, below what the grid's smallest cells need, but the PDF holds the sheet and
    LibreOffice prints it whole (its two footers), so it is made."""
    words = tmp_path / "bilder.txt"
    words.write_text("IGEL = Ein Tier mit Stacheln\nEULE = 🦉\nHUND = 🐕\nKATZE = 🐈\nMAUS = 🐁\n")
    args = ("--size", "8x8", "--age", "6-8", "--seed", "1", "--per-page", "2")
    for format in ("docx", "odt", "pdf"):
        done = run("generate", words, *args, "-o", tmp_path / f"bilder.{format}")
        assert done.returncode == 0, done.stderr
