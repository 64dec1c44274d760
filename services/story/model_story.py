"""A model's story turned into the studio's own plan: its events and beats staged like the offline ones.

The model answers with events (actor, action from the vocabulary, object, recipient) and, per panel,
the events it shows at which step and its caption (`llm_storyteller.story_schema`). Names are matched
to the reading's cast and things, the beats are staged by the same `beat_scenes`, the descriptions
written from the scenes: the renderer draws a model's story with the same poses, and Brown checks it
against the prompt's own events with the same editor.
"""

from __future__ import annotations

import random
from typing import Any

from services.language.detection import WRITTEN
from services.reading import ScenePlan, StoryEvent
from services.schemas import Panel, Storyboard, StoryboardRequest
from services.story.beat_scenes import beat_scenes
from services.story.beats import Beat, BeatPart
from services.story.elements import seeded_random
from services.story.panel_scenes import cover_named
from services.story.scene_description import describe_scene
from services.story.storyboard_writer import home_for, plan_notices
from services.story.verbs import describe_event

LANGUAGE_NAMES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish"}


def cast_brief(reading: ScenePlan) -> str:
    """What the model must keep: the cast's names (they are the ones drawn), the things, the place, the events read."""
    people = ", ".join(f"{c.name} ({' '.join(w for w in (c.role or '', c.kind) if w)})" for c in reading.cast)
    things = ", ".join(t.what for t in reading.things) or "(none)"
    events = "; ".join(f"{n}. {describe_event(e, reading)}" for n, e in enumerate(reading.events)) or "(none read)"
    brief = (f"The cast is fixed, use these names: {people}. Things: {things}. The place: {reading.setting}.\n"
             f"The prompt's events as Bayko read them: {events}.")
    if reading.prompt_language in WRITTEN and reading.language != reading.prompt_language:
        # The person chose the captions' language: it wins over "the prompt's language" in the task's rules.
        brief += f"\nWrite every caption and the title in {LANGUAGE_NAMES[reading.language]}, not in the prompt's language."
    return brief


def storyboard_from_story(data: dict[str, Any], request: StoryboardRequest, seed: int, reading: ScenePlan) -> Storyboard:
    """The model's events and beats as a storyboard: its captions, the studio's scenes."""
    events = [e for e in (_event(raw, reading) for raw in data["events"]) if e is not None] or list(reading.events)
    plan = reading.model_copy(update={"events": events})
    beats = [_beat(raw, number, len(data["panels"]), len(events)) for number, raw in enumerate(data["panels"])]
    rng = seeded_random("story", request.prompt, seed)
    scenes = beat_scenes(plan, beats, rng, home_for(plan)) if events else []
    if scenes:
        cover_named(plan, scenes, random.Random(seed))
    panels = [Panel(index=i, subtitle=raw["caption"].strip(), scene=scenes[i] if scenes else None,
                    description=describe_scene(scenes[i], plan, request.prompt, variant=i) if scenes else
                    raw["caption"].strip())
              for i, raw in enumerate(data["panels"])]
    return Storyboard(title=data["title"].strip(), setting=plan.setting, mood=plan.mood,
                      cast=[c.as_cast() for c in plan.cast], panels=panels, notices=plan_notices(plan))


def _event(raw: dict[str, Any], reading: ScenePlan) -> StoryEvent | None:
    actor = _cast_name(raw["actor"], reading) or _thing(raw["actor"], reading)
    if actor is None:
        return None
    obj = raw.get("object")
    recipient = raw.get("recipient")
    return StoryEvent(action=raw["action"], actors=[actor],
                      object=(_cast_name(obj, reading) or _thing(obj, reading)) if obj else None,
                      recipient=_cast_name(recipient, reading) if recipient else None, words="(the model's)")


def _cast_name(said: str | None, reading: ScenePlan) -> str | None:
    """A cast member the model named: by name, or by kind or role ('the robot')."""
    if not said:
        return None
    word = said.strip().lower().removeprefix("the ")
    for member in reading.cast:
        if word in {member.name.lower(), member.kind, (member.role or "").lower(), member.noun.lower(),
                    *(w.lower() for w in member.words)}:
            return member.name
    return None


def _thing(said: str | None, reading: ScenePlan) -> str | None:
    if not said:
        return None
    word = said.strip().lower().removeprefix("the ")
    found = next((t.what for t in reading.things if word in {t.what, *(w.lower() for w in t.words)}), None)
    return found or (word if word in {"wind", "rain", "snow", "storm", "fog"} else None)


def _beat(raw: dict[str, Any], number: int, count: int, events: int) -> Beat:
    shown = [i for i in raw.get("events", []) if 0 <= i < events] or [min(number * events // max(count, 1),
                                                                            max(events - 1, 0))]
    step = raw.get("step", "during")
    kind = "setup" if number == 0 and step == "before" else "ending" if number == count - 1 and step == "after" \
        else "event"
    return Beat(kind=kind, parts=[BeatPart(event=i, step=step) for i in shown],
                first_of=shown if step == "during" else [])
