"""A school's sports hall, which a gym in a prompt fell to the classroom or the blank backdrop for.

A polished floor with court lines, a hoop on its backboard on the back wall, wall bars, climbing ropes, a mat, a
vaulting box and high windows. Tall things stand against the walls: the lower middle is for the cast.
"""

from __future__ import annotations

import math
import random

from services.art.procedural.backgrounds import Lit, Point, View, lamplit, tube, wall_s, wall_x
from services.art.procedural.canvas import Canvas, ellipse_points, inked_poly
from services.art.procedural.palettes import RGB, WHITE, Light, lighten, mix, shade
from services.art.procedural.scenery_bedrooms import MID
from services.art.procedural.scenery_venues import Spot

GYM_FLOOR: RGB = (232, 178, 104)
COURT_LINE: RGB = (252, 252, 248)
HOOP: RGB = (250, 100, 20)
PADS: tuple[RGB, ...] = ((40, 90, 190), (200, 44, 50), (36, 140, 90))
MAT: RGB = (44, 112, 204)


# --- gym ----------------------------------------------------------------------------------------------------------

def gym(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A school sports hall under bright lights: high windows, a padded wall, a hoop on its backboard, wall bars,
    climbing ropes, a mat and a vaulting box on a polished floor painted with court lines (no ball: the story's own
    ball is the one drawn)."""
    lt = lamplit(L, 0.3)
    side, pad = rng.choice((-1, 1)), lt(rng.choice(PADS))  # the wall bars' side; the ropes and the box across
    key = lt(rng.choice(((206, 64, 52), (40, 150, 100))))  # the lane under the hoop: never the mat's blue
    fy, u = v.horizon + 40, wall_s(v, 1)
    wall = lt((236, 230, 212))
    c.gradient(0, 0, 1000, fy, shade(wall, 0.08), wall)
    bh, bw, mortar = wall_s(v, 50), wall_s(v, 120), shade(wall, 0.1)
    for k in range(4, int(fy / bh) + 1):  # painted blocks, above the padding
        y = fy - k * bh
        c.line([(0, y), (1000, y)], mortar, 1.4)
        x0 = (wall_x(v, 0) + (bw / 2 if k % 2 else 0)) % bw
        for j in range(int(1000 / bw) + 1):
            c.line([(x0 + j * bw, y), (x0 + j * bw, y - bh)], mortar, 1.4)
    for k in range(-5, 6):
        x = wall_x(v, 500 + k * 190)
        c.rect(x - 64 * u, fy - 560 * u, x + 64 * u, fy - 460 * u, lt((240, 240, 240)), 1.2)
        c.rect(x - 56 * u, fy - 552 * u, x + 56 * u, fy - 510 * u, mix(L.sky_top, L.sky_bottom, 0.3))  # two bands of
        c.rect(x - 56 * u, fy - 510 * u, x + 56 * u, fy - 468 * u, mix(L.sky_top, L.sky_bottom, 0.8))  # sky: cheaper
        c.line([(x, fy - 552 * u), (x, fy - 468 * u)], lt((240, 240, 240)), 5 * u)
    c.rect(-10, fy - 170 * u, 1010, fy, pad, MID)  # the padded wall
    for k in range(-8, 9):
        c.line([(wall_x(v, 500 + k * 120), fy - 168 * u), (wall_x(v, 500 + k * 120), fy)], shade(pad, 0.3), 2)
    _court(c, v, fy, lt(GYM_FLOOR), key)
    _wall_bars(c, Spot(wall_x(v, 500 - side * 255), fy + 2 * u, u), lt)
    _hoop(c, Spot(wall_x(v, 500), fy, u), lt)
    c.rect(-10, -10, 1010, v.s(14), lt((90, 96, 110)), 1.2)  # the girder the ropes hang from
    for dx in (0, 80):
        _rope(c, wall_x(v, 500 + side * (200 + dx)), fy - wall_s(v, 60 + dx / 2), u, lt)
    for k in (-3, -1, 1, 3):  # hall lights, on whatever the hour, either side of the hoop
        x, y = wall_x(v, 500 + k * 170), v.s(58)
        c.line([(x, 0), (x, y)], (80, 84, 96), 1.5)
        inked_poly(c, ellipse_points(x, y + v.s(6), v.s(46), v.s(30), 14, 180, 360), (150, 156, 168), 1.2)
        c.ellipse(x, y + v.s(6), v.s(42), v.s(9), (255, 253, 236))
    _mat(c, v.x(500 - side * 300), fy + v.s(84), v.s(1), 500 + v.pan * 0.5, lt)
    _vault_box(c, Spot(v.x(500 + side * 340), fy + v.s(170), v.zoom), lt)


def _court(c: Canvas, v: View, fy: float, floor: RGB, key: RGB) -> None:
    """The polished floor in perspective: boards running away to the wall, the lane painted under the hoop, the
    free-throw circle, the three-point arc, the side lines and a yellow court of another game."""
    vx, vy = 500 + v.pan * 0.5, fy - 260 * v.zoom
    k, w = 1000 - vy, 110 * v.zoom
    far = k / (fy - vy)

    def at(x: float, d: float) -> Point:  # `x` across and `d` out from the wall, in floor tiles
        z = max(0.25, far - 0.16 * d)
        return vx + x * w / z, vy + k / z

    def path(pts: list[tuple[float, float]], col: RGB, width: float = 0.09) -> None:
        c.line([at(x, d) for x, d in pts], col, width * w / max(0.25, far - 0.16 * pts[len(pts) // 2][1]))

    c.gradient(0, fy, 1000, 1000, lighten(floor, 0.12), shade(floor, 0.08))
    for i in range(-24, 25):
        c.line([at(i * 0.75, 0), at(i * 0.75, 40)], shade(floor, 0.12), 1.2)
    for i in range(-5, 6):  # the shine of the high windows on the polish
        c.poly([at(i * 3.4 - 0.6, 0.1), at(i * 3.4 + 0.6, 0.1), at(i * 3.4 + 0.3, 2.2), at(i * 3.4 - 0.3, 2.2)],
               lighten(floor, 0.35))
    c.poly([at(-2.4, 0.1), at(2.4, 0.1), at(2.4, 6), at(-2.4, 6)], key)
    arc = [(7 * math.cos(a), 1.4 + 7 * math.sin(a)) for a in (math.pi * j / 24 for j in range(25))]
    ring = [(2.4 * math.cos(a), 6 + 2.4 * math.sin(a)) for a in (math.pi * j / 12 for j in range(25))]
    lines: list[list[tuple[float, float]]] = [[(-2.4, 0.1), (-2.4, 6), (2.4, 6), (2.4, 0.1)], ring,
                                              [(7, 0.1), *arc, (-7, 0.1)], [(-9, 30), (-9, 0.1), (9, 0.1), (9, 30)]]
    for pts in lines:
        path(pts, COURT_LINE)
    for pts in ([(-5.2, 30.0), (-5.2, 0.1)], [(5.2, 30.0), (5.2, 0.1)], [(-9.0, 9.5), (9.0, 9.5)]):
        path(pts, (250, 210, 40), 0.07)  # another game's court, in yellow


def _wall_bars(c: Canvas, q: Spot, lt: Lit) -> None:
    """Wall bars: three ladders of round wooden rungs between upright posts, fixed to the wall."""
    wood = lt((220, 176, 114))
    for dx in (-120, -40, 40, 120):
        c.rect(*q.box(dx - 8, 420, dx + 8, 0), shade(wood, 0.12), 1.2)
    for k in range(15):
        for x0 in (-112, -32, 48):
            tube(c, [q(x0, 26 + k * 26), q(x0 + 64, 26 + k * 26)], wood, 4 * q.s)


def _hoop(c: Canvas, q: Spot, lt: Lit) -> None:
    """A basketball hoop on the back wall: its white backboard with an orange target, the orange rim and its net."""
    s, orange, net = q.s, lt(HOOP), lt(WHITE)
    c.rect(*q.box(-12, 310, 12, 266), lt((120, 124, 132)), 1.0)
    c.rect(*q.box(-112, 420, 112, 292), lt((246, 248, 250)), MID)
    c.line([q(-100, 304), q(-100, 408), q(100, 408), q(100, 304), q(-100, 304)], orange, 5 * s)
    c.line([q(-36, 314), q(-36, 366), q(36, 366), q(36, 314)], orange, 5 * s)
    cx, cy = q(0, 300)
    c.ellipse(cx, cy, 40 * s, 9 * s, None, 3, orange)
    for j in range(9):
        a = math.pi * j / 8
        c.line([(cx + 40 * s * math.cos(a), cy + 9 * s * math.sin(a)), (cx + 24 * s * math.cos(a), cy + 64 * s)], net, 1.6)
        if j < 8:
            b = math.pi * (j + 1) / 8
            c.line([(cx + 34 * s * math.cos(a), cy + 24 * s), (cx + 28 * s * math.cos(b), cy + 46 * s)], net, 1.2)
    c.arc(cx, cy, 40 * s, 9 * s, 0, 180, orange, 5)


def _rope(c: Canvas, x: float, bottom: float, u: float, lt: Lit) -> None:
    """A climbing rope hanging from the ceiling girder, swaying a little, a knot near its end."""
    rope = lt((210, 170, 108))
    pts = [(x + 6 * u * math.sin(t * 3), bottom * t) for t in (j / 8 for j in range(9))]
    tube(c, pts, rope, 10 * u)
    c.ellipse(x + 6 * u * math.sin(3 * (1 - 46 * u / bottom)), bottom - 46 * u, 14 * u, 18 * u, rope, 1.2)


def _mat(c: Canvas, x: float, y: float, s: float, vx: float, lt: Lit) -> None:
    """A blue gym mat lying on the floor, its top leaning towards the middle of the room in perspective."""
    blue, lean = lt(MAT), (vx - x) * 0.12
    top = [(x - 150 * s + lean, y - 40 * s), (x + 150 * s + lean, y - 40 * s), (x + 150 * s, y), (x - 150 * s, y)]
    c.rect(x - 150 * s, y, x + 150 * s, y + 14 * s, shade(blue, 0.25), 1.2)
    inked_poly(c, top, blue, 1.2)


def _vault_box(c: Canvas, q: Spot, lt: Lit) -> None:
    """A vaulting box: wooden tiers narrowing upwards, hand holes in two of them, a padded leather top."""
    wood = lt((206, 152, 86))
    for k in range(4):
        h0, h1 = 96 - 7 * k, 96 - 7 * (k + 1)
        inked_poly(c, [q(-h0, 34 * k), q(h0, 34 * k), q(h1, 34 * k + 34), q(-h1, 34 * k + 34)], wood, 1.2)
        if k in (1, 2):
            c.ellipse(*q(0, 34 * k + 17), 22 * q.s, 6 * q.s, shade(wood, 0.45))
    inked_poly(c, [q(-72, 136), q(72, 136), q(70, 160), q(-70, 160)], lt((240, 226, 194)), MID)


PAINTERS = {"gym": gym}
