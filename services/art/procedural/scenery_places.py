"""Places prompts name that are neither a shop nor open country: a junkyard, a rooftop, a cave, a cornfield, a wreck,
a zoo.

Each is painted with the one or two things a reader names it by: heaps of scrap
with a rusty car and stacks of tyres; a flat roof with chimneys and an aerial
over a city skyline; stalactites round a cave mouth that lets in the day; tall
corn in rows with cobs; a sunken ship lying broken on the sea floor; a zoo's
barred enclosures with rocks and a pool behind a railing along a sandy path. The same
recipe as the other scenery modules: far silhouettes without ink, near things
with ink, sizes through the `View`.
"""

from __future__ import annotations

import math
import random

from services.art.procedural.backgrounds import View, band, ground, meadow, round_tree, scatter, sky
from services.art.procedural.canvas import Canvas, inked_poly
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade
from services.art.procedural.scenery_outdoor import underwater

NEAR = 2.2
MID = 1.5
RUST: tuple[RGB, ...] = ((176, 92, 52), (150, 120, 96), (120, 130, 140), (90, 120, 150), (196, 160, 70), (130, 80, 60))


# --- junkyard ------------------------------------------------------------------------------------------------------

def _wreck_car(c: Canvas, x: float, foot: float, s: float, col: RGB, L: Light, tilt: float = 0.0) -> None:
    """A rusty car with no wheels and a cracked window."""
    def at(px: float, py: float) -> tuple[float, float]:
        return x + px * s, foot + py * s + px * s * tilt
    body = L(col)
    inked_poly(c, [at(-90, 0), at(90, 0), at(96, -36), at(50, -40), at(28, -74), at(-40, -74), at(-62, -40), at(-96, -34)], body, MID)
    inked_poly(c, [at(-30, -66), at(20, -66), at(36, -42), at(-48, -42)], L((150, 180, 196)), 1.2)
    c.line([at(-20, -64), at(-6, -52), at(-14, -44)], c.ink, 1.5)
    for px in (-54, 54):
        c.ellipse(*at(px, -2), 20 * s, 14 * s, (40, 36, 40), 1.2)
    for px, py in ((-70, -20), (30, -16), (70, -28)):
        c.ellipse(*at(px, py), 9 * s, 6 * s, L(RUST[0]))


def _tyres(c: Canvas, x: float, foot: float, s: float, n: int) -> None:
    for k in range(n):
        y = foot - k * 22 * s
        c.ellipse(x, y - 11 * s, 44 * s, 14 * s, (40, 40, 44), MID)
        c.ellipse(x, y - 13 * s, 22 * s, 6 * s, (90, 86, 84))


def _drum(c: Canvas, x: float, foot: float, s: float, col: RGB, lying: bool) -> None:
    if lying:
        c.rect(x - 46 * s, foot - 52 * s, x + 30 * s, foot, col, MID)
        c.ellipse(x + 30 * s, foot - 26 * s, 14 * s, 26 * s, shade(col, 0.2), MID)
    else:
        c.rect(x - 28 * s, foot - 80 * s, x + 28 * s, foot, col, MID)
        for k in (0.3, 0.65):
            c.line([(x - 28 * s, foot - 80 * s * k), (x + 28 * s, foot - 80 * s * k)], shade(col, 0.3), 2.5)
        c.ellipse(x, foot - 80 * s, 28 * s, 8 * s, lighten(col, 0.15), 1.2)


def _heap(c: Canvas, v: View, x: float, foot: float, w: float, h: float, L: Light, rng: random.Random) -> None:
    """A heap of scrap: a dark mound stuck with panels, pipes and wheels."""
    pts = [(x - w, foot)] + [(x - w + 2 * w * t, foot - h * math.sin(math.pi * t) ** 0.8 * rng.uniform(0.85, 1.05))
                              for t in (0.15, 0.3, 0.45, 0.6, 0.75, 0.9)] + [(x + w, foot)]
    inked_poly(c, pts, L((96, 86, 80), depth=0.1), MID)
    for _ in range(11):
        t = rng.uniform(0.12, 0.88)
        px = x - w + 2 * w * t
        py = foot - h * math.sin(math.pi * t) ** 0.8 * rng.uniform(0.2, 0.85)
        col, a = L(rng.choice(RUST)), rng.uniform(-0.6, 0.6)
        kind = rng.randrange(3)
        if kind == 0:  # a bent panel
            dx, dy = math.cos(a) * 40 * v.zoom, math.sin(a) * 40 * v.zoom
            inked_poly(c, [(px - dx, py - dy), (px + dx, py + dy), (px + dx - dy * 0.5, py + dy - 26 * v.zoom), (px - dx, py - dy - 20 * v.zoom)],
                   col, 1.2)
        elif kind == 1:  # a pipe
            c.line([(px - 40 * v.zoom, py + a * 30), (px + 40 * v.zoom, py - a * 30)], c.ink, 11 * v.zoom)
            c.line([(px - 40 * v.zoom, py + a * 30), (px + 40 * v.zoom, py - a * 30)], col, 7 * v.zoom)
        else:  # an old wheel
            c.ellipse(px, py, 16 * v.zoom, 16 * v.zoom, (50, 46, 48), 1.2)
            c.ellipse(px, py, 7 * v.zoom, 7 * v.zoom, L((160, 160, 166)))


def junkyard(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A junkyard: heaps of scrap with a rusty car, stacked wrecks, tyres, oil drums, a crane and a wire fence."""
    sky(c, v, L, rng)
    h0 = v.horizon
    band(c, v, rng, h0 + 10, 150, L((124, 116, 110), depth=0.75), bumps=9, depth=0.85, sharp=True)
    side = rng.choice((-1, 1))
    cx, foot = v.x(500 + side * 300, 0.55), h0 + 20  # a crane with a magnet
    yellow = L((230, 180, 40), depth=0.35)
    mast, cab = v.s(14, 0.55), foot - v.s(250, 0.55)
    c.rect(cx - mast, cab, cx + mast, foot, yellow, 1.2)
    for k in range(6):  # the lattice of the mast
        y = cab + (foot - cab) * k / 6
        c.line([(cx - mast, y), (cx + mast, y + (foot - cab) / 6)], shade(yellow, 0.3), 1.6)
    c.rect(cx - v.s(40, 0.55), cab - v.s(50, 0.55), cx + v.s(40, 0.55), cab, yellow, 1.2)
    c.rect(cx - v.s(24, 0.55), cab - v.s(40, 0.55), cx + v.s(6, 0.55), cab - v.s(16, 0.55), L((170, 205, 230), depth=0.35))
    arm_x, arm_y = cx - side * v.s(260, 0.55), cab - v.s(150, 0.55)
    c.line([(cx, cab - v.s(40, 0.55)), (arm_x, arm_y)], c.ink, 12)
    c.line([(cx, cab - v.s(40, 0.55)), (arm_x, arm_y)], yellow, 8)
    c.line([(arm_x, arm_y), (arm_x, arm_y + v.s(130, 0.55))], c.ink, 2)
    c.ellipse(arm_x, arm_y + v.s(140, 0.55), v.s(30, 0.55), v.s(12, 0.55), L((60, 60, 66), depth=0.35), 1.2)
    ground(c, v, L, (150, 136, 112), (118, 102, 84))
    fence = L((170, 176, 180), depth=0.3)  # a chain-link fence along the back
    fx0, fx1 = v.x(-100 - side * 300, 0.4), v.x(600 - side * 300, 0.4)
    ftop = h0 + 30 - v.s(120, 0.4)
    for x in range(int(min(fx0, fx1)), int(max(fx0, fx1)), 22):
        c.line([(x, ftop), (x + 22, h0 + 30)], fence, 1.2)
        c.line([(x + 22, ftop), (x, h0 + 30)], fence, 1.2)
    for x in range(int(min(fx0, fx1)), int(max(fx0, fx1)) + 1, 132):
        c.rect(x - 4, ftop - 6, x + 4, h0 + 32, L((110, 116, 120), depth=0.3), 1.0)
    for k, sgn in enumerate((-1, 1)):  # two heaps, one crowned with a rusty car
        hx, hfoot = v.x(500 + sgn * 270 + rng.uniform(-40, 40), 0.3), h0 + v.s(70, 0.3)
        _heap(c, v, hx, hfoot, v.s(220, 0.3), v.s(210, 0.3), L, rng)
        if k == (side > 0):
            _wreck_car(c, hx, hfoot - v.s(170, 0.3), v.s(1.0, 0.3), rng.choice(RUST[2:4]), L, tilt=0.12 * sgn)
    sx, sfoot = v.x(500 - side * 60, 0.25), h0 + v.s(60, 0.25)  # crushed cars stacked like bricks
    for k in range(4):
        col = L(rng.choice(((180, 60, 60), (70, 110, 170), (90, 150, 100), (200, 170, 80))), depth=0.1)
        y0 = sfoot - (k + 1) * v.s(34, 0.25)
        c.rect(sx - v.s(80, 0.25) + (k % 2) * 8, y0, sx + v.s(80, 0.25) + (k % 2) * 8, y0 + v.s(34, 0.25), col, 1.2)
        c.line([(sx - v.s(60, 0.25), y0 + v.s(12, 0.25)), (sx + v.s(50, 0.25), y0 + v.s(20, 0.25))], shade(col, 0.3), 2)
    for k, sgn in enumerate((-1, 1)):  # tyres and drums near the viewer, at the sides
        _tyres(c, v.x(500 + sgn * 440), h0 + v.s(150 + 40 * k), v.zoom, 4 - k)
        _drum(c, v.x(500 + sgn * 360), h0 + v.s(190 - 30 * k), v.zoom, L(RUST[3 + k]), lying=k == 1)

    def bits(x: float, y: float, s: float) -> None:
        if rng.random() < 0.5:
            c.line([(x - 10 * s, y), (x + 12 * s, y - 4 * s)], L((110, 100, 96)), 3 * s)
        else:
            c.ellipse(x, y, 6 * s, 3 * s, L((80, 76, 80)))
    scatter(c, v, rng, 22, bits, h0 + 60)
    for _ in range(2):  # oily puddles
        px, py = v.x(rng.uniform(200, 800)), h0 + v.s(rng.uniform(220, 330))
        c.ellipse(px, py, v.s(70), v.s(12), L((90, 96, 120)))
        c.arc(px - v.s(20), py, v.s(30), v.s(5), 200, 340, L((170, 120, 200)), 1.6)


# --- rooftop -------------------------------------------------------------------------------------------------------

def _water_tower(c: Canvas, x: float, y: float, s: float, col: RGB) -> None:
    for dx in (-16, 16):
        c.line([(x + dx * s, y), (x + dx * 0.7 * s, y - 30 * s)], c.ink, 2.5)
    c.rect(x - 22 * s, y - 72 * s, x + 22 * s, y - 30 * s, col, 1.2)
    inked_poly(c, [(x - 24 * s, y - 72 * s), (x + 24 * s, y - 72 * s), (x, y - 90 * s)], shade(col, 0.3), 1.2)


def _chimney(c: Canvas, x: float, foot: float, s: float, L: Light, smoke: bool) -> None:
    brick = L((176, 84, 60))
    c.rect(x - 34 * s, foot - 150 * s, x + 34 * s, foot, brick, NEAR)
    for k in range(6):
        y = foot - 150 * s + k * 25 * s
        c.line([(x - 34 * s, y), (x + 34 * s, y)], L((214, 150, 120)), 1.4)
    c.rect(x - 40 * s, foot - 162 * s, x + 40 * s, foot - 150 * s, shade(brick, 0.3), MID)
    for dx in (-16, 16):
        c.rect(x + dx * s - 8 * s, foot - 190 * s, x + dx * s + 8 * s, foot - 162 * s, L((200, 110, 70)), 1.2)
    if smoke:
        for k in range(4):
            c.ellipse(x + 20 * s + k * 16 * s, foot - 214 * s - k * 30 * s, (14 + k * 6) * s, (11 + k * 5) * s,
                      L((214, 214, 220)))


def rooftop(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """On a flat roof over the city: the skyline behind a low brick parapet, chimneys, an aerial, a water tank."""
    sky(c, v, L, rng)
    h0 = v.horizon
    night = L.time == "night"
    x = -300.0
    far = L((150, 164, 204), depth=0.75)
    while x < 1300:  # far towers, hazed
        w, h = rng.uniform(50, 100), rng.uniform(120, 320)
        c.rect(v.x(x, 0.85), h0 - v.s(h, 0.85), v.x(x + w, 0.85), h0 + 40, far)
        if rng.random() < 0.3:
            c.rect(v.x(x + w * 0.45, 0.85), h0 - v.s(h + 50, 0.85), v.x(x + w * 0.52, 0.85), h0, far)
        x += w + rng.uniform(0, 14)
    fronts = ((200, 130, 110), (120, 140, 180), (220, 190, 130), (150, 130, 170), (110, 160, 150))
    x = -350.0
    while x < 1350:  # the roofs of the next blocks, a little below us
        w, top = rng.uniform(150, 230), h0 - v.s(rng.uniform(-10, 140), 0.5)
        x0, x1 = v.x(x, 0.5), v.x(x + w, 0.5)
        col = L(rng.choice(fronts), depth=0.4)
        c.rect(x0, top, x1, h0 + 60, col, 1.2)
        c.rect(x0 - 4, top - 8, x1 + 4, top, shade(col, 0.3), 1.0)
        for r in range(4):
            for k in range(4):
                wx, wy = x0 + (x1 - x0) * (0.08 + 0.23 * k), top + 18 + r * v.s(40, 0.5)
                if wy < h0 + 40:
                    lit = night and rng.random() < 0.6
                    c.rect(wx, wy, wx + (x1 - x0) * 0.14, wy + v.s(22, 0.5),
                           (255, 214, 110) if lit else L(mix((170, 205, 235), col, 0.3), depth=0.3))
        if rng.random() < 0.5:
            _water_tower(c, (x0 + x1) / 2 + rng.uniform(-30, 30), top - 8, v.s(1.0, 0.5), L((150, 110, 80), depth=0.3))
        x += w + rng.uniform(20, 60)
    edge = h0 + 40  # the parapet at the far edge of our roof
    brick = L((170, 90, 70))
    c.rect(-10, edge - v.s(50), 1010, edge, brick, MID)
    for k in range(-8, 24):
        bx = v.x(k * 60, 0.1)
        c.line([(bx, edge - v.s(50)), (bx, edge)], shade(brick, 0.25), 1.4)
    c.rect(-10, edge - v.s(62), 1010, edge - v.s(50), L((200, 196, 190)), MID)
    c.gradient(0, edge, 1000, 1000, L((130, 130, 136)), L((96, 96, 104)))  # tar and gravel
    vx = 500 + v.pan * 0.5
    for i in range(-10, 11):
        c.line([(vx + i * 60 * v.zoom, edge), (vx + i * 200 * v.zoom, 1000)], L((116, 116, 122)), 1.4)

    def gravel(px: float, py: float, s: float) -> None:
        c.ellipse(px, py, 4 * s, 2.5 * s, L((156, 154, 150)))
    scatter(c, v, rng, 40, gravel, edge + 10)
    side = rng.choice((-1, 1))
    _chimney(c, v.x(500 + side * 390, 0.1), edge + v.s(80), v.zoom, L, L.weather not in ("rain", "snow"))
    _chimney(c, v.x(500 + side * 250, 0.2), edge + v.s(20), v.s(0.7, 0.2), L, False)
    ax, afoot = v.x(500 - side * 370, 0.1), edge + v.s(60)  # a television aerial on its pole
    c.line([(ax, afoot), (ax, afoot - v.s(300))], c.ink, 4)
    for k in range(4):
        y = afoot - v.s(300) + k * v.s(22)
        c.line([(ax - v.s(60 - k * 10), y), (ax + v.s(60 - k * 10), y)], c.ink, 3)
    c.rect(ax - v.s(20), afoot - v.s(12), ax + v.s(20), afoot, L((90, 90, 96)), 1.2)
    sx = v.x(500 - side * 200, 0.15)  # a skylight box
    inked_poly(c, [(sx - v.s(70), edge + v.s(30)), (sx + v.s(70), edge + v.s(30)), (sx + v.s(56), edge - v.s(10)), (sx - v.s(56), edge - v.s(10))],
           L((170, 200, 220)) if not night else (240, 210, 120), MID)


# --- cave ----------------------------------------------------------------------------------------------------------

def _stalactite(c: Canvas, x: float, top: float, w: float, h: float, col: RGB) -> None:
    inked_poly(c, [(x - w, top), (x + w, top), (x + w * 0.2, top + h * 0.8), (x, top + h), (x - w * 0.3, top + h * 0.7)], col, 1.2)
    c.line([(x - w * 0.4, top + 4), (x - w * 0.1, top + h * 0.6)], lighten(col, 0.2), 2)


def cave(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """Inside a cave: rock walls, stalactites hanging from the roof, stalagmites, glowing crystals, and the mouth
    of the cave letting in the sky and the light of the time of day."""
    def lit(col: RGB) -> RGB:
        return L(col, strength=0.45)
    h0 = v.horizon + 40
    c.gradient(0, 0, 1000, h0, lit((58, 50, 56)), lit((96, 84, 80)))
    side = rng.choice((-1, 1))
    mx, my = v.x(500 + side * 250, 0.5), h0 - v.s(10, 0.5)  # the cave mouth, with the day outside
    mw, mh = v.s(170, 0.5), v.s(300, 0.5)
    mouth = [(mx - mw, my)] + [(mx + math.cos(a) * mw * rng.uniform(0.9, 1.05), my - math.sin(a) * mh * rng.uniform(0.9, 1.05))
                                for a in (math.radians(d) for d in range(165, 10, -25))] + [(mx + mw, my)]
    for k in range(4):  # the sky through the mouth: deep at the rim, pale at the horizon
        f = 1 - k * 0.2
        inked_poly(c, [(mx + (px - mx) * f, my + (py - my) * f) for px, py in mouth], mix(L.sky_top, L.sky_bottom, k / 3))
    inked_poly(c, mouth[:1] + [(mx - mw * 0.5, my - mh * 0.12), (mx, my - mh * 0.2), (mx + mw * 0.6, my - mh * 0.1)] + mouth[-1:],
           L((110, 170, 90), depth=0.5))
    inked_poly(c, mouth, None, NEAR)
    for depth, col, base in ((0.7, (74, 64, 66), h0 - 120), (0.45, (86, 74, 72), h0 - 30)):  # rock ledges
        pts: list[tuple[float, float]] = [(-20.0, base + 200)]
        for i in range(13):
            lx = -20.0 + i * 87
            if abs(lx - mx) > mw * 1.1:
                pts.append((lx, base - rng.uniform(0, 90) * (1 - depth)))
            else:
                pts.append((lx, h0 + 10))
        pts.append((1020.0, base + 200))
        inked_poly(c, pts, lit(col))
    c.gradient(0, h0, 1000, 1000, lit((116, 100, 88)), lit((78, 68, 62)))  # the rock floor
    inked_poly(c, [(mx - mw, h0), (mx + mw, h0), (mx + mw * 2.2, 1000), (mx - mw * 1.2, 1000)], mix(lit((116, 100, 88)), L.sky_bottom, 0.12))
    rock = lit((120, 104, 96))
    for k in range(14):  # stalactites hanging from the roof
        x = v.x(-60 + k * 82 + rng.uniform(-20, 20), 0.3)
        _stalactite(c, x, -5, v.s(rng.uniform(18, 34), 0.3), v.s(rng.uniform(60, 200), 0.3), rock)
    for _ in range(5):  # stalagmites rising from the floor
        x = v.x(rng.choice((-1, 1)) * rng.uniform(200, 480) + 500, 0.3)
        if abs(x - mx) < mw:
            continue
        w, h, foot = v.s(rng.uniform(20, 34), 0.3), v.s(rng.uniform(60, 140), 0.3), h0 + v.s(rng.uniform(10, 50), 0.3)
        inked_poly(c, [(x - w, foot), (x + w, foot), (x + w * 0.2, foot - h * 0.8), (x, foot - h)], rock, 1.2)
    gx, gfoot = v.x(500 - side * 380), h0 + v.s(90)  # a cluster of glowing crystals
    c.ellipse(gx, gfoot - v.s(30), v.s(120), v.s(70), mix(lit((96, 84, 80)), (170, 120, 250), 0.25))
    for k, (dx, h, a) in enumerate(((-40, 80, -0.3), (-10, 120, 0.0), (22, 96, 0.25), (50, 60, 0.45))):
        col = (170, 130, 250) if k % 2 == 0 else (120, 200, 250)
        bx, tip = gx + dx * v.zoom, (gx + dx * v.zoom + math.sin(a) * h * v.zoom, gfoot - math.cos(a) * h * v.zoom)
        inked_poly(c, [(bx - 12 * v.zoom, gfoot), (bx + 12 * v.zoom, gfoot), tip], col, 1.2)
        c.line([(bx, gfoot - 4), ((bx + tip[0]) / 2, (gfoot + tip[1]) / 2)], lighten(col, 0.5), 2)

    def pebble(x: float, y: float, s: float) -> None:
        c.ellipse(x, y, 9 * s, 5 * s, lit((134, 120, 110)), 1.0)
    scatter(c, v, rng, 14, pebble, h0 + 30)
    px, py = v.x(500 + side * 60), h0 + v.s(240)  # a still puddle
    c.ellipse(px, py, v.s(90), v.s(16), mix(lit((70, 90, 110)), L.sky_bottom, 0.2), 1.2)


# --- cornfield -----------------------------------------------------------------------------------------------------

def _stalk(c: Canvas, x: float, foot: float, s: float, L: Light, rng: random.Random, cob: bool) -> None:
    """A corn plant: a tall stalk, long arching leaves, a tassel and maybe a cob in its husk."""
    green, leaf = L((96, 150, 60)), L((120, 176, 70))
    top = foot - 260 * s
    c.line([(x, foot), (x, top)], c.ink, 9 * s + 2)
    c.line([(x, foot), (x, top)], green, 9 * s)
    for k in range(4):  # each leaf a blade arching out and down
        y, d = foot - (60 + k * 50) * s, 1 if k % 2 else -1
        blade = [(x, y), (x + d * 40 * s, y - 36 * s), (x + d * 90 * s, y - 8 * s)]
        c.line(blade, c.ink, 10 * s + 2)
        c.line(blade, leaf, 10 * s)
    for k in range(3):
        c.line([(x, top), (x + (k - 1) * 14 * s, top - 30 * s)], L((214, 190, 100)), 3 * s + 1)
    if cob:
        cx, cy = x + 12 * s, foot - 150 * s
        c.ellipse(cx, cy, 11 * s, 30 * s, L((250, 206, 60)), 1.2)
        for k in range(4):
            c.line([(cx - 8 * s, cy - 18 * s + k * 12 * s), (cx + 8 * s, cy - 18 * s + k * 12 * s)], L((220, 170, 40)), 1.5)
        inked_poly(c, [(cx - 12 * s, cy + 26 * s), (cx - 16 * s, cy - 6 * s), (cx - 4 * s, cy + 30 * s)], L((140, 190, 80)), 1.0)
        inked_poly(c, [(cx + 12 * s, cy + 26 * s), (cx + 16 * s, cy - 6 * s), (cx + 4 * s, cy + 30 * s)], L((140, 190, 80)), 1.0)


def cornfield(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A cornfield: rows of tall corn running to the horizon, a dirt path between them, cobs, crows, a far silo."""
    sky(c, v, L, rng)
    h0 = v.horizon
    band(c, v, rng, h0 + 10, 70, L((120, 160, 110), depth=0.75), bumps=5, depth=0.85)
    sx = v.x(rng.choice((220, 780)), 0.8)  # a far barn and silo
    c.rect(sx - v.s(40, 0.8), h0 - v.s(50, 0.8), sx + v.s(40, 0.8), h0 + 8, L((180, 70, 60), depth=0.6))
    inked_poly(c, [(sx - v.s(46, 0.8), h0 - v.s(50, 0.8)), (sx + v.s(46, 0.8), h0 - v.s(50, 0.8)), (sx, h0 - v.s(80, 0.8))],
           L((150, 60, 50), depth=0.6))
    c.rect(sx + v.s(48, 0.8), h0 - v.s(100, 0.8), sx + v.s(76, 0.8), h0 + 8, L((200, 200, 196), depth=0.6))
    c.ellipse(sx + v.s(62, 0.8), h0 - v.s(100, 0.8), v.s(14, 0.8), v.s(10, 0.8), L((200, 200, 196), depth=0.6))
    band(c, v, rng, h0 + 20, 70, L((140, 168, 70), depth=0.5), bumps=40, depth=0.6)  # the corn far off, tassels and all
    ground(c, v, L, (130, 110, 70), (110, 86, 56))
    vx = 500 + v.pan * 0.5
    for k in range(-7, 8):  # furrows running to the horizon
        xa, xb = vx + k * 60 * v.zoom, vx + k * 260 * v.zoom
        inked_poly(c, [(xa - 12 * v.zoom, h0 + 16), (xa + 12 * v.zoom, h0 + 16), (xb + 60 * v.zoom, 1010), (xb - 60 * v.zoom, 1010)],
               L((104, 140, 60)) if k not in (0,) else L((170, 140, 96)))
    for row in range(5):  # corn on both sides of the path, smaller far off
        t = (row + 0.5) / 5
        foot = h0 + 20 + (1000 - h0 - 20) * t ** 1.8
        s = v.zoom * (0.36 + 1.0 * t ** 1.6)
        for sgn in (-1, 1):
            for j in range(3):
                x = vx + sgn * (90 + j * 120 + 340 * t ** 1.6) * v.zoom
                if -60 < x < 1060:
                    _stalk(c, x + rng.uniform(-10, 10), foot, s, L, rng, cob=rng.random() < 0.45)
    for _ in range(3):  # crows
        bx, by = rng.uniform(100, 900), rng.uniform(80, h0 - 240)
        c.line([(bx - 16, by - 6), (bx, by), (bx + 16, by - 8)], c.ink, 3)


# --- shipwreck -----------------------------------------------------------------------------------------------------

def shipwreck(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A shipwreck on the sea floor: the sea of `underwater`, and a broken wooden hull lying on its side, its mast
    snapped and its sail in rags, seaweed growing from it and an anchor in the sand."""
    underwater(c, v, L, rng)
    deep = L.time == "night"
    floor = v.horizon + 60
    side = rng.choice((-1, 1))
    hx, hy, s = v.x(500 + side * 120, 0.35), floor + v.s(40, 0.35), v.s(1.0, 0.35)
    wood = (120, 84, 60) if not deep else (70, 56, 60)

    def at(px: float, py: float) -> tuple[float, float]:  # the hull, heeled over and sunk into the sand
        a = math.radians(-8 * side)
        return hx + (px * math.cos(a) - py * math.sin(a)) * s, hy + (px * math.sin(a) + py * math.cos(a)) * s
    hull = [at(-330, -120), at(260, -140), at(360, -250), at(300, -40), at(180, 20), at(-240, 20)]
    inked_poly(c, hull, wood, NEAR)
    for k in range(4):  # planks
        y = -110 + k * 32
        c.line([at(-320 + k * 20, y), at(300 - k * 30, y - 20 + k * 6)], shade(wood, 0.35), 2)
    inked_poly(c, [at(-60, -118), at(10, -122), at(30, -60), at(-10, 10), at(-70, -30)], (24, 30, 50))  # the hole in its side
    for k in range(3):
        c.line([at(-50 + k * 28, -116), at(-44 + k * 24, -20)], shade(wood, 0.5), 5)
    for px in (-250, -180, 120, 190):
        c.ellipse(*at(px, -80), 13 * s, 13 * s, (40, 60, 90), 1.6, outline=(190, 160, 80))
    inked_poly(c, [at(-330, -120), at(-330, -175), at(-210, -175), at(-210, -125)], shade(wood, 0.15), MID)  # the stern cabin
    mast_foot, mast_top = at(-30, -130), at(-170, -470)  # the snapped mast, leaning, its sail in rags
    c.line([mast_foot, mast_top], c.ink, 12 * s)
    c.line([mast_foot, mast_top], shade(wood, 0.1), 8 * s)
    rag = mix((230, 220, 190), (80, 130, 150), 0.35)
    inked_poly(c, [at(-150, -420), at(-40, -400), at(-30, -330), at(-70, -350), at(-90, -300), at(-120, -340)], rag, 1.2)
    c.line([at(-100, -260), at(-60, -230)], c.ink, 5)
    for _ in range(9):  # seaweed growing from the wreck
        wx = rng.uniform(-300, 280)
        root = at(wx, -130 + rng.uniform(-8, 8))
        pts = [(root[0] + 12 * math.sin(k * 0.9 + wx) * s, root[1] - k * 22 * s) for k in range(6)]
        c.line(pts, (40, 120, 80), 8 * s)
    for _ in range(14):
        c.ellipse(*at(rng.uniform(-300, 300), rng.uniform(-130, 10)), 4 * s, 4 * s, (200, 200, 190))
    ax, afoot = v.x(500 - side * 360), floor + v.s(150)  # the anchor, half in the sand
    iron = (70, 80, 90) if not deep else (50, 56, 66)
    c.line([(ax, afoot), (ax, afoot - v.s(120))], c.ink, 14 * v.zoom)
    c.line([(ax, afoot), (ax, afoot - v.s(120))], iron, 9 * v.zoom)
    c.ellipse(ax, afoot - v.s(132), v.s(14), v.s(14), None, 5 * v.zoom, outline=iron)
    c.line([(ax - v.s(40), afoot - v.s(96)), (ax + v.s(40), afoot - v.s(96))], iron, 8 * v.zoom)
    c.arc(ax, afoot - v.s(30), v.s(50), v.s(30), 20, 160, iron, 8 * v.zoom)
    c.ellipse(ax, afoot, v.s(70), v.s(12), (200, 180, 140) if not deep else (80, 80, 90))
    for _ in range(3):  # fish swimming past
        fx, fy, fs = rng.uniform(80, 920), rng.uniform(120, floor - 200), rng.uniform(0.8, 1.4)
        col = rng.choice(((250, 170, 60), (250, 220, 80), (120, 200, 240)))
        c.ellipse(fx, fy, 22 * fs, 11 * fs, col, 1.2)
        inked_poly(c, [(fx + 20 * fs, fy), (fx + 36 * fs, fy - 10 * fs), (fx + 36 * fs, fy + 10 * fs)], col, 1.2)


# --- zoo -----------------------------------------------------------------------------------------------------------

def _enclosure(c: Canvas, x0: float, x1: float, foot: float, h: float, L: Light, rng: random.Random,
               pool: bool) -> None:
    """A zoo enclosure: rocks (or a pool) on sand behind tall iron bars with a rail along their top."""
    sand = L((214, 190, 140), depth=0.4)
    c.rect(x0, foot - h * 0.25, x1, foot, sand)
    if pool:
        c.ellipse((x0 + x1) / 2, foot - h * 0.12, (x1 - x0) * 0.32, h * 0.09, L((110, 170, 220), depth=0.4), 1.2)
    for k in range(2):  # rocks to climb on
        rx = x0 + (x1 - x0) * (0.25 + 0.5 * k) + rng.uniform(-20, 20)
        inked_poly(c, [(rx - h * 0.22, foot - h * 0.08), (rx - h * 0.12, foot - h * 0.34), (rx + h * 0.08, foot - h * 0.4),
                       (rx + h * 0.24, foot - h * 0.1)], L((150, 146, 140), depth=0.4), 1.2)
    bar = (56, 60, 66)
    for k in range(int((x1 - x0) // 34) + 1):
        bx = x0 + k * 34
        c.line([(bx, foot), (bx, foot - h)], bar, 5)
    c.rect(x0 - 4, foot - h - 8, x1 + 4, foot - h + 4, bar, 1.0)
    c.rect(x0 - 4, foot - 10, x1 + 4, foot, bar)


def zoo(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A zoo: trees beyond, two barred enclosures (rocks, a pool) side by side, a green railing in front of them
    and a sandy path the visitors walk."""
    h0 = meadow(c, v, L, rng, (120, 170, 120), 80, 8, ((130, 190, 100), (96, 160, 80)))
    for i in range(5):
        x = v.x(-60 + i * 260 + rng.uniform(-40, 40), 0.4)
        round_tree(c, x, h0 + 30, v.s(rng.uniform(150, 200), 0.4), L((120, 85, 60), depth=0.3),
                   L(rng.choice(((90, 170, 80), (70, 150, 90))), depth=0.3), 1.2)
    foot, h = h0 + v.s(90, 0.3), v.s(190, 0.3)
    gap = v.s(40, 0.3)
    left, right = v.x(60, 0.3), v.x(940, 0.3)
    middle = (left + right) / 2
    _enclosure(c, left, middle - gap, foot, h, L, rng, pool=rng.random() < 0.5)
    _enclosure(c, middle + gap, right, foot, h, L, rng, pool=True)
    rail_y = foot + v.s(40, 0.2)
    green = L((60, 120, 80))
    for i in range(-2, 30):  # the visitors' railing, posts and two bars
        x = v.x(i * 48, 0.2)
        c.rect(x - 4, rail_y - v.s(46, 0.2), x + 4, rail_y, green, 1.0)
    for dy in (42, 22):
        c.rect(-5, rail_y - v.s(dy, 0.2), 1005, rail_y - v.s(dy - 6, 0.2), green, 1.0)
    vx = 500 + v.pan * 0.4
    c.poly([(vx - 120, rail_y + 4), (vx + 120, rail_y + 4), (vx + 380, 1000), (vx - 360, 1000)], L((226, 205, 160)))


PAINTERS = {"junkyard": junkyard, "rooftop": rooftop, "cave": cave, "cornfield": cornfield, "shipwreck": shipwreck,
            "zoo": zoo}
