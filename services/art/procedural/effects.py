"""Comic devices that are not text, and the weather that falls over everything.

Speed lines, motion arcs, sweat drops, hearts, sparkles and anger marks tell
the reader what words would otherwise say; the radial burst and the spotlight
mark the turn of a story. Weather is drawn last so rain falls in front of the
characters, as it does in comics.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

from PIL import Image, ImageDraw

from services.art.procedural.canvas import Canvas, heart_points, star_points
from services.art.procedural.characters import Anchor
from services.art.procedural.palettes import RGB, Light, mix

RED: RGB = (230, 40, 60)
SWEAT: RGB = (130, 200, 250)
GOLD: RGB = (255, 215, 60)


def speed_lines(c: Canvas, a: Anchor, rng: random.Random, vertical: bool = False) -> None:
    """Streaks trailing behind a runner (or above a faller)."""
    h = a.head_r * 4.2
    for _ in range(9):
        if vertical:
            x = a.head[0] + rng.uniform(-a.head_r * 1.6, a.head_r * 1.6)
            y0 = a.head[1] - a.head_r * rng.uniform(1.4, 2.0)
            c.line([(x, y0), (x, y0 - rng.uniform(80, 200))], c.ink, rng.uniform(1.5, 3.5), ink=True)
        else:
            y = a.feet[1] - rng.uniform(0.05, 1.0) * h
            x0 = a.head[0] - a.facing * a.head_r * rng.uniform(1.3, 1.8)
            c.line([(x0, y), (x0 - a.facing * rng.uniform(90, 230), y)], c.ink, rng.uniform(1.5, 3.5), ink=True)


def bubbles(c: Canvas, a: Anchor, rng: random.Random) -> None:
    """A rising trail of air bubbles from a swimmer's mouth."""
    x, y = a.head[0] + a.facing * a.head_r * 0.9, a.head[1] - a.head_r * 0.3
    r = max(4.0, a.head_r * 0.14)
    for k in range(4):
        y -= r * (2.2 + k * 0.6)
        x += rng.uniform(-r, r)
        rr = r * (0.7 + 0.25 * k)
        c.ellipse(x, y, rr, rr, None, 1.4, outline=(235, 248, 255))
        c.ellipse(x - rr * 0.35, y - rr * 0.35, rr * 0.22, rr * 0.22, (250, 254, 255))


def motion_arcs(c: Canvas, x: float, y: float, r: float, facing: int, up: bool = True) -> None:
    """Two or three arcs around a waving hand or under a jumper."""
    for k in range(3):
        rr = r * (1.0 + 0.35 * k)
        if up:
            start, end = (200, 260) if facing > 0 else (280, 340)
        else:
            start, end = 30, 150
        c.arc(x, y, rr, rr, start, end, c.ink, 2.2)


def sweat(c: Canvas, a: Anchor) -> None:
    r = a.head_r
    for _k, (dx, dy, s) in enumerate(((-1.05, -0.55, 0.22), (-1.25, -0.1, 0.15))):
        x, y, s = a.head[0] + dx * r * a.facing, a.head[1] + dy * r, s * r
        c.poly([(x, y - s * 1.6), (x + s * 0.8, y), (x, y + s * 0.8), (x - s * 0.8, y)], SWEAT, 1.4)
        c.ellipse(x, y + s * 0.05, s * 0.8, s * 0.75, SWEAT)


def hearts(c: Canvas, x: float, y: float, size: float, rng: random.Random, n: int = 3) -> None:
    for k in range(n):
        hx, hy = x + rng.uniform(-1.2, 1.2) * size, y - k * size * 0.9 - rng.uniform(0, size * 0.3)
        s = size * rng.uniform(0.5, 0.85)
        c.poly(heart_points(hx, hy, s), RED, 1.6)
        c.ellipse(hx - s * 0.22, hy - s * 0.22, s * 0.08, s * 0.06, (255, 200, 210))


def sparkles(c: Canvas, a: Anchor, rng: random.Random, n: int = 4) -> None:
    r = a.head_r
    for k in range(n):
        ang = math.radians(-160 + k * (140 / max(1, n - 1)) + rng.uniform(-10, 10))
        d = r * rng.uniform(1.45, 1.8)
        x, y = a.head[0] + math.cos(ang) * d, a.head[1] + math.sin(ang) * d
        s = r * rng.uniform(0.16, 0.26)
        c.poly(star_points(x, y, s, s * 0.32, 4, rot=-90), GOLD, 1.2)


def emphasis(c: Canvas, a: Anchor) -> None:
    """The short burst of lines around a surprised head."""
    r = a.head_r
    for ang in range(-150, -20, 26):
        t = math.radians(ang)
        c.line([(a.head[0] + math.cos(t) * r * 1.35, a.head[1] + math.sin(t) * r * 1.35),
                (a.head[0] + math.cos(t) * r * 1.75, a.head[1] + math.sin(t) * r * 1.75)], c.ink, 3.2, ink=True)


def anger_mark(c: Canvas, a: Anchor) -> None:
    r = a.head_r
    x, y, s = a.head[0] + a.facing * r * 0.75, a.head[1] - r * 0.85, r * 0.22
    for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        cx, cy = x + dx * s * 0.7, y + dy * s * 0.7
        start = {(-1, -1): 270, (1, -1): 0, (1, 1): 90, (-1, 1): 180}[(dx, dy)]
        c.arc(cx + dx * s * 0.5, cy + dy * s * 0.5, s * 0.7, s * 0.7, start + 90, start + 180, RED, 3.4)


# How much of a dramatic backdrop covers the place: enough to feel, little enough that the place still reads.
DRAMA_OPACITY = 0.4


def radial_burst(c: Canvas, cx: float, cy: float, a: RGB, b: RGB, rays: int = 28) -> None:
    """Alternating wedges from a point, over the place: the panel holds its breath, and we still see where."""
    over = _overlay(c)
    over.rect(0, 0, 1000, 1000, a)
    for k in range(rays):
        if k % 2:
            continue
        t0, t1 = 2 * math.pi * k / rays, 2 * math.pi * (k + 1) / rays
        over.poly([(cx, cy), (cx + math.cos(t0) * 1500, cy + math.sin(t0) * 1500),
                   (cx + math.cos(t1) * 1500, cy + math.sin(t1) * 1500)], b)
    _lay(c, over, DRAMA_OPACITY)


def spotlight(c: Canvas, x: float, floor: float, dark: RGB, light: RGB) -> None:
    """The place darkened as a stage, and one cone of light on the character."""
    over = _overlay(c)
    over.rect(0, 0, 1000, 1000, dark)
    over.poly([(x - 60, -10), (x + 60, -10), (x + 300, floor), (x - 300, floor)], mix(dark, light, 0.35))
    over.ellipse(x, floor, 300, 55, mix(dark, light, 0.6))
    _lay(c, over, DRAMA_OPACITY + 0.15)


def _overlay(c: Canvas) -> Canvas:
    return Canvas(c.size, c.ink, image=c.img.copy())


def _lay(c: Canvas, over: Canvas, opacity: float) -> None:
    """Blend `over` onto the canvas in place (the canvas keeps its image, so its drawing tools stay valid)."""
    c.img.paste(Image.blend(c.img, over.img, opacity))


def focus_lines(c: Canvas, cx: float, cy: float, rng: random.Random, n: int = 70) -> None:
    """Manga focus lines: thin wedges from the border pointing at the subject."""
    for _ in range(n):
        t = rng.uniform(0, 2 * math.pi)
        r0 = rng.uniform(330, 470)
        w = rng.uniform(0.004, 0.012)
        c.poly([(cx + math.cos(t) * r0, cy + math.sin(t) * r0),
                (cx + math.cos(t - w) * 1000, cy + math.sin(t - w) * 1000),
                (cx + math.cos(t + w) * 1000, cy + math.sin(t + w) * 1000)], c.ink)


# --- weather -------------------------------------------------------------------

def rain(c: Canvas, rng: random.Random, light: Light) -> None:
    col = mix(light.sky_bottom, (235, 240, 255), 0.6)
    for _ in range(110):
        x, y, n = rng.uniform(-50, 1050), rng.uniform(-50, 1000), rng.uniform(30, 70)
        c.line([(x, y), (x - n * 0.25, y + n)], col, 1.6)
    for _ in range(12):
        x, y = rng.uniform(0, 1000), rng.uniform(760, 990)
        c.arc(x, y, 14, 5, 180, 360, col, 1.2)


def snow(c: Canvas, rng: random.Random) -> None:
    for _ in range(90):
        x, y, r = rng.uniform(0, 1000), rng.uniform(0, 1000), rng.choice((2.5, 3.5, 5, 7))
        c.ellipse(x, y, r, r, (255, 255, 255), 0.6 if r > 4 else 0, outline=(170, 190, 220))


def wind(c: Canvas, rng: random.Random) -> None:
    for _ in range(4):
        x, y = rng.uniform(0, 700), rng.uniform(80, 800)
        pts = [(x + k * 30, y + math.sin(k * 0.7) * 14) for k in range(9)]
        c.line(pts, (250, 250, 255), 2.4)
        c.arc(pts[-1][0] + 12, pts[-1][1] - 10, 14, 14, 90, 330, (250, 250, 255), 2.2)
    for _ in range(7):
        x, y = rng.uniform(0, 1000), rng.uniform(100, 800)
        a = rng.uniform(0, 6.28)
        pts = [(x + math.cos(a) * 12, y + math.sin(a) * 6), (x + math.cos(a + 1.6) * 5, y + math.sin(a + 1.6) * 5),
               (x - math.cos(a) * 12, y - math.sin(a) * 6), (x - math.cos(a + 1.6) * 5, y - math.sin(a + 1.6) * 5)]
        c.poly(pts, rng.choice(((120, 180, 80), (230, 150, 60), (200, 90, 50))), 1.0)


@lru_cache(maxsize=4)
def _fog_mask(size: int) -> Image.Image:
    """Soft horizontal fog banks (built once per size; Pillow-only, no blur of the panel)."""
    small = Image.new("L", (64, 64), 0)
    d = ImageDraw.Draw(small)
    for y in range(64):
        band = 0.5 + 0.5 * math.sin(y / 64 * math.pi * 3.2 + 0.6)
        lower = min(1.0, max(0.0, (y - 18) / 40))
        d.line([(0, y), (63, y)], fill=int(185 * band * (0.35 + 0.65 * lower)))
    return small.resize((size, size), Image.Resampling.BILINEAR)


def fog(img: Image.Image, light: Light) -> Image.Image:
    veil = Image.new("RGB", img.size, light.haze_colour)
    return Image.composite(veil, img, _fog_mask(img.width))
