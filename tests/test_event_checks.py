"""Brown's check of the events: shown in a panel's drawn record and told by its caption, in the story's order."""

from __future__ import annotations

from services.review.event_checks import check_events
from services.schemas import DrawnItem, Panel
from services.story.scene_plan import build_plan

PROMPT = "A chef drops a pizza and a dog catches it"


def panels(captions: list[str], actions: list[list[tuple[str, str, str]]]) -> list[Panel]:
    return [Panel(index=i, description="d", subtitle=caption,
                  drawn=[DrawnItem(what=what, role="action", source="procedural", by=by, object=obj)
                         for what, by, obj in acted])
            for i, (caption, acted) in enumerate(zip(captions, actions))]


def names() -> tuple:
    plan = build_plan(PROMPT, 1)
    chef, dog = (m.name for m in plan.cast)
    return plan, chef, dog


def test_events_shown_and_told_in_order_pass() -> None:
    plan, chef, dog = names()
    attempt = panels([f"{chef} drops the pizza.", f"{dog} catches the pizza."],
                     [[("drop", "chef", "pizza")], [("catch", "dog", "pizza")]])
    report = check_events(plan, attempt, [m.as_cast() for m in plan.cast])
    assert report.notes == [] and report.found == ["the chef drops the pizza", "the dog catches the pizza"]
    assert report.shown_in == [0, 1]


def test_an_event_told_but_not_drawn_is_sent_back_naming_it() -> None:
    plan, chef, dog = names()
    attempt = panels([f"{chef} drops the pizza.", f"{dog} catches the pizza."],
                     [[("drop", "chef", "pizza")], [("look", "dog", "")]])
    report = check_events(plan, attempt, [m.as_cast() for m in plan.cast])
    [note] = report.notes
    assert note.events == [1] and "the dog catches the pizza: not drawn" in note.reason
    assert report.missing == ["the dog catches the pizza"]


def test_a_caption_that_does_not_say_it_happens_fails() -> None:
    plan, chef, dog = names()
    attempt = panels([f"{chef} drops the pizza.", f"{dog}: What a day!"],
                     [[("drop", "chef", "pizza")], [("catch", "dog", "pizza")]])
    [note] = check_events(plan, attempt, [m.as_cast() for m in plan.cast]).notes
    assert note.index == 1 and "not told in a caption" in note.reason


def test_events_out_of_order_are_noted() -> None:
    plan, chef, dog = names()
    attempt = panels([f"{dog} catches the pizza.", f"{chef} drops the pizza."],
                     [[("catch", "dog", "pizza")], [("drop", "chef", "pizza")]])
    report = check_events(plan, attempt, [m.as_cast() for m in plan.cast])
    assert report.found == ["the chef drops the pizza"]
    assert report.missing == ["the dog catches the pizza (out of order)"]


def test_without_action_records_only_the_captions_are_checked() -> None:
    plan, chef, dog = names()
    attempt = [Panel(index=0, description="d", subtitle=f"{chef} drops the pizza."),
               Panel(index=1, description="d", subtitle=f"{dog} catches the pizza.")]
    report = check_events(plan, attempt, [m.as_cast() for m in plan.cast])
    assert report.drawn_checked is False and report.notes == []


def test_at_the_comic_bound_an_event_of_a_thing_drawn_nowhere_is_missing_but_not_asked_for() -> None:
    """Showing the dog's catch in a comic that draws all it may would replace a thing drawn (and its events)."""
    plan, chef, dog = names()
    attempt = [Panel(index=0, description="d", subtitle=f"{chef} drops the pizza.",
                     drawn=[DrawnItem(what="chef", role="cast", source="procedural"),
                            DrawnItem(what="pizza", role="prop", source="procedural"),
                            DrawnItem(what="drop", role="action", source="procedural", by="chef", object="pizza")])]
    cast = [m.as_cast() for m in plan.cast]
    bounded = check_events(plan, attempt, cast, at_bound=True)
    assert bounded.missing == ["the dog catches the pizza"] and bounded.notes == []
    assert [n.events for n in check_events(plan, attempt, cast).notes] == [[1]]  # within the bound it is asked
