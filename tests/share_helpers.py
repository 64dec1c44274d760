"""Helpers for the share-page tests: a comic made straight through the studio (the public routes come with the
app, `launch_options`)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from agents.studio import Studio
from services.schemas import ComicFinished


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
