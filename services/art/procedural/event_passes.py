"""What goes under, over and around the cast while an event is drawn.

Before the cast: the bicycle under its rider (the rider raised onto its saddle), the tree a
climber climbs, a sleeper's pillow, the spotlight. With the cast: someone carried lifted onto the
carriers' hands. Over someone just drawn: a sleeper's blanket, the bush a hider peeks over. And a
thing that acts (the wind, a wave) drawn at the side away from whom it acts on.
"""

from __future__ import annotations

import math
from dataclasses import replace

from services.art.procedural import device_painter, devices, object_places
from services.art.procedural.cast import body_for
from services.art.procedural.cast_painter import Casting
from services.art.procedural.characters import Anchor
from services.art.procedural.event_plan import Happening, thing
from services.art.procedural.event_state import Stage, provisional
from services.art.procedural.figure import pose_for
from services.art.procedural.figures import Box, Figure
from services.art.procedural.object_places import MAX_SIZE, Thing, bush, cardboard_box
from services.art.procedural.pictogram_acting import height_of
from services.art.procedural.staging import Placement
from services.art.procedural.states import paste_thing, size_factor
from services.config import word_lists
from services.schemas import DrawnItem, PanelScene

CLIMBED = ("front", "under", "beside", "ahead", "ground", "hand")  # a climber's object is what it climbs
COVERS = ("front", "beside", "ground", "hand")  # a hider's object is what it hides behind; one 'hidden' is hidden
SKY_THINGS = ("sun", "moon", "cloud", "wind", "storm", "rain", "lightning", "star", "rainbow", "snow", "tornado")
PILLOW = (250, 250, 246)
BLANKET = (120, 150, 220)
LYING_BODY = 100.0  # body units from head to feet of someone lying down, about what lies under them
LIES_AT = 0.45  # a sleeper lies this far down what is under them: a bench's seat, a bed's mattress
CARRIED_LENGTH = 110.0  # body units from head to feet of someone carried lying down
CLIMBED_UP = 40.0  # body units a tree climber is up its trunk, besides the pose's own lift
PLACE_CLIMBED_UP = 120.0  # body units up the place itself (a lighthouse, a tower) a climber hangs
STUCK_UP = 150.0  # body units up the tree whom a rescue saves sits, over a grown-up's reach
TREE = Thing(noun="tree", code=None, procedural=True)
_HIDING = word_lists("art.hiding")  # the furniture one hides under or behind



def underneath(st: Stage, places: list[Placement]) -> tuple[dict[int, float], set[int]]:
    """Draw what goes under or behind the cast: rides, what is climbed, pillows. Riders' raised grounds."""
    grounds: dict[int, float] = {}
    skip_tool: set[int] = set()
    for k, h in enumerate(st.happenings):
        if h.actor is not None and h.place_object and h.object is None and st.poses[h.actor] == "climbing":
            # "climbs the lighthouse", "climbs the castle tower": the place painted behind is what is climbed, so
            # the climber is high up its rope, not at its foot
            grounds[h.actor] = max(places[h.actor].ground - PLACE_CLIMBED_UP * places[h.actor].scale, 420.0)
            continue
        if h.actor is None or h.object is None or not h.draws_object:
            continue
        i = h.actor
        pre = provisional(places[i], st.looks[i])
        if h.at == "under" and pose_for(st.poses[i], 0).lying:  # "asleep on a bench": as long as the sleeper
            length = LYING_BODY * st.looks[i].scale * places[i].scale
            box = object_places.paste(st.c, h.object, places[i].x, places[i].ground, min(length, MAX_SIZE), shadow=True)
            if box is None:
                continue
            grounds[i] = box[1] + (box[3] - box[1]) * LIES_AT
        elif h.at == "under":
            box = object_places.draw(st.c, h.object, "under", pre, st.where)
            if box is None:
                continue
            flying = h.object.noun in object_places.FLYING_RIDES
            seat = (box[1] + box[3]) / 2 if flying else box[1] + (box[3] - box[1]) * 0.32
            unit = pre.unit
            grounds[i] = seat + (19 * unit if st.plan.actors[i].code is None else
                                 height_of(st.plan.actors[i].member.kind, places[i], st.looks[i].scale) * 0.2)
        elif st.poses[i] == "climbing" and h.at in CLIMBED:
            if h.object.noun == "tree" and st.plan.actors[i].code is None:  # up its trunk, hands in its crown
                grounds[i] = places[i].ground - CLIMBED_UP * pre.unit
                box = object_places.tree_to_climb(st.c, h.object, pre.feet[0] + pre.facing * 26 * pre.unit,
                                                  places[i].ground, pre.hand[1] - CLIMBED_UP * pre.unit, pre.unit,
                                                  st.where.light)
            elif h.object.noun == "tree":  # a gorilla up the trunk it hugs, its head in the crown's foot
                tall = height_of(st.plan.actors[i].member.kind, places[i], st.looks[i].scale)
                grounds[i] = places[i].ground - CLIMBED_UP * pre.unit - tall * 0.3
                box = object_places.tree_to_climb(st.c, h.object, places[i].x, places[i].ground,
                                                  grounds[i] - tall * 0.45, pre.unit, st.where.light)
            else:
                size = max(h.object.height * 100, 120) * pre.unit
                box = object_places.paste(st.c, h.object, pre.feet[0] + pre.facing * 6 * pre.unit,
                                          pre.feet[1] + 2, min(size, 640), shadow=True)
                if box is None:
                    continue
            skip_tool.add(i)
        else:
            continue
        st.boxes[k] = box
        st.placed.add(k)
    for i, pose in enumerate(st.poses):
        if pose_for(pose, 0).lying and st.plan.actors[i].code is None and st.posed[i]:
            ground = grounds.get(i, places[i].ground)
            b = body_for(st.c, st.looks[i], pose_for(pose, 0), places[i].x, ground, places[i].scale, places[i].facing)
            hx, _ = b.pt(0, -70)
            st.c.ellipse(hx + places[i].facing * 4 * b.s, ground - 7 * b.s, 22 * b.s, 8 * b.s, PILLOW, 1.6)
    return grounds, skip_tool


def stuck_up_a_tree(st: Stage, scene: PanelScene, places: list[Placement]) -> dict[int, float]:
    """'Rescues a kitten from a tree': before the rescue, whom it saves sits up in the tree's crown, out of
    reach, the tree drawn once (the scene's tree is not pasted beside them as well). Their raised grounds."""
    grounds: dict[int, float] = {}
    if "tree" not in {p.what for p in scene.props}:
        return grounds
    for h in st.happenings:
        j = h.other
        if h.event.action != "rescue" or h.event.step != "before" or j is None or j in grounds:
            continue
        u = places[j].scale  # a person's body units in this shot: the crown is over a grown-up's head
        perch = max(places[j].ground - STUCK_UP * u, 300.0)
        object_places.tree_to_climb(st.c, TREE, places[j].x, places[j].ground, perch + 30 * u, u, st.where.light)
        grounds[j] = perch
        st.drawn.append(DrawnItem(what="tree", role="prop", source="procedural"))
        break  # one tree
    return grounds


def spotlight(st: Stage, scene: PanelScene, places: list[Placement]) -> None:
    """A stage light goes on before the cast steps into it: on the first actor of the events (or the first)."""
    if "spotlight" not in {device_painter.device_name(e) for e in scene.effects} or not places:
        return
    i = next((h.actor for h in st.happenings if h.actor is not None), 0)
    pre = provisional(places[i], st.looks[i])
    devices.spotlight(st.c, pre.feet[0], pre.feet[1], (pre.box[2] - pre.box[0]) * 0.9)
    st.lit = True


def lifted(st: Stage, i: int, carriers: list[int], place: Placement) -> Placement:
    """Someone carried rests on the carriers' raised hands (overhead) or in their arms."""
    figs = [st.members[j].figure for j in carriers if j in st.members]
    if not figs:
        return place
    overhead = any(h.object_actor == i and h.at == "overhead" for h in st.happenings)
    riding = any(h.actor == i and h.event.action == "ride" and h.object_actor in carriers for h in st.happenings)
    on_back = all(f.pictogram for f in figs)  # a cut-out has no arms: whom it carries rides on its back
    if riding:  # astride the back, below the head that rises over it (a horse's, a dragon's)
        rest = min(f.top + (f.box[3] - f.box[1]) * 0.28 for f in figs)
    elif overhead or on_back:
        rest = min(f.raised if not f.pictogram else f.top + (f.box[3] - f.box[1]) * 0.08 for f in figs)
    else:
        rest = sum(f.hands[1] for f in figs) / len(figs)
    x = sum(f.hands[0] if not f.pictogram else f.centre[0] for f in figs) / len(figs)
    if on_back and st.plan.actors[i].code is None:  # no longer than the back it lies on
        width = min(f.box[2] - f.box[0] for f in figs)
        place = replace(place, scale=min(place.scale, width * 0.8 / (CARRIED_LENGTH * st.looks[i].scale)))
    s = place.scale * st.looks[i].scale
    if st.plan.actors[i].code is not None:
        lift = height_of(st.plan.actors[i].member.kind, place, st.looks[i].scale) * 0.12
    else:
        lift = (22 if pose_for(st.poses[i], 0).lying else 4) * s
    return replace(place, x=x, ground=rest + lift, facing=figs[0].facing)


def after(st: Stage, i: int, k: Casting) -> None:
    """What goes over someone just drawn: a sleeper's blanket, the bush a hider peeks over (indoors, a box)."""
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
    if cover is None and any(h.actor == i and h.at == "hidden" and h.object is not None for h in st.happenings):
        return  # she hides the bone (under its own bush), not herself
    if cover is not None and cover[1].object is not None:
        box = object_places.paste(st.c, cover[1].object, x, y1 + 2, (y1 - eyes) * 1.25)
        if box is not None:
            st.boxes[cover[0]] = box
            st.placed.add(cover[0])
            return
    if _hides_at_furniture(st, fig, x):
        return
    (cardboard_box if st.plan.scene.indoor else bush)(st.c, x, y1 + 2, (x1 - x0) * 1.3, y1 - eyes)


def _hides_at_furniture(st: Stage, fig: Figure, x: float) -> bool:
    """'Se cache sous la table', 'hides behind the sofa': the panel's own table or sofa is where the hider is,
    drawn over them once (it was a cardboard box beside the table), and recorded so it is not pasted again."""
    x0, _, x1, y1 = fig.box
    for noun in st.plan.scene.props:
        under, behind = noun in _HIDING["under"], noun in _HIDING["behind"]
        found = thing(noun) if under or behind else None
        if found is None:
            continue
        eyes = fig.head[1] + fig.r * 0.15
        size = (y1 - fig.top) * 1.7 if under else (y1 - eyes) * 1.3  # the top over the head; the eyes over the back
        if object_places.paste(st.c, found, x if behind else (x0 + x1) / 2, y1 + 2, size) is None:
            continue
        st.drawn.append(DrawnItem(what=found.noun, role="prop", source=found.source))
        return True
    return False


GROWTH = {"before": 0.55, "during": 1.0, "after": 1.6}  # a thing that grows is small, then bigger, then towers


def thing_figure(st: Stage, h: Happening) -> Figure | None:
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
        # as tall as its kind next to whom it acts on (a tree over the girl), bigger when it is a giant one
        size = min(70 * max(1.0, h.thing_actor.height) * size_factor(h.thing_actor.state) * unit
                   * (GROWTH[h.event.step] if h.event.action == "grow" else 1.0), MAX_SIZE)
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
