"""Open water: its colours read as water at any hour, and things float inside it, off the cast."""

from __future__ import annotations

import pytest

from services.art.procedural.palettes import light_for
from services.art.procedural.water import Water, spans_between, water_colours


def watery(px: tuple[int, ...]) -> bool:
    """Blue water, however the light tints it: clearly more blue than red, and not greener than blue."""
    r, g, b = px[:3]
    return b > r + 20 and b >= g - 8


@pytest.mark.parametrize("time", ["dawn", "day", "sunset", "night"])
@pytest.mark.parametrize("weather", ["clear", "rain", "fog"])
def test_water_is_blue_at_every_hour(time: str, weather: str) -> None:
    colours = water_colours(light_for(time, weather))
    assert watery(colours.far) and watery(colours.near) and watery(colours.ripple), (time, colours)


def test_a_sunset_tints_the_water_without_turning_it_to_sand() -> None:
    day, sunset = water_colours(light_for("day", "clear")), water_colours(light_for("sunset", "clear"))
    assert day.far != sunset.far and sunset.far[0] > sunset.near[0]  # the far reach mirrors the warm sky a little
    assert sunset.glint[0] > sunset.glint[2]  # the low sun's glint is warm


def _band() -> Water:
    """A river 200 units wide on rows 600..1000, between x = 600 and 800."""
    return Water(spans_between(600, 1000, 10, lambda y: [(600.0, 800.0)]), 10)


def test_spans_contain_and_mask_agree() -> None:
    water = _band()
    assert water.contains(700, 650) and not water.contains(500, 650) and not water.contains(700, 590)
    mask = water.mask(100)
    assert mask.getpixel((70, 80)) == 255 and mask.getpixel((40, 80)) == 0


def test_a_thing_floats_inside_the_water_and_the_frame() -> None:
    water = _band()
    spot = water.spot(1.0, lambda y: (y - 600) * 0.4, [], 500)
    assert spot is not None
    x, y, h = spot
    assert water.contains(x, y) and x - h / 2 >= 600 and x + h / 2 <= 800
    assert h <= 200 / 1.1 + 1  # no wider than the river with a margin


def test_a_thing_keeps_off_the_cast_when_it_can() -> None:
    water = Water(spans_between(600, 1000, 10, lambda y: [(100.0, 900.0)]), 10)
    cast = [(100.0, 300.0, 500.0, 1000.0)]
    x, y, h = water.spot(1.0, lambda y: 120.0, cast, 300) or (0, 0, 0)
    assert x - h / 2 >= 500 - 1, "it floats clear of the cast rather than behind them"
    moored = Water(water.spans, 10, busy=((500.0, 300.0, 700.0, 1000.0),))
    x2, _, h2 = moored.spot(1.0, lambda y: 120.0, cast, 600) or (0, 0, 0)
    assert x2 - h2 / 2 >= 300 - 1 and x2 + h2 / 2 <= 500 + 1 or x2 - h2 / 2 >= 700 - 1, "a moored boat is kept clear"


def test_no_spot_on_water_too_narrow() -> None:
    ditch = Water(spans_between(600, 1000, 10, lambda y: [(500.0, 520.0)]), 10)
    assert ditch.spot(1.0, lambda y: 150.0, [], 500) is None
