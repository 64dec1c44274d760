"""Open water in a painted place: its colours, and where it lies so things can float on it.

A painter that paints water (a river, a pond, the sea) returns a `Water`: the water's
horizontal spans, row by row, in panel units. The plan painter floats boats and ducks on
those spans (`spot`), and the snow blanket leaves them uncovered. The colours are shared so
every place's water reads as water at any hour: blue lit by the time of day, only a touch
of the sky's colour reflected near the horizon (a sunset sky mixed in half-and-half turns
a pond into sand).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from PIL import Image, ImageDraw

from services.art.procedural.palettes import RGB, Light, lighten, mix

Span = tuple[float, float, float]  # (y, left, right): the water on one row of `step` units

WATER_BLUE: RGB = (62, 140, 196)
DEEP_BLUE: RGB = (34, 92, 156)
SKY_REFLECTION = 0.12  # how much of the sky's horizon colour the far water mirrors


@dataclass(frozen=True)
class WaterColours:
    far: RGB  # near the horizon: mirrors a little of the sky
    near: RGB  # towards the viewer: deeper blue
    ripple: RGB
    glint: RGB  # the sun's or moon's reflection


def water_colours(light: Light) -> WaterColours:
    """Water lit by the panel's light: clearly blue at day, sunset and night, tinted but never sand."""
    far = mix(light(WATER_BLUE, strength=0.6), light.sky_bottom, SKY_REFLECTION)
    near = light(DEEP_BLUE, strength=0.8)
    if light.time == "night":
        glint = light.sun
    elif light.time in ("sunset", "dawn"):
        glint = mix(light.sun, (255, 230, 170), 0.35)
    else:
        glint = (255, 255, 235)
    return WaterColours(far=far, near=near, ripple=lighten(far, 0.45), glint=glint)


@dataclass(frozen=True)
class Water:
    """Where a painted place has open water: spans of `step` units, top to bottom."""

    spans: tuple[Span, ...]
    step: float
    busy: tuple[tuple[float, float, float, float], ...] = ()  # boxes of things painted on it (a moored boat)

    def at(self, y: float) -> list[tuple[float, float]]:
        """The water's (left, right) spans on the row holding `y`."""
        return [(x0, x1) for sy, x0, x1 in self.spans if sy <= y < sy + self.step]

    def contains(self, x: float, y: float) -> bool:
        return any(x0 <= x <= x1 for x0, x1 in self.at(y))

    def rows(self) -> Iterator[float]:
        return iter(sorted({y for y, _, _ in self.spans}))

    def surface_near(self, x: float, lowest: float, reach: float = 260.0, below: float = 0.0) -> tuple[float, float] | None:
        """The nearest water to a spot (x, `lowest`): the lowest row at or above `lowest` (within `reach`)
        whose water is closest to x, with water `below` it too (for the ripples), as (x, y); None when none."""
        best: tuple[float, float, float] | None = None
        for y, x0, x1 in self.spans:
            if not lowest - reach <= y <= lowest or x1 - x0 < 40:
                continue
            wx = min(max(x, x0 + 20), x1 - 20)
            if not self.contains(wx, y + self.step / 2 + below):
                continue
            cost = abs(wx - x) * 2 + (lowest - y)
            if best is None or cost < best[0]:
                best = (cost, wx, y + self.step / 2)
        return None if best is None else best[1:]

    def mask(self, size: int) -> Image.Image:
        """The water as a white-on-black mask of a `size`-pixel panel."""
        out = Image.new("L", (size, size), 0)
        draw, u = ImageDraw.Draw(out), size / 1000.0
        for y, x0, x1 in self.spans:
            draw.rectangle((x0 * u, y * u, x1 * u, (y + self.step) * u), fill=255)
        return out

    def spot(self, aspect: float, height_at: Callable[[float], float], avoid: list[tuple[float, float, float, float]],
             prefer_x: float) -> tuple[float, float, float] | None:
        """Where a thing floats: (x, waterline y, height), its hull inside the water and the frame.

        `height_at(y)` is its height at a waterline (nearer is bigger), `aspect` its width over height.
        What shows counts: bigger is better, hidden behind `avoid` boxes (the cast) is worse, and among
        equals the spot nearest `prefer_x` wins; None when no row of water is wide enough.
        """
        best: tuple[float, float, float, float] | None = None
        avoid = [*avoid, *self.busy]
        for y in self.rows():
            h = height_at(y)
            half = h * aspect / 2
            for x0, x1 in self.at(y):
                lo, hi = max(x0, 12.0) + half * 1.1, min(x1, 988.0) - half * 1.1
                if hi < lo or h < 24:
                    continue
                for x in {lo, hi, min(max(prefer_x, lo), hi), (lo + hi) / 2}:
                    box = (x - half, y - h, x + half, y + h * 0.1)
                    covered = sum(_overlap(box, other) for other in avoid) / max(1.0, (box[2] - box[0]) * (box[3] - box[1]))
                    score = h * (1 - min(1.0, covered)) ** 2 - abs(x - prefer_x) * 0.02  # what shows of it
                    if best is None or score > best[0]:
                        best = (score, x, y, h)
        return None if best is None else best[1:]


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def spans_between(top: float, bottom: float, step: float, edges: Callable[[float], list[tuple[float, float]]]) -> tuple[Span, ...]:
    """Sample a water shape row by row: `edges(y)` gives the (left, right) spans at the middle of each row,
    kept inside the panel."""
    out: list[Span] = []
    rows = max(1, math.ceil((bottom - top) / step))
    for i in range(rows):
        y = top + i * step
        for x0, x1 in edges(y + step / 2):
            x0, x1 = max(0.0, x0), min(1000.0, x1)
            if x1 - x0 > 1:
                out.append((y, x0, x1))
    return tuple(out)
