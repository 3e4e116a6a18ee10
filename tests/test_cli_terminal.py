"""On a terminal, generate shows the puzzle through rich: spaced letters, word columns, a coloured key."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from terminal import run_on_terminal, terminal_env
from wortsuche import generate
from wortsuche.render.options import RenderOptions
from wortsuche.render.terminal import print_puzzle

pytestmark = pytest.mark.slow  # these start the real program on a pseudo-terminal

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "bwinf"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def shown(answers: bool, *, words: tuple[str, ...] = ("TORF", "VOR", "RAD", "EVA")) -> str:
    puzzle = generate(list(words), rows=10, cols=10, level="hard", seed=3)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=80)
    print_puzzle(puzzle, RenderOptions(answers=answers), console=console)
    return out.getvalue()


def test_the_grid_is_shown_with_spaced_letters_and_the_facts() -> None:
    puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=10, cols=10, level="hard", seed=3)
    plain = ANSI.sub("", shown(answers=False))
    for row in puzzle.grid.rows:
        assert " ".join(row) in plain
    assert "10x10, level hard, seed 3" in plain
    for word in ("TORF", "VOR", "RAD", "EVA"):
        assert word in plain


def test_entries_are_listed_as_written() -> None:
    plain = ANSI.sub("", shown(answers=False, words=("Eis am Stiel", "T-Shirt", "Hut")))
    assert "Eis am Stiel" in plain and "T-Shirt" in plain


def test_the_key_marks_exactly_the_words_cells_in_bold_colour() -> None:
    puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=10, cols=10, level="hard", seed=3)
    covered = {cell for p in puzzle.placements.values() for cell in p.cells}
    text = shown(answers=True)
    highlighted = re.findall(r"\x1b\[([0-9;]*)m(\S)\x1b\[0m", text)
    marked = [letter for codes, letter in highlighted if "1" in codes.split(";")]
    assert len(marked) == len(covered)
    assert sorted(marked) == sorted(puzzle.grid.at(cell) for cell in covered)
    plain = ANSI.sub("", text)
    for word in puzzle.words:
        r, c = puzzle.placements[word.letters].start
        assert f"row {r + 1}, col {c + 1}" in plain


def test_without_answers_no_letter_is_highlighted() -> None:
    assert not re.search(r"\x1b\[[0-9;]*1[;m]", shown(answers=False).split("\n\n")[1])


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_generate_uses_the_terminal_view_only_on_a_terminal(tmp_path: Path) -> None:
    args = [sys.executable, "-m", "wortsuche", "generate", str(EXAMPLES / "worte0.txt")]
    args += ["--level", "hard", "--seed", "7", "--answers"]
    env = terminal_env()
    returncode, on_terminal = run_on_terminal(args, stream="stdout")
    assert returncode == 0
    assert "\x1b[" in on_terminal
    assert "5x5, level hard, seed 7" in ANSI.sub("", on_terminal)
    piped = subprocess.run(args, capture_output=True, text=True, encoding="utf-8", env=env)
    assert "\x1b[" not in piped.stdout
    assert "Answers" in piped.stdout
