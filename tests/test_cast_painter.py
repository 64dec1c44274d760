"""Drawing one cast member (services/art/procedural/cast_painter.py): where a drawn swimmer is."""

from __future__ import annotations

import pytest

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import cast_painter
from services.art.procedural.renderer import ProceduralRenderer
from services.schemas import CastMember, PanelScene, SceneActor


@pytest.mark.parametrize(("setting", "shot"), [("pond", "close-up"), ("pond", "medium"), ("pool", "wide"),
                                               ("pool", "close-up")])
def test_a_drawn_swimmer_is_in_the_water_not_over_it(setting: str, shot: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A boy swimming in the lake was drawn flat in the sky above it in a close-up."""
    seen = []
    real = cast_painter.draw

    def spy(c, k, light, water):  # type: ignore[no-untyped-def]
        member = real(c, k, light, water)
        seen.append((member.figure, water))
        return member
    monkeypatch.setattr(cast_painter, "draw", spy)
    ProceduralRenderer().draw(PanelArtRequest(
        description="A panel.", style="classic", seed=3, panel_index=1, panel_count=4,
        cast=(CastMember(name="Ned", kind="child"),), size=256,
        scene=PanelScene(setting=setting, shot=shot, actors=[SceneActor(name="Ned", action="swimming")])))
    (figure, water), = seen
    assert water is not None
    top = min(water.rows())
    middle = (figure.box[1] + figure.box[3]) / 2
    assert middle > top - 60 and figure.box[3] > top + 40, f"the body ({middle:.0f}) at the water (from {top:.0f})"
