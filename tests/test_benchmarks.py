"""The benchmark suite runs and its oracle judges grids correctly (speed itself is not tested here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from oracle import is_clean  # noqa: E402

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
    assert [row.split()[1] for row in rows] == ["easy", "medium", "hard", "evil"]
    assert all(row.endswith("yes") for row in rows)
    assert "cases with other puzzles: 0" in done.stdout


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
