"""Books for print on demand: trims, mirrored margins, front matter, and the preflight check
that finds what a print shop would refuse.

Every book made here is measured twice: by ``preflight`` (pdfplumber) and, independently, by
the word boxes ``pdftotext -bbox`` reports, against the least margins the page count allows.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from tests.cli import run
from tests.pdftext import printed_book

from wortsuche import InputError, generate
from wortsuche.book import in_parallel
from wortsuche.book.printing import render_print_book
from wortsuche.model import Puzzle
from wortsuche.render import RenderOptions
from wortsuche.render.bookpages import BookDesign
from wortsuche.render.preflight import (
    ANY,
    PART,
    check_book,
    check_cover,
    check_drawn,
    fonts_not_embedded,
    type_size,
)
from wortsuche.render.trims import (
    BLEED,
    INCH,
    TRIMS,
    BookFormat,
    book_pages,
    cover_size,
    gutter,
    least_margins,
    parse_trim,
    spine_width,
)

ANIMALS = ["Hund", "Katze", "Maus", "Pferd", "Kuh", "Schaf", "Ziege", "Huhn", "Ente", "Gans"]
FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Traube", "Melone", "Banane", "Mango"]


@cache
def puzzles() -> tuple[tuple[str, Puzzle], ...]:
    """Five small puzzles from two lists (made once for the whole module)."""
    made = []
    for n in range(5):
        name, words = ("Tiere", ANIMALS) if n % 2 == 0 else ("Obst", FRUIT)
        made.append((name, generate(words[:8], rows=10, cols=10, seed=n + 1, language="de")))
    return tuple(made)


def make_book(trim: str, *, bleed: bool = False, **design: object) -> tuple[bytes, BookFormat]:
    book = BookFormat(parse_trim(trim), bleed=bleed)
    options = RenderOptions(title="Rätselspaß", language="de")
    pdf, _ = render_print_book(list(puzzles()), options, BookDesign(book, **design))  # type: ignore[arg-type]
    return pdf, book


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


# --- trims and the rules' figures ---------------------------------------------------------


@pytest.mark.parametrize(
    ("pages", "inches"),
    [(24, 0.375), (150, 0.375), (151, 0.5), (219, 0.5), (300, 0.5), (301, 0.625),
     (500, 0.625), (501, 0.75), (700, 0.75), (701, 0.875), (828, 0.875)],
)  # fmt: skip
def test_the_gutter_grows_with_the_page_count_as_kdp_publishes(pages: int, inches: float) -> None:
    assert gutter(pages) == inches * INCH


def test_a_book_has_at_least_24_pages_an_even_count_and_at_most_828() -> None:
    assert [book_pages(n) for n in (1, 23, 24, 25, 100, 101)] == [24, 24, 24, 26, 100, 102]
    with pytest.raises(InputError, match="at most 828"):
        gutter(829)


def test_trims_by_name_in_inches_and_in_millimetres() -> None:
    assert set(TRIMS) == {"5x8", "5.5x8.5", "6x9", "7x10", "8x10", "8.5x8.5", "8.5x11", "a4", "a5"}
    assert parse_trim("6x9") == parse_trim("6x9in") == parse_trim(" 6 X 9 ")
    assert round(parse_trim("a5").width / INCH * 25.4) == 148
    mm = parse_trim("152x229mm")
    assert (round(mm.width / INCH, 2), round(mm.height / INCH, 2)) == (5.98, 9.02)
    for bad in ("6by9", "1x9", "6x90", "letter"):
        with pytest.raises(InputError, match="trim"):
            parse_trim(bad)


def test_margins_are_mirrored_the_gutter_at_the_spine() -> None:
    book = BookFormat(parse_trim("6x9"), bleed=True)
    margins = least_margins(200, bleed=True)
    right_hand, left_hand = book.live_area(1, margins), book.live_area(2, margins)
    assert right_hand.left == 0.5 * INCH  # the spine is on the left of an odd page
    assert book.page_size[0] - right_hand.right == 0.375 * INCH  # the outside with bleed
    assert left_hand.left == 0.375 * INCH and book.page_size[0] - left_hand.right == 0.5 * INCH
    assert book.page_size == (6 * INCH + BLEED, 9 * INCH + 2 * BLEED)


def test_the_spine_grows_with_pages_and_paper() -> None:
    assert spine_width(100, "white") == pytest.approx(0.2252 * INCH)
    assert spine_width(100, "cream") == pytest.approx(0.25 * INCH)
    width, height = cover_size(parse_trim("6x9"), 100, "white")
    assert width == pytest.approx((12 + 0.2252 + 0.25) * INCH) and height == 9.25 * INCH


# --- books in every trim, measured twice ----------------------------------------------------


def words_outside(pdf: bytes, book: BookFormat, tmp_path: Path) -> list[str]:
    """An independent oracle: each word ``pdftotext -bbox`` finds outside the live area its
    page's side and the page count allow."""
    path = tmp_path / "measured.pdf"
    path.write_bytes(pdf)
    html = subprocess.run(
        ["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    pages = re.split(r"<page ", html)[1:]
    margins = least_margins(len(pages), bleed=book.bleed)
    outside = []
    for number, page in enumerate(pages, 1):
        width = float(re.search(r'width="([\d.]+)"', page).group(1))  # type: ignore[union-attr]
        height = float(re.search(r'height="([\d.]+)"', page).group(1))  # type: ignore[union-attr]
        assert (width, height) == pytest.approx(book.page_size, abs=0.5)
        inside_left = number % 2 == 1
        left = margins.inside if inside_left else margins.outside
        right = width - (margins.outside if inside_left else margins.inside)
        for match in re.finditer(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)', page
        ):
            x0, y0, x1, y1 = map(float, match.groups()[:4])
            if x0 < left or x1 > right or y0 < margins.top or y1 > height - margins.bottom:
                outside.append(f"page {number}: {match.group(5)}")
    return outside


needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils")


@needs_pdftotext
@pytest.mark.parametrize("trim", sorted(TRIMS))
def test_a_book_in_every_trim_passes_preflight_and_an_independent_measurement(
    trim: str, tmp_path: Path
) -> None:
    pdf, book = make_book(trim)
    assert check_book(pdf, book) == []
    assert words_outside(pdf, book, tmp_path) == []
    count = len(PdfReader(io.BytesIO(pdf)).pages)
    assert count >= 24 and count % 2 == 0


@needs_pdftotext
@pytest.mark.parametrize("trim", ["5x8", "8.5x11", "140x216mm"])
def test_a_book_with_bleed_passes_too(trim: str, tmp_path: Path) -> None:
    pdf, book = make_book(trim, bleed=True, answers_per_page=1)
    assert check_book(pdf, book) == []
    assert words_outside(pdf, book, tmp_path) == []
    # the same book measured as one without bleed is the wrong size
    assert "pages 1 to 24: the page is" in str(check_book(pdf, BookFormat(book.trim))[0])


def test_front_matter_sections_on_right_hand_pages_and_numbered_pages() -> None:
    pdf, _ = make_book("6x9", copyright="© 2026 Beispielverlag", subtitle="Für die Reise")
    texts = page_texts(pdf)
    assert "Rätselspaß" in texts[0] and "Für die Reise" in texts[0]
    assert "© 2026 Beispielverlag" in texts[1]
    assert "Inhalt" in texts[2] and "So wird gespielt" in texts[3]
    first_puzzle = next(i for i, t in enumerate(texts) if "1. Tiere" in t and "Finde" in t)
    answers = next(i for i, t in enumerate(texts) if t.startswith("Lösungen"))
    assert first_puzzle % 2 == 0 and answers % 2 == 0  # index 0 is page 1: right-hand pages
    # the contents point at them, and the pages carry their numbers
    contents = texts[2]
    assert re.search(rf"1\. Tiere.*{first_puzzle + 1}\n", contents)
    assert re.search(rf"Lösungen\s*{answers + 1}", contents)
    assert texts[first_puzzle].rstrip().endswith(str(first_puzzle + 1))
    assert texts[answers].rstrip().endswith(str(answers + 1))


@pytest.mark.parametrize(
    ("order", "headings"),
    [("easy-to-hard", ["Teil 1: Zum Aufwärmen", "Teil 2", "Teil 3: Für Profis"]),
     ("by-theme", ["Tiere", "Obst"])],
)  # fmt: skip
def test_each_section_opens_on_a_right_hand_page_with_a_divider(
    order: str, headings: list[str]
) -> None:
    book = BookFormat(parse_trim("6x9"))
    options = RenderOptions(language="de")
    pdf, _ = render_print_book(list(puzzles()), options, BookDesign(book), order=order)
    texts = page_texts(pdf)
    for heading in headings:
        divider = next(i for i, t in enumerate(texts) if t.strip().startswith(heading))
        assert divider % 2 == 0, f"{heading} on page {divider + 1}"
        assert "Finde" not in texts[divider]  # a page of its own


def test_no_scores_leaves_out_difficulty_level_and_seed() -> None:
    with_scores = "\n".join(page_texts(make_book("6x9")[0]))
    assert "Schwierigkeit" in with_scores and "Startwert" in with_scores
    without = "\n".join(page_texts(make_book("6x9", scores=False)[0]))
    assert "Schwierigkeit" not in without and "Startwert" not in without and "mittel" not in without


@pytest.mark.parametrize("per_page", [1, 2, 4, 6, 9])
def test_answer_keys_per_page_numbered_like_their_puzzles(per_page: int) -> None:
    texts = page_texts(make_book("8.5x11", answers_per_page=per_page)[0])
    keys = [t for t in texts if t.startswith("Lösungen")]
    assert len(keys) == -(-5 // per_page)
    assert all(f"{n}. {name}" in "".join(keys) for n, name in [(1, "Tiere"), (2, "Obst")])


# --- preflight finds planted violations in hand-made PDFs ------------------------------------


def hand_made(  # type: ignore[no-untyped-def]
    pages: int,
    *,
    text_at: tuple[int, float] | None = None,
    core_font: bool = False,
    plant: tuple[int, Callable[[Any], None]] | None = None,
):
    """A 6x9 PDF of ``pages`` pages, each with a word well inside; ``text_at`` plants a word
    on a page at an x position; ``core_font`` writes in Helvetica, which is not embedded;
    ``plant`` draws on a page with the FPDF document."""
    from fpdf import FPDF

    from wortsuche.render.metrics import font_path

    pdf = FPDF(unit="pt", format=(6 * INCH, 9 * INCH))
    pdf.set_auto_page_break(False)
    pdf.add_font("DejaVu", "", str(font_path()))
    for number in range(1, pages + 1):
        pdf.add_page()
        pdf.set_font("helvetica" if core_font and number == 3 else "DejaVu", size=12)
        pdf.text(2 * INCH, 3 * INCH, "Wortsuche")
        if text_at and text_at[0] == number:
            pdf.text(text_at[1], 4 * INCH, "Rand")
        if plant and plant[0] == number:
            plant[1](pdf)
    return bytes(pdf.output())


SIX_BY_NINE = BookFormat(parse_trim("6x9"))


def test_preflight_passes_a_clean_hand_made_pdf() -> None:
    assert check_book(hand_made(24), SIX_BY_NINE) == []


def test_preflight_finds_text_in_the_gutter_on_the_correct_side(tmp_path: Path) -> None:
    # 0.2 in from the left edge: in the gutter of a right-hand page (page 5) ...
    planted = hand_made(24, text_at=(5, 0.2 * INCH))
    if shutil.which("pdftotext"):
        assert words_outside(planted, SIX_BY_NINE, tmp_path) == ["page 5: Rand"]
    found = check_book(planted, SIX_BY_NINE)
    assert [str(v) for v in found] == [
        "page 5: 'R' reaches 0.175 in into the inside margin (gutter) of 0.375 in on the left"
    ]
    # ... but 0.3 in from the left of a left-hand page is in the outside margin's allowance
    assert check_book(hand_made(24, text_at=(6, 0.3 * INCH)), SIX_BY_NINE) == []
    # and at the right of a left-hand page it is in the gutter
    found = check_book(hand_made(24, text_at=(6, 5.7 * INCH)), SIX_BY_NINE)
    assert len(found) == 1 and found[0].page == 6 and "gutter" in found[0].problem


def split_in_parts(pdf: bytes) -> list[bytes]:
    """The PDF's pages as PDFs of :data:`PART` pages each (as a book is drawn)."""
    from pypdf import PdfWriter

    reader = PdfReader(io.BytesIO(pdf))
    parts = []
    for start in range(0, len(reader.pages), PART):
        writer = PdfWriter()
        for page in reader.pages[start : start + PART]:
            writer.add_page(page)
        out = io.BytesIO()
        writer.write(out)
        parts.append(out.getvalue())
    return parts


def test_checking_the_drawn_parts_finds_what_checking_the_whole_book_finds() -> None:
    # a gutter on page 45 (right-hand, in the second part) and one on page 84 (left-hand, third)
    planted = hand_made(90, text_at=(45, 0.2 * INCH))
    found = check_book(planted, SIX_BY_NINE)
    assert [v.page for v in found] == [45]
    with in_parallel(2) as workers:
        waiting = check_drawn(split_in_parts(planted), SIX_BY_NINE, 90, start=workers.start)
        assert waiting() + fonts_not_embedded(planted) == found
    planted = hand_made(90, text_at=(84, 5.7 * INCH), core_font=True)
    found = check_book(planted, SIX_BY_NINE)
    assert [v.page for v in found] == [84, 3]
    waiting = check_drawn(split_in_parts(planted), SIX_BY_NINE, 90)
    assert waiting() + fonts_not_embedded(planted) == found


def png(width: int, height: int) -> io.BytesIO:
    """A grey PNG of ``width`` × ``height`` pixels."""
    from PIL import Image

    data = io.BytesIO()
    Image.new("RGB", (width, height), (90, 90, 90)).save(data, format="PNG")
    data.seek(0)
    return data


def test_preflight_finds_an_image_in_the_gutter() -> None:
    # 0.05 in from the left edge of a right-hand page: in its gutter
    def near_the_spine(pdf: Any) -> None:
        pdf.image(png(20, 20), x=0.05 * INCH, y=4 * INCH, w=0.5 * INCH, h=0.5 * INCH)

    found = [str(v) for v in check_book(hand_made(24, plant=(5, near_the_spine)), SIX_BY_NINE)]
    assert found == [
        "page 5: an image reaches 0.325 in into the inside margin (gutter) of 0.375 in on the left"
    ]

    def well_inside(pdf: Any) -> None:
        pdf.image(png(20, 20), x=2 * INCH, y=5 * INCH, w=1 * INCH, h=1 * INCH)

    assert check_book(hand_made(24, plant=(5, well_inside)), SIX_BY_NINE) == []


def test_preflight_finds_a_small_box_at_the_edge_but_lets_backgrounds_be() -> None:
    def small_box(pdf: Any) -> None:
        pdf.set_fill_color(0, 0, 0)
        pdf.rect(0, 4 * INCH, 0.3 * INCH, 0.3 * INCH, style="F")

    found = [str(v) for v in check_book(hand_made(24, plant=(6, small_box)), SIX_BY_NINE)]
    assert found == [
        "page 6: a rect reaches 0.25 in into the outside margin of 0.25 in on the left"
    ]

    def backgrounds(pdf: Any) -> None:
        pdf.set_fill_color(240, 235, 220)
        pdf.rect(0, 0, 6 * INCH, 9 * INCH, style="F")  # the whole page
        pdf.set_fill_color(40, 70, 90)
        pdf.rect(0, 0, 6 * INCH, 1 * INCH, style="F")  # a band across the top
        pdf.image(png(30, 90), x=5.5 * INCH, y=0, w=0.5 * INCH, h=9 * INCH)  # a strip down the side

    assert check_book(hand_made(24, plant=(6, backgrounds)), SIX_BY_NINE) == []


def test_preflight_finds_an_odd_or_short_page_count() -> None:
    found = [str(v) for v in check_book(hand_made(25), SIX_BY_NINE)]
    assert found == ["25 pages: a printed book has an even number of pages"]
    found = [str(v) for v in check_book(hand_made(10), SIX_BY_NINE)]
    assert found == ["10 pages: a printed book has at least 24"]


def test_preflight_finds_a_font_that_is_not_embedded() -> None:
    found = [str(v) for v in check_book(hand_made(24, core_font=True), SIX_BY_NINE)]
    assert found == ["page 3: the font Helvetica is not embedded"]


def test_preflight_checks_the_cover_size_against_the_page_count() -> None:
    from fpdf import FPDF

    def cover(width: float) -> bytes:
        pdf = FPDF(unit="pt", format=(width, 9.25 * INCH))
        pdf.add_page()
        return bytes(pdf.output())

    right = cover_size(SIX_BY_NINE.trim, 120, "cream")[0]
    assert check_cover(cover(right), SIX_BY_NINE, 120, "cream") == []
    found = check_cover(cover(right), SIX_BY_NINE, 120, "white")
    assert len(found) == 1 and "cover: the page is" in str(found[0])
    # the size the other paper gives: the likeliest slip is said with its remedy
    assert str(found[0].problem).endswith("; that is the size for --paper-color cream")
    other = check_cover(cover(right + 20), SIX_BY_NINE, 120, "white")
    assert len(other) == 1 and "--paper-color" not in str(other[0].problem)


# --- through the command line -----------------------------------------------------------------


def test_book_with_trim_end_to_end_and_preflight_agrees(tmp_path: Path) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("# Tiere im Zoo\n" + "\n".join(ANIMALS) + "\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    args = ["book", words, "--count", "3", "--words-per-puzzle", "6", "--seed", "3"]
    made = run(*args, "--trim", "5.5x8.5", "--no-scores", "-o", out)
    assert made.returncode == 0, made.stderr
    texts = page_texts(out.read_bytes())
    assert any("1. Tiere im Zoo" in t for t in texts)
    checked = run("preflight", out, "--trim", "5.5x8.5")
    assert checked.returncode == 0 and "ready to print" in checked.stdout
    wrong = run("preflight", out, "--trim", "6x9")
    assert wrong.returncode == 1
    assert f"{out}: pages 1 to 24: the page is 5.5 in × 8.5 in, not 6 in × 9 in" in wrong.stdout


def test_preflight_command_prints_each_violation_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(hand_made(25, text_at=(3, 10), core_font=True))
    result = run("preflight", bad, "--trim", "6x9")
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert f"{bad}: 25 pages: a printed book has an even number of pages" in lines
    assert any(line.startswith(f"{bad}: page 3: 'R' reaches") for line in lines)
    assert f"{bad}: page 3: the font Helvetica is not embedded" in lines


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en_US.UTF-8", "1 problem: not ready to print"),
        ("de_DE.UTF-8", "1 Problem: nicht druckfertig"),
    ],
)
def test_preflight_counts_one_problem_in_the_singular(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str
) -> None:
    from wortsuche.i18n import LOCALE_VARIABLES

    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", language)
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(hand_made(24, text_at=(5, 0.2 * INCH)))
    result = run("preflight", bad, "--trim", "6x9")
    assert result.returncode == 1
    assert result.stdout.splitlines()[-1] == f"{bad}: {said}"


@pytest.mark.parametrize(
    ("args", "message"),
    [(["preflight", "missing.pdf", "--trim", "6x9"], "cannot read missing.pdf"),
     (["preflight", "words.txt", "--trim", "6x9"], "words.txt is not a PDF"),
     (["preflight", "words.txt", "--trim", "6by9"], "unknown trim '6by9'"),
     (["book", "words.txt", "--bleed", "-o", "b.pdf"], "--bleed belongs to a printed book"),
     (["book", "words.txt", "--trim", "9x99", "-o", "b.pdf"], "a trim's sides are"),
     (["book", "words.txt", "--order", "by-theme", "-o", "b.pdf"], "give --trim too"),
     (["preflight", "cut.pdf", "--trim", "6x9"], "cut.pdf is not a PDF that can be read (Unexpected EOF)"),
     (["book", "words.txt", "--trim", "6x9", "--cover", "./b.pdf", "-o", "b.pdf", "--force"],
      "the cover and the book would be the same file, b.pdf")],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "words.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    (tmp_path / "cut.pdf").write_bytes(hand_made(24)[:3000])  # a book cut off in the copying
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2 and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.count(message.split(" (")[0]) == 1  # said once, not wrapped in itself
    assert not (tmp_path / "b.pdf").exists()


def test_a_book_and_its_cover_that_both_exist_are_named_together(tmp_path: Path) -> None:
    (tmp_path / "words.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    (tmp_path / "b.pdf").write_bytes(b"mine")
    (tmp_path / "c.pdf").write_bytes(b"mine too")
    args = ["book", "words.txt", "--trim", "6x9", "--cover", "c.pdf", "-o", "b.pdf"]
    result = run(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert (
        result.stderr == "wortsuche: error: b.pdf and c.pdf exist; use --force to overwrite them\n"
    )
    (tmp_path / "b.pdf").unlink()
    result = run(*args, cwd=tmp_path)
    assert result.stderr == "wortsuche: error: c.pdf exists; use --force to overwrite it\n"
    assert (tmp_path / "c.pdf").read_bytes() == b"mine too" and not (tmp_path / "b.pdf").exists()


def test_a_trim_that_squeezes_the_grid_to_a_dot_is_refused(tmp_path: Path) -> None:
    """14×3 in is within the sides a trim may have, but its grids' letters came out under 1 pt
    and preflight said "ready to print". Its answer keys, even one a page, are refused first."""
    (tmp_path / "words.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    result = run("book", "words.txt", "--trim", "14x3", "--seed", "1", "-o", "b.pdf", cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "letters would be 4.2 pt even one a page, under the 7 pt" in result.stderr
    assert "a larger --trim" in result.stderr
    assert not (tmp_path / "b.pdf").exists()


def test_titles_come_from_a_file_the_heading_or_a_capitalised_file_name(tmp_path: Path) -> None:
    (tmp_path / "obst_und_früchte.txt").write_text("\n".join(FRUIT), encoding="utf-8")
    (tmp_path / "zoo.txt").write_text("# Tiere\n" + "\n".join(ANIMALS), encoding="utf-8")
    (tmp_path / "titles.txt").write_text("Leckeres Obst\nIm Zoo\n", encoding="utf-8")
    lists = ["obst_und_früchte.txt", "zoo.txt"]
    common = ["book", *lists, "--seed", "1", "--trim", "6x9", "--language", "de"]
    assert run(*common, "-o", "a.pdf", cwd=tmp_path).returncode == 0
    contents = page_texts((tmp_path / "a.pdf").read_bytes())[2]
    assert "1. Obst und früchte" in contents and "2. Tiere" in contents
    assert run(*common, "--titles", "titles.txt", "-o", "b.pdf", cwd=tmp_path).returncode == 0
    contents = page_texts((tmp_path / "b.pdf").read_bytes())[2]
    assert "1. Leckeres Obst" in contents and "2. Im Zoo" in contents
    one = run(*common, "--titles", "zoo.txt", "-o", "c.pdf", cwd=tmp_path)
    assert one.returncode == 2 and "titles for 2 word lists" in one.stderr


# --- the wrap-around cover ----------------------------------------------------------------------


def spine_sizes(cover: bytes, pages: int) -> list[float]:
    """The sizes of the letters on the cover's spine (between the back and the front), read
    with pdfplumber."""
    import pdfplumber

    left = BLEED + parse_trim("6x9").width
    right = left + spine_width(pages, "cream")
    with pdfplumber.open(io.BytesIO(cover)) as document:
        chars = document.pages[0].chars
    on_spine = [c for c in chars if left <= c["x0"] and c["x1"] <= right and c["text"].strip()]
    return [type_size(c) for c in on_spine]


@pytest.mark.parametrize(
    ("pages", "on_spine"), [(78, False), (80, False), (90, True), (100, True), (400, True)]
)
def test_the_cover_fits_the_page_count_and_has_spine_text_only_at_7_pt_or_more(
    pages: int, on_spine: bool
) -> None:
    """KDP allows spine text from 80 pages, but 80 pages of cream paper make a spine of 0.2 in,
    where the title would be 5.4 pt: under the 7 pt KDP prints (an 86-page book's was 4.9)."""
    from wortsuche.render.cover import CoverText, render_cover

    trim = parse_trim("6x9")
    text = CoverText("Tierisch gute Wortsuche", "Für unterwegs", "Hinten steht das.")
    cover = render_cover(text, puzzles()[0][1], trim, pages, "cream", "de")
    assert check_cover(cover, SIX_BY_NINE, pages, "cream") == []
    words = page_texts(cover)[0]
    assert words.count("Tierisch gute") == (2 if on_spine else 1)
    assert "Für unterwegs" in words and "Hinten steht das." in words
    sizes = spine_sizes(cover, pages)
    assert bool(sizes) == on_spine and min(sizes, default=7.0) >= 7.0


def test_the_author_is_on_the_title_page_the_front_and_the_spine_where_it_fits() -> None:
    from wortsuche.render.cover import CoverText, render_cover, spine_words

    trim = parse_trim("6x9")
    text = CoverText("Tierisch gute Wortsuche", "Für unterwegs", None, "Anna Muster")
    for pages, on_spine in ((80, False), (90, True), (400, True)):  # 80: a spine of 5.4 pt
        cover = render_cover(text, puzzles()[0][1], trim, pages, "cream", "de")
        words = page_texts(cover)[0]
        assert words.count("Anna Muster") == words.count("Tierisch gute") == 1 + on_spine
        assert min(spine_sizes(cover, pages), default=7.0) >= 7.0
    spine = spine_width(90, "cream")
    title = " ".join(["Wortsuchrätsel"] * 6)
    authors = "Anna-Maria Musterfrau-Beispielhaft und Karl-Heinz Mustermann"
    line, size = spine_words(CoverText(title, author=authors), spine, 9 * INCH) or ("", 0)
    assert line == title and size >= 7.0  # no room for both at 7 pt: the title alone
    book = BookFormat(trim)
    options = RenderOptions(title="Rätselspaß", language="de")
    design = BookDesign(book, subtitle="Für unterwegs", author="Anna Muster")
    pdf, _ = render_print_book(list(puzzles()), options, design)
    assert page_texts(pdf)[0].split("\n")[-1].strip() == "Anna Muster"


def test_book_writes_its_cover_and_preflight_checks_both(tmp_path: Path) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("\n".join(ANIMALS), encoding="utf-8")
    out, cover = tmp_path / "book.pdf", tmp_path / "cover.pdf"
    made = run(
        "book", words, "--count", "2", "--seed", "1", "--trim", "8.5x11", "--bleed",
        "--cover", cover, "--paper-color", "cream", "--title", "Zoo", "-o", out,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    checked = run("preflight", out, "--trim", "8.5x11", "--bleed", "--cover", cover,
                  "--paper-color", "cream")  # fmt: skip
    assert checked.returncode == 0, checked.stdout
    box = PdfReader(cover).pages[0].mediabox
    want = cover_size(parse_trim("8.5x11"), 24, "cream")
    assert (float(box.width), float(box.height)) == pytest.approx(want)


def test_the_book_is_the_same_drawn_and_checked_in_parts_by_two_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import wortsuche.render.bookpages
    import wortsuche.render.preflight

    monkeypatch.setattr(wortsuche.render.bookpages, "PART", 7)  # several parts in a small book
    monkeypatch.setattr(wortsuche.render.preflight, "PART", 7)
    words = tmp_path / "tiere.txt"
    words.write_text("\n".join(ANIMALS), encoding="utf-8")
    made = {}
    for workers in ("1", "2"):
        out = tmp_path / f"book{workers}.pdf"
        args = ["book", words, "--count", "4", "--seed", "2", "--trim", "7x10", "--force"]
        assert run(*args, "--workers", workers, "-o", out).returncode == 0
        made[workers] = out.read_bytes()
    assert made["1"] == made["2"]
    texts = page_texts(made["1"])
    assert len(texts) == 24 and texts[0].strip() == "Wortsuchrätsel"
    numbered = [i + 1 for i, t in enumerate(texts) if "Finde die" in t]
    assert len(numbered) == 4
    assert all(texts[n - 1].rstrip().endswith(str(n)) for n in numbered)


THIRTY = [*ANIMALS, *FRUIT, "Esel", "Fuchs", "Wolf", "Hase", "Igel", "Hirsch", "Lama", "Otter",
          "Dachs", "Elch", "Biber", "Robbe"]  # fmt: skip


@pytest.mark.parametrize("count", [12, 20, 30])
def test_large_print_keeps_the_list_on_the_puzzles_page_on_letter_size(count: int) -> None:
    import pdfplumber

    puzzle = generate(THIRTY[:count], rows=15, cols=15, seed=count, language="de")
    book = BookFormat(parse_trim("8.5x11"))
    options = RenderOptions(large_print=True, language="de")
    pdf, _ = render_print_book([("Tiere", puzzle)], options, BookDesign(book))
    texts = page_texts(pdf)
    page_index = next(i for i, t in enumerate(texts) if "1. Tiere" in t and "Finde" in t)
    assert all(entry in texts[page_index] for entry in THIRTY[:count])
    assert not any("Wörter" in t and "1. Tiere" in t for t in texts[page_index + 1 :])
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        words = document.pages[page_index].extract_words(extra_attrs=["size"])
    letters = [w["size"] for w in words if len(w["text"]) == 1 and w["text"].isupper()]
    listed = [w["size"] for w in words if w["text"] in THIRTY[:count]]
    assert len(letters) >= 15 * 15 and min(letters) >= 16
    assert len(listed) == count and min(listed) >= 14
    assert check_book(pdf, book) == []


def test_large_print_keeps_fifteen_long_words_on_a_20x20_puzzles_page_on_letter_size() -> None:
    """The most long words that keep both sizes: 30 words of 12 letters would need a 16x16
    grid under their list (three columns of ten lines at 14 pt), where they do not fit."""
    import pdfplumber

    words = LONG_WORDS[:15]
    puzzle = generate(words, rows=20, cols=20, seed=1, language="de")
    book = BookFormat(parse_trim("8.5x11"))
    options = RenderOptions(large_print=True, language="de")
    pdf, _ = render_print_book([("Tiere", puzzle)], options, BookDesign(book))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = next(p for p in document.pages if "Finde" in (p.extract_text() or ""))
        found = page.extract_words(extra_attrs=["size"])
    letters = [w["size"] for w in found if len(w["text"]) == 1 and w["text"].isupper()]
    listed = [w["size"] for w in found if w["text"] in words]
    assert len(letters) >= 20 * 20 and min(letters) >= 16
    assert len(listed) == len(words) and min(listed) >= 14


def test_large_print_on_a_small_trim_puts_a_long_list_on_its_own_page() -> None:
    puzzle = generate(THIRTY, rows=17, cols=12, seed=1, language="de")
    book = BookFormat(parse_trim("5x8"))
    options = RenderOptions(large_print=True, language="de")
    pdf, _ = render_print_book([("Tiere", puzzle)], options, BookDesign(book))
    texts = page_texts(pdf)
    assert any("Wörter" in t and "Robbe" in t for t in texts)
    assert check_book(pdf, book) == []


@pytest.mark.parametrize(("language", "title"), [("de", "Tiere"), ("en", "Animals")])
def test_a_themes_puzzles_are_titled_in_the_books_language(
    tmp_path: Path, language: str, title: str
) -> None:
    args = ["book", "--theme", "animals", "--count", "2", "--seed", "1", "--language", language]
    assert run(*args, "--trim", "6x9", "-o", "b.pdf", cwd=tmp_path).returncode == 0
    contents = page_texts((tmp_path / "b.pdf").read_bytes())[2]
    assert f"1. {title}" in contents and f"2. {title}" in contents


def test_a_book_needs_word_lists_or_a_theme(tmp_path: Path) -> None:
    result = run("book", "-o", "b.pdf", cwd=tmp_path)
    assert result.returncode == 2 and "word lists (WORDS.txt) or --theme" in result.stderr


@pytest.mark.parametrize("trim", [None, "5x8"])
def test_the_contents_use_one_type_size_even_for_long_titles(
    tmp_path: Path, trim: str | None
) -> None:
    import pdfplumber

    long = "# Tiere auf dem Bauernhof, im Wald, auf der Wiese und im Zoo der großen Stadt\n"
    (tmp_path / "a.txt").write_text(long + "\n".join(ANIMALS), encoding="utf-8")
    (tmp_path / "b.txt").write_text("\n".join(FRUIT), encoding="utf-8")
    args = ["book", "a.txt", "b.txt", "--seed", "1", "--language", "de", "-o", "b.pdf"]
    assert run(*args, *(["--trim", trim] if trim else []), cwd=tmp_path).returncode == 0
    with pdfplumber.open(tmp_path / "b.pdf") as document:
        page = document.pages[2 if trim else 0]
        headings = {"Inhalt", "Wortsuchrätsel"}
        words = page.extract_words(extra_attrs=["size"], keep_blank_chars=True)
        sizes = {round(w["size"], 1) for w in words if w["text"].strip() not in headings}
    assert sizes == {11.0}
    assert "…" in page_texts((tmp_path / "b.pdf").read_bytes())[2 if trim else 0]


def test_parts_of_a_run_join_into_a_printed_book(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text("# Tiere\n" + "\n".join(ANIMALS), encoding="utf-8")
    for first in ("1", "3"):
        part = ["book", "tiere.txt", "--seed", "4", "--first", first, "--count", "2"]
        assert run(*part, "-o", f"part{first}.jsonl", cwd=tmp_path).returncode == 0
    joined = run(
        "book", "--join", "part1.jsonl", "part3.jsonl", "--trim", "a5", "-o", "b.pdf", cwd=tmp_path
    )
    assert joined.returncode == 0, joined.stderr
    pdf = (tmp_path / "b.pdf").read_bytes()
    assert check_book(pdf, BookFormat(parse_trim("a5"))) == []
    assert "4. Tiere" in page_texts(pdf)[2]
    bleed = run("book", "--join", "part1.jsonl", "--bleed", "-o", "c.pdf", cwd=tmp_path)
    assert bleed.returncode == 2 and "--bleed belongs to a printed book" in bleed.stderr


# --- guarantees over any page count and any trim ------------------------------------------------


@given(pages=st.integers(1, 828), bleed=st.booleans())
def test_any_page_count_gets_an_even_count_and_mirrored_margins(pages: int, bleed: bool) -> None:
    count = book_pages(pages)
    assert count % 2 == 0 and count >= max(pages, 24) and count - max(pages, 24) <= 1
    book = BookFormat(parse_trim("6x9"), bleed=bleed)
    margins = least_margins(count, bleed=bleed)
    odd, even = book.live_area(2 * (pages // 2) + 1, margins), book.live_area(2, margins)
    width = book.page_size[0]
    assert odd.left == width - even.right == gutter(count)  # the gutter at the spine
    assert width - odd.right == even.left == (0.375 if bleed else 0.25) * INCH


@settings(max_examples=4, deadline=None)
@given(
    width=st.integers(100, 230), height=st.integers(150, 300), bleed=st.booleans()
)  # millimetres
def test_a_book_in_any_trim_passes_preflight(width: int, height: int, bleed: bool) -> None:
    pdf, book = make_book(f"{width}x{height}mm", bleed=bleed, answers_per_page=2)
    assert check_book(pdf, book) == []


# --- large print with long words ----------------------------------------------------------------

LONG_WORDS = [
    "Feuersalamander", "Stachelschwein", "Schmetterling", "Eichhörnchen", "Nashornkäfer",
    "Marienkäfer", "Wildschwein", "Fledermaus", "Heuschrecke", "Schildkröte", "Erdmännchen",
    "Murmeltier", "Regenwurm", "Krokodil", "Nilpferd", "Waschbär", "Seepferdchen", "Tintenfisch",
    "Kaninchen", "Meerschweinchen", "Goldfisch", "Brillenschlange", "Gürteltier", "Ameisenbär",
    "Kolibri", "Papagei", "Flamingo", "Pinguin", "Känguru", "Zitronenfalter",
]  # fmt: skip


FITTING_WORDS = [word for word in LONG_WORDS if len(word) <= 12][:18]
"""Eighteen long words that fit a 17 x 12 grid, the largest large print holds on 5 x 8 in."""


@cache
def long_word_puzzle() -> Puzzle:
    """Eighteen long words in a grid too large for large print to keep the list beside it on a
    small trim (made once for the whole module)."""
    return generate(FITTING_WORDS, rows=17, cols=12, seed=5, language="de")


@pytest.mark.parametrize("trim", sorted(TRIMS))
def test_large_print_with_a_list_overleaf_passes_preflight_in_every_trim(
    trim: str, tmp_path: Path
) -> None:
    """Where the list does not fit under the grid, it faces it (the grid on a left-hand page,
    the list on the right-hand one), never on the grid's back; letters 16 pt, list 14 pt."""
    book = BookFormat(parse_trim(trim))
    options = RenderOptions(large_print=True, language="de")
    titled = [("Lange Wörter", long_word_puzzle()), *puzzles()[:2]]
    pdf, _ = render_print_book(titled, options, BookDesign(book, scores=False))
    assert check_book(pdf, book) == []
    everything = " ".join(page_texts(pdf))
    assert all(word in everything for word in FITTING_WORDS)
    (tmp_path / "b.pdf").write_bytes(pdf)
    printed = printed_book(tmp_path / "b.pdf", answers="Lösungen")
    assert sorted(printed.puzzles) == [1, 2, 3]
    for puzzle in printed.puzzles.values():
        assert min(puzzle.grid_sizes) >= 16 and min(puzzle.list_sizes) >= 14
        assert len(puzzle.grid_pages) == 1 and puzzle.list_pages
        assert not puzzle.list_apart() and not puzzle.list_on_back()
    assert min(printed.key_sizes.values()) >= 7


def test_a_large_print_grid_larger_than_the_trim_holds_is_refused_naming_the_largest() -> None:
    book = BookFormat(parse_trim("5x8"))
    options = RenderOptions(large_print=True, language="de")
    puzzle = generate(LONG_WORDS, rows=22, cols=22, seed=5, language="de")
    with pytest.raises(InputError, match=r"a 22x22 grid's letters would be under 16 pt in "
                       r"large print on this trim; the largest grid that fits is 17x12"):  # fmt: skip
        render_print_book([("Lange Wörter", puzzle)], options, BookDesign(book))


@pytest.mark.parametrize(("theme", "trim"), [("holidays", "7x10")])
def test_a_themes_large_print_book_with_a_list_overleaf_is_written(
    tmp_path: Path, theme: str, trim: str
) -> None:
    args = ["book", "--theme", theme, "--trim", trim, "--large-print", "--language", "de"]
    made = run(*args, "--seed", "1", "-o", "b.pdf", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert any(": Wörter" in t for t in page_texts((tmp_path / "b.pdf").read_bytes()))


def test_a_themes_puzzle_too_large_for_large_print_on_its_trim_is_refused(tmp_path: Path) -> None:
    """All 60 words of a theme in one puzzle need 27 x 27; large print on 5 x 8 in holds 16 x 12."""
    args = ["book", "--theme", "house", "--trim", "5x8", "--large-print", "--language", "de"]
    made = run(*args, "--seed", "1", "-o", "b.pdf", cwd=tmp_path)
    assert made.returncode == 2 and made.stderr.count("\n") == 1
    assert "holds at most 16x12" in made.stderr and not (tmp_path / "b.pdf").exists()


def pdftotext(pdf: bytes, tmp_path: Path) -> str:
    """The PDF's text as poppler's pdftotext reads it (an oracle apart from pypdf)."""
    path = tmp_path / "read.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


@needs_pdftotext
@pytest.mark.parametrize("large_print", [False, True])
def test_a_book_has_no_name_line_even_where_a_list_goes_on_overleaf(
    tmp_path: Path, large_print: bool
) -> None:
    book = BookFormat(parse_trim("6x9"))
    options = RenderOptions(large_print=large_print, language="de")
    titled = [("Lange Wörter", long_word_puzzle()), *puzzles()[:2]]
    pdf, _ = render_print_book(titled, options, BookDesign(book))
    text = pdftotext(pdf, tmp_path)
    if large_print:  # the list went on overleaf, where a worksheet's page has its name line
        assert "Lange Wörter: Wörter" in text.replace("\n", " ")
    for field in ("Name:", "Datum:", "Klasse:"):
        assert field not in text


# --- the cover gives no answer away -----------------------------------------------------------


def grid_rows(page) -> set[str]:  # type: ignore[no-untyped-def]
    """The lines of five or more single capital letters on a pdfplumber page: a grid's rows."""
    lines: dict[int, list[dict[str, object]]] = {}
    for char in page.chars:
        if len(char["text"]) == 1 and char["text"].isupper():
            lines.setdefault(round(char["top"]), []).append(char)
    return {
        "".join(str(c["text"]) for c in sorted(row, key=lambda c: float(c["x0"])))  # type: ignore[arg-type]
        for row in lines.values()
        if len(row) >= 5
    }


def test_the_covers_grid_is_none_of_the_books_grids(tmp_path: Path) -> None:
    import pdfplumber

    args = ["book", "--theme", "animals", "--count", "2", "--seed", "3", "--trim", "6x9"]
    made = run(*args, "--cover", "c.pdf", "-o", "b.pdf", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    with pdfplumber.open(tmp_path / "b.pdf") as book:
        inside = set().union(*(grid_rows(page) for page in book.pages))
    with pdfplumber.open(tmp_path / "c.pdf") as cover:
        on_cover = grid_rows(cover.pages[0])
    assert len(inside) >= 2 * 10 and len(on_cover) >= 10
    assert on_cover.isdisjoint(inside)


def test_the_cover_artwork_has_the_first_puzzles_words_in_another_grid() -> None:
    from wortsuche.book import cover_artwork

    book = [puzzle for _, puzzle in puzzles()]
    artwork = cover_artwork(book)
    assert artwork is not None
    assert artwork.words == book[0].words and (artwork.rows, artwork.cols) == (10, 10)
    assert all(artwork.grid.rows != puzzle.grid.rows for puzzle in book)
    assert cover_artwork(book) == artwork  # the same book, the same cover


def test_a_cover_with_a_grid_of_the_book_shows_it_unmarked() -> None:
    import pdfplumber

    from wortsuche.render.cover import CoverText, render_cover

    def curves(marked: bool) -> int:
        cover = render_cover(
            CoverText("Zoo"), puzzles()[0][1], parse_trim("6x9"), 24, "white", "de", marked=marked
        )
        with pdfplumber.open(io.BytesIO(cover)) as document:
            return len(document.pages[0].curves)

    # a capsule around each of the eight words, a rounded frame either way
    assert curves(True) - curves(False) == 8


# --- picture clues ----------------------------------------------------------------------------

PICTURES = ["IGEL = 🦔", "EULE = 🦉", "HUND = 🐕", "KATZE = 🐈", "FUCHS = 🦊", "MAUS = 🐁"]


@cache
def picture_puzzle() -> Puzzle:
    return generate(PICTURES, rows=8, cols=8, seed=2, language="de")


@pytest.mark.parametrize("large_print", [False, True])
def test_a_printed_book_draws_a_puzzles_picture_list(large_print: bool) -> None:
    import pdfplumber

    book = BookFormat(parse_trim("5x8"))
    options = RenderOptions(large_print=large_print, language="de")
    pdf, _ = render_print_book([("Bilder", picture_puzzle())], options, BookDesign(book))
    assert check_book(pdf, book) == []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = next(p for p in document.pages if "Finde" in (p.extract_text() or ""))
        assert len(page.images) == len(PICTURES)
        assert "🦔" not in (page.extract_text() or "")


MIXED = [*PICTURES[:4], "APFEL = Rund und rot", "BIRNE = Obst vom Baum"]


@pytest.mark.parametrize("trim", ["5x8", "8.5x11"])
def test_a_printed_books_answers_name_each_word_with_its_clue_a_picture_beside_it(
    trim: str,
) -> None:
    import pdfplumber

    book = BookFormat(parse_trim(trim))
    mixed = generate(MIXED, rows=9, cols=9, seed=3, language="de")
    titled = [("Bilder", picture_puzzle()), ("Gemischt", mixed)]
    options = RenderOptions(language="de")
    pdf, _ = render_print_book(titled, options, BookDesign(book, answers_per_page=2))
    assert check_book(pdf, book) == []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = next(p for p in document.pages if "Lösungen" in (p.extract_text() or "")[:40])
        text = " ".join((page.extract_text() or "").split())
        pictures = len(page.images)
    for entry in PICTURES + MIXED[:4]:
        assert f"{entry.split(' = ')[0]} –" in text
    assert "APFEL – Rund und rot" in text and "BIRNE – Obst vom Baum" in text
    assert pictures == len(PICTURES) + 4  # each picture clue drawn beside its word


def test_a_long_title_wraps_to_three_lines_and_stays_larger_than_the_subtitle(
    tmp_path: Path,
) -> None:
    import pdfplumber

    (tmp_path / "words.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    title = "The Enormous Extraordinary Compendium of Word Search Puzzles for Clever Grown-ups"
    subtitle = "Ninety puzzles about animals, from aardvark to zebra, for rainy afternoons"
    args = ["--trim", "6x9", "--title", title, "--subtitle", subtitle, "--seed", "1"]
    result = run("book", "words.txt", *args, "--cover", "c.pdf", "-o", "b.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for name in ("b.pdf", "c.pdf"):
        with pdfplumber.open(tmp_path / name) as pdf:
            chars = pdf.pages[0].chars
        sizes = {c["size"] for c in chars if "Bold" in c["fontname"] and c["text"] == "E"}
        plain = {c["size"] for c in chars if "Bold" not in c["fontname"] and c["text"] == "N"}
        assert min(sizes) > max(plain), (name, sizes, plain)  # the title's E, the subtitle's N


def test_the_parts_of_a_book_name_their_font_subsets_apart(tmp_path: Path) -> None:
    """Each part of a book is drawn with its own font subsets; two different subsets under one
    name (MPDFAA+DejaVuSansBook four times) break ISO 32000 and confuse print engines."""
    from pypdf import PdfReader

    (tmp_path / "words.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    args = ["--count", "60", "--trim", "6x9", "--seed", "1", "-o", "b.pdf"]
    assert run("book", "words.txt", *args, cwd=tmp_path).returncode == 0
    programs: dict[str, set[int]] = {}
    for page in PdfReader(tmp_path / "b.pdf").pages:
        for reference in page["/Resources"].get("/Font", {}).values():  # a blank page has none
            for cid in reference.get_object()["/DescendantFonts"]:
                descriptor = cid.get_object()["/FontDescriptor"].get_object()
                program = descriptor["/FontFile2"].indirect_reference.idnum
                programs.setdefault(str(descriptor["/FontName"]), set()).add(program)
    assert len(programs) > 2  # the book has several parts
    assert all(len(found) == 1 for found in programs.values()), programs


def key_letters(pdf: bytes) -> list[tuple[float, int]]:
    """Each answer page's smallest grid letter (points) and its number of keys (numbered
    labels), read with pdfplumber."""
    import pdfplumber

    found = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            text = page.extract_text() or ""
            if not text.startswith("Lösungen"):
                continue
            letters = [c["size"] for c in page.chars if c["size"] < 11 and c["text"].isalpha()]
            found.append((min(letters), len(re.findall(r"\d+\. Tiere", text))))
    return found


def test_a_books_keys_stay_readable_and_a_count_that_would_not_is_refused() -> None:
    """Six keys a page set 12 x 12 keys at 6.2 pt on 5 x 8 in, under the 7 pt KDP prints.
    Without --answers-per-page a book puts as many on a page as keep them 7 pt or larger (8 pt
    in large print); a count given that sets them smaller is refused, naming the most that fit."""
    book = BookFormat(parse_trim("5x8"))
    titled = [
        ("Tiere", generate(ANIMALS, rows=12, cols=12, seed=n, language="de")) for n in range(5)
    ]
    large = RenderOptions(language="de", large_print=True)
    chosen = key_letters(render_print_book(titled, large, BookDesign(book))[0])
    assert min(size for size, _ in chosen) >= 8.0
    assert max(keys for _, keys in chosen) == 2  # no fewer than needed: 4 a page are smaller
    assert sum(keys for _, keys in chosen) == 5
    normal = RenderOptions(language="de")
    for options in (large, normal):
        with pytest.raises(InputError, match="--answers-per-page 6 sets the answer keys' letters "
                           r"at 6\.2 pt, under the 7 pt print allows; at most 2 a page keep"):  # fmt: skip
            render_print_book(titled, options, BookDesign(book, answers_per_page=6))
    usual = key_letters(render_print_book(titled, normal, BookDesign(book))[0])
    assert min(size for size, _ in usual) >= 7.0  # KDP's least, in every book
    assert max(keys for _, keys in usual) == 2  # 4 a page would set them under 7 pt
    small = [
        ("Tiere", generate(ANIMALS[:6], rows=8, cols=8, seed=n, language="de")) for n in range(7)
    ]
    usual = key_letters(render_print_book(small, normal, BookDesign(book))[0])
    assert [keys for _, keys in usual] == [6, 1]  # small grids: 6 a page, as before


def test_a_printed_book_of_several_levels_opens_a_part_for_each_level(tmp_path: Path) -> None:
    """``--level leicht,mittel,schwer --order easy-to-hard``: the levels are taken in turn,
    and the book rises from a part of easy puzzles to one of hard ones, each named so."""
    (tmp_path / "tiere.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    result = run(
        "book", "tiere.txt", "--count", "6", "--words-per-puzzle", "6", "--size", "9x9",
        "--level", "schwer,leicht,mittel", "--order", "easy-to-hard", "--trim", "6x9",
        "--seed", "3", "-o", "buch.pdf", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    pages = page_texts((tmp_path / "buch.pdf").read_bytes())
    dividers = [" ".join(text.split()) for text in pages if text.strip().startswith("Teil ")]
    assert [text.split(" Schwierigkeit")[0] for text in dividers] == [
        "Teil 1: Leicht",
        "Teil 2: Mittel",
        "Teil 3: Schwer",
    ]
    levels = re.findall(r"9×9 · (\w+) · Startwert", "\n".join(pages))  # each puzzle's footer
    assert levels == ["leicht"] * 2 + ["mittel"] * 2 + ["schwer"] * 2
    refused = run("book", "tiere.txt", "--level", "leicht,brutal", "-o", "x.pdf", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "'brutal'" in refused.stderr and not (tmp_path / "x.pdf").exists()


def damaged(pdf: bytes, pattern: bytes, replacement: bytes) -> bytes:
    """``pdf`` with its first match of ``pattern`` replaced: a file damaged in one place."""
    found = re.search(pattern, pdf)
    assert found, pattern
    return pdf[: found.start()] + replacement + pdf[found.end() :]


DAMAGES = {
    # where the pages' resources or a font should be, a reference to no object
    "resources point nowhere": (rb"/Resources \d+ 0 R", b"/Resources 9999 0 R"),
    "a font points nowhere": (rb"/F1 \d+ 0 R", b"/F1 9999 0 R"),
    "a font is a number": (rb"/F1 \d+ 0 R", b"/F1 7"),
    "fonts are a list": (rb"/Font <</F1 \d+ 0 R>>", b"/Font [/F1 51 0 R]"),
    "the cross-reference is cut": (rb"xref\n0 \d+", b"xref\n0 3"),
    "startxref points elsewhere": (rb"startxref\n\d+", b"startxref\n17"),
    "the header says no version": (rb"%PDF-1\.\d", b"%PDF-x.y"),
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_pdf_is_checked_or_refused_in_one_line(tmp_path: Path, damage: str) -> None:
    pattern, replacement = DAMAGES[damage]
    path = tmp_path / "book.pdf"
    path.write_bytes(damaged(hand_made(2), pattern, replacement))
    result = run("preflight", path, "--trim", "6x9")
    assert "Traceback" not in result.stderr
    if result.returncode == 2:
        assert result.stderr.startswith(f"wortsuche: error: {path} is not a PDF that can be read (")
        assert result.stderr.count("\n") == 1, result.stderr  # pypdf's own log lines stay silent
    else:
        assert result.returncode in (0, 1) and result.stderr == "", result.stderr


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=st.lists(
        st.tuples(st.floats(0, 1, exclude_max=True), st.binary(min_size=1, max_size=8)),
        min_size=1,
        max_size=6,
    ),
    cut=st.floats(0.2, 1),
)
def test_preflight_of_any_damaged_pdf_is_a_report_or_one_line(
    changes: list[tuple[float, bytes]], cut: float
) -> None:
    pdf = bytearray(hand_made(2))
    for where, data in changes:
        at = int(where * len(pdf))
        pdf[at : at + len(data)] = data
    path = Path(tempfile.mkdtemp()) / "book.pdf"
    path.write_bytes(bytes(pdf[: int(cut * len(pdf))]))
    result = run("preflight", path, "--trim", "6x9")
    assert result.returncode in (0, 1, 2), result.stderr
    assert result.stderr.count("\n") == (1 if result.returncode == 2 else 0), result.stderr


# --- large print that is large print, measured from the PDF's characters -----------------------

FIVE_THEMES = [arg for theme in ("animals", "birds", "garden", "food", "sports") for arg in ("--theme", theme)]  # fmt: skip


def test_a_large_print_book_sets_every_grid_16_pt_every_list_14_pt_beside_or_facing_it(
    tmp_path: Path,
) -> None:
    """The issue's book (five themes on 6 x 9 in by theme) with fewer puzzles: on main, 42 of
    100 grids were set at 12.8 to 15.3 pt and 13 lists were on the back of their grid."""
    made = run(
        "book", *FIVE_THEMES, "--language", "en", "--count", "15", "--trim", "6x9",
        "--large-print", "--order", "by-theme", "--seed", "11", "-o", "lp.pdf", cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    printed = printed_book(tmp_path / "lp.pdf", answers="Answers")
    assert sorted(printed.puzzles) == list(range(1, 16))
    for puzzle in printed.puzzles.values():
        assert len(puzzle.grid_pages) == 1 and len(puzzle.grid_sizes) >= 100
        assert min(puzzle.grid_sizes) >= 16, (puzzle.number, min(puzzle.grid_sizes))
        assert len(puzzle.list_sizes) >= 15 and min(puzzle.list_sizes) >= 14
        assert not puzzle.list_on_back() and not puzzle.list_apart()
    assert printed.key_sizes and min(printed.key_sizes.values()) >= 7


def test_a_given_size_too_large_for_large_print_is_refused_and_one_that_fits_faces_its_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["book", "--theme", "animals", "--language", "en", "--count", "3", "--trim", "6x9"]
    refused = run(*args, "--large-print", "--size", "20x20", "-o", "x.pdf", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr == (
        "wortsuche: error: --size 20x20: its letters would be under 16 pt in large print on "
        "6x9; the largest grid that fits is 20x15\n"
    )
    assert not (tmp_path / "x.pdf").exists()
    with monkeypatch.context() as german:
        for variable in ("LC_ALL", "LANGUAGE"):
            german.delenv(variable, raising=False)
        german.setenv("LANG", "de_DE.UTF-8")
        refused = run(*args, "--large-print", "--size", "20x20", "-o", "x.pdf", cwd=tmp_path)
    assert refused.stderr == (
        "wortsuche: Fehler: --size 20x20: die Buchstaben wären in großer Schrift auf 6x9 kleiner "
        "als 16 pt; das größte Gitter, das passt, ist 20x15\n"
    )
    made = run(
        *args, "--large-print", "--size", "20x15", "--seed", "2", "-o", "b.pdf", cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr
    printed = printed_book(tmp_path / "b.pdf", answers="Answers")
    for puzzle in printed.puzzles.values():  # each list on the page facing its grid
        assert puzzle.list_pages == [puzzle.grid_pages[0] + 1] and puzzle.grid_pages[0] % 2 == 0
        assert min(puzzle.grid_sizes) >= 16 and min(puzzle.list_sizes) >= 14


# --- preflight knows KDP's text rule -------------------------------------------------------------


def small_keys(pdf: Any) -> None:
    """Answer keys set at 6 pt, as 6 keys of 15 x 15 a page were on 6 x 9 in."""
    pdf.set_font("DejaVu", size=6)
    pdf.text(2 * INCH, 4 * INCH, "KATZE")


def keys_at_six_pt() -> bytes:
    """A 24-page book whose pages 20, 21, 22 and 24 hold 6 pt text."""
    from fpdf import FPDF

    from wortsuche.render.metrics import font_path

    pdf = FPDF(unit="pt", format=(6 * INCH, 9 * INCH))
    pdf.set_auto_page_break(False)
    pdf.add_font("DejaVu", "", str(font_path()))
    for number in range(1, 25):
        pdf.add_page()
        pdf.set_font("DejaVu", size=12)
        pdf.text(2 * INCH, 3 * INCH, "Wortsuche")
        if number in (20, 21, 22, 24):
            small_keys(pdf)
    return bytes(pdf.output())


def test_preflight_refuses_text_under_kdps_7_pt_naming_the_pages_and_what_helps() -> None:
    found = check_book(keys_at_six_pt(), SIX_BY_NINE)
    assert [str(v) for v in found] == [
        "pages 20–22, 24: text of 6 pt, under the 7 pt KDP prints; fewer --answers-per-page, "
        "a smaller --size or a larger --trim help"
    ]
    assert check_book(keys_at_six_pt(), SIX_BY_NINE, profile=ANY) == []
    assert check_book(hand_made(24), SIX_BY_NINE) == []  # 12 pt passes
    drawn = check_drawn(split_in_parts(keys_at_six_pt()), SIX_BY_NINE, 24)()
    assert [str(v) for v in drawn] == [str(v) for v in found]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en_US.UTF-8", "pages 20–22, 24: text of 6 pt, under the 7 pt KDP prints"),
        ("de_DE.UTF-8", "Seiten 20–22, 24: Text in 6 pt, kleiner als die 7 pt, die KDP druckt"),
    ],
)
def test_the_preflight_command_checks_kdps_text_rule_unless_told_another_profile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str
) -> None:
    from wortsuche.i18n import LOCALE_VARIABLES

    for variable in LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", language)
    (tmp_path / "keys.pdf").write_bytes(keys_at_six_pt())
    refused = run("preflight", "keys.pdf", "--trim", "6x9", cwd=tmp_path)
    assert refused.returncode == 1 and refused.stdout.startswith(f"keys.pdf: {said}")
    assert len(refused.stdout.splitlines()) == 2
    passed = run("preflight", "keys.pdf", "--trim", "6x9", "--profile", "any", cwd=tmp_path)
    assert passed.returncode == 0


def test_book_says_its_pages_trim_and_ready_to_print_at_a_terminal_and_nothing_in_a_pipe(
    tmp_path: Path,
) -> None:
    import sys

    from terminal import run_on_terminal

    args = ["book", "--theme", "animals", "--count", "2", "--trim", "6x9", "--seed", "1"]
    command = [sys.executable, "-m", "wortsuche", *args, "-o", str(tmp_path / "b.pdf")]
    code, said = run_on_terminal(command, stream="stderr")
    assert code == 0
    plain = " ".join(re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", said).split())  # the bar's moves
    assert plain.count("wrote ") == 1  # one line (wrapped at the terminal's width)
    assert f"wrote {tmp_path / 'b.pdf'}: 24 pages on 6x9: ready to print" in plain
    piped = run(*args, "-o", "c.pdf", cwd=tmp_path)
    assert piped.returncode == 0 and piped.stderr == "" and (tmp_path / "c.pdf").exists()


def contrast(first: str, second: str) -> float:
    """The WCAG contrast ratio of two colours written #rrggbb."""

    def luminance(colour: str) -> float:
        channels = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("name", ["slate", "forest", "berry", "ocean", "sunset"])
def test_each_cover_scheme_prints_its_band_behind_readable_text(tmp_path: Path, name: str) -> None:
    import pdfplumber

    from wortsuche.render.cover import SCHEMES

    scheme = SCHEMES[name]
    assert contrast(scheme.band, scheme.on_band) >= 7.0  # WCAG AAA for the title on the band
    assert contrast(scheme.paper, "#000000") >= 7.0  # the back's text on the background
    (tmp_path / "tiere.txt").write_text("\n".join(ANIMALS), encoding="utf-8")
    args = ["book", "tiere.txt", "--count", "50", "--size", "9x9", "--trim", "6x9", "--seed", "2"]
    made = run(*args, "--cover-scheme", name, "--cover", "c.pdf", "-o", "b.pdf", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    with pdfplumber.open(tmp_path / "c.pdf") as document:
        page = document.pages[0]
        fills = {tuple(round(v, 2) for v in rect["non_stroking_color"]) for rect in page.rects}
    band = tuple(round(int(scheme.band[i : i + 2], 16) / 255, 2) for i in (1, 3, 5))
    assert band in fills
