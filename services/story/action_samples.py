"""A one-event story for each action of the vocabulary, staged by the story planner.

What `benchmarks/action_sheet.py` draws (the sheet of every action) and `tests/test_every_action.py`
checks: for each action, the plan a prompt telling only that action would be read into (a standard
cast, its usual object, the child as its recipient), and the panel of its 'during' beat as the
storyboard writer stages a three-panel comic of it. Kept in one place so the sheet shows what the
test measures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from services.reading import PlannedCharacter, PlannedThing, ScenePlan, StoryEvent
from services.schemas import PanelScene
from services.story.beat_scenes import beat_scenes
from services.story.beats import plan_beats
from services.story.panel_scenes import cover_named
from services.story.scene_plan import NIGHT_THINGS, natural_place
from services.vocabulary.actions import vocabulary

# The standard cast: a grown-up acts, a child is whom it is done to; the creatures the story reader makes cast
# members of when a prompt names them (a cat chased, a monster escaped, a spider feared, a frog turned into).
CAST = {c.name: c for c in (
    PlannedCharacter(name="Ada", kind="person", noun="woman"), PlannedCharacter(name="Tom", kind="child", noun="boy"),
    PlannedCharacter(name="Mia", kind="cat", noun="cat"), PlannedCharacter(name="Frosty", kind="snowman", noun="snowman"),
    PlannedCharacter(name="Grumble", kind="monster", noun="monster"),
    PlannedCharacter(name="Webster", kind="spider", noun="spider"),
    PlannedCharacter(name="Ribbit", kind="frog", noun="frog"))}
ACTOR, RECIPIENT = "Ada", "Tom"


@dataclass(frozen=True)
class Case:
    """One action's story: who does it (a cast name or a thing's noun), to what, for whom, where."""

    object: str | None = None  # a thing's noun or a cast name; None: the action's own usual object, if any
    recipient: str | None = None  # None: the child, when the action takes a recipient
    actor: str = ACTOR
    setting: str = "park"


# What a prompt would name for actions whose vocabulary entry lists no usual object (`Action.objects`), as the
# story reader reads it (`build_plan`): "a girl races a boy" and "escapes the monster" make the boy and the monster
# cast members and the event's object; and the actors and places some actions need (a snowman melts, the wind
# blows, fish are caught at a pond).
CASES: dict[str, Case] = {
    "eat": Case("sandwich"), "drink": Case("juice"), "chase": Case("Mia"), "ride": Case("bicycle"),
    "climb": Case("tree"), "carry": Case("box"), "lift": Case("rock"), "push": Case("car"), "pull": Case("cart"),
    "throw": Case("ball"), "catch": Case("ball"), "drop": Case("cup"), "give": Case("gift"), "feed": Case("bread"),
    "steal": Case("purse"),
    "take": Case("apple"), "hide": Case("bone"), "bury": Case("chest"), "find": Case("treasure"), "lose": Case("key"),
    "search": Case("key"), "build": Case("house"), "paint": Case("painting"), "cook": Case("egg", setting="kitchen"),
    "read": Case("book"), "write": Case("letter"), "teach": Case("book"), "learn": Case("book"),
    "fish": Case("fish", setting="pond"), "plant": Case("flower"), "share": Case("cake"), "fear": Case("Webster"),
    "fix": Case("bicycle"), "open": Case("door"), "break": Case("vase"), "transform": Case("Ribbit"),
    "melt": Case(actor="Frosty"), "wish": Case("star"), "forget": Case("umbrella"), "watch": Case("fireworks"),
    "escape": Case("Grumble"), "explore": Case("castle"), "dig": Case("hole"), "clean": Case("car"),
    "deliver": Case("package"), "win": Case("trophy"), "blow_away": Case("hat", actor="wind"),
    "stop": Case(actor="rain"), "wait": Case("bus"), "swim": Case(setting="beach"), "race": Case("Tom"),
    "follow": Case("Mia"), "burn": Case("cake", setting="kitchen"), "water": Case("flower"),
    "photograph": Case("castle"), "juggle": Case("ball", setting="fair"), "sneeze": Case("Tom"),
}


def case_for(name: str) -> Case:
    """The action's case with its defaults filled in: its usual object, the child as its recipient."""
    act = vocabulary().actions[name]
    case = CASES.get(name, Case())
    obj = case.object or (act.objects[0] if act.objects else None)
    recipient = case.recipient or (RECIPIENT if "recipient" in act.roles else None)
    return Case(obj, recipient, case.actor, case.setting)


def plan_for(name: str) -> ScenePlan:
    """The plan a prompt telling this one action would read into: its cast, its thing, its one event."""
    case = case_for(name)
    # A thing that acts (the wind) is seen acting on someone: the story has a person in it.
    names = [n for n in dict.fromkeys((case.actor, case.recipient, case.object)) if n in CAST] or [ACTOR]
    things = [] if case.object is None or case.object in CAST else [
        PlannedThing(what=case.object, words=[case.object], where=natural_place(case.object, True))]
    event = StoryEvent(action=name, actors=[case.actor], object=case.object, recipient=case.recipient, words=name)
    night = case.object in NIGHT_THINGS  # as `build_plan` reads it: fireworks are watched after dark
    return ScenePlan(prompt_language="en", language="en", cast=[CAST[n] for n in names], things=things,
                     setting=case.setting, setting_phrase=f"the {case.setting}", in_place=f"in the {case.setting}",
                     time="night" if night else "day", events=[event])


def during_scene(name: str) -> tuple[ScenePlan, PanelScene]:
    """The action's 'during' panel, staged as the storyboard writer stages a three-panel comic of it."""
    plan = plan_for(name)
    rng = random.Random(f"every action: {name}")  # one seed per action
    scenes = beat_scenes(plan, plan_beats(1, 3), rng, case_for(name).setting)
    cover_named(plan, scenes, rng)
    return plan, scenes[1]
