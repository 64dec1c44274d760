"""A shop told by what it sells: a hat shop is shelves of hats, read from the prompt in three languages.

Mirrors services/art/procedural/scenery_store.py and the reading of a shop's goods (place_reading.shop_goods).
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural.renderer import ProceduralRenderer
from services.language import lexicon
from services.schemas import CastMember, PanelScene, SceneActor
from services.story.place_reading import shop_goods
from services.story.scene_plan import build_plan

ADA = CastMember(name="Ada", kind="person")


def _draw(scene: PanelScene, seed: int = 5) -> tuple[Image.Image, list]:
    image, drawn = ProceduralRenderer().draw(PanelArtRequest(
        description="A panel.", style="classic", seed=seed, panel_index=0, panel_count=4, cast=(ADA,), scene=scene,
        size=384))
    return image.convert("RGB"), drawn


@pytest.mark.parametrize(("prompt", "language", "goods"), [
    ("A clumsy giraffe working in a hat shop tries on a top hat.", "en", "hat"),
    ("A boy buys boots in a shoe store.", "en", "boot"),
    ("Une souris travaille dans une boutique de chapeaux.", "fr", "hat"),
    ("Un loro roba en una tienda de sombreros.", "es", "hat"),
    ("A cat sleeps in the corner shop.", "en", None),  # a corner is nothing a shop sells
    ("A penguin runs a pet shop.", "en", None),  # nor is an animal drawn stacked on a shelf
])
def test_what_a_shop_sells_is_read_from_the_prompt(prompt: str, language: str, goods: str | None) -> None:
    assert shop_goods(prompt, language) == goods


def test_a_hat_shop_is_the_shop_known_by_its_hats() -> None:
    plan = build_plan("A clumsy giraffe working in a hat shop tries on a tall top hat, and laughs.", 3)
    assert plan.setting == "shop" and plan.landmarks[:1] == ["hat"]
    assert lexicon.is_indoor("shop")
    assert build_plan("A dog walks past a shop on the street.", 3).setting == "street"


def test_the_shelves_are_stocked_with_the_goods_not_pasted_as_a_landmark() -> None:
    hats, drawn = _draw(PanelScene(setting="shop", landmarks=["hat"], shot="wide", actors=[SceneActor(name="Ada")]))
    boxes, plain = _draw(PanelScene(setting="shop", shot="wide", actors=[SceneActor(name="Ada")]))
    record = {(d.what, d.role, d.source) for d in drawn}
    assert ("shop", "setting", "procedural") in record and ("hat", "setting", "procedural") in record
    assert not any(d.what == "hat" and d.source == "pictogram" for d in drawn), "on the shelves, not a sticker"
    assert "hat" not in {d.what for d in plain}
    left_shelves = (0, 40, 120, 260)  # the left shelving unit, above the cast's heads
    diff = ImageStat.Stat(ImageChops.difference(hats.crop(left_shelves), boxes.crop(left_shelves))).mean
    assert sum(diff) / 3 > 12, "hats, not wrapped boxes, stand on the shelves"


def test_another_place_is_not_pasted_inside_this_one() -> None:
    """'On a crowded city bus … his grocery bag': the supermarket was pasted as a sticker in the bus."""
    _, drawn = _draw(PanelScene(setting="bus", landmarks=["supermarket"], actors=[SceneActor(name="Ada")]))
    assert "supermarket" not in {d.what for d in drawn}
    _, outdoors = _draw(PanelScene(setting="park", landmarks=["castle"], actors=[SceneActor(name="Ada")]))
    assert "castle" in {d.what for d in outdoors}, "outdoors another place still stands in the distance"
