"""The renderer draws the scene plan: what the record says is drawn is in the picture, and nothing else."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops

from services.art import pictograms
from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import floating, plan_painter
from services.art.procedural.canvas import Canvas
from services.art.procedural.palettes import Light
from services.art.procedural.renderer import ProceduralRenderer
from services.schemas import CastMember, PanelScene, SceneActor, SceneProp
from services.story.place_reading import painted_kind

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


def test_render_all_returns_the_record() -> None:
    renderer = ProceduralRenderer()
    planned = PanelArtRequest(description="Wide shot. A dog runs in a snowy forest.", style="classic", seed=1,
                              panel_index=0, panel_count=4, cast=(CastMember(name="Rex", kind="dog"),),
                              scene=PanelScene(setting="forest", weather="snow", shot="wide",
                                               actors=[SceneActor(name="Rex", action="running")]), size=128)
    [rendered] = list(renderer.render_all([planned]))
    assert rendered.image.size == (128, 128)
    assert {(d.what, d.role) for d in rendered.drawn} >= {("forest", "setting"), ("dog", "cast"), ("snow", "weather")}


# --- water and sky ---------------------------------------------------------------------------------

def _spy_pastes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The pictogram codes pasted by the plan painter, in order."""
    pasted: list[str] = []
    real = pictograms.paste

    def spy(target: Image.Image, code: str, *args: object, **kwargs: object) -> tuple[int, int, int, int]:
        pasted.append(code)
        return real(target, code, *args, **kwargs)
    monkeypatch.setattr(pictograms, "paste", spy)
    return pasted


def _afloat(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, float, float]]:
    """Where things were floated: (x, waterline y, pictogram size) in panel units."""
    spots: list[tuple[float, float, float]] = []
    real = floating._paste_afloat

    def spy(c: Canvas, code: str, x: float, y: float, size: float, cut: float, light: Light, flip: bool = False) -> None:
        spots.append((x, y, size * cut))
        real(c, code, x, y, size, cut, light, flip)
    monkeypatch.setattr(floating, "_paste_afloat", spy)
    return spots


@pytest.mark.parametrize("shot", ["wide", "medium"])
@pytest.mark.parametrize("time", ["day", "sunset"])
def test_a_boat_on_a_river_floats_on_the_water(monkeypatch: pytest.MonkeyPatch, shot: str, time: str) -> None:
    spots = _afloat(monkeypatch)
    scene = PanelScene(setting="river", time=time, shot=shot, actors=[SceneActor(name="Ada")],
                       props=[SceneProp(what="boat", where="water")])
    request = _request(scene, (KEEPER,))
    _, drawn = ProceduralRenderer().draw(request)
    assert ("boat", "prop", "pictogram") in {(d.what, d.role, d.source) for d in drawn}
    _, water = plan_painter.background(request, plan_painter.resolve(request), (0, 0, 0), 1.0, None)
    assert water is not None and len(spots) == 1
    x, y, visible = spots[0]
    assert water.contains(x, y), "the hull sits on the painted water, not in the air"
    assert 24 <= visible <= 330 * 0.75, "sized like a boat at that distance, never bigger than it is"


def test_a_boat_is_drawn_behind_the_cast_and_beside_them() -> None:
    """Floated before the cast: the river's boat never hides a face."""
    scene = PanelScene(setting="river", time="day", shot="wide", actors=[SceneActor(name="Ada")],
                       props=[SceneProp(what="boat", where="water")])
    image, drawn = ProceduralRenderer().draw(_request(scene, (KEEPER,)))
    names = [d.what for d in drawn]
    assert names.index("boat") < names.index("lighthouse keeper")


def test_water_things_float_on_every_watery_place(monkeypatch: pytest.MonkeyPatch) -> None:
    spots = _afloat(monkeypatch)
    for setting, thing in (("pond", "duck"), ("beach", "ship"), ("lighthouse", "boat"), ("island", "canoe")):
        scene = PanelScene(setting=setting, shot="wide", actors=[SceneActor(name="Ada")],
                           props=[SceneProp(what=thing, where="water")])
        _, drawn = ProceduralRenderer().draw(_request(scene, (KEEPER,)))
        assert thing in {d.what for d in drawn}, setting
    assert len(spots) == 4


def test_without_water_a_floating_thing_brings_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    patches: list[str] = []
    real = floating.on_a_patch
    monkeypatch.setattr(floating, "on_a_patch", lambda c, code, *a: (patches.append(code), real(c, code, *a)))
    scene = PanelScene(setting="city", shot="wide", actors=[SceneActor(name="Ada")],
                       props=[SceneProp(what="canoe", where="water")])
    _, drawn = ProceduralRenderer().draw(_request(scene, (KEEPER,)))
    assert "canoe" in {d.what for d in drawn} and patches == ["1F6F6"]


def test_a_sunset_sky_is_the_sunset_no_pictogram_above_a_head(monkeypatch: pytest.MonkeyPatch) -> None:
    pasted = _spy_pastes(monkeypatch)
    sunset = "1F307"
    wide = PanelScene(setting="river", time="sunset", shot="wide", actors=[SceneActor(name="Ada")],
                      props=[SceneProp(what="sunset", where="sky")])
    _, drawn = ProceduralRenderer().draw(_request(wide, (KEEPER,)))
    assert sunset not in pasted
    assert {("sunset", "setting", "procedural"), ("sunset", "prop", "procedural")} <= {(d.what, d.role, d.source) for d in drawn}
    burst = PanelScene(setting="river", time="sunset", shot="close-up",
                       actors=[SceneActor(name="Ada", mood="surprised")], props=[SceneProp(what="sunset", where="sky")])
    _, drawn = ProceduralRenderer().draw(_request(burst, (KEEPER,)))
    # the close-up's burst is laid over the place: the river and its sunset sky still show, no pictogram above
    assert sunset not in pasted and ("sunset", "setting") in {(d.what, d.role) for d in drawn}
    calm = PanelScene(setting="river", time="sunset", shot="wide", actors=[SceneActor(name="Ada")])
    _, drawn = ProceduralRenderer().draw(_request(calm, (KEEPER,)))
    assert ("sunset", "setting") in {(d.what, d.role) for d in drawn}, "every sunset sky is recorded as one"
    on_mars = PanelScene(setting="mars", time="sunset", shot="wide", actors=[SceneActor(name="Ada")],
                         props=[SceneProp(what="sunset", where="sky")])
    _, drawn = ProceduralRenderer().draw(_request(on_mars, (KEEPER,)))
    assert sunset in pasted and ("sunset", "pictogram") in {(d.what, d.source) for d in drawn}, "no sky shows it"


def test_the_moon_is_painted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    pasted = _spy_pastes(monkeypatch)
    moon = PanelScene(setting="park", time="night", shot="wide", actors=[SceneActor(name="Ada")],
                      props=[SceneProp(what="moon", where="sky")])
    _, drawn = ProceduralRenderer().draw(_request(moon, (KEEPER,)))
    assert ("moon", "procedural") in {(d.what, d.source) for d in drawn} and not pasted
    dramatic = moon.model_copy(update={"shot": "close-up", "actors": [SceneActor(name="Ada", mood="surprised")]})
    _, drawn = ProceduralRenderer().draw(_request(dramatic, (KEEPER,)))
    # the close-up's burst is laid over the place: the sky, its moon with it, still shows
    assert ("moon", "procedural") in {(d.what, d.source) for d in drawn} and not pasted, "the sky's own moon"


def test_a_swimming_duck_sits_on_the_pond_not_above_it(monkeypatch: pytest.MonkeyPatch) -> None:
    spots = _afloat(monkeypatch)
    duck = CastMember(name="Quack", kind="duck")
    for shot in ("wide", "medium"):
        scene = PanelScene(setting="pond", shot=shot, actors=[SceneActor(name="Quack", action="swimming")])
        request = _request(scene, (duck,))
        _, drawn = ProceduralRenderer().draw(request)
        assert ("duck", "cast", "pictogram") in {(d.what, d.role, d.source) for d in drawn}
        _, water = plan_painter.background(request, plan_painter.resolve(request), (0, 0, 0), 1.0, None)
        assert water is not None and water.contains(*spots[-1][:2]), shot
    walking = PanelScene(setting="pond", shot="wide", actors=[SceneActor(name="Quack", action="walking")])
    ProceduralRenderer().draw(_request(walking, (duck,)))
    assert len(spots) == 2, "a duck that walks stays on the bank"


def test_the_sea_around_a_shipwreck_is_recorded_as_painted() -> None:
    _, drawn = ProceduralRenderer().draw(_request(PanelScene(setting="shipwreck", actors=[SceneActor(name="Ada")]),
                                                  (KEEPER,)))
    assert {"shipwreck", "sea"} <= {d.what for d in drawn if d.role == "setting"}
    assert "sea" not in {d.what for d in drawn if d.role == "prop"}, "painted, not pasted as a wave"


@pytest.mark.parametrize(("place", "code"), [("classroom", None), ("ancient ruins", "1F3DB")])
def test_a_room_painted_for_its_kind_has_no_building_stuck_on_its_wall(place: str, code: str | None) -> None:
    """'im Klassenzimmer' is the school's classroom: the school building's pictogram was pasted on its wall. A
    place with no painter of its own still shows its pictogram."""
    plan = plan_painter.resolve(_request(PanelScene(setting=place), ()))
    assert plan.place_code == code, plan.place_code


@pytest.mark.parametrize(("place", "painter"), [("train station", "station"), ("train", "subway"),
                                                ("town square", "street"), ("mount fuji", "mountains")])
def test_a_place_is_painted_as_its_kind(place: str, painter: str) -> None:
    """A Hauptbahnhof was the inside of a train car."""
    assert plan_painter.resolve(_request(PanelScene(setting=place), ())).painter == painter


@pytest.mark.parametrize(("setting", "landmark"), [
    ("london", "big ben"), ("rome", "colosseum"), ("barcelona", "sagrada familia"), ("moscow", "saint basil's cathedral"),
    ("rio de janeiro", "christ the redeemer"), ("pisa", "leaning tower of pisa"), ("taj mahal", "taj mahal"),
    ("great wall", "great wall"), ("sydney opera house", "sydney opera house"),
])
def test_a_famous_place_shows_its_landmark_drawn_on_the_ground(setting: str, landmark: str) -> None:
    """'in London' was a plain city and 'at the Taj Mahal' a blank backdrop: each now shows its landmark, drawn
    (not a record only: the panel differs from the plain place by the landmark's pixels)."""
    dog = (CastMember(name="dog", kind="dog"),)
    image, drawn = ProceduralRenderer().draw(_request(PanelScene(setting=setting, actors=[SceneActor(name="dog")]), dog))
    assert (landmark, "pictogram") in {(d.what, d.source) for d in drawn}
    kind = painted_kind(setting)
    plain, _ = ProceduralRenderer().draw(_request(PanelScene(setting=kind, actors=[SceneActor(name="dog")]), dog))
    changed = ImageChops.difference(image.convert("RGB"), plain.convert("RGB")).convert("L").point(
        lambda v: 255 if v > 20 else 0).histogram()[255] / (image.width * image.height)
    assert changed > 0.02  # a landmark covers a few per cent of the panel, not a speck


def test_a_place_s_object_pictogram_is_never_a_giant_landmark_and_a_city_shows_its_own() -> None:
    """Giant books floated over the library's roof and a giant tulip over the garden; a garden in Tokyo had no
    Tokyo Tower behind it."""
    roof = plan_painter.resolve(_request(PanelScene(setting="rooftop", landmarks=["library"]), ()))
    assert "library" not in [noun for noun, _ in roof.landmarks]
    garden = plan_painter.resolve(_request(PanelScene(setting="garden", landmarks=["tokyo"]), ()))
    assert garden.place_code is None and [noun for noun, _ in garden.landmarks] == ["tokyo tower"]
