"""The top of a tall tower: painted as its viewing deck over a city, read from its words in four languages, and
reviewed as the place it is (no mountain for 'sommet', no Eiffel Tower pasted into its own top).

Mirrors services/art/procedural/scenery_tower.py; the look-alikes are the rooftop (the city below a roof), the
mountains (a summit), the city and the castle (a tower).
"""

from __future__ import annotations

import pytest
from PIL import Image

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import scenery_tower
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.settings import NEUTRAL, setting_names, setting_nouns
from services.language import lexicon
from services.review.editor_checks import review_beyond_spec
from services.schemas import CastMember, Panel, PanelScene, SceneActor
from services.story.scene_plan import build_plan
from tests.place_pixels import Pixel, assert_a_full_place, assert_told_apart, difference, near, paint, share

LOOK_ALIKES = ("rooftop", "mountains", "city", "castle", NEUTRAL)


def iron(px: Pixel) -> bool:
    return near(scenery_tower.IRON, 40)(px)


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in ("tower_top", *LOOK_ALIKES)}


def test_the_tower_top_has_a_painter_a_lexicon_entry_and_open_sky() -> None:
    assert "tower_top" in setting_names() and "tower_top" in lexicon.keys("settings")
    assert not lexicon.is_indoor("tower_top") and setting_nouns("tower_top")[0] == "tower top"


def test_it_is_a_full_place_told_apart_from_roofs_summits_and_towers(painted: dict[str, Image.Image]) -> None:
    assert_a_full_place(painted["tower_top"])
    assert_told_apart(painted, ("tower_top",), LOOK_ALIKES)


@pytest.mark.parametrize("shot", ["wide", "medium", "close-up"])
def test_iron_girders_rise_at_both_sides_and_a_railing_crosses_the_panel_in_every_shot(shot: str) -> None:
    img = paint("tower_top", 250, shot=shot)
    assert share(img, iron, (0, 0, 330, 550)) > 0.01 and share(img, iron, (670, 0, 1000, 550)) > 0.01, \
        "the tower's lattice at both sides, above the deck"
    assert share(img, iron, (0, 560, 1000, 760)) > 0.05, "the deck's iron railing"
    assert share(img, iron, (330, 0, 670, 500)) < 0.01, "the sky over the middle is open"


def test_the_hour_shows_and_the_city_below_lights_up_at_night() -> None:
    day, night = paint("tower_top", 128), paint("tower_top", 128, "night")
    assert difference(day, night) > 4
    lit = near((255, 214, 110), 20)
    assert share(night, lit, (0, 450, 1000, 650)) > share(day, lit, (0, 450, 1000, 650)) + 0.002, "lit windows"


@pytest.mark.parametrize(("prompt", "phrase", "in_place"), [
    ("A pigeon steals a tourist's hat on top of the Eiffel Tower.", "the top of the Eiffel Tower",
     "on top of the Eiffel Tower"),
    ("A cat sleeps at the top of the Tokyo Tower.", "the top of the Tokyo Tower", "at the top of the Tokyo Tower"),
    ("Au sommet de la tour Eiffel, un pigeon vole le chapeau d'un touriste.", "le sommet de la tour Eiffel",
     "au sommet de la tour Eiffel"),
    ("Auf der Spitze des Eiffelturms tanzt ein Affe.", "die Spitze des Eiffelturms", "auf der Spitze des Eiffelturms"),
    ("En la cima de la torre Eiffel, un gato come un pastel.", "la cima de la torre Eiffel",
     "en la cima de la torre Eiffel"),
])
def test_the_top_of_a_landmark_tower_is_read_as_its_top_in_four_languages(prompt: str, phrase: str,
                                                                          in_place: str) -> None:
    """It was a mountain summit ('sommet', 'cima') or the city at the tower's foot, with the tower pasted in."""
    plan = build_plan(prompt, 5)
    assert (plan.setting, plan.setting_phrase, plan.in_place) == ("tower_top", phrase, in_place)
    assert not {t.what for t in plan.things} & {"eiffel tower", "tokyo tower", "mountain"}
    assert "mountain" not in plan.landmarks


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A goat climbs to the summit of the mountain.", "mountains"),
    ("A princess waits at the top of the tower.", "castle"),  # a castle's tower is no iron deck
    ("A girl waves from the Eiffel Tower.", "paris"),
])
def test_other_tops_and_towers_stay_where_they_were(prompt: str, setting: str) -> None:
    assert build_plan(prompt, 5).setting != "tower_top"


def test_the_panel_is_painted_there_and_the_review_finds_the_summit_and_the_tower_in_it() -> None:
    prompt = "Au sommet de la tour Eiffel, un pigeon vole le chapeau d'un touriste."
    plan = build_plan(prompt, 5)
    scene = PanelScene(setting=plan.setting, actors=[SceneActor(name="Pip", action="standing")])
    request = PanelArtRequest(description="", style="classic", seed=1, panel_index=0, panel_count=1, scene=scene,
                              cast=(CastMember(name="Pip", kind="pigeon"),))
    _, drawn = ProceduralRenderer().draw(request)
    assert drawn[0].what == "tower_top"
    panel = Panel(index=0, description="", subtitle="Voici le sommet de la tour Eiffel.", scene=scene, drawn=drawn)
    report = review_beyond_spec(prompt, [panel], plan)
    assert not {"mountain", "eiffel tower"} & set(report.concepts_missing), report.concepts_missing
