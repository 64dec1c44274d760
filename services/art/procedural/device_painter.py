"""Which comic devices a panel shows, and where each goes on whoever it belongs to.

A device belongs to someone: notes come out of the singer's mouth (or the instrument), crumbs
fall from the eater's, zzz rise over the sleeper, tears run from the crier's eyes, an impact
bursts where a fist or a foot lands, steam rises off the cook's pan, shine rings the treasure.
A pose brings its own devices (`POSE_DEVICES`: a sleeper's zzz is part of sleeping), a mood its
own (sweat drops when scared), and the scene's `effects` are given to the actor whose pose or
event they belong to. Each device is drawn once per actor and recorded under its vocabulary name.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from services.art.procedural import devices, effects
from services.art.procedural.canvas import Canvas
from services.art.procedural.figures import Box, Figure
from services.art.procedural.settings import UNDER_WATER
from services.schemas import DrawnItem, PanelScene
from services.vocabulary.actions import DEVICES

if TYPE_CHECKING:
    from services.art.procedural.event_state import Stage

POSE_DEVICES: dict[str, tuple[str, ...]] = {
    "sleeping": ("zzz",), "singing": ("notes",), "playing_music": ("notes",), "crying": ("tears",),
    "eating": ("crumbs",), "running": ("speed lines",), "flying": ("speed lines",), "falling": ("speed lines",),
    "waving": ("motion arcs",), "jumping": ("motion arcs",), "dancing": ("notes", "motion arcs"),
    "throwing": ("motion arcs",), "kicking": ("motion arcs",), "fighting": ("impact", "dust"),
    "cowering": ("sweat drops", "tremble"), "cooking": ("steam",), "digging": ("dust",), "building": ("motion arcs",),
    "kissing": ("hearts",), "hugging": ("hearts",), "wishing": ("sparkles",), "talking": ("voice",),
    "thinking": ("thought",), "pushing": ("sweat drops",), "pulling": ("sweat drops",), "lifting": ("sweat drops",),
    "swimming": ("bubbles",), "catching": ("emphasis",), "stretching": ("sparkles",), "laughing": ("motion arcs",),
    "climbing": ("sweat drops",), "riding": ("speed lines",), "sneaking": ("dust",), "painting": ("paint",),
    "sneezing": ("puff",), "juggling": ("motion arcs",),
}
MOOD_DEVICES = {"scared": "sweat drops", "angry": "anger mark", "happy": "sparkles", "surprised": "emphasis"}
EXTRAS = ("tremble", "voice", "thought")
FOR_THE_ONE_HIT = ("stars",)  # dizzy stars circle the head of whom the action is done to  # pose marks that are not vocabulary devices (never recorded)
ALIASES = {"heart": "hearts", "speed": "speed lines", "sweat": "sweat drops", "anger": "anger mark",
           "surprise": "emphasis", "note": "notes", "music": "notes", "crumb": "crumbs", "z": "zzz",
           "sleep": "zzz", "tear": "tears", "smoke": "puff", "star": "stars", "bubble": "bubbles",
           "sparkle": "sparkles", "motion lines": "motion arcs", "sweat drop": "sweat drops"}


def device_name(name: str) -> str | None:
    """A scene's effect word as a vocabulary device ('heart' is 'hearts'); None when it is none."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    return key if key in DEVICES or key in EXTRAS else None


@dataclass(frozen=True)
class Spot:
    """Where an actor's devices can go: the actor, whom it acts on, the box of its event's object."""

    fig: Figure
    other: Figure | None = None
    object_box: Box | None = None


def draw(c: Canvas, name: str, spot: Spot, rng: random.Random) -> bool:
    """Draw one device at its place on `spot`; True when drawn."""
    f, a = spot.fig, spot.fig.anchor
    r, facing = f.r, f.facing
    hx, hy = f.head
    box = spot.object_box
    if name == "notes":
        src = f.marks.get("instrument") or (f.hand if f.pose == "playing_music" and not f.pictogram else f.mouth)
        devices.notes(c, src[0] + facing * r * 0.3, src[1] - r * 0.1, max(18.0, r * 0.6), facing, rng)
    elif name == "hearts":
        if spot.other is not None:
            top = min(hy - r * 1.3, spot.other.head[1] - spot.other.r * 1.3)
            effects.hearts(c, (hx + spot.other.head[0]) / 2, top, max(26.0, r * 0.5), rng)
        else:
            effects.hearts(c, hx + facing * r * 0.6, hy - r * 1.4, max(26.0, r * 0.5), rng)
    elif name == "crumbs":
        mx, my = f.mouth
        devices.crumbs(c, mx + facing * r * 0.5, my + r * 0.1, max(14.0, r * 0.55), rng)
    elif name == "zzz":
        devices.zzz(c, hx + facing * r * 0.7, hy - r * (1.2 if f.pose != "sleeping" else 1.0),
                    max(16.0, r * 0.55), facing)
    elif name == "speed lines":
        effects.speed_lines(c, a, rng, vertical=f.pose == "falling")
    elif name == "motion arcs":
        if f.pose == "jumping":
            effects.motion_arcs(c, a.feet[0], a.feet[1] - r * 0.4, r * 0.9, facing, up=False)
        elif f.pose == "kicking":
            effects.motion_arcs(c, a.feet[0] + facing * r * 1.2, a.feet[1] - r * 0.9, r * 0.55, facing)
        elif f.pose == "laughing":
            for side in (-1, 1):
                effects.motion_arcs(c, hx + side * r * 1.25, hy, r * 0.35, side)
        elif f.pose == "juggling":
            _juggling_loop(c, f, box)
        elif f.pose == "sneezing":  # the head jolts forward: arcs behind it, the way it came from
            effects.motion_arcs(c, hx - facing * r * 1.3, hy - r * 0.2, r * 0.45, -facing)
        else:
            effects.motion_arcs(c, a.hand[0], a.hand[1], r * 0.55, facing)
    elif name == "sweat drops":
        effects.sweat(c, a)
    elif name == "stars":
        devices.stars(c, hx, hy - r * 1.15, r)
    elif name == "tears":
        devices.tears(c, f.eyes, r, rng)
    elif name == "puff":
        if f.pose == "sneezing":  # the sneeze bursts from the nose, out where the sneezer faces
            mx, my = f.mouth
            x, y = (mx + facing * r * 0.6, my + r * 0.1) if f.pictogram else (mx + facing * r * 1.05, my - r * 0.2)
        else:
            x, y = _centre(box) if box else (f.hand[0] + facing * r * 0.8, f.hand[1])
        devices.puff(c, x, y, max(40.0, r * 1.3), rng)
    elif name == "dust":
        devices.dust(c, a.feet[0] - facing * r * 0.4, a.feet[1], max(24.0, r * 0.9), facing, rng)
    elif name == "steam":
        x, y = f.marks.get("pan") or ((_centre(box)[0], box[1]) if box else (hx, hy - r * 1.1))
        devices.steam(c, x, y - r * 0.1, max(20.0, r * 0.7))
    elif name == "impact":
        x, y = _contact(f, spot.other, box)
        devices.impact(c, x, y, max(30.0, r * 1.1), rng)
    elif name == "shine":
        x, y = _centre(box) if box else (hx, hy)
        devices.shine(c, x, y, max(30.0, (box[2] - box[0]) * 0.8 if box else r * 1.6))
    elif name == "splash":
        x, y = ((_centre(box)[0], box[3]) if box else a.feet)
        devices.splash(c, x, y, max(30.0, r * 1.2), rng)
    elif name == "paint":
        x, y = f.marks.get("brush") or ((_centre(box)[0], box[1]) if box else f.hand)
        devices.paint_dabs(c, x, y, max(30.0, r * 1.1), rng)
    elif name == "emphasis":
        effects.emphasis(c, a)
    elif name == "anger mark":
        effects.anger_mark(c, a)
    elif name == "bubbles":
        effects.bubbles(c, a, rng)
    elif name == "sparkles":
        effects.sparkles(c, a, rng, 6)
    elif name == "spotlight":
        devices.spotlight(c, a.feet[0], a.feet[1], (f.box[2] - f.box[0]) * 0.7)
    elif name == "tremble":
        devices.tremble(c, (f.box[0] + f.box[2]) / 2, (f.box[1] + f.box[3]) / 2, (f.box[2] - f.box[0]) * 0.55)
    elif name == "voice":
        mx, my = f.mouth
        devices.voice(c, mx + facing * r * 0.55, my, max(14.0, r * 0.5), facing)
    elif name == "thought":
        if "thought" in f.marks:
            return False  # already drawn, with what is thought inside it
        devices.thought(c, hx, hy, r, facing)
    else:
        return False
    return True


def _juggling_loop(c: Canvas, f: Figure, box: Box | None) -> None:
    """The path of what is juggled: a dashed loop up from one hand, over what is in the air, down to the other."""
    back = f.anchor.hand_back or f.hand
    x, y = (f.hand[0] + back[0]) / 2, f.raised
    rx = max(abs(f.hand[0] - back[0]) / 2, f.r * 0.9) + f.r * 0.45
    ry = (y - box[1] if box else f.r * 1.6) + f.r * 0.7
    for start in range(184, 350, 22):  # the upper half of the loop, as dashes
        c.arc(x, y, rx, ry, start, start + 13, c.ink, 3.2)
    for hand, side in ((back, -1), (f.hand, 1)):  # each hand's toss
        effects.motion_arcs(c, hand[0], hand[1] + f.r * 0.1, f.r * 0.4, side)


def _centre(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _contact(f: Figure, other: Figure | None, box: Box | None) -> tuple[float, float]:
    """Where a blow lands: between the fist and the other's head, else on the object, else at the hand."""
    if other is not None:
        return (f.hand[0] + other.head[0]) / 2, (f.hand[1] + other.head[1] + other.r) / 2
    if box is not None:
        return _centre(box)
    return f.hand[0] + f.facing * f.r * 0.4, f.hand[1]


def paint_all(st: Stage, scene: PanelScene, rng: random.Random) -> None:
    """Each actor's devices: its pose's, its mood's, and the scene's effects that belong to it."""
    wanted: dict[int, list[str]] = {i: [] for i in st.members}
    shown: set[str] = set()
    for i in st.members:
        if st.posed[i]:
            wanted[i] += POSE_DEVICES.get(st.poses[i], ())
        mood = st.plan.actors[i].actor.mood
        busy = bool(wanted[i]) or any(h.actor == i for h in st.happenings)
        if mood == "happy" and busy:
            pass  # the action's own devices say it; sparkles on top only clutter them
        elif mood in MOOD_DEVICES:
            wanted[i].append(MOOD_DEVICES[mood])
        elif mood == "determined" and rng.random() < 0.3:
            wanted[i].append("sweat drops")
        if st.plan.scene.setting in UNDER_WATER and rng.random() < 0.6:
            wanted[i].append("bubbles")
    for raw in scene.effects:
        name = device_name(raw)
        if name is None or not st.members:
            continue
        if name == "spotlight" and st.lit:
            shown.add(name)
            continue
        owner = next((i for i in st.members if name in wanted[i]), None)
        if owner is None and name in FOR_THE_ONE_HIT:
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
        spot = Spot(st.members[i].figure, other, st.boxes.get(event) if event is not None else None)
        for name in dict.fromkeys(names):
            if name == "hearts" and i in hearts_for:
                continue
            if draw(st.c, name, spot, rng):
                shown.add(name)
                if name == "hearts" and other_i is not None:
                    hearts_for |= {i, other_i}
    for name in sorted(shown):
        if name not in EXTRAS:
            st.drawn.append(DrawnItem(what=name, role="effect", source="procedural"))
