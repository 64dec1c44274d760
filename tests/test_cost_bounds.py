"""The cost bounds of a comic: a crowded scene keeps what its events need, the rest is listed; a normal one is untouched."""

from __future__ import annotations

import asyncio
import json

from services.art.cost_bounds import THINGS_PER_COMIC, THINGS_PER_PANEL, bound_scenes, things_of
from services.config import ASSETS_DIR
from services.schemas import PanelScene, SceneActor, SceneEvent, SceneProp, StoryboardRequest
from services.story.storyteller import OfflineStoryteller


def crowded(first: int, count: int, event_object: str | None = None) -> PanelScene:
    props = [SceneProp(what=f"thing{n}") for n in range(first, first + count)]
    events = [SceneEvent(action="throw", actor="Mia", object=event_object)] if event_object else []
    return PanelScene(setting="park", actors=[SceneActor(name="Mia")], props=props, events=events)


def test_a_crowded_panel_keeps_its_event_and_lists_the_rest() -> None:
    [bound] = bound_scenes([crowded(0, 40, event_object="thing39")])
    assert bound is not None
    kept = things_of(bound.scene)
    assert len(kept) == THINGS_PER_PANEL
    assert "Mia" in kept and "thing39" in kept  # what the event needs comes first
    assert bound.scene.events == crowded(0, 40, "thing39").events
    assert sorted(kept + bound.not_drawn) == sorted(things_of(crowded(0, 40)))  # nothing vanishes unsaid


def test_the_comic_bound_counts_different_things_and_reuses_drawn_ones() -> None:
    scenes = [crowded(n * 11, 11) for n in range(4)]  # Mia + 11 things a panel, 45 different in all
    bound = bound_scenes(scenes)
    drawn = {name for b in bound if b for name in things_of(b.scene)}
    assert len(drawn) == THINGS_PER_COMIC
    assert all(b is not None and "Mia" in things_of(b.scene) for b in bound)  # Mia is already drawn: no new thing
    assert sum(len(b.not_drawn) for b in bound if b) == 45 - THINGS_PER_COMIC


def test_past_the_time_budget_only_what_the_comic_drew_is_drawn() -> None:
    [bound] = bound_scenes([crowded(0, 5)], drawn_before=["Mia", "thing1"], adding=False)
    assert bound is not None
    assert things_of(bound.scene) == ["Mia", "thing1"]
    assert bound.not_drawn == ["thing0", "thing2", "thing3", "thing4"]


def test_the_example_prompts_are_drawn_whole() -> None:
    teller = OfflineStoryteller()
    for prompt in json.loads((ASSETS_DIR / "example_prompts.json").read_text(encoding="utf-8"))["prompts"]:
        for panels in (1, 4, 6):
            request = StoryboardRequest(prompt=prompt, panels=panels, seed=3)
            board = asyncio.run(teller.plan(request, 3, [], teller.read(request, 3, [])))
            scenes = [p.scene for p in board.panels]
            assert [b.scene if b else None for b in bound_scenes(scenes)] == scenes, prompt
