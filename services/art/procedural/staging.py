"""Staging: where each character stands, how big, and which way they face.

This is the comic artist's blocking. The shot sets the size (a close-up
frames the faces), the interaction sets the spacing and facing (two friends
face each other, a hug closes the gap, a chase lines them up in one
direction), and a seeded nudge keeps consecutive panels from looking pasted.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from services.art.procedural.looks import Look
from services.art.procedural.scene import Scene

SHOT_SCALE = {"wide": 3.3, "medium": 5.9, "close-up": 10.0}
SHOT_GROUND = {"wide": 880.0, "medium": 1005.0, "close-up": 1150.0}
CLOSE_HEAD_Y = 470.0  # where a close-up puts the eyes, whatever the character's size


@dataclass(frozen=True)
class Placement:
    x: float
    ground: float
    scale: float
    facing: int


def stage(scene: Scene, looks: list[Look], rng: random.Random, mirrored: bool = False) -> list[Placement]:
    """Where each actor stands; `mirrored` (chosen once per comic by its seed) swaps left and right in every
    panel, so another seed stages the cast the other way round while each comic keeps its screen direction."""
    n = len(scene.actors)
    if n == 0:
        return []
    shot = scene.shot
    if shot == "close-up" and n >= 3:
        shot = "medium"  # three faces do not fit a close-up; pull back
    scale = SHOT_SCALE[shot] * (0.86 if n >= 2 and shot != "wide" else 1.0)
    ground = SHOT_GROUND[shot]
    if n == 1:
        actor = scene.actors[0]
        facing = rng.choice((-1, 1))
        shift = rng.uniform(40, 150 if shot == "wide" else 90)
        if "easel" in actor.props or actor.action in ("running", "flying", "waving"):
            shift = 110 if shot != "close-up" else 60
        xs, facings = [500 - facing * shift], [facing]
    elif scene.interaction == "chase" and n == 2:
        d = rng.choice((-1, 1))
        gap = {"wide": 190, "medium": 210, "close-up": 230}[shot]
        xs, facings = [500 - d * gap, 500 + d * gap * 0.85], [d, d]
    elif scene.interaction == "hug" and n == 2 and not any(look.has("bowl") for look in looks):
        gap = {"wide": 62, "medium": 92, "close-up": 130}[shot]
        xs, facings = [500 - gap, 500 + gap], [1, -1]
    elif n == 2:
        gap = {"wide": 170, "medium": 215, "close-up": 240}[shot]
        xs, facings = [500 - gap, 500 + gap], [1, -1]
    else:
        gap = {"wide": 270, "medium": 290, "close-up": 290}[shot]
        xs = [500 - gap + 2 * gap * i / (n - 1) for i in range(n)]
        facings = [1 if x < 480 else -1 if x > 520 else rng.choice((-1, 1)) for x in xs]
    nudge = rng.uniform(-25, 25) if n > 1 else 0.0
    out = []
    for i, (x, facing) in enumerate(zip(xs, facings)):
        look = looks[i]
        y = ground
        if shot == "close-up":
            y = CLOSE_HEAD_Y + 70 * scale * look.scale
        elif shot == "wide" and n > 1:
            y = ground + (i % 2) * 12  # a little depth between neighbours
        x += nudge
        out.append(Placement(x=1000 - x if mirrored else x, ground=y, scale=scale, facing=-facing if mirrored else facing))
    return out
