"""What an action is done with when the prompt only implies it: a pianist plays the piano, 'skateboards' rides a
skateboard. Read after the events, so the thing is drawn and named in the captions like any other."""

from __future__ import annotations

from services import vocabulary
from services.reading import PlannedCharacter, PlannedThing, StoryEvent
from services.story.event_roles import RIDES
from services.story.translation import noun_phrase
from services.vocabulary.actions import action as vocabulary_action


def played_by_role(cast: list[PlannedCharacter], things: list[PlannedThing], events: list[StoryEvent],
                   language: str) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """'un pianiste joue': what a musician plays, unsaid, is their own instrument (the pianist's piano, never the
    pose's guitar), and 'le clavier' a cat then sleeps on is that piano's keyboard."""
    for i, event in enumerate(events):
        objects = vocabulary_action(event.action).objects
        member = next((c for c in cast if c.name in event.actors and c.role), None)
        entry = (vocabulary.entry(member.role) or vocabulary.lookup(member.role)) if member and member.role else None
        tool = entry.holds if entry is not None else None
        if event.object is not None or tool is None or tool not in objects:
            continue
        events[i] = event.model_copy(update={"object": tool})
        if any(t.what == tool for t in things):
            continue
        keys = next((t for t in things if t.what == "keyboard"), None) if tool == "piano" else None
        if keys is not None:  # the keys are the piano's: one thing, called the piano
            things = [keys.model_copy(update={"what": tool}) if t is keys else t for t in things]
            events = [e.model_copy(update={"object": tool}) if e.object == "keyboard" else e for e in events]
        else:
            things = _with(things, tool, language)
    return things, events


def ridden_by_verb(things: list[PlannedThing], events: list[StoryEvent],
                   language: str) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """'skateboards along the beach', 'skis down the mountain', 'fait du vélo': the verb names what is ridden, so
    the rider stands on the skateboard, never rides the beach."""
    for i, event in enumerate(events):
        if event.action != "ride" or event.object in RIDES:
            continue
        said = event.words.split()[:1]
        entry = vocabulary.lookup(said[0], language) if said else None
        if entry is None or entry.noun not in RIDES:
            continue
        events[i] = event.model_copy(update={"object": entry.noun})
        things = _with(things, entry.noun, language)
    return things, events


def _with(things: list[PlannedThing], what: str, language: str) -> list[PlannedThing]:
    """The things, with `what` added (held) when it is not among them."""
    if any(t.what == what for t in things):
        return things
    return [*things, PlannedThing(what=what, where="hand", phrase=noun_phrase(what, language))]
