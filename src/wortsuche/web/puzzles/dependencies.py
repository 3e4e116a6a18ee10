"""What an endpoint takes from the app it runs in: storage, the generator, the request rates.

The app keeps one of each in ``app.state`` (:func:`~wortsuche.web.app.create_app`); the routers
are module-level values, so they ask for them per request instead of closing over them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request

from wortsuche.web.generation import Generator
from wortsuche.web.rates import refuse_when_over
from wortsuche.web.storage import Storage


def storage_of(request: Request) -> Storage:
    """The app's storage."""
    storage: Storage = request.app.state.storage
    return storage


def generator_of(request: Request) -> Generator:
    """The app's generation slots and queue (one for every router that makes puzzles)."""
    generator: Generator = request.app.state.generator
    return generator


def within_rate(action: str) -> Callable[[Request], None]:
    """A dependency refusing ``action`` with 429 once the client is over its rate (the app's
    one count for every router). A plain function: FastAPI runs it in a thread, so a shared
    storage's answer never holds the event loop."""

    def refuse_when_too_many(request: Request) -> None:
        client = request.client.host if request.client else "unknown"
        refuse_when_over(request.app.state.rates, action, client, said="api.too-many-requests")

    return refuse_when_too_many


Stored = Annotated[Storage, Depends(storage_of)]
"""An endpoint's parameter that is the app's storage."""

Making = Annotated[Generator, Depends(generator_of)]
"""An endpoint's parameter that is the app's generator."""
