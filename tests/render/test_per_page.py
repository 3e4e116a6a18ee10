"""Two or four worksheets on a page (A5 halves, quarters) and A/B versions of one sheet, through
the real command line, read back with pdftotext and measured by their page sizes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli import run
from pdftext import page_sizes, page_texts, region_text, squeezed
from wortsuche.rand import version_seed

TIERE = "Hund\nKatze\nMaus\nIgel\nFuchs\nPferd\nZiege\nSchwein\nEnte\nKuh\n"
A4_LANDSCAPE, A4 = (842, 595), (595, 842)
LETTER_LANDSCAPE = (792, 612)


@pytest.fixture
def tiere(tmp_path: Path) -> Path:
    words = tmp_path / "tiere.txt"
    words.write_text(TIERE, encoding="utf-8")
    return words


def make(tmp_path: Path, *args: str | Path) -> Path:
    out = tmp_path / "blatt.pdf"
    done = run("generate", *args, "--title", "Tiere", "-o", out, "--force")
    assert done.returncode == 0, done.stderr
    return out


def grid_rows(tmp_path: Path, words: Path, seed: int) -> str:
    """The letters of the 10x10 puzzle made with ``seed``, row after row."""
    out = tmp_path / f"puzzle-{seed}.json"
    done = run("generate", words, "--seed", seed, "--size", "10x10", "-o", out)
    assert done.returncode == 0, done.stderr
    return "".join(json.loads(out.read_text(encoding="utf-8"))["grid"])


def test_two_per_page_are_a5_halves_of_a_landscape_a4(tiere: Path, tmp_path: Path) -> None:
    out = make(tmp_path, tiere, "--seed", "4", "--size", "10x10", "--per-page", "2")
    assert page_sizes(out) == [A4_LANDSCAPE]
    rows = grid_rows(tmp_path, tiere, 4)
    for x in (0, 421):  # each half: the whole sheet, with its own list and name line
        half = region_text(out, 1, (x, 0, 421, 595))
        assert half.count("Tiere") == 1 and "Name:" in half and "Klasse:" in half
        assert rows in squeezed(half)
        assert {"Ente", "Schwein", "Ziege"} <= set(half.split())


def test_half_letter_on_letter_paper(tiere: Path, tmp_path: Path) -> None:
    out = make(tmp_path, tiere, "--seed", "4", "--per-page", "2", "--paper", "letter")
    assert page_sizes(out) == [LETTER_LANDSCAPE]
    assert page_texts(out)[0].count("Tiere") == 2


def test_four_per_page_are_quarters_and_the_key_follows(tiere: Path, tmp_path: Path) -> None:
    out = make(tmp_path, tiere, "--seed", "4", "--size", "10x10", "--per-page", "4", "--answers")
    assert page_sizes(out) == [A4, A4]
    rows = grid_rows(tmp_path, tiere, 4)
    for x, y in ((0, 0), (298, 0), (0, 421), (298, 421)):
        quarter = region_text(out, 1, (x, y, 297, 421))
        assert rows in squeezed(quarter) and "Name:" in quarter and "Schwein" in quarter
    sheet, key = page_texts(out)
    assert "Lösung" not in sheet and key.count("Lösung") == 1 and "Name:" not in key


def test_the_cut_lines_are_dashed_along_the_inner_edges(tiere: Path, tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = make(tmp_path, tiere, "--seed", "4", "--per-page", "4")
    content = PdfReader(str(out)).pages[0].get_contents().get_data().decode("latin-1")
    dashed = re.search(r"\[4\.0+ 3\.0+\] [\d.]+ d\n(.*?)\[\] 0 d", content, re.DOTALL)
    assert dashed is not None
    # one cut down the middle, one across, from edge to edge (PDF y runs upwards)
    assert dashed.group(1).split("\n")[:2] == [
        "297.64 841.89 m 297.64 0.00 l S",
        "0.00 420.94 m 595.28 420.94 l S",
    ]


def test_versions_a_and_b_have_the_same_words_in_different_grids(
    tiere: Path, tmp_path: Path
) -> None:
    args = ("--seed", "4", "--size", "10x10", "--per-page", "2", "--versions", "2", "--answers")
    out = make(tmp_path, tiere, *args)
    assert page_sizes(out) == [A4_LANDSCAPE, A4_LANDSCAPE]
    first, second = grid_rows(tmp_path, tiere, 4), grid_rows(tmp_path, tiere, version_seed(4, 1))
    assert first != second
    a, b = (region_text(out, 1, (x, 0, 421, 595)) for x in (0, 421))
    assert "Gruppe A" in a and first in squeezed(a)
    assert "Gruppe B" in b and second in squeezed(b)
    # the pupil's footer names no seed; the key names each version's: it makes that version again
    assert "Startwert" not in a + b
    key_b = region_text(out, 2, (421, 0, 421, 595))
    assert "Gruppe B" in key_b and f"Startwert {version_seed(4, 1)}" in key_b
    words = sorted(re.findall(r"\b(Ente|Fuchs|Hund|Igel|Katze|Kuh|Maus|Pferd|Schwein|Ziege)\b", a))
    assert words == sorted(
        re.findall(r"\b(Ente|Fuchs|Hund|Igel|Katze|Kuh|Maus|Pferd|Schwein|Ziege)\b", b)
    )
    key = page_texts(out)[1]
    assert key.count("Lösung") == 2 and "Gruppe A" in key and "Gruppe B" in key


def test_versions_are_reproducible_and_one_to_a_page_by_default(
    tiere: Path, tmp_path: Path
) -> None:
    out = make(tmp_path, tiere, "--seed", "9", "--versions", "2")
    again = (tmp_path / "blatt.pdf").read_bytes()
    assert page_sizes(out) == [A4, A4]
    assert make(tmp_path, tiere, "--seed", "9", "--versions", "2").read_bytes() == again
    one, two = page_texts(out)
    assert "Gruppe A" in one and "Gruppe B" in two


def test_an_english_sheet_calls_them_versions(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    done = run(
        "generate", "LION", "TIGER", "ZEBRA", "--sheet-language", "en", "--versions", "2", "-o", out
    )
    assert done.returncode == 0, done.stderr
    assert [re.findall(r"Version [AB]", page) for page in page_texts(out)] == [
        ["Version A"],
        ["Version B"],
    ]


@pytest.mark.parametrize("flag", ["--per-page", "--versions"])
def test_pages_only_in_a_paged_format(tiere: Path, tmp_path: Path, flag: str) -> None:
    done = run("generate", tiere, flag, "2", "-o", tmp_path / "sheet.svg")
    assert done.returncode == 2 and not (tmp_path / "sheet.svg").exists()
    assert done.stderr.count("\n") == 1 and f"{flag} lays out pages" in done.stderr


def test_a_list_too_long_for_a_quarter_says_what_to_do(tmp_path: Path) -> None:
    words = tmp_path / "viele.txt"
    words.write_text(
        "\n".join(f"WORT{chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(90)), encoding="utf-8"
    )
    done = run("generate", words, "--per-page", "4", "-o", tmp_path / "sheet.pdf")
    assert done.returncode == 2, done.stderr
    assert "does not fit on a quarter of a page" in done.stderr and "--per-page 1" in done.stderr


def test_render_takes_per_page_for_a_saved_puzzle(tiere: Path, tmp_path: Path) -> None:
    saved = tmp_path / "puzzle.json"
    assert run("generate", tiere, "--seed", "4", "-o", saved).returncode == 0
    out = tmp_path / "sheet.pdf"
    assert run("render", saved, "--per-page", "2", "-o", out).returncode == 0
    assert page_sizes(out) == [A4_LANDSCAPE]


def test_a_theme_drawn_with_count_fills_four_quarters(tmp_path: Path) -> None:
    out = tmp_path / "blatt.pdf"
    args = ("--theme", "animals", "--language", "de", "--count", "8", "--seed", "2")
    done = run("generate", *args, "--per-page", "4", "-o", out)
    assert done.returncode == 0, done.stderr
    (page,) = page_texts(out)
    assert page.count("Finde die 8 Wörter") == 4 and page.count("Klasse:") == 4
