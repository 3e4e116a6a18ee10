"""Making a book's puzzles in parallel: a process pool that stops at once on Ctrl+C or
SIGTERM and whose workers die with the process that started them.

The puzzles come back in the plan's order whatever the number of processes; a Dask cluster
(:mod:`wortsuche.cluster`) takes the same planned puzzles and :func:`in_order` puts them back.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from wortsuche.book.plan import BookSettings, PlannedPuzzle, make_puzzle
from wortsuche.errors import InputError, UserError
from wortsuche.model import Puzzle


def end_with_parent() -> None:
    """In a worker process: die when the process that started it dies (Linux), even by kill -9.

    SIGTERM gets its default meaning back (a forked worker inherits the command line's
    handler, which would turn ``terminate()`` into an exception the worker survives), and the
    signals :func:`_signals_held` held while forking are let through again.
    """
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    if sys.platform.startswith("linux"):
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before the line above
            os._exit(1)


_HELD = {signal.SIGINT, signal.SIGTERM}


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl+C and SIGTERM back while the pool forks its workers, then let them through.

    Python raises a signal's exception in whatever code runs next, and during a fork that
    can be a fork callback (``logging`` has one) whose exceptions are printed and ignored:
    the signal would be lost and the book would go on. Held, it arrives just after.
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what waits and end the workers that run (the executor would let them finish)."""
    processes = list(getattr(pool, "_processes", {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)


def build_book(
    plan: Sequence[PlannedPuzzle],
    settings: BookSettings,
    *,
    workers: int | None = None,
    on_done: Callable[[PlannedPuzzle], None] | None = None,
    meanwhile: Callable[[], None] | None = None,
) -> list[Puzzle]:
    """Generate the planned puzzles (in ``workers`` processes, default one per core), in order;
    ``meanwhile`` is work of this process done while the workers make them (with one process:
    before)."""
    workers = workers or os.cpu_count() or 1
    if workers < 1:
        raise InputError(
            f"workers must be at least 1, not {workers}",
            key="error.at-least-1",
            values={"name": "workers", "value": workers},
        )
    results: dict[int, Puzzle | UserError] = {}
    if workers == 1 or len(plan) == 1:
        if meanwhile:
            meanwhile()
        for planned in plan:
            results[planned.number] = make_puzzle(planned, settings)
            if isinstance(results[planned.number], UserError):
                break
            if on_done:
                on_done(planned)
    else:
        pool = ProcessPoolExecutor(max_workers=min(workers, len(plan)), initializer=end_with_parent)
        try:
            with _signals_held():  # the first submit forks the workers
                futures = {pool.submit(make_puzzle, planned, settings): planned for planned in plan}
            if meanwhile:
                meanwhile()
            for future in as_completed(futures):
                planned = futures[future]
                results[planned.number] = future.result()
                if isinstance(results[planned.number], UserError):
                    # One puzzle cannot be made, so the book cannot: stop the rest early.
                    for other in futures:
                        other.cancel()
                    break
                if on_done:
                    on_done(planned)
        except BaseException:
            # interrupted (Ctrl+C, SIGTERM): stop the workers now instead of finishing the book
            _stop(pool)
            raise
        pool.shutdown(cancel_futures=True)
    return in_order(plan, results)


def in_order(plan: Sequence[PlannedPuzzle], results: dict[int, Puzzle | UserError]) -> list[Puzzle]:
    """The puzzles made for ``plan``, by number, in its order; InputError naming the first that
    could not be made (its message instead of a puzzle)."""
    for planned in plan:
        failure = results.get(planned.number)
        if isinstance(failure, UserError):
            raise InputError(
                f"puzzle {planned.number} ({planned.title}): {failure}",
                key="error.book-puzzle",
                values={"number": planned.number, "title": planned.title, "error": failure},
            )
    return [result for p in plan if isinstance(result := results[p.number], Puzzle)]


class Workers:
    """Calls a function on each tuple of arguments in ``count`` processes and gives the results
    in order. Every call runs in the same processes, started at the first, so a book's drawing
    and checking pay for starting them (and importing the PDF libraries) once."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.pool: ProcessPoolExecutor | None = None

    def __call__(self, function: Callable[..., Any], jobs: list[tuple[Any, ...]]) -> list[Any]:
        """The results, in the order of ``jobs``."""
        return self.start(function, jobs)()

    def start(
        self, function: Callable[..., Any], jobs: list[tuple[Any, ...]]
    ) -> Callable[[], list[Any]]:
        """Start the calls and go on (with one process: make them now); what is given back
        waits for the results, in the order of ``jobs``."""
        if self.count == 1 or len(jobs) <= 1:
            results = [function(*job) for job in jobs]
            return lambda: results
        if self.pool is None:
            self.pool = ProcessPoolExecutor(max_workers=self.count, initializer=end_with_parent)
        with _signals_held():  # the first submit forks the workers
            futures = [self.pool.submit(function, *job) for job in jobs]
        return lambda: [future.result() for future in futures]


@contextmanager
def in_parallel(workers: int | None) -> Iterator[Workers]:
    """:class:`Workers`, ``workers`` of them (default: one per core), ended when the block is
    left; stopped at once by Ctrl+C."""
    running = Workers(workers or os.cpu_count() or 1)
    try:
        yield running
    except BaseException:
        if running.pool is not None:
            _stop(running.pool)
        raise
    if running.pool is not None:
        running.pool.shutdown()
