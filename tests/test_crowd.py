"""A crowded place and a cast beyond four: four figures in front, the rest a crowd in the background (issue 19)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import cast_painter
from services.art.procedural.backgrounds import view_for
from services.art.procedural.renderer import ProceduralRenderer
from services.schemas import CastMember, PanelScene, SceneActor

NAMES = ["Ann", "Ben", "Cal", "Dee", "Eve", "Fay"]
CAST = tuple(CastMember(name=n, kind="child") for n in NAMES)


def _draw(scene: PanelScene):  # type: ignore[no-untyped-def]
    return ProceduralRenderer().draw(PanelArtRequest(description="A panel.", style="classic", seed=3, panel_index=0,
                                                     panel_count=1, cast=CAST, scene=scene, size=256))


def _changed_near_the_horizon(a, b, shot: str = "medium") -> int:  # type: ignore[no-untyped-def]
    """Pixels that differ in the band just below the horizon, where the crowd stands."""
    horizon = view_for(shot, 0).horizon
    k = a.width / 1000
    band = (0, round((horizon - 40) * k), a.width, round((horizon + 75) * k))
    diff = ImageChops.difference(a.convert("RGB").crop(band), b.convert("RGB").crop(band)).convert("L")
    return sum(diff.point(lambda v: 255 if v > 30 else 0).histogram()[255:])


def test_a_crowded_place_has_a_crowd_behind_the_cast() -> None:
    plain = PanelScene(setting="street", actors=[SceneActor(name="Ann", action="walking")])
    image, drawn = _draw(plain.model_copy(update={"place_state": "crowded"}))
    before, drawn_before = _draw(plain)
    assert _changed_near_the_horizon(image, before) > 400, "people along the horizon"
    assert "crowd" in {d.what for d in drawn if d.role == "setting"} and "crowd" not in {d.what for d in drawn_before}


def test_four_figures_in_front_and_the_rest_in_the_crowd(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn_members: list[str] = []
    real = cast_painter.draw

    def spy(c, k, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn_members.append(k.member.name)
        return real(c, k, *args, **kwargs)
    monkeypatch.setattr(cast_painter, "draw", spy)
    six = PanelScene(setting="park", actors=[SceneActor(name=n, action="waving") for n in NAMES])
    image, drawn = _draw(six)
    assert drawn_members == NAMES[:4], "four in front"
    four, _ = _draw(six.model_copy(update={"actors": six.actors[:4]}))
    assert _changed_near_the_horizon(image, four) > 400, "the other two are in a crowd behind them"
    assert "crowd" in {d.what for d in drawn if d.role == "setting"}
