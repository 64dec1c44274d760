"""Wild and farmed places: a pond, a jungle, an island, a farm.

The same recipe as `scenery_outdoor.py` (sky, far silhouettes without ink, a
middle layer, ground, near things with ink), each with the landmarks a reader
names the place by: lily pads and reeds, hanging vines and giant leaves, a
palm on a patch of sand in the sea, a red barn behind a fence.
"""

from __future__ import annotations

import math
import random

from services.art.procedural.backgrounds import View, band, ground, meadow, round_tree, scatter, sky
from services.art.procedural.canvas import Canvas, ellipse_points
from services.art.procedural.palettes import RGB, Light, lighten, shade
from services.art.procedural.water import Water, spans_between, water_colours

NEAR = 2.2
MID = 1.5


def _grass(c: Canvas, col: RGB):
    def paint(x: float, y: float, s: float) -> None:
        for dx, lean in ((-6, -3), (0, 0), (6, 4)):
            c.line([(x + dx * s, y), (x + (dx + lean) * s, y - 14 * s)], col, 2.2 * s)
    return paint


# --- pond ------------------------------------------------------------------------

def pond(c: Canvas, v: View, L: Light, rng: random.Random) -> Water:
    """A pond in a meadow: still water that mirrors the sky (and the moon), lily pads, reeds and stones."""
    h0 = meadow(c, v, L, rng, (90, 140, 110), 110, 10, ((130, 185, 95), (85, 150, 65)))
    for i in range(5):
        x = v.x(-60 + i * 260 + rng.uniform(-40, 40), 0.5)
        round_tree(c, x, h0 + 30, v.s(rng.uniform(130, 180), 0.5), L((110, 80, 60), depth=0.4),
                   L((80, 150, 90), depth=0.4), 1.0)
    cx, cy = v.x(500, 0.25), h0 + v.s(118, 0.25)  # the far side of the pond; the cast stands on the near bank
    rx, ry = v.s(430, 0.25), v.s(92, 0.25)
    c.ellipse(cx, cy + 8, rx + 18, ry + 12, L((120, 100, 70)), MID)  # the muddy bank
    colours = water_colours(L)  # blue at any hour: a sunset sky mixed half-and-half made it sand
    water_top = colours.far
    pts = ellipse_points(cx, cy, rx, ry, 40)
    c.poly(pts, colours.near, MID)
    c.poly(ellipse_points(cx, cy - ry * 0.15, rx * 0.92, ry * 0.7, 40), water_top)
    if L.weather not in ("rain", "fog", "snow"):  # the sun or the moon, mirrored and broken by ripples
        mx = cx + rng.uniform(-0.4, 0.4) * rx
        glow = colours.glint
        for k in range(5):
            w = v.s(50 - k * 7, 0.25)
            c.ellipse(mx, cy - ry * 0.45 + k * ry * 0.22, w, max(2.0, v.s(4, 0.25)), glow)
    for _ in range(9):
        x = cx + rng.uniform(-0.8, 0.8) * rx
        y = cy + rng.uniform(-0.5, 0.6) * ry
        c.arc(x, y, v.s(28, 0.25), v.s(6, 0.25), 200, 340, lighten(water_top, 0.45), 1.6)
    for _ in range(6):  # lily pads, some in flower
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0.2, 0.8)
        x, y = cx + math.cos(a) * rx * d, cy + math.sin(a) * ry * d
        r = v.s(rng.uniform(22, 34), 0.25)
        notch = rng.uniform(0, 300)
        c.poly(ellipse_points(x, y, r, r * 0.38, 16, notch + 40, notch + 360) + [(x, y)], L((70, 160, 80)), 1.2)
        if rng.random() < 0.5:
            for k in range(5):
                ang = math.radians(-90 + (k - 2) * 32)
                c.ellipse(x + math.cos(ang) * r * 0.3, y - r * 0.25 + math.sin(ang) * r * 0.2, r * 0.18, r * 0.28,
                          L((250, 170, 200)), 1.0)
            c.ellipse(x, y - r * 0.25, r * 0.1, r * 0.1, L((250, 220, 80)))
    for side in (-1, 1):  # reeds and cattails at both ends of the pond
        base_x = cx + side * rx * 0.92
        for k in range(7):
            x = base_x + side * rng.uniform(-30, 40) * v.zoom
            y = cy + rng.uniform(-ry * 0.3, ry * 0.6)
            h = v.s(rng.uniform(90, 150), 0.2)
            lean = rng.uniform(-12, 12)
            c.line([(x, y), (x + lean, y - h)], L((70, 130, 60)), 4 * v.zoom)
            if k % 2 == 0:
                c.ellipse(x + lean * 0.9, y - h * 0.85, 7 * v.zoom, 18 * v.zoom, L((120, 80, 50)), 1.2)
    for _ in range(4):  # stones on the near bank
        a = rng.uniform(0.15, 0.85) * math.pi
        x, y = cx + math.cos(a) * (rx + 8), cy + math.sin(a) * (ry + 8)
        c.ellipse(x, y, v.s(24, 0.2), v.s(13, 0.2), L((150, 150, 160)), MID)
    scatter(c, v, rng, 26, _grass(c, L((60, 120, 50))), cy + ry + 20)

    def across(y: float) -> list[tuple[float, float]]:
        t = (y - cy) / ry
        half = rx * math.sqrt(max(0.0, 1 - t * t)) * 0.94  # inside the muddy rim
        return [(cx - half, cx + half)] if half > 0 else []
    return Water(spans_between(cy - ry * 0.85, cy + ry * 0.85, 6.0, across), 6.0)


# --- jungle ----------------------------------------------------------------------

def _big_leaf(c: Canvas, x: float, y: float, length: float, angle: float, col: RGB, line: float) -> None:
    """A banana-style leaf: a long pointed blade with a midrib and a few slits."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    nx, ny = -uy, ux
    pts = []
    for i in range(9):
        t = i / 8
        w = math.sin(t * math.pi) * length * 0.22
        pts.append((x + ux * length * t + nx * w, y + uy * length * t + ny * w))
    for i in range(8, -1, -1):
        t = i / 8
        w = math.sin(t * math.pi) * length * 0.22
        pts.append((x + ux * length * t - nx * w, y + uy * length * t - ny * w))
    c.poly(pts, col, line)
    c.line([(x, y), (x + ux * length * 0.95, y + uy * length * 0.95)], shade(col, 0.3), max(2.0, length / 60))
    for k in (0.35, 0.6):
        px, py = x + ux * length * k, y + uy * length * k
        c.line([(px, py), (px + nx * length * 0.2 + ux * length * 0.08, py + ny * length * 0.2 + uy * length * 0.08)],
               shade(col, 0.2), 2)


def jungle(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A rainforest: layered dark greens, huge trunks with vines, giant leaves framing, bright flowers."""
    sky(c, v, L, rng, clouds=False)
    h0 = v.horizon
    for depth, col, base in ((0.85, (60, 120, 90), h0 - 60), (0.6, (40, 100, 70), h0 - 10)):
        band(c, v, rng, base, 260, L(col, depth=depth), bumps=16, depth=depth)
    ground(c, v, L, (70, 120, 55), (40, 90, 40))
    for i in range(6):  # tall trunks with buttress roots
        x = v.x(-80 + i * 220 + rng.uniform(-40, 40), 0.4)
        w = v.s(rng.uniform(22, 34), 0.4)
        foot = h0 + rng.uniform(20, 50)
        bark = L((100, 75, 55), depth=0.35)
        c.poly([(x - w, -10), (x + w, -10), (x + w, foot - 30), (x + w * 2.4, foot), (x - w * 2.4, foot), (x - w, foot - 30)],
               bark, 1.0)
        c.line([(x - w * 0.3, 60), (x - w * 0.1, foot - 40)], shade(bark, 0.3), 3)
    for _ in range(7):  # vines hanging from the canopy
        x = rng.uniform(0, 1000)
        length = rng.uniform(250, h0 + 60)
        pts = [(x + math.sin(k * 0.7) * 12, k * length / 10) for k in range(11)]
        c.line(pts, c.ink, 6)
        c.line(pts, L((70, 140, 60)), 4)
        for k in range(2, 11, 2):
            lx, ly = pts[k]
            c.ellipse(lx + 8, ly, 9, 5, L((90, 170, 70)), 1.0)
    c.poly([(-10, -10), (1010, -10), (1010, 40)] + [(1000 - k * 50, 40 + 35 * math.sin(k * 1.3) + 30) for k in range(21)]
           + [(-10, 60)], L((35, 85, 45)), MID)  # the canopy closing the sky
    for _ in range(5):  # ferns in the undergrowth (inked outlines cost a full-canvas mask each in Pillow)
        x, y = v.x(rng.uniform(0, 1000), 0.2), h0 + rng.uniform(40, 180)
        for k in range(5):
            _big_leaf(c, x, y, v.s(70, 0.2), -160 + k * 35, L((60, 140, 60)), 0.0)  # undergrowth: no ink, cheaper
    for side in (-1, 1):  # giant leaves framing the view: the reader is inside the jungle
        x = 500 + side * 540 + v.pan * 0.2
        for k, (y, ang) in enumerate(((180, 20), (420, -10), (700, -30))):
            angle = ang if side < 0 else 180 - ang
            _big_leaf(c, x, y + rng.uniform(-30, 30), 330 + 40 * k, angle, L(rng.choice(((50, 140, 70), (70, 160, 60), (40, 120, 80)))), NEAR)
    for _ in range(6):  # bright flowers
        x, y = v.x(rng.uniform(60, 940), 0.1), h0 + rng.uniform(60, 340)
        s = 0.6 + (y - h0) / 400
        col = L(rng.choice(((240, 70, 90), (250, 150, 40), (250, 90, 200))))
        for k in range(5):
            a = k * 2 * math.pi / 5
            c.ellipse(x + math.cos(a) * 9 * s, y + math.sin(a) * 9 * s, 8 * s, 5 * s, col, 1.0)
        c.ellipse(x, y, 4 * s, 4 * s, L((250, 230, 90)))


# --- island ----------------------------------------------------------------------

def _palm(c: Canvas, x: float, y: float, s: float, lean: int, L: Light, line: float = NEAR) -> None:
    seg = [(x + lean * i * i * 1.1 * s, y - i * 44 * s) for i in range(8)]
    for (x0, y0), (x1, y1) in zip(seg, seg[1:]):
        c.poly([(x0 - 15 * s, y0), (x0 + 15 * s, y0), (x1 + 12 * s, y1), (x1 - 12 * s, y1)], L((170, 120, 70)), line)
    tx, ty = seg[-1]
    for ang in (195, 230, 265, 300, 335, 15):
        a = math.radians(ang)
        ex, ey = tx + math.cos(a) * 160 * s, ty + math.sin(a) * 80 * s + 45 * s
        mx, my = (tx + ex) / 2, (ty + ey) / 2 - 28 * s
        c.poly([(tx, ty), (mx, my - 14 * s), (ex, ey), (mx, my + 14 * s)], L((60, 150, 70)), line)
    for dx in (-10, 8, 0):
        c.ellipse(tx + dx * s, ty + 12 * s, 10 * s, 10 * s, L((120, 80, 40)), MID)


def island(c: Canvas, v: View, L: Light, rng: random.Random) -> Water:
    """A small island in the open sea: water on every side of a patch of sand, palms, far islets."""
    sky(c, v, L, rng)
    h0 = v.horizon
    c.gradient(0, h0, 1000, 1000, L((40, 120, 190)), L((30, 150, 190)))
    for _ in range(2):  # far islets, each with its palm
        x, w = v.x(rng.uniform(80, 920), 0.85), v.s(rng.uniform(70, 120), 0.85)
        far = L((120, 150, 120), depth=0.6)
        c.poly(ellipse_points(x, h0 + 4, w, v.s(18, 0.85), 16, 180, 360), far)
        c.line([(x, h0 - 4), (x + 6, h0 - v.s(46, 0.85))], far, 3)
        c.ellipse(x + 6, h0 - v.s(48, 0.85), v.s(22, 0.85), v.s(7, 0.85), far)
    for _ in range(24):
        y = rng.uniform(h0 + 6, 1000)
        x = rng.uniform(0, 1000)
        w = 10 + (y - h0) * 0.16
        c.arc(x, y, w, w * 0.3, 200, 340, L((220, 240, 255)), 1.2 + (y - h0) / 260)
    # our island: a mound of sand with the sea on both sides, its edge foaming
    top = h0 + v.s(90, 0.2)
    cx = 500 + v.pan * 0.3
    half = 430 * v.zoom
    arc = [(cx + half * math.cos(math.radians(a)), top + (1 - math.sin(math.radians(a))) * 170 * v.zoom)
           for a in range(180, -1, -12)]
    shore = [(cx - half - 120 * v.zoom, 1010), *arc, (cx + half + 120 * v.zoom, 1010)]
    c.poly([(x, y + 10) for x, y in shore], L((250, 250, 245)))
    c.poly(shore, L((240, 214, 150)), MID)
    c.poly([(x, y + (1010 - y) * 0.45) for x, y in shore[2:-2]] + [(cx + half * 0.9, 1010), (cx - half * 0.9, 1010)],
           L((230, 200, 136)))  # the wet, darker sand towards the viewer
    for k in range(2):
        c.arc(cx, top + 40 + k * 18, half * (0.9 - k * 0.1), 18, 200, 340, L((250, 235, 190)), 2)
    side = rng.choice((-1, 1))
    _palm(c, cx + side * half * 0.62, top + v.s(160), v.zoom * 1.0, -side, L)
    _palm(c, cx + side * half * 0.85, top + v.s(120), v.zoom * 0.7, -side, L, MID)
    if rng.random() < 0.7:  # a castaway's flag pole on the sand
        fx = cx - side * half * 0.55
        c.line([(fx, top + v.s(150)), (fx, top - v.s(80))], c.ink, 3)
        c.poly([(fx, top - v.s(80)), (fx - side * v.s(50), top - v.s(64)), (fx, top - v.s(48))], L((230, 70, 60)), 1.2)

    def shell(x: float, y: float, s: float) -> None:
        if abs(x - cx) < half * 0.8:
            c.ellipse(x, y, 7 * s, 5 * s, L((250, 190, 170)), 1.0)
    scatter(c, v, rng, 10, shell, top + 60)
    for _ in range(2):
        gx, gy = rng.uniform(100, 900), rng.uniform(80, 260)
        c.arc(gx - 12, gy, 12, 8, 200, 340, c.ink, 2)
        c.arc(gx + 12, gy, 12, 8, 200, 340, c.ink, 2)

    def sea(y: float) -> list[tuple[float, float]]:
        """The sea on a row: all of it above the island, either side of the sand (and its foam) below."""
        if y < top:
            return [(0.0, 1000.0)]
        drop = 170 * v.zoom
        if y < top + drop:
            sand = half * math.sqrt(max(0.0, 1 - (1 - (y - top) / drop) ** 2))
        else:
            sand = half + 120 * v.zoom * (y - top - drop) / max(1.0, 1010 - top - drop)
        return [(0.0, cx - sand - 14), (cx + sand + 14, 1000.0)]
    return Water(spans_between(h0 + 4, 1000, 6.0, sea), 6.0)


# --- farm ------------------------------------------------------------------------

def _barn(c: Canvas, x: float, base: float, s: float, L: Light) -> None:
    red, white = L((200, 50, 45)), L((250, 248, 240))
    w, h, roof = 150 * s, 140 * s, 80 * s
    c.rect(x - w, base - h, x + w, base, red, NEAR)
    for k in range(1, 8):
        c.line([(x - w + k * w / 4, base - h + 4), (x - w + k * w / 4, base - 4)], shade(red, 0.25), 2)
    c.poly([(x - w - 14 * s, base - h), (x - w * 0.62, base - h - roof * 0.7), (x, base - h - roof),
            (x + w * 0.62, base - h - roof * 0.7), (x + w + 14 * s, base - h)], L((90, 70, 70)), NEAR)
    dw, dh = 62 * s, 92 * s
    c.rect(x - dw, base - dh, x + dw, base, red, NEAR)
    c.rect(x - dw, base - dh, x + dw, base, None, NEAR)
    for a, b in (((x - dw, base - dh), (x + dw, base)), ((x + dw, base - dh), (x - dw, base))):
        c.line([a, b], white, 6)
    c.rect(x - dw, base - dh, x + dw, base - dh + 7 * s, white)
    c.line([(x, base - dh), (x, base)], white, 5)
    c.rect(x - 22 * s, base - h - roof * 0.55, x + 22 * s, base - h - roof * 0.15, L((60, 40, 40)), MID)
    c.rect(x - 22 * s, base - h - roof * 0.55, x + 22 * s, base - h - roof * 0.15, None, MID)


def farm(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A farm: a red barn and its silo, a wooden fence, ploughed rows and hay bales, rolling hills."""
    sky(c, v, L, rng)
    h0 = v.horizon
    band(c, v, rng, h0 + 10, 120, L((130, 180, 110), depth=0.7), bumps=3, depth=0.85)
    band(c, v, rng, h0 + 30, 80, L((160, 190, 100), depth=0.45), bumps=4, depth=0.6)
    ground(c, v, L, (150, 195, 95), (100, 160, 70))
    side = rng.choice((-1, 1))
    bx = v.x(500 + side * 250, 0.45)
    base = h0 + 40
    s = v.s(1.0, 0.45)
    sx = bx + side * 210 * s  # the silo beside the barn
    silo = L((200, 200, 205))
    c.rect(sx - 42 * s, base - 250 * s, sx + 42 * s, base, silo, NEAR)
    c.poly(ellipse_points(sx, base - 250 * s, 42 * s, 36 * s, 14, 180, 360), L((150, 60, 55)), NEAR)
    for k in range(1, 6):
        c.line([(sx - 40 * s, base - k * 42 * s), (sx + 40 * s, base - k * 42 * s)], shade(silo, 0.25), 2)
    _barn(c, bx, base, s, L)
    fx0, fx1 = v.x(500 - side * 520, 0.3), v.x(500 - side * 40, 0.3)  # ploughed rows on the other side
    rows_top = h0 + 30
    field = [(min(fx0, fx1), rows_top), (max(fx0, fx1), rows_top), (max(fx0, fx1) + 200 * (1 if side < 0 else 0.2), h0 + 200),
             (min(fx0, fx1) - 200 * (1 if side > 0 else 0.2), h0 + 200)]
    c.poly(field, L((150, 110, 70)), 1.0)
    for k in range(9):
        t = k / 8
        xa = field[0][0] + (field[1][0] - field[0][0]) * t
        xb = field[3][0] + (field[2][0] - field[3][0]) * t
        c.line([(xa, rows_top), (xb, h0 + 200)], L((90, 150, 60)), 4)
    fy = h0 + v.s(130, 0.2)  # the fence across the yard
    wood = L((170, 120, 75))
    c.rect(-10, fy - v.s(52, 0.2), 1010, fy - v.s(40, 0.2), wood, 1.2)
    c.rect(-10, fy - v.s(28, 0.2), 1010, fy - v.s(16, 0.2), wood, 1.2)
    for i in range(-3, 16):
        x = v.x(i * 80, 0.2)
        c.rect(x - 6 * v.zoom, fy - v.s(66, 0.2), x + 6 * v.zoom, fy, shade(wood, 0.1), 1.2)
    for _ in range(3):  # round hay bales
        x, y = v.x(rng.uniform(80, 920), 0.1), fy + rng.uniform(40, 200)
        r = 34 * (0.6 + (y - h0) / 350)
        c.ellipse(x, y - r, r * 1.15, r, L((235, 200, 100)), MID)
        c.ellipse(x + r * 0.55, y - r, r * 0.45, r * 0.9, L((220, 180, 80)), 1.2)
        c.arc(x + r * 0.55, y - r, r * 0.25, r * 0.5, 0, 360, L((180, 140, 60)), 1.6)
    scatter(c, v, rng, 30, _grass(c, L((80, 140, 60))), fy + 10)


PAINTERS = {"pond": pond, "jungle": jungle, "island": island, "farm": farm}
