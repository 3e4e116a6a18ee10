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
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="30 puzzles, one run")
    parser.add_argument("--count", type=int, help="puzzles in the book (default: 200)")
    args = parser.parse_args()
    count = args.count or (30 if args.quick else 200)
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
