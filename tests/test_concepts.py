"""prompt_concepts: every creature, object, place, role and weather a prompt names, as plain English nouns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.story.concepts import concept_scene, prompt_concepts

LABELS = Path(__file__).parent / "data" / "concept_prompts.json"


def _labelled(split: str) -> list[dict]:
    return [p for p in json.loads(LABELS.read_text(encoding="utf-8"))["prompts"] if p["split"] == split]


def test_the_labelled_set_is_large_enough_and_multilingual() -> None:
    prompts = json.loads(LABELS.read_text(encoding="utf-8"))["prompts"]
    assert len(prompts) >= 80
    assert sum(p["lang"] != "en" for p in prompts) >= 10
    assert len(_labelled("held_out")) * 3 >= len(prompts)


def test_held_out_prompts_find_at_least_90_percent_of_their_concepts() -> None:
    found = total = 0
    for item in _labelled("held_out"):
        got = {c.what for c in prompt_concepts(item["prompt"])}
        found += sum(c in got for c in item["concepts"])
        total += len(item["concepts"])
    assert found / total >= 0.9, f"{found}/{total}"


def test_plain_nouns_in_prompt_order_each_once() -> None:
    whale = prompt_concepts("An old lighthouse keeper befriends a lost whale during a storm")
    assert [(c.what, c.role) for c in whale] == [("lighthouse keeper", "cast"), ("whale", "cast"),
                                                 ("storm", "weather")]
    assert whale[1].code == "1F40B"
    paris = prompt_concepts("Un chien perdu retrouve sa famille à Paris")
    assert [c.what for c in paris] == ["dog", "paris"] and paris[1].landmark == "eiffel tower"
    assert [c.what for c in prompt_concepts("A detective frog investigates the pond's moon reflection")] == \
        ["frog", "pond", "moon"]
    assert [c.what for c in prompt_concepts("A cat, another cat and a third cat")] == ["cat"]
    assert prompt_concepts("Zombies")[0].what == "zombie"
    assert prompt_concepts("It was a long day in the story of time") == []


def test_concept_scene_places_every_concept() -> None:
    scene, cast = concept_scene(prompt_concepts("A snowman and a firefly share a cookie in the park"))
    assert [m.name for m in cast] == ["snowman", "firefly"]
    assert scene.setting == "park"
    assert [p.what for p in scene.props] == ["cookie"]


def test_two_creature_nouns_side_by_side_are_one_creature_the_last() -> None:
    """'a robot dog', 'a dinosaur skeleton': one character, the noun the phrase ends on; two said apart stay two."""
    assert [c.what for c in prompt_concepts("A robot dog chases a ball")] == ["dog", "ball"]
    assert [c.what for c in prompt_concepts("A dinosaur skeleton wakes up")] == ["skeleton"]
    assert [c.what for c in prompt_concepts("A robot and a dog chase a ball")] == ["robot", "dog", "ball"]


def test_two_place_nouns_side_by_side_are_the_last_place() -> None:
    assert [c.what for c in prompt_concepts("A fox sneaks into the farm kitchen and steals a pie")] == ["fox", "kitchen", "pie"]


def test_a_noun_before_story_or_song_says_its_kind_and_is_no_thing() -> None:
    assert [c.what for c in prompt_concepts("A teacher reads a ghost story to her class")] == ["teacher"]
    assert "dragon" not in [c.what for c in prompt_concepts("A boy reads a dragon book in bed")]
    assert "ghost" in [c.what for c in prompt_concepts("A ghost sings a song in the castle")]


def test_a_tower_of_plates_is_plates_and_the_tower_of_a_castle_a_tower() -> None:
    assert [c.what for c in prompt_concepts("A waiter carries a tower of plates across a café")] == \
        ["waiter", "plate", "cafe"]
    assert "mountain" not in [c.what for c in prompt_concepts("A bear eats a huge mountain of pancakes")]
    assert "tower" in [c.what for c in prompt_concepts("A knight climbs the tower of the castle")]


@pytest.mark.parametrize(("prompt", "flamingo"), [
    ("Una niña enseña a bailar flamenco a su abuelo en una plaza de Sevilla.", False),
    ("Un pulpo toca la guitarra y todos bailan flamenco.", False),
    ("Un flamenco baila en el lago.", True),
    ("A flamingo dances with a frog.", True),
])
def test_a_dance_named_after_a_creature_is_no_creature(prompt: str, flamingo: bool) -> None:
    """Spanish 'flamenco' is the dance and the bird: a flamingo danced in a Sevilla square."""
    assert ("flamingo" in {c.what for c in prompt_concepts(prompt)}) is flamingo
