"""Books of hexagons: ``book --grid hex`` lays each grid out as the sheets draw it, every hexagon
under its letter wherever the page moves the grid (a page, two a page, large print, the keys),
and a printed book passes the preflight. The pages land as PNG in ``test-artifacts/paper/``.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.cli import run

from wortsuche import generate
from wortsuche.model import Puzzle
from wortsuche.render import RenderOptions
from wortsuche.render.bookpages import BookDesign
from wortsuche.render.bookpages.layout import compose_book
from wortsuche.render.layout import GridDrawing
from wortsuche.render.preflight import check_book
from wortsuche.render.trims import BookFormat, parse_trim

ANIMALS = ["Hund", "Katze", "Maus", "Pferd", "Kuh", "Schaf", "Ziege", "Huhn", "Ente", "Igel"]


def hex_puzzles() -> list[tuple[str, Puzzle]]:
    """A hexagon of side 5 and staggered rows, at each level."""
    made = []
    for seed, level in enumerate(["easy", "medium", "hard", "evil"]):
        size = (5, 5) if seed % 2 == 0 else (6, 7)
        puzzle = generate(ANIMALS, rows=size[0], cols=size[1], level=level, seed=seed, grid="hex")
        made.append((f"Tiere {seed + 1}", puzzle))
    return made


def assert_hexagons_under_letters(grid: GridDrawing) -> None:
    """Each hexagon's centre is its letter's: the drawing moved its outlines with its letters."""
    assert len(grid.cells) == len(grid.letters) > 0
    for outline, letter in zip(grid.cells, grid.letters, strict=True):
        assert len(outline) == 6
        x = sum(p[0] for p in outline) / 6
        top, bottom = min(p[1] for p in outline), max(p[1] for p in outline)
        assert x == pytest.approx(letter.x, abs=0.01)
        assert top < letter.y < bottom


@pytest.mark.parametrize(
    "design",
    [{}, {"puzzles_per_page": 2}, {"answers_per_page": 1}, {"large_print": True}],
    ids=["one-a-page", "two-a-page", "a-key-a-page", "large-print"],
)
def test_every_hexagon_stands_under_its_letter_on_every_page(design: dict[str, object]) -> None:
    large = bool(design.pop("large_print", False))
    book = BookFormat(parse_trim("8.5x11" if design.get("puzzles_per_page") else "6x9"))
    options = RenderOptions(language="de", large_print=large)
    puzzles = hex_puzzles()
    pages, _, _ = compose_book(
        puzzles,
        options,
        BookDesign(book, **design),  # type: ignore[arg-type]
        scores=[1.0] * len(puzzles),
    )
    grids = [grid.drawing() for page in pages for grid in page.grids]
    assert len(grids) == 2 * len(puzzles)  # each puzzle and its key
    for grid in grids:
        assert_hexagons_under_letters(grid)


needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils")


@needs_poppler
@pytest.mark.parametrize("language", ["de", "en"])
def test_the_book_command_makes_a_printed_book_of_hexagons_that_passes_preflight(
    tmp_path: Path, artifacts: Path, language: str
) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("# Tiere\n" + "\n".join(ANIMALS) + "\n", encoding="utf-8")
    pdf = tmp_path / "book.pdf"
    result = run(
        "book", words, "--grid", "hex", "--size", "5", "--count", "3", "--seed", "4",
        "--trim", "6x9", "--language", language, "-o", pdf, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    (artifacts / "paper").mkdir(parents=True, exist_ok=True)
    data = pdf.read_bytes()
    assert check_book(data, BookFormat(parse_trim("6x9"))) == []  # also checked before writing
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
    # the contents name a hexagon by its side, as its page's foot does
    contents = next(
        text for text in texts if ("Inhalt" if language == "de" else "Contents") in text
    )
    assert "5×5" in contents and "9×9" not in contents
    first = next(i for i, text in enumerate(texts) if "1. Tiere" in text and "→" in text)
    subprocess.run(
        ["pdftoppm", "-r", "60", "-png", "-f", str(first + 1), "-l", str(first + 1), pdf,
         artifacts / "paper" / f"book-hex-{language}"],
        check=True,
    )  # fmt: skip


def test_the_book_command_refuses_what_hexagons_cannot_be_in_one_line(tmp_path: Path) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("\n".join(ANIMALS) + "\n", encoding="utf-8")
    result = run("book", words, "--grid", "hex", "--wrap", "-o", tmp_path / "b.pdf", cwd=tmp_path)
    assert result.returncode == 2
    assert "--grid hex" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "b.pdf").exists()
