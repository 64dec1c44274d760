"""Poses never put a hand, an arm or a held prop across a face (it was drawn over the face in surprised/looking panels)."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops, ImageDraw

from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.characters import HEAD, HEAD_R, SHOULDERS, arm_joints
from services.art.procedural.figure import POSES, Body, pose_for
from services.art.procedural.looks import look_for
from services.art.procedural.palettes import light_for
from services.art.procedural.props import HELD, held_painter
from services.story import lexicon

HAND_R = 5.2  # the hand's radius in body units (characters._arm)
ARM_HALF = 5.0  # half the sleeve plus its ink, in body units


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by), (px, py) = a, b, p
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


@pytest.mark.parametrize("kind", lexicon.keys("characters"))
@pytest.mark.parametrize("facing", [-1, 1])
def test_the_front_hand_stays_outside_the_head(kind: str, facing: int) -> None:
    look = look_for(7, "Someone", kind)
    for action in POSES:
        for phase in (0, 1):
            c = Canvas(64)
            a = draw_character(c, look, pose_for(action, phase), "surprised", 500, 900, 5.0, facing,
                               light_for("day", "clear"))
            gap = math.dist(a.hand, a.head) - a.head_r
            assert gap >= HAND_R * a.scale * 0.9, (kind, action, phase, facing, gap)


@pytest.mark.parametrize("big_head", [False, True])
def test_no_front_arm_crosses_the_eyes_or_mouth(big_head: bool) -> None:
    """The whole front arm (shoulder, elbow, hand) keeps clear of the eyes and the mouth (faces.face)."""
    hx, hy = HEAD
    r = HEAD_R * (1.1 if big_head else 1.0)  # children and aliens have bigger heads
    features = [((hx + 0.2 * r - 0.36 * r, hy + 0.02 * r), 0.2 * r), ((hx + 0.56 * r, hy + 0.02 * r), 0.2 * r),
                ((hx + 0.2 * r, hy + 0.42 * r), 0.22 * r)]
    for action in POSES:
        for phase in (0, 1):
            shoulder, bend, hand = arm_joints(SHOULDERS[1], pose_for(action, phase).hand_front, front=True)
            assert math.dist(hand, HEAD) >= r + HAND_R, (action, phase)
            for centre, radius in features:
                clear = min(_segment_distance(centre, shoulder, bend), _segment_distance(centre, bend, hand))
                assert clear >= radius + ARM_HALF, (action, phase, centre)


@pytest.mark.parametrize("prop", sorted(HELD))
@pytest.mark.parametrize("facing", [-1, 1])
def test_a_held_prop_never_covers_the_face_and_stays_visible(prop: str, facing: int) -> None:
    look = look_for(3, "Someone", "person")
    light = light_for("day", "clear")
    for action in ("holding", "standing", "looking", "waving"):
        pose = pose_for(action, 0)
        bare, held, alone = Canvas(160), Canvas(160), Canvas(160)
        a = draw_character(bare, look, pose, "happy", 500, 900, 7.0, facing, light)
        draw_character(held, look, pose, "happy", 500, 900, 7.0, facing, light, held_painter(prop, (200, 60, 60)))
        body = Body(alone, 500, 900, 7.0 * look.scale, facing)
        painter = held_painter(prop, (200, 60, 60))
        assert painter is not None
        painter(body, pose.hand_front)
        u = bare.u
        hx, hy, r = a.head[0] * u, a.head[1] * u, a.head_r * u * 0.92
        mask = Image.new("L", bare.img.size, 0)
        ImageDraw.Draw(mask).ellipse((hx - r, hy - r, hx + r, hy + r), fill=255)
        changed = ImageChops.difference(bare.img, held.img).convert("L").point(lambda v: 255 if v else 0)
        assert ImageChops.multiply(changed, mask).getbbox() is None, (prop, action, "covers the face")
        # Props go under the head, so one held up must reach past it rather than hide behind it.
        shape = alone.img.convert("L").point(lambda v: 255 if v else 0)
        behind_head = ImageChops.multiply(shape, mask).histogram()[255]
        assert behind_head <= 0.2 * shape.histogram()[255], (prop, action, "hidden behind the head")
