"""Places inside a vehicle that carries people on a journey: a submarine's cabin and a city bus.

Like the transport places they are rooms seen from inside, told by the things a
reader knows them by: a riveted hull with portholes onto deep water, pipes, valve
wheels, gauges and a periscope for the submarine; seat rows down an aisle, yellow
poles, hanging straps, stop buttons and big windows onto a passing street for the
bus. Their own lamps light them, so the hour only tints them, and shows outside.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from services.art.procedural.backgrounds import View, wall_s, wall_x
from services.art.procedural.canvas import Canvas, ellipse_points
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade
from services.art.procedural.scenery_transport import LAMP, MID, NEAR

Point = tuple[float, float]
BRASS: RGB = (196, 156, 72)
WHEEL_RED: RGB = (200, 56, 48)
WARM: RGB = (255, 196, 110)


def _lamplit(L: Light) -> Callable[[RGB], RGB]:
    return lambda col: L(col, strength=0.4)  # the cabin lamps are on whatever the hour: it only tints


# --- submarine -------------------------------------------------------------------

def _disc(c: Canvas, cx: float, cy: float, r: float, top: RGB, bottom: RGB, bands: int = 16) -> None:
    """A round window's view as a vertical gradient: thin chords stacked inside the circle."""
    for i in range(bands):
        ya, yb = cy - r + 2 * r * i / bands, cy - r + 2 * r * (i + 1) / bands
        wa = math.sqrt(max(0.0, r * r - (ya - cy) ** 2))
        wb = math.sqrt(max(0.0, r * r - (yb - cy) ** 2))
        c.poly([(cx - wa, ya), (cx + wa, ya), (cx + wb, yb + 0.5), (cx - wb, yb + 0.5)], mix(top, bottom, i / (bands - 1)))


def _fish(c: Canvas, x: float, y: float, size: float, col: RGB, facing: int) -> None:
    """A little fish in profile: a body, a tail, an eye and a stripe, so it reads even when small."""
    tail_x = x - facing * size * 0.95
    c.poly([(x - facing * size * 0.6, y), (tail_x, y - size * 0.45), (tail_x, y + size * 0.45)], shade(col, 0.2), 1.0)
    c.ellipse(x, y, size * 0.7, size * 0.4, col, 1.0)
    c.line([(x + facing * size * 0.05, y - size * 0.35), (x + facing * size * 0.05, y + size * 0.35)], shade(col, 0.3), 2)
    c.ellipse(x + facing * size * 0.4, y - size * 0.08, size * 0.09, size * 0.09, (20, 20, 30))


def _porthole(c: Canvas, x: float, y: float, r: float, L: Light, rng: random.Random, lt: Callable[[RGB], RGB],
              fish: int) -> None:
    """A bolted brass porthole onto the deep: blue water, light from the surface, fish and rising bubbles."""
    c.ellipse(x, y, r * 1.3, r * 1.3, lt(shade(BRASS, 0.3)), NEAR)  # the collar welded to the hull
    c.ellipse(x, y, r * 1.18, r * 1.18, lt(BRASS), MID)
    for k in range(10):  # the bolts that hold the glass against the sea
        a = 2 * math.pi * k / 10 + 0.3
        c.ellipse(x + math.cos(a) * r * 1.09, y + math.sin(a) * r * 1.09, r * 0.045, r * 0.045, lt(lighten(BRASS, 0.35)), 1.0)
    night = L.time == "night"
    top, bottom = ((16, 40, 92), (4, 10, 34)) if night else ((52, 132, 200), (10, 44, 112))
    _disc(c, x, y, r, top, bottom)
    if not night:  # sunlight slanting down from the surface
        for k in range(3):
            x0 = x - r * 0.6 + k * r * 0.45
            ray = [(x0, y - r * 0.92), (x0 + r * 0.14, y - r * 0.96), (x0 + r * 0.42, y + r * 0.5), (x0 + r * 0.3, y + r * 0.55)]
            inside = [(px, py) for px, py in ray if math.hypot(px - x, py - y) < r * 0.98]
            if len(inside) == 4:
                c.poly(inside, mix(top, (170, 220, 250), 0.3))
    for _ in range(fish):
        facing = rng.choice((-1, 1))
        col = rng.choice(((250, 170, 50), (250, 220, 80), (240, 110, 90), (150, 220, 200)))
        fx, fy = x + rng.uniform(-0.35, 0.35) * r, y + rng.uniform(-0.3, 0.4) * r
        _fish(c, fx, fy, r * rng.uniform(0.2, 0.28), col if not night else mix(col, (60, 90, 140), 0.45), facing)
    if night:  # glowing specks of the deep
        for _ in range(7):
            a, d = rng.uniform(0, 6.28), rng.uniform(0, r * 0.85)
            c.ellipse(x + math.cos(a) * d, y + math.sin(a) * d, r * 0.025, r * 0.025, (140, 240, 230))
    bx = x + rng.uniform(-0.45, 0.45) * r
    for k in range(5):  # a column of bubbles, smaller as they rise
        by = y + r * (0.7 - 0.3 * k)
        br = r * (0.085 - 0.012 * k)
        if math.hypot(bx - x, by - y) < r - br - 2:
            c.ellipse(bx + math.sin(k * 1.7) * r * 0.06, by, br, br, None, 1.4, outline=(225, 245, 255))
    c.arc(x, y, r * 0.84, r * 0.84, 200, 245, (235, 248, 255), 4)  # the thick glass catches the lamp
    c.ellipse(x, y, r, r, None, MID)


def _valve_wheel(c: Canvas, x: float, y: float, r: float, col: RGB) -> None:
    """A hand wheel on a pipe: a rim, spokes and a hub, the shape everyone knows from ship pipes."""
    for k in range(5):
        a = 2 * math.pi * k / 5 - math.pi / 2
        c.line([(x, y), (x + math.cos(a) * r, y + math.sin(a) * r)], c.ink, max(3.0, r * 0.22))
        c.line([(x, y), (x + math.cos(a) * r, y + math.sin(a) * r)], col, max(1.5, r * 0.12))
    c.ellipse(x, y, r, r, None, max(5.0, r * 0.3), outline=c.ink)
    c.ellipse(x, y, r, r, None, max(3.0, r * 0.2), outline=col)
    c.ellipse(x, y, r * 0.22, r * 0.22, lighten(col, 0.2), 1.2)


def _gauge(c: Canvas, x: float, y: float, r: float, lt: Callable[[RGB], RGB], rng: random.Random) -> None:
    """A round dial with ticks and a needle: depth, pressure, the cabin's instruments."""
    c.ellipse(x, y, r * 1.22, r * 1.22, lt(BRASS), MID)
    c.ellipse(x, y, r, r, lt((244, 238, 218)), 1.0)
    for k in range(9):  # the ticks run round the lower three quarters of the face
        a = math.radians(135 + k * 33.75)
        c.line([(x + math.cos(a) * r * 0.72, y + math.sin(a) * r * 0.72), (x + math.cos(a) * r * 0.9, y + math.sin(a) * r * 0.9)],
               (40, 40, 46), 2)
    c.arc(x, y, r * 0.8, r * 0.8, 375, 405, (210, 50, 40), 3)  # the red zone
    a = math.radians(rng.uniform(150, 380))
    c.line([(x, y), (x + math.cos(a) * r * 0.78, y + math.sin(a) * r * 0.78)], (200, 40, 36), 3)
    c.ellipse(x, y, r * 0.12, r * 0.12, (30, 30, 36))


def _cage_lamp(c: Canvas, x: float, y: float, r: float, wall: RGB) -> None:
    """A caged bulkhead lamp with its warm glow spreading on the steel."""
    for k, t in enumerate((0.22, 0.4, 0.62)):
        c.ellipse(x, y, r * (4.4 - k * 1.2), r * (3.6 - k * 1.0), mix(wall, WARM, t))
    c.rect(x - r * 0.9, y - r * 1.35, x + r * 0.9, y - r * 0.95, shade(wall, 0.35), 1.0)
    c.ellipse(x, y, r * 0.85, r, LAMP, 1.2)
    for dx in (-0.45, 0.0, 0.45):  # the cage over the bulb
        c.line([(x + dx * r, y - r * 0.95), (x + dx * r * 1.5, y + r * 0.95)], (60, 56, 50), 2)
    c.line([(x - r * 0.8, y + r * 0.2), (x + r * 0.8, y + r * 0.2)], (60, 56, 50), 2)


def _pipe(c: Canvas, pts: list[Point], col: RGB, width: float) -> None:
    """A pipe as an inked tube with a highlight along its top."""
    c.line(pts, c.ink, width + 5)
    c.line(pts, col, width)
    c.line([(x, y - width * 0.25) for x, y in pts], lighten(col, 0.35), max(2.0, width * 0.22))


def _periscope(c: Canvas, x: float, bottom: float, w: float, col: RGB) -> None:
    """The periscope: a tube down from the ceiling to a head with an eyepiece and two handles folded out."""
    c.rect(x - w, -10, x + w, bottom - 2.6 * w, col, NEAR)
    c.rect(x - w * 0.55, -10, x - w * 0.2, bottom - 2.6 * w, lighten(col, 0.3))  # the round tube catches the light
    c.rect(x + w * 0.5, -10, x + w, bottom - 2.6 * w, shade(col, 0.2))
    for y in (bottom - 9 * w, bottom - 5 * w):  # collars along the tube
        c.rect(x - w * 1.25, y, x + w * 1.25, y + w * 0.6, shade(col, 0.15), MID)
    c.rect(x - w * 1.5, bottom - 2.8 * w, x + w * 1.5, bottom, shade(col, 0.08), NEAR)  # the head
    c.rect(x - w * 0.8, bottom - 2.2 * w, x + w * 0.8, bottom - 1.0 * w, (28, 30, 34), MID)  # the eyepiece
    c.rect(x - w * 0.55, bottom - 1.95 * w, x - w * 0.1, bottom - 1.6 * w, (120, 180, 210))
    for side in (-1, 1):  # the handles, folded out to look through
        hx = x + side * w * 1.5
        c.rect(min(hx, hx + side * w * 1.3), bottom - 1.7 * w, max(hx, hx + side * w * 1.3), bottom - 1.1 * w, col, MID)
        gx = hx + side * w * 1.3
        c.rect(min(gx, gx + side * w * 0.6), bottom - 2.4 * w, max(gx, gx + side * w * 0.6), bottom - 0.3 * w,
               (50, 50, 56), MID)


def submarine(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """Inside a submarine: a curved riveted hull, portholes onto the deep, pipes and valve wheels, gauges,
    a periscope down from the ceiling, a caged lamp and a grated floor."""
    lt = _lamplit(L)
    hull = lt(rng.choice(((92, 116, 104), (98, 112, 120), (88, 108, 92))))
    fy = v.horizon + 40
    c.gradient(0, 0, 1000, fy, shade(hull, 0.25), lighten(hull, 0.08))
    for k, t in enumerate((0.32, 0.22, 0.12)):  # the hull bends towards the viewer at both sides
        w = (90 - k * 30) * v.zoom
        c.rect(-10, 0, w, fy, shade(hull, t))
        c.rect(1000 - w, 0, 1010, fy, shade(hull, t))
    for k in range(-4, 11):  # the hull plates, each seam with its row of rivets
        x = wall_x(v, k * 150 - 40)
        c.line([(x, 0), (x, fy)], shade(hull, 0.3), 2)
        for j in range(1, 9):
            c.ellipse(x + 9, fy - j * wall_s(v, 70), 2.6, 2.6, shade(hull, 0.45))
    for j in (1, 4):
        y = fy - j * wall_s(v, 140)
        c.line([(0, y), (1000, y)], shade(hull, 0.28), 2)
    # the hull vaults overhead; pipes run along the vault and ribs cross it
    cx, arch_y, rx, ry = 500 + v.pan * 0.3, fy + 60, 1000 * v.zoom, 610 * v.zoom
    vault = shade(hull, 0.5)
    c.poly(ellipse_points(cx, arch_y, rx, ry, 48, 180, 360) + [(1010, -10), (-10, -10)], vault)
    for k in range(-3, 9):  # ribs: frames up the wall that carry on over the ceiling
        x = wall_x(v, k * 320 + 20)
        if abs(x - cx) >= rx * 0.98:
            continue
        top = arch_y - ry * math.sqrt(1 - ((x - cx) / rx) ** 2)
        w = wall_s(v, 15)
        c.rect(x - w, top, x + w, fy, shade(hull, 0.12), MID)
        for j in range(7):
            c.ellipse(x, top + 20 + j * (fy - top - 40) / 6, 3, 3, lighten(hull, 0.3))
        c.line([(x, top), (cx + (x - cx) * 1.25, -10)], c.ink, 2.4 * w + 4)
        c.line([(x, top), (cx + (x - cx) * 1.25, -10)], shade(hull, 0.3), 2.4 * w)
    c.arc(cx, arch_y, rx, ry, 180, 360, c.ink, MID)
    pipe_cols = (lt((150, 156, 160)), lt((178, 80, 58)), lt(BRASS))
    for k, col in enumerate(pipe_cols):
        d = (24 + k * 32) * v.zoom
        _pipe(c, ellipse_points(cx, arch_y, rx + d, ry + d, 48, 180, 360), col, (17 - k * 3) * v.zoom)
    side = rng.choice((-1, 1))
    for k, wx in enumerate((250, 760)):  # valve wheels hung from the pipes, a hand's reach up
        x = wall_x(v, wx + side * 40)
        if abs(x - cx) < rx:
            y = arch_y - (ry + 56 * v.zoom) * math.sqrt(1 - ((x - cx) / (rx + 56 * v.zoom)) ** 2)
            c.line([(x, y), (x, y + 46 * v.zoom)], c.ink, 7 * v.zoom)
            _valve_wheel(c, x, y + 46 * v.zoom, (28 + 6 * k) * v.zoom, lt(WHEEL_RED))
    # two or three portholes along the back wall; between and beside them the cabin's gear
    n = rng.choice((2, 3))
    spots = (180, 500, 820) if n == 3 else (330, 670)
    r = wall_s(v, 90 if n == 3 else 104)
    py = fy - wall_s(v, 320)
    low = fy - wall_s(v, 118)  # a pipe low along the wall, on brackets
    _pipe(c, [(-10, low), (1010, low)], pipe_cols[0], wall_s(v, 14))
    for k in range(-3, 9):
        bx = wall_x(v, k * 240 + 90)
        c.rect(bx - 6, low - wall_s(v, 12), bx + 6, low + wall_s(v, 22), shade(hull, 0.3), 1.2)
    fish_in = rng.randrange(n)
    for i, wx in enumerate(spots):
        _porthole(c, wall_x(v, wx), py, r, L, rng, lt, 2 if i == fish_in else rng.choice((0, 1)))
    # a lamp over a panel of gauges on one side, a pipe down to a valve on the other
    col_x = wall_x(v, 500 - side * (160 if n == 3 else 395))
    _cage_lamp(c, col_x, fy - wall_s(v, 470), wall_s(v, 22), hull)
    gy = fy - wall_s(v, 170)
    c.rect(col_x - wall_s(v, 62), gy - wall_s(v, 150), col_x + wall_s(v, 62), gy + wall_s(v, 46), lt((66, 74, 72)), MID)
    for dy in (-wall_s(v, 96), -wall_s(v, 20)):
        _gauge(c, col_x, gy + dy, wall_s(v, 28), lt, rng)
    for k in range(3):  # indicator lights under the dials
        c.ellipse(col_x + (k - 1) * wall_s(v, 30), gy + wall_s(v, 24), wall_s(v, 7), wall_s(v, 7),
                  ((90, 230, 120), (250, 200, 60), (240, 70, 60))[k], 1.0)
    vx = wall_x(v, 500 + side * (470 if n == 3 else 395))
    _pipe(c, [(vx, 0), (vx, fy - 6)], pipe_cols[1], wall_s(v, 16))
    _valve_wheel(c, vx, fy - wall_s(v, 250), wall_s(v, 44), lt(WHEEL_RED))
    # the grated floor: steel bars over a dark well, in perspective
    floor = lt((58, 62, 66))
    c.gradient(0, fy, 1000, 1000, floor, shade(floor, 0.35))
    bar = lt((120, 126, 128))
    fx0 = 500 + v.pan * 0.5
    for i in range(-20, 21):
        c.line([(fx0 + i * 26 * v.zoom, fy), (fx0 + i * 96 * v.zoom, 1000)], bar, 1.5 + abs(i) * 0.05)
    for k in range(1, 16):
        y = fy + (1000 - fy) * (k / 16) ** 1.4
        c.line([(0, y), (1000, y)], bar, 1.2 + 2.6 * (y - fy) / (1000 - fy))
    c.rect(-10, fy - wall_s(v, 30), 1010, fy, shade(hull, 0.35), MID)  # the kick plate along the wall
    for k in range(-4, 20):
        c.ellipse(wall_x(v, k * 60), fy - wall_s(v, 15), 3, 3, lighten(hull, 0.15))
    pw = 22 * v.zoom
    # the periscope stands between two portholes, down to just over the riders' heads
    _periscope(c, v.x(500 + side * 160 if n == 3 else 500, 0.2), fy - wall_s(v, 330), pw, lt((112, 126, 120)))


# --- city bus --------------------------------------------------------------------

def bus(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """Inside a city bus, looking down the aisle to the driver: seat rows on both sides, big windows onto the
    street going by, yellow poles with stop buttons, hanging straps and the route sign over the windscreen."""
    lt = _lamplit(L)
    fy = v.horizon + 30  # the far end's floor: the front of the bus, past the seat rows
    cx = 500 + v.pan * 0.35
    half, height = wall_s(v, 150), wall_s(v, 300)
    bx0, bx1, by0 = cx - half, cx + half, fy - height
    eye = fy - height * 0.6  # a standing rider's eyes: the seat backs are seen from above

    def p(x: float, y: float, s: float) -> Point:
        """A point of the far end's plane brought nearer: `s` is how much bigger it looks (1 at the front)."""
        return (cx + (x - cx) * s, eye + (y - eye) * s)

    def up(h: float) -> float:
        return fy - height * h  # a height above the floor, as a share of the bus's inside height

    far = 9.0
    body = lt(rng.choice(((238, 230, 212), (232, 228, 220), (240, 226, 204))))
    seat_col = lt(rng.choice(((52, 92, 178), (196, 58, 62), (46, 110, 170))))
    trim = lt(rng.choice(((236, 150, 40), (60, 150, 110), (200, 60, 60))))
    c.poly([p(bx0, by0, 1), p(bx1, by0, 1), p(bx1, by0, far), p(bx0, by0, far)], lighten(body, 0.1))  # the low ceiling
    for x0 in (bx0, bx1):  # the side walls, under their windows
        c.poly([p(x0, by0, 1), p(x0, by0, far), p(x0, fy, far), p(x0, fy, 1)], shade(body, 0.08))
    floor = lt((120, 116, 124))
    c.poly([p(bx0, fy, 1), p(bx1, fy, 1), p(bx1, fy, far), p(bx0, fy, far)], floor)
    for k in range(1, 7):  # ribbed rubber flooring running down the aisle
        x = bx0 + 2 * half * k / 7
        c.line([p(x, fy, 1), p(x, fy, far)], shade(floor, 0.15), 1.6)
    c.line([p(cx, fy, 1), p(cx, fy, far)], lt((220, 180, 60)), 3)
    for k in range(9):  # two rows of strip lights down the ceiling
        sa = 1.04 + k * 0.5
        for x in (bx0 + half * 0.4, bx1 - half * 0.4):
            w = half * 0.06
            c.poly([p(x - w, by0, sa), p(x + w, by0, sa), p(x + w, by0, sa + 0.34), p(x - w, by0, sa + 0.34)], LAMP, 0.8)
    # the windows: big panes between the pillars, the street passing outside
    sill, win_top, cove = up(0.46), up(0.86), up(0.93)
    panes = ((1.06, 1.32), (1.4, 1.78), (1.88, 2.45), (2.6, 3.6), (3.8, 6.0))
    for side_x in (bx0, bx1):
        c.poly([p(side_x, cove, 1), p(side_x, cove, far), p(side_x, by0, far), p(side_x, by0, 1)], shade(body, 0.15))
        for k in range(9):  # ad frames in the cove over the windows
            sa, sb = 1.05 + k * 0.5, 1.45 + k * 0.5
            col = lt(rng.choice(((240, 200, 80), (110, 180, 230), (230, 120, 140), (150, 210, 130))))
            c.poly([p(side_x, cove + 3, sa), p(side_x, cove + 3, sb), p(side_x, by0 + 3, sb), p(side_x, by0 + 3, sa)], col, 1.0)
        c.poly([p(side_x, sill, 1), p(side_x, sill, far), p(side_x, win_top, far), p(side_x, win_top, 1)], shade(body, 0.3), MID)
        for sa, sb in panes:
            _street_pane(c, [p(side_x, win_top, sa), p(side_x, win_top, sb), p(side_x, sill, sb), p(side_x, sill, sa)], L, rng)
        c.line([p(side_x, sill, 1), p(side_x, sill, far)], trim, 6)  # the trim under the windows
    # the front door, beside the driver: two glass leaves down to the floor
    door_x = bx1
    c.poly([p(door_x, win_top, 1.02), p(door_x, win_top, 1.36), p(door_x, fy, 1.36), p(door_x, fy, 1.02)], shade(body, 0.3), MID)
    for sa, sb in ((1.04, 1.18), (1.2, 1.34)):
        c.poly([p(door_x, win_top, sa), p(door_x, win_top, sb), p(door_x, up(0.05), sb), p(door_x, up(0.05), sa)],
               mix(L.sky_bottom, (200, 210, 220), 0.4), 1.0)
        c.line([p(door_x, up(0.5), sa + 0.02), p(door_x, up(0.5), sb - 0.02)], lt((250, 200, 60)), 3)
    _front(c, L, rng, lt, bx0, bx1, by0, fy, body, trim)
    # the seat rows, far to near: their backs face us, blue or red, a handle on the aisle corner
    rows = (1.14, 1.42, 1.8, 2.32, 3.05)
    seat_w = half * 0.62
    for s in rows:
        for x_wall, x_aisle in ((bx0, bx0 + seat_w), (bx1, bx1 - seat_w)):
            if x_wall == door_x and s < 1.36:
                continue  # the door is kept clear
            xa, xb = sorted((x_wall, x_aisle))
            _seat(c, p(xa, up(0.42), s), p(xb, up(0.17), s), p(x_aisle, fy, s), s, seat_col, rng)
    # poles at the aisle: from floor to ceiling, with a red stop button at hand height
    pole = lt((244, 196, 40))
    for s in rows[1::2] + (3.7,):
        for x in (bx0 + seat_w, bx1 - seat_w):
            (px, top), (_, bottom) = p(x, by0, s), p(x, fy, s)
            w = 2.2 * s
            c.rect(px - w, top, px + w, bottom, pole, 1.0 + 0.5 * s)
            c.line([(px - w * 0.35, top), (px - w * 0.35, bottom)], lighten(pole, 0.5), max(1.0, w * 0.4))
            by = p(x, up(0.55), s)[1]
            c.rect(px - w * 1.6, by - w * 2.2, px + w * 1.6, by + w * 2.2, lt((240, 240, 236)), 1.0)
            c.ellipse(px, by, w * 1.1, w * 1.1, (226, 40, 40), 1.0)
    # the grab rails under the ceiling, each with its hanging straps
    for x in (bx0 + seat_w, bx1 - seat_w):
        rail = [p(x, up(0.88), 1), p(x, up(0.88), far)]
        c.line(rail, c.ink, 8)
        c.line(rail, lt((210, 214, 220)), 5)
        for k in range(7):
            s = 1.2 + k * 0.42
            (sx, sy), strap = p(x, up(0.88), s), height * 0.1 * s
            c.rect(sx - 1.6 * s, sy, sx + 1.6 * s, sy + strap, trim, 1.0)
            c.ellipse(sx, sy + strap + 4.2 * s, 4.6 * s, 4.6 * s, None, 1.6 + 0.4 * s, outline=c.ink)
            c.ellipse(sx, sy + strap + 4.2 * s, 4.0 * s, 4.0 * s, None, 0.9 + 0.3 * s, outline=lighten(trim, 0.2))


def _street_pane(c: Canvas, quad: list[Point], L: Light, rng: random.Random) -> None:
    """One side window: sky, then the buildings of the street going by, drawn on the pane in perspective."""
    (ax, ay), (bx, by), (bx2, by2), (ax2, ay2) = quad
    night = L.time == "night"
    c.poly(quad, mix(L.sky_top, L.sky_bottom, 0.6))

    def at(t: float, h: float) -> Point:  # t along the pane (0 at its far edge), h up from its sill
        top = (ax + (bx - ax) * t, ay + (by - ay) * t)
        low = (ax2 + (bx2 - ax2) * t, ay2 + (by2 - ay2) * t)
        return (low[0] + (top[0] - low[0]) * h, low[1] + (top[1] - low[1]) * h)

    t = -rng.uniform(0, 0.3)
    while t < 1:
        w = rng.uniform(0.28, 0.5)
        t0, t1 = max(0.0, t), min(1.0, t + w)
        h = rng.uniform(0.45, 0.92)
        base = rng.choice(((196, 110, 84), (222, 190, 130), (150, 170, 180), (200, 150, 110), (170, 130, 150)))
        col = mix(L(base), (30, 34, 60), 0.35) if night else L(base)
        c.poly([at(t0, 0), at(t1, 0), at(t1, h), at(t0, h)], col)
        lit = (255, 214, 120) if night else lighten(col, 0.45)
        for row in range(3):  # the buildings' windows
            hy = h * (0.25 + 0.25 * row)
            if hy + 0.1 > h:
                break
            for j in range(2):
                ta, tb = t0 + (t1 - t0) * (0.2 + 0.4 * j), t0 + (t1 - t0) * (0.4 + 0.4 * j)
                if not night or rng.random() < 0.6:
                    c.poly([at(ta, hy), at(tb, hy), at(tb, hy + 0.1), at(ta, hy + 0.1)], lit)
        t += w + 0.02
    if L.weather == "rain":
        for _ in range(5):
            x, y = at(rng.uniform(0.1, 0.9), rng.uniform(0.2, 0.9))
            c.line([(x, y), (x - 6, y + 10)], (210, 222, 240), 1.6)
    c.line([at(0.15, 0.85), at(0.55, 0.15)], (255, 255, 255), 2)  # a glint on the glass
    c.poly(quad, None, MID)


def _seat(c: Canvas, top_left: Point, low_right: Point, foot: Point, s: float, col: RGB, rng: random.Random) -> None:
    """A double seat seen from behind: an upholstered back with a busy moquette pattern, a rolled top and a
    grab handle on its aisle corner (`foot` is the leg by the aisle)."""
    (x0, y0), (x1, y1) = top_left, low_right
    r = (y1 - y0) * 0.2
    line = 0.8 + 0.5 * s
    c.line([(foot[0], y1), foot], (90, 90, 100), 1.0 + 0.8 * s)  # the leg by the aisle
    c.rect(x0, y1 - 1, x1, y1 + (foot[1] - y1) * 0.12, shade(col, 0.5), line)  # the seat's frame under its back
    c.poly(ellipse_points(x0 + r, y0 + r, r, r, 8, 180, 270) + ellipse_points(x1 - r, y0 + r, r, r, 8, 270, 360)
           + [(x1, y1), (x0, y1)], col, line)
    c.rect(x0 + line, y0 + r * 0.35, x1 - line, y0 + r * 1.1, lighten(col, 0.18))  # the rolled top
    c.line([(x0 + line, y0 + r * 1.1), (x1 - line, y0 + r * 1.1)], shade(col, 0.3), max(1.0, 0.5 * s))
    pattern = (lighten(col, 0.45), (250, 200, 60), shade(col, 0.35), (230, 90, 90))
    for _ in range(int(10 * s)):  # the busy little pattern of a bus seat
        px, py = rng.uniform(x0 + 2 * line, x1 - 2 * line - 2 * s), rng.uniform(y0 + r * 1.4, y1 - 2 * s)
        c.rect(px, py, px + 1.8 * s, py + 1.8 * s, rng.choice(pattern))
    mid = (x0 + x1) / 2
    c.line([(mid, y0 + r * 1.3), (mid, y1)], shade(col, 0.3), max(1.0, 0.6 * s))  # two places on one bench
    hx = foot[0] - r * 0.7 if foot[0] > mid else foot[0] + r * 0.7
    c.arc(hx, y0 + r * 0.1, r * 0.55, r * 0.55, 180, 360, c.ink, 1.4 + 1.0 * s)
    c.arc(hx, y0 + r * 0.1, r * 0.55, r * 0.55, 180, 360, (225, 228, 232), 0.6 + 0.5 * s)


def _front(c: Canvas, L: Light, rng: random.Random, lt: Callable[[RGB], RGB], x0: float, x1: float,
           y0: float, fy: float, body: RGB, trim: RGB) -> None:
    """The front of the bus: the route sign, the windscreen onto the road, the driver's seat and wheel."""
    h = fy - y0
    c.rect(x0, y0, x1, fy, shade(body, 0.05), MID)
    sx0, sx1, sy0, sy1 = x0 + h * 0.06, x1 - h * 0.06, y0 + h * 0.03, y0 + h * 0.12
    c.rect(sx0, sy0, sx1, sy1, (26, 24, 28), 1.2)  # the route sign: amber dots, never words
    cols = int((sx1 - sx0) / max(3.0, h * 0.02))
    for i in range(cols):
        for j in range(3):
            on = (i < cols * 0.22 and j != 1) or (i == int(cols * 0.11)) or (i > cols * 0.32 and j == 1 and i % 5 != 0)
            if on:
                c.ellipse(sx0 + (i + 0.5) * (sx1 - sx0) / cols, sy0 + (j + 1) * (sy1 - sy0) / 4, h * 0.008, h * 0.008,
                          (255, 170, 40))
    wx0, wx1, wy0, wy1 = x0 + h * 0.05, x1 - h * 0.05, y0 + h * 0.16, fy - h * 0.42
    c.gradient(wx0, wy0, wx1, wy1, L.sky_top, L.sky_bottom)
    road_y = wy1 - (wy1 - wy0) * 0.28
    mid = (wx0 + wx1) / 2
    for side in (-1, 1):  # buildings down both sides of the street ahead
        x = mid + side * (wx1 - wx0) * 0.12
        k = 0
        while (x - wx0) * (wx1 - x) > 0:
            w = (wx1 - wx0) * (0.07 + 0.04 * k)
            top = road_y - (wy1 - wy0) * (0.25 + 0.12 * k + rng.uniform(0, 0.1))
            col = rng.choice(((190, 120, 96), (214, 190, 140), (150, 166, 176)))
            col = mix(L(col), (30, 34, 60), 0.4) if L.time == "night" else L(col)
            xa, xb = max(wx0, min(x, x + side * w)), min(wx1, max(x, x + side * w))
            c.rect(xa, max(wy0, top), xb, road_y, col)
            lit = (255, 214, 120) if L.time == "night" else lighten(col, 0.4)
            for j in range(int((road_y - max(wy0, top)) / (h * 0.05))):  # rows of windows
                yy = max(wy0, top) + h * (0.015 + 0.05 * j)
                c.rect(xa + (xb - xa) * 0.25, yy, xb - (xb - xa) * 0.25, yy + h * 0.02, lit)
            x += side * w
            k += 1
    road_w = wx1 - wx0
    c.poly([(mid - road_w * 0.08, road_y), (mid + road_w * 0.08, road_y), (wx1, wy1), (wx0, wy1)], L((200, 196, 186)))  # pavements
    c.poly([(mid - road_w * 0.05, road_y), (mid + road_w * 0.05, road_y), (wx1 - road_w * 0.18, wy1), (wx0 + road_w * 0.18, wy1)],
           L((92, 94, 104)))
    for k in range(4):  # the lane's dashes, longer as they come closer
        t0, t1 = (k / 4) ** 1.5, ((k + 0.5) / 4) ** 1.5
        c.line([(mid, road_y + (wy1 - road_y) * t0), (mid, road_y + (wy1 - road_y) * t1)], L((245, 240, 220)), 1 + 3 * t1)
    c.rect(wx0, wy0, wx1, wy1, None, MID)
    c.rect(x0, wy1, x1, wy1 + h * 0.1, lt((58, 60, 68)), MID)  # the dashboard
    dx = x0 + (x1 - x0) * 0.27  # the driver sits on the left, across from the door
    c.rect(dx - h * 0.14, wy1 + h * 0.1, dx + h * 0.14, fy - h * 0.12, lt((54, 58, 66)), 1.2)  # the driver's seat
    c.ellipse(dx, wy1 + h * 0.03, h * 0.13, h * 0.05, None, 3, outline=c.ink)  # the big flat steering wheel
    c.ellipse(dx, wy1 + h * 0.03, h * 0.13, h * 0.05, None, 1.6, outline=(120, 124, 132))
    c.rect(x0 + (x1 - x0) * 0.5, wy1 + h * 0.1, x0 + (x1 - x0) * 0.62, fy - h * 0.2, lt((170, 174, 180)), 1.0)  # the ticket machine
    c.rect(x0 + (x1 - x0) * 0.52, wy1 + h * 0.14, x0 + (x1 - x0) * 0.6, wy1 + h * 0.2, (90, 200, 140))
    c.rect(x0, fy - h * 0.05, x1, fy, shade(trim, 0.2))


PAINTERS = {"submarine": submarine, "bus": bus}
