"""A football stadium, a volcano and a suspension bridge: each is painted as itself, read from its words, recorded.

Mirrors services/art/procedural/scenery_sites.py. The stadium and the volcano were drawn as the neutral backdrop and
a story 'under the bridge' in the city or the forest; the look-alikes they must not be mistaken for are the park and
the farm (grass), the mountains, the desert and Mars (a big hill, bare ground, red-brown), and the city, the river,
the sea, the rooftop and the tower's top (a view over water or streets from up high).
"""

from __future__ import annotations

import pytest
from PIL import Image

from services import vocabulary
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import scenery_sites
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
    Pixel,
    assert_a_full_place,
    assert_floor_left_free,
    assert_painted_and_recorded,
    assert_paints_everywhere,
    assert_told_apart,
    near,
    paint,
    share,
)

PLACES = ("stadium", "volcano", "bridge")
LOOK_ALIKES = ("park", "farm", "mountains", "desert", "mars", "city", "river", "sea", "rooftop", "tower_top", NEUTRAL)
SHOTS = ("wide", "medium", "close-up")
ADA = CastMember(name="Ada", kind="person")


def grass(px: Pixel) -> bool:
    """The pitch's mowing stripes, dark or light."""
    return any(all(abs(a - b) <= 14 for a, b in zip(px[:3], col)) for col in scenery_sites.GRASS)


def lava(px: Pixel) -> bool:
    """Molten orange or yellow: red high, blue low, green between (a red sky or red rock is darker or duller)."""
    r, g, b = px[:3]
    return r > 230 and 80 < g < 230 and b < 100


def orange_red(px: Pixel) -> bool:
    """The bridge's international orange, in the day's light or the sunset's (a barn's red or Mars is duller)."""
    return all(abs(a - b) <= 20 for a, b in zip(px[:3], scenery_sites.BRIDGE_ORANGE))


def sea_blue(px: Pixel) -> bool:
    r, g, b = px[:3]
    return b > r + 50 and b > g + 10


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in (*PLACES, *LOOK_ALIKES)}


def test_the_places_have_a_painter_a_lexicon_entry_and_the_sky() -> None:
    for key in PLACES:
        assert key in scenery_sites.PAINTERS and key in setting_names() and key in lexicon.keys("settings"), key
        assert not lexicon.is_indoor(key) and (key in NO_SNOW_COVER) == (key in ("volcano", "bridge")), key
        assert sky_shows(key, "day", "clear") == ("sun",) and sky_shows(key, "night", "clear") == ("moon",), key
        assert setting_nouns(key)[0] == key
    assert {"goal", "net", "crowd", "floodlight"} <= set(setting_nouns("stadium"))
    assert {"lava", "smoke", "crater"} <= set(setting_nouns("volcano"))
    assert {"tower", "cable", "sea", "city"} <= set(setting_nouns("bridge"))


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_a_full_panel_that_is_not_blank(setting: str, painted: dict[str, Image.Image]) -> None:
    assert_a_full_place(painted[setting])


def test_they_differ_from_each_other_and_from_their_look_alikes(painted: dict[str, Image.Image]) -> None:
    assert_told_apart(painted, PLACES, LOOK_ALIKES)


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_in_every_shot_light_and_style(setting: str) -> None:
    assert_paints_everywhere(setting)  # every draw of the dice (the goal's side, the cone's place, the city's shore)


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4))
def test_the_stadium_has_a_striped_pitch_white_lines_a_goal_and_a_crowd(shot: str, layout: int) -> None:
    img = paint("stadium", 384, shot=shot, layout=layout)
    assert share(img, grass, (0, 700, 1000, 1000)) > 0.9, "green grass to the panel's bottom"
    stripes = {round(sum(img.getpixel((192, y))[:3])) for y in range(290, 383)}
    assert len(stripes) >= 2, "in mowing stripes"
    white = near(scenery_sites.LINE_WHITE, 3)  # the lines' own white, not a fan's white shirt
    assert share(img, white, (0, 560, 1000, 800)) > 0.005, "white lines and a goal"
    crowd = img.crop((0, 0, 384, round(384 * 0.55)))
    kinds = {tuple(v // 40 for v in px[:3]) for _, px in (crowd.getcolors(384 * 384) or [])}
    assert len(kinds) > 40, "stands full of tiny fans in every colour"
    goal_sides = [share(img, white, (x0, 300, x0 + 500, 1000)) for x0 in (0, 500)]
    assert max(goal_sides) > 2.5 * min(goal_sides), "the goal and its box stand at one side"


def test_the_stadium_is_floodlit_at_night_and_the_look_alikes_have_no_pitch(painted: dict[str, Image.Image]) -> None:
    night = paint("stadium", 384, "night")
    assert share(night, lambda px: px[0] > 240 and px[1] > 240 and px[2] > 200, (0, 0, 1000, 300)) > 0.002, "floodlights blaze"
    assert share(night, lambda px: px[1] > px[0] + 40 and px[1] > 110, (0, 700, 1000, 1000)) > 0.8, "on green grass"
    for key in ("park", "farm"):
        assert share(painted[key].resize((384, 384)), grass, (0, 700, 1000, 1000)) < 0.5, key


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("time", ("day", "night"))
def test_the_volcano_runs_with_lava_and_glows_more_at_night(shot: str, time: str) -> None:
    img = paint("volcano", 384, time, shot=shot)
    assert share(img, lava, (0, 0, 1000, 650)) > 0.01, "lava running down the cone"
    assert share(img, lambda px: sum(px[:3]) < 330, (0, 700, 1000, 1000)) > 0.7, "on dark rock"
    if shot == "wide":
        assert share(img, lava, (0, 650, 1000, 1000)) > 0.002, "lava in the cracks of the near ground"
    assert share(img, lava, (320, 780, 680, 1000)) < 0.001, "but not under the cast's feet"


def test_the_volcano_s_glow_is_stronger_at_night_and_the_look_alikes_have_no_lava(painted: dict[str, Image.Image]) -> None:
    def glow(img: Image.Image) -> float:  # the sky lit red-orange round the crater
        return share(img, lambda px: px[0] > px[2] + 40 and px[0] > 110, (0, 0, 1000, 400))

    assert glow(paint("volcano", 384, "night")) > glow(paint("volcano", 384))
    for key in LOOK_ALIKES:
        assert share(painted[key].resize((384, 384)), lava) < 0.003, key


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4))
def test_the_bridge_rises_orange_red_on_both_sides_of_the_road_over_the_sea(shot: str, layout: int) -> None:
    img = paint("bridge", 384, shot=shot, layout=layout)
    for box in ((0, 0, 500, 700), (500, 0, 1000, 700)):
        assert share(img, orange_red, box) > 0.03, "the towers and cables rise on both sides, in the Golden Gate's red"
    assert share(img, near(scenery_sites.ASPHALT, 12), (380, 850, 620, 1000)) > 0.6, "the cast stands on the road"
    assert share(img, sea_blue, (0, 600, 1000, 800)) > 0.05, "the sea far below"


def test_the_look_alikes_have_no_orange_red_bridge(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        assert share(painted[key].resize((384, 384)), orange_red) < 0.02, key


@pytest.mark.parametrize("setting", PLACES)
@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4, 5))
def test_the_ground_where_the_cast_stands_is_left_free(setting: str, shot: str, layout: int) -> None:
    """The goal, the boulders, the cracks, the trees and the railings stand at the back or the sides: no inked thing
    is in the lower middle, where the cast is pasted."""
    img = paint(setting, FULL, shot=shot, layout=layout)
    assert_floor_left_free(img, None, 0.0005)


@pytest.mark.parametrize(("place", "noun"), [(p, p) for p in PLACES] + [("golden gate bridge", "golden gate bridge")])
def test_the_place_is_painted_and_recorded_as_the_panel_s_setting(place: str, noun: str) -> None:
    drawn = assert_painted_and_recorded(place, noun)
    assert not any(d.what == "bridge" and d.source == "pictogram" for d in drawn), "no bridge pasted on the bridge"


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A boy plays football at the stadium", "stadium"),
    ("Un garçon joue au foot au stade", "stadium"),
    ("Ein Mädchen schießt ein Tor im Stadion", "stadium"),
    ("Un niño marca un gol en el estadio", "stadium"),
    ("A dragon bakes bread on the volcano", "volcano"),
    ("A dragon sleeps in the crater of the volcano", "volcano"),  # no crater on Mars
    ("Un dragon dort sur le volcan", "volcano"),
    ("Ein Drache schläft auf dem Vulkan", "volcano"),
    ("Un dragón duerme en el volcán", "volcano"),
    ("A troll lives under the bridge", "bridge"),
    ("A troll lives under the bridge and a goat trots across it", "bridge"),
    ("A bear rides a bicycle across the Golden Gate Bridge", "bridge"),
    ("Un troll vit sous le pont", "bridge"),
    ("Ein Troll wohnt unter der Brücke", "bridge"),
    ("Un trol vive bajo el puente", "bridge"),
])
def test_a_prompt_reaches_the_painter_in_four_languages(prompt: str, setting: str) -> None:
    """The prompt's place is read and routed to the new painter, and the panel is painted as that place and
    recorded so (the Golden Gate Bridge under its own name)."""
    plan = build_plan(prompt, 11)
    assert setting_for_place(plan.setting) == setting or plan.setting == "golden gate bridge"
    cast = tuple(CastMember(name=c.name, kind=c.kind) for c in plan.cast)
    scene = PanelScene(setting=plan.setting, shot="medium", actors=[SceneActor(name=c.name) for c in cast[:2]])
    request = PanelArtRequest(description=prompt, style="classic", seed=5, panel_index=0, panel_count=4, cast=cast,
                              scene=scene, size=192)
    _, drawn = ProceduralRenderer().draw(request)
    recorded = {d.what for d in drawn if d.role == "setting" and d.source == "procedural"}
    assert setting in recorded or "golden gate bridge" in recorded, recorded


@pytest.mark.parametrize(("prompt", "setting"), [
    ("Two beavers build a bridge across a roaring river before the flood", "river"),  # a bridge built is a thing
    ("A girl throws a stone off a bridge into the river", "river"),
    ("A knight crosses the bridge to the castle", "castle"),
    ("The captain stands on the bridge of the ship", "sea"),  # a ship's bridge is on the ship
    ("Un chat danse sur le pont du bateau", "sea"),  # a boat's deck, no bridge
    ("It is pitch dark in the forest", "forest"),  # 'pitch' is no football pitch
    ("Mia walks through the mountains", "mountains"),
])
def test_the_new_words_take_nothing_from_other_places(prompt: str, setting: str) -> None:
    assert setting_for_place(build_plan(prompt, 11).setting) == setting


@pytest.mark.parametrize(("place", "setting"), [
    ("stadium", "stadium"), ("football pitch", "stadium"), ("soccer field", "stadium"), ("stade", "stadium"),
    ("Stadion", "stadium"), ("estadio", "stadium"), ("volcano", "volcano"), ("volcan", "volcano"),
    ("Vulkan", "volcano"), ("volcán", "volcano"), ("bridge", "bridge"), ("Golden Gate Bridge", "bridge"),
    ("pont", "bridge"), ("Brücke", "bridge"), ("puente", "bridge"), ("field", "park"), ("crater", "mars"),
])
def test_the_description_reader_finds_the_place_in_four_languages(place: str, setting: str) -> None:
    assert setting_for_place(place) == setting


def test_the_vocabulary_files_them_under_their_own_painters_and_a_bridge_stays_a_thing() -> None:
    for noun in ("stadium", "volcano"):
        found = vocabulary.entry(noun)
        assert found is not None and found.role == "setting" and found.kind == noun, noun
    golden = vocabulary.lookup("Golden Gate Bridge")
    assert golden is not None and (golden.noun, golden.role, golden.kind) == ("golden gate bridge", "setting", "bridge")
    for word in ("bridge", "pont", "Brücke", "puente"):  # built, broken, fished from: a thing in other places' stories
        found = vocabulary.lookup(word)
        assert found is not None and (found.noun, found.role) == ("bridge", "prop"), word
    assert "pitch" not in lexicon.entry("settings", "stadium")["keywords"]
