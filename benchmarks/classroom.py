"""A school morning on one server: 10 classes of 30 pupils play at once, 10 teachers watch.

    python3 benchmarks/classroom.py            # SQLite, 1 process; PostgreSQL, 2 processes
    python3 benchmarks/classroom.py --quick    # 3 classes of 10: checks that the script works

Each class gets its own puzzle (10 animals, 10x10) and assignment; its 30 pupils join by the
code and then play as children do: a selection every 2 to 6 seconds, a wrong one before about
every third word, until every word is found. All pupils share one client address, as a class
behind a school's router does, so a single 429 would show that the limits are per address.
Each teacher polls the results as the teacher page does (every 1.5 s).

Printed per setup: selections, p50/p99/max latency of a selection (``POST .../found``), status
codes (0: no answer), finds acknowledged against finds in the teacher's results at the end (none may be lost),
and the teacher page's freshness: from a find's acknowledgement to the poll that first shows it
(p50/p99/max), and the server's CPU time per request (its own processes, user and system):
the figure that does not depend on what else the machine runs. The issue's targets: no 429, no lost find, freshness within 2 s, p99 below 200 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from load import Server, _descendants

ANIMALS = ["IGEL", "DACHS", "FUCHS", "MAUS", "REH", "BIBER", "HASE", "EULE", "LUCHS", "OTTER"]
POLL_SECONDS = 1.5
"""The teacher page's polling interval (teacher.js)."""
THINK_SECONDS = (2.0, 6.0)
"""How long a pupil looks before the next selection."""


@dataclass
class Lesson:
    """What one setup measured."""

    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    acknowledged: dict[tuple[str, str, str], float] = field(default_factory=dict)
    freshness: list[float] = field(default_factory=list)
    recorded: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())

    def row(self, name: str) -> list[str]:
        ms = sorted(x * 1000 for x in self.latencies)
        fresh = sorted(self.freshness)
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        f99 = fresh[min(len(fresh) - 1, int(len(fresh) * 0.99))] if fresh else float("nan")
        statuses = " ".join(f"{code}:{n}" for code, n in sorted(self.statuses.items()))
        return [
            name,
            str(len(ms)),
            f"{statistics.median(ms):.0f}",
            f"{p99:.0f}",
            f"{ms[-1]:.0f}",
            statuses,
            f"{len(self.acknowledged)}/{self.recorded}",
            f"{statistics.median(fresh):.2f}/{f99:.2f}/{fresh[-1]:.2f}" if fresh else "-",
            f"{self.seconds:.0f}",
            f"{self.cpu_seconds / self.requests * 1000:.1f}",
        ]


def cpu_seconds(server: Server) -> float:
    """User and system CPU time of the server and every process below it so far."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in [server.process.pid, *_descendants(server.process.pid)]:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


async def prepare(
    client: httpx.AsyncClient, classes: int, words: list[str]
) -> list[dict[str, Any]]:
    """One puzzle and one assignment per class; the answers, learned before the copy is made."""
    prepared = []
    for number in range(classes):
        body = {"words": words, "rows": 10, "cols": 10, "level": "medium", "seed": number}
        puzzle = (await client.post("/api/puzzles", json=body)).json()
        answers = (await client.post(f"/api/puzzles/{puzzle['id']}/reveal")).json()["answers"]
        made = (await client.post("/api/assignments", json={"puzzle": puzzle["id"]})).json()
        prepared.append({"code": made["code"], "token": made["teacher_token"], "answers": answers})
        await asyncio.sleep(
            1.0
        )  # the create, reveal and assign limits refill (one teacher address)
    return prepared


async def pupil(
    client: httpx.AsyncClient, lesson: Lesson, klass: dict[str, Any], name: str, rng: random.Random
) -> None:
    """Join, then find every word in a random order, sometimes selecting wrong first."""
    code = klass["code"]
    joined = await client.post(f"/api/assignments/{code}/pupils", json={"pseudonym": name})
    lesson.statuses[joined.status_code] += 1
    headers = {"Authorization": f"Bearer {joined.json()['pupil_token']}"}
    words = list(klass["answers"])
    rng.shuffle(words)
    for answer in words:
        tries = [(answer["start"], answer["start"])] if rng.random() < 0.35 else []
        tries.append((answer["start"], answer["end"]))
        for start, end in tries:
            await asyncio.sleep(rng.uniform(*THINK_SECONDS))
            if start == end:  # a wrong selection: the first letter and the cell beside it
                end = [start[0], (start[1] + 1) % 10]
            began = time.perf_counter()
            try:
                response = await client.post(
                    f"/api/assignments/{code}/found",
                    json={"start": start, "end": end},
                    headers=headers,
                )
            except httpx.TransportError:
                lesson.statuses[0] += 1  # no answer: counted as an error, the pupil goes on
                continue
            lesson.latencies.append(time.perf_counter() - began)
            lesson.statuses[response.status_code] += 1
            if response.status_code == 200 and response.json()["word"] == answer["word"]:
                lesson.acknowledged[(code, name, answer["word"])] = time.monotonic()


async def teacher(
    client: httpx.AsyncClient, lesson: Lesson, klass: dict[str, Any], done: asyncio.Event
) -> None:
    """Poll the results as the teacher page does; note when each find first shows."""
    seen: set[tuple[str, str]] = set()
    headers = {"Authorization": f"Bearer {klass['token']}"}
    while True:
        finished = done.is_set()
        response = await client.get(f"/api/assignments/{klass['code']}/results", headers=headers)
        now = time.monotonic()
        lesson.statuses[response.status_code] += 1
        for row in response.json()["pupils"]:
            for word in row["words"]:
                if (row["pseudonym"], word) not in seen:
                    seen.add((row["pseudonym"], word))
                    acknowledged = lesson.acknowledged.get((klass["code"], row["pseudonym"], word))
                    if acknowledged is not None:  # shown before its answer arrived: 0
                        lesson.freshness.append(max(0.0, now - acknowledged))
        if finished:
            lesson.recorded += len(seen)
            return
        await asyncio.sleep(POLL_SECONDS)


async def run_lesson(server: Server, classes: int, pupils: int, words: list[str]) -> Lesson:
    lesson = Lesson()
    # idle connections are dropped before uvicorn's 5 s keep-alive ends, as browsers do, so no
    # request goes out on a connection the server is closing
    limits = httpx.Limits(max_connections=classes * pupils + classes + 10, keepalive_expiry=4.0)
    async with httpx.AsyncClient(base_url=server.url, timeout=60, limits=limits) as client:
        prepared = await prepare(client, classes, words)
        started, cpu_before = time.monotonic(), cpu_seconds(server)
        done = asyncio.Event()
        watching = [asyncio.create_task(teacher(client, lesson, k, done)) for k in prepared]
        rng = random.Random(1)
        await asyncio.gather(
            *(
                pupil(client, lesson, klass, f"Kind {n}", random.Random(rng.random()))
                for klass in prepared
                for n in range(pupils)
            )
        )
        lesson.seconds = time.monotonic() - started
        done.set()
        await asyncio.gather(*watching)
        lesson.cpu_seconds = cpu_seconds(server) - cpu_before
    return lesson


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)) for r in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 classes of 10 pupils, 4 words")
    parser.add_argument("--sqlite-only", action="store_true", help="leave PostgreSQL out")
    args = parser.parse_args()
    classes, pupils, words = (3, 10, ANIMALS[:4]) if args.quick else (10, 30, ANIMALS)
    print(f"classroom load: {classes} classes x {pupils} pupils, {len(words)} words each, "
          f"{os.cpu_count()} cores, Python {sys.version.split()[0]}")  # fmt: skip
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "classroom.sqlite")
        try:
            rows.append(
                asyncio.run(run_lesson(server, classes, pupils, words)).row("SQLite, 1 process")
            )
        finally:
            server.stop()
    if not args.sqlite_only:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        from pgserver import INSTALL_HINT, PostgresServer, binaries

        found = binaries()
        if found is None:
            print(f"PostgreSQL left out: {INSTALL_HINT}")
        else:
            postgres = PostgresServer(found)
            try:
                server = Server(postgres.create_database(), "--workers", "2")
                try:
                    lesson = asyncio.run(run_lesson(server, classes, pupils, words))
                    rows.append(lesson.row("PostgreSQL, 2 processes"))
                finally:
                    server.stop()
            finally:
                postgres.stop()
    header = ["setup", "selections", "p50 ms", "p99 ms", "max ms", "statuses",
              "finds acked/in results", "teacher freshness s p50/p99/max", "lesson s",
              "server CPU ms/request"]  # fmt: skip
    print(table(rows, header))
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
