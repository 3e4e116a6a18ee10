"""How long a print-on-demand book takes: a 200-puzzle 6×9 book with answers and a cover.

    python3 benchmarks/books.py             # 200 puzzles, workers 1 and 2, best of 2 runs
    python3 benchmarks/books.py --quick     # 30 puzzles, one run: checks that it works

First the stages in this process on one core (CPU seconds: generate, lay out, draw, preflight),
then the whole command (``wortsuche book … --trim 6x9 --cover``) as a process with 1 and 2
workers: wall time, CPU time of the process and its workers, the main process's CPU time
alone, the speed-up, and the speed-up two idle cores would give at best (the main process's
time whole, the workers' shared out evenly). The book's bytes are the same for every number of
workers (checked here too). Wall times need an idle machine: on a busy one the CPU columns still
show where the time goes.

    python3 benchmarks/books.py --phases    # where the time goes, 1 and 2 workers

``--phases`` times the command's steps in its main process (wall and CPU seconds each: planning,
making, rating, laying out, drawing, joining, the cover, waiting for the check) and every job in
its worker processes (what, when, CPU seconds), by wrapping the functions where the command
looks them up: the product itself is not changed for it. Runs alternate between 1 and 2
workers; the figures are medians, with the load average before each run.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import importlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

WORDS = [
    "Hund",
    "Katze",
    "Maus",
    "Pferd",
    "Kuh",
    "Schaf",
    "Ziege",
    "Huhn",
    "Ente",
    "Gans",
    "Esel",
    "Fuchs",
    "Wolf",
    "Bär",
    "Hase",
    "Igel",
    "Reh",
    "Hirsch",
    "Löwe",
    "Tiger",
    "Zebra",
    "Affe",
    "Kamel",
    "Lama",
    "Otter",
    "Dachs",
    "Marder",
    "Elch",
    "Biber",
    "Robbe",
]


def stages(count: int) -> dict[str, float]:
    """CPU seconds of each stage of the book, in this process."""
    from wortsuche.book import BookSettings, build_book, plan_book, scores
    from wortsuche.render import RenderOptions
    from wortsuche.render.bookpages import PART, BookDesign, compose_book, draw_part, join_parts
    from wortsuche.render.preflight import check_drawn, fonts_not_embedded
    from wortsuche.render.trims import BookFormat, parse_trim

    took: dict[str, float] = {}
    start = time.process_time()
    plan = plan_book([("Tiere", WORDS)], seed=1, count=count)
    puzzles = build_book(plan, BookSettings(), workers=1)
    took["generate"] = time.process_time() - start
    book = BookFormat(parse_trim("6x9"))
    start = time.process_time()
    titled = [(p.title, puzzle) for p, puzzle in zip(plan, puzzles, strict=True)]
    rated = scores([puzzle for _, puzzle in titled])
    pages, language, title = compose_book(titled, RenderOptions(), BookDesign(book), scores=rated)
    took["lay out"] = time.process_time() - start
    start = time.process_time()
    parts = [
        draw_part(pages[first : first + PART], book, language, title, first + 1, len(pages))
        for first in range(0, len(pages), PART)
    ]
    took["draw"] = time.process_time() - start
    start = time.process_time()
    pdf = join_parts(parts, title, language)
    took["join"] = time.process_time() - start
    start = time.process_time()
    check_drawn(parts, book, len(pages))()
    took["preflight"] = time.process_time() - start
    start = time.process_time()
    fonts_not_embedded(pdf)
    took["fonts"] = time.process_time() - start
    return took


PARALLEL = ("generate", "draw", "preflight")
"""The stages the worker processes share; the others run in the main process."""


REPORT = (
    "import resource, sys; from wortsuche.cli import main; code = main(sys.argv[1:]); "
    "used = resource.getrusage(resource.RUSAGE_SELF); "
    "print(used.ru_utime + used.ru_stime, file=sys.stderr); sys.exit(code)"
)
"""Runs the command and says on its last line of errors the CPU seconds of its main process."""


def whole(count: int, workers: int, folder: Path) -> tuple[float, float, float, str]:
    """Wall and CPU seconds of one ``wortsuche book`` run (all processes, then the main process
    alone), and its PDF's digest."""
    words = folder / "tiere.txt"
    words.write_text("# Tiere\n" + "\n".join(WORDS) + "\n", encoding="utf-8")
    out = folder / f"book{workers}.pdf"
    command = [
        sys.executable, "-c", REPORT, "book", str(words), "--count", str(count),
        "--seed", "1", "--trim", "6x9", "--cover", str(folder / f"cover{workers}.pdf"),
        "--workers", str(workers), "--force", "-o", str(out),
    ]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    main_cpu = float(done.stderr.strip().splitlines()[-1])
    return wall, cpu, main_cpu, hashlib.sha256(out.read_bytes()).hexdigest()[:12]


EVENTS = "WORTSUCHE_BOOKS_EVENTS"
"""The environment variable naming the file every process of a timed command appends to."""

STEPS = {
    "wortsuche.book": ("plan_book", "build_book"),
    "wortsuche.book.printing": ("scores", "draw_print_book"),
    "wortsuche.render.bookpages": ("compose_book", "join_parts"),
    "wortsuche.render.preflight": ("check_drawn", "fonts_not_embedded"),
    "wortsuche.cli.printbook": ("make_cover", "write_output", "print_trimmed"),
}
"""The main process's steps: each name wrapped in the module the command looks it up in."""

JOBS = {
    "wortsuche.book.plan": ("make_puzzle", "scores"),
    "wortsuche.book.workers": ("make_puzzle", "end_with_parent"),
    "wortsuche.render.bookpages": ("draw_part",),
    "wortsuche.render.bookpages.drawing": ("draw_part",),
    "wortsuche.render.preflight": ("check_pages",),
}
"""The jobs the workers run: wrapped in the module they are pickled from and where they are
looked up, so that a worker forked after the wrapping times each call it makes."""


def _record(name: str, start: float, cpu: float) -> None:
    """Append one call's process, name, wall start and end, and CPU seconds to the events."""
    line = json.dumps([os.getpid(), name, start, time.perf_counter(), cpu]) + "\n"
    with open(os.environ[EVENTS], "a", encoding="utf-8") as events:
        events.write(line)


def _timed(name: str, function: Any) -> Any:
    """``function``, recording each call (for a result that is itself a callable, as
    ``check_drawn`` gives, the wait for it too)."""

    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        result = function(*args, **kwargs)
        _record(name, start, time.process_time() - cpu)
        if name == "check_drawn":
            return _timed("check wait", result)
        return result

    return timed


def _wrap_all() -> None:
    """Wrap every step and job of :data:`STEPS` and :data:`JOBS` where it exists (a name the
    code no longer has is left out)."""
    wrapped: dict[int, Any] = {}
    for table in (STEPS, JOBS):
        for module_name, names in table.items():
            module = importlib.import_module(module_name)
            for name in names:
                function = getattr(module, name, None)
                if function is None:
                    continue
                if id(function) not in wrapped:
                    wrapped[id(function)] = _timed(name, function)
                setattr(module, name, wrapped[id(function)])


def timed_command(argv: list[str]) -> int:
    """Run ``wortsuche`` with the steps and jobs timed (in a process of its own)."""
    start = time.perf_counter()
    _wrap_all()
    from wortsuche.cli import main as cli_main

    code = cli_main(argv)
    _record("whole command", start, time.process_time())
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    now = time.perf_counter()
    _record("main process CPU", now, own.ru_utime + own.ru_stime)
    _record("workers CPU", now, children.ru_utime + children.ru_stime)
    return code


def timed_run(count: int, workers: int, folder: Path) -> tuple[list[list[Any]], str]:
    """The events of one timed ``wortsuche book`` run and its PDF's digest."""
    words = folder / "tiere.txt"
    words.write_text("# Tiere\n" + "\n".join(WORDS) + "\n", encoding="utf-8")
    out = folder / f"timed{workers}.pdf"
    events = folder / f"events{workers}.jsonl"
    events.unlink(missing_ok=True)
    here = str(Path(__file__).resolve().parent)
    code = (
        f"import sys; sys.path.insert(0, {here!r}); import books; "
        "sys.exit(books.timed_command(sys.argv[1:]))"
    )
    command = [
        sys.executable, "-c", code, "book", str(words), "--count", str(count),
        "--seed", "1", "--trim", "6x9", "--cover", str(folder / f"timedcover{workers}.pdf"),
        "--workers", str(workers), "--force", "-o", str(out),
    ]  # fmt: skip
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=os.environ | {EVENTS: str(events)})
    lines = [json.loads(line) for line in events.read_text(encoding="utf-8").splitlines()]
    for line in lines:  # times from the command's start
        line[2:4] = [line[2] - start, line[3] - start]
    return lines, hashlib.sha256(out.read_bytes()).hexdigest()[:12]


def summary(events: list[list[Any]]) -> dict[str, tuple[float, float]]:
    """Wall and CPU seconds of each step of the main process, each kind of job in the workers
    (summed over all of them), and the workers' busy span (first job started to last ended)."""
    main_pid = next(pid for pid, name, *_ in events if name == "whole command")
    table: dict[str, tuple[float, float]] = {}
    for pid, name, start, end, cpu in events:
        key = name if pid == main_pid else f"worker: {name}"
        if name.endswith(" CPU"):  # a total, not a step: no wall time of its own
            start = end
        wall, used = table.get(key, (0.0, 0.0))
        table[key] = (wall + end - start, used + cpu)
    top = ("plan_book", "build_book", "print_trimmed")
    rest = table["main process CPU"][1] - sum(table.get(name, (0.0, 0.0))[1] for name in top)
    table["main process outside them: start-up, imports, reading"] = (0.0, rest)
    jobs = [(start, end) for pid, _, start, end, _ in events if pid != main_pid]
    if jobs:
        table["worker span"] = (max(e for _, e in jobs) - min(s for s, _ in jobs), 0.0)
    return table


LEAVES = (
    "plan_book",
    "build_book",
    "scores",
    "compose_book",
    "join_parts",
    "fonts_not_embedded",
    "make_cover",
    "write_output",
)
"""The main process's steps that hold no other (with several workers: none holds a job)."""


def overlapped(events: list[list[Any]]) -> float:
    """CPU seconds of the main process's steps spent while a worker ran a job (each step's CPU
    time in the share of its wall time that overlaps a job): work that does not hold the
    workers up."""
    main_pid = next(pid for pid, name, *_ in events if name == "whole command")
    jobs = sorted((start, end) for pid, _, start, end, _ in events if pid != main_pid)
    busy: list[list[float]] = []
    for start, end in jobs:  # the union of the jobs' times
        if busy and start <= busy[-1][1]:
            busy[-1][1] = max(busy[-1][1], end)
        else:
            busy.append([start, end])
    total = 0.0
    for pid, name, start, end, cpu in events:
        if pid != main_pid or name not in LEAVES or end <= start:
            continue
        shared = sum(max(0.0, min(end, b) - max(start, a)) for a, b in busy)
        total += cpu * shared / (end - start)
    return total


def phases(count: int, runs: int) -> None:
    """Print the medians of each step and job over ``runs`` alternating timed runs."""
    tables: dict[int, list[dict[str, tuple[float, float]]]] = {1: [], 2: []}
    loads: dict[int, list[float]] = {1: [], 2: []}
    digests = set()
    shared: list[float] = []
    with tempfile.TemporaryDirectory() as name:
        for _ in range(runs):
            for workers in (1, 2):
                loads[workers].append(os.getloadavg()[0])
                events, digest = timed_run(count, workers, Path(name))
                digests.add(digest)
                tables[workers].append(summary(events))
                if workers == 2:
                    shared.append(overlapped(events))
    print(f"wortsuche book --count {count} --trim 6x9 --cover, medians of {runs} alternating runs")
    for workers in (1, 2):
        load = ", ".join(f"{value:.1f}" for value in loads[workers])
        print(f"\n{workers} worker{'s' if workers > 1 else ''} (load average {load})")
        print("| step | wall s | CPU s |")
        print("|---|---:|---:|")
        keys = list(dict.fromkeys(key for table in tables[workers] for key in table))
        for key in keys:
            walls = [table.get(key, (0.0, 0.0))[0] for table in tables[workers]]
            cpus = [table.get(key, (0.0, 0.0))[1] for table in tables[workers]]
            print(f"| {key} | {statistics.median(walls):.2f} | {statistics.median(cpus):.2f} |")
    one = [table["whole command"][0] for table in tables[1]]
    two = [table["whole command"][0] for table in tables[2]]
    main_cpu = statistics.median(table["main process CPU"][1] for table in tables[2])
    workers_cpu = statistics.median(table["workers CPU"][1] for table in tables[2])
    total_one = statistics.median(table["main process CPU"][1] for table in tables[1])
    print(
        f"\nspeed-up (median wall, 1 worker / 2): {statistics.median(one):.2f} / "
        f"{statistics.median(two):.2f} s = {statistics.median(one) / statistics.median(two):.2f}×"
    )
    print(
        f"CPU split with 2 workers: main process {main_cpu:.2f} s, workers {workers_cpu:.2f} s; "
        f"1 worker {total_one:.2f} s; two idle cores at best "
        f"{total_one / (main_cpu + workers_cpu / 2):.2f}×"
    )
    beside = statistics.median(shared)
    serial = main_cpu - beside
    print(
        f"of the main process's {main_cpu:.2f} s, {beside:.2f} s ran while a worker ran a job; "
        f"the rest ({serial:.2f} s) held them up. Two idle cores, counting that: "
        f"{total_one / (serial + (workers_cpu + beside) / 2):.2f}×"
    )
    if len(digests) != 1:
        print("the PDFs differ between worker counts", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="30 puzzles, one run")
    parser.add_argument("--count", type=int, help="puzzles in the book (default: 200)")
    parser.add_argument(
        "--phases", action="store_true", help="time each step and job (see above), 3 runs each"
    )
    parser.add_argument("--runs", type=int, help="runs of each number of workers")
    args = parser.parse_args()
    count = args.count or (30 if args.quick else 200)
    if args.phases:
        phases(count, args.runs or (1 if args.quick else 3))
        return 0
    runs = 1 if args.quick else 2

    print(f"Stages of a {count}-puzzle 6x9 book, one core (CPU seconds)")
    took = stages(count)
    for stage, seconds in took.items():
        print(f"  {stage:<10} {seconds:7.2f}")
    total = sum(took.values())
    serial = sum(seconds for stage, seconds in took.items() if stage not in PARALLEL)
    print(f"  {'total':<10} {total:7.2f}")
    ideal = serial + (total - serial) / 2
    print(
        f"  two idle cores at best: {ideal:.2f} s, {total / ideal:.2f}× (the serial stages whole)"
    )
    print()
    print(f"wortsuche book --count {count} --trim 6x9 --cover (best of {runs})")
    print("| workers | wall s | CPU s | main process CPU s | speed-up | at best | PDF |")
    print("|--------:|-------:|------:|-------------------:|---------:|--------:|-----|")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        best: dict[int, tuple[float, float, float, str]] = {}
        for _ in range(runs):
            for workers in (1, 2):
                result = whole(count, workers, folder)
                if workers not in best or result[0] < best[workers][0]:
                    best[workers] = result
    for workers, (wall, cpu, main_cpu, digest) in best.items():
        # on idle cores: the main process's CPU time, then the workers' shared out evenly
        bound = best[1][1] / (main_cpu + (cpu - main_cpu) / workers)
        print(
            f"| {workers} | {wall:.1f} | {cpu:.1f} | {main_cpu:.2f} | {best[1][0] / wall:.2f}× "
            f"| {bound:.2f}× | {digest} |"
        )
    if len({digest for *_, digest in best.values()}) != 1:
        print("the PDFs differ between worker counts", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
