"""The rating of very large puzzles from a sample of their words, against every word rated.

Above ``SAMPLE_ABOVE`` distinct words, ``rate_puzzle`` rates a stratified sample of
``SAMPLE_SIZE`` words and scales it up (``wortsuche.difficulty.simulated``). This makes puzzles of
the frozen real lists and prints, for each puzzle and sample seed, the sampled score's error
against the exact one and both CPU times.

    python benchmarks/rating_sample.py                                  # 200x200 and 500x500
    python benchmarks/rating_sample.py --case en-200x200 --seeds 1 2 3 --sample-seeds 1 2 3 4 5
    python benchmarks/rating_sample.py --cache /tmp/puzzles            # keep the puzzles made
"""

from __future__ import annotations

import argparse
import pickle
import statistics
import time
from pathlib import Path

from wortsuche import generate
from wortsuche.difficulty import simulated
from wortsuche.model import Puzzle

HERE = Path(__file__).resolve().parent
REAL = HERE / "data" / "real"
CASES = ("en-200x200-4000", "de-200x200-4000", "en-500x500-10000", "de-500x500-10000")


def puzzle_of(name: str, level: str, seed: int, cache: Path | None) -> Puzzle:
    """The puzzle of a frozen real list (from ``cache`` if made before)."""
    stored = cache / f"{name}-{level}-{seed}.pickle" if cache else None
    if stored is not None and stored.exists():
        puzzle: Puzzle = pickle.loads(stored.read_bytes())
        return puzzle
    text = (REAL / f"{name}.txt").read_text(encoding="utf-8")
    words = [w for w in text.split("\n") if w and w[0] != "#"]
    rows, cols = map(int, name.split("-")[1].split("x"))
    puzzle = generate(words, rows, cols, level=level, seed=seed)
    if stored is not None:
        stored.parent.mkdir(parents=True, exist_ok=True)
        stored.write_bytes(pickle.dumps(puzzle))
    return puzzle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", default="", help="only lists whose name contains this")
    parser.add_argument("--levels", nargs="+", default=["hard"], help="(hard)")
    parser.add_argument("--seeds", nargs="+", type=int, default=[1, 2, 3], help="puzzle seeds")
    parser.add_argument(
        "--sample-seeds",
        nargs="+",
        type=int,
        default=[simulated.SAMPLE_SEED],
        help="(the one used)",
    )
    parser.add_argument("--cache", type=Path, help="a folder to keep the puzzles made in")
    args = parser.parse_args()
    errors: list[float] = []
    print(
        "| puzzle | seed | sample seed | exact score | sampled score | error | exact s | sampled s |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in (case for case in CASES if args.case in case):
        for level in args.levels:
            for seed in args.seeds:
                puzzle = puzzle_of(name, level, seed, args.cache)
                start = time.process_time()
                exact = simulated.rate_puzzle(puzzle, exact=True)
                exact_time = time.process_time() - start
                for sample_seed in args.sample_seeds:
                    simulated.SAMPLE_SEED = sample_seed
                    start = time.process_time()
                    sampled = simulated.rate_puzzle(puzzle)
                    sampled_time = time.process_time() - start
                    error = sampled.minutes / exact.minutes - 1
                    errors.append(error)
                    print(
                        f"| {name} {level} | {seed} | {sample_seed} | {exact.score:,.1f} | "
                        f"{sampled.score:,.1f} | {error:+.2%} | {exact_time:.2f} | "
                        f"{sampled_time:.2f} |",
                        flush=True,
                    )
    if errors:
        worst = max(errors, key=abs)
        spread = statistics.pstdev(errors) if len(errors) > 1 else 0.0
        print(
            f"\n{len(errors)} ratings: largest error {worst:+.2%}, standard deviation {spread:.2%}"
        )


if __name__ == "__main__":
    main()
