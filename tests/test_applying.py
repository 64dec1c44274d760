"""Bayko applies a follow-up's changes to a version: what changes, and which panels must be drawn anew."""

from __future__ import annotations

from services.follow_up import (
    AddPanels,
    ChangeLook,
    RemoveCharacter,
    Rename,
    SetCaption,
    SetStyle,
    SetTime,
)
from services.reading import StoryEvent
from services.revision.applying import ComicDraft, apply_changes, redraw_said
from services.story.character_sheet import decide_looks
from services.story.scene_plan import build_plan
from services.story.storyboard_writer import write_storyboard

PROMPT = "A dog and a cat play in the park"


def draft(panels: int = 4) -> ComicDraft:
    plan = build_plan(PROMPT, 7, [])
    board = write_storyboard(PROMPT, panels, 7, [], plan)
    return ComicDraft(prompt=PROMPT, seed=7, reading=plan, cast=decide_looks(board.cast, PROMPT, [], 7),
                      panels=board.panels, style="classic", layout="grid_2x2")


def names(comic: ComicDraft) -> dict[str, str]:
    return {m.kind: m.name for m in comic.cast}


def test_a_time_for_one_panel_changes_only_that_panel() -> None:
    before = draft()
    applied = apply_changes(before, [SetTime(time="night", panels=[2])])
    assert applied.redraw == [2]
    assert [p.scene.time for p in applied.draft.panels if p.scene] == ["day", "day", "night", "day"]
    assert applied.draft.reading.time == "day" and before.panels[2].scene.time == "day"  # type: ignore[union-attr]
    assert applied.draft.panels[2].description != before.panels[2].description  # said in words too


def test_a_caption_and_a_name_change_the_record_not_the_pictures() -> None:
    before = draft()
    dog = names(before)["dog"]
    applied = apply_changes(before, [SetCaption(panel=0, text="Mine."), Rename(name=dog, new_name="Rex")])
    assert applied.redraw == [] and applied.said == ["Panel 1 has your caption", f"{dog} is called Rex now"]
    assert applied.draft.panels[0].subtitle == "Mine."
    assert all(dog not in p.subtitle for p in applied.draft.panels)
    assert any("Rex" in p.subtitle for p in applied.draft.panels[1:])
    assert all(a.name != dog for p in applied.draft.panels if p.scene for a in p.scene.actors)
    assert "Rex" in [m.name for m in applied.draft.cast] and applied.draft.reading.member("Rex") is not None


def test_a_colour_redraws_the_panels_the_character_is_in() -> None:
    before = draft()
    cat = names(before)["cat"]
    applied = apply_changes(before, [ChangeLook(name=cat, fact=f"{cat} is orange")])
    look = next(m.look for m in applied.draft.cast if m.name == cat)
    assert look is not None and look.colours[0] != next(m.look for m in before.cast if m.name == cat).colours[0]  # type: ignore[union-attr]
    assert applied.redraw == [p.index for p in before.panels if p.scene and any(a.name == cat for a in p.scene.actors)]
    assert applied.draft.facts == [f"{cat} is orange"]


def test_a_removed_character_leaves_every_scene_and_caption() -> None:
    before = draft()
    dog = names(before)["dog"]
    applied = apply_changes(before, [RemoveCharacter(name=dog)])
    assert all(dog not in p.subtitle and p.subtitle for p in applied.draft.panels)
    assert all(a.name != dog for p in applied.draft.panels if p.scene for a in p.scene.actors)
    assert dog not in [m.name for m in applied.draft.cast] and applied.redraw


def test_new_panels_tell_the_new_event_and_stop_at_eight() -> None:
    before = draft()
    cat = names(before)["cat"]
    eats = StoryEvent(action="eat", actors=[cat], object=None, words="eats")
    applied = apply_changes(before, [AddPanels(events=[eats])])
    assert len(applied.draft.panels) == 5 and applied.redraw == [4]
    last = applied.draft.panels[4]
    assert last.scene is not None and any(e.action == "eat" and e.actor == cat for e in last.scene.events)
    assert cat in last.subtitle and last.description
    full = apply_changes(draft(8), [AddPanels(events=[eats])])
    assert len(full.draft.panels) == 8 and full.redraw == [] and "at most 8 panels" in full.said[0]


def test_a_style_redraws_everything() -> None:
    applied = apply_changes(draft(), [SetStyle(style="noir")])
    assert applied.redraw == [0, 1, 2, 3] and applied.draft.style == "noir"
    assert redraw_said(applied.redraw, 4) == "I asked Bayko to redraw all four panels"
    assert redraw_said([1], 4) == "I asked Bayko to redraw panel 2"
    assert redraw_said([0, 2], 4) == "I asked Bayko to redraw panels 1 and 3"
