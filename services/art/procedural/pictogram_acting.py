"""How a pictogram creature acts: it cannot move its limbs, so it leans, hops, crouches and turns.

A whale or an elephant drawn from its OpenMoji glyph has one fixed drawing. What it does is
told the way a puppeteer would tell it with a cut-out: it leans into what it eats or pushes,
throws its head back to sing or laugh, hops when it dances, crouches when it cowers or sneaks,
lies on its side to sleep, tumbles when it falls, and faces whoever it acts on (the flip). The
devices of the action (notes, crumbs, zzz, motion lines) and its object finish the story; they
are drawn by the event painter around the box this returns.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from services.art import pictograms
from services.art.procedural import floating
from services.art.procedural.canvas import Canvas
from services.art.procedural.characters import Anchor
from services.art.procedural.figure import Body
from services.art.procedural.palettes import Light, mix
from services.art.procedural.staging import Placement
from services.art.procedural.water import Water
from services.vocabulary import sizes

Box = tuple[float, float, float, float]
PICTO_HEIGHT = 92.0  # a pictogram cast member's height in body units (a person is about 100)
HELD_SIZE = 34.0  # a pictogram held in a hand, body units
GLOWING = ("firefly",)
# Creatures that live in the water: where the place has some, they are in it whatever they do (a whale
# sings with its head out of the sea, it does not stand on the pier).
AQUATIC = frozenset(("whale", "orca", "dolphin", "shark", "octopus", "seal", "jellyfish", "squid", "sea turtle", "seahorse"))
# OpenMoji's creatures mostly face left; these face right, and these look straight out at the reader (a head
# given a body walks to the left like the others, unless it sits: `pictogram_bodies`).
FACES_RIGHT = frozenset(("E004", "1F988", "1F40A", "1F996", "1F995", "1F400", "1F40C", "1F41D", "1F409", "1F98C",
                         "1F998", "1F9AC", "1F99B", "1F98F"))
FACES_FRONT = frozenset(("1F439", "1F438", "1F989", "1F414", "1F427", "1F419", "1F980", "1F98B", "1F577", "1F41C",
                         "1F43B", "1F428", "26C4", "1F47D", "1F47B", "1F916", "1F99A"))
@dataclass(frozen=True)
class Acting:
    """A pictogram's staging for one pose: lean (degrees towards the way it faces), hop (body units up),
    squash (its height's share), and whether it is off the ground."""

    lean: float = 0.0
    hop: float = 0.0
    squash: float = 1.0
    airborne: bool = False


STILL = Acting()
ACTING: dict[str, Acting] = {
    "walking": Acting(lean=4), "running": Acting(lean=12, hop=6), "jumping": Acting(lean=-6, hop=40, airborne=True),
    "flying": Acting(lean=10, hop=60, airborne=True), "falling": Acting(lean=150, hop=40, airborne=True),
    "swimming": Acting(lean=6, hop=30, airborne=True), "sitting": Acting(squash=0.88),
    "eating": Acting(lean=12), "drinking": Acting(lean=-10), "singing": Acting(lean=-12),
    "playing_music": Acting(lean=-6), "dancing": Acting(lean=-14, hop=12), "climbing": Acting(lean=-8, hop=30),
    "riding": Acting(), "carrying": Acting(), "lifting": Acting(squash=0.94), "pushing": Acting(lean=18),
    "pulling": Acting(lean=-16), "throwing": Acting(lean=-12), "catching": Acting(lean=-10, hop=14),
    "reaching": Acting(lean=10, hop=4), "giving": Acting(lean=8), "sneaking": Acting(lean=10, squash=0.82),
    "hiding": Acting(squash=0.85), "building": Acting(lean=8), "cooking": Acting(lean=6), "reading": Acting(lean=8),
    "writing": Acting(lean=10), "pointing": Acting(lean=6), "fishing": Acting(lean=4), "digging": Acting(lean=16),
    "sleeping": Acting(lean=-8, squash=0.78), "lying": Acting(lean=-6, squash=0.8), "painting": Acting(lean=6), "watering": Acting(lean=6), "photographing": Acting(lean=4), "stretching": Acting(lean=-6, squash=1.06),
    "crying": Acting(lean=8), "laughing": Acting(lean=-14, hop=8), "kissing": Acting(lean=14),
    "fighting": Acting(lean=14, hop=6), "cowering": Acting(lean=-12, squash=0.8), "wishing": Acting(lean=-10),
    "carried": Acting(lean=-90, airborne=True), "kicking": Acting(lean=-14), "talking": Acting(lean=4),
    "thinking": Acting(lean=-4), "hugging": Acting(lean=10), "waving": Acting(hop=4), "looking": Acting(lean=-6),
    "sneezing": Acting(lean=16, hop=6), "juggling": Acting(lean=-8, hop=6),
}


# A face looking out at the reader lies down by turning over; a side view curls up low instead (turned
# over, a sleeping elephant would lie on its back with its feet in the air).
FACE_DOWN = {"sleeping": Acting(lean=-80, squash=0.92), "lying": Acting(lean=-85)}


def acting_for(pose: str, phase: int = 0, front: bool = False) -> Acting:
    """The staging of a pose; a dance sways the other way every other panel."""
    found = FACE_DOWN[pose] if front and pose in FACE_DOWN else ACTING.get(pose, STILL)
    if pose == "dancing" and phase % 2:
        return Acting(lean=-found.lean, hop=found.hop, squash=found.squash)
    return found


@lru_cache(maxsize=256)
def _posed(code: str, size: int, ink: tuple[int, int, int], flip: bool, angle: int, squash: float) -> Image.Image:
    img = pictograms.pictogram(code, size, ink, flip)
    if squash != 1.0:
        img = img.resize((img.width, max(1, round(img.height * squash))), Image.Resampling.BILINEAR)
    if angle:
        img = img.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
    return img


def paste_acting(c: Canvas, code: str, x: float, bottom: float, height: float, facing: int, acting: Acting,
                 shadow: bool = True) -> Box:
    """Paste the creature posed (leaning towards `facing`, squashed), its base at `bottom`; its box in panel units.

    A creature is flipped when its glyph looks the other way (`flips`). A lean towards the facing turns
    the glyph clockwise when it faces right (Pillow turns counter-clockwise for a positive angle)."""
    u = c.u
    angle = round(-acting.lean * facing)
    img = _posed(code, pictograms.quantized(round(height * u)), c.ink, flips(code, facing), angle,
                 round(acting.squash, 2))
    half = img.width / u / 2
    x = min(max(x, half + 12), 988 - half)
    if shadow and not acting.airborne:
        pictograms.drop_shadow(c.img, x * u, bottom * u, img.width, img.height)
    x0, y0 = round(x * u - img.width / 2), round(bottom * u - img.height)
    c.img.paste(img, (x0, y0), img)
    return x0 / u, y0 / u, (x0 + img.width) / u, (y0 + img.height) / u


def flips(code: str, facing: int) -> bool:
    """Whether the glyph is mirrored to face `facing` (1: right)."""
    if code in FACES_FRONT:
        return False
    return (facing > 0) != (code in FACES_RIGHT)


def anchor_of(box: Box, facing: int, scale: float, lying: bool = False, front: bool = False) -> Anchor:
    """Where a pasted creature's head, mouth and front 'hand' are: on the side it faces, up its front
    (a creature looking out at the reader has its mouth in the middle of its face)."""
    x0, top, x1, bottom = box
    w, h = x1 - x0, bottom - top
    x = (x0 + x1) / 2
    if front and not lying:
        return Anchor(head=(x, top + h * 0.4), head_r=max(12.0, min(w, h) * 0.3), hand=(x + facing * w * 0.42,
                      top + h * 0.65), feet=(x, bottom), scale=scale, facing=facing,
                      mouth=(x + facing * w * 0.06, top + h * 0.62))
    head_y = top + h * (0.45 if lying else 0.3)
    return Anchor(head=(x + facing * w * 0.18, head_y), head_r=max(12.0, min(w, h) * 0.22),
                  hand=(x + facing * w * 0.42, top + h * 0.6), feet=(x, bottom), scale=scale, facing=facing,
                  mouth=(x + facing * w * 0.4, top + h * (0.5 if lying else 0.4)))


def height_of(kind: str, place: Placement, scale: float) -> float:
    """A pictogram creature's height in panel units, by the shot and how big its kind is."""
    return min(PICTO_HEIGHT * place.scale * scale * sizes.creature_height(kind), 620.0)


def half_width(code: str, kind: str, pose: str, place: Placement, scale: float) -> float:
    """Half the width a creature takes acting its pose (a leaning glyph takes more room), in panel units."""
    size = height_of(kind, place, scale)
    glyph = pictograms.pictogram(code, 120)
    w, h = (size, size * glyph.height / glyph.width) if glyph.width >= glyph.height else \
        (size * glyph.width / glyph.height, size)
    acting = acting_for(pose, 0, code in FACES_FRONT)
    t = math.radians(acting.lean)
    return (w * abs(math.cos(t)) + h * acting.squash * abs(math.sin(t))) / 2


def draw_actor(c: Canvas, code: str, kind: str, pose: str, place: Placement, scale: float, phase: int = 0,
               water: Water | None = None, light: Light | None = None, dry: bool = False) -> tuple[Anchor, Box]:
    """A creature drawn from its pictogram where the staging put it, facing the way it faces and acting
    its pose; swimming (or a sea creature, whatever it does) on the painted water nearest that spot when
    there is some (a duck on the pond, a whale in the sea)."""
    # no bigger than fits the panel where the staging put it: a pasted pictogram is kept inside the frame, so a
    # too-big one would slide to the middle, over its neighbour's face (two dinosaurs in a close-up)
    height = min(height_of(kind, place, scale), max(120.0, 1.6 * (min(place.x, 1000 - place.x) - 12)))
    ground = min(place.ground, 980.0)
    if (pose == "swimming" or kind in AQUATIC) and water is not None and light is not None:
        box = floating.swim(c, code, place.x, ground, height, water, light, flip=flips(code, place.facing))
        if box is not None:
            return anchor_of(box, place.facing, place.scale, front=code in FACES_FRONT), box
    if kind in AQUATIC and dry and water is None and light is not None:  # a whale in the city: in a pool, never on land
        box = floating.in_a_pool(c, code, place.x, ground, height, light, flip=flips(code, place.facing))
        return anchor_of(box, place.facing, place.scale, front=code in FACES_FRONT), box
    acting = acting_for(pose, phase, code in FACES_FRONT)
    airborne = acting.airborne or kind in GLOWING
    bottom = ground - (height * 0.5 if airborne and kind in GLOWING else 0) - acting.hop * place.scale
    if kind in GLOWING:
        for r, t in ((0.95, 0.25), (0.75, 0.45), (0.58, 0.7)):
            c.ellipse(place.x, bottom - height / 2, height * r, height * r, mix((255, 250, 170), (255, 255, 255), t))
    box = paste_acting(c, code, place.x, bottom, height, place.facing, acting, shadow=not airborne)
    return anchor_of(box, place.facing, place.scale, lying=abs(acting.lean) >= 80, front=code in FACES_FRONT), box


def held_pictogram(code: str) -> Callable[[Body, tuple[float, float]], None]:
    """A held-prop painter (same call as the procedural props) that pastes a pictogram in the hand."""
    def paint(b: Body, hand: tuple[float, float]) -> None:
        x, y = b.pt(hand[0], hand[1])
        size = HELD_SIZE * b.s
        pictograms.paste(b.c.img, code, x * b.c.u, (y + size * 0.45) * b.c.u, round(size * b.c.u), flip=b.dir > 0,
                         ink=b.c.ink, shadow=False)
    return paint
