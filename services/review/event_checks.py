"""Does what the prompt says happens, happen? Brown's check of the events, panel by panel.

An event is shown in a panel when the panel's `drawn` record has the action (`role: "action"`)
by one of its actors, with its object, and told when the panel's caption names the action's verb
(read the way the prompt was, `story/verbs.py`) and one of the people or things it happens to.
Every event must be shown and told in one panel, in the story's order. A missing event is noted on
the panel its storyboard planned it in (or the quietest), naming the event; one shown before the
event it follows is noted as out of order. When no panel records actions (a renderer that keeps no
record), only the captions are checked, and the report says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, Field

from services.reading import ScenePlan, StoryEvent
from services.review.simple_evaluator import SimpleEvaluator
from services.schemas import CastMember, DrawnItem, Panel, PanelNote
from services.story.verbs import describe_event, told

OUT_OF_ORDER = " (out of order)"  # how a missing event that was shown too early is named


class EventReport(BaseModel):
    drawn_checked: bool = Field(description="False when no panel recorded an action.")
    found: list[str] = Field(default_factory=list, description="Events shown and told, in words.")
    missing: list[str] = Field(default_factory=list, description="Events not shown and told, in words.")
    notes: list[PanelNote] = Field(default_factory=list)
    shown_in: list[int | None] = Field(default_factory=list, description="Per event, the first panel showing it.")


def check_events(reading: ScenePlan | None, panels: Sequence[Panel], cast: Sequence[CastMember],
                 at_bound: bool = False) -> EventReport:
    """Each of the reading's events against the panels' drawn records and captions. In a comic `at_bound`
    (it draws as many things as a comic may) a missing event one of whose people or things is drawn nowhere
    is missing but not asked for: showing it would replace a thing drawn, and the events that thing is in."""
    if reading is None or not reading.events or not panels:
        return EventReport(drawn_checked=False)
    checked = any(item.role == "action" for panel in panels for item in panel.drawn)
    report = EventReport(drawn_checked=checked)
    latest = -1
    for number, event in enumerate(reading.events):
        words = describe_event(event, reading)
        shown = [p.index for p in panels if told(event, reading, p.subtitle) and (not checked or drawn(event, reading, cast, p.drawn))]
        in_order = [i for i in shown if i >= latest]
        if in_order:
            report.found.append(words)
            report.shown_in.append(in_order[0])
            latest = in_order[0]
            continue
        report.shown_in.append(None)
        if shown:
            report.missing.append(f"{words}{OUT_OF_ORDER}")
            report.notes.append(PanelNote(index=_planned_panel(event, panels, latest), events=[number],
                                          reason=f"{words} comes too early: it must follow the event before it"))
            continue
        report.missing.append(words)
        if at_bound and not _all_drawn(event, reading, cast, panels):
            continue
        told_somewhere = any(told(event, reading, p.subtitle) for p in panels)
        drawn_somewhere = not checked or any(drawn(event, reading, cast, p.drawn) for p in panels)
        why = ("not drawn" if told_somewhere else "not told in a caption" if drawn_somewhere
               else "neither drawn nor told")
        report.notes.append(PanelNote(index=_planned_panel(event, panels, latest), events=[number],
                                      reason=f"{words}: {why}"))
    return report


def drawn(event: StoryEvent, reading: ScenePlan, cast: Sequence[CastMember], items: Sequence[DrawnItem]) -> bool:
    """The panel's record has the action, by one of its actors, with its object."""
    by = {name for n in event.actors for name in _drawn_names(n, reading, cast)}
    obj = _drawn_names(event.object, reading, cast) if event.object else set()
    return any(item.role == "action" and item.what == event.action and item.by in by
               and (not obj or item.object in obj) for item in items)


def _all_drawn(event: StoryEvent, reading: ScenePlan, cast: Sequence[CastMember], panels: Sequence[Panel]) -> bool:
    """Every actor of the event and its object is drawn in some panel of the comic."""
    drawn_things = {item.what for panel in panels for item in panel.drawn}
    return all(_drawn_names(name, reading, cast) & drawn_things
               for name in [*event.actors, *([event.object] if event.object else [])])


def _drawn_names(name: str, reading: ScenePlan, cast: Sequence[CastMember]) -> set[str]:
    """How the renderer may record a character (its role, or its kind: a kangaroo postman drawn as a kangaroo)
    or a thing (its noun)."""
    member = next((m for m in cast if m.name == name), None)
    planned = reading.member(name)
    names = {n for n in (member.role, member.kind) if n} if member else set()
    if planned is not None:
        names |= {n for n in (planned.concept, planned.role, planned.kind) if n}
    return names or {name}


def _planned_panel(event: StoryEvent, panels: Sequence[Panel], after: int) -> int:
    """The panel whose scene plans this event, else the first quiet one after the last event shown."""
    planned = [p.index for p in panels if p.scene and any(e.step == "during" and e.action == event.action
                                                          for e in p.scene.events)]
    later = [i for i in planned if i > after] or planned
    if later:
        return later[0]
    rest = [p for p in panels if p.index > after] or list(panels)
    return min(rest, key=lambda p: (len(p.drawn), p.index)).index


def approved_short(attempt: int) -> str:
    """How an approval that still lacks an event begins: at the limit, or earlier when nothing more could change."""
    if attempt >= SimpleEvaluator.MAX_ATTEMPTS:
        return "Approved at the attempt limit"
    return f"Approved at attempt {attempt}, as nothing more could change"
