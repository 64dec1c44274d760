"""Painting a place alone and measuring its pixels, shared by the tests of the place painters."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PIL import Image, ImageChops, ImageStat

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural.palettes import INK
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.settings import paint_background
from services.art.procedural.styles import style_for
from services.schemas import CastMember, DrawnItem, PanelScene, SceneActor

FULL = 768
Pixel = tuple[int, ...]


def paint(setting: str, size: int = FULL, time: str = "day", weather: str = "clear", shot: str = "wide",
          layout: int = 3) -> Image.Image:
    """The place's background alone, in the classic style."""
    s = style_for("classic")
    return paint_background(setting, time, weather, shot, size, layout, 0, s.ink, s.line_weight, s.recolour).finish()


def difference(a: Image.Image, b: Image.Image) -> float:
    """The mean per-channel difference of two pictures (0: the same)."""
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def share(img: Image.Image, test: Callable[[Pixel], bool], box: tuple[float, float, float, float] | None = None) -> float:
    """The share of pixels passing `test` inside `box`, given in panel units (0..1000)."""
    if box is not None:
        u = img.width / 1000
        img = img.crop(tuple(round(v * u) for v in box))
    counts = img.getcolors(img.width * img.height) or []
    return sum(n for n, px in counts if test(px)) / max(1, img.width * img.height)


def near(colour: tuple[int, int, int], tol: int = 30) -> Callable[[Pixel], bool]:
    """A pixel test: within `tol` of `colour` on every channel."""
    return lambda px: all(abs(a - b) <= tol for a, b in zip(px[:3], colour))


def assert_a_full_place(img: Image.Image) -> None:
    """A painted place fills the panel with many colours and real contrast: shapes, not a wash."""
    assert img.size == (FULL, FULL) and img.mode == "RGB"
    small = img.resize((192, 192))
    assert len(small.getcolors(192 * 192) or range(9999)) > 60, "a place has many colours"
    assert max(ImageStat.Stat(img).stddev) > 25, "and contrast: shapes, not a wash"


def assert_told_apart(painted: dict[str, Image.Image], places: tuple[str, ...], look_alikes: tuple[str, ...]) -> None:
    """Each new place differs from every look-alike and from the other new places."""
    small = {key: img.resize((192, 192)) for key, img in painted.items()}
    for a, b in itertools.product(places, look_alikes):
        assert difference(small[a], small[b]) > 12, (a, b)
    for a, b in itertools.combinations(places, 2):
        assert difference(small[a], small[b]) > 12, (a, b)


def assert_paints_everywhere(setting: str, layouts: range = range(4, 12)) -> None:
    """The place paints, and differently, at night and in the closer shots; in every style, light and weather,
    and every draw of its dice (which side a thing stands, its colours)."""
    day = paint(setting, 128)
    assert difference(day, paint(setting, 128, "night")) > 4, "the hour shows"
    for shot in ("medium", "close-up"):
        assert difference(paint(setting, 128, shot=shot), day) > 4, (setting, shot)
    for style in ("manga", "noir", "pop art", "watercolor"):
        s = style_for(style)
        assert paint_background(setting, "day", "rain", "medium", 96, 5, 36, s.ink, s.line_weight, s.recolour).size == 96
    for time, weather in (("dawn", "fog"), ("sunset", "wind"), ("night", "snow")):
        assert paint(setting, 96, time, weather).size == (96, 96)
    for layout in layouts:
        assert paint(setting, 96, layout=layout).size == (96, 96)


def assert_painted_and_recorded(place: str, recorded: str | None = None) -> list[DrawnItem]:
    """A panel set in the place paints it (no pictogram standing in for it) and records it as its setting; the
    panel's record."""
    request = PanelArtRequest(description="A quiet panel.", style="classic", seed=5, panel_index=0, panel_count=4,
                              cast=(CastMember(name="Ada", kind="person"),), size=192,
                              scene=PanelScene(setting=place, shot="wide", actors=[SceneActor(name="Ada")]))
    _, drawn = ProceduralRenderer().draw(request)
    assert (recorded or place, "setting", "procedural") in {(d.what, d.role, d.source) for d in drawn}
    assert not any(d.role == "setting" and d.source == "pictogram" for d in drawn), "painted, not a sticker"
    return drawn


CAST_FLOOR = (320.0, 800.0, 680.0, 1000.0)  # the lower middle, panel units: where the cast is pasted


def inked_share(img: Image.Image, box: tuple[float, float, float, float] | None = None) -> float:
    """The share of ink-coloured pixels (the outlines of things drawn) inside `box`."""
    return share(img, near(INK, 12), box)


def assert_floor_left_free(img: Image.Image, drawn_in: tuple[float, float, float, float] | None, at_least: float) -> None:
    """No inked thing stands where the cast is pasted, and the place's things are drawn, with ink, in `drawn_in`."""
    assert inked_share(img, CAST_FLOOR) < 0.001, "an inked thing stands where the cast is pasted"
    assert inked_share(img, drawn_in) > at_least, "the things of the place are drawn, with ink"
