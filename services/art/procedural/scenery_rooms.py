"""Rooms readers name by what stands in them: a bathroom and a car-repair garage.

Both were painted as the living room (the vocabulary filed them under home), so "in the bathroom" or "in der
Autowerkstatt" showed a sofa. The bathroom is told by its small square tiles, a white bath with a curtain and a rubber
duck, a basin under a mirror and a toilet; the garage by a car raised on a lift with its bonnet open, a pegboard of
tools, a red tool chest, tyres and a roller door half up onto the weather. Both are lit by their own lamps (the hour
only tints them). What is tall stands against the back wall or at the edges: the lower middle is left for the cast.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

from services.art.procedural.backgrounds import Lit, Point, View, lamplit, room, tube, wall_s, wall_x
from services.art.procedural.canvas import Canvas, ellipse_points, inked_poly
from services.art.procedural.palettes import RGB, WHITE, Light, lighten, mix, shade
from services.art.procedural.scenery_venues import Spot

MID = 1.5
PORCELAIN: RGB = (250, 250, 252)
CHROME: RGB = (206, 214, 224)
DUCK: RGB = (255, 222, 0)
TILES: tuple[RGB, ...] = ((140, 204, 226), (150, 212, 190), (236, 176, 196))  # aqua, mint or pink
CAR_COLOURS: tuple[RGB, ...] = ((214, 40, 40), (36, 104, 204), (244, 184, 30), (24, 160, 148))
CHEST_RED: RGB = (210, 34, 40)
TYRE: RGB = (44, 44, 50)
CONCRETE: RGB = (176, 176, 172)
PEGBOARD: RGB = (214, 176, 120)




# --- bathroom ------------------------------------------------------------------------------------------------------

def bathroom(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A bathroom: tiled walls, a frosted window, a toilet under a towel rail, a basin under a mirror, a claw-foot bath
    with a shower, its curtain and a rubber duck, a bath mat on a chequered floor."""
    lt = lamplit(L)
    tile = rng.choice(TILES)
    fy = room(c, v, L, tile, PORCELAIN, planks=False)
    _wall_tiles(c, v, fy, lt(tile))
    _chequered_floor(c, v, fy, lt((244, 244, 240)), lt(mix(tile, (90, 100, 120), 0.45)))
    side = rng.choice((-1, 1))  # the bath's end; the basin and the toilet stand across the room
    _frosted_window(c, v, fy, wall_x(v, 500 + side * 210), L, lt)
    u = wall_s(v, 1)
    _towels(c, Spot(wall_x(v, 500 - side * 390), fy, u), lt, rng)
    _toilet(c, Spot(wall_x(v, 500 - side * 390), fy + 12 * u, u), lt)
    _basin(c, Spot(wall_x(v, 500 - side * 170), fy + 8 * u, u), lt, L.time == "night")
    s, end = v.s(1.2, 0.3), wall_x(v, 500 + side * 20)  # the taps' end by the middle, the curtain at the side
    base = fy + v.s(44, 0.3)
    foot = end + side * 380 * s
    _bath_mat(c, v, v.x(500 + side * 260), fy + v.s(96), lt)
    _bath(c, end, foot, base, s, lt, rng)


def _bath_mat(c: Canvas, v: View, x: float, y: float, lt: Lit) -> None:
    """A striped bath mat lying on the floor in front of the bath, flat: the cast may stand on it."""
    c.poly([(x - v.s(130), y - v.s(26)), (x + v.s(130), y - v.s(26)), (x + v.s(150), y + v.s(26)),
            (x - v.s(150), y + v.s(26))], lt((70, 140, 214)), MID)
    for k in range(1, 5):
        yk, w = y - v.s(26) + v.s(52) * k / 5, v.s(130 + 20 * k / 5)
        c.line([(x - w, yk), (x + w, yk)], lt((150, 200, 240)), v.s(4))


def _wall_tiles(c: Canvas, v: View, fy: float, tile: RGB) -> None:
    """Small square tiles from the skirting to the ceiling, white grout between them and a band of darker ones at
    shoulder height: the one thing every bathroom has, seen in any shot."""
    t, top, grout = wall_s(v, 34), fy - 14, lighten(tile, 0.7)
    c.rect(-10, top - t * 10, 1010, top - t * 9, shade(tile, 0.3))
    for k in range(int(top / t) + 1):
        c.line([(0, top - k * t), (1000, top - k * t)], grout, 2.2)
    for x in (wall_x(v, 0) % t + k * t for k in range(int(1000 / t) + 1)):
        c.line([(x, 0), (x, top)], grout, 2.2)


def _chequered_floor(c: Canvas, v: View, fy: float, light: RGB, dark: RGB) -> None:
    """Floor tiles in a chequer, in perspective: rows a fixed step deeper, columns meeting above the floor line."""
    vx, vy = 500 + v.pan * 0.5, fy - 260 * v.zoom
    k, w = 1000 - vy, 110 * v.zoom  # the depth scale, and a tile's width at the panel's bottom edge
    c.gradient(0, fy, 1000, 1000, light, shade(light, 0.1))
    far = k / (fy - vy)  # how much deeper the floor's back edge is than the panel's bottom
    for j in range(math.ceil((far - 1) / 0.16)):
        z0, z1 = 1 + j * 0.16, min(far, 1 + (j + 1) * 0.16)
        y0, y1 = vy + k / z0, vy + k / z1
        for i in range(-int(12 * z1) - 1, int(12 * z1) + 1):
            x00, x01 = vx + i * w / z0, vx + (i + 1) * w / z0
            if (i + j) % 2 and x01 > -50 and x00 < 1050:
                c.poly([(x00, y0), (x01, y0), (vx + (i + 1) * w / z1, y1), (vx + i * w / z1, y1)], dark)


def _frosted_window(c: Canvas, v: View, fy: float, x: float, L: Light, lt: Lit) -> None:
    """A small window high on the wall, its pebbled glass pale with the sky's colour: the hour, not the view."""
    w, top, bottom = wall_s(v, 76), fy - wall_s(v, 520), fy - wall_s(v, 410)
    frame = lt(PORCELAIN)
    c.rect(x - w - 9, top - 9, x + w + 9, bottom + 9, frame, MID)
    c.gradient(x - w, top, x + w, bottom, mix(L.sky_top, WHITE, 0.45), mix(L.sky_bottom, WHITE, 0.65))
    for i, j in itertools.product(range(6), range(3)):  # its pebbles
        c.ellipse(x - w + (i + 0.5 + 0.5 * (j % 2)) * w / 3, top + (j + 0.5) * (bottom - top) / 3, 5, 4,
                  mix(L.sky_bottom, WHITE, 0.85))
    c.rect(x - 4, top, x + 4, bottom, frame, 1.0)


def _toilet(c: Canvas, q: Spot, lt: Lit) -> None:
    """A toilet seen from the front: the cistern on the wall, the lid raised against it, the seat and the bowl."""
    white, s = lt(PORCELAIN), q.s
    c.rect(*q.box(-52, 250, 52, 150), white, MID)
    c.rect(*q.box(-58, 262, 58, 248), white, MID)
    c.ellipse(*q(0, 232), 10 * s, 7 * s, lt(CHROME), 1.0)  # the flush button
    inked_poly(c, [q(dx, up) for dx, up in ((-36, 120), (-40, 200), (-28, 236), (28, 236), (40, 200), (36, 120))],
               lighten(white, 0.5), MID)  # the raised lid
    inked_poly(c, [q(-22, 0), q(22, 0), q(30, 56), q(60, 112), q(-60, 112), q(-30, 56)], white, MID)
    c.ellipse(*q(0, 116), 64 * s, 16 * s, white, MID)  # the seat, from a little above
    c.ellipse(*q(0, 116), 42 * s, 9 * s, lt((180, 220, 236)), 1.0)


def _towels(c: Canvas, q: Spot, lt: Lit, rng: random.Random) -> None:
    """A chrome rail over the toilet with two towels folded over it, a stripe across each."""
    for dx in (-96, 96):
        c.rect(*q.box(dx - 5, 384, dx + 5, 366), lt(CHROME), 1.0)
    tube(c, [q(-96, 376), q(96, 376)], lt(CHROME), 4 * q.s)
    cols = rng.sample(((236, 96, 110), (250, 200, 70), (110, 190, 150), (250, 250, 246), (120, 150, 230)), 2)
    for dx, col, drop in ((-44, cols[0], 92), (44, cols[1], 76)):
        towel = lt(col)
        c.rect(*q.box(dx - 38, 382, dx + 38, 382 - drop), towel, MID)
        c.rect(*q.box(dx - 38, 382 - drop + 22, dx + 38, 382 - drop + 12), lighten(towel, 0.5))
        c.line([q(dx - 38, 372), q(dx + 38, 372)], shade(towel, 0.2), 2 * q.s)  # where it folds over the rail


def _basin(c: Canvas, q: Spot, lt: Lit, night: bool) -> None:
    """A pedestal washbasin with its tap, a cup of toothbrushes and soap, a mirror over it and a lamp above that."""
    white, s = lt(PORCELAIN), q.s
    c.rect(*q.box(-80, 480, 80, 290), lt((190, 196, 204)), MID)  # the mirror's frame
    c.gradient(*q.box(-70, 470, 70, 300), lt((196, 226, 236)), lt((150, 190, 210)))
    for dx, length, w in ((-40, 90, 6), (-10, 60, 4)):  # the glass catches the light
        c.line([q(dx, 330), q(dx + length * 0.5, 330 + length)], WHITE, w * s)
    glow = (255, 236, 170) if night else lt((250, 244, 220))
    if night:
        c.ellipse(*q(0, 500), 70 * s, 40 * s, mix(glow, lt(PORCELAIN), 0.5))
    c.rect(*q.box(-50, 512, 50, 490), glow, MID)  # the lamp over the mirror
    inked_poly(c, [q(-18, 0), q(18, 0), q(24, 150), q(-24, 150)], white, MID)  # the pedestal
    inked_poly(c, [q(76 * math.cos(a), 198 - 56 * math.sin(a)) for a in (i * math.pi / 12 for i in range(13))],
               white, MID)  # the bowl
    c.rect(*q.box(-82, 210, 82, 196), white, MID)
    tube(c, [q(0, 210), q(0, 236), q(22, 236), q(22, 226)], lt(CHROME), 4 * s)
    for dx, col in ((-18, (70, 130, 230)), (18, (230, 70, 70))):
        c.ellipse(*q(dx, 222), 7 * s, 5 * s, lt(col), 1.0)  # cold and hot
    c.rect(*q.box(44, 244, 64, 210), lt((150, 210, 220)), 1.0)  # a cup of toothbrushes
    for dx, col in ((48, (240, 90, 90)), (58, (80, 170, 90))):
        tube(c, [q(dx, 236), q(dx + 2, 268)], lt(col), 2.5 * s)
    c.ellipse(*q(-56, 214), 14 * s, 6 * s, lt((250, 180, 200)), 1.0)  # soap


def _bath(c: Canvas, end: float, foot: float, base: float, s: float, lt: Lit, rng: random.Random) -> None:
    """A white claw-foot bath seen from the side, full of foam, its shower and curtain over it and a rubber duck on
    the rim."""
    def at(t: float, up: float) -> Point:  # t along the bath from its taps (0) to its foot (1), `up` off the floor
        return end + (foot - end) * t, base - up * s

    _shower(c, at, s, lt, rng)
    _foam(c, at, s, lt)
    for t in (0.12, 0.88):  # the claw feet
        inked_poly(c, [at(t - 0.03, 34), at(t + 0.03, 34), at(t + 0.05, 0), at(t - 0.05, 0), at(t - 0.02, 16)],
                   lt((220, 180, 80)), 1.2)
    ends = [(0.86 + 0.14 * math.cos(a), 100 - 74 * math.sin(a)) for a in (i * math.pi / 12 for i in range(7))]
    body = [(1.0, 134), *ends, *((1 - t, up) for t, up in reversed(ends)), (0.0, 134)]
    inked_poly(c, [at(t, up) for t, up in body], lt(PORCELAIN), MID)
    c.line([at(0.06, 56), at(0.3, 38), at(0.7, 38), at(0.94, 56)], lt((222, 228, 238)), 5 * s)  # its curve's shadow
    tube(c, [at(-0.01, 134), at(1.01, 134)], lt(PORCELAIN), 8 * s)  # the rolled rim
    tube(c, [at(0.03, 134), at(0.03, 150), at(0.07, 150)], lt(CHROME), 4 * s)  # the taps
    _duck(c, Spot(*at(0.24, 140), s, 1 if foot > end else -1), lt)


def _shower(c: Canvas, at: Callable[[float, float], Point], s: float, lt: Lit, rng: random.Random) -> None:
    """A curtain rail over the bath, hung from the ceiling, the curtain drawn back to the bath's foot in folds (its
    hem inside the bath, behind the near side), and the shower's riser and head at the taps' end."""
    chrome = lt(CHROME)
    tube(c, [at(-0.04, 420), at(1.04, 420)], chrome, 3.5 * s)
    tube(c, [at(0.86, 420), (at(0.86, 0)[0], -10)], chrome, 2.5 * s)
    cloth = lt(rng.choice(((250, 250, 246), (170, 214, 240), (250, 214, 120))))
    for k in range(5):
        (xa, top), (xb, _) = at(0.74 + 0.05 * k, 416), at(0.79 + 0.05 * k, 416)
        bottom = at(0, 96 + 8 * (k % 2))[1]
        c.poly([(xa, top), (xb, top), (xb, bottom), (xa, bottom + 6)], cloth if k % 2 else shade(cloth, 0.12), 1.0)
        c.ellipse(xa, top, 5 * s, 5 * s, None, 1.0)  # a ring on the rail
        for j in range(4):
            c.ellipse((xa + xb) / 2, top + (bottom - top) * (0.15 + 0.22 * j), 4 * s, 4 * s, lt((90, 150, 220)))
    tube(c, [at(0.02, 132), at(0.02, 390), at(0.12, 396)], chrome, 4 * s)
    inked_poly(c, [at(0.1, 404), at(0.18, 396), at(0.16, 384), at(0.1, 390)], chrome, 1.2)


def _foam(c: Canvas, at: Callable[[float, float], Point], s: float, lt: Lit) -> None:
    """Puffs of foam heaped over the bath's rim, towards its foot, a few bubbles floating off them."""
    puffs = [at(0.43 + 0.065 * k - 0.042 * math.cos(a), 138 + (16 + 7 * (k % 2)) * math.sin(a))
             for k in range(8) for a in (math.pi * j / 8 for j in range(9))]
    inked_poly(c, [at(0.4, 130), *puffs, at(0.92, 130)], lt(WHITE), 1.2)
    for k in range(3):
        c.ellipse(*at(0.5 + 0.14 * k, 176 + 22 * (k % 2)), (5 + 2 * k) * s, (5 + 2 * k) * s, lt(WHITE), 1.0)


def _duck(c: Canvas, q: Spot, lt: Lit) -> None:
    """A rubber duck sitting on the bath's rim, looking along it."""
    yellow = lt(DUCK)
    inked_poly(c, ellipse_points(*q(0, 14), 22 * q.s, 13 * q.s, 16), yellow, 1.2)
    inked_poly(c, [q(-20, 18), q(-30, 30), q(-14, 24)], yellow, 1.0)  # its tail
    c.ellipse(*q(12, 36), 12 * q.s, 12 * q.s, yellow, 1.2)
    inked_poly(c, [q(21, 38), q(32, 34), q(22, 30)], lt((250, 130, 40)), 0.8)
    c.ellipse(*q(15, 40), 2.2 * q.s, 2.2 * q.s, c.ink)


# --- garage --------------------------------------------------------------------------------------------------------

def garage(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A car-repair garage: a block wall, a roller door, a pegboard of tools over a workbench with a vice, a car
    raised on a two-post lift, fluorescent tubes, a red tool chest, stacked tyres and oil on the concrete."""
    lt = lamplit(L)
    fy = room(c, v, L, (204, 204, 198), CONCRETE, planks=False)
    _block_wall(c, v, fy, lt)
    for i in range(-5, 6):  # the concrete slab's joints, in perspective
        c.line([(500 + v.pan * 0.5 + i * 60 * v.zoom, fy), (500 + v.pan * 0.5 + i * 260 * v.zoom, 1000)],
               shade(lt(CONCRETE), 0.14), 1.4)
    side = rng.choice((-1, 1))  # the roller door's side; the tool wall stands across the room
    _roller_door(c, v, fy, wall_x(v, 500 + side * 400), L, lt, rng)
    tools = Spot(wall_x(v, 500 - side * 340), fy + wall_s(v, 10), wall_s(v, 1))
    _pegboard(c, tools, lt)
    _workbench(c, tools, lt)
    cx, s = wall_x(v, 500 + side * 100), v.s(0.95, 0.3)  # the car by the door, clear of the tool wall
    base = fy + v.s(50, 0.3)
    _oil_stain(c, cx - side * 150 * s, base + v.s(30), s, lt)  # dripped from the engine
    c.line([(cx - 320 * s, base + 6 * s), (cx + 320 * s, base + 6 * s)], lt((240, 200, 40)), 5 * s)  # the bay's line
    _lift(c, Spot(cx, base, s, -side), lt, rng)  # its open bonnet towards the room
    for k in range(-1, 2):
        _tube_light(c, wall_x(v, 500 + k * 340), v.s(40), wall_s(v, 1), L)
    _tool_chest(c, Spot(v.x(500 - side * 415), fy + v.s(170), v.zoom), lt)
    _oil_can(c, Spot(v.x(500 - side * 330), fy + v.s(190), v.zoom, side), lt)
    _tyres(c, Spot(v.x(500 + side * 380), fy + v.s(150), v.zoom, -side), lt)


def _oil_stain(c: Canvas, x: float, y: float, s: float, lt: Lit) -> None:
    """A puddle of dark oil on the concrete, flat, with a rainbow sheen."""
    for dx, dy, r in ((0, 0, 1.0), (-60, 6, 0.6), (56, -4, 0.5)):
        c.ellipse(x + dx * s, y + dy * s, 70 * r * s, 16 * r * s, lt((56, 42, 36)))
    c.arc(x - 10 * s, y, 40 * s, 7 * s, 200, 330, lt((150, 110, 200)), 2)
    c.arc(x + 6 * s, y + 2 * s, 30 * s, 5 * s, 210, 320, lt((90, 170, 190)), 2)


def _block_wall(c: Canvas, v: View, fy: float, lt: Lit) -> None:
    """Breeze blocks laid in a running bond, painted dark along the bottom where the oil and the dirt reach."""
    h, w, top = wall_s(v, 48), wall_s(v, 110), fy - 14
    c.rect(-10, top - wall_s(v, 140), 1010, top, lt((84, 104, 112)))
    c.rect(-10, top - wall_s(v, 150), 1010, top - wall_s(v, 140), lt((240, 196, 40)))
    mortar = lt((168, 168, 162))
    for row in range(int(top / h) + 1):
        y, x = top - row * h, (wall_x(v, 0) + (w / 2 if row % 2 else 0)) % w
        c.line([(0, y), (1000, y)], mortar, 2)
        for k in range(int(1000 / w) + 1):
            c.line([(x + k * w, y), (x + k * w, y - h)], mortar, 2)


def _roller_door(c: Canvas, v: View, fy: float, x: float, L: Light, lt: Lit, rng: random.Random) -> None:
    """A roller door two thirds up, its ribbed steel slats over the street outside, in the guides it runs in and
    under the box of the drum it rolls onto."""
    w, top, edge = wall_s(v, 150), fy - wall_s(v, 440), fy - wall_s(v, 230)
    _outside(c, v, (x - w, top, x + w, fy), edge, L, rng)
    steel = lt((178, 184, 190))
    c.rect(x - w, top, x + w, edge, steel)
    y = top
    while y < edge:  # the ribs: a shadow under each slat, a highlight over it
        c.line([(x - w, y), (x + w, y)], shade(steel, 0.3), 2.4)
        c.line([(x - w, y + 3), (x + w, y + 3)], lighten(steel, 0.4), 1.6)
        y += wall_s(v, 18)
    c.rect(x - w, edge - wall_s(v, 12), x + w, edge, lt((80, 84, 90)), 1.2)  # the bottom bar and its handle
    c.rect(x - wall_s(v, 20), edge - wall_s(v, 4), x + wall_s(v, 20), edge + wall_s(v, 6), lt((60, 62, 66)), 1.0)
    for dx in (-1, 1):
        c.rect(x + dx * w - wall_s(v, 12), top, x + dx * w + wall_s(v, 12), fy, lt((120, 126, 134)), 1.2)
    c.rect(x - w - wall_s(v, 20), top - wall_s(v, 50), x + w + wall_s(v, 20), top, lt((130, 136, 144)), MID)


def _outside(c: Canvas, v: View, box: tuple[float, float, float, float], edge: float, L: Light,
             rng: random.Random) -> None:
    """What the open door shows, in the panel's own light: the sky, houses across the road (their windows lit at
    night), the road, and the rain or snow falling under the door's edge."""
    x0, top, x1, fy = box
    x = (x0 + x1) / 2
    c.gradient(x0, top, x1, fy, L.sky_top, L.sky_bottom)
    for k, (dx, hh) in enumerate(((-130, 120), (-40, 160), (60, 110), (140, 140))):  # the houses across the road
        hx = x + wall_s(v, dx)
        c.rect(hx - wall_s(v, 44), fy - wall_s(v, 30 + hh), hx + wall_s(v, 44), fy - wall_s(v, 30),
               L(((190, 150, 130), (160, 170, 190), (200, 190, 150), (170, 140, 150))[k], depth=0.5))
        lit = (255, 226, 140) if L.time == "night" else L((150, 190, 220), depth=0.4)
        c.rect(hx - wall_s(v, 14), fy - wall_s(v, hh - 10), hx + wall_s(v, 14), fy - wall_s(v, hh - 36), lit)
    c.rect(x0, fy - wall_s(v, 30), x1, fy, L((112, 112, 118)))  # the road
    for _ in range(16 if L.weather in ("rain", "snow") else 0):
        px, py = rng.uniform(x0, x1), rng.uniform(edge, fy - 20)
        if L.weather == "rain":
            c.line([(px, py), (px - 5, py + 18)], (210, 220, 240), 1.5)
        else:
            c.ellipse(px, py, 3, 3, WHITE)


def _pegboard(c: Canvas, q: Spot, lt: Lit) -> None:
    """A pegboard of tools hung over their painted outlines: spanners, a hammer, screwdrivers and pliers."""
    s, board = q.s, lt(PEGBOARD)
    c.rect(*q.box(-170, 500, 170, 230), board, MID)
    for i, j in itertools.product(range(-7, 8), range(11)):  # its holes
        c.rect(*q.box(i * 22 - 2, 248 + j * 22 + 2, i * 22 + 2, 248 + j * 22 - 2), shade(board, 0.4))
    steel, outline = lt((150, 156, 168)), shade(board, 0.55)
    for k, size in enumerate((1.0, 0.85, 0.7, 0.55)):  # spanners, biggest first
        x, length = -140 + k * 30, 150 * size
        for col, grow in ((outline, 3), (steel, 0)):
            c.line([q(x, 460 - length), q(x, 460)], col, (8 * size + grow) * s)
            c.ellipse(*q(x, 460), (14 * size + grow / 2) * s, (14 * size + grow / 2) * s, col)
        c.rect(*q.box(x - 5 * size, 476, x + 5 * size, 458), board)  # the open jaw
        c.ellipse(*q(x, 460 - length), 10 * size * s, 10 * size * s, steel, 1.0)
    c.line([q(10, 300), q(10, 440)], outline, 13 * s)  # the hammer's outline, then the hammer
    c.rect(*q.box(-17, 469, 47, 437), outline)
    c.line([q(10, 300), q(10, 440)], lt((170, 110, 60)), 10 * s)
    c.rect(*q.box(-14, 466, 44, 440), lt((70, 74, 84)))
    for k, col in enumerate(((220, 50, 50), (250, 190, 40), (60, 120, 220))):  # screwdrivers
        x = 74 + k * 30
        c.line([q(x, 330 - k * 16), q(x, 400)], steel, 4 * s)
        c.rect(*q.box(x - 8, 460, x + 8, 400), lt(col), 1.0)
    for dx in (-10, 10):  # pliers
        tube(c, [q(150, 460), q(150 + dx, 380), q(150 + dx * 1.8, 330)], lt((220, 60, 60)), 5 * s)


def _workbench(c: Canvas, q: Spot, lt: Lit) -> None:
    """A wooden workbench with boxes of parts on its shelf and a vice bolted to its top."""
    s, wood = q.s, lt((180, 130, 80))
    for dx in (-160, 160):
        c.rect(*q.box(dx - 8, 150, dx + 8, 0), shade(wood, 0.2), 1.2)
    c.rect(*q.box(-150, 60, 150, 48), shade(wood, 0.15), 1.0)
    for dx, col in ((-110, (60, 120, 200)), (-40, (220, 60, 50)), (60, (90, 150, 90))):
        c.rect(*q.box(dx - 30, 100, dx + 30, 60), lt(col), 1.2)
    c.rect(*q.box(-184, 170, 184, 148), wood, MID)
    vice = lt((40, 90, 160))
    c.rect(*q.box(100, 214, 160, 170), vice, MID)
    c.rect(*q.box(96, 230, 164, 212), shade(vice, 0.2), MID)
    tube(c, [q(130, 192), q(200, 192)], lt(CHROME), 4 * s)  # its screw and handle
    c.line([q(200, 170), q(200, 214)], lt(CHROME), 4 * s)


def _lift(c: Canvas, q: Spot, lt: Lit, rng: random.Random) -> None:
    """A two-post lift with a car raised on its arms, its bonnet open over the engine."""
    s, post = q.s, lt((56, 112, 196))
    for dx in (-285, 285):  # the posts, hazard stripes at their feet
        c.rect(*q.box(dx - 18, 400, dx + 18, 0), post, MID)
        c.rect(*q.box(dx - 26, 8, dx + 26, 0), shade(post, 0.3), 1.2)
        for k in range(3):
            inked_poly(c, [q(dx - 18, 20 + k * 20), q(dx + 18, 36 + k * 20), q(dx + 18, 46 + k * 20),
                           q(dx - 18, 30 + k * 20)], (244, 200, 30))
    c.rect(*q.box(260, 300, 310, 240), lt((230, 230, 226)), 1.2)  # the control box, and its button
    c.ellipse(*q(285, 270), 8 * s, 8 * s, (60, 200, 90), 1.0)
    car = Spot(q.x, q.y - 130 * s, s, q.facing)
    for dx in (-1, 1):
        tube(c, [q(dx * 285, 122), q(dx * 110, 122)], lt((90, 96, 110)), 8 * s)
        c.rect(*car.box(dx * 120 - 14, 12, dx * 120 + 14, -2), lt((40, 40, 44)), 1.0)
    _car(c, car, lt(rng.choice(CAR_COLOURS)), lt)


def _car(c: Canvas, q: Spot, body: RGB, lt: Lit) -> None:
    """A car seen from the side, its front at +x: wheels, windows, a door, lights and its bonnet propped open."""
    s = q.s
    inked_poly(c, [q(*p) for p in ((-240, 24), (236, 24), (244, 62), (230, 94), (96, 102), (44, 164), (-124, 168),
                                   (-176, 104), (-232, 96), (-246, 60))], body, MID)
    inked_poly(c, [q(*p) for p in ((-164, 106), (-122, 158), (-52, 158), (-52, 106))], lt((170, 210, 230)), 1.2)
    inked_poly(c, [q(*p) for p in ((-40, 106), (-40, 158), (38, 158), (82, 106))], lt((170, 210, 230)), 1.2)
    c.line([q(-120, 146), q(-96, 118)], WHITE, 3 * s)
    c.line([q(-46, 100), q(-46, 36)], shade(body, 0.35), 2)  # the door's seam and handle
    c.rect(*q.box(-30, 88, -6, 82), shade(body, 0.35))
    c.rect(*q.box(222, 80, 244, 62), lt((255, 236, 160)), 1.0)  # headlight
    c.rect(*q.box(-246, 82, -232, 62), lt((230, 40, 40)), 1.0)  # tail light
    for dx in (-150, 150):
        c.ellipse(*q(dx, 38), 48 * s, 48 * s, shade(body, 0.55))  # the arch
        c.ellipse(*q(dx, 38), 38 * s, 38 * s, lt(TYRE), MID)
        c.ellipse(*q(dx, 38), 18 * s, 18 * s, lt((196, 200, 206)), 1.0)
        c.ellipse(*q(dx, 38), 5 * s, 5 * s, lt((120, 124, 130)))
    inked_poly(c, [q(100, 98), q(228, 90), q(224, 104), q(104, 110)], lt((60, 60, 66)), 1.0)  # the engine bay
    c.rect(*q.box(128, 124, 176, 100), lt((150, 154, 162)), 1.2)  # the engine, and its red cap
    c.rect(*q.box(190, 118, 214, 98), lt((50, 50, 56)), 1.0)
    c.ellipse(*q(150, 126), 7 * s, 4 * s, lt((220, 50, 50)), 1.0)
    tube(c, [q(216, 100), q(196, 196)], lt(CHROME), 2 * s)  # the prop holding the bonnet up
    inked_poly(c, [q(96, 104), q(104, 96), q(206, 206), q(194, 214)], body, 1.2)  # the bonnet, open


def _tube_light(c: Canvas, x: float, y: float, u: float, L: Light) -> None:
    """A fluorescent tube in its housing, hung on chains from the ceiling just above the panel."""
    for dx in (-90, 90):
        c.line([(x + dx * u, -5), (x + dx * u, y)], (90, 90, 96), 1.5)
    c.rect(x - 130 * u, y - 10 * u, x + 130 * u, y + 2 * u, (150, 154, 160), 1.2)
    c.rect(x - 122 * u, y + 2 * u, x + 122 * u, y + 14 * u, (255, 255, 236) if L.time == "night" else (244, 250, 255), 1.0)


def _tool_chest(c: Canvas, q: Spot, lt: Lit) -> None:
    """A red roll cabinet on castors: stacked drawers with chrome pulls, a lid box on top, a push bar."""
    red, s = lt(CHEST_RED), q.s
    c.rect(*q.box(-80, 214, 80, 20), red, MID)
    for k in range(5):
        y = 194 - k * 34
        c.rect(*q.box(-70, y, 70, y - 28), shade(red, 0.1), 1.0)
        c.rect(*q.box(-30, y - 10, 30, y - 16), lt(CHROME), 0.8)
    c.rect(*q.box(-74, 262, 74, 214), red, MID)
    c.rect(*q.box(-80, 272, 80, 262), shade(red, 0.2), 1.2)
    tube(c, [q(80, 180), q(100, 180), q(100, 60), q(80, 60)], lt(CHROME), 3 * s)
    for dx in (-60, 60):
        c.ellipse(*q(dx, 10), 11 * s, 11 * s, lt((40, 40, 44)), 1.0)


def _oil_can(c: Canvas, q: Spot, lt: Lit) -> None:
    """An oil can with a long spout, a drip at its tip."""
    can = lt((40, 150, 90))
    c.rect(*q.box(-20, 44, 20, 0), can, 1.2)
    inked_poly(c, [q(-20, 44), q(20, 44), q(8, 58), q(-8, 58)], can, 1.2)
    tube(c, [q(4, 56), q(46, 88)], lt((200, 200, 190)), 3 * q.s)
    c.ellipse(*q(46, 80), 3 * q.s, 5 * q.s, (30, 30, 36))
    c.rect(*q.box(-12, 30, 12, 16), lt((250, 220, 80)))


def _tyres(c: Canvas, q: Spot, lt: Lit) -> None:
    """Four tyres stacked flat, a fifth leaning on them on its tread."""
    rubber = lt(TYRE)
    for k in range(4):
        y = k * 30
        c.rect(*q.box(-66, y + 30, 66, y + 6), rubber, 1.0)
        c.ellipse(*q(0, y + 6), 66 * q.s, 14 * q.s, rubber, 1.0)
        for dx in range(-54, 60, 18):
            c.line([q(dx, y + 26), q(dx + 6, y + 10)], lighten(rubber, 0.15), 2)
    c.ellipse(*q(0, 126), 66 * q.s, 16 * q.s, rubber, 1.2)
    c.ellipse(*q(0, 126), 32 * q.s, 7 * q.s, lt((20, 20, 24)))
    cx, cy = q(-92, 58)
    c.ellipse(cx, cy, 58 * q.s, 58 * q.s, rubber, MID)
    c.ellipse(cx, cy, 30 * q.s, 30 * q.s, lt((190, 194, 200)), 1.2)
    for a in (math.radians(k * 72) for k in range(5)):  # its wheel nuts
        c.ellipse(cx + 16 * q.s * math.cos(a), cy + 16 * q.s * math.sin(a), 3 * q.s, 3 * q.s, lt((110, 114, 120)))


PAINTERS = {"bathroom": bathroom, "garage": garage}
