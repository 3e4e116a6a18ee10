"""The long fuzz run of the command line: every reader, many seeded cases, counts per outcome.

    python3 benchmarks/fuzz.py --runs 20000 [--first 0]

Each seed builds one case (``tests/fuzzing.py``: a command, its arguments and input files) and
runs it as ``main(argv)`` in a forked copy of this process with at most 35 CPU seconds and
1.5 GB more memory. The table counts the outcomes (exit codes; an exception class is a
traceback; a signal is a run the kernel ended), then lists the slowest runs and every failing
seed: keep those in ``tests/test_fuzz_cli.py`` as regression cases. Ctrl+C or SIGTERM ends the
run early and still prints the table of the runs so far; ``--first`` starts further on, so
several processes can share a long run.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import Outcome, RandomChooser, make_case, run_case

SLOWEST = 10


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    args = parser.parse_args()
    kinds: Counter[str] = Counter()
    commands: Counter[str] = Counter()
    slowest: list[tuple[float, int, Outcome, list[str]]] = []
    failures: list[tuple[int, Outcome, list[str]]] = []
    most_memory = 0.0
    start = time.monotonic()
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # ends the run like Ctrl+C
    seed, done = args.first, 0
    for seed in range(args.first, args.first + args.runs):
        case = make_case(RandomChooser(seed))
        try:
            outcome = run_case(case)
        except KeyboardInterrupt:
            break
        kinds[outcome.kind] += 1
        commands[case.argv[0]] += 1
        most_memory = max(most_memory, outcome.megabytes)
        slowest = sorted([*slowest, (outcome.cpu, seed, outcome, case.argv)], key=lambda s: -s[0])
        slowest = slowest[:SLOWEST]
        if outcome.failed:
            failures.append((seed, outcome, case.argv))
            print(f"FAILED seed {seed}: {outcome.kind} {case.argv!r:.300}", file=sys.stderr)
        done += 1
        if done % 500 == 0:
            print(f"{done} runs, {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    print(f"{done} runs (seeds {args.first} to {args.first + done - 1}), "
          f"{time.monotonic() - start:.0f} s wall, peak {most_memory:.0f} MB")  # fmt: skip
    print("\n| outcome | runs |\n|---|---|")
    for kind, count in kinds.most_common():
        print(f"| {kind} | {count} |")
    print("\n| command | runs |\n|---|---|")
    for command, count in commands.most_common():
        print(f"| {command} | {count} |")
    print("\n| slowest: CPU s | seed | outcome | arguments |\n|---|---|---|---|")
    for cpu, seed, outcome, argv in slowest:
        shown = " ".join(a if len(a) < 40 else a[:37] + "…" for a in argv)
        print(f"| {cpu:.2f} | {seed} | {outcome.kind} | `{shown}` |")
    print(f"\nfailures: {len(failures)}")
    for seed, outcome, argv in failures:
        last = outcome.detail.strip().splitlines()[-1:]
        print(f"- seed {seed}: {outcome.kind}: {last!r} from {argv!r:.200}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
