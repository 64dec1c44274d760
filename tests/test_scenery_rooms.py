"""A bathroom and a car-repair garage: each is painted as itself, read from its words, and recorded.

Mirrors services/art/procedural/scenery_rooms.py. Both were painted as the living room (the vocabulary filed them
under home); the look-alikes they must not be mistaken for are home and the kitchen (rooms with a window), the
hospital (white porcelain-like bedding, pale walls), the lab (a tiled wall too, and the lexicon's "workshop"), the
office, the junkyard (cars and tyres, out of doors) and the neutral backdrop.
"""

from __future__ import annotations

import statistics

import pytest
from PIL import Image

from services import vocabulary
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import scenery_rooms
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.settings import (
    NEUTRAL,
    NO_SNOW_COVER,
    setting_for_place,
    setting_names,
    setting_nouns,
    sky_shows,
)
from services.language import lexicon
from services.schemas import CastMember, PanelScene, SceneActor
from services.story.scene_plan import build_plan
from tests.place_pixels import (
    CAST_FLOOR,
    FULL,
    Pixel,
    assert_a_full_place,
    assert_floor_left_free,
    assert_painted_and_recorded,
    assert_paints_everywhere,
    assert_told_apart,
    difference,
    inked_share,
    near,
    paint,
    share,
)

PLACES = ("bathroom", "garage")
LOOK_ALIKES = ("home", "kitchen", "hospital", "lab", "office", "junkyard", NEUTRAL)
SHOTS = ("wide", "medium", "close-up")
SIDES = (3, 4)  # two draws of the dice that put the bath (and the garage's door) on either side
ADA = CastMember(name="Ada", kind="person")


def white(px: Pixel) -> bool:
    return min(px[:3]) > 232


def car_paint(px: Pixel) -> bool:
    return any(all(abs(a - b) <= 20 for a, b in zip(px[:3], col)) for col in scenery_rooms.CAR_COLOURS)


def grout_lines(img: Image.Image, x: float | None = None, y: float | None = None) -> int:
    """Thin lines much lighter than the wall around them, crossed along a row (at `y`) or a column (at `x`, over
    the wall above y 560): white grout between tiles. A dark grid (the lab's) or painted stripes cross none."""
    u = img.width / 1000
    if y is not None:
        line = [img.getpixel((i, round(y * u))) for i in range(img.width)]
    else:
        line = [img.getpixel((round((x or 0) * u), j)) for j in range(round(560 * u))]
    brightness = [sum(px[:3]) / 3 for px in line]
    middle, crossed, inside = statistics.median(brightness), 0, False
    for b in brightness:
        crossed += b > middle + 18 and not inside
        inside = b > middle + 18
    return crossed


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in (*PLACES, *LOOK_ALIKES)}


def test_the_places_have_a_painter_a_lexicon_entry_and_a_roof() -> None:
    for key in PLACES:
        assert key in scenery_rooms.PAINTERS and key in setting_names() and key in lexicon.keys("settings"), key
        assert lexicon.is_indoor(key) and key in NO_SNOW_COVER and sky_shows(key, "day", "clear") == (), key
    assert setting_nouns("bathroom")[0] == "bathroom" and {"bathtub", "toilet", "mirror", "rubber duck"} <= set(
        setting_nouns("bathroom"))
    assert setting_nouns("garage")[0] == "garage" and {"car", "tyre", "wrench", "toolbox"} <= set(setting_nouns("garage"))


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_a_full_panel_that_is_not_blank(setting: str, painted: dict[str, Image.Image]) -> None:
    assert_a_full_place(painted[setting])


def test_they_differ_from_each_other_and_from_their_look_alikes(painted: dict[str, Image.Image]) -> None:
    assert_told_apart(painted, PLACES, LOOK_ALIKES)


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_in_every_shot_light_and_style(setting: str) -> None:
    assert_paints_everywhere(setting)  # every draw of the dice (which side the bath, the door; the tiles', the car's colour)
    assert difference(paint(setting, 96, weather="snow"), paint(setting, 96)) < 6, "indoors: no snow on the floor"


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", SIDES)
def test_the_bathroom_has_a_tiled_wall_a_white_bath_and_a_rubber_duck(shot: str, layout: int) -> None:
    img = paint("bathroom", 384, shot=shot, layout=layout)
    assert grout_lines(img, y=375 if shot == "wide" else 300) >= 14, "a row of small tiles, white grout between"
    assert grout_lines(img, x=500) >= 8, "and a column of them"
    assert share(img, white, (0, 380, 1000, 620)) > 0.2, "a white bath, basin and toilet against the wall"
    assert share(img, near(scenery_rooms.DUCK, 12)) > 0.001, "a rubber duck on the rim"


def test_the_look_alikes_have_no_white_grout_and_no_duck(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        img = painted[key].resize((384, 384))
        assert grout_lines(img, y=375) < 14 or grout_lines(img, x=500) < 8, key
        assert share(img, near(scenery_rooms.DUCK, 12)) < 0.0003, key
    assert share(painted["home"].resize((384, 384)), white, (0, 380, 1000, 620)) < 0.05, "the living room's sofa"


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 5))
def test_the_garage_has_a_raised_car_tyres_and_tools(shot: str, layout: int) -> None:
    img = paint("garage", 384, shot=shot, layout=layout)
    assert share(img, car_paint, (0, 150, 1000, 560)) > 0.05, "a painted car body, up on the lift above the cast"
    assert share(img, near(scenery_rooms.TYRE, 10)) > 0.015, "its wheels and the stacked tyres"
    if shot != "close-up":
        assert share(img, near(scenery_rooms.PEGBOARD, 16)) > 0.02, "a pegboard of tools"
    if shot == "wide":
        sides = ((0, 600, 300, 860), (700, 600, 1000, 860))
        assert max(share(img, near(scenery_rooms.CHEST_RED, 24), box) for box in sides) > 0.04, "a red tool chest"


def test_the_look_alikes_have_no_car_up_on_a_lift(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        img = painted[key].resize((384, 384))
        assert share(img, car_paint, (0, 150, 1000, 560)) < 0.02, key
    junk = painted["junkyard"].resize((384, 384))
    assert share(junk, near(scenery_rooms.TYRE, 10)) < 0.015, "the junkyard's tyres are fewer, far off"


@pytest.mark.parametrize("setting", PLACES)
@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4, 5))
def test_the_floor_where_the_cast_stands_is_left_free(setting: str, shot: str, layout: int) -> None:
    """The bath, the car and the bench stand against the back wall, the chest and the tyres at the edges: no inked
    thing stands in the lower middle, where the cast is pasted (the school's desks do: the measure sees them)."""
    img = paint(setting, FULL, shot=shot, layout=layout)
    assert_floor_left_free(img, (0, 380, 1000, 700), 0.004)  # the furniture further back
    assert inked_share(paint("school", FULL, shot=shot), CAST_FLOOR) > 0.001


@pytest.mark.parametrize("place", PLACES)
def test_the_place_is_painted_and_recorded_as_the_panel_s_setting(place: str) -> None:
    assert_painted_and_recorded(place)


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A cat takes a bath in the bathroom", "bathroom"),
    ("A duck floats in the bathtub", "bathroom"),
    ("Une fille se brosse les dents dans la salle de bain", "bathroom"),
    ("Ein Kind putzt sich im Badezimmer die Zähne", "bathroom"),
    ("Un gato se baña en el cuarto de baño", "bathroom"),
    ("A mechanic fixes a car in the garage", "garage"),
    ("A robot works in the car workshop", "garage"),
    ("Le mécanicien répare la voiture au garage", "garage"),
    ("Ein Mechaniker repariert ein Auto in der Autowerkstatt", "garage"),
    ("Un mecánico arregla un coche en el taller mecánico", "garage"),
    ("Un perro duerme en el garaje", "garage"),
])
def test_a_prompt_reaches_the_painter_in_four_languages(prompt: str, setting: str) -> None:
    """The prompt's place is read, the vocabulary routes it to the new painter (not home's sofa), and the panel is
    painted as that place and recorded so."""
    plan = build_plan(prompt, 11)
    assert setting_for_place(plan.setting) == setting
    cast = tuple(CastMember(name=c.name, kind=c.kind) for c in plan.cast)
    scene = PanelScene(setting=plan.setting, shot="medium", actors=[SceneActor(name=c.name) for c in cast[:2]])
    request = PanelArtRequest(description=prompt, style="classic", seed=5, panel_index=0, panel_count=4, cast=cast,
                              scene=scene, size=192)
    _, drawn = ProceduralRenderer().draw(request)
    assert (setting, "setting", "procedural") in {(d.what, d.role, d.source) for d in drawn}


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A scientist builds a robot in the workshop", "lab"),  # the lab keeps its workshop
    ("A girl is taller than her brother in the park", "park"),  # Spanish 'taller' is no English comparative
    ("A bad dog digs in the garden", "park"),  # nor German 'Bad' an English 'bad'
    ("A cat takes a bath in the river", "river"),
])
def test_the_new_words_take_nothing_from_other_places(prompt: str, setting: str) -> None:
    assert setting_for_place(build_plan(prompt, 11).setting) == setting


@pytest.mark.parametrize(("place", "setting"), [
    ("bathroom", "bathroom"), ("shower room", "bathroom"), ("salle de bains", "bathroom"), ("Badezimmer", "bathroom"),
    ("cuarto de baño", "bathroom"), ("garage", "garage"), ("car workshop", "garage"), ("auto repair shop", "garage"),
    ("Autowerkstatt", "garage"), ("Kfz-Werkstatt", "garage"), ("taller mecánico", "garage"), ("garaje", "garage"),
    ("workshop", "lab"),
])
def test_the_description_reader_finds_the_place_in_four_languages(place: str, setting: str) -> None:
    assert setting_for_place(place) == setting


def test_the_vocabulary_files_them_under_their_own_painters() -> None:
    for noun in PLACES:
        found = vocabulary.entry(noun)
        assert found is not None and found.role == "setting" and found.kind == noun, noun
    for word, language in (("Autowerkstatt", "de"), ("Werkstatt", "de"), ("taller", "es"), ("taller mecánico", "es"),
                           ("garage", "fr"), ("car workshop", "en")):
        found = vocabulary.lookup(word, language)
        assert found is not None and found.noun == "garage", (word, language)
    assert vocabulary.lookup("taller", "en") is None and vocabulary.lookup("bad", "en") is None
    for word in ("taller", "bad", "workshop"):
        assert word not in lexicon.entry("settings", "garage")["keywords"] + lexicon.entry("settings", "bathroom")[
            "keywords"], word
    assert "workshop" in lexicon.entry("settings", "lab")["keywords"]
