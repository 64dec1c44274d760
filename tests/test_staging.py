"""Staging gives every character a place, whatever the interaction and however many join it."""

from __future__ import annotations

import random

import pytest

from services.art.procedural.looks import look_for
from services.art.procedural.scene_reader import Actor, Scene
from services.art.procedural.staging import stage


@pytest.mark.parametrize("interaction", ["hug", "chase", "facing", "none"])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
@pytest.mark.parametrize("shot", ["wide", "medium", "close-up"])
def test_every_actor_gets_a_place(interaction: str, count: int, shot: str) -> None:
    """'The children hug her': three huggers once got two places and the panel could not be drawn."""
    names = ["June", "Maya", "Tess", "Omar"][:count]
    actors = tuple(Actor(name=n, kind="child", action="hugging" if interaction == "hug" else "standing")
                   for n in names)
    scene = Scene(setting="home", indoor=True, time="day", weather="clear", shot=shot, mood="neutral", action="standing", props=(),
                  interaction=interaction, actors=actors)
    places = stage(scene, [look_for(3, n, "child") for n in names], random.Random(3))
    assert len(places) == count
    assert len({round(p.x) for p in places}) == count  # no two stand on the same spot
