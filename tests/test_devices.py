"""Every comic device of the vocabulary is drawn as shapes (never text), in its colour, where it belongs."""

from __future__ import annotations

import random

import pytest
from PIL import ImageChops, ImageDraw

from services.art.procedural import device_painter, devices, figures
from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.device_painter import Spot
from services.art.procedural.figure import pose_for
from services.art.procedural.figures import Figure
from services.art.procedural.implements import tool_painter
from services.art.procedural.looks import look_for
from services.art.procedural.palettes import light_for
from services.vocabulary.actions import DEVICES

LIGHT = light_for("day", "clear")
COLOURS = {"notes": devices.NOTE, "crumbs": devices.CRUMB, "zzz": devices.ZZZ, "tears": devices.TEARS,
           "puff": devices.SMOKE, "dust": devices.DUST, "steam": devices.STEAM, "impact": devices.IMPACT_CORE,
           "shine": devices.SHINE, "splash": devices.SPLASH, "stars": devices.STAR, "paint": devices.PAINTS[2]}


def _figure(pose: str = "standing", facing: int = 1) -> tuple[Canvas, Figure]:
    c = Canvas(256)
    c.rect(0, 0, 1000, 1000, (90, 110, 90))
    anchor = draw_character(c, look_for(2, "Ada", "person"), pose_for(pose, 0), "calm", 500, 900, 4.0, facing, LIGHT)
    return c, figures.procedural(anchor, pose=pose)


def _count(c: Canvas, colour: tuple[int, int, int]) -> int:
    return sum(n for n, col in c.img.getcolors(1 << 20) or [] if col == colour)


def _added(c: Canvas, name: str, spot: Spot) -> tuple[float, float, float, float]:
    before = c.img.copy()
    assert device_painter.draw(c, name, spot, random.Random(3))
    box = ImageChops.difference(before, c.img).convert("L").point(lambda v: 255 if v > 10 else 0).getbbox()
    assert box is not None, name
    return tuple(v / c.u for v in box)  # type: ignore[return-value]


@pytest.mark.parametrize("name", DEVICES)
def test_every_device_is_drawn(name: str) -> None:
    c, fig = _figure("singing")
    other_c, other = _figure("standing", -1)
    del other_c
    _added(c, name, Spot(fig, other, (600, 700, 680, 780)))
    if name in COLOURS:
        assert _count(c, COLOURS[name]) > 20, name


def test_devices_are_never_text(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_text(*args: object, **kwargs: object) -> None:
        raise AssertionError("a device drew text")
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", no_text)
    for name in (*DEVICES, *device_painter.EXTRAS):
        c, fig = _figure("sleeping")
        device_painter.draw(c, name, Spot(fig, None, (600, 700, 680, 780)), random.Random(1))


@pytest.mark.parametrize("facing", [-1, 1])
def test_notes_rise_from_the_singers_mouth_the_way_it_faces(facing: int) -> None:
    c, fig = _figure("singing", facing)
    box = _added(c, "notes", Spot(fig))
    mx, my = fig.mouth
    assert box[3] <= my + fig.r * 0.5, "rising above the mouth"
    assert ((box[0] + box[2]) / 2 - mx) * facing > 0, "out in front of the face"


def test_crumbs_fall_below_the_mouth_and_zzz_float_over_the_head() -> None:
    c, fig = _figure("eating")
    crumbs = _added(c, "crumbs", Spot(fig))
    assert crumbs[1] >= fig.mouth[1] - fig.r * 0.2 and abs((crumbs[0] + crumbs[2]) / 2 - fig.mouth[0]) < fig.r * 1.5
    c, fig = _figure("sleeping")
    zzz = _added(c, "zzz", Spot(fig))
    assert zzz[3] <= fig.head[1] + fig.r * 0.2 and zzz[1] < fig.head[1] - fig.r


def test_tears_run_from_the_eyes() -> None:
    c, fig = _figure("crying")
    box = _added(c, "tears", Spot(fig))
    assert box[1] <= fig.head[1] + fig.r * 0.2 <= box[3]
    assert abs((box[0] + box[2]) / 2 - fig.head[0]) < fig.r * 1.2


def test_an_impact_lands_between_the_fighters() -> None:
    c, fig = _figure("fighting")
    other_anchor = draw_character(c, look_for(2, "Bo", "bear"), pose_for("fighting", 0), "angry", 800, 900, 4.0, -1,
                                  LIGHT)
    other = figures.procedural(other_anchor, pose="fighting")
    box = _added(c, "impact", Spot(fig, other))
    assert fig.hand[0] - fig.r < (box[0] + box[2]) / 2 < other.head[0]


def test_steam_rises_off_the_thing_and_shine_rings_it() -> None:
    c, fig = _figure("standing")
    thing = (620.0, 760.0, 700.0, 840.0)
    steam = _added(c, "steam", Spot(fig, None, thing))
    assert steam[3] <= thing[1] + 5 and thing[0] - 30 < (steam[0] + steam[2]) / 2 < thing[2] + 30
    c, fig = _figure("standing")
    shine = _added(c, "shine", Spot(fig, None, thing))
    assert shine[0] < thing[0] and shine[2] > thing[2], "rays all round it"


def test_a_pose_brings_its_own_devices_and_effect_words_are_read() -> None:
    assert device_painter.POSE_DEVICES["sleeping"] == ("zzz",)
    assert "notes" in device_painter.POSE_DEVICES["singing"]
    assert "crumbs" in device_painter.POSE_DEVICES["eating"]
    assert {device_painter.device_name(w) for w in ("heart", "Speed", "sweat", "smoke", "zzz")} == \
        {"hearts", "speed lines", "sweat drops", "puff", "zzz"}
    assert device_painter.device_name("banana") is None
    for devs in device_painter.POSE_DEVICES.values():
        assert all(d in DEVICES or d in device_painter.EXTRAS for d in devs)


def test_a_painter_holds_a_brush_and_the_paint_flies_off_its_tip() -> None:
    c = Canvas(256)
    c.rect(0, 0, 1000, 1000, (90, 110, 90))
    marks: dict[str, tuple[float, float]] = {}
    pose = pose_for("painting", 0)
    anchor = draw_character(c, look_for(2, "Ada", "person"), pose, "calm", 500, 900, 4.0, 1, LIGHT,
                            tool_painter(pose.tool, (200, 60, 60), marks))
    fig = figures.procedural(anchor, marks, "painting")
    tip = fig.marks.get("brush")
    assert tip is not None and tip[1] < fig.hand[1], "the brush reaches up from the hand"
    box = _added(c, "paint", Spot(fig))
    assert box[0] - 40 < tip[0] < box[2] + 40 and box[1] - 40 < tip[1] < box[3] + 40, "around the tip"
    assert all(_count(c, colour) > 5 for colour in devices.PAINTS), "dabs of every colour"
