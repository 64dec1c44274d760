"""A prompt that asks for a comic is read from where its story starts; one that tells a story about a story is not."""

from __future__ import annotations

import pytest

from services.story.request_frame import story_part
from services.story.scene_plan import build_plan


@pytest.mark.parametrize(("prompt", "story"), [
    ("My son wants a comic where a dragon bakes a cake", "a dragon bakes a cake"),
    ("Make a short funny comic about a cat who steals a fish", "a cat who steals a fish"),
    ("Please draw me a story in which a robot walks a dog", "a robot walks a dog"),
    ("Can you make a comic strip where two penguins open a café?", "two penguins open a café?"),
    ("Fais une BD où un chat vole un poisson", "un chat vole un poisson"),
    ("Je voudrais une histoire sur un pirate qui perd son chapeau", "un pirate qui perd son chapeau"),
    ("Ich möchte einen Comic, in dem ein Hund tanzt", "ein Hund tanzt"),
    ("Mein Sohn will eine Geschichte über einen Drachen, der Kuchen backt", "einen Drachen, der Kuchen backt"),
    ("Quiero un cómic donde un gato baila", "un gato baila"),
    ("Mi hija quiere una historieta sobre una bruja que pierde su escoba", "una bruja que pierde su escoba"),
])
def test_the_story_starts_after_the_request(prompt: str, story: str) -> None:
    assert story_part(prompt) == story


@pytest.mark.parametrize("prompt", [
    "A girl reads a story about dragons",  # the story is hers: a book she reads
    "Grandpa tells a story about the sea and the children fall asleep",
    "The comic shop owner finds a cat where the books are",
    "Tell me a story",  # nothing after the frame: the whole prompt is what there is
    "Un garçon lit une BD sur les dinosaures",
])
def test_a_story_about_a_story_keeps_its_words(prompt: str) -> None:
    assert story_part(prompt) == prompt


def test_the_one_asking_and_the_comic_asked_for_are_not_in_it() -> None:
    plan = build_plan("My son wants a comic where a dragon bakes a cake", 7)
    assert [c.kind for c in plan.cast] == ["dragon"] and [t.what for t in plan.things] == ["cake"]
    assert [(e.action, e.object) for e in plan.events] == [("cook", "cake")]
