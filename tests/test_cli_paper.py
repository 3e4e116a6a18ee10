"""The command line for paper: generate and render to PDF/SVG/PNG/CSV/HTML, and book."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from terminal import run_on_terminal, terminal_env
from wortsuche import generate
from wortsuche.cli import main
from wortsuche.puzzle_json import dumps, loads

ANIMALS = ["Lion", "Tiger", "Zebra", "Giraffe", "Sea lion", "Polar bear", "Otter", "Koala"]


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    file = tmp_path / "puzzle.json"
    file.write_text(dumps(generate(ANIMALS, rows=10, cols=10, seed=4)), encoding="utf-8")
    return file


@pytest.fixture
def word_file(tmp_path: Path) -> Path:
    file = tmp_path / "animals.txt"
    # entries of two words in quotes, so a line is not split into two words
    lines = [f'"{animal}"' if " " in animal else animal for animal in ANIMALS]
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return file


def pages(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(path.read_bytes())).pages]


def test_render_a_saved_puzzle_as_a_worksheet_with_answers(
    puzzle_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "sheet.pdf"
    args = [str(puzzle_file), "-o", str(out), "--answers", "--paper", "letter"]
    assert main(["render", *args, "--title", "Zoo animals"]) == 0
    texts = pages(out)
    assert len(texts) == 2 and "Zoo animals" in texts[0] and "Answers" in texts[1]
    box = PdfReader(str(out)).pages[0].mediabox
    assert (float(box.width), float(box.height)) == (612, 792)
    puzzle = loads(puzzle_file.read_text(encoding="utf-8"))
    assert "".join(puzzle.grid.rows) in "".join(texts[0].split())


@pytest.mark.parametrize("suffix", [".svg", ".png", ".csv", ".html", ".pdf"])
def test_generate_writes_the_format_of_the_suffix(
    word_file: Path, tmp_path: Path, suffix: str
) -> None:
    out = tmp_path / f"grid{suffix}"
    assert main(["generate", str(word_file), "--seed", "1", "-o", str(out)]) == 0
    head = out.read_bytes()[:16]
    expected = {
        ".svg": b"<?xml",
        ".png": b"\x89PNG",
        ".csv": b"",
        ".html": b"<!DOCTYPE html>",
        ".pdf": b"%PDF",
    }[suffix]
    assert head.startswith(expected) and out.stat().st_size > 100


def pdftotext(path: Path) -> str:
    """The text of a PDF as poppler's pdftotext reads it (what a reader copies)."""
    done = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_lowercase_lowers_the_grid_and_keeps_the_nouns_of_the_word_list(tmp_path: Path) -> None:
    words = tmp_path / "tiere.txt"
    words.write_text("Hund\nKatze\nMaus\nIgel\nFuchs\n", encoding="utf-8")
    args = ["generate", str(words), "--seed", "3", "--size", "8x8", "--lowercase"]
    assert main([*args, "-o", str(tmp_path / "sheet.pdf")]) == 0
    text = pdftotext(tmp_path / "sheet.pdf")
    listed = set(re.findall(r"\w+", text))
    assert {"Hund", "Katze", "Maus", "Igel", "Fuchs"} <= listed
    assert not {"hund", "katze", "maus", "igel", "fuchs"} & listed
    grid = [line.split() for line in text.splitlines() if len(line.split()) == 8]
    assert len(grid) == 8 and all(letter.islower() for row in grid for letter in row)
    assert main([*args, "-o", str(tmp_path / "sheet.csv")]) == 0
    rows = (tmp_path / "sheet.csv").read_text(encoding="utf-8").splitlines()
    assert rows[9:] == ["Fuchs", "Hund", "Igel", "Katze", "Maus"]
    assert all(row.islower() for row in rows[:8])
    assert main([*args, "-o", str(tmp_path / "sheet.txt")]) == 0
    text = (tmp_path / "sheet.txt").read_text(encoding="utf-8")
    assert {"Hund", "Katze", "Maus", "Igel", "Fuchs"} <= set(re.findall(r"\w+", text))
    rows = [line.split() for line in text.splitlines()[:8]]
    assert all(len(row) == 8 and "".join(row).islower() for row in rows)
    # the saved sheet still reads back: solve finds every word in the lower-case grid
    solved = subprocess.run(
        [sys.executable, "-m", "wortsuche", "solve", str(tmp_path / "sheet.txt"), str(words)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert solved.returncode == 0, solved.stderr
    assert all(word.upper() in solved.stdout.upper() for word in ["Hund", "Katze", "Igel"])


def test_a_long_title_is_printed_whole_on_two_lines(tmp_path: Path) -> None:
    title = "Tiere im Wald und auf der Wiese: ein Rätsel für die Klasse 3b im Frühling"
    words = tmp_path / "tiere.txt"
    words.write_text("Hund\nKatze\nMaus\n", encoding="utf-8")
    out = tmp_path / "sheet.pdf"
    # without the name line, so that the title's two lines are the first two of the page
    args = ["generate", str(words), "--seed", "1", "--title", title, "--no-name-line"]
    assert main([*args, "-o", str(out)]) == 0
    first, second, *_ = [line.strip() for line in pdftotext(out).splitlines() if line.strip()]
    assert f"{first} {second}" == title


def test_generate_passes_the_paper_options(word_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    args = ["generate", str(word_file), "--seed", "2", "-o", str(out)]
    options = ["--lowercase", "--no-word-list", "--large-print", "--no-name-line"]
    assert main([*args, *options, "--title", "Zoo"]) == 0
    (text,) = pages(out)
    assert "Zoo" in text and "hidden" in text and "Name:" not in text
    assert "Otter" not in text
    assert not any(ch.isupper() for ch in "".join(text.splitlines()[3:]))


def test_an_existing_file_is_kept_without_force(
    puzzle_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sheet.pdf"
    out.write_text("mine")
    assert main(["render", str(puzzle_file), "-o", str(out)]) == 2
    assert out.read_text() == "mine"
    assert capsys.readouterr().err.startswith("wortsuche: error: ")
    assert main(["render", str(puzzle_file), "-o", str(out), "--force"]) == 0
    assert out.read_bytes().startswith(b"%PDF")


def test_render_refuses_a_file_that_is_not_a_puzzle(
    word_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["render", str(word_file), "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_book_from_one_list_with_count(word_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "book.pdf"
    args = ["book", str(word_file), "--count", "7", "--words-per-puzzle", "5", "--size", "9x9"]
    assert main([*args, "--seed", "3", "--workers", "2", "-o", str(out)]) == 0
    texts = pages(out)
    assert len(texts) == 1 + 7 + 2  # contents, puzzles, two pages of keys
    assert "Contents" in texts[0]
    assert all(f"{n}. Animals" in texts[n] for n in range(1, 8))
    again = tmp_path / "again.pdf"
    assert main([*args, "--seed", "3", "--workers", "1", "-o", str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()


def test_book_with_one_puzzle_per_list(word_file: Path, tmp_path: Path) -> None:
    other = tmp_path / "birds.txt"
    other.write_text("Owl\nHawk\nWren\nRobin\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    assert main(["book", str(word_file), str(other), "--seed", "1", "-o", str(out)]) == 0
    texts = pages(out)
    assert "1. Animals" in texts[1] and "2. Birds" in texts[2]


def test_book_must_be_a_pdf(word_file: Path, tmp_path: Path) -> None:
    assert main(["book", str(word_file), "-o", str(tmp_path / "book.txt")]) == 2


def test_book_takes_each_competition_files_size_unless_size_is_given(tmp_path: Path) -> None:
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("6 7\n3\nTORF\nVOR\nRAD\n", encoding="utf-8")
    second.write_text("9 5\n2\nLAMPE\nKERZE\n", encoding="utf-8")
    out = tmp_path / "book.pdf"
    assert main(["book", str(first), str(second), "--seed", "1", "-o", str(out)]) == 0
    contents = pages(out)[0]
    assert re.search(r"1\. First\s+\(6×7", contents)
    assert re.search(r"2\. Second\s+\(9×5", contents)
    again = tmp_path / "sized.pdf"
    args = ["book", str(first), str(second), "--size", "8x8", "--seed", "1", "-o", str(again)]
    assert main(args) == 0
    assert pages(again)[0].count("(8×8") == 2


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_book_shows_progress_only_on_a_terminal(word_file: Path, tmp_path: Path) -> None:
    def book(name: str) -> list[str]:
        args = ["book", str(word_file), "--count", "4", "--words-per-puzzle", "4"]
        return [sys.executable, "-m", "wortsuche", *args, "--seed", "1", "-o", str(tmp_path / name)]

    env = terminal_env()
    returncode, on_terminal = run_on_terminal(book("tty.pdf"), stream="stderr")
    assert returncode == 0
    assert "Making" in on_terminal and "Printing" in on_terminal and "4/4" in on_terminal
    # where it went, said at a terminal (the line may wrap at the terminal's width)
    assert "wortsuche: wrote " in on_terminal and "tty.pdf" in on_terminal
    piped = subprocess.run(book("piped.pdf"), capture_output=True, text=True, env=env)
    # a script hears no progress and no "wrote" (only notes on the puzzles: four of four
    # words from one short list repeat each other)
    assert piped.returncode == 0 and "Making" not in piped.stderr and "wrote" not in piped.stderr
    assert (tmp_path / "tty.pdf").read_bytes() == (tmp_path / "piped.pdf").read_bytes()


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("lists/obst_und_früchte.txt", "Obst und früchte"),
        ("Zoo_Tiere.txt", "Zoo Tiere"),
        ("DACH-Länder.txt", "DACH-Länder"),
        ("-", ""),
    ],
)
def test_book_titles_puzzles_after_their_files(path: str, title: str) -> None:
    from wortsuche.book.files import list_title

    assert list_title(path) == title


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--size", "100x100"], "the grid's letters are only 3.0 pt, hard to read; a smaller --size makes them larger"),
        (["--size", "25x25", "--per-page", "4"], "the grid's letters are only 5.1 pt, hard to read; fewer --per-page make them larger"),
        (["--size", "15x15"], None),
        (["--size", "20x20", "--per-page", "4"], None),
    ],
)  # fmt: skip
def test_a_sheet_too_small_to_read_is_said(
    tmp_path: Path, args: list[str], said: str | None
) -> None:
    from tests.cli import run

    words = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube"]
    words += ["Melone", "Kiwi"]
    # sized for teenagers: the texts of old, beside which the grid has the room these figures say
    result = run("generate", *words, "--level", "easy", "--age", "13+", "--seed", "1", *args, "-o", "s.pdf", cwd=tmp_path)  # fmt: skip
    assert result.returncode == 0, result.stderr
    if said is None:
        assert "hard to read" not in result.stderr
    else:
        assert f"wortsuche: {said}\n" in result.stderr
