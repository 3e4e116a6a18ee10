"""A spec made into a puzzle by the server: in a worker, within the time limit, verified again,
and every refusal said for the form, at the field it belongs to."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from contextlib import suppress
from typing import Any

from fastapi import Request

from wortsuche.model import Puzzle
from wortsuche.web import limits
from wortsuche.web.errors import ApiError
from wortsuche.web.generation import Generator


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
