"""What an action is done with when the prompt only implies it: the pianist's piano, the skateboard of 'skateboards'."""

from __future__ import annotations

import pytest

from services.story.scene_plan import build_plan
from services.story.storyboard_writer import write_storyboard


@pytest.mark.parametrize(("prompt", "ridden"), [
    ("A teenager skateboards along Venice Beach, loses a sneaker, and a pelican catches it in midair.", "skateboard"),
    ("A penguin skates on the frozen lake.", "ice skate"),
    ("A girl skis down the mountain.", "ski"),
    ("Une fille fait du vélo dans le parc.", "bicycle"),
    ("A boy rides his bike to school.", "bicycle"),
])
def test_a_verb_of_riding_names_what_is_ridden(prompt: str, ridden: str) -> None:
    """'skateboards along Venice Beach' rode the beach, and nobody skated."""
    plan = build_plan(prompt, 5)
    ride = next(e for e in plan.events if e.action == "ride")
    assert ride.object == ridden and ridden in [t.what for t in plan.things]


def test_gliding_on_a_skate_is_told_as_gliding_not_as_riding_a_horse() -> None:
    """'Yee-haw! I'm riding the ice skate like the wind!' and 'swings a leg over' a skate."""
    lines = " ".join(p.subtitle for p in write_storyboard("A penguin skates on the frozen lake.", 4, 5, []).panels)
    assert "glides along on the ice skate" in lines and "leg over" not in lines and "Yee-haw" not in lines


@pytest.mark.parametrize(("prompt", "action"), [
    ("Sein Hund verteidigt die Burg gegen die Katze.", "fight"),
    ("A girl pets the kitten.", "hug"),
    ("Grandpa carves a wooden duck.", "build"),
    ("The old bear rests under a tree.", "sleep"),
    ("Der Drache gähnt.", "wake"),
    ("The baby crawls to the puppy.", "walk"),
    ("Un hada decora el árbol.", "paint"),
])
def test_common_verbs_are_told_as_the_action_they_look_like(prompt: str, action: str) -> None:
    assert build_plan(prompt, 5).events[0].action == action


@pytest.mark.parametrize(("prompt", "thing"), [
    ("Grandpa carves a wooden duck.", "duck"),
    ("A boy plays with a toy dinosaur.", "dinosaur"),
    ("Un niño juega con un dinosaurio de juguete.", "dinosaur"),
    ("Une fille serre son lapin en peluche.", "rabbit"),
    ("Opa schnitzt ein Holzpferd.", "horse"),
])
def test_a_made_creature_is_a_small_thing_not_a_character(prompt: str, thing: str) -> None:
    """'carves a wooden duck' cast a live duck called Waddles beside grandpa."""
    plan = build_plan(prompt, 5)
    assert thing not in {c.kind for c in plan.cast}
    assert [(t.what, t.state) for t in plan.things] == [(thing, "small")]


@pytest.mark.parametrize(("prompt", "action", "setting"), [
    ("Eine Zahnärztin untersucht in ihrer Praxis ein Nilpferd und zieht ihm den Zahn.", "pull", "hospital"),
    ("A dentist pulls a tooth.", "pull", "hospital"),
    ("A girl takes her pony for a ride in the meadow.", "ride", "meadow"),
    ("A boy crosses the street.", "walk", "street"),
    ("Une vache traverse un marché.", "walk", "market"),
])
def test_a_final_sheet_s_places_and_verbs_are_read(prompt: str, action: str, setting: str) -> None:
    """The dentist's practice was a beach; 'takes it for a test flight' took something; crossing was nothing."""
    plan = build_plan(prompt, 5)
    assert action in [e.action for e in plan.events] and plan.setting == setting
