"""A character's body space (the poses themselves are in `poses.py`).

Characters are drawn in their own coordinates (feet at the origin, about 100
units tall, facing right) and `Body` maps those onto the panel with a scale, a
facing and a lean, so one drawing routine serves every pose, flips for facing
left and tilts for running, flying and falling. Shapes are shaded the cel way:
a shadow tone, a lit shape nudged towards the light, and an ink outline.
"""

from __future__ import annotations

import math

from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import RGB, shade
from services.art.procedural.poses import POSES, Pose, pose_for

Point = tuple[float, float]
PIVOT = (0.0, -40.0)
__all__ = ["POSES", "Body", "Pose", "elbow", "pose_for"]


class Body:
    """Maps body coordinates onto the canvas and draws outlined, cel-shaded parts."""

    def __init__(self, c: Canvas, x: float, y: float, scale: float, facing: int, tilt: float = 0.0) -> None:
        self.c, self.x, self.y, self.s, self.dir = c, x, y, scale, facing
        rad = math.radians(tilt)
        self.cos, self.sin = math.cos(rad), math.sin(rad)
        self.line = 1.7 * scale  # ink width in canvas units before the style's weight

    def pt(self, x: float, y: float) -> Point:
        px, py = x - PIVOT[0], y - PIVOT[1]
        rx, ry = px * self.cos - py * self.sin + PIVOT[0], px * self.sin + py * self.cos + PIVOT[1]
        return (self.x + self.dir * rx * self.s, self.y + ry * self.s)

    def pts(self, pts: list[Point]) -> list[Point]:
        return [self.pt(x, y) for x, y in pts]

    # --- parts ---------------------------------------------------------------
    def oval_pts(self, cx: float, cy: float, rx: float, ry: float, n: int = 20) -> list[Point]:
        return [self.pt(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]

    def oval(self, cx: float, cy: float, rx: float, ry: float, fill: RGB | None, ink: bool = True,
             shaded: bool = True) -> None:
        """An outlined ellipse with a cel shadow on the side away from the light."""
        c = self.c
        if fill is None:
            c.poly(self.oval_pts(cx, cy, rx, ry), None, self.line)
            return
        if not shaded:
            c.poly(self.oval_pts(cx, cy, rx, ry), fill, self.line if ink else 0)
            return
        c.poly(self.oval_pts(cx, cy, rx, ry), shade(fill))
        # The lit part is offset in screen space (light from the upper left), whatever the facing.
        ox, oy = -0.16 * rx * self.dir, -0.14 * ry
        lit = [(x, y) for x, y in self.oval_pts(cx + ox, cy + oy, rx * 0.9, ry * 0.9)]
        c.poly(lit, fill)
        if ink:
            c.poly(self.oval_pts(cx, cy, rx, ry), None, self.line)

    def shape(self, pts: list[Point], fill: RGB | None, ink: bool = True) -> None:
        self.c.poly(self.pts(pts), fill, self.line if ink else 0)

    def limb(self, pts: list[Point], width: float, fill: RGB, end: float = 0.0, end_fill: RGB | None = None) -> None:
        """A thick outlined limb through `pts`, with a rounded end (a hand or a foot) of radius `end`."""
        c = self.c
        screen = self.pts(pts)
        ink_w = width * self.s + 2 * c.lw(self.line) / c.u
        c.line(screen, c.ink, ink_w)
        for x, y in screen:
            c.ellipse(x, y, ink_w / 2, ink_w / 2, c.ink)
        c.line(screen, fill, width * self.s)
        c.ellipse(screen[0][0], screen[0][1], width * self.s / 2, width * self.s / 2, fill)
        for x, y in screen[1:-1]:
            c.ellipse(x, y, width * self.s / 2, width * self.s / 2, fill)
        if end:
            ex, ey = pts[-1]
            self.oval(ex, ey, end, end, end_fill or fill, shaded=False)
        else:
            x, y = screen[-1]
            c.ellipse(x, y, width * self.s / 2, width * self.s / 2, fill)

    def stroke(self, pts: list[Point], width: float, fill: RGB | None = None) -> None:
        """An ink stroke (brows, mouths, whiskers) `width` body units wide."""
        self.c.line(self.pts(pts), fill or self.c.ink, max(0.6, width * self.s * self.c.weight ** 0.5))

    def arc_pts(self, cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 10) -> list[Point]:
        return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
                 cy + ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def elbow(shoulder: Point, hand: Point, bend: float = 0.22) -> list[Point]:
    """Shoulder, elbow, hand: the elbow pushed out sideways so arms read as arms, not sticks."""
    (x0, y0), (x1, y1) = shoulder, hand
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    dx, dy = x1 - x0, y1 - y0
    return [shoulder, (mx - dy * bend, my + dx * bend), hand]
