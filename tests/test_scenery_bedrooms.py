"""A bedroom, an attic, a cellar and a sports hall: each is painted as itself, read from its words, and recorded.

Mirrors services/art/procedural/scenery_bedrooms.py and scenery_gym.py. The three rooms of a house were painted as the living room (the
vocabulary filed them under home) and the gym as a classroom or a blank backdrop; the look-alikes they must not be
mistaken for are home (a room with a window and a lamp), the hospital (a bed, white pillows), the school and the
library (wooden floors and shelves), the cave (grey stone), the garage and the bathroom (rooms of a house named by what
stands in them) and the neutral backdrop.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image, ImageStat

from services import vocabulary
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import scenery_bedrooms, scenery_gym
from services.art.procedural.palettes import shade
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
from services.story.storyboard_writer import write_storyboard
from tests.place_pixels import (
    FULL,
    Pixel,
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

PLACES = ("bedroom", "attic", "basement", "gym")
LOOK_ALIKES = ("home", "hospital", "school", "library", "cave", "garage", "bathroom", NEUTRAL)
SHOTS = ("wide", "medium", "close-up")
SIDES = ((0, 380, 500, 720), (500, 380, 1000, 720))  # the halves of the back wall, where the bed or the stairs stand
ADA = CastMember(name="Ada", kind="person")


def any_of(colours: tuple[tuple[int, int, int], ...], tol: int) -> Callable[[Pixel], bool]:
    return lambda px: any(near(col, tol)(px) for col in colours)


def on_one_side(img: Image.Image, test: Callable[[Pixel], bool]) -> float:
    return max(share(img, test, box) for box in SIDES)


def a_bed(img: Image.Image) -> bool:
    """A patterned duvet on one side, a white pillow and the bed's wooden frame."""
    return on_one_side(img, any_of(scenery_bedrooms.DUVETS, 16)) > 0.02 and share(
        img, near(scenery_bedrooms.PILLOW, 8)) > 0.005 and share(img, near(scenery_bedrooms.BED_WOOD, 14)) > 0.01


def rafters(img: Image.Image) -> float:
    return share(img, near(scenery_bedrooms.RAFTER, 12), (0, 0, 1000, 500))


def stone(px: Pixel) -> bool:
    return max(px[:3]) - min(px[:3]) < 30 and 50 < sum(px[:3]) / 3 < 170


def stairs(img: Image.Image) -> float:
    return on_one_side(img, near(shade(scenery_bedrooms.STAIR_WOOD, scenery_bedrooms.DIM), 16))


def court_lines(img: Image.Image) -> float:
    return share(img, near(scenery_gym.COURT_LINE, 10), (0, 700, 1000, 1000))


def hoop(img: Image.Image) -> float:
    return share(img, near(scenery_gym.HOOP, 24), (250, 0, 750, 500))


def brightness(img: Image.Image) -> float:
    return sum(ImageStat.Stat(img).mean) / 3


@pytest.fixture(scope="module")
def painted() -> dict[str, Image.Image]:
    return {key: paint(key) for key in (*PLACES, *LOOK_ALIKES)}


def test_the_places_have_a_painter_a_lexicon_entry_and_a_roof() -> None:
    for key in PLACES:
        assert key in {**scenery_bedrooms.PAINTERS, **scenery_gym.PAINTERS} and key in setting_names() and key in lexicon.keys("settings"), key
        assert lexicon.is_indoor(key) and key in NO_SNOW_COVER and sky_shows(key, "day", "clear") == (), key
        assert setting_nouns(key)[0] == key
    assert {"bed", "pillow", "duvet", "lamp", "curtain", "wardrobe", "toy box", "rug"} <= set(setting_nouns("bedroom"))
    assert {"rafter", "round window", "trunk", "rocking chair", "cobweb", "light bulb"} <= set(setting_nouns("attic"))
    assert {"staircase", "pipe", "furnace", "jar", "paint can", "washing machine"} <= set(setting_nouns("basement"))
    assert {"basketball hoop", "court", "wall bar", "climbing rope", "gym mat", "vaulting box"} <= set(
        setting_nouns("gym"))


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_a_full_panel_that_is_not_blank(setting: str, painted: dict[str, Image.Image]) -> None:
    assert_a_full_place(painted[setting])


def test_they_differ_from_each_other_and_from_their_look_alikes(painted: dict[str, Image.Image]) -> None:
    assert_told_apart(painted, PLACES, LOOK_ALIKES)


@pytest.mark.parametrize("setting", PLACES)
def test_each_place_paints_in_every_shot_light_and_style(setting: str) -> None:
    assert_paints_everywhere(setting)  # every draw of the dice (which side the bed, the stairs, the wall bars; the colours)
    snowy, dry = (paint(setting, 96, weather=w).crop((0, 70, 96, 96)) for w in ("snow", "clear"))
    assert difference(snowy, dry) < 6, "indoors: no snow on the floor"


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 5, 6))
def test_the_bedroom_has_a_bed_with_a_patterned_duvet_and_a_lamp_lit_at_night(shot: str, layout: int) -> None:
    day, night = paint("bedroom", 384, shot=shot, layout=layout), paint("bedroom", 384, "night", shot=shot, layout=layout)
    assert a_bed(day), "a bed against the wall: the duvet, a white pillow, its wooden frame"
    lamp = near(scenery_bedrooms.LAMP_ON, 10)
    assert share(night, lamp) > 0.002 > share(day, lamp), "the bedside lamp glows at night"
    if shot != "close-up":
        assert share(day, lambda px: px[2] > px[0] + 60, (0, 0, 1000, 500)) > 0.01, "the sky through the window"


def test_the_look_alikes_have_no_bed_with_a_duvet(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        assert not a_bed(painted[key].resize((384, 384))), key


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 5))
def test_the_attic_has_rafters_over_floorboards(shot: str, layout: int) -> None:
    img = paint("attic", 384, shot=shot, layout=layout)
    assert rafters(img) > 0.15, "dark wooden rafters and beams over the upper half"
    assert share(img, lambda px: px[0] > px[2] + 50, (0, 800, 1000, 1000)) > 0.9, "wooden floorboards"


def test_the_look_alikes_have_no_rafters(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        assert rafters(painted[key].resize((384, 384))) < 0.1, key


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 5))
def test_the_basement_has_a_stone_wall_a_wooden_staircase_and_is_dim(shot: str, layout: int) -> None:
    img = paint("basement", 384, shot=shot, layout=layout)
    assert share(img, stone, (0, 150, 1000, 600)) > 0.4, "a grey stone wall"
    assert stairs(img) > 0.05, "a wooden staircase coming down at one side"
    if shot == "wide":
        assert share(img, near(scenery_bedrooms.FURNACE_GLOW, 12)) > 0.001, "the furnace's fire"
    assert brightness(img) < 0.8 * brightness(paint("bedroom", 384, shot=shot, layout=layout)), "a dim cellar"


def test_the_look_alikes_have_no_stairs_down_a_stone_wall(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        img = painted[key].resize((384, 384))
        assert not (share(img, stone, (0, 150, 1000, 600)) > 0.4 and stairs(img) > 0.05), key


@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 5))
def test_the_gym_has_court_lines_and_an_orange_hoop(shot: str, layout: int) -> None:
    img = paint("gym", 384, shot=shot, layout=layout)
    assert court_lines(img) > 0.02, "white court lines on the floor"
    assert hoop(img) > 0.005, "the orange hoop and its target on the back wall"
    honey = share(img, lambda px: px[0] > 170 and px[0] - px[2] > 70 and px[1] > 110, (0, 700, 1000, 1000))
    assert honey > (0.03 if shot == "close-up" else 0.25), "a polished wooden floor (a painted lane in a close-up)"


def test_the_look_alikes_have_no_court_and_no_hoop(painted: dict[str, Image.Image]) -> None:
    for key in LOOK_ALIKES:
        img = painted[key].resize((384, 384))
        assert court_lines(img) < 0.005 and hoop(img) < 0.001, key


@pytest.mark.parametrize("setting", PLACES)
@pytest.mark.parametrize("shot", SHOTS)
@pytest.mark.parametrize("layout", (3, 4, 5))
def test_the_floor_where_the_cast_stands_is_left_free(setting: str, shot: str, layout: int) -> None:
    """The bed, the stairs, the hoop and the trunk stand against the walls, the toy box, the mat and the vaulting box
    at the edges, the rug and the court lines lie flat: no inked thing stands in the lower middle."""
    img = paint(setting, FULL, shot=shot, layout=layout)
    assert_floor_left_free(img, (0, 380, 1000, 700), 0.004)  # the furniture further back


@pytest.mark.parametrize("place", PLACES)
def test_the_place_is_painted_and_recorded_as_the_panel_s_setting(place: str) -> None:
    assert_painted_and_recorded(place)


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A monster hides under the bed in her bedroom", "bedroom"),
    ("A girl sleeps in the nursery", "bedroom"),
    ("Une fille dort dans sa chambre", "bedroom"),
    ("Ein Kind spielt im Kinderzimmer", "bedroom"),
    ("Un niño duerme en su dormitorio", "bedroom"),
    ("A boy reads comics in the attic", "attic"),
    ("Un fantôme joue dans le grenier", "attic"),
    ("Ein Hund schläft auf dem Dachboden", "attic"),
    ("Un gato duerme en el desván", "attic"),
    ("A cat sleeps in the cellar", "basement"),
    ("A mouse lives in the basement", "basement"),
    ("Un chat cherche du fromage dans la cave", "basement"),
    ("Ein Junge findet eine Schatzkiste im Keller", "basement"),
    ("Un ratón vive en el sótano", "basement"),
    ("A girl climbs the rope in the school gym", "gym"),
    ("Le garçon joue au ballon dans le gymnase", "gym"),
    ("Ein Mädchen turnt in der Turnhalle", "gym"),
    ("Los niños juegan al baloncesto en el gimnasio", "gym"),
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
    ("A bat sleeps in the cave", "cave"),  # English 'cave' is the cave; French 'la cave' the cellar
    ("Un ours dort dans la grotte", "cave"),
    ("A family watches TV in the living room", "home"),
    ("A cat sleeps in the house", "home"),
    ("Ein Hund schläft im Wohnzimmer", "home"),
    ("A monster hides under the bed", "home"),  # a bed names no room: the living room, with the bed drawn
    ("Un niño espera un cuarto de hora en el parque", "park"),  # 'cuarto' is a quarter too: no bedroom of its own
    ("Lena lernt im Gymnasium", "school"),  # a German Gymnasium is a school
    ("Kids play tag in the schoolyard", "park"),
])
def test_the_new_words_take_nothing_from_other_places(prompt: str, setting: str) -> None:
    assert setting_for_place(build_plan(prompt, 11).setting) == setting


@pytest.mark.parametrize(("place", "setting"), [
    ("bedroom", "bedroom"), ("kids' room", "bedroom"), ("chambre", "bedroom"), ("Schlafzimmer", "bedroom"),
    ("habitación", "bedroom"), ("attic", "attic"), ("loft", "attic"), ("grenier", "attic"), ("Dachboden", "attic"),
    ("desván", "attic"), ("basement", "basement"), ("cellar", "basement"), ("sous-sol", "basement"),
    ("Keller", "basement"), ("sótano", "basement"), ("gym", "gym"), ("sports hall", "gym"), ("gymnase", "gym"),
    ("Turnhalle", "gym"), ("gimnasio", "gym"), ("cave", "cave"), ("living room", "home"),
])
def test_the_description_reader_finds_the_place_in_four_languages(place: str, setting: str) -> None:
    assert setting_for_place(place) == setting


def test_the_vocabulary_files_them_under_their_own_painters() -> None:
    for noun in PLACES:
        found = vocabulary.entry(noun)
        assert found is not None and found.role == "setting" and found.kind == noun, noun
    for word, language, noun in (("chambre", "fr", "bedroom"), ("Kinderzimmer", "de", "bedroom"),
                                 ("dormitorio", "es", "bedroom"), ("grenier", "fr", "attic"), ("loft", "en", "attic"),
                                 ("cave", "fr", "basement"), ("Keller", "de", "basement"), ("cellar", "en", "basement"),
                                 ("Turnhalle", "de", "gym"), ("gimnasio", "es", "gym"), ("cave", "en", "cave"),
                                 ("Gymnasium", "de", "school"), ("living room", "en", "home"), ("house", "en", "home")):
        found = vocabulary.lookup(word, language)
        assert found is not None and found.noun == noun, (word, language)
    home = lexicon.entry("settings", "home")["keywords"]
    assert not {"bedroom", "attic"} & set(home) and {"home", "house", "living room"} <= set(home)
    for word in ("cave", "cuarto", "la cave"):  # English 'cave' stays the cave's; 'cuarto' is a quarter too
        assert not any(word in lexicon.entry("settings", key)["keywords"] for key in PLACES), word


def test_the_monster_under_the_bed_in_her_bedroom_has_its_bed_drawn() -> None:
    """The bedroom paints a bed against its wall, and the bed the monster hides under is still drawn in the panels
    (the bed of the story is no part of the painted room to be left out)."""
    board = write_storyboard("A monster hides under the bed in her bedroom", 4, 5, [])
    renderer, drawn = ProceduralRenderer(), set()
    for panel in board.panels:
        assert panel.scene is not None and setting_for_place(panel.scene.setting) == "bedroom"
        _, items = renderer.draw(PanelArtRequest(description=panel.description, style="classic", seed=5,
                                                 panel_index=panel.index, panel_count=4, cast=tuple(board.cast),
                                                 scene=panel.scene, size=160))
        drawn |= {(d.what, d.role) for d in items}
    assert ("bedroom", "setting") in drawn and ("bed", "prop") in drawn
