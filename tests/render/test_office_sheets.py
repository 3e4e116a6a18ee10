"""Editable sheets that equal the PDF: two or four to a page, A/B versions, the answer key with
each word outlined, the readers' sizes and the school font carried inside the file. Made
through the real command line; LibreOffice prints them where Andika is not installed, and the
PDF it prints is read back with pdffonts, pdftotext and pdfplumber."""

from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from cli import run
from pdftext import page_sizes, page_texts
from wortsuche.render.docx import font_key, obfuscated
from wortsuche.render.metrics import CAPSULE, font_path

TIERE = "Hund\nKatze\nMaus\nIgel\nFuchs\nPferd\nZiege\nEnte\n"
WORDS = ("Ente", "Fuchs", "Hund", "Igel", "Katze", "Maus", "Pferd", "Ziege")
A4_LANDSCAPE = (842, 595)


def make(folder: Path, name: str, *args: str) -> Path:
    words = folder / "tiere.txt"
    words.write_text(TIERE, encoding="utf-8")
    out = folder / name
    done = run("generate", words, "--seed", "3", *args, "-o", out, "--force")
    assert done.returncode == 0, done.stderr
    return out


def without_andika(folder: Path) -> dict[str, str]:
    """An environment whose fontconfig knows DejaVu alone: no Andika anywhere but in the file."""
    config = folder / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        "<dir>/usr/share/fonts/truetype/dejavu</dir>"
        f"<cachedir>{folder / 'fontcache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    import os

    env = {**os.environ, "FONTCONFIG_FILE": str(config), "HOME": str(folder)}
    listed = subprocess.run(["fc-list"], env=env, capture_output=True, text=True).stdout
    assert "andika" not in listed.lower()
    return env


def print_without_andika(folder: Path, *documents: Path) -> Path:
    """The folder where LibreOffice, in a profile of its own and without Andika, printed
    ``documents`` to PDF."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (libreoffice-writer-nogui) is not installed")
    printed = folder / "printed"
    office = ["soffice", f"-env:UserInstallation={(folder / 'profile').as_uri()}", "--headless"]
    subprocess.run(
        [*office, "--convert-to", "pdf", "--outdir", str(printed), *map(str, documents)],
        check=True,
        capture_output=True,
        timeout=300,
        env=without_andika(folder),
    )
    return printed


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Versions A and B side by side in the school font, with their keys, as DOCX and ODT, and
    the PDFs LibreOffice printed from them without Andika installed."""
    folder = tmp_path_factory.mktemp("versions")
    args = ("--size", "10x10", "--font", "school", "--per-page", "2", "--versions", "2")
    files = {
        "docx": make(folder, "ab-docx.docx", *args, "--answers"),
        "odt": make(folder, "ab-odt.odt", *args, "--answers"),
    }
    printed = print_without_andika(folder, *files.values())
    return {**files, **{f"{k}.pdf": printed / f"{v.stem}.pdf" for k, v in files.items()}}


@pytest.mark.slow
@pytest.mark.parametrize("format", ["docx", "odt"])
def test_two_versions_a_page_in_andika_from_the_file_alone(
    versions: dict[str, Path], format: str
) -> None:
    pdf = versions[f"{format}.pdf"]
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True).stdout
    names = [line.split()[0] for line in fonts.splitlines()[2:]]
    assert names and all("Andika" in name for name in names), fonts
    assert page_sizes(pdf) == [A4_LANDSCAPE, A4_LANDSCAPE]
    sheets, keys = page_texts(pdf)
    for page in (sheets, keys):
        assert page.count("Gruppe A") == 1 and page.count("Gruppe B") == 1  # two sheets a page
    assert sheets.count("Name:") == 2 and "Lösung" not in sheets
    assert keys.count("Lösung") == 2 and "Name:" not in keys
    assert "Startwert" not in sheets and keys.count("Startwert") == 2
    for word in WORDS:
        assert sheets.count(word) == 2 and keys.count(word) == 2


@pytest.mark.slow
@pytest.mark.parametrize("format", ["docx", "odt"])
def test_the_key_outlines_each_word_in_the_answer_colour(
    versions: dict[str, Path], format: str
) -> None:
    import pdfplumber

    red = tuple(int(CAPSULE[i : i + 2], 16) / 255 for i in (1, 3, 5))
    with pdfplumber.open(str(versions[f"{format}.pdf"])) as pdf:
        sheet, key = pdf.pages

        def outlined(page: pdfplumber.page.Page) -> int:
            lines = page.lines + page.rects + page.curves
            return sum(
                1
                for line in lines
                if tuple(round(v, 2) for v in (line.get("stroking_color") or ())[:3])
                == tuple(round(v, 2) for v in red)
            )

        assert outlined(sheet) == 0
        assert outlined(key) >= 16  # two keys of eight words, a line or more around each
        # the grid's letters (the size most capitals have) are not marked by bold type
        capitals = [round(c["size"]) for c in key.chars if c["text"].isupper()]
        letter = max(set(capitals), key=capitals.count)
        grid = [c for c in key.chars if round(c["size"]) == letter]
        assert len(grid) >= 200 and not any("Bold" in c["fontname"] for c in grid)


@pytest.mark.slow
@pytest.mark.parametrize("format", ["docx", "odt"])
def test_an_easy_sheet_is_set_for_young_readers(tmp_path: Path, format: str) -> None:
    import pdfplumber

    out = make(tmp_path, f"leicht-{format}.{format}", "--level", "easy", "--size", "9x9")
    pdf = print_without_andika(tmp_path, out) / f"{out.stem}.pdf"
    (sheet,) = page_texts(pdf)
    assert "9×9 · leicht" in sheet and "Startwert" not in sheet
    with pdfplumber.open(str(pdf)) as document:
        chars = document.pages[0].chars
    text = "".join(c["text"] for c in chars)
    for word in WORDS:
        at = text.index(word)
        assert min(c["size"] for c in chars[at : at + len(word)]) >= 16, word


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_four_to_a_page_are_accepted(tmp_path: Path, format: str) -> None:
    out = make(tmp_path, f"vier.{format}", "--per-page", "4", "--size", "8x8")
    assert zipfile.is_zipfile(out)


def test_the_docx_carries_andika_as_word_embeds_it(tmp_path: Path) -> None:
    out = make(tmp_path, "schule.docx", "--font", "school", "--answers")
    with zipfile.ZipFile(out) as archive:
        table = archive.read("word/fontTable.xml").decode("utf-8")
        relations = archive.read("word/_rels/fontTable.xml.rels").decode("utf-8")
        types = archive.read("[Content_Types].xml").decode("utf-8")
        settings = archive.read("word/settings.xml").decode("utf-8")
        embedded = {
            element: (key, archive.read(f"word/{target}"))
            for element, rid, key in re.findall(
                r'<w:(embedRegular|embedBold) r:id="(rId\d+)" w:fontKey="(\{[0-9A-F-]+\})"', table
            )
            for target in re.findall(rf'Id="{rid}"[^>]*Target="([^"]+)"', relations)
            + re.findall(rf'Target="([^"]+)"[^>]*Id="{rid}"', relations)
        }
    assert '<w:font w:name="Andika">' in table and "<w:embedTrueTypeFonts/>" in settings
    assert "application/vnd.openxmlformats-officedocument.obfuscatedFont" in types
    assert set(embedded) == {"embedRegular", "embedBold"}
    for element, bold in (("embedRegular", False), ("embedBold", True)):
        key, data = embedded[element]
        original = font_path(bold=bold, font="school").read_bytes()
        assert data != original and data[32:] == original[32:]  # the head is hidden
        assert obfuscated(data, key) == original and key == font_key(original)


def test_the_odt_packages_andika_where_its_font_face_points(tmp_path: Path) -> None:
    out = make(tmp_path, "schule.odt", "--font", "school")
    with zipfile.ZipFile(out) as archive:
        content = archive.read("content.xml").decode("utf-8")
        manifest = archive.read("META-INF/manifest.xml").decode("utf-8")
        for file, bold in (("Andika-Regular.ttf", False), ("Andika-Bold.ttf", True)):
            assert archive.read(f"Fonts/{file}") == font_path(bold=bold, font="school").read_bytes()
            assert f'manifest:full-path="Fonts/{file}"' in manifest
            assert f'xlink:href="Fonts/{file}"' in content
    assert 'svg:font-family="Andika"' in content and "<svg:font-face-src>" in content


def test_a_standard_sheet_embeds_no_font(tmp_path: Path) -> None:
    with zipfile.ZipFile(make(tmp_path, "standard.docx")) as archive:
        assert not [name for name in archive.namelist() if name.startswith("word/fonts/")]


@pytest.mark.slow
def test_a_word_processor_breaks_a_long_title_before_its_dash(tmp_path: Path) -> None:
    args = ("--size", "8x8", "--per-page", "4", "--title", "Wörter der Woche – Klasse 3b")
    files = [make(tmp_path, f"dash-{format}.{format}", *args) for format in ("docx", "odt")]
    printed = print_without_andika(tmp_path, *files)
    for file in files:
        (page,) = page_texts(printed / f"{file.stem}.pdf")
        lines = [
            line.strip().split("   ")[0]
            for line in page.splitlines()
            if "Woche" in line or "Klasse 3b" in line
        ]
        assert lines[:2] == ["Wörter der Woche", "– Klasse 3b"], lines


@pytest.mark.parametrize("format", ["docx", "odt"])
def test_a_diagonal_word_on_the_key_is_struck_through_by_a_line(
    tmp_path: Path, format: str
) -> None:
    """A table cell has no diagonal border: a diagonal word on the key gets a drawn line from
    its first letter to its last (a shape in front of the grid), not a box around each cell;
    LibreOffice prints it slanted, in the answer colour, as long as the word."""
    import json

    import pdfplumber

    words = tmp_path / "tiere.txt"
    words.write_text(TIERE, encoding="utf-8")
    args = ("--seed", "3", "--size", "10", "--level", "medium")
    puzzle = json.loads(run("generate", words, *args, "--format", "json").stdout)
    steps = {p["direction"] for p in puzzle["placements"]}
    diagonal = [p for p in puzzle["placements"] if p["direction"] in {"NE", "NW", "SE", "SW"}]
    assert diagonal and steps - {"NE", "NW", "SE", "SW"}  # both kinds on this key
    made = make(tmp_path, f"key.{format}", "--size", "10", "--level", "medium", "--answers")
    with zipfile.ZipFile(made) as archive:
        xml = archive.read("word/document.xml" if format == "docx" else "content.xml").decode()
    drawn = xml.count('prst="line"') if format == "docx" else xml.count("<draw:line ")
    assert drawn == len(diagonal)
    printed = print_without_andika(tmp_path, made) / "key.pdf"
    red = tuple(round(int(CAPSULE[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))
    with pdfplumber.open(str(printed)) as pdf:
        key = pdf.pages[-1]
        slanted = [
            line
            for line in key.lines + key.curves
            if tuple(round(v, 2) for v in (line.get("stroking_color") or ())[:3]) == red
            and abs(line["x1"] - line["x0"]) > 20
            and abs(line["bottom"] - line["top"]) > 20
        ]
    assert len(slanted) == len(diagonal)
