"""The PDF worksheet, read back with pypdf and rasterised with poppler's pdftoppm."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageStat
from pypdf import PdfReader

from wortsuche import Puzzle
from wortsuche.render import render


def read(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_worksheet_holds_every_grid_letter_in_order_and_every_word(zoo: Puzzle) -> None:
    reader = read(render(zoo, "pdf", title="Zoo animals"))
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert "Zoo animals" in text
    assert "".join(zoo.grid.rows) in squeezed(text)
    lines = text.splitlines()
    for word in zoo.words:
        assert word.entry in lines  # phrases keep their spaces


def test_answers_add_a_key_page_with_the_same_grid(zoo: Puzzle) -> None:
    reader = read(render(zoo, "pdf", answers=True))
    assert len(reader.pages) == 2
    key = reader.pages[1].extract_text()
    assert "Lösung" in key  # the zoo's words are German, so is its sheet
    assert "".join(zoo.grid.rows) in squeezed(key)


@pytest.mark.parametrize(("paper", "size"), [("a4", (595.28, 841.89)), ("letter", (612, 792))])
def test_page_size(zoo: Puzzle, paper: str, size: tuple[float, float]) -> None:
    box = read(render(zoo, "pdf", paper=paper)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.01)


def test_lowercase_prints_the_grid_in_small_letters(zoo: Puzzle) -> None:
    text = read(render(zoo, "pdf", lowercase=True)).pages[0].extract_text()
    assert "".join(zoo.grid.rows).lower() in squeezed(text)


def test_no_word_list_hides_the_words(zoo: Puzzle) -> None:
    lines = read(render(zoo, "pdf", word_list=False)).pages[0].extract_text().splitlines()
    assert not {w.entry for w in zoo.words} & set(lines)


def test_font_is_embedded(zoo: Puzzle) -> None:
    page = read(render(zoo, "pdf")).pages[0]
    fonts = page["/Resources"]["/Font"]
    descriptors = [f.get_object()["/DescendantFonts"][0].get_object() for f in fonts.values()]
    assert all("/FontFile2" in d["/FontDescriptor"] for d in descriptors)


def test_same_puzzle_gives_the_same_bytes(small: Puzzle) -> None:
    assert render(small, "pdf", answers=True) == render(small, "pdf", answers=True)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_pages_rasterise_to_something_not_blank(zoo: Puzzle, paper_artifacts: Path) -> None:
    pdf = paper_artifacts / "worksheet.pdf"
    pdf.write_bytes(render(zoo, "pdf", answers=True, title="Zoo animals"))
    subprocess.run(
        ["pdftoppm", "-r", "50", "-png", str(pdf), str(paper_artifacts / "worksheet-page")],
        check=True,
    )
    pages = sorted(paper_artifacts.glob("worksheet-page-*.png"))
    assert len(pages) == 2
    for page in pages:
        image = Image.open(page).convert("L")
        width, height = image.size
        assert abs(width - 595.28 * 50 / 72) < 1 and abs(height - 841.89 * 50 / 72) < 1
        darkest, lightest = image.getextrema()
        assert lightest == 255 and darkest < 80
        # Ink covers some of the page, not all of it.
        assert 200 < ImageStat.Stat(image).mean[0] < 254


def test_a_word_list_too_long_for_the_page_gets_pages_of_its_own() -> None:
    from wortsuche import generate

    words = [f"{a}{b}{c}" for a in "BCDFG" for b in "AEIOU" for c in "KLMNPRST"][:180]
    puzzle = generate(words, rows=40, cols=40, level="easy", seed=1)
    reader = read(render(puzzle, "pdf", answers=True))
    texts = [page.extract_text() for page in reader.pages]
    assert len(texts) >= 3
    assert "the list follows this page" in texts[0]
    assert "".join(puzzle.grid.rows) in squeezed(texts[0])
    listed = set(" ".join(texts[1:-1]).split())
    assert {w.entry for w in puzzle.words} <= listed
    assert "Answers" in texts[-1]
