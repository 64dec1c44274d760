"""Poses never put a hand, an arm or a held prop across a face (it was drawn over the face in surprised/looking panels)."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageChops, ImageDraw

from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.characters import HEAD, HEAD_R, SHOULDERS, arm_joints
from services.art.procedural.figure import POSES, Body, pose_for
from services.art.procedural.implements import TOOLS, tool_painter
from services.art.procedural.looks import look_for
from services.art.procedural.palettes import light_for
from services.art.procedural.props import HELD, held_painter
from services.language import lexicon

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
        for phase in range(4):
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
        for phase in range(4):
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
    stances = [(action, phase) for action in ("holding", "standing", "looking", "waving", "talking")
               for phase in range(4)]
    for action, phase in stances:
        pose = pose_for(action, phase)
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


# --- the action vocabulary's poses ------------------------------------------------------------

def test_every_pose_of_the_vocabulary_is_drawn() -> None:
    from services.vocabulary.actions import POSES as VOCABULARY

    assert set(VOCABULARY) <= set(POSES), set(VOCABULARY) - set(POSES)


@pytest.mark.parametrize("kind", lexicon.keys("characters"))
def test_every_pose_changes_the_drawing(kind: str) -> None:
    """No vocabulary pose falls back to standing: each is a different picture from standing."""
    from services.vocabulary.actions import POSES as VOCABULARY

    look = look_for(5, "Someone", kind)
    light = light_for("day", "clear")

    def drawn(action: str) -> bytes:
        c = Canvas(96)
        draw_character(c, look, pose_for(action, 0), "calm", 500, 900, 6.0, 1, light)
        return c.img.tobytes()
    standing = drawn("standing")
    same = [a for a in VOCABULARY if a != "standing" and drawn(a) == standing]
    assert not same, (kind, same)


def _face_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    from services.art.procedural import characters, creatures

    calls: list[dict] = []
    for module in (characters, creatures):
        real = module.face

        def spy(*args: object, _real=real, **kwargs: object) -> None:
            calls.append(kwargs)
            _real(*args, **kwargs)
        monkeypatch.setattr(module, "face", spy)
    return calls


@pytest.mark.parametrize("action, eyes, mouth", [
    ("sleeping", "shut", "open"), ("singing", None, "open"), ("eating", None, "chew"), ("talking", None, "talk"),
    ("laughing", "squeeze", "wide"), ("stretching", "shut", "yawn"), ("kissing", None, "pucker"),
    ("crying", "squeeze", "wail"), ("standing", None, None)])
def test_faces_follow_the_pose(monkeypatch: pytest.MonkeyPatch, action: str, eyes: str | None,
                               mouth: str | None) -> None:
    calls = _face_calls(monkeypatch)
    for kind in ("person", "dog", "robot", "penguin", "bird", "ghost"):
        draw_character(Canvas(64), look_for(1, "X", kind), pose_for(action, 0), "happy", 500, 900, 5.0, 1,
                       light_for("day", "clear"))
    assert calls and all(c.get("eyes") == eyes and c.get("mouth") == mouth for c in calls), (action, calls)


def test_a_sleeper_lies_down_and_a_singer_stands() -> None:
    look = look_for(2, "Someone", "person")
    light = light_for("day", "clear")
    asleep = draw_character(Canvas(64), look, pose_for("sleeping", 0), "calm", 500, 900, 5.0, 1, light)
    assert abs(asleep.head[1] - asleep.feet[1]) < asleep.head_r * 1.2, "the head is down at the feet's height"
    assert asleep.head[1] < 900 and asleep.head[1] + asleep.head_r <= 900 + 1, "resting on the ground, not in it"
    singer = draw_character(Canvas(64), look, pose_for("singing", 0), "calm", 500, 900, 5.0, 1, light)
    assert singer.feet[1] - singer.head[1] > 60 * 5


def test_where_the_object_is_changes_the_pose() -> None:
    assert pose_for("carrying", 0, "overhead").hand_front[1] < HEAD[1] - HEAD_R  # both hands above the head
    assert pose_for("carrying", 0, "arms").hand_front[1] > HEAD[1] + HEAD_R  # hugged to the chest
    assert pose_for("lifting", 0, "arms") != pose_for("lifting", 0)


@pytest.mark.parametrize("tool", sorted(TOOLS))
@pytest.mark.parametrize("facing", [-1, 1])
def test_a_pose_tool_never_covers_the_face(tool: str, facing: int) -> None:
    """The hammer, the rod, the shovel... are drawn like a held prop: under the head, never across the face."""
    look = look_for(3, "Someone", "person")
    light = light_for("day", "clear")
    action = next((name for name, pose in POSES.items() if pose.tool == tool), "holding")
    pose = pose_for(action, 0)
    bare, held = Canvas(160), Canvas(160)
    a = draw_character(bare, look, pose, "happy", 500, 900, 7.0, facing, light)
    marks: dict[str, tuple[float, float]] = {}
    draw_character(held, look, pose, "happy", 500, 900, 7.0, facing, light, tool_painter(tool, (200, 60, 60), marks))
    u = bare.u
    hx, hy, r = a.head[0] * u, a.head[1] * u, a.head_r * u * 0.92
    mask = Image.new("L", bare.img.size, 0)
    ImageDraw.Draw(mask).ellipse((hx - r, hy - r, hx + r, hy + r), fill=255)
    changed = ImageChops.difference(bare.img, held.img).convert("L").point(lambda v: 255 if v else 0)
    assert changed.getbbox() is not None, (tool, "drawn")
    assert ImageChops.multiply(changed, mask).getbbox() is None, (tool, action, "covers the face")
    assert "tool" in marks
