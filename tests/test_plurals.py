"""English plurals in the studio's own sentences: the grammar's irregular plurals and the dictionary, never a
blind -s ('the childs build the snowman')."""

from __future__ import annotations

import pytest

from services.language.plurals import english_plural
from services.story.scene_plan import build_plan
from services.story.verbs import describe_event


@pytest.mark.parametrize(("noun", "plural"), [
    ("child", "children"), ("mouse", "mice"), ("goose", "geese"), ("wolf", "wolves"), ("sheep", "sheep"),
    ("tooth", "teeth"), ("snowman", "snowmen"), ("knife", "knives"), ("thief", "thieves"), ("roof", "roofs"),
    ("chief", "chiefs"), ("baby", "babies"), ("toy", "toys"), ("fox", "foxes"), ("bench", "benches"),
    ("potato", "potatoes"), ("piano", "pianos"), ("robot", "robots"), ("cat", "cats"), ("teddy bear", "teddy bears"),
    ("Dragon", "Dragons"), ("zorg", "zorgs"),  # a word no dictionary knows takes the regular ending
])
def test_a_noun_has_its_english_plural(noun: str, plural: str) -> None:
    assert english_plural(noun) == plural


def test_what_is_not_a_word_is_left_as_it_is() -> None:
    assert english_plural("") == "" and english_plural("R2-D2") == "R2-D2"


@pytest.mark.parametrize(("prompt", "said"), [
    ("The children build a snowman.", "the children build the snowman"),
    ("Three mice steal the cheese.", "the mice steal the cheese"),
    ("The geese chase the fox.", "the geese chase the fox"),
    ("Two wolves chase the sheep.", "the wolves chase the sheep"),
    ("Two sheep eat the grass.", "the sheep eat"),
    ("Three robots dance.", "the robots dance"),
    ("Two foxes eat the berries.", "the foxes eat the berries"),
])
def test_an_event_with_several_of_a_kind_names_them_in_the_plural(prompt: str, said: str) -> None:
    reading = build_plan(prompt, 1)
    described = [describe_event(event, reading) for event in reading.events]
    assert described and described[0].startswith(said), described
