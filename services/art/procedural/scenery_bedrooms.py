"""Rooms of a house readers name apart from its living room.

A bedroom, an attic and a cellar were filed under home (the sofa of the living room), so "the monster under the bed in her bedroom" had no bed. A child's bedroom is told by its bed
against the wall (a patterned duvet, a pillow, a teddy), the bedside lamp that glows at night, a curtained window on
the sky, star stickers, a poster, a wardrobe, a toy box and a rug. An attic is the inside of a roof seen down its
length: rafters converging on a round window in the gable, floorboards, a trunk, boxes, a rocking chair, cobwebs
and a bare bulb. A cellar is a dim stone room under one bulb, a wooden staircase coming down at one
side, a small window at ground level, pipes under the ceiling, a furnace's glow, shelves of jars and paint cans and a
washing machine. Tall things stand against the walls: the lower middle is for the cast.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable

from services.art.procedural.backgrounds import Lit, Point, View, lamplit, room, tube, wall_s, wall_x, window
from services.art.procedural.canvas import Canvas, ellipse_points, inked_poly, star_points
from services.art.procedural.palettes import RGB, WHITE, Light, lighten, mix, shade
from services.art.procedural.scenery_halls import Nave
from services.art.procedural.scenery_venues import Spot

MID = 1.5
WALLPAPERS: tuple[RGB, ...] = ((128, 184, 234), (146, 212, 172), (194, 168, 228), (250, 222, 128))
DUVETS: tuple[RGB, ...] = ((236, 70, 104), (46, 116, 216), (252, 170, 24), (52, 168, 104))
PILLOW: RGB = (250, 250, 244)
BED_WOOD: RGB = (204, 146, 86)
STAR: RGB = (255, 212, 60)
GLOW: RGB = (210, 255, 150)  # the stickers glow in the dark
LAMP_ON: RGB = (255, 226, 130)
CURTAINS: tuple[RGB, ...] = ((240, 110, 130), (250, 190, 70), (110, 180, 230), (160, 120, 210))
RUGS: tuple[RGB, ...] = ((236, 120, 90), (120, 170, 230), (250, 200, 90))
CHESTS: tuple[RGB, ...] = ((220, 60, 60), (60, 120, 220), (60, 170, 110))
RAFTER: RGB = (112, 70, 38)
ROOF_BOARDS: RGB = (164, 118, 76)
GABLE: RGB = (190, 148, 100)
WEB: RGB = (232, 232, 236)
STONE: tuple[RGB, ...] = ((156, 150, 138), (132, 130, 128), (170, 158, 140), (144, 136, 120), (120, 122, 126))
STAIR_WOOD: RGB = (176, 120, 64)
FURNACE_GLOW: RGB = (255, 150, 30)




# --- bedroom ------------------------------------------------------------------------------------------------------

def bedroom(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A child's bedroom: star stickers on the wallpaper, a curtained window, a poster, a wardrobe,
    a bedside table and lamp, the bed against the wall with its pillow, patterned duvet and teddy, a rug, a toy box."""
    lt, night = lamplit(L, 0.5), L.time == "night"
    wall, duvet, side = rng.choice(WALLPAPERS), lt(rng.choice(DUVETS)), rng.choice((-1, 1))  # the bed's side
    cloth, rug, chest = (lt(rng.choice(cols)) for cols in (CURTAINS, RUGS, CHESTS))
    sky = random.Random(rng.getrandbits(32))  # the window's rain and stars: the layout stays the same at night
    fy, u = room(c, v, L, wall, (214, 168, 116)), wall_s(v, 1)
    lamp = (wall_x(v, 500 + side * 35), fy - 216 * u)
    if night:  # the bedside lamp's warm light on the wall
        for k, t in enumerate((0.25, 0.45)):
            c.ellipse(*lamp, (150 - 50 * k) * u, (120 - 40 * k) * u, mix(lt(wall), LAMP_ON, t))
    for _ in range(16):  # stickers, each at its own place on the wall, whatever the shot
        x, up, r = rng.uniform(-60, 1060), rng.uniform(300, 640), rng.uniform(9, 17)
        inked_poly(c, star_points(wall_x(v, x), fy - wall_s(v, up), wall_s(v, r), wall_s(v, r * 0.45)),
                   GLOW if night else STAR, 0.8)
    _curtained_window(c, v, fy, wall_x(v, 500 - side * 195), L, lt, cloth, sky)
    _poster(c, Spot(wall_x(v, 500 + side * 30), fy - 300 * u, u), lt)
    _wardrobe(c, Spot(wall_x(v, 500 - side * 455), fy + 4 * u, u), lt)
    _bedside(c, Spot(lamp[0], fy + 6 * u, u), lt, night)
    _bed(c, Spot(wall_x(v, 500 + side * 105), fy + v.s(34, 0.3), v.s(1.1, 0.3), side), duvet, lt)
    for k, col in enumerate((rug, lighten(rug, 0.45), rug)):  # flat on the floor, without ink: the cast stands on it
        c.ellipse(500 + v.pan * 0.5, fy + v.s(128), v.s(260 - 60 * k), v.s(44 - 11 * k), col, 1.2, shade(rug, 0.3))
    _toy_box(c, Spot(v.x(500 - side * 335), fy + v.s(165), v.zoom), lt, chest)


def _curtained_window(c: Canvas, v: View, fy: float, x: float, L: Light, lt: Lit, cloth: RGB,
                      rng: random.Random) -> None:
    """A window on the panel's sky (the hour, the weather), curtains tied back at both sides under a rod."""
    w, top, bottom, u = wall_s(v, 105), fy - wall_s(v, 500), fy - wall_s(v, 270), wall_s(v, 1)
    window(c, x - w, top, x + w, bottom, L, rng, lt((250, 250, 250)))
    for sx in (-1, 1):
        edge, inner, tie = x + sx * (w + 70 * u), x + sx * (w - 40 * u), top + 0.62 * (bottom - top)
        pts = [(edge, top - 30 * u), (inner, top - 30 * u), (x + sx * (w + 16 * u), tie),
               (x + sx * (w - 10 * u), bottom + 60 * u), (edge, bottom + 60 * u)]
        inked_poly(c, pts, cloth, MID)
        c.rect(min(edge, x + sx * (w + 16 * u)), tie - 8 * u, max(edge, x + sx * (w + 16 * u)), tie + 8 * u,
               lighten(cloth, 0.5), 1.0)
    tube(c, [(x - w - 90 * u, top - 32 * u), (x + w + 90 * u, top - 32 * u)], lt((200, 160, 90)), 4 * u)


def _poster(c: Canvas, q: Spot, lt: Lit) -> None:
    """A poster pinned on the wall: a rocket flying up a starry sky."""
    s = q.s
    c.rect(*q.box(-62, 170, 62, 0), lt((30, 40, 100)), MID)
    for dx, up in ((-40, 140), (30, 150), (-30, 40), (44, 70), (-48, 90)):
        c.ellipse(*q(dx, up), 3 * s, 3 * s, (255, 250, 210))
    for dx in (-1, 1):
        inked_poly(c, [q(dx * 14, 40), q(dx * 14, 70), q(dx * 28, 34)], lt((230, 50, 50)), 1.0)
        c.ellipse(*q(dx * 54, 162), 4 * s, 4 * s, lt((230, 60, 60)))  # its pins
    inked_poly(c, [q(-14, 40), q(14, 40), q(14, 110), q(0, 140), q(-14, 110)], lt(WHITE), 1.2)
    c.ellipse(*q(0, 90), 6 * s, 6 * s, lt((110, 190, 240)), 1.0)
    inked_poly(c, [q(-10, 38), q(10, 38), q(0, 10)], (255, 170, 40), 1.0)


def _wardrobe(c: Canvas, q: Spot, lt: Lit) -> None:
    """A tall two-door wardrobe with round knobs and a drawer under the doors, against the wall at the side."""
    wood, s = lt((238, 214, 176)), q.s
    c.rect(*q.box(-96, 430, 96, 0), wood, MID)
    c.rect(*q.box(-106, 446, 106, 430), shade(wood, 0.12), MID)
    for dx in (-1, 1):
        c.rect(*q.box(dx * 6, 414, dx * 86, 96), lighten(wood, 0.2), 1.2)
        c.ellipse(*q(dx * 18, 250), 7 * s, 7 * s, lt((230, 90, 90)), 1.0)
    c.rect(*q.box(-86, 80, 86, 20), lighten(wood, 0.2), 1.2)
    c.rect(*q.box(-20, 54, 20, 44), lt((120, 80, 50)))


def _bedside(c: Canvas, q: Spot, lt: Lit, night: bool) -> None:
    """A bedside table by the bed's head with a lamp on it (lit at night, its glow on the wall) and a clock."""
    s, wood = q.s, lt(BED_WOOD)
    for dx in (-40, 34):
        c.rect(*q.box(dx, 20, dx + 6, 0), shade(wood, 0.3), 1.0)
    c.rect(*q.box(-46, 124, 46, 20), wood, MID)
    c.rect(*q.box(-54, 136, 54, 124), shade(wood, 0.1), 1.2)
    c.rect(*q.box(-36, 100, 36, 64), lighten(wood, 0.2), 1.0)
    c.ellipse(*q(0, 82), 5 * s, 5 * s, lt((120, 80, 50)))
    c.ellipse(*q(-14, 140), 20 * s, 6 * s, lt((90, 160, 210)), 1.2)
    tube(c, [q(-14, 140), q(-14, 186)], lt((200, 200, 200)), 3 * s)
    shade_col = LAMP_ON if night else lt((250, 236, 196))
    inked_poly(c, [q(-58, 184), q(30, 184), q(12, 242), q(-40, 242)], shade_col, MID)
    c.ellipse(*q(30, 156), 16 * s, 16 * s, lt((230, 70, 70)), 1.2)  # an alarm clock
    c.ellipse(*q(30, 156), 11 * s, 11 * s, lt(WHITE))


def _bed(c: Canvas, q: Spot, duvet: RGB, lt: Lit) -> None:
    """A child's bed seen from the side, its head by the table: head and foot boards, the dark gap under it, a white
    pillow, a duvet of polka dots hanging over its side and a teddy bear sitting at its foot."""
    wood, s = lt(BED_WOOD), q.s
    c.rect(*q.box(8, 40, 320, 0), lt((60, 44, 52)))  # the dark under the bed, where monsters hide
    for dx in (8, 300):
        c.rect(*q.box(dx, 40, dx + 22, 0), shade(wood, 0.2), 1.2)
    c.rect(*q.box(-4, 72, 334, 36), wood, MID)
    c.rect(*q.box(10, 104, 322, 72), lt(PILLOW), 1.2)  # the mattress
    for dx, top in ((-20, 228), (320, 158)):  # the head and foot boards, with round knobs
        c.rect(*q.box(dx, top, dx + 30, 0), wood, MID)
        c.ellipse(*q(dx + 15, top + 10), 17 * s, 13 * s, lighten(wood, 0.15), 1.2)
    inked_poly(c, ellipse_points(*q(66, 124), 56 * s, 22 * s, 20), lt(PILLOW), MID)
    c.arc(*q(66, 124), 36 * s, 10 * s, 20, 160, lt((210, 210, 214)), 2)
    upper = [q(104 + 214 * k / 10, 128 + 5 * math.sin(k * math.pi / 2.5)) for k in range(11)]
    hem = [q(316 - 212 * k / 10, 50 + 6 * (k % 2)) for k in range(11)]
    inked_poly(c, [*upper, *hem], duvet, MID)
    for i, j in itertools.product(range(6), range(2)):  # its pattern: polka dots
        c.ellipse(*q(136 + i * 32 + 16 * j, 74 + 30 * j), 8 * s, 8 * s, lighten(duvet, 0.6))
    c.rect(*q.box(104, 132, 128, 54), lt(PILLOW), 1.2)  # the sheet turned down over it
    bear = lt((196, 136, 80))
    for dx, up, r in ((274, 150, 24), (274, 190, 18), (260, 204, 7), (288, 204, 7)):
        c.ellipse(*q(dx, up), r * s, r * s, bear, 1.2)
    c.ellipse(*q(274, 184), 7 * s, 5 * s, lighten(bear, 0.4))
    for dx in (268, 280):
        c.ellipse(*q(dx, 194), 2 * s, 2 * s, c.ink)


def _toy_box(c: Canvas, q: Spot, lt: Lit, paint: RGB) -> None:
    """A painted toy box on the floor by the wall, its lid up and toys showing: a ball, a bear's ear, a sword."""
    s = q.s
    inked_poly(c, [q(-80, 96), q(80, 96), q(70, 150), q(-70, 150)], shade(paint, 0.2), 1.2)  # the lid, open
    tube(c, [q(20, 90), q(56, 150)], lt((200, 200, 210)), 5 * s)
    c.ellipse(*q(-36, 100), 22 * s, 22 * s, lt((250, 200, 40)), 1.2)
    c.ellipse(*q(8, 106), 10 * s, 10 * s, lt((196, 136, 80)), 1.2)
    c.rect(*q.box(-80, 96, 80, 0), paint, MID)
    c.rect(*q.box(-80, 70, 80, 56), lighten(paint, 0.4))
    inked_poly(c, star_points(*q(0, 34), 16 * s, 7 * s), lt(STAR), 1.0)
    c.ellipse(*q(110, 18), 18 * s, 18 * s, lt((60, 170, 230)), 1.2)  # a ball rolled away


# --- attic --------------------------------------------------------------------------------------------------------

HALF, KNEE, RIDGE = 320.0, 70.0, 430.0  # the attic's floor half width, low side walls and ridge, at its gable
FAR = 4.0  # a nearness past the panel's bottom in every shot: the roof runs on out of view


def attic(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """The inside of a roof seen down its length: boards sloping up to the ridge, rafters converging on the gable and
    its round window, floorboards, boxes, a trunk, a rocking chair, a bare bulb and cobwebs."""
    lt, night = lamplit(L, 0.6), L.time == "night"
    n = Nave(v.x(500, 0.3), v.horizon - 120 * v.s(1, 0.3), 150, v.s(1, 0.3))
    side = rng.choice((-1, 1))  # the boxes' side; the trunk across the floor
    boards, floor = lt(ROOF_BOARDS), lt((158, 110, 68))
    c.rect(-10, -10, 1010, 1010, boards)
    for k in range(1, 10):  # the roof's boards, running from the gable out over the viewer
        t = k / 10
        for sx in (-1, 1):
            x, up = sx * HALF * (1 - t), KNEE + (RIDGE - KNEE) * t
            c.line([n(x, 1, up), n(x, FAR, up)], shade(boards, 0.25), 1.6)
    for sx in (-1, 1):
        c.poly([n(sx * HALF, 1, 0), n(sx * HALF, 1, KNEE), n(sx * HALF, FAR, KNEE), n(sx * HALF, FAR, 0)],
               shade(boards, 0.18))
    c.poly([n(-HALF, 1, 0), n(HALF, 1, 0), n(HALF, FAR, 0), n(-HALF, FAR, 0)], floor)
    for i in range(-8, 9):
        c.line([n(i * HALF / 8, 1, 0), n(i * HALF / 8, FAR, 0)], shade(floor, 0.2), 1.6)
    sun = (190, 200, 240) if night else (255, 240, 200)
    c.ellipse(*n(0, 1.7, 0), 80 * n.z * 1.7, 18 * n.z * 1.7, mix(floor, sun, 0.3))  # the window's light
    _gable(c, n, L, lt)
    for sx, t in ((-1, 0.45), (1, 0.7)):  # cobwebs under the gable's slopes
        _cobweb(c, *n(sx * HALF * (1 - t), 1, KNEE + (RIDGE - KNEE) * t), 80 * n.z, 20 + 40 * (sx > 0), 120 + 40 * (sx > 0), lt(WEB))
    for sx in (-1, 1):  # a purlin along each slope
        inked_poly(c, [n(sx * HALF * 0.46, 1, 264), n(sx * HALF * 0.54, 1, 236), n(sx * HALF * 0.54, FAR, 236),
                       n(sx * HALF * 0.46, FAR, 264)], lt(RAFTER), 1.2)
    inked_poly(c, [n(-14, 1, RIDGE), n(14, 1, RIDGE), n(14, FAR, RIDGE), n(-14, FAR, RIDGE)], lt(RAFTER), 1.2)
    things: list[tuple[float, Callable[[], None]]] = [
        (1.06, lambda: _boxes(c, Spot(*n(side * (HALF - 100), 1.06, 0), n.z * 1.06, -side), lt)),
        (1.35, lambda: _trunk(c, Spot(*n(-side * (HALF - 110), 1.35, 0), n.z * 1.35), lt)),
        (1.55, lambda: _rocking_chair(c, Spot(*n(side * (HALF - 120), 1.55, 0), n.z * 1.55, -side), lt)),
        (1.5, lambda: _bulb(c, n(0, 1.5, RIDGE), n(0, 1.5, 300), n.z * 1.5)),
        *((s, lambda s=s: _rafter(c, n, s, lt(RAFTER))) for s in (1.0, 1.3, 1.8, 2.6)),
    ]
    for _, paint in sorted(things, key=lambda t: t[0]):  # far to near: the nearer rafters cross the things
        paint()
    for sx in (-1, 1):  # and in the angles of the second pair of rafters over their collar tie
        _cobweb(c, *n(sx * HALF * (RIDGE - 300) / (RIDGE - KNEE), 1.8, 300), 70 * n.z * 1.8, *((-48, 0) if sx < 0
                else (180, 228)), lt(WEB))


def _gable(c: Canvas, n: Nave, L: Light, lt: Lit) -> None:
    """The attic's far end: upright boards under the roof's slopes and a round window on the sky (the moon at
    night, rain or snow on the glass)."""
    gable = lt(GABLE)
    c.poly([n(-HALF, 1, 0), n(HALF, 1, 0), n(HALF, 1, KNEE), n(0, 1, RIDGE), n(-HALF, 1, KNEE)], gable)
    for bx in range(-288, 300, 32):
        c.line([n(bx, 1, 0), n(bx, 1, KNEE + (RIDGE - KNEE) * (1 - abs(bx) / HALF))], shade(gable, 0.22), 1.5)
    (x, y), r = n(0, 1, 250), 58 * n.z
    c.ellipse(x, y, r + 12 * n.z, r + 12 * n.z, lt(RAFTER), MID)
    c.ellipse(x, y, r, r, L.sky_top if L.time == "night" else mix(L.sky_top, L.sky_bottom, 0.6))
    if L.time == "night":
        c.ellipse(x + r * 0.4, y - r * 0.35, r * 0.22, r * 0.22, L.sun)
    elif L.weather in ("clear", "wind"):
        c.ellipse(x - r * 0.3, y + r * 0.2, r * 0.4, r * 0.16, WHITE)
    for k in range(7 if L.weather in ("rain", "snow") else 0):  # raindrops or snowflakes on the glass
        px, py = x + r * (0.2 + 0.1 * k) * math.cos(k * 2.4), y + r * (0.16 + 0.08 * k) * math.sin(k * 2.4)
        c.line([(px, py), (px - 3, py + (12 if L.weather == "rain" else 3))], (220, 228, 244), 2.5)
    c.line([(x - r, y), (x + r, y)], lt(RAFTER), 6 * n.z)
    c.line([(x, y - r), (x, y + r)], lt(RAFTER), 6 * n.z)
    if L.time != "night":
        for k in range(9):  # dust in the window's light
            c.ellipse(x + r * math.sin(k * 2.1) * 1.4, y + r * (1.2 + 0.45 * k), 2.2, 2.2, (255, 246, 214))


def _rafter(c: Canvas, n: Nave, s: float, wood: RGB) -> None:
    """A pair of rafters meeting at the ridge, their collar tie and the studs of the low side walls."""
    w = 16 * n.z * s
    tube(c, [n(-HALF, s, KNEE), n(0, s, RIDGE), n(HALF, s, KNEE)], wood, w)
    xc = HALF * (RIDGE - 300) / (RIDGE - KNEE)
    tube(c, [n(-xc, s, 300), n(xc, s, 300)], wood, w * 0.7)
    for sx in (-1, 1):
        tube(c, [n(sx * HALF, s, 0), n(sx * HALF, s, KNEE)], wood, w * 0.8)


def _cobweb(c: Canvas, x: float, y: float, r: float, a0: float, a1: float, col: RGB) -> None:
    """A cobweb in a corner: threads fanning from it between two angles (degrees, y down), sagging rings across."""
    angles = [math.radians(a0 + (a1 - a0) * k / 5) for k in range(6)]
    for a in angles:
        c.line([(x, y), (x + r * math.cos(a), y + r * math.sin(a))], col, 1.3)
    for ring in (0.35, 0.65, 1.0):
        pts: list[Point] = []
        for a, b in zip(angles, angles[1:]):
            mid = (a + b) / 2
            pts += [(x + r * ring * math.cos(a), y + r * ring * math.sin(a)),
                    (x + r * ring * 0.86 * math.cos(mid), y + r * ring * 0.86 * math.sin(mid))]
        pts.append((x + r * ring * math.cos(angles[-1]), y + r * ring * math.sin(angles[-1])))
        c.line(pts, col, 1.3)


def _bulb(c: Canvas, top: Point, at: Point, s: float) -> None:
    """A bare bulb hanging on its flex, lit: short rays round it, as comics draw a light that is on."""
    x, y = at
    c.line([top, (x, y)], c.ink, 2 * s)
    for a in (math.pi * (k + 0.5) / 5 for k in range(10)):
        c.line([(x + 24 * s * math.cos(a), y + 32 * s + 28 * s * math.sin(a)),
                (x + 40 * s * math.cos(a), y + 32 * s + 44 * s * math.sin(a))], LAMP_ON, 3 * s)
    c.rect(x - 6 * s, y, x + 6 * s, y + 14 * s, (60, 56, 60), 1.0)
    inked_poly(c, ellipse_points(x, y + 32 * s, 14 * s, 18 * s, 16), (255, 244, 180), 1.2)
    c.ellipse(x - 4 * s, y + 26 * s, 3 * s, 6 * s, WHITE)


def _trunk(c: Canvas, q: Spot, lt: Lit) -> None:
    """An old domed trunk with brass straps, corners and lock."""
    leather, brass = lt((124, 58, 40)), lt((222, 176, 70))
    c.rect(*q.box(-90, 80, 90, 0), leather, MID)
    inked_poly(c, [q(-90 + 18 * k, 80 + 34 * math.sin(math.pi * k / 10)) for k in range(11)], shade(leather, 0.12), MID)
    for dx in (-56, 56):
        c.line([q(dx, 0), q(dx, 80), q(dx, 80 + 34 * math.sin(math.pi * (dx + 90) / 180))], brass, 10 * q.s)
    c.line([q(-90, 80), q(90, 80)], brass, 5 * q.s)
    c.rect(*q.box(-12, 84, 12, 58), brass, 1.0)
    c.ellipse(*q(0, 70), 3 * q.s, 4 * q.s, c.ink)


def _boxes(c: Canvas, q: Spot, lt: Lit) -> None:
    """Cardboard boxes stacked against the gable, taped shut, the top one's flaps open."""
    card = lt((200, 158, 104))
    inked_poly(c, [q(-52, 170), q(-8, 170), q(-30, 200), q(-70, 192)], shade(card, 0.15), 1.2)
    for x0, x1, y0, y1 in ((-80, 60, 0, 96), (-56, 44, 96, 170), (68, 150, 0, 64)):
        c.rect(*q.box(x0, y1, x1, y0), card, MID)
        c.rect(*q.box((x0 + x1) / 2 - 8, y1, (x0 + x1) / 2 + 8, y1 - 30), lighten(card, 0.35))
    c.rect(*q.box(-40, 60, 0, 36), lt((246, 240, 226)), 1.0)  # its label


def _rocking_chair(c: Canvas, q: Spot, lt: Lit) -> None:
    """An old rocking chair from the side: its curved rocker, legs, a cushioned seat, an arm and a tall tilted back."""
    wood, s = lt((112, 64, 34)), q.s
    tube(c, [q(dx, 6 + 30 * (dx / 90) ** 2) for dx in range(-90, 91, 15)], wood, 7 * s)
    tube(c, [q(50, 14), q(46, 100), q(48, 170)], wood, 7 * s)
    tube(c, [q(-50, 14), q(-56, 100)], wood, 8 * s)
    inked_poly(c, [q(-56, 100), q(-40, 104), q(-62, 262), q(-84, 258)], wood, 1.2)  # the back, leaning
    for up in (150, 190, 230):
        c.line([q(-52 - (up - 100) * 0.16, up), q(-44 - (up - 100) * 0.14, up)], shade(wood, 0.4), 2 * s)
    c.ellipse(*q(-74, 264), 16 * s, 9 * s, wood, 1.2)
    inked_poly(c, [q(-56, 98), q(56, 98), q(56, 112), q(-56, 112)], wood, 1.2)
    inked_poly(c, [q(-50, 112), q(50, 112), q(44, 128), q(-46, 128)], lt((190, 60, 60)), 1.2)  # its cushion
    tube(c, [q(-64, 172), q(54, 172)], wood, 6 * s)


# --- basement -----------------------------------------------------------------------------------------------------

DIM = 0.22  # how much the single bulb leaves in the dark


def basement(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A dim cellar: a stone wall lit round one bulb, a wooden staircase coming down at one side from a lit door, a
    small window at ground level, pipes under the ceiling, a glowing furnace, a washing machine and shelves of jars
    and paint cans on a concrete floor."""
    def lt(col: RGB) -> RGB:
        return shade(L(col, strength=0.5), DIM)
    side = rng.choice((-1, 1))  # the staircase's side; the furnace and the washer across the room
    fy, u = v.horizon + 40, wall_s(v, 1)
    ceiling, bulb = fy - 460 * u, (wall_x(v, 500 - side * 40), fy - 356 * u)
    _stone_wall(c, v, fy, bulb, lt, random.Random(rng.getrandbits(32)))
    floor = lt((150, 148, 142))
    c.gradient(0, fy, 1000, 1000, floor, shade(floor, 0.3))
    for k in range(1, 5):
        c.line([(0, fy + (1000 - fy) * (k / 5) ** 1.7), (1000, fy + (1000 - fy) * (k / 5) ** 1.7)], shade(floor, 0.15), 1.2)
    c.rect(-10, ceiling - 30 * u, 1010, ceiling, lt((120, 86, 56)), MID)  # the beam under the floor above
    c.rect(-10, -10, 1010, ceiling - 30 * u, lt((70, 54, 44)))
    top = wall_x(v, 500 + side * 560)
    c.rect(min(top, top - side * 170 * u), -10, max(top, top - side * 170 * u), ceiling, (250, 220, 150), MID)  # upstairs
    _ground_window(c, wall_x(v, 500 - side * 210), ceiling, u, L, lt)
    copper, iron = lt((200, 120, 60)), lt((150, 156, 160))
    for y, col in ((ceiling + 26 * u, copper), (ceiling + 52 * u, iron)):
        tube(c, [(-10, y), (1010, y)], col, 9 * u)
    fx = wall_x(v, 500 - side * 410)
    tube(c, [(fx + side * 40 * u, ceiling + 52 * u), (fx + side * 40 * u, fy - 250 * u)], iron, 9 * u)
    c.ellipse(fx + side * 40 * u, ceiling + 100 * u, 16 * u, 16 * u, None, 3, lt((220, 40, 40)))  # a valve wheel
    _furnace(c, Spot(fx, fy + 4 * u, u), lt)
    _washer(c, Spot(wall_x(v, 500 - side * 245), fy + 6 * u, u), lt)
    _jar_shelves(c, Spot(wall_x(v, 500 + side * 30), fy + 4 * u, u), lt, rng)
    _stairs(c, Spot(wall_x(v, 500 + side * 190), fy + 8 * u, u, side), lt)
    _bulb(c, (bulb[0], ceiling), bulb, u)


def _stone_wall(c: Canvas, v: View, fy: float, bulb: Point, lt: Lit, rng: random.Random) -> None:
    """Rough stones in uneven courses, each lit by how near it is to the bulb: the one light fades into the dark."""
    c.rect(-10, -10, 1010, fy, lt((56, 52, 52)))  # the mortar
    up = 0.0
    while up < 520:
        h, x = rng.uniform(38, 60), -300 - rng.uniform(0, 100)
        while x < 1300:
            w, base = rng.uniform(60, 150), rng.choice(STONE)
            x0, x1 = wall_x(v, x + 3), wall_x(v, x + w - 3)
            y1, y0 = fy - wall_s(v, up + 3), fy - wall_s(v, up + h - 3)
            if x1 > 0 and x0 < 1000:
                near = max(0.0, 1 - math.hypot((x0 + x1) / 2 - bulb[0], (y0 + y1) / 2 - bulb[1]) / wall_s(v, 560))
                k = min(x1 - x0, y1 - y0) * 0.22  # its corners knocked off
                c.poly([(x0 + k, y0), (x1 - k, y0), (x1, y0 + k), (x1, y1 - k), (x1 - k, y1), (x0 + k, y1), (x0, y1 - k),
                        (x0, y0 + k)], lt(mix(shade(base, 0.6), lighten(base, 0.3), near)))
            x += w
        up += h


def _ground_window(c: Canvas, x: float, ceiling: float, u: float, L: Light, lt: Lit) -> None:
    """A small barred window just under the ceiling: outside, grass at the sill and the sky over it."""
    w, top, bottom = 80 * u, ceiling + 70 * u, ceiling + 150 * u
    c.rect(x - w - 8 * u, top - 8 * u, x + w + 8 * u, bottom + 8 * u, lt((120, 110, 100)), MID)
    c.gradient(x - w, top, x + w, bottom, L.sky_top, L.sky_bottom)
    grass = L((70, 150, 60), strength=0.8)
    for k in range(12):
        gx = x - w + (k + 0.5) * w / 6
        c.poly([(gx - 8 * u, bottom), (gx + (4 if k % 2 else -4) * u, bottom - (30 + 10 * (k % 3)) * u), (gx + 8 * u, bottom)], grass)
    for k in (-1, 0, 1):
        c.line([(x + k * w / 2, top), (x + k * w / 2, bottom)], lt((80, 80, 86)), 4 * u)


def _furnace(c: Canvas, q: Spot, lt: Lit) -> None:
    """An iron furnace: the fire glowing through its door's grille, a pressure gauge, its glow on the floor."""
    s, iron = q.s, lt((100, 100, 108))
    c.ellipse(*q(0, -10), 130 * s, 26 * s, mix(lt((150, 148, 142)), FURNACE_GLOW, 0.35))
    c.rect(*q.box(-86, 250, 86, 0), iron, MID)
    c.rect(*q.box(-56, 160, 56, 50), shade(iron, 0.3), 1.2)
    for k in range(4):
        c.rect(*q.box(-44 + k * 24, 140, -30 + k * 24, 70), FURNACE_GLOW if k % 3 else (255, 210, 80))
    c.ellipse(*q(0, 206), 24 * s, 24 * s, lt((240, 240, 236)), 1.2)
    c.line([q(0, 206), q(14, 220)], (200, 30, 30), 2 * s)


def _washer(c: Canvas, q: Spot, lt: Lit) -> None:
    """A washing machine: its dials and the round door with washing inside."""
    s = q.s
    c.rect(*q.box(-64, 156, 64, 0), lt((238, 240, 244)), MID)
    c.line([q(-64, 128), q(64, 128)], lt((180, 184, 190)), 2 * s)
    c.ellipse(*q(36, 142), 8 * s, 8 * s, lt((150, 154, 160)), 1.0)
    c.rect(*q.box(-50, 146, -10, 136), lt((90, 170, 220)), 1.0)
    c.ellipse(*q(0, 64), 44 * s, 44 * s, lt((180, 184, 192)), MID)
    c.ellipse(*q(0, 64), 32 * s, 32 * s, lt((120, 170, 214)), 1.2)
    for dx, up, col in ((-12, 52, (230, 80, 90)), (12, 58, (250, 210, 60)), (0, 74, (90, 200, 120))):
        c.ellipse(*q(dx, up), 12 * s, 8 * s, lt(col))


def _jar_shelves(c: Canvas, q: Spot, lt: Lit, rng: random.Random) -> None:
    """Wooden shelves: jars of jam and pickles on the top two, paint cans with drips on the lowest."""
    wood, s = lt(STAIR_WOOD), q.s
    for dx in (-126, 118):
        c.rect(*q.box(dx, 260, dx + 8, 0), shade(wood, 0.2), 1.2)
    for up in (80, 160, 240):
        c.rect(*q.box(-132, up, 132, up - 10), wood, 1.2)
    for up in (160, 240):
        for i in range(6):
            dx, col = -108 + i * 38, rng.choice(((200, 40, 50), (240, 140, 30), (110, 160, 50), (150, 60, 130)))
            c.rect(*q.box(dx, up + 40, dx + 28, up), lt((210, 226, 230)), 1.0)
            c.rect(*q.box(dx + 3, up + 30, dx + 25, up + 3), lt(col))
            c.rect(*q.box(dx - 1, up + 46, dx + 29, up + 38), lt((214, 180, 70)), 1.0)
    for i in range(5):
        dx, col = -108 + i * 46, lt(rng.choice(((220, 60, 60), (60, 120, 220), (250, 200, 40), (80, 180, 90))))
        c.arc(*q(dx + 19, 116), 14 * s, 12 * s, 180, 360, lt((90, 90, 96)), 1.5)  # its handle
        c.rect(*q.box(dx, 116, dx + 38, 80), lt((176, 180, 186)), 1.0)
        c.rect(*q.box(dx, 106, dx + 38, 88), col)
        c.ellipse(*q(dx + 19, 116), 19 * s, 5 * s, lt((200, 204, 210)), 1.0)
        c.rect(*q.box(dx + 6, 118, dx + 13, 98), col)  # the paint dripped down its side
    c.rect(*q.box(-100, 54, 10, 0), lt((200, 158, 104)), 1.2)  # a box on the floor under them


def _stairs(c: Canvas, q: Spot, lt: Lit, steps: int = 13, rise: float = 46, run: float = 34) -> None:
    """A wooden staircase coming down along the wall: the dark under it, the zigzag of its treads on a thick
    stringer, a handrail on posts and a newel post at its foot."""
    wood, top = lt(STAIR_WOOD), steps * rise
    c.poly([q(0, 0), q(steps * run, 0), q(steps * run, top)], lt((40, 36, 38)))
    profile = [q(0, 0)]
    for k in range(steps):
        profile += [q(k * run, (k + 1) * rise), q((k + 1) * run, (k + 1) * rise)]
    inked_poly(c, [*profile, q(steps * run, top - 90), q(70, 0)], wood, MID)
    for k in range(steps):
        c.rect(*q.box(k * run - 6, (k + 1) * rise + 4, (k + 1) * run, (k + 1) * rise - 4), lighten(wood, 0.3), 1.0)
    for k in range(1, steps, 2):
        tube(c, [q((k + 0.5) * run, (k + 1) * rise), q((k + 0.5) * run, (k + 1) * rise + 150)], wood, 4 * q.s)
    tube(c, [q(0, 196), q(steps * run, top + 150)], wood, 7 * q.s)
    c.rect(*q.box(-16, 200, 12, 0), wood, MID)
    c.ellipse(*q(-2, 208), 16 * q.s, 10 * q.s, wood, 1.2)


PAINTERS = {"bedroom": bedroom, "attic": attic, "basement": basement}
