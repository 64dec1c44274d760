"""The open sea seen from a ship's deck: where people who sail, row or fish on the sea stand.

A sea story about people ("a pirate sails across the sea") is told on the surface, not on the sea
floor: sky, the open sea to the horizon with a far sail, and in front the wooden deck with its rail
and mast, which is where the cast stands. Same recipe as the other painters: far things without ink,
near things with it, sizes through the `View`.
"""

from __future__ import annotations

import random

from services.art.procedural.backgrounds import View, sky
from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import Light, shade
from services.art.procedural.water import Water, spans_between, water_colours

NEAR = 2.2  # ink width of near scenery, in units
WOOD = (176, 122, 72)
DARK_WOOD = (120, 80, 48)
SAIL = (246, 240, 226)


def ship_deck(c: Canvas, v: View, L: Light, rng: random.Random) -> Water:
    sky(c, v, L, rng)
    h0 = v.horizon
    deck_top = h0 + v.s(150, 0.3)
    colours = water_colours(L)
    c.gradient(0, h0, 1000, deck_top, colours.far, colours.near)
    for _ in range(18):  # wave crests, wider towards the viewer
        y = rng.uniform(h0 + 6, deck_top - 6)
        w = 14 + (y - h0) * 0.35
        c.arc(rng.uniform(0, 1000), y, w, 5, 200, 340, colours.ripple, 1.5)
    far = v.x(rng.uniform(150, 850), 0.8)  # another ship far off
    c.poly([(far - 26, h0 - 3), (far + 26, h0 - 3), (far + 18, h0 + 5), (far - 18, h0 + 5)], L(DARK_WOOD, depth=0.7))
    c.poly([(far, h0 - 48), (far, h0 - 6), (far + 28, h0 - 8)], L(SAIL, depth=0.7))
    _deck(c, v, L, deck_top)
    _rail(c, v, L, rng, deck_top)
    _mast(c, v, L, rng, deck_top)
    return Water(spans_between(h0 + 4, deck_top - v.s(40, 0.3), 6.0, lambda y: [(0.0, 1000.0)]), 6.0)


def _deck(c: Canvas, v: View, L: Light, top: float) -> None:
    """Planks running away from the viewer, their seams converging towards the middle of the horizon."""
    c.rect(0, top, 1000, 1000, L(WOOD))
    for i in range(-6, 17):  # seams fan out from a point far behind the rail
        x_far = 500 + (i - 5) * v.s(60)
        x_near = 500 + (i - 5) * v.s(150)
        c.line([(x_far, top), (x_near, 1000)], L(shade(WOOD, 0.3)), 1.4)
    for y in (top + v.s(90), top + v.s(230)):
        c.line([(0, y), (1000, y)], L(shade(WOOD, 0.2)), 1.0)


def _rail(c: Canvas, v: View, L: Light, rng: random.Random, top: float) -> None:
    """The bulwark along the deck's far edge: posts and a top rail, hiding the sea's lowest strip."""
    height = v.s(70)
    c.rect(0, top - height * 0.35, 1000, top + 4, L(DARK_WOOD), NEAR)
    x = rng.uniform(-20, 40)
    while x < 1020:
        c.rect(x, top - height, x + v.s(12), top - height * 0.35, L(DARK_WOOD), NEAR)
        x += v.s(95)
    c.rect(-5, top - height - v.s(10), 1005, top - height, L(shade(WOOD, 0.1)), NEAR)


def _mast(c: Canvas, v: View, L: Light, rng: random.Random, top: float) -> None:
    """A mast at one side with its sail bellied in the wind: the deck is a ship's."""
    x = 500 + rng.choice((-1, 1)) * v.s(390)
    width = v.s(26)
    c.rect(x - width / 2, -10, x + width / 2, top + v.s(40), L(DARK_WOOD), NEAR)
    spar = v.s(230)
    left = x - spar if x > 500 else x
    for y in (v.s(60), top - v.s(220)):
        c.rect(left - 4, y - 6, left + spar + 4, y + 6, L(DARK_WOOD), NEAR)
    bulge = v.s(40)
    upper, lower = v.s(66), top - v.s(226)
    c.poly([(left, upper), (left + spar, upper), (left + spar + bulge * 0.3, (upper + lower) / 2),
            (left + spar, lower), (left, lower), (left - bulge * 0.3, (upper + lower) / 2)], L(SAIL), NEAR)


PAINTERS = {"sea": ship_deck}
