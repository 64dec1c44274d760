"""Props from the lexicon, drawn in a character's hand.

Held props are drawn in the character's body space (so they flip and tilt with
the pose) just before the front arm, which then closes the hand over them; both
go under the head, so a prop held up is shaped to reach past the face, never across it.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from services.art.procedural.canvas import heart_points, star_points
from services.art.procedural.figure import Body
from services.art.procedural.palettes import RGB, lighten, shade

WOOD: RGB = (170, 115, 70)
RED: RGB = (225, 45, 55)
YELLOW: RGB = (250, 210, 50)


def umbrella(b: Body, x: float, y: float, col: RGB) -> None:
    top = -108.0
    b.stroke([(x, y + 6), (x, top - 14)], 2.4)
    b.stroke(b.arc_pts(x - 3, y + 6, 3, 3, 0, 180, 6), 2.4)
    canopy = b.arc_pts(x, top + 12, 38, 28, 180, 360, 18)
    scallops: list[tuple[float, float]] = []
    for k in range(4):  # four shallow scallops along the rim, right to left
        x0 = x + 38 - k * 19
        scallops += b.arc_pts(x0 - 9.5, top + 12, 9.5, 5, 0, 180, 5)
    b.shape(canopy + scallops, col)
    for k in (-19, 0, 19):
        b.stroke([(x, top - 15), (x + k * 0.9, top + 13)], 1.0, shade(col, 0.35))
    b.oval(x, top - 17, 2.2, 2.2, shade(col, 0.3), shaded=False)


def brush(b: Body, x: float, y: float, col: RGB) -> None:
    b.stroke([(x - 4, y + 8), (x + 10, y - 14)], 3.2, WOOD)
    b.shape([(x + 8, y - 12), (x + 13, y - 15), (x + 17, y - 24), (x + 11, y - 18)], col)


def sword(b: Body, x: float, y: float, col: RGB) -> None:
    """Raised and angled forward, so the blade clears the head (it is drawn behind the head)."""
    ux, uy = 0.6, -0.8  # the blade's direction
    nx, ny = 0.8, 0.6

    def at(along: float, across: float) -> tuple[float, float]:
        return (x + ux * along + nx * across, y + uy * along + ny * across)
    b.shape([at(6, -2), at(6, 2), at(50, 3), at(56, 0), at(50, -3)], (225, 230, 240))
    b.shape([at(4, -9), at(4, 9), at(7, 9), at(7, -9)], YELLOW)
    b.stroke([at(4, 0), at(-6, 0)], 3.5, shade(col, 0.3))


def lantern(b: Body, x: float, y: float, col: RGB) -> None:
    b.stroke([(x, y), (x, y + 8)], 1.5)
    b.oval(x, y + 20, 16, 16, (255, 240, 170), ink=False, shaded=False)
    b.shape([(x - 7, y + 8), (x + 7, y + 8), (x + 8, y + 26), (x - 8, y + 26)], (255, 220, 110))
    b.shape([(x - 9, y + 6), (x + 9, y + 6), (x + 9, y + 9), (x - 9, y + 9)], (70, 60, 60))
    b.shape([(x - 9, y + 25), (x + 9, y + 25), (x + 9, y + 28), (x - 9, y + 28)], (70, 60, 60))


def telescope(b: Body, x: float, y: float, col: RGB) -> None:
    b.shape([(x - 8, y + 4), (x + 24, y - 24), (x + 28, y - 19), (x - 4, y + 9)], (150, 110, 70))
    b.shape([(x + 22, y - 26), (x + 34, y - 36), (x + 39, y - 30), (x + 27, y - 20)], YELLOW)


def kite(b: Body, x: float, y: float, col: RGB) -> None:
    kx, ky = x + 34, y - 70
    b.stroke([(x, y), (x + 14, y - 30), (kx, ky + 14)], 0.8)
    b.shape([(kx, ky - 16), (kx + 12, ky), (kx, ky + 16), (kx - 12, ky)], col)
    b.stroke([(kx, ky - 16), (kx, ky + 16)], 0.8)
    b.stroke([(kx, ky + 16), (kx - 6, ky + 24), (kx + 2, ky + 30), (kx - 4, ky + 38)], 1.2, RED)


def flower(b: Body, x: float, y: float, col: RGB) -> None:
    fx, fy = x + 12, y - 20  # held out in front, clear of the face
    b.stroke([(x, y + 4), (fx, fy + 4)], 2.0, (60, 150, 70))
    for k in range(5):
        a = k * 2 * math.pi / 5
        b.oval(fx + math.cos(a) * 5, fy + math.sin(a) * 5, 4, 4, col, shaded=False)
    b.oval(fx, fy, 3, 3, YELLOW, ink=False, shaded=False)


def book(b: Body, x: float, y: float, col: RGB) -> None:
    b.shape([(x - 14, y - 8), (x, y - 5), (x, y + 8), (x - 14, y + 5)], lighten(col, 0.75))
    b.shape([(x, y - 5), (x + 14, y - 8), (x + 14, y + 5), (x, y + 8)], lighten(col, 0.85))
    b.shape([(x - 15, y + 5), (x, y + 9), (x + 15, y + 5), (x + 15, y + 7), (x, y + 11), (x - 15, y + 7)], col)


def cup(b: Body, x: float, y: float, col: RGB) -> None:
    b.shape([(x - 6, y - 12), (x + 8, y - 12), (x + 7, y + 2), (x - 5, y + 2)], col)
    b.stroke(b.arc_pts(x + 9, y - 6, 4, 4, 270, 450, 6), 2.0)
    for k in (-2, 3):
        b.stroke([(x + k, y - 16), (x + k + 2, y - 21), (x + k, y - 26)], 1.2, (230, 230, 240))


def ball(b: Body, x: float, y: float, col: RGB) -> None:
    b.oval(x + 4, y - 8, 10, 10, col)
    b.stroke(b.arc_pts(x + 4, y - 8, 10, 4, 0, 180, 8), 1.2, (255, 255, 255))


def gift(b: Body, x: float, y: float, col: RGB) -> None:
    b.shape([(x - 10, y - 16), (x + 12, y - 16), (x + 12, y + 4), (x - 10, y + 4)], col)
    b.shape([(x - 1, y - 16), (x + 3, y - 16), (x + 3, y + 4), (x - 1, y + 4)], YELLOW, ink=False)
    b.shape([(x + 1, y - 16), (x - 7, y - 23), (x - 8, y - 16)], YELLOW)
    b.shape([(x + 1, y - 16), (x + 9, y - 23), (x + 10, y - 16)], YELLOW)


def cake(b: Body, x: float, y: float, col: RGB) -> None:
    b.shape([(x - 14, y), (x + 16, y), (x + 16, y + 3), (x - 14, y + 3)], (245, 245, 250))
    b.shape([(x - 10, y - 12), (x + 12, y - 12), (x + 12, y), (x - 10, y)], (250, 220, 170))
    b.shape([(x - 10, y - 15), (x + 12, y - 15), (x + 12, y - 9), (x - 10, y - 9)], (250, 170, 190))
    b.oval(x + 1, y - 19, 3, 3, RED)


def guitar(b: Body, x: float, y: float, col: RGB) -> None:
    b.stroke([(x - 4, y + 6), (x + 22, y - 22)], 3.0, (90, 60, 40))
    b.oval(x - 8, y + 10, 11, 10, (200, 120, 50))
    b.oval(x - 3, y + 3, 8, 7, (210, 130, 60))
    b.oval(x - 6, y + 7, 3, 3, (60, 40, 30), ink=False, shaded=False)


def heart(b: Body, x: float, y: float, col: RGB) -> None:
    b.shape([(px, py) for px, py in heart_points(x + 4, y - 8, 20)], RED)


def star(b: Body, x: float, y: float, col: RGB) -> None:
    b.stroke([(x, y + 4), (x + 13, y - 14)], 1.8, (120, 90, 60))
    b.shape(star_points(x + 15, y - 20, 10, 4.5), YELLOW)


HELD: dict[str, Callable[[Body, float, float, RGB], None]] = {
    "umbrella": umbrella, "brush": brush, "sword": sword, "lantern": lantern, "telescope": telescope, "kite": kite,
    "flower": flower, "book": book, "cup": cup, "ball": ball, "gift": gift, "cake": cake, "guitar": guitar,
    "heart": heart, "star": star,
}


def held_painter(name: str | None, colour: RGB) -> Callable[[Body, tuple[float, float]], None] | None:
    if name is None or name not in HELD:
        return None
    fn = HELD[name]
    return lambda b, hand: fn(b, hand[0], hand[1], colour)
