"""How often one client may do something: at most `per_minute` times in any 60 seconds (a moving window).

Built on the `limits` package (`MovingWindowRateLimiter`). The default storage is in this process's
memory (`memory://`), which is right for one studio process. Replicas on one PostgreSQL
(`COMIC_DATABASE_URL`) share one count instead (`SharedWindow`): one row per counted event in `rate_hits`,
checked and written in one transaction under an advisory lock on the limiter's key, so two replicas cannot
both let the last event of a minute through. Keys that go idle expire with their window, so many
addresses cannot fill memory (nor the table: every count deletes the rows that have expired, of any key).

`limits` reads the wall clock itself, so there is no clock to inject: tests use a short
`window_seconds` and really wait.
"""

from __future__ import annotations

import time

from limits import RateLimitItemPerSecond
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from services.storage import schema
from services.storage.database import PostgresDatabase, database_url
from services.storage.migrations import migrate_tables

WINDOW_SECONDS = 60
NAMESPACE = "comic"  # keys of this studio in a storage shared with others


STORE = "rates"


class RateLimiter:
    """At most `per_minute` events per key in any `window_seconds` (60 unless a test shortens it); `name` keeps
    this limiter's keys apart from another's where replicas share one count."""

    def __init__(self, per_minute: int, name: str, window_seconds: int = WINDOW_SECONDS) -> None:
        self.per_minute = per_minute
        url = database_url()
        self._shared = SharedWindow(url, name, per_minute, window_seconds) if url else None
        self._item = RateLimitItemPerSecond(per_minute, window_seconds, namespace=NAMESPACE)
        self._limiter = MovingWindowRateLimiter(storage_from_string("memory://"))

    def wait_seconds(self, key: str, cost: int = 1) -> float:
        """0 and counted (`cost` times) when `key` may go now; otherwise how long until it may (not counted)."""
        if self._shared is not None:
            return self._shared.wait_seconds(key, cost)
        if self._limiter.hit(self._item, key, cost=cost):
            return 0.0
        reset = self._limiter.get_window_stats(self._item, key).reset_time
        return max(0.0, reset - time.time())


class SharedWindow:
    """The same moving window kept in the shared PostgreSQL: every replica counts the same events."""

    def __init__(self, url: str, name: str, limit: int, window_seconds: int) -> None:
        self.db = PostgresDatabase(url, STORE)
        self.name, self.limit, self.window = name, limit, window_seconds
        migrate_tables(self.db, STORE, [schema.rate_hits])

    def wait_seconds(self, key: str, cost: int = 1) -> float:
        counted, now = f"{self.name}:{key}", time.time()
        with self.db.transaction(lock=f"{STORE}:{counted}") as db:
            db.execute("DELETE FROM rate_hits WHERE expires <= ?", (now,))  # every key's: idle ones too
            live = db.execute("SELECT expires, cost FROM rate_hits WHERE key = ? ORDER BY expires",
                              (counted,)).fetchall()
            used = sum(int(taken) for _, taken in live)
            if used + cost <= self.limit:
                db.execute("INSERT INTO rate_hits (key, expires, cost) VALUES (?, ?, ?)",
                           (counted, now + self.window, cost))
                return 0.0
        for expires, taken in live:  # the oldest events leave first: when has enough room been freed?
            used -= int(taken)
            if used + cost <= self.limit:
                return max(0.0, float(expires) - now)
        return float(self.window)
