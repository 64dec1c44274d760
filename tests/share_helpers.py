"""Helpers for the share-page tests: a comic made straight through the studio, and the public routes mounted.

The routes are mounted on a running app only if `launch_options` has not mounted them already (so these tests run
the same before and after the studio's page wires them).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from agents.studio import Studio
from services.schemas import ComicFinished
from services.web.share_pages import share_routes


def make_comic(studio: Studio, prompt: str, owner: str, panels: int = 2, seed: int = 3) -> str:
    """A finished comic owned by `owner` (an owner id, as stored); returns its session id."""

    async def run() -> str:
        async for event in studio.generate({"prompt": prompt, "panels": panels, "seed": seed, "user_id": owner}):
            if isinstance(event, ComicFinished):
                return event.session.session_id
        raise AssertionError("the comic never finished")

    # In a thread of its own: a test driving Playwright's sync API already runs an event loop in this one.
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, run()).result()


def mount_share_routes(demo: Any, studio: Studio) -> None:
    """Put the public routes in front of Gradio's, unless the app already serves them."""
    app = demo.server_app
    if any(getattr(route, "path", None) == "/gallery" for route in app.router.routes):
        return
    for route in reversed(share_routes(studio)):
        app.router.routes.insert(0, route)
