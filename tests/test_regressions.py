"""Input that once ended in a traceback, a wrong exit code or a false "OK": each case here is
answered with a clear line and the right exit code now."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli import ENV, reader_language, run
from test_hostile_input import WORDS, assert_one_line_error, puzzle_data
from wortsuche.errors import UserError
from wortsuche.grid.shapes import SHAPE_NAMES
from wortsuche.levels import LEVELS
from wortsuche.model import Direction, Placement
from wortsuche.pipeline.run import generate
from wortsuche.puzzle_json import loads
from wortsuche.render import FORMATS, render
from wortsuche.render.html import answer_hash, cell_sequence, game_data
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.words.source import whole_number

FRUIT = (
    "Apfel, Birne, Kirsche, Pflaume, Banane, Mango, Melone, Traube, Orange, Zitrone, "
    "Limette, Ananas, Papaya, Guave, Feige, Dattel, Quitte, Mirabelle, Aprikose, Pfirsich, "
    "Nektarine, Kiwi, Litschi, Brombeere, Himbeere, Erdbeere, Johannisbeere, Stachelbeere, "
    "Heidelbeere, Holunder, Granatapfel"
)


def test_a_long_comma_separated_word_argument_is_words_not_a_file_name() -> None:
    assert len(FRUIT.encode()) > 255  # longer than any file name may be
    result = run("generate", "--size", "24", "--seed", "1", FRUIT)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Erdbeere" in result.stdout and "Granatapfel" in result.stdout


ZEROS = "0" * 5000


@pytest.mark.parametrize(
    "text, value",
    [(ZEROS + "5", 5), ("-" + ZEROS + "7", -7), ("+" + ZEROS + "7", 7), (ZEROS, 0), ("-007", -7)],
)
def test_a_whole_number_may_have_any_number_of_leading_zeros(text: str, value: int) -> None:
    assert whole_number(text, "n") == value


def test_a_size_with_thousands_of_leading_zeros_is_read() -> None:
    result = run("generate", *WORDS, "--seed", "1", "--size", ZEROS + "5")
    assert result.returncode == 0, result.stderr
    assert run("generate", *WORDS, "--seed", "1", "--size", "5").stdout == result.stdout


@pytest.mark.parametrize(
    "header",
    [ZEROS + "5 5\n4\n", "5 " + ZEROS + "5\n4\n", "5 5\n" + ZEROS + "4\n"],
    ids=["rows", "cols", "count"],
)
def test_a_word_file_header_with_thousands_of_leading_zeros_is_read(
    tmp_path: Path, header: str
) -> None:
    path = tmp_path / "words.txt"
    path.write_text(header + "\n".join(WORDS) + "\n")
    result = run("generate", path, "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert run("generate", *WORDS, "--seed", "1", "--size", "5").stdout == result.stdout


def test_solve_reads_a_word_file_header_with_leading_zeros(tmp_path: Path) -> None:
    puzzle = tmp_path / "puzzle.json"
    assert run("generate", *WORDS, "--seed", "1", "--size", "5", "-o", puzzle).returncode == 0
    words = tmp_path / "words.txt"
    words.write_text(f"5 5\n{ZEROS}4\n" + "\n".join(WORDS) + "\n")
    result = run("solve", puzzle, words)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def test_a_crowded_grid_of_one_row_is_a_one_line_error() -> None:
    # 9 letters for 8 cells: said before any search
    result = run("generate", "--size", "8x1", "--seed", "0", "AAA", "B", "C", "DD", "EE")
    assert_one_line_error(result, "the words need at least 9 cells")


def test_a_crowded_grid_of_one_column_is_a_one_line_error() -> None:
    result = run("generate", "--size", "1x8", "--seed", "0", "AAA", "B", "C", "DD", "EE")
    assert_one_line_error(result, "the words need at least 9 cells")


def _check(tmp_path: Path, data: dict[str, Any]) -> Any:
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(data))
    return run("check", path)


def test_a_lying_placement_before_the_true_one_does_not_pass(tmp_path: Path) -> None:
    data = puzzle_data()
    true = data["placements"][0]
    lie = {"letters": true["letters"], "start": [4, 4], "direction": "N"}
    data["placements"].insert(0, lie)
    assert_one_line_error(_check(tmp_path, data), "a second time", true["letters"])


def test_a_lying_placement_after_the_true_one_does_not_pass(tmp_path: Path) -> None:
    data = puzzle_data()
    true = data["placements"][0]
    data["placements"].append({"letters": true["letters"], "start": [4, 4], "direction": "N"})
    assert_one_line_error(_check(tmp_path, data), "a second time")


def test_the_true_placement_twice_does_not_pass_either(tmp_path: Path) -> None:
    data = puzzle_data()
    data["placements"].append(dict(data["placements"][0]))
    assert_one_line_error(_check(tmp_path, data), "a second time")


@pytest.mark.parametrize("keep_end", [True, False])
def test_a_placement_without_letters_is_a_one_line_error(tmp_path: Path, keep_end: bool) -> None:
    data = puzzle_data()
    placement = data["placements"][0]
    placement["letters"] = ""
    if not keep_end:
        placement.pop("end")
        placement.pop("cells")
    assert_one_line_error(_check(tmp_path, data), "letters", "empty")


def test_the_verifier_rejects_a_placement_without_letters() -> None:
    from dataclasses import replace

    puzzle = generate(WORDS, 5, 5, level="hard", seed=1)
    empty = Placement("", (0, 0), Direction.E)
    for placements in ({**puzzle.placements, "": empty}, {**puzzle.placements, "TORF": empty}):
        report = verify_puzzle(replace(puzzle, placements=placements))
        assert not report.ok
        assert any("without letters" in problem for problem in report.problems)


def _process(arguments: list[str], redirect: str) -> subprocess.CompletedProcess[str]:
    """``python -m wortsuche ARGUMENTS`` with standard output redirected by the shell."""
    command = shlex.join([sys.executable, "-m", "wortsuche", *arguments])
    return subprocess.run(
        f"exec {command} {redirect}",
        shell=True,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **ENV},
        timeout=120,
    )


def _assert_cannot_write(result: subprocess.CompletedProcess[str], reason: str) -> None:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"wortsuche: error: cannot write the output ({reason})"
    )


GENERATE = ["generate", *WORDS, "--seed", "1", "--size", "5"]


@pytest.mark.parametrize(
    "arguments", [GENERATE, ["themes"], ["--help"], ["--version"], ["generate", "--help"]]
)
def test_a_closed_standard_output_is_one_line_and_exit_2(arguments: list[str]) -> None:
    _assert_cannot_write(_process(arguments, ">&-"), "Bad file descriptor")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("arguments", [["--help"], ["--version"], ["generate", "--help"]])
def test_help_and_version_into_a_full_disk_are_one_line_and_exit_2(arguments: list[str]) -> None:
    _assert_cannot_write(_process(arguments, ">/dev/full"), "No space left on device")


def test_a_closed_standard_output_does_not_stop_writing_to_a_file(tmp_path: Path) -> None:
    output = tmp_path / "puzzle.txt"
    result = _process([*GENERATE, "-o", str(output)], ">&-")
    assert result.returncode == 0, result.stderr
    assert output.read_text() == run(*GENERATE).stdout


def _plant(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_bytes(b"%PDF-1.7 cut short")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


@pytest.mark.parametrize("output", ["puzzle.txt", "book.pdf"])
def test_a_write_sweeps_the_temporaries_a_killed_run_left(tmp_path: Path, output: str) -> None:
    day = 24 * 3600.0
    stale = _plant(tmp_path, f".{output}.wortsuche-ab_cd123", day)
    fresh = _plant(tmp_path, f".{output}.wortsuche-ef_gh456", 0)  # another run's, still writing
    other = _plant(tmp_path, ".other.txt.wortsuche-ij_kl789", day)  # another target's
    mine = _plant(tmp_path, f".{output}.12345678", day)  # a file of the user's
    if output.endswith(".txt"):
        result = run(*GENERATE, "-o", tmp_path / output)
    else:
        words = tmp_path / "words.txt"
        words.write_text("\n".join(WORDS) + "\n")
        result = run("book", words, "--size", "5", "--seed", "1", "-o", tmp_path / output)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / output).exists()
    assert not stale.exists()
    assert fresh.exists() and other.exists() and mine.exists()


def test_a_whole_number_option_with_thousands_of_leading_zeros_is_read() -> None:
    result = run("generate", *WORDS, "--size", "5", "--seed", ZEROS + "1")
    assert result.returncode == 0, result.stderr
    assert run(*GENERATE).stdout == result.stdout


def test_a_set_of_words_makes_the_same_puzzle_in_every_run() -> None:
    """A set's order follows the string hash, which changes between runs: sorted, the same
    words and seed make the same puzzle (it depended on whether VOR came before RAD)."""
    code = (
        "from wortsuche import generate;"
        "print(generate({'TORF','VOR','RAD','EVA','HUND'}, rows=6, cols=6, seed=1).grid.rows)"
    )
    grids = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(hashseed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hashseed in range(1, 6)
    }
    assert len(grids) == 1


def test_a_single_column_at_level_evil_is_made() -> None:
    # the filler's readers stepped diagonally down a single column with a step of 0
    result = run("generate", "--size", "10x1", "HUND", "--level", "evil", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert [line for line in result.stdout.splitlines() if len(line.split()) == 1][:10]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    level=st.sampled_from(list(LEVELS)),
    length=st.integers(1, 24),
    across=st.booleans(),
    words=st.lists(
        st.sampled_from(["HUND", "KATZE", "EIS", "REH", "AB", "A"])
        | st.text("ABDEHNU", min_size=1),
        min_size=1,
        max_size=3,
    ),
    seed=st.integers(0, 2**32),
    extra=st.sampled_from(
        [
            {},
            {},
            {},
            {"wrap": True},
            {"absent": True},
            {"decoys": "max"},
            {"filler": "traps"},
            {"filler": "words"},
            {"fill_search": 50},
            {"message": "HI"},
            {"density": "high"},
            *({"shape": name} for name in SHAPE_NAMES),
        ]
    ),
)
def test_a_grid_of_one_row_or_one_column_is_made_or_refused_at_every_level(
    level: str, length: int, across: bool, words: list[str], seed: int, extra: dict[str, Any]
) -> None:
    rows, cols = (1, length) if across else (length, 1)
    try:
        puzzle = generate(words, rows, cols, level=level, seed=seed, **extra)
    except UserError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    assert verify_puzzle(puzzle).ok


ONE_LETTER = ["A", "HUND", "KATZE"]


def test_a_one_letter_word_makes_an_html_game() -> None:
    result = run("generate", *ONE_LETTER, "--seed", "1", "--format", "html")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "<!doctype html>" in result.stdout.lower()


@pytest.mark.parametrize("grid", [{}, {"wrap": True}, {"shape": "circle"}], ids=str)
def test_a_one_letter_word_is_hashed_at_its_one_cell(grid: dict[str, Any]) -> None:
    puzzle = generate(ONE_LETTER, 9, 9, level="hard", seed=1, **grid)
    data = game_data(puzzle)
    (cell,) = puzzle.placements["A"].cells
    word = next(word for word in data["words"] if word.get("entry") == "A")
    assert word["first"] == word["second"] == list(cell)
    assert answer_hash(data["salt"], cell_sequence((cell,))) in word["hashes"]


@pytest.mark.parametrize("answers", [False, True], ids=["sheet", "answers"])
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_one_letter_word_is_rendered_in_every_format(fmt: str, answers: bool) -> None:
    for grid in ({}, {"wrap": True}, {"shape": "circle"}):
        puzzle = generate(ONE_LETTER, 9, 9, level="hard", seed=1, **grid)
        content = render(puzzle, fmt, answers=answers)
        assert content
        if fmt == "json":
            assert loads(content).placements["A"].cells == puzzle.placements["A"].cells


@pytest.mark.parametrize("trim", [[], ["--trim", "6x9", "--answers-per-page", "9"]], ids=str)
def test_a_one_letter_word_is_printed_in_a_book(tmp_path: Path, trim: list[str]) -> None:
    (tmp_path / "words.txt").write_text("A\nHUND\nKATZE\nMAUS\n", encoding="utf-8")
    result = run(
        "book", "words.txt", "--count", "2", "--seed", "1", "-o", "book.pdf", *trim, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "book.pdf").read_bytes().startswith(b"%PDF")


def test_records_export_from_a_database_name_longer_than_the_system_allows_is_one_line() -> None:
    # benchmarks/fuzz.py: `records export --db xxx…x.txt` (300 letters) ended in an OSError
    result = run("records", "export", "--db", "x" * 300 + ".txt")
    assert_one_line_error(result, "cannot read", "File name too long")


def test_decoys_of_a_very_long_word_are_no_longer_than_twenty_letters() -> None:
    """An evil puzzle of a 300-letter word spent 18 CPU s checking 299-letter fragments
    (fuzz: generate T X…X --transliterate --level evil took over 30 s and 500 MB)."""
    from wortsuche.filling.decoys import MAX_DECOY_LENGTH, decoy_strings
    from wortsuche.rand import Rng

    decoys = decoy_strings(["T", "AB" * 150], Rng(1), dense=True)
    assert decoys and max(map(len, decoys)) <= MAX_DECOY_LENGTH == 20
    short = decoy_strings(["ARCHIVBOT", "KATZE"], Rng(1), dense=True)
    assert "ARCHIVBO" in short and "RCHIVBOT" in short  # words of a real list lose nothing


@pytest.mark.parametrize("side", [0x7FFFFFFF, 6000])
def test_a_png_mask_claiming_too_many_pixels_is_one_line(tmp_path: Path, side: int) -> None:
    """A decompression bomb as --mask raised DecompressionBombError (fuzz seed 12)."""
    import struct
    import zlib

    from cli import run

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", side, 6000, 8, 0, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b"")
    (tmp_path / "mask.png").write_bytes(png)
    result = run("generate", "TORF", "--mask", str(tmp_path / "mask.png"))
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "not a readable PNG" in result.stderr


@pytest.mark.parametrize("version", [-394183427, -1])
def test_a_records_database_with_a_negative_schema_version_is_one_line(
    tmp_path: Path, version: int
) -> None:
    """fuzz seed 52: a damaged SQLite header (user_version -394183427) ended in an IndexError in
    the migration; -1 would have run the last migration's step on a database it never saw."""
    import sqlite3

    path = tmp_path / "records.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {version}")
    connection.close()
    result = run("records", "export", "--db", "records.sqlite", "--format", "jsonl", cwd=tmp_path)
    assert_one_line_error(result, f"unknown schema version ({version})", "or it is damaged")
    with sqlite3.connect(path) as connection:  # nothing migrated
        assert connection.execute("PRAGMA user_version").fetchone()[0] == version
        assert connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
    connection.close()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en_GB.UTF-8",
            "error: hostname is not a usable wortsuche database (file is not a database)",
        ),
        ("de_DE.UTF-8", "Fehler: hostname ist keine verwendbare wortsuche-Datenbank (file is not"),
    ],
)
def test_a_file_that_is_no_records_database_is_said_in_the_readers_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str, said: str
) -> None:
    reader_language(monkeypatch, language)
    (tmp_path / "hostname").write_text("schule-3b\n" * 200, encoding="utf-8")
    result = run("records", "export", "--db", "hostname", "--format", "csv", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and said in result.stderr, result.stderr
