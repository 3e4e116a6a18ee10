"""Puzzle books on a Dask cluster: the puzzles of a plan made by the workers of a scheduler.

``--cluster tcp://scheduler:8786`` sends the planned puzzles (each its number, words and seed),
a few to a task, to a Dask distributed cluster that is already running; ``--cluster local:N``
starts one with N worker processes on this machine for the run. Each puzzle depends on its plan and the settings alone
(:func:`wortsuche.book.make_puzzle`), so the book gathered back in the plan's order is byte for
byte the book of one process. A worker that dies has its puzzles run again by Dask on another.

Every worker needs the same wortsuche (and its extras) as the machine that plans the book.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from wortsuche.book import BookSettings, PlannedPuzzle, in_order, make_puzzle
from wortsuche.errors import InputError, MissingExtraError, UserError

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
        raise InputError(
            f"--cluster local:N needs N from 1 to {MAX_LOCAL_WORKERS}, not {address}",
            key="error.cluster-local",
            values={"most": MAX_LOCAL_WORKERS, "value": address},
        )
    if not REMOTE.fullmatch(address):
        raise InputError(
            f"--cluster is local:N or a Dask scheduler's tcp://host:port, not {address!r}",
            key="error.cluster-address",
            values={"value": address},
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
            silence_logs=logging.CRITICAL,  # a worker outliving its scheduler at the end logs errors that are no error of the book
        )
        with cluster, Client(cluster) as client:
            yield client
        return
    try:
        client = Client(address, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        raise InputError(
            f"cannot reach the Dask scheduler at {address} ({error})",
            key="error.cluster-unreachable",
            values={"address": address, "reason": str(error)},
        ) from None
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
    size = batch_size(len(plan), max(1, workers(client)))
    batches = [list(plan[start : start + size]) for start in range(0, len(plan), size)]
    # pure=False: a key of its own for each run, never another run's result kept by the scheduler
    futures = client.map(make_puzzles, batches, settings=settings, pure=False)
    batch_of = {future.key: batch for future, batch in zip(futures, batches, strict=True)}
    results: dict[int, Puzzle | UserError] = {}
    try:
        for future in as_completed(futures):
            # shorter than its batch only up to a puzzle that could not be made
            made = zip(batch_of[future.key], future.result(), strict=False)
            if not collected(made, results, on_done):
                break  # one puzzle cannot be made, so the book cannot: the rest are cancelled
    finally:
        client.cancel(futures)  # what still waits or runs (nothing, after a whole run)
    return in_order(plan, results)


def collected(
    made: Iterable[tuple[PlannedPuzzle, Puzzle | UserError]],
    results: dict[int, Puzzle | UserError],
    on_done: Callable[[PlannedPuzzle], None] | None,
) -> bool:
    """Keep the puzzles of one batch in ``results``; False at the first that could not be made."""
    for planned, result in made:
        results[planned.number] = result
        if isinstance(result, UserError):
            return False
        if on_done:
            on_done(planned)
    return True


BATCH = 20
"""The most puzzles in one task: a task of a few hundred milliseconds keeps Dask's own work per
task (about a millisecond of scheduling and sending) small beside the puzzles'."""


def batch_size(puzzles: int, workers: int) -> int:
    """Puzzles per task: at most :data:`BATCH`, and at least four tasks for each worker.

    >>> batch_size(1000, 2), batch_size(24, 2), batch_size(3, 8)
    (20, 3, 1)
    """
    return max(1, min(BATCH, puzzles // (4 * workers)))


def make_puzzles(batch: list[PlannedPuzzle], settings: BookSettings) -> list[Puzzle | UserError]:
    """On a worker: make the puzzles of one task, up to the first that cannot be made."""
    made: list[Puzzle | UserError] = []
    for planned in batch:
        made.append(make_puzzle(planned, settings))
        if isinstance(made[-1], UserError):
            break
    return made


def workers(client: Client) -> int:
    """How many workers the cluster of ``client`` has now."""
    return len(client.scheduler_info().get("workers", {}))
