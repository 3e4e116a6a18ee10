"""Editable worksheets (DOCX for Word, ODT for LibreOffice): made through the real command line,
opened and printed to PDF by LibreOffice itself, and read back with pdftotext."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from cli import run
from pdftext import page_sizes, page_texts, squeezed, word_boxes

pytestmark = pytest.mark.slow

TIERE = "Hund\nKatze\nMaus\nIgel\nFuchs\nPferd\nZiege\nSchwein\nEnte\nKuh\n"
WORDS = {"Ente", "Fuchs", "Hund", "Igel", "Katze", "Kuh", "Maus", "Pferd", "Schwein", "Ziege"}


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sheet as JSON, DOCX and ODT, and the PDFs LibreOffice printed from the last two."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (libreoffice-writer-nogui) is not installed")
    folder = tmp_path_factory.mktemp("office")
    words = folder / "tiere.txt"
    words.write_text(TIERE, encoding="utf-8")
    files = {
        "json": folder / "blatt.json",
        "docx": folder / "blatt.docx",
        "odt": folder / "blatt-odt.odt",
    }
    for out in files.values():
        args = ("--seed", "5", "--size", "10x10", "--title", "Tiere, Klasse 3b", "--answers")
        done = run("generate", words, *args, "-o", out)
        assert done.returncode == 0, done.stderr
    printed = print_with_libreoffice(folder, files["docx"], files["odt"])
    return {**files, "docx.pdf": printed / "blatt.pdf", "odt.pdf": printed / "blatt-odt.pdf"}


def print_with_libreoffice(folder: Path, *documents: Path) -> Path:
    """The folder where LibreOffice printed ``documents`` to PDF (in a profile of its own, so
    that it runs beside any other)."""
    printed = folder / "printed"
    profile = (folder / "profile").as_uri()
    office = ["soffice", f"-env:UserInstallation={profile}", "--headless"]
    subprocess.run(
        [*office, "--convert-to", "pdf", "--outdir", str(printed), *map(str, documents)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return printed


BILDER = "IGEL = Ein Tier mit Stacheln\nEULE = 🦉\nHUND = 🐕\n"


def printed_picture_list(folder: Path, *options: str) -> dict[str, Path]:
    """:data:`BILDER` as DOCX and ODT with ``options``, and the PDFs LibreOffice printed."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (libreoffice-writer-nogui) is not installed")
    words = folder / "bilder.txt"
    words.write_text(BILDER, encoding="utf-8")
    files = {"docx": folder / "bilder-docx.docx", "odt": folder / "bilder-odt.odt"}
    for out in files.values():
        done = run("generate", words, "--seed", "5", "--size", "8", *options, "-o", out)
        assert done.returncode == 0, done.stderr
    printed = print_with_libreoffice(folder, *files.values())
    return {format: printed / f"{path.stem}.pdf" for format, path in files.items()}


@pytest.fixture(scope="module")
def pictured(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A list of two pictures and a clue in words as DOCX and ODT, printed by LibreOffice."""
    return printed_picture_list(tmp_path_factory.mktemp("pictures"))


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_libreoffice_prints_the_pictures_of_a_picture_list(
    pictured: dict[str, Path], format: str
) -> None:
    listing = subprocess.run(
        ["pdfimages", "-list", str(pictured[format])], capture_output=True, text=True, check=True
    ).stdout
    images = [row.split() for row in listing.splitlines()[2:]]
    assert [row[3:5] for row in images if row[2] == "image"] == [["128", "128"]] * 2
    assert "🦉" not in page_texts(pictured[format])[0]  # no emoji as text (an empty box)


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_a_clue_in_words_beside_pictures_keeps_the_lists_size(
    pictured: dict[str, Path], format: str
) -> None:
    _, top, _, bottom = word_boxes(pictured[format])["Stacheln"]
    assert bottom - top >= 12  # set in 12 pt, as a word of the list


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_libreoffice_prints_the_sheet_and_the_key_with_the_grid_whole(
    made: dict[str, Path], format: str
) -> None:
    grid = json.loads(made["json"].read_text(encoding="utf-8"))["grid"]
    pdf = made[f"{format}.pdf"]
    assert page_sizes(pdf) == [(595, 842), (595, 842)]
    sheet, key = page_texts(pdf)
    for page in (sheet, key):
        assert "Tiere, Klasse 3b" in page
        assert "".join(grid) in squeezed(page)  # every row, in order, each letter in its cell
        assert set(page.split()) >= WORDS
    assert all(f"{field}:" in sheet for field in ("Name", "Datum", "Klasse"))
    assert "Finde die 10 Wörter" in sheet and "Lösung" not in sheet
    assert "Lösung" in key and "Name:" not in key
    assert "10×10 · mittel" in sheet and "Startwert" not in sheet  # the pupil's footer
    assert "Startwert 5" in key


def test_the_docx_grid_has_fixed_square_cells_in_a_frame(made: dict[str, Path]) -> None:
    import docx
    from docx.enum.table import WD_ROW_HEIGHT_RULE

    word = docx.Document(str(made["docx"]))
    grid = word.tables[0]
    assert (len(grid.rows), len(grid.columns)) == (10, 10)
    side = grid.columns[0].width
    assert side is not None and all(column.width == side for column in grid.columns)
    assert all(
        row.height == side and row.height_rule == WD_ROW_HEIGHT_RULE.EXACTLY for row in grid.rows
    )
    layout = grid._tbl.tblPr.xml
    assert 'w:type="fixed"' in layout and "w:tblBorders" in layout
    # the key is the third table (after the sheet's grid and word list), a page on
    assert len(word.tables) == 4
    assert sum(p.paragraph_format.page_break_before is True for p in word.paragraphs) == 1


def test_the_odt_grid_has_fixed_square_cells(made: dict[str, Path]) -> None:
    with zipfile.ZipFile(made["odt"]) as archive:
        content = archive.read("content.xml").decode("utf-8")
    assert 'style:column-width="1.27cm"' in content  # the PDF's cell: 36 pt
    assert (
        'style:row-height="1.27cm"' in content and 'style:use-optimal-row-height="false"' in content
    )
    assert content.count("<table:table ") == 4
    assert 'fo:break-before="page"' in content


def test_an_english_sheet_and_no_name_line(tmp_path: Path) -> None:
    import docx

    out = tmp_path / "sheet.docx"
    done = run("generate", "LION", "TIGER", "ZEBRA", "--sheet-language", "en", "-o", out)
    assert done.returncode == 0, done.stderr
    text = "\n".join(p.text for p in docx.Document(str(out)).paragraphs)
    assert "Name:" in text and "Date:" in text and "Class:" in text and "Answers" not in text
    assert run("generate", "LION", "TIGER", "--no-name-line", "-o", out, "--force").returncode == 0
    assert "Name:" not in "\n".join(p.text for p in docx.Document(str(out)).paragraphs)


def test_a_missing_office_extra_is_named_before_any_work(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import importlib.util

    real_find_spec = importlib.util.find_spec

    def no_odfpy(name: str, *args: Any) -> Any:
        return None if name == "odf" else real_find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", no_odfpy)
    done = run("generate", "LION", "TIGER", "-o", tmp_path / "sheet.odt")
    assert done.returncode == 2 and "pip install 'wortsuche[office]'" in done.stderr
    assert done.stderr.count("\n") == 1 and not (tmp_path / "sheet.odt").exists()


def test_a_wide_grid_stays_inside_the_page() -> None:
    from wortsuche import generate
    from wortsuche.render.document import PAGE_MARGIN_CM, document
    from wortsuche.render.options import RenderOptions

    puzzle = generate(["Apfel", "Birne", "Kirsche"], rows=8, cols=40, seed=1)
    content = document(puzzle, RenderOptions(paper="letter"))
    grid = content.pages[0].grid
    assert grid.cell_cm * 40 <= content.paper_cm[0] - 2 * PAGE_MARGIN_CM
    assert grid.letter_pt > 5


@pytest.fixture(scope="module")
def keyed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The picture list's sheet with its answer key as DOCX and ODT, printed by LibreOffice."""
    return printed_picture_list(tmp_path_factory.mktemp("keys"), "--answers")


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_the_answer_key_names_each_word_with_its_clue_or_picture(
    keyed: dict[str, Path], format: str
) -> None:
    sheet, key = page_texts(keyed[format])
    assert "IGEL" not in sheet.split()  # the sheet lists the clue, not the word
    squeezed_key = " ".join(key.split())
    assert "IGEL – Ein Tier" in squeezed_key and "mit Stacheln" in squeezed_key  # wrapped
    assert "EULE –" in squeezed_key and "HUND –" in squeezed_key
    listing = subprocess.run(
        ["pdfimages", "-f", "2", "-l", "2", "-list", str(keyed[format])],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    pictures = [row.split() for row in listing.splitlines()[2:] if row.split()[2] == "image"]
    assert len(pictures) == 2  # the owl and the dog after their words


VIELE = TIERE + (
    "Apfel\nBirne\nKirsche\nPflaume\nZwetschge\nTraube\nÄpfelchen\nStraße\n"
    "Schmetterling\nMarienkäfer\nRegenwurm\nEichhörnchen\n"
)


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """22 words on 20×20 with a key, as DOCX and ODT, and the PDFs LibreOffice printed: a page
    full enough that a footer or a long word once ran off it."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (libreoffice-writer-nogui) is not installed")
    folder = tmp_path_factory.mktemp("crowded")
    words = folder / "viele.txt"
    words.write_text(VIELE, encoding="utf-8")
    files = {"docx": folder / "viele.docx", "odt": folder / "viele-odt.odt"}
    for out in files.values():
        done = run("generate", words, "--seed", "1", "--size", "20x20", "--answers", "-o", out)
        assert done.returncode == 0, done.stderr
    printed = print_with_libreoffice(folder, *files.values())
    return {format: printed / f"{path.stem}.pdf" for format, path in files.items()}


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_a_full_sheet_keeps_its_footer_and_whole_words_on_its_page(
    crowded: dict[str, Path], format: str
) -> None:
    pages = page_texts(crowded[format])
    assert len(pages) == 2, [page[-200:] for page in pages]  # no page holding a footer alone
    sheet, key = pages
    assert "20×20 · mittel" in sheet and "Startwert 1" in key and "Lösung" in key
    for page in pages:
        assert {"Marienkäfer", "Schmetterling", "Eichhörnchen", "Regenwurm"} <= set(page.split())


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_the_grids_letters_are_centred_in_their_cells(
    crowded: dict[str, Path], format: str
) -> None:
    """The grid is centred on the page, so the letters of a row are too when each is centred
    in its cell; set at the cell's left they would sit a third of a cell left of it."""
    import re

    boxes = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(crowded[format]), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    pattern = r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">(\w)<'
    rows: dict[float, list[tuple[float, float]]] = {}
    for x0, y0, x1, _ in re.findall(pattern, boxes):
        rows.setdefault(round(float(y0)), []).append((float(x0), float(x1)))
    grid_rows = [row for row in rows.values() if len(row) == 20]
    assert len(grid_rows) == 20
    for row in grid_rows:
        centre = sum(x0 + x1 for x0, x1 in row) / 2 / len(row)  # the mean of the letters' middles
        assert abs(centre - 595 / 2) < 1.5, centre


SHEETS = [
    pytest.param(9, "easy", {"age": "6-8"}, 1, id="9x9 easy, 6-8 years"),
    pytest.param(12, "medium", {}, 1, id="12x12, the sizes of old"),
    pytest.param(10, "medium", {"age": "9-12", "font": "school"}, 1, id="10x10, 9-12, Andika"),
    pytest.param(15, "hard", {"paper": "letter"}, 1, id="15x15 on letter"),
    pytest.param(9, "easy", {"age": "6-8", "per_page": 2}, 2, id="A and B side by side"),
    pytest.param(12, "medium", {"per_page": 4}, 1, id="four to a page"),
    pytest.param(10, "medium", {"large_print": True}, 1, id="large print"),
]


@pytest.mark.parametrize(("side", "level", "options", "versions"), SHEETS)
def test_the_editable_grid_has_the_pdfs_cells(
    side: int, level: str, options: dict[str, Any], versions: int
) -> None:
    """A DOCX's and an ODT's grid cells are as wide as the PDF lays them out for the same paper,
    sheets to a page, age and print (they once had cells of their own sizes: 1.2 cm where the
    PDF has 1.27, 1.81 where it has 1.73), unless the word processor's lines, taller than the
    PDF's, need the room: then a few hundredths smaller on a whole page; on a half or a quarter
    of a page, where the texts take more of the part, at least three quarters of the PDF's."""
    from wortsuche import generate
    from wortsuche.render import render_versions
    from wortsuche.render.imposition import SLOT_MARGINS, page_size, slots
    from wortsuche.render.layout import worksheet
    from wortsuche.render.metrics import paper_size
    from wortsuche.render.options import RenderOptions

    words = ["Igel", "Eule", "Hund", "Katze", "Maus", "Fuchs", "Reh", "Wolf"]
    puzzles = [generate(words, side, side, level=level, seed=seed) for seed in range(versions)]
    chosen = RenderOptions(language="de", answers=True, **options)
    sheet = RenderOptions(language="de", **options)
    if versions == 1 and chosen.per_page == 1:
        drawn = worksheet(puzzles[0], sheet, page=paper_size(chosen.paper))
    else:
        slot = slots(page_size(chosen.paper, chosen.per_page), chosen.per_page)[0]
        label = "Gruppe A" if versions > 1 else ""
        margin = SLOT_MARGINS[chosen.per_page]
        drawn = worksheet(
            puzzles[0], sheet, page=(slot.width, slot.height), label=label, margin=margin
        )
    pdf_cm = drawn.grid.cell / 72 * 2.54
    word = render_versions(puzzles, chosen, format="docx")
    with zipfile.ZipFile(io.BytesIO(word)) as archive:
        document = archive.read("word/document.xml").decode("utf-8")
    tables = [
        re.findall(r'w:w="(\d+)"', g) for g in re.findall(r"<w:tblGrid>(.*?)</w:tblGrid>", document)
    ]
    (grid, *_) = [cols for cols in tables if len(cols) == side]  # the sheet's grid, the first
    assert len(set(grid)) == 1
    share = 0.75 if chosen.per_page > 1 else 0.97
    assert share * pdf_cm <= int(grid[0]) / 1440 * 2.54 <= pdf_cm + 0.005
    odt = render_versions(puzzles, chosen, format="odt")
    with zipfile.ZipFile(io.BytesIO(odt)) as archive:
        content = archive.read("content.xml").decode("utf-8")
    column = re.search(r'style:name="GridColumn1".*?style:column-width="([\d.]+)cm"', content)
    assert column is not None  # the first sheet's grid
    assert float(column.group(1)) == pytest.approx(int(grid[0]) / 1440 * 2.54, abs=0.006)
