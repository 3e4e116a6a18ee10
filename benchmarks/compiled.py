"""wortsuche compiled with mypyc against the same sources in pure Python, and against node.

    python benchmarks/compiled.py            # target inputs (20 seeds), large grids (3 seeds)
    python benchmarks/compiled.py --quick    # a few seeds, to check that it works

Builds the wheel with the mypyc build hook (``HATCH_BUILD_HOOK_ENABLE_MYPYC=1``, see
pyproject.toml) from a copy of the sources into benchmarks/results/tmp/compiled (a copy: the
hook leaves compiled modules next to the sources it compiles, where they would shadow every
later edit). Then the same jobs run in two worker processes (``worker.py``), one importing the
compiled package and one the pure sources, interleaved with @blex41/word-search in node, and
every job must make the same puzzle (the same JSON) in both. Times are CPU time measured inside
each process; the large grids run in a fresh process each, for their peak memory.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from generators import Node  # noqa: E402
from run import Input, official  # noqa: E402

SOURCES = ("src", "pyproject.toml", "README.md", "LICENSE")
"""What the wheel is built from."""


def source_digest() -> str:
    """A digest of every file the build reads, to build again only after a change."""
    digest = hashlib.sha256()
    for name in SOURCES:
        path = ROOT / name
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if "__pycache__" in file.parts or file.suffix == ".so":
                continue
            digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def build(folder: Path) -> Path:
    """Build the compiled package into ``folder`` (once per state of the sources); its site
    folder, to put first on ``PYTHONPATH``."""
    site, stamp = folder / "site", folder / "sources.sha256"
    digest = source_digest()
    if site.is_dir() and stamp.is_file() and stamp.read_text() == digest:
        return site
    shutil.rmtree(folder, ignore_errors=True)
    tree = folder / "tree"
    tree.mkdir(parents=True)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.so")
            )
        else:
            shutil.copy2(ROOT / name, tree / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    environment = {**os.environ, "HATCH_BUILD_HOOK_ENABLE_MYPYC": "1"}
    wheels = str(folder / "wheel")
    install = ["install", "--no-deps", "--no-index", "--find-links", wheels, "--target", str(site)]
    for step in (
        [*pip, "wheel", "--no-deps", "-w", wheels, str(tree)],
        [*pip, *install, "wortsuche"],
    ):
        done = subprocess.run(step, env=environment, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            lines = [line for line in done.stderr.splitlines() if "is ignored" not in line]
            raise RuntimeError("the compiled build failed:\n" + "\n".join(lines[-25:]))
    stamp.write_text(digest)
    return site


class Worker:
    """A ``worker.py`` process importing wortsuche from ``path`` (compiled site or pure src)."""

    def __init__(self, path: Path) -> None:
        environment = {**os.environ, "PYTHONPATH": str(path)}
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "worker.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=environment,
        )

    def run(self, job: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        answer: dict[str, Any] = json.loads(self.process.stdout.readline())
        return answer

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait(timeout=30)


def once(path: Path, job: dict[str, Any]) -> dict[str, Any]:
    """One job in a fresh worker: its time and its peak memory alone."""
    worker = Worker(path)
    try:
        return worker.run(job)
    finally:
        worker.close()


def median_ms(answers: list[dict[str, Any]]) -> float:
    return statistics.median(a["cpu"] for a in answers) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="3 seeds, 1 for the large grids")
    parser.add_argument("--no-node", action="store_true", help="leave @blex41/word-search out")
    args = parser.parse_args()
    seeds, large_seeds = (3, 1) if args.quick else (20, 3)
    print("building the compiled package (mypyc) …", flush=True)
    site = build(HERE / "results" / "tmp" / "compiled")
    pure, compiled = Worker(ROOT / "src"), Worker(site)
    node = Node() if not args.no_node and Node.set_up() else None
    targets = [
        Input("english 15x15/20", 15, 15, "english", 20),
        Input("english 25x25/60", 25, 25, "english", 60),
        Input("english 50x50/100", 50, 50, "english", 100),
        official(4),
    ]
    print(
        "| input | level | pure ms | compiled ms | pure ÷ compiled | node ms | compiled ÷ node "
        "| same puzzle |\n|---|---|---|---|---|---|---|---|"
    )
    same_everywhere = True
    for item in targets:
        for level in ("easy", "medium", "hard"):
            answers: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": [], "node": []}
            for seed in range(seeds):
                words = item.words(seed)
                job = {"words": words, "rows": item.rows, "cols": item.cols, "level": level,
                       "seed": seed}  # fmt: skip
                answers["pure"].append(pure.run(job))
                answers["compiled"].append(compiled.run(job))
                if node is not None:
                    run = node.run(words, item.rows, item.cols, level, seed)
                    answers["node"].append({"cpu": run.seconds})
            assert all(a["compiled"] for a in answers["compiled"]), "the build is not compiled"
            assert not any(a["compiled"] for a in answers["pure"])
            same = sum(
                p.get("digest") == c.get("digest") and "error" not in p
                for p, c in zip(answers["pure"], answers["compiled"], strict=True)
            )
            same_everywhere &= same == seeds
            p_ms, c_ms = median_ms(answers["pure"]), median_ms(answers["compiled"])
            n_ms = median_ms(answers["node"]) if answers["node"] else float("nan")
            print(f"| {item.name} | {level} | {p_ms:.1f} | {c_ms:.1f} | {p_ms / c_ms:.2f} | "
                  f"{n_ms:.1f} | {c_ms / n_ms:.2f} | {same}/{seeds} |", flush=True)  # fmt: skip
    pure.close()
    compiled.close()
    if node is not None:
        node.close()
    print(
        "\n| large grid (hard, fresh process) | pure CPU s | pure peak MB | compiled CPU s "
        "| compiled peak MB | pure ÷ compiled | same puzzle |\n|---|---|---|---|---|---|---|"
    )
    english = [w for w in (HERE / "data" / "english.txt").read_text().split("\n") if w[:1] != "#"]
    english = [w for w in english if w]
    for side, count in ((200, 4000), (500, 10000)):
        runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
        for seed in range(large_seeds):
            words = random.Random(f"{side}:{count}:{seed}").sample(english, count)
            job = {"words": words, "rows": side, "cols": side, "level": "hard", "seed": seed}
            runs["pure"].append(once(ROOT / "src", job))
            runs["compiled"].append(once(site, job))
        same = sum(
            p.get("digest") == c.get("digest") and "error" not in p
            for p, c in zip(runs["pure"], runs["compiled"], strict=True)
        )
        same_everywhere &= same == large_seeds
        p_s, c_s = median_ms(runs["pure"]) / 1000, median_ms(runs["compiled"]) / 1000
        p_mb = statistics.median(a["peak_mb"] for a in runs["pure"])
        c_mb = statistics.median(a["peak_mb"] for a in runs["compiled"])
        print(f"| {side}x{side}/{count} | {p_s:.2f} | {p_mb:.0f} | {c_s:.2f} | {c_mb:.0f} | "
              f"{p_s / c_s:.2f} | {same}/{large_seeds} |", flush=True)  # fmt: skip
    if not same_everywhere:
        print("the compiled package made a different puzzle for the same seed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
