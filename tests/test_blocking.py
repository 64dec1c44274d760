"""Blocking: an event done to someone moves the pair into a believable distance, facing each other (or not)."""

from __future__ import annotations

import pytest

from services.art.procedural import blocking
from services.art.procedural.event_plan import resolve
from services.art.procedural.staging import Placement
from services.schemas import PanelScene, SceneActor, SceneEvent

UNIT = 5.0
HALF = 22 * UNIT


def _block(event: SceneEvent, poses: list[str], n: int = 2) -> tuple[list[Placement], dict[int, list[int]]]:
    names = ["Ada", "Tom", "Mia"][:n]
    scene = PanelScene(setting="park", actors=[SceneActor(name=x, action=p) for x, p in zip(names, poses)],
                       events=[event])
    places = [Placement(300 + 200 * i, 900, UNIT, 1) for i in range(n)]
    out, carried, spacing = blocking.block(places, resolve(scene, names), poses, [HALF] * n, [UNIT] * n)
    fitted, _ = blocking.fit(out, [HALF] * n, spacing)
    return fitted, carried


@pytest.mark.parametrize("action, poses, lo, hi", [
    ("hug", ["hugging", "hugging"], 0, 45), ("kiss", ["kissing", "standing"], 0, 45),
    ("give", ["giving", "reaching"], 70, 110), ("talk", ["talking", "standing"], 100, 150),
    ("throw", ["throwing", "catching"], 190, 230)])
def test_the_gap_fits_the_action(action: str, poses: list[str], lo: float, hi: float) -> None:
    out, _ = _block(SceneEvent(action=action, actor="Ada", recipient="Tom"), poses)
    gap = abs(out[0].x - out[1].x) / out[0].scale  # in body units, whatever the camera's pull-back
    assert lo <= gap <= hi, (action, gap)
    assert out[0].facing == (1 if out[1].x > out[0].x else -1) and out[1].facing == -out[0].facing
    assert all(HALF * p.scale / UNIT <= p.x <= 1000 - HALF * p.scale / UNIT for p in out), "both in the frame"


def test_a_chase_faces_one_way_with_the_chased_ahead() -> None:
    out, _ = _block(SceneEvent(action="chase", actor="Ada", object="Tom", object_at="ahead"), ["running", "running"])
    assert out[0].facing == out[1].facing and (out[1].x - out[0].x) * out[0].facing > 0


def test_someone_carried_goes_over_the_carriers() -> None:
    scene = PanelScene(setting="park", actors=[SceneActor(name="Ada", action="carrying"),
                                               SceneActor(name="Tom", action="carried")],
                       events=[SceneEvent(action="carry", actor="Ada", object="Tom", object_at="overhead")])
    places = [Placement(300, 900, UNIT, 1), Placement(700, 900, UNIT, -1)]
    out, carried, _ = blocking.block(places, resolve(scene, ["Ada", "Tom"]), ["carrying", "carried"], [HALF] * 2,
                                     [UNIT] * 2)
    assert carried == {1: [0]} and out[1].x == out[0].x


def test_an_event_without_a_recipient_moves_nobody() -> None:
    before = [Placement(300, 900, UNIT, 1), Placement(500, 900, UNIT, -1)]
    scene = PanelScene(setting="park", actors=[SceneActor(name="Ada"), SceneActor(name="Tom")],
                       events=[SceneEvent(action="sing", actor="Ada")])
    out, _, spacing = blocking.block(before, resolve(scene, ["Ada", "Tom"]), ["singing", "standing"], [HALF] * 2,
                                     [UNIT] * 2)
    assert out == before and not spacing


def test_a_throw_between_two_big_creatures_pulls_the_camera_back() -> None:
    places = [Placement(300, 900, UNIT, 1), Placement(700, 900, UNIT, -1)]
    halves = [200.0, 220.0]
    fitted, zoom = blocking.fit(places, halves, {frozenset((0, 1)): 420 + 170 * UNIT})
    assert zoom < 1 and all(p.scale < UNIT for p in fitted)
    assert fitted[1].x - fitted[0].x >= (420 + 170 * UNIT) * zoom - 1e-6
    assert fitted[0].x - halves[0] * zoom >= 0 and fitted[1].x + halves[1] * zoom <= 1000


def test_neighbours_never_stand_inside_each_other() -> None:
    fitted, zoom = blocking.fit([Placement(450, 900, UNIT, 1), Placement(520, 900, UNIT, -1)], [150.0, 150.0], {})
    assert fitted[1].x - fitted[0].x >= 270 * zoom
