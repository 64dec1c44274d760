"""Great halls readers name by what fills them: a church, a cinema and an airport's departure hall.

All three were drawn as the neutral backdrop. A church is told by its nave seen down its length: pointed arches on
columns, tall windows of bright stained glass (the hour tints them), pews in perspective at both sides and a red
carpet down the aisle to an altar with candles. A cinema is a dark hall lit by its big bright screen, a projector's
beam over rows of red seats seen from behind, green exit signs and a box of popcorn. An airport is a departure hall
whose glass wall shows an airliner and a control tower under the panel's own sky, with a departures board of yellow
rows, a row of chairs, a luggage trolley and a polished floor. What stands tall stands at the sides or at the back:
the lower middle, where the cast stands, is an aisle or open floor.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from services.art.procedural.backgrounds import Lit, Point, View, lamplit, sky, tube, wall_s, wall_x
from services.art.procedural.canvas import Canvas, ellipse_points, inked_poly
from services.art.procedural.palettes import RGB, WHITE, Light, lighten, mix, shade
from services.art.procedural.scenery_venues import Spot

MID = 1.5
STONE: RGB = (212, 200, 178)
CARPET: RGB = (184, 26, 40)
PEW: RGB = (136, 82, 46)
GOLD: RGB = (222, 176, 60)
LEAD: RGB = (46, 38, 52)
GLASS: tuple[RGB, ...] = ((230, 36, 50), (36, 92, 226), (252, 200, 30), (40, 176, 84), (156, 60, 210), (30, 184, 226))
FLAME: RGB = (255, 206, 70)




@dataclass(frozen=True)
class Nave:
    """A hall seen down its length from its middle: `x` across and `up` in units at its far wall, `s` nearness
    (1: the far wall, 2: half as far), all shrinking to one vanishing point `vp` under the eye, `eye` over the floor."""

    cx: float
    vp: float
    eye: float
    z: float

    def __call__(self, x: float, s: float, up: float = 0.0) -> Point:
        return self.cx + x * self.z * s, self.vp + (self.eye - up) * self.z * s

    def nearest(self) -> float:
        """The nearness of the floor at the panel's bottom edge."""
        return (1000 - self.vp) / (self.eye * self.z)


def _nave(v: View) -> Nave:
    """A hall's perspective for the shot: the eye 150 units over the floor, its far wall as deep as a room's."""
    return Nave(v.x(500, 0.3), v.horizon - 120 * v.s(1, 0.3), 150, v.s(1, 0.3))


def _between(s0: float, s1: float, t: float) -> float:
    """The nearness a fraction `t` of the way from depth s0 to s1, even in true depth (1/s), not on the screen."""
    return 1 / (1 / s0 + t * (1 / s1 - 1 / s0))


def _half(w: float, arch: float) -> float:
    """The half width of a pointed window at height `w` (0 sill .. 1 point), its top `arch` of it a pointed arch."""
    if w <= 1 - arch:
        return 0.5
    t = min(1.0, (w - (1 - arch)) / arch)
    return max(0.0, math.sqrt(1 - 0.75 * t * t) - 0.5)


def _glass(c: Canvas, at: Callable[[float, float], Point], cols: int, rows: int, arch: float, tint: Lit,
           rng: random.Random, flat: bool = False) -> None:
    """A pointed window of stained glass: panes of bright colour in a web of lead. `at(u, w)` places the window's
    unit square (u across, w up) on the panel, so the same window stands flat on a far wall or slants in a side one."""
    ws = [k / 12 for k in range(13)]
    outline = [at(0.5 - _half(w, arch), w) for w in ws] + [at(0.5 + _half(w, arch), w) for w in reversed(ws)]
    if not _on_panel(outline):
        return
    c.poly(outline, LEAD)
    panes = [tint(col) for col in GLASS]
    for j in range(rows):
        w0, w1 = j / rows + 0.03, (j + 1) / rows - 0.03
        h0, h1 = _half(w0, arch) - 0.06, max(0.0, _half(w1, arch) - 0.06)  # each side's margin of lead
        for i in range(cols):
            u0, u1 = i / cols + 0.07, (i + 1) / cols - 0.07
            a0, b0 = max(u0, 0.5 - h0), min(u1, 0.5 + h0)
            col = rng.choice(panes)  # one draw a pane, shown or not, so a window's colours never shift
            if flat and w1 <= 1 - arch:  # a square pane of a window facing us: a rectangle is cheaper
                (xa, ya), (xb, yb) = at(a0, w0), at(b0, w1)
                c.rect(min(xa, xb), min(ya, yb), max(xa, xb), max(ya, yb), col)
            elif b0 - a0 > 0.03:  # a pane under the arch: its top corners kept inside it (a triangle near the point)
                c.poly([at(a0, w0), at(b0, w0), at(min(max(u1, 0.5 - h1), 0.5 + h1), w1),
                        at(max(min(u0, 0.5 + h1), 0.5 - h1), w1)], col)


def _on_panel(pts: list[Point]) -> bool:
    """Does any of a shape's box fall inside the panel? (A shape wholly off it costs time and shows nothing.)"""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return max(xs) > 0 and min(xs) < 1000 and max(ys) > 0 and min(ys) < 1000


# --- church --------------------------------------------------------------------------------------------------------

NAVE_HALF, AISLE_HALF = 180.0, 80.0  # the arcades' line and the pews' aisle ends, across at the far wall
VAULT = 480.0  # where the vault springs from the walls, up from the floor


def church(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A church's nave seen down its aisle: a vaulted ceiling on pointed arches and columns, stained-glass windows
    in the far wall and over the arches, pews at both sides, a red carpet to the altar with its cross and candles."""
    lt, n = lamplit(L), _nave(v)
    glass = (lambda col: L(col, strength=0.75)) if L.time != "day" else (lambda col: col)  # the sky behind the glass
    stone = lt(rng.choice((STONE, (206, 198, 188), (220, 204, 176))))
    _floor(c, n, lt, stone)
    (xa, ya), (xb, yb) = n(NAVE_HALF, 1, VAULT), n(NAVE_HALF, 8, VAULT)
    reach = xa + (xb - xa) * max(0.0, ya + 10) / (ya - yb) + 4 - n.cx  # the ceiling between the walls' tops
    c.gradient(max(-10, n.cx - reach), -10, min(1010, n.cx + reach), n(0, 1)[1], shade(stone, 0.3), stone)
    depths = [1 / (1 - 0.17 * k) for k in range(6)]  # the columns, evenly spaced in true depth
    for side in (-1, 1):
        _side_wall(c, n, side, depths, stone, glass, rng)
    _vault(c, n, shade(stone, 0.4), depths)
    _far_wall(c, n, stone, glass, rng)
    _altar(c, n, lt, rng, L.time == "night")
    rows = [1 / (0.93 - 0.075 * k) for k in range(11)]
    for s0, s1 in zip(rows, rows[1:]):
        if s0 < n.nearest():
            for side in (-1, 1):
                _pew(c, n, side, s0 + (s1 - s0) * 0.1, _between(s0, s1, 0.55), lt(PEW))
    for s in (s for s in depths if n(NAVE_HALF - 30, s)[0] < 1000):  # the columns on the panel
        for side in (-1, 1):
            _column(c, n, side * NAVE_HALF, s, stone)


def _arch_rise(u: float) -> float:
    """How high a pointed arch stands `u` across its span (0 and 1: its springings, 0.5: its point), 0..1."""
    m = min(u, 1 - u)
    return math.sqrt(max(0.0, 1 - (1 - m) ** 2)) / math.sqrt(0.75)


def _vault(c: Canvas, n: Nave, rib: RGB, depths: list[float]) -> None:
    """The ribs of the vault: a pointed arch across the nave at each column, most of it above the panel."""
    for s in depths:
        pts = [n(NAVE_HALF * (2 * u - 1), s, VAULT + 170 * _arch_rise(u)) for u in (i / 12 for i in range(13))]
        if _on_panel(pts):
            c.line(pts, rib, 5 * n.z * s ** 0.5)


def _side_wall(c: Canvas, n: Nave, side: int, depths: list[float], stone: RGB, glass: Lit, rng: random.Random) -> None:
    """One side of the nave: its wall in perspective, dark aisles through pointed arches, and a tall stained-glass
    window over each arch."""
    x, bays = side * NAVE_HALF, list(zip(depths, depths[1:]))
    arches = [n(x, _between(s0, s1, u), 190 + 100 * _arch_rise(u)) for s0, s1 in bays for u in (i / 8 for i in range(9))]
    c.poly([n(x, 1, 0), *arches, n(x, 8, 190), n(x, 8, 0)], mix(shade(stone, 0.6), (60, 40, 30), 0.4))  # the aisle
    c.poly([*arches, n(x, 8, 190), n(x, 8, VAULT), n(x, 1, VAULT)], shade(stone, 0.12))  # the wall over the arches
    c.line(arches, c.ink, 1.2, ink=True)
    for s0, s1 in bays:
        def at(u: float, w: float, s0: float = s0, s1: float = s1) -> Point:
            return n(x, _between(s0, s1, 0.26 + 0.48 * u), 310 + 150 * w)
        _glass(c, at, 2, 5, 0.3, glass, rng)


def _floor(c: Canvas, n: Nave, lt: Lit, stone: RGB) -> None:
    """Stone flags in perspective down the nave, and the red carpet of the aisle, edged in gold, to the altar."""
    floor, nb = lt(mix(stone, (150, 140, 136), 0.4)), n.nearest()
    c.gradient(-10, n(0, 1)[1], 1010, 1010, floor, shade(floor, 0.2))
    for k in range(-3, 4):
        c.line([n(k * 60, 1), n(k * 60, nb)], shade(floor, 0.16), 1.2)
    for s in (s for s in (1 / (1 - 0.1 * k) for k in range(1, 10)) if s < nb):
        c.line([n(-NAVE_HALF, s), n(NAVE_HALF, s)], shade(floor, 0.16), 1.2)
    c.poly([n(-44, 1.04), n(44, 1.04), n(44, nb), n(-44, nb)], lt(CARPET))
    for x in (-38, 38):
        c.line([n(x, 1.04), n(x, nb)], lt(GOLD), 2.2 * n.z)


def _far_wall(c: Canvas, n: Nave, stone: RGB, glass: Lit, rng: random.Random) -> None:
    """The far wall over the altar: three tall lancets of stained glass under a rose window, in a pointed arch."""
    arch = [n(NAVE_HALF * (2 * u - 1), 1, VAULT + 170 * _arch_rise(u)) for u in (i / 12 for i in range(13))]
    c.line(arch, shade(stone, 0.4), 6 * n.z)
    c.rect(*n(-NAVE_HALF, 1, 130), *n(NAVE_HALF, 1, 0), shade(stone, 0.1))
    for dx, w, top in ((-92, 56, 440), (0, 70, 490), (92, 56, 440)):
        def at(u: float, h: float, dx: float = dx, w: float = w, top: float = top) -> Point:
            return n(dx + (u - 0.5) * w, 1, 170 + (top - 170) * h)
        c.poly([at(-0.2, -0.04), at(1.2, -0.04), at(1.2, 0.3), at(-0.2, 0.3)], shade(stone, 0.3))
        _glass(c, at, 3, 7, 0.2, glass, rng, flat=True)
    (x, y), r = n(0, 1, 560), 58 * n.z
    c.ellipse(x, y, r + 8 * n.z, r + 8 * n.z, shade(stone, 0.3))
    c.ellipse(x, y, r, r, LEAD)
    for k in range(12):  # the rose's petals round a golden heart
        c.poly([(x, y), *ellipse_points(x, y, r * 0.9, r * 0.9, 3, k * 30 + 3, k * 30 + 27)], glass(GLASS[k % 3 * 2 if k % 2 else 1]))
    c.ellipse(x, y, r * 0.32, r * 0.32, glass(GLASS[2]), 1.0)


def _altar(c: Canvas, n: Nave, lt: Lit, rng: random.Random, night: bool) -> None:
    """The altar on its steps at the nave's end: a white cloth over a red frontal, a golden cross, candles
    burning on it and on tall stands at both sides, and flowers in vases."""
    for k, (s0, s1, up) in enumerate(((1.0, 1.07, 16), (1.0, 1.035, 30))):
        step = lt(mix(STONE, WHITE, 0.3 - 0.1 * k))
        inked_poly(c, [n(-NAVE_HALF, s0, up), n(NAVE_HALF, s0, up), n(NAVE_HALF, s1, up), n(-NAVE_HALF, s1, up)], step, 1.0)
        c.rect(*n(-NAVE_HALF, s1, up), *n(NAVE_HALF, s1, up - 16), shade(step, 0.15), 1.0)
    q = Spot(*n(0, 1.015, 30), n.z * 1.015)
    c.rect(*q.box(-78, 86, 78, 0), lt(WHITE), MID)
    c.rect(*q.box(-56, 70, 56, 0), lt(CARPET), 1.0)  # the frontal
    for box, line in (((-6, 58, 6, 14), 0.0), ((-22, 44, 22, 34), 0.0), ((-5, 190, 5, 92), 1.0), ((-30, 166, 30, 156), 1.0)):
        c.rect(*q.box(*box), lt(GOLD), line)  # a cross on the frontal, and the golden cross over the altar
    c.rect(*q.box(-84, 92, 84, 82), lt(WHITE), 1.2)
    for dx, tall in ((-62, 44), (-40, 56), (40, 56), (62, 44)):
        _candle(c, Spot(*q(dx, 92), q.s), tall, lt, night)
    for side in (-1, 1):
        stand = Spot(*n(side * 140, 1.05, 0), n.z * 1.05)
        tube(c, [stand(0, 0), stand(0, 150)], lt(GOLD), 4 * stand.s)
        c.ellipse(*stand(0, 2), 16 * stand.s, 5 * stand.s, lt(GOLD), 1.0)
        _candle(c, Spot(*stand(0, 150), stand.s), 40, lt, night)
        _flowers(c, Spot(*n(side * 112, 1.06, 16), n.z * 1.06), lt, rng)


def _candle(c: Canvas, q: Spot, tall: float, lt: Lit, night: bool) -> None:
    """A white candle on a golden dish, its flame in a glow (a wider one at night)."""
    s, glow = q.s, 17 if night else 11
    c.ellipse(*q(0, tall + 10), glow * s, glow * 1.4 * s, mix(lt(STONE), FLAME, 0.3))
    c.rect(*q.box(-5, tall, 5, 2), lt((250, 246, 232)), 1.0)
    c.ellipse(*q(0, 2), 10 * s, 3 * s, lt(GOLD), 0.8)
    c.ellipse(*q(0, tall + 9), 4 * s, 8 * s, FLAME)
    c.ellipse(*q(0, tall + 7), 2 * s, 4 * s, (255, 250, 220))


def _flowers(c: Canvas, q: Spot, lt: Lit, rng: random.Random) -> None:
    """A golden vase of white, pink and yellow flowers on the altar step."""
    s = q.s
    c.ellipse(*q(0, 38), 24 * s, 12 * s, lt((70, 130, 60)), 0.8)  # the leaves, and a round bunch over them
    for k in range(6):
        col = lt(rng.choice(((250, 250, 246), (246, 160, 190), (252, 220, 90))))
        c.ellipse(*q(-18 + k * 7.2, 42 + 10 * math.sin(k * 1.9)), 8 * s, 8 * s, col, 0.8)
    inked_poly(c, [q(-12, 0), q(12, 0), q(16, 30), q(-16, 30)], lt(GOLD), 1.0)


def _pew(c: Canvas, n: Nave, side: int, far: float, near: float, wood: RGB) -> None:
    """A wooden pew seen from behind: its seat, the back facing us and its end panel on the aisle."""
    x_in, x_out = side * AISLE_HALF, side * (NAVE_HALF - 10)
    c.poly([n(x_in, far, 24), n(x_out, far, 24), n(x_out, near, 24), n(x_in, near, 24)], lighten(wood, 0.2))
    x0, x1 = sorted((n(x_in, near)[0], n(x_out, near)[0]))
    c.rect(x0, n(0, near, 58)[1], x1, n(0, near, 0)[1], wood, 1.2)
    c.rect(x0, n(0, near, 58)[1], x1, n(0, near, 50)[1], lighten(wood, 0.15), 1.0)
    inked_poly(c, [n(x_in, far, 0), n(x_in, far, 46), n(x_in, _between(far, near, 0.6), 62), n(x_in, near, 66),
                   n(x_in, near, 0)], shade(wood, 0.12), 1.2)


def _column(c: Canvas, n: Nave, x: float, s: float, stone: RGB) -> None:
    """A round stone column on a base under a carved capital, its shaft running on up the wall to the vault."""
    col = lighten(stone, 0.15)
    c.rect(*n(x - 7, s, VAULT), *n(x + 7, s, 210), shade(col, 0.08), 1.0)
    c.rect(*n(x - 14, s, 192), *n(x + 14, s, 12), col, MID)
    c.rect(*n(x - 14, s, 192), *n(x - 6, s, 12), lighten(col, 0.3))
    c.rect(*n(x + 6, s, 192), *n(x + 14, s, 12), shade(col, 0.15))
    for half, up0, up1 in ((22, 192, 210), (20, 0, 14)):  # the capital and the base
        c.rect(*n(x - half, s, up1), *n(x + half, s, up0), col, MID)


# --- cinema --------------------------------------------------------------------------------------------------------

PLUSH: RGB = (196, 30, 44)
EXIT_GREEN: RGB = (40, 214, 96)
SCREEN_HALF, SCREEN_LOW, SCREEN_HIGH = 270.0, 130.0, 440.0  # the screen on the far wall, in its units


def cinema(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A dark cinema lit by its screen: a film playing on it, the projector's beam from behind over the seats, rows
    of red plush seats seen from behind at both sides of the aisle, green exit signs and a box of popcorn."""
    lt, n = lamplit(L), _nave(v)
    dark, far = lt((34, 22, 36)), n(0, 1)[1]
    c.gradient(-10, -10, 1010, far, shade(dark, 0.4), dark)
    c.gradient(-10, far, 1010, 1010, lt((84, 26, 40)), lt((46, 14, 26)))  # the carpet
    (x0, top), (x1, bottom) = n(-SCREEN_HALF, 1, SCREEN_HIGH), n(SCREEN_HALF, 1, SCREEN_LOW)
    for k, t in enumerate((0.05, 0.1, 0.16)):  # the screen's light on the walls round it
        g = (3 - k) * 36 * n.z
        c.ellipse((x0 + x1) / 2, (top + bottom) / 2, (x1 - x0) / 2 + g * 2, (bottom - top) / 2 + g * 1.5, mix(dark, (210, 200, 230), t))
    for side in (-1, 1):
        c.poly([n(side * 330, s, up) for s, up in ((1, 0), (1, 600), (8, 600), (8, 0))], lt((50, 26, 40)))
        _exit_sign(c, n, side, lt)
    ax = n(0, 1)[0] + v.pan * 0.4
    c.poly([(ax - 40, -10), (ax + 40, -10), (x1, top), (x1, bottom), (x0, bottom), (x0, top)], mix(dark, (200, 210, 250), 0.22))
    c.poly([(ax - 14, -10), (ax + 14, -10), (x1 - 80 * n.z, top), (x0 + 80 * n.z, top)], mix(dark, (220, 226, 255), 0.34))
    for _ in range(26):  # dust in the beam
        t = rng.random()
        c.ellipse(ax + (rng.random() - 0.5) * (60 + (x1 - x0) * t), -10 + (top + 10) * t, 2, 2, (230, 232, 250))
    c.rect(x0 - 10 * n.z, top - 10 * n.z, x1 + 10 * n.z, bottom + 10 * n.z, (20, 18, 24), MID)
    _film(c, x0, top, x1, bottom, rng)
    for s in (1 / (0.95 - 0.085 * k) for k in range(10)):  # little lights along the aisle's steps
        for side in (-1, 1):
            c.ellipse(*n(side * 68, s), 3 * n.z * s, 1.6 * n.z * s, (255, 190, 90))
    rows = [1 / (0.92 - 0.085 * k) for k in range(11)]
    pop = rng.choice((-1, 1)), next((k for k, s in enumerate(rows) if s > n.nearest() * 0.62), 6)
    for k, s in enumerate(rows):
        if s < n.nearest() + 0.6:
            for side in (-1, 1):
                _seat_row(c, n, side, s, lt, (side, k) == pop)


def _film(c: Canvas, x0: float, y0: float, x1: float, y1: float, rng: random.Random) -> None:
    """What is showing, bright in the dark, whatever the hour: a sunset over the sea or a rocket taking off."""
    w, h = x1 - x0, y1 - y0
    if rng.random() < 0.5:
        c.gradient(x0, y0, x1, y0 + h * 0.62, (250, 110, 90), (255, 214, 120))
        c.poly(ellipse_points(x0 + w * 0.56, y0 + h * 0.62, w * 0.13, w * 0.13, 16, 180, 360), (255, 244, 170))
        c.gradient(x0, y0 + h * 0.62, x1, y1, (120, 70, 140), (60, 40, 110))
        for k in range(5):  # the sun's path on the water
            c.rect(x0 + w * (0.5 - 0.012 * (5 - k)), y0 + h * (0.66 + 0.065 * k), x0 + w * (0.62 + 0.012 * (5 - k)),
                   y0 + h * (0.68 + 0.065 * k), (255, 200, 140))
        crown = (x0 + w * 0.19, y0 + h * 0.38)
        c.line([(x0 + w * 0.16, y1), crown], (50, 30, 50), w * 0.012)  # a palm's trunk, and its fronds
        for dx in (-0.12, -0.06, 0.06, 0.12):  # each frond arching up and drooping out, the outer ones most
            c.line([crown, (crown[0] + w * dx * 0.5, crown[1] - h * 0.07), (crown[0] + w * dx, crown[1] + h * abs(dx))],
                   (50, 30, 50), w * 0.014)
        return
    c.gradient(x0, y0, x1, y1, (90, 160, 250), (190, 226, 255))  # a rocket climbing a bright sky, a moon ahead
    c.ellipse(x0 + w * 0.8, y0 + h * 0.25, w * 0.08, w * 0.08, (250, 250, 236))
    q = Spot(x0 + w * 0.4, y0 + h * 0.45, w / 600)
    for k in range(4):  # its trail of smoke, kept on the screen
        r = (20 + 8 * k) * q.s
        c.ellipse(q(-5 * k, 0)[0], min(q(0, -50 - 30 * k)[1], y1 - r), r, r * 0.8, (246, 246, 250))
    inked_poly(c, [q(-40, 40), q(-12, 60), q(-12, 10)], (230, 50, 50), 1.2)  # the rocket's fins
    inked_poly(c, [q(40, 40), q(12, 60), q(12, 10)], (230, 50, 50), 1.2)
    inked_poly(c, [q(-16, 20), q(16, 20), q(20, 120), q(0, 180), q(-20, 120)], (240, 240, 244), 1.2)
    c.ellipse(*q(0, 110), 10 * q.s, 10 * q.s, (90, 180, 240), 1.0)
    inked_poly(c, [q(-12, 18), q(12, 18), q(0, -40)], (255, 170, 40), 1.0)


def _exit_sign(c: Canvas, n: Nave, side: int, lt: Lit) -> None:
    """A door near the screen in the side wall, a green exit sign glowing over it: a running figure and an arrow."""
    inked_poly(c, [n(side * 330, s, up) for s, up in ((1.12, 0), (1.12, 190), (1.3, 190), (1.3, 0))], lt((70, 40, 54)), 1.2)
    q = Spot(*n(side * 330, 1.2, 238), n.z * 1.2)
    c.ellipse(*q(0, 0), 62 * q.s, 34 * q.s, mix(lt((50, 26, 40)), EXIT_GREEN, 0.3))
    c.rect(*q.box(-36, 18, 36, -18), EXIT_GREEN, 1.2)
    c.ellipse(*q(-16, 10), 4 * q.s, 4 * q.s, WHITE)
    c.line([q(-28, -14), q(-18, -4), q(-14, 6), q(-6, -4), q(-4, -14)], WHITE, 2.5 * q.s)
    c.line([q(6, 0), q(28, 0), q(20, 7), q(28, 0), q(20, -7)], WHITE, 3 * q.s)


def _seat_row(c: Canvas, n: Nave, side: int, s: float, lt: Lit, popcorn: bool) -> None:
    """A row of red plush seats from the aisle to the wall, seen from behind: rounded backs, armrests between."""
    plush, u = lt(PLUSH), n.z * s
    for k in range(7):
        x, y = n(side * (96 + k * 34), s, 48)
        if not -40 < x < 1040:
            continue
        c.rect(x - 15 * u, y, x + 15 * u, y + 48 * u, plush, 1.0)
        c.ellipse(x, y, 15 * u, 9 * u, plush, 1.0)
        c.rect(x - 9 * u, y - 2 * u, x + 9 * u, y + 30 * u, lighten(plush, 0.12))
        c.rect(x + 15 * u, y + 18 * u, x + 19 * u, y + 48 * u, lt((40, 20, 26)))
        if popcorn and k == 1:
            _popcorn(c, Spot(x + side * 17 * u, y + 16 * u, u), lt)  # on the armrest


def _popcorn(c: Canvas, q: Spot, lt: Lit) -> None:
    """A striped box of popcorn left on an armrest, heaped over its rim."""
    for k in range(5):
        c.ellipse(*q(-10 + k * 5, 36 + 4 * (k % 2)), 6 * q.s, 6 * q.s, lt((255, 236, 170)), 0.8)
    inked_poly(c, [q(-12, 0), q(12, 0), q(15, 34), q(-15, 34)], lt(WHITE), 1.0)
    for dx in (-8, 0, 8):
        c.poly([q(dx - 2, 1), q(dx + 2, 1), q(dx * 1.2 + 2.5, 33), q(dx * 1.2 - 2.5, 33)], lt((220, 40, 40)))


# --- airport -------------------------------------------------------------------------------------------------------

LIVERY: tuple[RGB, ...] = ((30, 80, 200), (214, 40, 50), (20, 150, 130), (240, 150, 30))
BOARD: RGB = (28, 30, 38)
BOARD_YELLOW: RGB = (255, 210, 40)
STEEL: RGB = (150, 160, 174)


def airport(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """A departure hall: a wall of glass onto the panel's sky, an airliner parked on the apron and a control tower;
    steel trusses overhead, a departures board of yellow rows, a row of chairs, a luggage trolley and a polished
    floor that mirrors the glass."""
    lt, night = lamplit(L), L.time == "night"
    fy, side = v.horizon + 40, rng.choice((-1, 1))  # side: where the plane's nose points, and the tower stands
    roof = fy - wall_s(v, 500)
    sky(c, v, L, rng, bottom=fy)
    _apron(c, v, L, fy, side, night)
    _airliner(c, Spot(wall_x(v, 500 - side * 40), fy - wall_s(v, 44), wall_s(v, 1.05), side), L, rng, night)
    _glass_wall(c, v, L, lt, fy, roof, night)
    floor = lt((214, 212, 206))
    c.gradient(-10, fy, 1010, 1010, floor, shade(floor, 0.12))
    for k in range(-6, 15):  # the glass mirrored in the polished floor
        x = wall_x(v, k * 125 + 62)
        c.rect(x - wall_s(v, 30), fy + 2, x + wall_s(v, 30), fy + v.s(150), mix(floor, L.sky_bottom, 0.3))
    for i in range(-12, 13):  # the big tiles' joints, in perspective
        c.line([(500 + v.pan * 0.5 + i * 60 * v.zoom, fy), (500 + v.pan * 0.5 + i * 220 * v.zoom, 1000)], shade(floor, 0.12), 1.2)
    c.rect(-10, fy - 6, 1010, fy + 2, lt(STEEL), 1.2)
    _board(c, Spot(wall_x(v, 500 - side * 250), roof + wall_s(v, 40), wall_s(v, 1)), lt, rng)
    _chairs(c, Spot(wall_x(v, 500 - side * 330), fy + wall_s(v, 14), wall_s(v, 1)), lt, rng)
    _trolley(c, Spot(v.x(500 + side * 350, 0.3), fy + v.s(230, 0.3), v.s(1, 0.3), -side), lt, rng)


def _apron(c: Canvas, v: View, L: Light, fy: float, side: int, night: bool) -> None:
    """Outside the glass: the apron's tarmac with a taxi line and lights, the field's far side, the control tower
    (a tall shaft under a wide cab of green glass, an aerial on top)."""
    apron = fy - wall_s(v, 110)
    c.rect(-10, apron - wall_s(v, 14), 1010, apron, L((120, 140, 130), depth=0.7))
    c.gradient(-10, apron, 1010, fy, L((150, 150, 150), depth=0.4), L((118, 118, 122)))
    for k in range(-8, 9):
        c.ellipse(wall_x(v, 500 + k * 120), apron + wall_s(v, 6), 5, 2.5, (255, 230, 120) if night else L((250, 250, 250)))
    c.line([(-10, fy - wall_s(v, 20)), (1010, fy - wall_s(v, 30))], L((232, 180, 60)), wall_s(v, 4))
    q, wall = Spot(wall_x(v, 500 + side * 400), apron, wall_s(v, 1)), L((226, 222, 214), depth=0.3)
    c.rect(*q.box(-18, 220, 18, 0), wall, 1.2)
    inked_poly(c, [q(-44, 220), q(44, 220), q(58, 250), q(-58, 250)], wall, 1.2)
    inked_poly(c, [q(-58, 250), q(58, 250), q(50, 290), q(-50, 290)], (255, 236, 150) if night else L((90, 170, 170)), 1.2)
    inked_poly(c, [q(-56, 290), q(56, 290), q(38, 304), q(-38, 304)], wall, 1.2)
    c.line([q(0, 304), q(0, 344)], c.ink, 2)
    c.ellipse(*q(0, 346), 4 * q.s, 4 * q.s, (255, 60, 60))


def _glass_wall(c: Canvas, v: View, L: Light, lt: Lit, fy: float, roof: float, night: bool) -> None:
    """The glass wall's steel mullions and transom, a glint on each pane, and the roof over it on a steel truss
    with a row of lamps."""
    steel = lt(STEEL)
    for k in range(-6, 15):
        x = wall_x(v, k * 125)
        c.line([(x + wall_s(v, 20), fy - wall_s(v, 60)), (x + wall_s(v, 70), fy - wall_s(v, 250))], mix(L.sky_bottom, WHITE, 0.45), 3)
        c.rect(x - wall_s(v, 5), roof, x + wall_s(v, 5), fy, steel, 1.0)
    c.rect(-10, fy - wall_s(v, 340), 1010, fy - wall_s(v, 330), steel, 1.0)
    c.rect(-10, -10, 1010, roof, lt((226, 228, 232)), MID)
    c.rect(-10, roof - wall_s(v, 34), 1010, roof, steel, MID)
    for k in range(-6, 30):
        x = wall_x(v, k * 60)
        c.line([(x, roof), (x + wall_s(v, 30), roof - wall_s(v, 34))], c.ink, 1.5)
        c.ellipse(x, roof - wall_s(v, 70), wall_s(v, 10), wall_s(v, 4), (255, 246, 200) if night else lt((250, 250, 240)))


def _airliner(c: Canvas, q: Spot, L: Light, rng: random.Random, night: bool) -> None:
    """An airliner parked outside, seen side on: its white body and livery stripe, windows, the far wing, two
    engines, the tail fin, the cockpit's windows and its wheels. `q.facing` is where its nose points."""
    body, stripe = L((246, 246, 248)), L(rng.choice(LIVERY))
    for dx in (-120, 160):  # the wheels
        c.line([q(dx, 12), q(dx, 40)], c.ink, 3 * q.s)
        c.ellipse(*q(dx, 12), 14 * q.s, 14 * q.s, (40, 40, 44), 1.2)
    inked_poly(c, [q(-60, 90), q(-180, 70), q(-130, 60), q(20, 70)], shade(body, 0.18), 1.2)  # the far wing
    hull = [q(-330, 80), q(-380, 160), q(-350, 162), q(-290, 100), q(260, 100), q(300, 94), q(330, 80), q(340, 62),
            q(320, 46), q(270, 38), q(-280, 40), q(-330, 56)]
    inked_poly(c, hull, body, MID)
    inked_poly(c, [q(-290, 100), q(-380, 160), q(-346, 162), q(-260, 100)], stripe, 1.2)  # the tail fin
    c.poly([q(-320, 60), q(300, 60), q(318, 52), q(-300, 50)], stripe)
    for k in range(22):
        c.rect(*q.box(-240 + k * 22, 84, -232 + k * 22, 72), (255, 220, 120) if night else L((70, 110, 150)))
    inked_poly(c, [q(300, 84), q(326, 78), q(320, 72), q(296, 74)], L((50, 70, 100)), 0.8)  # the cockpit
    c.rect(*q.box(200, 92, 218, 50), None, 1.0)  # a door
    inked_poly(c, [q(-40, 56), q(140, 56), q(-90, 10), q(-150, 10)], body, 1.2)  # the near wing, and its engines
    for dx in (-20, 70):
        c.rect(*q.box(dx - 40, 56, dx + 40, 20), body, 1.2)
        c.ellipse(*q(dx + 40, 38), 6 * q.s, 18 * q.s, shade(body, 0.3), 1.0)
    if night:
        c.ellipse(*q(-366, 162), 5 * q.s, 5 * q.s, (255, 70, 70))


def _board(c: Canvas, q: Spot, lt: Lit, rng: random.Random) -> None:
    """The departures board hanging from the roof: dark, rows of yellow times and places, a green or red light each."""
    for dx in (-120, 120):
        c.line([q(dx, 0), q(dx, 60)], c.ink, 2)
    c.rect(*q.box(-170, 0, 170, -200), lt(BOARD), MID)
    c.rect(*q.box(-160, -8, 160, -26), lt((60, 64, 80)))
    for k in range(7):
        y = -40 - k * 22
        c.rect(*q.box(-150, y, -96, y - 12), BOARD_YELLOW)  # the time
        c.rect(*q.box(-82, y, -82 + rng.uniform(100, 170), y - 12), BOARD_YELLOW)  # where to
        c.rect(*q.box(130, y, 148, y - 12), rng.choice(((80, 230, 100), (80, 230, 100), (240, 70, 60))))


def _chairs(c: Canvas, q: Spot, lt: Lit, rng: random.Random) -> None:
    """A row of joined waiting chairs on a steel beam, against the glass."""
    seat = lt(rng.choice(((40, 110, 200), (60, 70, 90), (220, 80, 60))))
    c.rect(*q.box(-200, 46, 200, 38), lt(STEEL), 1.2)
    for dx in (-180, 180):
        c.line([q(dx, 40), q(dx - 14, 0)], c.ink, 4 * q.s)
        c.line([q(dx, 40), q(dx + 14, 0)], c.ink, 4 * q.s)
    for k in range(5):
        x = -160 + k * 80
        c.rect(*q.box(x - 34, 64, x + 34, 46), seat, 1.2)
        inked_poly(c, [q(x - 32, 70), q(x + 32, 70), q(x + 30, 140), q(x - 30, 140)], seat, 1.2)


def _trolley(c: Canvas, q: Spot, lt: Lit, rng: random.Random) -> None:
    """A luggage trolley by the side, its handle towards the middle, suitcases stacked on it."""
    steel = lt(STEEL)
    for dx in (-90, 70):
        c.ellipse(*q(dx, 12), 13 * q.s, 13 * q.s, (40, 40, 44), 1.2)
    tube(c, [q(-110, 28), q(96, 28), q(150, 180), q(130, 186)], steel, 5 * q.s)
    cols = rng.sample(((214, 50, 50), (40, 110, 210), (250, 190, 40), (60, 160, 90)), 3)
    for (dx0, dx1, up0, up1), col in zip(((-110, 80, 32, 110), (-96, 40, 110, 176), (-70, 10, 176, 216)), cols):
        case = lt(col)
        c.rect(*q.box(dx0, up1, dx1, up0), case, MID)
        c.rect(*q.box(dx0 + 8, up1 - 6, dx1 - 8, up1 - 10), shade(case, 0.2))
        c.rect(*q.box((dx0 + dx1) / 2 - 14, up1 + 10, (dx0 + dx1) / 2 + 14, up1), None, 1.2)  # its handle


PAINTERS = {"church": church, "cinema": cinema, "airport": airport}
