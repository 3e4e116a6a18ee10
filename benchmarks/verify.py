"""The verifier and ``solve`` against a complete Aho–Corasick check in C, side by side.

    python benchmarks/verify.py              # 200x200/4,000 and 500x500/10,000 words, 5 runs each
    python benchmarks/verify.py --quick      # 200x200 only, 3 runs

For each grid it times, interleaved and in CPU seconds (medians): ``verify_puzzle`` (placements
known), ``solve`` (a grid typed in: placements inferred), the pyahocorasick check with the same
per-word verdicts for both cases, and the automaton's detection alone. Grids: generated puzzles of
English words (hard; our sampled dictionary list, the most frequent real words of 3-10 letters,
"frequent", and the real lists of ``data/real`` of 3-14 letters, English and German), a grid of
random letters (a newspaper grid), and the evil worte5 grid of D, A and S only. Each verdict of ours is compared with the yardstick's before timing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import aho  # noqa: E402
from real import real_lists  # noqa: E402
from wortsuche import generate, solve  # noqa: E402
from wortsuche.model import Grid, Puzzle, Word  # noqa: E402
from wortsuche.verification.verifier import Report, verify_puzzle  # noqa: E402
from wortsuche.words.normalise import normalise_words  # noqa: E402


def english(count: int, seed: str, listed: str = "english") -> list[str]:
    """``count`` words drawn from ``data/english.txt``, or (``english-frequent``) from the
    2 × count most frequent real words, as ``run.py`` draws them."""
    text = (HERE / "data" / f"{listed}.txt").read_text(encoding="utf-8")
    words = [w for w in text.split("\n") if w and w[0] != "#"]
    if listed.endswith("-frequent"):
        words = words[: 2 * count]
    return random.Random(seed).sample(words, count)


def grids(quick: bool) -> list[tuple[str, Puzzle | tuple[Grid, tuple[Word, ...]]]]:
    """The grids measured: puzzles (placements known) and grids typed in (words only)."""
    found: list[tuple[str, Puzzle | tuple[Grid, tuple[Word, ...]]]] = []
    for side, count in ((200, 4000),) if quick else ((200, 4000), (500, 10000)):
        for listed, label in (("english", ""), ("english-frequent", " frequent")):
            words = english(count, f"{side}:{count}", listed)
            puzzle = generate(words, side, side, level="hard", seed=1)
            found.append((f"{side}x{side}/{count}{label}", puzzle))
        for name, rows, cols, words in real_lists():
            if (rows, len(words)) == (side, count):
                puzzle = generate(words, rows, cols, level="hard", seed=1)
                found.append((f"{side}x{side}/{count} {name[:2]} 3-14", puzzle))
    rnd = random.Random(1)
    letters = "EEEEEEEEENNNNNIIIIIISSSSSRRRRRRAAAAAATTTTTDDDDHHHUUULLLCCGGMMOOBBWFKZPVJYXQ"
    rows = ["".join(rnd.choice(letters) for _ in range(100)) for _ in range(100)]
    words = english(1000, "newspaper")
    found.append(("random 100x100/1000", (Grid.from_rows(rows), _words(words))))
    evil = generate(["DAS"], 60, 60, level="evil", seed=2)
    found.append(("DAS only 60x60", evil))
    return found


def _words(letters: list[str]) -> tuple[Word, ...]:
    return normalise_words(letters)[0]


def verdicts(report: Report) -> dict[str, tuple]:  # type: ignore[type-arg]
    """The verifier's report in the yardstick's terms."""

    def span(o: object) -> aho.Span:
        return o.key  # type: ignore[attr-defined, no-any-return]

    return {
        r.word.letters: (
            span(r.own) if r.own else None,
            sorted(span(o) for o, _ in r.inside_longer),
            sorted(span(o) for o in r.stray),
        )
        for r in report.words
    }


def same_shape(checked: dict[str, tuple]) -> dict[str, tuple]:  # type: ignore[type-arg]
    """The yardstick's verdicts with their lists sorted, as :func:`verdicts` gives ours."""
    return {w: (own, sorted(inside), sorted(stray)) for w, (own, inside, stray) in checked.items()}


def cpu(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def timings(
    item: Puzzle | tuple[Grid, tuple[Word, ...]], runs: int
) -> tuple[dict[str, float], list[str]]:
    """Median CPU ms of each job on one grid, interleaved, and where ours and the yardstick's
    verdicts differ (checked first). Jobs: ``solve``, ``ac solve`` (the AC check), ``detect``
    (detection alone), and for a puzzle ``verify`` and ``ac placed`` (the AC check, placements
    known)."""
    puzzle = item if isinstance(item, Puzzle) else None
    grid, words = (item.grid, item.words) if isinstance(item, Puzzle) else item
    rows, letters = list(grid.rows), [w.letters for w in words]
    jobs: dict[str, Callable[[], object]] = {
        "solve": lambda: solve(grid, words),
        "ac solve": lambda: aho.check(rows, letters),
        "detect": lambda: aho.detect(rows, letters),
    }
    notes = []
    if verdicts(solve(grid, words)) != same_shape(aho.check(rows, letters)):
        notes.append("solve DIFFERS from the AC check")
    if puzzle is not None:
        placed = {
            w: (min(p.start, p.end), max(p.start, p.end)) for w, p in puzzle.placements.items()
        }
        jobs["verify"] = lambda: verify_puzzle(puzzle)
        jobs["ac placed"] = lambda: aho.check(rows, letters, placed)
        if verdicts(verify_puzzle(puzzle)) != same_shape(aho.check(rows, letters, placed)):
            notes.append("verify DIFFERS from the AC check")
    times: dict[str, list[float]] = {job: [] for job in jobs}
    for _ in range(runs):
        for job, run in jobs.items():  # interleaved: machine noise hits all alike
            times[job].append(cpu(run))
    return {job: statistics.median(values) * 1000 for job, values in times.items()}, notes


def measure(name: str, item: Puzzle | tuple[Grid, tuple[Word, ...]], runs: int) -> str:
    """One line of the table: our times and the yardstick's, checked to agree first."""
    ms, notes = timings(item, runs)
    verify_part = f"{'–':>13} {'–':>9} {'–':>6}"
    if "verify" in ms:
        verify_part = (
            f"{ms['verify']:13.1f} {ms['ac placed']:9.1f} {ms['verify'] / ms['ac placed']:6.2f}"
        )
    return (
        f"{name:<22}{verify_part} {ms['solve']:8.1f} {ms['ac solve']:9.1f} "
        f"{ms['solve'] / ms['ac solve']:6.2f} {ms['detect']:10.1f}   " + "; ".join(notes)
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int)
    args = parser.parse_args()
    if not aho.available():
        print("pyahocorasick is not installed (pip install -e .)")
        return 1
    runs = args.runs or (3 if args.quick else 5)
    print(
        f"{'grid':<22} {'verify':>8} {'AC check':>9} {'ratio':>6} {'solve':>8} "
        f"{'AC check':>9} {'ratio':>6} {'AC detect':>10}   (CPU ms, medians of {runs})"
    )
    for name, item in grids(args.quick):
        print(measure(name, item, runs), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
