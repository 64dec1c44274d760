"""The procedural panel renderer: every place and kind drawable, deterministic, styled, text-free."""

from __future__ import annotations

import hashlib
import inspect
import pathlib
import subprocess
import sys

import pytest
from PIL import Image, ImageDraw

from services.art.panel_renderer import PanelArtRequest, PanelRenderer
from services.art.procedural import plan_painter
from services.art.procedural.looks import look_for
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.settings import setting_for_place
from services.language import lexicon
from services.schemas import STYLE_NAMES, CastMember, PanelScene, SceneActor, SceneEvent, SceneProp

ROOT = pathlib.Path(__file__).resolve().parent.parent
SMALL = 192  # most checks do not need full size, and small renders keep the suite fast
ROBO = (CastMember(name="Robo", kind="robot"),)
BROWN_MIA = (CastMember(name="Brown", kind="dog"), CastMember(name="Mia", kind="cat"))
MARS = PanelScene(setting="mars", time="sunset", shot="wide",
                  actors=[SceneActor(name="Robo", action="painting", mood="happy", holds="brush")],
                  props=[SceneProp(what="rock")])


def scene(setting: str = "park", *actors: SceneActor, shot: str = "medium", time: str = "day",
          weather: str = "clear") -> PanelScene:
    return PanelScene(setting=setting, shot=shot, time=time, weather=weather, actors=list(actors))


@pytest.fixture(scope="module")
def renderer() -> ProceduralRenderer:
    return ProceduralRenderer()


def request(planned: PanelScene, cast: tuple[CastMember, ...] = ROBO, style: str = "classic", seed: int = 42,
            panel_index: int = 0, size: int = 768) -> PanelArtRequest:
    return PanelArtRequest(description="A panel.", style=style, seed=seed, panel_index=panel_index,
                           panel_count=4, cast=cast, scene=planned, size=size)


def pixels(img: Image.Image) -> list:
    return list(img.get_flattened_data() if hasattr(img, "get_flattened_data") else img.getdata())


def digest(img: Image.Image) -> str:
    return hashlib.sha256(img.tobytes()).hexdigest()


def test_it_is_a_panel_renderer_with_a_plain_constructor(renderer: ProceduralRenderer) -> None:
    assert isinstance(renderer, PanelRenderer)
    assert ProceduralRenderer.name == "procedural"


def test_output_is_an_rgb_square_of_the_requested_size(renderer: ProceduralRenderer) -> None:
    img = renderer.render(request(MARS))
    assert img.mode == "RGB" and img.size == (768, 768)
    assert renderer.render(request(MARS, size=SMALL)).size == (SMALL, SMALL)


def test_the_border_is_thick_black_ink(renderer: ProceduralRenderer) -> None:
    img = renderer.render(request(MARS))
    for xy in ((2, 2), (384, 5), (765, 384), (384, 765)):
        assert max(img.getpixel(xy)) < 40


def test_same_request_gives_identical_pixels(renderer: ProceduralRenderer) -> None:
    assert renderer.render(request(MARS)).tobytes() == ProceduralRenderer().render(request(MARS)).tobytes()


def test_identical_pixels_in_another_process(renderer: ProceduralRenderer) -> None:
    code = ("import hashlib; from services.art.procedural.renderer import ProceduralRenderer as R; "
            "from services.art.panel_renderer import PanelArtRequest as P; from services.schemas import CastMember as C; "
            "from services.schemas import PanelScene as S; "
            f"print(hashlib.sha256(R().render(P(description='A panel.', style='classic', seed=42, panel_index=0, "
            f"panel_count=4, cast=(C(name='Robo', kind='robot'),), scene=S.model_validate_json({MARS.model_dump_json()!r}), "
            f"size={SMALL})).tobytes()).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == digest(renderer.render(request(MARS, size=SMALL)))


def test_panels_of_a_comic_differ(renderer: ProceduralRenderer) -> None:
    text = scene("studio", SceneActor(name="Robo", action="painting"))
    hashes = {digest(renderer.render(request(text, panel_index=i, size=SMALL))) for i in range(4)}
    assert len(hashes) == 4


def test_each_style_changes_the_picture(renderer: ProceduralRenderer) -> None:
    hashes = {style: digest(renderer.render(request(MARS, style=style, size=SMALL))) for style in STYLE_NAMES}
    assert len(set(hashes.values())) == len(STYLE_NAMES)


def test_manga_is_black_and_white(renderer: ProceduralRenderer) -> None:
    img = renderer.render(request(MARS, style="manga", size=SMALL))
    assert {px for px in pixels(img) if not (px[0] == px[1] == px[2])} == set()


@pytest.mark.parametrize("category", ["settings", "characters"])
def test_every_setting_and_kind_is_reachable_and_distinct(renderer: ProceduralRenderer, category: str) -> None:
    hashes = {}
    for key in lexicon.keys(category):
        word = lexicon.entry(category, key)["keywords"][0]
        if category == "settings":
            text, cast = scene(word, shot="wide"), ()
        else:
            text, cast = scene("park", SceneActor(name="Zed")), (CastMember(name="Zed", kind=key),)
        hashes[key] = digest(renderer.render(request(text, cast=cast, size=SMALL)))
    assert len(set(hashes.values())) == len(hashes), "two entries rendered identically"


def test_every_kind_is_actually_drawn(renderer: ProceduralRenderer) -> None:
    empty = renderer.render(request(scene("park"), cast=(), size=SMALL)).tobytes()
    for kind in lexicon.keys("characters"):
        img = renderer.render(request(scene("park", SceneActor(name="Zed")), cast=(CastMember(name="Zed", kind=kind),),
                                      size=SMALL))
        assert img.tobytes() != empty, kind


def test_a_character_keeps_its_look_across_panels() -> None:
    assert look_for(7, "Mia", "cat") == look_for(7, "Mia", "cat")
    others = {look_for(7, name, "cat") for name in ("Mia", "Tom", "Luna", "Felix", "Nala")}
    assert len(others) >= 4
    assert look_for(7, "Brown", "dog").main == (150, 95, 55)  # a colour in the name wins


def test_the_dominant_character_colour_is_stable_between_panels(renderer: ProceduralRenderer) -> None:
    look = look_for(42, "Mia", "cat")

    def count(img: Image.Image) -> int:
        return sum(1 for px in pixels(img) if all(abs(a - b) <= 24 for a, b in zip(px, look.main)))

    cast = (CastMember(name="Mia", kind="cat"),)
    calm = scene("library", SceneActor(name="Mia"), shot="close-up")
    a = renderer.render(request(calm, cast=cast, panel_index=0, size=256))
    b = renderer.render(request(calm, cast=cast, panel_index=2, size=256))
    assert count(a) > 500 and count(b) > 500


def test_a_place_the_art_has_no_painter_for_still_renders(renderer: ProceduralRenderer) -> None:
    img = renderer.render(request(scene("月光"), cast=(), size=SMALL))
    assert len(set(pixels(img.resize((32, 32))))) > 20  # a picture, not a blank


def test_a_request_without_a_scene_is_refused_with_a_sentence(renderer: ProceduralRenderer) -> None:
    bare = PanelArtRequest(description="Wide shot. A dog runs in a snowy forest.", style="classic", seed=1,
                           panel_index=0, panel_count=4, size=SMALL)
    with pytest.raises(ValueError, match="^scene: .*planned scene"):
        renderer.draw(bare)


def test_no_text_is_ever_drawn(renderer: ProceduralRenderer, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("ImageDraw.text was called")

    for style in STYLE_NAMES:  # the emoji font draws each pictogram once, cached: that is no text in the art
        renderer.render(request(MARS, style=style, size=SMALL))
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", refuse)
    monkeypatch.setattr(ImageDraw.ImageDraw, "multiline_text", refuse)
    for style in STYLE_NAMES:
        renderer.render(request(MARS, style=style, size=SMALL))
    import services.art.procedural as art

    for path in pathlib.Path(inspect.getfile(art)).parent.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert ".text(" not in source and "ImageFont" not in source, path.name


# --- from a prompt, through the storyteller, to pixels ------------------------------------------------------

def _plan(prompt: str, seed: int = 3):
    import asyncio

    from services.schemas import StoryboardRequest
    from services.story.storyteller import OfflineStoryteller

    return asyncio.run(OfflineStoryteller().plan(StoryboardRequest(prompt=prompt, panels=4, seed=seed), seed, []))


def _first_panel(prompt: str, renderer: ProceduralRenderer, seed: int = 3):
    from services.story.character_sheet import decide_looks

    board = _plan(prompt, seed)
    cast = tuple(decide_looks(board.cast, prompt, [], seed))
    panel = board.panels[0]
    art = PanelArtRequest(description=panel.description, style="classic", seed=seed, panel_index=0,
                          panel_count=4, cast=cast, scene=panel.scene, size=SMALL)
    return board, plan_painter.resolve(art).scene, renderer.render(art)


def test_every_setting_is_reachable_from_a_prompt(renderer: ProceduralRenderer) -> None:
    hashes = {}
    for key in lexicon.keys("settings"):
        word = lexicon.entry("settings", key)["keywords"][0]
        board, scene, img = _first_panel(f"A cat has an adventure in the {word}.", renderer)
        # The plan names the place with a noun ("mountain"); the art paints it with its setting ("mountains").
        assert setting_for_place(board.setting) == key and scene.setting == key, (key, board.panels[0].description)
        hashes[key] = digest(img)
    assert len(set(hashes.values())) == len(hashes)


def test_every_kind_is_reachable_from_a_prompt(renderer: ProceduralRenderer) -> None:
    hashes = {}
    for key in lexicon.keys("characters"):
        word = lexicon.entry("characters", key)["keywords"][0]
        board, scene, img = _first_panel(f"A {word} walks in the park at noon.", renderer)
        assert board.cast[0].kind == key and scene.actors and scene.actors[0].kind == key, (key, board.cast)
        hashes[key] = digest(img)
    assert len(set(hashes.values())) == len(hashes)


def test_actions_from_a_prompt_reach_the_pose() -> None:
    for action in ("walking", "running", "flying", "sitting", "falling", "hugging", "swimming"):
        word = lexicon.entry("actions", action)["keywords"][0]
        board = _plan(f"Mia the cat and Rex the dog {word} together in the park.")
        acts = {a.action for p in board.panels for a in plan_painter.resolve(PanelArtRequest(
            description=p.description, style="classic", seed=3, panel_index=p.index, panel_count=4,
            cast=tuple(board.cast), scene=p.scene)).scene.actors}
        assert action in acts, (action, [p.description for p in board.panels])


def test_time_and_weather_change_light_and_palette(renderer: ProceduralRenderer) -> None:
    def mean(img: Image.Image) -> tuple[float, ...]:
        tiny = img.resize((1, 1), Image.Resampling.BOX)
        return tiny.getpixel((0, 0))

    looks = {}
    for when, time, weather in (("at noon", "day", "clear"), ("at night", "night", "clear"),
                                ("at sunset", "sunset", "clear"), ("in the rain", "day", "rain"),
                                ("in the snow", "day", "snow"), ("in the fog", "day", "fog")):
        walk = scene("park", SceneActor(name="Robo", action="walking"), shot="wide", time=time, weather=weather)
        looks[when] = mean(renderer.render(request(walk, size=SMALL)))
    assert len(set(looks.values())) == len(looks)
    assert sum(looks["at night"]) < sum(looks["at noon"]) - 120
    assert looks["at sunset"][0] > looks["at sunset"][2]  # warm
    assert sum(looks["in the snow"]) > sum(looks["in the rain"])


def test_every_style_changes_a_comic_with_a_sheet(renderer: ProceduralRenderer) -> None:
    from services.story.character_sheet import decide_looks

    cast = tuple(decide_looks(list(BROWN_MIA), "Brown the dog and Mia the cat with a red scarf.", [], 42))
    text = PanelScene(setting="city", time="sunset", actors=[SceneActor(name="Brown", action="hugging", mood="happy"),
                                                             SceneActor(name="Mia", action="hugging", mood="happy")],
                      events=[SceneEvent(action="hug", actor="Brown", object="Mia")])
    hashes = {digest(renderer.render(request(text, cast=cast, style=s, size=SMALL))) for s in STYLE_NAMES}
    assert len(hashes) == len(STYLE_NAMES) >= 5


def test_the_sheet_changes_the_character_and_nothing_else(renderer: ProceduralRenderer) -> None:
    from services.schemas import CharacterLook

    plain = renderer.render(request(MARS, size=SMALL))
    red = (CastMember(name="Robo", kind="robot", look=CharacterLook(colours=["#d73c32", "#fac828"],
                                                                    features=["crown", "scarf"])),)
    assert digest(renderer.render(request(MARS, cast=red, size=SMALL))) != digest(plain)
    seeded = look_for(42, "Robo", "robot")
    same = (CastMember(name="Robo", kind="robot"),)
    assert digest(renderer.render(request(MARS, cast=same, size=SMALL))) == digest(plain)
    assert seeded.main != (215, 60, 50)


def test_every_feature_is_drawn(renderer: ProceduralRenderer) -> None:
    from services.art.procedural.looks import FEATURES
    from services.schemas import CharacterLook

    text = scene("park", SceneActor(name="Zed"), shot="close-up")
    hashes = set()
    for feature in FEATURES:
        cast = (CastMember(name="Zed", kind="person" if feature not in ("spots", "stripes", "collar") else "dog",
                           look=CharacterLook(colours=["#3c78dc", "#e12832"], features=[feature])),)
        hashes.add(digest(renderer.render(request(text, cast=cast, size=SMALL))))
    assert len(hashes) >= len(FEATURES) - 1  # "antenna" only shows on robots and aliens


def test_a_fish_out_of_water_is_in_a_bowl_and_a_ghost_is_see_through(renderer: ProceduralRenderer) -> None:
    from services.art.procedural.creatures import GLASS_WATER

    def watery(img: Image.Image) -> int:
        return sum(1 for px in pixels(img) if sum(abs(a - b) for a, b in zip(px, GLASS_WATER)) < 30)

    text = scene("library", SceneActor(name="Finn"))
    bowl = renderer.render(request(text, cast=(CastMember(name="Finn", kind="fish"),), size=SMALL))
    cat = renderer.render(request(text, cast=(CastMember(name="Finn", kind="cat"),), size=SMALL))
    assert watery(bowl) > 400 and watery(bowl) > 5 * watery(cat)
    import services.art.procedural.cast_painter as module

    boo = request(scene("library", SceneActor(name="Boo"), shot="close-up"),
                  cast=(CastMember(name="Boo", kind="ghost"),), size=SMALL)
    see_through = renderer.render(boo)
    module.GHOST_OPACITY = 1.0
    try:
        opaque = renderer.render(boo)
    finally:
        module.GHOST_OPACITY = 0.72
    assert digest(see_through) != digest(opaque)


@pytest.mark.parametrize("mood", ["scared", "surprised"])
def test_a_dramatic_close_up_keeps_its_place_readable(renderer: ProceduralRenderer, mood: str) -> None:
    """The spotlight or the burst is laid over the place, not instead of it: beside the figure the scenery is
    still the empty place's (its light and shade follow it closely), and the drama shows (it is not the calm one)."""
    from statistics import StatisticsError, correlation

    from services.schemas import PanelScene, SceneActor

    def corners(m: str | None) -> list[list[int]]:
        actors = [SceneActor(name="Robo", mood=m)] if m else []
        scene = PanelScene(setting="park", shot="close-up", actors=actors)
        img, _ = renderer.draw(PanelArtRequest(description="A panel.", style="classic", seed=3, panel_index=2,
                                               panel_count=4, cast=ROBO, scene=scene, size=SMALL))
        # the top corners, inside the border: sky, sun, trees (the figure stands to one side, the seed says which)
        return [list(img.crop(box).convert("L").get_flattened_data()) for box in ((10, 10, 52, 70),
                                                                                  (140, 10, 182, 70))]
    place, drama = corners(None), corners(mood)
    assert drama != corners("calm"), "the drama shows"
    alike = 0.0
    for before, after in zip(place, drama):  # the corner clear of the figure follows the empty place
        try:
            alike = max(alike, correlation(before, after))
        except StatisticsError:  # a flat backdrop instead of the place
            pass
    assert alike > 0.5, "the place still reads behind the drama"
