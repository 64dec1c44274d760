"""Inside a submarine and a city bus: each is painted as itself, read from its words, and recorded.

Mirrors services/art/procedural/scenery_vehicles.py; the look-alikes they must not be mistaken for are the space
station (a porthole too), the subway (seats, poles and windows too) and the open sea a submarine sails in.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageStat

from services.art.procedural import scenery_vehicles
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
from services.schemas import CastMember
from services.story.scene_plan import build_plan
from tests.place_pixels import (
    Pixel,
    assert_a_full_place,
    assert_painted_and_recorded,
    assert_told_apart,
    difference,
    near,
    paint,
    share,
)

PLACES = ("submarine", "bus")
LOOK_ALIKES = ("space_station", "subway", "underwater", "station", "elevator", NEUTRAL)
ADA = CastMember(name="Ada", kind="person")


def water(px: Pixel) -> bool:
    """Deep-sea blue: far more blue than red, by day or by night (a lamp-lit floor at night is only bluish)."""
    r, g, b = px[:3]
    return b > 2 * r + 12 and b > g + 15


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in (*PLACES, *LOOK_ALIKES)}


def test_both_places_have_a_painter_a_lexicon_entry_and_are_indoors() -> None:
    for key in PLACES:
        assert key in scenery_vehicles.PAINTERS and key in setting_names() and key in lexicon.keys("settings"), key
        assert lexicon.is_indoor(key), key


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_a_full_panel_that_is_not_blank(setting: str, painted: dict[str, Image.Image]) -> None:
    assert_a_full_place(painted[setting])


def test_they_differ_from_each_other_and_from_their_look_alikes(painted: dict[str, Image.Image]) -> None:
    assert_told_apart(painted, PLACES, LOOK_ALIKES)


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_in_every_shot_light_and_style(setting: str) -> None:
    day = paint(setting, 128)
    assert difference(day, paint(setting, 128, "night")) > 4, "the hour tints the lamps and shows outside"
    for shot in ("medium", "close-up"):
        assert difference(paint(setting, 128, shot=shot), day) > 4, (setting, shot)
    for style in ("manga", "noir", "pop art", "watercolor"):
        s = style_for(style)
        assert paint_background(setting, "day", "rain", "medium", 96, 5, 36, s.ink, s.line_weight, s.recolour).size == 96
    for layout in range(4, 10):  # every draw of the dice (two or three portholes, seat colours) paints
        assert paint(setting, 96, layout=layout).size == (96, 96)


@pytest.mark.parametrize("time", ["day", "night"])
@pytest.mark.parametrize("layout", [3, 4, 5, 8])
def test_the_submarine_s_portholes_look_onto_deep_water(time: str, layout: int) -> None:
    img = paint("submarine", 250, time, layout=layout)
    # two portholes at 330 and 670 across, or three at 180, 500 and 820, at the height of a standing head
    centres = [x for x in (180, 330, 500, 670, 820) if share(img, water, (x - 45, 270, x + 45, 370)) > 0.45]
    assert len(centres) >= 2, centres
    assert share(img, water, (0, 240, 1000, 400)) > (0.2 if time == "day" else 0.08), "round windows full of water"
    assert share(img, water, (0, 700, 1000, 1000)) < 0.02, "the cabin itself is dry: a grated floor, not the sea"


def test_the_submarine_is_a_riveted_steel_hull_with_brass_and_red_valve_wheels() -> None:
    img = paint("submarine", 250)
    r, g, b = ImageStat.Stat(img.crop((0, 100, 250, 150))).mean  # the wall under the portholes
    assert max(r, g, b) - min(r, g, b) < 40 and max(r, g, b) < 170, "dull steel, green-grey"
    assert share(img, near(scenery_vehicles.BRASS, 40)) > 0.02, "brass porthole rims"
    assert share(img, near(scenery_vehicles.WHEEL_RED, 40)) > 0.002, "red valve wheels"


def test_the_bus_has_yellow_poles_upholstered_seats_and_a_warmer_light_than_the_subway(
        painted: dict[str, Image.Image]) -> None:
    bus = painted["bus"]
    assert share(bus, near((244, 196, 40), 30)) > 0.01, "yellow hand poles"
    seats = [share(bus, near(col, 30), (0, 560, 1000, 900)) for col in ((52, 92, 178), (196, 58, 62), (46, 110, 170))]
    assert max(seats) > 0.15, "rows of blue or red seat backs down both sides"
    assert share(bus, near((226, 40, 40), 25)) > 0.0005, "red stop buttons"

    def warmth(img: Image.Image) -> float:
        r, _, b = ImageStat.Stat(img).mean
        return r - b
    assert warmth(bus) > warmth(painted["subway"]), "cream walls, not a cool train"


def test_the_places_say_what_they_show_and_get_no_snow_or_sky() -> None:
    assert setting_nouns("submarine")[0] == "submarine" and {"porthole", "periscope", "pipe"} <= set(setting_nouns("submarine"))
    assert setting_nouns("bus")[0] == "bus" and {"seat", "window", "pole"} <= set(setting_nouns("bus"))
    for key in PLACES:
        assert key in NO_SNOW_COVER and key not in UNDER_WATER and sky_shows(key, "day", "clear") == (), key
        assert difference(paint(key, 96, weather="snow"), paint(key, 96)) < 6, key


def test_inside_the_submarine_the_cast_stands_rather_than_swims() -> None:
    from services.art.procedural.renderer import _action
    from services.art.procedural.scene import Actor, Scene

    scene = Scene(setting="submarine", indoor=True, time="day", weather="clear", shot="wide", mood="calm",
                  action="standing", props=(), actors=(Actor(name="Ada", kind="person", action="standing", mood="calm",
                                                             props=()),))
    assert _action(scene, scene.actors[0]) == "standing"


@pytest.mark.parametrize("place", PLACES)
def test_the_place_is_painted_and_recorded_as_the_panel_s_setting(place: str) -> None:
    assert_painted_and_recorded(place)


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A plumber fixes a leaking pipe in a submarine, and a curious eel swims into his toolbox.", "submarine"),
    ("A captain looks through the periscope inside the submarine", "submarine"),
    ("A cook makes soup in a yellow submarine", "submarine"),
    ("A boy forgets his umbrella on the bus", "bus"),
    ("On a crowded bus, a grumpy old man drops his grocery bag", "bus"),
    ("Kids sing songs on the school bus", "bus"),
    ("On a crowded city bus, a grumpy old man drops his grocery bag", "bus"),
    ("Un marin cuisine dans le sous-marin", "submarine"),
    ("Ein Matrose kocht im U-Boot", "submarine"),
    ("Un marinero cocina en el submarino", "submarine"),
    ("Un chat dort dans le bus", "bus"),
    ("Ein Hund schläft im Bus", "bus"),
    ("Un perro duerme en el autobús", "bus"),
])
def test_a_prompt_set_inside_reads_the_place_in_four_languages(prompt: str, setting: str) -> None:
    assert build_plan(prompt, 3).setting == setting


@pytest.mark.parametrize(("prompt", "not_there"), [
    ("A yellow submarine explores the coral reef", "submarine"),  # seen from outside, under the sea
    ("A submarine dives into the deep sea", "submarine"),
    ("A girl waits for the bus in the rain", "bus"),  # waiting for it is not being inside it
    ("A girl waits at the bus stop until her dad arrives", "bus"),
    ("A boy takes the bus to school", "bus"),
    ("A man waits at the bus station", "bus"),
    ("Un poisson explore le monde sous-marin", "submarine"),  # the undersea world, not a submarine
    ("Der Schneemann wartet auf den Bus, bis die Sonne ihn schmelzen lässt.", "bus"),  # waits for it
])
def test_naming_the_vehicle_without_being_inside_does_not_move_the_story_in(prompt: str, not_there: str) -> None:
    assert build_plan(prompt, 3).setting != not_there
    assert build_plan("A submarine dives into the deep sea", 3).setting == "underwater"


@pytest.mark.parametrize(("place", "setting"), [
    ("submarine", "submarine"), ("submarine cabin", "submarine"), ("dans le sous-marin", "submarine"),
    ("à bord d'un sous-marin", "submarine"), ("im U-Boot", "submarine"), ("en el submarino", "submarine"),
    ("bus", "bus"), ("city bus", "bus"), ("school bus", "bus"), ("dans le bus", "bus"), ("im Bus", "bus"),
    ("en el autobús", "bus"),
])
def test_the_description_reader_finds_the_place_in_four_languages(place: str, setting: str) -> None:
    assert setting_for_place(place) == setting


def test_the_sea_keeps_its_own_words_but_lends_the_submarine_out() -> None:
    words = lexicon.entry("settings", "underwater")["keywords"]
    assert "submarine" not in words and {"underwater", "reef", "deep sea"} <= set(words)
