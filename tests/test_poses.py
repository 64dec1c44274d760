"""Poses never put a hand or an arm across a face (it was drawn over the face in surprised/looking panels)."""

from __future__ import annotations

import math

import pytest

from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.characters import HEAD, HEAD_R, SHOULDERS, arm_joints
from services.art.procedural.figure import POSES, pose_for
from services.art.procedural.looks import look_for
from services.art.procedural.palettes import light_for
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
