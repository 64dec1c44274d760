"""Bayko draws every panel from a scene: a board a storyteller left without one still gets real pictures."""

from __future__ import annotations

import asyncio
from pathlib import Path

from agents.studio import open_studio
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural.renderer import ProceduralRenderer
from services.schemas import ComicFinished, Panel, Storyboard, StoryboardRequest
from services.story.storyteller import OfflineStoryteller

PROMPT = "A fox finds a kite in the forest"


class NoPlanStoryteller(OfflineStoryteller):
    """A model's story with no event read: its panels have captions for descriptions and no scene."""

    name = "no-plan"

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str], reading=None, *,
                   history=None) -> Storyboard:
        panels = [Panel(index=i, description=f"Moment {i}.", subtitle=f"Moment {i}.") for i in range(request.panels)]
        return Storyboard(title="t", setting="", mood="", cast=[], panels=panels)


class SpyRenderer(ProceduralRenderer):
    def __init__(self) -> None:
        self.requests: list[PanelArtRequest] = []

    def render_all(self, requests):  # type: ignore[no-untyped-def]
        self.requests += requests
        yield from super().render_all(requests)


def test_a_panel_without_a_scene_is_drawn_from_the_offline_plan_of_the_same_prompt(data_dir: Path) -> None:
    spy = SpyRenderer()
    studio = open_studio(data_dir, NoPlanStoryteller(), spy)

    async def collect() -> list:
        return [e async for e in studio.generate({"prompt": PROMPT, "panels": 2, "seed": 3})]
    finished = asyncio.run(collect())[-1]
    assert isinstance(finished, ComicFinished)
    first = spy.requests[0]
    assert first.scene is not None and first.description == "Moment 0."  # the board's words, the plan's picture
    named = {m.name: m.kind for m in first.cast}
    assert {named.get(a.name) for a in first.scene.actors} >= {"fox"}, (first.scene.actors, named)
    drawn = finished.session.attempts[0].panels[0].drawn
    assert ("fox", "cast") in {(d.what, d.role) for d in drawn}
