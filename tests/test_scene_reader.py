"""The scene reader: what a description means visually."""

from __future__ import annotations

import pytest

from services.art.procedural.scene_reader import SHOT_RHYTHM, read_scene
from services.language import lexicon
from services.schemas import CastMember

ROBO = (CastMember(name="Robo", kind="robot"),)
BROWN_MIA = (CastMember(name="Brown", kind="dog"), CastMember(name="Mia", kind="cat"))


@pytest.mark.parametrize("setting", lexicon.keys("settings"))
def test_every_setting_is_read_from_its_first_keyword(setting: str) -> None:
    word = lexicon.entry("settings", setting)["keywords"][0]
    assert read_scene(f"Wide shot. We are at the {word}.").setting == setting


def test_scenery_words_do_not_override_the_named_place() -> None:
    assert read_scene("Under the moon and stars, the forest is quiet.").setting == "forest"
    assert read_scene("The moon rises.").setting == "space"


def test_time_weather_shot_mood_and_action() -> None:
    scene = read_scene("Close-up. A rainy city street at night: Robo the robot runs, scared.", ROBO)
    assert (scene.setting, scene.time, scene.weather, scene.shot) == ("city", "night", "rain", "close-up")
    assert scene.mood == "scared"
    assert scene.action == "running"
    assert scene.actors[0].action == "running"
    assert scene.actors[0].mood == "scared"


def test_shot_follows_a_comic_rhythm_when_not_named() -> None:
    shots = [read_scene("Robo in the lab.", ROBO, seed=1, panel_index=i).shot for i in range(4)]
    assert shots == list(SHOT_RHYTHM[:4])
    assert shots[0] == "wide"
    assert len(set(shots)) >= 2


def test_the_example_descriptions() -> None:
    mars = read_scene("Wide shot. Mars at sunset, red dunes and craters: Robo the robot stands beside an easel, "
                      "holding a brush, looking up at the orange sky.", ROBO)
    assert (mars.setting, mars.time, mars.shot) == ("mars", "sunset", "wide")
    assert {"easel", "brush"} <= set(mars.actors[0].props)

    chase = read_scene("Medium shot. A rainy city street at night: Brown the dog runs after Mia the cat, "
                       "who holds an umbrella, surprised.", BROWN_MIA)
    assert chase.interaction == "chase"
    assert [a.name for a in chase.actors] == ["Brown", "Mia"]
    assert all(a.action == "running" for a in chase.actors)
    by_name = {a.name: a for a in chase.actors}
    assert "umbrella" in by_name["Mia"].props and "umbrella" not in by_name["Brown"].props
    assert by_name["Mia"].mood == "surprised"

    hug = read_scene("Wide shot. A quiet forest at dawn with fog between the trees: Mia the cat and Brown the dog "
                     "hug, happy.", BROWN_MIA)
    assert (hug.setting, hug.time, hug.weather, hug.interaction) == ("forest", "dawn", "fog", "hug")
    assert {a.mood for a in hug.actors} == {"happy"}  # "quiet forest" is atmosphere, not a face


def test_cast_is_found_by_name_and_by_kind() -> None:
    assert [a.name for a in read_scene("Mia waves.", BROWN_MIA).actors] == ["Mia"]
    assert [a.name for a in read_scene("The puppy sleeps on the sofa.", BROWN_MIA).actors] == ["Brown"]
    assert [a.name for a in read_scene("The dog and the cat sit.", BROWN_MIA).actors] == ["Brown", "Mia"]


def test_default_cast_when_nobody_is_named() -> None:
    assert [a.name for a in read_scene("A quiet library at night.", BROWN_MIA).actors] == ["Brown"]
    assert read_scene("A quiet library at night.", ()).actors == ()


def test_characters_outside_the_cast_are_drawn_as_extras() -> None:
    scene = read_scene("A fox watches the penguin.", ())
    assert [(a.kind, a.extra) for a in scene.actors] == [("fox", True), ("penguin", True)]


def test_text_without_lexicon_words_still_gives_a_scene() -> None:
    scene = read_scene("一只猫在月光下散步", (), seed=5)
    assert scene.lexicon_free
    assert scene.setting in lexicon.keys("settings")
    assert [a.kind for a in scene.actors] == ["person"]
    assert read_scene("一只猫在月光下散步", ROBO, seed=5).actors[0].name == "Robo"
    # The fallback place is seeded: the same comic seed gives the same place.
    assert read_scene("???", (), seed=9).setting == read_scene("!!!", (), seed=9, panel_index=3).setting


def test_scenery_verbs_and_idioms_are_not_poses() -> None:
    kid = (CastMember(name="Bayko", kind="person"),)
    assert read_scene("Snow falls on the snowfield: Bayko waves, happy.", kid).actors[0].action == "waving"
    kite = read_scene("Bayko flies a kite on the hill.", kid).actors[0]
    assert kite.action == "holding" and "kite" in kite.props
    assert [a.name for a in read_scene("In the lab, Bayko looks at a strange machine.", kid).actors] == ["Bayko"]


def test_a_wave_of_the_hand_is_not_the_sea() -> None:
    assert read_scene("Medium shot. Robo waves in the castle at noon.", ROBO).setting == "castle"
    assert read_scene("Wide shot. The waves crash.").setting == "sea"


def test_swimming_is_an_action() -> None:
    scene = read_scene("Wide shot. Robo swims in the ocean.", ROBO)
    assert (scene.setting, scene.actors[0].action) == ("underwater", "swimming")
