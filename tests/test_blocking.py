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
    return blocking.block(places, resolve(scene, names), poses, [HALF] * n, [UNIT] * n)


@pytest.mark.parametrize("action, poses, lo, hi", [
    ("hug", ["hugging", "hugging"], 0, 45), ("kiss", ["kissing", "standing"], 0, 45),
    ("give", ["giving", "reaching"], 70, 110), ("talk", ["talking", "standing"], 100, 150),
    ("throw", ["throwing", "catching"], 150, 200)])
def test_the_gap_fits_the_action(action: str, poses: list[str], lo: float, hi: float) -> None:
    out, _ = _block(SceneEvent(action=action, actor="Ada", recipient="Tom"), poses)
    gap = abs(out[0].x - out[1].x) / UNIT
    assert lo <= gap <= hi, (action, gap)
    assert out[0].facing == (1 if out[1].x > out[0].x else -1) and out[1].facing == -out[0].facing
    assert all(HALF <= p.x <= 1000 - HALF for p in out), "both in the frame"


def test_a_chase_faces_one_way_with_the_chased_ahead() -> None:
    out, _ = _block(SceneEvent(action="chase", actor="Ada", object="Tom", object_at="ahead"), ["running", "running"])
    assert out[0].facing == out[1].facing and (out[1].x - out[0].x) * out[0].facing > 0


def test_someone_carried_goes_over_the_carriers() -> None:
    out, carried = _block(SceneEvent(action="carry", actor="Ada", object="Tom", object_at="overhead"),
                          ["carrying", "carried"])
    assert carried == {1: [0]} and out[1].x == out[0].x


def test_an_event_without_a_recipient_moves_nobody() -> None:
    before = [Placement(300, 900, UNIT, 1), Placement(500, 900, UNIT, -1)]
    scene = PanelScene(setting="park", actors=[SceneActor(name="Ada"), SceneActor(name="Tom")],
                       events=[SceneEvent(action="sing", actor="Ada")])
    out, _ = blocking.block(before, resolve(scene, ["Ada", "Tom"]), ["singing", "standing"], [HALF] * 2, [UNIT] * 2)
    assert out == before
