"""Where each panel happens (services/story/beat_scenes.py): an event the prompt places somewhere else than where
the story opens is drawn there, from its first panel on ('falls asleep on the subway')."""

from __future__ import annotations

import pytest

from services.story.storyboard_writer import write_storyboard


def settings(prompt: str, panels: int = 4) -> list[str]:
    return [p.scene.setting for p in write_storyboard(prompt, panels, 3, []).panels if p.scene is not None]


@pytest.mark.parametrize(("prompt", "first", "later"), [
    ("A nurse finishes her night shift at the hospital and falls asleep on the subway.", "hospital", "subway"),
    ("A girl drops her sandwich in the park and a duck grabs it and swims away across the pond.", "park", "pond"),
    ("A mermaid rides a bicycle through Paris and buys a croissant at a bakery.", "paris", "bakery"),
    ("Une infirmière lit un livre à l'hôpital, puis s'endort dans le métro.", "hospital", "subway"),
])
def test_an_event_said_somewhere_else_is_drawn_there(prompt: str, first: str, later: str) -> None:
    drawn = settings(prompt)
    assert drawn[0] == first and later in drawn[1:], drawn


@pytest.mark.parametrize("prompt", [
    "A cherry tree blooms in a city park in spring",  # the park of the city, not the city
    "A knight fights a dragon in a cave.",
    "A cat steals a fish at the market, then runs off across the rooftops.",
])
def test_an_event_where_the_story_is_stays_there(prompt: str) -> None:
    drawn = settings(prompt)
    assert drawn[0] == drawn[1], drawn


def test_who_and_what_stay_behind_are_not_drawn_where_the_story_moves_on() -> None:
    """The squirrel carries its acorns home: the lumberjack and his felled tree stay in the forest."""
    board = write_storyboard("A lumberjack chops down a tall pine tree in the forest, and then a squirrel carries "
                             "its acorns to a new home.", 4, 3, [])
    last = board.panels[-1].scene
    assert last is not None and last.setting != "forest"
    assert {a.name for a in last.actors} == {"Scamper"} or all("lumberjack" not in a.name for a in last.actors)
    assert "pine tree" not in {p.what for p in last.props}


def test_a_story_opens_where_its_first_event_is_said_to_happen() -> None:
    drawn = settings("A bear wakes up from hibernation, skis down the mountain and orders pancakes in the village café.")
    assert drawn[0] == "mountain", drawn


def test_a_place_the_story_goes_to_is_as_the_prompt_says_it_is() -> None:
    board = write_storyboard("A bear wakes up in a cave, walks to the frozen lake and tries to catch a fish.", 4, 5, [])
    drawn = [(p.scene.setting, p.scene.place_state) for p in board.panels if p.scene is not None]
    assert drawn[0] == ("cave", None) and ("lake", "frozen") in drawn[1:], drawn
