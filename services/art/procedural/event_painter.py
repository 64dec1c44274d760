"""What happens in a panel, drawn: the cast in their poses, each event's object at its place, the devices.

The plan's actors act out the scene's events (`PanelScene.events`). In four passes: what goes
under or behind someone (the bicycle under its rider, the tree a climber climbs, a sleeper's
pillow); the cast, posed and blocked for the events (a hug closes the gap, a chase runs one
way), with what their hands hold, and anyone carried lifted onto whoever carries them; the
events' objects at their places (at the mouth, overhead, thrown in an arc to the catcher...);
the comic devices of poses, moods and the scene's effects. An event is recorded as an action
only when its actor was drawn in its pose and its object at its place: the record is the picture.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

from services.art.procedural import blocking, cast_painter, device_painter, devices, event_plan, object_places
from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import body_for
from services.art.procedural.cast_painter import Casting, Member
from services.art.procedural.characters import Anchor
from services.art.procedural.event_plan import Happening
from services.art.procedural.figure import pose_for
from services.art.procedural.figures import Box, Figure
from services.art.procedural.looks import Look
from services.art.procedural.object_places import IN_HAND, Thing, Where, bush
from services.art.procedural.palettes import Light
from services.art.procedural.pictogram_acting import half_width, height_of
from services.art.procedural.plan_painter import Plan
from services.art.procedural.staging import Placement
from services.art.procedural.states import paste_thing
from services.art.procedural.water import Water
from services.schemas import DrawnItem, PanelScene, SceneProp

LYING = ("sleeping", "lying")
LYING_GROUND = 960.0  # someone lying down lies here at the lowest, or the frame cuts them in half
CLIMBED = ("front", "under", "beside", "ahead", "ground", "hand")  # a climber's object is what it climbs
COVERS = ("front", "hidden", "beside", "ground", "hand")  # a hider's object is what it hides behind
SKY_THINGS = ("sun", "moon", "cloud", "wind", "storm", "rain", "lightning", "star", "rainbow", "snow", "tornado")
PILLOW = (250, 250, 246)
BLANKET = (120, 150, 220)


@dataclass
class Painted:
    """What the cast pass leaves for the rest of the panel: anchors for props, the nouns already drawn,
    the things set down beside busy hands."""

    anchors: list[Anchor]
    held: set[str]
    set_down: list[SceneProp] = field(default_factory=list)


@dataclass
class _State:
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


def paint(c: Canvas, scene: PanelScene, plan: Plan, looks: list[Look], places: list[Placement], poses: list[str],
          posed: list[bool], phase: int, light: Light, water: Water | None, rng: random.Random,
          drawn: list[DrawnItem]) -> Painted:
    """Draw the cast acting out the scene's events; record the cast, their props, the events and devices."""
    st = _State(c, plan, looks, poses, posed, Where(rng, light, water, horizon=view_for(plan.scene.shot, 0).horizon),
                drawn)
    st.happenings = event_plan.resolve(scene, [pa.member.name for pa in plan.actors])
    bodies, reaches, units = _sizes(plan, looks, places, poses)
    places, carried, spacing = blocking.block(places, st.happenings, poses, bodies, units)
    free = [i for i in range(len(places)) if i not in carried]
    fitted, zoom = blocking.fit([places[i] for i in free], [reaches[i] for i in free],
                                {frozenset(free.index(j) for j in pair): d for pair, d in spacing.items()
                                 if pair <= set(free)})
    for i, p in zip(free, fitted):
        places[i] = p
    for i in carried:
        places[i] = replace(places[i], scale=places[i].scale * zoom)
    places = [replace(p, ground=min(p.ground, LYING_GROUND)) if pose_for(poses[i], 0).lying and i not in carried
              else p for i, p in enumerate(places)]  # the whole sleeper in the frame
    places = [_towards_water(p, water) if poses[i] == "fishing" else p for i, p in enumerate(places)]
    grounds, skip_tool = _underneath(st, places)
    _spotlight(st, scene, places)
    set_down: list[SceneProp] = []
    order = [i for i in range(len(plan.actors)) if i not in carried] + list(carried)
    for i in order:
        place = replace(places[i], ground=grounds[i]) if i in grounds else places[i]
        if i in carried:
            place = _lifted(st, i, carried[i], place)
        hand = next(((k, h) for k, h in enumerate(st.happenings) if h.actor == i and h.at in IN_HAND
                     and h.object is not None and h.draws_object and k not in st.placed), None)
        actor = plan.actors[i].actor
        holds = actor.props[0] if actor.props else None
        if holds and holds in event_plan.objects_of(st.happenings):
            holds = None  # the event draws it
        casting = Casting(i, plan.actors[i].member, plan.actors[i].code, looks[i], place, poses[i], actor.mood,
                          phase + i, event_plan.place_of(st.happenings, i), hand[1].object if hand else None, holds,
                          i in skip_tool)
        member = cast_painter.draw(c, casting, light, None if st.where.water is None else st.where.water)
        st.members[i] = member
        drawn.extend(member.records)
        set_down.extend(member.set_down)
        if hand is not None and member.hand_object:
            st.placed.add(hand[0])
            x, y = member.figure.hand
            half = 17 * member.figure.unit
            st.boxes[hand[0]] = (x - half, y - half, x + half, y + half)
        _after(st, i, casting)
    _objects(st)
    _devices(st, scene, rng)
    _record(st)
    held = event_plan.objects_of(st.happenings) | {d.what for d in drawn if d.role == "prop"}
    anchors = [st.members[i].figure.anchor for i in range(len(plan.actors)) if i in st.members]
    return Painted(anchors, held, set_down)


def _towards_water(place: Placement, water: Water | None) -> Placement:
    """An angler faces the water (the rod and its line go out over it)."""
    if water is None or not water.spans:
        return place
    right = sum(max(0.0, x1 - max(x0, place.x)) for _, x0, x1 in water.spans)
    left = sum(max(0.0, min(x1, place.x) - x0) for _, x0, x1 in water.spans)
    return replace(place, facing=1 if right > left else -1)


def _sizes(plan: Plan, looks: list[Look], places: list[Placement],
           poses: list[str]) -> tuple[list[float], list[float], list[float]]:
    """Each actor's half width (the body: what the blocking spaces), half reach (its hands and feet: what
    must stay in the frame) and panel units per body unit."""
    bodies, reaches, units = [], [], []
    for pa, look, place, pose in zip(plan.actors, looks, places, poses):
        unit = place.scale * look.scale
        units.append(unit)
        if pa.code:
            half = half_width(pa.code, pa.member.kind, pose, place, look.scale) * 1.06
            bodies.append(half)
            reaches.append(half)
        else:
            p = pose_for(pose, 0)
            reach = max(abs(p.hand_back[0]), abs(p.hand_front[0]), abs(p.foot_back[0]), abs(p.foot_front[0]))
            bodies.append(26 * unit)
            reaches.append(max(26.0, min(reach + 6, 48.0)) * unit)
    return bodies, reaches, units


def _provisional(place: Placement, look: Look) -> Figure:
    """Where someone will stand before it is drawn (for what goes under or behind it)."""
    s, x, g, f = place.scale * look.scale, place.x, place.ground, place.facing
    anchor = Anchor(head=(x, g - 70 * s), head_r=24 * s, hand=(x + f * 30 * s, g - 40 * s), feet=(x, g), scale=s,
                    facing=f, mouth=(x + f * 5 * s, g - 60 * s))
    return Figure(anchor, (x - 22 * s, g - 94 * s, x + 22 * s, g))


def _underneath(st: _State, places: list[Placement]) -> tuple[dict[int, float], set[int]]:
    """Draw what goes under or behind the cast: rides, what is climbed, pillows. Riders' raised grounds."""
    grounds: dict[int, float] = {}
    skip_tool: set[int] = set()
    for k, h in enumerate(st.happenings):
        if h.actor is None or h.object is None or not h.draws_object:
            continue
        i = h.actor
        pre = _provisional(places[i], st.looks[i])
        if h.at == "under":
            box = object_places.draw(st.c, h.object, "under", pre, st.where)
            if box is None:
                continue
            flying = h.object.noun in object_places.FLYING_RIDES
            seat = (box[1] + box[3]) / 2 if flying else box[1] + (box[3] - box[1]) * 0.32
            unit = pre.unit
            grounds[i] = seat + (19 * unit if st.plan.actors[i].code is None else
                                 height_of(st.plan.actors[i].member.kind, places[i], st.looks[i].scale) * 0.2)
        elif st.poses[i] == "climbing" and h.at in CLIMBED:
            size = max(h.object.height * 100, 120) * pre.unit
            box = object_places.paste(st.c, h.object, pre.feet[0] + pre.facing * 6 * pre.unit, pre.feet[1] + 2,
                                      min(size, 640), shadow=True)
            if box is None:
                continue
            skip_tool.add(i)
        else:
            continue
        st.boxes[k] = box
        st.placed.add(k)
    for i, pose in enumerate(st.poses):
        if pose in LYING and st.plan.actors[i].code is None and st.posed[i]:
            b = body_for(st.c, st.looks[i], pose_for(pose, 0), places[i].x, places[i].ground, places[i].scale,
                         places[i].facing)
            hx, _ = b.pt(0, -70)
            st.c.ellipse(hx + places[i].facing * 4 * b.s, places[i].ground - 7 * b.s, 22 * b.s, 8 * b.s, PILLOW, 1.6)
    return grounds, skip_tool


def _spotlight(st: _State, scene: PanelScene, places: list[Placement]) -> None:
    """A stage light goes on before the cast steps into it: on the first actor of the events (or the first)."""
    if "spotlight" not in {device_painter.device_name(e) for e in scene.effects} or not places:
        return
    i = next((h.actor for h in st.happenings if h.actor is not None), 0)
    pre = _provisional(places[i], st.looks[i])
    devices.spotlight(st.c, pre.feet[0], pre.feet[1], (pre.box[2] - pre.box[0]) * 0.9)
    st.lit = True


def _lifted(st: _State, i: int, carriers: list[int], place: Placement) -> Placement:
    """Someone carried rests on the carriers' raised hands (overhead) or in their arms."""
    figs = [st.members[j].figure for j in carriers if j in st.members]
    if not figs:
        return place
    overhead = any(h.object_actor == i and h.at == "overhead" for h in st.happenings)
    if overhead:
        rest = min(f.raised if not f.pictogram else f.top for f in figs)
    else:
        rest = sum(f.hands[1] for f in figs) / len(figs)
    x = sum(f.hands[0] if not f.pictogram else f.centre[0] for f in figs) / len(figs)
    s = place.scale * st.looks[i].scale
    if st.plan.actors[i].code is not None:
        lift = height_of(st.plan.actors[i].member.kind, place, st.looks[i].scale) * 0.12
    else:
        lift = (22 if pose_for(st.poses[i], 0).lying else 4) * s
    return replace(place, x=x, ground=rest + lift, facing=figs[0].facing)


def _after(st: _State, i: int, k: Casting) -> None:
    """What goes over someone just drawn: a sleeper's blanket, the bush a hider peeks over."""
    fig = st.members[i].figure
    if k.pose == "sleeping" and k.code is None and st.posed[i]:
        b = body_for(st.c, k.look, pose_for("sleeping", 0), k.place.x, k.place.ground, k.place.scale, k.place.facing)
        top = [(-19 - 5 * math.sin(math.pi * t / 6), -47 + 8.5 * t) for t in range(7)]  # rumpled over the hips
        b.shape([*top, (-12, 11), (2, 14), (14, 12), (20, 8), (20, -47)], BLANKET)
        b.shape([(-19, -47), (20, -47), (20, -41), (-20, -41)], (245, 246, 255))  # the sheet turned down
        for y in (-28, -12):
            b.stroke([(-18, y), (18, y)], 1.6, (90, 115, 190))
    if k.pose != "hiding" or not st.posed[i]:
        return
    cover = next(((n, h) for n, h in enumerate(st.happenings) if h.actor == i and h.at in COVERS
                  and h.object is not None and h.draws_object and n not in st.placed), None)
    x0, y0, x1, y1 = fig.box
    eyes = fig.head[1] + fig.r * 0.15
    x = (x0 + x1) / 2 + fig.facing * (x1 - x0) * 0.25
    if cover is not None and cover[1].object is not None:
        box = object_places.paste(st.c, cover[1].object, x, y1 + 2, (y1 - eyes) * 1.25)
        if box is not None:
            st.boxes[cover[0]] = box
            st.placed.add(cover[0])
            return
    bush(st.c, x, y1 + 2, (x1 - x0) * 1.3, y1 - eyes)


def _thing_figure(st: _State, h: Happening) -> Figure | None:
    """A thing that acts (the wind, a wave), drawn at the side away from whom it acts on."""
    assert h.thing_actor is not None
    noun = h.thing_actor.noun
    if noun in st.things:
        return st.things[noun]
    target = st.members.get(h.other) if h.other is not None else None
    tx = target.figure.feet[0] if target else 500.0
    unit = target.figure.unit if target else 4.0
    side = -1 if tx > 500 else 1  # the thing comes from the half of the panel with room for it
    x = 500 + side * 370
    sky = noun in SKY_THINGS
    y = 260.0 if sky else (target.figure.feet[1] if target else 900.0)
    box: Box
    if noun == "wind":
        y = target.figure.head[1] if target else 420.0
        edge = (target.figure.box[0] if side < 0 else target.figure.box[2]) if target else 500.0
        for k in range(3):  # gusts blowing at whom it acts on, stopping short of them
            start = x - side * 40 * k
            devices.gust(st.c, start, y - 70 + k * 70, max(80.0, abs(edge - start) - 30), -side)
        box = (x - 60, y - 90, x + 60, y + 90)
    elif h.thing_actor.code:
        size = 70 * unit
        box = paste_thing(st.c, h.thing_actor.code, x, y + (size / 2 if sky else 0), size, h.thing_actor.state,
                          shadow=not sky)
    else:
        return None
    facing = 1 if tx > x else -1
    anchor = Anchor(head=((box[0] + box[2]) / 2, box[1] + (box[3] - box[1]) * 0.3), head_r=(box[2] - box[0]) * 0.25,
                    hand=(box[2] if facing > 0 else box[0], (box[1] + box[3]) / 2), feet=((box[0] + box[2]) / 2, box[3]),
                    scale=unit, facing=facing)
    fig = Figure(anchor, box, True)
    st.things[noun] = fig
    return fig


def _objects(st: _State) -> None:
    """Each event's object at its place (what the earlier passes have not drawn)."""
    first: dict[str, int] = {}
    for k, h in enumerate(st.happenings):
        fig: Figure | None = None
        if h.actor is not None:
            member = st.members.get(h.actor)
            fig = member.figure if member else None
        elif h.thing_actor is not None:
            fig = _thing_figure(st, h)
            target = st.members.get(h.other) if h.other is not None else None
            if target is not None and h.object is not None and fig is not None:
                # The wind blows the hat off her head: placed from her, carried the way the thing pushes.
                away = 1 if target.figure.feet[0] > fig.centre[0] else -1
                fig = replace(target.figure, anchor=replace(target.figure.anchor, facing=away))
        if fig is None:
            continue
        if h.object_actor is not None:
            if h.object_actor in st.members:
                st.placed.add(k)
            continue
        if h.object is None:
            st.placed.add(k)
            continue
        if not h.draws_object:
            n = first.get(h.object.noun)
            if n is not None and n in st.placed:
                st.placed.add(k)
                st.boxes[k] = st.boxes.get(n)
            continue
        first.setdefault(h.object.noun, k)
        if k in st.placed:
            continue
        if h.at == "gone":
            st.placed.add(k)
            continue
        other = st.members[h.other].figure if h.other is not None and h.other in st.members else None
        where = replace(st.where, other=other)
        mark = fig.marks.get("pan") or fig.marks.get("paper") if h.at in IN_HAND else None
        if mark is not None:  # cooking in the pan, writing the letter
            size = object_places.size_at(h.object, "mouth", fig)
            box = object_places.paste(st.c, h.object, mark[0], mark[1] + size * 0.3, size)
        else:
            box = object_places.draw(st.c, h.object, h.at or "hand", fig, where)
        if box is not None:
            st.boxes[k] = box
            st.placed.add(k)


def _devices(st: _State, scene: PanelScene, rng: random.Random) -> None:
    """Each actor's devices: its pose's, its mood's, and the scene's effects that belong to it."""
    wanted: dict[int, list[str]] = {i: [] for i in st.members}
    shown: set[str] = set()
    for i in st.members:
        if st.posed[i]:
            wanted[i] += device_painter.POSE_DEVICES.get(st.poses[i], ())
        mood = st.plan.actors[i].actor.mood
        busy = bool(wanted[i]) or any(h.actor == i for h in st.happenings)
        if mood == "happy" and busy:
            pass  # the action's own devices say it; sparkles on top only clutter them
        elif mood in device_painter.MOOD_DEVICES:
            wanted[i].append(device_painter.MOOD_DEVICES[mood])
        elif mood == "determined" and rng.random() < 0.3:
            wanted[i].append("sweat drops")
        if st.plan.scene.setting == "underwater" and rng.random() < 0.6:
            wanted[i].append("bubbles")
    for raw in scene.effects:
        name = device_painter.device_name(raw)
        if name is None or not st.members:
            continue
        if name == "spotlight" and st.lit:
            shown.add(name)
            continue
        owner = next((i for i in st.members if name in wanted[i]), None)
        if owner is None and name in device_painter.FOR_THE_ONE_HIT:
            owner = next((h.other for h in st.happenings if h.other in st.members), None)
        if owner is None:
            owner = next((h.actor for h in st.happenings if h.actor in st.members), None)
        if owner is None:
            owner = min(st.members)
        if name not in wanted[owner]:
            wanted[owner].append(name)
    hearts_for: set[int] = set()
    for i, names in wanted.items():
        event = next((k for k, h in enumerate(st.happenings) if h.actor == i), None)
        h = st.happenings[event] if event is not None else None
        other_i = h.other if h is not None else None
        if other_i is None and st.plan.scene.interaction == "hug" and len(st.members) >= 2:
            other_i = next(j for j in st.members if j != i)
        other = st.members[other_i].figure if other_i is not None and other_i in st.members else None
        spot = device_painter.Spot(st.members[i].figure, other, st.boxes.get(event) if event is not None else None)
        for name in dict.fromkeys(names):
            if name == "hearts" and i in hearts_for:
                continue
            if device_painter.draw(st.c, name, spot, rng):
                shown.add(name)
                if name == "hearts" and other_i is not None:
                    hearts_for |= {i, other_i}
    for name in sorted(shown):
        if name not in device_painter.EXTRAS:
            st.drawn.append(DrawnItem(what=name, role="effect", source="procedural"))


def _record(st: _State) -> None:
    """An action for each event drawn: its actor in its pose, its object at its place."""
    for k, h in enumerate(st.happenings):
        if k not in st.placed:
            continue
        if h.actor is not None:
            member = st.members.get(h.actor)
            if member is None or not st.posed[h.actor]:
                continue
            by, source = member.what, member.source
        elif h.thing_actor is not None and h.thing_actor.noun in st.things:
            by, source = h.thing_actor.noun, "procedural" if h.thing_actor.noun == "wind" else "pictogram"
        else:
            continue
        obj = None
        if h.object_actor is not None and h.object_actor in st.members:
            obj = st.members[h.object_actor].what
        elif h.object is not None:
            obj = h.object.noun
            if h.draws_object and h.at != "gone" and k in st.boxes:
                member = st.members.get(h.actor) if h.actor is not None else None
                st.drawn.append(_prop(h.object, member is not None and member.hand_procedural and h.at in IN_HAND))
        st.drawn.append(DrawnItem(what=h.event.action, role="action", source=source, by=by, object=obj))


def _prop(thing: Thing, procedural: bool) -> DrawnItem:
    """The object as a drawn prop (a procedural one when the art's own painter drew it in the hand)."""
    source = "procedural" if procedural else thing.source
    return DrawnItem(what=thing.noun, role="prop", source=source, code=thing.code if source == "pictogram" else None)
