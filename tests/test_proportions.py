"""A panel's cast in proportion: measured on the drawn figures, a kitten beside a firefighter is kitten-sized,
the size classes keep their order side by side, a lone creature keeps its size, and a coin is hand-sized."""

from __future__ import annotations

import pytest

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import proportions
from services.art.procedural.proportions import SMALLEST
from services.schemas import CastMember, PanelScene, SceneActor, SceneEvent
from services.vocabulary import sizes
from tests.panel_spies import draw_spied, draw_without

SIZE = 384


def _request(kinds: dict[str, str], scene: PanelScene, roles: dict[str, str] | None = None) -> PanelArtRequest:
    cast = tuple(CastMember(name=n, kind=k, role=(roles or {}).get(n)) for n, k in kinds.items())
    return PanelArtRequest(description="A panel.", style="classic", seed=5, panel_index=1, panel_count=4, cast=cast,
                           scene=scene, size=SIZE)


def _heights(kinds: dict[str, str], shot: str, monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    """Each cast member's drawn height (its figure's box, panel units), all standing in one panel."""
    scene = PanelScene(setting="park", shot=shot, actors=[SceneActor(name=n) for n in kinds])
    _, _, members = draw_spied(_request(kinds, scene), monkeypatch)
    return {n: m.figure.box[3] - m.figure.box[1] for n, m in members.items()}


def test_the_size_classes_keep_their_order_and_the_tallest_its_size() -> None:
    order = ["ant", "mouse", "kitten", "cat", "dog", "person", "horse", "elephant", "whale"]
    alone = [sizes.figure_height(k) for k in order]
    assert alone == sorted(alone) and len(set(alone)) == len(alone)
    shares = sizes.beside_tallest(alone)
    assert shares[-1] == 1.0 and shares == sorted(shares)
    assert 0.4 < sizes.beside_tallest([0.8, 1.0])[0] < 0.6, "a cat stands about half a person tall beside one"
    assert sizes.figure_height("cat", "kitten") < sizes.figure_height("cat")  # the role names a size


@pytest.mark.parametrize("shot", ["wide", "medium", "close-up"])
def test_a_kitten_beside_a_firefighter_is_kitten_sized(shot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the kitten was drawn as big as the firefighter (procedural figures both)."""
    h = _heights({"Omar": "person", "Luna": "cat"}, shot, monkeypatch)
    assert h["Luna"] < 0.65 * h["Omar"], h
    alone = _heights({"Omar": "person"}, shot, monkeypatch)
    assert h["Omar"] > 0.8 * alone["Omar"], "the tallest keeps its size (only a fit may pull the camera back)"


@pytest.mark.parametrize(("small", "big"), [("mouse", "cat"), ("parrot", "person"), ("cat", "person"),
                                            ("person", "horse"), ("horse", "elephant"), ("person", "elephant")])
def test_side_by_side_the_smaller_class_is_drawn_smaller(small: str, big: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Procedural figures and pictogram creatures alike: the drawn ratio follows the classes' share."""
    h = _heights({"A": small, "B": big}, "wide", monkeypatch)
    want = max(sizes.beside_tallest([sizes.figure_height(small), sizes.figure_height(big)])[0], SMALLEST)
    assert h["A"] < h["B"], h
    assert 0.55 * want < h["A"] / h["B"] < 1.6 * want, (h, want)


def test_a_creature_alone_keeps_its_drawn_alone_size(monkeypatch: pytest.MonkeyPatch) -> None:
    alone = _heights({"Luna": "cat"}, "medium", monkeypatch)["Luna"]
    with_friend = _heights({"Luna": "cat", "Tom": "cat"}, "medium", monkeypatch)["Luna"]
    assert alone > 0.8 * _heights({"Omar": "person"}, "medium", monkeypatch)["Omar"] * 0.8
    assert with_friend > 0.75 * alone, "the same class beside it: no smaller"


@pytest.mark.parametrize("at", ["hand", "beside"])
def test_a_coin_is_hand_sized_beside_a_parrot(at: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the coin was drawn as big as the parrot that steals it."""
    scene = PanelScene(setting="park", actors=[SceneActor(name="Pip", action="sneaking")],
                       events=[SceneEvent(action="steal", actor="Pip", object="coin", object_at=at)])
    request = _request({"Pip": "parrot"}, scene)
    _, record, members = draw_spied(request, monkeypatch)
    assert ("steal", "parrot", "coin") in {(d.what, d.by, d.object) for d in record if d.role == "action"}
    _, boxes = draw_without("coin", request, monkeypatch)
    parrot = members["Pip"].figure.box
    coin, area = boxes[0]
    assert coin[3] - coin[1] <= 0.35 * (parrot[3] - parrot[1]), (coin, parrot)
    assert area < 0.2 * (parrot[2] - parrot[0]) * (parrot[3] - parrot[1]), "its pixels too: a small part"


@pytest.mark.parametrize("small", ["cricket", "mouse", "ant"])
def test_a_panel_of_small_ones_only_is_seen_from_closer(small: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cricket alone in a cornfield was a speck: with nobody bigger in the panel, the camera comes closer
    (drawn at least CLOSER_FOR_SMALL of a person), and side by side the classes keep their order."""
    alone = _heights({"Fig": small}, "medium", monkeypatch)["Fig"]
    with monkeypatch.context() as far:
        far.setattr(proportions, "CLOSER_FOR_SMALL", 0.0)
        from_afar = _heights({"Fig": small}, "medium", monkeypatch)["Fig"]
    closer = proportions.CLOSER_FOR_SMALL / sizes.figure_height(small)
    assert alone > 0.9 * closer * from_afar, (alone, from_afar, closer)
    beside = _heights({"Fig": small, "Omar": "person"}, "medium", monkeypatch)
    assert beside["Fig"] < 0.5 * alone, "beside a person it is small again"
    pair = _heights({"Fig": small, "Tom": "cat"}, "medium", monkeypatch)
    assert pair["Fig"] < pair["Tom"], pair


def _sized_heights(sized: dict[str, tuple[str, str | None]], monkeypatch: pytest.MonkeyPatch) -> dict[str, float]:
    scene = PanelScene(setting="farm", shot="wide", actors=[SceneActor(name=n) for n in sized])
    cast = tuple(CastMember(name=n, kind=k, size=size) for n, (k, size) in sized.items())
    request = PanelArtRequest(description="A panel.", style="classic", seed=5, panel_index=1, panel_count=4,
                              cast=cast, scene=scene, size=SIZE)
    _, _, members = draw_spied(request, monkeypatch)
    return {n: m.figure.box[3] - m.figure.box[1] for n, m in members.items()}


def test_a_size_the_prompt_says_beats_the_kind_s(monkeypatch: pytest.MonkeyPatch) -> None:
    """'A farmer finds a tiny elephant' drew an elephant twice the farmer's height; 'a giant mouse' a mouse."""
    tiny = _sized_heights({"Noor": ("person", None), "Ellie": ("elephant", "small")}, monkeypatch)
    assert tiny["Ellie"] < 0.6 * tiny["Noor"], tiny
    giant = _sized_heights({"Noor": ("person", None), "Nibbles": ("mouse", "giant")}, monkeypatch)
    assert giant["Nibbles"] > giant["Noor"], giant
