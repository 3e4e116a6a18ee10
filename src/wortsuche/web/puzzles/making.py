"""A spec made into a puzzle by the server: in a worker, within the time limit, verified again,
and every refusal said for the form, at the field it belongs to."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from contextlib import suppress
from typing import Any

from fastapi import Request
from starlette.concurrency import run_in_threadpool

from wortsuche.errors import (
    DoesNotFitError,
    GenerationTimeout,
    InputError,
    VerificationError,
    WortsucheError,
)
from wortsuche.model import Puzzle
from wortsuche.spec import PuzzleSpec
from wortsuche.verification.verifier import verify_puzzle
from wortsuche.web import limits
from wortsuche.web.errors import ApiError, server_failed
from wortsuche.web.generation import BusyError, Generator
from wortsuche.web.puzzles.request import spec_refused


def new_generator(settings: limits.Limits) -> Generator:
    """The generation slots and queue of one server, as ``settings`` allow."""
    return Generator(
        slots=settings.generation_slots,
        queue_length=settings.queue_length,
        seconds=settings.generation_seconds,
        in_process=not settings.worker_processes,
    )


async def unless_disconnected(request: Request, work: Coroutine[Any, Any, Puzzle]) -> Puzzle:
    """The result of ``work``, which is cancelled (its worker stopped) if the client goes away."""
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        if not task.done():
            task.cancel()
        watcher.cancel()
    if task.cancelled() or not task.done():
        with suppress(asyncio.CancelledError):
            await task
        raise ApiError(499, "the client closed the connection")  # nobody reads this answer
    return task.result()


async def _disconnected(request: Request) -> None:
    """Return once the client has closed the connection (the request body is already read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def make_puzzle(
    generator: Generator, spec: PuzzleSpec, arrived: float, target: float | None = None
) -> Puzzle:
    """The puzzle ``spec`` asks for (with a ``target``: the candidate nearest that difficulty),
    made whole in a worker within the time limit and verified again; an automatic size beyond
    the web's is capped. ``arrived`` is the request's ``time.monotonic()``."""
    from wortsuche.rand import new_seed

    if spec.seed is None:  # drawn here: a capped second try makes the same puzzle larger
        spec = spec.replace(seed=new_seed())
    try:
        puzzle = await generator.generate(spec, arrived=arrived, target=target)
        if puzzle.rows > limits.MAX_SIDE or puzzle.cols > limits.MAX_SIDE:
            side = limits.MAX_SIDE
            capped = spec.replace(rows=side, cols=side)
            puzzle = await generator.generate(capped, arrived=arrived, target=target)
    except WortsucheError as error:
        raise generation_refused(error, sized=spec.rows is not None) from None
    # the puzzle crossed a pipe: prove it again before saving (in a thread: the loop serves GETs)
    report = await run_in_threadpool(verify_puzzle, puzzle)
    if not report.ok:
        failed = VerificationError(
            "the puzzle from the worker failed the check: " + "; ".join(report.problems)
        )
        raise server_failed(failed)
    return puzzle


def generation_refused(error: WortsucheError, *, sized: bool) -> ApiError:
    """The answer to an error of generation: a user's mistake said for the form, else a bug.

    ``sized`` tells whether the user chose the size (a layout that does not fit is then the
    size's fault) or left it to the generator.
    """
    if isinstance(error, BusyError):
        return ApiError(
            503, f"{error}.", retry_after=error.retry_after, key=error.key, values=error.values
        )
    if isinstance(error, GenerationTimeout):
        message = f"The words could not be arranged: {error}."
        return ApiError(
            422, message, "size", key=error.key, values=error.values, number=error.number
        )
    if isinstance(error, DoesNotFitError):
        return does_not_fit(error, sized=sized)
    if isinstance(error, InputError):
        return spec_refused(error)
    return server_failed(error)


def does_not_fit(error: DoesNotFitError, *, sized: bool) -> ApiError:
    """The refusal of words that found no layout (or of a message that found no room)."""
    if error.key is not None and error.key.startswith("error.message"):
        return ApiError(422, f"{error}.", "message", key="api.message", values={"error": error})
    where = "this grid" if sized else f"a grid of at most {limits.MAX_SIDE}x{limits.MAX_SIDE}"
    fix = "Make the grid larger, or use" if sized else "Use"
    return ApiError(
        422,
        f"The words do not fit in {where}: {error}. {fix} fewer or shorter words.",
        "size" if sized else "words",
        key="api.does-not-fit" if sized else "api.does-not-fit-auto",
        values={"most": limits.MAX_SIDE, "words": ", ".join(error.words) or "–", "error": error},
    )
