"""The rate limiter on `limits`, or shared through PostgreSQL: the same meaning on both (0 and counted, else the
wait, not counted)."""

from __future__ import annotations

import threading
import time

import pytest

from services.web.bounds import RateLimiter as ReExported
from services.web.rate_limits import RateLimiter


def test_the_bounds_module_re_exports_it() -> None:
    assert ReExported is RateLimiter


@pytest.mark.usefixtures("store_database")
def test_at_most_per_minute_then_the_wait() -> None:
    limiter = RateLimiter(3, "test")
    assert [limiter.wait_seconds("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limiter.wait_seconds("a")
    assert 55 < wait <= 60
    assert limiter.wait_seconds("b") == 0.0  # another key has its own count


@pytest.mark.usefixtures("store_database")
def test_a_refused_call_is_not_counted_and_the_window_moves() -> None:
    limiter = RateLimiter(2, "test", window_seconds=1)  # `limits` reads the wall clock itself: a short window, real waits
    assert limiter.wait_seconds("k") == 0.0
    time.sleep(0.5)
    assert limiter.wait_seconds("k") == 0.0
    for _ in range(5):
        assert limiter.wait_seconds("k") > 0  # refused, and refusals do not push the window on
    time.sleep(0.6)  # the first event left the window, the second has not: one more may go
    assert limiter.wait_seconds("k") == 0.0
    assert limiter.wait_seconds("k") > 0



@pytest.mark.usefixtures("store_database")
def test_a_cost_counts_that_many_and_names_keep_limiters_apart() -> None:
    megabytes, uploads = RateLimiter(5, "megabytes"), RateLimiter(5, "uploads")
    assert megabytes.wait_seconds("ip", cost=4) == 0.0
    assert megabytes.wait_seconds("ip", cost=2) > 0 and megabytes.wait_seconds("ip", cost=1) == 0.0
    assert [uploads.wait_seconds("ip") for _ in range(5)] == [0.0] * 5  # its own count


def test_replicas_on_one_postgresql_share_one_count_under_contention(postgres_url: str) -> None:
    replicas = [RateLimiter(5, "generate"), RateLimiter(5, "generate")]  # two studios' limiters, one database
    admitted: list[float] = []

    def client(n: int) -> None:
        for _ in range(4):
            if replicas[n % 2].wait_seconds("203.0.113.9") == 0.0:
                admitted.append(1)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(admitted) == 5  # of 32 tries through both replicas, exactly the limit
    assert 55 < replicas[0].wait_seconds("203.0.113.9") <= 60


def test_on_postgresql_an_idle_address_leaves_no_rows_behind(postgres_url: str) -> None:
    limiter = RateLimiter(5, "comments", window_seconds=1)
    assert limiter.wait_seconds("198.51.100.1") == 0.0  # an address seen once, never again
    time.sleep(1.1)
    assert limiter.wait_seconds("198.51.100.2") == 0.0
    assert limiter._shared is not None
    keys = [key for (key,) in limiter._shared.db.read().execute("SELECT key FROM rate_hits").fetchall()]
    assert keys == ["comments:198.51.100.2"]
