"""A swimming pool, a hospital room and a museum hall: each is painted as itself, read from its words, and recorded.

Mirrors services/art/procedural/scenery_venues.py; the look-alikes they must not be mistaken for are the park, the
beach and the pond (open air, water), the library (the museum's old keywords), the lab (pale walls and machines) and
home (a bed). The pool returns its water, and a swimmer is drawn in it.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageStat

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import floating, plan_painter, scenery_venues
from services.art.procedural.backgrounds import view_for
from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import Light
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.settings import (
    NEUTRAL,
    NO_SNOW_COVER,
    UNDER_WATER,
    paint_place,
    setting_for_place,
    setting_names,
    setting_nouns,
    sky_shows,
)
from services.art.procedural.styles import style_for
from services.language import lexicon
from services.schemas import CastMember, PanelScene, SceneActor
from services.story.scene_plan import build_plan
from tests.place_pixels import (
    Pixel,
    assert_a_full_place,
    assert_painted_and_recorded,
    assert_paints_everywhere,
    assert_told_apart,
    difference,
    near,
    paint,
    share,
)

PLACES = ("pool", "hospital", "museum")
LOOK_ALIKES = ("park", "beach", "pond", "library", "lab", "home", "school", NEUTRAL)
ADA = CastMember(name="Ada", kind="person")


def turquoise(px: Pixel) -> bool:
    """Pool water: green and blue both far above red, green near blue (a blue sky or a pond is bluer)."""
    r, g, b = px[:3]
    return g > r + 70 and b > r + 70 and g > b - 40


def white(px: Pixel) -> bool:
    return min(px[:3]) > 232


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in (*PLACES, *LOOK_ALIKES)}


def test_the_places_have_a_painter_a_lexicon_entry_and_the_right_roof() -> None:
    for key in PLACES:
        assert key in scenery_venues.PAINTERS and key in setting_names() and key in lexicon.keys("settings"), key
    assert not lexicon.is_indoor("pool") and lexicon.is_indoor("hospital") and lexicon.is_indoor("museum")


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_a_full_panel_that_is_not_blank(setting: str, painted: dict[str, Image.Image]) -> None:
    assert_a_full_place(painted[setting])


def test_they_differ_from_each_other_and_from_their_look_alikes(painted: dict[str, Image.Image]) -> None:
    assert_told_apart(painted, PLACES, LOOK_ALIKES)


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_in_every_shot_light_and_style(setting: str) -> None:
    assert_paints_everywhere(setting)  # every draw of the dice (which side the tower, the bed's head, the dinosaur face)


@pytest.mark.parametrize("shot", ["wide", "medium", "close-up"])
@pytest.mark.parametrize("time", ["day", "sunset", "night"])
def test_the_pool_is_turquoise_water_in_the_lower_middle_with_a_deck_to_stand_on(shot: str, time: str) -> None:
    s = style_for("classic")
    canvas, water = paint_place("pool", time, "clear", shot, 250, 3, 0, s.ink, s.line_weight, s.recolour)
    img = canvas.finish()
    assert water is not None and water.spans, "the pool says where its water is"
    top, bottom = min(y for y, _, _ in water.spans), max(y for y, _, _ in water.spans)
    horizon = view_for(shot, 0).horizon
    assert horizon < top < horizon + 130 and bottom > top + 150, "under the horizon, a big basin"
    inside = [(x, y) for y, x0, x1 in water.spans[::7] for x in (x0 + 12, (x0 + x1) / 2, x1 - 12)]
    lit = sum(turquoise(img.getpixel((min(249, round(x / 4)), min(249, round((y + 3) / 4))))) for x, y in inside)
    assert lit > 0.8 * len(inside), "the painted water is where the Water says, and it is turquoise"
    assert share(img, turquoise, (0, 0, 1000, 600)) < 0.02, "the sky and the cabins are not pool water"
    if shot == "wide":
        assert 300 < top < 700 and bottom < 860 and not water.contains(500, 880), "the cast stands on the near deck"
        assert share(img, turquoise, (250, 680, 750, 800)) > 0.5


def test_the_pool_has_red_and_white_lane_floats_and_the_sky_shows_the_time() -> None:
    img = paint("pool", 250)
    assert share(img, near(scenery_venues.FLOAT_RED, 30), (200, 640, 800, 840)) > 0.01, "red lane-rope floats"
    assert share(img, white, (200, 640, 800, 840)) > 0.01, "white floats and the coping"
    assert sky_shows("pool", "day", "clear") == ("sun",) and sky_shows("pool", "night", "clear") == ("moon",)
    assert "pool" not in NO_SNOW_COVER and "pool" not in UNDER_WATER
    snowy = paint("pool", 250, weather="snow")
    assert share(snowy, turquoise, (250, 680, 750, 800)) > 0.4, "snow falls into the water, it does not cover it"


def _afloat(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, float]]:
    """Where swimmers were drawn on the water: (x, waterline y) in panel units."""
    spots: list[tuple[float, float]] = []
    real = floating._paste_afloat

    def spy(c: Canvas, code: str, x: float, y: float, size: float, cut: float, light: Light, flip: bool = False) -> None:
        spots.append((x, y))
        real(c, code, x, y, size, cut, light, flip)
    monkeypatch.setattr(floating, "_paste_afloat", spy)
    return spots


def _request(scene: PanelScene, cast: tuple[CastMember, ...]) -> PanelArtRequest:
    return PanelArtRequest(description="A quiet panel.", style="classic", seed=5, panel_index=0, panel_count=4,
                           cast=cast, scene=scene, size=256)


@pytest.mark.parametrize("shot", ["wide", "medium"])
def test_a_swimmer_is_drawn_in_the_pool_and_a_walker_on_the_deck(shot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    spots = _afloat(monkeypatch)
    duck = CastMember(name="Quack", kind="duck")
    swims = _request(PanelScene(setting="pool", shot=shot, actors=[SceneActor(name="Quack", action="swimming")]), (duck,))
    _, drawn = ProceduralRenderer().draw(swims)
    assert ("duck", "cast", "pictogram") in {(d.what, d.role, d.source) for d in drawn}
    _, water = plan_painter.background(swims, plan_painter.resolve(swims), (0, 0, 0), 1.0, None)
    assert water is not None and spots and water.contains(*spots[-1]), "in the water, not on the tiles"
    walks = _request(PanelScene(setting="pool", shot=shot, actors=[SceneActor(name="Quack", action="walking")]), (duck,))
    ProceduralRenderer().draw(walks)
    assert len(spots) == 1, "a duck that walks stays on the deck"


def test_the_hospital_has_a_white_bed_a_red_cross_and_mint_walls(painted: dict[str, Image.Image]) -> None:
    img = painted["hospital"].resize((250, 250))
    assert share(img, near(scenery_venues.CROSS_RED, 30), (400, 120, 600, 240)) > 0.08, "a red cross over the bed"
    assert share(img, white, (0, 300, 1000, 720)) > 0.01, "a white pillow and sheet on the bed"
    assert share(img, near(scenery_venues.CHROME, 18), (0, 200, 1000, 760)) > 0.004, "steel rails and a drip stand"
    r, g, b = ImageStat.Stat(img.crop((0, 25, 250, 60))).mean  # the wall under the frieze
    assert g > r + 8 and min(r, g, b) > 170, "pale mint or white walls"
    assert share(painted["home"].resize((250, 250)), near(scenery_venues.CROSS_RED, 30)) < 0.001


def test_the_museum_has_pale_columns_a_skeleton_of_bones_and_a_velvet_rope(painted: dict[str, Image.Image]) -> None:
    img = painted["museum"].resize((250, 250))
    assert share(img, near(scenery_venues.BONE, 14), (100, 150, 900, 620)) > 0.02, "a big skeleton of pale bones"
    assert share(img, near(scenery_venues.VELVET, 30), (0, 640, 1000, 760)) > 0.01, "a velvet rope on brass posts"
    assert share(img, near(scenery_venues.GOLD, 30)) > 0.01, "gold frames and brass"
    def brightness(x0: float, x1: float) -> float:
        return sum(ImageStat.Stat(img.crop((round(x0 / 4), 50, round(x1 / 4), 138))).mean) / 3

    columns = max(brightness(x - 20, x + 20) for x in (30, 70, 930, 970))  # they stand 430 to 470 off the middle
    assert columns > 222 and columns > brightness(0, 1000) + 10, "tall pale columns, paler than the pale wall"
    for other in ("library", "lab"):
        assert share(painted[other].resize((250, 250)), near(scenery_venues.BONE, 14), (100, 150, 900, 620)) < 0.01


def test_the_rooms_say_what_they_show_and_get_no_snow_or_sky() -> None:
    assert setting_nouns("pool")[0] == "pool" and {"water", "diving board", "ladder"} <= set(setting_nouns("pool"))
    assert setting_nouns("hospital")[0] == "hospital" and {"bed", "curtain", "drip stand"} <= set(setting_nouns("hospital"))
    assert setting_nouns("museum")[0] == "museum" and {"skeleton", "dinosaur", "painting", "column"} <= set(
        setting_nouns("museum"))
    for key in ("hospital", "museum"):
        assert key in NO_SNOW_COVER and sky_shows(key, "day", "clear") == (), key
        assert difference(paint(key, 96, weather="snow"), paint(key, 96)) < 6, key


@pytest.mark.parametrize("place", PLACES)
def test_the_place_is_painted_and_recorded_as_the_panel_s_setting(place: str) -> None:
    assert_painted_and_recorded(place, {"pool": "swimming pool"}.get(place))  # the vocabulary's noun for the pool


@pytest.mark.parametrize(("said", "painter"), [("hospital room", "hospital"), ("art gallery", "museum"),
                                               ("natural history museum", "museum"), ("swimming pool", "pool")])
def test_a_storyteller_s_words_for_the_place_find_its_painter(said: str, painter: str) -> None:
    """A model's storyboard says 'hospital room': it was drawn on the blank backdrop."""
    from services.art.procedural import plan_painter

    plan = plan_painter.resolve(_request(PanelScene(setting=said, actors=[SceneActor(name="Ada")]), (ADA,)))
    assert plan.painter == painter


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A nervous penguin climbs the tall diving board at the swimming pool, slips, and splashes down", "pool"),
    ("A duck swims in the pool", "pool"),
    ("A nervous penguin climbs the tall diving board at the city swimming pool and slips", "pool"),
    ("Un enfant nage à la piscine", "pool"),
    ("Un enfant plonge dans la piscine", "pool"),
    ("Ein Mädchen schwimmt im Schwimmbad", "pool"),
    ("Ein Hund im Freibad", "pool"),
    ("Un niño nada en la piscina", "pool"),
    ("A small repair robot in a children's hospital washes the windows", "hospital"),
    ("A nurse helps a bear in the clinic", "hospital"),
    ("Un chat dort à l'hôpital", "hospital"),
    ("Ein Hund im Krankenhaus", "hospital"),
    ("Un médico en el hospital", "hospital"),
    ("At the natural history museum, a curious boy sneezes and a dinosaur skeleton collapses", "museum"),
    ("A painter shows her work at the art gallery", "museum"),
    ("Un garçon visite le musée", "museum"),
    ("Ein Junge im Museum", "museum"),
    ("Un niño en el museo", "museum"),
    ("A girl reads in the library", "library"),  # the library keeps its books, without the museum
    ("Une fille lit à la bibliothèque", "library"),
    ("A boy swims in the lake", "pond"),  # a lake is still the pond, not a pool
])
def test_a_prompt_reads_the_place_in_four_languages(prompt: str, setting: str) -> None:
    assert setting_for_place(build_plan(prompt, 11).setting) == setting


@pytest.mark.parametrize(("place", "setting"), [
    ("swimming pool", "pool"), ("piscine", "pool"), ("Schwimmbad", "pool"), ("piscina", "pool"),
    ("hospital room", "hospital"), ("hôpital", "hospital"), ("Krankenhaus", "hospital"), ("clínica", "hospital"),
    ("natural history museum", "museum"), ("musée", "museum"), ("Museum", "museum"), ("museo", "museum"),
    ("art gallery", "museum"), ("library", "library"), ("lake", "pond"),
])
def test_the_description_reader_finds_the_place_in_four_languages(place: str, setting: str) -> None:
    assert setting_for_place(place) == setting


def test_the_library_lends_the_museum_out_but_keeps_its_books() -> None:
    words = lexicon.entry("settings", "library")["keywords"]
    assert "museum" not in words and "gallery" not in words and {"library", "bookshop", "bibliothèque"} <= set(words)
