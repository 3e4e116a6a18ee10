"""Request rates per client: a token bucket for each action (create, check, reveal) and address.

The classroom's actions are keyed by what they act for instead (:func:`refuse_when_over`): a
pupil's selections per pupil, joining and the teacher's page per assignment, so a class behind
one school address shares no bucket while a flood from one pupil is still refused.
Beyond the rate the answer is 429 with ``Retry-After``. Buckets that have refilled are
forgotten, so the table stays as small as the set of clients active in the last minutes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable, Mapping

from fastapi import Request

from wortsuche.web.errors import ApiError
from wortsuche.web.limits import Rate

MAX_CLIENTS = 10_000
"""Buckets kept before full ones are forgotten."""


class RateLimiter:
    """Token buckets: ``take(action, client)`` spends one token or says how long to wait."""

    def __init__(
        self, rates: Mapping[str, Rate], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rates = dict(rates)
        self.clock = clock
        self.buckets: dict[tuple[str, str], tuple[float, float]] = {}  # tokens, when counted

    def take(self, action: str, client: str) -> float:
        """0 if the request may go ahead (a token is spent), else the seconds until one is free."""
        rate = self.rates.get(action)
        if rate is None:
            return 0.0
        now = self.clock()
        tokens, then = self.buckets.get((action, client), (float(rate.burst), now))
        tokens = min(float(rate.burst), tokens + (now - then) * rate.per_second)
        if tokens < 1:
            self.buckets[(action, client)] = (tokens, now)
            return (1 - tokens) / rate.per_second
        if len(self.buckets) >= MAX_CLIENTS:
            self._forget_full(now)
        self.buckets[(action, client)] = (tokens - 1, now)
        return 0.0

    def _forget_full(self, now: float) -> None:
        for key, (tokens, then) in list(self.buckets.items()):
            rate = self.rates[key[0]]
            if tokens + (now - then) * rate.per_second >= rate.burst:
                del self.buckets[key]


def limited(limiter: RateLimiter, action: str) -> Callable[[Request], Awaitable[None]]:
    """A FastAPI dependency refusing ``action`` with 429 once the client is over its rate."""

    async def within_rate(request: Request) -> None:
        client = request.client.host if request.client else "unknown"
        refuse_when_over(limiter, action, client, said="api.too-many-requests")

    return within_rate


def refuse_when_over(
    limiter: RateLimiter, action: str, key: str, *, said: str = "api.too-many-selections"
) -> None:
    """Spend a token of ``action`` for ``key`` (an address, a pupil, an assignment), else 429
    with the catalogue's message ``said``."""
    wait = limiter.take(action, key)
    if wait > 0:
        whom = "from your address" if said == "api.too-many-requests" else f"({action})"
        raise ApiError(
            429,
            f"too many requests {whom}; try again in {math.ceil(wait)} seconds",
            retry_after=math.ceil(wait),
            key=said,
            values={"seconds": math.ceil(wait)},
        )
