"""Two versions of wortsuche side by side: the same cases, interleaved, in one run.

For a change that must keep behaviour (a restructuring, a faster search), this prints, per case,
the median CPU seconds of the ``generate`` call in the base version and in this checkout, their
ratio, and whether both made the same puzzles (a fingerprint of every grid and placement). The
cases are the quick inputs of ``run.py``, larger real-word grids, the frozen crowded lists of
``dense.py`` and the real lists of ``data/real`` (``real_lists.py``), each at every level; every
line says its letters per cell.

    python benchmarks/versus.py HEAD~5              # base: a commit of this repository
    python benchmarks/versus.py ffbeee9 --seeds 10 --rounds 3
    python benchmarks/versus.py ffbeee9 --only dense
    python benchmarks/versus.py ffbeee9 --only real --levels medium hard

Each version runs in a child process of its own that imports only ``wortsuche.generate`` from
that version's ``src``, so the two never share a module; children alternate base, head, base …
for every case and round, so machine noise hits both alike. The base is unpacked with
``git archive`` into a temporary folder and removed afterwards. A version that raises on a case
(an old base out of time on a large grid) has it said on the case's line, "base raised:
GenerationTimeout", and the run goes on; the summary counts such cases.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LEVELS = ("easy", "medium", "hard", "evil")


@dataclass(frozen=True)
class Case:
    """One input: a word list per seed, a size and a group name for ``--only``."""

    group: str
    name: str
    rows: int
    cols: int
    words_by_seed: tuple[tuple[str, ...], ...]


def cases(seeds: int) -> list[Case]:
    """The inputs measured: run.py's quick set, larger grids of our lists and of the most
    frequent real words, the crowded lists, the real lists of ``data/real``."""
    sys.path.insert(0, str(HERE))
    from real import real_lists
    from run import Input, official  # the benchmark's own inputs, drawn the same way

    found = []
    for source in (
        official(1),
        official(3),
        Input("english 15x15/20", 15, 15, "english", 20),
        Input("german 25x25/60", 25, 25, "german", 60),
        Input("english 50x50/100", 50, 50, "english", 100),
        Input("scaling 100x100/1000", 100, 100, "scaling", 1000),
        Input("english-frequent 25x25/60", 25, 25, "english-frequent", 60),
        Input("english-frequent 50x50/100", 50, 50, "english-frequent", 100),
        Input("german-frequent 50x50/100", 50, 50, "german-frequent", 100),
        Input("scaling-frequent 100x100/1000", 100, 100, "scaling-frequent", 1000),
        Input("scaling-frequent 200x200/4000", 200, 200, "scaling-frequent", 4000),
    ):
        words = tuple(tuple(source.words(seed)) for seed in range(seeds))
        found.append(Case("run", source.name, source.rows, source.cols, words))
    for path in sorted((HERE / "data" / "dense").glob("*.txt")):
        lines = path.read_text(encoding="utf-8").split()
        rows, cols, listed = int(lines[0]), int(lines[1]), tuple(lines[3:])
        found.append(Case("dense", path.stem, rows, cols, (listed,) * seeds))
    for name, rows, cols, words in real_lists():
        found.append(Case("real", name, rows, cols, (tuple(words),) * seeds))
    return found


def letters_per_cell(case: Case) -> float:
    """The letters of the case's first list per cell of its grid."""
    return sum(map(len, case.words_by_seed[0])) / (case.rows * case.cols)


WORKER = r"""
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
from wortsuche import DoesNotFitError, generate
job = json.load(sys.stdin)
out = []
for seed, words in enumerate(job["words_by_seed"]):
    start = time.process_time()
    try:
        puzzle = generate(words, job["rows"], job["cols"], level=job["level"], seed=seed)
        print_ = "|".join(puzzle.grid.rows) + repr(sorted(
            (w, p.start, p.direction.name) for w, p in puzzle.placements.items()))
    except DoesNotFitError as error:
        print_ = "no layout: " + type(error).__name__
    except Exception as error:  # this version cannot make the case: its error is the answer
        json.dump({"raised": type(error).__name__}, sys.stdout)
        sys.exit(0)
    out.append([time.process_time() - start, hashlib.sha256(print_.encode()).hexdigest()[:16]])
json.dump(out, sys.stdout)
"""


def run_version(src: Path, case: Case, level: str) -> list[tuple[float, str]]:
    """CPU seconds and puzzle fingerprint per seed, in a fresh process importing ``src``."""
    job = {
        "words_by_seed": [list(w) for w in case.words_by_seed],
        "rows": case.rows,
        "cols": case.cols,
        "level": level,
    }
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(src)],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    if isinstance(result, dict):
        raise Raised(result["raised"])
    return [(float(t), str(f)) for t, f in result]


class Raised(Exception):
    """A version raised an error (its name) where it should have made a case's puzzles."""


def unpack(revision: str, into: Path) -> Path:
    """The ``src`` folder of ``revision``, unpacked with git archive."""
    archive = into / "base.tar"
    with archive.open("wb") as file:
        subprocess.run(
            ["git", "-C", str(ROOT), "archive", revision, "src"], stdout=file, check=True
        )
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


@dataclass
class Tally:
    """What the cases compared add up to: head/base ratios, cases with other puzzles, and
    cases a version raised on (base or head: no ratio, no puzzles to compare)."""

    ratios: list[float] = field(default_factory=list)
    differing: int = 0
    raised: dict[str, int] = field(default_factory=lambda: {"base": 0, "head": 0})

    def summary(self) -> str:
        """The closing lines: the ratios, the cases with other puzzles, the cases raised on."""
        ratios = self.ratios
        spread = (
            f"median head/base {statistics.median(ratios):.2f} over {len(ratios)} cases "
            f"(min {min(ratios):.2f}, max {max(ratios):.2f})"
            if ratios
            else "no case measured in both"
        )
        return (
            f"\n{spread}; cases with other puzzles: {self.differing}\n"
            f"cases where the base raised: {self.raised['base']}; "
            f"where this checkout raised: {self.raised['head']}"
        )


def compare(
    versions: dict[str, Path], chosen: list[Case], levels: Sequence[str], rounds: int
) -> Tally:
    """Each case at each level in the ``base`` and the ``head`` version (a ``src`` folder each),
    interleaved ``rounds`` times; a line per case as it is done. A version that raises on a case
    is said on its line ("base raised: GenerationTimeout"), and the next case is measured."""
    tally = Tally()
    for case in chosen:
        for level in levels:
            start = f"{case.name:<26} {letters_per_cell(case):8.2f} {level:<7}"
            times: dict[str, list[list[float]]] = {"base": [], "head": []}
            prints: dict[str, list[str]] = {}
            try:
                for _ in range(rounds):
                    for name in ("base", "head"):
                        result = _measured(name, versions[name], case, level)
                        times[name].append([t for t, _ in result])
                        prints[name] = [f for _, f in result]
            except Raised as raised:
                which, error = raised.args
                tally.raised[which] += 1
                print(f"{start} {which} raised: {error}", flush=True)
                continue
            # per seed the fastest round (noise only adds time), then the median over seeds
            b, h = (statistics.median(map(min, zip(*times[n], strict=True))) for n in times)
            same = prints["base"] == prints["head"]
            tally.differing += not same
            tally.ratios.append(h / b if b else 1.0)
            print(
                f"{start} {b:8.3f} {h:8.3f} {h / b if b else 1:9.2f}  {'yes' if same else 'NO'}",
                flush=True,
            )
    return tally


def _measured(name: str, src: Path, case: Case, level: str) -> list[tuple[float, str]]:
    """:func:`run_version`, with the version's name on a :class:`Raised`."""
    try:
        return run_version(src, case, level)
    except Raised as raised:
        raise Raised(name, raised.args[0]) from None


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("base", help="the commit to compare this checkout against")
    parser.add_argument("--seeds", type=int, default=5, help="seeds per case and level (5)")
    parser.add_argument("--rounds", type=int, default=2, help="alternations per case (2)")
    parser.add_argument("--only", choices=("run", "dense", "real"), help="one group of cases")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=LEVELS, help="(all)")
    parser.add_argument("--case", default="", help="only cases whose name contains this")
    args = parser.parse_args()
    print(f"base {args.base} against this checkout, {args.seeds} seeds, {args.rounds} rounds")
    print(
        f"{'case':<26} {'per cell':>8} {'level':<7} {'base s':>8} {'head s':>8} {'head/base':>9}"
        "  same puzzles"
    )
    with tempfile.TemporaryDirectory() as folder:
        versions = {"base": unpack(args.base, Path(folder)), "head": ROOT / "src"}
        chosen = [
            case
            for case in cases(args.seeds)
            if (not args.only or case.group == args.only) and args.case in case.name
        ]
        tally = compare(versions, chosen, args.levels, args.rounds)
    print(tally.summary())
    return 1 if tally.differing or tally.raised["head"] else 0


if __name__ == "__main__":
    start = time.monotonic()
    code = main()
    print(f"({time.monotonic() - start:.0f} s)")
    sys.exit(code)
