"""Drawing primitives in panel units, with ink outlines.

Pillow draws without anti-aliasing, so a panel is drawn at twice its size and
reduced at the end. Scenery and effects speak in "units" (the panel is 1000
units wide, whatever its pixel size), so no other module thinks about pixels or
the supersampling factor; the style decides ink colour and line weight here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import overload

from PIL import Image, ImageDraw

from services.art.procedural.palettes import INK, RGB

Point = tuple[float, float]
SUPERSAMPLE = 2


class Canvas:
    """An RGB image in units; `weight` scales every ink line (the style's pen)."""

    def __init__(self, size: int, ink: RGB = INK, weight: float = 1.0, image: Image.Image | None = None,
                 recolour: Callable[[RGB], RGB] | None = None) -> None:
        self.size = size
        self.W = size * SUPERSAMPLE
        self.img = image if image is not None else Image.new("RGB", (self.W, self.W))
        self.draw = ImageDraw.Draw(self.img)
        self.u = self.W / 1000.0
        self.ink = ink
        self.weight = weight
        # A style may remap every fill (pop art flattens to loud primaries); ink is never remapped.
        self.recolour = recolour

    @overload
    def col(self, c: RGB) -> RGB: ...
    @overload
    def col(self, c: None) -> None: ...
    def col(self, c: RGB | None) -> RGB | None:
        if c is None or self.recolour is None or c == self.ink:
            return c
        return self.recolour(c)

    # --- conversions -------------------------------------------------------
    def px(self, v: float) -> float:
        return v * self.u

    def lw(self, units: float) -> int:
        """An ink line width in pixels for a line of `units` at weight 1."""
        return max(1, round(units * self.u * self.weight))

    def _pts(self, pts: Sequence[Point]) -> list[tuple[float, float]]:
        u = self.u
        return [(x * u, y * u) for x, y in pts]

    # --- shapes ------------------------------------------------------------
    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: RGB | None, line: float = 0.0,
             outline: RGB | None = None) -> None:
        u = self.u
        box = (x0 * u, y0 * u, max(x0, x1) * u, max(y0, y1) * u)
        self.draw.rectangle(box, fill=self.col(fill), outline=(outline or self.ink) if line else None,
                            width=self.lw(line) if line else 0)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: RGB | None, line: float = 0.0,
                outline: RGB | None = None) -> None:
        u = self.u
        box = ((cx - rx) * u, (cy - ry) * u, (cx + rx) * u, (cy + ry) * u)
        if box[2] - box[0] < 1 or box[3] - box[1] < 1:
            return
        self.draw.ellipse(box, fill=self.col(fill), outline=(outline or self.ink) if line else None,
                          width=self.lw(line) if line else 0)

    def poly(self, pts: Sequence[Point], fill: RGB | None, line: float = 0.0, outline: RGB | None = None) -> None:
        if len(pts) < 3:
            return
        self.draw.polygon(self._pts(pts), fill=self.col(fill), outline=(outline or self.ink) if line else None,
                          width=self.lw(line) if line else 0)

    def line(self, pts: Sequence[Point], fill: RGB, width: float, ink: bool = False) -> None:
        """A polyline `width` units wide; `ink=True` scales it with the style's pen."""
        w = self.lw(width) if ink else max(1, round(width * self.u))
        self.draw.line(self._pts(pts), fill=self.col(fill), width=w, joint="curve")

    def arc(self, cx: float, cy: float, rx: float, ry: float, start: float, end: float, fill: RGB,
            width: float) -> None:
        u = self.u
        self.draw.arc(((cx - rx) * u, (cy - ry) * u, (cx + rx) * u, (cy + ry) * u), start, end, fill=self.col(fill),
                      width=max(1, self.lw(width)))

    def gradient(self, x0: float, y0: float, x1: float, y1: float, top: RGB, bottom: RGB) -> None:
        """A vertical gradient filling a box: skies, walls, sea and ground.

        Drawn as one band per distinct colour, which is cheaper than resizing a ramp.
        """
        u = self.u
        px0, py0, px1, py1 = int(x0 * u), int(y0 * u), int(math.ceil(x1 * u)), int(math.ceil(y1 * u))
        height = py1 - py0
        if px1 <= px0 or height <= 0:
            return
        top, bottom = self.col(top), self.col(bottom)
        steps = max(1, min(height, max(abs(a - b) for a, b in zip(top, bottom)) + 1, 160))
        rect = self.draw.rectangle
        for i in range(steps):
            t = i / max(1, steps - 1)
            col = (round(top[0] + (bottom[0] - top[0]) * t), round(top[1] + (bottom[1] - top[1]) * t),
                   round(top[2] + (bottom[2] - top[2]) * t))
            rect((px0, py0 + height * i // steps, px1 - 1, py0 + height * (i + 1) // steps), fill=col)

    def finish(self) -> Image.Image:
        """The panel at its real size (the supersampled image reduced)."""
        return self.img.reduce(SUPERSAMPLE)


def inked_poly(c: Canvas, pts: Sequence[Point], fill: RGB | None, line: float = 0.0,
               outline: RGB | None = None) -> None:
    """A polygon with its ink drawn as a closed line: the same look as `Canvas.poly`, without the full-size mask
    Pillow builds for every wide polygon outline (a painter with hundreds of small inked shapes stays fast)."""
    if len(pts) < 3:
        return
    if fill is not None:
        c.poly(pts, fill)
    if line:
        c.line([*pts, pts[0], pts[1]], outline or c.ink, line, ink=True)


def ellipse_points(cx: float, cy: float, rx: float, ry: float, n: int = 28, start: float = 0.0,
                   end: float = 360.0) -> list[Point]:
    out = []
    for i in range(n + 1 if end - start < 360 else n):
        a = math.radians(start + (end - start) * i / (n if end - start < 360 else n))
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def star_points(cx: float, cy: float, r_out: float, r_in: float, points: int = 5, rot: float = -90.0) -> list[Point]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def heart_points(cx: float, cy: float, s: float, n: int = 24) -> list[Point]:
    """A heart `s` units tall, from the classic parametric curve."""
    out = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        out.append((cx + x * s / 32, cy - y * s / 32))
    return out
