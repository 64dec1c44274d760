"""Comment rates: per address and per comic, loopback trusted unless counted, one sentence past a rate."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from services.web.comment_rates import CommentRateExceeded, CommentRates


def request(host: str, **headers: str) -> SimpleNamespace:
    return SimpleNamespace(client=SimpleNamespace(host=host), headers=headers)


def test_an_address_past_its_rate_is_refused_and_another_is_not() -> None:
    rates = CommentRates(per_client=2, per_comic=100)
    for _ in range(2):
        rates.check_client(request("203.0.113.5"))
    with pytest.raises(CommentRateExceeded, match=r"^comment: at most 2 comments a minute from one address; "
                                                  r"try again in \d+ seconds\.$"):
        rates.check_client(request("203.0.113.5"))
    rates.check_client(request("203.0.113.6"))


def test_a_comic_past_its_rate_is_refused_whatever_the_address() -> None:
    rates = CommentRates(per_client=100, per_comic=1)
    rates.check_comic("comic_a", request("203.0.113.5"))
    with pytest.raises(CommentRateExceeded, match="at most 1 comment a minute on one comic"):
        rates.check_comic("comic_a", request("198.51.100.7"))
    rates.check_comic("comic_b", request("203.0.113.5"))


def test_this_machine_and_in_process_calls_are_not_counted_unless_asked() -> None:
    trusted = CommentRates(per_client=1, per_comic=1)
    for _ in range(3):
        trusted.check_client(request("127.0.0.1"))
        trusted.check_comic("comic_a", None)
    counted = CommentRates(per_client=1, per_comic=1, count_loopback=True)
    counted.check_client(request("127.0.0.1"))
    with pytest.raises(CommentRateExceeded):
        counted.check_client(request("127.0.0.1"))


def test_on_a_space_the_proxy_hop_is_the_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPACE_ID", "someone/studio")
    rates = CommentRates(per_client=1, per_comic=100)
    rates.check_client(request("10.0.0.1", **{"X-Forwarded-For": "1.2.3.4, 203.0.113.5"}))
    with pytest.raises(CommentRateExceeded):  # a new claimed address in front does not make a new client
        rates.check_client(request("10.0.0.1", **{"X-Forwarded-For": "9.9.9.9, 203.0.113.5"}))
