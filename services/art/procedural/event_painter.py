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

import random
from dataclasses import dataclass, field, replace

from services.art.procedural import blocking, cast_painter, device_painter, event_passes, event_plan, object_places
from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.cast_painter import Casting, Member
from services.art.procedural.characters import Anchor, worn
from services.art.procedural.event_state import Stage
from services.art.procedural.figure import pose_for
from services.art.procedural.figures import Box, Figure
from services.art.procedural.looks import Look
from services.art.procedural.object_places import IN_HAND, Thing, Where
from services.art.procedural.palettes import Light
from services.art.procedural.pictogram_acting import AQUATIC, half_width, height_of
from services.art.procedural.plan_painter import Plan
from services.art.procedural.settings import UNDER_WATER
from services.art.procedural.staging import Placement
from services.art.procedural.states import contents_drawn
from services.art.procedural.water import Water
from services.schemas import DrawnItem, PanelScene, SceneProp
from services.vocabulary import sizes

LYING_GROUND = 960.0  # someone lying down lies here at the lowest, or the frame cuts them in half
LYING_LENGTH = 700.0  # the longest a lying figure gets, in panel units
AT_THE_FEET = ("digging", "kicking", "sneaking")  # poses told by the feet: a medium shot must not cut them off
FEET_SEEN = 955.0
OVER_THE_SHOULDER_SCALE = 8.0  # the foreground figure of an over-the-shoulder shot...
OVER_THE_SHOULDER_HEAD = 690.0  # ...with the back of its head here
AIRBORNE = ("flying",)
FACE_SHARE = 0.25  # more of a head than this under a thing hides the face
SHRINKS = (0.6, 0.4)  # how much smaller a thing may be drawn to stay clear of every face
GROUNDED = ("beside", "ground", "front", "hidden", "buried")  # places on the ground by the actor's feet
OWN_HEAD_PLACES = ("mouth", "overhead", "inside", "hand", "out", "arms", "received", "hooked")  # at one's own head


@dataclass
class Painted:
    """What the cast pass leaves for the rest of the panel: anchors for props, the nouns already drawn,
    the things set down beside busy hands."""

    anchors: list[Anchor]
    held: set[str]
    set_down: list[SceneProp] = field(default_factory=list)


def paint(c: Canvas, scene: PanelScene, plan: Plan, looks: list[Look], places: list[Placement], poses: list[str],
          posed: list[bool], phase: int, light: Light, water: Water | None, rng: random.Random,
          drawn: list[DrawnItem], behind: int | None = None) -> Painted:
    """Draw the cast acting out the scene's events; record the cast, their props, the events and devices.
    `behind` is the actor an over-the-shoulder shot sees from behind, big in the foreground."""
    st = Stage(c, plan, looks, poses, posed, Where(rng, light, water, horizon=view_for(plan.scene.shot, 0).horizon),
                drawn, behind=behind)
    st.happenings = [_in_flight(h, poses) for h in event_plan.resolve(
        scene, [pa.member.name for pa in plan.actors], [(pa.member.kind, pa.member.role or "") for pa in plan.actors])]
    places = [_lying_down(p, looks[i]) if pose_for(poses[i], 0).lying and poses[i] != "carried" else
              replace(p, ground=min(p.ground, FEET_SEEN)) if poses[i] in AT_THE_FEET else p
              for i, p in enumerate(places)]
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
    places = [_towards_water(p, water) if poses[i] == "fishing" else p for i, p in enumerate(places)]
    places = _into_the_sea(st, places, bodies, reaches, carried)
    if behind is not None:
        places[behind] = _over_the_shoulder(places[behind], looks[behind])
    grounds, skip_tool = event_passes.underneath(st, places)
    grounds.update(event_passes.stuck_up_a_tree(st, scene, places))
    event_passes.spotlight(st, scene, places)
    set_down: list[SceneProp] = []
    order = [i for i in range(len(plan.actors)) if i not in carried] + list(carried)
    for i in order:
        place = replace(places[i], ground=grounds[i]) if i in grounds else places[i]
        if i in carried:
            place = event_passes.lifted(st, i, carried[i], place)
        hand = next(((k, h) for k, h in enumerate(st.happenings) if h.actor == i and h.at in IN_HAND
                     and h.object is not None and h.draws_object and k not in st.placed), None)
        actor = plan.actors[i].actor
        holds = actor.props[0] if actor.props else None
        if holds and holds in event_plan.objects_of(st.happenings):
            holds = None  # the event draws it
        # the piano held in the arms is what is played: the pose's own guitar gives way to it
        in_arms = any(h.actor == i and h.object is not None and h.at == "arms" and h.draws_object
                      for h in st.happenings)
        casting = Casting(i, plan.actors[i].member, plan.actors[i].code, looks[i], place, poses[i], actor.mood,
                          phase + i, event_plan.place_of(st.happenings, i), hand[1].object if hand else None, holds,
                          i in skip_tool or in_arms, dry=scene.setting not in UNDER_WATER,
                          holds_state=scene.thing_states.get(holds) if holds else None, from_behind=i == behind)
        member = cast_painter.draw(c, casting, light, None if st.where.water is None else st.where.water)
        st.members[i] = member
        drawn.extend(member.records)
        if plan.actors[i].code is None:  # "wearing a yellow helmet": on its head, not pasted beside it as well
            drawn.extend(DrawnItem(what=noun, role="prop", source="procedural") for noun in worn(looks[i])
                         if noun in {p.what for p in scene.props})
        set_down.extend(member.set_down)
        if hand is not None and member.hand_object:
            st.placed.add(hand[0])
            x, y = member.figure.hand
            half = 17 * member.figure.unit
            st.boxes[hand[0]] = (x - half, y - half, x + half, y + half)
        event_passes.after(st, i, casting)
    _objects(st)
    device_painter.paint_all(st, scene, rng)
    _record(st)
    held = event_plan.objects_of(st.happenings) | {d.what for d in drawn if d.role == "prop"}
    anchors = [_footprint(st.members[i]) for i in range(len(plan.actors)) if i in st.members]
    return Painted(anchors, held, set_down)


def _in_flight(h: event_plan.Happening, poses: list[str]) -> event_plan.Happening:
    """Whoever flies off with a thing a hand can hold has it in its grip (beak, claws or hand): a place on the
    ground ('beside', 'front') would leave it behind in mid-air. A thing dropped, thrown or left behind stays so."""
    if h.actor is None or h.actor >= len(poses) or poses[h.actor] not in AIRBORNE or h.object is None:
        return h
    if h.at in GROUNDED and h.object.height <= sizes.HANDHELD_MAX:
        return replace(h, at="hand")
    return h


def _draw_clear(st: Stage, h: event_plan.Happening, at: str, fig: Figure, where: Where) -> Box | None:
    """Draw an event's object at its place, never over a head: when it would cover one (a castle the wave
    takes, pasted on the sea behind a boy's face), it is set on the ground beside the figure instead, either
    side, else on the nearest stretch of ground clear of every face, there smaller if it must be, and left out
    only when no spot is clear."""
    thing = h.object
    assert thing is not None
    if h.event.action == "grow":  # grown by someone (the farmer's pumpkin): small, then bigger, then towering
        thing = replace(thing, height=thing.height * event_passes.GROWTH[h.event.step])
    # its own head counts where the place is not at it, and only when drawn (a glyph's head is a guess)
    heads = [_head_box(m.figure) for i, m in st.members.items()
             if i != h.actor or (at not in OWN_HEAD_PLACES and not m.figure.pictogram)]
    before = st.c.img.copy()
    box = object_places.draw(st.c, thing, at, fig, where)
    if box is None or not any(_covers(box, head) for head in heads):
        return box
    centre = (box[0] + box[2]) / 2
    size = object_places.size_at(thing, "beside", fig)
    turned = replace(fig, anchor=replace(fig.anchor, facing=-fig.facing))
    spots = sorted((60.0 + 110.0 * n for n in range(9)), key=lambda x: abs(x - centre))
    # a crowded close-up: smaller on clear ground (SHRINKS) rather than gone from its own event
    attempts: list[Figure | tuple[float, float]] = [fig, turned, *((spot, scale) for scale in (1.0, *SHRINKS)
                                                                   for spot in spots)]
    for attempt in attempts:
        st.c.img.paste(before)
        if isinstance(attempt, Figure):
            box = object_places.draw(st.c, thing, "beside", attempt, where)
        else:
            spot, scale = attempt
            box = object_places.paste(st.c, thing, spot, fig.feet[1] + 2, size * scale, shadow=True)
        if box is not None and not any(_covers(box, head) for head in heads):
            return box
    st.c.img.paste(before)
    return None


def _head_box(fig: Figure) -> Box:
    (x, y), r = fig.head, fig.r
    return x - r, y - r, x + r, y + r


def _covers(box: Box, head: Box) -> bool:
    """Does a thing's box hide a face: more than a quarter of the head's box under it (a thing touching the
    chin or the hair does not)."""
    w = min(box[2], head[2]) - max(box[0], head[0])
    h = min(box[3], head[3]) - max(box[1], head[1])
    return w > 0 and h > 0 and w * h > FACE_SHARE * (head[2] - head[0]) * (head[3] - head[1])


def _over_the_shoulder(place: Placement, look: Look) -> Placement:
    """Big at the edge of the frame on the side the staging gave them, cut at the chest, turned into the panel."""
    left = place.x <= 500
    scale = OVER_THE_SHOULDER_SCALE
    return Placement(x=170.0 if left else 830.0, ground=OVER_THE_SHOULDER_HEAD + 70 * scale * look.scale,
                     scale=scale, facing=1 if left else -1)


def _lying_down(place: Placement, look: Look) -> Placement:
    """Someone lying down is as long as a standing one is tall: the whole sleeper in the frame, however close
    the shot (a close-up's scale, made for a standing face, would stretch a sleeper past both edges)."""
    scale = min(place.scale, LYING_LENGTH / (110 * look.scale))
    x = min(max(place.x, 60 * scale * look.scale), 1000 - 60 * scale * look.scale)
    return replace(place, x=x, scale=scale, ground=min(place.ground, LYING_GROUND))


def _footprint(member: Member) -> Anchor:
    """A member's anchor for the props set down around it: its feet at the middle of what it covers and its
    head as wide as its body, so a thing is set beside a sleeper or a whale, never on its face."""
    a, (x0, _, x1, _) = member.figure.anchor, member.figure.box
    return replace(a, feet=((x0 + x1) / 2, a.feet[1]), head_r=max(a.head_r, (x1 - x0) / 3.2))


def _into_the_sea(st: Stage, places: list[Placement], bodies: list[float], reaches: list[float],
                  carried: dict[int, list[int]]) -> list[Placement]:
    """A sea creature goes to the water (`pictogram_acting` draws it there): to the stretch of it nearest its
    place that keeps it clear of the others; whoever stands in its way on the shore steps aside, and when the
    water and the frame leave no room for both the creature is drawn smaller. Then pairs face each other again."""
    water = st.where.water
    if water is None:
        return places
    out = list(places)
    moved = False
    for i, pa in enumerate(st.plan.actors):
        if pa.code is None or pa.member.kind not in AQUATIC or i in carried:
            continue
        for f in (1.0, 0.85, 0.7, 0.55):
            trial = _swim_to(st, water, out, bodies, reaches, carried, i, f)
            if trial is not None:
                out, moved = trial, True
                break
    if moved:
        for h in st.happenings:
            a, o = h.actor, h.other
            if a is None or o is None or a == o or blocking.relation(h, st.poses) in ("chase", "carry"):
                continue
            towards = 1 if out[o].x > out[a].x else -1
            out[a], out[o] = replace(out[a], facing=towards), replace(out[o], facing=-towards)
    return out


def _swim_to(st: Stage, water: Water, places: list[Placement], bodies: list[float], reaches: list[float],
             carried: dict[int, list[int]], i: int, f: float) -> list[Placement] | None:
    """Creature `i` at `f` of its size on the water, the others stepped aside (their bodies clear of it, their
    reach in the frame); None while they still overlap."""
    out = list(places)
    halves = bodies
    pa = st.plan.actors[i]
    place = replace(out[i], scale=out[i].scale * f)
    half = halves[i] * f
    size = height_of(pa.member.kind, place, st.looks[i].scale)
    others = [(out[j].x - halves[j], out[j].x + halves[j]) for j in range(len(out)) if j != i]
    best: tuple[float, float] | None = None
    for dx in (0, -120, 120, -240, 240, -360, 360, -480, 480, -600, 600):
        # The same search `floating.swim` makes, so the creature lands where it is planned.
        found = water.surface_near(out[i].x + dx, min(out[i].ground, 980.0), below=size * 0.08)
        if found is None:
            continue
        x = min(max(found[0], half + 12), 988 - half)
        overlap = sum(max(0.0, min(x + half, b) - max(x - half, a)) for a, b in others)
        score = overlap * 4 + abs(dx)
        if best is None or score < best[0]:
            best = (score, x)
    if best is None:
        return None if f > 0.55 else out
    out[i] = replace(place, x=best[1])
    clear = True
    for j in range(len(out)):
        if j == i or j in carried or (st.plan.actors[j].code and st.plan.actors[j].member.kind in AQUATIC):
            continue
        least = (half + halves[j]) * 0.9
        if abs(out[j].x - out[i].x) >= least:
            continue
        side = 1 if out[j].x >= out[i].x else -1
        lo, hi = reaches[j] + blocking.MARGIN, 1000 - reaches[j] - blocking.MARGIN
        x = min(max(out[i].x + side * least, lo), hi)
        if abs(x - out[i].x) < least * 0.85:
            x = min(max(out[i].x - side * least, lo), hi)
        out[j] = replace(out[j], x=x)
        clear = clear and abs(x - out[i].x) >= least * 0.85
    return out if clear or f <= 0.55 else None


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
            if p.lying:  # as long as it is tall: head to feet across the ground
                bodies.append(52 * unit)
                reaches.append(56 * unit)
                continue
            reach = max(abs(p.hand_back[0]), abs(p.hand_front[0]), abs(p.foot_back[0]), abs(p.foot_front[0]))
            bodies.append(26 * unit)
            reaches.append(max(26.0, min(reach + 12, 54.0)) * unit)
    return bodies, reaches, units


def _objects(st: Stage) -> None:
    """Each event's object at its place (what the earlier passes have not drawn)."""
    first: dict[str, int] = {}
    for k, h in enumerate(st.happenings):
        fig: Figure | None = None
        if h.actor is not None:
            member = st.members.get(h.actor)
            fig = member.figure if member else None
        elif h.thing_actor is not None:
            fig = event_passes.thing_figure(st, h)
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
            st.placed.add(k)  # no object, or the place itself ("travels to Paris"): painted as the setting
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
        # the egg sizzles in the pan, the letter is the sheet written on: in the hand or "in front"
        mark = fig.marks.get("pan") or fig.marks.get("paper") if h.at in (*IN_HAND, "front") else None
        if mark is not None:  # cooking in the pan, writing the letter
            size = object_places.size_at(h.object, "mouth", fig)
            box = object_places.paste(st.c, h.object, mark[0], mark[1] + size * 0.3, size)
        else:
            at = "spotted" if h.actor == st.behind and h.at == "front" else h.at or "hand"
            box = _draw_clear(st, h, at, fig, where)
        if box is not None:
            st.boxes[k] = box
            st.placed.add(k)


def _record(st: Stage) -> None:
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
            if source == "pictogram" and all(d.what != by or d.role != "prop" for d in st.drawn):
                st.drawn.append(_prop(h.thing_actor, False))  # the tree that grew, the wave that rose: drawn
        else:
            continue
        obj = h.place_object
        if h.object_actor is not None and h.object_actor in st.members:
            obj = st.members[h.object_actor].what
        elif h.object is None and h.recipient is not None and h.recipient in st.members:
            obj = st.members[h.recipient].what  # whom it is done to: the zebra met, the frog kissed
        elif h.object is not None:
            obj = h.object.noun
            if h.draws_object and h.at != "gone" and k in st.boxes:
                member = st.members.get(h.actor) if h.actor is not None else None
                prop = _prop(h.object, member is not None and member.hand_procedural and h.at in IN_HAND)
                st.drawn += [prop, *(contents_drawn(h.object.state) if prop.source == "pictogram" else [])]
        if h.event.was is not None:  # the prince in the puff is the frog transformed
            was = event_plan.thing(h.event.was)
            obj = was.noun if was is not None else h.event.was
        st.drawn.append(DrawnItem(what=h.event.action, role="action", source=source, by=by, object=obj))


def _prop(thing: Thing, procedural: bool) -> DrawnItem:
    """The object as a drawn prop (a procedural one when the art's own painter drew it in the hand)."""
    source = "procedural" if procedural else thing.source
    return DrawnItem(what=thing.noun, role="prop", source=source, code=thing.code if source == "pictogram" else None)
