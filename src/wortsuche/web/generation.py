"""Generation in worker processes, behind a short queue, so the server itself never waits.

A create request waits *asynchronously* for one of a few slots (:class:`Generator`); when the
queue is full it is refused at once (:class:`BusyError`, 503 with Retry-After). The time limit
counts from the request's arrival, so time in the queue counts too. A worker that runs past the
limit (:class:`~wortsuche.errors.GenerationTimeout`), or whose client went away, is stopped.
Reading puzzles and serving pages never waits for any of this: no thread is held while a puzzle
is made.

Errors keep their kind on the way back: a user's mistake arrives as the very exception the
core raised (class, message, ``key`` and ``values``: :class:`~wortsuche.errors.UserError`), any
other exception as an :class:`~wortsuche.errors.InternalError` whose ``details`` hold the
worker's traceback, for the server's log.

The forkserver starts once, with the core imported, and forks a fresh worker per puzzle: cheap,
and safe with the server's threads (a plain fork of a threaded server is not). Systems
without it (Windows) start each worker afresh, which is slower but works the same. On Linux a
worker dies with the forkserver, and the forkserver ends when the server does, so a killed
server leaves no generation running.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import sys
import time
import traceback
from dataclasses import dataclass, replace
from typing import Any

from wortsuche.errors import GenerationTimeout, InternalError, UserError, WortsucheError
from wortsuche.model import Puzzle
from wortsuche.puzzle_json import dumps, loads
from wortsuche.spec import PuzzleSpec

Outcome = tuple[str, tuple[str, ...]] | WortsucheError
"""What a worker sends back: the puzzle as JSON with its notes (which name their catalogue
entries, as JSON does not keep), or the error that stopped it."""


class BusyError(UserError):
    """Every generation slot is taken and the queue is full, or the wait outlasted the limit."""

    def __init__(
        self,
        message: str,
        retry_after: int,
        key: str | None = None,
        values: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message, key=key, values=values)
        self.retry_after = retry_after


_context: Any
if "forkserver" in multiprocessing.get_all_start_methods():
    _context = multiprocessing.get_context("forkserver")
    _context.set_forkserver_preload(["wortsuche.pipeline.run", "wortsuche.web.generation"])
else:  # pragma: no cover - Windows
    _context = multiprocessing.get_context("spawn")


class Generator:
    """At most ``slots`` puzzles at once and ``queue_length`` waiting; each within ``seconds``.

    ``seconds`` None means no time limit. ``in_process`` makes puzzles in a thread of this
    process instead of a worker: a thread cannot be stopped, so the limit then bounds only the
    wait for a slot (for tests and for systems without worker processes).
    """

    def __init__(
        self, *, slots: int, queue_length: int, seconds: float | None, in_process: bool = False
    ) -> None:
        self.slots = slots
        self.queue_length = queue_length
        self.seconds = seconds
        self.in_process = in_process or seconds is None
        self.waiting = 0
        self._free = asyncio.Semaphore(slots)

    async def generate(
        self, spec: PuzzleSpec, *, arrived: float, target: float | None = None
    ) -> Puzzle:
        """The puzzle ``spec`` asks for, made in a worker once a slot is free (with a ``target``:
        the candidate nearest that difficulty); ``arrived`` is the request's ``time.monotonic()``.

        The spec crosses to the worker whole, as one pickled value.
        """
        work = Work(spec, target)
        if self._free.locked() and self.waiting >= self.queue_length:
            raise BusyError(
                f"the server is busy making other puzzles ({self.slots} at a time, "
                f"{self.queue_length} waiting); try again in a few seconds",
                retry_after=self._retry_after(),
                key="api.busy",
            )
        self.waiting += 1
        try:
            if self.seconds is None:
                await self._free.acquire()
            else:
                left = arrived + self.seconds - time.monotonic()
                try:
                    await asyncio.wait_for(self._free.acquire(), max(left, 0.001))
                except TimeoutError:
                    raise BusyError(
                        f"the server was busy for {self.seconds:g} seconds making other "
                        "puzzles; try again in a few seconds",
                        retry_after=self._retry_after(),
                        key="api.busy-waited",
                        values={"seconds": f"{self.seconds:g}"},
                    ) from None
        finally:
            self.waiting -= 1
        try:
            if self.in_process or self.seconds is None:
                outcome = await asyncio.get_running_loop().run_in_executor(
                    None, _outcome_json, work
                )
            else:
                outcome = await _in_worker(work, arrived + self.seconds, self.seconds)
        finally:
            self._free.release()
        text, notes = _raise_error(outcome)
        return replace(loads(text), notes=notes)

    def _retry_after(self) -> int:
        """Seconds after which a slot is likely free: one time limit per full round of the queue."""
        limit = self.seconds if self.seconds is not None else 10.0
        return max(1, math.ceil(limit * (1 + self.waiting) / max(1, self.slots)))


@dataclass(frozen=True)
class Work:
    """What a worker is sent: the spec whole, and a difficulty to come nearest, if any."""

    spec: PuzzleSpec
    target: float | None = None


async def _in_worker(work: Work, deadline: float, seconds: float) -> Outcome:
    """Run the generator in a fresh worker process until ``deadline`` (``time.monotonic()``).

    Cancelling the caller (the client went away) stops the worker.
    """
    loop = asyncio.get_running_loop()
    receiver, sender = _context.Pipe(duplex=False)
    worker = _context.Process(
        target=_worker, args=(sender, math.ceil(seconds) + 1, work), daemon=True
    )
    try:
        # starting talks to the forkserver (and starts it the first time): not on the event loop
        await loop.run_in_executor(None, worker.start)
        sender.close()
        ready: asyncio.Future[None] = loop.create_future()

        def wake() -> None:
            if not ready.done():
                ready.set_result(None)

        loop.add_reader(receiver.fileno(), wake)
        try:
            await asyncio.wait_for(ready, max(deadline - time.monotonic(), 0.001))
        except TimeoutError:
            raise GenerationTimeout(
                f"arranging these words took longer than {seconds:g} seconds; "
                "try a larger grid, fewer or shorter words, or an easier level",
                key="api.too-slow",
                values={"seconds": f"{seconds:g}"},
            ) from None
        finally:
            loop.remove_reader(receiver.fileno())
        try:
            outcome: Outcome = receiver.recv()
        except EOFError:
            worker.join(1)
            raise InternalError(
                f"the worker stopped without an answer (exit code {worker.exitcode})"
            ) from None
        return outcome
    finally:
        receiver.close()
        sender.close()
        if worker.pid is not None:
            if worker.is_alive():
                worker.terminate()
            worker.join(5)


def _worker(sender: Any, cpu_seconds: int, work: Work) -> None:
    _end_with_parent(cpu_seconds)
    try:
        sender.send(_outcome_json(work, timeout=cpu_seconds))
    finally:
        sender.close()


WORKER_NICENESS = 10
"""How much lower a generation worker's CPU priority is than the server's: a page or a find
is answered first while puzzles are made (GET p99 under heavy creates, ``benchmarks/load.py``)."""


def _end_with_parent(cpu_seconds: int) -> None:
    """Die with the forkserver (Linux), never run longer than the limit on the CPU, and give
    way to the server's requests."""
    if sys.platform == "win32":  # pragma: no cover - the parent stops the worker
        return
    import resource
    import signal

    os.nice(WORKER_NICENESS)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def _outcome_json(work: Work, timeout: float | None = None) -> Outcome:
    """The puzzle as JSON and its notes, or the error that stopped it (both cross a pipe whole).

    A user's mistake is returned as raised; anything else is a bug, returned as an
    :class:`~wortsuche.errors.InternalError` that carries its traceback.
    """
    from wortsuche.pipeline.run import generate

    spec = work.spec.replace(timeout=timeout)
    try:
        if work.target is not None:
            from wortsuche.rating.targeting import generate_spec_near

            puzzle = generate_spec_near(spec, work.target)
        else:
            puzzle = generate(spec)
    except UserError as error:
        return error
    except Exception as error:  # a bug, whatever its class: the server logs where it happened
        return InternalError(
            f"generating failed with {type(error).__name__}: {error}",
            details=traceback.format_exc(),
        )
    return dumps(puzzle, indent=None), tuple(puzzle.notes)


def _raise_error(outcome: Outcome) -> tuple[str, tuple[str, ...]]:
    """Raise the error an outcome carries, or return the puzzle JSON and notes unchanged."""
    if isinstance(outcome, WortsucheError):
        raise outcome
    return outcome
