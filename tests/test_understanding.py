"""Brown reads a follow-up into changes, in English, French, German and Spanish, with the comic's own cast."""

from __future__ import annotations

import pytest

from services.revision.understanding import ComicContext, clauses, understand
from services.story.scene_plan import build_plan

COMICS = {"en": "A dog and a cat play in the park", "fr": "Un chien et un chat jouent dans le parc",
          "de": "Ein Hund und eine Katze spielen im Park", "es": "Un perro y un gato juegan en el parque"}


def comic(language: str) -> ComicContext:
    plan = build_plan(COMICS[language], 7, [])
    return ComicContext(reading=plan, cast=[c.as_cast() for c in plan.cast], panels=4, seed=7)


def kinds(language: str, instruction: str) -> list[tuple[str, dict]]:
    context = comic(language)
    names = {c.kind: c.name for c in context.reading.cast}
    found = understand(instruction, context)
    out = []
    for change in found.changes:
        data = change.model_dump(exclude_defaults=True, exclude={"kind", "events", "things"})
        for key, value in data.items():  # the comic's names are seeded: compare them by what they are
            if isinstance(value, str) and value in names.values():
                data[key] = next(kind for kind, name in names.items() if name == value)
        if change.kind == "look":
            data["fact"] = data["fact"].replace(names.get("dog", "?"), "DOG").replace(names.get("cat", "?"), "CAT")
        if change.kind in ("panel_events", "add_panels"):
            data["actions"] = [e.action for e in change.events]  # type: ignore[union-attr]
        out.append((change.kind, data))
    return out


CASES = [
    ("en", "make it night", [("time", {"time": "night"})]),
    ("fr", "fais qu'il fasse nuit", [("time", {"time": "night"})]),
    ("de", "mach es Nacht", [("time", {"time": "night"})]),
    ("es", "que sea de noche", [("time", {"time": "night"})]),
    ("en", "make it rain", [("weather", {"weather": "rain"})]),
    ("de", "im dritten Bild schneit es", [("weather", {"weather": "snow", "panels": [2]})]),
    ("fr", "dans la troisième case, il neige", [("weather", {"weather": "snow", "panels": [2]})]),
    ("en", "move it to the beach", [("place", {"setting": "beach", "phrase": "the beach", "in_place": "on the beach"})]),
    ("es", "en la playa", [("place", {"setting": "beach", "phrase": "la playa", "in_place": "en la playa"})]),
    ("en", "panel 2: the dog laughs", [("panel_events", {"panel": 1, "actions": ["laugh"]})]),
    ("fr", "case 2 : le chien rit", [("panel_events", {"panel": 1, "actions": ["laugh"]})]),
    ("de", "Bild 2: der Hund lacht", [("panel_events", {"panel": 1, "actions": ["laugh"]})]),
    ("es", "viñeta 2: el perro se ríe", [("panel_events", {"panel": 1, "actions": ["laugh"]})]),
    ("en", "in the last panel the cat sleeps", [("panel_events", {"panel": 3, "actions": ["sleep"]})]),
    ("en", "caption 3: What a day!", [("caption", {"panel": 2, "text": "What a day!"})]),
    ("fr", "légende 3 : « Quelle journée ! »", [("caption", {"panel": 2, "text": "Quelle journée !"})]),
    ("de", "Untertitel 3: Was für ein Tag; wirklich", [("caption", {"panel": 2, "text": "Was für ein Tag; wirklich"})]),
    ("en", "add a bird", [("add_character", {"character_kind": "bird", "noun": "bird"})]),
    ("de", "füge einen Vogel hinzu", [("add_character", {"character_kind": "bird", "noun": "Vogel"})]),
    ("es", "añade un pájaro", [("add_character", {"character_kind": "bird", "noun": "pájaro"})]),
    ("en", "remove the cat", [("remove_character", {"name": "cat"})]),
    ("fr", "enlève le chat", [("remove_character", {"name": "cat"})]),
    ("en", "add an umbrella", [("add_thing", {"what": "umbrella"})]),
    ("en", "remove the umbrella", [("remove_thing", {"what": "umbrella"})]),
    ("en", "redraw panel 1", [("redraw", {"panels": [0]})]),
    ("de", "zeichne Bild 1 neu", [("redraw", {"panels": [0]})]),
    ("es", "redibuja la viñeta 1", [("redraw", {"panels": [0]})]),
    ("en", "make the cat orange", [("look", {"name": "cat", "fact": "CAT is orange"})]),
    ("de", "die Katze ist orange", [("look", {"name": "cat", "fact": "CAT is orange"})]),
    ("es", "dale al perro un sombrero rojo", [("look", {"name": "dog", "fact": "DOG wears a red hat"})]),
    ("fr", "donne un chapeau rouge au chien", [("look", {"name": "dog", "fact": "DOG wears a red hat"})]),
    ("en", "take the hat off the dog", [("look", {"name": "dog", "fact": "DOG no longer wears a hat"})]),
    ("en", "call the dog Rex", [("rename", {"name": "dog", "new_name": "Rex"})]),
    ("fr", "le chien s'appelle Rex", [("rename", {"name": "dog", "new_name": "Rex"})]),
    ("de", "der Hund heißt Rex", [("rename", {"name": "dog", "new_name": "Rex"})]),
    ("es", "el perro se llama Rex", [("rename", {"name": "dog", "new_name": "Rex"})]),
    ("en", "make the dog a robot", [("kind", {"name": "dog", "new_kind": "robot", "noun": "robot"})]),
    ("en", "manga style", [("style", {"style": "manga"})]),
    ("fr", "en aquarelle", [("style", {"style": "watercolor"})]),
    ("en", "as a strip", [("layout", {"layout": "strip"})]),
    ("en", "and then the cat eats a sandwich", [("add_panels", {"actions": ["eat"]})]),
    ("en", "make it night; add a bird", [("time", {"time": "night"}),
                                         ("add_character", {"character_kind": "bird", "noun": "bird"})]),
]


@pytest.mark.parametrize(("language", "instruction", "expected"), CASES)
def test_a_follow_up_is_read_into_changes(language: str, instruction: str, expected: list) -> None:
    assert kinds(language, instruction) == expected


def test_going_home_adds_a_panel_at_the_new_place() -> None:
    found = understand("and then they go home", comic("en"))
    assert [c.kind for c in found.changes] == ["add_panels"]
    assert found.changes[0].place is not None and found.changes[0].place.setting == "home"  # type: ignore[union-attr]


@pytest.mark.parametrize("instruction", ["blah blah", "???", "hmm, not sure"])
def test_what_brown_cannot_read_gets_a_question(instruction: str) -> None:
    found = understand(instruction, comic("en"))
    assert not found.understood and found.question.startswith("I did not catch what to change")


def test_an_event_without_a_panel_asks_which_panel() -> None:
    found = understand("the dog laughs", comic("en"))
    assert not found.understood and found.question.startswith("Which panel should show that?")


def test_a_panel_the_comic_does_not_have_is_asked_about() -> None:
    found = understand("panel 9: the dog laughs", comic("en"))
    assert not found.understood and found.question == "There is no panel 9: this comic has 4. Which panel do you mean?"


def test_an_instruction_splits_into_its_requests() -> None:
    assert clauses("Make it night. Add a bird!\nredraw panel 2; as a strip") == [
        "Make it night", "Add a bird", "redraw panel 2", "as a strip"]
