"""An action's object drawn where the action puts it, relative to whoever does it (and to whom).

The vocabulary says where an object is while an action happens (`OBJECT_PLACES`): at the mouth
(eating), overhead or in the arms (carrying), held out towards the recipient (giving), falling
from the hand with vertical motion lines (dropping), flying up and away with speed lines, in an
arc between thrower and catcher, arriving at raised hands, on the ground at the feet or left
behind a walker, half hidden behind a bush, high in the sky on a string (a kite), on the end of
a fishing line, under a rider, in front of a pusher, ahead of a chaser, in the water, in a
thought cloud, between two people, beside someone, or gone (nothing drawn: the devices say it).
Each place returns the box the object covers (panel units), so the record only names an object
that is in the picture; `None` means it could not be drawn there.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from services.art.procedural import devices, floating
from services.art.procedural.canvas import Canvas
from services.art.procedural.figure import Body
from services.art.procedural.figures import Box, Figure
from services.art.procedural.palettes import Light, lighten, shade
from services.art.procedural.props import HELD
from services.art.procedural.states import paste_thing, size_factor
from services.art.procedural.water import Water

Point = tuple[float, float]
# Places drawn by the hand painter while the character is drawn (the hand closes over the thing).
IN_HAND = ("hand", "out")
LEAF: tuple[int, int, int] = (86, 160, 80)
TRUNK: tuple[int, int, int] = (128, 86, 54)
CRATE: tuple[int, int, int] = (196, 150, 96)  # cardboard: the open crate, the box one hides behind
EARTH: tuple[int, int, int] = (122, 86, 56)  # fresh-dug soil: a mound over what is buried
MAX_SIZE = 560.0
# Things that are only ever up in the sky: watched "ahead" or "in front", they are ahead and up there, not on the
# ground (a kite or a balloon can be either, and keeps its place).
UP_HIGH = ("sun", "moon", "star", "stars", "rainbow", "cloud", "comet", "fireworks", "planet", "shooting star")
FLYING_RIDES = ("broom", "rocket", "cloud", "magic carpet", "flying carpet", "carpet")
FAR_OFF_HEIGHT = 1.25  # ahead, a thing this tall next to a person or more (a house, a bus) is seen far off
AIRBORNE = 70.0  # how high a broom flies its rider, in body units


@dataclass(frozen=True)
class Thing:
    """A drawable object: its record noun, its pictogram (or a procedural painter), its state and height."""

    noun: str
    code: str | None
    procedural: bool = False
    state: str | None = None
    height: float = 0.4  # next to a standing person (1.0)

    @property
    def source(self) -> str:
        return "pictogram" if self.code and not self.procedural else "procedural"


@dataclass(frozen=True)
class Where:
    """What a place needs besides the actor: the recipient, the panel's water and light, the seeded chance."""

    rng: random.Random
    light: Light
    water: Water | None = None
    other: Figure | None = None
    horizon: float = 560.0


HAND_SHARE = 0.3  # a hand-sized thing is at most this share of the height of whom it is drawn by...
HAND_SIZED = 0.25  # ...a thing this tall next to a person or less (assets/sizes.json): a coin, a key, a cup


def size_at(thing: Thing, at: str, fig: Figure) -> float:
    """The object's size (its longer side, panel units) at a place: a sandwich at the mouth is bite-sized,
    a bicycle under a rider is bike-sized, a giant one is bigger still."""
    h = thing.height * 100
    lo, hi, k = {
        "mouth": (22, 24, 0), "hand": (30, 30, 0), "out": (28, 28, 0), "overhead": (40, 64, 1), "arms": (22, 34, 1),
        "falling": (20, 30, 1), "flying": (14, 26, 0.6), "thrown": (18, 32, 1), "arriving": (18, 32, 1),
        "sky": (26, 40, 1), "hooked": (24, 28, 1), "under": (55, 95, 1), "front": (28, 80, 1), "ahead": (20, 70, 1),
        "water": (24, 80, 1), "between": (26, 30, 1), "inside": (24, 40, 1),
        "received": (30, 30, 0),
    }.get(at, (16, 90, 1))
    size = max(lo, min(hi, h * k)) if k else lo
    size = min(size * fig.unit * size_factor(thing.state), MAX_SIZE)
    if thing.height <= HAND_SIZED and not thing.state:  # hand-sized beside whoever holds it: a coin and a parrot
        size = min(size, HAND_SHARE * (fig.box[3] - fig.box[1]))
    return size


def paste(c: Canvas, thing: Thing, cx: float, bottom: float, size: float, flip: bool = False,
          shadow: bool = False, angle: float = 0.0) -> Box | None:
    """Draw the thing (its pictogram, or its procedural painter) centred on cx, resting on `bottom`."""
    half = size / 2
    cx = min(max(cx, half + 12), 988 - half)
    bottom = min(max(bottom, size + 12), 990)
    if thing.code and not thing.procedural:
        return paste_thing(c, thing.code, cx, bottom, size, thing.state, flip, shadow, angle)
    painter = HELD.get(thing.noun)
    if painter is None:
        return None
    s = size / 30
    painter(Body(c, cx - 4 * s, bottom - 4 * s, s, -1 if flip else 1, angle), 0.0, 0.0, (220, 70, 70))
    return cx - half, bottom - size, cx + half, bottom


def tree_to_climb(c: Canvas, thing: Thing, x: float, ground: float, hands: float, unit: float, light: Light) -> Box:
    """A tall trunk a climber holds on to, its crown over the reaching `hands` (their height): the tree pictogram
    is a round bush that a climber beside it hides, and reads as climbing nothing."""
    u, crown = unit, hands - 40 * unit
    bark, leaf = light(TRUNK), light(LEAF)
    blobs = ((-46, 10, 42), (48, 6, 40), (0, -22, 52), (-24, -52, 36), (26, -50, 38))
    for outlined in (True, False):  # the ink ring first, then the fills over it: one crown, not five circles
        for dx, dy, r in blobs:
            c.ellipse(x + dx * u, crown + dy * u, r * u, r * u, leaf, 3 if outlined else 0)
    c.ellipse(x - 16 * u, crown - 46 * u, 16 * u, 10 * u, lighten(leaf, 0.25))
    for side in (-1, 1):  # branches out of the crown's foot, where the climber reaches
        c.line([(x, crown + 30 * u), (x + side * 30 * u, crown + 12 * u)], bark, max(2.0, 7 * u))
    c.poly([(x - 19 * u, ground + 4), (x + 19 * u, ground + 4), (x + 11 * u, crown + 20 * u),
            (x - 11 * u, crown + 20 * u)], bark, 3)
    for k in range(3):  # bark, where the climber's body leaves it seen
        y = ground - (25 + 40 * k) * u
        c.line([(x - 6 * u, y), (x - 2 * u, y - 14 * u)], shade(bark, 0.7), max(1.5, 2.5 * u))
    return max(0.0, x - 90 * u), max(0.0, crown - 80 * u), min(1000.0, x + 90 * u), ground + 4


def draw(c: Canvas, thing: Thing, at: str, fig: Figure, where: Where) -> Box | None:
    """Draw `thing` at place `at` relative to `fig` (an actor already drawn); the box it covers."""
    if at == "spotted":  # sized by the distance it is seen at, not by the big figure in the foreground
        return _spotted(c, thing, fig, where, max(110.0, min(220.0, thing.height * 260)) * size_factor(thing.state))
    if thing.noun in UP_HIGH and at in ("ahead", "front", "beside", "ground"):
        return _up_high(c, thing, fig, where, size_at(thing, "sky", fig))
    if at == "ahead" and thing.height >= FAR_OFF_HEIGHT:  # where one is going or waits for: a castle, a bus, far off
        return _spotted(c, thing, fig, where, max(150.0, min(240.0, thing.height * 130)) * size_factor(thing.state))
    fn = PLACES.get(at)
    if fn is None:
        return None
    return fn(c, thing, fig, where, size_at(thing, at, fig))


# --- the places ------------------------------------------------------------------------------

def _mouth(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    mx, my = f.mouth
    cx = mx + f.facing * (f.r * 0.62 + size * 0.35)
    return paste(c, t, cx, my + size * 0.45, size, flip=f.facing > 0)


def grip(f: Figure) -> tuple[float, float]:
    """Where a figure holds a thing: its hand, or a flying creature's claws under its body (a glyph's front
    edge in flight is open sky)."""
    if f.pictogram and f.pose == "flying":
        x0, top, x1, bottom = f.box
        return (x0 + x1) / 2 + f.facing * (x1 - x0) * 0.15, top + (bottom - top) * 0.78
    return f.hand


def _hand(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    hx, hy = grip(f)
    if f.pictogram and f.pose == "flying":  # hanging from the claws
        return paste(c, t, hx, hy + size * 0.5, size, flip=f.facing > 0)
    return paste(c, t, hx + f.facing * size * 0.2, hy + size * 0.45, size, flip=f.facing > 0)


def _overhead(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    cx = f.hands[0] if not f.pictogram else f.centre[0]
    bottom = min(f.raised + 6 * f.unit, f.top - 2) if not f.pictogram else f.top + size * 0.1
    return paste(c, t, cx, bottom, size)


def _arms(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    if f.pictogram:
        return paste(c, t, f.centre[0] + f.facing * (f.box[2] - f.box[0]) * 0.3, f.centre[1] + size / 2, size)
    hx, hy = f.hands
    return paste(c, t, hx + f.facing * 6 * f.unit, hy + 4 * f.unit + size / 2, size)


def _falling(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    hx, hy = f.hand
    # a cut-out's front 'hand' is low on its side: what it lets go of is still seen in the air below it
    clear = max(f.r * 0.6, size * 0.3) if f.pictogram else 2 * f.unit
    bottom = min(hy + (0 if f.pictogram else 12 * f.unit) + size, f.feet[1] - clear, 990.0)
    box = paste(c, t, hx + f.facing * size * 0.55, bottom, size, angle=25)
    if box is not None:
        x0, y0, x1, _ = box
        for k in range(3):  # vertical motion lines above it, the way it came down
            x = x0 + (x1 - x0) * (0.2 + 0.3 * k)
            c.line([(x, y0 - size * 0.12), (x, y0 - size * (0.75 + 0.25 * (k % 2)))], c.ink, 3.2, ink=True)
    return box


def _flying(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """Up and away from the hand (or the foot that kicked it), smaller, with speed lines."""
    hx = f.foot[0] if f.pose == "kicking" else f.hand[0]
    box = paste(c, t, hx + f.facing * 70 * f.unit, f.head[1] - 50 * f.unit, size, angle=-20 * f.facing)
    if box is not None:
        _trail(c, box, -f.facing, size, w.rng, rise=0.5)
    return box


def _thrown(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    start = f.hand
    end = w.other.hands if w.other is not None else (start[0] + f.facing * 240 * f.unit, start[1])
    apex = min(start[1], end[1]) - 36 * f.unit
    path = [_arc(start, end, apex, k / 16) for k in range(17)]
    at = _arc(start, end, apex, 0.62)
    for k in range(1, 9, 2):  # a dashed flight path from the hand
        c.line(path[k:k + 2], c.ink, 2.8, ink=True)
    return paste(c, t, at[0], at[1] + size / 2, size, angle=-30 * f.facing)


def _arriving(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    cx = (f.hands[0] if not f.pictogram else f.centre[0]) + f.facing * 10 * f.unit
    bottom = (f.raised + 4 * f.unit) if not f.pictogram else f.top + size * 0.15
    box = paste(c, t, cx, bottom, size)
    if box is not None:  # it comes from where the catcher looks
        _trail(c, box, f.facing, size, w.rng, rise=-0.3)
    return box


def _ground(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """At the feet, in front; just beyond the spade of someone digging (what was dug up); under the spout of
    someone watering it (the drops fall on it)."""
    spout = f.marks.get("spout")
    if spout is not None:
        return paste(c, t, spout[0] + f.facing * size * 0.15, f.feet[1] + 2, min(size, f.feet[1] - spout[1] - 8),
                     shadow=True)
    blade = f.marks.get("blade")
    if blade is not None:
        return paste(c, t, blade[0] + f.facing * (size * 0.7 + 6 * f.unit), f.feet[1] + 2, size, shadow=True)
    return paste(c, t, f.feet[0] + f.facing * ((f.box[2] - f.box[0]) * 0.5 + size * 0.5), f.feet[1] + 2, size,
                 shadow=True)


def _left_behind(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    return paste(c, t, f.feet[0] - f.facing * ((f.box[2] - f.box[0]) * 0.5 + size * 1.6), f.feet[1] + 2, size,
                 shadow=True)


def _beside(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    return paste(c, t, f.feet[0] - f.facing * ((f.box[2] - f.box[0]) * 0.5 + size * 0.45), f.feet[1] + 2, size,
                 shadow=True)


def _hidden(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    box = _beside(c, t, f, w, size)
    if box is not None:
        bush(c, (box[0] + box[2]) / 2, box[3] + 2, (box[2] - box[0]) * 1.25, (box[3] - box[1]) * 0.62)
    return box


def _buried(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """Half in the ground beside its digger: a mound of fresh earth over its lower part, clods thrown up
    (it hid in a bush, which says 'hidden', not 'buried')."""
    box = _beside(c, t, f, w, size)
    if box is not None:
        x0, y0, x1, y1 = box
        top, cx, half = y0 + (y1 - y0) * 0.45, (x0 + x1) / 2, (x1 - x0) * 0.75
        c.poly([(cx - half, y1 + 4), *((cx + half * math.cos(math.pi * (1 - k / 12)),
                                        y1 + 4 - (y1 + 4 - top) * math.sin(math.pi * k / 12)) for k in range(13))],
               EARTH, 2.0)
        for k in range(-2, 3):  # clods of the dug earth
            c.ellipse(cx + k * half * 0.42, top + (y1 - top) * (0.35 + 0.12 * abs(k)), half * 0.09, half * 0.06,
                      shade(EARTH, 0.3))
    return box


def _inside(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    if f.pose in ("thinking", "wishing", "sleeping", "lying"):  # in a thought cloud above the head
        x, y, r = devices.thought(c, f.head[0], f.head[1], f.r, f.facing)
        f.marks["thought"] = (x, y)  # the cloud is drawn: the pose's device is not drawn over it
        s = min(size, r * 1.5)
        return paste(c, t, x, y + s / 2, s)
    box = _ground(c, t, f, w, size)
    if box is not None:  # in an open crate: only its top shows
        x0, y0, x1, y1 = box
        top = y0 + (y1 - y0) * 0.45
        c.poly([(x0 - 4, top), (x1 + 4, top), (x1, y1 + 2), (x0, y1 + 2)], CRATE, 1.8)
        c.line([(x0 + 2, (top + y1) / 2), (x1 - 2, (top + y1) / 2)], shade(CRATE, 0.3), 2.0)
    return box


def _sky(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    hx, hy = f.hand
    cx = hx + f.facing * 130 * f.unit
    box = paste(c, t, cx, max(size + 40, f.top - 60 * f.unit), size, angle=-12 * f.facing)
    if box is not None and t.noun not in UP_HIGH:  # the kite's string from the hand, sagging; a star has none
        end = ((box[0] + box[2]) / 2, box[3] - size * 0.1)
        mid = ((hx + end[0]) / 2 - f.facing * 10, (hy + end[1]) / 2 + 20)
        c.line([(hx, hy), mid, end], (250, 250, 250), 3.0)
        c.line([(hx, hy), mid, end], c.ink, 1.4, ink=True)
    return box


def _hooked(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    tip = f.marks.get("tip") or (f.hand[0] + f.facing * 50 * f.unit, f.hand[1] - 50 * f.unit)
    surface = w.water.surface_near(tip[0], f.feet[1] + 40 * f.unit, reach=700) if w.water is not None else None
    low = surface[1] - size * 1.15 if surface is not None else f.feet[1] - size
    end = (tip[0], max(tip[1] + 20 * f.unit, min(tip[1] + 70 * f.unit, low)))
    c.line([tip, end], c.ink, 1.4, ink=True)
    box = paste(c, t, end[0], end[1] + size, size, angle=70 * f.facing)
    if box is not None:  # the hook, and the water it was pulled out of
        c.arc(end[0], end[1] + 4, 4, 5, 0, 180, c.ink, 2.0)
        devices.splash(c, end[0], surface[1] if surface is not None else box[3] + size * 0.3, size * 0.8, w.rng)
    return box


def _under(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """Drawn before the rider (`f` is where the rider would stand): a ride stands on the ground under it; a
    broom or a rocket flies level under the rider's hips, up in the air."""
    if t.noun not in FLYING_RIDES:
        return paste(c, t, f.feet[0] + f.facing * size * 0.05, f.feet[1], size, flip=f.facing > 0, shadow=True)
    hips = max(f.feet[1] - (AIRBORNE + 19) * f.unit, 30 + 75 * f.unit)  # up in the air, the head in the frame
    length = max(size, 80 * f.unit)
    diagonal = t.noun in ("broom", "rocket")  # OpenMoji draws them pointing up and right
    angle = (-45.0 if f.facing > 0 else 45.0) if diagonal else 0.0
    # Its middle under the hips: turned a quarter, a square glyph's box is 1.41 times its side.
    return paste(c, t, f.feet[0], hips + length * (0.71 if diagonal else 0.3), length, flip=f.facing < 0,
                 angle=angle)


def _front(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """Against the hands of a pusher; a rope's length ahead of a puller, the rope taut between."""
    hx, hy = f.foot if f.pose == "kicking" else f.hand
    pulled = f.pose == "pulling"
    box = paste(c, t, hx + f.facing * (size * 0.5 + (45 * f.unit if pulled else 0)), f.feet[1] + 2, size,
                flip=f.facing > 0, shadow=True)
    if box is not None and pulled:
        near = box[0] if f.facing > 0 else box[2]
        c.line([(hx, hy), (near, box[1] + (box[3] - box[1]) * 0.45)], (190, 150, 90), max(3.0, 2.2 * f.unit))
    return box


def _ahead(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    box = paste(c, t, f.feet[0] + f.facing * 230 * f.unit, f.feet[1] + 2, size, flip=f.facing > 0, shadow=True)
    if box is not None and f.pose in ("running", "flying", "riding", "jumping"):  # it runs away too
        _trail(c, box, -f.facing, size, w.rng)
    return box


def _spotted(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """Over the shoulder of the one who finds it: out in the middle distance, where the pointing hand shows."""
    x = min(max(f.feet[0] + f.facing * 560, 90.0), 910.0)
    return paste(c, t, x, w.horizon + 150, size, flip=f.facing < 0, shadow=True)


def _up_high(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """Up in the sky ahead of the one who looks at it (fireworks over the town), never on a string."""
    return paste(c, t, f.feet[0] + f.facing * 150 * f.unit, max(size + 40, f.top - 70 * f.unit), size)


def _water(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    x = f.feet[0] + f.facing * 90 * f.unit
    if t.code and w.water is not None:
        found = w.water.surface_near(x, min(f.feet[1] + 60 * f.unit, 990))
        if found is not None:
            box = floating.swim(c, t.code, found[0], found[1] + 2, size, w.water, w.light, flip=f.facing > 0)
            if box is not None:
                return box
    if t.code:
        floating.on_a_patch(c, t.code, min(max(x, size + 12), 988 - size), f.feet[1] + 4, size, w.light)
        return x - size / 2, f.feet[1] - size, x + size / 2, f.feet[1]
    return None


def _between(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    if w.other is None:
        return _hand(c, t, f, w, size)
    (ax, ay), (bx, by) = f.hand, w.other.hand
    return paste(c, t, (ax + bx) / 2, (ay + by) / 2 + size / 2, size)


def _received(c: Canvas, t: Thing, f: Figure, w: Where, size: float) -> Box | None:
    """Given: in the recipient's front hand now, not the giver's."""
    return _hand(c, t, w.other if w.other is not None else f, w, size)


PLACES = {
    "mouth": _mouth, "hand": _hand, "out": _hand, "overhead": _overhead, "arms": _arms, "falling": _falling,
    "flying": _flying, "thrown": _thrown, "arriving": _arriving, "ground": _ground, "left_behind": _left_behind,
    "hidden": _hidden, "buried": _buried, "sky": _sky, "hooked": _hooked, "under": _under, "front": _front, "ahead": _ahead,
    "water": _water, "inside": _inside, "between": _between, "beside": _beside,
    "received": _received,
}


# --- helpers ---------------------------------------------------------------------------------

def _arc(a: Point, b: Point, apex: float, t: float) -> Point:
    """A point `t` of the way along a parabola from a to b that rises to about `apex` (a y above both)."""
    height = min(a[1], b[1]) - apex
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - 4 * t * (1 - t) * height


def _trail(c: Canvas, box: Box, side: int, size: float, rng: random.Random, rise: float = 0.0) -> None:
    """Speed lines trailing from a moving thing's box on `side` (-1: left, 1: right)."""
    x0, y0, x1, y1 = box
    edge = x1 if side > 0 else x0
    for k in range(4):
        y = y0 + (y1 - y0) * (0.15 + 0.23 * k)
        n = size * rng.uniform(0.6, 1.2)
        c.line([(edge + side * size * 0.1, y), (edge + side * (size * 0.1 + n), y + rise * n)], c.ink, 2.2,
               ink=True)


def bush(c: Canvas, x: float, bottom: float, w: float, h: float) -> None:
    """A round leafy bush standing at (x, bottom): what something hides behind."""
    blobs = [(x - w * 0.3, bottom - h * 0.45, w * 0.3), (x + w * 0.3, bottom - h * 0.45, w * 0.3),
             (x, bottom - h * 0.62, w * 0.34), (x - w * 0.05, bottom - h * 0.3, w * 0.42)]
    for bx, by, r in blobs:
        c.ellipse(bx, by, r, min(r, h * 0.6), LEAF, 2.0)
    for bx, by, r in blobs:
        c.ellipse(bx, by + r * 0.05, r * 0.88, min(r, h * 0.6) * 0.88, LEAF)
    for k in range(5):
        a = math.radians(200 + k * 30)
        c.arc(x + math.cos(a) * w * 0.3, bottom - h * 0.5 + math.sin(a) * h * 0.3, w * 0.08, w * 0.05, 200, 340,
              shade(LEAF, 0.35), 2.0)


def cardboard_box(c: Canvas, x: float, bottom: float, w: float, h: float) -> None:
    """A big cardboard box standing at (x, bottom), its flaps open: what someone hides behind indoors, where a
    bush would not grow (a library, a classroom, a kitchen)."""
    top = bottom - h * 0.78
    c.rect(x - w * 0.42, top, x + w * 0.42, bottom, CRATE, 2.0)
    for side in (-1, 1):  # the open flaps, leaning out
        c.poly([(x + side * w * 0.42, top), (x + side * w * 0.06, top), (x + side * w * 0.14, top - h * 0.16),
                (x + side * w * 0.5, top - h * 0.12)], shade(CRATE, 0.12), 2.0)
    c.rect(x - w * 0.06, top, x + w * 0.06, top + h * 0.3, shade(CRATE, 0.25))  # the tape down its middle
