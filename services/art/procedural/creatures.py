"""The kinds that are not chibi bipeds: ghost, bird, penguin and fish.

They share the `Body` space and the faces of `characters.py`, but their bodies
are one blob (a sheet, an egg, a fish) with wings, flippers or fins for arms.
"""

from __future__ import annotations

from collections.abc import Callable

from services.art.procedural.characters import Anchor, Paint, _hat
from services.art.procedural.faces import face
from services.art.procedural.figure import Body, Pose
from services.art.procedural.looks import Look
from services.art.procedural.palettes import lighten, shade

Point = tuple[float, float]
ORANGE = (250, 150, 40)
RAISED = -56.0  # a front hand above this (body units) is raised past the face: its wing or flipper goes behind


def _anchor(b: Body, head: Point, r: float, hand: Point, mouth: Point | None = None) -> Anchor:
    return Anchor(head=b.pt(*head), head_r=r * b.s, hand=b.pt(*hand), feet=b.pt(0, 0), scale=b.s, facing=b.dir,
                  mouth=b.pt(*mouth) if mouth else None)


def ghost(b: Body, look: Look, p: Paint, pose: Pose, mood: str, held: Callable | None) -> Anchor:
    b.y -= 14 * b.s  # ghosts always float
    body = b.arc_pts(0, -62, 26, 30, 180, 360, 14)
    hem: list[tuple[float, float]] = [(26, -62), (28, -20), (20, -8), (12, -16), (4, -4), (-4, -14), (-12, -2), (-20, -12), (-26, -4), (-26, -62)]
    col = p.skin
    hb, hf = pose.hand_back, pose.hand_front
    b.limb([(-16, -44), ((hb[0] - 16) / 2, (hb[1] - 44) / 2 - 2)], 8, shade(col, 0.1))
    b.shape(body + hem, shade(col, 0.12))
    b.shape(b.arc_pts(-3, -64, 23, 27, 180, 360, 14) + [(22, -62), (22, -22), (-22, -18), (-24, -62)], col, ink=False)
    b.shape(body + hem, None)
    face(b, 2, -64, 22, mood, look_up=pose.look_up, eyes=pose.eyes, mouth=pose.mouth)
    _hat(b, look, p, 0, -66, 24)
    hand = ((hf[0] + 16) / 2 + 6, (hf[1] - 44) / 2 - 2)
    if held is not None:
        held(b, hand)
    b.limb([(16, -44), hand], 8, col)
    return _anchor(b, (0, -64), 24, hand, (6, -55))


def bird(b: Body, look: Look, p: Paint, pose: Pose, mood: str, held: Callable | None) -> Anchor:
    col = p.skin
    flap = -1 if pose.airborne or look.variant % 2 else 1
    b.shape([(-20, -26), (-36, -22 + 6 * flap), (-34, -14), (-18, -18)], shade(col, 0.3))
    for foot in (pose.foot_back, pose.foot_front):
        fx, fy = foot[0] * 0.7, foot[1]
        b.stroke([(fx, -14), (fx, fy)], 2.2, ORANGE)
        b.stroke([(fx - 4, fy), (fx + 6, fy)], 2.2, ORANGE)
    b.oval(0, -34, 22, 24, col)
    b.oval(4, -30, 13, 15, p.belly, ink=False, shaded=False)
    hb = pose.hand_back
    b.shape([(-10, -44), (hb[0] - 4, hb[1] + 6 * flap), (hb[0] - 10, hb[1] - 2), (-18, -34)], shade(col, 0.15))
    hf = pose.hand_front
    hand = (hf[0] * 0.8 + 4, hf[1])
    raised = hand[1] < RAISED
    wing = [(6, -46), (hand[0] + 4, hand[1] + 4 * flap), (hand[0] - 2, hand[1] - 6), (0, -36)]
    if raised:  # a raised wing goes behind the head, like a raised arm: never across the face
        if held is not None:
            held(b, hand)
        b.shape(wing, shade(col, 0.05))
    b.oval(2, -64, 21, 20, col)
    if look.variant == 3:  # owl tufts
        for dx in (-12, 10):
            b.shape([(dx - 5, -80), (dx + 5, -82), (dx - 2, -92)], col)
    else:
        for k in range(3):
            b.shape([(-4 + k * 4, -82), (0 + k * 4, -83), (-6 + k * 5, -94 + k * 2)], p.accent)
    face(b, 0, -64, 20, mood, look_up=pose.look_up, mouth_y=0.7, eyes=pose.eyes, mouth=pose.mouth)
    b.shape([(14, -62), (30, -58), (14, -53)], ORANGE)
    _hat(b, look, p, 2, -64, 20)
    if not raised:
        if held is not None:
            held(b, hand)
        b.shape(wing, shade(col, 0.05))
    return _anchor(b, (2, -64), 21, hand, (26, -58))


def penguin(b: Body, look: Look, p: Paint, pose: Pose, mood: str, held: Callable | None) -> Anchor:
    dark, white = p.skin, (250, 250, 252)
    for foot in (pose.foot_back, pose.foot_front):
        b.oval(foot[0] * 0.8 + 4, foot[1] - 2, 8, 4, ORANGE, shaded=False)
    hb = pose.hand_back
    b.limb([(-12, -42), (hb[0] - 6, hb[1] + 4)], 7, shade(dark, 0.2))
    b.oval(0, -44, 25, 42, dark)
    b.oval(5, -32, 16, 28, white, ink=False, shaded=False)
    hf = pose.hand_front
    hand = (hf[0] + 4, hf[1])
    raised = hand[1] < RAISED
    if raised:  # a raised flipper bends out past the face and goes behind it, never across it
        if held is not None:
            held(b, hand)
        b.limb([(14, -44), (max(26.0, hand[0] - 6), -56), hand], 7, dark)
    b.oval(4, -66, 17, 14, white, ink=False, shaded=False)
    if look.has("scarf"):
        b.shape([(-20, -52), (22, -52), (22, -46), (-20, -46)], p.accent)
    face(b, 0, -66, 18, mood, look_up=pose.look_up, forward=0.25, mouth_y=0.75, eyes=pose.eyes,
         mouth=pose.mouth)
    b.shape([(8, -62), (22, -59), (8, -55)], ORANGE)
    _hat(b, look, p, 0, -70, 22)
    if not raised:
        if held is not None:
            held(b, hand)
        b.limb([(12, -44), hand], 7, dark)
    return _anchor(b, (0, -66), 22, hand, (18, -58))


GLASS_WATER = (185, 222, 246)


def _bowl_back(b: Body) -> None:
    """The water of a goldfish bowl standing on the ground (drawn before the fish)."""
    b.shape([(-40, 0), (32, 0), (30, -6), (-38, -6)], (150, 120, 90))
    b.oval(-4, -50, 60, 52, (236, 246, 253), ink=False, shaded=False)  # glass with air at the top
    b.shape(b.arc_pts(-4, -50, 60, 52, -40.8, 220.8, 24), GLASS_WATER, ink=False)  # water up to the line
    for k, (px, py) in enumerate(((-34, -20), (-24, -10), (14, -14))):
        b.oval(px, py, 6 + k, 4, (120, 180, 90) if k != 1 else (230, 200, 150), ink=False, shaded=False)


def _bowl_front(b: Body) -> None:
    """Glass over the fish: the rim, the outline and a highlight."""
    b.oval(-4, -50, 60, 52, None)
    b.oval(-4, -98, 30, 6, (225, 240, 252))
    b.stroke(b.arc_pts(-4, -50, 50, 42, 200, 250, 8), 4.0, (252, 254, 255))
    b.stroke(b.arc_pts(-4, -50, 50, 42, 20, 45, 5), 3.0, (252, 254, 255))


# A goldfish bowl is hip-high to a person standing beside it, not a character-sized globe: at full
# size it hid whoever stood next to it (a grandpa's face behind the glass).
BOWL_SIZE = 0.5


def fish(b: Body, look: Look, p: Paint, pose: Pose, mood: str, held: Callable | None) -> Anchor:
    col = p.skin
    bowl = look.has("bowl")
    if bowl:  # the bowl stands upright on the ground, whatever the pose
        b = Body(b.c, b.x, b.y + pose.lift * b.s, b.s * BOWL_SIZE, b.dir)
        _bowl_back(b)
    b.y -= 14 * b.s
    flick = max(-8.0, min(8.0, (pose.foot_front[0] - 7) * 0.4 + pose.foot_front[1] * 0.3))  # the tail follows the legs
    b.shape([(-26, -40), (-46, -58 + flick), (-40, -40), (-46, -22 + flick)], shade(col, 0.1))
    b.shape([(-12, -58), (4, -72), (14, -58)], shade(col, 0.15))
    b.oval(0, -40, 32, 22, col)
    for k in range(3):
        b.stroke(b.arc_pts(-14 + k * 8, -40, 6, 14, 300, 420, 6), 1.4, shade(col, 0.3))
    face(b, 12, -46, 16, mood, look_up=pose.look_up, forward=0.35, mouth_y=0.75, eyes=pose.eyes,
         mouth=pose.mouth)
    _hat(b, look, p, 10, -48, 20)
    # The front fin points the way the pose's front arm does, always below the face.
    hx, hy = pose.hand_front
    reach = max(-1.0, min(1.0, (hx - 15) / 30))
    rise = max(0.0, min(1.0, (-27 - hy) / 60))
    hand = (6 + reach * 6, -20 - rise * 2)
    if held is not None:
        held(b, hand)
    b.shape([(0, -34), (14 + reach * 8, -24 - rise * 8), (2 + reach * 3, -20)], lighten(col, 0.2))
    if bowl:
        b.y += 14 * b.s
        _bowl_front(b)
        b.y -= 14 * b.s
    return _anchor(b, (12, -46), 18, hand, (26, -36))


BODIES = {"ghost": ghost, "bird": bird, "penguin": penguin, "fish": fish}
