"""The picture of each panel, staged from the scene plan and the story shape.

A beat of a shape says who is in the panel, what they do, how they feel, where the
story's main thing is (in a hand, on the ground, in the sky, hidden) and which comic
devices show it. Afterwards every named creature, object and place is checked: each
one appears in at least one panel, where a reader would look for it.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from services.reading import PlannedThing, ScenePlan
from services.schemas import PanelScene, SceneActor, SceneProp

HELD_IN_THE_SKY = {"kite", "balloon"}  # in the sky until someone catches the string


class Beat(NamedTuple):
    who: str  # hero / both / all / other
    action: str
    mood: str
    other_action: str = "standing"
    other_mood: str = ""
    thing: str = "default"  # default / hand / friend / ground / sky / none
    effects: tuple[str, ...] = ()


B = Beat
STAGING: dict[str, dict[str, Beat]] = {
    "friendship": {"setup": B("hero", "sitting", "sad"), "rise": B("both", "looking", "surprised", "looking", "calm"),
                   "turn": B("both", "waving", "happy", "waving", "happy", "friend"),
                   "end": B("both", "hugging", "happy", "hugging", "happy", effects=("hearts",))},
    "making": {"setup": B("hero", "looking", "determined", thing="ground"),
               "rise": B("hero", "holding", "determined", effects=("sweat drops",)),
               "turn": B("both", "falling", "surprised", "running", "scared", "ground", ("motion arcs",)),
               "end": B("all", "jumping", "happy", "jumping", "happy", effects=("stars",))},
    "journey": {"setup": B("hero", "walking", "determined"), "rise": B("hero", "walking", "calm", effects=("speed lines",)),
                "turn": B("both", "looking", "surprised", "waving", "calm"),
                "end": B("all", "waving", "happy", "waving", "happy")},
    "fear": {"setup": B("hero", "sitting", "scared", effects=("sweat drops",)),
             "rise": B("both", "looking", "scared", "standing", "calm"),
             "turn": B("hero", "holding", "determined", thing="hand", effects=("spotlight",)),
             "end": B("all", "jumping", "happy", "waving", "happy", effects=("stars",))},
    "rivals": {"setup": B("both", "standing", "angry", "standing", "angry"),
               "rise": B("both", "running", "determined", "running", "determined", effects=("speed lines",)),
               "turn": B("both", "falling", "surprised", "looking", "surprised", effects=("motion arcs",)),
               "end": B("both", "waving", "happy", "waving", "happy", effects=("stars",))},
    "lost_found": {"setup": B("hero", "looking", "sad", thing="none"), "rise": B("hero", "walking", "determined", thing="none"),
                   "turn": B("both", "looking", "surprised", "waving", "happy"),
                   "end": B("all", "hugging", "happy", "hugging", "happy", effects=("hearts",))},
    "stuck_escape": {"setup": B("all", "standing", "calm", "standing", "calm"),
                     "rise": B("all", "looking", "scared", "sitting", "scared", effects=("sweat drops",)),
                     "turn": B("hero", "holding", "determined", thing="hand"),
                     "end": B("all", "jumping", "happy", "jumping", "happy", effects=("stars",))},
    "quarrel": {"setup": B("both", "standing", "happy", "standing", "happy"),
                "rise": B("both", "standing", "angry", "standing", "angry", effects=("motion arcs",)),
                "turn": B("both", "sitting", "sad", "looking", "sad"),
                "end": B("both", "hugging", "happy", "hugging", "happy", effects=("hearts",))},
    "mystery": {"setup": B("hero", "looking", "surprised", thing="none"),
                "rise": B("hero", "walking", "determined", thing="none"),
                "turn": B("both", "looking", "surprised", "falling", "scared", effects=("spotlight",)),
                "end": B("all", "jumping", "happy", "waving", "happy", effects=("stars",))},
    "teaching": {"setup": B("both", "looking", "calm", "holding", "calm", "friend"),
                 "rise": B("hero", "falling", "surprised", "looking", "calm", effects=("motion arcs",)),
                 "turn": B("hero", "holding", "determined", thing="hand"),
                 "end": B("both", "jumping", "happy", "waving", "happy", effects=("stars",))},
    "transformation": {"setup": B("hero", "standing", "calm", thing="ground"),
                       "rise": B("hero", "looking", "surprised", thing="ground"),
                       "turn": B("both", "looking", "surprised", "jumping", "happy", effects=("stars",)),
                       "end": B("all", "jumping", "happy", "waving", "happy", effects=("hearts",))},
    "contest": {"setup": B("both", "standing", "determined", "standing", "determined"),
                "rise": B("both", "running", "determined", "running", "determined", effects=("speed lines",)),
                "turn": B("hero", "falling", "surprised", effects=("motion arcs",)),
                "end": B("all", "jumping", "happy", "waving", "happy", "hand", ("stars",))},
    "chase": {"setup": B("hero", "looking", "surprised"),
              "rise": B("both", "running", "determined", "running", "scared", effects=("speed lines",)),
              "turn": B("both", "falling", "surprised", "running", "happy", effects=("motion arcs",)),
              "end": B("all", "sitting", "happy", "sitting", "happy", "hand")},
    "discovery": {"setup": B("hero", "walking", "calm", thing="none"), "rise": B("hero", "looking", "surprised", thing="none"),
                  "turn": B("hero", "holding", "surprised", thing="hand", effects=("stars",)),
                  "end": B("all", "jumping", "happy", "waving", "happy")},
    "rescue": {"setup": B("both", "looking", "calm", "sitting", "scared"),
               "rise": B("hero", "running", "determined", effects=("speed lines",)),
               "turn": B("both", "holding", "determined", "looking", "surprised", "hand"),
               "end": B("both", "hugging", "happy", "hugging", "happy", effects=("hearts",))},
    "surprise_catch": {"setup": B("hero", "sitting", "calm"), "rise": B("hero", "holding", "determined", thing="none"),
                       "turn": B("hero", "holding", "surprised", thing="hand", effects=("motion arcs",)),
                       "end": B("all", "jumping", "happy", "waving", "happy")},
    "spectacle": {"setup": B("both", "walking", "happy", "walking", "happy", "none"),
                  "rise": B("both", "sitting", "calm", "sitting", "calm"),
                  "rise2": B("both", "looking", "happy", "looking", "happy"),
                  "turn": B("both", "looking", "surprised", "looking", "happy", effects=("stars",)),
                  "climax": B("all", "jumping", "happy", "jumping", "happy", effects=("stars",)),
                  "end": B("both", "hugging", "happy", "hugging", "happy", effects=("hearts",))},
    "day_out": {"setup": B("hero", "walking", "happy"), "rise": B("hero", "looking", "surprised"),
                "turn": B("both", "waving", "happy", "waving", "happy"),
                "end": B("all", "sitting", "happy", "sitting", "happy")},
}
EXTRA_BEATS: dict[str, Beat] = {
    "rise2": B("both", "walking", "determined", "looking", "calm"),
    "low": B("hero", "sitting", "sad"),
    "calm": B("hero", "looking", "calm"),
    "climax": B("all", "running", "determined", "running", "determined", "hand", ("speed lines",)),
}
SHOWS_THE_VERB = ("setup", "rise")
SHOTS = {"setup": "wide", "rise": "medium", "rise2": "medium", "calm": "wide", "low": "close-up", "turn": "close-up",
         "climax": "wide", "end": "medium"}


def staging_for(shape: str, beat: str) -> Beat:
    return STAGING.get(shape, STAGING["day_out"]).get(beat) or EXTRA_BEATS[beat]


def plan_scenes(plan: ScenePlan, beats: tuple[str, ...], rng: random.Random) -> list[PanelScene]:
    """One scene per beat, then every named thing placed where a reader would look for it."""
    scenes = [_scene(plan, beat, index, len(beats)) for index, beat in enumerate(beats)]
    _cover_cast(plan, scenes)
    _cover_things(plan, scenes, beats, rng)
    return scenes


def _scene(plan: ScenePlan, beat_name: str, index: int, count: int) -> PanelScene:
    beat = staging_for(plan.shape, beat_name)
    cast = plan.cast
    who = {"hero": cast[:1], "both": cast[:2], "all": cast, "other": cast[1:2] or cast[:1]}[beat.who]
    if count == 1:
        who = cast
    actors = []
    for position, member in enumerate(who):
        first = position == 0
        action = beat.action if first else beat.other_action
        if plan.action and (beat_name in SHOWS_THE_VERB or count == 1):
            action = plan.action  # "Mia and Rex walk in the park": the first panels show them walking
        actors.append(SceneActor(name=member.name, action=action,
                                 mood=beat.mood if first else (beat.other_mood or beat.mood)))
    scene = PanelScene(setting=plan.setting, landmarks=list(plan.landmarks), time=plan.time, weather=plan.weather,
                       shot=SHOTS.get(beat_name, "medium") if count > 1 else "wide", actors=actors,
                       effects=list(beat.effects), place_state=plan.place_state,
                       thing_states={t.what: t.drawn_state for t in plan.things if t.drawn_state})
    if plan.things and (beat.thing != "none" or count == 1):
        place_thing(scene, plan.things[0], beat.thing if beat.thing != "none" else "default")
    return scene


def place_thing(scene: PanelScene, thing: PlannedThing, at: str) -> None:
    """Put a thing in a hand when it is a hand's thing and a hand is free, else where it belongs."""
    if any(p.what == thing.what for p in scene.props) or any(a.holds == thing.what for a in scene.actors):
        return
    wanted = at if at != "default" else thing.where
    if wanted in ("hand", "friend") and (thing.where in ("hand", "ground") or thing.what in HELD_IN_THE_SKY):
        holders = scene.actors[1:] if wanted == "friend" and len(scene.actors) > 1 else scene.actors
        free = [a for a in holders if a.holds is None and a.action not in ("hugging", "falling", "swimming")]
        if free:
            free[0].holds = thing.what
            if free[0].action in ("standing", "looking", "sitting"):
                free[0].action = "holding"
            return
        wanted = "ground"
    lies = ("ground", "sky", "background", "water")
    where = wanted if wanted in lies else (thing.where if thing.where in lies else "ground")  # not 'hand', 'inside'
    scene.props.append(SceneProp(what=thing.what, where=where, state=thing.drawn_state))


def cover_named(plan: ScenePlan, scenes: list[PanelScene], rng: random.Random) -> None:
    """Every character and thing the prompt names is in at least one panel (an event's object counts)."""
    _cover_cast(plan, scenes)
    shown = {e.object for s in scenes for e in s.events if e.object and e.object_at != "gone"}
    shown |= {e.actor for s in scenes for e in s.events if e.actor}  # the tree that grows is drawn growing
    rest = plan.model_copy(update={"things": [t for t in plan.things if t.what not in shown]})
    beats = tuple("setup" if i == 0 else "end" if i == len(scenes) - 1 else "rise" for i in range(len(scenes)))
    _cover_things(rest, scenes, beats, rng)


def _cover_cast(plan: ScenePlan, scenes: list[PanelScene]) -> None:
    """A cast member no beat called in joins the last panels, so everyone is seen at least once."""
    for member in plan.cast:
        if any(a.name == member.name for s in scenes for a in s.actors):
            continue
        for scene in reversed(scenes):
            if len(scene.actors) < 3:
                scene.actors.append(SceneActor(name=member.name, action="waving", mood="happy"))
                break


def _cover_things(plan: ScenePlan, scenes: list[PanelScene], beats: tuple[str, ...], rng: random.Random) -> None:
    """The main thing shows where its beats put it; the others spread over the middle and last panels."""
    order = [i for i, beat in enumerate(beats) if beat in ("turn", "end", "climax", "rise")] or list(range(len(scenes)))
    for number, thing in enumerate(plan.things):
        if any(_shows(scene, thing.what) for scene in scenes):
            continue
        index = order[(number + rng.randrange(len(order))) % len(order)] if len(order) > 1 else order[0]
        place_thing(scenes[index], thing, "default")


def _shows(scene: PanelScene, what: str) -> bool:
    return any(p.what == what for p in scene.props) or any(a.holds == what for a in scene.actors)
