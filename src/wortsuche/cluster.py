"""Puzzle books on a Dask cluster: the puzzles of a plan made by the workers of a scheduler.

``--cluster tcp://scheduler:8786`` sends each planned puzzle (its number, words and seed) to a
Dask distributed cluster that is already running; ``--cluster local:N`` starts one of N worker
processes on this machine for the run. Each puzzle depends on its plan and the settings alone
(:func:`wortsuche.book.make_puzzle`), so the book gathered back in the plan's order is byte for
byte the book of one process. A worker that dies has its puzzles run again by Dask on another.

Every worker needs the same wortsuche (and its extras) as the machine that plans the book.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from wortsuche.book import BookSettings, PlannedPuzzle, in_order, make_puzzle
from wortsuche.errors import InputError, MissingExtraError

if TYPE_CHECKING:
    from distributed import Client

    from wortsuche.model import Puzzle

LOCAL = re.compile(r"local:(\d+)")
REMOTE = re.compile(r"(tcp|tls)://[^\s/]+:\d+")
MAX_LOCAL_WORKERS = 256
CONNECT_SECONDS = 10
"""How long reaching a scheduler may take before the run stops with one line."""


def checked_address(address: str) -> str:
    """``address`` if it names a cluster (``local:N`` or ``tcp://host:port``), else InputError.

    >>> checked_address("local:4"), checked_address("tcp://10.0.0.5:8786")
    ('local:4', 'tcp://10.0.0.5:8786')
    """
    local = LOCAL.fullmatch(address)
    if local and 1 <= int(local.group(1)) <= MAX_LOCAL_WORKERS:
        return address
    if local:
        raise InputError(f"--cluster local:N needs N from 1 to {MAX_LOCAL_WORKERS}, not {address}")
    if not REMOTE.fullmatch(address):
        raise InputError(
            f"--cluster is local:N or a Dask scheduler's tcp://host:port, not {address!r}"
        )
    return address


@contextmanager
def connected(address: str) -> Iterator[Client]:
    """A Dask client of the cluster at ``address``; a ``local:N`` cluster lives as long as it."""
    checked_address(address)
    try:
        from distributed import Client, LocalCluster
    except ImportError as error:
        raise MissingExtraError(f"--cluster ({error.name} is missing)", "cluster") from None
    if local := LOCAL.fullmatch(address):
        cluster = LocalCluster(
            n_workers=int(local.group(1)),
            threads_per_worker=1,  # a puzzle holds the GIL: one process per core
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        with cluster, Client(cluster) as client:
            yield client
        return
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        raise InputError(f"cannot reach the Dask scheduler at {address} ({error})") from None
    with client:
        yield client


def build_on_cluster(
    plan: Sequence[PlannedPuzzle],
    settings: BookSettings,
    client: Client,
    *,
    on_done: Callable[[PlannedPuzzle], None] | None = None,
) -> list[Puzzle]:
    """Generate the planned puzzles on the cluster of ``client`` and give them in the plan's order
    (as :func:`wortsuche.book.build_book` does in processes of this machine)."""
    from distributed import as_completed

    if not plan:
        return []
    # pure=False: a key of its own for each run, never another run's result kept by the scheduler
    futures = client.map(make_puzzle, list(plan), settings=settings, pure=False)
    planned_of = {future.key: planned for future, planned in zip(futures, plan, strict=True)}
    results: dict[int, Puzzle | str] = {}
    try:
        for future in as_completed(futures):
            planned = planned_of[future.key]
            results[planned.number] = future.result()
            if isinstance(results[planned.number], str):
                break  # one puzzle cannot be made, so the book cannot: the rest are cancelled
            if on_done:
                on_done(planned)
    finally:
        client.cancel(futures)  # what still waits or runs (nothing, after a whole run)
    return in_order(plan, results)


def workers(client: Client) -> int:
    """How many workers the cluster of ``client`` has now."""
    return len(client.scheduler_info().get("workers", {}))
