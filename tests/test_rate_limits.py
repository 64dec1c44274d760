"""The rate limiter on `limits`: the same meaning as before (0 and counted, else the wait, not counted)."""

from __future__ import annotations

import time

from services.web.bounds import RateLimiter as ReExported
from services.web.rate_limits import RateLimiter


def test_the_bounds_module_re_exports_it() -> None:
    assert ReExported is RateLimiter


def test_at_most_per_minute_then_the_wait() -> None:
    limiter = RateLimiter(3)
    assert [limiter.wait_seconds("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limiter.wait_seconds("a")
    assert 55 < wait <= 60
    assert limiter.wait_seconds("b") == 0.0  # another key has its own count


def test_a_refused_call_is_not_counted_and_the_window_moves() -> None:
    limiter = RateLimiter(2, window_seconds=1)  # `limits` reads the wall clock itself: a short window, real waits
    assert limiter.wait_seconds("k") == 0.0
    time.sleep(0.5)
    assert limiter.wait_seconds("k") == 0.0
    for _ in range(5):
        assert limiter.wait_seconds("k") > 0  # refused, and refusals do not push the window on
    time.sleep(0.6)  # the first event left the window, the second has not: one more may go
    assert limiter.wait_seconds("k") == 0.0
    assert limiter.wait_seconds("k") > 0

