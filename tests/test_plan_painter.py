"""The renderer draws the scene plan: what the record says is drawn is in the picture, and nothing else."""

from __future__ import annotations

from PIL import Image

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural.renderer import ProceduralRenderer
from services.schemas import CastMember, PanelScene, SceneActor, SceneProp

WHALE_BLUE = (97, 178, 228)  # OpenMoji's blue


def _request(scene: PanelScene, cast: tuple[CastMember, ...], size: int = 256) -> PanelArtRequest:
    return PanelArtRequest(description="A quiet panel.", style="classic", seed=5, panel_index=0, panel_count=4,
                           cast=cast, scene=scene, size=size)


def _near(img: Image.Image, colour: tuple[int, int, int], tol: int = 18) -> int:
    return sum(n for n, c in img.getcolors(maxcolors=1 << 20) or []
               if all(abs(a - b) <= tol for a, b in zip(c, colour)))


KEEPER = CastMember(name="Ada", kind="elder", role="lighthouse keeper")
WHALE = CastMember(name="whale", kind="whale")


def test_a_creature_the_art_lacks_is_drawn_from_its_pictogram_and_recorded() -> None:
    scene = PanelScene(setting="lighthouse", weather="storm", shot="wide",
                       actors=[SceneActor(name="Ada"), SceneActor(name="whale")])
    image, drawn = ProceduralRenderer().draw(_request(scene, (KEEPER, WHALE)))
    record = {(d.what, d.role, d.source) for d in drawn}
    assert ("whale", "cast", "pictogram") in record
    assert ("lighthouse keeper", "cast", "procedural") in record
    assert ("lighthouse", "setting", "procedural") in record
    assert ("storm", "weather", "procedural") in record
    assert next(d for d in drawn if d.what == "whale").code == "1F40B"
    without, drawn_without = ProceduralRenderer().draw(_request(
        PanelScene(setting="lighthouse", weather="storm", shot="wide", actors=[SceneActor(name="Ada")]), (KEEPER,)))
    assert "whale" not in {d.what for d in drawn_without}
    assert _near(image, WHALE_BLUE) > _near(without, WHALE_BLUE) + 500


def test_props_in_hand_on_the_ground_and_in_the_sky_are_recorded() -> None:
    scene = PanelScene(setting="park", actors=[SceneActor(name="Ada", holds="violin")],
                       props=[SceneProp(what="cookie", where="ground"), SceneProp(what="moon", where="sky")])
    _, drawn = ProceduralRenderer().draw(_request(scene, (KEEPER,)))
    props = {d.what: d for d in drawn if d.role == "prop"}
    assert set(props) == {"violin", "cookie", "moon"}
    assert all(p.source == "pictogram" and p.code for p in props.values())


def test_an_unknown_place_gets_a_backdrop_with_its_landmark_never_another_setting() -> None:
    _, drawn = ProceduralRenderer().draw(_request(PanelScene(setting="paris", actors=[SceneActor(name="dog")]),
                                                  (CastMember(name="dog", kind="dog"),)))
    settings = {(d.what, d.source) for d in drawn if d.role == "setting"}
    assert ("paris", "pictogram") in settings and settings <= {("paris", "pictogram"), ("city", "procedural"), ("street", "procedural")}
    assert ("eiffel tower", "pictogram") in {(d.what, d.source) for d in drawn}
    _, museum = ProceduralRenderer().draw(_request(PanelScene(setting="museum"), ()))
    assert [(d.what, d.role) for d in museum] == [("museum", "setting")]


def test_nothing_drawable_means_nothing_recorded() -> None:
    _, drawn = ProceduralRenderer().draw(_request(PanelScene(setting="nowhere-in-particular",
                                                             props=[SceneProp(what="serendipity")]), ()))
    assert drawn == []


def test_same_request_same_pixels() -> None:
    scene = PanelScene(setting="subway", shot="medium", actors=[SceneActor(name="Ada", holds="violin"),
                                                                SceneActor(name="whale", mood="scared")],
                       effects=["hearts"])
    a, drawn_a = ProceduralRenderer().draw(_request(scene, (KEEPER, WHALE), size=192))
    b, drawn_b = ProceduralRenderer().draw(_request(scene, (KEEPER, WHALE), size=192))
    assert a.tobytes() == b.tobytes() and drawn_a == drawn_b
    assert ("hearts", "effect") in {(d.what, d.role) for d in drawn_a}


def test_render_all_returns_the_record_and_the_description_path_still_works() -> None:
    renderer = ProceduralRenderer()
    plain = PanelArtRequest(description="Wide shot. A dog runs in a snowy forest.", style="classic", seed=1,
                            panel_index=0, panel_count=4, size=128)
    [rendered] = list(renderer.render_all([plain]))
    assert rendered.image.size == (128, 128)
    assert {(d.what, d.role) for d in rendered.drawn} >= {("forest", "setting"), ("dog", "cast"), ("snow", "weather")}
