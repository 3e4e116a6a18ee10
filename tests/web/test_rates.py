"""Rate limits counted in one Redis: however requests are spread over servers, each client gets
its limit once. Counted in memory, each server gives it the limit again (the reason for Redis)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stack import INSTALL_HINT, RedisServer, missing
from wortsuche.web.limits import Rate
from wortsuche.web.rates import RateLimiter

pytestmark = pytest.mark.slow  # a real redis-server

EXAMPLES = itertools.count()
"""A number for each example, so no two examples share a client's window."""


@pytest.fixture(scope="module")
def redis() -> Iterator[RedisServer]:
    if "redis-server" in missing():
        pytest.fail(f"redis-server missing: {INSTALL_HINT}")
    server = RedisServer()
    yield server
    server.close()


@settings(max_examples=40, deadline=None)
@given(
    burst=st.integers(1, 6),
    requests=st.lists(st.tuples(st.integers(0, 2), st.integers(0, 3)), max_size=40),
)
def test_servers_sharing_redis_give_each_client_its_burst_once(
    redis: RedisServer, burst: int, requests: list[tuple[int, int]]
) -> None:
    rates = {"create": Rate(per_second=burst / 600, burst=burst)}  # a window of 10 minutes
    servers = [RateLimiter(rates, redis.url) for _ in range(3)]
    example = next(EXAMPLES)
    allowed: Counter[int] = Counter()
    for server, client in requests:
        wait = servers[server].take("create", f"{example}-{client}")
        if wait == 0:
            allowed[client] += 1
        else:
            assert 0 < wait <= 600
    asked = Counter(client for _, client in requests)
    assert allowed == Counter({client: min(n, burst) for client, n in asked.items()})
    assert all(server.health()["status"] == "ok" for server in servers)


def test_servers_counting_in_memory_each_give_the_burst_again() -> None:
    rates = {"create": Rate(per_second=0.01, burst=3)}
    servers = [RateLimiter(rates) for _ in range(2)]
    allowed = sum(server.take("create", "a") == 0 for server in servers for _ in range(5))
    assert allowed == 6  # 3 from each: what a shared Redis prevents
