"""The fill step's share of one real-word puzzle: CPU seconds of ``generate`` and of its fill.

    python3 benchmarks/fill_phase.py --size 200 --words 4000           # this checkout
    python3 benchmarks/fill_phase.py --size 500 --words 10000 --root /tmp/base

``--root`` is a folder holding another version's ``src`` (``git archive <commit> src | tar -x -C
/tmp/base``), so two versions can be run one after the other, alternating, in fresh processes.
The words are drawn as ``worst_case.py`` draws them; the last column is a fingerprint of the grid
and the placements, which must not differ between versions that keep the same puzzles.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=HERE.parent, help="folder holding src/")
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--words", type=int, default=4000)
    parser.add_argument("--language", default="english", choices=("english", "german"))
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sys.path.insert(0, str(args.root / "src"))
    import wortsuche.pipeline.run as pipeline
    from wortsuche import generate

    path = HERE / "data" / f"{args.language}-frequent.txt"
    ranked = [w for w in path.read_text(encoding="utf-8").split("\n") if w and w[0] != "#"]
    words = sorted(random.Random(args.words).sample(ranked[: 2 * args.words], args.words))
    spent = {"fill": 0.0}
    fill = pipeline.fill

    def timed_fill(*positional: Any, **named: Any) -> Any:
        start = time.process_time()
        try:
            return fill(*positional, **named)
        finally:
            spent["fill"] += time.process_time() - start

    pipeline.fill = timed_fill
    start = time.process_time()
    puzzle = generate(words, args.size, args.size, level=args.level, seed=args.seed)
    total = time.process_time() - start
    fingerprint = hashlib.sha1(repr((puzzle.grid, puzzle.placements)).encode()).hexdigest()[:12]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{args.root.name:12} {args.size}x{args.size}/{args.words} {args.level}: "
        f"total {total:.3f} s, fill {spent['fill']:.3f} s, peak {peak:.0f} MB, {fingerprint}"
    )


if __name__ == "__main__":
    main()
