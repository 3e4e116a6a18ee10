"""The command line end to end, as a user runs it: in this process through ``main(argv)``, and
through real processes where the process itself matters.

Golden files in tests/golden/ pin the text and JSON output of one puzzle. After an
intended change of the output, regenerate them with

    WORTSUCHE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_cli.py -k golden

and review the difference before committing it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli import Result, run, run_process
from wortsuche.puzzle_json import loads

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "bwinf"
GOLDEN = Path(__file__).resolve().parent / "golden"
OFFICIAL = sorted(EXAMPLES.glob("worte*.txt"))
LEVELS = ("easy", "medium", "hard", "evil")


wortsuche = run
"""Most tests run the command in this process (see tests/cli.py); a few start real processes."""


def puzzle_data(result: Result | subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def test_the_examples_are_the_six_official_files() -> None:
    assert [path.name for path in OFFICIAL] == [f"worte{k}.txt" for k in range(6)]


# generate → check


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("example", OFFICIAL, ids=lambda path: path.stem)
def test_every_official_example_makes_a_puzzle_that_check_accepts(
    example: Path, level: str, tmp_path: Path
) -> None:
    out = tmp_path / "puzzle.json"
    made = wortsuche("generate", example, "--level", level, "--seed", "7", "-o", out)
    assert made.returncode == 0, made.stderr
    assert made.stdout == ""
    header = example.read_text(encoding="utf-8").split()
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["rows"], data["cols"]) == (int(header[0]), int(header[1]))
    assert len(data["placements"]) == int(header[2])
    checked = wortsuche("check", out)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count(" OK ") == int(header[2])


def test_check_reports_each_word_with_a_one_based_position(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    assert wortsuche("generate", EXAMPLES / "worte0.txt", "--seed", "3", "-o", out).returncode == 0
    puzzle = loads(out.read_text(encoding="utf-8"))
    checked = wortsuche("check", out)
    for word in puzzle.words:
        placement = puzzle.placements[word.letters]
        r, c = placement.start
        expected = f"OK  row {r + 1}, col {c + 1} {placement.direction.arrow}"
        assert any(
            line.startswith(word.entry) and expected in line for line in checked.stdout.splitlines()
        ), checked.stdout


def test_check_accepts_an_absent_puzzle_as_intended(tmp_path: Path) -> None:
    out = tmp_path / "p.json"
    made = wortsuche("generate", EXAMPLES / "worte2.txt", "--level", "evil", "--absent", "--seed", "1", "-o", out)  # fmt: skip
    assert made.returncode == 0, made.stderr
    checked = wortsuche("check", out)
    assert checked.returncode == 0, checked.stdout
    assert "not there, as intended" in checked.stdout


# check on tampered puzzles


def generated_json(tmp_path: Path, *args: str) -> tuple[Path, dict[str, Any]]:
    out = tmp_path / "p.json"
    made = wortsuche("generate", *args, "-o", out)
    assert made.returncode == 0, made.stderr
    return out, json.loads(out.read_text(encoding="utf-8"))


def test_check_finds_a_word_broken_by_a_changed_letter(tmp_path: Path) -> None:
    path, data = generated_json(
        tmp_path, "--size", "12x12", "--level", "easy", "--seed", "5", "LION", "TIGER", "ZEBRA"
    )
    tiger = next(p for p in data["placements"] if p["letters"] == "TIGER")
    others = {tuple(cell) for p in data["placements"] if p is not tiger for cell in p["cells"]}
    r, c = next(tuple(cell) for cell in tiger["cells"] if tuple(cell) not in others)
    row = data["grid"][r]
    data["grid"][r] = row[:c] + ("Q" if row[c] != "Q" else "X") + row[c + 1 :]
    path.write_text(json.dumps(data), encoding="utf-8")
    checked = wortsuche("check", path)
    assert checked.returncode == 1
    assert "TIGER" in checked.stdout
    assert "not found" in checked.stdout
    assert "LION" in checked.stdout and "ZEBRA" in checked.stdout
    assert checked.stderr == ""


def test_check_finds_a_second_copy(tmp_path: Path) -> None:
    path, data = generated_json(
        tmp_path, "--size", "12x12", "--level", "easy", "--seed", "5", "LION", "TIGER", "ZEBRA"
    )
    used = {tuple(cell) for p in data["placements"] for cell in p["cells"]}
    r, c = next(
        (r, c)
        for r in range(12)
        for c in range(12 - 3)
        if not any((r, c + k) in used for k in range(4))
    )
    row = data["grid"][r]
    data["grid"][r] = row[:c] + "LION" + row[c + 4 :]
    path.write_text(json.dumps(data), encoding="utf-8")
    checked = wortsuche("check", path)
    assert checked.returncode == 1
    assert f"LION: a second copy at row {r + 1}, column {c + 1} going →" in checked.stdout


def test_check_can_report_as_json(tmp_path: Path) -> None:
    path, data = generated_json(tmp_path, EXAMPLES / "worte1.txt", "--seed", "2")
    report = json.loads(wortsuche("check", path, "--format", "json").stdout)
    assert report["ok"] is True
    assert [w["letters"] for w in report["words"]] == [w["letters"] for w in data["words"]]
    assert [w["own"]["start"] for w in report["words"]] == [p["start"] for p in data["placements"]]


# generate: input and output


def test_words_as_arguments_keep_their_entries(tmp_path: Path) -> None:
    data = puzzle_data(
        wortsuche("generate", "--size", "12x12", "--level", "easy", "--seed", "1", "--format", "json",
                  "LION", "tiger", "Ice cream", "T-Shirt")
    )  # fmt: skip
    assert [w["entry"] for w in data["words"]] == ["LION", "tiger", "Ice cream", "T-Shirt"]
    assert [w["letters"] for w in data["words"]] == ["LION", "TIGER", "ICECREAM", "TSHIRT"]
    assert (data["rows"], data["cols"]) == (12, 12)


def test_a_line_of_words_in_a_list_file_is_several_words_with_a_note(tmp_path: Path) -> None:
    (tmp_path / "l.txt").write_text("Hund Katze Maus Igel Fuchs\n", encoding="utf-8")
    result = run("generate", "l.txt", "--seed", "1", "--format", "json", cwd=tmp_path)
    data = puzzle_data(result)
    assert [w["entry"] for w in data["words"]] == ["Hund", "Katze", "Maus", "Igel", "Fuchs"]
    assert max(data["rows"], data["cols"]) < 22
    assert (
        "l.txt, line 1: split into 5 words (Hund, Katze, Maus, …); "
        '"quotes" or --phrases keep a line whole' in result.stderr
    )
    kept = run("generate", "l.txt", "--phrases", "--seed", "1", "--format", "json", cwd=tmp_path)
    assert [w["entry"] for w in puzzle_data(kept)["words"]] == ["Hund Katze Maus Igel Fuchs"]
    assert "split" not in kept.stderr


def test_book_splits_a_line_of_words_unless_phrases(tmp_path: Path) -> None:
    (tmp_path / "tiere.txt").write_text("Hund Katze\tMaus\n", encoding="utf-8")
    book = ["book", "tiere.txt", "--count", "1", "--seed", "1", "--size", "14x14"]
    result = run(*book, "-o", "b.jsonl", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "tiere.txt, line 1 into 3 words (Hund, Katze, Maus)" in result.stderr
    entries = [w["entry"] for w in json.loads((tmp_path / "b.jsonl").read_text())["words"]]
    assert sorted(entries) == ["Hund", "Katze", "Maus"]
    result = run(*book, "--phrases", "-o", "p.jsonl", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    entries = [w["entry"] for w in json.loads((tmp_path / "p.jsonl").read_text())["words"]]
    assert entries == ["Hund Katze\tMaus"]


def test_standard_input_is_read_for_a_dash() -> None:
    text = (EXAMPLES / "worte2.txt").read_text(encoding="utf-8")
    data = puzzle_data(wortsuche("generate", "-", "--seed", "4", "--format", "json", stdin=text))
    assert (data["rows"], data["cols"]) == (10, 10)
    assert {w["letters"] for w in data["words"]} == {w.strip() for w in text.split()[3:]}


def test_size_overrides_the_header() -> None:
    data = puzzle_data(
        wortsuche("generate", EXAMPLES / "worte0.txt", "--size", "7x9", "--format", "json")
    )
    assert (data["rows"], data["cols"]) == (7, 9)


def test_without_a_size_the_chosen_size_and_random_seed_are_told_on_stderr() -> None:
    result = wortsuche("generate", "--format", "json", "LION", "TIGER", "ZEBRA")
    data = puzzle_data(result)
    assert f"size {data['rows']}x{data['cols']} chosen" in result.stderr
    assert f"--seed {data['seed']} makes this puzzle again" in result.stderr
    assert all(line.startswith("wortsuche: ") for line in result.stderr.splitlines())


def test_duplicates_are_warned_about_on_stderr(tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_text("Tiger\nLöwe\nTIGER\n", encoding="utf-8")
    result = wortsuche("generate", words, "--seed", "1", "--format", "json")
    data = puzzle_data(result)
    assert [w["letters"] for w in data["words"]] == ["TIGER", "LÖWE"]
    assert (
        "wortsuche: " in result.stderr
        and "duplicate" in result.stderr
        and "line 3" in result.stderr
    )


def test_level_options_reach_the_puzzle() -> None:
    data = puzzle_data(
        wortsuche("generate", EXAMPLES / "worte2.txt", "--level", "easy", "--seed", "1",
                  "--directions", "right,down,↘", "--crossing", "allowed", "--filler", "alphabet",
                  "--word-letter-share", "40", "--reversed-share", "0", "--language", "de",
                  "--format", "json")
    )  # fmt: skip
    options = data["options"]
    assert options["directions"] == ["E", "S", "SE"]
    assert (options["crossing"], options["filler"], options["word_letter_share"]) == (
        "allowed",
        "alphabet",
        40,
    )
    assert options["reversed_share"] == 0
    assert options["language"] == "de"
    assert {p["direction"] for p in data["placements"]} <= {"E", "S", "SE"}


def test_transliterate_spells_out_umlauts() -> None:
    data = puzzle_data(
        wortsuche(
            "generate", "--seed", "1", "--transliterate", "--format", "json", "Straße", "Äpfel"
        )
    )
    assert [w["letters"] for w in data["words"]] == ["STRASSE", "AEPFEL"]
    assert [w["entry"] for w in data["words"]] == ["Straße", "Äpfel"]


def test_the_same_seed_gives_the_same_puzzle() -> None:
    args = (EXAMPLES / "worte4.txt", "--level", "hard", "--seed", "11")
    first, second = wortsuche("generate", *args), wortsuche("generate", *args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    other = wortsuche("generate", EXAMPLES / "worte4.txt", "--level", "hard", "--seed", "12")
    assert other.stdout != first.stdout


def test_answers_show_the_key_and_every_position(tmp_path: Path) -> None:
    args = ("generate", EXAMPLES / "worte3.txt", "--level", "medium", "--seed", "2")
    plain = wortsuche(*args)
    keyed = wortsuche(*args, "--answers")
    data = puzzle_data(wortsuche(*args, "--format", "json"))
    assert keyed.stdout.startswith(plain.stdout.rstrip("\n"))
    assert "Answers" not in plain.stdout
    key = keyed.stdout.split("Answers\n\n", 1)[1].splitlines()[: data["rows"]]
    covered = {tuple(cell) for p in data["placements"] for cell in p["cells"]}
    for r, line in enumerate(key):
        for c, shown in enumerate(line.split(" ")):
            assert shown == (data["grid"][r][c] if (r, c) in covered else "·")
    for p in data["placements"]:
        r, c = p["start"]
        assert f"{p['letters']}" in keyed.stdout
        assert any(
            line.startswith(p["letters"]) and line.endswith(f"row {r + 1}, col {c + 1} " + arrow(p))
            for line in keyed.stdout.splitlines()
        )


def arrow(placement: dict[str, Any]) -> str:
    from wortsuche import Direction

    return Direction[placement["direction"]].arrow


def test_output_file_is_never_overwritten_without_force(tmp_path: Path) -> None:
    out = tmp_path / "sheet.txt"
    out.write_text("my own notes\n", encoding="utf-8")
    refused = wortsuche("generate", EXAMPLES / "worte0.txt", "--seed", "1", "-o", out)
    assert refused.returncode == 2
    assert refused.stderr.startswith("wortsuche: error: ")
    assert "--force" in refused.stderr
    assert out.read_text(encoding="utf-8") == "my own notes\n"
    forced = wortsuche("generate", EXAMPLES / "worte0.txt", "--seed", "1", "-o", out, "--force")
    assert forced.returncode == 0, forced.stderr
    assert (
        out.read_text(encoding="utf-8")
        == wortsuche("generate", EXAMPLES / "worte0.txt", "--seed", "1").stdout
    )
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.txt"]  # no temporary file left behind


def test_a_written_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    """The temporary file behind the atomic write must not leave the result private (0600)."""
    import os
    import stat

    out = tmp_path / "puzzle.json"
    umask = os.umask(0o022)
    try:
        assert (
            wortsuche("generate", EXAMPLES / "worte0.txt", "--seed", "1", "-o", out).returncode == 0
        )
    finally:
        os.umask(umask)
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


def test_output_format_follows_the_suffix(tmp_path: Path) -> None:
    out = tmp_path / "puzzle.json"
    assert wortsuche("generate", EXAMPLES / "worte1.txt", "--seed", "1", "-o", out).returncode == 0
    assert json.loads(out.read_text(encoding="utf-8"))["format"] == "wortsuche-puzzle"


# solve


def test_solve_finds_every_word_in_a_grid_written_by_generate(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.txt"
    made = wortsuche("generate", EXAMPLES / "worte4.txt", "--level", "hard", "--seed", "3", "-o", sheet)  # fmt: skip
    assert made.returncode == 0, made.stderr
    solved = wortsuche("solve", sheet, EXAMPLES / "worte4.txt")
    assert solved.returncode == 0, solved.stdout + solved.stderr
    assert solved.stdout.count(" OK ") == 77
    assert "the lines after it are ignored" in solved.stderr  # the word list under the grid


def test_solve_finds_eszett_words_in_a_grid_generate_wrote(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.txt"
    made = wortsuche("generate", "Straße", "Größe", "--size", "8x8", "--seed", "1", "-o", sheet)
    assert made.returncode == 0, made.stderr
    solved = wortsuche("solve", sheet, "--words", "Straße,Größe")
    assert solved.returncode == 0, solved.stdout + solved.stderr
    assert solved.stdout.count(" OK ") == 2


def test_solve_reads_a_typed_grid_with_blanks_and_reports_json(tmp_path: Path) -> None:
    grid = tmp_path / "grid.txt"
    grid.write_text("d a s x\ny z q w\n", encoding="utf-8")
    solved = wortsuche("solve", grid, "--words", "das", "sad", "zy", "--format", "json")
    report = json.loads(solved.stdout)
    assert solved.returncode == 0
    assert [(w["letters"], w["own"]["start"], w["own"]["direction"]) for w in report["words"]] == [
        ("DAS", [0, 0], "E"),
        ("SAD", [0, 2], "W"),
        ("ZY", [1, 1], "W"),
    ]


def test_solve_says_not_found_and_how_often(tmp_path: Path) -> None:
    grid = tmp_path / "grid.txt"
    grid.write_text("ABXB\nXXXX\nABXX\n", encoding="utf-8")
    words = tmp_path / "words.txt"
    words.write_text("AB\nXYZ\n", encoding="utf-8")
    solved = wortsuche("solve", grid, words)
    assert solved.returncode == 1
    lines = solved.stdout.splitlines()
    assert lines[0].startswith("AB") and "found 2 times" in lines[0]
    assert "row 1, col 1 →" in lines[0] and "row 3, col 1 →" in lines[0]
    assert lines[1].startswith("XYZ") and "not found" in lines[1]


# errors: one line on stderr, exit 2, never a traceback


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


ERRORS: list[tuple[str, list[str], dict[str, str | bytes], str]] = [
    # (case, arguments with {file} names, files to write, text the message must hold)
    ("empty file", ["generate", "{w.txt}"], {"w.txt": ""}, "w.txt is empty"),
    ("count mismatch", ["generate", "{w.txt}"], {"w.txt": "5 5\n3\nVOR\nRAD\n"}, "says 3 words but 2"),
    ("non-numeric size in header", ["generate", "{w.txt}"], {"w.txt": "zehn 5\n1\nDAS\n"}, "not a whole number"),
    ("non-numeric --size", ["generate", "--size", "abc", "DAS"], {}, "not a whole number"),
    ("zero size", ["generate", "{w.txt}"], {"w.txt": "0 5\n1\nDAS\n"}, "at least 1, not 0"),
    ("zero --size", ["generate", "--size", "0x5", "DAS"], {}, "at least 1, not 0"),
    ("negative size", ["generate", "{w.txt}"], {"w.txt": "-5 5\n1\nDAS\n"}, "at least 1, not -5"),
    ("negative --size", ["generate", "--size=5x-5", "DAS"], {}, "at least 1, not -5"),
    ("absurd size", ["generate", "--size", "100000x5", "DAS"], {}, "at most 500"),
    ("absurd size in header", ["generate", "{w.txt}"], {"w.txt": "100000 5\n1\nDAS\n"}, "at most 500"),
    ("header without count", ["generate", "{w.txt}"], {"w.txt": "5 5\n"}, "number of words is missing"),
    ("unknown level", ["generate", "--level", "extreme", "DAS"], {}, "extreme"),
    ("unknown crossing", ["generate", "--crossing", "sometimes", "DAS"], {}, "sometimes"),
    ("unknown direction", ["generate", "--directions", "XY", "DAS"], {}, "unknown direction 'XY'"),
    ("share above 100", ["generate", "--word-letter-share", "150", "DAS"], {}, "0 to 100, not 150"),
    ("share not a number", ["generate", "--word-letter-share", "lots", "DAS"], {}, "lots"),
    ("unknown filler", ["generate", "--filler", "emoji", "DAS"], {}, "emoji"),
    ("unknown decoys", ["generate", "--decoys", "all", "DAS"], {}, "all"),
    ("unknown language", ["generate", "--language", "fr", "DAS"], {}, "fr"),
    ("seed not a number", ["generate", "--seed", "x", "DAS"], {}, "invalid int value"),
    ("word with digits in a file", ["generate", "{w.txt}"], {"w.txt": "Tiger\nR2D2\n"}, "'R2D2' (line 2) contains a digit"),
    ("word with digits as argument", ["generate", "LION", "C3PO"], {}, "'C3PO' contains a digit"),
    ("word longer than the grid", ["generate", "--size", "3x3", "ELEPHANT"], {}, "ELEPHANT has 8 letters"),
    ("word longer than the header's grid", ["generate", "{w.txt}"], {"w.txt": "4 4\n1\nGIRAFFE\n"}, "GIRAFFE"),
    ("binary file", ["generate", "{blob.txt}"], {"blob.txt": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00"}, "binary"),
    ("missing file", ["generate", "{missing/words.txt}"], {}, "no such file"),
    ("missing file by suffix", ["generate", "nowhere.txt"], {}, "nowhere.txt: no such file"),
    ("no words at all", ["generate"], {}, "no words given"),
    ("a folder", ["generate", "{.}"], {}, "is a folder"),
    ("unknown output suffix", ["generate", "DAS", "-o", "{out.xyz}"], {}, "cannot tell the format"),
    ("unknown --format", ["generate", "DAS", "--format", "doc"], {}, "unknown format 'doc'"),
    ("check: not a puzzle", ["check", "{p.json}"], {"p.json": '{"grid": ["AB"]}'}, "not a wortsuche puzzle"),
    ("check: not JSON", ["check", "{p.json}"], {"p.json": "5 5\n1\nDAS\n"}, "not valid JSON"),
    ("check: damaged puzzle", ["check", "{p.json}"], {"p.json": '{"format": "wortsuche-puzzle", "format_version": 1}'}, "incomplete or damaged"),
    ("check: missing file", ["check", "{gone.json}"], {}, "no such file"),
    ("check: binary file", ["check", "{p.json}"], {"p.json": b"\x00\x01\x02\x03"}, "binary"),
    ("solve: ragged grid", ["solve", "{g.txt}", "--words", "AB"], {"g.txt": "ABC\nAB\n"}, "differ in length"),
    ("solve: digits in grid", ["solve", "{g.txt}", "--words", "AB"], {"g.txt": "AB1\nABC\n"}, "digit"),
    ("solve: empty grid", ["solve", "{g.txt}", "--words", "AB"], {"g.txt": "\n\n"}, "grid is empty"),
    ("solve: no words", ["solve", "{g.txt}"], {"g.txt": "AB\n"}, "WORDS_FILE or with --words"),
    ("solve: empty words file", ["solve", "{g.txt}", "{w.txt}"], {"g.txt": "AB\n", "w.txt": ""}, "w.txt is empty"),
    ("unknown command", ["make", "DAS"], {}, "invalid choice"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "arguments", "files", "message"), ERRORS, ids=[e[0] for e in ERRORS]
)
def test_every_user_error_is_one_line_and_exit_code_2(
    case: str, arguments: list[str], files: dict[str, str | bytes], message: str, tmp_path: Path
) -> None:
    for name, content in files.items():
        write(tmp_path, name, content)
    args = [
        str(tmp_path / a[1:-1]) if a.startswith("{") and a.endswith("}") else a for a in arguments
    ]
    result = wortsuche(*args, cwd=tmp_path)
    assert result.returncode == 2, (case, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("wortsuche: error: ")
    assert message in lines[0]
    assert result.stdout == ""


def test_a_layout_that_does_not_fit_names_a_size_that_works() -> None:
    result = wortsuche("generate", "--size", "3x3", "--level", "easy", "ELEPHANT", "MOUSE")
    assert result.returncode == 2
    assert "try --size 8x8" in result.stderr
    retried = wortsuche("generate", "--size", "8x8", "--level", "easy", "ELEPHANT", "MOUSE")
    assert retried.returncode == 0, retried.stderr


# golden files


GOLDEN_CASES = {
    "worte0-hard-seed7.txt": ["--level", "hard", "--seed", "7"],
    "worte0-hard-seed7-answers.txt": ["--level", "hard", "--seed", "7", "--answers"],
    "worte0-hard-seed7.json": ["--level", "hard", "--seed", "7", "--format", "json"],
    "worte0-message-seed7-answers.txt": [
        *("--level", "medium", "--seed", "7", "--size", "6x6", "--language", "en"),
        *("--message", "Hallo Welt", "--answers"),
    ],
    "worte0-heart-seed7.txt": [
        *("--level", "medium", "--seed", "7", "--size", "8x8", "--language", "en"),
        *("--shape", "heart", "--answers"),
    ],
    "worte0-wrap-seed7-answers.txt": [
        *("--level", "hard", "--seed", "7", "--wrap", "--language", "en", "--answers"),
    ],
    "worte0-wrap-seed7.json": ["--level", "hard", "--seed", "7", "--wrap", "--format", "json"],
    "worte0-message-seed7.json": [
        *("--level", "medium", "--seed", "7", "--size", "6x6", "--language", "en"),
        *("--message", "Hallo Welt", "--format", "json"),
    ],
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_output(name: str) -> None:
    result = wortsuche("generate", "examples/bwinf/worte0.txt", *GOLDEN_CASES[name], cwd=ROOT)
    assert result.returncode == 0, result.stderr
    golden = GOLDEN / name
    if os.environ.get("WORTSUCHE_UPDATE_GOLDEN") == "1":
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(result.stdout, encoding="utf-8", newline="\n")
    assert result.stdout == golden.read_text(encoding="utf-8")


# encodings and line ends, end to end


@pytest.mark.parametrize(
    "data",
    [
        "4 4\r\n2\r\nÄRA\r\nMÜHE".encode(),
        "\ufeff4 4\n2\nÄRA\nMÜHE\n".encode(),
        "4 4\n2\nära  \nmühe\t\n".encode("latin-1"),
    ],
    ids=["utf8-crlf-no-final-newline", "utf8-bom", "latin1-lower-case"],
)
def test_files_in_any_usual_encoding_and_line_end_are_read(data: bytes, tmp_path: Path) -> None:
    words = tmp_path / "words.txt"
    words.write_bytes(data)
    from_file = puzzle_data(wortsuche("generate", words, "--seed", "1", "--format", "json"))
    assert [w["letters"] for w in from_file["words"]] == ["ÄRA", "MÜHE"]
    assert (from_file["rows"], from_file["cols"]) == (4, 4)
    piped = subprocess.run(
        [sys.executable, "-m", "wortsuche", "generate", "-", "--seed", "1", "--format", "json"],
        input=data,
        capture_output=True,
        timeout=120,
    )
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout.decode("utf-8"))["grid"] == from_file["grid"]


def test_solve_reads_the_grid_of_a_puzzle_file(tmp_path: Path) -> None:
    path, data = generated_json(tmp_path, EXAMPLES / "worte3.txt", "--level", "evil", "--seed", "8")
    solved = wortsuche("solve", path, EXAMPLES / "worte3.txt", "--format", "json")
    assert solved.returncode == 0, solved.stdout
    report = json.loads(solved.stdout)
    assert [w["own"]["start"] for w in report["words"]] == [p["start"] for p in data["placements"]]


def test_an_output_folder_that_does_not_exist_is_refused_before_any_work(tmp_path: Path) -> None:
    made = wortsuche(
        "generate", "--size", "5x5", "TORF", "VOR", "-o", tmp_path / "missing" / "x.txt"
    )
    assert made.returncode == 2
    assert made.stderr.count("\n") == 1, (
        made.stderr
    )  # the error alone, no notes of a puzzle made first
    assert "is not an existing folder" in made.stderr


# the real process: the in-process runner must show what a user sees


REAL_PROCESS_CASES = [
    ["generate", "examples/bwinf/worte0.txt", "--level", "hard", "--seed", "7", "--answers"],
    ["generate", "examples/bwinf/worte1.txt", "--seed", "2", "--format", "json"],
    ["generate", "--size", "3x3", "--level", "easy", "ELEPHANT", "MOUSE"],
    ["check", "examples/bwinf/worte0.txt"],
    ["--version"],
]


@pytest.mark.slow
@pytest.mark.parametrize("arguments", REAL_PROCESS_CASES, ids=lambda a: " ".join(a[:2]))
def test_a_real_process_prints_and_exits_as_main_does(arguments: list[str]) -> None:
    process = run_process(*arguments, cwd=ROOT)
    assert "Traceback" not in process.stderr
    in_process = wortsuche(*arguments, cwd=ROOT)
    assert (process.returncode, process.stdout, process.stderr) == (
        in_process.returncode,
        in_process.stdout,
        in_process.stderr,
    )


@pytest.mark.parametrize(
    "line",
    [
        ["generate", "A", "B", "--size", "5x5", "--level", "hard", "--seed", "3"],
        ["check", "p.json", "--format", "json"],
        ["book", "a.txt", "--count", "3", "-o", "b.pdf", "--order", "easy-to-hard"],
        ["serve", "--port", "8001"],
        ["themes", "--language", "de"],
    ],
)
def test_a_parser_for_the_named_command_alone_reads_the_line_alike(line: list[str]) -> None:
    from wortsuche.cli import build_parser

    alone = vars(build_parser(line[0]).parse_args(line))
    whole = vars(build_parser().parse_args(line))
    assert alone.keys() == whole.keys() and all(alone[k] == whole[k] for k in alone if k != "run")
    assert alone["run"].__module__ == whole["run"].__module__ == f"wortsuche.cli.{line[0]}"


def test_a_lone_argument_with_spaces_is_a_pasted_list_split_with_a_note() -> None:
    line = "Apfel Birne Kirsche Pflaume Zwetschge Traube Äpfelchen Straße"
    run = wortsuche("generate", line, "--seed", "1", "--format", "json", "--language", "de")
    entries = [w["entry"] for w in puzzle_data(run)["words"]]
    assert entries == line.split()
    assert "split at the spaces into 8 words (Apfel, Birne, Kirsche, …)" in run.stderr
    whole = wortsuche("generate", "--phrases", "Ice cream", "--seed", "1", "--format", "json")
    assert [w["entry"] for w in puzzle_data(whole)["words"]] == ["Ice cream"]
    listed = wortsuche("generate", "Ice cream, Hot dog", "--seed", "1", "--format", "json")
    assert [w["entry"] for w in puzzle_data(listed)["words"]] == ["Ice cream", "Hot dog"]
    assert "split" not in listed.stderr


def test_a_lone_argument_with_a_clue_is_one_entry() -> None:
    run = wortsuche("generate", "Igel = Tier mit Stacheln", "--seed", "1", "--format", "json")
    assert [w["entry"] for w in puzzle_data(run)["words"]] == ["Igel"]
