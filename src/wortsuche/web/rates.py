"""Request rates per client: a moving window for each action (create, check, reveal) and address.

The windows are counted by the ``limits`` library in a storage named by a URI: ``memory://``
(the default) counts in the server process, ``redis://host:6379`` in a Redis server that every
process and machine shares, so a client gets its limit once however many servers answer it.
A :class:`~wortsuche.web.limits.Rate` of ``burst`` requests refilled at ``per_second`` becomes a
window of ``burst`` requests in ``burst / per_second`` seconds: the same burst, the same rate.

If the storage cannot be reached the limits fail open: requests go ahead, the server says so in
``/health`` and in its log (once a minute), and asks the storage again a few seconds later.

The classroom's actions are keyed by what they act for instead (:func:`refuse_when_over`): a
pupil's selections per pupil, joining and the teacher's page per assignment, so a class behind
one school address shares no window while a flood from one pupil is still refused.
Beyond the rate the answer is 429 with ``Retry-After``.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from limits import RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from wortsuche.errors import InputError, MissingExtraError
from wortsuche.notes import Note
from wortsuche.web.errors import ApiError
from wortsuche.web.limits import Rate
from wortsuche.web.storage.interface import without_password

logger = logging.getLogger("wortsuche.web")

MEMORY = "memory://"
"""The storage of one process: the default."""

SCHEMES = {"memory": "in this process", "redis": "shared", "rediss": "shared"}
"""The storages a server may count in, and what each means for several processes."""

STORAGE_SECONDS = 0.5
"""How long one question to a shared storage may take before the limits fail open."""

RETRY_SECONDS = 5.0
"""How long the limits stay open after a failure before the storage is asked again."""

LOG_SECONDS = 60.0
"""At most one line in the log per this many seconds while the storage cannot be reached."""


def window_seconds(rate: Rate) -> int:
    """The window that holds ``rate.burst`` requests at ``rate.per_second``, in whole seconds.

    >>> window_seconds(Rate(per_second=0.5, burst=10))
    20
    """
    return max(1, round(rate.burst / rate.per_second))


def checked_storage(uri: str) -> str:
    """``uri`` if the rate limits can count there, else a one-line :class:`InputError`.

    >>> checked_storage("redis://cache:6379")
    'redis://cache:6379'
    """
    scheme = urlsplit(uri).scheme
    if scheme not in SCHEMES or "://" not in uri:
        raise InputError(
            f"rate limits are counted in memory:// or redis://host:port, not {without_password(uri)!r}",
            key="error.rate-storage",
            values={"value": without_password(uri)},
        )
    if scheme != "memory":
        try:
            import redis  # noqa: F401  (only to say a missing extra in one line)
        except ImportError:
            raise MissingExtraError("rate limits shared through Redis", "redis") from None
    return uri


@dataclass
class Outage:
    """When the storage last failed, and when that was last logged (both ``clock`` seconds)."""

    since: float | None = None
    failed: float = -math.inf
    logged: float = -math.inf
    error: str = ""


class RateLimiter:
    """Moving windows: ``take(action, client)`` counts one request or says how long to wait."""

    def __init__(
        self,
        rates: Mapping[str, Rate],
        storage: str = MEMORY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rates = dict(rates)
        self.location = without_password(checked_storage(storage))
        self.clock = clock
        self.items = {
            action: RateLimitItemPerSecond(rate.burst, window_seconds(rate), namespace="wortsuche")
            for action, rate in self.rates.items()
        }
        self.uri = storage
        self.outage = Outage()
        self.lock = threading.Lock()
        self.window = MovingWindowRateLimiter(self._open(storage)) if self.items else None

    @staticmethod
    def _open(uri: str) -> Storage:
        options: dict[str, Any] = {"wrap_exceptions": True}
        if urlsplit(uri).scheme != "memory":
            options |= {
                "socket_timeout": STORAGE_SECONDS,
                "socket_connect_timeout": STORAGE_SECONDS,
            }
        storage = storage_from_string(uri, **options)
        assert isinstance(storage, Storage)  # memory:// and redis:// name the synchronous ones
        return storage

    def take(self, action: str, client: str) -> float:
        """0 if the request may go ahead (it is counted), else the seconds until it may."""
        item = self.items.get(action)
        if item is None or self.window is None:
            return 0.0
        if self.clock() - self.outage.failed < RETRY_SECONDS:
            return 0.0  # failing open: the storage is asked again a few seconds later
        try:
            if self.window.hit(item, action, client):
                self._recovered()
                return 0.0
            reset = self.window.get_window_stats(item, action, client).reset_time
        except StorageError as error:
            self._failed(error)
            return 0.0
        self._recovered()
        return max(reset - time.time(), 0.001)

    def waiting(self, action: str, client: str) -> float:
        """The seconds until ``client`` may ``action`` again, without counting a request (0 if
        it may now): for limits that count only failures, such as a class code not found."""
        item = self.items.get(action)
        if item is None or self.window is None:
            return 0.0
        if self.clock() - self.outage.failed < RETRY_SECONDS:
            return 0.0
        try:
            if self.window.test(item, action, client):
                return 0.0
            reset = self.window.get_window_stats(item, action, client).reset_time
        except StorageError as error:
            self._failed(error)
            return 0.0
        return max(reset - time.time(), 0.001)

    def _failed(self, error: StorageError) -> None:
        now = self.clock()
        with self.lock:
            self.outage.failed = now
            self.outage.error = str(error.storage_error) or type(error.storage_error).__name__
            if self.outage.since is None:
                self.outage.since = now
            if now - self.outage.logged >= LOG_SECONDS:
                self.outage.logged = now
                logger.warning(
                    "rate limits are not counted (failing open): %s cannot be reached: %s",
                    self.location,
                    self.outage.error,
                )

    def _recovered(self) -> None:
        if self.outage.since is None:
            return
        with self.lock:
            if self.outage.since is not None:
                logger.warning("rate limits are counted again in %s", self.location)
                self.outage = Outage()

    def health(self) -> dict[str, Any]:
        """What ``/health`` says of the limits: where they are counted and whether they hold."""
        state: dict[str, Any] = {
            "storage": self.location,
            "counted": SCHEMES[urlsplit(self.uri).scheme],
        }
        if not self.items:
            return state | {"status": "off"}
        if self.window is not None and self.clock() - self.outage.failed >= RETRY_SECONDS:
            probe = next(iter(self.items.values()))
            try:  # a read of a window nobody counts in: the storage's own answer, or its error
                self.window.get_window_stats(probe, "health", "probe")
            except StorageError as error:
                self._failed(error)
            else:
                self._recovered()
        if self.outage.since is not None:
            return state | {"status": "failing open", "error": self.outage.error}
        return state | {"status": "ok"}


def limited(limiter: RateLimiter, action: str) -> Callable[[Request], None]:
    """A FastAPI dependency refusing ``action`` with 429 once the client is over its rate.

    A plain function, so FastAPI runs it in a thread: a shared storage's answer never holds the
    event loop."""

    def within_rate(request: Request) -> None:
        client = request.client.host if request.client else "unknown"
        refuse_when_over(limiter, action, client, said="api.too-many-requests")

    return within_rate


def refuse_when_over(
    limiter: RateLimiter,
    action: str,
    key: str,
    *,
    said: str = "api.too-many-selections",
    count: bool = True,
) -> None:
    """Count a request of ``action`` for ``key`` (an address, a pupil, an assignment), else 429
    with the catalogue's message ``said``; with ``count=False`` only refuse a key that is over
    (the caller counts the failures with :meth:`RateLimiter.take`)."""
    wait = limiter.take(action, key) if count else limiter.waiting(action, key)
    if wait > 0:
        whom = "from your address" if said == "api.too-many-requests" else f"({action})"
        raise ApiError(
            429,
            Note(
                f"too many requests {whom}; try again in {math.ceil(wait)} seconds",
                key=said,
                values={"seconds": math.ceil(wait)},
            ),
            retry_after=math.ceil(wait),
        )
