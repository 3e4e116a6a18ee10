"""A benchmark script run as the README says, and the rows of the tables it prints."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def table_rows(script: str, *args: str) -> tuple[list[list[str]], str]:
    """Run ``benchmarks/<script>`` with ``args`` (it must succeed); the cells of its table rows
    below the header, stripped, and everything it printed."""
    finished = subprocess.run(
        [sys.executable, str(BENCHMARKS / script), *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert finished.returncode == 0, finished.stderr
    lines = [line for line in finished.stdout.splitlines() if line.startswith("| ")]
    rows = [[cell.strip() for cell in line.split("|")[1:-1]] for line in lines[1:]]
    return rows, finished.stdout
