"""Places inside a machine that carries people: an elevator, a subway car, a station platform, a space station.

They are boxes seen from inside, so each one is built as walls in perspective
around the characters plus the one or two details a reader knows the place by
(a button panel and a floor indicator, poles and hand straps, a platform edge
and a train, a porthole onto the Earth). Lamps light them, so the time of day
reaches them softly, and through a window when they have one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from services.art.procedural.backgrounds import View, twinkle, wall_s, wall_x
from services.art.procedural.canvas import Canvas, ellipse_points
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade

NEAR = 2.2
MID = 1.5
LAMP: RGB = (255, 238, 170)


def _lit(L: Light) -> Callable[[RGB], RGB]:
    return lambda col: L(col, strength=0.35)  # lamps are on: the hour only tints the walls




# --- elevator ------------------------------------------------------------------

def elevator(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A small steel box: back wall with closed doors, a floor indicator, a button panel, a handrail."""
    lt = _lit(L)
    steel = lt(rng.choice(((176, 182, 192), (196, 180, 150), (166, 178, 188))))
    fy = v.horizon + 40
    bx0, bx1, by0 = wall_x(v, 170), wall_x(v, 830), v.horizon - wall_s(v, 520)
    # ceiling, side walls and floor converge on the back wall: the reader is inside a box
    c.poly([(-10, -10), (1010, -10), (bx1, by0), (bx0, by0)], shade(steel, 0.35))
    c.gradient(bx0 + 60, max(0.0, by0 - 50), bx1 - 60, by0 - 8, LAMP, mix(LAMP, steel, 0.5))
    c.poly([(-10, -10), (bx0, by0), (bx0, fy), (-10, 1010)], shade(steel, 0.18), MID)
    c.poly([(1010, -10), (bx1, by0), (bx1, fy), (1010, 1010)], shade(steel, 0.1), MID)
    floor = lt((120, 110, 105))
    c.poly([(bx0, fy), (bx1, fy), (1010, 1010), (-10, 1010)], floor, MID)
    for k in range(1, 6):  # floor tiles in perspective
        t = k / 6
        c.line([(bx0 + (bx1 - bx0) * t, fy), (-10 + 1020 * t, 1010)], shade(floor, 0.2), 1.4)
    for k in range(1, 4):
        t = (k / 4) ** 1.6
        y = fy + (1010 - fy) * t
        c.line([(bx0 - (bx0 + 10) * t, y), (bx1 + (1010 - bx1) * t, y)], shade(floor, 0.2), 1.4)
    c.gradient(bx0, by0, bx1, fy, lighten(steel, 0.15), shade(steel, 0.08))
    c.rect(bx0, by0, bx1, fy, None, MID)
    # the doors, closed, with their centre seam and frame
    dx0, dx1 = wall_x(v, 300), wall_x(v, 700)
    dtop = by0 + wall_s(v, 90)
    c.rect(dx0 - wall_s(v, 16), dtop - wall_s(v, 16), dx1 + wall_s(v, 16), fy, shade(steel, 0.3), MID)
    mid = (dx0 + dx1) / 2
    for x0, x1 in ((dx0, mid), (mid, dx1)):
        c.gradient(x0, dtop, x1, fy, lighten(steel, 0.3), steel)
        c.rect(x0, dtop, x1, fy, None, MID)
        for k in range(4):  # brushed-steel streaks
            xx = x0 + (x1 - x0) * (0.2 + 0.2 * k)
            c.line([(xx, dtop + 20), (xx, fy - 20)], lighten(steel, 0.45), 2)
    c.line([(mid, dtop), (mid, fy)], c.ink, 3)
    # the floor indicator over the doors: an up arrow and the floors as dots (never numbers)
    ix0, ix1, iy0, iy1 = mid - wall_s(v, 110), mid + wall_s(v, 110), by0 + wall_s(v, 20), by0 + wall_s(v, 62)
    c.rect(ix0, iy0, ix1, iy1, (30, 30, 36), MID)
    lit_floor = rng.randrange(5)
    for k in range(5):
        col = (255, 170, 60) if k == lit_floor else (90, 70, 60)
        c.ellipse(ix0 + (ix1 - ix0) * (0.38 + 0.14 * k), (iy0 + iy1) / 2, wall_s(v, 7), wall_s(v, 7), col)
    ax, ay, ah = ix0 + wall_s(v, 34), (iy0 + iy1) / 2, wall_s(v, 14)
    c.poly([(ax - ah, ay + ah * 0.7), (ax + ah, ay + ah * 0.7), (ax, ay - ah * 0.8)], (120, 255, 140))
    # the button panel beside the doors
    px0, px1 = dx1 + wall_s(v, 40), dx1 + wall_s(v, 110)
    py0, py1 = by0 + wall_s(v, 190), by0 + wall_s(v, 400)
    c.rect(px0, py0, px1, py1, lighten(steel, 0.35), MID)
    pressed = {rng.randrange(8), rng.randrange(8)}
    for k in range(8):
        bx = px0 + (px1 - px0) * (0.3 if k % 2 == 0 else 0.7)
        by = py0 + (py1 - py0) * (0.14 + 0.17 * (k // 2))
        glow = k in pressed
        if glow:
            c.ellipse(bx, by, wall_s(v, 12), wall_s(v, 12), mix(LAMP, steel, 0.3))
        c.ellipse(bx, by, wall_s(v, 8), wall_s(v, 8), (255, 190, 70) if glow else lt((235, 235, 240)), 1.2)
    # a handrail along both side walls, and a spotlight pool on the floor
    for (x_far, x_near) in ((bx0, -10), (bx1, 1010)):
        y_far, y_near = fy - wall_s(v, 250), 610.0
        c.line([(x_far, y_far), (x_near, y_near)], c.ink, 14)
        c.line([(x_far, y_far), (x_near, y_near)], lighten(steel, 0.4), 9)
    c.ellipse(500 + v.pan * 0.3, fy + (1000 - fy) * 0.45, 300 * v.zoom, 70 * v.zoom, lighten(floor, 0.12))


# --- subway car ------------------------------------------------------------------

def _passing_view(c: Canvas, x0: float, y0: float, x1: float, y1: float, L: Light, rng: random.Random) -> None:
    """What a moving train's window shows: a dark tunnel with streaking lamps at night, the city rushing by
    by day (an elevated line), with rain on the glass when it rains."""
    if L.time == "night":
        c.gradient(x0, y0, x1, y1, (18, 20, 30), (40, 40, 52))
        for _ in range(5):
            y = rng.uniform(y0 + 10, y1 - 10)
            xa = rng.uniform(x0 - 40, x1 - 30)
            c.line([(max(x0, xa), y), (min(x1, xa + rng.uniform(50, 130)), y)], (255, 200, 110), 3)
    else:
        c.gradient(x0, y0, x1, y1, L.sky_top, L.sky_bottom)
        base = y1 - (y1 - y0) * 0.25
        x = x0
        while x < x1:  # the skyline, blurred into streaks by speed
            w = rng.uniform(18, 40)
            h = rng.uniform(0.2, 0.55) * (y1 - y0)
            c.rect(x, base - h, min(x1, x + w), y1, mix(L.sky_bottom, (80, 90, 120), 0.55))
            x += w + 4
        for _ in range(4):
            y = rng.uniform(y0 + 8, y1 - 8)
            xa = rng.uniform(x0, x1 - 40)
            c.line([(xa, y), (min(x1, xa + rng.uniform(40, 100)), y)], lighten(L.sky_bottom, 0.5), 2)
    if L.weather == "rain":
        for _ in range(10):
            x, y = rng.uniform(x0 + 4, x1 - 10), rng.uniform(y0 + 4, y1 - 24)
            c.line([(x, y), (x - 10, y + 4)], (200, 215, 235), 1.6)


def subway(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """Inside a subway car: a long bench under the windows, ads and a route map, poles and hand straps."""
    lt = _lit(L)
    body = lt(rng.choice(((214, 218, 212), (208, 214, 224))))
    accent = lt(rng.choice(((40, 120, 200), (220, 120, 40), (60, 160, 90), (200, 60, 70))))
    fy = v.horizon + 100  # the far wall's foot: the bench is behind the riders, at their knees
    c.gradient(0, 0, 1000, fy, lighten(body, 0.1), shade(body, 0.08))
    c.rect(-10, -10, 1010, wall_s(v, 60), shade(body, 0.25), MID)  # the ceiling with its strip lights
    for k in range(-2, 7):
        x = wall_x(v, k * 220 + 40)
        c.rect(x, wall_s(v, 16), x + wall_s(v, 150), wall_s(v, 40), LAMP, 1.0)
    ad_y0, ad_y1 = wall_s(v, 74), wall_s(v, 136)
    map_slot = rng.randrange(2, 5)
    for k in range(-2, 8):  # ads over the windows (colour and a shape, no words), one of them the route map
        x = wall_x(v, k * 180 + 20)
        w = wall_s(v, 150)
        if k == map_slot:
            c.rect(x, ad_y0, x + w, ad_y1, (250, 250, 246), 1.2)
            my = (ad_y0 + ad_y1) / 2
            c.line([(x + 12, my), (x + w - 12, my)], accent, 5)
            for j in range(6):
                c.ellipse(x + 12 + (w - 24) * j / 5, my, 5, 5, (255, 255, 255), 1.0)
            continue
        col = lt(rng.choice(((240, 200, 80), (90, 170, 220), (230, 110, 130), (140, 200, 120))))
        c.rect(x, ad_y0, x + w, ad_y1, col, 1.2)
        c.ellipse(x + wall_s(v, 36), (ad_y0 + ad_y1) / 2, wall_s(v, 16), wall_s(v, 16), lighten(col, 0.5))
        c.rect(x + wall_s(v, 64), ad_y0 + wall_s(v, 18), x + w - wall_s(v, 14), ad_y0 + wall_s(v, 28), lighten(col, 0.5))
    wy0, wy1 = wall_s(v, 166), fy - wall_s(v, 232)
    for k in range(-2, 7):
        x0 = wall_x(v, k * 260 + 30)
        x1 = x0 + wall_s(v, 210)
        if x1 < -20 or x0 > 1020:
            continue
        c.rect(x0 - 10, wy0 - 10, x1 + 10, wy1 + 10, shade(body, 0.25), MID)
        _passing_view(c, x0, wy0, x1, wy1, L, rng)
        c.rect(x0, wy0, x1, wy1, None, MID)
        c.line([(x0 + 14, wy1 - 16), (x0 + (x1 - x0) * 0.4, wy0 + 12)], (255, 255, 255), 3)
    c.rect(-10, fy - wall_s(v, 224), 1010, fy - wall_s(v, 206), accent, MID)  # the car's stripe
    seat = lt(rng.choice(((60, 90, 170), (200, 90, 60), (70, 140, 120))))
    sy = fy - wall_s(v, 104)
    c.rect(-10, fy - wall_s(v, 200), 1010, sy, seat, MID)  # seat back, one cushion a rider
    for k in range(-4, 14):
        x = wall_x(v, k * 90)
        c.line([(x, fy - wall_s(v, 196)), (x, sy)], shade(seat, 0.25), 2)
    c.rect(-10, sy, 1010, sy + wall_s(v, 30), lighten(seat, 0.15), MID)  # seat cushion
    c.rect(-10, sy + wall_s(v, 30), 1010, fy, shade(body, 0.4), MID)
    dx0 = wall_x(v, rng.choice((20, 780)))  # the sliding doors at one end of the bench
    dx1 = dx0 + wall_s(v, 220)
    door = shade(body, 0.12)
    c.rect(dx0 - 8, ad_y1 + wall_s(v, 16), dx1 + 8, fy, shade(body, 0.35), MID)
    for x0, x1 in ((dx0, (dx0 + dx1) / 2), ((dx0 + dx1) / 2, dx1)):
        c.rect(x0, ad_y1 + wall_s(v, 24), x1, fy, door, MID)
        c.rect(x0 + wall_s(v, 18), wy0, x1 - wall_s(v, 18), wy1 + wall_s(v, 60), (40, 44, 56) if L.time == "night" else lt((150, 190, 220)), MID)
    c.line([((dx0 + dx1) / 2, ad_y1 + wall_s(v, 24)), ((dx0 + dx1) / 2, fy)], c.ink, 4)
    floor = lt((140, 140, 148))
    c.gradient(0, fy, 1000, 1000, floor, shade(floor, 0.25))
    vx = 500 + v.pan * 0.5
    for i in range(-8, 9):  # the floor runs towards the viewer
        c.line([(vx + i * 70 * v.zoom, fy), (vx + i * 260 * v.zoom, 1000)], shade(floor, 0.1), 1.4)
    c.rect(-10, fy + v.s(40), 1010, fy + v.s(52), lt((240, 200, 60)))  # the yellow line before the seats
    for _ in range(40):
        x, y = rng.uniform(0, 1000), rng.uniform(fy + 60, 1000)
        c.ellipse(x, y, 2 + (y - fy) / 150, 1.2 + (y - fy) / 300, shade(floor, 0.15))
    rail_y = wall_s(v, 150)
    c.line([(-10, rail_y), (1010, rail_y)], c.ink, 13)  # the grab rail, with its hand straps
    c.line([(-10, rail_y), (1010, rail_y)], (205, 210, 220), 8)
    for k in range(-3, 12):
        sx = v.x(k * 110 + 30, 0.1)
        if -20 < sx < 1020:
            c.rect(sx - 4, rail_y, sx + 4, rail_y + 56 * v.zoom, shade(accent, 0.1), 1.0)
            ry = rail_y + 56 * v.zoom + 18 * v.zoom
            c.ellipse(sx, ry, 20 * v.zoom, 20 * v.zoom, None, 3.2, outline=c.ink)
            c.ellipse(sx, ry, 18 * v.zoom, 18 * v.zoom, None, 2.2, outline=lighten(accent, 0.3))
    pole = (240, 200, 60)
    for px in (v.x(rng.choice((150, 230)), 0.0), v.x(rng.choice((770, 850)), 0.0)):
        c.rect(px - 10, -10, px + 10, 1010, lt(pole), NEAR)
        c.line([(px - 3, -10), (px - 3, 1010)], lighten(lt(pole), 0.5), 3)


# --- station platform ------------------------------------------------------------

def station(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """An underground platform: a tiled wall across the tracks, a train pulling in, the yellow edge."""
    lt = _lit(L)
    tile = lt((236, 234, 226))
    band = lt(rng.choice(((40, 120, 200), (200, 70, 60), (60, 150, 90), (230, 170, 40))))
    edge = v.horizon + 40
    pit_top = edge - wall_s(v, 70)
    c.gradient(0, 0, 1000, pit_top, shade(tile, 0.15), tile)
    c.poly(ellipse_points(500 + v.pan * 0.3, pit_top + 40, 760 * v.zoom, 620 * v.zoom, 30, 180, 360) + [(1010, -10), (-10, -10)],
           shade(tile, 0.4))  # the vault of the tunnel
    step = wall_s(v, 34)
    y = pit_top - step
    while y > 0:  # subway tiles
        c.line([(0, y), (1000, y)], shade(tile, 0.12), 1.2)
        y -= step
    c.rect(-10, pit_top - wall_s(v, 260), 1010, pit_top - wall_s(v, 220), band, MID)
    for k in range(-2, 6):  # route maps on the wall
        x = wall_x(v, k * 300 + 80)
        c.rect(x, pit_top - wall_s(v, 200), x + wall_s(v, 170), pit_top - wall_s(v, 110), (250, 250, 246), MID)
        c.line([(x + 14, pit_top - wall_s(v, 155)), (x + wall_s(v, 170) - 14, pit_top - wall_s(v, 155))], band, 5)
        for j in range(5):
            c.ellipse(x + 14 + (wall_s(v, 170) - 28) * j / 4, pit_top - wall_s(v, 155), 5, 5, (255, 255, 255), 1.0)
    c.gradient(0, pit_top, 1000, edge, (40, 38, 44), (20, 20, 26))  # the track pit
    for yy in (pit_top + (edge - pit_top) * 0.45, pit_top + (edge - pit_top) * 0.8):
        c.line([(0, yy), (1000, yy)], (150, 150, 160), 4)
    side = rng.choice((-1, 1))  # the train, its nose in the tunnel light
    tx0 = 500 + side * 120 + v.pan * 0.35
    tx_far = tx0 + side * 1400
    ttop = pit_top - wall_s(v, 330)
    car = lt((210, 214, 222))
    xa, xb = min(tx0, tx_far), max(tx0, tx_far)
    c.rect(xa, ttop, xb, edge - 6, car, NEAR)
    c.rect(xa, ttop + wall_s(v, 210), xb, ttop + wall_s(v, 240), band, MID)
    c.ellipse(tx0, (ttop + edge) / 2, wall_s(v, 40), (edge - ttop) / 2, car, NEAR)
    c.rect(min(tx0, tx0 + side * 30), ttop, max(tx0, tx0 + side * 30), edge - 6, car)
    for k in range(6):
        wx = tx0 + side * (wall_s(v, 70) + k * wall_s(v, 150))
        c.rect(min(wx, wx + side * wall_s(v, 100)), ttop + wall_s(v, 40), max(wx, wx + side * wall_s(v, 100)), ttop + wall_s(v, 160),
               (40, 50, 70) if L.time == "night" else lt((150, 190, 220)), MID)
    c.ellipse(tx0 - side * wall_s(v, 8), edge - wall_s(v, 60), wall_s(v, 14), wall_s(v, 14), LAMP, 1.2)
    floor = lt((176, 170, 160))
    c.gradient(0, edge, 1000, 1000, floor, shade(floor, 0.2))
    c.rect(-10, edge, 1010, edge + v.s(26), lt((250, 205, 40)), MID)  # the yellow edge, dotted
    for k in range(60):
        c.ellipse(k * 17 + 8, edge + v.s(13), 2.5 * v.zoom, 2.5 * v.zoom, shade(lt((250, 205, 40)), 0.3))
    for k in range(-1, 3):  # columns holding the vault
        x = v.x(k * 560 + 220, 0.1)
        c.rect(x - 22 * v.zoom, -10, x + 22 * v.zoom, edge + v.s(80), lt((200, 196, 188)), NEAR)
        c.rect(x - 22 * v.zoom, edge + v.s(60), x + 22 * v.zoom, edge + v.s(80), shade(lt((200, 196, 188)), 0.3), MID)
    clock_x = wall_x(v, 500 - side * 260)
    c.line([(clock_x, 0), (clock_x, wall_s(v, 90))], c.ink, 3)
    c.ellipse(clock_x, wall_s(v, 130), 38, 38, (250, 250, 250), NEAR)
    c.line([(clock_x, wall_s(v, 130)), (clock_x, wall_s(v, 130) - 24)], c.ink, 3)
    c.line([(clock_x, wall_s(v, 130)), (clock_x + 18, wall_s(v, 130) + 6)], c.ink, 3)


# --- space station ---------------------------------------------------------------

def space_station(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """Inside a space station module: padded panels, a big porthole onto the Earth, consoles and handrails."""
    hull = (224, 228, 234) if L.time != "night" else (170, 180, 205)  # night is the station's dimmed cycle
    fy = v.horizon + 40
    c.gradient(0, 0, 1000, fy, shade(hull, 0.25), hull)
    c.poly(ellipse_points(500 + v.pan * 0.3, fy + 60, 900 * v.zoom, 700 * v.zoom, 30, 180, 360) + [(1010, -10), (-10, -10)],
           shade(hull, 0.4))  # the module's curved ceiling
    for k in range(-3, 9):  # wall panels with rivets
        x = wall_x(v, k * 170)
        c.rect(x, wall_s(v, 120), x + wall_s(v, 160), fy - wall_s(v, 20), lighten(hull, 0.15), 1.2)
        for yy in (wall_s(v, 140), fy - wall_s(v, 40)):
            c.ellipse(x + 12, yy, 3, 3, shade(hull, 0.4))
            c.ellipse(x + wall_s(v, 160) - 12, yy, 3, 3, shade(hull, 0.4))
    px, py, pr = wall_x(v, rng.choice((330, 670))), fy - wall_s(v, 330), wall_s(v, 175)
    c.ellipse(px, py, pr + 26, pr + 26, shade(hull, 0.35), NEAR)
    c.ellipse(px, py, pr, pr, (6, 8, 26))
    for _ in range(40):
        a, d = rng.uniform(0, 6.28), rng.uniform(0, pr - 6)
        c.ellipse(px + math.cos(a) * d, py + math.sin(a) * d, 1.6, 1.6, (255, 255, 240))
    twinkle(c, px - pr * 0.5, py - pr * 0.5, 9, (255, 255, 230))
    ex, ey, er = px + pr * 0.35, py + pr * 0.55, pr * 0.75  # the Earth, cut by the porthole's rim
    earth_pts = [(ex + math.cos(2 * math.pi * k / 40) * er, ey + math.sin(2 * math.pi * k / 40) * er) for k in range(40)]
    inside = [(x, y) if math.hypot(x - px, y - py) <= pr - 2 else
              (px + (x - px) * (pr - 2) / math.hypot(x - px, y - py), py + (y - py) * (pr - 2) / math.hypot(x - px, y - py))
              for x, y in earth_pts]
    c.poly(inside, (60, 120, 210))
    for dx, dy, w, h in ((-0.3, -0.35, 0.28, 0.16), (0.1, -0.1, 0.22, 0.3), (-0.45, 0.05, 0.14, 0.12)):
        cx, cy = ex + dx * er, ey + dy * er
        if math.hypot(cx - px, cy - py) < pr - w * er:
            c.ellipse(cx, cy, w * er, h * er, (90, 170, 90))
    c.arc(ex, ey, er, er, 200, 290, (200, 230, 255), 4)
    c.ellipse(px, py, pr, pr, None, NEAR)
    c.arc(px, py, pr - 14, pr - 14, 200, 250, (255, 255, 255), 5)
    cx0 = wall_x(v, 1000) - px + wall_x(v, 0)  # a console on the other side, blinking
    c.rect(cx0 - wall_s(v, 150), fy - wall_s(v, 300), cx0 + wall_s(v, 150), fy - wall_s(v, 60), shade(hull, 0.15), MID)
    c.rect(cx0 - wall_s(v, 120), fy - wall_s(v, 280), cx0 + wall_s(v, 120), fy - wall_s(v, 190), (20, 40, 50), MID)
    pts = [(cx0 - wall_s(v, 110) + i * wall_s(v, 11), fy - wall_s(v, 235) + math.sin(i * 0.9) * wall_s(v, 25)) for i in range(21)]
    c.line(pts, (90, 250, 160), 3)
    for k in range(10):
        col = rng.choice(((240, 80, 80), (250, 210, 60), (80, 220, 120), (80, 170, 250)))
        c.rect(cx0 - wall_s(v, 120) + k * wall_s(v, 24), fy - wall_s(v, 160), cx0 - wall_s(v, 104) + k * wall_s(v, 24),
               fy - wall_s(v, 144), col, 1.0)
    for k in range(3):  # bundles of cable along the ceiling
        y = wall_s(v, 60) + k * 18
        c.line([(-10, y), (300, y + 30), (700, y + 30), (1010, y)], ((220, 70, 60), (60, 120, 220), (240, 200, 60))[k], 6)
    floor = shade(hull, 0.3)
    c.gradient(0, fy, 1000, 1000, floor, shade(floor, 0.3))
    vx = 500 + v.pan * 0.5
    for i in range(-10, 11):  # floor grating in perspective
        c.line([(vx + i * 40 * v.zoom, fy), (vx + i * 160 * v.zoom, 1000)], shade(floor, 0.25), 2)
    for k in range(1, 6):
        y = fy + (1000 - fy) * (k / 6) ** 1.6
        c.line([(0, y), (1000, y)], shade(floor, 0.25), 2)
    c.rect(-10, fy - 12, 1010, fy, (240, 200, 60), MID)  # a yellow handrail along the wall
    for k in range(-2, 8):
        x = wall_x(v, k * 170 + 80)
        c.rect(x - 4, fy - 40, x + 4, fy - 12, (240, 200, 60), 1.0)
    for _ in range(3):  # loose things float
        x, y = rng.uniform(80, 920), rng.uniform(180, fy - 120)
        col = rng.choice(((240, 120, 80), (120, 200, 240), (250, 220, 90)))
        c.rect(x - 12, y - 9, x + 12, y + 9, col, 1.2)
        c.arc(x - 26, y, 8, 8, 120, 240, c.ink, 1.6)


PAINTERS = {"elevator": elevator, "subway": subway, "station": station, "space_station": space_station}
