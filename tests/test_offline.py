"""The default path never opens a network connection."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import pytest

from agents.studio import open_studio
from services.schemas import ComicFinished


class NetworkUsed(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise NetworkUsed(f"network access attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


def test_the_guard_catches_a_connection(no_network: None) -> None:
    with pytest.raises(NetworkUsed):
        socket.create_connection(("127.0.0.1", 9))


def test_a_whole_offline_comic_opens_no_socket(no_network: None, data_dir: Path) -> None:
    studio = open_studio(data_dir)

    async def collect() -> list:
        return [event async for event in studio.generate({"prompt": "A lighthouse keeper befriends a whale", "panels": 3})]

    events = asyncio.run(collect())
    assert isinstance(events[-1], ComicFinished)
