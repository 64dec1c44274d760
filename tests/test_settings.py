"""The places: every setting paints, looks unlike the others, is found from its words, and says what it shows."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageChops, ImageStat

from services.art.procedural.palettes import INK
from services.art.procedural.settings import (
    NEUTRAL,
    NO_SNOW_COVER,
    paint_background,
    paint_place,
    setting_for_place,
    setting_names,
    setting_nouns,
    sky_shows,
)
from services.art.procedural.styles import style_for
from services.language import lexicon
from services.schemas import STYLE_NAMES

NEW_SETTINGS = ("elevator", "subway", "station", "space_station", "pond", "jungle", "island", "farm", "street", "fair",
                "river", "sea")
SIZE = 96


def paint(setting: str, time: str = "day", weather: str = "clear", shot: str = "wide", style: str = "classic",
          layout: int = 3) -> Image.Image:
    s = style_for(style)
    return s.post(paint_background(setting, time, weather, shot, SIZE, layout, 0, s.ink, s.line_weight, s.recolour).finish())


def difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0..255."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_every_new_setting_has_a_painter_and_a_lexicon_entry() -> None:
    for key in NEW_SETTINGS:
        assert key in setting_names() and key in lexicon.keys("settings"), key
    assert NEUTRAL in setting_names()
    assert set(lexicon.keys("settings")) <= set(setting_names())


@pytest.mark.parametrize("setting", NEW_SETTINGS + ("school", NEUTRAL))
def test_each_setting_paints_in_every_light_and_style(setting: str) -> None:
    day, night, rain = paint(setting), paint(setting, "night"), paint(setting, "day", "rain")
    for img in (day, night, rain):
        assert img.size == (SIZE, SIZE) and img.mode == "RGB"
        assert len(img.getcolors(SIZE * SIZE) or range(999)) > 12, "a flat image is not a place"
    assert difference(day, night) > 4, "night must change the light"
    for style in STYLE_NAMES:
        assert paint(setting, style=style).size == (SIZE, SIZE)


def test_settings_differ_from_each_other() -> None:
    images = {key: paint(key) for key in setting_names()}
    for a, b in itertools.combinations(images, 2):
        if a in NEW_SETTINGS or b in NEW_SETTINGS or NEUTRAL in (a, b):
            assert difference(images[a], images[b]) > 12, (a, b)


def test_an_unknown_place_gets_the_neutral_backdrop_not_the_park() -> None:
    unknown = paint("museum_of_clocks")
    assert ImageChops.difference(unknown, paint(NEUTRAL)).getbbox() is None
    assert ImageChops.difference(unknown, paint("park")).getbbox() is not None


def test_the_neutral_backdrop_names_nothing() -> None:
    """A gradient and a floor: few distinct shapes, no ink outlines of things."""
    img = paint(NEUTRAL)
    data = img.get_flattened_data() if hasattr(img, "get_flattened_data") else img.getdata()
    ink_pixels = sum(1 for px in data if sum(abs(a - b) for a, b in zip(px, INK)) < 40)
    assert ink_pixels == 0
    assert setting_nouns(NEUTRAL) == [] and setting_nouns("museum_of_clocks") == []


def test_indoor_places_never_get_a_snow_blanket() -> None:
    for key in lexicon.keys("settings"):
        if lexicon.entry("settings", key).get("indoor"):
            assert key in NO_SNOW_COVER, key
    for key in ("elevator", "subway", "space_station"):
        assert difference(paint(key, "day", "snow"), paint(key, "day", "clear")) < 6, key
    assert difference(paint("farm", "day", "snow"), paint("farm", "day", "clear")) > 10


@pytest.mark.parametrize(("description", "setting"), [
    ("Wide shot. Mia rides the subway to work.", "subway"),
    ("Mia waits inside the elevator.", "elevator"),
    ("Mia stands on the platform of the train station.", "station"),
    ("Mia floats aboard the space station.", "space_station"),
    ("A frog sits by the pond under the moon.", "pond"),
    ("A fox sleeps under the stars in the forest.", "forest"),
    ("An astronaut plants a garden on the moon.", "space"),
    ("A dog walks to the park.", "park"),
    ("A lifeguard spots a whale tangled in a fishing net.", "beach"),
    ("Mia explores the jungle.", "jungle"),
    ("Mia is stranded on a desert island.", "island"),
    ("Mia feeds the hens on the farm beside the barn.", "farm"),
    ("Mia sits in the classroom.", "school"),
    ("Mia rides the ferris wheel at the funfair.", "fair"),
    ("Mia walks down the street past the shops.", "street"),
    ("Un chat dans le métro.", "subway"),
    ("Ein Hund im Aufzug.", "elevator"),
    ("Una rana en el estanque.", "pond"),
    ("Une vache à la ferme.", "farm"),
    ("Ein Affe im Dschungel.", "jungle"),
    ("Un perro en la isla.", "island"),
    ("Les enfants dans la salle de classe.", "school"),
    ("Kinder im Klassenzimmer.", "school"),
    ("Niños en el aula.", "school"),
    ("Une nuit à la foire.", "fair"),
    ("Ein Tag auf dem Jahrmarkt.", "fair"),
    ("Una noche en la feria.", "fair"),
    ("Un chien dans la rue.", "street"),
    ("Eine Katze auf der Straße.", "street"),
    ("Un gato en la calle.", "street"),
    ("Ein Frosch am Teich.", "pond"),
    ("Un chat sur l'île.", "island"),
    ("Eine Kuh auf dem Bauernhof.", "farm"),
    ("Una vaca en la granja.", "farm"),
    ("Un gato en el metro.", "subway"),
    ("Un chien dans l'ascenseur.", "elevator"),
    ("Un perro en el ascensor.", "elevator"),
    ("Un chat dans l'étang.", "pond"),
    ("Un mono en la selva.", "jungle"),
    ("Mia walks along the river.", "river"),
    ("A fox drinks from the brook.", "river"),
    ("Ein Hund am Fluss.", "river"),
    ("Un chat au bord de la rivière.", "river"),
    ("Un perro en el río.", "river"),
])
def test_a_prompt_picks_the_setting_by_its_words(description: str, setting: str) -> None:
    """The studio's reading names the place; the art paints it with its setting."""
    from services.story.scene_plan import build_plan

    assert setting_for_place(build_plan(description, 1).setting) == setting


def test_setting_nouns_name_what_each_backdrop_shows() -> None:
    for key in setting_names():
        nouns = setting_nouns(key)
        assert all(isinstance(n, str) and n == n.strip().lower() and n for n in nouns)
        if key != NEUTRAL:
            assert nouns and nouns[0] in key.replace("_", " "), key
            assert not any(n.endswith("s") and n not in ("mars", "cactus", "bus") for n in nouns), (key, "singular nouns")
    assert setting_nouns("subway")[:2] == ["subway", "train"]
    assert setting_nouns("farm")[:3] == ["farm", "barn", "fence"]
    assert setting_nouns("pond")[0] == "pond" and setting_nouns("space_station")[0] == "space station"
    nouns = setting_nouns("farm")
    nouns.append("cow")
    assert "cow" not in setting_nouns("farm"), "callers get a copy"


def test_a_place_noun_finds_its_painter_or_the_neutral_backdrop() -> None:
    assert setting_for_place("subway") == "subway" and setting_for_place("space station") == "space_station"
    assert setting_for_place("metro") == "subway" and setting_for_place("lake") == "pond"
    assert setting_for_place("Bauernhof") == "farm" and setting_for_place("Paris") == "city"
    assert setting_for_place("volcano") == "volcano" and setting_for_place("laundromat") == NEUTRAL
    assert setting_for_place("") == NEUTRAL
    assert setting_for_place("river") == "river" and setting_for_place("stream") == "river"
    assert setting_for_place("creek") == "river" and setting_for_place("brook") == "river"


# --- water -------------------------------------------------------------------------------------

WATER_SIZE = 200


def watery(px: tuple[int, ...]) -> bool:
    r, g, b = px[:3]
    return b > r + 20 and b >= g - 8


def _painted_water(setting: str, time: str = "day", weather: str = "clear", shot: str = "wide", layout: int = 3):
    c, water = paint_place(setting, time, weather, shot, WATER_SIZE, layout, 0, INK, 1.0)
    return c.finish(), water


def _share_watery(img: Image.Image, points: list[tuple[float, float]]) -> float:
    u = img.width / 1000
    return sum(watery(img.getpixel((min(img.width - 1, int(x * u)), min(img.height - 1, int(y * u))))) for x, y in points) / len(points)


def _inside(water, margin: float = 0.2) -> list[tuple[float, float]]:
    """Points well inside the water's spans (away from the banks), in panel units."""
    return [(x0 + (x1 - x0) * t, y + water.step / 2) for y, x0, x1 in water.spans if x1 - x0 > 30
            for t in (margin, 0.5, 1 - margin)]


@pytest.mark.parametrize("time", ["day", "sunset", "night"])
@pytest.mark.parametrize("layout", [3, 8])
def test_a_river_is_a_band_of_water_from_the_horizon_to_the_bottom_edge(time: str, layout: int) -> None:
    img, water = _painted_water("river", time, layout=layout)
    assert water is not None
    rows = sorted({y for y, _, _ in water.spans})
    assert rows[0] < 620 and rows[-1] + water.step >= 1000, "from the horizon down to the bottom edge"
    bottom = [img.getpixel((x, WATER_SIZE - 2)) for x in range(2, WATER_SIZE - 2)]
    assert sum(map(watery, bottom)) >= 0.08 * len(bottom), "water reaches the bottom edge"
    far = min(x1 - x0 for y, x0, x1 in water.spans if y < 640)
    near = max(x1 - x0 for y, x0, x1 in water.spans if y > 900)
    assert near > 4 * far, "the band widens towards the viewer"
    assert _share_watery(img, _inside(water)) > 0.8, (time, "the painted water is where the painter says")
    left_bank = [(x0 - 60, y) for y, x0, _ in water.spans if 750 < y < 950 and x0 > 80]
    right_bank = [(x1 + 60, y) for y, _, x1 in water.spans if 750 < y < 950 and x1 < 920]
    if time != "night":  # moonlight tints the grass and trees blue as well
        assert _share_watery(img, left_bank + right_bank) < 0.2, "banks of land, not water, beside it"


def test_a_river_has_no_lily_pads_and_is_not_the_pond() -> None:
    img, _ = _painted_water("river")
    pink = sum(1 for x in range(WATER_SIZE) for y in range(WATER_SIZE)
               if all(abs(a - b) < 30 for a, b in zip(img.getpixel((x, y)), (250, 170, 200))))
    assert pink == 0, "lily-pad flowers belong to the pond"
    assert "lily pad" not in setting_nouns("river") and setting_nouns("river")[0] == "river"
    assert difference(paint("river"), paint("pond")) > 12


@pytest.mark.parametrize("time", ["day", "sunset", "night"])
def test_the_pond_stays_water_at_sunset_and_night(time: str) -> None:
    img, water = _painted_water("pond", time)
    assert water is not None and _share_watery(img, _inside(water, 0.3)) > 0.6, time


@pytest.mark.parametrize("setting", ["river", "pond", "beach", "island", "lighthouse"])
def test_water_settings_say_where_their_water_is_and_others_do_not(setting: str) -> None:
    img, water = _painted_water(setting)
    assert water is not None and water.spans
    assert _share_watery(img, _inside(water, 0.3)) > 0.6, setting
    for dry in ("park", "city", "forest", "school", NEUTRAL):
        assert _painted_water(dry)[1] is None


def test_snow_covers_the_banks_not_the_river() -> None:
    img, water = _painted_water("river", "day", "snow")
    assert water is not None and _share_watery(img, _inside(water)) > 0.7


def test_the_sky_shows_the_time_of_day_outdoors_only() -> None:
    assert sky_shows("river", "sunset", "clear") == ("sunset", "sun")
    assert sky_shows("park", "night", "clear") == ("moon",) and sky_shows("beach", "dawn", "clear")[0] == "sunrise"
    assert sky_shows("park", "sunset", "rain") == ()  # a grey sky hides the sun
    for key in ("school", "subway", "underwater", "space", NEUTRAL, "museum_of_clocks"):
        assert sky_shows(key, "sunset", "clear") == (), key
