"""The circuit breaker: after N failures a dead model is skipped for a while, with a sentence saying so.

On its own with a fake clock, then in the LLM storyteller against real HTTP servers on 127.0.0.1
(tests/fake_servers.py): one that never answers within the timeout and one that refuses.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from fake_servers import FakeServer, Reply

from services.circuit_breaker import CircuitBreaker
from services.schemas import StoryboardRequest
from services.story.llm_client import LLMSettings
from services.story.llm_storyteller import LLMStoryteller


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_it_opens_after_n_failures_and_tries_once_after_the_cooldown() -> None:
    clock = Clock()
    breaker = CircuitBreaker(failures=2, cooldown=30, clock=clock)
    breaker.failed("HTTP 503")
    assert breaker.refusal() is None  # one failure is not yet a dead model
    breaker.failed("HTTP 503")
    assert breaker.refusal() == "skipped for 30 more seconds after 2 failures in a row (HTTP 503)"
    clock.now += 31
    assert breaker.refusal() is None  # the trial call
    assert breaker.refusal() is not None  # the others wait for it
    breaker.failed("HTTP 503")
    assert "skipped for 30 more seconds after 3 failures" in (breaker.refusal() or "")
    clock.now += 31
    assert breaker.refusal() is None
    breaker.succeeded()
    assert breaker.refusal() is None and breaker.refusal() is None


def test_a_success_between_failures_starts_the_count_again() -> None:
    breaker = CircuitBreaker(failures=2, cooldown=30, clock=Clock())
    breaker.failed("x")
    breaker.succeeded()
    breaker.failed("x")
    assert breaker.refusal() is None


def test_a_trial_that_never_reports_back_does_not_jam_it() -> None:
    clock = Clock()
    breaker = CircuitBreaker(failures=1, cooldown=10, clock=clock)
    breaker.failed("could not connect")
    clock.now += 11
    assert breaker.refusal() is None  # the trial, then cancelled: no outcome
    clock.now += 11
    assert breaker.refusal() is None  # another trial after another cooldown


@pytest.mark.parametrize("dead", [Reply(delay=3.0, body=b"{}"), Reply(status=503, body=b'{"error": "down"}')],
                         ids=["never answers", "refuses"])
def test_a_dead_model_is_skipped_after_n_failures_with_a_notice(dead: Reply) -> None:
    server = FakeServer(respond=lambda request: dead).start()
    try:
        teller = LLMStoryteller(LLMSettings(model="fake-model", base_url=f"{server.url}/v1", api_key="k",
                                            timeout=0.4, max_retries=0, breaker_failures=2, breaker_seconds=60))
        request = StoryboardRequest(prompt="A robot learns to paint sunsets on Mars", panels=2)
        notices, seconds = [], []
        for _ in range(4):
            start = time.perf_counter()
            board = asyncio.run(teller.plan(request, 1, []))
            seconds.append(time.perf_counter() - start)
            notices.append(board.notices[-1])
        assert len(server.requests) == 2  # the third and fourth comics did not call the dead model
        assert all(n.startswith("LLM unavailable:") and n.endswith("used the offline storyteller") for n in notices)
        assert "skipped for 60 more seconds after 2 failures in a row" in notices[2]
        assert max(seconds[2:]) < 0.4  # not another timeout
    finally:
        server.stop()
