"""Outdoor places: one painter per lexicon setting, each naming its place at a glance.

Every painter follows the same recipe: sky, far silhouettes without ink (hazed
towards the sky colour), a middle layer, the ground, then near things with ink
outlines. Sizes go through the `View`, so the shot zooms the place.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from services.art.procedural.backgrounds import (
    View,
    band,
    cloud,
    ground,
    meadow,
    pine,
    round_tree,
    scatter,
    sky,
    twinkle,
)
from services.art.procedural.canvas import Canvas, ellipse_points
from services.art.procedural.palettes import RGB, Light, mix, shade
from services.art.procedural.water import Water, spans_between

NEAR = 2.2  # ink width of near scenery, in units
MID = 1.5


def _tufts(c: Canvas, col: RGB) -> Callable[[float, float, float], None]:
    def paint(x: float, y: float, s: float) -> None:
        c.line([(x - 6 * s, y), (x - 9 * s, y - 12 * s)], col, 2.2 * s)
        c.line([(x, y), (x, y - 16 * s)], col, 2.2 * s)
        c.line([(x + 6 * s, y), (x + 10 * s, y - 11 * s)], col, 2.2 * s)
    return paint


def _mesas(c: Canvas, v: View, rng: random.Random, col: RGB, widths: tuple[float, float],
           heights: tuple[float, float], shoulder: float) -> None:
    """Three flat-topped hills far off, without ink: the skyline that says "dry land" (mars, desert).

    `shoulder` is how far in from each foot the flat top begins, as a share of the width."""
    h0 = v.horizon
    for _i in range(3):
        x = v.x(rng.uniform(-100, 1000), 0.8)
        w, h = v.s(rng.uniform(*widths), 0.8), v.s(rng.uniform(*heights), 0.8)
        c.poly([(x, h0 + 5), (x + w * shoulder, h0 - h), (x + w * (1 - shoulder), h0 - h), (x + w, h0 + 5)], col)


def city(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    sky(c, v, L, rng)
    h0 = v.horizon
    far = L((150, 165, 205), depth=0.75)
    x = -300.0
    while x < 1300:
        w, h = rng.uniform(40, 90), rng.uniform(90, 240)
        c.rect(v.x(x, 0.8), h0 + 10 - v.s(h, 0.8), v.x(x + w, 0.8), h0 + 20, far)
        if rng.random() < 0.3:
            c.rect(v.x(x + w * 0.45, 0.8), h0 + 10 - v.s(h + 30, 0.8), v.x(x + w * 0.5, 0.8), h0, far)
        x += w + rng.uniform(-5, 10)
    fronts = [(214, 120, 96), (112, 146, 196), (232, 190, 112), (150, 126, 176), (104, 170, 156), (200, 160, 140)]
    night = L.time == "night"
    x = -400.0
    while x < 1400:
        w, h = rng.uniform(120, 180), rng.uniform(220, 360)
        col = L(rng.choice(fronts), depth=0.25)
        x0, x1 = v.x(x, 0.3), v.x(x + w, 0.3)
        top, foot = h0 + 40 - v.s(h, 0.3), h0 + 40
        if x1 > -20 and x0 < 1020:
            c.rect(x0, top, x1, foot, col, MID)
            c.rect(x0 - 5, top - 10, x1 + 5, top, shade(col, 0.3), MID)
            cols, ww = 3, (x1 - x0) / 3
            rows = int((foot - top - 30) / max(20.0, v.s(48, 0.3)))
            for r in range(rows):
                for k in range(cols):
                    lit = night and rng.random() < 0.6
                    wc = (255, 214, 110) if lit else L(mix((170, 205, 235), col, 0.35), depth=0.2)
                    wx, wy = x0 + ww * k + ww * 0.25, top + 20 + r * (foot - top - 30) / max(rows, 1)
                    c.rect(wx, wy, wx + ww * 0.5, wy + v.s(26, 0.3), wc, 1.0)
        x += w + rng.uniform(15, 40)
    walk = h0 + 40
    c.gradient(0, walk, 1000, walk + v.s(60), L((196, 192, 186)), L((170, 166, 160)))
    c.rect(-5, walk + v.s(60), 1005, walk + v.s(70), L((120, 116, 112)), MID)
    road_top = walk + v.s(70)
    c.gradient(0, road_top, 1000, 1000, L((92, 94, 104)), L((62, 64, 72)))
    vx = 500 + v.pan * 0.4
    for i in range(6):
        t0, t1 = (i / 6) ** 1.6, ((i + 0.5) / 6) ** 1.6
        y0, y1 = road_top + (1000 - road_top) * t0, road_top + (1000 - road_top) * t1
        c.poly([(vx - 3 - 14 * t0, y0), (vx + 3 + 14 * t0, y0), (vx + 3 + 14 * t1, y1), (vx - 3 - 14 * t1, y1)],
               L((240, 220, 120)))
    if L.weather == "rain" or night:  # wet asphalt and lamplight reflections
        for _ in range(14):
            y = rng.uniform(road_top + 20, 990)
            x = rng.uniform(0, 1000)
            c.line([(x, y), (x + rng.uniform(40, 120), y)], L((150, 160, 190)) if not night else (200, 170, 90), 2.0)
    lx = v.x(rng.choice((160, 840)))
    c.rect(lx - 6, walk - v.s(230), lx + 6, walk + v.s(40), L((60, 70, 80)), MID)
    c.poly([(lx - 22, walk - v.s(230)), (lx + 22, walk - v.s(230)), (lx + 12, walk - v.s(255)), (lx - 12, walk - v.s(255))],
           L((60, 70, 80)), MID)
    if night:
        c.ellipse(lx, walk - v.s(222), 40, 16, (255, 230, 150))


def forest(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    h0 = meadow(c, v, L, rng, (80, 130, 110), 160, 14, ((120, 170, 90), (70, 130, 60)))
    for i in range(9):
        x = v.x(-100 + i * 150 + rng.uniform(-30, 30), 0.45)
        s = v.s(rng.uniform(150, 210), 0.45)
        if rng.random() < 0.5:
            pine(c, x, h0 + 30, s * 1.3, L((50, 110, 80), depth=0.45), 0.0)
        else:
            round_tree(c, x, h0 + 30, s, L((110, 80, 60), depth=0.45), L((80, 150, 80), depth=0.45), 0.0)
    vx = 500 + v.pan * 0.5
    c.poly([(vx - 20, h0 + 30), (vx + 20, h0 + 30), (vx + 300, 1000), (vx - 260, 1000)], L((190, 160, 110)), 0)
    scatter(c, v, rng, 40, _tufts(c, L((50, 110, 50))))
    for side in (-1, 1):  # framing trunks: the viewer is standing among the trees
        if rng.random() < 0.75:
            x = 500 + side * rng.uniform(420, 470) + v.pan * 0.3
            c.rect(x - 40, -10, x + 40, 1000, L((120, 82, 58)), NEAR)
            c.line([(x - 12, 200), (x - 6, 420)], L((90, 60, 44)), 4)
            c.ellipse(x, 40, 150, 110, L((60, 130, 70)), NEAR)
            c.ellipse(x - side * 60, 120, 90, 70, L((74, 150, 80)), NEAR)
    for _ in range(5):
        x, y = v.x(rng.uniform(100, 900), 0.1), rng.uniform(h0 + 80, 980)
        s = 0.5 + (y - h0) / 500
        c.rect(x - 5 * s, y - 18 * s, x + 5 * s, y, L((240, 230, 210)), 1.2)
        c.ellipse(x, y - 18 * s, 16 * s, 10 * s, L((220, 60, 60)), 1.2)


def beach(c: Canvas, v: View, L: Light, rng: random.Random) -> Water:
    sky(c, v, L, rng)
    h0 = v.horizon
    sea_bottom = h0 + v.s(110, 0.5)
    c.gradient(0, h0, 1000, sea_bottom, L((50, 130, 190)), L((80, 190, 210)))
    for _ in range(14):
        y = rng.uniform(h0 + 8, sea_bottom - 8)
        x = rng.uniform(0, 1000)
        w = 20 + (y - h0) * 0.5
        c.arc(x, y, w, 6, 200, 340, L((230, 245, 255)), 1.6)
    c.gradient(0, sea_bottom, 1000, 1000, L((240, 215, 160)), L((226, 190, 130)))
    pts = [(0, sea_bottom)] + [(i * 25, sea_bottom + 10 + 8 * math.sin(i * 0.9 + rng.random())) for i in range(41)] + [(1000, sea_bottom)]
    c.poly(pts, L((250, 250, 245)))
    sail = v.x(rng.uniform(250, 750), 0.7)
    c.poly([(sail - 30, h0 - 4), (sail + 30, h0 - 4), (sail + 22, h0 + 6), (sail - 22, h0 + 6)], L((120, 80, 60), depth=0.6))
    c.poly([(sail, h0 - 60), (sail, h0 - 6), (sail + 34, h0 - 8)], L((250, 250, 250), depth=0.6))
    side = rng.choice((-1, 1))
    px, py = 500 + side * 380 + v.pan * 0.3, sea_bottom + 150
    seg = [(px + side * (-i * i * 1.2), py - i * 48 * v.zoom / 1.2) for i in range(8)]
    for (x0, y0), (x1, y1) in zip(seg, seg[1:]):
        c.poly([(x0 - 16, y0), (x0 + 16, y0), (x1 + 13, y1), (x1 - 13, y1)], L((170, 120, 70)), NEAR)
    tx, ty = seg[-1]
    for ang in (200, 235, 270, 305, 340, 20):
        a = math.radians(ang)
        ex, ey = tx + math.cos(a) * 170, ty + math.sin(a) * 90 + 40
        mx, my = (tx + ex) / 2, (ty + ey) / 2 - 30
        c.poly([(tx, ty), (mx, my - 14), (ex, ey), (mx, my + 14)], L((60, 150, 70)), NEAR)
    c.ellipse(tx, ty + 10, 14, 14, L((120, 80, 40)), MID)

    def shell(x: float, y: float, s: float) -> None:
        c.ellipse(x, y, 8 * s, 6 * s, L((250, 190, 170)), 1.0)
    scatter(c, v, rng, 10, shell, sea_bottom + 20)
    return Water(spans_between(h0 + 4, sea_bottom, 6.0, lambda y: [(0.0, 1000.0)]), 6.0)


def underwater(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    deep = L.time == "night"
    top, bottom = ((20, 60, 110), (8, 20, 50)) if deep else ((80, 200, 220), (20, 80, 150))
    h0 = v.horizon + 60
    c.gradient(0, 0, 1000, h0, top, bottom)
    for _ in range(5):  # god rays from the surface
        x = rng.uniform(0, 1000)
        c.poly([(x - 30, 0), (x + 30, 0), (x + 160, h0), (x + 60, h0)], mix(top, (255, 255, 255), 0.18))
    band(c, v, rng, h0 + 10, 120, mix(bottom, (40, 60, 90), 0.3), bumps=6, depth=0.8)
    c.gradient(0, h0, 1000, 1000, (214, 196, 150) if not deep else (90, 90, 100), (180, 150, 110) if not deep else (60, 60, 80))
    for _ in range(6):
        x, y = rng.uniform(0, 1000), rng.uniform(80, h0 - 60)
        c.poly([(x, y), (x + 26, y - 9), (x + 26, y + 9)], mix(bottom, top, 0.5))
        c.poly([(x + 22, y), (x + 34, y - 8), (x + 34, y + 8)], mix(bottom, top, 0.5))
    for i in range(7):
        x = v.x(-50 + i * 180 + rng.uniform(-40, 40), 0.1)
        y = h0 + rng.uniform(30, 300)
        s = v.s(0.6 + (y - h0) / 400)
        if i % 2 == 0:
            col = rng.choice(((240, 110, 120), (250, 160, 80), (200, 100, 200)))
            for k in range(4):
                a = math.radians(-150 + k * 40)
                c.line([(x, y), (x + math.cos(a) * 70 * s, y + math.sin(a) * 90 * s)], c.ink, 16 * s + 3)
            for k in range(4):
                a = math.radians(-150 + k * 40)
                ex, ey = x + math.cos(a) * 70 * s, y + math.sin(a) * 90 * s
                c.line([(x, y), (ex, ey)], col, 16 * s)
                c.ellipse(ex, ey, 10 * s, 10 * s, col, 1.2)
        else:
            pts = [(x + 14 * math.sin(k * 0.9) * s, y - k * 30 * s) for k in range(9)]
            c.line(pts, c.ink, 15 * s + 3)
            c.line(pts, (60, 160, 90), 15 * s)
    for _ in range(14):
        x, y, r = rng.uniform(0, 1000), rng.uniform(50, 900), rng.uniform(4, 14)
        c.ellipse(x, y, r, r, None, 1.2, outline=(230, 250, 255))
        c.ellipse(x - r * 0.3, y - r * 0.3, r * 0.25, r * 0.25, (255, 255, 255))


def space(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    c.gradient(0, 0, 1000, v.horizon + 60, (8, 6, 30), (50, 30, 90))
    for _ in range(120):
        x, y = rng.uniform(0, 1000), rng.uniform(0, v.horizon + 40)
        col = rng.choice(((255, 255, 255), (255, 240, 200), (200, 220, 255)))
        if rng.random() < 0.1:
            twinkle(c, x, y, 8, col)
        else:
            r = rng.choice((1.0, 1.4, 2.0))
            c.ellipse(x, y, r, r, col)
    for k in range(40):  # a faint galaxy swirl
        a = k * 0.35
        c.ellipse(250 + math.cos(a) * k * 3, 200 + math.sin(a) * k * 1.2, 6, 4, (120, 90, 170))
    px, py, pr = v.x(rng.choice((230, 770)), 0.9), rng.uniform(170, 260), v.s(95, 0.9)
    c.ellipse(px, py, pr * 1.9, pr * 0.45, None, 6, outline=(230, 200, 150))
    c.ellipse(px, py, pr, pr, (220, 130, 90), MID)
    c.ellipse(px + pr * 0.25, py + pr * 0.2, pr * 0.75, pr * 0.72, (190, 100, 80))
    c.rect(px - pr * 0.9, py - pr * 0.25, px + pr * 0.9, py - pr * 0.12, (240, 170, 120))
    c.arc(px, py, pr * 1.9, pr * 0.45, 0, 180, (230, 200, 150), 6)
    ex = 1000 - px
    c.ellipse(ex, 120, 34, 34, (70, 130, 220), 1.2)
    c.ellipse(ex - 8, 112, 14, 10, (90, 180, 100))
    c.ellipse(ex + 12, 132, 10, 7, (90, 180, 100))
    h0 = v.horizon + 30
    band(c, v, rng, h0, 60, (150, 150, 165), bumps=3, depth=0.4, line=MID)
    c.gradient(0, h0 + 40, 1000, 1000, (160, 160, 172), (110, 110, 125))

    def crater(x: float, y: float, s: float) -> None:
        c.ellipse(x, y, 40 * s, 12 * s, (120, 120, 135), 1.2)
        c.ellipse(x + 4 * s, y + 2 * s, 32 * s, 8 * s, (95, 95, 110))
    scatter(c, v, rng, 9, crater, h0 + 50)


def mars(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    tint = {"night": (40, 14, 30), "sunset": (120, 60, 90)}.get(L.time, (232, 160, 110))
    sky_light = Light(L.time, L.weather, mix(L.sky_top, tint, 0.7), mix(L.sky_bottom, (240, 170, 120), 0.55),
                      L.sun, L.factor, L.haze_colour, L.haze_strength)
    sky(c, v, sky_light, rng, clouds=False, always_stars=L.time in ("night", "sunset"))
    for moon_x, moon_y, moon_r in ((150, 110, 14), (260, 80, 8)):
        c.ellipse(v.x(moon_x, 0.95), moon_y, moon_r, moon_r, L((230, 210, 190)), 1.0)
    h0 = v.horizon
    _mesas(c, v, rng, L((170, 80, 60), depth=0.6), (150, 260), (50, 90), 0.15)
    band(c, v, rng, h0 + 30, 90, L((200, 90, 55), depth=0.3), bumps=3, depth=0.5)
    ground(c, v, L, (205, 100, 60), (160, 70, 45))
    band(c, v, rng, h0 + 120, 70, L((185, 85, 50)), bumps=2, depth=0.2, line=MID)

    def crater(x: float, y: float, s: float) -> None:
        c.ellipse(x, y, 52 * s, 16 * s, L((150, 60, 40)), 1.4)
        c.ellipse(x + 5 * s, y + 3 * s, 40 * s, 10 * s, L((110, 40, 30)))
        c.arc(x, y, 52 * s, 16 * s, 200, 340, L((230, 130, 90)), 2)

    def rock(x: float, y: float, s: float) -> None:
        c.poly([(x - 14 * s, y), (x - 8 * s, y - 12 * s), (x + 6 * s, y - 14 * s), (x + 15 * s, y)], L((120, 55, 40)), 1.2)
    scatter(c, v, rng, 7, crater, h0 + 150)
    scatter(c, v, rng, 12, rock)


def desert(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    sky(c, v, L, rng)
    h0 = v.horizon
    _mesas(c, v, rng, L((190, 120, 110), depth=0.65), (140, 240), (60, 120), 0.2)
    band(c, v, rng, h0 + 20, 70, L((235, 190, 120), depth=0.4), bumps=4, depth=0.6)
    ground(c, v, L, (240, 205, 140), (225, 175, 105))
    band(c, v, rng, h0 + 140, 90, L((230, 180, 110)), bumps=2, depth=0.2, line=MID)
    for x in (rng.uniform(60, 300), rng.uniform(700, 940)):
        x, y, s = v.x(x, 0.1), h0 + rng.uniform(170, 260), v.s(1.0)
        green = L((80, 160, 90))
        c.rect(x - 18 * s, y - 170 * s, x + 18 * s, y, green, NEAR)
        c.ellipse(x, y - 170 * s, 18 * s, 16 * s, green, NEAR)
        for side, h in ((-1, 110), (1, 80)):
            c.rect(x + side * 18 * s, y - (h - 10) * s, x + side * 50 * s, y - (h - 28) * s, green, NEAR)
            c.rect(min(x + side * 34 * s, x + side * 52 * s), y - (h + 40) * s, max(x + side * 34 * s, x + side * 52 * s),
                   y - (h - 28) * s, green, NEAR)
        c.rect(x - 16 * s, y - 165 * s, x + 16 * s, y - 5 * s, green)
        for k in range(5):
            c.line([(x - 6 * s, y - (30 + k * 28) * s), (x - 6 * s, y - (42 + k * 28) * s)], shade(green, 0.3), 2)

    def pebble(x: float, y: float, s: float) -> None:
        c.ellipse(x, y, 9 * s, 5 * s, L((200, 150, 100)), 1.0)
    scatter(c, v, rng, 12, pebble, h0 + 60)


def mountains(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    sky(c, v, L, rng)
    h0 = v.horizon
    for depth, base, col, n in ((0.8, h0 + 20, (150, 165, 200), 5), (0.5, h0 + 60, (110, 130, 150), 4)):
        for _ in range(n):
            x = v.x(rng.uniform(-100, 1100), depth)
            w, h = v.s(rng.uniform(220, 380), depth), v.s(rng.uniform(220, 360), depth)
            rock = L(col, depth=depth * 0.8)
            c.poly([(x - w / 2, base), (x, base - h), (x + w / 2, base)], rock)
            c.poly([(x, base - h), (x + w / 2, base), (x + w * 0.1, base)], shade(rock, 0.15))
            cap = [(x - w * 0.14, base - h * 0.72), (x, base - h), (x + w * 0.14, base - h * 0.72),
                   (x + w * 0.06, base - h * 0.78), (x - w * 0.03, base - h * 0.7), (x - w * 0.08, base - h * 0.77)]
            c.poly(cap, L((248, 250, 255), depth=depth * 0.5))
    ground(c, v, L, (130, 175, 100), (80, 135, 70))
    for _i in range(7):
        x = v.x(rng.uniform(-100, 1100), 0.2)
        y = h0 + rng.uniform(70, 200)
        pine(c, x, y, v.s(60 + (y - h0) * 0.6, 0.2), L((50, 110, 80)), MID)
    scatter(c, v, rng, 30, _tufts(c, L((60, 115, 55))), h0 + 80)


def snowfield(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """Snow and ice to the horizon: nobody's igloo stands there unless the story's place is one."""
    _snow(c, v, L, rng, igloo=False)


def igloo(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """The snowfield with the igloo the story happens at."""
    _snow(c, v, L, rng, igloo=True)


def _snow(c: Canvas, v: View, L: Light, rng: random.Random, igloo: bool) -> None:
    sky(c, v, L, rng)
    h0 = v.horizon
    for _ in range(3):  # icebergs
        x, w, h = v.x(rng.uniform(0, 1000), 0.7), v.s(rng.uniform(100, 200), 0.7), v.s(rng.uniform(60, 140), 0.7)
        c.poly([(x, h0 + 5), (x + w * 0.3, h0 - h), (x + w * 0.55, h0 - h * 0.8), (x + w * 0.7, h0 - h * 0.95), (x + w, h0 + 5)],
               L((215, 232, 248), depth=0.5))
        c.poly([(x + w * 0.55, h0 - h * 0.8), (x + w * 0.7, h0 - h * 0.95), (x + w, h0 + 5), (x + w * 0.5, h0 + 5)],
               L((180, 205, 232), depth=0.5))
    band(c, v, rng, h0 + 40, 60, L((235, 242, 252), depth=0.3), bumps=3, depth=0.5, line=1.0)
    ground(c, v, L, (240, 246, 255), (205, 222, 245))
    ix = v.x(rng.choice((170, 830)), 0.15)
    iy, r = h0 + v.s(130), v.s(95)
    if igloo:
        c.poly(ellipse_points(ix, iy, r, r * 0.9, 24, 180, 360), L((245, 250, 255)), NEAR)
        for k in range(1, 4):
            c.arc(ix, iy, r, r * 0.9 * (1 - k * 0.25) + 1, 180, 360, L((170, 195, 225)), 1.4)
        c.poly(ellipse_points(ix + r * 0.55, iy, r * 0.32, r * 0.4, 12, 180, 360), L((70, 90, 130)), MID)
    for _i in range(4):
        x = v.x(rng.uniform(-50, 1050), 0.35)
        pine(c, x, h0 + 50, v.s(rng.uniform(110, 170), 0.35), L((60, 110, 100), depth=0.3), 1.0, snow=True)

    def crack(x: float, y: float, s: float) -> None:
        c.line([(x, y), (x + 20 * s, y + 3 * s), (x + 34 * s, y - 2 * s)], L((170, 200, 235)), 2 * s)
    scatter(c, v, rng, 10, crack, h0 + 100)


def castle(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    sky(c, v, L, rng)
    h0 = v.horizon
    band(c, v, rng, h0 + 10, 120, L((120, 160, 120), depth=0.7), bumps=3, depth=0.8)
    cx, base = v.x(500 + rng.uniform(-150, 150), 0.55), h0 + 20
    s = v.s(1.0, 0.55)
    stone, roof = L((200, 190, 180), depth=0.25), L(rng.choice(((200, 70, 70), (70, 100, 190), (120, 80, 160))), depth=0.25)
    c.rect(cx - 170 * s, base - 170 * s, cx + 170 * s, base, stone, MID)
    for k in range(9):
        c.rect(cx - 170 * s + k * 40 * s, base - 188 * s, cx - 148 * s + k * 40 * s, base - 168 * s, stone, MID)
    c.poly(ellipse_points(cx, base - 60 * s, 40 * s, 60 * s, 16, 180, 360) + [(cx + 40 * s, base), (cx - 40 * s, base)],
           L((90, 60, 50)), MID)
    for tx, th in ((-190, 300), (190, 300), (0, 380)):
        x = cx + tx * s
        c.rect(x - 40 * s, base - th * s, x + 40 * s, base - (0 if tx else 170) * s, stone, MID)
        c.poly([(x - 52 * s, base - th * s), (x + 52 * s, base - th * s), (x, base - (th + 110) * s)], roof, MID)
        c.line([(x, base - (th + 110) * s), (x, base - (th + 150) * s)], c.ink, 2)
        c.poly([(x, base - (th + 150) * s), (x + 34 * s, base - (th + 140) * s), (x, base - (th + 130) * s)], L((250, 210, 80)))
        c.poly(ellipse_points(x, base - (th - 50) * s, 10 * s, 18 * s, 10, 180, 360) + [(x + 10 * s, base - (th - 80) * s),
                                                                              (x - 10 * s, base - (th - 80) * s)],
               (255, 210, 110) if L.time == "night" else L((60, 50, 70)))
    ground(c, v, L, (130, 180, 100), (90, 145, 70))
    vx = cx
    c.poly([(vx - 30, base), (vx + 30, base), (vx + 250, 1000), (vx - 220, 1000)], L((200, 180, 140)))
    for _ in range(6):
        x, y = v.x(rng.uniform(-100, 1100), 0.1), h0 + rng.uniform(100, 300)
        bs = 0.6 + (y - h0) / 300
        c.ellipse(x, y, 50 * bs, 30 * bs, L((70, 140, 70)), MID)


def park(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    h0 = meadow(c, v, L, rng, (110, 170, 120), 90, 9, ((140, 200, 100), (90, 160, 70)))
    for i in range(6):
        x = v.x(-80 + i * 210 + rng.uniform(-40, 40), 0.4)
        round_tree(c, x, h0 + 40, v.s(rng.uniform(150, 200), 0.4), L((120, 85, 60), depth=0.3),
                   L(rng.choice(((90, 170, 80), (120, 180, 70), (70, 150, 90))), depth=0.3), 1.2)
    fy = h0 + v.s(70, 0.3)
    for i in range(-4, 30):
        x = v.x(i * 36, 0.3)
        c.poly([(x, fy), (x + 20, fy), (x + 20, fy - v.s(50, 0.3)), (x + 10, fy - v.s(60, 0.3)), (x, fy - v.s(50, 0.3))],
               L((250, 250, 245)), 1.0)
    c.rect(-5, fy - v.s(40, 0.3), 1005, fy - v.s(32, 0.3), L((250, 250, 245)), 1.0)
    vx = 500 + v.pan * 0.4
    c.poly([(vx - 40, fy), (vx + 40, fy), (vx + 340, 1000), (vx - 300, 1000)], L((226, 205, 160)))
    bx, by = v.x(rng.choice((180, 820)), 0.1), fy + v.s(60)
    bw = v.s(120)
    wood = L((170, 110, 70))
    c.rect(bx - bw, by - v.s(70), bx + bw, by - v.s(52), wood, MID)
    c.rect(bx - bw, by - v.s(40), bx + bw, by - v.s(26), wood, MID)
    for lx in (bx - bw * 0.8, bx + bw * 0.8):
        c.rect(lx - 5, by - v.s(26), lx + 5, by + v.s(10), L((60, 60, 70)), 1.2)

    def flower(x: float, y: float, s: float) -> None:
        col = L(rng.choice(((240, 80, 100), (250, 200, 60), (250, 250, 250), (180, 110, 230))))
        for k in range(5):
            a = k * 1.2566
            c.ellipse(x + math.cos(a) * 6 * s, y + math.sin(a) * 6 * s, 5 * s, 5 * s, col)
        c.ellipse(x, y, 3.5 * s, 3.5 * s, (250, 220, 80))
    scatter(c, v, rng, 26, flower, fy + 10)


def lighthouse(c: Canvas, v: View, L: Light, rng: random.Random) -> Water:
    sky(c, v, L, rng)
    h0 = v.horizon
    c.gradient(0, h0, 1000, 1000, L((50, 110, 170)), L((30, 80, 140)))
    for _ in range(30):
        y = rng.uniform(h0 + 6, 1000)
        x = rng.uniform(0, 1000)
        w = 10 + (y - h0) * 0.18
        c.arc(x, y, w, w * 0.3, 200, 340, L((220, 240, 255)), 1.2 + (y - h0) / 250)
    side = rng.choice((-1, 1))
    cx = 500 + side * 260 + v.pan * 0.4
    cliff = [(cx - side * 330, 1010), (cx - side * 200, h0 + 70), (cx - side * 40, h0 + 20), (cx + side * 160, h0 + 30),
             (cx + side * 600, h0 + 10), (cx + side * 600, 1010)]
    c.poly(cliff, L((120, 110, 110)), NEAR)
    c.poly([(cx - side * 200, h0 + 70), (cx - side * 40, h0 + 20), (cx + side * 160, h0 + 30), (cx + side * 600, h0 + 10),
            (cx + side * 600, h0 + 40), (cx - side * 150, h0 + 90)], L((110, 170, 90)), MID)
    s = v.s(1.0, 0.3)
    base, top = h0 + 30, h0 + 30 - 360 * s
    for k in range(6):
        y0, y1 = base - k * 60 * s, base - (k + 1) * 60 * s
        w0, w1 = 60 - k * 4, 60 - (k + 1) * 4
        c.poly([(cx - w0 * s, y0), (cx + w0 * s, y0), (cx + w1 * s, y1), (cx - w1 * s, y1)],
               L((220, 60, 60) if k % 2 == 0 else (250, 250, 245)), MID)
    if L.time in ("night", "sunset") or L.weather in ("fog", "rain"):
        c.poly([(cx, top - 40 * s), (cx - side * 700, top - 140 * s), (cx - side * 700, top + 80 * s)], mix(L.sky_bottom, (255, 240, 170), 0.45))
    c.rect(cx - 48 * s, top - 8 * s, cx + 48 * s, top + 4 * s, L((60, 60, 70)), MID)
    c.rect(cx - 30 * s, top - 60 * s, cx + 30 * s, top - 8 * s, (255, 230, 130), MID)
    c.poly([(cx - 40 * s, top - 60 * s), (cx + 40 * s, top - 60 * s), (cx, top - 110 * s)], L((200, 50, 50)), MID)
    bx = 500 - side * 200 + v.pan * 0.6
    c.poly([(bx - 60, h0 + 40), (bx + 70, h0 + 40), (bx + 50, h0 + 62), (bx - 45, h0 + 62)], L((190, 90, 60)), MID)
    c.line([(bx, h0 + 40), (bx, h0 - 50)], c.ink, 3)
    c.poly([(bx + 4, h0 - 46), (bx + 4, h0 + 34), (bx + 60, h0 + 34)], L((250, 250, 245)), 1.2)
    for _ in range(3):
        gx, gy = rng.uniform(100, 900), rng.uniform(80, 300)
        c.arc(gx - 12, gy, 12, 8, 200, 340, c.ink, 2)
        c.arc(gx + 12, gy, 12, 8, 200, 340, c.ink, 2)
    pier = h0 + v.s(250)
    c.rect(-10, pier, 1010, 1010, L((160, 115, 80)), NEAR)
    for k in range(1, 8):
        y = pier + (1000 - pier) * (k / 8) ** 1.3
        c.line([(0, y), (1000, y)], L((110, 75, 50)), 2)
    if L.weather not in ("rain", "fog", "snow") and L.time == "day":
        cloud(c, 500 + side * 300, 140, 70, L)

    def sea(y: float) -> list[tuple[float, float]]:
        """The open sea on a row: off the cliff's foot."""
        t = min(1.0, max(0.0, (y - h0 - 20) / 50))
        foot = cx - side * (40 + 160 * t + 130 * max(0.0, (y - h0 - 70) / (1010 - h0 - 70)))
        return [(0.0, foot - 12) if side > 0 else (foot + 12, 1000.0)]
    return Water(spans_between(h0 + 4, pier, 6.0, sea), 6.0, busy=((bx - 70, h0 - 55, bx + 75, h0 + 66),))


PAINTERS = {"city": city, "forest": forest, "beach": beach, "underwater": underwater, "space": space,
            "mars": mars, "desert": desert, "mountains": mountains, "snowfield": snowfield, "igloo": igloo, "castle": castle,
            "park": park, "lighthouse": lighthouse}
