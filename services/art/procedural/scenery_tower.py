"""The top of a tall tower: 'au sommet de la tour Eiffel', 'on top of the Tokyo Tower'.

It was read as a mountain summit or the street at the tower's foot. From up here the city lies far below,
small and hazed under a wide sky; the viewing deck's iron railing of crossed girders runs along its edge,
the tower's own lattice rises at both sides towards the tip, and a coin telescope stands on the riveted
deck where the cast stands.
"""

from __future__ import annotations

import random

from services.art.procedural.backgrounds import View, sky
from services.art.procedural.canvas import Canvas, inked_poly
from services.art.procedural.palettes import RGB, Light, mix, shade

IRON: RGB = (122, 92, 70)  # the Eiffel Tower's bronze-brown paint; it reads as iron in every light
DECK: RGB = (150, 140, 128)
MID = 1.5


def tower_top(c: Canvas, v: View, L: Light, rng: random.Random) -> None:
    """The viewing deck at a tower's top, the city far below."""
    sky(c, v, L, rng)
    edge = v.horizon + v.s(40)  # the deck's railing stands where the roofs of a rooftop would
    _city_below(c, v, L, rng, edge)
    iron = L(IRON)
    _lattice_legs(c, v, iron, edge)
    _deck(c, v, L, edge)
    _railing(c, v, iron, edge)
    side = rng.choice((-1, 1))
    _telescope(c, v.x(500 + side * 360, 0.1), edge + v.s(150), v.s(1.0, 0.1), L)


def _city_below(c: Canvas, v: View, L: Light, rng: random.Random, edge: float) -> None:
    """Tiny blocks of streets far down to the horizon, hazed into the sky, lit windows at night; a river winds
    through them. Seen from above, their roofs are what shows."""
    h0 = v.horizon - v.s(230, 0.9)  # the land's horizon: far below us, so higher in the picture than a roof's
    haze = L.sky_bottom
    c.gradient(0, h0, 1000, edge, mix(L((120, 150, 120), depth=0.8), haze, 0.5), L((110, 130, 110), depth=0.5))
    river = L((120, 170, 210), depth=0.6)
    bend = rng.uniform(-120, 120)
    c.line([(v.x(-100 + bend, 0.8), edge), (v.x(300 + bend, 0.8), h0 + (edge - h0) * 0.55),
            (v.x(700 - bend, 0.85), h0 + (edge - h0) * 0.25), (v.x(1100, 0.9), h0 + 6)], river, v.s(14, 0.8))
    night = L.time == "night"
    rows = 8
    for r in range(rows):
        t = (r + 1) / rows  # 0 far, 1 near: nearer rows are bigger and lower
        y = h0 + (edge - h0) * t * t
        size = 8 + 46 * t * t
        x = -200.0 + rng.uniform(0, size)
        while x < 1200:
            w = size * rng.uniform(0.8, 1.6)
            roof = L(rng.choice(((196, 160, 130), (170, 170, 178), (150, 110, 96), (210, 200, 180))), depth=1 - t)
            wall = mix(roof, haze, 0.35 * (1 - t))
            bx = v.x(x, 0.9 - 0.4 * t)
            c.rect(bx, y - size * 0.6, bx + w, y, shade(wall, 0.15))
            c.rect(bx, y - size * 0.6, bx + w, y - size * 0.35, wall)
            if night and rng.random() < 0.5:
                c.rect(bx + w * 0.3, y - size * 0.3, bx + w * 0.45, y - size * 0.15, (255, 214, 110))
            x += w + size * rng.uniform(0.3, 0.9)


def _lattice_legs(c: Canvas, v: View, iron: RGB, edge: float) -> None:
    """The tower's own girders at both sides, leaning in towards its tip above the panel: it is this tower's top,
    not any roof."""
    for side in (-1, 1):
        outer = [v.x(500 + side * 430, 0.85), v.x(500 + side * 345, 0.85)]  # foot and head x of the outer beam
        inner = [v.x(500 + side * 375, 0.85), v.x(500 + side * 310, 0.85)]  # (far enough to stay in a close-up)
        foot, head = edge + v.s(40), -20.0
        inked_poly(c, [(outer[0], foot), (inner[0], foot), (inner[1], head), (outer[1], head)], None, MID)

        def at(beam: list[float], t: float, foot: float = foot, head: float = head) -> tuple[float, float]:
            return beam[0] + (beam[1] - beam[0]) * t, foot + (head - foot) * t
        for k in range(9):  # cross-bracing between the two beams, the lattice that says "iron tower"
            t0, t1 = k / 9, (k + 1) / 9
            c.line([at(outer, t0), at(inner, t1)], iron, v.s(5, 0.85))
            c.line([at(inner, t0), at(outer, t1)], iron, v.s(5, 0.85))
            c.line([at(outer, t0), at(inner, t0)], shade(iron, 0.2), v.s(4, 0.85))
        c.line([(outer[0], foot), (outer[1], head)], iron, v.s(12, 0.85), ink=True)
        c.line([(inner[0], foot), (inner[1], head)], iron, v.s(10, 0.85), ink=True)


def _deck(c: Canvas, v: View, L: Light, edge: float) -> None:
    """Riveted iron plates underfoot, their joints running towards the viewer."""
    c.gradient(0, edge, 1000, 1000, L(DECK), L(shade(DECK, 0.25)))
    vx = 500 + v.pan * 0.5
    joint = L(shade(DECK, 0.3))
    for i in range(-8, 9):
        c.line([(vx + i * 90 * v.zoom, edge), (vx + i * 260 * v.zoom, 1000)], joint, 1.6)
    for y in (edge + v.s(60), edge + v.s(170), edge + v.s(330)):
        c.line([(0, y), (1000, y)], joint, 1.4)


def _railing(c: Canvas, v: View, iron: RGB, edge: float) -> None:
    """The railing at the deck's edge: a top rail, posts and a band of crossed bars, with the city through it."""
    top, low = edge - v.s(110), edge
    step = v.s(70)
    x = (v.pan * 0.9) % step - step
    while x < 1000 + step:
        c.line([(x, low), (x + step, top + v.s(20))], iron, v.s(4))
        c.line([(x, top + v.s(20)), (x + step, low)], iron, v.s(4))
        c.line([(x, top), (x, low)], iron, v.s(7), ink=True)
        x += step
    c.rect(-10, top - v.s(8), 1010, top + v.s(8), iron, MID)
    c.rect(-10, low - v.s(6), 1010, low + v.s(6), shade(iron, 0.2), MID)


def _telescope(c: Canvas, x: float, y: float, s: float, L: Light) -> None:
    """A coin-operated telescope on its post, tilted towards the view."""
    metal = L((84, 120, 150))
    c.rect(x - 9 * s, y - 150 * s, x + 9 * s, y, shade(metal, 0.2), MID)
    c.ellipse(x, y, 34 * s, 10 * s, shade(metal, 0.3), MID)
    c.rect(x - 26 * s, y - 200 * s, x + 26 * s, y - 146 * s, metal, MID)  # the coin box and head
    inked_poly(c, [(x - 20 * s, y - 196 * s), (x + 70 * s, y - 226 * s), (x + 78 * s, y - 196 * s),
                   (x - 14 * s, y - 168 * s)], metal, MID)
    c.ellipse(x + 74 * s, y - 211 * s, 8 * s, 16 * s, (40, 40, 48), MID)


PAINTERS = {"tower_top": tower_top}
