"""A pictogram creature acts with what a cut-out can do: it leans, hops, crouches, lies down, faces whom it acts on."""

from __future__ import annotations

import pytest

from services.art.procedural import pictogram_acting
from services.art.procedural.canvas import Canvas
from services.art.procedural.staging import Placement
from services.story.actions import POSES

WHALE, SHARK, LION = "1F40B", "1F988", "1F981"


def _box(pose: str, code: str = WHALE, facing: int = 1) -> tuple[float, float, float, float]:
    c = Canvas(128)
    return pictogram_acting.draw_actor(c, code, "whale", pose, Placement(500, 900, 3.0, facing), 1.0)[1]


def test_every_pose_has_a_staging_and_it_changes_the_cut_out() -> None:
    still = _box("standing")
    moved = [p for p in POSES if p not in ("standing", "holding", "riding", "carrying") and _box(p) == still]
    assert not moved, moved


def test_a_jump_hops_and_a_sleep_lies_down() -> None:
    stand = _box("standing")
    assert _box("jumping")[3] < stand[3] - 50
    curled = _box("sleeping")
    assert curled[1] > stand[1] + 25 and abs(curled[3] - stand[3]) < 10, "curled up low on the ground"
    face, asleep = _box("standing", LION), _box("sleeping", LION)
    assert asleep != face, "a face turns over to sleep"


def test_a_glyph_is_flipped_to_face_whom_it_acts_on() -> None:
    assert pictogram_acting.flips(WHALE, 1) and not pictogram_acting.flips(WHALE, -1)  # OpenMoji's whale looks left
    assert pictogram_acting.flips(SHARK, -1) and not pictogram_acting.flips(SHARK, 1)  # its shark looks right
    assert not pictogram_acting.flips(LION, 1)  # a face looking out is never mirrored


def test_the_mouth_is_on_the_side_it_faces() -> None:
    for facing in (-1, 1):
        c = Canvas(128)
        anchor, box = pictogram_acting.draw_actor(c, WHALE, "whale", "singing", Placement(500, 900, 3.0, facing), 1.0)
        assert (anchor.mouth_of()[0] - (box[0] + box[2]) / 2) * facing > 0


@pytest.mark.parametrize("prompt", ["A whale meets a girl in the city", "A dolphin and a cat play in the park",
                                    "A seal juggles a ball at the circus", "Una ballena come pizza en la cocina",
                                    "A pirate throws a bottle into the sea and a dolphin catches it",
                                    "An octopus paints a portrait"])
def test_a_sea_creature_is_never_drawn_standing_on_land(prompt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the sea, on the painted water, or in a pool of its own where the place has none: never on the street."""
    from services.art.panel_renderer import PanelArtRequest
    from services.art.procedural import floating
    from services.art.procedural import pictogram_acting as acting
    from services.art.procedural.renderer import ProceduralRenderer
    from services.story.storyboard_writer import write_storyboard

    wet: list[str] = []
    for name in ("swim", "in_a_pool"):
        real = getattr(floating, name)

        def spy(*args, _real=real, **kwargs):  # type: ignore[no-untyped-def]
            wet.append(args[1])  # the pictogram's code
            return _real(*args, **kwargs)
        monkeypatch.setattr(floating, name, spy)
    drawn: list[tuple[str, str]] = []
    real_actor = acting.draw_actor

    def actor(c, code, kind, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn.append((code, kind))
        return real_actor(c, code, kind, *args, **kwargs)
    monkeypatch.setattr(acting, "draw_actor", actor)
    board = write_storyboard(prompt, 4, 7, [])
    for panel in board.panels:
        wet.clear()
        drawn.clear()
        ProceduralRenderer().draw(PanelArtRequest(description=panel.description, style="classic", seed=7,
                                                  panel_index=panel.index, panel_count=4, cast=tuple(board.cast),
                                                  scene=panel.scene, size=160))
        for code, kind in drawn:
            if kind in acting.AQUATIC and panel.scene is not None and panel.scene.setting != "underwater":
                assert code in wet, f"panel {panel.index + 1}: the {kind} stands on land in the {panel.scene.setting}"


def test_creatures_keep_their_sizes_mouse_cat_dog_person_horse_elephant_whale() -> None:
    """One size class a kind (assets/sizes.json), the same in every panel: drawn at the same spot and shot, a mouse
    is smaller than a cat, a cat than a dog, a dog than a person, then a horse, an elephant and a whale."""
    kinds = [("1F401", "mouse"), ("1F408", "cat"), ("1F415", "dog"), ("1F9D1", "person"), ("1F40E", "horse"),
             ("1F418", "elephant"), ("1F40B", "whale")]
    place = Placement(500, 900, 0.6, 1)
    heights = [pictogram_acting.height_of(kind, place, 1.0) for _, kind in kinds]
    assert heights == sorted(heights) and len(set(heights)) == len(heights)
    drawn = []
    for code, kind in kinds:
        _, (x0, top, x1, bottom) = pictogram_acting.draw_actor(Canvas(768), code, kind, "standing", place, 1.0)
        drawn.append(max(x1 - x0, bottom - top))
    assert drawn == sorted(drawn), list(zip([k for _, k in kinds], drawn))
