"""Venues readers name by the one big thing in them: a swimming pool, a hospital room, a museum hall.

The pool is open air under the panel's sky: a tiled deck in perspective and a basin of turquoise water
with lane ropes, a ladder, a diving tower and a lifeguard's chair. It returns its water (`Water`) so a
swimmer is drawn in it; the water lies between the far deck and the near one, where the cast stands.
The ward and the hall are rooms lit by their own lamps (the hour tints them and shows at a window or a
skylight), told by a bed with rails, a drip stand, a curtain and a red cross; by columns, paintings, a
dinosaur skeleton of bones on a plinth, a glass case and a velvet rope.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from services.art.procedural.backgrounds import (
    Lit,
    Point,
    View,
    lamplit,
    room,
    round_tree,
    sky,
    tube,
    wall_s,
    wall_x,
    window,
)
from services.art.procedural.canvas import Canvas, ellipse_points, inked_poly, star_points
from services.art.procedural.palettes import RGB, WHITE, Light, lighten, mix, shade
from services.art.procedural.water import Water, spans_between

MID = 1.5
STEP = 6.0
POOL_WATER: RGB = (38, 198, 214)
TILE: RGB = (230, 224, 210)
FLOAT_RED: RGB = (222, 52, 52)
CHROME: RGB = (214, 220, 228)
CROSS_RED: RGB = (222, 40, 44)
SHEET: RGB = (250, 250, 248)
BONE: RGB = (232, 212, 168)  # warmer than the hall's pale walls, so the skeleton stands out
GOLD: RGB = (212, 168, 70)
VELVET: RGB = (170, 24, 48)




@dataclass(frozen=True)
class Spot:
    """Where a thing stands (x, y) and its size, `s` panel units to its unit; `facing` -1 mirrors it."""

    x: float
    y: float
    s: float
    facing: int = 1

    def __call__(self, dx: float, up: float) -> Point:
        """A point `dx` across (towards its front) and `up` from where it stands, in its units."""
        return self.x + self.facing * dx * self.s, self.y - up * self.s

    def box(self, dx0: float, up0: float, dx1: float, up1: float) -> tuple[float, float, float, float]:
        """A box between two of its points, left to right and top to bottom (as `Canvas.rect` wants it)."""
        (x0, y0), (x1, y1) = self(dx0, up0), self(dx1, up1)
        return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _floor_lines(c: Canvas, v: View, fy: float, col: RGB, far: float, near: float) -> None:
    """The joints of big floor tiles running towards the viewer, in perspective."""
    for i in range(-14, 15):
        c.line([(500 + v.pan * 0.5 + i * far * v.zoom, fy), (500 + v.pan * 0.5 + i * near * v.zoom, 1000)], col, 1.3)


# --- swimming pool -------------------------------------------------------------------------------------------------

def pool(c: Canvas, v: View, L: Light, rng: random.Random) -> Water:
    """An open-air pool seen from its near end: cabins and trees behind, a tiled deck, turquoise water in lanes
    with red-and-white rope floats, backstroke flags, a ladder, a diving tower and a lifeguard's chair."""
    sky(c, v, L, rng)
    h, side = v.horizon, rng.choice((-1, 1))  # the diving tower's side; the ladder and the lifeguard the other
    z, cx, zc = v.s(1, 0.3), v.x(500, 0.3), v.s(1, 0.6)
    far_y = h + 40 * z
    vp = far_y - 385 * z  # where the deck's lines meet: a high eye, so the far end is not a sliver

    def p(x: float, s: float) -> Point:
        """A deck point: `x` across from the pool's middle (units at its far end), `s` nearness (1: the far end)."""
        return cx + x * z * s, vp + (far_y - vp) * s

    def s_at(y: float) -> float:
        return (y - vp) / (far_y - vp)

    for k in range(7):  # trees over the changing cabins at the back
        round_tree(c, v.x(-80 + k * 190 + rng.uniform(-30, 30), 0.6), h - v.s(60, 0.6), v.s(rng.uniform(150, 200), 0.6),
                   L((110, 80, 60), depth=0.45), L(rng.choice(((80, 150, 85), (96, 160, 80))), depth=0.45), 1.0)
    c.rect(-10, h - 92 * zc, 1010, h + 2, L((246, 244, 236), depth=0.2), MID)
    c.rect(-10, h - 100 * zc, 1010, h - 88 * zc, L((60, 140, 200), depth=0.2), 1.0)
    for k in range(-6, 16):
        x, col = v.x(k * 80, 0.6), ((70, 150, 220), (250, 200, 60), (230, 90, 80))[k % 3]
        c.rect(x - 26 * zc, h - 74 * zc, x + 26 * zc, h, L(col, depth=0.2), 1.0)
    deck = L(TILE)
    c.gradient(0, h, 1000, 1010, L(TILE, depth=0.25), deck)
    for i in range(-16, 17):  # the deck's tiles, in perspective
        c.line([p(i * 48, s_at(h)), p(i * 48, s_at(1010))], shade(deck, 0.14), 1.2)
    for k in range(12):
        y = p(0, (s_at(h) + 0.03) * 1.09 ** k)[1]
        c.line([(0, y), (1000, y)], shade(deck, 0.14), 1.2)
    hw, sn = 240.0, 1.4675  # the basin's half width at its far end, and how near its near end is
    for k, x in enumerate((-hw * 0.55, hw * 0.45)):  # sun loungers under parasols on the far deck
        _parasol(c, Spot(*p(x, 0.925), z * 0.925, k * 2 - 1), L, rng)
    coping = [p(-hw - 20, 0.95), p(hw + 20, 0.95), p(hw + 20, sn + 0.05), p(-hw - 20, sn + 0.05)]
    c.poly(coping, L((248, 248, 244)))
    wall_col = L((120, 200, 222), strength=0.6)
    c.poly([p(-hw, 1), p(hw, 1), p(hw, sn), p(-hw, sn)], wall_col, 1.0)
    top, near_y = far_y + 16 * z, p(0, sn)[1]
    for k in range(-11, 12):  # the tiled far wall, above the water line
        c.line([(cx + k * 20 * z, far_y + 2), (cx + k * 20 * z, top)], shade(wall_col, 0.15), 1.0)

    def edges(y: float) -> list[tuple[float, float]]:
        t = (y - top) / (near_y - top)
        half = (hw - 10 + 8 * t) * z * s_at(y)
        return [(cx - half, cx + half)] if 0 <= t <= 1 else []

    night = L.time == "night"
    water = L(POOL_WATER, strength=0.3 if night else 0.7)  # lit from under the water at night: it glows
    for k in range(8):  # a little lighter far off, where it mirrors the sky
        ya, yb = top + (near_y - top) * k / 8, top + (near_y - top) * (k + 1) / 8
        (la, ra), (lb, rb) = edges(ya + 0.01)[0], edges(min(yb, near_y - 0.01))[0]
        c.poly([(la, ya), (ra, ya), (rb, yb + 0.6), (lb, yb + 0.6)], mix(lighten(water, 0.2), water, k / 7))
    for x in (-hw + hw * 2 * (k + 0.5) / 5 for k in range(5)):  # each lane's dark line on the bottom, and its T
        for dx, s0, s1 in ((5, 1.08, sn - 0.04), (22, 1.08, 1.1)):
            c.poly([p(x - dx, s0), p(x + dx, s0), p(x + dx, s1), p(x - dx, s1)], shade(water, 0.35))
    for k in range(4 if night else 0):  # the lamps in the far wall
        c.ellipse(cx + (-hw + hw * 2 * (k + 0.5) / 4) * z, top + 10 * z, 40 * z, 12 * z, lighten(water, 0.3))
    for _ in range(46):  # the sun's net of light on the water
        s, x = rng.uniform(1.04, sn - 0.02), rng.uniform(-hw + 10, hw - 40)
        (x0, y), u = p(x, s), z * s
        c.line([(x0 + j * 9 * u, y + math.sin(j * 1.6 + x0) * 3 * u) for j in range(4)], lighten(water, 0.45), 1.4 * s)
    c.poly(coping, None, MID)
    for k in range(1, 5):  # lane ropes of floats: red at both ends, red and white between
        for j in range(int(math.log(sn - 0.01) / math.log(1.022)) + 1):
            s = 1.022 ** j
            c.ellipse(*p(-hw + hw * 2 * k / 5, s), 7 * z * s, 4.2 * z * s,
                      FLOAT_RED if j % 2 or s < 1.1 or s > sn - 0.1 else L(WHITE), 0.7)
    for _ in range(16 if L.weather in ("rain", "snow") else 0):  # rain rings on the water
        s = rng.uniform(1.05, sn - 0.05)
        c.ellipse(*p(rng.uniform(-hw + 20, hw - 20), s), 16 * z * s, 5 * z * s, None, 0.8, outline=lighten(water, 0.5))
    _ladder(c, Spot(*p(-side * hw, 1.27), z * 1.27, side), lighten(water, 0.25))
    (x0, y0), (x1, _) = p(-hw - 30, 1.12), p(hw + 30, 1.12)
    for x in (x0, x1):  # backstroke flags strung across the lanes from two poles
        tube(c, [(x, y0), (x, y0 - 134 * z)], CHROME, 3 * z)
    for k in range(16):
        xa, xb = x0 + (x1 - x0) * k / 16, x0 + (x1 - x0) * (k + 1) / 16
        sag = y0 - 134 * z + math.sin(math.pi * (k + 0.5) / 16) * 16 * z
        inked_poly(c, [(xa, sag), (xb, sag), ((xa + xb) / 2, sag + 20 * z)], L(((230, 60, 60), WHITE, (60, 120, 220))[k % 3]), 0.6)
    _diving_tower(c, Spot(*p(side * (hw + 62), 1.03), z * 1.03, -side), L)
    _lifeguard_chair(c, Spot(*p(-side * (hw + 95), 1.12), z * 1.12), L)
    return Water(spans_between(top, near_y, STEP, edges), STEP)


def _ladder(c: Canvas, q: Spot, step: RGB) -> None:
    """A pool ladder at the basin's edge (the water in front): two chrome rails from the deck over the coping and
    down into the water, its steps beneath the surface."""
    for k in range(2):  # the far rail, then the near one
        out, into, y = -30 - 4 * k, 6 + 2 * k, -14 * k
        arch = [q(out + (into - out) * (1 - math.cos(a)) / 2, y + 60 + math.sin(a) * 14) for a in (0.6, 1.3, 2.0, 2.6)]
        tube(c, [q(out, y), q(out, y + 60), *arch, q(into, y + 60), q(into, y - 34)], CHROME, 3.2 * q.s)
    for k in range(3):
        c.line([q(6, -14 - k * 9), q(8, -28 - k * 9)], step, 2.5 * q.s)
    c.ellipse(*q(8, -20), 14 * q.s, 4 * q.s, None, 0.7, outline=(250, 255, 255))


def _diving_tower(c: Canvas, q: Spot, L: Light) -> None:
    """A diving tower at the pool's corner: two legs, a ladder up its back, a railed platform and the board
    sticking out in front, over the water."""
    u = q.s
    for dx in (-26, 26):
        tube(c, [q(dx, 0), q(dx, 230)], L((46, 112, 196)), 7 * u)
    for dx in (-64, -40):  # the ladder, its rails curling over the top
        tube(c, [q(dx, 0), q(dx, 270)], CHROME, 3 * u)
    for k in range(11):
        c.line([q(-64, 12 + k * 21), q(-40, 12 + k * 21)], CHROME, 3 * u)
    c.rect(*q.box(-44, 238, 44, 224), L((240, 240, 236)), 1.2)
    c.line([q(-40, 274), q(40, 274)], CHROME, 3 * u)
    inked_poly(c, [q(0, 238), q(240, 244), q(240, 234), q(0, 226)], L((252, 252, 250)), 1.2)  # the board
    c.line([q(40, 229), q(240, 236)], L((50, 130, 210)), 3 * u)


def _lifeguard_chair(c: Canvas, q: Spot, L: Light) -> None:
    """The lifeguard's tall white chair, with a red-and-white sunshade over the seat."""
    white, u = L((246, 246, 240)), q.s
    for a, b in ((-34, -18), (34, 18)):
        tube(c, [q(a, 0), q(b, 150)], white, 6 * u)
    for k in range(3):  # rungs to climb up by
        c.line([q(-30 + 4 * k, 40 + 38 * k), q(30 - 4 * k, 40 + 38 * k)], white, 4 * u)
    c.rect(*q.box(-24, 156, 24, 146), white, 1.2)
    c.rect(*q.box(-20, 196, 20, 156), white, 1.2)  # its back
    tube(c, [q(16, 150), q(16, 240)], white, 3 * u)
    _dome(c, *q(16, 238), 50 * u, L(FLOAT_RED), L(WHITE))


def _dome(c: Canvas, x: float, y: float, r: float, a: RGB, b: RGB) -> None:
    """A sunshade seen from the side: a flat dome in alternating panels."""
    for k in range(6):
        c.poly([(x, y - r * 0.02), *ellipse_points(x, y, r, r * 0.45, 4, 180 + k * 30, 210 + k * 30)], a if k % 2 else b)
    c.poly(ellipse_points(x, y, r, r * 0.45, 18, 180, 360), None, 1.2)
    c.line([(x - r, y), (x + r, y)], c.ink, 1.2)


def _parasol(c: Canvas, q: Spot, L: Light, rng: random.Random) -> None:
    """A parasol over a sun lounger on the deck, the lounger's back raised at its front."""
    u = q.s
    col = L(rng.choice(((250, 200, 60), (70, 160, 220), (240, 120, 60), (120, 200, 110))))
    inked_poly(c, [q(-80, 20), q(40, 20), q(70, 56), q(58, 58), q(34, 28), q(-80, 28)], L((250, 250, 246)), 1.2)
    for dx in (-70, 30):
        c.line([q(dx, 20), q(dx, 0)], c.ink, 2.4 * u)
    tube(c, [q(-20, 0), q(-20, 180)], L((240, 240, 236)), 3 * u)
    _dome(c, *q(-20, 176), 78 * u, col, lighten(col, 0.55))


# --- hospital room -------------------------------------------------------------------------------------------------

def hospital(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A children's hospital room: mint walls with a frieze of stars, a window onto the weather, a red cross,
    a bed with rails, a white pillow and blanket, a drip stand, a heart monitor, a curtain and a bedside table."""
    lt = lamplit(L)
    wall = rng.choice(((208, 238, 224), (226, 242, 236)))
    fy = room(c, v, L, wall, (190, 208, 210), planks=False)
    _floor_lines(c, v, fy, shade(lt((190, 208, 210)), 0.1), 50, 190)  # the lino's big squares
    c.rect(-10, fy - wall_s(v, 150), 1010, fy - 14, lt(mix(wall, (120, 190, 170), 0.45)))  # a wipe-clean dado
    c.rect(-10, fy - wall_s(v, 160), 1010, fy - wall_s(v, 146), lt((190, 150, 100)), 1.2)  # and its handrail
    for k in range(-6, 18):  # a frieze of stars painted for the children
        col = lt(((250, 200, 60), (240, 120, 150), (90, 170, 230), (120, 200, 120))[k % 4])
        c.poly(star_points(wall_x(v, k * 80), fy - wall_s(v, 560), wall_s(v, 20), wall_s(v, 9)), col)
    side = rng.choice((-1, 1))  # the bed's head; the window and the curtain are across the room
    wx = wall_x(v, 500 - side * 375)
    window(c, wx - wall_s(v, 105), fy - wall_s(v, 470), wx + wall_s(v, 105), fy - wall_s(v, 250), L, rng, lt((236, 240, 240)))
    sx, sy, r = wall_x(v, 500 - side * 10), fy - wall_s(v, 430), wall_s(v, 50)  # the red cross sign over the bed
    c.rect(sx - r, sy - r, sx + r, sy + r, lt(SHEET), MID)
    for a, b in ((0.25, 0.75), (0.75, 0.25)):
        c.rect(sx - r * a, sy - r * b, sx + r * a, sy + r * b, CROSS_RED)
    q = Spot(wall_x(v, 500 + side * 250), fy - wall_s(v, 350), wall_s(v, 1))  # the heart monitor by the bed's head
    c.rect(*q.box(-60, 42, 60, -42), lt((70, 76, 86)), MID)
    c.rect(*q.box(-50, 32, 50, -32), (20, 36, 40))
    c.line([q(dx, up) for dx, up in ((-46, -4), (-20, -4), (-14, 4), (-8, -4), (0, -4), (6, 24), (12, -22), (18, -4),
                                     (46, -4))], (90, 240, 120), 2.2)
    c.rect(*q.box(-40, 26, -24, 18), (250, 200, 60))
    _curtain(c, v, fy, wall_x(v, 500 - side * 205), side, lt, rng)
    s, base, head = v.s(1.25, 0.3), fy + v.s(56, 0.3), wall_x(v, 500 + side * 260)
    _bed(c, head, head - side * 400 * s, base, s, lt)
    _drip_stand(c, Spot(head + side * 50 * s, base + 6 * s, s), lt, (head - side * 60 * s, base - 150 * s))
    _bedside_table(c, Spot(head + side * 150 * s, base, s, side), lt)


def _curtain(c: Canvas, v: View, fy: float, x: float, side: int, lt: Lit, rng: random.Random) -> None:
    """A privacy curtain on a ceiling rail round the bed, drawn back in soft folds at its foot."""
    rail, bottom, w = fy - wall_s(v, 610), fy - wall_s(v, 40), wall_s(v, 130)
    c.rect(x - side * w * 0.6 - 3, rail - 6, x + side * wall_s(v, 700) + 3, rail + 2, lt((200, 204, 210)), 1.0)
    cloth = lt(rng.choice(((150, 196, 224), (176, 214, 186), (240, 200, 150))))
    x0, folds, hem = x - w / 2, 6, []
    for k in range(folds + 1):  # the rings it hangs from
        c.ellipse(x0 + w * k / folds, rail + 4, 5, 5, None, 1.0)
    for k in range(folds):
        xa, xb = x0 + w * k / folds, x0 + w * (k + 1) / folds
        mid = (xa + xb) / 2
        c.poly([(xa, rail + 8), (xb, rail + 8), (xb, bottom), (mid, bottom + 10), (xa, bottom)], cloth)
        c.poly([(mid, rail + 8), (xb, rail + 8), (xb, bottom), (mid, bottom + 10)], shade(cloth, 0.14))
        hem += [(xa, bottom), (mid, bottom + 10)]
        for j in range(5):  # its little pattern of dots
            c.ellipse(xa + (xb - xa) * 0.3, rail + (bottom - rail) * (0.12 + 0.19 * j + 0.05 * (k % 2)), 3, 3, lighten(cloth, 0.5))
    c.line([(x0, rail + 8), *hem, (x0 + w, bottom), (x0 + w, rail + 8), (x0, rail + 8), (x0, bottom)], c.ink, MID, ink=True)


def _bed(c: Canvas, head: float, foot: float, base: float, s: float, lt: Lit) -> None:
    """A hospital bed seen from the side: a steel frame on wheels, the back raised, a white pillow, a blanket
    with its sheet turned down, side rails and a chart hanging at its foot."""
    steel, rim, blanket = lt((176, 184, 196)), lt((120, 170, 200)), lt((190, 216, 244))

    def at(t: float, up: float) -> Point:  # t along the bed from its head (0) to its foot (1), `up` off the floor
        return head + (foot - head) * t, base - up * s

    for t in (0.07, 0.93):  # legs on wheels
        tube(c, [at(t, 16), at(t, 70)], steel, 6 * s)
        c.ellipse(*at(t, 10), 10 * s, 10 * s, (50, 52, 60), 1.0)
    inked_poly(c, [at(0.0, 86), at(1.0, 86), at(1.0, 66), at(0.0, 66)], steel, MID)
    inked_poly(c, [at(0.0, 220), at(0.05, 228), at(0.05, 68), at(0.0, 68)], rim, MID)  # headboard
    inked_poly(c, [at(0.95, 160), at(1.0, 156), at(1.0, 68), at(0.95, 68)], rim, MID)  # footboard
    inked_poly(c, [at(0.05, 86), at(0.95, 86), at(0.95, 118), at(0.36, 118), at(0.1, 188), at(0.05, 180)],
               lt((204, 216, 228)), MID)  # the mattress, its back raised
    (ax, ay), (bx, by) = at(0.11, 184), at(0.33, 126)  # a puffy pillow resting on the raised back
    d = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / d, (by - ay) / d
    nx, ny = (uy, -ux) if ux > 0 else (-uy, ux)  # off the back, upwards
    cx, cy, rx, ry = (ax + bx) / 2 + nx * 17 * s, (ay + by) / 2 + ny * 17 * s, d * 0.52, 20 * s
    puffy = [(math.copysign(abs(math.cos(a)) ** 0.5, math.cos(a)) * rx, math.copysign(abs(math.sin(a)) ** 0.5, math.sin(a)) * ry)
             for a in (2 * math.pi * k / 28 for k in range(28))]
    inked_poly(c, [(cx + px * ux + py * nx, cy + px * uy + py * ny) for px, py in puffy], lt(SHEET), MID)
    c.line([(cx + ux * rx * t - nx * 4 * s, cy + uy * rx * t - ny * 4 * s) for t in (-0.5, 0.5)], lt((214, 220, 230)), 2.5 * s)
    inked_poly(c, [at(0.3, 118), at(0.36, 128), at(0.92, 126), at(0.95, 118), at(0.95, 60), at(0.3, 60)], blanket, MID)
    for t in (0.55, 0.72):  # folds where it hangs over the side
        c.line([at(t, 100), at(t + 0.03, 62)], shade(blanket, 0.15), 2 * s)
    inked_poly(c, [at(0.3, 128), at(0.46, 130), at(0.46, 102), at(0.3, 98)], lt(SHEET), 1.2)  # the sheet, turned down
    for k in range(3):  # the side rail: two bars on three posts
        tube(c, [at(0.42 + 0.13 * k, 96), at(0.42 + 0.13 * k, 156)], lt(CHROME), 2.5 * s)
    for up in (156, 128):
        tube(c, [at(0.4, up), at(0.7, up)], lt(CHROME), 3 * s)
    q = Spot(*at(0.975, 130), s)  # the chart on the footboard
    c.rect(*q.box(-12, 20, 12, -20), lt((250, 250, 244)), 1.0)
    for k in range(3):
        c.line([q(-7, 8 - k * 8), q(7, 8 - k * 8)], lt((130, 140, 160)), 1.5)


def _drip_stand(c: Canvas, q: Spot, lt: Lit, to: Point) -> None:
    """A drip stand on wheels: a tall pole, a bag of clear fluid on its hook, the line looping down to the bed."""
    s = q.s
    for dx in (-26, -9, 9, 26):
        c.line([q(0, 10), q(dx, 0)], c.ink, 2.5 * s)
        c.ellipse(*q(dx, 0), 3.5 * s, 3.5 * s, (50, 52, 60))
    tube(c, [q(0, 8), q(0, 340)], lt(CHROME), 3 * s)
    c.line([q(-24, 340), q(24, 340)], c.ink, 3 * s)
    inked_poly(c, [q(-22, 332), q(22, 332), q(19, 268), q(0, 258), q(-19, 268)], lt((236, 246, 250)), 1.2)
    c.poly([q(-20, 300), q(20, 300), q(19, 268), q(0, 260), q(-19, 268)], lt((176, 220, 240)))
    c.line([q(0, 258), q(0, 230), ((q.x + to[0]) / 2, to[1] + 30 * s), to], lt((170, 200, 214)), 2 * s)


def _bedside_table(c: Canvas, q: Spot, lt: Lit) -> None:
    """A bedside cabinet with a drawer, a cup and a jar of flowers, and a get-well balloon tied to it, leaning back
    over the bed."""
    s = q.s
    c.rect(*q.box(-44, 130, 44, 0), lt((236, 232, 222)), MID)
    c.rect(*q.box(-36, 118, 36, 92), lt((214, 210, 200)), 1.0)
    c.rect(*q.box(-8, 108, 8, 102), lt((120, 120, 130)))
    c.rect(*q.box(-36, 82, 36, 10), None, 1.0)
    c.rect(*q.box(-32, 160, -10, 130), lt((120, 190, 230)), 1.0)  # a cup
    for k, col in enumerate(((240, 90, 110), (250, 200, 60), (200, 120, 220))):
        c.line([q(22, 150), q(12 + k * 11, 188 + k * 8)], lt((70, 140, 70)), 2.5 * s)
        c.ellipse(*q(12 + k * 11, 190 + k * 8), 9 * s, 9 * s, lt(col), 1.0)
    inked_poly(c, [q(10, 152), q(34, 152), q(30, 130), q(14, 130)], lt((150, 200, 230)), 1.0)
    bx, by = q(-20, 330)
    c.line([q(-30, 130), (bx, by + 38 * s)], c.ink, 1.2)
    c.ellipse(bx, by, 32 * s, 38 * s, lt((240, 80, 100)), MID)
    c.ellipse(bx - 10 * s, by - 14 * s, 7 * s, 10 * s, lt((255, 190, 200)))


# --- museum hall ---------------------------------------------------------------------------------------------------

def museum(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A museum's grand hall: tall pale walls under skylights, columns, paintings in gold frames, a dinosaur
    skeleton on a plinth behind a velvet rope, a glass case on a stand and a polished floor."""
    lt = lamplit(L)
    wall = lt(rng.choice(((238, 234, 224), (232, 230, 226), (240, 232, 218))))
    fy = room(c, v, L, wall, (212, 196, 174), planks=False)
    floor = lt((212, 196, 174))

    def floor_at(y: float) -> RGB:  # the floor's own shading (`room` darkens it towards the viewer)
        return mix(floor, shade(floor, 0.25), (y - fy) / (1000 - fy))

    _floor_lines(c, v, fy, shade(floor, 0.12), 40, 170)  # big stone slabs
    cornice = fy - wall_s(v, 560)
    c.rect(-10, -10, 1010, cornice, shade(wall, 0.2))  # the ceiling's coffers, each a skylight
    for x in (wall_x(v, k * 160) for k in range(-4, 12)):
        c.rect(x - wall_s(v, 60), cornice - wall_s(v, 130), x + wall_s(v, 60), cornice - wall_s(v, 16), shade(wall, 0.35), 1.0)
        c.gradient(x - wall_s(v, 46), cornice - wall_s(v, 118), x + wall_s(v, 46), cornice - wall_s(v, 30), L.sky_top, L.sky_bottom)
    for k, dy in enumerate((0, 14, 24)):  # the moulded cornice
        c.rect(-10, cornice + wall_s(v, dy), 1010, cornice + wall_s(v, dy + 12 - 2 * k), lighten(wall, 0.2 - 0.1 * k), 1.0)
    side, kinds = rng.choice((-1, 1)), rng.sample(range(3), 3)  # the way the dinosaur faces; which painting hangs where
    # paintings where the skeleton leaves the wall bare: over its tail, under its chin, past the columns
    for k, (fx, fh, size) in enumerate(((-250, 400, 1.0), (385, 300, 0.7), (640, 330, 1.0), (-640, 330, 1.0))):
        _painting(c, Spot(wall_x(v, 500 + side * fx), fy - wall_s(v, fh), wall_s(v, size)), kinds[k % 3], lt,
                  lt(((170, 210, 240), (120, 90, 70), (90, 140, 190), (200, 170, 110))[k]))
    for x in (500 - side * 430, 500 + side * 470, 500 - side * 900, 500 + side * 940):
        _column(c, wall_x(v, x), fy, cornice + wall_s(v, 36), wall_s(v, 1), wall, floor_at)
    px, s = wall_x(v, 500 - side * 40), wall_s(v, 1.05)
    ptop = fy - 34 * s
    c.gradient(px - 310 * s, fy + 16 * s, px + 310 * s, fy + 70 * s, mix(floor, (150, 146, 140), 0.3), floor_at(fy + 70 * s))
    c.rect(px - 310 * s, ptop, px + 310 * s, fy + 16 * s, lt((170, 166, 160)), MID)  # the plinth
    c.rect(px - 320 * s, ptop - 10 * s, px + 320 * s, ptop + 4 * s, lt((196, 192, 186)), MID)
    c.rect(px - 30 * s, ptop + 14 * s, px + 30 * s, ptop + 34 * s, lt(GOLD), 1.0)  # its plaque: a picture, no words
    _skeleton(c, Spot(px - side * 20 * s, ptop - 10 * s, s, side), lt(BONE))
    y = fy + v.s(70)
    for k in range(4):  # brass posts and a sagging velvet rope in front of it
        x, a = v.x(200 + k * 200), v.x(k * 200)
        swag = [(a + (x - a) * t / 8, y - v.s(70) + v.s(26) * math.sin(math.pi * t / 8)) for t in range(9)]
        if k:
            tube(c, swag, VELVET, v.s(5.5))
        tube(c, [(x, y), (x, y - v.s(76))], lt(GOLD), v.s(5))
        c.ellipse(x, y, v.s(18), v.s(6), lt(GOLD), 1.0)
        c.ellipse(x, y - v.s(80), v.s(8), v.s(8), lt(GOLD), 1.0)
    _glass_case(c, Spot(v.x(500 - side * 410), fy + v.s(150), v.zoom), lt, wall)


def _glass_case(c: Canvas, q: Spot, lt: Lit, wall: RGB) -> None:
    """A glass case on a wooden stand with a golden vase inside, its glass catching the light."""
    c.rect(*q.box(-50, 150, 50, 0), lt((120, 80, 60)), MID)
    c.rect(*q.box(-40, 130, 40, 20), None, 1.0, outline=lt((150, 104, 76)))
    c.rect(*q.box(-62, 160, 62, 146), lt((140, 96, 70)), MID)
    glass = mix(wall, (190, 230, 240), 0.5)
    c.rect(*q.box(-56, 290, 56, 160), glass, MID)
    inked_poly(c, [q(-56, 290), q(56, 290), q(44, 306), q(-44, 306)], lighten(glass, 0.3), 1.2)  # its lid, seen from above
    c.ellipse(*q(0, 186), 30 * q.s, 8 * q.s, lt((120, 80, 60)), 1.0)
    half = ((18, 190), (26, 224), (10, 250), (14, 262))  # half the vase, mirrored for the other
    inked_poly(c, [q(dx, up) for dx, up in half] + [q(-dx, up) for dx, up in reversed(half)], lt(GOLD), 1.2)
    c.line([q(-12, 232), q(12, 232)], shade(lt(GOLD), 0.3), 3 * q.s)
    c.line([q(-40, 200), q(-14, 280)], WHITE, 3 * q.s)  # the glass catches the light
    c.line([q(24, 170), q(42, 224)], WHITE, 2 * q.s)


def _column(c: Canvas, x: float, fy: float, top: float, s: float, wall: RGB, floor: Callable[[float], RGB]) -> None:
    """A fluted column on a stepped base, under a capital with scrolls; its reflection in the polished floor."""
    w, stone = 44 * s, lighten(wall, 0.35)
    c.gradient(x - w, fy, x + w, fy + 110 * s, mix(floor(fy), stone, 0.3), floor(fy + 110 * s))
    c.rect(x - w, top + 30 * s, x + w, fy - 30 * s, stone, MID)
    for k in range(-2, 3):
        c.line([(x + k * w * 0.36, top + 36 * s), (x + k * w * 0.36, fy - 36 * s)], shade(stone, 0.18), 2)
    c.rect(x - w * 0.6, top + 30 * s, x - w * 0.3, fy - 30 * s, lighten(stone, 0.4))
    c.rect(x + w * 0.55, top + 30 * s, x + w - 2, fy - 30 * s, shade(stone, 0.1))
    for dw, y0, y1 in ((1.3, fy - 30 * s, fy - 14 * s), (1.45, fy - 14 * s, fy + 6 * s),  # the stepped base, the capital
                       (1.45, top, top + 16 * s), (1.15, top + 16 * s, top + 30 * s)):
        c.rect(x - w * dw, y0, x + w * dw, y1, stone, MID)
    for dx in (-1, 1):
        c.ellipse(x + dx * w * 1.15, top + 26 * s, 12 * s, 12 * s, stone, 1.2)
        c.arc(x + dx * w * 1.15, top + 26 * s, 6 * s, 6 * s, 0, 300, c.ink, 1.2)


def _painting(c: Canvas, q: Spot, kind: int, lt: Lit, ground: RGB) -> None:
    """A painting in a gold frame, hung from a nail: a landscape, a portrait or a still life of fruit."""
    w, h, s = 90, 70 if kind != 1 else 90, q.s
    c.rect(*q.box(-w - 12, h + 12, w + 12, -h - 12), lt(GOLD), MID)
    c.rect(*q.box(-w - 4, h + 4, w + 4, -h - 4), shade(lt(GOLD), 0.25))
    c.rect(*q.box(-w, h, w, -h), ground, 1.0)
    if kind == 0:
        c.poly([q(-w, -h * 0.2), q(-w * 0.3, h * 0.3), q(w * 0.4, -h * 0.1), q(w, h * 0.2), q(w, -h), q(-w, -h)], lt((90, 150, 80)))
        c.ellipse(*q(w * 0.5, h * 0.5), 14 * s, 14 * s, lt((250, 210, 80)))
    elif kind == 1:
        c.poly(ellipse_points(*q(0, -h), w * 0.55 * s, h * 0.6 * s, 14, 180, 360), lt((60, 70, 120)))
        c.ellipse(*q(0, h * 0.2), w * 0.3 * s, h * 0.34 * s, lt((236, 196, 160)), 1.0)
        c.poly(ellipse_points(*q(0, h * 0.3), w * 0.34 * s, h * 0.34 * s, 12, 180, 360), lt((90, 60, 40)))
    else:
        c.ellipse(*q(0, -h * 0.5), w * 0.6 * s, h * 0.25 * s, lt((200, 120, 70)), 1.0)
        for dx, col in ((-0.25, (220, 50, 50)), (0.05, (250, 200, 60)), (0.3, (120, 180, 70))):
            c.ellipse(*q(dx * w, -h * 0.2), 16 * s, 16 * s, lt(col), 1.0)
    c.line([q(-18, h + 12), q(0, h + 60), q(18, h + 12)], c.ink, 1.2)


def _skeleton(c: Canvas, at: Spot, bone: RGB) -> None:
    """A Tyrannosaurus skeleton mounted on its plinth (`at` under its hips, facing its way): a spine of
    vertebrae from tail tip to skull, ribs hung from the back, hip bones, two legs of long bones, little arms and a
    big toothed skull, held up by the mount's steel rods."""
    s, facing = at.s, at.facing
    for px, py in ((-10, 222), (110, 236), (-180, 184)):  # the mount's rods
        c.line([at(px, 0), at(px, py)], (90, 96, 108), 3 * s)
    spine = [(-360, 120), (-280, 150), (-190, 184), (-100, 212), (0, 230), (70, 238), (130, 244), (176, 262), (200, 292),
             (212, 318)]
    tube(c, [at(*p) for p in spine], shade(bone, 0.1), 7 * s)  # the cord of the spine under its vertebrae
    _leg(c, at, s, -24, shade(bone, 0.14), (-16, 140), (-50, 56), (-34, 8))  # the far leg, a step back
    for k in range(9):  # ribs hung from the back, curving towards the belly
        px, top, depth = 6 + k * 15, 232 + k * 1.5, 118 - abs(k - 4) * 9
        tube(c, [at(px, top), at(px + 16, top - depth * 0.45), at(px + 8, top - depth * 0.85), at(px - 4, top - depth)],
              bone, 3.4 * s)
    for (ax, ay), (bx, by), (wx, _) in zip(map(lambda p: at(*p), spine), map(lambda p: at(*p), spine[1:]), spine):
        r = (5 + 6 * min(1.0, (wx + 360) / 360)) * s  # vertebrae: knobs along the spine, smaller down the tail
        for t in (0, 1 / 3, 2 / 3):
            vx, vy = ax + (bx - ax) * t, ay + (by - ay) * t
            if -240 < wx < 150:  # the spines standing up along the back
                tube(c, [(vx, vy), (vx - facing * 3 * s, vy - 2.2 * r)], bone, 1.8 * s)
            c.ellipse(vx, vy, r * 1.15, r, bone, 1.0)
    inked_poly(c, [at(-70, 244), at(-20, 258), at(50, 252), at(60, 226), at(0, 210), at(-60, 222)], bone, 1.2)  # hip blade
    tube(c, [at(10, 214), at(44, 130), at(64, 122)], bone, 8 * s)  # the pubis, with its boot
    tube(c, [at(-20, 214), at(-70, 150)], bone, 7 * s)  # the ischium
    _leg(c, at, s, 0, bone, (36, 140), (8, 52), (30, 8))
    tube(c, [at(150, 230), at(170, 200), at(186, 196)], bone, 4 * s)  # the little arm
    inked_poly(c, [at(*p) for p in ((198, 340), (240, 356), (314, 334), (330, 314), (316, 300), (220, 298), (196, 318))],
               bone, MID)  # the skull, and its jaw below
    inked_poly(c, [at(*p) for p in ((214, 300), (316, 298), (306, 282), (234, 274), (206, 288))], shade(bone, 0.08), MID)
    for tx in range(232, 320, 11):  # teeth along both jaws
        inked_poly(c, [at(tx, 300), at(tx + 7, 300), at(tx + 3, 288)], (252, 250, 240), 0.6)
    dark = (60, 50, 50)
    inked_poly(c, [at(266, 338), at(292, 330), at(276, 312), at(260, 316)], dark, 0.8)  # the skull's big window
    c.ellipse(*at(234, 332), 11 * s, 10 * s, dark)  # the eye socket
    c.ellipse(*at(314, 322), 5 * s, 3 * s, dark)
    tube(c, [at(*spine[0]), at(-390, 104)], bone, 3 * s)


def _leg(c: Canvas, at: Spot, s: float, off: float, col: RGB, knee: Point, ankle: Point, foot: Point) -> None:
    """A hind leg of long bones from the hip, `off` along the body: thigh, shin and foot, knobbed joints, three toes."""
    pts = [at(off + 4, 226), at(off + knee[0], knee[1]), at(off + ankle[0], ankle[1]), at(off + foot[0], foot[1])]
    for a, b, w in zip(pts, pts[1:], (22, 16, 10)):
        tube(c, [a, b], col, w * s)
        c.ellipse(*b, w * 0.45 * s, w * 0.45 * s, col, 1.0)
    for tx in (26, 40, 48):
        tube(c, [pts[3], at(off + foot[0] + tx, 0)], col, 4 * s)


PAINTERS = {"pool": pool, "hospital": hospital, "museum": museum}
