"""Bayko applies a follow-up's changes to the comic's current version: the next version, and what to redraw.

Every change works on the version's own makings (`ComicDraft`: the reading, the
cast with its character sheet, each panel's scene and caption), never on the
prompt again, so what the person changed before stays changed. Only the panels
whose picture changes are redrawn; a caption or a name changes the record and
keeps the picture.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from services.follow_up import (
    AddCharacter,
    AddPanels,
    AddThing,
    Change,
    ChangeKind,
    ChangeLook,
    PanelEvents,
    Redraw,
    RemoveCharacter,
    RemoveThing,
    Rename,
    SetCaption,
    SetLayout,
    SetPlace,
    SetStyle,
    SetTime,
    SetWeather,
)
from services.reading import PlannedCharacter, PlannedThing, ScenePlan, StoryEvent
from services.schemas import PANELS_MAX, CastMember, Panel, PanelScene, SceneActor
from services.story.character_sheet import decide_looks
from services.story.elements import seeded_random
from services.story.roles import fresh_name
from services.story.scene_description import describe_scene
from services.story.storyboard_writer import MAX_ACTORS, add_to_scene, home_for, show_event

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


class ComicDraft(BaseModel):
    """One version's makings: what Bayko changes and draws from."""

    prompt: str
    seed: int
    memories: list[str] = Field(default_factory=list)
    reading: ScenePlan
    cast: list[CastMember]
    panels: list[Panel]
    style: str
    layout: str
    facts: list[str] = Field(default_factory=list)


class Applied(BaseModel):
    """The next version's makings, the panels to draw anew, and what was done, in Brown's words."""

    draft: ComicDraft
    redraw: list[int]
    said: list[str]


def apply_changes(draft: ComicDraft, changes: list[Change]) -> Applied:
    draft = draft.model_copy(deep=True)
    redraw: set[int] = set()
    said: list[str] = []
    for change in changes:
        touched, line = _apply(draft, change)
        redraw |= touched
        said.append(line)
    for index in sorted(redraw):
        panel = draft.panels[index]
        if panel.scene is not None:
            panel.description = describe_scene(panel.scene, draft.reading, draft.prompt, variant=index)
    return Applied(draft=draft, redraw=sorted(redraw), said=said)


def _apply(draft: ComicDraft, change: Change) -> tuple[set[int], str]:
    if isinstance(change, SetTime):
        changed = _set_scene(draft, change.panels, time=change.time)
        return changed, _it_is(change.time) if changed else f"It is {change.time} there already"
    if isinstance(change, SetWeather):
        changed = _set_scene(draft, change.panels, weather=change.weather)
        return changed, _it_is(change.weather) if changed else f"The weather is {change.weather} there already"
    if isinstance(change, SetPlace):
        return _move(draft, change), f"Off to {change.phrase or change.setting}"
    if isinstance(change, ChangeLook):
        return _relook(draft, change), _look_said(change.fact)
    if isinstance(change, ChangeKind):
        return _rekind(draft, change), f"{change.name} is a {change.new_kind} now"
    if isinstance(change, Rename):
        _rename(draft, change.name, change.new_name)
        return set(), f"{change.name} is called {change.new_name} now"
    if isinstance(change, AddCharacter):
        return _add_character(draft, change)
    if isinstance(change, RemoveCharacter):
        return _remove_character(draft, change.name), f"{change.name} leaves the comic"
    if isinstance(change, AddThing):
        changed = _add_thing(draft, change.what)
        return changed, f"I added {_a(change.what)}" if changed else f"The {change.what} is there already"
    if isinstance(change, RemoveThing):
        changed = _remove_thing(draft, change.what)
        return changed, f"The {change.what} is gone" if changed else f"There was no {change.what} to take away"
    if isinstance(change, PanelEvents):
        before = draft.panels[change.panel].scene
        _show_events(draft, change.panel, change.events, change.things)
        _keep_onlookers(draft.panels[change.panel], before)
        return {change.panel}, f"Panel {change.panel + 1}: {_told(change.events)}"
    if isinstance(change, Redraw):
        indexes = change.panels or list(range(len(draft.panels)))
        for index in indexes:
            draft.panels[index].take += 1
        return set(indexes), "Another take"
    if isinstance(change, SetCaption):
        draft.panels[change.panel].subtitle = change.text
        return set(), f"Panel {change.panel + 1} has your caption"
    if isinstance(change, SetStyle):
        draft.style = change.style
        return set(range(len(draft.panels))), f"In the {change.style.replace('_', ' ')} style now"
    if isinstance(change, SetLayout):
        draft.layout = change.layout
        return set(), f"Laid out as {change.layout.replace('_', ' ')} now"
    return _add_panels(draft, change)


def _it_is(value: str) -> str:
    return "Clear skies" if value == "clear" else f"{value[:1].upper()}{value[1:]} it is"


def _look_said(fact: str) -> str:
    return f"{fact} now"


def _told(events: list[StoryEvent]) -> str:
    """'Pepper laughs', from the names and the person's own words for the action."""
    return " and ".join(" and ".join(e.actors) + (f" {e.words}" if e.words else f" ({e.action})") for e in events)


def _a(what: str) -> str:
    return f"{'an' if what[:1].lower() in 'aeiou' else 'a'} {what}"


def _appears(panel: Panel, name: str) -> bool:
    return panel.scene is not None and any(a.name == name for a in panel.scene.actors)


def _set_scene(draft: ComicDraft, panels: list[int], **fields: str) -> set[int]:
    indexes = panels or list(range(len(draft.panels)))
    changed = set()
    for index in indexes:
        scene = draft.panels[index].scene
        if scene is not None and any(getattr(scene, key) != value for key, value in fields.items()):
            draft.panels[index].scene = scene.model_copy(update=fields)
            changed.add(index)
    if not panels:
        draft.reading = draft.reading.model_copy(update=fields)
    return changed


def _move(draft: ComicDraft, place: SetPlace) -> set[int]:
    old = [draft.reading.in_place, draft.reading.setting_phrase]
    new = [place.in_place, place.phrase]
    for panel in draft.panels:
        if panel.scene is not None:
            panel.scene = panel.scene.model_copy(update={"setting": place.setting, "landmarks": list(place.landmarks),
                                                         "place_state": None})
        for before, after in zip(old, new):
            if before and after:
                panel.subtitle = re.sub(re.escape(before), after, panel.subtitle, flags=re.IGNORECASE)
    _move_reading(draft, place)
    draft.reading = draft.reading.model_copy(update={"place_state": None, "place_named": True})
    return set(range(len(draft.panels)))


def _relook(draft: ComicDraft, change: ChangeLook) -> set[int]:
    draft.facts.append(change.fact)
    _redecide(draft, change.name)
    return {p.index for p in draft.panels if _appears(p, change.name)}


def _redecide(draft: ComicDraft, name: str) -> None:
    """The member's sheet drawn up again: the prompt, then the memories and every follow-up fact over it."""
    draft.cast = [decide_looks([m.model_copy(update={"look": None})], draft.prompt, [*draft.memories, *draft.facts],
                               draft.seed)[0] if m.name == name else m for m in draft.cast]


def _rekind(draft: ComicDraft, change: ChangeKind) -> set[int]:
    member = draft.reading.member(change.name)
    if member is not None:
        for word in {member.noun, *member.words} - {"", change.noun}:
            for panel in draft.panels:
                panel.subtitle = re.sub(rf"(?<!\w){re.escape(word)}(?!\w)", change.noun or change.new_kind,
                                        panel.subtitle)
        member.kind, member.noun, member.concept = change.new_kind, change.noun or change.new_kind, None
        member.words = [change.noun or change.new_kind]
    draft.cast = [m.model_copy(update={"kind": change.new_kind, "role": None}) if m.name == change.name else m
                  for m in draft.cast]
    _redecide(draft, change.name)
    return {p.index for p in draft.panels if _appears(p, change.name)}


def _rename(draft: ComicDraft, old: str, new: str) -> None:
    def swap(value: str | None) -> str | None:
        return new if value == old else value

    member = draft.reading.member(old)
    if member is not None:
        member.name = new
    draft.cast = [m.model_copy(update={"name": new}) if m.name == old else m for m in draft.cast]
    draft.facts = [re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, fact) for fact in draft.facts]
    draft.reading.events = [e.model_copy(update={"actors": [new if a == old else a for a in e.actors],
                                                 "object": swap(e.object), "recipient": swap(e.recipient)})
                            for e in draft.reading.events]
    for panel in draft.panels:
        panel.subtitle = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, panel.subtitle)
        panel.description = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, panel.description)
        if panel.scene is not None:
            scene = panel.scene
            scene.actors = [a.model_copy(update={"name": new}) if a.name == old else a for a in scene.actors]
            scene.events = [e.model_copy(update={"actor": swap(e.actor), "object": swap(e.object),
                                                 "recipient": swap(e.recipient)}) for e in scene.events]


def _add_character(draft: ComicDraft, change: AddCharacter) -> tuple[set[int], str]:
    rng = seeded_random("newcomer", draft.prompt, draft.seed, len(draft.cast))
    name = fresh_name(change.character_kind, None, "", draft.reading.language, rng, {m.name for m in draft.cast})
    noun = change.noun or change.character_kind
    newcomer = PlannedCharacter(name=name, kind=change.character_kind, noun=change.character_kind, words=[noun])
    draft.reading.cast.append(newcomer)
    draft.cast.append(newcomer.as_cast())
    _redecide(draft, name)
    changed = set()
    for panel in draft.panels:
        if panel.scene is not None and len(panel.scene.actors) < MAX_ACTORS:
            panel.scene.actors.append(SceneActor(name=name, action="waving" if panel.index == 0 else "standing",
                                                 mood="happy"))
            changed.add(panel.index)
    where = "every panel" if len(changed) == len(draft.panels) else _panel_list(sorted(changed))
    return changed, f"{newcomer.label} joins {where}" if changed else f"{newcomer.label} joins, but no panel has room"


def _remove_character(draft: ComicDraft, name: str) -> set[int]:
    draft.reading.cast = [m for m in draft.reading.cast if m.name != name]
    draft.cast = [m for m in draft.cast if m.name != name]
    draft.reading.events = [e for e in draft.reading.events if name not in e.actors]
    changed = set()
    for panel in draft.panels:
        if _appears(panel, name) or (panel.scene and any(name in (e.object, e.recipient) for e in panel.scene.events)):
            assert panel.scene is not None
            panel.scene.actors = [a for a in panel.scene.actors if a.name != name]
            panel.scene.events = [e for e in panel.scene.events if name not in (e.actor, e.object, e.recipient)]
            changed.add(panel.index)
        panel.subtitle = _without_sentences_naming(panel.subtitle, name) or _place_line(draft.reading)
    return changed


def _without_sentences_naming(caption: str, name: str) -> str:
    sentences = re.split(r"(?<=[.!?…])\s+", caption)
    return " ".join(s for s in sentences if not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", s)).strip()


def _place_line(reading: ScenePlan) -> str:
    place = reading.in_place or reading.setting_phrase or reading.setting
    return f"{place[:1].upper()}{place[1:]}."


def _add_thing(draft: ComicDraft, what: str) -> set[int]:
    changed = set()
    cast = draft.cast
    for panel in draft.panels:
        if panel.scene is not None and add_to_scene(panel.scene, what, draft.reading, cast):
            changed.add(panel.index)
    draft.cast = cast
    if all(t.what != what for t in draft.reading.things):
        draft.reading.things.append(PlannedThing(what=what, words=[what]))
    return changed


def _remove_thing(draft: ComicDraft, what: str) -> set[int]:
    draft.reading.things = [t for t in draft.reading.things if t.what != what]
    changed = set()
    for panel in draft.panels:
        scene = panel.scene
        if scene is None:
            continue
        before = scene.model_copy(deep=True)
        scene.props = [p for p in scene.props if p.what != what]
        scene.actors = [a.model_copy(update={"holds": None}) if a.holds == what else a for a in scene.actors]
        scene.events = [e.model_copy(update={"object": None, "object_at": None}) if e.object == what else e
                        for e in scene.events]
        scene.landmarks = [landmark for landmark in scene.landmarks if landmark != what]
        scene.thing_states.pop(what, None)
        if scene != before:
            changed.add(panel.index)
    return changed


def _show_events(draft: ComicDraft, index: int, events: list[StoryEvent], things: list[PlannedThing]) -> str:
    """One panel redrawn to show the events, with a caption that tells them."""
    for thing in things:
        if all(t.what != thing.what for t in draft.reading.things):
            draft.reading.things.append(thing)
    start = len(draft.reading.events)
    plan = draft.reading.model_copy(update={"events": [*draft.reading.events, *events]})
    panel = draft.panels[index]
    scene = panel.scene or PanelScene(setting=plan.setting, time=plan.time, weather=plan.weather)
    rng = seeded_random("follow-up", draft.prompt, draft.seed, index, panel.take, len(draft.facts))
    lines = []
    for number in range(start, start + len(events)):
        scene, line = show_event(plan, number, scene, "", rng, home_for(plan),
                                 [p.subtitle for p in draft.panels[:index]])
        lines.append(line)
    panel.scene = scene
    panel.subtitle = " ".join(lines)
    return panel.subtitle


def _keep_onlookers(panel: Panel, before: PanelScene | None) -> None:
    """Who was in the panel and takes no part in its new events stays, watching (the cat still sees the dog
    laugh), as far as the panel has room."""
    if before is None or panel.scene is None:
        return
    present = {a.name for a in panel.scene.actors}
    for actor in before.actors:
        if actor.name not in present and len(panel.scene.actors) < MAX_ACTORS:
            panel.scene.actors.append(SceneActor(name=actor.name, action="looking", mood=actor.mood))


def _add_panels(draft: ComicDraft, change: AddPanels) -> tuple[set[int], str]:
    room = PANELS_MAX - len(draft.panels)
    if room <= 0:
        return set(), f"A comic holds at most {PANELS_MAX} panels, so I added none"
    if change.place is not None:
        _move_reading(draft, change.place)
    events = change.events or [StoryEvent(action="walk", actors=[m.name for m in draft.reading.cast][:MAX_ACTORS],
                                          place=change.place.setting if change.place else None)]
    added = []
    for event in events[:room]:
        last = draft.panels[-1]
        scene = (last.scene or PanelScene(setting=draft.reading.setting)).model_copy(deep=True)
        if change.place is not None:
            scene = scene.model_copy(update={"setting": change.place.setting,
                                             "landmarks": list(change.place.landmarks), "place_state": None})
        panel = Panel(index=len(draft.panels), description="", subtitle="", scene=scene)
        draft.panels.append(panel)
        _show_events(draft, panel.index, [event], change.things)
        added.append(panel.index)
    count = NUMBER_WORDS[len(added)] if len(added) < len(NUMBER_WORDS) else str(len(added))
    return set(added), f"{count.capitalize()} more panel{'s' if len(added) > 1 else ''} at the end"


def _move_reading(draft: ComicDraft, place: SetPlace) -> None:
    """The reading's place, where later beats and captions look for it."""
    draft.reading = draft.reading.model_copy(update={
        "setting": place.setting, "landmarks": list(place.landmarks), "setting_phrase": place.phrase or place.setting,
        "in_place": place.in_place or place.setting})


def _panel_list(indexes: list[int]) -> str:
    numbers = [str(i + 1) for i in indexes]
    if len(numbers) == 1:
        return f"panel {numbers[0]}"
    return f"panels {', '.join(numbers[:-1])} and {numbers[-1]}"


def redraw_said(redraw: list[int], panels: int) -> str:
    """'I asked Bayko to redraw all four panels', '… panel 2', '… panels 1 and 3'."""
    if len(redraw) == panels and panels <= 2:
        return "I asked Bayko to redraw both panels" if panels == 2 else "I asked Bayko to redraw the panel"
    if len(redraw) == panels:
        return f"I asked Bayko to redraw all {NUMBER_WORDS[panels] if panels < len(NUMBER_WORDS) else panels} panels"
    return f"I asked Bayko to redraw {_panel_list(redraw)}"
