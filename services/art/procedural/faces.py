"""Faces: eyes, brows and mouths that read as a mood from across the room, and as an action.

Comic faces carry the emotion the words cannot (the art has no text), so each
mood is exaggerated: happy eyes close into arcs, scared eyes shrink to dots in
white, angry brows form a V. A pose can override the eyes or the mouth, because a
sleeper's eyes are shut and a singer's mouth is open whatever they feel; the
mood keeps the rest of the face. Everything goes through `Body`, so a face tilts
with a falling body and flips with the facing.
"""

from __future__ import annotations

from dataclasses import dataclass

from services.art.procedural.figure import Body
from services.art.procedural.palettes import RGB

WHITE: RGB = (255, 255, 255)
BLUSH: RGB = (250, 140, 150)
MOUTH: RGB = (170, 40, 50)
TONGUE: RGB = (245, 120, 120)
TEAR: RGB = (120, 190, 250)
EYES = ("shut", "squeeze")
MOUTHS = ("open", "talk", "chew", "wide", "yawn", "pucker", "wail")


@dataclass(frozen=True)
class _Face:
    """One face's geometry in body coordinates."""

    b: Body
    r: float
    eyes: list[tuple[float, float]]
    mouth: tuple[float, float]
    up: float
    pupil: RGB

    @property
    def w(self) -> float:
        return 0.02 * self.r  # the stroke width unit


def face(b: Body, hx: float, hy: float, r: float, mood: str, look_up: bool = False,
         eye_colour: RGB | None = None, forward: float = 0.2, mouth_y: float = 0.42,
         eyes: str | None = None, mouth: str | None = None) -> None:
    """Draw the face of a head centred at (hx, hy) with radius r, in body coordinates.

    `eyes` ("shut", "squeeze") and `mouth` (one of MOUTHS) are the pose's, drawn instead of the mood's."""
    f = forward * r
    fc = _Face(b, r, [(hx + f - 0.36 * r, hy + 0.02 * r), (hx + f + 0.36 * r, hy + 0.02 * r)],
               (hx + f, hy + mouth_y * r), -0.07 * r if look_up else 0.0, eye_colour or b.c.ink)
    if eyes in EYES:
        _pose_eyes(fc, eyes, mood)
    else:
        _mood_eyes(fc, mood, hx, hy)
    if mouth in MOUTHS:
        _pose_mouth(fc, mouth)
    else:
        _mood_mouth(fc, mood)


def _mood_eyes(fc: _Face, mood: str, hx: float, hy: float) -> None:
    b, r, w, up, pupil = fc.b, fc.r, fc.w, fc.up, fc.pupil
    ex, ey = 0.12 * r, 0.19 * r
    if mood == "happy":
        for x, y in fc.eyes:
            b.stroke(b.arc_pts(x, y + 0.06 * r, ex * 1.3, ey * 0.9, 200, 340), 4 * w)
        _blush(b, fc.eyes, r)
    elif mood == "calm":
        for x, y in fc.eyes:
            b.stroke(b.arc_pts(x, y, ex * 1.2, ey * 0.7, 20, 160), 3.5 * w)
        _blush(b, fc.eyes, r)
    elif mood == "sad":
        for i, (x, y) in enumerate(fc.eyes):
            b.oval(x, y + 0.04 * r + up, ex, ey * 0.9, pupil, shaded=False)
            b.oval(x - 0.03 * r, y - 0.04 * r + up, ex * 0.35, ex * 0.35, WHITE, ink=False, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.16 * r, y - 0.3 * r), (x + inner * 0.12 * r, y - 0.4 * r)], 3.5 * w)
        tx, ty = fc.eyes[0][0] - 0.02 * r, fc.eyes[0][1] + 0.25 * r
        b.shape([(tx, ty - 0.1 * r), (tx + 0.06 * r, ty + 0.04 * r), (tx, ty + 0.1 * r), (tx - 0.06 * r, ty + 0.04 * r)], TEAR)
    elif mood == "scared":
        for i, (x, y) in enumerate(fc.eyes):
            b.oval(x, y, ex * 1.5, ey * 1.25, WHITE, shaded=False)
            b.oval(x, y + up, ex * 0.42, ex * 0.42, pupil, ink=False, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.18 * r, y - 0.32 * r), (x + inner * 0.1 * r, y - 0.44 * r)], 3 * w)
        for k in range(3):  # the blue gloom lines of fright
            x = hx - 0.2 * r + k * 0.22 * r
            b.stroke([(x, hy - 0.55 * r), (x, hy - 0.8 * r)], 2.5 * w, (110, 140, 220))
    elif mood == "angry":
        for i, (x, y) in enumerate(fc.eyes):
            b.oval(x, y + 0.05 * r, ex, ey * 0.75, pupil, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.2 * r, y - 0.34 * r), (x + inner * 0.14 * r, y - 0.16 * r)], 6 * w)
    elif mood == "surprised":
        for x, y in fc.eyes:
            b.oval(x, y, ex * 1.4, ey * 1.3, WHITE, shaded=False)
            b.oval(x, y + up, ex * 0.75, ex * 0.85, pupil, ink=False, shaded=False)
            b.oval(x - 0.04 * r, y - 0.05 * r, ex * 0.3, ex * 0.3, WHITE, ink=False, shaded=False)
            b.stroke(b.arc_pts(x, y - 0.3 * r, 0.14 * r, 0.1 * r, 200, 340), 3.5 * w)
    elif mood == "determined":
        for i, (x, y) in enumerate(fc.eyes):
            b.oval(x, y + 0.02 * r, ex, ey * 0.85, pupil, shaded=False)
            b.oval(x - 0.03 * r, y - 0.03 * r, ex * 0.35, ex * 0.35, WHITE, ink=False, shaded=False)
            inner = 1 if i == 0 else -1
            b.stroke([(x - inner * 0.18 * r, y - 0.3 * r), (x + inner * 0.14 * r, y - 0.2 * r)], 5 * w)
    else:
        for x, y in fc.eyes:
            b.oval(x, y + up, ex, ey, pupil, shaded=False)
            b.oval(x - 0.03 * r, y - 0.05 * r + up, ex * 0.38, ex * 0.38, WHITE, ink=False, shaded=False)


def _mood_mouth(fc: _Face, mood: str) -> None:
    b, r, w = fc.b, fc.r, fc.w
    mx, my = fc.mouth
    if mood == "happy":
        b.shape(b.arc_pts(mx, my - 0.06 * r, 0.22 * r, 0.2 * r, 0, 180), MOUTH)
        b.shape(b.arc_pts(mx, my + 0.06 * r, 0.12 * r, 0.07 * r, 0, 180), TONGUE, ink=False)
    elif mood == "calm":
        b.stroke(b.arc_pts(mx, my - 0.06 * r, 0.12 * r, 0.08 * r, 20, 160), 3 * w)
    elif mood == "sad":
        b.stroke(b.arc_pts(mx, my + 0.08 * r, 0.14 * r, 0.09 * r, 200, 340), 3.5 * w)
    elif mood == "scared":
        wave = [(mx - 0.2 * r + i * 0.05 * r, my + (0.03 * r if i % 2 else -0.03 * r)) for i in range(9)]
        b.stroke(wave, 3 * w)
    elif mood == "angry":
        b.shape([(mx - 0.2 * r, my - 0.04 * r), (mx + 0.2 * r, my - 0.04 * r), (mx + 0.16 * r, my + 0.12 * r),
                 (mx - 0.16 * r, my + 0.12 * r)], WHITE)
        b.stroke([(mx - 0.18 * r, my + 0.04 * r), (mx + 0.18 * r, my + 0.04 * r)], 2.5 * w)
    elif mood == "surprised":
        b.oval(mx, my + 0.02 * r, 0.09 * r, 0.13 * r, MOUTH, shaded=False)
    elif mood == "determined":
        b.stroke([(mx - 0.14 * r, my + 0.02 * r), (mx + 0.1 * r, my - 0.02 * r)], 4 * w)
    else:
        b.stroke(b.arc_pts(mx, my - 0.04 * r, 0.13 * r, 0.08 * r, 20, 160), 3.5 * w)


def _pose_eyes(fc: _Face, how: str, mood: str) -> None:
    """Shut (asleep, wishing): two downward arcs with a lash; squeezed (laughing, wailing): > <."""
    b, r, w = fc.b, fc.r, fc.w
    if how == "shut":
        for x, y in fc.eyes:
            b.stroke(b.arc_pts(x, y - 0.02 * r, 0.13 * r, 0.08 * r, 10, 170), 4 * w)
            b.stroke([(x - 0.1 * r, y + 0.04 * r), (x - 0.15 * r, y + 0.09 * r)], 2.5 * w)
    else:
        for i, (x, y) in enumerate(fc.eyes):
            side = 1 if i == 0 else -1
            b.stroke([(x - side * 0.12 * r, y - 0.1 * r), (x + side * 0.1 * r, y), (x - side * 0.12 * r, y + 0.1 * r)],
                     4 * w)
    if mood not in ("sad", "scared", "angry"):
        _blush(b, fc.eyes, r)


def _pose_mouth(fc: _Face, how: str) -> None:
    """Round for a song, a slit for talk, wide for laughter, tall for a yawn, a small o for a kiss."""
    b, r = fc.b, fc.r
    mx, my = fc.mouth
    if how == "pucker":
        b.oval(mx + 0.08 * r, my, 0.08 * r, 0.08 * r, MOUTH, shaded=False)
        b.oval(mx + 0.08 * r, my, 0.03 * r, 0.03 * r, fc.b.c.ink, ink=False, shaded=False)
        return
    if how in ("wide", "wail"):  # a big D (laughing) or an upside-down one (wailing)
        flip = -1 if how == "wail" else 1
        top = my - 0.06 * r * flip
        pts = b.arc_pts(mx, top, 0.24 * r, 0.26 * r * flip, 0, 180)
        b.shape(pts, MOUTH)
        b.shape(b.arc_pts(mx, top + 0.14 * r * flip, 0.12 * r, 0.08 * r * flip, 0, 180), TONGUE, ink=False)
        return
    rx, ry = {"open": (0.13, 0.16), "talk": (0.15, 0.09), "chew": (0.12, 0.09), "yawn": (0.12, 0.24)}[how]
    b.oval(mx, my, rx * r, ry * r, MOUTH, shaded=False)
    b.oval(mx, my + ry * r * 0.45, rx * r * 0.6, ry * r * 0.4, TONGUE, ink=False, shaded=False)


def _blush(b: Body, eyes: list[tuple[float, float]], r: float) -> None:
    for x, y in eyes:
        b.shape(b.oval_pts(x + 0.02 * r, y + 0.22 * r, 0.1 * r, 0.05 * r, 12), BLUSH, ink=False)
