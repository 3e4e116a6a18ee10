"""A fuzzer of the command line: argument lists and input files for every reader, each run as
``main(argv)`` in a forked copy of this process under a CPU and a memory cap.

A case is built from a :class:`Chooser`: hypothesis draws in the tests (``test_fuzz_cli.py``),
a seeded ``random.Random`` in the long run (``benchmarks/fuzz.py``), so a failure of the long run
is its seed, kept as a regression case. A run's :class:`Outcome` is its exit code, or the class
of an exception that escaped ``main`` (a traceback), or the signal that ended it (``SIGXCPU``:
past the CPU cap), with its CPU seconds and peak memory.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import tempfile
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

READERS = ("generate", "check", "rate", "render", "solve", "book", "themes")
"""The commands that read what a user gives them (``serve`` and ``completion`` read nothing)."""

CPU_CAP = 35
"""CPU seconds a run may take before the kernel ends it (the promise is 30)."""

MEMORY_CAP = 1536 * 2**20
"""Bytes of address space a run may add to the forked copy."""

WORDS = ["Hund", "Katze", "Maus", "Igel", "Fuchs", "TORF", "VOR", "RAD", "EVA", "A", "T", "ÄÖÜ"]
NASTY_LINES = [
    "Apfel, Birne, Kirsche",
    ", ".join(f"Apfel{n}" for n in range(60)),  # a comma list longer than a file name may be
    "Hund Katze Maus Igel Fuchs",
    "3",
    "0" * 4400 + "5",
    "# comment",
    "ẞ",
    "straße",
    "\u200d",
    "x" * 300,
    "\t;\t",
    "\udcff",
    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
]
NUMBERS = ["0", "1", "2", "3", "5", "10", "-1", "0.5", "1e3", "nan", "inf", "-0", "007",
           "0" * 4400 + "7", "9" * 5000, "abc", ""]  # fmt: skip
SIZES = ["5", "5x5", "8x1", "1x8", "12", "20x30", "500x500", "0x5", "5x", "x", "3X3", "007x007"]
TEXTS = ["Gut gemacht", "A", "ẞ", "", "  ", "\udcff", "x" * 600, "<b>Titel</b>", "Ä" * 50]
FILES = ["words.txt", "puzzle.json", "bad.json", "grid.txt", "empty.txt", "long.txt",
         "missing.txt", "folder", "-", "out.pdf", "out.png", "out.svg", "out.json",
         "x" * 300 + ".txt", "folder/out.txt", "mask.txt"]  # fmt: skip
DIRECTIONS = ["E", "E,S", "all", "N,NE,E,SE,S,SW,W,NW", "→↓", "Q", "", "E,E"]


class Chooser(Protocol):
    """Where a case's choices come from."""

    def integer(self, low: int, high: int) -> int: ...

    def choice(self, options: Sequence[T]) -> T: ...


class RandomChooser:
    """Choices from a seeded ``random.Random``: the seed names the case."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]


class DataChooser:
    """Choices drawn by hypothesis (``st.data()``), so failures shrink."""

    def __init__(self, data: Any) -> None:
        from hypothesis import strategies as st

        self.data, self.st = data, st

    def integer(self, low: int, high: int) -> int:
        return int(self.data.draw(self.st.integers(low, high)))

    def choice(self, options: Sequence[T]) -> T:
        return options[self.data.draw(self.st.integers(0, len(options) - 1))]


@dataclass
class Case:
    """One run: the arguments, the files in its folder, its standard input."""

    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes = b""


@dataclass
class Outcome:
    """How a run ended: ``kind`` is ``exit N``, an exception class, or a signal name."""

    kind: str
    cpu: float
    megabytes: float
    detail: str = ""

    @property
    def failed(self) -> bool:
        """A traceback, an end by signal, an exit code outside 0–2, or past 30 CPU seconds."""
        return (
            self.kind not in ("exit 0", "exit 1", "exit 2")
            or "Traceback" in self.detail
            or self.cpu > 30
        )


@cache
def options_of(command: str) -> list[tuple[str, bool, tuple[str, ...]]]:
    """Each option of ``command``: its flag, whether it takes a value, its choices."""
    from wortsuche.cli import build_parser

    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    found = []
    for action in sub.choices[command]._actions:
        if not action.option_strings or isinstance(action, argparse._HelpAction):
            continue
        takes = action.nargs != 0
        found.append((action.option_strings[-1], takes, tuple(map(str, action.choices or ()))))
    return found


def make_case(choose: Chooser) -> Case:
    """A command with its positional arguments, a few options with values, and input files;
    mostly what a user would give, sometimes anything."""
    command = choose.choice(READERS)
    argv = [command, *_positionals(command, choose)]
    if command == "book" and choose.integer(0, 3):
        argv += ["--output", _mostly(choose, ["book.pdf", "book.jsonl", "book.txt"], FILES)]
    for _ in range(choose.integer(0, 4)):
        flag, takes, choices = choose.choice(options_of(command))
        argv.append(flag)
        if takes:
            argv.append(_value(flag, choices, choose))
    if choose.integer(0, 19) == 0:
        argv.insert(choose.integer(0, len(argv)), choose.choice(["--help", "--version", "--"]))
    return Case(argv, _files(choose), _text(choose).encode("utf-8", "surrogateescape"))


def _mostly(choose: Chooser, usual: Sequence[T], unusual: Sequence[T]) -> T:
    """One of ``usual`` three times in four, else one of ``unusual``."""
    return choose.choice(usual) if choose.integer(0, 3) else choose.choice(unusual)


def _positionals(command: str, choose: Chooser) -> list[str]:
    if command == "generate":
        if choose.integer(0, 3) == 0:
            return [_mostly(choose, ["words.txt", "long.txt", "-"], FILES + NASTY_LINES[:3])]
        return [_mostly(choose, WORDS, NASTY_LINES) for _ in range(choose.integer(1, 8))]
    if command in ("check", "render"):
        return [_mostly(choose, ["puzzle.json"], ["bad.json", *FILES])]
    if command in ("rate", "solve"):
        usual = ["grid.txt", "words.txt"][: choose.integer(1, 2)]
        return usual if choose.integer(0, 3) else [choose.choice(FILES)]
    if command == "book":
        return [_mostly(choose, ["words.txt", "long.txt"], FILES)]
    return [_mostly(choose, ["tiere", "animals", "obst"], ["", "x" * 300, "../etc", "\udcff"])][
        : choose.integer(0, 1)
    ]


def _value(flag: str, choices: tuple[str, ...], choose: Chooser) -> str:
    if choices and choose.integer(0, 5):
        return choose.choice(choices)
    if flag == "--size":
        return _mostly(choose, SIZES, NUMBERS)
    if flag == "--directions":
        return choose.choice(DIRECTIONS)
    if flag in ("--output", "--mask"):
        return choose.choice(FILES)
    if flag == "--words":
        return _mostly(choose, WORDS, NASTY_LINES)
    if flag == "--effort":  # the promise of 30 CPU seconds holds at the default effort
        return choose.choice(["0", "1", "-1", "0.5", "nan", "inf", "abc", "0" * 4400 + "1"])
    if flag in ("--count", "--words-per-puzzle", "--workers", "--first"):
        return _mostly(choose, ["1", "2", "3"], ["0", "-1", "abc", "9" * 5000, "0" * 4400 + "2"])
    if flag in ("--seed", "--difficulty", "--timeout", "--dpi") or flag.endswith("-share"):
        return _mostly(choose, ["1", "3", "10", "50", "100"], NUMBERS)
    return _mostly(choose, WORDS + TEXTS, NUMBERS + DIRECTIONS + NASTY_LINES)


def _text(choose: Chooser) -> str:
    lines = [choose.choice(WORDS + NASTY_LINES) for _ in range(choose.integer(0, 8))]
    return "\n".join(lines) + choose.choice(["", "\n", "\r\n"])


@cache
def _puzzle_json() -> str:
    from wortsuche.pipeline.run import generate
    from wortsuche.puzzle_json import dumps

    return dumps(generate(["TORF", "VOR", "RAD", "EVA"], 5, 5, level="hard", seed=1))


def _files(choose: Chooser) -> dict[str, bytes]:
    puzzle = _puzzle_json()
    data = json.loads(puzzle)
    grid = "\n".join(data["grid"]) + "\n"
    cut = choose.integer(0, len(puzzle))
    bad = choose.choice([puzzle[:cut], puzzle.replace('"rows": 5', '"rows": 0' + "0" * 4400)])
    return {
        "words.txt": _text(choose).encode("utf-8", "surrogateescape"),
        "puzzle.json": puzzle.encode(),
        "bad.json": bad.encode("utf-8", "surrogateescape"),
        "grid.txt": choose.choice([grid, grid[: cut % len(grid)], "A\n" * 600]).encode(),
        "empty.txt": b"",
        "long.txt": (", ".join(f"Wort{n}" for n in range(200)) + "\n").encode(),
        "mask.txt": choose.choice(["#.#\n###\n", "", "ab\n"]).encode(),
        "folder/keep": b"",
    }


def usual_files() -> dict[str, bytes]:
    """The input files of a case, as one seed makes them (for cases written by hand)."""
    return _files(RandomChooser(0))


def run_case(case: Case, *, cpu: int = CPU_CAP, memory: int = MEMORY_CAP) -> Outcome:
    """Run ``case`` as ``main(argv)`` in a forked copy of this process, in a folder of its own."""
    folder = tempfile.mkdtemp(prefix="wortsuche-fuzz-")
    try:
        for name, content in case.files.items():
            path = os.path.join(folder, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as file:
                file.write(content)
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - ends with os._exit
            os.close(read_end)
            _child(case, folder, write_end, cpu, memory)
        os.close(write_end)
        try:
            with os.fdopen(read_end, "rb") as pipe:
                report = pipe.read()
        except BaseException:  # interrupted: the run ends with the caller
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise
        _, status, usage = os.wait4(pid, 0)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    seconds, megabytes = usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024
    if os.WIFSIGNALED(status):
        return Outcome(signal.Signals(os.WTERMSIG(status)).name, seconds, megabytes)
    if not report:
        return Outcome(f"died with {os.WEXITSTATUS(status)}", seconds, megabytes)
    kind, detail = json.loads(report)
    return Outcome(kind, seconds, megabytes, detail)


def _child(case: Case, folder: str, write_end: int, cpu: int, memory: int) -> None:
    """Run the case under the caps and send ``[kind, detail]`` up the pipe; never returns."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_AS, (size + memory, size + memory))
        from pathlib import Path

        from cli import run

        try:
            result = run(*case.argv, stdin=case.stdin, cwd=Path(folder))
            tail = result.stderr[-20_000:]
            if len(result.stderr) > 20_000:  # whole lines only
                tail = tail.split("\n", 1)[-1]
            answer = [f"exit {result.returncode}", tail]
        except BaseException as error:  # escaped main: the traceback a user would see
            answer = [type(error).__name__, traceback.format_exc()[-1500:]]
        with os.fdopen(write_end, "wb") as pipe:
            pipe.write(json.dumps(answer).encode())
    finally:
        os._exit(0)
