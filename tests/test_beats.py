"""The beats of a comic from its events: a setup, every event in order, the result, unfolded or merged to fit."""

from __future__ import annotations

import pytest

from services.story.beats import plan_beats


def steps(events: int, panels: int) -> list[tuple[str, list[tuple[int, str]]]]:
    return [(b.kind, [(p.event, p.step) for p in b.parts]) for b in plan_beats(events, panels)]


def test_four_panels_two_events_set_up_tell_both_and_end_on_the_result() -> None:
    assert steps(2, 4) == [("setup", [(0, "before")]), ("event", [(0, "during")]), ("event", [(1, "during")]),
                           ("ending", [(1, "after")])]


@pytest.mark.parametrize("events", [1, 2, 3])
@pytest.mark.parametrize("panels", range(1, 9))
def test_every_event_happens_once_in_order_in_any_panel_count(events: int, panels: int) -> None:
    beats = plan_beats(events, panels)
    assert len(beats) == panels
    firsts = [next(i for i, b in enumerate(beats) if any(p.event == e and p.step == "during" for p in b.parts))
              for e in range(events)]
    assert firsts == sorted(firsts)
    assert all(sum(e in b.first_of for b in beats) == 1 for e in range(events))


def test_fewer_panels_than_events_put_consecutive_events_together() -> None:
    assert steps(3, 2) == [("event", [(0, "during")]), ("event", [(1, "during"), (2, "during")])]
    assert steps(2, 1) == [("event", [(0, "during"), (1, "during")])]


def test_more_panels_unfold_the_build_up_and_the_aftermath_not_filler() -> None:
    assert steps(2, 6) == [("setup", [(0, "before")]), ("event", [(0, "during")]), ("event", [(0, "after")]),
                           ("event", [(1, "before")]), ("event", [(1, "during")]), ("ending", [(1, "after")])]
