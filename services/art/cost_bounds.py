"""What one comic may cost to draw: at most so many things a panel and a comic, and a time budget.

A prompt of 2000 characters can name some 300 drawable things; drawn, that is 60-100 pictograms
a panel and 9-14 s of CPU a comic, while a normal comic names at most six things a panel (the 731
labelled prompts of tests/data/story_events.json, at 1, 4 and 6 panels: at most six things a panel and six a comic).
So each panel keeps its planned scene up to `THINGS_PER_PANEL` things (cast members and props)
and the comic up to `THINGS_PER_COMIC` different ones; what the plan named beyond that is left
out of the scene and listed on the panel (`Panel.not_drawn`), so Brown says it was not drawn
instead of asking for it again. Once a comic has spent `TIME_BUDGET_SECONDS` drawing, Bayko adds
no new thing to a redrawn panel: the panel keeps only the things the comic already drew.
Bayko applies the bounds to his storyboard before drawing (`agents/bayko.py`), so a bounded
panel's description says only what it shows.

What a panel's events need (the actor, the object, the recipient, a thing in a hand) is kept first;
an event loses its panel only when what it needs does not fit.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from services.schemas import PanelScene, SceneProp

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
    """The things a scene names, once each: cast members, what they hold, what its events act on, its props."""
    if scene is None:
        return []
    named = [*(a.name for a in scene.actors), *(a.holds for a in scene.actors if a.holds),
             *(name for e in scene.events for name in (e.actor, e.object, e.recipient) if name),
             *(_noun(p) for p in scene.props)]
    return list(dict.fromkeys(named))


def _by_need(scene: PanelScene) -> list[str]:
    """The scene's things, those its events or hands need first."""
    needed = {name for e in scene.events for name in (e.actor, e.object, e.recipient) if name}
    needed |= {a.holds for a in scene.actors if a.holds}
    names = things_of(scene)
    return [n for n in names if n in needed] + [n for n in names if n not in needed]


def _within(scene: PanelScene, kept: set[str]) -> BoundScene:
    left_out = [n for n in things_of(scene) if n not in kept]
    if not left_out:
        return BoundScene(scene=scene)
    actors = [a if not a.holds or a.holds in kept else a.model_copy(update={"holds": None})
              for a in scene.actors if a.name in kept]
    events = [e for e in scene.events if all(name is None or name in kept for name in (e.actor, e.object, e.recipient))]
    props = [p for p in scene.props if _noun(p) in kept]
    return BoundScene(scene=scene.model_copy(update={"actors": actors, "props": props, "events": events}),
                      not_drawn=left_out)


def _noun(prop: SceneProp) -> str:
    return prop.what.strip().lower()
