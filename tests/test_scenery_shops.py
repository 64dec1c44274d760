"""Shops, venues and named places: each is painted as itself, chosen from its words in four languages, and recorded.

Mirrors services/art/procedural/scenery_shops.py (flower shop, bakery, ice-cream café, toy shop, stage) and
scenery_places.py (junkyard, rooftop, cave, cornfield, shipwreck, zoo), with the kitchen's table and the frozen lake.
"""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import plan_painter, scenery_places, scenery_shops
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.settings import (
    NEUTRAL,
    NO_SNOW_COVER,
    UNDER_WATER,
    paint_background,
    setting_for_place,
    setting_names,
    setting_nouns,
    sky_shows,
)
from services.art.procedural.styles import style_for
from services.language import lexicon
from services.schemas import CastMember, PanelScene, SceneActor
from services.story.scene_plan import build_plan

VENUES = ("flower_shop", "bakery", "ice_cream_cafe", "toy_shop", "stage", "junkyard", "rooftop", "cave", "cornfield",
          "shipwreck", "zoo")
INDOOR = ("flower_shop", "bakery", "ice_cream_cafe", "toy_shop", "stage", "cave")
ADA = CastMember(name="Ada", kind="person")
FULL = 768


def paint(setting: str, size: int = FULL, time: str = "day", weather: str = "clear", shot: str = "wide") -> Image.Image:
    s = style_for("classic")
    return paint_background(setting, time, weather, shot, size, 3, 0, s.ink, s.line_weight, s.recolour).finish()


def difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in (*VENUES, NEUTRAL)}


def test_every_venue_has_a_painter_in_its_module_and_a_lexicon_entry() -> None:
    modules = {**scenery_shops.PAINTERS, **scenery_places.PAINTERS}
    for key in VENUES:
        assert key in modules and key in setting_names() and key in lexicon.keys("settings"), key
        assert lexicon.is_indoor(key) == (key in INDOOR), key


@pytest.mark.parametrize("setting", VENUES)
def test_each_venue_paints_a_full_panel_that_is_not_blank(setting: str, painted: dict[str, Image.Image]) -> None:
    img = painted[setting]
    assert img.size == (FULL, FULL) and img.mode == "RGB"
    small = img.resize((192, 192))
    assert len(small.getcolors(192 * 192) or range(9999)) > 60, "a place has many colours"
    assert max(ImageStat.Stat(img).stddev) > 25, "and contrast: shapes, not a wash"
    assert difference(small, painted[NEUTRAL].resize((192, 192))) > 15, "not the neutral backdrop"


def test_the_venues_differ_from_each_other(painted: dict[str, Image.Image]) -> None:
    small = {key: painted[key].resize((192, 192)) for key in VENUES}
    for a, b in itertools.combinations(VENUES, 2):
        assert difference(small[a], small[b]) > 12, (a, b)


@pytest.mark.parametrize("setting", VENUES)
def test_each_venue_paints_in_every_shot_light_and_style(setting: str) -> None:
    day, night = paint(setting, 128), paint(setting, 128, "night")
    assert difference(day, night) > 4 if setting not in INDOOR else True
    for shot in ("medium", "close-up"):
        assert difference(paint(setting, 128, shot=shot), day) > 4, (setting, shot)
    for style in ("manga", "noir", "pop art", "watercolor"):
        s = style_for(style)
        assert paint_background(setting, "day", "rain", "medium", 96, 5, 36, s.ink, s.line_weight, s.recolour).size == 96


def test_venues_say_what_they_show_and_indoor_ones_get_no_snow_or_sky() -> None:
    assert setting_nouns("flower_shop")[:2] == ["flower shop", "flower"] and "counter" in setting_nouns("flower_shop")
    assert {"bread", "cake", "counter"} <= set(setting_nouns("bakery"))
    assert {"ice cream", "cone", "counter"} <= set(setting_nouns("ice_cream_cafe"))
    assert {"toy", "teddy bear", "counter"} <= set(setting_nouns("toy_shop"))
    assert {"curtain", "spotlight"} <= set(setting_nouns("stage"))
    assert {"chimney", "city"} <= set(setting_nouns("rooftop")) and "stalactite" in setting_nouns("cave")
    assert "table" in setting_nouns("kitchen")
    for key in INDOOR + ("shipwreck",):
        assert key in NO_SNOW_COVER and sky_shows(key, "day", "clear") == (), key
    assert "shipwreck" in UNDER_WATER and sky_shows("rooftop", "night", "clear") == ("moon",)


@pytest.mark.parametrize(("prompt", "painter"), [
    ("A cat buys flowers at the flower shop", "flower_shop"),
    ("Un chat achète des fleurs chez le fleuriste", "flower_shop"),
    ("Eine Katze kauft Blumen im Blumenladen", "flower_shop"),
    ("Un gato compra flores en la floristería", "flower_shop"),
    ("A bear buys bread at the bakery", "bakery"),
    ("Un ours achète du pain à la boulangerie", "bakery"),
    ("Ein Bär kauft Brot in der Bäckerei", "bakery"),
    ("Un oso compra pan en la panadería", "bakery"),
    ("A girl eats ice cream at the ice-cream café", "ice_cream_cafe"),
    ("Une fille mange une glace au salon de glaces", "ice_cream_cafe"),
    ("Ein Mädchen isst ein Eis in der Eisdiele", "ice_cream_cafe"),
    ("Una niña come helado en la heladería", "ice_cream_cafe"),
    ("A boy plays in the toy shop", "toy_shop"),
    ("Un garçon joue dans le magasin de jouets", "toy_shop"),
    ("Ein Junge spielt im Spielzeugladen", "toy_shop"),
    ("Un niño juega en la juguetería", "toy_shop"),
    ("A dog sings at the talent show", "stage"),
    ("A robot plays guitar at a concert", "stage"),
    ("Une fille chante au concours de talents", "stage"),
    ("Ein Hund singt auf der Bühne", "stage"),
    ("Un perro canta en el escenario", "stage"),
    ("A raccoon finds a treasure in the junkyard", "junkyard"),
    ("Un chien cherche un trésor à la casse auto", "junkyard"),
    ("Ein Waschbär findet einen Schatz auf dem Schrottplatz", "junkyard"),
    ("Un mapache encuentra un tesoro en el desguace", "junkyard"),
    ("A cat sits on a rooftop over the city", "rooftop"),
    ("Un chat dort sur le toit", "rooftop"),
    ("Eine Katze schläft auf dem Dach", "rooftop"),
    ("Un gato duerme en el tejado", "rooftop"),
    ("A bat sleeps in a cave", "cave"),
    ("Une chauve-souris dort dans une grotte", "cave"),
    ("Eine Fledermaus schläft in einer Höhle", "cave"),
    ("Un murciélago duerme en una cueva", "cave"),
    ("A scarecrow dances in the cornfield", "cornfield"),
    ("Un épouvantail danse dans le champ de maïs", "cornfield"),
    ("Eine Vogelscheuche tanzt im Maisfeld", "cornfield"),
    ("Un espantapájaros baila en el maizal", "cornfield"),
    ("A giraffe escapes from the zoo and the keeper chases it", "zoo"),
    ("Au zoo, un singe vole la casquette d'un garçon", "zoo"),
    ("Im Tierpark schläft ein Löwe in der Sonne", "zoo"),
    ("Un elefante baila en el zoológico", "zoo"),
    ("A diver explores a shipwreck", "shipwreck"),
    ("Un plongeur explore une épave", "shipwreck"),
    ("Ein Taucher erkundet ein Schiffswrack", "shipwreck"),
    ("Un buzo explora un naufragio", "shipwreck"),
    ("A chef cooks soup in the kitchen", "kitchen"),
    ("Ein Koch kocht Suppe in der Küche", "kitchen"),
])
def test_the_prompt_s_place_word_chooses_the_venue_in_four_languages(prompt: str, painter: str) -> None:
    plan = build_plan(prompt, 3)
    request = PanelArtRequest(description="", style="classic", seed=3, panel_index=0, panel_count=4, cast=(ADA,),
                              scene=PanelScene(setting=plan.setting, actors=[SceneActor(name="Ada")]), size=128)
    assert plan_painter.resolve(request).painter == painter, plan.setting
    assert setting_for_place(plan.setting) == painter, plan.setting  # the description reader agrees


def _draw(scene: PanelScene, size: int = 256):
    return ProceduralRenderer().draw(PanelArtRequest(description="A quiet panel.", style="classic", seed=5,
                                                     panel_index=0, panel_count=4, cast=(ADA,), scene=scene, size=size))


@pytest.mark.parametrize(("place", "recorded"), [
    ("flower shop", "flower shop"), ("bakery", "bakery"), ("ice cream shop", "ice cream shop"), ("toy shop", "toy shop"),
    ("theater", "theater"), ("junkyard", "junkyard"), ("roof", "roof"), ("cave", "cave"), ("cornfield", "cornfield"),
    ("shipwreck", "shipwreck"),
])
def test_the_venue_is_painted_and_recorded_as_the_panel_s_setting(place: str, recorded: str) -> None:
    image, drawn = _draw(PanelScene(setting=place, shot="wide", actors=[SceneActor(name="Ada")]))
    assert (recorded, "setting", "procedural") in {(d.what, d.role, d.source) for d in drawn}
    assert not any(d.role == "setting" and d.source == "pictogram" for d in drawn), "painted, not a sticker"
    assert ("person", "cast") in {(d.what, d.role) for d in drawn}


def test_under_the_sea_at_the_wreck_the_cast_swims() -> None:
    from services.art.procedural.renderer import _action
    from services.art.procedural.scene import Actor, Scene

    scene = Scene(setting="shipwreck", indoor=False, time="day", weather="clear", shot="wide", mood="calm",
                  action="standing", props=(), actors=(Actor(name="Ada", kind="person", action="standing", mood="calm",
                                                             props=()),))
    assert _action(scene, scene.actors[0]) == "swimming"


def test_a_city_seen_from_the_rooftop_is_painted_not_pasted_on_the_roof() -> None:
    _, drawn = _draw(PanelScene(setting="roof", landmarks=["city"], actors=[SceneActor(name="Ada")]))
    record = {(d.what, d.source) for d in drawn}
    assert ("city", "procedural") in record and ("city", "pictogram") not in record


def test_the_kitchen_has_its_table() -> None:
    img = paint("kitchen", 200)
    checks = sum(n for n, col in img.getcolors(200 * 200) or [] if all(abs(a - b) < 20 for a, b in zip(col, (210, 70, 70))))
    assert checks > 60, "the red checks of the tablecloth"


@pytest.mark.parametrize("prompt", [
    "A penguin skates on the frozen lake",
    "Un pingouin patine sur le lac gelé",
    "Ein Pinguin läuft Schlittschuh auf dem zugefrorenen See",
    "Un pingüino patina en el lago helado",
])
def test_a_frozen_lake_is_the_lake_with_its_state_in_four_languages(prompt: str) -> None:
    plan = build_plan(prompt, 3)
    assert (plan.setting, plan.place_state) == ("lake", "frozen")


def test_ice_cream_or_a_plain_lake_is_not_a_frozen_place() -> None:
    assert build_plan("Una niña come helado en la heladería", 3).place_state is None
    assert build_plan("A duck swims on the lake", 3).place_state is None
    assert build_plan("Der Hund schwimmt im See", 3).setting == "lake"  # a German 'See' with 'der' is a lake


def test_the_frozen_lake_is_iced_over_with_snow_banks_and_recorded() -> None:
    summer, drawn_summer = _draw(PanelScene(setting="lake", actors=[SceneActor(name="Ada")]))
    winter, drawn = _draw(PanelScene(setting="lake", place_state="frozen", actors=[SceneActor(name="Ada")]))

    def near(img: Image.Image, colour: tuple[int, int, int], tol: int) -> int:
        return sum(n for n, c in img.getcolors(1 << 20) or [] if all(abs(a - b) <= tol for a, b in zip(c, colour)))
    assert near(winter, (200, 232, 252), 24) > near(summer, (200, 232, 252), 24) + 1500, "white-blue ice"
    assert near(winter, (250, 170, 200), 20) < max(1, near(summer, (250, 170, 200), 20)), "no lilies in flower"
    assert ("ice", "setting") in {(d.what, d.role) for d in drawn}
    assert "ice" not in {d.what for d in drawn_summer}
