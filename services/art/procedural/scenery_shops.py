"""Shops and venues: a room told by what it sells, and a stage for shows and concerts.

A reader names a shop by its goods and its counter, so each shop is a room
(wall, floor, a window onto the weather) with a counter and a till at the back
and its goods where a shopper sees them: buckets of flowers on tiers, bread on
wooden racks over a glass case of cakes, tubs of coloured ice cream and cones,
shelves of toys. A sign over the counter shows a picture, never a word. The
stage is curtains, boards, spotlights and footlights. The goods stand at the
back and the sides, so the cast in front never hides all of them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from services.art.procedural.backgrounds import View, room, wall_s, wall_x, window
from services.art.procedural.canvas import Canvas, ellipse_points, inked_poly, star_points
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade

NEAR = 2.2
MID = 1.5
Lit = Callable[[RGB], RGB]

FLOWER_COLOURS: tuple[RGB, ...] = ((226, 52, 72), (248, 150, 190), (250, 206, 50), (252, 250, 244), (160, 90, 210),
                                   (250, 128, 46))
SCOOP_COLOURS: tuple[RGB, ...] = ((248, 170, 196), (122, 78, 52), (252, 240, 200), (150, 220, 170), (250, 226, 100),
                                  (130, 190, 240), (200, 150, 220))
TOY_COLOURS: tuple[RGB, ...] = ((226, 60, 60), (60, 120, 220), (250, 200, 40), (70, 170, 90), (240, 130, 40),
                                (170, 90, 200))


def _lit(L: Light) -> Lit:
    return lambda col: L(col, strength=0.55)


# --- shared fittings -----------------------------------------------------------------------------------------------

def counter(c: Canvas, v: View, lt: Lit, fy: float, x0: float, x1: float, front: RGB, top: RGB,
             height: float = 130) -> float:
    """A counter at the back of the floor, from world x0 to x1, with panels on its front; returns its top."""
    base, y = fy + v.s(10), fy + v.s(10) - v.s(height)
    a, b = v.x(x0), v.x(x1)
    c.rect(a, y + v.s(18), b, base, lt(front), MID)
    step = v.s(120)
    x = a + step / 2
    while x < b - step / 3:
        c.rect(x - step * 0.38, y + v.s(34), x + step * 0.38, base - v.s(14), None, 1.0, outline=shade(lt(front), 0.25))
        x += step
    c.rect(a - 8, y, b + 8, y + v.s(18), lt(top), MID)
    return y


def till(c: Canvas, x: float, top: float, s: float, lt: Lit) -> None:
    """A cash register standing on a counter top."""
    c.rect(x - 40 * s, top - 42 * s, x + 40 * s, top, lt((92, 98, 112)), MID)
    inked_poly(c, [(x - 30 * s, top - 42 * s), (x + 30 * s, top - 42 * s), (x + 22 * s, top - 70 * s), (x - 22 * s, top - 70 * s)],
           lt((62, 66, 78)), MID)
    c.rect(x - 16 * s, top - 64 * s, x + 16 * s, top - 52 * s, (150, 232, 160))
    for r in range(2):
        for k in range(3):
            kx, ky = x - 24 * s + k * 18 * s, top - 34 * s + r * 14 * s
            c.rect(kx - 6 * s, ky - 4 * s, kx + 6 * s, ky + 4 * s, lt((236, 236, 230)))


def _sign(c: Canvas, x: float, y: float, s: float, lt: Lit, board: RGB, icon: Callable[[float, float, float], None]) -> None:
    """A board hanging on two cords from the ceiling, with the shop's picture on it."""
    w, h = 110 * s, 62 * s
    for dx in (-0.7, 0.7):
        c.line([(x + dx * w, 0), (x + dx * w, y - h)], c.ink, 2)
    c.rect(x - w, y - h, x + w, y + h, lt(board), NEAR)
    c.rect(x - w + 8 * s, y - h + 8 * s, x + w - 8 * s, y + h - 8 * s, None, 1.0, outline=lighten(lt(board), 0.4))
    icon(x, y, s)


def shelf(c: Canvas, x0: float, x1: float, y: float, thick: float, wood: RGB) -> None:
    c.rect(x0, y, x1, y + thick, wood, MID)
    c.rect(x0 + 6, y + thick, x0 + 14, y + thick * 2.4, shade(wood, 0.2), 1.0)
    c.rect(x1 - 14, y + thick, x1 - 6, y + thick * 2.4, shade(wood, 0.2), 1.0)


# --- flower shop ---------------------------------------------------------------------------------------------------

def _bloom(c: Canvas, x: float, y: float, r: float, col: RGB, kind: int) -> None:
    if kind == 0:  # a daisy: petals round a yellow heart
        for k in range(5):
            a = k * math.pi * 0.4 - math.pi / 2
            c.ellipse(x + math.cos(a) * r * 0.6, y + math.sin(a) * r * 0.6, r * 0.5, r * 0.5, col, 1.0)
        c.ellipse(x, y, r * 0.38, r * 0.38, (250, 196, 50), 1.0)
    elif kind == 1:  # a tulip: a cup of three petals
        inked_poly(c, [(x - r, y - r * 0.7), (x - r * 0.35, y - r * 0.2), (x, y - r), (x + r * 0.35, y - r * 0.2), (x + r, y - r * 0.7),
                (x + r * 0.8, y + r * 0.5), (x - r * 0.8, y + r * 0.5)], col, 1.0)
    else:  # a rose: a ball with a spiral
        c.ellipse(x, y, r, r * 0.9, col, 1.0)
        c.arc(x, y, r * 0.55, r * 0.5, 200, 500, shade(col, 0.35), 2)


def _bucket(c: Canvas, x: float, foot: float, s: float, L: Light, rng: random.Random) -> None:
    """A zinc bucket crowded with one kind of flower on green stems."""
    col, kind = rng.choice(FLOWER_COLOURS), rng.randrange(3)
    top = foot - 62 * s
    stem = L((70, 140, 60), strength=0.55)
    tips = [(x + (k - 2) * 20 * s + rng.uniform(-3, 3), top - rng.uniform(62, 100) * s) for k in range(5)]
    for k, tip in enumerate(tips):
        c.line([(x + (k - 2) * 6 * s, top + 10 * s), tip], stem, max(2.0, 3 * s))
        if k % 2:
            c.ellipse((x + tip[0]) / 2 + 6 * s, (top + tip[1]) / 2, 8 * s, 4 * s, stem, 1.0)
    for bx, by in tips:
        _bloom(c, bx, by, 14 * s, L(col, strength=0.55), kind)
    zinc = L((168, 180, 192), strength=0.55)
    inked_poly(c, [(x - 36 * s, top), (x + 36 * s, top), (x + 28 * s, foot), (x - 28 * s, foot)], zinc, MID)
    c.rect(x - 33 * s, top + 20 * s, x + 33 * s, top + 27 * s, shade(zinc, 0.2))
    c.ellipse(x, top, 36 * s, 7 * s, lighten(zinc, 0.2), 1.2)


def flower_shop(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A florist's: tiers of zinc buckets full of flowers, hanging baskets, a counter with a till and a bouquet."""
    lt = _lit(L)
    fy = room(c, v, L, (214, 236, 214), (196, 186, 170), planks=False)
    side = rng.choice((-1, 1))
    wx = wall_x(v, 500 - side * 330)
    window(c, wx - wall_s(v, 130), fy - wall_s(v, 500), wx + wall_s(v, 130), fy - wall_s(v, 300), L, rng, lt((90, 130, 90)))
    wood = lt((170, 120, 76))
    for tier, (lift, n) in enumerate(((220, 7), (110, 8))):  # two wooden tiers along the back wall
        y = fy - wall_s(v, lift)
        c.rect(wall_x(v, 40), y, wall_x(v, 960), y + wall_s(v, 22), wood, MID)
        c.rect(wall_x(v, 40), y + wall_s(v, 22), wall_x(v, 960), fy - wall_s(v, lift - 110) if tier == 0 else fy,
               shade(wood, 0.25), 1.0)
        for k in range(n):
            _bucket(c, wall_x(v, 90 + k * 820 / (n - 1)), y, wall_s(v, 0.72 + 0.12 * tier), L, rng)
    for k in range(3):  # hanging baskets with trailing leaves
        hx, hy = wall_x(v, 200 + k * 300), wall_s(v, 120 + 30 * (k % 2))
        c.line([(hx, 0), (hx, hy - 20)], c.ink, 2)
        inked_poly(c, ellipse_points(hx, hy - 20, 34, 28, 12, 0, 180), lt((190, 110, 70)), MID)
        for j in range(5):
            pts = [(hx - 28 + j * 14 + math.sin(i * 0.9 + j) * 6, hy - 10 + i * 16) for i in range(6)]
            c.line(pts, lt((60, 130, 60)), 4)
            c.ellipse(pts[-1][0], pts[-1][1], 5, 5, lt(FLOWER_COLOURS[(j + k) % len(FLOWER_COLOURS)]))
    cx0 = 500 + side * 230
    top = counter(c, v, lt, fy, cx0 - 170, cx0 + 170, (120, 160, 110), (230, 220, 196))
    till(c, v.x(cx0 + side * 90), top, v.zoom, lt)
    bx, s = v.x(cx0 - side * 40), v.zoom  # a bouquet in a vase, ready to be wrapped
    for k in range(5):
        c.line([(bx, top - 40 * s), (bx - 30 * s + k * 15 * s, top - 84 * s)], lt((70, 140, 60)), 3 * s)
    for k in range(5):
        _bloom(c, bx - 30 * s + k * 15 * s, top - 88 * s - (k % 2) * 10 * s, 12 * s, lt(FLOWER_COLOURS[k]), k % 3)
    inked_poly(c, [(bx - 18 * s, top - 46 * s), (bx + 18 * s, top - 46 * s), (bx + 12 * s, top), (bx - 12 * s, top)],
           lt((120, 170, 220)), MID)
    for k in range(3):  # big buckets on the floor at the front corners
        for sgn in (-1, 1):
            _bucket(c, v.x(500 + sgn * (400 + k * 70)), fy + v.s(40 + k * 26), v.s(1.15), L, rng)
    _sign(c, wall_x(v, 500 + side * 170), wall_s(v, 110), wall_s(v, 0.9), lt, (250, 248, 236),
          lambda x, y, s: _bloom(c, x, y, 30 * s, lt((226, 52, 72)), 0))


# --- bakery --------------------------------------------------------------------------------------------------------

CRUST: RGB = (206, 140, 70)


def _loaf(c: Canvas, x: float, y: float, s: float, kind: int, lt: Lit) -> None:
    """A loaf sitting on a shelf at height y: a round boule, a long baguette, a croissant."""
    crust = lt(CRUST)
    if kind == 0:
        inked_poly(c, ellipse_points(x, y, 34 * s, 30 * s, 16, 180, 360), crust, 1.2)
        for dx in (-10, 10):
            c.line([(x + dx * s - 6 * s, y - 22 * s), (x + dx * s + 6 * s, y - 10 * s)], lighten(crust, 0.45), 2.5 * s)
    elif kind == 1:
        c.ellipse(x, y - 12 * s, 56 * s, 12 * s, crust, 1.2)
        for k in range(4):
            sx = x - 36 * s + k * 24 * s
            c.line([(sx - 8 * s, y - 8 * s), (sx + 8 * s, y - 18 * s)], lighten(crust, 0.45), 2.5 * s)
    else:
        for dx, r in ((-24, 10), (24, 10), (-12, 14), (12, 14), (0, 17)):
            c.ellipse(x + dx * s, y - r * s, r * 1.1 * s, r * s, lighten(crust, 0.08), 1.2)


def _cake(c: Canvas, x: float, base: float, s: float, kind: int, lt: Lit) -> None:
    """A cake in the glass case: a layer cake with a cherry, a cupcake, a ring doughnut."""
    if kind == 0:
        for k, col in enumerate(((250, 240, 226), (238, 140, 170), (250, 240, 226))):
            c.rect(x - 40 * s, base - (k + 1) * 18 * s, x + 40 * s, base - k * 18 * s, lt(col), 1.2)
        for k in range(5):
            c.ellipse(x - 32 * s + k * 16 * s, base - 52 * s, 6 * s, 7 * s, lt((250, 250, 246)))
        c.ellipse(x, base - 62 * s, 8 * s, 8 * s, lt((210, 30, 50)), 1.0)
    elif kind == 1:
        inked_poly(c, [(x - 20 * s, base - 28 * s), (x + 20 * s, base - 28 * s), (x + 14 * s, base), (x - 14 * s, base)],
               lt((120, 180, 230)), 1.2)
        for k, r in enumerate((22, 17, 11)):
            c.ellipse(x, base - 32 * s - k * 9 * s, r * s, 9 * s, lt((248, 200, 220)), 1.2)
    else:
        c.ellipse(x, base - 16 * s, 30 * s, 16 * s, lt(CRUST), 1.2)
        c.ellipse(x, base - 18 * s, 26 * s, 12 * s, lt((230, 110, 160)))
        c.ellipse(x, base - 18 * s, 9 * s, 5 * s, lt((200, 190, 180)), 1.0)
        for k in range(6):
            a = k * math.pi / 3 + 0.4
            c.rect(x + math.cos(a) * 18 * s, base - 18 * s + math.sin(a) * 7 * s, x + math.cos(a) * 18 * s + 4 * s,
                   base - 16 * s + math.sin(a) * 7 * s, TOY_COLOURS[k])


def bakery(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A bakery: bread on wooden racks, a brick oven glowing, a glass case of cakes under the counter top."""
    lt = _lit(L)
    fy = room(c, v, L, (248, 230, 196), (186, 136, 96))
    side = rng.choice((-1, 1))
    ox = wall_x(v, 500 + side * 410)  # the bread oven: a brick arch with the fire inside
    ow, oy = wall_s(v, 120), fy - wall_s(v, 250)
    c.rect(ox - ow, oy - wall_s(v, 200), ox + ow, fy, lt((176, 86, 62)), MID)
    for k in range(8):
        c.line([(ox - ow, oy - wall_s(v, 200) + k * wall_s(v, 28)), (ox + ow, oy - wall_s(v, 200) + k * wall_s(v, 28))],
               lt((214, 160, 130)), 1.6)
    inked_poly(c, ellipse_points(ox, oy, ow * 0.7, wall_s(v, 90), 14, 180, 360) + [(ox + ow * 0.7, oy + wall_s(v, 40)),
           (ox - ow * 0.7, oy + wall_s(v, 40))], (60, 30, 26), MID)
    for k, col in enumerate(((250, 120, 40), (252, 200, 70))):
        inked_poly(c, [(ox - ow * (0.5 - k * 0.15), oy + wall_s(v, 40)), (ox, oy - wall_s(v, 50 - k * 20)),
                (ox + ow * (0.5 - k * 0.15), oy + wall_s(v, 40))], col)
    rx0, rx1 = wall_x(v, 500 - side * 60 - 320), wall_x(v, 500 - side * 60 + 320)
    wood = lt((150, 100, 60))
    c.rect(rx0 - 12, fy - wall_s(v, 560), rx0, fy - wall_s(v, 120), wood, MID)
    c.rect(rx1, fy - wall_s(v, 560), rx1 + 12, fy - wall_s(v, 120), wood, MID)
    for row in range(3):  # three racks of loaves: boules, baguettes, croissants
        y = fy - wall_s(v, 420 - row * 120)
        shelf(c, rx0, rx1, y, wall_s(v, 14), wood)
        n = (6, 4, 6)[row]
        for k in range(n):
            _loaf(c, rx0 + (rx1 - rx0) * (k + 0.5) / n, y, wall_s(v, 0.9), (0, 1, 2)[row], lt)
    _sign(c, wall_x(v, 500 - side * 60), wall_s(v, 70), wall_s(v, 0.8), lt, (90, 60, 40),
          lambda x, y, s: _loaf(c, x, y + 14 * s, s * 1.1, 0, lt))
    top = fy + v.s(10) - v.s(150)  # the glass case of cakes under the counter top
    c.rect(-10, top + v.s(100), 1010, fy + v.s(10), lt((150, 100, 62)), MID)
    c.rect(-10, top + v.s(14), 1010, top + v.s(100), lt(mix((200, 230, 240), (248, 230, 196), 0.3)), MID)
    for k in range(7):
        _cake(c, v.x(70 + k * 145), top + v.s(96), v.zoom, k % 3, lt)
    c.line([(v.x(60), top + v.s(30)), (v.x(240), top + v.s(30))], (255, 255, 255), 4)
    c.rect(-10, top, 1010, top + v.s(14), lt((226, 200, 160)), MID)
    till(c, v.x(500 + side * 210), top, v.zoom, lt)
    bx, s = v.x(500 - side * 330), v.zoom  # a basket of baguettes standing on the counter
    for k in range(4):
        c.line([(bx - 24 * s + k * 16 * s, top - 20 * s), (bx - 40 * s + k * 26 * s, top - 120 * s)], c.ink, 20 * s)
        c.line([(bx - 24 * s + k * 16 * s, top - 20 * s), (bx - 40 * s + k * 26 * s, top - 120 * s)], lt(CRUST), 16 * s)
    inked_poly(c, [(bx - 46 * s, top - 46 * s), (bx + 46 * s, top - 46 * s), (bx + 36 * s, top), (bx - 36 * s, top)],
           lt((200, 160, 90)), MID)
    for k in range(3):
        c.line([(bx - 42 * s, top - 34 * s + k * 12 * s), (bx + 42 * s, top - 34 * s + k * 12 * s)], lt((160, 120, 60)), 2)


# --- ice-cream café ------------------------------------------------------------------------------------------------

def _cone(c: Canvas, x: float, y: float, s: float, scoops: tuple[RGB, ...], lt: Lit) -> None:
    """A waffle cone with its tip at (x, y) and scoops stacked on top."""
    wafer = lt((226, 170, 96))
    inked_poly(c, [(x - 18 * s, y - 56 * s), (x + 18 * s, y - 56 * s), (x, y)], wafer, 1.2)
    c.line([(x - 10 * s, y - 50 * s), (x + 6 * s, y - 24 * s)], shade(wafer, 0.3), 1.5)
    c.line([(x + 10 * s, y - 50 * s), (x - 6 * s, y - 24 * s)], shade(wafer, 0.3), 1.5)
    for k, col in enumerate(scoops):
        c.ellipse(x, y - 66 * s - k * 24 * s, 20 * s, 17 * s, lt(col), 1.2)


def _checker_floor(c: Canvas, v: View, fy: float, a: RGB, b: RGB) -> None:
    """Black-and-white parlour tiles in perspective towards the back wall."""
    vx, rows = 500 + v.pan * 0.5, 6
    for r in range(rows):
        t0, t1 = (r / rows) ** 1.6, ((r + 1) / rows) ** 1.6
        y0, y1 = fy + (1000 - fy) * t0, fy + (1000 - fy) * t1
        w0, w1 = v.zoom * (40 + 150 * t0), v.zoom * (40 + 150 * t1)
        for i in range(-14, 14):
            inked_poly(c, [(vx + i * w0, y0), (vx + (i + 1) * w0, y0), (vx + (i + 1) * w1, y1), (vx + i * w1, y1)],
                   a if (i + r) % 2 else b)


def ice_cream_cafe(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """An ice-cream parlour: candy-striped walls, a freezer of coloured tubs, cones, a big cone sign, tiled floor."""
    lt = _lit(L)
    fy = room(c, v, L, (252, 232, 236), (240, 240, 240), planks=False)
    _checker_floor(c, v, fy, lt((250, 248, 244)), lt((232, 160, 182)))
    for k in range(-6, 30):  # candy stripes
        x = wall_x(v, k * 70)
        c.rect(x, 0, x + wall_s(v, 35), fy - 14, lt((248, 188, 204)))
    c.rect(-10, fy - wall_s(v, 160), 1010, fy - 14, lt((160, 222, 200)), 1.2)
    side = rng.choice((-1, 1))
    wx = wall_x(v, 500 + side * 340)
    window(c, wx - wall_s(v, 120), fy - wall_s(v, 480), wx + wall_s(v, 120), fy - wall_s(v, 280), L, rng, lt((250, 250, 250)))
    sx, s = wall_x(v, 500 - side * 350), wall_s(v, 2.4)  # a giant cone on the wall
    _cone(c, sx, fy - wall_s(v, 200), s * 0.9, SCOOP_COLOURS[:3], lt)
    for k in range(9):  # the striped canopy over the counter
        x0, x1 = wall_x(v, 180 + k * 71), wall_x(v, 180 + (k + 1) * 71)
        inked_poly(c, [(x0, wall_s(v, 60)), (x1, wall_s(v, 60)), (x1, wall_s(v, 130)), (x0, wall_s(v, 130))],
               lt((236, 90, 120)) if k % 2 == 0 else lt((252, 252, 246)), 1.0)
        inked_poly(c, ellipse_points((x0 + x1) / 2, wall_s(v, 130), (x1 - x0) / 2, wall_s(v, 18), 8, 0, 180),
               lt((236, 90, 120)) if k % 2 == 0 else lt((252, 252, 246)), 1.0)
    top = fy + v.s(10) - v.s(160)  # the freezer: a glass top over rows of tubs
    c.rect(v.x(110), top + v.s(70), v.x(890), fy + v.s(10), lt((150, 216, 200)), MID)
    c.rect(v.x(110), top + v.s(70), v.x(890), top + v.s(84), lt((250, 250, 250)), 1.2)
    n = 7
    for k in range(n):
        x0 = v.x(130 + k * 108)
        w = v.s(96)
        col = lt(SCOOP_COLOURS[(k + (side > 0)) % len(SCOOP_COLOURS)])
        c.rect(x0, top + v.s(40), x0 + w, top + v.s(72), lt((236, 236, 240)), 1.2)
        inked_poly(c, ellipse_points(x0 + w / 2, top + v.s(42), w * 0.46, v.s(22), 12, 180, 360), col, 1.2)
        if k == 2:
            c.line([(x0 + w * 0.6, top + v.s(30)), (x0 + w * 0.95, top - v.s(20))], lt((200, 200, 210)), 5)
    inked_poly(c, [(v.x(110), top + v.s(70)), (v.x(890), top + v.s(70)), (v.x(870), top), (v.x(130), top)],
           lt(mix((210, 236, 246), (252, 232, 236), 0.2)), MID)
    for k in range(7):  # the tubs seen through the glass
        x0, w = v.x(130 + k * 108), v.s(96)
        inked_poly(c, ellipse_points(x0 + w / 2, top + v.s(40), w * 0.4, v.s(18), 10, 180, 360),
               lt(SCOOP_COLOURS[(k + (side > 0)) % len(SCOOP_COLOURS)]), 1.0)
    c.line([(v.x(160), top + v.s(56)), (v.x(260), top + v.s(10))], (255, 255, 255), 4)
    c.rect(v.x(100), top - v.s(10), v.x(900), top, lt((240, 240, 244)), MID)
    hx = v.x(500 - side * 300)  # a stand of cones ready on the counter
    c.rect(hx - 60 * v.zoom, top - 40 * v.zoom, hx + 60 * v.zoom, top - 10 * v.zoom, lt((200, 200, 210)), 1.2)
    for k in range(3):
        _cone(c, hx - 36 * v.zoom + k * 36 * v.zoom, top - 14 * v.zoom, v.zoom * 0.8,
              (SCOOP_COLOURS[k], SCOOP_COLOURS[k + 3]), lt)
    gx = v.x(500 + side * 310)  # a sundae glass with a cherry
    inked_poly(c, [(gx - 30 * v.zoom, top - 60 * v.zoom), (gx + 30 * v.zoom, top - 60 * v.zoom), (gx + 6 * v.zoom, top - 24 * v.zoom),
            (gx - 6 * v.zoom, top - 24 * v.zoom)], lt((220, 240, 250)), 1.2)
    c.rect(gx - 4 * v.zoom, top - 24 * v.zoom, gx + 4 * v.zoom, top - 10 * v.zoom, lt((220, 240, 250)), 1.0)
    c.rect(gx - 16 * v.zoom, top - 12 * v.zoom, gx + 16 * v.zoom, top - 8 * v.zoom, lt((220, 240, 250)), 1.0)
    for k, col in enumerate((SCOOP_COLOURS[0], SCOOP_COLOURS[2], SCOOP_COLOURS[1])):
        c.ellipse(gx - 14 * v.zoom + k * 14 * v.zoom, top - 68 * v.zoom - (k == 1) * 8 * v.zoom, 14 * v.zoom, 12 * v.zoom, lt(col), 1.2)
    c.ellipse(gx, top - 92 * v.zoom, 7 * v.zoom, 7 * v.zoom, lt((210, 30, 50)), 1.0)


# --- toy shop ------------------------------------------------------------------------------------------------------

def _toy(c: Canvas, x: float, y: float, s: float, kind: int, col: RGB, lt: Lit) -> None:
    """One toy standing on a shelf at height y."""
    if kind == 0:  # a teddy bear
        fur = lt((176, 120, 70))
        c.ellipse(x, y - 18 * s, 18 * s, 18 * s, fur, 1.2)
        for dx in (-11, 11):
            c.ellipse(x + dx * s, y - 48 * s, 6 * s, 6 * s, fur, 1.0)
        c.ellipse(x, y - 42 * s, 13 * s, 12 * s, fur, 1.2)
        c.ellipse(x, y - 39 * s, 5 * s, 4 * s, lt((236, 200, 160)))
    elif kind == 1:  # a stack of blocks
        for k, (dx, dy) in enumerate(((-12, 0), (12, 0), (0, 1))):
            bx, by = x + dx * s, y - dy * 24 * s
            c.rect(bx - 12 * s, by - 24 * s, bx + 12 * s, by, lt(TOY_COLOURS[(k + int(col[0])) % 6]), 1.2)
            c.rect(bx - 6 * s, by - 18 * s, bx + 6 * s, by - 6 * s, lighten(lt(TOY_COLOURS[(k + int(col[0])) % 6]), 0.4))
    elif kind == 2:  # a ball
        c.ellipse(x, y - 20 * s, 20 * s, 20 * s, lt(col), 1.2)
        c.arc(x, y - 20 * s, 20 * s, 8 * s, 0, 180, (255, 255, 255), 3)
    elif kind == 3:  # a toy car
        c.rect(x - 26 * s, y - 20 * s, x + 26 * s, y - 6 * s, lt(col), 1.2)
        c.rect(x - 14 * s, y - 32 * s, x + 12 * s, y - 20 * s, lt(col), 1.2)
        for dx in (-15, 15):
            c.ellipse(x + dx * s, y - 6 * s, 7 * s, 7 * s, (40, 40, 46), 1.0)
    elif kind == 4:  # a robot
        metal = lt((170, 180, 196))
        c.rect(x - 14 * s, y - 30 * s, x + 14 * s, y, metal, 1.2)
        c.rect(x - 11 * s, y - 50 * s, x + 11 * s, y - 32 * s, metal, 1.2)
        c.line([(x, y - 50 * s), (x, y - 58 * s)], c.ink, 1.5)
        c.ellipse(x, y - 59 * s, 3 * s, 3 * s, lt(col))
        for dx in (-5, 5):
            c.ellipse(x + dx * s, y - 42 * s, 2.5 * s, 2.5 * s, (60, 200, 250))
    else:  # a rocket
        inked_poly(c, [(x - 10 * s, y - 10 * s), (x + 10 * s, y - 10 * s), (x + 10 * s, y - 44 * s), (x, y - 60 * s),
                (x - 10 * s, y - 44 * s)], lt((240, 240, 246)), 1.2)
        inked_poly(c, [(x - 10 * s, y - 24 * s), (x - 20 * s, y), (x - 10 * s, y - 8 * s)], lt(col), 1.0)
        inked_poly(c, [(x + 10 * s, y - 24 * s), (x + 20 * s, y), (x + 10 * s, y - 8 * s)], lt(col), 1.0)
        c.ellipse(x, y - 34 * s, 5 * s, 5 * s, (90, 170, 230), 1.0)


def _rocking_horse(c: Canvas, x: float, foot: float, s: float, lt: Lit, facing: int) -> None:
    """A dapple-grey rocking horse on a red rocker, its head up, mane and tail in brown wool."""
    body, wool, red = lt((236, 232, 224)), lt((130, 80, 50)), lt((200, 50, 50))
    inked_poly(c, ellipse_points(x, foot - 70 * s, 90 * s, 40 * s, 16, 20, 160), red, MID)  # the rocker
    inked_poly(c, ellipse_points(x, foot - 70 * s, 80 * s, 30 * s, 16, 20, 160), lt((236, 226, 210)))
    for dx in (-52, -36, 36, 52):  # the legs down to the rocker
        c.line([(x + dx * s, foot - 28 * s - abs(dx) * 0.25 * s), (x + dx * 0.8 * s, foot - 96 * s)], c.ink, 9 * s)
        c.line([(x + dx * s, foot - 28 * s - abs(dx) * 0.25 * s), (x + dx * 0.8 * s, foot - 96 * s)], body, 6 * s)
    c.ellipse(x, foot - 104 * s, 58 * s, 24 * s, body, MID)
    c.line([(x - facing * 56 * s, foot - 108 * s), (x - facing * 80 * s, foot - 76 * s)], wool, 9 * s)  # the tail
    nx = x + facing * 42 * s  # the neck and the head
    inked_poly(c, [(nx - facing * 18 * s, foot - 110 * s), (nx + facing * 4 * s, foot - 170 * s), (nx + facing * 24 * s, foot - 166 * s),
            (nx + facing * 24 * s, foot - 104 * s)], body, MID)
    inked_poly(c, [(nx, foot - 172 * s), (nx + facing * 26 * s, foot - 176 * s), (nx + facing * 62 * s, foot - 146 * s),
            (nx + facing * 52 * s, foot - 132 * s), (nx + facing * 16 * s, foot - 142 * s)], body, MID)
    inked_poly(c, [(nx + facing * 6 * s, foot - 176 * s), (nx + facing * 10 * s, foot - 194 * s), (nx + facing * 18 * s, foot - 176 * s)],
           body, 1.2)  # an ear
    c.line([(nx - facing * 4 * s, foot - 172 * s), (nx - facing * 14 * s, foot - 116 * s)], wool, 8 * s)  # the mane
    c.ellipse(nx + facing * 26 * s, foot - 160 * s, 3.5 * s, 3.5 * s, c.ink)
    c.ellipse(x - facing * 6 * s, foot - 128 * s, 22 * s, 8 * s, lt((60, 120, 220)), 1.2)  # the saddle


def toy_shop(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A toy shop: tall shelves full of teddies, blocks, balls, cars, robots and rockets; a kite, balloons, a till."""
    lt = _lit(L)
    fy = room(c, v, L, rng.choice(((250, 226, 150), (190, 220, 246))), (184, 136, 94))
    wood = lt((196, 140, 84))
    for x0 in (0, 660):  # two tall shelving units, full of toys
        a, b = wall_x(v, x0 + 10), wall_x(v, x0 + 330)
        c.rect(a, fy - wall_s(v, 600), b, fy, shade(wood, 0.3), MID)
        for row in range(4):
            y = fy - wall_s(v, 30 + row * 140)
            shelf(c, a, b, y, wall_s(v, 14), wood)
            k, x = rng.randrange(6), a + wall_s(v, 40)
            while x < b - wall_s(v, 34):
                _toy(c, x, y, wall_s(v, 1.5), k % 6, rng.choice(TOY_COLOURS), lt)
                x += wall_s(v, rng.uniform(78, 92))
                k += rng.choice((1, 2))
    kx, ky = wall_x(v, 500), fy - wall_s(v, 430)  # a kite pinned to the wall, its tail trailing
    kcol = lt(rng.choice(TOY_COLOURS))
    inked_poly(c, [(kx, ky - wall_s(v, 80)), (kx + wall_s(v, 60), ky), (kx, ky + wall_s(v, 90)), (kx - wall_s(v, 60), ky)], kcol, MID)
    c.line([(kx, ky - wall_s(v, 80)), (kx, ky + wall_s(v, 90))], shade(kcol, 0.3), 2)
    c.line([(kx - wall_s(v, 60), ky), (kx + wall_s(v, 60), ky)], shade(kcol, 0.3), 2)
    tail = [(kx + math.sin(i * 0.9) * wall_s(v, 16), ky + wall_s(v, 90) + i * wall_s(v, 20)) for i in range(7)]
    c.line(tail, c.ink, 2)
    for i in range(1, 7, 2):
        inked_poly(c, star_points(tail[i][0], tail[i][1], 8, 4, 4), lt(TOY_COLOURS[i % 6]))
    top = counter(c, v, lt, fy, 330, 670, (80, 140, 210), (240, 200, 90))
    side = rng.choice((-1, 1))
    till(c, v.x(500 + side * 100), top, v.zoom, lt)
    for k in range(3):  # balloons tied to the counter
        bx = v.x(500 - side * 120) + (k - 1) * 34 * v.zoom
        by = top - (150 + 26 * (k % 2)) * v.zoom
        c.line([(v.x(500 - side * 120), top), (bx, by + 30 * v.zoom)], c.ink, 1.2)
        c.ellipse(bx, by, 24 * v.zoom, 30 * v.zoom, lt(TOY_COLOURS[(k * 2 + 1) % 6]), 1.2)
    _toy(c, v.x(500 - side * 30), top, v.zoom, 0, TOY_COLOURS[0], lt)
    _rocking_horse(c, v.x(500 + side * 400), fy + v.s(80), v.zoom, lt, -side)


# --- stage ---------------------------------------------------------------------------------------------------------

def _drape(c: Canvas, x_edge: float, x_in: float, bottom: float, red: RGB) -> None:
    """One side curtain: velvet folds from the top to the boards, the hem scalloped."""
    n = 5
    w = (x_in - x_edge) / n
    for k in range(n):
        x0 = x_edge + k * w
        col = red if k % 2 == 0 else shade(red, 0.3)
        inked_poly(c, [(x0, 0), (x0 + w, 0), (x0 + w + w * 0.1, bottom), (x0 + w * 0.5, bottom + 12), (x0 - w * 0.05, bottom)], col)
        c.line([(x0 + w * 0.5, 20), (x0 + w * 0.55, bottom - 10)], lighten(col, 0.2), 3)
    inked_poly(c, [(x_edge, 0), (x_in, 0), (x_in + w * 0.1, bottom), (x_edge, bottom)], None, MID)


def stage(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A stage for shows and concerts: red curtains and valance, spotlight beams on wooden boards, footlights."""
    h0 = v.horizon + 40
    back_top, back_bottom = (36, 26, 60), (84, 40, 78)
    c.gradient(0, 0, 1000, h0, back_top, back_bottom)
    for _ in range(22):  # little lights on the backdrop
        x, y = rng.uniform(80, 920), rng.uniform(150, h0 - 60)
        inked_poly(c, star_points(x, y, 7, 3), mix(back_bottom, (255, 240, 200), 0.5))
    beams = [v.x(500 + (k - 1) * 280 + rng.uniform(-40, 40), 0.2) for k in range(3)]
    glow = mix(back_bottom, (255, 236, 180), 0.35)
    for bx in beams:  # spotlight beams, from the lamps to pools of light on the boards
        inked_poly(c, [(bx - 18, v.s(150, 0.2)), (bx + 18, v.s(150, 0.2)), (bx + v.s(150), h0 + v.s(90)), (bx - v.s(150), h0 + v.s(90))],
               glow)
    boards, front = (200, 144, 90), h0 + v.s(300)
    c.gradient(0, h0, 1000, front, shade(boards, 0.15), boards)
    vx = 500 + v.pan * 0.5
    for i in range(-12, 13):
        c.line([(vx + i * 40 * v.zoom, h0), (vx + i * 120 * v.zoom, front)], shade(boards, 0.3), 1.6)
    c.line([(0, h0), (1000, h0)], shade(boards, 0.5), 3)
    for bx in beams:
        c.ellipse(bx, h0 + v.s(90), v.s(170), v.s(40), mix(boards, (255, 244, 200), 0.5))
        c.ellipse(bx, h0 + v.s(90), v.s(120), v.s(26), mix(boards, (255, 250, 226), 0.7))
    c.rect(-10, front, 1010, 1010, (60, 30, 40), MID)  # the front of the stage, with footlights
    for k in range(12):
        fx = v.x(40 + k * 84)
        inked_poly(c, ellipse_points(fx, front + 2, 14 * v.zoom, 10 * v.zoom, 10, 180, 360), (255, 226, 120), 1.2)
    for sgn in (-1, 1):  # loudspeakers at the sides, a microphone on its stand
        sx, foot = v.x(500 + sgn * 290, 0.1), h0 + v.s(60)
        c.rect(sx - 44 * v.zoom, foot - 130 * v.zoom, sx + 44 * v.zoom, foot, (40, 40, 48), MID)
        for k, r in enumerate((26, 16)):
            c.ellipse(sx, foot - (40 + k * 56) * v.zoom, r * v.zoom, r * v.zoom, (90, 90, 100), 1.2)
    mx, mfoot = v.x(500 + rng.choice((-1, 1)) * 200, 0.1), h0 + v.s(70)
    c.line([(mx, mfoot), (mx, mfoot - 190 * v.zoom)], c.ink, 4 * v.zoom)
    c.line([(mx - 26 * v.zoom, mfoot), (mx + 26 * v.zoom, mfoot)], c.ink, 4 * v.zoom)
    c.ellipse(mx, mfoot - 200 * v.zoom, 10 * v.zoom, 14 * v.zoom, (70, 70, 80), 1.2)
    red = (196, 30, 46)
    edge = v.s(150, 0.6)
    _drape(c, -20, edge, h0 + v.s(200), red)
    _drape(c, 1020, 1000 - edge, h0 + v.s(200), red)
    val = v.s(90, 0.6)  # the valance, scalloped, with a gold fringe
    c.rect(-10, 0, 1010, val, shade(red, 0.15), MID)
    for k in range(9):
        x = k * 125 + 62
        inked_poly(c, ellipse_points(x, val, 64, v.s(30, 0.6), 10, 0, 180), shade(red, 0.15), MID)
        inked_poly(c, ellipse_points(x, val + 4, 60, v.s(30, 0.6), 10, 0, 180), None, 3, outline=(236, 190, 70))
    for bx in beams:  # the lamps on the bar behind the valance
        inked_poly(c, [(bx - 22, val + v.s(10, 0.2)), (bx + 22, val + v.s(10, 0.2)), (bx + 14, val + v.s(44, 0.2)),
                (bx - 14, val + v.s(44, 0.2))], (50, 50, 58), MID)
        c.ellipse(bx, val + v.s(44, 0.2), 14, 6, (255, 246, 200))


PAINTERS = {"flower_shop": flower_shop, "bakery": bakery, "ice_cream_cafe": ice_cream_cafe, "toy_shop": toy_shop,
            "stage": stage}
