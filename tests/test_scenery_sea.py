"""The sea from a ship's deck: painted with sky, open water and planks, and chosen for people at sea only."""

from __future__ import annotations

import random

import pytest

from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import light_for
from services.art.procedural.scenery_sea import ship_deck
from services.story.scene_plan import build_plan

SIZE = 200


def test_the_deck_is_wood_below_and_the_open_sea_behind_it() -> None:
    c = Canvas(SIZE)
    view = view_for("wide", 0.0)
    water = ship_deck(c, view, light_for("day", "clear"), random.Random(3))
    image = c.finish()
    r, g, b = image.getpixel((SIZE // 2, SIZE - 4))[:3]
    assert r > b + 40, "the foreground is a wooden deck"
    sea_y = int((view.horizon + 40) * SIZE / 1000)
    r, g, b = image.getpixel((SIZE // 2, sea_y))[:3]
    assert b > r + 40, "behind the rail lies the sea"
    assert water is not None and water.spans, "boats and splashes can go on the open water"


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A pirate sails across the sea looking for gold", "sea"),
    ("Zwei Fischer rudern über das Meer", "sea"),
    ("Un marin chante sur la mer", "sea"),
    ("A dolphin plays in the sea", "underwater"),  # a sea creature is at home under it
    ("A girl dives to the bottom of the sea", "underwater"),  # the prompt says so
    ("Un niño bucea en el mar", "underwater"),
])
def test_people_at_sea_are_on_deck_and_sea_creatures_under_it(prompt: str, setting: str) -> None:
    assert build_plan(prompt, 3).setting == setting
