"""A shop told by what it sells, for the shops without a room of their own: a hat shop, a shoe shop, a pet shop.

The flower shop, the bakery, the ice-cream café and the toy shop have painted goods (`scenery_shops`). Any
other shop is this room: shelving on both sides of the back wall, a counter with a till between them, a
shop window onto the weather. The shelves are painted empty and cached
with the room; `stock` then fills them with the pictogram of what the prompt says the shop sells (hats in
a hat shop), or with wrapped boxes and jars when it names nothing a pictogram shows.
"""

from __future__ import annotations

import random

from services.art import pictograms
from services.art.procedural.backgrounds import View, room, wall_s, wall_x, window
from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import RGB, Light, lighten, shade
from services.art.procedural.scenery_shops import counter, shelf, till

MID = 1.5
UNITS = ((20, 300), (700, 980))  # the two shelving units, in wall units across the back wall
ROWS = 3  # shelves per unit; the goods stand on them
ROW_GAP = 150
WRAPPING: tuple[RGB, ...] = ((226, 80, 80), (70, 130, 220), (250, 200, 60), (90, 180, 110), (190, 110, 210),
                             (245, 150, 60))


def _rows(v: View) -> list[tuple[float, float, float]]:
    """Each shelf's left end, right end and top (screen units), lowest first."""
    fy = v.horizon + 40
    return [(wall_x(v, a) + 14, wall_x(v, b) - 14, fy - wall_s(v, 40 + row * ROW_GAP))
            for a, b in UNITS for row in range(ROWS)]


def shop(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """The room: a warm wall, a wooden floor, two empty shelving units, a window, a counter and a till."""
    def lt(col: RGB) -> RGB:
        return L(col, strength=0.55)
    fy = room(c, v, L, rng.choice(((236, 214, 186), (200, 222, 214), (232, 200, 206))), (170, 124, 86))
    wood = lt((178, 122, 72))
    for a, b in UNITS:
        x0, x1 = wall_x(v, a), wall_x(v, b)
        c.rect(x0, fy - wall_s(v, 40 + ROWS * ROW_GAP), x1, fy, shade(wood, 0.35), MID)  # the unit's back
        c.rect(x0, fy - wall_s(v, 40 + ROWS * ROW_GAP) - 14, x1, fy - wall_s(v, 40 + ROWS * ROW_GAP), wood, MID)
    for x0, x1, top in _rows(v):
        shelf(c, x0 - 14, x1 + 14, top, wall_s(v, 12), wood)
    window(c, wall_x(v, 380), fy - wall_s(v, 560), wall_x(v, 620), fy - wall_s(v, 330), L, rng, lt((250, 250, 246)))
    top = counter(c, v, lt, fy, 340, 660, (120, 84, 60), (226, 196, 150))
    till(c, v.x(500 + rng.choice((-90, 90))), top, v.zoom, lt)


def stock(c: Canvas, v: View, code: str | None, rng: random.Random) -> None:
    """Fill the shelves: the pictogram of what the shop sells, else wrapped boxes and jars."""
    u = c.u
    for x0, x1, top in _rows(v):
        size = wall_s(v, ROW_GAP * 0.52)
        x = x0 + size * 0.55
        while x < x1 - size * 0.4:
            if code:
                pictograms.paste(c.img, code, x * u, top * u, round(size * u), flip=rng.random() < 0.5, ink=c.ink,
                                 shadow=False)
            else:
                _wrapped(c, x, top, size, rng)
            x += size * rng.uniform(0.95, 1.1)


def _wrapped(c: Canvas, x: float, base: float, size: float, rng: random.Random) -> None:
    """A box with a ribbon, or a jar with a lid."""
    col = rng.choice(WRAPPING)
    if rng.random() < 0.5:
        w, h = size * 0.38, size * rng.uniform(0.5, 0.8)
        c.rect(x - w, base - h, x + w, base, col, MID)
        c.rect(x - w * 0.15, base - h, x + w * 0.15, base, lighten(col, 0.6), 1.0)
    else:
        w, h = size * 0.3, size * 0.62
        c.rect(x - w, base - h, x + w, base, lighten(col, 0.45), MID)
        c.rect(x - w * 1.1, base - h - size * 0.1, x + w * 1.1, base - h, shade(col, 0.2), MID)


PAINTERS = {"shop": shop}
