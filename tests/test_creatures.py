"""A fish out of water stands in a bowl beside its friend, never in front of their face."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from services.art.procedural.canvas import Canvas
from services.art.procedural.cast import draw_character
from services.art.procedural.figure import pose_for
from services.art.procedural.looks import Look, look_for
from services.art.procedural.palettes import light_for
from services.art.procedural.scene import Actor, Scene
from services.art.procedural.staging import stage


def _bowled_fish(seed: int) -> Look:
    fish = look_for(seed, "Goldie", "fish")
    return Look(**{**fish.__dict__, "features": (*fish.features, "bowl")})


def _draw(looks: list[Look], actors: tuple[Actor, ...], scene: Scene, seed: int, upto: int) -> tuple[Image.Image, list]:
    c = Canvas(256)
    places = stage(scene, looks, random.Random(seed))
    anchors = []
    for i in range(upto):
        p = places[i]
        anchors.append(draw_character(c, looks[i], pose_for(actors[i].action, i), actors[i].mood, p.x, p.ground,
                                      p.scale, p.facing, light_for("day", "clear")))
    return c.img, anchors


@pytest.mark.parametrize("shot", ["wide", "medium", "close-up"])
@pytest.mark.parametrize("interaction", ["facing", "hug"])
@pytest.mark.parametrize("action", ["standing", "looking", "swimming"])
def test_the_fish_bowl_never_covers_the_face_beside_it(shot: str, interaction: str, action: str) -> None:
    for seed in range(4):
        actors = (Actor(name="Grandpa", kind="elder", action=action, mood="surprised"),
                  Actor(name="Goldie", kind="fish", action=action))
        scene = Scene(setting="home", indoor=True, time="day", weather="clear", shot=shot, mood="neutral",
                      action=action, props=(), actors=actors, interaction=interaction)
        looks = [look_for(seed, "Grandpa", "elder"), _bowled_fish(seed)]
        alone, [grandpa] = _draw(looks, actors, scene, seed, 1)
        both, anchors = _draw(looks, actors, scene, seed, 2)
        u = alone.width / 1000
        hx, hy, r = grandpa.head[0] * u, grandpa.head[1] * u, grandpa.head_r * u
        mask = Image.new("L", alone.size, 0)
        ImageDraw.Draw(mask).ellipse((hx - r, hy - r, hx + r, hy + r), fill=255)
        changed = ImageChops.difference(alone, both).convert("L").point(lambda v: 255 if v > 8 else 0)
        covered = ImageChops.multiply(changed, mask).histogram()[255]
        face_area = max(1, mask.histogram()[255])
        assert covered / face_area < 0.03, (shot, interaction, action, seed, covered / face_area)
        fish = anchors[1]
        assert fish.head[1] > grandpa.head[1], "the bowl stands lower than the face beside it"


def test_the_bowl_is_smaller_than_a_person() -> None:
    c = Canvas(256)
    light = light_for("day", "clear")
    grandpa = draw_character(c, look_for(1, "Grandpa", "elder"), pose_for("standing", 0), "neutral", 300, 900, 4.0,
                             1, light)
    fish = draw_character(c, _bowled_fish(1), pose_for("standing", 0), "neutral", 700, 900, 4.0, -1, light)
    grandpa_height = 900 - (grandpa.head[1] - grandpa.head_r)
    bowl_height = 900 - (fish.head[1] - fish.head_r)
    assert bowl_height < 0.7 * grandpa_height
