"""Open-air sites readers name by one big thing: a football stadium, a volcano, a great suspension bridge.

The stadium and the volcano were drawn as the neutral backdrop, and a story 'on the bridge' in the park or the
forest. The stadium is seen from its pitch: green mowing stripes and white lines, a goal with its net, stands of
tiny colourful spectators rising behind under floodlights and flags. The volcano is a dark cone smoking and glowing,
lava running down it under a sky lit red, dark rock with lava in its cracks and dead trees. The bridge is stood on:
a road with lane markings running away between railings, orange-red towers and hanging cables on both sides (the
Golden Gate's own colour), the sea far below and a city on the shore. The lower middle, where the cast stands, is
grass, rock or road.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Protocol

from services.art.procedural.backgrounds import View, band, sky
from services.art.procedural.canvas import Canvas, inked_poly
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade

Point = tuple[float, float]
At = Callable[[float, float], Point]  # a point on the ground: across, and how far away
MID = 1.5
GRASS: tuple[RGB, RGB] = ((84, 168, 66), (108, 190, 80))  # the mowing stripes, dark and light
LINE_WHITE: RGB = (248, 250, 246)
SKIN: tuple[RGB, ...] = ((250, 214, 180), (226, 172, 130), (170, 114, 80), (110, 72, 50))
SHIRTS: tuple[RGB, ...] = ((220, 40, 46), (250, 250, 250), (40, 90, 210), (250, 206, 40), (40, 160, 90),
                           (240, 130, 40))
LAVA: RGB = (255, 110, 20)
LAVA_CORE: RGB = (255, 220, 80)
ROCK: RGB = (74, 62, 62)
BRIDGE_ORANGE: RGB = (214, 72, 42)  # the Golden Gate's international orange, cartoon-bright
ASPHALT: RGB = (92, 92, 98)


# --- stadium -------------------------------------------------------------------------------------------------------

def stadium(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A football stadium seen from its pitch: stands packed with fans under a roof, floodlight towers and flags,
    advertising boards, a goal with its net at one side, the penalty area's white lines on striped grass."""
    night, side = L.time == "night", rng.choice((-1, 1))  # side: where the goal stands
    edge = v.horizon + v.s(10, 0.5)  # the pitch's far edge, the goal line
    low, mid, high = edge - v.s(34, 0.5), edge - v.s(200, 0.5), edge - v.s(340, 0.5)  # the tiers' edges
    roof = high - v.s(30, 0.5)
    sky(c, v, L, rng, bottom=roof + 4)
    for k in (-1, 1):
        _floodlight(c, v.x(500 + k * 420, 0.5), roof, v.s(1, 0.5), L, night)
    colours = [L(col, strength=0.5 if night else 1.0) for col in SHIRTS]  # the floodlights light the crowd
    _tier(c, mid, low, v.s(20, 0.5), colours, rng, L(SKIN[0], strength=0.5 if night else 1.0))
    _tier(c, high, mid - v.s(20, 0.5), v.s(15, 0.5), colours, rng, L(SKIN[0], strength=0.5 if night else 1.0))
    concrete = L((176, 176, 180), strength=0.5 if night else 1.0)
    c.rect(-10, mid - v.s(20, 0.5), 1010, mid, concrete, 1.2)
    for k in range(-4, 12):  # stairways up through the stands
        x = v.x(k * 150 + 75, 0.5)
        c.rect(x - v.s(5, 0.5), high, x + v.s(5, 0.5), low, concrete)
    c.rect(-10, roof, 1010, high, L((70, 74, 86)), MID)  # the roof over the upper tier, flags along it
    for k in range(-2, 9):
        x = v.x(k * 130 + 40, 0.5)
        c.line([(x, roof), (x, roof - v.s(60, 0.5))], c.ink, 2)
        wave = [(x, roof - v.s(60, 0.5)), (x + v.s(30, 0.5), roof - v.s(66, 0.5)), (x + v.s(56, 0.5), roof - v.s(58, 0.5)),
                (x + v.s(52, 0.5), roof - v.s(36, 0.5)), (x + v.s(28, 0.5), roof - v.s(42, 0.5)), (x, roof - v.s(38, 0.5))]
        inked_poly(c, wave, L(SHIRTS[(k * 3) % len(SHIRTS)]), 1.0)
    for k in range(-6, 16):  # the advertising boards round the pitch
        x = v.x(k * 110, 0.5)
        col = L(((30, 90, 200), (250, 250, 250), (220, 40, 46), (250, 200, 40))[k % 4], strength=0.4)
        c.rect(x, low, x + v.s(110, 0.5), edge, col, 1.0)
        c.ellipse(x + v.s(55, 0.5), (low + edge) / 2, v.s(30, 0.5), v.s(9, 0.5), lighten(col, 0.5) if k % 4 != 1 else
                  (220, 40, 46))
    vp = edge - v.s(110, 0.5)  # the eye, 2 m over the grass and 19 m from the goal line (110 units to 2 m)

    def p(x: float, z: float) -> Point:  # a point on the grass, `x` across and `z` away (1: the goal line)
        return v.x(500, 0.5) + x * v.s(1, 0.5) / z, vp + (edge - vp) / z

    _pitch(c, p, edge, L, night)
    _goal(c, p, side * 250, (lambda col: L(col, strength=0.3)) if night else L)


def _tier(c: Canvas, top: float, bottom: float, row: float, colours: list[RGB], rng: random.Random, skin: RGB) -> None:
    """A tier of the stands packed with fans: two rows are drawn, one head and shirt each, and copied up the tier
    at random shifts, so hundreds of fans cost a few dozen shapes."""
    seat = shade(colours[2], 0.35)
    c.rect(-10, top, 1010, bottom, seat)
    base = bottom - 2 * row
    for r in range(2):
        y, x = base + r * row, -10 + rng.uniform(0, row)
        while x < 1010:
            w = row * rng.uniform(0.7, 0.95)
            shirt = rng.choice(colours[:2]) if rng.random() < 0.6 else rng.choice(colours)  # the home side's red
            c.rect(x, y + row * 0.45, x + w, y + row, shirt)
            c.ellipse(x + w / 2, y + row * 0.35, w * 0.32, row * 0.3, mix(skin, rng.choice(SKIN), 0.8))
            if rng.random() < 0.15:  # an arm up, waving a scarf
                c.line([(x + w * 0.8, y + row * 0.5), (x + w, y - row * 0.2)], shirt, row * 0.18)
            x += w + row * 0.12
    strip = c.img.crop((0, round(c.px(base)), c.W, round(c.px(bottom))))
    y = base - 2 * row
    while y > top - 2 * row:
        shift = rng.randrange(strip.width)
        for dx in (shift - strip.width, shift):
            c.img.paste(strip, (dx, round(c.px(y))))
        y -= 2 * row
    c.rect(-10, top - 4, 1010, top + 2, shade(seat, 0.3))


def _floodlight(c: Canvas, x: float, roof: float, s: float, L: Light, night: bool) -> None:
    """A floodlight tower behind the stands: a lattice mast and a bank of lamps, blazing at night."""
    steel = L((150, 154, 164))
    top = roof - 150 * s
    if night:
        c.ellipse(x, top - 35 * s, 130 * s, 90 * s, mix(L.sky_top, (255, 250, 220), 0.25))
    c.rect(x - 8 * s, top, x + 8 * s, roof + 5, steel, 1.2)
    for k in range(6):
        y = top + k * (roof - top) / 6
        c.line([(x - 8 * s, y), (x + 8 * s, y + (roof - top) / 6)], shade(steel, 0.3), 1.5)
    c.rect(x - 60 * s, top - 70 * s, x + 60 * s, top, steel, MID)
    lamp = (255, 252, 230) if night else L((236, 240, 244))
    for i in range(4):
        for j in range(3):
            c.ellipse(x + (-45 + i * 30) * s, top + (-54 + j * 20) * s, 11 * s, 8 * s, lamp)


def _pitch(c: Canvas, p: At, edge: float, L: Light, night: bool) -> None:
    """The grass in mowing stripes to the panel's bottom, the goal line along its far edge."""
    lit = 0.3 if night else 1.0  # floodlit at night
    dark, light = (L(col, strength=lit) for col in GRASS)
    z = 1.0
    while p(0, z)[1] < 1010:
        z1 = z - 0.09
        c.rect(-10, p(0, z)[1], 1010, p(0, max(z1, 0.05))[1] + 1, dark if round(z / 0.09) % 2 else light)
        if z1 <= 0.05:
            break
        z = z1
    c.line([(-10, edge + 2), (1010, edge + 2)], L(LINE_WHITE, strength=lit), 4)



def _goal(c: Canvas, p: At, gx: float, L: Callable[[RGB], RGB]) -> None:
    """The goal on the goal line at one side, the net sagging behind its frame; the six-yard box, the penalty area,
    its spot and arc marked in white in front of it."""
    white = L(LINE_WHITE)
    for half, depth in ((483, 0.71), (1060, 0.13)):  # the six-yard box and the penalty area, 5.5 m and 16.5 m deep
        c.line([p(gx - half, 1), p(gx - half, depth), p(gx + half, depth), p(gx + half, 1)], white, 4)
    c.ellipse(*p(gx, 0.42), 9, 4, white)  # the penalty spot, 11 m out
    (x0, y0), (x1, _) = p(gx - 193, 1), p(gx + 193, 1)  # 7.32 m by 2.44 m
    h = (x1 - x0) / 3
    (bx0, by0), (bx1, _) = p(gx - 193, 1.1), p(gx + 193, 1.1)
    net = mix(white, (150, 160, 160), 0.25)
    for k in range(17):  # the net: its roof and back, and its sides, a mesh of strings
        t = k / 16
        c.line([(x0 + (x1 - x0) * t, y0 - h), (bx0 + (bx1 - bx0) * t, by0 - h * 0.6), (bx0 + (bx1 - bx0) * t, by0)], net, 1.4)
    for k in range(7):
        t = k / 6
        c.line([(x0, y0 - h * t), (bx0, by0 - h * 0.6 * t), (bx1, by0 - h * 0.6 * t), (x1, y0 - h * t)], net, 1.4)
    c.line([(bx0, by0), (bx1, by0)], net, 2)
    for x in (x0, x1):
        c.rect(x - 6, y0 - h, x + 6, y0, white, 1.2)
    c.rect(x0 - 6, y0 - h - 6, x1 + 6, y0 - h + 6, white, 1.2)


# --- volcano -------------------------------------------------------------------------------------------------------

def volcano(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A volcano erupting behind: its dark cone, a plume of smoke lit red from below, lava running down its slopes,
    glowing bombs and a red glow in the sky; dark rock in front cracked with lava, boulders and dead trees."""
    night = L.time == "night"
    sky(c, v, L, rng)
    tx, top, h = v.x(500 + rng.uniform(-150, 150), 0.7), v.horizon - v.s(330, 0.7), v.horizon
    if night:  # the lava lights the dark sky round the crater
        for k, radius in enumerate((330, 260, 200, 150, 105)):
            c.ellipse(tx, top + v.s(20, 0.7), v.s(radius, 0.7), v.s(radius * 0.7, 0.7), mix(L.sky_bottom, LAVA, 0.12 * (k + 1)))
    else:  # by day only a hot haze at the crater (blue and orange would mix to grey)
        c.ellipse(tx, top + v.s(10, 0.7), v.s(120, 0.7), v.s(70, 0.7), mix((255, 190, 120), L.sky_bottom, 0.35))
    _smoke(c, tx, top, v.s(1, 0.7), L, rng, night)
    band(c, v, rng, h + 12, 90, L((96, 78, 84), depth=0.6), bumps=4, depth=0.8)
    _cone(c, v, tx, top, h, L, rng, night)
    rock = L(ROCK, strength=0.6)
    c.gradient(-10, h + 8, 1010, 1010, mix(rock, LAVA, 0.22 if night else 0.1), shade(rock, 0.25))
    for _ in range(18):  # dark slabs of old lava and stones strewn over the ground
        t = rng.random() ** 1.5
        x, y, r = v.x(rng.uniform(-100, 1100), 0.3), h + 14 + (1000 - h) * t, v.s(8 + 26 * t, 0.3)
        c.poly([(x - r * 2.4, y), (x - r, y - r * 0.5), (x + r * 1.2, y - r * 0.4), (x + r * 2.2, y + r * 0.1),
                (x + r, y + r * 0.4)], shade(rock, 0.3))
        c.poly([(x - r * 0.6, y - r * 0.5), (x + r * 0.2, y - r * 0.9), (x + r * 0.8, y - r * 0.3)], lighten(rock, 0.1))
    for _ in range(6):  # boulders, kept to the sides
        x = v.x(rng.choice((rng.uniform(-100, 280), rng.uniform(720, 1100))), 0.3)
        y, r = h + v.s(rng.uniform(30, 240), 0.3), v.s(rng.uniform(20, 46), 0.3)
        inked_poly(c, [(x - r, y), (x - r * 0.7, y - r * 0.7), (x + r * 0.2, y - r), (x + r, y - r * 0.3), (x + r * 0.9, y)],
                   lighten(rock, 0.15), 1.2)
    for k in range(4):  # cracks glowing with lava in the near ground, left and right of the cast
        x0 = v.x((-80 + k * 130) if k < 2 else (720 + (k - 2) * 160), 0.1)
        _crack(c, x0, h + v.s(150 + 110 * (k % 2), 0.1), v.s(1.3, 0.1), rng, night)
    for k in (-1, 1):
        _dead_tree(c, v.x(500 + k * rng.uniform(360, 430), 0.3), h + v.s(rng.uniform(60, 140), 0.3), v.s(1, 0.3), L)


def _cone(c: Canvas, v: View, tx: float, top: float, h: float, L: Light, rng: random.Random, night: bool) -> None:
    """The cone with concave slopes and a shadowed side, its crater glowing, lava flows running down from the rim."""
    half = v.s(70, 0.7)
    base = v.s(760, 0.7)
    left = [(tx - half - (base - half) * t ** 1.8, top + (h + 14 - top) * t) for t in (k / 10 for k in range(11))]
    right = [(tx + half + (base - half) * t ** 1.8, top + (h + 14 - top) * t) for t in (k / 10 for k in range(11))]
    rock = L((84, 62, 60), depth=0.2)
    c.poly([*left, *reversed(right)], rock, MID)
    c.poly([(tx + half * 0.2, top + 8), *right, (tx + base * 0.2, h + 14)], shade(rock, 0.25))  # its far side in shade
    for t0 in (-0.55, -0.15, 0.3, 0.7):  # gullies worn down the slopes, widening as they go
        side = math.copysign(1, t0)
        xs = [tx + side * (half * abs(t0) + (base - half) * abs(t0) * 0.8 * f ** 1.8) for f in (0.12, 0.7)]
        y0, y1 = top + (h - top) * 0.12, top + (h - top) * 0.7
        c.poly([(xs[0] - 2, y0), (xs[0] + 2, y0), (xs[1] + 10, y1), (xs[1] - 6, y1)], shade(rock, 0.3))
    c.ellipse(tx, top + 4, half * 1.05, v.s(16, 0.7), (255, 150, 40), 1.2)  # the crater, brimming
    c.ellipse(tx, top + 2, half * 0.8, v.s(9, 0.7), LAVA_CORE)
    for k in range(4):  # lava running down, brightest at its core
        start = -0.8 + 0.55 * k + rng.uniform(-0.1, 0.1)
        pts, x = [], tx + half * start
        for j in range(9):
            t = j / 8
            y = top + 6 + (h - top) * 0.8 * t * (0.6 + 0.35 * (k % 2))
            spread = (base - half) * ((y - top) / (h - top)) ** 1.8
            pts.append((x + math.copysign(spread, start) * abs(start) * 0.8 + math.sin(j * 1.7 + k) * v.s(8, 0.7), y))
        c.line(pts, (200, 50, 20), v.s(16, 0.7))
        c.line(pts, LAVA, v.s(10, 0.7))
        c.line(pts[:6], LAVA_CORE, v.s(4, 0.7))
    for _ in range(6):  # bombs of lava flung up out of the crater
        x, y = tx + rng.uniform(-1.8, 1.8) * half, top - rng.uniform(30, 150) * v.s(1, 0.7)
        c.ellipse(x, y, v.s(7, 0.7), v.s(7, 0.7), LAVA_CORE if night else LAVA, 1.0)


def _smoke(c: Canvas, x: float, top: float, s: float, L: Light, rng: random.Random, night: bool) -> None:
    """A plume of ash rising from the crater and drifting off, lit orange-red underneath."""
    drift = rng.choice((-1, 1))
    ash = L((104, 96, 100)) if not night else (62, 54, 62)
    for k in range(10):
        t = k / 9
        px, py, r = x + drift * 300 * s * t ** 1.5, top - 30 * s - 300 * s * t ** 0.8, (40 + 90 * t) * s
        for dx, dy, f in ((-0.5, 0.1, 0.7), (0.45, 0.05, 0.75), (0, -0.2, 0.85)):  # a billow of three puffs
            c.ellipse(px + dx * r, py + dy * r, r * f, r * f * 0.85, mix(ash, LAVA, 0.55 * (1 - t) ** 2))
        c.ellipse(px - r * 0.1, py - r * 0.3, r * 0.5, r * 0.35, lighten(ash, 0.18))


def _crack(c: Canvas, x: float, y: float, s: float, rng: random.Random, night: bool) -> None:
    """A jagged crack in the rock, molten lava showing in it and its glow round it."""
    pts = [(x + k * 40 * s, y + rng.uniform(-16, 16) * s + k * 7 * s) for k in range(6)]
    c.line(pts, mix(LAVA, ROCK, 0.5 if night else 0.65), 26 * s)
    c.line(pts, c.ink, 12 * s)
    c.line(pts, LAVA, 8 * s)
    c.line(pts[1:5], LAVA_CORE, 3 * s)
    c.line([pts[2], (pts[2][0] + 14 * s, pts[2][1] + 30 * s)], LAVA, 5 * s)  # a branch of the crack


def _dead_tree(c: Canvas, x: float, y: float, s: float, L: Light) -> None:
    """A dead tree, burnt bare: a grey trunk and crooked branches."""
    wood = L((86, 78, 80))
    trunk = [(x, y), (x + 6 * s, y - 90 * s), (x - 4 * s, y - 170 * s)]
    c.line(trunk, c.ink, 16 * s)
    c.line(trunk, wood, 11 * s)
    for (ax, ay), (bx, by) in (((2, 80), (-60, 140)), ((-2, 130), (50, 200)), ((-4, 160), (-40, 220)), ((4, 110), (70, 150))):
        c.line([(x + ax * s, y - ay * s), (x + bx * s, y - by * s)], c.ink, 9 * s)
        c.line([(x + ax * s, y - ay * s), (x + bx * s, y - by * s)], wood, 5 * s)


class At3(Protocol):
    """A point on the bridge: `x` across, `depth` away from the eye, `up` over the deck."""

    def __call__(self, x: float, depth: float, up: float = 0.0) -> Point: ...


# --- bridge --------------------------------------------------------------------------------------------------------

CABLE_X, RAIL_X, ROAD_X = 104.0, 86.0, 66.0  # across from the deck's middle, in units at the tower's foot
TOWER_Z, SPAN_END = 0.62, 1.05  # how far the tower stands (1: the deck's vanishing length), where the cables land
EYE = 60.0  # the eye over the deck, in the same units


def bridge(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """Standing on a great suspension bridge: the road with its lanes runs away between railings to the far shore,
    a city on the skyline; an orange-red tower straddles it, the main cables sweep down on both sides with their
    hangers, and the sea lies far below."""
    sky(c, v, L, rng)
    h, cx, z = v.horizon, v.x(500, 0.3), v.s(1, 0.3)

    def p(x: float, depth: float, up: float = 0.0) -> Point:  # `depth` from the eye (0) to the far shore (1.3)
        return cx + x * z / depth * TOWER_Z, h + (EYE - up) * z / depth * TOWER_Z

    _sea_and_shore(c, v, L, rng)
    orange = L(BRIDGE_ORANGE)
    near = TOWER_Z * EYE * z / (1010 - h)  # the depth of the deck at the panel's bottom edge
    _deck(c, p, near, L, rng)
    for side in (-1, 1):
        _cable(c, p, side, near, orange)
    _tower(c, p, orange)
    for side in (-1, 1):
        _railing(c, p, side, near, orange)
        for d in (0.34, 0.5, 0.82, 1.0):  # lamp posts along the railing, lit at night
            _lamp(c, p, side, d, orange, L)


def _lamp(c: Canvas, p: At3, side: int, d: float, orange: RGB, L: Light) -> None:
    """A lamp post on the railing, its head leaning over the road."""
    (x, y), (hx, hy) = p(side * RAIL_X, d), p(side * (RAIL_X - 12), d, 110)
    u, night = TOWER_Z / d, L.time == "night"
    if night:
        c.ellipse(hx, hy + 6 * u, 24 * u, 18 * u, mix(L.sky_top, (255, 214, 140), 0.35))
    c.line([(x, y), (x, hy), (hx, hy)], c.ink, 7 * u)
    c.line([(x, y), (x, hy), (hx, hy)], orange, 4 * u)
    c.ellipse(hx, hy + 3 * u, 7 * u, 4 * u, (255, 220, 140) if night else (230, 230, 220), 1.0)


def _sea_and_shore(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """The sea far below to the horizon, its waves small with height, the hills of the far shore and a city on it."""
    h = v.horizon
    band(c, v, rng, h + 4, 70, L((110, 130, 100), depth=0.6), bumps=3, depth=0.9)  # the far shore's hills
    sea = L((60, 120, 180))
    c.gradient(-10, h, 1010, 1010, mix(sea, L.sky_bottom, 0.35), shade(sea, 0.2))
    for _ in range(30):
        x, t = rng.uniform(0, 1000), rng.random() ** 1.5
        y, w = h + 6 + (1000 - h) * t, 4 + 26 * t
        c.line([(x - w, y), (x, y - w * 0.2), (x + w, y)], lighten(sea, 0.3), 1.5)
    city = rng.choice((-1, 1))
    x = v.x(500 + city * 260, 0.85)
    for k in range(14):
        w, tall = rng.uniform(14, 30), rng.uniform(20, 80) * (1.8 if k == 6 else 1)
        bx = x + city * k * 24 * v.s(1, 0.85)
        col = L(rng.choice(((200, 200, 210), (180, 186, 200), (220, 210, 196))), depth=0.6)
        if k == 6:  # a pointed tower over the rest
            c.poly([(bx - w / 2, h + 2), (bx + w / 2, h + 2), (bx, h - tall)], col)
        else:
            c.rect(bx - w / 2, h - tall, bx + w / 2, h + 2, col)
        if L.time == "night":
            c.rect(bx - 2, h - tall * 0.6, bx + 2, h - tall * 0.5, (255, 220, 120))


def _deck(c: Canvas, p: At3, near: float, L: Light, rng: random.Random) -> None:
    """The road deck: grey asphalt in lanes with white dashes, a pavement at each side, running to the far shore."""
    far = 1.3
    c.poly([p(-RAIL_X, far), p(RAIL_X, far), p(RAIL_X, near), p(-RAIL_X, near)], L((176, 172, 168)))  # the pavements
    road = L(ASPHALT)
    c.poly([p(-ROAD_X, far), p(ROAD_X, far), p(ROAD_X, near), p(-ROAD_X, near)], road)
    for x in (-ROAD_X, ROAD_X):  # the kerbs
        c.line([p(x, far), p(x, near)], L((230, 226, 220)), 3)
    for lane in (-33, 0, 33):
        d = far
        while d > near:
            d1 = d * 0.88
            w = 1.4 if lane else 1.8
            c.poly([p(lane - w, d), p(lane + w, d), p(lane + w, d1 + (d - d1) * 0.45), p(lane - w, d1 + (d - d1) * 0.45)],
                   L(LINE_WHITE) if lane else L((250, 200, 40)))
            d = d1


def _cable(c: Canvas, p: At3, side: int, near: float, orange: RGB) -> None:
    """A main cable from the tower's top sweeping down to just over the railing beside the eye, and beyond the
    tower down to the far shore; hangers from it to the deck's edge."""
    x, top = side * CABLE_X, 900.0

    def height(d: float) -> float:
        if d <= TOWER_Z:  # the main span: lowest a little behind the eye
            return 70 + (top - 70) * ((d + 0.05) / (TOWER_Z + 0.05)) ** 2
        return top - (top - 40) * ((d - TOWER_Z) / (SPAN_END - TOWER_Z)) ** 0.8  # the side span, down to the shore

    ds = [max(near * 0.8, 0.02) + (SPAN_END - near * 0.8) * k / 30 for k in range(31)]
    pts = [p(x, d, height(d)) for d in ds]
    for d in ds:  # hangers at even steps along the deck: closer together on the panel as they go
        (hx, hy), foot = p(x, d, height(d)), p(x, d, 0)
        if d < SPAN_END - 0.03 and -20 < hx < 1020 and foot[1] > 0:
            c.line([(hx, max(hy, -20)), foot], shade(orange, 0.15), max(1.0, 2.2 * TOWER_Z / d))
    c.line(pts, c.ink, 12)
    c.line(pts, orange, 7)


def _tower(c: Canvas, p: At3, orange: RGB) -> None:
    """The tower straddling the road: two tall legs in steps, with grooves up their faces, tied by portal beams."""
    d = TOWER_Z
    for side in (-1, 1):
        for w, up0, up1 in ((22, 0, 330), (19, 330, 620), (16, 620, 900), (13, 900, 960)):  # narrower as it rises
            x = side * CABLE_X
            (x0, y0), (x1, y1) = p(x - w, d, up1), p(x + w, d, up0)
            c.rect(x0, y0, x1, y1, orange, MID)
            c.rect(x0 + (x1 - x0) * 0.62, y0, x1, y1, shade(orange, 0.22))  # its shaded side
            for g in (0.3, 0.5):
                c.line([(x0 + (x1 - x0) * g, y0 + 6), (x0 + (x1 - x0) * g, y1 - 6)], shade(orange, 0.35), 2)
    for up in (300, 590, 870):  # the portal beams over the road, a panel cut in each
        (x0, y0), (x1, y1) = p(-CABLE_X + 20, d, up + 44), p(CABLE_X - 20, d, up)
        c.rect(x0, y0, x1, y1, orange, MID)
        c.rect(x0 + (x1 - x0) * 0.12, y0 + (y1 - y0) * 0.3, x1 - (x1 - x0) * 0.12, y1 - (y1 - y0) * 0.3,
               shade(orange, 0.3), 1.0)


def _railing(c: Canvas, p: At3, side: int, near: float, orange: RGB) -> None:
    """The railing along the deck's edge: a top rail on posts close together, the sea seen between them."""
    x, d = side * RAIL_X, 1.3
    while d > near * 0.9:
        c.line([p(x, d, 0), p(x, d, 30)], orange, max(1.0, 2.6 * TOWER_Z / d))
        d *= 0.91
    for up, w in ((32, 5), (2, 4)):
        c.line([p(x, 1.3, up), p(x, near * 0.9, up)], c.ink, w + 3)
        c.line([p(x, 1.3, up), p(x, near * 0.9, up)], orange, w)


PAINTERS = {"stadium": stadium, "volcano": volcano, "bridge": bridge}
