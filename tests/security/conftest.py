"""A studio to attack: served for real on a loopback port, with comics, comments and memories from two owners.

Every attack case is recorded (`attack`), and the run ends with one line: how many
cases were tried and how many held, so the count in a report is the count that ran.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from gradio_client import Client

from agents.studio import Studio, open_studio
from services.web import handlers as actions
from services.web import memory_handlers as memory_actions
from services.web.identity import new_browser_secret
from services.web.limits import Limits

ATTACK_CASES = "attack_cases"  # the report property tests/conftest.py sums
ALICE = "alice-own-key-7f3e9c1b2a6d4e8f"  # an API caller's own key (stored as given, so it must never be shown)
PROMPT = "A cat and a dog race to the beach at sunset"


@dataclass
class AttackLog:
    cases: list[tuple[str, bool]] = field(default_factory=list)

    def record(self, name: str, held: bool) -> None:
        self.cases.append((name, held))


@pytest.fixture
def attack(request: pytest.FixtureRequest) -> Iterator[AttackLog]:
    """This test's cases; they travel on its report (ATTACK_CASES), so a run over several workers counts them
    all (tests/conftest.py prints the line)."""
    log = AttackLog()
    yield log
    request.node.user_properties.append((ATTACK_CASES, log.cases))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Target:
    url: str
    studio: Studio
    demo: Any
    alice_comic: dict[str, Any]
    browser_secret: str
    browser_comic: str

    @property
    def data_dir(self) -> Path:
        return self.studio.data_dir

    def client(self) -> Client:
        return Client(self.url, analytics_enabled=False, verbose=False)


def serve(studio: Studio, limits: Limits | None = None) -> tuple[Any, str]:
    from services.web.ui import build_ui, launch_options

    demo = build_ui(studio, limits)
    port = free_port()
    demo.launch(prevent_thread_lock=True, quiet=True, **launch_options(studio, "127.0.0.1", port, limits))
    return demo, f"http://127.0.0.1:{port}/"


@pytest.fixture
def start_server() -> Any:
    """`serve` as a fixture (tests/ is not a package, so test modules cannot import from this file)."""
    return serve


@pytest.fixture(scope="session")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    """The studio with Alice's comic (API, own key, a correction comment) and a browser's comic (a comment)."""
    studio = open_studio(tmp_path_factory.mktemp("attacked") / "data")
    demo, url = serve(studio)
    try:
        alice = Client(url, analytics_enabled=False, verbose=False)
        _, _, summary = alice.predict(PROMPT, "classic", 2, 5, ALICE, api_name="/generate")
        alice.predict(summary["session_id"], "No, Brown is a dog, not a cat.", ALICE, api_name="/feedback")
        secret = new_browser_secret()

        async def browser() -> str:
            updates = [u async for u in actions.generate_updates(studio, "A robot bakes bread", "manga", 1, "2",
                                                                  secret)]
            session_id = next(u["session"] for u in updates if "session" in u)
            await memory_actions.send_feedback(studio, session_id, "Lovely, thanks Bayko!", secret)
            return str(session_id)

        browser_comic = asyncio.run(browser())
        yield Target(url, studio, demo, summary, secret, browser_comic)
    finally:
        demo.close()
