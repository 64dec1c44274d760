"""Faces: eyes, brows and mouths that read as a mood from across the room.

Comic faces carry the emotion the words cannot (the art has no text), so each
mood is exaggerated: happy eyes close into arcs, scared eyes shrink to dots in
white, angry brows form a V. Everything goes through `Body`, so a face tilts
with a falling body and flips with the facing.
"""

from __future__ import annotations

from services.art.procedural.figure import Body
from services.art.procedural.palettes import RGB

WHITE: RGB = (255, 255, 255)
BLUSH: RGB = (250, 140, 150)
MOUTH: RGB = (170, 40, 50)
TONGUE: RGB = (245, 120, 120)
TEAR: RGB = (120, 190, 250)


def face(b: Body, hx: float, hy: float, r: float, mood: str, look_up: bool = False,
         eye_colour: RGB | None = None, forward: float = 0.2, mouth_y: float = 0.42) -> None:
    """Draw the face of a head centred at (hx, hy) with radius r, in body coordinates."""
    f = forward * r
    ink = b.c.ink
    eyes = [(hx + f - 0.36 * r, hy + 0.02 * r), (hx + f + 0.36 * r, hy + 0.02 * r)]
    ex, ey = 0.12 * r, 0.19 * r
    up = -0.07 * r if look_up else 0.0
    pupil = eye_colour or ink
    mx, my = hx + f, hy + mouth_y * r
    w = 0.02 * r  # stroke width unit

    if mood in ("happy",):
        for x, y in eyes:
            b.stroke(b.arc_pts(x, y + 0.06 * r, ex * 1.3, ey * 0.9, 200, 340), 4 * w)
        b.shape(b.arc_pts(mx, my - 0.06 * r, 0.22 * r, 0.2 * r, 0, 180), MOUTH)
        b.shape(b.arc_pts(mx, my + 0.06 * r, 0.12 * r, 0.07 * r, 0, 180), TONGUE, ink=False)
        _blush(b, eyes, r)
    elif mood == "calm":
        for x, y in eyes:
            b.stroke(b.arc_pts(x, y, ex * 1.2, ey * 0.7, 20, 160), 3.5 * w)
        b.stroke(b.arc_pts(mx, my - 0.06 * r, 0.12 * r, 0.08 * r, 20, 160), 3 * w)
        _blush(b, eyes, r)
    elif mood == "sad":
        for i, (x, y) in enumerate(eyes):
            b.oval(x, y + 0.04 * r + up, ex, ey * 0.9, pupil, shaded=False)
            b.oval(x - 0.03 * r, y - 0.04 * r + up, ex * 0.35, ex * 0.35, WHITE, ink=False, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.16 * r, y - 0.3 * r), (x + inner * 0.12 * r, y - 0.4 * r)], 3.5 * w)
        b.stroke(b.arc_pts(mx, my + 0.08 * r, 0.14 * r, 0.09 * r, 200, 340), 3.5 * w)
        tx, ty = eyes[0][0] - 0.02 * r, eyes[0][1] + 0.25 * r
        b.shape([(tx, ty - 0.1 * r), (tx + 0.06 * r, ty + 0.04 * r), (tx, ty + 0.1 * r), (tx - 0.06 * r, ty + 0.04 * r)], TEAR)
    elif mood == "scared":
        for i, (x, y) in enumerate(eyes):
            b.oval(x, y, ex * 1.5, ey * 1.25, WHITE, shaded=False)
            b.oval(x, y + up, ex * 0.42, ex * 0.42, pupil, ink=False, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.18 * r, y - 0.32 * r), (x + inner * 0.1 * r, y - 0.44 * r)], 3 * w)
        wave = [(mx - 0.2 * r + i * 0.05 * r, my + (0.03 * r if i % 2 else -0.03 * r)) for i in range(9)]
        b.stroke(wave, 3 * w)
        for k in range(3):  # the blue gloom lines of fright
            x = hx - 0.2 * r + k * 0.22 * r
            b.stroke([(x, hy - 0.55 * r), (x, hy - 0.8 * r)], 2.5 * w, (110, 140, 220))
    elif mood == "angry":
        for i, (x, y) in enumerate(eyes):
            b.oval(x, y + 0.05 * r, ex, ey * 0.75, pupil, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.2 * r, y - 0.34 * r), (x + inner * 0.14 * r, y - 0.16 * r)], 6 * w)
        b.shape([(mx - 0.2 * r, my - 0.04 * r), (mx + 0.2 * r, my - 0.04 * r), (mx + 0.16 * r, my + 0.12 * r),
                 (mx - 0.16 * r, my + 0.12 * r)], WHITE)
        b.stroke([(mx - 0.18 * r, my + 0.04 * r), (mx + 0.18 * r, my + 0.04 * r)], 2.5 * w)
    elif mood == "surprised":
        for x, y in eyes:
            b.oval(x, y, ex * 1.4, ey * 1.3, WHITE, shaded=False)
            b.oval(x, y + up, ex * 0.75, ex * 0.85, pupil, ink=False, shaded=False)
            b.oval(x - 0.04 * r, y - 0.05 * r, ex * 0.3, ex * 0.3, WHITE, ink=False, shaded=False)
            b.stroke(b.arc_pts(x, y - 0.3 * r, 0.14 * r, 0.1 * r, 200, 340), 3.5 * w)
        b.oval(mx, my + 0.02 * r, 0.09 * r, 0.13 * r, MOUTH, shaded=False)
    elif mood == "determined":
        for i, (x, y) in enumerate(eyes):
            b.oval(x, y + 0.02 * r, ex, ey * 0.85, pupil, shaded=False)
            b.oval(x - 0.03 * r, y - 0.03 * r, ex * 0.35, ex * 0.35, WHITE, ink=False, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.18 * r, y - 0.3 * r), (x + inner * 0.14 * r, y - 0.2 * r)], 5 * w)
        b.stroke([(mx - 0.14 * r, my + 0.02 * r), (mx + 0.1 * r, my - 0.02 * r)], 4 * w)
    else:
        for x, y in eyes:
            b.oval(x, y + up, ex, ey, pupil, shaded=False)
            b.oval(x - 0.03 * r, y - 0.05 * r + up, ex * 0.38, ex * 0.38, WHITE, ink=False, shaded=False)
        b.stroke(b.arc_pts(mx, my - 0.04 * r, 0.13 * r, 0.08 * r, 20, 160), 3.5 * w)


def _blush(b: Body, eyes: list[tuple[float, float]], r: float) -> None:
    for x, y in eyes:
        b.shape(b.oval_pts(x + 0.02 * r, y + 0.22 * r, 0.1 * r, 0.05 * r, 12), BLUSH, ink=False)
