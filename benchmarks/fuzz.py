"""The long fuzz run of the command line: every command, every file a command reads, a table of
what went wrong.

    python3 benchmarks/fuzz.py --cases 200000 --seed 1 --part 1/4 --json part1.json
    python3 benchmarks/fuzz.py --merge part*.json          # the table of all parts
    python3 benchmarks/fuzz.py --replay cases/3.json       # one saved reproduction, in process

Cases are drawn by the hypothesis strategies of ``tests/fuzzing.py`` (hostile JSON, word files in
every encoding, damaged DOCX/ODT/PNG/PDF files, random bytes) in chunks of 500, each chunk seeded
from ``--seed`` and its number, so ``--part K/M`` runs every M-th chunk and the parts together are
the whole run. Each case runs as ``main(argv)`` in a forked worker (``fuzzing.Worker``) that
measures its CPU seconds and peak memory and stops it at 35 CPU s.

The table counts per command the exits, the tracebacks (an exception that escaped ``main``, or a
traceback printed to standard error), the cases over 30 CPU s and over 500 MB, and the worst of
each; then each cause of a failure (exception class and innermost place in the package), known
or new, with its smallest case shrunk to a minimal reproduction. ``--ignore REGEX`` marks more
causes as known. It exits 1 if a new cause was found. Ctrl+C or SIGTERM ends the run early and
still prints the table of the cases so far.
"""

from __future__ import annotations

import argparse
import base64
import json
import re
import shlex
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from fuzzing import (
    CPU_LIMIT,
    MEMORY_LIMIT_MB,
    Case,
    Outcome,
    Worker,
    cases,
    commands,
    run_here,
    shrink,
)

CHUNK = 500
"""Cases drawn from one seed (hypothesis keeps what it drew; a chunk bounds that)."""


@dataclass(frozen=True)
class Known:
    """A cause already known (being fixed elsewhere): a pattern of its signature, and of its
    command and traceback when the signature alone is too wide."""

    name: str
    signature: str
    command: str = ""
    detail: str = ""

    def matches(self, signature: str, argv: list[str], detail: str) -> bool:
        """Whether a failure is this cause."""
        return bool(
            re.search(self.signature, signature)
            and re.search(self.command, " ".join(argv))
            and re.search(self.detail, detail)
        )


KNOWN = [
    Known("one-letter word in HTML output", r"^IndexError at render/html\.py"),
    Known(
        "deeply nested model or records JSON",
        r"^RecursionError",
        r"\b(rate|generate|calibrate|book)\b",
        r"constants\.py|calibrate\.py",
    ),
    Known(
        "calibrate: hints a list, 1e400, NaN or '1e400'",
        r"^(TypeError|OverflowError|ValueError) at cli/calibrate\.py:_find",
    ),
    Known("one-row or one-column grid at level evil", r"^ValueError at filling/readers\.py"),
    Known(
        "damaged PDF in preflight",
        r"",
        r"\b(preflight|book)\b",
        r"pypdf|pdfplumber|pdfminer|preflight\.py",
    ),
]
"""The causes issue 39 lists that are being fixed on another branch."""


@dataclass
class Cause:
    """All failures of one signature: how many, in which commands, the smallest case."""

    signature: str
    known: str
    count: int = 0
    commands: Counter[str] = field(default_factory=Counter)
    case: Case | None = None
    detail: str = ""

    def add(self, case: Case, outcome: Outcome) -> None:
        """Count a failure; keep the smallest case."""
        self.count += 1
        self.commands[case.command] += 1
        if self.case is None or case.size < self.case.size:
            self.case, self.detail = case, outcome.detail


@dataclass
class Tally:
    """What a run found, per command and per cause."""

    rows: dict[str, Counter[str]] = field(default_factory=dict)
    worst_cpu: dict[str, tuple[float, list[str]]] = field(default_factory=dict)
    worst_mb: dict[str, tuple[float, list[str]]] = field(default_factory=dict)
    causes: dict[str, Cause] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, case: Case, outcome: Outcome, known: list[Known]) -> None:
        """Count one case."""
        command = case.command
        row = self.rows.setdefault(command, Counter())
        row["cases"] += 1
        row[outcome.kind if outcome.kind.startswith("exit ") else "failed"] += 1
        if outcome.cpu > CPU_LIMIT:
            row[f"> {CPU_LIMIT} CPU s"] += 1
        if outcome.megabytes > MEMORY_LIMIT_MB:
            row[f"> {MEMORY_LIMIT_MB} MB"] += 1
        if outcome.cpu > self.worst_cpu.get(command, (-1.0, []))[0]:
            self.worst_cpu[command] = (outcome.cpu, case.argv)
        if outcome.megabytes > self.worst_mb.get(command, (-1.0, []))[0]:
            self.worst_mb[command] = (outcome.megabytes, case.argv)
        if not outcome.failed:
            return
        signature = outcome.signature or f"{outcome.kind} in {command}"
        if outcome.kind.startswith("exit ") and outcome.kind not in ("exit 0", "exit 1", "exit 2"):
            signature = f"{outcome.kind} in {command}: {outcome.detail.strip()[-120:]}"
        elif outcome.kind.startswith("exit "):  # in time and exit code, but too slow or too big
            signature = (
                f"over {CPU_LIMIT} CPU s in {command}"
                if outcome.cpu > CPU_LIMIT
                else f"over {MEMORY_LIMIT_MB} MB in {command}"
            )
        if outcome.kind == "traceback":
            row["tracebacks"] += 1
        name = next((k.name for k in known if k.matches(signature, case.argv, outcome.detail)), "")
        cause = self.causes.setdefault(signature, Cause(signature, name))
        cause.add(case, outcome)

    def first(self, outcome: Outcome) -> bool:
        """Whether this is the first failure of its cause (counted already)."""
        return any(c.count == 1 and c.detail == outcome.detail for c in self.causes.values())

    def merge(self, other: Tally) -> None:
        """Add another part's tally to this one."""
        for command, row in other.rows.items():
            self.rows.setdefault(command, Counter()).update(row)
        for mine, theirs in ((self.worst_cpu, other.worst_cpu), (self.worst_mb, other.worst_mb)):
            for command, worst in theirs.items():
                if worst[0] > mine.get(command, (-1.0, []))[0]:
                    mine[command] = worst
        for signature, cause in other.causes.items():
            if signature not in self.causes:
                self.causes[signature] = cause
                continue
            kept = self.causes[signature]
            kept.count += cause.count
            kept.commands.update(cause.commands)
            if cause.case and (kept.case is None or cause.case.size < kept.case.size):
                kept.case, kept.detail = cause.case, cause.detail
        self.seconds += other.seconds

    def to_json(self) -> dict[str, Any]:
        """Everything, as JSON (cases with their files in base64)."""
        return {
            "rows": self.rows,
            "worst_cpu": self.worst_cpu,
            "worst_mb": self.worst_mb,
            "seconds": self.seconds,
            "causes": [
                {
                    "signature": c.signature,
                    "known": c.known,
                    "count": c.count,
                    "commands": c.commands,
                    "detail": c.detail,
                    "case": case_to_json(c.case) if c.case else None,
                }
                for c in self.causes.values()
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        """The tally :meth:`to_json` wrote."""
        tally = cls(
            {k: Counter(v) for k, v in data["rows"].items()},
            {k: (v[0], v[1]) for k, v in data["worst_cpu"].items()},
            {k: (v[0], v[1]) for k, v in data["worst_mb"].items()},
            seconds=data["seconds"],
        )
        for c in data["causes"]:
            case = case_from_json(c["case"]) if c["case"] else None
            tally.causes[c["signature"]] = Cause(
                c["signature"], c["known"], c["count"], Counter(c["commands"]), case, c["detail"]
            )
        return tally


def case_to_json(case: Case) -> dict[str, Any]:
    """A case as JSON: its files and input in base64."""
    return {
        "argv": case.argv,
        "files": {k: base64.b64encode(v).decode() for k, v in case.files.items()},
        "stdin": base64.b64encode(case.stdin).decode(),
        "env": case.env,
    }


def case_from_json(data: dict[str, Any]) -> Case:
    """The case :func:`case_to_json` wrote."""
    files = {k: base64.b64decode(v) for k, v in data["files"].items()}
    return Case(data["argv"], files, base64.b64decode(data["stdin"]), data["env"])


STOP: list[int] = []
"""Not empty once SIGTERM came."""


def _stop(signum: int, frame: object) -> None:
    STOP.append(signum)


def run_chunks(args: argparse.Namespace, tally: Tally, known: list[Known]) -> int:
    """Run this part's chunks; the number of cases run."""
    part, parts = args.part
    among = args.commands or list(commands())
    done = 0
    start = time.monotonic()
    with Worker() as worker:
        for chunk in range(part - 1, -(-args.cases // CHUNK), parts):
            size = min(CHUNK, args.cases - chunk * CHUNK)

            @settings(
                max_examples=size,
                database=None,
                phases=[Phase.generate],
                deadline=None,
                suppress_health_check=list(HealthCheck),
            )
            @hypothesis_seed(args.seed * 1_000_003 + chunk)
            @given(cases(among))
            def one(case: Case) -> None:
                nonlocal done
                if STOP:  # raised here, where hypothesis passes it on, not in its own code
                    raise KeyboardInterrupt
                outcome = worker.run(case)
                tally.add(case, outcome, known)
                done += 1
                if outcome.failed and tally.first(outcome):
                    print(f"{outcome.kind} {outcome.signature} {case.argv!r:.200}", file=sys.stderr)
                if done % 1000 == 0:
                    print(
                        f"{done} cases, {time.monotonic() - start:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )

            try:
                one()
            except KeyboardInterrupt:
                break
            if STOP:
                break
    tally.seconds += time.monotonic() - start
    return done


def reproduce(tally: Tally, known: list[Known]) -> None:
    """Shrink the smallest case of each new traceback to a minimal reproduction."""
    with Worker() as worker:
        for cause in tally.causes.values():
            if cause.known or cause.case is None or "traceback" not in _kind(cause):
                continue
            signature = cause.signature
            cause.case = shrink(cause.case, lambda c, s=signature: worker.run(c).signature == s)


def _kind(cause: Cause) -> str:
    return "traceback" if " at " in cause.signature else "limit"


def shown(case: Case) -> str:
    """A case as one can type it: the files, the environment and the command line."""
    parts = []
    for name, content in case.files.items():
        if name == "folder/keep":
            continue
        text = repr(content) if len(content) <= 160 else f"<{len(content):,} bytes>"
        parts.append(f"{name} = {text}")
    parts += [f"{k}={shlex.quote(v[:80])}" for k, v in case.env.items()]
    if case.stdin:
        parts.append(f"stdin = {case.stdin[:160]!r}")
    argv = " ".join(shlex.quote(a if len(a) <= 60 else a[:57] + "…") for a in case.argv)
    return "; ".join([*parts, f"`wortsuche {argv}`"])


def print_table(tally: Tally) -> None:
    """The tables: per command, then per cause."""
    columns = [
        "cases",
        "exit 0",
        "exit 1",
        "exit 2",
        "tracebacks",
        "failed",
        f"> {CPU_LIMIT} CPU s",
        f"> {MEMORY_LIMIT_MB} MB",
    ]
    total: Counter[str] = Counter()
    print(f"\n| command | {' | '.join(columns)} | worst CPU s | worst MB |")
    print("|---" * (len(columns) + 3) + "|")
    for command in sorted(tally.rows):
        row = tally.rows[command]
        total.update(row)
        cpu, mb = tally.worst_cpu[command][0], tally.worst_mb[command][0]
        cells = " | ".join(f"{row[c]:,}" for c in columns)
        print(f"| {command} | {cells} | {cpu:.2f} | {mb:.0f} |")
    cpu = max((v[0] for v in tally.worst_cpu.values()), default=0.0)
    mb = max((v[0] for v in tally.worst_mb.values()), default=0.0)
    print(f"| **all** | {' | '.join(f'{total[c]:,}' for c in columns)} | {cpu:.2f} | {mb:.0f} |")
    for label, worst in (("CPU s", tally.worst_cpu), ("MB", tally.worst_mb)):
        command = max(worst, key=lambda k: worst[k][0], default="")
        if command:
            value, argv = worst[command]
            print(f"\nworst {label}: {value:.2f} by `{' '.join(a[:40] for a in argv)}`")
    causes = sorted(tally.causes.values(), key=lambda c: (bool(c.known), -c.count))
    new = [c for c in causes if not c.known]
    print(
        f"\n{len(causes)} causes of failure, {len(new)} new; "
        f"{sum(c.count for c in causes):,} failed cases, {sum(c.count for c in new):,} new"
    )
    if causes:
        print("\n| cause | known as | cases | commands | reproduction |\n|---|---|---|---|---|")
    for cause in causes:
        where = ", ".join(f"{k} {n}" for k, n in cause.commands.most_common())
        repro = shown(cause.case) if cause.case else ""
        print(
            f"| {cause.signature} | {cause.known or 'NEW'} | {cause.count:,} | {where} | {repro} |"
        )
    for cause in new:
        print(f"\n{cause.signature}:\n{cause.detail.strip()[-1500:]}")


def part_of(text: str) -> tuple[int, int]:
    """``K/M`` as a pair."""
    found = re.fullmatch(r"(\d+)/(\d+)", text)
    if not found or not 1 <= int(found.group(1)) <= int(found.group(2)):
        raise argparse.ArgumentTypeError(f"{text!r} is not K/M with 1 <= K <= M")
    return int(found.group(1)), int(found.group(2))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000, help="cases of the whole run")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--part", type=part_of, default=(1, 1), help="K/M: run the K-th of M parts")
    parser.add_argument(
        "--commands", type=lambda t: t.split(","), help="only these, comma-separated"
    )
    parser.add_argument(
        "--ignore",
        action="append",
        default=[],
        metavar="REGEX",
        help="a cause's signature that is known (more than the built-in list)",
    )
    parser.add_argument("--json", type=Path, help="write the tally here (for --merge)")
    parser.add_argument("--save", type=Path, help="write each cause's smallest case here")
    parser.add_argument("--merge", type=Path, nargs="+", help="print the table of these tallies")
    parser.add_argument("--replay", type=Path, help="run a saved case in this process")
    parser.add_argument("--no-shrink", action="store_true", help="keep the smallest case as found")
    args = parser.parse_args()
    known = [*KNOWN, *(Known(f"--ignore {p}", p) for p in args.ignore)]
    if args.replay:
        outcome = run_here(case_from_json(json.loads(args.replay.read_text())))
        print(
            f"{outcome.kind} {outcome.signature} {outcome.cpu:.2f} CPU s {outcome.megabytes:.0f} MB"
        )
        print(outcome.detail)
        return 1 if outcome.failed else 0
    tally = Tally()
    if args.merge:
        for path in args.merge:
            tally.merge(Tally.from_json(json.loads(path.read_text())))
    else:
        if args.commands and set(args.commands) - set(commands()):
            parser.error(f"unknown commands: {sorted(set(args.commands) - set(commands()))}")
        signal.signal(signal.SIGTERM, _stop)  # ends the run like Ctrl+C, between two cases
        done = run_chunks(args, tally, known)
        print(
            f"{done:,} cases (seed {args.seed}, part {args.part[0]}/{args.part[1]} of "
            f"{args.cases:,}), {tally.seconds:.0f} s wall"
        )
        if not args.no_shrink:
            reproduce(tally, known)
    for cause in tally.causes.values():  # an --ignore given to --merge applies too
        if not cause.known and cause.case:
            cause.known = next(
                (
                    k.name
                    for k in known
                    if k.matches(cause.signature, cause.case.argv, cause.detail)
                ),
                "",
            )
    if args.json:
        args.json.write_text(json.dumps(tally.to_json()))
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
        for number, cause in enumerate(tally.causes.values(), start=1):
            if cause.case:
                (args.save / f"{number}.json").write_text(json.dumps(case_to_json(cause.case)))
    print_table(tally)
    return 1 if any(not c.known for c in tally.causes.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
