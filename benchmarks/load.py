"""Load on the web app: ``wortsuche serve`` on a loopback port with its own database.

    python3 benchmarks/load.py            # every scenario, a few minutes
    python3 benchmarks/load.py --quick    # fewer requests: checks that the script works
    python3 benchmarks/load.py --processes-only   # only the second table below
    python3 benchmarks/load.py --stack    # only the third: two servers behind nginx, Redis
    python3 benchmarks/load.py --latency  # only the fourth: GET p50/p99 under 100 heavy creates
    python3 benchmarks/load.py --latency --creates 200 --check   # exit 1 if p99 misses the target

Each scenario is one function (bounded: a fixed number of requests, then it stops) and prints
one table row: requests, requests per second, p50/p99 latency, the status codes, and the
server's memory (resident, with its generation helpers). The heavy scenario sends 100 slow
creates at once (50x50, 200 words of 12 letters, level evil) while a prober GETs a puzzle;
its row is the prober's latency, the creates' answers are counted next to it. Every status
other than the documented 200/201 and the refusals 422 (time limit), 429 and 503 is an error.

The second table is throughput by database and number of server processes: requests per
second for reads (GET a puzzle, 16 clients) and for small creates (8 clients), with 1 and 2
processes (``serve --workers``) on SQLite and on PostgreSQL (a throwaway server from Debian's
``postgresql`` package, as the tests start it; without it those rows are left out and said so).
Each figure is the median of three rounds; the ratio compares 2 processes with 1.

The third table (``--stack``) is the deployment of compose.yaml, started from Debian's packages
as the tests start it (``tests/stack.py``): PostgreSQL, Redis, two servers with compose's
options and nginx with ``deploy/nginx.conf`` in front, against one server on the same database
with its limits in memory. The creates come each from another client address (in
``X-Forwarded-For``), so every one is counted in the rate limits and none is refused.

The fourth table (``--latency``, also part of a full run) is the figure that catches a
regression of reading under generation: on SQLite and on PostgreSQL, ``--creates N`` heavy
creates (default 100) arrive at once at a server without rate limits while two probers GET a
puzzle's page and its API, each every 20 ms, until every create is answered (at most
``--seconds``, then the rest are dropped); for 3 seconds before, the same probers measure the
quiet server. Each row is one kind of GET: p50 and p99 against the target (p99 under ``--target-ms``, 100 ms: what an idle 2-core machine holds with 100
creates), with the load average before and after, since a busy machine misses it for reasons
of its own. Every request goes to 127.0.0.1; the script stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import httpx

SMALL = {"words": ["TORF", "VOR", "RAD", "EVA", "MOOR", "SEE"], "rows": 15, "cols": 15}
DOCUMENTED = {200, 201, 422, 429, 503}
"""Answers the API documents: made, read, refused (422: the time limit), too many, busy."""


def heavy_body(seed: int) -> dict[str, Any]:
    """A create that keeps a generation slot busy for seconds."""
    rng = random.Random(seed)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = ["".join(rng.choice(letters) for _ in range(12)) for _ in range(200)]
    return {"words": words, "rows": 50, "cols": 50, "level": "evil", "seed": seed}


@dataclass
class Row:
    """One scenario's measurements."""

    name: str
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    note: str = ""
    memory_mb: float = 0.0

    @property
    def errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if status not in DOCUMENTED)

    def cells(self) -> list[str]:
        ordered = sorted(self.latencies)
        p50 = statistics.median(ordered) * 1000 if ordered else float("nan")
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000 if ordered else 0
        rate = len(ordered) / self.seconds if self.seconds else 0
        codes = " ".join(f"{k}:{v}" for k, v in sorted(self.statuses.items()))
        return [
            self.name,
            str(len(ordered)),
            f"{rate:.0f}",
            f"{p50:.0f}",
            f"{p99:.0f}",
            codes,
            str(self.errors),
            f"{self.memory_mb:.0f}",
            self.note,
        ]


class Server:
    """``wortsuche serve`` in its own process, database and loopback port."""

    def __init__(self, db: Path | str, *extra: str) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "wortsuche", "serve", "--port", str(self.port)]
        self.process = subprocess.Popen(
            [*command, "--db", str(db), *extra],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/", timeout=1).status_code == 200:
                    return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("the server did not start")

    def memory_mb(self) -> float:
        """Resident memory of the server and every process below it, in MB."""
        total = 0
        for pid in [self.process.pid, *_descendants(self.process.pid)]:
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        return total / 1024

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            for child in (task / "children").read_text().split():
                found += [int(child), *_descendants(int(child))]
    return found


async def timed(client: httpx.AsyncClient, row: Row, method: str, path: str, **kw: Any) -> Any:
    start = time.perf_counter()
    try:
        response = await client.request(method, path, **kw)
    except httpx.HTTPError:
        row.statuses[0] += 1  # no answer: counted as an error
        return None
    row.latencies.append(time.perf_counter() - start)
    row.statuses[response.status_code] += 1
    return response


async def run_bounded(count: int, concurrency: int, job: Callable[[int], Awaitable[None]]) -> None:
    """``count`` calls of ``job``, at most ``concurrency`` at a time."""
    gate = asyncio.Semaphore(concurrency)

    async def one(i: int) -> None:
        async with gate:
            await job(i)

    await asyncio.gather(*(one(i) for i in range(count)))


async def scenario_get(server: Server, puzzle_id: str, count: int) -> Row:
    """GET one puzzle, 8 clients at a time."""
    row = Row("GET a puzzle (8 at a time)")
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        start = time.perf_counter()
        await run_bounded(
            count, 8, lambda i: timed(client, row, "GET", f"/api/puzzles/{puzzle_id}")
        )
        row.seconds = time.perf_counter() - start
    return row


async def scenario_create_small(server: Server, count: int) -> Row:
    """Create 15x15 puzzles, 4 clients at a time."""
    row = Row("create 15x15 (4 at a time)")
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        start = time.perf_counter()
        await run_bounded(
            count,
            4,
            lambda i: timed(client, row, "POST", "/api/puzzles", json={**SMALL, "seed": i}),
        )
        row.seconds = time.perf_counter() - start
    return row


async def scenario_heavy(server: Server, puzzle_id: str, creates: int, name: str) -> Row:
    """``creates`` heavy creates at once while a prober GETs a puzzle every 50 ms."""
    row = Row(name)
    created = Row("creates")
    async with httpx.AsyncClient(
        base_url=server.url, timeout=120, limits=httpx.Limits(max_connections=creates + 10)
    ) as client:
        start = time.perf_counter()
        tasks = [
            asyncio.ensure_future(
                timed(client, created, "POST", "/api/puzzles", json=heavy_body(i))
            )
            for i in range(creates)
        ]
        while not all(task.done() for task in tasks):
            await timed(client, row, "GET", f"/api/puzzles/{puzzle_id}")
            await asyncio.sleep(0.05)
        await asyncio.gather(*tasks)
        row.seconds = time.perf_counter() - start
    codes = " ".join(f"{k}:{v}" for k, v in sorted(created.statuses.items()))
    slowest = max(created.latencies, default=0)
    row.note = f"the {creates} creates: {codes}; last answer after {slowest:.1f} s"
    row.statuses.update({k: v for k, v in created.statuses.items() if k not in DOCUMENTED})
    return row


async def measure(quick: bool) -> list[Row]:
    rows: list[Row] = []
    scale = 4 if quick else 1
    with tempfile.TemporaryDirectory() as folder:
        for label, extra in (("", ()), (" --no-rate-limit", ("--no-rate-limit",))):
            server = Server(Path(folder) / f"load{len(rows)}.sqlite", *extra)
            try:
                async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
                    made = await client.post("/api/puzzles", json={**SMALL, "seed": 1})
                    puzzle_id = made.json()["id"]
                if not label:
                    rows.append(await scenario_get(server, puzzle_id, 2000 // scale))
                    rows[-1].memory_mb = server.memory_mb()
                    rows.append(await scenario_create_small(server, 10))
                    rows[-1].memory_mb = server.memory_mb()
                heavy = f"GET while 100 heavy creates{label or ' (rate limits on)'}"
                rows.append(await scenario_heavy(server, puzzle_id, 100 // scale, heavy))
                rows[-1].memory_mb = server.memory_mb()
            finally:
                server.stop()
    return rows


# -- GET latency under heavy creates, by database: the regression figure ----------------------

TARGET_P99_MS = 100.0
"""GET p99 an idle 2-core machine holds while 100 heavy creates arrive (measured 8 to 19 ms)."""
PROBE_EVERY = 0.02
"""Seconds between two GETs of one prober (one for the page, one for the API)."""
QUIET_SECONDS = 3.0
"""How long the probers measure the server before the creates: the same GETs on the same
machine without them, so that a busy machine's share of the figure can be told apart."""


@dataclass
class Latency:
    """One kind of GET (page or API) on one database: the prober's answers while the creates
    ran and, before them, on the quiet server; the creates' answers; the load around them."""

    database: str
    kind: str
    creates: int
    probes: Row
    quiet: Row
    created: Row
    load_before: float
    load_after: float

    def cells(self, target_ms: float) -> list[str]:
        codes = " ".join(f"{k}:{v}" for k, v in sorted(self.created.statuses.items()))
        dropped = self.creates - self.created.statuses.total()
        codes += f" dropped:{dropped}" if dropped else ""  # unanswered after --seconds
        return [
            self.database,
            self.kind,
            str(self.creates),
            str(len(self.probes.latencies)),
            f"{percentile(self.probes, 50):.0f}",
            f"{percentile(self.probes, 99):.0f}",
            verdict(self, target_ms),
            f"{percentile(self.quiet, 50):.0f} / {percentile(self.quiet, 99):.0f}",
            codes,
            str(self.probes.errors + self.quiet.errors + self.created.errors),
            f"{self.load_before:.2f} → {self.load_after:.2f}",
        ]


def percentile(row: Row, percent: int) -> float:
    """The ``percent`` percentile of the row's latencies in ms (the nearest rank); NaN if none."""
    ordered = sorted(row.latencies)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, len(ordered) * percent // 100)] * 1000


def verdict(latency: Latency, target_ms: float) -> str:
    """``met`` if every GET was answered as documented and p99 is under the target."""
    answered = latency.probes.latencies and not latency.probes.errors
    return "met" if answered and percentile(latency.probes, 99) < target_ms else "missed"


async def probe_while(
    client: httpx.AsyncClient, row: Row, path: str, going_on: Callable[[], bool]
) -> None:
    """GET ``path`` every :data:`PROBE_EVERY` seconds while ``going_on()``."""
    while going_on():
        await timed(client, row, "GET", path)
        await asyncio.sleep(PROBE_EVERY)


async def scenario_latency(
    server: Served, puzzle_id: str, creates: int, seconds: float
) -> tuple[list[tuple[Row, Row]], Row]:
    """Two probers GET the page and the API of a puzzle, first on the quiet server for
    :data:`QUIET_SECONDS`, then while ``creates`` heavy creates arrive at once, until every
    create is answered or ``seconds`` pass (the rest are then dropped)."""
    paths = {"page": f"/p/{puzzle_id}", "API": f"/api/puzzles/{puzzle_id}"}
    quiet, busy = ({kind: Row(kind) for kind in paths} for _ in range(2))
    created = Row("creates")
    async with httpx.AsyncClient(
        base_url=server.url, timeout=seconds, limits=httpx.Limits(max_connections=creates + 10)
    ) as client:
        until = time.monotonic() + QUIET_SECONDS
        await asyncio.gather(
            *(
                probe_while(client, quiet[kind], path, lambda: time.monotonic() < until)
                for kind, path in paths.items()
            )
        )
        tasks = [
            asyncio.ensure_future(
                timed(client, created, "POST", "/api/puzzles", json=heavy_body(i))
            )
            for i in range(creates)
        ]
        deadline = time.monotonic() + seconds

        def running() -> bool:
            return not all(task.done() for task in tasks) and time.monotonic() < deadline

        await asyncio.gather(
            *(probe_while(client, busy[kind], path, running) for kind, path in paths.items())
        )
        for task in tasks:
            task.cancel()  # what is still waiting: the client goes away, the server drops it
        await asyncio.gather(*tasks, return_exceptions=True)
    return [(busy[kind], quiet[kind]) for kind in paths], created


async def measure_latency(creates: int, seconds: float) -> tuple[list[Latency], list[str]]:
    """The probers' latency on a new SQLite file and on a throwaway PostgreSQL server."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from pgserver import INSTALL_HINT, PostgresServer, binaries

    notes: list[str] = []
    found = binaries()
    postgres = PostgresServer(found) if found is not None else None
    if postgres is None:
        notes.append(f"PostgreSQL left out: {INSTALL_HINT}")
    measured: list[Latency] = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            databases = [("SQLite", lambda: str(Path(folder) / "latency.sqlite"))]
            if postgres is not None:
                databases.append(("PostgreSQL", postgres.create_database))
            for name, new_database in databases:
                server = Server(new_database(), "--no-rate-limit")
                try:
                    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
                        made = await client.post("/api/puzzles", json={**SMALL, "seed": 1})
                        puzzle_id = made.json()["id"]
                    before = os.getloadavg()[0]
                    probed, created = await scenario_latency(server, puzzle_id, creates, seconds)
                    after = os.getloadavg()[0]
                finally:
                    server.stop()
                for busy, quiet in probed:
                    measured.append(
                        Latency(name, busy.name, creates, busy, quiet, created, before, after)
                    )
    finally:
        if postgres is not None:
            postgres.stop()
    return measured, notes


def print_latency(measured: list[Latency], notes: list[str], target_ms: float) -> bool:
    """Print the latency table and the verdict; whether every row met the target."""
    header = ["database", "GET", "creates", "GETs", "p50 ms", "p99 ms", f"p99 < {target_ms:g} ms"]
    header += ["p50 / p99 ms without creates", "the creates' statuses", "errors"]
    header += ["load average (1 min)"]
    print_table(header, [latency.cells(target_ms) for latency in measured])
    for line in notes:
        print(line)
    met = bool(measured) and all(verdict(latency, target_ms) == "met" for latency in measured)
    cores = os.cpu_count()
    print(
        f"target: GET p99 under {target_ms:g} ms while the creates run: "
        f"{'met' if met else 'missed'} ({cores} cores; the target is for an idle 2-core machine "
        "with 100 creates: compare a busy machine's figures only with its own load average)"
    )
    return met


# -- throughput by database and number of server processes ---------------------------------------


class Served(Protocol):
    """Anything that answers HTTP at ``url``: a server, or nginx in front of several."""

    url: str


async def scenario_reads(server: Served, puzzle_id: str, count: int) -> Row:
    """GET one puzzle, 16 clients at a time: reads that reach the database."""
    row = Row("GET")
    async with httpx.AsyncClient(
        base_url=server.url, timeout=60, limits=httpx.Limits(max_connections=16)
    ) as client:
        start = time.perf_counter()
        await run_bounded(
            count, 16, lambda i: timed(client, row, "GET", f"/api/puzzles/{puzzle_id}")
        )
        row.seconds = time.perf_counter() - start
    return row


async def scenario_writes(server: Served, count: int, first_seed: int) -> Row:
    """Small creates (5x5), 8 clients at a time: generation plus one committed write each.

    Each create names another client in ``X-Forwarded-For`` (believed only by a server told
    to, as behind nginx), so rate limits count every create and refuse none."""
    row = Row("create")
    body = {"words": ["TORF", "VOR", "RAD", "EVA"], "rows": 5, "cols": 5}

    def create(i: int) -> Awaitable[Any]:
        seed = first_seed + i
        client_address = {
            "X-Forwarded-For": f"10.{seed // 62500 % 250}.{seed // 250 % 250}.{seed % 250}"
        }
        return timed(
            client, row, "POST", "/api/puzzles", json={**body, "seed": seed}, headers=client_address
        )

    async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
        start = time.perf_counter()
        await run_bounded(count, 8, create)
        row.seconds = time.perf_counter() - start
    return row


def rate(row: Row) -> float:
    return len(row.latencies) / row.seconds if row.seconds else 0.0


async def measure_processes(quick: bool) -> tuple[list[list[str]], list[str]]:
    """Rows of the throughput table, and notes (a database left out, and why)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from pgserver import INSTALL_HINT, PostgresServer, binaries

    gets, creates, rounds = (300, 24, 1) if quick else (2000, 120, 3)
    notes: list[str] = []
    table: list[list[str]] = []
    postgres: PostgresServer | None = None
    found = binaries()
    if found is None:
        notes.append(f"PostgreSQL left out: {INSTALL_HINT}")
    else:
        postgres = PostgresServer(found)
    try:
        with tempfile.TemporaryDirectory() as folder:
            databases: list[tuple[str, Callable[[int], str]]] = [
                ("SQLite", lambda n: str(Path(folder) / f"throughput{n}.sqlite"))
            ]
            if postgres is not None:
                databases.append(("PostgreSQL", lambda n: postgres.create_database()))
            for name, new_database in databases:
                single: tuple[float, float] | None = None
                for processes in (1, 2):
                    db = new_database(processes)
                    server = Server(db, "--no-rate-limit", "--workers", str(processes))
                    try:
                        async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
                            made = await client.post("/api/puzzles", json={**SMALL, "seed": 1})
                            puzzle_id = made.json()["id"]
                        reads = [
                            await scenario_reads(server, puzzle_id, gets) for _ in range(rounds)
                        ]
                        writes = [
                            await scenario_writes(server, creates, 1000 * (r + 1))
                            for r in range(rounds)
                        ]
                    finally:
                        server.stop()
                    get_rate = statistics.median(rate(row) for row in reads)
                    create_rate = statistics.median(rate(row) for row in writes)
                    errors = sum(row.errors for row in reads + writes)
                    p50 = statistics.median(x for row in reads for x in row.latencies) * 1000
                    if single is None:
                        single = (get_rate, create_rate)
                        ratio = "1.00 / 1.00"
                    else:
                        ratio = f"{get_rate / single[0]:.2f} / {create_rate / single[1]:.2f}"
                    table.append(
                        [
                            name,
                            str(processes),
                            f"{get_rate:.0f}",
                            f"{p50:.1f}",
                            f"{create_rate:.1f}",
                            ratio,
                            str(errors),
                        ]
                    )
    finally:
        if postgres is not None:
            postgres.stop()
    return table, notes


async def measure_stack(quick: bool) -> list[list[str]]:
    """Rows of the stack table: one server on PostgreSQL, then compose's stack behind nginx."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from pgserver import PostgresServer, binaries
    from stack import Nginx, RedisServer, compose_serve_options, missing

    found = binaries()
    if found is None or missing():
        raise SystemExit("--stack needs Debian's postgresql, redis-server and nginx")
    gets, creates, rounds = (300, 24, 1) if quick else (2000, 120, 3)
    table: list[list[str]] = []
    postgres, redis = PostgresServer(found), RedisServer()
    try:
        setups = [
            ("1 server, limits in memory", ["--forwarded-allow-ips", "*"], 1),
            ("2 servers behind nginx, limits in Redis", compose_serve_options(redis.url), 2),
        ]
        for name, options, count in setups:
            db = postgres.create_database()
            servers = [Server(db, *options) for _ in range(count)]
            nginx = Nginx([f"127.0.0.1:{s.port}" for s in servers]) if count > 1 else None
            front: Served = nginx or servers[0]
            try:
                async with httpx.AsyncClient(base_url=front.url, timeout=60) as client:
                    made = await client.post("/api/puzzles", json={**SMALL, "seed": 1})
                    puzzle_id = made.json()["id"]
                reads = [await scenario_reads(front, puzzle_id, gets) for _ in range(rounds)]
                writes = [
                    await scenario_writes(front, creates, 1000 * (r + 1)) for r in range(rounds)
                ]
            finally:
                if nginx is not None:
                    nginx.close()
                for server in servers:
                    server.stop()
            table.append([name, *stack_cells(reads), *stack_cells(writes)])
            table[-1].append(str(sum(row.errors + row.statuses[429] for row in reads + writes)))
    finally:
        redis.close()
        postgres.stop()
    return table


def stack_cells(rounds: list[Row]) -> list[str]:
    """Requests per second (median of the rounds), p50 and p99 in ms (over every request)."""
    ordered = sorted(x for row in rounds for x in row.latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    rates = statistics.median(rate(row) for row in rounds)
    return [f"{rates:.0f}", f"{statistics.median(ordered) * 1000:.1f}", f"{p99 * 1000:.1f}"]


def print_table(header: list[str], rows: list[list[str]]) -> None:
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for cells in rows:
        print("| " + " | ".join(cells) + " |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer requests")
    parser.add_argument(
        "--processes-only",
        action="store_true",
        help="only the throughput by database and number of server processes",
    )
    parser.add_argument(
        "--stack",
        action="store_true",
        help="only compose's stack: two servers behind nginx, rate limits in Redis",
    )
    parser.add_argument(
        "--latency",
        action="store_true",
        help="only GET p50/p99 (page and API) while heavy creates run, on SQLite and PostgreSQL",
    )
    parser.add_argument(
        "--creates",
        type=int,
        default=100,
        metavar="N",
        help="heavy creates at once in the latency table (default: %(default)s)",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=120.0,
        help="the longest the creates of one database may take (default: %(default)s)",
    )
    parser.add_argument(
        "--target-ms",
        type=float,
        default=TARGET_P99_MS,
        help="the GET p99 the latency table is held to (default: %(default)s)",
    )
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when the latency target is missed"
    )
    args = parser.parse_args()
    if not 1 <= args.creates <= 1000 or not 0 < args.seconds <= 600:
        parser.error("--creates is 1 to 1000 and --seconds at most 600: the load stays bounded")
    print(f"wortsuche serve under load: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min)")
    if args.latency:
        measured, notes = asyncio.run(measure_latency(args.creates, args.seconds))
        met = print_latency(measured, notes, args.target_ms)
        return 1 if args.check and not met else 0
    if args.stack:
        header = ["setup (PostgreSQL)", "GET req/s", "GET p50 ms", "GET p99 ms"]
        header += ["create req/s", "create p50 ms", "create p99 ms", "errors and 429"]
        print_table(header, asyncio.run(measure_stack(args.quick)))
        return 0
    if not args.processes_only:
        header = [
            "scenario",
            "requests",
            "req/s",
            "p50 ms",
            "p99 ms",
            "statuses",
            "errors",
            "MB",
            "",
        ]
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in asyncio.run(measure(args.quick)):
            print("| " + " | ".join(row.cells()) + " |", flush=True)
        print()
    table, notes = asyncio.run(measure_processes(args.quick))
    header = [
        "database",
        "server processes",
        "GET req/s",
        "GET p50 ms",
        "create req/s",
        "ratio to 1 process (GET / create)",
        "errors",
    ]
    print_table(header, table)
    for line in notes:
        print(line)
    if args.processes_only:
        return 0
    print()
    measured, notes = asyncio.run(measure_latency(args.creates, args.seconds))
    met = print_latency(measured, notes, args.target_ms)
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
