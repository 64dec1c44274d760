"""How often one client may do something: at most `per_minute` times in any 60 seconds (a moving window).

Built on the `limits` package (`MovingWindowRateLimiter`). The default storage is in this process's
memory (`memory://`), which is right for one studio process; `limits`' other storage backends
(`redis://…`, `memcached://…`) let several replicas of the studio share one count.
Keys that go idle expire with their window, so many addresses cannot fill memory.

`limits` reads the wall clock itself, so there is no clock to inject: tests use a short
`window_seconds` and really wait.
"""

from __future__ import annotations

import time

from limits import RateLimitItemPerSecond
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

WINDOW_SECONDS = 60
NAMESPACE = "comic"  # keys of this studio in a storage shared with others


class RateLimiter:
    """At most `per_minute` events per key in any `window_seconds` (60 unless a test shortens it)."""

    def __init__(self, per_minute: int, window_seconds: int = WINDOW_SECONDS, storage_uri: str = "memory://") -> None:
        self.per_minute = per_minute
        self._item = RateLimitItemPerSecond(per_minute, window_seconds, namespace=NAMESPACE)
        self._limiter = MovingWindowRateLimiter(storage_from_string(storage_uri))

    def wait_seconds(self, key: str, cost: int = 1) -> float:
        """0 and counted (`cost` times) when `key` may go now; otherwise how long until it may (not counted)."""
        if self._limiter.hit(self._item, key, cost=cost):
            return 0.0
        reset = self._limiter.get_window_stats(self._item, key).reset_time
        return max(0.0, reset - time.time())
