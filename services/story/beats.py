"""From the prompt's events to the comic's beats: one panel each, in story order.

A first panel sets up who, where and the state before the first event; every event is shown in
the panel of its "during" beat, in order, the turn its connective names with it; a last panel
shows the result. More panels unfold the actions' own beats (the bear's yawn before the bite,
the reaction after) and a second look at the main moment; fewer panels drop the ending, then
the setup, then put consecutive events in one panel. A prompt with no event has no beats here:
the stock arcs (`story_shapes.py`) tell it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from services.vocabulary.actions import Step

BeatKind = Literal["setup", "event", "ending"]


class BeatPart(BaseModel):
    event: int = Field(description="Index into the plan's events.")
    step: Step


class Beat(BaseModel):
    """One panel's moment of the story."""

    kind: BeatKind
    parts: list[BeatPart] = Field(default_factory=list, description="The events shown, with their step.")
    first_of: list[int] = Field(default_factory=list, description="Events whose 'during' is told here first.")

    @property
    def events(self) -> list[int]:
        return list(dict.fromkeys(p.event for p in self.parts))


def plan_beats(events: int, panels: int) -> list[Beat]:
    """The beats of a comic of `panels` panels telling `events` events (at least one)."""
    if panels <= events:
        return _merged(events, panels)
    beats: list[Beat] = [Beat(kind="setup", parts=[BeatPart(event=0, step="before")])]
    beats += [_during(i) for i in range(events)]
    if panels >= events + 2:
        beats.append(Beat(kind="ending", parts=[BeatPart(event=events - 1, step="after")]))
    for extra in _unfolding(events, panels - len(beats)):
        _insert(beats, extra)
    return beats[:panels]


def _during(event: int) -> Beat:
    return Beat(kind="event", parts=[BeatPart(event=event, step="during")], first_of=[event])


def _merged(events: int, panels: int) -> list[Beat]:
    """Fewer panels than events and a setup: consecutive events share a panel, in order."""
    beats = []
    for p in range(panels):
        start, end = p * events // panels, (p + 1) * events // panels
        shown = list(range(start, max(end, start + 1)))
        beats.append(Beat(kind="event", parts=[BeatPart(event=i, step="during") for i in shown], first_of=shown))
    return beats


def _unfolding(events: int, room: int) -> list[BeatPart]:
    """The extra beats that fit, most telling first: each later event's build-up, each event's
    aftermath before the next one, a second look at each event; then build-ups, looks and reactions
    in turn for a long comic of few events."""
    candidates = [BeatPart(event=i, step="before") for i in range(1, events)]
    candidates += [BeatPart(event=i, step="after") for i in range(events - 1)]
    if events == 1:
        candidates.insert(0, BeatPart(event=0, step="before"))
    candidates += [BeatPart(event=i, step="during") for i in range(events)]
    cycle = [BeatPart(event=i, step=step) for step in ("after", "before", "during") for i in range(events)]
    while len(candidates) < room:
        candidates.append(cycle[(len(candidates)) % len(cycle)])
    return candidates[:room]


def _insert(beats: list[Beat], part: BeatPart) -> None:
    """Put an extra beat where it belongs: a build-up just before its event's first panel, a second look
    right after the first, an aftermath after the event's last panel."""
    shown = [i for i, b in enumerate(beats) if part.event in b.events and b.kind != "ending"]
    during = [i for i in shown if any(p.step == "during" and p.event == part.event for p in beats[i].parts)]
    if part.step == "before":
        index = during[0] if during else shown[0]
    elif part.step == "during":
        index = during[-1] + 1 if during else shown[-1] + 1
    else:
        index = shown[-1] + 1
    beats.insert(index, Beat(kind="event", parts=[part]))
