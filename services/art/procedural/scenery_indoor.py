"""Indoor places: a room (wall, skirting, floor in perspective) and the furniture that names it.

The time of day and the weather reach a room through its window, and softly
through the light on the walls, because lamps are on indoors.
"""

from __future__ import annotations

import math
import random

from services.art.procedural.backgrounds import View, room, wall_s, wall_x, window
from services.art.procedural.canvas import Canvas, ellipse_points
from services.art.procedural.palettes import Light, lighten, mix, shade

NEAR = 2.2
MID = 1.5

BOOK_COLOURS = ((200, 60, 60), (60, 110, 190), (230, 180, 60), (70, 150, 100), (150, 90, 170), (230, 120, 60),
                (90, 90, 110), (240, 230, 210))


def _lit(L: Light):
    return lambda col: L(col, strength=0.55)




def school(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    lt = _lit(L)
    fy = room(c, v, L, (200, 222, 190), (190, 150, 110))
    x0, x1, y0, y1 = wall_x(v, 250), wall_x(v, 750), fy - wall_s(v, 430), fy - wall_s(v, 170)
    c.rect(x0 - 14, y0 - 14, x1 + 14, y1 + 14, lt((150, 100, 60)), MID)
    c.rect(x0, y0, x1, y1, lt((40, 90, 70)), 1.0)
    chalk = lt((230, 240, 230))
    c.ellipse(x0 + (x1 - x0) * 0.2, y0 + (y1 - y0) * 0.4, 30, 30, None, 1.6, outline=chalk)
    c.poly([(x0 + (x1 - x0) * 0.45, y1 - 40), (x0 + (x1 - x0) * 0.55, y0 + 40), (x0 + (x1 - x0) * 0.65, y1 - 40)], None, 1.6,
           outline=chalk)
    c.line([(x0 + (x1 - x0) * 0.75, y0 + 60), (x1 - 40, y0 + 60), (x1 - 60, y0 + 45)], chalk, 2)
    c.rect(x0 + 20, y1 + 2, x0 + 60, y1 + 10, (250, 250, 250))
    cx, cy = wall_x(v, 880), fy - wall_s(v, 420)
    c.ellipse(cx, cy, 36, 36, lt((250, 250, 245)), NEAR)
    c.line([(cx, cy), (cx, cy - 24)], c.ink, 3)
    c.line([(cx, cy), (cx + 16, cy + 6)], c.ink, 3)
    window(c, wall_x(v, 20), fy - wall_s(v, 440), wall_x(v, 170), fy - wall_s(v, 220), L, rng, lt((240, 240, 235)))
    gx, gy = wall_x(v, 860), fy - wall_s(v, 180)
    c.rect(gx - 60, gy, gx + 60, fy, lt((150, 100, 60)), MID)
    c.ellipse(gx, gy - 40, 36, 36, lt((80, 150, 220)), MID)
    c.ellipse(gx - 8, gy - 48, 14, 10, lt((100, 180, 90)))
    for row, (y, s) in enumerate(((fy + v.s(150), 1.0), (fy + v.s(300), 1.3))):
        for k in range(-1, 4):
            x = v.x(100 + k * 280 + row * 140, 0.0)
            w = 90 * s * v.zoom
            c.rect(x - w, y - 30 * s * v.zoom, x + w, y - 16 * s * v.zoom, lt((200, 150, 90)), MID)
            for lx in (x - w * 0.85, x + w * 0.85):
                c.rect(lx - 5, y - 16 * s * v.zoom, lx + 5, y + 30 * s * v.zoom, lt((90, 90, 100)), 1.2)


def kitchen(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    lt = _lit(L)
    fy = room(c, v, L, (250, 235, 200), (220, 200, 170), planks=False)
    top = fy - wall_s(v, 200)
    tile = lt((235, 245, 250))
    c.rect(0, top - wall_s(v, 170), 1000, top, tile)
    step = wall_s(v, 40)
    yy = top - wall_s(v, 170)
    while yy < top:
        c.line([(0, yy), (1000, yy)], lt((170, 200, 215)), 1.2)
        yy += step
    xx = 0.0
    while xx < 1000:
        c.line([(xx, top - wall_s(v, 170)), (xx, top)], lt((170, 200, 215)), 1.2)
        xx += step
    wood = lt(rng.choice(((110, 160, 200), (200, 120, 90), (120, 170, 130))))
    for k in range(-2, 8):
        x = wall_x(v, k * 160)
        c.rect(x, top - wall_s(v, 400), x + wall_s(v, 150), top - wall_s(v, 220), wood, MID)
        c.rect(x + wall_s(v, 65), top - wall_s(v, 250), x + wall_s(v, 85), top - wall_s(v, 240), lt((230, 220, 200)))
    window(c, wall_x(v, 380), top - wall_s(v, 160), wall_x(v, 620), top - wall_s(v, 30), L, rng, lt((250, 250, 250)))
    c.rect(-10, top, 1010, top + wall_s(v, 24), lt((230, 230, 225)), MID)
    for k in range(-2, 9):
        x = wall_x(v, k * 130)
        c.rect(x, top + wall_s(v, 24), x + wall_s(v, 126), fy, wood, MID)
        c.ellipse(x + wall_s(v, 100), top + wall_s(v, 70), 6, 6, lt((230, 220, 200)), 1.0)
    stove = rng.choice((170, 800))
    sx = wall_x(v, stove)
    c.rect(sx - wall_s(v, 90), top + wall_s(v, 24), sx + wall_s(v, 90), fy, lt((70, 70, 80)), MID)
    c.rect(sx - wall_s(v, 70), top + wall_s(v, 60), sx + wall_s(v, 70), fy - wall_s(v, 30), lt((30, 30, 36)), MID)
    pot = lt((200, 70, 60))
    c.rect(sx - wall_s(v, 55), top - wall_s(v, 70), sx + wall_s(v, 55), top, pot, MID)
    c.rect(sx - wall_s(v, 65), top - wall_s(v, 76), sx + wall_s(v, 65), top - wall_s(v, 64), shade(pot, 0.2), MID)
    for k in range(3):  # steam
        x = sx - wall_s(v, 30) + k * wall_s(v, 30)
        c.line([(x, top - wall_s(v, 90)), (x + 8, top - wall_s(v, 120)), (x - 6, top - wall_s(v, 150))], (255, 255, 255), 4)
    for k, col in enumerate(((60, 60, 70), (180, 110, 60))):
        x = wall_x(v, 700 + k * 90)
        c.line([(x, top - wall_s(v, 400)), (x, top - wall_s(v, 330))], c.ink, 2)
        c.ellipse(x, top - wall_s(v, 300), 30, 30, lt(col), MID)
    _kitchen_table(c, v, lt, fy, 690 if stove < 500 else 310, rng)


def _kitchen_table(c: Canvas, v: View, lt, fy: float, world_x: float, rng: random.Random) -> None:
    """The kitchen table on the floor in front of the cupboards: a checked cloth, a bowl of fruit, two chairs."""
    tx, foot, s = v.x(world_x), fy + v.s(60), v.zoom
    top, half = foot - 120 * s, 150 * s
    wood = lt((170, 116, 70))
    for side in (-1, 1):  # the chairs at the ends, their backs above the table top
        cx = tx + side * (half + 30 * s)
        c.rect(cx - 6 * s, foot - 190 * s, cx + 6 * s, foot, wood, MID)
        c.rect(cx - side * 40 * s - 6 * s, foot - 70 * s, cx - side * 40 * s + 6 * s, foot, wood, MID)
        c.rect(min(cx, cx - side * 46 * s), foot - 78 * s, max(cx, cx - side * 46 * s), foot - 66 * s, wood, MID)
        c.rect(cx - 6 * s, foot - 190 * s, cx + 6 * s, foot - 150 * s, shade(wood, 0.2), 1.0)
    for lx in (tx - half + 14 * s, tx + half - 14 * s):
        c.rect(lx - 8 * s, top, lx + 8 * s, foot, wood, MID)
    cloth = lt((250, 248, 240))
    c.rect(tx - half - 10 * s, top - 12 * s, tx + half + 10 * s, top + 36 * s, cloth, MID)
    for k in range(8):  # red checks on the cloth
        x0 = tx - half - 10 * s + k * (2 * half + 20 * s) / 8
        if k % 2 == 0:
            c.rect(x0, top - 12 * s, x0 + (2 * half + 20 * s) / 8, top + 36 * s, lt((210, 70, 70)))
    c.rect(tx - half - 10 * s, top + 6 * s, tx + half + 10 * s, top + 18 * s, lt((230, 120, 110)))
    c.rect(tx - half - 10 * s, top - 12 * s, tx + half + 10 * s, top + 36 * s, None, MID)
    bx = tx + rng.uniform(-0.4, 0.4) * half
    for k, col in enumerate(((220, 50, 50), (250, 200, 60), (120, 190, 70))):
        c.ellipse(bx - 20 * s + k * 20 * s, top - 34 * s - (k == 1) * 10 * s, 16 * s, 16 * s, lt(col), 1.2)
    c.poly(ellipse_points(bx, top - 26 * s, 46 * s, 24 * s, 14, 0, 180), lt((90, 140, 200)), MID)


def home(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    lt = _lit(L)
    wall = rng.choice(((240, 215, 190), (200, 220, 235), (235, 210, 225)))
    fy = room(c, v, L, wall, (170, 120, 80))
    stripe = shade(lt(wall), 0.08)
    for k in range(-6, 30):
        x = wall_x(v, k * 60)
        c.rect(x, 0, x + wall_s(v, 24), fy - 14, stripe)
    wx0 = wall_x(v, rng.choice((120, 620)))
    window(c, wx0, fy - wall_s(v, 470), wx0 + wall_s(v, 260), fy - wall_s(v, 230), L, rng, lt((250, 250, 250)))
    curtain = lt(rng.choice(((200, 70, 80), (80, 120, 190), (230, 170, 60))))
    for x in (wx0 - wall_s(v, 50), wx0 + wall_s(v, 260) + wall_s(v, 10)):
        c.poly([(x, fy - wall_s(v, 500)), (x + wall_s(v, 40), fy - wall_s(v, 500)), (x + wall_s(v, 30), fy - wall_s(v, 200)),
                (x - 4, fy - wall_s(v, 200))], curtain, MID)
    fx = wall_x(v, 1000) - wx0 + wall_x(v, 0) + wall_s(v, 40)
    c.rect(fx - wall_s(v, 80), fy - wall_s(v, 450), fx + wall_s(v, 80), fy - wall_s(v, 330), lt((200, 160, 80)), MID)
    c.rect(fx - wall_s(v, 66), fy - wall_s(v, 436), fx + wall_s(v, 66), fy - wall_s(v, 344), lt((170, 210, 240)))
    c.poly([(fx - wall_s(v, 66), fy - wall_s(v, 344)), (fx - wall_s(v, 10), fy - wall_s(v, 410)), (fx + wall_s(v, 30), fy - wall_s(v, 370)),
            (fx + wall_s(v, 66), fy - wall_s(v, 344))], lt((90, 150, 90)))
    sofa = lt(rng.choice(((90, 140, 200), (200, 100, 80), (120, 170, 110))))
    sx = fx
    c.rect(sx - wall_s(v, 200), fy - wall_s(v, 190), sx + wall_s(v, 200), fy - wall_s(v, 90), sofa, NEAR)
    c.rect(sx - wall_s(v, 220), fy - wall_s(v, 100), sx + wall_s(v, 220), fy + wall_s(v, 10), shade(sofa, 0.15), NEAR)
    for side in (-1, 1):
        c.rect(sx + side * wall_s(v, 220) - wall_s(v, 30), fy - wall_s(v, 130), sx + side * wall_s(v, 220) + wall_s(v, 30), fy + wall_s(v, 10), sofa, NEAR)
    c.ellipse(sx - wall_s(v, 110), fy - wall_s(v, 120), wall_s(v, 40), wall_s(v, 30), lt((250, 220, 120)), MID)
    c.ellipse(500 + v.pan * 0.5, fy + v.s(160), v.s(360), v.s(70), lt((210, 110, 90)), MID)
    c.ellipse(500 + v.pan * 0.5, fy + v.s(160), v.s(280), v.s(50), lt((230, 170, 100)))
    lx = wall_x(v, 500 + (350 if wx0 < wall_x(v, 400) else -380))
    c.line([(lx, fy), (lx, fy - wall_s(v, 330))], c.ink, 3)
    c.poly([(lx - 40, fy - wall_s(v, 330)), (lx + 40, fy - wall_s(v, 330)), (lx + 26, fy - wall_s(v, 400)), (lx - 26, fy - wall_s(v, 400))],
           (255, 230, 160) if L.time == "night" else lt((240, 220, 180)), MID)


def office(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    lt = _lit(L)
    fy = room(c, v, L, (215, 220, 228), (150, 150, 160), planks=False)
    x0, x1 = wall_x(v, 80), wall_x(v, 920)
    window(c, x0, fy - wall_s(v, 480), x1, fy - wall_s(v, 200), L, rng, lt((200, 205, 215)))
    for k in range(12):  # the city seen from the office
        bx = x0 + (x1 - x0) * k / 12
        h = rng.uniform(60, 200)
        c.rect(bx, fy - wall_s(v, 200) - wall_s(v, h), bx + (x1 - x0) / 13, fy - wall_s(v, 200), lt(mix(L.sky_bottom, (70, 80, 110), 0.6)))
    for k in range(6):
        y = fy - wall_s(v, 480) + k * wall_s(v, 46)
        c.rect(x0, y, x1, y + wall_s(v, 10), lt((235, 235, 240)))
    for side in (-1, 1):
        dx = 500 + side * 300 + v.pan * 0.5
        desk = lt((190, 150, 110))
        c.rect(dx - wall_s(v, 170), fy - wall_s(v, 20), dx + wall_s(v, 170), fy, desk, MID)
        c.rect(dx - wall_s(v, 160), fy, dx - wall_s(v, 140), fy + wall_s(v, 110), lt((90, 90, 100)), MID)
        c.rect(dx + wall_s(v, 140), fy, dx + wall_s(v, 160), fy + wall_s(v, 110), lt((90, 90, 100)), MID)
        c.rect(dx - wall_s(v, 80), fy - wall_s(v, 150), dx + wall_s(v, 80), fy - wall_s(v, 50), lt((50, 55, 65)), MID)
        scr = (120, 200, 240) if L.time == "night" else lt((150, 200, 230))
        c.rect(dx - wall_s(v, 68), fy - wall_s(v, 140), dx + wall_s(v, 68), fy - wall_s(v, 60), scr)
        for k, h in enumerate((30, 50, 40, 65)):
            c.rect(dx - wall_s(v, 50) + k * wall_s(v, 26), fy - wall_s(v, 65) - wall_s(v, h), dx - wall_s(v, 34) + k * wall_s(v, 26), fy - wall_s(v, 65),
                   lt((240, 140, 80)))
        c.rect(dx - wall_s(v, 10), fy - wall_s(v, 50), dx + wall_s(v, 10), fy - wall_s(v, 20), lt((50, 55, 65)))
    px = wall_x(v, rng.choice((40, 960)))
    c.poly([(px - 30, fy + 20), (px + 30, fy + 20), (px + 22, fy - 40), (px - 22, fy - 40)], lt((200, 110, 70)), MID)
    for a in (-60, -90, -120, -75, -105):
        r = math.radians(a)
        c.ellipse(px + math.cos(r) * 60, fy - 40 + math.sin(r) * 80, 22, 12, lt((70, 150, 80)), 1.2)


def cafe(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    lt = _lit(L)
    fy = room(c, v, L, (190, 110, 80), (150, 100, 70))
    mortar = lt((210, 150, 120))
    y, row = 20.0, 0
    while y < fy - 20:  # brick wall
        c.line([(0, y), (1000, y)], mortar, 2)
        off = 40 if row % 2 else 0
        for k in range(-1, 14):
            x = wall_x(v, k * 80 + off)
            c.line([(x, y), (x, y + wall_s(v, 30))], mortar, 2)
        y += wall_s(v, 30)
        row += 1
    window(c, wall_x(v, 60), fy - wall_s(v, 470), wall_x(v, 400), fy - wall_s(v, 200), L, rng, lt((60, 50, 50)))
    sx0, sx1 = wall_x(v, 520), wall_x(v, 940)
    for k in range(2):
        sy = fy - wall_s(v, 420) + k * wall_s(v, 110)
        c.rect(sx0, sy, sx1, sy + wall_s(v, 14), lt((120, 80, 50)), MID)
        for j in range(6):
            cx = sx0 + (sx1 - sx0) * (j + 0.5) / 6
            col = lt(BOOK_COLOURS[(j + k) % len(BOOK_COLOURS)])
            c.rect(cx - wall_s(v, 20), sy - wall_s(v, 40), cx + wall_s(v, 20), sy, col, 1.2)
            c.arc(cx + wall_s(v, 22), sy - wall_s(v, 22), wall_s(v, 10), wall_s(v, 10), 270, 90, c.ink, 1.6)
    for k in range(3):
        lx = wall_x(v, 200 + k * 300)
        c.line([(lx, 0), (lx, fy - wall_s(v, 560))], c.ink, 2)
        c.poly([(lx - 40, fy - wall_s(v, 500)), (lx + 40, fy - wall_s(v, 500)), (lx + 14, fy - wall_s(v, 560)), (lx - 14, fy - wall_s(v, 560))],
               lt((60, 110, 90)), MID)
        c.ellipse(lx, fy - wall_s(v, 498), 16, 8, (255, 230, 150))
    top = fy + v.s(10)
    c.rect(-10, top - v.s(130), 1010, top - v.s(110), lt((200, 160, 120)), MID)
    c.rect(-10, top - v.s(110), 1010, top, lt((120, 70, 50)), MID)
    mx = v.x(rng.choice((150, 850)), 0.0)
    c.rect(mx - 60, top - v.s(250), mx + 60, top - v.s(130), lt((180, 180, 190)), MID)
    c.rect(mx - 40, top - v.s(230), mx + 40, top - v.s(190), lt((60, 60, 70)))
    c.rect(mx - 16, top - v.s(160), mx + 16, top - v.s(130), lt((250, 250, 250)), 1.2)
    for x in (v.x(350), v.x(650)):
        c.rect(x - 8, top - v.s(180), x + 8, top - v.s(130), lt((250, 250, 250)), 1.2)
        c.ellipse(x, top - v.s(190), 36, 14, lt((250, 250, 240)), 1.2)


def library(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    lt = _lit(L)
    fy = room(c, v, L, (120, 80, 60), (130, 90, 60))
    wood = lt((110, 70, 45))
    for k in range(-3, 8):
        x0 = wall_x(v, k * 240)
        x1 = x0 + wall_s(v, 220)
        if x1 < -20 or x0 > 1020:
            continue
        c.rect(x0, fy - wall_s(v, 600), x1, fy, wood, MID)
        shelf_h = wall_s(v, 120)
        for s in range(5):
            y1 = fy - wall_s(v, 20) - s * shelf_h
            c.rect(x0 + 10, y1 - shelf_h + 14, x1 - 10, y1, shade(wood, 0.45))
            x = x0 + 12
            while x < x1 - 20:
                w = wall_s(v, rng.uniform(14, 26))
                h = shelf_h - 14 - rng.uniform(6, 30)
                col = lt(rng.choice(BOOK_COLOURS))
                if rng.random() < 0.08:
                    c.poly([(x, y1), (x + w, y1), (x + w + h * 0.4, y1 - h * 0.9), (x + h * 0.4, y1 - h * 0.9)], col, 1.0)
                    x += w + h * 0.4
                else:
                    c.rect(x, y1 - h, x + w, y1, col, 1.0)
                    c.rect(x + 2, y1 - h * 0.75, x + w - 2, y1 - h * 0.7, lighten(col, 0.4))
                x += w + (8 if rng.random() < 0.1 else 0)
            c.rect(x0 + 4, y1, x1 - 4, y1 + 12, lighten(wood, 0.1), 1.2)
    lx = wall_x(v, rng.choice((300, 700)))
    for side in (-1, 1):
        c.line([(lx + side * 30, fy - wall_s(v, 620)), (lx + side * 44, fy + 10)], lt((170, 120, 70)), 8)
    for k in range(9):
        y = fy - wall_s(v, 560) + k * wall_s(v, 66)
        c.line([(lx - 30, y), (lx + 32, y)], lt((170, 120, 70)), 6)
    ty = fy + v.s(140)
    tx = v.x(rng.choice((200, 800)))
    c.rect(tx - v.s(160), ty - v.s(20), tx + v.s(160), ty, lt((150, 95, 55)), NEAR)
    for lx2 in (tx - v.s(140), tx + v.s(140)):
        c.rect(lx2 - 8, ty, lx2 + 8, ty + v.s(100), lt((120, 75, 45)), MID)
    c.rect(tx - 5, ty - v.s(80), tx + 5, ty - v.s(20), lt((200, 170, 80)), 1.2)
    c.poly(ellipse_points(tx, ty - v.s(80), v.s(50), v.s(28), 14, 180, 360), lt((40, 130, 80)), MID)
    c.ellipse(tx, ty - v.s(76), v.s(40), 8, (255, 230, 150))


def lab(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    lt = _lit(L)
    fy = room(c, v, L, (215, 235, 235), (170, 180, 185), planks=False)
    step = wall_s(v, 50)
    y = 0.0
    while y < fy:
        c.line([(0, y), (1000, y)], lt((180, 205, 205)), 1.2)
        y += step
    x = v.x(0, 0.35) % step
    while x < 1000:
        c.line([(x, 0), (x, fy)], lt((180, 205, 205)), 1.2)
        x += step
    for k in range(2):
        y = wall_s(v, 80) + k * 30
        c.rect(-10, y, 1010, y + 16, lt((160, 160, 170)), 1.2)
    mx = wall_x(v, rng.choice((200, 800)))
    c.rect(mx - wall_s(v, 150), fy - wall_s(v, 420), mx + wall_s(v, 150), fy, lt((150, 160, 175)), NEAR)
    c.rect(mx - wall_s(v, 120), fy - wall_s(v, 390), mx + wall_s(v, 120), fy - wall_s(v, 260), lt((30, 40, 50)), MID)
    pts = [(mx - wall_s(v, 110) + i * wall_s(v, 11), fy - wall_s(v, 325) + math.sin(i * 0.8) * wall_s(v, 40)) for i in range(21)]
    c.line(pts, (90, 250, 140), 3)
    for k, col in enumerate(((240, 80, 80), (250, 210, 60), (80, 220, 120), (80, 160, 250))):
        c.ellipse(mx - wall_s(v, 90) + k * wall_s(v, 60), fy - wall_s(v, 220), wall_s(v, 14), wall_s(v, 14), col, 1.2)
    for k in range(2):
        dx, dy = mx - wall_s(v, 60) + k * wall_s(v, 120), fy - wall_s(v, 130)
        c.ellipse(dx, dy, wall_s(v, 34), wall_s(v, 34), lt((240, 240, 240)), MID)
        c.line([(dx, dy), (dx + wall_s(v, 20), dy - wall_s(v, 18))], (200, 40, 40), 3)
    top = fy + v.s(30)
    c.rect(-10, top - v.s(120), 1010, top - v.s(100), lt((60, 70, 80)), MID)
    c.rect(-10, top - v.s(100), 1010, top, lt((230, 232, 235)), MID)
    liquids = ((120, 230, 120), (240, 90, 160), (90, 180, 250), (250, 200, 60))
    for k in range(5):
        fx = v.x(120 + k * 190 + rng.uniform(-30, 30))
        base = top - v.s(120)
        col = liquids[k % len(liquids)]
        s = v.zoom
        if k % 2:
            c.poly([(fx - 10 * s, base - 70 * s), (fx + 10 * s, base - 70 * s), (fx + 10 * s, base - 40 * s), (fx + 36 * s, base),
                    (fx - 36 * s, base), (fx - 10 * s, base - 40 * s)], lt((230, 245, 250)), MID)
            c.poly([(fx - 22 * s, base - 20 * s), (fx + 22 * s, base - 20 * s), (fx + 34 * s, base - 2 * s), (fx - 34 * s, base - 2 * s)], col)
        else:
            c.rect(fx - 12 * s, base - 90 * s, fx + 12 * s, base, lt((230, 245, 250)), MID)
            c.rect(fx - 10 * s, base - 45 * s, fx + 10 * s, base - 2 * s, col)
        for b in range(3):
            c.ellipse(fx + rng.uniform(-8, 8) * s, base - (90 + b * 22) * s, (5 - b) * s, (5 - b) * s, None, 1.0, outline=col)


PAINTERS = {"school": school, "kitchen": kitchen, "home": home, "office": office, "cafe": cafe,
            "library": library, "lab": lab}
