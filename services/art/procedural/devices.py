"""The comic devices an action brings, drawn as shapes (never letters): notes, crumbs, zzz, tears, puffs.

`effects.py` holds the older devices (speed lines, hearts, sweat drops...); this module adds the
rest of the vocabulary's DEVICES so every one of them can be drawn: music notes rising from a
singer's mouth, crumbs falling from an eater's, three zig-zag strokes above a sleeper, tears
streaming down, a smoke puff, dust at the feet, steam off a pan, an impact star burst, the shine
of a treasure, a splash, dizzy stars. Each takes a point and a size in panel units, so the same
device serves a procedural character and a pictogram creature.
"""

from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw

from services.art.procedural.canvas import Canvas, star_points
from services.art.procedural.palettes import RGB, mix

NOTE: RGB = (70, 52, 150)
CRUMB: RGB = (214, 160, 90)
ZZZ: RGB = (60, 96, 200)
TEARS: RGB = (110, 185, 250)
SMOKE: RGB = (236, 236, 242)
DUST: RGB = (214, 192, 150)
STEAM: RGB = (246, 246, 250)
IMPACT: RGB = (255, 214, 50)
IMPACT_CORE: RGB = (250, 110, 40)
SHINE: RGB = (255, 236, 120)
SPLASH: RGB = (120, 196, 248)
STAR: RGB = (255, 215, 60)
WHITE: RGB = (255, 255, 255)


def notes(c: Canvas, x: float, y: float, size: float, facing: int, rng: random.Random, n: int = 3) -> None:
    """Music notes rising from (x, y) away and up the way the singer faces: eighth notes and a beamed pair."""
    for k in range(n):
        nx = x + facing * size * (0.6 + 0.9 * k) + rng.uniform(-0.15, 0.15) * size
        ny = y - size * (0.5 + 0.85 * k) + rng.uniform(-0.1, 0.1) * size
        s = size * (0.55 + 0.1 * (k % 2))
        if k % 3 == 1:
            _beamed(c, nx, ny, s)
        else:
            _eighth(c, nx, ny, s)


def _note_head(c: Canvas, x: float, y: float, s: float) -> None:
    """An oval note head tilted up towards its stem."""
    a, b, th = s * 0.34, s * 0.22, -0.45
    pts = [(x + math.cos(t) * a * math.cos(th) - math.sin(t) * b * math.sin(th),
            y + math.cos(t) * a * math.sin(th) + math.sin(t) * b * math.cos(th))
           for t in (2 * math.pi * i / 14 for i in range(14))]
    c.poly(pts, NOTE, 1.2)


def _eighth(c: Canvas, x: float, y: float, s: float) -> None:
    top = y - s * 1.25
    c.line([(x + s * 0.3, y - s * 0.05), (x + s * 0.3, top)], NOTE, max(2.0, s * 0.1))
    c.poly([(x + s * 0.3, top), (x + s * 0.75, top + s * 0.45), (x + s * 0.62, top + s * 0.62),
            (x + s * 0.3, top + s * 0.3)], NOTE)
    _note_head(c, x, y, s)


def _beamed(c: Canvas, x: float, y: float, s: float) -> None:
    w = s * 0.9
    top = y - s * 1.2
    for dx in (0.0, w):
        c.line([(x + dx + s * 0.3, y - s * 0.05 - dx * 0.2), (x + dx + s * 0.3, top - dx * 0.2)], NOTE,
               max(2.0, s * 0.1))
    c.poly([(x + s * 0.3, top), (x + w + s * 0.3, top - w * 0.2), (x + w + s * 0.3, top - w * 0.2 + s * 0.25),
            (x + s * 0.3, top + s * 0.25)], NOTE)
    _note_head(c, x, y, s)
    _note_head(c, x + w, y - w * 0.2, s)


def crumbs(c: Canvas, x: float, y: float, size: float, rng: random.Random, n: int = 7) -> None:
    """Crumbs scattering down from a mouth at (x, y)."""
    for _ in range(n):
        cx, cy = x + rng.uniform(-0.7, 0.7) * size, y + rng.uniform(0.2, 1.6) * size
        r = size * rng.uniform(0.09, 0.16)
        pts = [(cx + math.cos(a) * r * rng.uniform(0.7, 1.2), cy + math.sin(a) * r * rng.uniform(0.7, 1.2))
               for a in (2 * math.pi * i / 5 + rng.uniform(0, 0.6) for i in range(5))]
        c.poly(pts, CRUMB, 1.0)


def zzz(c: Canvas, x: float, y: float, size: float, facing: int) -> None:
    """Three zig-zag strokes rising above a sleeper, each bigger than the last (shapes, not letters)."""
    for k in range(3):
        s = size * (0.45 + 0.25 * k)
        zx, zy = x + facing * size * 0.75 * k, y - size * 0.85 * k
        t = math.radians(-14 * facing)  # tilted as they float up, drawn by hand rather than set in type
        raw = [(-0.5, -0.45), (0.5, -0.55), (-0.45, 0.5), (0.55, 0.42)]
        pts = [(zx + (px * math.cos(t) - py * math.sin(t)) * s, zy + (px * math.sin(t) + py * math.cos(t)) * s)
               for px, py in raw]
        c.line(pts, WHITE, max(3.0, s * 0.3))
        c.line(pts, ZZZ, max(2.0, s * 0.18))


def tears(c: Canvas, eyes: list[tuple[float, float]], r: float, rng: random.Random) -> None:
    """Streams running down from both eyes and drops flying off (r: the head's radius)."""
    for k, (x, y) in enumerate(eyes):
        side = -1 if k == 0 else 1
        stream = [(x + side * r * 0.05 * i, y + r * 0.1 + r * 0.14 * i) for i in range(6)]
        c.line(stream, TEARS, max(2.0, r * 0.12))
        for j in range(2):
            dx, dy = x + side * r * (0.45 + 0.3 * j), y - r * 0.05 + j * r * 0.2 + rng.uniform(-2, 2)
            s = r * (0.13 - 0.02 * j)
            c.poly([(dx, dy - s * 1.5), (dx + s, dy + s * 0.2), (dx, dy + s), (dx - s, dy + s * 0.2)], TEARS, 1.0)


def puff(c: Canvas, x: float, y: float, size: float, rng: random.Random) -> None:
    """A smoke cloud: overlapping round puffs with an ink outline, shaded underneath."""
    blobs = [(x + math.cos(a) * size * 0.42, y + math.sin(a) * size * 0.28, size * rng.uniform(0.3, 0.4))
             for a in (2 * math.pi * i / 6 + 0.3 for i in range(6))]
    for bx, by, br in blobs:
        c.ellipse(bx, by, br, br, SMOKE, 1.6)
    for bx, by, br in blobs:
        c.ellipse(bx, by - br * 0.08, br * 0.9, br * 0.9, SMOKE)
    c.ellipse(x, y, size * 0.42, size * 0.32, mix(SMOKE, (190, 190, 205), 0.5))
    c.ellipse(x - size * 0.08, y - size * 0.06, size * 0.34, size * 0.24, SMOKE)


def dust(c: Canvas, x: float, y: float, size: float, facing: int, rng: random.Random) -> None:
    """Little dust clouds kicked up behind the feet at (x, y)."""
    for k in range(3):
        dx = x - facing * size * (0.3 + 0.55 * k)
        r = size * (0.28 - 0.05 * k)
        c.ellipse(dx, y - r * 0.6, r, r * 0.75, DUST, 1.2)
        c.ellipse(dx - r * 0.2, y - r * 0.75, r * 0.5, r * 0.35, mix(DUST, WHITE, 0.4))
    for _ in range(4):
        sx, sy = x - facing * size * rng.uniform(0.2, 1.5), y - size * rng.uniform(0.3, 0.8)
        c.ellipse(sx, sy, size * 0.04, size * 0.04, mix(DUST, (120, 90, 60), 0.5))


def steam(c: Canvas, x: float, y: float, size: float) -> None:
    """Three wavy wisps rising from (x, y): a hot pan, a hot cup, a hot head."""
    for k in (-1, 0, 1):
        pts = [(x + k * size * 0.32 + math.sin(i * 1.1 + k) * size * 0.1, y - i * size * 0.16) for i in range(8)]
        c.line(pts, (150, 150, 170), max(3.0, size * 0.12))
        c.line(pts, STEAM, max(2.0, size * 0.08))


def impact(c: Canvas, x: float, y: float, size: float, rng: random.Random) -> None:
    """A star burst where something hits: jagged yellow with an orange core."""
    pts = []
    for i in range(22):
        a = 2 * math.pi * i / 22
        rr = size * (0.5 if i % 2 == 0 else 0.22) * (rng.uniform(0.8, 1.15) if i % 2 == 0 else 1.0)
        pts.append((x + math.cos(a) * rr, y + math.sin(a) * rr))
    c.poly(pts, IMPACT, 2.0)
    c.poly([(x + (px - x) * 0.5, y + (py - y) * 0.5) for px, py in pts], IMPACT_CORE)


def shine(c: Canvas, x: float, y: float, size: float) -> None:
    """Rays and a glint around something precious at (x, y)."""
    for k in range(10):
        a = 2 * math.pi * k / 10
        r0, r1 = size * 0.55, size * (0.85 if k % 2 else 1.0)
        c.line([(x + math.cos(a) * r0, y + math.sin(a) * r0), (x + math.cos(a) * r1, y + math.sin(a) * r1)],
               SHINE, max(2.0, size * 0.06))
    for dx, dy, s in ((0.45, -0.5, 0.2), (-0.55, -0.2, 0.14)):
        c.poly(star_points(x + dx * size, y + dy * size, size * s, size * s * 0.28, 4), WHITE, 1.0)


def splash(c: Canvas, x: float, y: float, size: float, rng: random.Random) -> None:
    """Water thrown up at (x, y): a crown of drops and a ring on the surface."""
    c.ellipse(x, y, size * 0.7, size * 0.16, mix(SPLASH, WHITE, 0.5), 1.4)
    for k in range(7):
        a = math.radians(-160 + k * 23.3)
        d = size * rng.uniform(0.5, 0.8)
        dx, dy = x + math.cos(a) * d, y + math.sin(a) * d * 0.9
        s = size * rng.uniform(0.08, 0.13)
        c.poly([(dx, dy - s * 1.6), (dx + s, dy + s * 0.2), (dx, dy + s), (dx - s, dy + s * 0.2)], SPLASH, 1.2)
        c.ellipse(dx - s * 0.3, dy - s * 0.2, s * 0.25, s * 0.25, WHITE)


PAINTS: tuple[RGB, ...] = ((230, 60, 90), (250, 200, 40), (60, 140, 230), (70, 190, 110))


def paint_dabs(c: Canvas, x: float, y: float, size: float, rng: random.Random) -> None:
    """Paint flicked off a brush at (x, y): round dabs of four bright colours, each with a drip."""
    for k in range(6):
        a = math.radians(rng.uniform(-170, 10))
        d = size * rng.uniform(0.35, 0.9)
        dx, dy, s = x + math.cos(a) * d, y + math.sin(a) * d * 0.8, size * rng.uniform(0.08, 0.14)
        colour = PAINTS[k % len(PAINTS)]
        c.ellipse(dx, dy, s, s * 0.9, colour, 1.0)
        c.ellipse(dx + s * 0.4, dy + s * 1.1, s * 0.35, s * 0.45, colour)


def stars(c: Canvas, x: float, y: float, size: float) -> None:
    """Dizzy stars circling above a head at (x, y) (size: the head's radius)."""
    c.arc(x, y, size * 1.0, size * 0.3, 0, 360, (250, 230, 150), max(2.0, size * 0.05))
    for k in range(4):
        a = 2 * math.pi * k / 4 + 0.4
        sx, sy = x + math.cos(a) * size, y + math.sin(a) * size * 0.3
        c.poly(star_points(sx, sy, size * 0.22, size * 0.09, 5), STAR, 1.2)


def voice(c: Canvas, x: float, y: float, size: float, facing: int) -> None:
    """Three short strokes from a talking mouth: the sound of a voice, without a word."""
    for k in (-1, 0, 1):
        a = math.radians(k * 28)
        dx, dy = facing * math.cos(a), math.sin(a)
        c.line([(x + dx * size * 0.5, y + dy * size * 0.5), (x + dx * size, y + dy * size)], c.ink, 2.4, ink=True)


def thought(c: Canvas, x: float, y: float, size: float, facing: int) -> tuple[float, float, float]:
    """A thought cloud above-forward of a head at (x, y); returns its centre and radius (for what is thought)."""
    cx, cy, r = x + facing * size * 1.1, y - size * 1.9, size * 0.95
    for k, s in enumerate((0.12, 0.18)):
        c.ellipse(x + facing * size * (0.55 + 0.25 * k), y - size * (0.95 + 0.35 * k), size * s, size * s, WHITE, 1.4)
    lobes = [(cx + math.cos(a) * r * 0.75, cy + math.sin(a) * r * 0.5) for a in (2 * math.pi * i / 7 for i in range(7))]
    for lx, ly in lobes:
        c.ellipse(lx, ly, r * 0.42, r * 0.38, WHITE, 1.6)
    c.ellipse(cx, cy, r * 0.85, r * 0.6, WHITE)
    for lx, ly in lobes:
        c.ellipse(lx, ly, r * 0.36, r * 0.32, WHITE)
    return cx, cy, r * 0.6


def tremble(c: Canvas, x: float, y: float, size: float) -> None:
    """Short wavy lines either side of someone shaking with fear."""
    for side in (-1, 1):
        for k in range(2):
            px = x + side * size * (1.0 + 0.25 * k)
            pts = [(px + (size * 0.06 if i % 2 else -size * 0.06), y - size * 0.5 + i * size * 0.2) for i in range(6)]
            c.line(pts, c.ink, 2.0, ink=True)


def spotlight(c: Canvas, x: float, floor: float, width: float) -> None:
    """A stage light on someone: a pale cone from the top of the panel and a pool of light at the feet,
    laid over the picture (the scenery still shows through)."""
    u = c.u
    x0, x1 = max(0, round((x - width * 1.3) * u)), min(c.W, round((x + width * 1.3) * u))
    y1 = min(c.W, round((floor + width * 0.25) * u))
    if x1 <= x0 or y1 <= 0:
        return
    box = (x0, 0, x1, y1)
    region = c.img.crop(box)
    mask = Image.new("L", region.size, 0)
    d = ImageDraw.Draw(mask)
    d.polygon([(x * u - x0 - width * 0.25 * u, 0), (x * u - x0 + width * 0.25 * u, 0),
               (x * u - x0 + width * 1.2 * u, floor * u), (x * u - x0 - width * 1.2 * u, floor * u)], fill=70)
    d.ellipse((x * u - x0 - width * 1.25 * u, (floor - width * 0.18) * u, x * u - x0 + width * 1.25 * u,
               (floor + width * 0.18) * u), fill=110)
    lit = Image.new("RGB", region.size, (255, 246, 190))
    dim = Image.blend(c.img, Image.new("RGB", c.img.size, (20, 18, 40)), 0.45)  # the house lights go down
    c.img.paste(dim)
    c.img.paste(Image.composite(lit, region, mask), box[:2])


def gust(c: Canvas, x: float, y: float, length: float, direction: int) -> None:
    """A gust of wind from (x, y) blowing `direction` (1: right): a wavy white stroke ending in a curl."""
    pts = [(x + direction * length * i / 10, y + math.sin(i * 0.9) * length * 0.04) for i in range(11)]
    ex, ey = pts[-1]
    r = length * 0.08
    curl = [(ex + direction * r * math.sin(math.radians(a)), ey - r + r * math.cos(math.radians(a)))
            for a in range(0, 300, 30)]
    for colour, width in (((120, 140, 175), 10.0), ((250, 252, 255), 6.0)):
        c.line(pts + curl, colour, width)
