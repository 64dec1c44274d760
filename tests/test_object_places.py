"""An action's object is drawn where the action puts it: the pixels it adds are at the mouth, over the head..."""

from __future__ import annotations

import random

import pytest
from PIL import ImageChops

from services.art.procedural import figures, object_places, pictogram_acting
from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.event_plan import thing
from services.art.procedural.figure import pose_for
from services.art.procedural.figures import Figure
from services.art.procedural.implements import tool_painter
from services.art.procedural.looks import look_for
from services.art.procedural.object_places import PLACES, Thing, Where
from services.art.procedural.palettes import light_for
from services.art.procedural.staging import Placement
from services.vocabulary.actions import OBJECT_PLACES

LIGHT = light_for("day", "clear")
SIZE = 256


def _person(pose: str, x: float = 500, facing: int = 1, tool: str | None = None) -> tuple[Canvas, Figure]:
    c = Canvas(SIZE)
    c.rect(0, 0, 1000, 1000, (236, 240, 232))
    marks: dict[str, tuple[float, float]] = {}
    anchor = draw_character(c, look_for(4, "Ada", "person"), pose_for(pose, 0), "calm", x, 900, 4.0, facing, LIGHT,
                            tool_painter(tool, (200, 60, 60), marks) if tool else None)
    return c, figures.procedural(anchor, marks, pose)


def _added(c: Canvas, draw: object) -> tuple[float, float, float, float]:
    """Draw, and return the box (panel units) of the pixels it changed."""
    before = c.img.copy()
    assert callable(draw)
    draw()
    box = ImageChops.difference(before, c.img).convert("L").point(lambda v: 255 if v > 12 else 0).getbbox()
    assert box is not None, "nothing drawn"
    return tuple(v / c.u for v in box)  # type: ignore[return-value]


def _centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _place(c: Canvas, noun: str, at: str, fig: Figure, other: Figure | None = None) -> tuple[float, ...]:
    t = thing(noun)
    assert t is not None
    where = Where(random.Random(1), LIGHT, other=other)
    return _added(c, lambda: object_places.draw(c, t, at, fig, where))


def test_every_place_but_gone_is_drawable() -> None:
    assert set(OBJECT_PLACES) - set(PLACES) == {"gone"}
    c, fig = _person("standing")
    t = thing("apple")
    assert t is not None and object_places.draw(c, t, "gone", fig, Where(random.Random(1), LIGHT)) is None


@pytest.mark.parametrize("facing", [-1, 1])
def test_at_the_mouth_the_food_touches_the_lips_on_the_side_it_faces(facing: int) -> None:
    c, fig = _person("eating", facing=facing)
    box = _place(c, "sandwich", "mouth", fig)
    (mx, my), (cx, cy) = fig.mouth, _centre(box)
    assert abs(cy - my) < fig.r * 0.8 and abs(cx - mx) < fig.r * 1.8
    assert (cx - fig.head[0]) * facing > 0, "in front of the face, not behind the head"
    near = box[0] if facing > 0 else box[2]
    assert (near - fig.mouth[0]) * facing < fig.r, "close enough to bite"


def test_overhead_the_load_rests_on_the_raised_hands_above_the_head() -> None:
    c, fig = _person("lifting")
    box = _place(c, "rock", "overhead", fig)
    assert box[3] <= fig.head[1] - fig.r * 0.8, "above the head"
    assert box[3] >= fig.raised - fig.r, "resting on the hands, not floating away"
    assert min(fig.hand[0], fig.anchor.hand_back[0]) - fig.r <= _centre(box)[0] <= max(fig.hand[0], fig.anchor.hand_back[0]) + fig.r  # type: ignore[index]


def test_in_the_arms_it_is_held_at_the_chest_below_the_face() -> None:
    c, fig = _person("carrying")
    box = _place(c, "gift", "arms", fig)
    cx, cy = _centre(box)
    assert fig.head[1] + fig.r * 0.9 <= box[1] + fig.r * 0.3 and cy < fig.feet[1] - fig.r
    assert abs(cx - fig.hands[0]) < fig.r * 1.2


def test_held_out_it_is_at_the_giving_hand() -> None:
    c, fig = _person("giving")
    cx, cy = _centre(_place(c, "gift", "out", fig))
    assert abs(cx - fig.hand[0]) < fig.r and abs(cy - fig.hand[1]) < fig.r


def test_falling_it_is_below_the_hand_with_lines_above_it() -> None:
    c, fig = _person("standing")
    t = thing("pizza")
    assert t is not None
    where = Where(random.Random(1), LIGHT)
    boxes: list[tuple[float, float, float, float] | None] = []
    drawn = _added(c, lambda: boxes.append(object_places.draw(c, t, "falling", fig, where)))
    box = boxes[0]
    assert box is not None and _centre(box)[1] > fig.hand[1], "below the hand"
    assert drawn[1] < box[1] - fig.r * 0.2, "motion lines above it"


def test_flying_it_goes_up_and_away_smaller() -> None:
    c, fig = _person("kicking")
    flying = _place(c, "ball", "flying", fig)
    c2, fig2 = _person("kicking")
    ground = _place(c2, "ball", "ground", fig2)
    assert flying[3] - flying[1] < ground[3] - ground[1], "smaller: going away"
    assert _centre(flying)[1] < fig.head[1], "up in the air"
    assert (_centre(flying)[0] - fig.feet[0]) > fig.r, "away ahead of the kicker"


def test_thrown_it_flies_in_an_arc_between_thrower_and_catcher() -> None:
    c, thrower = _person("throwing", x=250, facing=1)
    catcher_anchor = draw_character(c, look_for(4, "Rex", "dog"), pose_for("catching", 0), "happy", 780, 900, 4.0, -1,
                                    LIGHT)
    catcher = figures.procedural(catcher_anchor, pose="catching")
    box = _place(c, "pizza", "thrown", thrower, catcher)
    cx, cy = _centre(box)
    assert thrower.hand[0] < cx < catcher.hand[0] + catcher.r, "between them"
    assert cy < max(thrower.hand[1], catcher.hand[1]), "up in the air, above the hands"


def test_arriving_it_meets_the_raised_hands() -> None:
    c, fig = _person("catching")
    box = _place(c, "ball", "arriving", fig)
    assert abs(_centre(box)[1] - fig.raised) < fig.r * 2 and _centre(box)[1] < fig.head[1]


@pytest.mark.parametrize("facing", [-1, 1])
def test_on_the_ground_at_the_feet_and_left_behind_a_walker(facing: int) -> None:
    c, fig = _person("walking", facing=facing)
    box = _place(c, "bone", "ground", fig)
    assert abs(box[3] - fig.feet[1]) < fig.r * 0.6 and (_centre(box)[0] - fig.feet[0]) * facing > 0
    c, fig = _person("walking", facing=facing)
    box = _place(c, "bone", "left_behind", fig)
    assert abs(box[3] - fig.feet[1]) < fig.r * 0.6 and (_centre(box)[0] - fig.feet[0]) * facing < -fig.r


def test_hidden_it_is_partly_covered() -> None:
    t = thing("diamond")
    assert t is not None
    shown, fig = _person("standing")
    hidden, _ = _person("standing")
    base = shown.img.copy()
    box = object_places.draw(shown, t, "beside", fig, Where(random.Random(1), LIGHT))
    assert box is not None and object_places.draw(hidden, t, "hidden", fig, Where(random.Random(1), LIGHT)) == box
    crop = tuple(round(v * shown.u) for v in box)
    thing_px = ImageChops.difference(base.crop(crop), shown.img.crop(crop)).convert("L").point(lambda v: 255 if v > 12 else 0)
    kept = ImageChops.difference(shown.img.crop(crop), hidden.img.crop(crop)).convert("L").point(lambda v: 0 if v > 12 else 255)
    visible = ImageChops.multiply(thing_px, kept).histogram()[255] / max(1, thing_px.histogram()[255])
    assert 0.1 < visible < 0.8, f"partly covered, some of it peeking out ({visible:.2f} visible)"
    leaf = sum(n for n, col in hidden.img.getcolors(1 << 20) or [] if col == object_places.LEAF)
    assert leaf > 50, "behind a bush"


def test_a_kite_is_high_in_the_sky_on_a_string_from_the_hand() -> None:
    c, fig = _person("running")
    t = thing("kite")
    assert t is not None
    boxes: list[tuple[float, float, float, float] | None] = []
    drawn = _added(c, lambda: boxes.append(object_places.draw(c, t, "sky", fig, Where(random.Random(1), LIGHT))))
    box = boxes[0]
    assert box is not None and box[3] < fig.top, "above everyone's head"
    assert drawn[3] >= fig.hand[1] - 5, "the string reaches down to the hand"


def test_hooked_it_hangs_from_the_end_of_the_line() -> None:
    c, fig = _person("fishing", tool="rod")
    tip = fig.marks["tip"]
    box = _place(c, "fish", "hooked", fig)
    cx, cy = _centre(box)
    assert abs(cx - tip[0]) < fig.r * 1.5 and cy > tip[1], "below the rod's tip"


def test_under_the_rider_it_stands_on_the_ground_below() -> None:
    c = Canvas(SIZE)
    look = look_for(4, "Tom", "child")
    pre = figures.Figure(draw_character(Canvas(64), look, pose_for("riding", 0), "calm", 500, 900, 4.0, 1, LIGHT),
                         (450, 500, 550, 900))
    box = _place(c, "bicycle", "under", pre)
    assert abs(box[3] - 900) < 30 and box[0] < 500 < box[2]


def test_pushed_it_is_in_front_and_chased_it_is_far_ahead() -> None:
    c, fig = _person("pushing")
    front = _place(c, "car", "front", fig)
    assert front[0] >= fig.hand[0] - fig.r and abs(front[3] - fig.feet[1]) < fig.r
    c, fig = _person("running", x=250)
    ahead = _place(c, "ball", "ahead", fig)
    assert _centre(ahead)[0] - fig.feet[0] > 150


def test_thought_of_it_is_in_a_cloud_above_the_head() -> None:
    c, fig = _person("thinking")
    t = thing("pizza")
    assert t is not None
    boxes: list[tuple[float, float, float, float] | None] = []
    drawn = _added(c, lambda: boxes.append(object_places.draw(c, t, "inside", fig, Where(random.Random(1), LIGHT))))
    box = boxes[0]
    assert box is not None and box[3] < fig.head[1] - fig.r, "above the head"
    assert drawn[0] < box[0] and drawn[1] < box[1], "inside a bigger cloud"
    assert "thought" in fig.marks


def _pair(giver_pose: str, taker_pose: str) -> tuple[Canvas, Figure, Figure]:
    """A giver on the left and, facing them, a child on the right."""
    c, a = _person(giver_pose, x=300)
    b_anchor = draw_character(c, look_for(4, "Tom", "child"), pose_for(taker_pose, 0), "happy", 700, 900, 4.0, -1,
                              LIGHT)
    return c, a, figures.procedural(b_anchor, pose=taker_pose)


def test_between_two_people() -> None:
    c, a, b = _pair("giving", "reaching")
    cx, _ = _centre(_place(c, "letter", "between", a, b))
    assert a.hand[0] - a.r < cx < b.hand[0] + b.r


def test_given_it_is_in_the_recipients_hand_not_the_givers() -> None:
    c, a, b = _pair("standing", "holding")
    cx, _ = _centre(_place(c, "jar", "received", a, b))
    assert abs(cx - b.hand[0]) < abs(cx - a.hand[0]) and abs(cx - b.hand[0]) < 2 * b.r


def test_a_pictogram_creature_gets_its_food_at_the_mouth_side_it_faces() -> None:
    for facing in (-1, 1):
        c = Canvas(SIZE)
        anchor, glyph = pictogram_acting.draw_actor(c, "1F40B", "whale", "eating", Placement(500, 900, 4.0, facing), 1.0)
        fig = figures.pictogram(anchor, glyph, "eating")
        box = _place(c, "fish", "mouth", fig)
        assert (_centre(box)[0] - 500) * facing > 0, "on the side it faces"
        assert glyph[1] < _centre(box)[1] < glyph[3]


def test_a_giant_thing_is_drawn_bigger() -> None:
    c, fig = _person("standing")
    plain = _place(c, "apple", "ground", fig)
    c, fig = _person("standing")
    t = thing("apple", "giant")
    assert t is not None
    giant = _added(c, lambda: object_places.draw(c, t, "ground", fig, Where(random.Random(1), LIGHT)))
    assert (giant[3] - giant[1]) > 1.5 * (plain[3] - plain[1])


def test_a_procedural_prop_without_a_pictogram_is_still_placed() -> None:
    c, fig = _person("standing")
    box = _added(c, lambda: object_places.draw(c, Thing("cake", None, procedural=True), "ground", fig,
                                               Where(random.Random(1), LIGHT)))
    assert box[3] > fig.feet[1] - fig.r
