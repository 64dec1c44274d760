"""A church, a cinema and an airport's departure hall: each is painted as itself, read from its words, and recorded.

Mirrors services/art/procedural/scenery_halls.py. All three were drawn as the neutral backdrop; the look-alikes they
must not be mistaken for are the castle, the museum and the school (stone, columns, rows of desks), the stage (red
curtains in the dark), the station and the subway (a hall, a train behind glass) and the neutral backdrop itself.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from services import vocabulary
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import scenery_halls
from services.art.procedural.palettes import light_for
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
    FULL,
    assert_a_full_place,
    assert_floor_left_free,
    assert_painted_and_recorded,
    assert_paints_everywhere,
    assert_told_apart,
    difference,
    near,
    paint,
    share,
)

PLACES = ("church", "cinema", "airport")
LOOK_ALIKES = ("castle", "museum", "school", "stage", "station", "subway", NEUTRAL)
SHOTS = ("wide", "medium", "close-up")
ADA = CastMember(name="Ada", kind="person")


def stained_glass_hues(img: Image.Image, box: tuple[float, float, float, float]) -> int:
    """How many of the stained glass's bright colours show in `box`, each on a fair share of it."""
    return sum(share(img, near(col, 24), box) > 0.002 for col in scenery_halls.GLASS)


def departures_board(img: Image.Image) -> float:
    """How much of the box round the board's yellow rows is the board's dark: yellow rows on a dark board, not a
    yellow line along a platform."""
    r, g, b = img.split()
    rows = ImageChops.multiply(ImageChops.multiply(*(band.point(lambda v, t=t: 255 if abs(v - t) <= 16 else 0)
                                                     for band, t in ((r, 255), (g, 210)))),
                               b.point(lambda v: 255 if abs(v - 40) <= 16 else 0))
    box = rows.getbbox()
    return share(img.crop(box), near(scenery_halls.BOARD, 8)) if box and share(img, near(scenery_halls.BOARD_YELLOW, 16)) > 0.004 else 0.0


def brightness(img: Image.Image, box: tuple[float, float, float, float]) -> float:
    u = img.width / 1000
    return sum(ImageStat.Stat(img.crop(tuple(round(v * u) for v in box))).mean) / 3


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in (*PLACES, *LOOK_ALIKES)}


def test_the_places_have_a_painter_a_lexicon_entry_and_a_roof() -> None:
    for key in PLACES:
        assert key in scenery_halls.PAINTERS and key in setting_names() and key in lexicon.keys("settings"), key
        assert lexicon.is_indoor(key) and key in NO_SNOW_COVER and sky_shows(key, "day", "clear") == (), key
        assert setting_nouns(key)[0] == key
    assert {"pew", "altar", "candle", "stained-glass window"} <= set(setting_nouns("church"))
    assert {"screen", "seat", "popcorn", "exit sign"} <= set(setting_nouns("cinema"))
    assert {"airplane", "control tower", "departures board", "suitcase"} <= set(setting_nouns("airport"))


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_a_full_panel_that_is_not_blank(setting: str, painted: dict[str, Image.Image]) -> None:
    assert_a_full_place(painted[setting])


def test_they_differ_from_each_other_and_from_their_look_alikes(painted: dict[str, Image.Image]) -> None:
    assert_told_apart(painted, PLACES, LOOK_ALIKES)


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_in_every_shot_light_and_style(setting: str) -> None:
    assert_paints_everywhere(setting)  # every draw of the dice (the stone, the film, the plane's side and livery)
    snowy, dry = (paint(setting, 96, weather=w).crop((0, 70, 96, 96)) for w in ("snow", "clear"))
    assert difference(snowy, dry) < 6, "indoors: no snow on the floor (the airport's glass shows it falling outside)"


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4))
def test_the_church_has_stained_glass_a_red_carpet_and_pews(shot: str, layout: int) -> None:
    img = paint("church", 384, shot=shot, layout=layout)
    assert stained_glass_hues(img, (0, 0, 1000, 600)) >= 4, "tall windows of bright glass, in many colours"
    assert share(img, near(scenery_halls.CARPET, 30), (420, 880, 580, 1000)) > 0.5, "a red carpet down the aisle"
    sides = ((0, 700, 250, 1000), (750, 700, 1000, 1000))
    assert all(share(img, near(scenery_halls.PEW, 30), box) > 0.05 for box in sides), "wooden pews at both sides"
    if shot != "close-up":
        assert share(img, near(scenery_halls.FLAME, 20), (250, 300, 750, 700)) > 0.0003, "candles burn on the altar"


def test_the_hour_tints_the_glass_and_the_look_alikes_have_none(painted: dict[str, Image.Image]) -> None:
    day, night = paint("church", 384), paint("church", 384, "night")
    glass = (0, 0, 1000, 600)
    assert stained_glass_hues(night, glass) < stained_glass_hues(day, glass), "no daylight behind the glass at night"
    for key in ("castle", "museum", "school", "stage"):
        assert stained_glass_hues(painted[key].resize((384, 384)), glass) <= 2, key


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("time", ("day", "night"))
def test_the_cinema_is_dark_but_for_its_bright_screen_over_red_seats(shot: str, time: str) -> None:
    img = paint("cinema", 384, time, shot=shot)
    screen = {"wide": (300, 250, 700, 450), "medium": (250, 200, 750, 430), "close-up": (200, 150, 800, 400)}[shot]
    assert brightness(img, screen) > 150, "a big bright screen, whatever the hour"
    assert brightness(img, (0, 680, 1000, 1000)) < 80 and brightness(img, screen) > 2.5 * brightness(img, (0, 680, 1000, 1000))
    if shot != "close-up":
        assert brightness(img, (0, 0, 1000, 1000)) < 110, "a dark hall round it"
    plush = light_for(time, "clear")(scenery_halls.PLUSH, strength=0.45)  # the hall's lamps, dimmed for the film
    for box in ((0, 700, 300, 1000), (700, 700, 1000, 1000)):
        assert share(img, near(plush, 30), box) > 0.1, "rows of red seats at both sides"
    assert share(img, near(plush, 30), (400, 800, 600, 1000)) < 0.01, "an aisle down the middle"
    if shot == "wide":
        assert share(img, near(scenery_halls.EXIT_GREEN, 20)) > 0.001, "green exit signs"


def test_the_look_alikes_have_no_bright_screen_in_the_dark(painted: dict[str, Image.Image]) -> None:
    stage = painted["stage"].resize((384, 384))
    assert share(stage, near(scenery_halls.EXIT_GREEN, 20)) < 0.0003
    for key in ("stage", NEUTRAL, "museum"):
        img = painted[key].resize((384, 384))
        assert not (brightness(img, (300, 250, 700, 450)) > 150 and brightness(img, (0, 0, 1000, 1000)) < 110), key


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4, 5))
def test_the_airport_has_an_airliner_behind_glass_and_a_departures_board(shot: str, layout: int) -> None:
    img = paint("airport", 384, shot=shot, layout=layout)
    assert departures_board(img) > 0.3, "a departures board: yellow rows on a dark board"
    assert share(img, near((246, 246, 248), 5), (0, 350, 1000, 680)) > 0.02, "an airliner's white body outside"
    blue = share(img, lambda px: px[2] > px[0] + 60, (0, 0, 1000, 500))
    assert blue > 0.15, "the panel's blue sky through the glass"
    assert share(paint("airport", 384, "night", shot=shot, layout=layout), lambda px: px[2] > px[0] + 60,
                 (0, 0, 1000, 500)) < blue, "and the night's through it at night"


def test_the_look_alikes_have_no_departures_board(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        assert departures_board(painted[key].resize((384, 384))) < 0.1, key


@pytest.mark.parametrize("setting", PLACES)
@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4, 5))
def test_the_floor_where_the_cast_stands_is_left_free(setting: str, shot: str, layout: int) -> None:
    """The altar, the screen and the glass are at the back, the pews, seats and trolley at the sides: no inked
    thing stands in the lower middle, where the cast is pasted."""
    img = paint(setting, FULL, shot=shot, layout=layout)
    assert_floor_left_free(img, (0, 300, 1000, 800), 0.003)


@pytest.mark.parametrize("place", PLACES)
def test_the_place_is_painted_and_recorded_as_the_panel_s_setting(place: str) -> None:
    assert_painted_and_recorded(place)


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A choir of mice sings in the church", "church"),
    ("A bride and a groom dance in the cathedral", "church"),
    ("Une souris chante dans l'église", "church"),
    ("Ein Mädchen singt in der Kirche", "church"),
    ("Ein Kind singt im Dom", "church"),
    ("Un niño canta en la iglesia", "church"),
    ("A cat watches a movie at the cinema", "cinema"),
    ("A boy goes to the movies with his dog", "cinema"),
    ("Un chat regarde un film au cinéma", "cinema"),
    ("Ein Hund schläft im Kino", "cinema"),
    ("Un gato come palomitas en el cine", "cinema"),
    ("A pilot waits at the airport", "airport"),
    ("Un chat attend son avion à l'aéroport", "airport"),
    ("Ein Hund verliert seinen Koffer am Flughafen", "airport"),
    ("El abuelo abraza a sus nietos en el aeropuerto", "airport"),
])
def test_a_prompt_reaches_the_painter_in_four_languages(prompt: str, setting: str) -> None:
    """The prompt's place is read, the vocabulary routes it to the new painter (not the blank backdrop), and the
    panel is painted as that place and recorded so."""
    plan = build_plan(prompt, 11)
    assert setting_for_place(plan.setting) == setting
    cast = tuple(CastMember(name=c.name, kind=c.kind) for c in plan.cast)
    scene = PanelScene(setting=plan.setting, shot="medium", actors=[SceneActor(name=c.name) for c in cast[:2]])
    request = PanelArtRequest(description=prompt, style="classic", seed=5, panel_index=0, panel_count=4, cast=cast,
                              scene=scene, size=192)
    _, drawn = ProceduralRenderer().draw(request)
    assert (setting, "setting", "procedural") in {(d.what, d.role, d.source) for d in drawn}


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A girl waits at the bus terminal", "station"),  # a terminal of buses is the station's, no airport's
    ("A family watches movies at home", "home"),
    ("A robot dances on the stage of the theatre", "stage"),  # a theatre is no movie theatre
    ("A knight rides to the castle", "castle"),
])
def test_the_new_words_take_nothing_from_other_places(prompt: str, setting: str) -> None:
    assert setting_for_place(build_plan(prompt, 11).setting) == setting


@pytest.mark.parametrize(("place", "setting"), [
    ("church", "church"), ("cathedral", "church"), ("chapel", "church"), ("église", "church"), ("Kirche", "church"),
    ("iglesia", "church"), ("cinema", "cinema"), ("movie theater", "cinema"), ("cinéma", "cinema"), ("Kino", "cinema"),
    ("cine", "cinema"), ("airport", "airport"), ("departure lounge", "airport"), ("aéroport", "airport"),
    ("Flughafen", "airport"), ("aeropuerto", "airport"), ("theatre", "stage"), ("train station", "station"),
])
def test_the_description_reader_finds_the_place_in_four_languages(place: str, setting: str) -> None:
    assert setting_for_place(place) == setting


def test_the_vocabulary_files_them_under_their_own_painters() -> None:
    for noun in PLACES:
        found = vocabulary.entry(noun)
        assert found is not None and found.role == "setting" and found.kind == noun, noun
    for word, language, noun in (("église", "fr", "church"), ("Kino", "de", "cinema"), ("aeropuerto", "es", "airport")):
        found = vocabulary.lookup(word, language)
        assert found is not None and found.noun == noun, (word, language)
    for word in ("terminal", "dom", "pitch"):  # a computer terminal, a man called Dom, pitch dark
        assert not any(word in lexicon.entry("settings", key)["keywords"] for key in PLACES), word
