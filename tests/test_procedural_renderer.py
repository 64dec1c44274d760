"""The procedural panel renderer: every place and kind drawable, deterministic, styled, text-free."""

from __future__ import annotations

import hashlib
import inspect
import pathlib
import subprocess
import sys

import pytest
from PIL import Image, ImageDraw

from services import lexicon
from services.art.looks import look_for
from services.art.procedural_renderer import ProceduralRenderer
from services.panel_renderer import PanelArtRequest, PanelRenderer
from services.schemas import STYLE_NAMES, CastMember

ROOT = pathlib.Path(__file__).resolve().parent.parent
SMALL = 192  # most checks do not need full size, and small renders keep the suite fast
ROBO = (CastMember(name="Robo", kind="robot"),)
BROWN_MIA = (CastMember(name="Brown", kind="dog"), CastMember(name="Mia", kind="cat"))
MARS = ("Wide shot. Mars at sunset, red dunes and craters: Robo the robot stands beside an easel, "
        "holding a brush, looking up at the orange sky.")


@pytest.fixture(scope="module")
def renderer() -> ProceduralRenderer:
    return ProceduralRenderer()


def request(description: str, cast: tuple[CastMember, ...] = ROBO, style: str = "classic", seed: int = 42,
            panel_index: int = 0, size: int = 768) -> PanelArtRequest:
    return PanelArtRequest(description=description, style=style, seed=seed, panel_index=panel_index,
                           panel_count=4, cast=cast, size=size)


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
    code = ("import hashlib; from services.art.procedural_renderer import ProceduralRenderer as R; "
            "from services.panel_renderer import PanelArtRequest as P; from services.schemas import CastMember as C; "
            f"print(hashlib.sha256(R().render(P(description={MARS!r}, style='classic', seed=42, panel_index=0, "
            f"panel_count=4, cast=(C(name='Robo', kind='robot'),), size={SMALL})).tobytes()).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == digest(renderer.render(request(MARS, size=SMALL)))


def test_panels_of_a_comic_differ(renderer: ProceduralRenderer) -> None:
    text = "Robo the robot paints in the studio."
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
            text, cast = f"Wide shot. A day at the {word}.", ()
        else:
            text, cast = f"Medium shot. Zed the {word} stands in the park at noon.", (CastMember(name="Zed", kind=key),)
        hashes[key] = digest(renderer.render(request(text, cast=cast, size=SMALL)))
    assert len(set(hashes.values())) == len(hashes), "two entries rendered identically"


def test_every_kind_is_actually_drawn(renderer: ProceduralRenderer) -> None:
    empty = renderer.render(request("Medium shot. The park at noon.", cast=(), size=SMALL)).tobytes()
    for kind in lexicon.keys("characters"):
        img = renderer.render(request("Medium shot. Zed in the park at noon.", cast=(CastMember(name="Zed", kind=kind),),
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
    a = renderer.render(request("Close-up. Mia the cat in the library, calm.", cast=cast, panel_index=0, size=256))
    b = renderer.render(request("Close-up. Mia the cat in the library, calm.", cast=cast, panel_index=2, size=256))
    assert count(a) > 500 and count(b) > 500


def test_descriptions_without_lexicon_words_still_render(renderer: ProceduralRenderer) -> None:
    img = renderer.render(request("一只猫在月光下散步", cast=(), size=SMALL))
    assert len(set(pixels(img.resize((32, 32))))) > 20  # a picture, not a blank


def test_no_text_is_ever_drawn(renderer: ProceduralRenderer, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("ImageDraw.text was called")

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", refuse)
    monkeypatch.setattr(ImageDraw.ImageDraw, "multiline_text", refuse)
    for style in STYLE_NAMES:
        renderer.render(request(MARS, style=style, size=SMALL))
    import services.art as art

    for path in pathlib.Path(inspect.getfile(art)).parent.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert ".text(" not in source and "ImageFont" not in source, path.name
