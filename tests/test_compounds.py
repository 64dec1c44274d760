"""Things named together: a holder and what it holds are one thing to draw, full of the other."""

from __future__ import annotations

import pytest

from services.story.scene_plan import build_plan
from services.story.story_phrases import thing_phrase


@pytest.mark.parametrize(("prompt", "holder", "inside", "phrase"), [
    ("A pirate finds a chest full of socks on the beach.", "chest", "socks", "the chest full of socks"),
    ("A pirate finds a chest full of old socks.", "chest", "socks", "the chest full of old socks"),
    ("The grandmother gives the boy a jar of honey.", "jar", "honey", "the jar of honey"),
    ("A boy carries a basket of apples to school.", "basket", "apple", "the basket of apples"),
    ("Oma gibt dem Jungen eine Tasse Kakao.", "cup", "hot chocolate", "die Tasse Kakao"),
    ("Der Junge trägt einen Korb mit Äpfeln.", "basket", "apple", "der Korb mit Äpfeln"),
    ("Un pirate trouve un coffre plein de vieilles chaussettes.", "chest", "socks",
     "le coffre plein de vieilles chaussettes"),
    ("La niña lleva una cesta de manzanas.", "basket", "apple", "la cesta de manzanas"),
])
def test_a_holder_is_drawn_full_of_what_it_holds(prompt: str, holder: str, inside: str, phrase: str) -> None:
    plan = build_plan(prompt, 7)
    held = next(t for t in plan.things if t.what == holder)
    assert held.contains == inside and held.phrase == phrase
    assert held.drawn_state == f"full of {inside}"
    assert inside not in {t.what for t in plan.things}, "one thing, not two side by side"


@pytest.mark.parametrize("prompt", ["Die Kinder trinken eine Flasche Limonade im Park.",
                                    "Der Bär isst ein Glas Honig.", "A bear eats a jar of honey."])
def test_what_goes_to_the_mouth_is_what_the_holder_holds(prompt: str) -> None:
    plan = build_plan(prompt, 7)
    assert plan.events[0].object in {"soda", "honey"}


def test_a_holder_not_followed_by_its_contents_holds_nothing() -> None:
    plan = build_plan("The box of the old man falls on the cat.", 7)
    assert [(t.what, t.contains) for t in plan.things] == [("box", None)]


def test_the_german_gender_of_a_held_phrase_is_the_holders() -> None:
    plan = build_plan("Der Bär isst ein Glas Honig und gibt dem Fuchs ein Glas Honig.", 7)
    given = next(e for e in plan.events if e.action == "give")
    said = thing_phrase(plan, given.object or "")
    assert (said.nom, said.dat) == ("das Glas Honig", "dem Glas Honig")
