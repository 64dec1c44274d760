"""Stop calling a backend that keeps failing, for a while: a circuit breaker.

A dead model costs a full timeout per call (30 s by default), and a comic makes up to three
calls, so without a breaker every comic waits about 90 s for answers that never come. After
`failures` failures in a row the breaker opens: calls are refused at once, with a sentence saying
why and for how long, and the caller falls back (the offline storyteller) and shows that sentence.
After `cooldown` seconds one call may try again: a success closes the breaker, a failure opens it
for another `cooldown`.

One breaker belongs to one backend (a model at a URL), shared by every comic that uses it: it
holds the backend's health, never anything about a user, and a lock keeps it consistent across
the threads and event loops the studio serves from.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class CircuitBreaker:
    def __init__(self, failures: int = 2, cooldown: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.failures, self.cooldown, self.clock = max(1, failures), cooldown, clock
        self._in_a_row = 0
        self._open_until: float | None = None
        self._last_reason = ""
        self._guard = threading.Lock()

    def refusal(self) -> str | None:
        """None when a call may go now; otherwise the sentence that says why not (the call is not made)."""
        with self._guard:
            if self._open_until is None:
                return None
            now = self.clock()
            if now >= self._open_until:
                # One trial call; the others are refused for another cooldown, also when the trial never reports
                # back (a cancelled call), so the breaker cannot stay stuck.
                self._open_until = now + self.cooldown
                return None
            wait = max(1, round(self._open_until - now))
            return (f"skipped for {wait} more second{'' if wait == 1 else 's'} after {self._in_a_row} failures in a "
                    f"row ({self._last_reason})")

    def failed(self, reason: str) -> None:
        with self._guard:
            self._in_a_row += 1
            self._last_reason = reason
            if self._in_a_row >= self.failures:
                self._open_until = self.clock() + self.cooldown

    def succeeded(self) -> None:
        with self._guard:
            self._in_a_row, self._open_until = 0, None
