"""The browser app, assembled: storage, limits, middleware, API and pages.

``create_app(db)`` builds the FastAPI application; ``wortsuche serve`` runs it with uvicorn.
Each concern has its module: :mod:`~wortsuche.web.puzzles` (the puzzle endpoints and the steps
behind them), :mod:`~wortsuche.web.pages` (HTML), :mod:`~wortsuche.web.schemas` (JSON bodies),
:mod:`~wortsuche.web.generation` (worker processes and their time limit),
:mod:`~wortsuche.web.middleware` (body size, security headers), :mod:`~wortsuche.web.limits`,
:mod:`~wortsuche.web.rates` (request rates, counted in memory or Redis), :mod:`~wortsuche.web.health`;
the classroom is a package, :mod:`~wortsuche.web.classroom`, whose routers find their storage
and rates in ``app.state.classroom``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from wortsuche.web.checks import is_puzzle_id
from wortsuche.web.classroom import cards as classroom_cards
from wortsuche.web.classroom import pages as classroom_pages
from wortsuche.web.classroom import routes as classroom_routes
from wortsuche.web.classroom.assignments import sweeping
from wortsuche.web.classroom.context import Classroom
from wortsuche.web.errors import add_error_handlers
from wortsuche.web.health import health_routes
from wortsuche.web.limits import Limits
from wortsuche.web.middleware import GuardMiddleware
from wortsuche.web.pages import PACKAGE, page_routes, version
from wortsuche.web.puzzles import downloads, pictures, routes
from wortsuche.web.puzzles.making import new_generator
from wortsuche.web.rates import RateLimiter
from wortsuche.web.records import record_routes
from wortsuche.web.storage import open_storage
from wortsuche.web.themes import theme_routes
from wortsuche.words.pictures import FOLDER as PICTURES


def create_app(
    db: str | Path,
    *,
    limits: Limits | None = None,
    record_play: bool = False,
    embed_from: Sequence[str] = (),
) -> FastAPI:
    """The web app storing its puzzles in ``db`` (created and migrated if needed): an SQLite
    file, or a ``postgresql://`` URL (:func:`~wortsuche.web.storage.open_storage`).

    With ``record_play`` the play page reports each find's time (:mod:`~wortsuche.web.records`).
    The origins of ``embed_from`` (checked with
    :func:`~wortsuche.web.middleware.embedding_origin`) may show the play and class pages in a
    frame; no other site may frame any page.

    Puzzles are generated in worker processes (see :mod:`wortsuche.web.generation`), so a script
    that serves the app itself needs the usual ``if __name__ == "__main__":`` guard.
    """
    settings = limits or Limits()
    storage = open_storage(db)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        # ended classes are deleted on a schedule, not only when someone opens them
        sweeper = asyncio.create_task(sweeping(storage, settings.sweep_seconds))
        yield
        sweeper.cancel()
        with suppress(asyncio.CancelledError):
            await sweeper
        storage.close()  # a PostgreSQL pool's connections

    app = FastAPI(
        title="wortsuche",
        summary="Word search puzzles: create, play, check, reveal.",
        version=version(),
        # The interactive pages would load Swagger UI / ReDoc from a CDN; the app works offline,
        # so only the machine-readable description is served, at /openapi.json.
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.storage = storage
    app.add_middleware(GuardMiddleware, embed_from=tuple(embed_from))
    app.mount("/static", StaticFiles(directory=str(PACKAGE / "static")), name="static")
    # the pictures of emoji clues (Noto Emoji), by code points: /emoji/1f994.png, and
    # wortsuche's own of school things no emoji shows, by name: /emoji/x-table.png
    app.mount("/emoji", StaticFiles(directory=str(PICTURES)), name="emoji")
    add_error_handlers(app)
    generator = new_generator(settings)  # one queue for the puzzles of both routers
    app.state.generator = generator
    rates = RateLimiter(settings.rates, settings.rate_storage)  # one count for every router
    app.state.rates = rates
    app.state.classroom = Classroom.of(storage, settings, generator, rates)
    app.include_router(routes.router)
    app.include_router(downloads.router)
    app.include_router(pictures.router)
    app.include_router(classroom_routes.router)
    app.include_router(classroom_cards.router)
    app.include_router(health_routes(storage, rates))
    app.include_router(theme_routes())
    app.include_router(page_routes(storage, is_puzzle_id, record_play=record_play))
    if record_play:
        app.include_router(record_routes(storage, settings, rates))
    app.include_router(classroom_pages.router)
    return app
