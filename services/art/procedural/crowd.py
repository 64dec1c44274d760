"""A crowd in the background: a crowded place, and whoever is in the panel beyond the four a panel stages.

Issue 19: "at most four figures without crowding, the rest as a background crowd". A crowd is a
row or two of small people along the horizon, heads and shoulders in seeded shirt colours, behind
the cast (drawn before it), so the place reads as full without anyone covering a face.
"""

from __future__ import annotations

import random

from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import RGB, mix

FRONT_ROW = 4  # figures a panel stages in front; the rest join the crowd
SHIRTS: tuple[RGB, ...] = ((214, 84, 72), (70, 120, 200), (236, 186, 70), (96, 168, 110), (160, 100, 180),
                           (240, 140, 60), (90, 90, 110))
SKINS: tuple[RGB, ...] = ((250, 214, 180), (222, 172, 130), (170, 118, 82), (120, 80, 56))


def paint(c: Canvas, horizon: float, rng: random.Random, extra: int = 0) -> int:
    """Two rows of small people standing along the horizon (more for each `extra` one sent back); how many."""
    n = 9 + 2 * extra
    drawn = 0
    for row, (y, s) in enumerate(((horizon + 30, 26.0), (horizon + 70, 34.0))):
        count = n // 2 + row
        for k in range(count):
            x = (k + 0.5) * 1000 / count + rng.uniform(-18, 18) + row * 20
            shirt, skin = rng.choice(SHIRTS), rng.choice(SKINS)
            if row == 0:
                shirt, skin = mix(shirt, (200, 205, 215), 0.35), mix(skin, (200, 205, 215), 0.3)  # further: paler
            h = s * rng.uniform(0.9, 1.15)
            c.ellipse(x, y - h * 0.2, h * 0.55, h * 0.75, shirt, 1.2)  # shoulders
            c.ellipse(x, y - h * 1.05, h * 0.36, h * 0.36, skin, 1.2)  # head
            drawn += 1
    return drawn
