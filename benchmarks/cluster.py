"""A book on a local Dask cluster against the same book in processes of one machine.

    python3 benchmarks/cluster.py             # 1,000 puzzles (JSON Lines), median of 3 runs
    python3 benchmarks/cluster.py --quick     # 60 puzzles, one run: checks that it works

``wortsuche book … -o book.jsonl`` as a process, once with ``--workers N`` (a process pool) and
once with ``--cluster local:N`` (a Dask scheduler and N worker processes started for the run,
each puzzle a task): wall time, CPU time of the command and everything it started, puzzles per
second and the ratio of the two. The files are the same, byte for byte (checked here too). Wall
times need an idle machine; Dask's start (about a second) is inside its figure.
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data" / "german.txt"


def words(folder: Path) -> Path:
    """Four hundred German words of 4 to 9 letters from the benchmark list, as a word file."""
    lines = DATA.read_text(encoding="utf-8").splitlines()
    chosen = [w for w in lines if not w.startswith("#") and 4 <= len(w) <= 9][:400]
    path = folder / "woerter.txt"
    path.write_text("\n".join(chosen) + "\n", encoding="utf-8")
    return path


def run(count: int, how: list[str], folder: Path, word_file: Path) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the command and all it started) and the output's SHA-256."""
    out = folder / "book.jsonl"
    command = [sys.executable, "-m", "wortsuche", "book", str(word_file), "--seed", "7"]
    command += ["--count", str(count), "--words-per-puzzle", "12", "--size", "13x13"]
    command += ["--level", "hard", *how, "-o", str(out), "--force"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    made = subprocess.run(command, capture_output=True, text=True, check=False)
    if made.returncode != 0:
        raise SystemExit(made.stderr)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, hashlib.sha256(out.read_bytes()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="60 puzzles, one run")
    parser.add_argument("--workers", type=int, default=2, help="N processes (default: 2)")
    args = parser.parse_args()
    count, rounds = (60, 1) if args.quick else (1000, 3)
    setups = [("processes", ["--workers", str(args.workers)])]
    setups.append(("Dask", ["--cluster", f"local:{args.workers}"]))
    print(f"{count} puzzles (13x13, 12 words, hard) as JSON Lines, {args.workers} workers")
    print("| made by | wall s | CPU s | puzzles/s | ratio to processes |")
    print("|---|---|---|---|---|")
    digests: set[str] = set()
    first = 0.0
    with tempfile.TemporaryDirectory() as folder:
        word_file = words(Path(folder))
        for name, how in setups:
            runs = [run(count, how, Path(folder), word_file) for _ in range(rounds)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            digests |= {r[2] for r in runs}
            first = first or wall
            print(
                f"| {name} ({' '.join(how)}) | {wall:.2f} | {cpu:.2f} | {count / wall:.0f} "
                f"| {wall / first:.2f} |",
                flush=True,
            )
    if len(digests) != 1:
        print("the books differ: a bug", file=sys.stderr)
        return 1
    print("the same file, byte for byte, from both")
    return 0


if __name__ == "__main__":
    sys.exit(main())
