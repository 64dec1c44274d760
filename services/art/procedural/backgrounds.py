"""Skies, grounds and the shared scenery shapes every setting is built from.

A background is painted in three depths (far silhouettes without ink, a middle
layer, near things with ink outlines) so a flat panel reads as a place with
depth. The camera (`View`) moves the horizon and zooms the scenery with the
shot, so a close-up is not a wide shot with a bigger character pasted on.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from services.art.procedural.canvas import Canvas, ellipse_points
from services.art.procedural.palettes import RGB, Light, lighten, mix, shade

HORIZON = {"wide": 600.0, "medium": 630.0, "close-up": 660.0}
ZOOM = {"wide": 1.0, "medium": 1.45, "close-up": 2.1}


@dataclass(frozen=True)
class View:
    """The camera: where the horizon sits, how much the scenery is magnified, and a pan."""

    horizon: float
    zoom: float
    pan: float

    def x(self, fx: float, depth: float = 0.0) -> float:
        """Screen x of a world x; far things (depth→1) move and grow less, which gives parallax."""
        z = 1 + (self.zoom - 1) * (1 - 0.7 * depth)
        return 500 + (fx - 500) * z + self.pan * (1 - depth)

    def s(self, v: float, depth: float = 0.0) -> float:
        return v * (1 + (self.zoom - 1) * (1 - 0.7 * depth))


WALL_DEPTH = 0.35  # indoor walls stand far behind the characters, so they pan and zoom less


def wall_x(v: View, x: float) -> float:
    return v.x(x, WALL_DEPTH)


def wall_s(v: View, s: float) -> float:
    return v.s(s, WALL_DEPTH)


Point = tuple[float, float]
Lit = Callable[[RGB], RGB]
ROOM_LAMPS = 0.45  # how far the hour tints a room lit by its own lamps


def lamplit(light: Light, strength: float = ROOM_LAMPS) -> Lit:
    """The colours of a room whose lamps are on whatever the hour: the hour only tints them."""
    return lambda col: light(col, strength=strength)


def tube(c: Canvas, pts: list[Point], col: RGB, w: float) -> None:
    """A rail, pole, pipe, rope or bone: an inked tube."""
    c.line(pts, c.ink, w + 3.5)
    c.line(pts, col, w)

def view_for(shot: str, pan: float) -> View:
    return View(horizon=HORIZON.get(shot, 600.0), zoom=ZOOM.get(shot, 1.0), pan=pan)


# --- sky ----------------------------------------------------------------------

def sky(c: Canvas, v: View, light: Light, rng: random.Random, bottom: float | None = None,
        clouds: bool = True, always_stars: bool = False) -> None:
    y1 = v.horizon + 4 if bottom is None else bottom
    c.gradient(0, 0, 1000, y1, light.sky_top, light.sky_bottom)
    wet = light.weather in ("rain", "fog", "snow")
    if light.time == "night" or always_stars:
        for _ in range(70 if not wet else 15):
            x, y = rng.uniform(0, 1000), rng.uniform(0, y1 * 0.85)
            r = rng.choice((1.2, 1.5, 2.0, 2.5))
            col = mix((255, 250, 220), light.sky_top, rng.uniform(0.0, 0.5))
            if r > 2.2:
                twinkle(c, x, y, 7, col)
            else:
                c.ellipse(x, y, r, r, col)
    if not wet:
        celestial(c, light, rng)
    if clouds and light.time != "night":
        n = 5 if wet else rng.randint(2, 4)
        for _ in range(n):
            cloud(c, rng.uniform(40, 960), rng.uniform(60, max(80, y1 * 0.55)), rng.uniform(50, 95), light, wet)


def twinkle(c: Canvas, x: float, y: float, r: float, col: RGB) -> None:
    c.poly([(x, y - r), (x + r * 0.25, y - r * 0.25), (x + r, y), (x + r * 0.25, y + r * 0.25),
            (x, y + r), (x - r * 0.25, y + r * 0.25), (x - r, y), (x - r * 0.25, y - r * 0.25)], col)


def celestial(c: Canvas, light: Light, rng: random.Random) -> None:
    """Sun or moon, placed by time of day (a low sun at dawn and sunset)."""
    side = rng.choice((-1, 1))
    if light.time == "night":
        x, y, r = 500 + side * rng.uniform(220, 330), rng.uniform(110, 170), 46
        c.ellipse(x, y, r * 1.9, r * 1.9, mix(light.sky_top, light.sun, 0.12))
        c.ellipse(x, y, r, r, light.sun)
        c.ellipse(x + r * 0.45, y - r * 0.25, r * 0.85, r * 0.85, mix(light.sky_top, light.sun, 0.12))
    elif light.time == "sunset":
        x, y, r = 500 + side * rng.uniform(80, 250), 470, 95
        for k, t in ((2.0, 0.18), (1.5, 0.35)):
            c.ellipse(x, y, r * k, r * k, mix(light.sky_bottom, light.sun, t))
        c.ellipse(x, y, r, r, light.sun)
        for i in range(3):  # the horizontal bands of a cartoon sunset
            c.rect(x - r * 1.4, y + 18 + i * 26, x + r * 1.4, y + 24 + i * 26, mix(light.sky_bottom, light.sun, 0.25))
    elif light.time == "dawn":
        x, y, r = 500 + side * rng.uniform(150, 300), 430, 60
        c.ellipse(x, y, r * 1.8, r * 1.8, mix(light.sky_bottom, light.sun, 0.35))
        c.ellipse(x, y, r, r, light.sun)
    else:
        x, y, r = 500 + side * rng.uniform(250, 360), rng.uniform(100, 150), 52
        c.ellipse(x, y, r * 1.7, r * 1.7, mix(light.sky_top, (255, 255, 230), 0.3))
        c.ellipse(x, y, r * 1.3, r * 1.3, mix(light.sky_top, (255, 255, 230), 0.55))
        c.ellipse(x, y, r, r, light.sun)


def cloud(c: Canvas, x: float, y: float, w: float, light: Light, wet: bool = False) -> None:
    base = (118, 124, 138) if wet else (255, 255, 255)
    if light.time == "sunset":
        base = mix(base, (255, 190, 160), 0.45)
    elif light.time == "dawn":
        base = mix(base, (255, 215, 220), 0.4)
    under = shade(base, 0.22)
    puffs = ((-0.55, 0.12, 0.42), (-0.15, -0.12, 0.55), (0.3, -0.02, 0.48), (0.65, 0.15, 0.34))
    for dx, dy, r in puffs:
        c.ellipse(x + dx * w, y + dy * w + 6, r * w, r * w * 0.8, under)
    for dx, dy, r in puffs:
        c.ellipse(x + dx * w - 3, y + dy * w, r * w * 0.92, r * w * 0.72, base)


# --- ground and shapes --------------------------------------------------------

def ground(c: Canvas, v: View, light: Light, far: RGB, near: RGB) -> None:
    c.gradient(0, v.horizon, 1000, 1000, light(far, depth=0.5), light(near))


def band(c: Canvas, v: View, rng: random.Random, base: float, amp: float, col: RGB, bumps: int = 5,
         depth: float = 0.5, sharp: bool = False, line: float = 0.0) -> None:
    """A silhouette of hills, dunes or mountains: the sum of a few sines (or peaks when `sharp`)."""
    phases = [rng.uniform(0, 6.28) for _ in range(3)]
    freq = bumps / 1000.0 * 2 * math.pi
    pts: list[tuple[float, float]] = [(-20, 1010)]
    for i in range(0, 61):
        x = -20 + i * (1040 / 60)
        wx = (x - 500 - v.pan * (1 - depth)) / (1 + (v.zoom - 1) * (1 - 0.7 * depth)) + 500
        h = math.sin(wx * freq + phases[0]) * 0.55 + math.sin(wx * freq * 2.3 + phases[1]) * 0.3
        if sharp:
            h = 1 - abs(math.sin(wx * freq * 0.5 + phases[2])) * 1.6 + math.sin(wx * freq * 3.1 + phases[1]) * 0.12
        pts.append((x, base - (h + 1) * 0.5 * v.s(amp, depth)))
    pts.append((1020, 1010))
    c.poly(pts, col, line)


def round_tree(c: Canvas, x: float, y: float, s: float, trunk: RGB, leaf: RGB, line: float = 2.0) -> None:
    c.rect(x - s * 0.09, y - s * 0.55, x + s * 0.09, y, trunk, line)
    for dx, dy, r in ((-0.28, -0.72, 0.32), (0.26, -0.74, 0.3), (0.0, -0.98, 0.38)):
        c.ellipse(x + dx * s, y + dy * s, r * s, r * s, leaf, line)
    for dx, dy, r in ((-0.28, -0.72, 0.3), (0.26, -0.74, 0.28), (0.0, -0.98, 0.36)):
        c.ellipse(x + dx * s, y + dy * s, r * s, r * s, leaf)
    c.ellipse(x - 0.1 * s, y - 1.08 * s, 0.16 * s, 0.12 * s, lighten(leaf, 0.25))


def pine(c: Canvas, x: float, y: float, s: float, col: RGB, line: float = 0.0, snow: bool = False) -> None:
    c.rect(x - s * 0.05, y - s * 0.2, x + s * 0.05, y, shade(col, 0.5), line)
    for i, (w, top) in enumerate(((0.42, 0.62), (0.34, 0.86), (0.25, 1.08))):
        base = y - s * (0.16 + 0.24 * i)
        c.poly([(x - w * s, base), (x + w * s, base), (x, y - top * s)], col, line)
        if snow:
            c.poly([(x - w * s * 0.35, y - top * s + (top - 0.16 - 0.24 * i) * s * 0.45), (x, y - top * s),
                    (x + w * s * 0.35, y - top * s + (top - 0.16 - 0.24 * i) * s * 0.45)], (245, 248, 255))


def scatter(c: Canvas, v: View, rng: random.Random, n: int, paint: Callable[[float, float, float], None],
            y0: float | None = None) -> None:
    """Small ground details whose size grows towards the viewer, for depth."""
    top = v.horizon + 8 if y0 is None else y0
    for _ in range(n):
        t = rng.random() ** 1.6
        y = top + (1000 - top) * t
        x = v.x(rng.uniform(-200, 1200), depth=0.2)
        if -50 < x < 1050:
            paint(x, y, (0.3 + 1.2 * t) * v.zoom)


def window(c: Canvas, x0: float, y0: float, x1: float, y1: float, light: Light, rng: random.Random,
           frame: RGB) -> None:
    """A window onto the panel's weather and time: how indoor scenes show them."""
    c.rect(x0 - 8, y0 - 8, x1 + 8, y1 + 8, frame, 2.5)
    c.gradient(x0, y0, x1, y1, light.sky_top, light.sky_bottom)
    if light.time == "night":
        c.ellipse(x1 - (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3, 16, 16, light.sun)
        for _ in range(6):
            c.ellipse(rng.uniform(x0 + 5, x1 - 5), rng.uniform(y0 + 5, y1 - 30), 1.5, 1.5, (255, 250, 220))
    elif light.weather in ("clear", "wind"):
        c.ellipse(x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.55, (x1 - x0) * 0.2, (x1 - x0) * 0.09, (255, 255, 255))
    if light.weather == "rain":
        for _ in range(14):
            x, y = rng.uniform(x0, x1 - 10), rng.uniform(y0, y1 - 20)
            c.line([(x, y), (x - 6, y + 18)], (210, 220, 240), 1.6)
    elif light.weather == "snow":
        for _ in range(16):
            c.ellipse(rng.uniform(x0 + 4, x1 - 4), rng.uniform(y0 + 4, y1 - 4), 3, 3, (255, 255, 255))
    c.rect((x0 + x1) / 2 - 4, y0, (x0 + x1) / 2 + 4, y1, frame, 1.5)
    c.rect(x0, (y0 + y1) / 2 - 4, x1, (y0 + y1) / 2 + 4, frame, 1.5)
    c.rect(x0 - 16, y1 + 6, x1 + 16, y1 + 20, lighten(frame, 0.2), 2.0)


def room(c: Canvas, v: View, light: Light, wall: RGB, floor: RGB, planks: bool = True) -> float:
    """Wall, skirting board and a floor in perspective; returns the floor line."""
    def lit(col):
        return light(col, strength=0.55)  # indoor lamps soften the time of day
    fy = v.horizon + 40
    c.gradient(0, 0, 1000, fy, shade(lit(wall), 0.12), lit(wall))
    c.gradient(0, fy, 1000, 1000, lit(floor), shade(lit(floor), 0.25))
    vx = 500 + v.pan * 0.5
    if planks:
        for i in range(-12, 13):
            xb = vx + i * 95 * v.zoom
            c.line([(vx + i * 30 * v.zoom, fy), (xb * 1.0 + (xb - vx) * 0.9, 1000)], shade(lit(floor), 0.18), 1.6)
    for k in range(1, 5):
        yy = fy + (1000 - fy) * (k / 5) ** 1.7
        c.line([(0, yy), (1000, yy)], shade(lit(floor), 0.12), 1.2)
    c.rect(-10, fy - 14, 1010, fy, shade(lit(wall), 0.35), 1.5)
    return fy


__all__ = ["View", "view_for", "wall_x", "wall_s", "meadow", "sky", "ground", "band", "round_tree", "pine", "scatter",
           "window", "room", "cloud", "twinkle", "ellipse_points"]


def meadow(c: Canvas, v: View, L: Light, rng: random.Random, hills: RGB, hills_height: float, bumps: int,
           grass: tuple[RGB, RGB]) -> float:
    """The open-country base most outdoor places share: a sky, a band of far hills, a grass ground.
    Returns the horizon's height."""
    sky(c, v, L, rng)
    band(c, v, rng, v.horizon + 10, hills_height, L(hills, depth=0.75), bumps=bumps, depth=0.8)
    ground(c, v, L, *grass)
    return v.horizon
