"""Places people gather in town: a street of shops, a fair; and the neutral backdrop for a place we cannot draw.

A street is told by its shop fronts (awnings, display windows), lamp posts and
a zebra crossing, a fair by its ferris wheel, striped tents and bunting. The
neutral backdrop names no place at all: a sky or wall gradient over a plain
ground, so a pictogram of the real place can stand on it without a clash.
"""

from __future__ import annotations

import math
import random

from services.art.procedural.backgrounds import View, band, ground, scatter, sky
from services.art.procedural.canvas import Canvas, ellipse_points, star_points
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade

NEAR = 2.2
MID = 1.5
WARM_LIGHT: RGB = (255, 226, 140)


# --- street ----------------------------------------------------------------------

def _awning(c: Canvas, x0: float, x1: float, y: float, depth: float, col: RGB) -> None:
    """A striped shop awning with a scalloped edge."""
    stripes = 6
    w = (x1 - x0) / stripes
    for k in range(stripes):
        c.poly([(x0 + k * w, y), (x0 + (k + 1) * w, y), (x0 + (k + 1) * w + 6, y + depth), (x0 + k * w + 6, y + depth)],
               col if k % 2 == 0 else (250, 248, 240))
    c.poly([(x0, y), (x1, y), (x1 + 6, y + depth), (x0 + 6, y + depth)], None, MID)
    for k in range(stripes):
        c.poly(ellipse_points(x0 + 6 + (k + 0.5) * w, y + depth, w / 2, w * 0.3, 8, 0, 180),
               col if k % 2 == 0 else (250, 248, 240), 1.2)


def _lamp_post(c: Canvas, x: float, foot: float, s: float, night: bool, L: Light) -> None:
    post = L((50, 60, 70))
    c.rect(x - 6 * s, foot - 250 * s, x + 6 * s, foot, post, MID)
    c.rect(x - 14 * s, foot - 20 * s, x + 14 * s, foot, post, MID)
    if night:
        c.ellipse(x, foot - 270 * s, 40 * s, 40 * s, mix(L.sky_bottom, WARM_LIGHT, 0.6))
    c.poly([(x - 18 * s, foot - 250 * s), (x + 18 * s, foot - 250 * s), (x + 24 * s, foot - 290 * s), (x - 24 * s, foot - 290 * s)],
           WARM_LIGHT if night else L((230, 230, 210)), MID)
    c.poly([(x - 28 * s, foot - 290 * s), (x + 28 * s, foot - 290 * s), (x, foot - 310 * s)], post, MID)


def street(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A shopping street at eye level: shop fronts with awnings, lamp posts, a crossing and a traffic light."""
    sky(c, v, L, rng)
    h0 = v.horizon
    night = L.time == "night"
    walk = h0 + 60
    fronts = ((214, 120, 96), (112, 146, 196), (232, 190, 112), (150, 126, 176), (104, 170, 156), (236, 220, 200))
    awnings = ((200, 50, 60), (40, 120, 80), (40, 90, 170), (230, 140, 40))
    x = -420.0
    while x < 1420:  # the buildings: upper floors with windows, the shop at street level
        w = rng.uniform(230, 300)
        x0, x1 = v.x(x, 0.25), v.x(x + w, 0.25)
        top = walk - v.s(rng.uniform(470, 560), 0.25)
        if x1 > -20 and x0 < 1020:
            wall = L(rng.choice(fronts), depth=0.15)
            c.rect(x0, top, x1, walk, wall, MID)
            c.rect(x0 - 6, top - 12, x1 + 6, top, shade(wall, 0.3), MID)
            shop_top = walk - v.s(190, 0.25)
            for r in range(2):
                for k in range(3):
                    wx0 = x0 + (x1 - x0) * (0.1 + 0.3 * k)
                    wy0 = top + 30 + r * v.s(110, 0.25)
                    if wy0 + v.s(70, 0.25) > shop_top - v.s(60, 0.25):
                        continue
                    lit = night and rng.random() < 0.6
                    c.rect(wx0, wy0, wx0 + (x1 - x0) * 0.2, wy0 + v.s(70, 0.25),
                           WARM_LIGHT if lit else L(mix((170, 205, 235), wall, 0.3)), 1.2)
                    c.rect(wx0 - 4, wy0 + v.s(70, 0.25), wx0 + (x1 - x0) * 0.2 + 4, wy0 + v.s(78, 0.25), shade(wall, 0.25))
            sign = L(rng.choice(((250, 245, 230), (40, 50, 70), (250, 220, 90))))
            c.rect(x0 + 10, shop_top - v.s(56, 0.25), x1 - 10, shop_top - v.s(8, 0.25), sign, MID)
            icon_col = shade(rng.choice(awnings), 0.1)
            ix, iy, ir = (x0 + x1) / 2, shop_top - v.s(32, 0.25), v.s(15, 0.25)
            icon = rng.randrange(3)  # a shop sign by picture, never by word: a cup, a loaf, a star
            if icon == 0:
                c.rect(ix - ir, iy - ir * 0.7, ix + ir * 0.7, iy + ir * 0.8, icon_col)
                c.arc(ix + ir * 0.8, iy, ir * 0.4, ir * 0.4, 270, 90, icon_col, 3)
            elif icon == 1:
                c.ellipse(ix, iy, ir * 1.5, ir * 0.8, icon_col)
            else:
                c.poly(star_points(ix, iy, ir, ir * 0.45), icon_col)
            glass = (255, 220, 140) if night else L(mix((180, 215, 235), L.sky_bottom, 0.3))
            gx0, gx1 = x0 + (x1 - x0) * 0.08, x0 + (x1 - x0) * 0.62
            c.rect(gx0, shop_top + v.s(30, 0.25), gx1, walk - v.s(16, 0.25), glass, MID)
            c.line([(gx0 + 12, walk - v.s(30, 0.25)), (gx0 + (gx1 - gx0) * 0.4, shop_top + v.s(44, 0.25))],
                   lighten(glass, 0.6), 4)
            for k in range(3):  # goods on display
                c.ellipse(gx0 + (gx1 - gx0) * (0.25 + 0.25 * k), walk - v.s(34, 0.25), v.s(14, 0.25), v.s(10, 0.25),
                          L(rng.choice(((230, 90, 80), (250, 200, 80), (120, 180, 110)))), 1.0)
            dx0, dx1 = x0 + (x1 - x0) * 0.7, x0 + (x1 - x0) * 0.92
            c.rect(dx0, shop_top + v.s(24, 0.25), dx1, walk, shade(wall, 0.45), MID)
            c.rect(dx0 + 8, shop_top + v.s(40, 0.25), dx1 - 8, shop_top + v.s(110, 0.25), glass, 1.0)
            _awning(c, x0 + 4, x1 - 10, shop_top - v.s(4, 0.25), v.s(36, 0.25), L(rng.choice(awnings)))
        x += w + rng.uniform(0, 12)
    c.gradient(0, walk, 1000, walk + v.s(70), L((200, 196, 190)), L((176, 172, 166)))  # the pavement
    for k in range(-6, 20):
        c.line([(v.x(k * 90, 0.1), walk), (v.x(k * 90, 0.1) - 30, walk + v.s(70))], L((160, 156, 150)), 1.4)
    c.rect(-5, walk + v.s(70), 1005, walk + v.s(82), L((130, 126, 122)), MID)  # the kerb
    road = walk + v.s(82)
    c.gradient(0, road, 1000, 1000, L((96, 98, 108)), L((66, 68, 76)))
    vx = 500 + v.pan * 0.4  # the zebra crossing, in perspective towards the viewer
    for k in range(-4, 5):
        xa, xb = vx + k * 90 * v.zoom, vx + k * 150 * v.zoom
        c.poly([(xa - 26 * v.zoom, road + 16), (xa + 26 * v.zoom, road + 16), (xb + 44 * v.zoom, 1010), (xb - 44 * v.zoom, 1010)],
               L((245, 245, 240)))
    if L.weather == "rain" or night:  # wet tarmac and lamplight
        for _ in range(12):
            y, xr = rng.uniform(road + 20, 990), rng.uniform(0, 1000)
            c.line([(xr, y), (xr + rng.uniform(40, 110), y)], L((160, 170, 200)) if not night else (210, 180, 100), 2.0)
    for k in range(-1, 3):
        _lamp_post(c, v.x(k * 540 + rng.uniform(120, 180), 0.1), walk + v.s(62), v.zoom, night, L)
    tx = v.x(rng.choice((80, 920)), 0.05)  # a traffic light at the crossing
    foot = walk + v.s(66)
    c.rect(tx - 6 * v.zoom, foot - v.s(300), tx + 6 * v.zoom, foot, L((60, 66, 74)), MID)
    c.rect(tx - 22 * v.zoom, foot - v.s(390), tx + 22 * v.zoom, foot - v.s(290), L((40, 44, 50)), MID)
    on = rng.randrange(3)
    for k, col in enumerate(((230, 50, 40), (250, 190, 40), (60, 200, 90))):
        c.ellipse(tx, foot - v.s(370 - k * 30), 11 * v.zoom, 11 * v.zoom, col if k == on else shade(col, 0.6), 1.0)
    hx = v.x(rng.choice((330, 670)), 0.05)  # a fire hydrant on the pavement
    hy = walk + v.s(56)
    red = L((210, 50, 45))
    c.rect(hx - 12 * v.zoom, hy - 48 * v.zoom, hx + 12 * v.zoom, hy, red, MID)
    c.poly(ellipse_points(hx, hy - 48 * v.zoom, 14 * v.zoom, 12 * v.zoom, 10, 180, 360), red, MID)
    c.rect(hx - 20 * v.zoom, hy - 34 * v.zoom, hx + 20 * v.zoom, hy - 26 * v.zoom, red, 1.2)


# --- fair ------------------------------------------------------------------------

def _tent(c: Canvas, x: float, base: float, s: float, col: RGB, L: Light) -> None:
    w, h, roof = 90 * s, 110 * s, 90 * s
    stripes = 6
    for k in range(stripes):  # striped walls
        x0 = x - w + 2 * w * k / stripes
        c.rect(x0, base - h, x0 + 2 * w / stripes, base, col if k % 2 == 0 else L((250, 248, 240)))
    c.rect(x - w, base - h, x + w, base, None, MID)
    for k in range(stripes):  # a cone roof in segments
        xa, xb = x - w - 10 * s + (2 * w + 20 * s) * k / stripes, x - w - 10 * s + (2 * w + 20 * s) * (k + 1) / stripes
        c.poly([(xa, base - h), (xb, base - h), (x, base - h - roof)], col if k % 2 else L((250, 248, 240)), 1.2)
    c.line([(x, base - h - roof), (x, base - h - roof - 34 * s)], c.ink, 2)
    c.poly([(x, base - h - roof - 34 * s), (x + 26 * s, base - h - roof - 26 * s), (x, base - h - roof - 18 * s)],
           L((250, 200, 50)), 1.0)
    c.poly(ellipse_points(x, base, 30 * s, 70 * s, 12, 180, 360), shade(col, 0.55), 1.2)  # the open flap


def fair(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A funfair: a ferris wheel over striped tents, bunting, balloons, lights after dark."""
    sky(c, v, L, rng)
    h0 = v.horizon
    night = L.time == "night"
    band(c, v, rng, h0 + 10, 70, L((120, 160, 120), depth=0.75), bumps=5, depth=0.85)
    side = rng.choice((-1, 1))
    wx, wy, wr = v.x(500 + side * 230, 0.6), h0 - v.s(250, 0.6), v.s(230, 0.6)  # the ferris wheel
    steel = L((200, 70, 80), depth=0.3)
    for dx in (-1, 1):
        c.line([(wx, wy), (wx + dx * wr * 0.7, h0 + 30)], c.ink, 9)
        c.line([(wx, wy), (wx + dx * wr * 0.7, h0 + 30)], L((230, 230, 235), depth=0.3), 6)
    spokes = 12
    turn = rng.uniform(0, 30)
    for k in range(spokes):
        a = math.radians(turn + k * 360 / spokes)
        c.line([(wx, wy), (wx + math.cos(a) * wr, wy + math.sin(a) * wr)], c.ink, 4.5)
        c.line([(wx, wy), (wx + math.cos(a) * wr, wy + math.sin(a) * wr)], steel, 2.5)
    for r in (wr, wr * 0.9):
        c.ellipse(wx, wy, r, r, None, 6.5 if r == wr else 4.5)
        c.ellipse(wx, wy, r, r, None, 4.0 if r == wr else 2.5, outline=steel)
    if night:  # the rim lit with bulbs
        for k in range(36):
            a = math.radians(k * 10)
            c.ellipse(wx + math.cos(a) * wr, wy + math.sin(a) * wr, 3.5, 3.5, WARM_LIGHT)
    cars = ((240, 90, 80), (80, 160, 230), (250, 200, 60), (110, 190, 110))
    for k in range(spokes):
        a = math.radians(turn + k * 360 / spokes)
        gx, gy = wx + math.cos(a) * wr, wy + math.sin(a) * wr
        c.line([(gx, gy), (gx, gy + 12)], c.ink, 2)
        c.poly(ellipse_points(gx, gy + 12, 22 * v.zoom ** 0.5, 20 * v.zoom ** 0.5, 10, 0, 180), L(cars[k % 4], depth=0.2), 1.4)
        if night:
            c.ellipse(gx, gy, 4, 4, WARM_LIGHT)
    c.ellipse(wx, wy, 14, 14, steel, MID)
    ground(c, v, L, (150, 180, 100), (120, 150, 80))
    vx = 500 + v.pan * 0.4
    c.poly([(vx - 70, h0 + 30), (vx + 70, h0 + 30), (vx + 360, 1000), (vx - 340, 1000)], L((214, 180, 130)))
    tent_cols = ((210, 50, 60), (40, 110, 190), (230, 150, 40), (130, 70, 170))
    for k in range(4):  # tents along the midway
        x = v.x(-100 + k * 360 + rng.uniform(-40, 40) - side * 60, 0.35)
        s = v.s(1.0, 0.35)
        if abs(x - wx) < wr * 0.3 and k % 2:
            continue
        _tent(c, x, h0 + v.s(70, 0.35), s, L(rng.choice(tent_cols), depth=0.15), L)
    bunting_y = v.s(160, 0.2)  # strings of flags across the top
    for string in range(2):
        y0 = bunting_y + string * 70
        pts = [(x, y0 + 40 * math.sin(math.pi * x / 1000)) for x in range(-10, 1020, 40)]
        c.line(pts, c.ink, 1.6)
        for i, (fx, fy) in enumerate(pts[:-1]):
            col = L(tent_cols[(i + string) % 4]) if not night else WARM_LIGHT
            if night:
                c.ellipse(fx + 20, fy + 6, 6, 6, col)
            else:
                c.poly([(fx + 4, fy + 2), (fx + 36, fy + 4), (fx + 20, fy + 34)], col, 1.0)
    for _ in range(2):  # a bunch of balloons
        bx, by = v.x(rng.uniform(120, 880), 0.1), h0 + v.s(rng.uniform(140, 220))
        for k in range(3):
            ox, oy = (k - 1) * 22 * v.zoom, -abs(k - 1) * 10 * v.zoom - 120 * v.zoom
            c.line([(bx, by), (bx + ox, by + oy)], c.ink, 1.2)
            c.ellipse(bx + ox, by + oy - 18 * v.zoom, 18 * v.zoom, 22 * v.zoom, L(cars[(k + 1) % 4]), 1.2)

    def litter(x: float, y: float, s: float) -> None:
        c.ellipse(x, y, 5 * s, 3 * s, L(rng.choice(((250, 220, 120), (240, 120, 140), (140, 200, 240)))))
    scatter(c, v, rng, 16, litter, h0 + 80)


# --- neutral ---------------------------------------------------------------------

def neutral(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A backdrop that names no place: a soft gradient over a plain floor, lit by the time of day.

    Used when the place is one we have no painter for: the place's pictogram stands on it, and
    nothing here contradicts it (no trees, no sea, no walls with windows)."""
    top = mix(L.sky_top, (200, 200, 210), 0.45)
    bottom = mix(L.sky_bottom, (240, 236, 228), 0.5)
    h = v.horizon + 20
    c.gradient(0, 0, 1000, h, top, bottom)
    cx = 500 + v.pan * 0.3
    floor_far, floor_near = L((206, 196, 180), depth=0.4), L((170, 160, 146))
    c.gradient(0, h, 1000, 1000, floor_far, floor_near)
    c.line([(0, h), (1000, h)], shade(floor_far, 0.2), 2)
    for k in range(1, 5):  # a few bands give the floor depth without saying what it is
        y = h + (1000 - h) * (k / 5) ** 1.7
        c.line([(0, y), (1000, y)], shade(floor_near, 0.08), 1.4)
    c.ellipse(cx, h + (1000 - h) * 0.55, 360 * v.zoom, 60 * v.zoom, shade(floor_near, 0.06))


PAINTERS = {"street": street, "fair": fair, "neutral": neutral}
