"""Staging gives every character a place, whatever the interaction and however many join it."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from services.art.panel_renderer import PanelArtRequest
from services.art.procedural import cast_painter
from services.art.procedural.figures import Figure
from services.art.procedural.looks import look_for
from services.art.procedural.renderer import ProceduralRenderer
from services.art.procedural.scene import Actor, Scene
from services.art.procedural.staging import stage
from services.schemas import Panel
from services.story.storyboard_writer import write_storyboard


@pytest.mark.parametrize("interaction", ["hug", "chase", "facing", "none"])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
@pytest.mark.parametrize("shot", ["wide", "medium", "close-up"])
def test_every_actor_gets_a_place(interaction: str, count: int, shot: str) -> None:
    """'The children hug her': three huggers once got two places and the panel could not be drawn."""
    names = ["June", "Maya", "Tess", "Omar"][:count]
    actors = tuple(Actor(name=n, kind="child", action="hugging" if interaction == "hug" else "standing")
                   for n in names)
    scene = Scene(setting="home", indoor=True, time="day", weather="clear", shot=shot, mood="neutral", action="standing", props=(),
                  interaction=interaction, actors=actors)
    places = stage(scene, [look_for(3, n, "child") for n in names], random.Random(3))
    assert len(places) == count
    assert len({round(p.x) for p in places}) == count  # no two stand on the same spot


def _covered(a: Figure, b: Figure) -> float:
    """How much of the smaller of two heads (circles) the other covers, 0 to 1."""
    (x1, y1), r1, (x2, y2), r2 = a.head, a.r, b.head, b.r
    d = math.dist((x1, y1), (x2, y2))
    if d >= r1 + r2:
        return 0.0
    if d <= abs(r1 - r2):
        return 1.0
    lens = (r1 * r1 * math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1))
            + r2 * r2 * math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2))
            - 0.5 * math.sqrt((-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)))
    return lens / (math.pi * min(r1, r2) ** 2)


def test_no_face_is_covered_by_another_over_a_few_hundred_generated_panels(monkeypatch: pytest.MonkeyPatch) -> None:
    """Storyboards of 75 prompts (both labelled sets), every panel drawn: no head covers more than 20 % of another.
    Two dinosaurs in a close-up once slid to the middle of the frame, one over the other's face."""
    figures: list[tuple[str, Figure]] = []
    real = cast_painter.draw

    def spy(c, k, light, water):  # type: ignore[no-untyped-def]
        member = real(c, k, light, water)
        figures.append((k.member.name, member.figure))
        return member
    monkeypatch.setattr(cast_painter, "draw", spy)
    faults, pairs = [], 0
    for prompt, panel in _drawn_panels(figures.clear):
        for (name_a, a), (name_b, b) in itertools.combinations(figures, 2):
            pairs += 1
            if _covered(a, b) > 0.2:
                faults.append(f"{prompt!r} panel {panel.index + 1}: {name_a} and {name_b}")
    assert pairs > 100 and faults == []


def _drawn_panels(before_each: Callable[[], Any]) -> Iterator[tuple[str, Panel]]:
    """Storyboards of 76 prompts (both labelled sets and one with a landmark), each panel drawn small: the prompt and the panel, after
    `before_each` cleared what the spies saw of the panel before."""
    data = Path(__file__).parent / "data"
    prompts = json.loads((data / "story_prompts.json").read_text("utf-8"))["prompts"][:25] + [
        p["prompt"] for p in json.loads((data / "story_events.json").read_text("utf-8"))["prompts"][::5]][:50]
    prompts.append("A tourist takes a photo of the Eiffel Tower in Paris, then a pigeon steals her hat.")  # a landmark
    renderer = ProceduralRenderer()
    for prompt in prompts:
        board = write_storyboard(prompt, 4, 7, [])
        for panel in board.panels:
            before_each()
            renderer.draw(PanelArtRequest(description=panel.description, style="classic", seed=7,
                                          panel_index=panel.index, panel_count=4, cast=tuple(board.cast),
                                          scene=panel.scene, size=160))
            yield prompt, panel


def _share_of_head_in(head: tuple[float, float], r: float, box: tuple[float, float, float, float]) -> float:
    """How much of a head (a circle) a box covers, 0 to 1, sampled on a grid."""
    inside = total = 0
    for i in range(-6, 7):
        for j in range(-6, 7):
            x, y = head[0] + r * i / 6, head[1] + r * j / 6
            if (x - head[0]) ** 2 + (y - head[1]) ** 2 > r * r:
                continue
            total += 1
            inside += box[0] <= x <= box[2] and box[1] <= y <= box[3]
    return inside / total if total else 0.0


def test_nothing_floats_and_no_prop_covers_a_face_over_a_few_hundred_generated_panels(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same 300 panels: a thing set on the ground stands on it (below the horizon), only what flies is in the
    sky, a landmark stands on the horizon, and no prop covers more than 20 % of a face."""
    from services import vocabulary
    from services.art import pictograms
    from services.art.procedural import plan_painter
    from services.art.procedural.backgrounds import view_for
    from services.story.scene_plan import SKY_THINGS

    flying = {e.code for n in SKY_THINGS if (e := vocabulary.entry(n) or vocabulary.lookup(n)) is not None}
    pasted: list[tuple[str, float, tuple[float, float, float, float], bool]] = []
    landmarks: list[float] = []
    figures: list[Figure] = []
    real_paste, real_landmarks, real_draw, real_pictogram = (plan_painter.paste_thing, plan_painter.draw_landmarks,
                                                            cast_painter.draw, pictograms.paste)

    def paste_spy(c, code, cx, bottom, size, state=None, shadow=True, **kw):  # type: ignore[no-untyped-def]
        box = real_paste(c, code, cx, bottom, size, state, shadow=shadow, **kw)
        pasted.append((code, bottom, box, shadow))
        return box

    def landmark_spy(c, plan, places, drawn):  # type: ignore[no-untyped-def]
        def on_the_horizon(target, code, cx, bottom, *a, **kw):  # type: ignore[no-untyped-def]
            landmarks.append(bottom / c.u - view_for(plan.scene.shot, 0).horizon)
            return real_pictogram(target, code, cx, bottom, *a, **kw)
        monkeypatch.setattr(pictograms, "paste", on_the_horizon)
        try:
            real_landmarks(c, plan, places, drawn)
        finally:
            monkeypatch.setattr(pictograms, "paste", real_pictogram)

    def draw_spy(c, k, light, water):  # type: ignore[no-untyped-def]
        member = real_draw(c, k, light, water)
        figures.append(member.figure)
        return member
    monkeypatch.setattr(plan_painter, "paste_thing", paste_spy)
    monkeypatch.setattr(plan_painter, "draw_landmarks", landmark_spy)
    monkeypatch.setattr(cast_painter, "draw", draw_spy)
    faults, props = [], 0
    for prompt, panel in _drawn_panels(lambda: (pasted.clear(), figures.clear())):
        horizon = view_for(panel.scene.shot if panel.scene else "medium", 0).horizon
        where = f"{prompt!r} panel {panel.index + 1}"
        for code, bottom, box, on_ground in pasted:
            props += 1
            if on_ground and bottom < horizon:
                faults.append(f"{where}: {code} stands above the horizon")
            if not on_ground and bottom < horizon and code not in flying:
                faults.append(f"{where}: {code} hangs in the sky")
            for figure in figures:
                if _share_of_head_in(figure.head, figure.r, box) > 0.2:
                    faults.append(f"{where}: {code} covers a face")
    assert props > 30 and landmarks and faults == [], faults[:10]
    assert all(offset >= 0 for offset in landmarks)  # on or below the horizon, never above it
