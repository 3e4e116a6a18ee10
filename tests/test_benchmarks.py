"""The benchmark suite runs and its oracle judges grids correctly (speed itself is not tested here)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

import pgserver  # noqa: E402
from benchmark_tables import table_rows  # noqa: E402
from oracle import is_clean  # noqa: E402

LEVELS = ["easy", "medium", "hard", "evil"]

pytestmark = pytest.mark.slow  # this runs the benchmark script as a process


def test_the_oracle_accepts_a_word_once_and_inside_a_longer_word() -> None:
    rows = ["ARCHIVBOT", "XARCHIVXX"]
    placed = {
        "ARCHIVBOT": [(0, c) for c in range(9)],
        "ARCHIV": [(1, c) for c in range(1, 7)],
    }
    assert is_clean(rows, placed)


def test_the_oracle_rejects_a_second_copy_in_any_direction() -> None:
    rows = ["DAS", "AXA", "SXD"]  # DAS right and DAS down from the same D
    assert not is_clean(rows, {"DAS": [(0, 0), (0, 1), (0, 2)]})
    rows = ["DAS", "XXX", "SAD"]  # a copy read backwards
    assert not is_clean(rows, {"DAS": [(0, 0), (0, 1), (0, 2)]})


def test_the_oracle_rejects_a_placement_that_does_not_read_its_word() -> None:
    assert not is_clean(["DAX"], {"DAS": [(0, 0), (0, 1), (0, 2)]})


def test_the_quick_benchmark_runs_and_writes_its_results(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "run.py"),
            "--quick",
            "--seeds",
            "2",
            "--ours-only",
            "--out",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    data = json.loads((tmp_path / "results.json").read_text())
    rows = data["results"]
    assert {row["level"] for row in rows} == {"easy", "medium", "hard", "evil"}
    assert all(
        row["wortsuche"]["clean"] == 1.0 and row["wortsuche"]["all_placed"] == 1.0 for row in rows
    )
    assert "| worte0 | easy |" in (tmp_path / "results.md").read_text()


def test_versus_compares_a_version_with_itself_and_finds_the_same_puzzles() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "versus.py"),
            "HEAD",
            "--seeds",
            "1",
            "--rounds",
            "1",
            "--case",
            "en-12x12",
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    rows = [line for line in done.stdout.splitlines() if line.startswith("en-12x12-25")]
    assert [row.split()[1:3] for row in rows] == [["1.09", level] for level in LEVELS]
    assert all(row.endswith("yes") for row in rows)
    assert "cases with other puzzles: 0" in done.stdout


FAKE_BASE = """
class DoesNotFitError(Exception):
    pass


class GenerationTimeout(Exception):
    pass


def generate(words, rows, cols, *, level, seed):
    raise GenerationTimeout("out of time")
"""


def test_versus_says_a_case_its_base_raised_on_and_goes_on_to_the_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from versus import ROOT, Case, compare

    (tmp_path / "src" / "wortsuche").mkdir(parents=True)
    (tmp_path / "src" / "wortsuche" / "__init__.py").write_text(FAKE_BASE, encoding="utf-8")
    tiny = Case("run", "tiny", 6, 6, (("KATZE", "HUND", "MAUS"),))
    versions = {"base": tmp_path / "src", "head": ROOT / "src"}
    tally = compare(versions, [tiny], ["easy", "evil"], rounds=1)
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] + line.split()[3:] for line in lines] == [
        ["tiny", "0.36", "base", "raised:", "GenerationTimeout"],
        ["tiny", "0.36", "base", "raised:", "GenerationTimeout"],
    ]
    assert [line.split()[2] for line in lines] == ["easy", "evil"]
    assert tally.raised == {"base": 2, "head": 0} and tally.differing == 0
    summary = tally.summary()
    assert "cases where the base raised: 2" in summary and "no case measured in both" in summary
    versions = {"base": ROOT / "src", "head": tmp_path / "src"}
    assert compare(versions, [tiny], ["easy"], rounds=1).raised == {"base": 0, "head": 1}
    assert capsys.readouterr().out.split()[-3:] == ["head", "raised:", "GenerationTimeout"]


def test_the_targets_table_says_met_below_a_bound_and_at_most_where_allowed() -> None:
    from run import Limit, Target, targets_table

    rows = [
        Target("100×100: CPU s", [Limit("s", 0.25)], [0.243], [0.25]),
        Target(
            "500×500: CPU s and peak MB",
            [Limit("s", 5), Limit("MB", 200)],
            [9.6, 165.2],
            [4.2, 313.0],
        ),
        Target("verify ÷ AC", [Limit("", 2, inclusive=True)], [2.0], [2.01]),
        Target(
            "ours ÷ node", [Limit("", 1.0, inclusive=True)], [1.73], [None], ("node clean 0%", "")
        ),
        Target("ours ÷ w-s-g", [Limit(""), Limit("")], [0.25, None], [0.31, 0.12]),
    ]
    lines = targets_table(rows)
    assert lines[:2] == ["| job | our list | real words | target |", "|---|---|---|---|"]
    assert lines[2:] == [
        "| 100×100: CPU s | 0.243 s (met) | 0.25 s (missed) | < 0.25 s |",
        "| 500×500: CPU s and peak MB | 9.6 s (missed), 165 MB (met) "
        "| 4.2 s (met), 313 MB (missed) | < 5 s, < 200 MB |",
        "| verify ÷ AC | 2.00 (met) | 2.01 (missed) | ≤ 2 |",
        "| ours ÷ node | 1.73 (missed); node clean 0% | – | ≤ 1 |",
        "| ours ÷ w-s-g | 0.25, – | 0.31, 0.12 | –, – |",
    ]


def test_the_latency_benchmark_measures_both_databases_and_holds_them_to_the_target() -> None:
    rows, printed = table_rows(
        "load.py",
        "--latency",
        "--creates",
        "2",
        "--seconds",
        "20",
        "--target-ms",
        "60000",
        "--check",
    )
    assert "load average: " in printed
    databases = ["SQLite", "PostgreSQL"] if pgserver.binaries() else ["SQLite"]
    assert [(row[0], row[1]) for row in rows] == [
        (db, kind) for db in databases for kind in ("page", "API")
    ]
    for database, _, creates, gets, p50, p99, met, quiet, statuses, errors, load in rows:
        assert creates == "2" and int(gets) >= 1 and 0 <= float(p50) <= float(p99) < 60000
        assert met == "met" and errors == "0" and " → " in load, database
        quiet_p50, quiet_p99 = (float(ms) for ms in quiet.split(" / "))
        assert 0 <= quiet_p50 <= quiet_p99 < 60000
        assert sum(int(code.split(":")[1]) for code in statuses.split()) == 2  # each answered once
    assert "target: GET p99 under 60000 ms while the creates run: met" in printed


def test_the_latency_target_is_missed_by_a_slow_or_failed_get() -> None:
    from load import Latency, Row, verdict

    def latency(seconds: list[float], statuses: dict[int, int]) -> Latency:
        probes = Row("API", latencies=seconds, statuses=Counter(statuses))
        return Latency("SQLite", "API", 100, probes, Row("API"), Row("creates"), 0.5, 0.7)

    fast = [0.01] * 99
    assert verdict(latency(fast, {200: 99}), 100) == "met"
    assert verdict(latency([*fast, 0.2, 0.2], {200: 101}), 100) == "missed"  # p99 200 ms
    assert verdict(latency(fast, {200: 98, 500: 1}), 100) == "missed"  # an error
    assert verdict(latency([], {}), 100) == "missed"  # nothing measured


def test_the_frozen_real_lists_hold_what_their_headers_say() -> None:
    from real import letters_per_cell, real_lists

    lists = real_lists()
    assert {name for name, *_ in lists} >= {"en-100x100-1000", "de-200x200-4000"}
    for name, rows, cols, words in lists:
        header = (BENCHMARKS / "data" / "real" / f"{name}.txt").read_text(encoding="utf-8")
        assert f"{letters_per_cell(words, rows, cols):.2f} letters per cell" in header
        assert len(set(words)) == len(words) == int(name.rsplit("-", 1)[1])
        assert all(3 <= len(w) <= 14 and w.isalpha() and w.isupper() for w in words)
        assert 7.5 <= sum(map(len, words)) / len(words) <= 8.5  # mean about 8 letters


def test_the_real_benchmark_prints_letters_per_cell_and_the_search_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "real.py"), "--case", "en-15x15", "--seeds", "1"],
        check=True,
        capture_output=True,
        text=True,
    )
    rows = [line.split(" | ") for line in done.stdout.splitlines() if "en-15x15-20" in line]
    assert [(row[1], row[2]) for row in rows] == [("0.72", "medium"), ("0.72", "hard")]
    assert all(row[5] == "1/1" and float(row[6]) >= 1 for row in rows)


def reference_lines(rows: list[str]) -> set[tuple[int, int, int, int, str]]:
    """Every line in → ↓ ↘ ↗ read cell by cell from its first cell: (row, col, dr, dc, text)."""
    height, width = len(rows), len(rows[0])
    found = set()
    for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
        for r in range(height):
            for c in range(width):
                if 0 <= r - dr < height and 0 <= c - dc < width:
                    continue  # not a first cell
                letters, rr, cc = "", r, c
                while 0 <= rr < height and 0 <= cc < width:
                    letters, rr, cc = letters + rows[rr][cc], rr + dr, cc + dc
                found.add((r, c, dr, dc, letters))
    return found


@pytest.mark.parametrize("height,width", [(1, 1), (1, 5), (5, 1), (3, 4), (4, 3), (6, 6)])
def test_the_yardstick_slices_the_same_lines_a_cell_by_cell_reading_gives(
    height: int, width: int
) -> None:
    import aho

    rows = ["".join(chr(65 + (r * width + c) % 26) for c in range(width)) for r in range(height)]
    text, index = aho.lines(rows)
    texts = text.split("\n")
    sliced = {(r, c, dr, dc, t) for (_, r, c, dr, dc), t in zip(index, texts, strict=True)}
    assert len(sliced) == len(texts) and sliced == reference_lines(rows)
    assert all(text[o : o + len(t)] == t for (o, *_), t in zip(index, texts, strict=True))


def test_the_fuzz_run_covers_every_command_it_is_given_and_prints_its_table(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "fuzz.py"), "--cases", "40", "--seed", "3",
         "--commands", "check,completion,config", "--json", str(tmp_path / "tally.json")],
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    rows = [line.split(" | ") for line in done.stdout.splitlines() if line.startswith("| ")]
    counted = {
        row[0].strip("| *"): int(row[1].replace(",", "")) for row in rows[1:] if len(row) > 8
    }
    assert {"check", "completion", "config"} <= set(counted)
    assert counted["all"] == 40
    assert "0 causes of failure, 0 new" in done.stdout
    merged = subprocess.run(
        [sys.executable, str(BENCHMARKS / "fuzz.py"), "--merge", str(tmp_path / "tally.json")],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "| **all** | 40 |" in merged.stdout
