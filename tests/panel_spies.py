"""A panel drawn with the renderer watched: each cast member's figure as drawn, and the panel drawn again with
one object on a scratch canvas, so where the two pictures differ is where that object is. Shared by the
tests that check what a panel shows (tests/test_event_painter.py, tests/test_every_action.py)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import cast_painter, object_places
from services.art.procedural.canvas import Canvas
from services.art.procedural.cast_painter import Casting, Member
from services.art.procedural.figure import Body
from services.art.procedural.figures import Box, Point
from services.art.procedural.object_places import Thing
from services.art.procedural.palettes import RGB, Light
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.water import Water
from services.schemas import DrawnItem


def draw_spied(request: PanelArtRequest,
          monkeypatch: pytest.MonkeyPatch) -> tuple[Image.Image, list[DrawnItem], dict[str, Member]]:
    """The panel, its record, and each drawn cast member by name (its figure: mouth, head, hands, box, marks)."""
    members: dict[str, Member] = {}
    real = cast_painter.draw

    def spy(c: Canvas, k: Casting, light: Light, water: Water | None) -> Member:
        member = real(c, k, light, water)
        members[k.member.name] = member
        return member
    monkeypatch.setattr(cast_painter, "draw", spy)
    image, drawn = ProceduralRenderer().draw(request)
    monkeypatch.setattr(cast_painter, "draw", real)
    return image, drawn, members


def draw_without(noun: str, request: PanelArtRequest,
             monkeypatch: pytest.MonkeyPatch) -> tuple[Image.Image, list[tuple[Box, float]]]:
    """The same panel with the object drawn on a scratch copy instead; each box it was pasted at, with the area
    it covered there (panel units squared) before anything else was drawn over it."""
    real_paste, real_tree, real_hand = object_places.paste, object_places.tree_to_climb, cast_painter._in_hand
    pasted: list[tuple[Box, float]] = []

    def elsewhere(real: Callable[..., Box | None]) -> Callable[..., Box | None]:
        def spy(c: Canvas, thing: Thing, *args: Any, **kwargs: Any) -> Box | None:
            if thing.noun != noun:
                return real(c, thing, *args, **kwargs)
            scratch = Canvas(c.size, image=c.img.copy())
            box = real(scratch, thing, *args, **kwargs)
            if box is not None:
                pasted.append((box, changed_area(c.img, scratch.img)))
            return box
        return spy

    def in_hand(thing: Thing, marks: dict[str, Point], accent: RGB) -> cast_painter.Painter:
        painter = real_hand(thing, marks, accent)
        if thing.noun != noun:
            return painter

        def scratch(b: Body, hand: Point) -> None:
            other = copy.copy(b)
            other.c = Canvas(b.c.size, image=b.c.img.copy())
            painter(other, hand)
        return scratch
    monkeypatch.setattr(object_places, "paste", elsewhere(real_paste))
    monkeypatch.setattr(object_places, "tree_to_climb", elsewhere(real_tree))
    monkeypatch.setattr(cast_painter, "_in_hand", in_hand)
    image, _ = ProceduralRenderer().draw(request)
    monkeypatch.setattr(object_places, "paste", real_paste)
    monkeypatch.setattr(object_places, "tree_to_climb", real_tree)
    monkeypatch.setattr(cast_painter, "_in_hand", real_hand)
    return image, pasted


def _mask(a: Image.Image, b: Image.Image) -> Image.Image:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L").point(lambda v: 255 if v > 24 else 0)


def changed_area(a: Image.Image, b: Image.Image) -> float:
    """How much of two pictures differs, in panel units squared."""
    return _mask(a, b).histogram()[255] * (1000 / a.width) ** 2


def difference_box(a: Image.Image, b: Image.Image) -> Box:
    """Where two pictures differ, in panel units."""
    box = _mask(a, b).getbbox()
    assert box is not None, "no difference: it was not drawn"
    k = 1000 / a.width
    return box[0] * k, box[1] * k, box[2] * k, box[3] * k
