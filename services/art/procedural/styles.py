"""Styles: the pen a panel is drawn with and the print process it goes through.

A style is more than a tint: it sets the ink colour and line weight used while
drawing, and a post-process on the finished panel (manga screentone, pop-art
Ben-Day dots, noir contrast with one accent colour, watercolour washes on
paper). Every post-process is a handful of whole-image Pillow operations with
dot patterns and textures built once per size, so a style costs a few ms.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageEnhance

from services.art.procedural.palettes import INK, RGB, hex_rgb
from services.config import ASSETS_DIR

Post = Callable[[Image.Image], Image.Image]


@dataclass(frozen=True)
class Style:
    name: str
    ink: RGB
    line_weight: float
    border: RGB
    post: Post
    recolour: Callable[[RGB], RGB] | None = None


# Pop art prints in a handful of loud inks; every fill is snapped to the nearest one while drawing.
POP_INKS: tuple[RGB, ...] = ((235, 30, 45), (255, 222, 0), (20, 90, 215), (80, 200, 255), (255, 205, 180),
                             (255, 255, 255), (30, 30, 30), (30, 175, 75), (255, 140, 0), (170, 225, 255),
                             (150, 60, 190), (255, 240, 150), (255, 110, 170), (25, 40, 120), (140, 75, 35),
                             (175, 175, 185), (255, 175, 90))


@lru_cache(maxsize=4096)
def pop_recolour(c: RGB) -> RGB:
    r, g, b = c[:3]
    best, best_d = POP_INKS[0], 1e9
    for p in POP_INKS:
        # Weighted distance (green matters most to the eye), and a nudge towards saturated inks.
        d = 2 * (r - p[0]) ** 2 + 4 * (g - p[1]) ** 2 + 3 * (b - p[2]) ** 2
        if d < best_d:
            best, best_d = p, d
    return best


# --- textures (built once per size) ---------------------------------------------

def _tile(tile: Image.Image, size: int) -> Image.Image:
    """Repeat a small tile over size × size with a few doubling pastes."""
    out = Image.new(tile.mode, (size, size))
    row = Image.new(tile.mode, (size, tile.height))
    for x in range(0, size, tile.width):
        row.paste(tile, (x, 0))
    for y in range(0, size, tile.height):
        out.paste(row, (0, y))
    return out


@lru_cache(maxsize=8)
def dot_threshold(size: int, period: int) -> Image.Image:
    """A clustered-dot threshold screen: high at dot centres (45° lattice), low between them."""
    tile = Image.new("L", (period, period))
    centres = [(0, 0), (period, 0), (0, period), (period, period), (period / 2, period / 2)]
    dmax = period / math.sqrt(2) / 2 * 1.05
    px = tile.load()
    assert px is not None
    for y in range(period):
        for x in range(period):
            d = min(math.hypot(x + 0.5 - cx, y + 0.5 - cy) for cx, cy in centres)
            px[x, y] = max(1, min(255, round(255 * (1 - d / dmax))))
    return _tile(tile, size)


@lru_cache(maxsize=8)
def dot_mask(size: int, period: int, radius: float) -> Image.Image:
    """Round dots on a 45° lattice, white = dot (Ben-Day printing)."""
    scale = 4
    big = Image.new("L", (period * scale, period * scale), 0)
    d = ImageDraw.Draw(big)
    r = radius * scale
    for cx, cy in ((0, 0), (period, 0), (0, period), (period, period), (period / 2, period / 2)):
        d.ellipse((cx * scale - r, cy * scale - r, cx * scale + r, cy * scale + r), fill=255)
    return _tile(big.resize((period, period), Image.Resampling.BOX), size)


@lru_cache(maxsize=4)
def blinds_mask(size: int) -> Image.Image:
    """Diagonal venetian-blind shadows, the signature of film noir."""
    small = Image.new("L", (200, 200), 0)
    d = ImageDraw.Draw(small)
    for k in range(-10, 12):  # light through the slats falls on the upper right of the room
        x = k * 24
        d.polygon([(x, 0), (x + 10, 0), (x + 10 + 120, 200), (x + 120, 200)], fill=100)
    d.polygon([(0, 0), (95, 0), (0, 200)], fill=0)
    d.polygon([(0, 200), (200, 200), (0, 110)], fill=0)
    return small.resize((size, size), Image.Resampling.BILINEAR)


@lru_cache(maxsize=4)
def vignette_inverse(size: int, strength: int = 200) -> Image.Image:
    """255 in the middle, darker towards the corners: multiplied in, it is a vignette."""
    ring = Image.radial_gradient("L").resize((size, size), Image.Resampling.BILINEAR)
    return ring.point(lambda v: 255 - max(0, min(255, int((v - 150) * strength / 105))))


@lru_cache(maxsize=4)
def paper(size: int) -> Image.Image:
    """Cream paper with soft mottling. Low-frequency on purpose: fine grain would make PNGs slow and huge."""
    blotch = Image.effect_noise((max(8, size // 12), max(8, size // 12)), 26).resize((size, size), Image.Resampling.BILINEAR)
    fibre = Image.effect_noise((max(8, size // 5), max(8, size // 5)), 18).resize((size, size), Image.Resampling.BILINEAR)
    # Quantised into a few tones: flat patches compress well and still read as paper.
    mixed = ImageChops.add(blotch.point(lambda v: v // 2), fibre.point(lambda v: v // 2)).point(lambda v: v // 24 * 24)
    r = mixed.point(lambda v: 222 + (v - 128) // 6)
    g = mixed.point(lambda v: 214 + (v - 128) // 6)
    b = mixed.point(lambda v: 198 + (v - 128) // 6)
    return Image.merge("RGB", (r, g, b))


# --- post-processes ----------------------------------------------------------------

def _classic(img: Image.Image) -> Image.Image:
    return ImageEnhance.Color(img).enhance(1.12)


def _manga_levels(v: int) -> int:
    # Black ink, two screentones and white paper: the four values of a manga page.
    if v < 52:
        return 0
    if v < 118:
        return 92
    if v < 178:
        return 170
    if v < 226:
        return 218
    return 255


_MANGA_LUT = [_manga_levels(v) for v in range(256)]


def _manga(img: Image.Image) -> Image.Image:
    size = img.width
    grey = img.convert("L").point(_MANGA_LUT)
    screen = dot_threshold(size, max(4, round(size / 110)))
    ink = ImageChops.subtract(screen, grey)  # > 0 where the screen is above the tone: a dot
    return ink.point(lambda v: 0 if v > 0 else 255).convert("RGB")


def _pop_art(img: Image.Image) -> Image.Image:
    # Light inks (sky, skin, pale yellow) are printed as Ben-Day dots of the ink on white paper.
    size = img.width
    period = max(6, round(size / 64))
    light_areas = img.convert("L").point(lambda v: 255 if 160 <= v < 250 else 0)
    dotted = Image.composite(img.point(lambda v: max(0, v - 40)), Image.new("RGB", img.size, (255, 252, 245)),
                             dot_mask(size, period, 0.36 * period))
    return Image.composite(dotted, img, light_areas)


_NOIR_R = [min(255, max(0, int(255 * (1 / (1 + math.exp(-(v - 120) / 28)))))) for v in range(256)]


def _noir(img: Image.Image) -> Image.Image:
    # Contrast, blind shadows and vignette are applied to one grey channel (a third of the work),
    # then tinted cold; only true reds (green and blue both under half of red) keep their colour.
    size = img.width
    grey = img.convert("L").point(_NOIR_R)
    grey = Image.composite(grey.point(lambda v: v // 2), grey, blinds_mask(size))
    grey = ImageChops.multiply(grey, vignette_inverse(size))
    mono = Image.merge("RGB", (grey, grey.point(lambda v: int(v * 0.97)), grey.point(lambda v: min(255, int(v * 1.05 + 4)))))
    r, g, b = img.split()
    half = r.point(lambda v: v * 48 // 100)
    redness = ImageChops.darker(ImageChops.subtract(half, g), ImageChops.subtract(half, b))
    return Image.composite(img, mono, redness.point(lambda v: 255 if v > 6 else 0))


def _watercolor(img: Image.Image) -> Image.Image:
    # Washes bleed past the pencil: two offset copies blended in give soft doubled edges while
    # flat areas stay flat (a blur would cost more and make every PNG slow to encode).
    size = img.width
    shift = max(1, size // 200)
    wash = Image.blend(img, ImageChops.offset(img, shift * 2, shift), 0.3)
    wash = Image.blend(wash, ImageChops.offset(img, -shift, shift * 2), 0.2)
    soft = ImageEnhance.Color(wash).enhance(0.82)
    sheet = paper(size)
    return ImageChops.multiply(Image.blend(soft, sheet, 0.2), sheet.point(lambda v: min(255, v + 34)))


POSTS: dict[str, Post] = {"classic": _classic, "manga": _manga, "noir": _noir, "pop_art": _pop_art,
                          "watercolor": _watercolor}
DEFAULTS: dict[str, tuple[str, float]] = {"classic": ("#16121a", 1.0), "manga": ("#000000", 1.05),
                                          "noir": ("#0a0a0e", 1.15), "pop_art": ("#000000", 1.55),
                                          "watercolor": ("#4a3a36", 0.55)}


@lru_cache(maxsize=1)
def _presets() -> dict[str, dict]:
    return json.loads((ASSETS_DIR / "styles.json").read_text(encoding="utf-8"))


def style_for(name: str) -> Style:
    """The style preset `name` (unknown names fall back to classic rather than failing a render)."""
    key = name if name in POSTS else "classic"
    preset = _presets().get(key, {})
    ink_default, weight_default = DEFAULTS[key]
    ink = hex_rgb(preset.get("ink", ink_default))
    return Style(name=key, ink=ink, line_weight=float(preset.get("line_weight", weight_default)),
                 border=hex_rgb(preset.get("border", "#000000")), post=POSTS[key],
                 recolour=pop_recolour if key == "pop_art" else None)


__all__ = ["Style", "style_for", "INK"]
