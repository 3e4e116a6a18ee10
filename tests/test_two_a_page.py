"""Two puzzles a page (``book --puzzles-per-page 2``), measured in the PDF with pdfplumber:
every puzzle page shows two titled grids and two word lists that do not overlap, inside KDP's
margins with the gutter on the spine's side; letters stay readable (7 pt, 16 pt and a 14 pt
list in large print) and so do the answer keys."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.cli import reader_language, run
from tests.pdftext import _faint, _grid_letters

from wortsuche.render.trims import INCH, gutter

TITLE = re.compile(r"^(\d+)\. ")


@dataclass
class Box:
    """A rectangle on a page: x0, top, x1, bottom, in points."""

    x0: float
    top: float
    x1: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two share any area."""
        return not (
            self.x1 <= other.x0
            or other.x1 <= self.x0
            or self.bottom <= other.top
            or other.bottom <= self.top
        )


def around(words: list[dict[str, Any]]) -> Box:
    """The box around ``words``."""
    return Box(
        min(w["x0"] for w in words),
        min(w["top"] for w in words),
        max(w["x1"] for w in words),
        max(w["bottom"] for w in words),
    )


@dataclass
class Printed:
    """A puzzle on its page: its number, grid and list boxes and their smallest letters."""

    number: int
    grid: Box
    words: Box
    grid_size: float
    list_size: float


def puzzle_pages(path: Path) -> tuple[dict[int, list[Printed]], dict[int, float], int, Any]:
    """The puzzles on each puzzle page, each answer page's smallest key letter, the page count
    and the page size."""
    import pdfplumber

    found: dict[int, list[Printed]] = {}
    keys: dict[int, float] = {}
    with pdfplumber.open(str(path)) as document:
        size = (float(document.pages[0].width), float(document.pages[0].height))
        for number, page in enumerate(document.pages, 1):
            words = page.extract_words(extra_attrs=["size", "fontname", "non_stroking_color"])
            titles = [w for w in words if "Bold" in w["fontname"]]
            grid = _grid_letters(words)
            if titles and titles[0]["text"] in ("Answers", "Lösungen"):
                keys[number] = min(w["size"] for w in grid)
                continue
            heads = [w for w in titles if TITLE.match(w["text"] + " ")]
            if not heads or not grid:
                continue
            folio = max(w["bottom"] for w in words)
            tops = [h["top"] for h in heads] + [folio + 1]
            printed = []
            for k, head in enumerate(heads):
                inside = [w for w in words if tops[k] <= w["top"] < tops[k + 1]]
                letters = [w for w in inside if w in grid]
                listed = [
                    w
                    for w in inside
                    if w not in grid and "Bold" not in w["fontname"] and not _faint(w)
                    and not (w["text"].isdigit() and w["bottom"] == folio)
                ]  # fmt: skip
                printed.append(
                    Printed(
                        int(TITLE.match(head["text"] + " ")[1]),  # type: ignore[index]
                        around(letters),
                        around(listed),
                        min(w["size"] for w in letters),
                        min(w["size"] for w in listed),
                    )
                )
            found[number] = printed
        return found, keys, len(document.pages), size


def made(tmp_path: Path, trim: str, *extra: str) -> Path:
    """A book of six puzzles, two a page, on ``trim``."""
    out = tmp_path / f"book-{trim}.pdf"
    args = ["book", "--theme", "animals", "--count", "6", "--seed", "4", "--trim", trim]
    result = run(*args, "--puzzles-per-page", "2", *extra, "--force", "-o", out)
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize(
    ("trim", "extra", "least"),
    [
        ("6x9", (), (7.0, 7.0)),
        ("8.5x11", ("--bleed",), (7.0, 7.0)),
        ("a4", ("--no-scores",), (7.0, 7.0)),
        ("a5", (), (7.0, 7.0)),
        ("5x8", ("--words-per-puzzle", "10"), (7.0, 7.0)),
        ("8.5x11", ("--large-print", "--words-per-puzzle", "8"), (16.0, 14.0)),
        ("a4", ("--large-print", "--words-per-puzzle", "8", "--bleed"), (16.0, 14.0)),
    ],
)
def test_each_page_holds_two_readable_puzzles_apart_within_the_margins(
    tmp_path: Path, trim: str, extra: tuple[str, ...], least: tuple[float, float]
) -> None:
    pages, keys, total, (width, height) = puzzle_pages(made(tmp_path, trim, *extra))
    assert sorted(p.number for on in pages.values() for p in on) == [1, 2, 3, 4, 5, 6]
    outside = (0.375 if "--bleed" in extra else 0.25) * INCH
    inside = gutter(total) + (0.125 * INCH if "--bleed" in extra else 0.0)
    for number, printed in pages.items():
        assert len(printed) == 2, f"page {number} holds {len(printed)} puzzles"
        boxes = [box for p in printed for box in (p.grid, p.words)]
        for k, box in enumerate(boxes):  # no grid or list overlaps another
            assert not any(box.overlaps(other) for other in boxes[k + 1 :]), number
        for p in printed:
            assert p.words.x0 >= p.grid.x1, "the list stands beside its grid"
            assert p.grid_size >= least[0] - 0.01 and p.list_size >= least[1] - 0.01
        left, right = (inside, outside) if number % 2 else (outside, inside)
        assert all(b.x0 >= left - 0.5 and b.x1 <= width - right + 0.5 for b in boxes), number
        assert all(b.top >= outside - 0.5 and b.bottom <= height - outside + 0.5 for b in boxes)
        assert printed[0].words.bottom < printed[1].grid.top  # one above the other
    assert keys and min(keys.values()) >= 7.0


def test_the_contents_point_both_puzzles_of_a_page_to_it(tmp_path: Path) -> None:
    out = made(tmp_path, "6x9", "--language", "en")
    pages, _, _, _ = puzzle_pages(out)
    from tests.pdftext import page_texts

    contents = next(text for text in page_texts(out) if "Contents" in text)
    for page, printed in pages.items():
        for p in printed:
            assert re.search(rf"{p.number}\. Animals.*\s{page}\s*$", contents, re.M), (p, contents)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("C.UTF-8", "--puzzles-per-page 2 with --large-print: puzzle 1 and its 15 words do "
                    "not fit half a 6x9 page at 16 pt; --puzzles-per-page 1"),
        ("de_DE.UTF-8", "--puzzles-per-page 2 mit --large-print: Rätsel 1 und seine 15 "
                        "Wörter passen nicht in 16 pt auf eine halbe Seite im Format 6x9; "
                        "--puzzles-per-page 1"),
    ],
)  # fmt: skip
def test_two_large_print_puzzles_that_do_not_fit_a_trim_are_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str
) -> None:
    reader_language(monkeypatch, language)
    args = ["book", "--theme", "animals", "--count", "4", "--trim", "6x9", "--large-print"]
    result = run(*args, "--puzzles-per-page", "2", "--size", "12x12", "-o", tmp_path / "x.pdf")
    assert result.returncode == 2
    refusal = result.stderr.splitlines()[-1]  # a warning of repeated words may come first
    # the first puzzle too large is named, whichever it is (the theme's words decide)
    pattern = (
        re.escape(said)
        .replace("puzzle\\ 1", "puzzle\\ \\d+")
        .replace("Rätsel\\ 1", "Rätsel\\ \\d+")
    )
    assert re.search(pattern, refusal) and "Traceback" not in result.stderr
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("C.UTF-8", "puzzle 1 (House and home): its words need a 25x25 grid, and half a page "
                    "holds at most 16x11 readably: --puzzles-per-page 1, a larger --trim or "
                    "fewer words a puzzle (--words-per-puzzle)"),
        ("de_DE.UTF-8", "Rätsel 1 (House and home): seine Wörter brauchen ein 25x25-Gitter, "
                        "und eine halbe Seite fasst lesbar höchstens 16x11: --puzzles-per-page "
                        "1, ein größeres --trim oder weniger Wörter pro Rätsel "
                        "(--words-per-puzzle)"),
    ],
)  # fmt: skip
def test_a_puzzle_whose_words_need_more_than_half_a_page_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str
) -> None:
    """Without --size each puzzle's size is chosen from its words: 42 words need 25 x 25, half
    a 5 x 8 in page holds 16 x 11 readably."""
    reader_language(monkeypatch, language)
    args = ["book", "--theme", "house", "--trim", "5x8", "--puzzles-per-page", "2"]
    result = run(
        *args,
        "--count",
        "1",
        "--words-per-puzzle",
        "42",
        "--seed",
        "1",
        "-o",
        "x.pdf",
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        f"wortsuche: {'Fehler' if 'de' in language else 'error'}: {said}"
    ]
    assert not (tmp_path / "x.pdf").exists()


def test_two_a_page_needs_a_trim(tmp_path: Path) -> None:
    result = run("book", "--theme", "animals", "--puzzles-per-page", "2", "-o", tmp_path / "x.pdf")
    assert result.returncode == 2
    assert "--puzzles-per-page belongs to a printed book: give --trim too" in result.stderr
