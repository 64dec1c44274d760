"""Whom or what a pronoun stands for (services/story/pronouns.py): the thing played with, the thing the wind takes."""

from __future__ import annotations

import pytest

from services.story.scene_plan import build_plan


def read(prompt: str) -> list[tuple]:
    plan = build_plan(prompt, 3)
    def noun(name: str | None) -> str | None:
        member = plan.member(name) if name else None
        return (member.role or member.kind) if member else name
    return [(e.action, noun(e.actors[0]), noun(e.object)) for e in plan.events]


@pytest.mark.parametrize(("prompt", "events"), [
    ("three kittens found a ball of yarn in the attic and played with it all afternoon",
     [("find", "cat", "yarn"), ("play", "cat", "yarn")]),
    ("the dog found a stick and played with it", [("find", "dog", "log"), ("play", "dog", "log")]),
    ("Le chat trouve une pelote de laine et joue avec elle", [("find", "cat", "yarn"), ("play", "cat", "yarn")]),
    ("Der Hund findet einen Stock und spielt damit", [("find", "dog", "log"), ("play", "dog", "log")]),
    ("El perro encuentra una pelota y juega con ella", [("find", "dog", "ball"), ("play_ball", "dog", "ball")]),
])
def test_what_one_plays_with_is_the_thing_the_pronoun_names(prompt: str, events: list[tuple]) -> None:
    """'plays with it' is done to the thing ('runs away with it' is not): the 'with' is the verb's own."""
    assert read(prompt) == events


@pytest.mark.parametrize(("prompt", "taken"), [
    ("Un payaso triste encuentra un globo rojo y empieza a reír, hasta que el viento se lo lleva", "balloon"),
    ("Un clown trouve un ballon rouge et rit, jusqu'à ce que le vent l'emporte", "balloon"),
    ("A sad clown finds a red balloon and laughs until the wind blows it away", "balloon"),
    ("El pescador encuentra a un gato y lo lleva a casa", "cat"),
])
def test_what_the_wind_takes_is_the_thing_handled_not_who_laughed(prompt: str, taken: str) -> None:
    """A thing that acts ('el viento') takes the thing last handled that the pronoun fits; a person carries
    whom they found."""
    assert read(prompt)[-1][2] == taken


@pytest.mark.parametrize(("prompt", "events"), [
    ("The baker makes a pie and the goat eats all of it", [("cook", "baker", "pie"), ("eat", "goat", "pie")]),
    ("Die Kinder backen Kekse und der Hund frisst sie", [("cook", "child", "cookie"), ("eat", "dog", "cookie")]),
    ("The twins find apples and the horse eats them", [("find", "twin", "apple"), ("eat", "horse", "apple")]),
])
def test_what_is_eaten_is_the_thing_made_not_who_made_it(prompt: str, events: list[tuple]) -> None:
    """'all of it' stands for 'it'; 'them' after a group made several things is the things, not the group."""
    assert read(prompt) == events


@pytest.mark.parametrize(("prompt", "who"), [
    ("The lion was scared of the little bird, so it ran away", "lion"),
    ("The fox chases the rabbit, and it hides in a hole", "rabbit"),
])
def test_it_after_a_fright_is_the_one_frightened(prompt: str, who: str) -> None:
    assert read(prompt)[-1][1] == who


def test_english_he_after_an_animal_and_a_person_is_the_person() -> None:
    """English calls an animal 'it': 'a goose chases the baker, then he throws it bread' is the baker."""
    assert read("A goat chases the farmer, then he throws it an apple")[-1] == ("throw", "farmer", "apple")


def test_a_german_pronoun_before_the_subject_said_after_the_verb_is_its_object() -> None:
    """'dann jagt ihn der Metzger': him, the fox (die Wurst is no 'ihn'), chased by the butcher."""
    assert read("Ein Hund klaut eine Brezel, und dann jagt ihn der Bäcker")[-1] == ("chase", "baker", "dog")
