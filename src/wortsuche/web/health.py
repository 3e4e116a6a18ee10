"""``GET /health``: whether this server can answer, for a load balancer or a person on call.

200 while the server can serve puzzles (the database answers), 503 when it cannot. The rate
limits are reported too: a shared storage that cannot be reached does not stop the game (the
limits fail open, :mod:`~wortsuche.web.rates`), so it shows as ``"failing open"`` under 200.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from wortsuche.web.rates import RateLimiter
from wortsuche.web.storage import Storage


def health_routes(storage: Storage, rates: RateLimiter) -> APIRouter:
    """The one route ``/health``, asking ``storage`` and ``rates`` each time it is called."""
    router = APIRouter(include_in_schema=False)

    @router.get("/health")
    async def health() -> JSONResponse:
        database = await run_in_threadpool(_database, storage)
        limits = await run_in_threadpool(rates.health)
        serving = database["status"] == "ok"
        body = {"status": "ok" if serving else "unavailable", "database": database}
        return JSONResponse(body | {"rate_limits": limits}, status_code=200 if serving else 503)

    return router


def _database(storage: Storage) -> dict[str, Any]:
    try:
        storage.get("health")  # an indexed look-up of an id no puzzle has
    except Exception as error:  # a driver's own errors too: the database does not answer
        return {"status": "unavailable", "error": str(error) or type(error).__name__}
    return {"status": "ok"}
