"""Characters: every lexicon kind built from simple shapes on one shared skeleton.

Most kinds are chibi bipeds (a big head for a readable face, a small body
whose arms and legs follow the pose); what changes per kind is the head (ears,
muzzle, hair, antenna), the colours and the extras (tail, wings, cape). The
odd bodies (ghost, bird, penguin, fish) live in `creatures.py`; `cast.py` picks one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from services.art.procedural.faces import face
from services.art.procedural.figure import Body, Pose, elbow
from services.art.procedural.looks import Look
from services.art.procedural.palettes import RGB, Light, lighten, shade

Point = tuple[float, float]
HEAD = (0.0, -70.0)
HEAD_R = 24.0
SHOULDERS = ((-9.0, -46.0), (9.0, -46.0))
HIPS = ((-6.0, -19.0), (6.0, -19.0))
FURRY = ("cat", "dog", "fox", "rabbit", "bear", "dragon")


@dataclass(frozen=True)
class Anchor:
    """Where a drawn character is, for props and comic devices (canvas units).

    `mouth` and `hand_back` are where those are drawn (None: the drawing does not say; `mouth_of`
    guesses from the head), so an apple goes to the lips and a load between both hands."""

    head: Point
    head_r: float
    hand: Point
    feet: Point
    scale: float
    facing: int
    mouth: Point | None = None
    hand_back: Point | None = None

    def mouth_of(self) -> Point:
        """The mouth, or where a face facing this way has it."""
        if self.mouth is not None:
            return self.mouth
        return (self.head[0] + self.facing * self.head_r * 0.45, self.head[1] + self.head_r * 0.35)


@dataclass(frozen=True)
class Paint:
    """The lit colours of one character in one panel."""

    skin: RGB
    top: RGB
    legs: RGB
    hands: RGB
    feet: RGB
    hair: RGB
    accent: RGB
    belly: RGB


def paint_for(look: Look, light: Light) -> Paint:
    def lit(c):
        return light(c, strength=0.45)  # characters stay readable at night
    kind = look.kind
    if kind in ("person", "child", "elder"):
        return Paint(lit(look.main), lit(look.clothes), lit(look.pants), lit(look.main), lit((60, 50, 55)),
                     lit(look.hair), lit(look.accent), lit(look.clothes))
    if kind == "robot":
        metal = lit(look.main)
        return Paint(metal, metal, lit(shade(look.main, 0.2)), lit((120, 125, 140)), lit((90, 95, 110)),
                     metal, lit(look.accent), lit(lighten(look.main, 0.4)))
    if kind == "alien":
        return Paint(lit(look.main), lit(look.clothes), lit(look.main), lit(look.main), lit((80, 80, 100)),
                     lit(look.main), lit(look.accent), lit(look.clothes))
    fur = lit(look.main)
    belly = lit(lighten(look.main, 0.55) if kind != "fox" else (250, 245, 235))
    return Paint(fur, fur, fur, fur, shade(fur, 0.15), shade(fur, 0.35), lit(look.accent), belly)


def draw_humanoid(b: Body, look: Look, p: Paint, pose: Pose, mood: str, light: Light,
                  held: Callable[[Body, Point], None] | None = None) -> Anchor:
    """Draw a character with a head, a torso, two arms and two legs (people and furry animals)."""
    s = b.s
    if pose.seated and pose.stool:
        seat = lighten(light((150, 100, 70), strength=0.5), 0.05)
        b.shape([(-16, -8), (14, -8), (14, 6), (-16, 6)], seat)
    _behind(b, look, p, pose)
    hx, hy = HEAD
    r = HEAD_R * (1.1 if look.kind in ("child", "alien") else 1.0)
    if look.has("cane") and not pose.airborne and not pose.seated:
        cane(b, pose.hand_back)
    _arm(b, SHOULDERS[0], pose.hand_back, shade(p.top, 0.12), p.hands, look)
    _legs(b, look, p, pose)
    _torso(b, look, p)
    hand = pose.hand_front
    if held is not None:
        held(b, hand)
    # The front arm goes under the head: the big chibi head overlaps the shoulders, and an arm
    # drawn over it covered the chin and mouth in close-ups.
    _arm(b, SHOULDERS[1], hand, p.top, p.hands, look)
    if pose.back:
        _back_of_head(b, look, p, hx, hy, r)
    else:
        _head(b, look, p, hx, hy, r, mood, pose)
    return Anchor(head=b.pt(hx, hy), head_r=r * s, hand=b.pt(*hand), feet=b.pt(0, 0), scale=s, facing=b.dir,
                  mouth=b.pt(hx + 0.2 * r, hy + 0.42 * r), hand_back=b.pt(*pose.hand_back))


# --- parts ----------------------------------------------------------------------

def arm_joints(shoulder: Point, hand: Point, front: bool) -> list[Point]:
    """Shoulder, elbow, hand. A raised front arm bends its elbow outwards, away from the face it
    is drawn over; the back arm (hidden behind the head) keeps the natural upward bend."""
    bend = 0.18 if hand[1] > shoulder[1] or front else -0.18
    return elbow(shoulder, hand, bend)


def _arm(b: Body, shoulder: Point, hand: Point, sleeve: RGB, skin: RGB, look: Look) -> None:
    width = 8.0 if look.kind not in ("bear", "robot") else 9.5
    joints = arm_joints(shoulder, hand, front=shoulder == SHOULDERS[1])
    b.limb(joints, width, sleeve, end=5.2, end_fill=skin)
    if look.kind == "robot":
        hx, hy = hand
        b.stroke([(hx + 3, hy - 4), (hx + 7, hy - 2)], 2.5)


def _legs(b: Body, look: Look, p: Paint, pose: Pose) -> None:
    for hip, foot, knee, col in ((HIPS[0], pose.foot_back, pose.knee_back, shade(p.legs, 0.12)),
                                 (HIPS[1], pose.foot_front, pose.knee_front, p.legs)):
        pts = [hip, knee, foot] if knee else [hip, foot]
        b.limb(pts, 10.0 if look.kind != "child" else 9.0, col)
        fx, fy = foot
        b.oval(fx + 3, fy - 2, 7.5, 4.5, p.feet, shaded=False)


def _torso(b: Body, look: Look, p: Paint) -> None:
    kind = look.kind
    if kind == "robot":
        b.shape([(-15, -52), (15, -52), (13, -16), (-13, -16)], p.top)
        b.shape([(-8, -44), (8, -44), (8, -30), (-8, -30)], shade(p.top, 0.3))
        for i, col in enumerate(((250, 80, 80), (250, 220, 80), (90, 230, 120))):
            b.oval(-4 + i * 4, -37, 1.6, 1.6, col, ink=False, shaded=False)
        return
    if kind in ("person", "elder", "child", "alien"):
        b.shape([(-13, -52), (13, -52), (16, -18), (-16, -18)], shade(p.top, 0.25))
        b.shape([(-12, -51), (12, -51), (13, -20), (-15, -20)], p.top, ink=False)
        b.shape([(-13, -52), (13, -52), (16, -18), (-16, -18)], None)
        b.shape([(-16, -22), (16, -22), (16, -17), (-16, -17)], shade(p.legs, 0.1))
        return
    b.oval(0, -35, 15, 18, p.top)
    b.oval(3, -32, 8.5, 11, p.belly, ink=False, shaded=False)
    if kind == "dragon":
        for k in range(3):
            b.stroke([(-3, -40 + k * 7), (9, -40 + k * 7)], 1.5, shade(p.belly, 0.3))


def _behind(b: Body, look: Look, p: Paint, pose: Pose) -> None:
    kind, fur = look.kind, p.skin
    if kind == "cat":
        b.limb([(-12, -22), (-26, -18), (-34, -26), (-33, -38)], 4.2, fur)
        b.oval(-33, -38, 2.6, 2.6, shade(fur, 0.35), shaded=False)
    elif kind == "dog":
        wag = 6 if look.variant % 2 else -6
        b.limb([(-12, -26), (-22, -36), (-24 + wag, -46)], 6, fur)
    elif kind == "fox":
        b.shape([(-10, -22), (-30, -20), (-44, -38), (-36, -56), (-22, -40)], fur)
        b.shape([(-36, -56), (-44, -38), (-40, -46)], (250, 245, 235))
    elif kind == "rabbit":
        b.oval(-15, -22, 6, 6, lighten(fur, 0.5))
    elif kind == "bear":
        b.oval(-14, -22, 5, 5, fur)
    elif kind == "dragon":
        b.limb([(-10, -22), (-28, -14), (-42, -12)], 9, fur)
        b.shape([(-42, -20), (-54, -12), (-42, -4)], p.accent)
        wing = shade(p.skin, 0.3)
        b.shape([(-6, -46), (-30, -86), (-38, -70), (-44, -74), (-40, -54), (-46, -52), (-14, -32)], wing)
        for k in range(3):
            b.shape([(-4 - k * 2, -76 + k * 3), (0 - k * 2, -84 + k * 3), (4 - k * 2, -76 + k * 3)], p.accent)
    if look.has("backpack") and kind not in ("dragon",):
        b.shape([(-22, -50), (-9, -52), (-8, -22), (-22, -20)], p.accent)
        b.shape([(-24, -36), (-12, -36), (-12, -24), (-24, -24)], shade(p.accent, 0.2))
    if look.has("cape"):
        flutter = 10 if pose.tilt > 5 or pose.airborne else 0
        b.shape([(-10, -50), (8, -50), (-4 - flutter, -6), (-24 - flutter * 2, -10)], p.accent)
    if kind in ("person", "child") and look.hairstyle in ("long", "ponytail"):
        hx, hy = HEAD
        if look.hairstyle == "long":
            b.shape([(hx - 26, hy - 6), (hx + 18, hy - 14), (hx + 14, hy + 34), (hx - 28, hy + 34)], p.hair)
        else:
            b.oval(hx - 28, hy + 4, 8, 16, p.hair)


def _head(b: Body, look: Look, p: Paint, hx: float, hy: float, r: float, mood: str, pose: Pose) -> None:
    kind = look.kind
    if look.has("tie") and kind in ("person", "child", "elder", "robot", "alien"):
        b.shape([(-2, -52), (3, -52), (4, -34), (0.5, -29), (-3, -34)], p.accent)
    if look.has("backpack") and kind != "dragon":  # the strap over the near shoulder
        b.shape([(4, -53), (9, -52), (-4, -20), (-9, -21)], shade(p.accent, 0.1))
    if look.has("spots") and kind in FURRY:
        for dx, dy, rr in ((-8, -40, 4.5), (6, -26, 3.5), (-4, -28, 3)):
            b.oval(dx, dy, rr, rr * 0.8, shade(p.skin, 0.45), ink=False, shaded=False)
    if look.has("stripes") and kind in FURRY:
        for k in range(3):
            b.stroke([(-13, -44 + k * 8), (-5, -42 + k * 8)], 2.4, shade(p.skin, 0.45))
    if look.has("scarf"):
        b.shape([(-14, -54), (14, -54), (14, -46), (-14, -46)], p.accent)
        b.shape([(-10, -50), (-4, -50), (-12, -30), (-18, -32)], p.accent)
    elif look.has("collar"):
        b.shape([(-12, -52), (12, -52), (12, -47), (-12, -47)], p.accent)
    if look.has("straw") and kind in ("person", "child", "elder"):  # a scarecrow: patches, straw at the collar
        b.shape([(-9, -42), (-1, -43), (0, -35), (-8, -34)], lighten(p.top, 0.35))
        b.shape([(3, -30), (10, -31), (11, -24), (4, -23)], shade(p.top, 0.3))
        for k in range(6):
            b.stroke([(-11 + k * 4.4, -53), (-13 + k * 5.2, -45 + (k % 2) * 2)], 2.2, STRAW)
        b.oval(4, -45, 3, 3, (250, 210, 60), shaded=False)
    _ears(b, look, p, hx, hy, r)
    if kind == "robot":
        b.shape([(hx - 26, hy - 22), (hx + 26, hy - 22), (hx + 26, hy + 20), (hx - 26, hy + 20)], p.skin)
        b.shape([(hx - 20, hy - 14), (hx + 24, hy - 14), (hx + 24, hy + 16), (hx - 20, hy + 16)],
                lighten(p.skin, 0.55), ink=False)
        b.oval(hx - 27, hy, 3, 7, shade(p.skin, 0.2))
    else:
        b.oval(hx, hy, r, r * (1.08 if kind == "alien" else 1.0), p.skin)
    if kind == "dog":  # floppy ears hang in front of the head, unlike pointed ones
        ear = shade(p.skin, 0.35) if look.variant != 2 else p.skin
        b.oval(hx - 0.92 * r, hy - 0.05 * r, 0.26 * r, 0.56 * r, ear)
        b.oval(hx + 0.62 * r, hy - 0.12 * r, 0.22 * r, 0.5 * r, ear)
    if kind in FURRY:
        long_snout = kind in ("dragon", "fox", "dog")
        mx = hx + 0.32 * r
        b.oval(mx + (0.08 * r if long_snout else 0), hy + 0.38 * r, 0.38 * r if long_snout else 0.32 * r, 0.24 * r,
               p.belly, ink=False, shaded=False)
    eye = (40, 120, 60) if kind in ("cat",) else None
    if kind == "robot":
        eye = (40, 60, 90)
    face(b, hx, hy, r, mood, look_up=pose.look_up, eye_colour=eye, eyes=pose.eyes, mouth=pose.mouth)
    if kind in FURRY:
        nx, ny = hx + 0.2 * r + (0.34 * r if kind in ("dragon", "fox", "dog") else 0.2 * r), hy + 0.22 * r
        nose = (240, 130, 150) if kind in ("cat", "rabbit") else (40, 30, 35)
        if kind == "dragon":
            b.oval(nx, ny, 0.05 * r, 0.04 * r, (40, 30, 35), ink=False, shaded=False)
        else:
            b.shape([(nx - 0.09 * r, ny - 0.04 * r), (nx + 0.09 * r, ny - 0.04 * r), (nx, ny + 0.07 * r)], nose)
        if kind in ("cat", "fox", "rabbit"):
            for side in (-1, 1):
                for k in (-1, 1):
                    x0 = nx + side * 0.2 * r
                    b.stroke([(x0, ny + 0.14 * r), (x0 + side * 0.34 * r, ny + 0.14 * r + k * 0.07 * r)], 1.0)
    if look.has("spots") and kind in FURRY:
        b.oval(hx - 0.45 * r, hy - 0.45 * r, 0.2 * r, 0.16 * r, shade(p.skin, 0.45), ink=False, shaded=False)
    if look.has("stripes") and kind in FURRY:
        for stripe_x in (-0.2, 0.05, 0.3):
            b.stroke([(hx + stripe_x * r, hy - 0.98 * r), (hx + stripe_x * r + 0.05 * r, hy - 0.7 * r)], 2.4, shade(p.skin, 0.45))
    _hair(b, look, p, hx, hy, r)
    _hat(b, look, p, hx, hy, r)


def _back_of_head(b: Body, look: Look, p: Paint, hx: float, hy: float, r: float) -> None:
    """The head seen from behind, over its shoulder: ears, the back of the head (hair for people), no face."""
    _ears(b, look, p, hx, hy, r)
    if look.kind == "robot":
        b.shape([(hx - 26, hy - 22), (hx + 26, hy - 22), (hx + 26, hy + 20), (hx - 26, hy + 20)], p.skin)
        b.oval(hx + 27, hy, 3, 7, shade(p.skin, 0.2))
    else:
        b.oval(hx, hy, r, r * (1.08 if look.kind == "alien" else 1.0), p.skin)
    if look.kind in ("person", "child", "elder"):
        b.oval(hx - 0.06 * r, hy - 0.08 * r, r * 1.02, r * 0.98, p.hair)  # a head of hair, the nape below it
        if look.hairstyle == "bun" or look.kind == "elder" and not look.variant % 2:
            b.oval(hx - 0.1 * r, hy - 0.9 * r, 0.34 * r, 0.3 * r, p.hair)
    _hat(b, look, p, hx, hy, r)


def _ears(b: Body, look: Look, p: Paint, hx: float, hy: float, r: float) -> None:
    kind, fur = look.kind, p.skin
    inner = (245, 160, 170)
    if kind == "cat" or kind == "fox":
        big = 1.25 if kind == "fox" else 1.0
        for dx in (-0.55, 0.45):
            bx = hx + dx * r
            b.shape([(bx - 0.3 * r, hy - 0.6 * r), (bx + 0.3 * r, hy - 0.72 * r), (bx + 0.02 * r, hy - 1.25 * r * big)], fur)
            b.shape([(bx - 0.14 * r, hy - 0.72 * r), (bx + 0.16 * r, hy - 0.78 * r), (bx + 0.02 * r, hy - 1.08 * r * big)],
                    inner if kind == "cat" else (50, 40, 40), ink=False)
    elif kind == "dog":
        ear = shade(fur, 0.3) if look.variant != 2 else fur
        for dx in (-0.8, 0.55):
            b.shape([(hx + dx * r, hy - 0.75 * r), (hx + (dx + 0.35) * r, hy - 0.85 * r), (hx + (dx + 0.3) * r, hy + 0.3 * r),
                     (hx + (dx - 0.05) * r, hy + 0.2 * r)], ear)
    elif kind == "rabbit":
        for dx, lean in ((-0.35, -0.25), (0.3, 0.1)):
            b.oval(hx + (dx + lean * 0.5) * r, hy - 1.35 * r, 0.2 * r, 0.62 * r, fur)
            b.oval(hx + (dx + lean * 0.5) * r, hy - 1.3 * r, 0.09 * r, 0.45 * r, inner, ink=False, shaded=False)
    elif kind == "bear":
        for dx in (-0.62, 0.55):
            b.oval(hx + dx * r, hy - 0.78 * r, 0.26 * r, 0.26 * r, fur)
    elif kind == "dragon":
        for dx in (-0.45, 0.3):
            b.shape([(hx + dx * r, hy - 0.8 * r), (hx + (dx + 0.22) * r, hy - 0.86 * r), (hx + (dx - 0.12) * r, hy - 1.35 * r)],
                    (250, 235, 190))
    elif kind in ("robot", "alien"):
        top = hy - (0.95 if kind == "robot" else 1.02) * r
        for dx in ((0.0,) if kind == "robot" else (-0.35, 0.45)):
            tip = (hx + dx * r + (dx * 0.5 * r), top - 0.55 * r)
            b.stroke([(hx + dx * r, top + 0.1 * r), tip], 2.2)
            b.oval(tip[0], tip[1], 0.13 * r, 0.13 * r, p.accent)


CLOWN_NOSE = (225, 35, 40)


def _hair(b: Body, look: Look, p: Paint, hx: float, hy: float, r: float) -> None:
    if look.kind not in ("person", "child", "elder"):
        return
    if look.has("clown"):  # bright tufts either side of a bald crown, and the round red nose
        for side in (-1, 1):
            for dy in (-0.45, 0.0, 0.42):
                b.oval(hx + side * 1.02 * r, hy + dy * r, 0.36 * r, 0.3 * r, p.accent)
        b.oval(hx + 0.22 * r, hy + 0.24 * r, 0.19 * r, 0.19 * r, CLOWN_NOSE, shaded=False)
        return
    style = look.hairstyle if look.kind != "elder" else ("short" if look.variant % 2 else "bun")
    cap = b.arc_pts(hx, hy, r * 1.06, r * 1.08, 180, 360, 14)
    fringe = [(hx + r * 1.04, hy - 0.1 * r), (hx + 0.6 * r, hy - 0.42 * r), (hx + 0.35 * r, hy - 0.18 * r),
              (hx + 0.05 * r, hy - 0.45 * r), (hx - 0.3 * r, hy - 0.25 * r), (hx - 0.75 * r, hy - 0.3 * r),
              (hx - 1.05 * r, hy + 0.3 * r)]
    if style == "bob":
        fringe[-1] = (hx - 1.1 * r, hy + 0.55 * r)
    b.shape(cap + fringe[1:], p.hair)
    if style == "bun":
        b.oval(hx - 0.3 * r, hy - 1.1 * r, 0.32 * r, 0.28 * r, p.hair)
    elif style == "spiky":
        for k in range(4):
            ax = hx - 0.7 * r + k * 0.45 * r
            b.shape([(ax - 0.2 * r, hy - 0.85 * r), (ax + 0.25 * r, hy - 0.9 * r), (ax + 0.1 * r, hy - 1.35 * r)], p.hair)
    if look.has("glasses") or (look.kind == "elder" and not look.features):
        for dx in (-0.16, 0.56):
            b.oval(hx + dx * r, hy + 0.02 * r, 0.24 * r, 0.22 * r, None)
        b.stroke([(hx + 0.08 * r, hy), (hx + 0.32 * r, hy)], 2.0)


def _hat(b: Body, look: Look, p: Paint, hx: float, hy: float, r: float) -> None:
    """Head-wear, one piece (the first the sheet names wins), plus glasses for the non-human kinds."""
    if look.kind not in ("person", "child", "elder") and look.has("glasses"):
        for dx in (-0.16, 0.56):
            b.oval(hx + dx * r, hy + 0.02 * r, 0.24 * r, 0.22 * r, None)
        b.stroke([(hx + 0.08 * r, hy), (hx + 0.32 * r, hy)], 2.0)
    head_wear = [f for f in look.features if f in HEAD_WEAR]
    acc = head_wear[0] if head_wear else "none"
    if acc in ("hat", "cap"):
        if look.kind in ("person", "elder", "ghost", "bird") or acc == "cap":
            b.shape([(hx - 1.05 * r, hy - 0.62 * r), (hx + 1.2 * r + (0.3 * r if acc == "cap" else 0), hy - 0.62 * r),
                     (hx + 1.1 * r, hy - 0.5 * r), (hx - 1.05 * r, hy - 0.5 * r)], shade(p.accent, 0.25))
            b.shape(b.arc_pts(hx, hy - 0.6 * r, 0.85 * r, 0.62 * r, 180, 360, 12), p.accent)
            b.stroke([(hx - 0.8 * r, hy - 0.72 * r), (hx + 0.8 * r, hy - 0.72 * r)], 3.0, lighten(p.accent, 0.5))
        else:  # a small tilted party hat between animal ears
            b.shape([(hx - 0.3 * r, hy - 0.88 * r), (hx + 0.32 * r, hy - 0.95 * r), (hx + 0.1 * r, hy - 1.7 * r)], p.accent)
            b.oval(hx + 0.1 * r, hy - 1.72 * r, 0.1 * r, 0.1 * r, (250, 240, 120))
    elif acc == "crown":
        gold = (250, 200, 50)
        top = hy - 0.78 * r
        pts = [(hx - 0.5 * r, top + 0.12 * r), (hx - 0.55 * r, top - 0.42 * r), (hx - 0.3 * r, top - 0.18 * r),
               (hx - 0.05 * r, top - 0.55 * r), (hx + 0.2 * r, top - 0.18 * r), (hx + 0.45 * r, top - 0.48 * r),
               (hx + 0.45 * r, top + 0.1 * r)]
        b.shape(pts, gold)
        b.oval(hx - 0.05 * r, top - 0.05 * r, 0.09 * r, 0.09 * r, p.accent if p.accent != gold else (220, 40, 60),
               shaded=False)
    elif acc == "pointy_hat":
        b.shape([(hx - 1.15 * r, hy - 0.6 * r), (hx + 1.25 * r, hy - 0.66 * r), (hx + 1.0 * r, hy - 0.48 * r),
                 (hx - 0.95 * r, hy - 0.44 * r)], shade(p.accent, 0.2))
        b.shape([(hx - 0.7 * r, hy - 0.62 * r), (hx + 0.75 * r, hy - 0.66 * r), (hx + 0.2 * r, hy - 1.55 * r),
                 (hx - 0.35 * r, hy - 2.05 * r)], p.accent)
        b.shape([(hx - 0.05 * r, hy - 1.05 * r), (hx + 0.05 * r, hy - 0.9 * r), (hx + 0.16 * r, hy - 1.02 * r),
                 (hx + 0.05 * r, hy - 1.12 * r)], (250, 220, 80), ink=False)
    elif acc == "chef_hat":
        white = (250, 250, 250)
        b.shape([(hx - 0.6 * r, hy - 0.7 * r), (hx + 0.6 * r, hy - 0.74 * r), (hx + 0.58 * r, hy - 1.1 * r),
                 (hx - 0.58 * r, hy - 1.06 * r)], white)
        for dx, rr in ((-0.42, 0.34), (0.05, 0.42), (0.45, 0.34)):
            b.oval(hx + dx * r, hy - 1.3 * r, rr * r, rr * r, white)
    elif acc == "helmet":  # a bicycle's, a firefighter's or a builder's: a dome in its colour, a peak, vents
        dome = p.accent
        b.shape(b.arc_pts(hx, hy - 0.25 * r, 1.05 * r, 0.9 * r, 180, 360, 14), dome)
        b.shape([(hx - 1.05 * r, hy - 0.25 * r), (hx + 1.45 * r, hy - 0.25 * r), (hx + 1.2 * r, hy - 0.08 * r),
                 (hx - 1.05 * r, hy - 0.1 * r)], shade(dome, 0.25))
        for dx in (-0.45, 0.0, 0.45):
            b.stroke([(hx + dx * r, hy - 1.05 * r), (hx + dx * 1.3 * r, hy - 0.5 * r)], 3.0, lighten(dome, 0.45))
    elif acc == "knight_helmet":
        steel = (190, 196, 210)
        b.shape(b.arc_pts(hx, hy - 0.2 * r, 1.08 * r, 0.95 * r, 180, 360, 14), steel)
        b.shape([(hx - 1.08 * r, hy - 0.2 * r), (hx + 1.08 * r, hy - 0.2 * r), (hx + 1.08 * r, hy - 0.05 * r),
                 (hx - 1.08 * r, hy - 0.05 * r)], shade(steel, 0.25))
        b.shape([(hx - 0.1 * r, hy - 1.1 * r), (hx - 0.5 * r, hy - 1.7 * r), (hx + 0.3 * r, hy - 1.55 * r),
                 (hx + 0.15 * r, hy - 1.1 * r)], p.accent)
    elif acc == "bow":
        bx, by = hx - 0.55 * r, hy - 0.8 * r
        b.shape([(bx, by), (bx - 0.4 * r, by - 0.25 * r), (bx - 0.4 * r, by + 0.25 * r)], p.accent)
        b.shape([(bx, by), (bx + 0.4 * r, by - 0.25 * r), (bx + 0.4 * r, by + 0.25 * r)], p.accent)
        b.oval(bx, by, 0.1 * r, 0.1 * r, shade(p.accent, 0.2))
    if look.has("space_helmet"):  # a glass bubble: an outline and two highlights, the face stays visible
        b.oval(hx + 0.05 * r, hy - 0.05 * r, 1.42 * r, 1.42 * r, None)
        b.stroke(b.arc_pts(hx + 0.05 * r, hy - 0.05 * r, 1.22 * r, 1.22 * r, 200, 250, 8), 3.0, (250, 252, 255))
        b.oval(hx + 0.75 * r, hy - 0.85 * r, 0.1 * r, 0.1 * r, (250, 252, 255), ink=False, shaded=False)


STRAW = (232, 196, 90)
HEAD_WEAR = ("crown", "pointy_hat", "chef_hat", "knight_helmet", "helmet", "hat", "cap", "bow")
WORN_NOUNS = {"crown": "crown", "pointy_hat": "hat", "chef_hat": "hat", "knight_helmet": "helmet", "helmet": "helmet",
              "hat": "hat", "cap": "cap", "space_helmet": "helmet", "glasses": "glasses"}


def worn(look: Look) -> list[str]:
    """What a drawn character visibly wears, as plain English nouns: its one piece of head-wear and its glasses
    (a helmet worn is not also pasted on the ground beside it)."""
    head_wear = [f for f in look.features if f in HEAD_WEAR]
    shown = [*head_wear[:1], *(f for f in ("space_helmet", "glasses") if look.has(f))]
    return list(dict.fromkeys(WORN_NOUNS[f] for f in shown if f in WORN_NOUNS))


def cane(b: Body, hand: Point) -> None:
    """An elder's walking stick from the back hand to the ground."""
    hx, hy = hand
    b.stroke([(hx - 1, hy), (hx - 3, 0)], 3.4, (120, 80, 50))
    b.stroke(b.arc_pts(hx + 3, hy, 4, 4, 180, 330, 6), 3.4, (120, 80, 50))
