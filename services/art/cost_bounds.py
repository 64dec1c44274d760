"""What one comic may cost to draw: at most so many things a panel and a comic, and a time budget.

A prompt of 2000 characters can name some 300 drawable things; drawn, that is 60-100 pictograms
a panel and 9-14 s of CPU a comic, while a normal comic names at most six things a panel (the 731
labelled prompts of tests/data/story_events.json: at most three cast members and three props).
So each panel keeps its planned scene up to `THINGS_PER_PANEL` things (cast members and props)
and the comic up to `THINGS_PER_COMIC` different ones; what the plan named beyond that is left
out of the scene and listed on the panel (`Panel.not_drawn`), so Brown says it was not drawn
instead of asking for it again. Once a comic has spent `TIME_BUDGET_SECONDS` drawing, Bayko adds
no new thing to a redrawn panel: the panel keeps only the things the comic already drew.
Bayko applies the bounds to his storyboard before drawing (`agents/bayko.py`), so a bounded
panel's description says only what it shows.

What a panel's events need (the actor, the object, the recipient, a thing in a hand) is kept first.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from services.schemas import PanelScene, SceneActor, SceneProp

THINGS_PER_PANEL = 8
THINGS_PER_COMIC = 16
TIME_BUDGET_SECONDS = 8.0  # a backstop well above a normal comic (0.3-0.5 s), so it never shapes one


class BoundScene(BaseModel):
    """A panel's scene within the bounds, and the things of its plan that were left out."""

    scene: PanelScene
    not_drawn: list[str] = Field(default_factory=list)


def bound_scenes(scenes: Sequence[PanelScene | None], drawn_before: Sequence[str] = (),
                 adding: bool = True) -> list[BoundScene | None]:
    """Each scene within the bounds, in panel order: a panel takes the comic's things already drawn
    (`drawn_before`, then earlier panels) before new ones; with `adding` off (the time budget is
    spent), only those."""
    comic: list[str] = list(dict.fromkeys(drawn_before))
    bound: list[BoundScene | None] = []
    for scene in scenes:
        if scene is None:
            bound.append(None)
            continue
        kept: list[str] = []
        for name in _by_need(scene):
            new_to_comic = name not in comic
            if len(kept) >= THINGS_PER_PANEL or (new_to_comic and (not adding or len(comic) >= THINGS_PER_COMIC)):
                continue
            kept.append(name)
            if new_to_comic:
                comic.append(name)
        bound.append(_within(scene, set(kept)))
    return bound


def things_of(scene: PanelScene | None) -> list[str]:
    """The things a scene names, cast members and props, once each in the scene's order."""
    if scene is None:
        return []
    return list(dict.fromkeys([*(a.name for a in scene.actors), *(_noun(p) for p in scene.props)]))


def _by_need(scene: PanelScene) -> list[str]:
    """The scene's things, those its events or hands need first."""
    needed = {name for event in scene.events for name in (event.actor, event.object, event.recipient) if name}
    needed |= {a.holds.strip().lower() for a in scene.actors if a.holds}
    names = things_of(scene)
    return [n for n in names if n in needed or n.lower() in needed] + [
        n for n in names if n not in needed and n.lower() not in needed]


def _within(scene: PanelScene, kept: set[str]) -> BoundScene:
    actors: list[SceneActor] = [a for a in scene.actors if a.name in kept]
    props: list[SceneProp] = [p for p in scene.props if _noun(p) in kept]
    if len(actors) == len(scene.actors) and len(props) == len(scene.props):
        return BoundScene(scene=scene)
    gone = {a.name for a in scene.actors} - {a.name for a in actors}
    events = [e for e in scene.events if e.actor not in gone and e.recipient not in gone]
    left_out = [n for n in things_of(scene) if n not in kept]
    return BoundScene(scene=scene.model_copy(update={"actors": actors, "props": props, "events": events}),
                      not_drawn=left_out)


def _noun(prop: SceneProp) -> str:
    return prop.what.strip().lower()
