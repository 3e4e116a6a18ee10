"""A grid of hexagons on an editable sheet (DOCX for Word, ODT for LibreOffice): the grid is a
picture drawn by the package's own renderer at print resolution, everything else stays text a
teacher can change. Made through the real command line, opened and printed to PDF by
LibreOffice, read back with pdftotext and pdfimages; the pictures are read with Pillow."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import run
from pdftext import page_texts
from wortsuche.render.metrics import CAPSULE

WORDS = ("HUND", "KATZE", "MAUS", "IGEL", "FUCHS")
RED = tuple(int(CAPSULE[i : i + 2], 16) for i in (1, 3, 5))


def make(folder: Path, name: str, *args: str) -> Path:
    """A sheet of hexagons of side 5 (seed 1) through the command line, with ``args``."""
    out = folder / name
    done = run("generate", *WORDS, "--grid", "hex", "--size", "5", "--seed", "1", *args, "-o", out)
    assert done.returncode == 0, done.stderr
    return out


def pictures(document: Path) -> dict[str, bytes]:
    """The PNG pictures in a DOCX's or an ODT's package, by their names there."""
    with zipfile.ZipFile(document) as archive:
        return {n: archive.read(n) for n in archive.namelist() if n.endswith(".png")}


def drawn_rows(folder: Path) -> list[str]:
    """The grid's letters row by row as drawn (the holes of its stored rectangle left out)."""
    done = run(
        "generate", *WORDS, "--grid", "hex", "--size", "5", "--seed", "1", "--format", "json"
    )
    assert done.returncode == 0, done.stderr
    return [row.replace(" ", "") for row in json.loads(done.stdout)["grid"]]


def red_pixels(png: bytes) -> int:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
    return sum(count for count, colour in colours if colour == RED)


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_the_grid_is_a_picture_at_print_resolution_and_the_key_rings_the_words(
    tmp_path: Path, format: str
) -> None:
    from PIL import Image

    out = make(tmp_path, f"sechsecke.{format}", "--answers")
    sheet, key = pictures(out).values() if format == "docx" else sorted_by_use(out)
    for png in (sheet, key):
        with Image.open(io.BytesIO(png)) as image:
            assert round(image.info["dpi"][0]) == 300
            assert image.width > 1000  # a 5-sided grid of 1.27 cm hexagons, 12 cm wide
    assert red_pixels(sheet) == 0 and red_pixels(key) > 1000  # the key's rings, as the PDF's


def sorted_by_use(odt: Path) -> list[bytes]:
    """An ODT's grid pictures in the order its pages show them."""
    with zipfile.ZipFile(odt) as archive:
        content = archive.read("content.xml").decode("utf-8")
        return [
            archive.read(href)
            for href in re.findall(r'xlink:href="(Pictures/grid-[0-9a-f]+\.png)"', content)
        ]


@pytest.mark.parametrize(
    ("language", "title", "key_title", "row"),
    [
        (
            "de",
            "Buchstabengitter aus Sechsecken",
            "Lösung: Buchstabengitter aus Sechsecken",
            "Reihe",
        ),
        ("en", "Letter grid of hexagons", "Answers: letter grid of hexagons", "Row"),
    ],
)
@pytest.mark.parametrize("format", ["docx", "odt"])
def test_the_picture_has_an_alternative_text_in_the_sheets_language(
    tmp_path: Path, format: str, language: str, title: str, key_title: str, row: str
) -> None:
    import html

    out = make(tmp_path, f"alt.{format}", "--answers", "--sheet-language", language)
    with zipfile.ZipFile(out) as archive:
        xml = archive.read("word/document.xml" if format == "docx" else "content.xml").decode()
    if format == "docx":
        titles = re.findall(r'<wp:docPr [^>]*title="([^"]*)"', xml)
        described = re.findall(r'<wp:docPr [^>]*descr="([^"]*)"', xml)
    else:
        titles = re.findall(r"<svg:title>([^<]*)</svg:title>", xml)
        described = re.findall(r"<svg:desc>([^<]*)</svg:desc>", xml)
    titles, described = [html.unescape(t) for t in titles], [html.unescape(d) for d in described]
    assert titles[0] == title and titles[1].startswith(key_title)
    rows = drawn_rows(tmp_path)
    for description in described:  # the letters row by row, for a screen reader
        for number, letters in enumerate(rows, 1):
            assert f"{row} {number}: {' '.join(letters)}." in description


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_everything_but_the_grid_stays_text_to_change(tmp_path: Path, format: str) -> None:
    out = make(tmp_path, f"text.{format}", "--answers", "--title", "Tiere im Wald")
    with zipfile.ZipFile(out) as archive:
        xml = archive.read("word/document.xml" if format == "docx" else "content.xml").decode()
    text = re.sub(r"<[^>]+>", " ", xml)
    for word in WORDS:
        assert text.count(word) == 2  # the sheet's list and the key's
    assert text.count("Tiere im Wald") == 2 and "Name:" in text and "Lösung" in text
    tables = xml.count("<w:tbl>") if format == "docx" else xml.count("<table:table ")
    assert tables == 2  # the two word lists; the grid is no table


def print_with_libreoffice(folder: Path, *documents: Path) -> Path:
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (libreoffice-writer-nogui) is not installed")
    printed = folder / "printed"
    office = ["soffice", f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless"]
    subprocess.run(
        [*office, "--convert-to", "pdf", "--outdir", str(printed), *map(str, documents)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return printed


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sheet of hexagons with its key as DOCX and ODT, and two versions to a page, and the
    PDFs LibreOffice printed from them."""
    folder = tmp_path_factory.mktemp("hexagons")
    files = {
        "docx": make(folder, "hex-docx.docx", "--answers"),
        "odt": make(folder, "hex-odt.odt", "--answers"),
        "docx-ab": make(folder, "ab-docx.docx", "--per-page", "2", "--versions", "2"),
        "odt-ab": make(folder, "ab-odt.odt", "--per-page", "2", "--versions", "2"),
    }
    done = print_with_libreoffice(folder, *files.values())
    return {name: done / f"{path.stem}.pdf" for name, path in files.items()}


@pytest.mark.slow
@pytest.mark.parametrize("format", ["docx", "odt"])
def test_libreoffice_prints_the_sheet_and_the_key_of_hexagons(
    printed: dict[str, Path], format: str
) -> None:
    pdf = printed[format]
    sheet, key = page_texts(pdf)
    for page in (sheet, key):
        assert set(WORDS) <= set(page.split())  # the word list, as text
    assert "Name:" in sheet and "Lösung" not in sheet and "Lösung" in key
    assert "Startwert 1" in key and "Startwert" not in sheet  # each page's footer
    listing = subprocess.run(
        ["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True
    ).stdout
    images = [row.split() for row in listing.splitlines()[2:]]
    assert [row[0] for row in images if row[2] == "image"] == ["1", "2"]  # a grid a page
    for row in images:
        assert int(row[12]) >= 290  # printed at 300 dpi (pdfimages' x-ppi)


@pytest.mark.slow
@pytest.mark.parametrize("format", ["docx", "odt"])
def test_two_versions_of_hexagons_a_page_keep_their_footers(
    printed: dict[str, Path], format: str
) -> None:
    (page,) = page_texts(printed[f"{format}-ab"])
    assert page.count("Gruppe A") == 1 and page.count("Gruppe B") == 1
    assert page.count("5×5 · mittel") == 2
    for word in WORDS:
        assert page.count(word) == 2


@settings(max_examples=12, deadline=None)
@given(
    side=st.integers(3, 9),
    per_page=st.sampled_from([1, 2, 4]),
    age=st.sampled_from([None, "6-8", "9-12"]),
)
def test_the_picture_fits_its_part_of_the_page_and_is_never_larger_than_the_pdfs(
    side: int, per_page: int, age: str | None
) -> None:
    from wortsuche import generate
    from wortsuche.errors import InputError
    from wortsuche.grid.topology import Topology
    from wortsuche.render import render_versions
    from wortsuche.render.document import PART_PADDING_CM, document, pdf_cell_cm
    from wortsuche.render.options import RenderOptions

    puzzle = generate(["ZEBRA", "LUCHS"][: 1 + (side > 4)], side, grid="hex", seed=side)
    options = RenderOptions(per_page=per_page, age=age, answers=True)
    try:
        content = document(puzzle, options)
    except InputError as error:  # too full for its part of a page: the PDF refuses it too
        assert error.key == "error.list-does-not-fit-per-page"
        with pytest.raises(InputError):
            render_versions([puzzle], options, format="pdf")
        return
    width = content.part_cm[0] - 2 * PART_PADDING_CM.get(per_page, 0.0)
    if per_page == 1:
        width = content.page_cm[0] - 2 * content.margin_cm
    wide, _ = Topology.of_puzzle(puzzle).extent()
    for page in content.pages:
        picture = page.grid.picture
        assert picture is not None
        assert picture.width_cm <= width + 0.01
        assert page.grid.cell_cm <= pdf_cell_cm(puzzle, options)
        assert picture.width_cm == pytest.approx((wide + 0.5) * page.grid.cell_cm, abs=0.01)
    sheet, key = content.pages[0].grid.picture, content.pages[-1].grid.picture
    assert sheet is not None and key is not None
    assert (sheet.width_cm, sheet.height_cm) == (key.width_cm, key.height_cm)  # they lie alike


@pytest.mark.slow
def test_a_grid_of_hexagons_too_large_for_a_table_is_a_picture_inside_the_page() -> None:
    """More cells than a table of the word processor's takes (101x100 staggered rows): the
    picture is made, never wider than the page inside its margins."""
    from wortsuche import generate
    from wortsuche.render import MOST_TABLE_CELLS, render
    from wortsuche.render.document import PAGE_MARGIN_CM, document
    from wortsuche.render.options import RenderOptions

    puzzle = generate(["ZEBRA", "LUCHS"], 101, 100, grid="hex", level="easy", seed=1)
    assert puzzle.grid.height * puzzle.grid.width > MOST_TABLE_CELLS
    options = RenderOptions(language="de")
    content = document(puzzle, options)
    picture = content.pages[0].grid.picture
    assert picture is not None and picture.width_cm <= content.paper_cm[0] - 2 * PAGE_MARGIN_CM
    assert zipfile.is_zipfile(io.BytesIO(render(puzzle, "odt", options)))
