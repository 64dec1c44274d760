"""Famous landmarks, drawn in OpenMoji's style because the font has almost none.

OpenMoji has the Eiffel Tower, the Statue of Liberty and Tokyo Tower, but a story "at the Colosseum" or
"in London" had nothing to show where it was. Each landmark here is seen from the front, as a postcard
shows it, standing on its own ground at the bottom of OpenMoji's 72-unit grid, in the font's flat palette
inside a dark line. `drawn_glyphs` merges `LANDMARK_DRAWINGS` into its drawings under Plane 15 Private Use
Area code points. This module imports nothing from `drawn_glyphs`, which imports it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import acos, cos, pi, radians, sin

from PIL import ImageDraw

Pen = Callable[[float], float]
Pt = tuple[float, float]
RGBA = tuple[int, int, int, int]

# OpenMoji's palette, by family
LINE: RGBA = (0, 0, 0, 255)
WHITE, LIGHT_GREY, GREY, DARK_GREY = (255, 255, 255, 255), (208, 207, 206, 255), (155, 155, 154, 255), (63, 63, 63, 255)
SKY, WATER, NAVY = (146, 211, 245, 255), (97, 178, 228, 255), (30, 80, 160, 255)
GRASS, FOREST, PATINA = (177, 204, 51, 255), (92, 158, 49, 255), (110, 168, 140, 255)
RED, DEEP_RED, YELLOW, GOLD = (234, 90, 71, 255), (210, 47, 39, 255), (252, 234, 43, 255), (241, 179, 28, 255)
BROWN, DARK_BROWN = (165, 121, 57, 255), (106, 70, 47, 255)
STONE, SAND, SAND_SHADE = (236, 214, 168, 255), (222, 187, 144, 255), (193, 154, 101, 255)


def _w(u: Pen) -> int:
    return max(1, round(u(2)))


def _poly(d: ImageDraw.ImageDraw, u: Pen, pts: Sequence[Pt], fill: RGBA | None, line: bool = True) -> None:
    """A polygon given in grid units, filled and outlined."""
    d.polygon([(u(x), u(y)) for x, y in pts], fill=fill, outline=LINE if line else None, width=_w(u))


def _box(d: ImageDraw.ImageDraw, u: Pen, x0: float, y0: float, x1: float, y1: float, fill: RGBA,
         line: bool = True) -> None:
    d.rectangle((u(x0), u(y0), u(x1), u(y1)), fill=fill, outline=LINE if line else None, width=_w(u))


def _stroke(d: ImageDraw.ImageDraw, u: Pen, pts: Sequence[Pt], fill: RGBA = LINE, width: float = 2) -> None:
    d.line([(u(x), u(y)) for x, y in pts], fill=fill, width=max(1, round(u(width))), joint="curve")


def _arch(x0: float, x1: float, top: float, bottom: float, pointed: bool = False) -> list[Pt]:
    """An arched opening from `bottom` up to its crown at `top`: round, or pointed (Gothic, Mughal)."""
    r = (x1 - x0) / 2
    if pointed:  # two arcs of radius 1.6 r, each centred on the far side, meeting at the crown
        big, end = 1.6 * r, acos(0.375)
        spring = top + big * sin(end)
        left = [(x0 + big - big * cos(end * k / 6), spring - big * sin(end * k / 6)) for k in range(7)]
        right = [(x1 - (x - x0), y) for x, y in reversed(left[:-1])]
        return [(x0, bottom), *left, *right, (x1, bottom)]
    spring = top + r
    arc = [(x0 + r - r * cos(pi * k / 10), spring - r * sin(pi * k / 10)) for k in range(11)]
    return [(x0, bottom), *arc, (x1, bottom)]


def _arches(x0: float, x1: float, top: float, bottom: float, n: int, pointed: bool = False,
            round_wall: bool = False) -> list[list[Pt]]:
    """A row of `n` arches between x0 and x1; on a round wall they narrow towards its sides."""
    def at(f: float) -> float:
        return (x0 + x1) / 2 - (x1 - x0) / 2 * cos(pi * f) if round_wall else x0 + (x1 - x0) * f

    return [_arch(at((k + 0.2) / n), at((k + 0.8) / n), top, bottom, pointed) for k in range(n)]


def _polys(d: ImageDraw.ImageDraw, u: Pen, shapes: Sequence[Sequence[Pt]], fill: RGBA, line: bool = False) -> None:
    for pts in shapes:
        _poly(d, u, pts, fill, line)


def _bezier(p0: Pt, c: Pt, p1: Pt, n: int = 8, first: int = 0) -> list[Pt]:
    """Points along a quadratic curve from p0 towards the control point c and on to p1."""
    return [((1 - t) ** 2 * p0[0] + 2 * t * (1 - t) * c[0] + t * t * p1[0],
             (1 - t) ** 2 * p0[1] + 2 * t * (1 - t) * c[1] + t * t * p1[1]) for t in (k / n for k in range(first, n + 1))]


def _onion(d: ImageDraw.ImageDraw, u: Pen, cx: float, base: float, half: float, height: float,
           colours: Sequence[RGBA], twist: float = 0.0, stripes: int = 6) -> None:
    """An onion dome on its base line: a bulb swelling past its neck and drawn to a point, in one colour or
    in stripes that swirl round it by `twist` (radians from foot to tip)."""
    def width(t: float) -> float:
        if t < 0.3:
            return 0.78 + 0.22 * sin(pi / 2 * t / 0.3)
        s = (t - 0.3) / 0.7
        return (1 - s) ** 2 * (1 + 2 * s)

    ts = [k / 20 for k in range(21)]
    if len(colours) > 1:
        step = pi / stripes
        k = -stripes - int(abs(twist) / step) - 2
        while -pi / 2 + k * step < pi / 2 + abs(twist):
            strip: list[Pt] = []
            for edge, order in ((k, ts), (k + 1, ts[::-1])):
                for t in order:
                    a = max(-pi / 2, min(pi / 2, -pi / 2 + edge * step + twist * t))
                    strip.append((cx + half * width(t) * sin(a), base - height * t))
            _poly(d, u, strip, colours[k % len(colours)], line=False)
            k += 1
    outline = [(cx - half * width(t), base - height * t) for t in ts]
    outline += [(cx + half * width(t), base - height * t) for t in reversed(ts)]
    _poly(d, u, outline, None if len(colours) > 1 else colours[0])
    _stroke(d, u, [(cx, base - height), (cx, base - height - min(4, half * 0.5))], width=1.5)  # its spike


def _turn(pts: Sequence[Pt], degrees: float, pivot: Pt) -> list[Pt]:
    """Points turned clockwise (on screen) about a pivot."""
    c, s = cos(radians(degrees)), sin(radians(degrees))
    px, py = pivot
    return [(px + (x - px) * c - (y - py) * s, py + (x - px) * s + (y - py) * c) for x, y in pts]


def _ground(d: ImageDraw.ImageDraw, u: Pen, fill: RGBA | None = None) -> None:
    """What the landmark stands on, across the whole grid: a strip of lawn or water, else a ground line."""
    if fill is None:
        _stroke(d, u, [(1, 67), (71, 67)])
    else:
        _box(d, u, 1, 63, 71, 70, fill)


def _big_ben(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """Big Ben: a tall square stone tower, a big white clock face near its top, a green-grey pointed spire,
    and the low Gothic palace it stands at the end of."""
    _ground(d, u)
    _box(d, u, 44, 50, 70, 68, STONE)  # the Palace of Westminster
    for x in range(46, 70, 5):
        _poly(d, u, [(x, 50), (x + 1.5, 45), (x + 3, 50)], SAND_SHADE)  # its pinnacles
    _polys(d, u, _arches(46, 70, 54, 63, 4, pointed=True), SAND_SHADE)
    _box(d, u, 27, 36, 45, 68, STONE)  # the shaft
    for x in (31, 36, 41):
        _stroke(d, u, [(x, 40), (x, 63)], SAND_SHADE, 1.5)
    for y in (44, 52):
        _stroke(d, u, [(27, y), (45, y)], SAND_SHADE, 1.5)
    _box(d, u, 25, 19, 47, 37, STONE)  # the clock stage, wider than the shaft
    d.ellipse((u(27.5), u(20.5), u(44.5), u(35.5)), fill=GOLD, outline=LINE, width=_w(u))
    d.ellipse((u(29.5), u(22.5), u(42.5), u(33.5)), fill=WHITE, outline=LINE, width=max(1, round(u(1))))
    _stroke(d, u, [(36, 24.5), (36, 28), (40, 28)], LINE, 1.8)  # the hands
    _box(d, u, 27, 12, 45, 19, STONE)  # the belfry
    _polys(d, u, _arches(27, 45, 13.5, 18.5, 3, pointed=True), DARK_GREY)
    _poly(d, u, [(26, 12), (46, 12), (36, 0.5)], PATINA)  # the pointed roof and its lantern
    _stroke(d, u, [(31.5, 7), (40.5, 7)], LINE, 1.2)
    for x in (25, 47):
        _poly(d, u, [(x - 1.5, 13), (x + 1.5, 13), (x, 7)], PATINA)


def _colosseum(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The Colosseum: a curved travertine wall with three tiers of dark arches under a windowed attic, its
    right side broken away and lower, showing the inner ring behind."""
    def top_at(x: float) -> float:
        return 14 + 5 * ((x - 36) / 32) ** 2

    _poly(d, u, [(42, 40), (44, 22), (66, 30), (66, 46)], SAND_SHADE)  # the inner ring, seen through the break
    _polys(d, u, _arches(46, 66, 31, 44, 4), BROWN)
    broken = [(44, 16), (46, 24), (50, 25), (52, 33), (57, 34), (59, 40), (68, 42)]
    _ground(d, u)
    wall = [(4, 68), *[(x, top_at(x)) for x in range(4, 45, 4)], *broken, (68, 68)]
    _poly(d, u, wall, STONE)
    for y in (28, 41, 53):  # the cornices between the tiers
        x_end = 68 if y > 41 else (58 if y > 28 else 45)
        _stroke(d, u, [(4, y), (x_end, y)], LINE, 1.5)
    for top, bottom, standing in ((30, 40, 52), (43, 52, 68), (55, 66, 68)):  # as far as the wall still stands
        _polys(d, u, [a for a in _arches(4, 68, top, bottom, 9, round_wall=True) if a[-1][0] < standing], DARK_BROWN)
    for k in range(1, 8):  # the attic's little square windows
        x = 36 + 32 * sin(-pi / 2 + pi * (k + 0.5) / 9)
        if x < 42:
            _box(d, u, x - 1, 21, x + 1, 24, BROWN, line=False)


def _pisa(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The Leaning Tower of Pisa: a white marble cylinder of stacked arcaded storeys and a smaller belfry,
    clearly leaning to the right, on the green lawn of its square."""
    lean, pivot = 9.0, (36.0, 66.0)

    def poly(pts: Sequence[Pt], fill: RGBA | None, line: bool = True) -> None:
        _poly(d, u, _turn(pts, lean, pivot), fill, line)

    poly([(31, 15), (41, 15), (41, 6), (31, 6)], WHITE)  # the belfry
    poly([(30, 6), (42, 6), (36, 3)], LIGHT_GREY)
    for k in range(3):
        poly(_arch(32 + 3.4 * k, 34 + 3.4 * k, 8, 13.5), GREY, line=False)
    poly([(27, 68), (45, 68), (45, 15), (27, 15)], WHITE)
    for top in range(16, 58, 7):  # six galleries of arches, each on its ledge
        poly([(27, top + 6), (45, top + 6), (45, top + 7), (27, top + 7)], LIGHT_GREY)
        for arch in _arches(27, 45, top + 1, top + 6, 5, round_wall=True):
            poly(arch, GREY, line=False)
    for arch in _arches(27, 45, 59, 66, 4, round_wall=True):  # the tall blind arcade of the ground floor
        poly(arch, LIGHT_GREY, line=False)
    _ground(d, u, GRASS)


def _sail(x0: float, x1: float, apex: Pt, base: float) -> list[Pt]:
    """One shell of the Opera House: a straight-ish front up to its tip, a full curved back down to the base."""
    ax, ay = apex
    front = [(x0 + (ax - x0) * t + 3 * sin(pi * t), base + (ay - base) * t) for t in (k / 8 for k in range(9))]
    return front + _bezier(apex, (x1, ay), (x1, base), 10, first=1)


def _opera_house(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The Sydney Opera House: white shell-shaped sails, one pair of halls beside the other, each shell in
    front of a taller one, over a sandstone podium on the harbour's water."""
    _poly(d, u, [(4, 52), (68, 52), (70, 60), (2, 60)], SAND)  # the podium
    for x0, x1, apex, base in ((30, 50, (24, 10), 52), (18, 36, (12, 18), 52), (8, 24, (4, 30), 52),
                               (56, 70, (50, 22), 52), (48, 62, (43, 29), 52), (42, 54, (38, 37), 52)):
        _poly(d, u, _sail(x0, x1, apex, base), WHITE)
        bend = (x0 + (x1 - x0) * 0.8, apex[1] + (base - apex[1]) * 0.3)  # a ridge of its tiles, down its middle
        _stroke(d, u, _bezier(apex, bend, ((x0 + x1) / 2, base - 1), first=1), LIGHT_GREY, 1.5)
    _box(d, u, 1, 60, 71, 70, SKY)  # the harbour
    for x in (8, 30, 52):
        _stroke(d, u, [(x, 65), (x + 4, 63), (x + 8, 65)], WATER, 1.5)


def _taj_mahal(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The Taj Mahal: white marble, a great onion dome on a square hall with a tall pointed portal, small
    domed kiosks at its corners and four slender minarets, on a broad white plinth."""
    for x, top, half in ((13, 30, 3), (59, 30, 3), (5, 20, 3.6), (67, 20, 3.6)):  # the minarets, far pair first
        _poly(d, u, [(x - half, 64), (x + half, 64), (x + half - 0.6, top), (x - half + 0.6, top)], WHITE)
        for y in (top + 10, top + 22):  # their balconies
            _stroke(d, u, [(x - half, y), (x + half, y)], GREY, 1.5)
        _onion(d, u, x, top, half + 0.6, 6, (WHITE,))
    _box(d, u, 16, 38, 56, 64, LIGHT_GREY)  # the hall, its cut corners in shade
    _box(d, u, 21, 38, 51, 64, WHITE)
    for x in (23, 45):  # the small arches either side of the portal, two storeys
        for top, bottom in ((41, 50), (53, 62)):
            _poly(d, u, _arch(x, x + 4, top, bottom, pointed=True), LIGHT_GREY, line=False)
    _box(d, u, 27, 33, 45, 64, WHITE)  # the portal
    _poly(d, u, _arch(30, 42, 38, 64, pointed=True), LIGHT_GREY)
    _box(d, u, 28, 27, 44, 33, WHITE)  # the drum
    for x in (21, 51):  # the kiosks at the corners
        _onion(d, u, x, 38, 4.5, 7, (WHITE,))
    _onion(d, u, 36, 28, 13, 22, (WHITE,))
    _box(d, u, 1, 64, 71, 70, LIGHT_GREY)  # the plinth, and the long pool before it
    _poly(d, u, [(33, 64), (39, 64), (43, 70), (29, 70)], SKY)


def _brandenburg_gate(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The Brandenburg Gate: six sandstone columns with dark passages between them, a wide entablature, a
    stepped attic and the green copper quadriga on top: four horses and the goddess with her staff."""
    _box(d, u, 5, 31, 67, 62, STONE)  # the columns, with the dark passages between them
    for k in range(5):
        _box(d, u, 11.5 + k * 11.2, 34, 15.9 + k * 11.2, 61, BROWN, line=False)
    _stroke(d, u, [(5, 34), (67, 34)], SAND_SHADE, 1.5)  # the capitals
    _box(d, u, 3, 23, 69, 31, STONE)  # the entablature with its triglyphs
    for x in range(7, 67, 4):
        _stroke(d, u, [(x, 25), (x, 29)], SAND_SHADE, 1)
    _box(d, u, 12, 15, 60, 23, STONE)  # the attic and its relief
    _box(d, u, 16, 17.5, 56, 20.5, SAND, line=False)
    half = [(23.5, 15.5), (23, 10), (24, 6.5), (25.5, 4.5), (27.5, 6.5), (27.8, 11.5), (29.2, 11.5), (29.5, 7),
            (31, 5), (32.5, 7), (33, 10), (34, 9.5), (34.5, 6)]  # the quadriga: four horses about the goddess
    _poly(d, u, half + [(72 - x, y) for x, y in reversed(half)], PATINA)
    d.ellipse((u(34), u(1.5), u(38), u(5.5)), fill=PATINA, outline=LINE, width=_w(u))
    _stroke(d, u, [(42, 8), (42, 2.5)], LINE, 1.5)  # her staff and its wreath
    d.ellipse((u(40.2), u(0.8), u(43.8), u(4.4)), fill=GOLD, outline=LINE, width=_w(u))
    _box(d, u, 2, 62, 70, 68, STONE)  # the steps
    _ground(d, u)


def _great_wall(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The Great Wall of China: a crenellated stone wall winding over green hills, nearer and thicker at
    the front, climbing to a square watchtower on the crest."""
    path = [(-1, 54, 15), (10, 48, 13), (20, 40, 11), (32, 41, 9), (42, 47, 7), (50, 40, 6), (58, 30, 5),
            (64, 26, 4.5), (73, 26, 4)]
    foot = [(x, y + t) for x, y, t in path]
    _poly(d, u, [(30, 70), *foot[4:], (73, 70)], FOREST)  # the far hill the wall climbs
    _poly(d, u, [(-1, 70), *foot[:4], (42, 56), (56, 70)], GRASS)  # the near hill
    for (x0, y0, t0), (x1, y1, t1) in zip(path, path[1:]):
        _poly(d, u, [(x0, y0), (x1, y1), (x1, y1 + t1), (x0, y0 + t0)], STONE)
        n = max(1, round((x1 - x0) / t0 * 1.2))
        for k in range(n):  # the merlons along its top
            f, g = (k + 0.2) / n, (k + 0.7) / n
            top0, top1 = y0 + (y1 - y0) * f, y0 + (y1 - y0) * g
            h = (t0 + (t1 - t0) * f) * 0.4
            _poly(d, u, [(x0 + (x1 - x0) * f, top0), (x0 + (x1 - x0) * g, top1), (x0 + (x1 - x0) * g, top1 - h),
                         (x0 + (x1 - x0) * f, top0 - h)], STONE)
    for x0, x1, top, bottom in ((18, 32, 24, 50), (61, 67, 18, 30)):  # the watchtowers, near and far
        _box(d, u, x0, top, x1, bottom, STONE)
        step = (x1 - x0) / 5
        for k in (0, 2, 4):
            _box(d, u, x0 + k * step, top - step, x0 + (k + 1) * step, top + 0.5, STONE)
        _poly(d, u, _arch(x0 + step * 1.6, x1 - step * 1.6, top + step * 1.6, top + step * 4.2), DARK_GREY)
    _stroke(d, u, [(1, 69), (71, 69)])


def _spindle(d: ImageDraw.ImageDraw, u: Pen, cx: float, base: float, tip: float, half: float, fill: RGBA) -> None:
    """One of the Sagrada Família's spires: a tall spindle, swelling a little above its foot and drawn out
    to a point, pierced by rows of openings, with its coloured pinnacle."""
    def width(t: float) -> float:
        return half * (1 - t) ** 0.7 * (1 + 1.2 * t)

    ts = [k / 16 for k in range(17)]
    _poly(d, u, [(cx - width(t), base + (tip - base) * t) for t in ts]
          + [(cx + width(t), base + (tip - base) * t) for t in reversed(ts)], fill)
    for t in (0.15, 0.3, 0.45, 0.6):
        y = base + (tip - base) * t
        _stroke(d, u, [(cx - width(t) * 0.45, y), (cx + width(t) * 0.45, y)], DARK_BROWN, 1.4)
    y = base + (tip - base) * 0.82
    d.ellipse((u(cx - 1.8), u(y - 1.8), u(cx + 1.8), u(y + 1.8)), fill=GOLD, outline=LINE, width=_w(u))


def _sagrada_familia(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """The Sagrada Família: a cluster of tall sandy spindle spires over its church front, the middle ones
    tallest and one still taller behind them with its cross, and the deep pointed portal below."""
    _spindle(d, u, 36, 40, 6, 5, SAND_SHADE)  # the tallest, behind, with its cross
    _stroke(d, u, [(36, 6), (36, 1)], LINE, 1.6)
    _stroke(d, u, [(34.2, 2.8), (37.8, 2.8)], LINE, 1.6)
    _ground(d, u)
    _box(d, u, 8, 44, 64, 68, SAND)  # the church front
    for cx, tip, half in ((14, 18, 4.5), (58, 18, 4.5), (26, 8, 5.2), (46, 8, 5.2)):
        _spindle(d, u, cx, 48, tip, half, SAND)
    _poly(d, u, [(26, 50), (36, 40), (46, 50)], SAND)  # the gable over the portal
    _poly(d, u, _arch(29, 43, 47, 66, pointed=True), DARK_BROWN)
    _poly(d, u, _arch(12, 18, 52, 62, pointed=True), SAND_SHADE)
    _poly(d, u, _arch(54, 60, 52, 62, pointed=True), SAND_SHADE)


def _christ_the_redeemer(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """Christ the Redeemer: a pale stone statue, arms stretched wide in a cross, robed down to a pedestal
    on the bare rock of a green mountain's summit."""
    _poly(d, u, [(1, 70), (1, 64), (14, 55), (26, 44), (46, 44), (58, 56), (71, 62), (71, 70)], FOREST)
    _poly(d, u, [(20, 50), (26, 44), (46, 44), (52, 50), (44, 48), (36, 52), (28, 48)], GREY)  # the bare rock
    _box(d, u, 32, 38, 40, 44, LIGHT_GREY)  # the pedestal
    _poly(d, u, [(11, 14.5), (33, 14), (39, 14), (61, 14.5), (61, 20), (42, 22), (42, 27), (30, 27), (30, 22),
                 (11, 20)], WHITE)  # the outstretched arms and hanging sleeves
    _poly(d, u, [(32, 14), (40, 14), (41, 38), (31, 38)], WHITE)  # the robe
    _stroke(d, u, [(36, 22), (36, 37)], LIGHT_GREY, 1.2)
    d.ellipse((u(33), u(7), u(39), u(14)), fill=WHITE, outline=LINE, width=_w(u))


def _saint_basils(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """Saint Basil's Cathedral: brick-red towers crowned by onion domes of different heights, each striped
    or swirled in its own bright colours, round a tall tented spire."""
    _box(d, u, 31, 26, 41, 60, RED)  # the central tower and its tent
    _poly(d, u, [(30, 27), (42, 27), (38, 10), (34, 10)], WHITE)
    for y in (15, 21):
        _stroke(d, u, [(31 + (27 - y) * 0.24, y), (41 - (27 - y) * 0.24, y)], FOREST, 1.5)
    _onion(d, u, 36, 10, 3, 6, (GOLD,))
    towers = ((15, 7.5, 34, 20, (FOREST, YELLOW), 1.4), (57, 7.5, 34, 20, (NAVY, WHITE), -1.4),
              (5.5, 4.5, 46, 13, (GOLD, FOREST), 1.0), (66.5, 4.5, 46, 13, (DEEP_RED, WHITE), -1.0),
              (36, 9.5, 44, 16, (RED, WHITE), 0.0))
    for cx, half, top, dome, colours, twist in towers:  # back to front
        _box(d, u, cx - half * 0.65, top, cx + half * 0.65, 62, DEEP_RED if cx == 36 else RED)
        _onion(d, u, cx, top, half, dome, colours, twist, stripes=4 if twist else 8)
    _box(d, u, 2, 54, 70, 68, RED)  # the gallery with its white arches
    _polys(d, u, _arches(2, 70, 57, 66, 7), WHITE)
    _ground(d, u)


def _windmill(d: ImageDraw.ImageDraw, u: Pen) -> None:
    """A Dutch windmill: a tapering brown body with a door, a window and its stage, a dark cap, and four
    latticed sails crossed in an X, in a green field of tulips."""
    _poly(d, u, [(24, 66), (48, 66), (43, 26), (29, 26)], BROWN)
    for x in (31, 36, 41):
        _stroke(d, u, [(x, 30), (x + (x - 36) * 0.4, 64)], DARK_BROWN, 1.2)
    _poly(d, u, _arch(32, 40, 55, 66), FOREST)  # the door
    _box(d, u, 33.5, 33, 38.5, 40, SKY)  # a window
    _box(d, u, 18, 46, 54, 49, DARK_BROWN)  # the stage
    _poly(d, u, [(27, 27), (45, 27), (42, 20), (36, 17), (30, 20)], DARK_GREY)  # the cap
    hub = (36.0, 25.0)
    for angle in (45, 135, 225, 315):  # each sail a lattice beside its stock, up from the hub then turned
        def arm(pts: Sequence[Pt], angle: float = angle) -> list[Pt]:
            return _turn([(36 + side, 25 - r) for r, side in pts], angle, hub)

        _poly(d, u, arm([(6, 0), (28, 0), (28, 8), (6, 8)]), WHITE)
        for k in range(1, 6):
            _stroke(d, u, arm([(6 + k * 22 / 6, 0), (6 + k * 22 / 6, 8)]), BROWN, 1)
        _stroke(d, u, arm([(6, 4), (28, 4)]), BROWN, 1)
        _stroke(d, u, arm([(0, 0), (29, 0)]), DARK_BROWN, 2.4)
    d.ellipse((u(34), u(23), u(38), u(27)), fill=DARK_GREY, outline=LINE, width=_w(u))
    _ground(d, u, GRASS)
    for x, c in ((6, RED), (11, YELLOW), (16, RED), (56, YELLOW), (61, RED), (66, RED)):  # tulips
        d.ellipse((u(x - 1.8), u(64.5), u(x + 1.8), u(68)), fill=c, outline=LINE, width=max(1, round(u(1))))


LANDMARK_DRAWINGS: dict[str, Callable[[ImageDraw.ImageDraw, Pen], None]] = {
    "F0010": _big_ben, "F0011": _colosseum, "F0012": _pisa, "F0013": _opera_house, "F0014": _taj_mahal,
    "F0015": _brandenburg_gate, "F0016": _great_wall, "F0017": _sagrada_familia, "F0018": _christ_the_redeemer,
    "F0019": _saint_basils, "F001A": _windmill,
}
