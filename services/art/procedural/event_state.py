"""One panel's events being drawn: what the passes of `event_painter` share.

The cast is drawn in passes (what goes under it, the cast, the objects, the devices, the record);
each pass reads and adds to one `Stage`: the events resolved, the members drawn so far, where each
event's object went and which events are in the picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from services.art.procedural.canvas import Canvas
from services.art.procedural.cast_painter import Member
from services.art.procedural.characters import Anchor
from services.art.procedural.event_plan import Happening
from services.art.procedural.figures import Box, Figure
from services.art.procedural.looks import Look
from services.art.procedural.object_places import Where
from services.art.procedural.plan_painter import Plan
from services.art.procedural.staging import Placement
from services.schemas import DrawnItem


@dataclass
class Stage:
    """One panel's drawing in progress."""

    c: Canvas
    plan: Plan
    looks: list[Look]
    poses: list[str]
    posed: list[bool]
    where: Where
    drawn: list[DrawnItem]
    happenings: list[Happening] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    boxes: dict[int, Box | None] = field(default_factory=dict)  # event -> where its object was drawn
    placed: set[int] = field(default_factory=set)  # events whose object is in the picture (or needs none)
    things: dict[str, Figure] = field(default_factory=dict)  # thing actors drawn
    lit: bool = False  # the spotlight is on (drawn before the cast)
    behind: int | None = None  # the actor seen over the shoulder, in the foreground (a discovery)


def provisional(place: Placement, look: Look) -> Figure:
    """Where someone will stand before it is drawn (for what goes under or behind it)."""
    s, x, g, f = place.scale * look.scale, place.x, place.ground, place.facing
    anchor = Anchor(head=(x, g - 70 * s), head_r=24 * s, hand=(x + f * 30 * s, g - 40 * s), feet=(x, g), scale=s,
                    facing=f, mouth=(x + f * 5 * s, g - 60 * s))
    return Figure(anchor, (x - 22 * s, g - 94 * s, x + 22 * s, g))
