"""Stock caption lines that name scenery the comic's place cannot have: mirrors services/story/line_places.py."""

from __future__ import annotations

import pytest

from services.story.line_places import fits_the_place
from services.story.scene_plan import build_plan
from services.story.storyboard_writer import write_storyboard


@pytest.mark.parametrize(("line", "prompt", "fits"), [
    ("{Actor}: Heads up! I'll dribble {object} past that bush!", "Kids play basketball in the school gym.", False),
    ("{Actor}: Heads up! I'll dribble {object} past that bush!", "A boy kicks a ball in the park.", True),
    ("High above the river, {recipient} dangles from a creaking branch.", "A firefighter rescues a cat in the town "
                                                                          "square.", False),
    ("High above the river, {recipient} dangles from a creaking branch.", "A boy rescues a cat by the river.", True),
    ("Only two shaking feet stick out from behind the sofa.", "A fox hides in the forest.", False),
    ("Only two shaking feet stick out from behind the sofa.", "A fox hides behind the sofa in the park.", True),
    ("{Actor} drops {object}, and it smashes on the stone floor.", "A girl drops a vase in the kitchen.", True),
    ("{Actor} lies back in the grass.", "Ein Mädchen liegt im Gras in der Küche.", True),  # the comic says it
    ("{actor} dribbelt an einem verdutzten Busch vorbei.", "Kinder spielen Basketball in der Schule.", False),
    ("{Actor} strolls past fields of swaying flowers.", "A grandmother walks into the pantry.", False),
    ("{Actor} strolls past fields of swaying flowers.", "A grandmother walks on the farm.", True),
    ("A sunbeam creeps across the pillow toward {Actor}'s nose.", "A teapot wakes up at midnight.", False),
    ("{Actor} s'installe dans l'herbe avec un cornet de pop-corn.", "Un escargot regarde la tour Eiffel à Paris.", False),
    ("{Actor} lies back in the grass.", "A dog sleeps on the street.", False),
    ("{Actor} lies back in the grass.", "A dog sleeps in the park.", True),
    ("A sunbeam creeps across the pillow toward {Actor}'s nose.", "A teapot wakes up in the morning.", True),
])
def test_a_line_fits_when_the_place_can_have_its_scenery(line: str, prompt: str, fits: bool) -> None:
    assert fits_the_place(line, build_plan(prompt, 3)) is fits


def test_a_comic_in_a_school_gym_says_no_bush_and_one_in_a_park_may() -> None:
    gym = write_storyboard("A plumber fixes a leaking pipe under the school gym floor while kids keep playing "
                           "basketball above him.", 4, 5, [])
    assert not any(word in p.subtitle.lower() for p in gym.panels for word in ("bush", "grass", "river"))
