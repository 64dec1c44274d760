"""A river: water flowing out of the far hills towards the viewer, past the bank the cast stands on.

The same recipe as the other outdoor places (sky, far silhouettes without ink, a middle
layer, ground, near things with ink). The river is a band that widens with perspective and
sweeps to one side of the panel, so the cast stands on the near bank, not in the water; its
banks are earth with reeds and stones, trees stand on the far bank, ripples and a glint of
the sun or moon run on the water. The painter returns the water it painted (`Water`), so
boats can float on it.
"""

from __future__ import annotations

import math
import random

from services.art.procedural.backgrounds import View, meadow, round_tree, scatter
from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade
from services.art.procedural.water import Water, spans_between, water_colours

NEAR = 2.2
MID = 1.5
BOTTOM = 1010.0
STEP = 6.0


class _Course:
    """The river's course on screen: its centre and half-width on any row below the horizon."""

    def __init__(self, v: View, side: int, far_x: float, near_x: float, meander: float) -> None:
        self.v, self.side = v, side
        self.far_x, self.near_x, self.meander = far_x, near_x, meander

    def near(self, y: float) -> float:
        """0 at the horizon, 1 at the bottom edge: how close a row is to the viewer."""
        return min(1.0, max(0.0, (y - self.v.horizon) / (BOTTOM - self.v.horizon)))

    def edges(self, y: float) -> tuple[float, float]:
        p = self.near(y)
        # An S: out of the hills near the middle, a bend towards the cast's side in the middle distance
        # (behind them), then away to the far corner, so at the cast's feet the water is off to one side.
        world = self.far_x + (self.near_x - self.far_x) * p - self.meander * math.sin(math.pi * min(p / 0.75, 1.0))
        if self.side < 0:
            world = 1000 - world
        half = 8 + 380 * p
        x, w = self.v.x(world, 1 - p), self.v.s(half, 1 - p)
        return x - w, x + w

    def outline(self, grow: float = 0.0) -> list[tuple[float, float]]:
        """The water's outline (grown by `grow` units at the viewer, less far off), horizon to bottom and back."""
        ys = [self.v.horizon + 1 + (BOTTOM - self.v.horizon) * (i / 40) ** 1.4 for i in range(41)]
        left = [(self.edges(y)[0] - grow * self.near(y), y) for y in ys]
        right = [(self.edges(y)[1] + grow * self.near(y), y) for y in reversed(ys)]
        return left + right


def river(c: Canvas, v: View, L: Light, rng: random.Random) -> Water:
    """A river in the countryside, from the horizon to the bottom edge on one side of the panel."""
    side = rng.choice((-1, 1))  # the side the river leaves the panel by; the cast stands on the other bank
    course = _Course(v, side, rng.uniform(520, 580), rng.uniform(1280, 1340), rng.uniform(200, 270))
    h0 = meadow(c, v, L, rng, (95, 140, 115), 120, 8, ((135, 185, 95), (80, 145, 60)))
    for i in range(6):  # trees along the far fields, leaving a gap where the river comes out
        x = v.x(-40 + i * 210 + rng.uniform(-30, 30), 0.55)
        if abs(x - course.edges(h0 + 4)[0]) < 70:
            continue
        round_tree(c, x, h0 + 16, v.s(rng.uniform(90, 130), 0.55), L((110, 80, 60), depth=0.5),
                   L((85, 145, 95), depth=0.5), 0.0)
    y = v.horizon + (BOTTOM - v.horizon) * 0.3  # a big tree on the cast's bank, at the panel's edge
    x = v.x(rng.uniform(10, 60), 0.3)
    round_tree(c, x if side > 0 else 1000 - x, y, v.s(rng.uniform(190, 230), 0.3), L((115, 82, 58), depth=0.15),
               L((75, 145, 80), depth=0.15), MID)
    colours = water_colours(L)
    c.poly(course.outline(34), L((125, 100, 70)), MID)  # the earth of the banks
    c.poly(course.outline(14), L((100, 150, 70)))  # grass growing to the water's edge
    water = course.outline()
    c.poly(water, colours.near)
    top = [(x, y) for x, y in water if y < v.horizon + (BOTTOM - v.horizon) * 0.45]
    _far_water(c, top, colours.far, colours.near)
    c.poly(water, None, NEAR)  # inked banks: in manga and noir, grass and water can share a tone
    _on_the_water(c, v, L, rng, course, colours.ripple, colours.glint)
    _far_bank(c, v, L, rng, course)
    _near_bank(c, v, L, rng, course)
    grass = L((60, 120, 50))

    def tuft(x: float, y: float, s: float) -> None:
        left, right = course.edges(y)
        if not left - 30 * s < x < right + 30 * s:
            for dx, lean in ((-6, -3), (0, 0), (6, 4)):
                c.line([(x + dx * s, y), (x + (dx + lean) * s, y - 14 * s)], grass, 2.2 * s)
    scatter(c, v, rng, 30, tuft, h0 + 40)
    return Water(spans_between(h0 + 2, BOTTOM, STEP, lambda y: [course.edges(y)]), STEP)


def _far_water(c: Canvas, top: list[tuple[float, float]], far: RGB, near: RGB) -> None:
    """The far reach mirrors the sky a little: lighter bands of water fading into the deep colour."""
    if len(top) < 6:
        return
    ys = sorted({y for _, y in top})
    y0, y1 = ys[0], ys[-1]
    for k in range(4):
        cut = y0 + (y1 - y0) * (1 - k / 4)
        c.poly([(x, y) for x, y in top if y <= cut], mix(near, far, (k + 1) / 4))


def _on_the_water(c: Canvas, v: View, L: Light, rng: random.Random, course: _Course, ripple: RGB,
                  glint: RGB) -> None:
    """Ripples and flow lines that grow towards the viewer, and the sun's or moon's glint."""
    for _ in range(26):
        y = v.horizon + (BOTTOM - v.horizon) * rng.random() ** 1.3
        left, right = course.edges(y)
        if right - left < 12:
            continue
        x = rng.uniform(left + (right - left) * 0.15, right - (right - left) * 0.15)
        p = course.near(y)
        w = 8 + 60 * p
        c.arc(x, y, w, w * 0.22, 200, 340, ripple, 1.0 + 2.2 * p)
    for k in range(3):  # long flow lines following the current
        t = 0.3 + 0.2 * k
        pts = []
        for i in range(12):
            y = v.horizon + (BOTTOM - v.horizon) * (0.08 + i * 0.08)
            left, right = course.edges(y)
            pts.append((left + (right - left) * t + math.sin(i * 1.3 + k) * 4, y))
        for a, b in zip(pts[::2], pts[1::2]):
            c.line([a, b], mix(ripple, L((30, 80, 140)), 0.35), 1.4 + course.near(b[1]) * 2)
    if L.weather in ("rain", "snow", "fog"):
        for _ in range(14):  # rain rings instead of a glint
            y = v.horizon + (BOTTOM - v.horizon) * rng.uniform(0.1, 0.9)
            left, right = course.edges(y)
            x = rng.uniform(left, right)
            r = 6 + 26 * course.near(y)
            c.ellipse(x, y, r, r * 0.3, None, 0.9, outline=ripple)
        return
    for k in range(6):  # the sun or moon, mirrored and broken into dashes
        y = v.horizon + 8 + k * (10 + 4 * k) * v.zoom
        left, right = course.edges(y)
        w = (right - left) * (0.28 - k * 0.03)
        if w > 3:
            c.ellipse((left + right) / 2, y, w, max(1.5, 2.4 * v.zoom), glint)


def _far_bank(c: Canvas, v: View, L: Light, rng: random.Random, course: _Course) -> None:
    """Trees and bushes on the other bank, between the water and the panel's edge."""
    for k in range(3):
        y = v.horizon + (BOTTOM - v.horizon) * (0.08 + 0.11 * k) + rng.uniform(-6, 6)
        left, right = course.edges(y)
        s = v.s(rng.uniform(120, 160), 0.5) * (0.75 + 0.5 * course.near(y))
        x = right + s * 0.55 if course.side > 0 else left - s * 0.55
        if -60 < x < 1060:
            round_tree(c, x, y, s, L((110, 80, 60), depth=0.3), L(rng.choice(((80, 150, 85), (95, 160, 80))), depth=0.3),
                       1.0)
    for _ in range(3):  # bushes a step back from the water, so they never read as lily pads
        y = v.horizon + (BOTTOM - v.horizon) * rng.uniform(0.12, 0.4)
        left, right = course.edges(y)
        r = 16 + 34 * course.near(y)
        x = right + r * 2.6 if course.side > 0 else left - r * 2.6
        leaf = L((70, 135, 70), depth=0.25)
        for dx, dy, size in ((-0.6, -0.5, 0.8), (0.6, -0.5, 0.8), (0.0, -0.9, 1.0)):
            c.ellipse(x + dx * r, y + dy * r, r * size, r * size * 0.85, leaf, 1.0)


def _near_bank(c: Canvas, v: View, L: Light, rng: random.Random, course: _Course) -> None:
    """Reeds with cattails and stones along the water's edge on the cast's side."""
    stone = L((150, 150, 160))
    for i in range(6):
        y = v.horizon + (BOTTOM - v.horizon) * (0.22 + i * 0.13 + rng.uniform(-0.03, 0.03))
        left, right = course.edges(y)
        edge = left if course.side > 0 else right
        p = course.near(y)
        r = 8 + 22 * p
        x = edge - course.side * r * 1.1  # on the bank, half in the grass
        c.ellipse(x, y, r * 1.4, r * 0.7, shade(stone, rng.uniform(0, 0.25)), MID)
        c.ellipse(x - r * 0.2, y - r * 0.25, r * 0.5, r * 0.2, lighten(stone, 0.3))
    for cluster in range(3):
        p = 0.3 + cluster * 0.22 + rng.uniform(-0.05, 0.05)
        y0 = v.horizon + (BOTTOM - v.horizon) * p
        left, right = course.edges(y0)
        edge = left if course.side > 0 else right
        for k in range(6):
            x = edge - course.side * rng.uniform(-4, 22) * (0.6 + p)
            y = y0 + rng.uniform(-8, 8)
            h = (50 + 110 * p) * rng.uniform(0.8, 1.15) * v.zoom ** 0.5
            lean = rng.uniform(-10, 10) * (0.5 + p)
            c.line([(x, y), (x + lean, y - h)], L((70, 130, 60)), (2 + 3 * p) * v.zoom ** 0.5)
            if k % 2 == 0:
                c.ellipse(x + lean * 0.92, y - h * 0.88, (4 + 5 * p) * v.zoom ** 0.5, (10 + 12 * p) * v.zoom ** 0.5,
                          L((120, 80, 50)), 1.0)


PAINTERS = {"river": river}
