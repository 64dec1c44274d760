"""Accepted memories change the comic where they apply, and only there."""

from __future__ import annotations

import asyncio
import colorsys
import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from agents.studio import Studio, open_studio
from services.art.procedural.renderer import ProceduralRenderer
from services.memory.world_facts import WorldFact, applicable, parse, parse_place, place_facts
from services.schemas import ComicFinished
from services.story.scene_plan import build_plan

GARDEN = "Miso the cat naps in the garden"


@pytest.mark.parametrize(("memory", "facts"), [
    ("Miso is an orange cat.", [("Miso", "colour", "orange"), ("Miso", "kind", "cat")]),
    ("Brown is a dog, not a cat.", [("Brown", "kind", "dog")]),
    ("The dog is called Rex.", [("the dog", "name", "Rex"), ("Rex", "kind", "dog")]),
    ("Bolt wears a red scarf.", [("Bolt", "clothing", "red scarf")]),
    ("Rex is a tiny old dog.", [("Rex", "size", "tiny"), ("Rex", "age", "old"), ("Rex", "kind", "dog")]),
    ("Brown is old, and Brown never runs.", [("Brown", "age", "old")]),
    ("Mia never swims.", []),
    ("Brown is not a cat.", []),
])
def test_a_memory_is_read_into_subject_attribute_value(memory: str, facts: list[tuple[str, str, str]]) -> None:
    assert parse(memory) == [WorldFact(*fact) for fact in facts]


def test_a_memory_applies_only_to_a_prompt_that_names_its_subject() -> None:
    memories = ["Miso is an orange cat.", "The dog is called Rex.", "Bolt wears a red scarf."]
    assert applicable(memories, "Miso chases a mouse") == ["Miso is an orange cat."]
    assert applicable(memories, "Tiger the cat naps") == []
    assert applicable(memories, "A cat naps", cast_names=["Miso"]) == ["Miso is an orange cat."]  # the seed's name
    assert applicable(memories, "A dog and a robot named Bolt") == ["The dog is called Rex.", "Bolt wears a red scarf."]


def comic(studio: Studio, prompt: str) -> ComicFinished:
    async def run() -> ComicFinished:
        return [event async for event in studio.generate({"prompt": prompt, "panels": 2, "seed": 11})][-1]
    done = asyncio.run(run())
    assert isinstance(done, ComicFinished)
    return done


def panels(done: ComicFinished) -> list[Image.Image]:
    attempt = done.session.final_attempt
    assert attempt is not None
    return [Image.open(Path(done.session_dir) / str(p.image)).convert("RGB") for p in attempt.panels]


def is_orange(pixel: tuple[int, int, int]) -> bool:
    hue, lightness, saturation = colorsys.rgb_to_hls(*(c / 255 for c in pixel))
    return 0.03 <= hue <= 0.12 and saturation > 0.4 and 0.25 < lightness < 0.85


@pytest.fixture
def studio(data_dir: Path) -> Studio:
    return open_studio(data_dir, renderer=ProceduralRenderer())


def test_an_accepted_orange_cat_is_drawn_orange_and_cited_only_where_it_applies(studio: Studio) -> None:
    before = comic(studio, GARDEN)
    outcome = asyncio.run(studio.add_comment(before.session.session_id, "Miso is an orange cat.", "ana"))
    [stored] = outcome.memories
    studio.curate(stored.record.memory_id, "accepted")

    after = comic(studio, GARDEN)
    assert after.session.domain_memories == ["Miso is an orange cat."]
    [miso] = [m for m in after.session.cast if m.name == "Miso"]
    assert miso.kind == "cat" and miso.look is not None and is_orange(
        tuple(int(miso.look.colours[0][i:i + 2], 16) for i in (1, 3, 5)))
    # Miso's body: the pixels that changed between the comic before and after the memory, same prompt and seed.
    for old, new in zip(panels(before), panels(after)):
        changed = ImageChops.difference(old, new).convert("L").point(lambda v: 255 if v > 40 else 0)
        body = [new.getpixel((x, y)) for x in range(0, new.width, 2) for y in range(0, new.height, 2)
                if changed.getpixel((x, y))]
        assert len(body) > 200
        assert sum(is_orange(p) for p in body) / len(body) > 0.5
    manifest = json.loads((Path(after.session_dir) / "manifest.json").read_text())
    effects = {(e["character"], e["attribute"], e["value"]) for e in manifest["memory_effects"]}
    assert effects == {("Miso", "colour", "orange"), ("Miso", "kind", "cat")}
    assert all(e["panels"] for e in manifest["memory_effects"])
    assert manifest["domain_memories"] == ["Miso is an orange cat."]

    # Retrieval finds the memory for another cat, but it does not shape that comic, so it is not cited.
    assert studio.memories.relevant_texts("Tiger the cat naps in the garden") == ["Miso is an orange cat."]
    tiger = comic(studio, "Tiger the cat naps in the garden")
    assert tiger.session.domain_memories == [] and tiger.session.memory_effects == []


@pytest.mark.parametrize(("memory", "fact"), [
    ("It always snows in Frostvale.", ("Frostvale", "weather", "snow")),
    ("In Frostvale, it never stops snowing.", ("Frostvale", "weather", "snow")),
    ("On Zorg it is always night.", ("Zorg", "time", "night")),
    ("It is always dark on Planet Zorg.", ("Planet Zorg", "time", "night")),
    ("Misthaven is always foggy.", ("Misthaven", "weather", "fog")),
])
def test_a_rule_about_a_place_is_read_as_its_weather_or_hour(memory: str, fact: tuple[str, str, str]) -> None:
    assert parse_place(memory) == [WorldFact(*fact)]


@pytest.mark.parametrize("memory", ["Rex is always dark.", "Miso is always sleepy.", "It rains in the forest.",
                                    "The sky on Zorg is green."])
def test_what_is_not_a_named_place_s_weather_or_hour_is_no_place_rule(memory: str) -> None:
    assert parse_place(memory) == []


def test_a_place_rule_sets_the_weather_unless_the_prompt_says_its_own() -> None:
    rule = ["It always snows in Frostvale."]
    plan = build_plan("A cat visits Frostvale", 1, rule)
    assert (plan.setting, plan.setting_phrase, plan.in_place, plan.weather) == ("backdrop", "Frostvale",
                                                                                 "in Frostvale", "snow")
    assert build_plan("A cat visits Frostvale on a rainy day", 1, rule).weather == "rain"
    assert build_plan("A cat naps in the garden", 1, rule).weather == "clear"
    assert place_facts(rule, "A cat naps in the garden") == []


def test_an_accepted_place_rule_snows_on_the_comic_and_is_cited(studio: Studio) -> None:
    before = comic(studio, "A cat visits Frostvale")
    outcome = asyncio.run(studio.add_comment(before.session.session_id, "It always snows in Frostvale.", "ana"))
    [stored] = outcome.memories
    studio.curate(stored.record.memory_id, "accepted")
    after = comic(studio, "A cat visits Frostvale")
    manifest = json.loads((Path(after.session_dir) / "manifest.json").read_text())
    assert manifest["domain_memories"] == ["It always snows in Frostvale."]
    [effect] = manifest["memory_effects"]
    assert (effect["character"], effect["attribute"], effect["value"]) == ("Frostvale", "weather", "snow")
    assert effect["panels"] and all(p["scene"]["weather"] == "snow" for p in manifest["attempts"][-1]["panels"])
    # Snow falls: the panels gained white flakes where the comic without the rule had none.
    for old, new in zip(panels(before), panels(after)):
        whiter = ImageChops.subtract(new.convert("L"), old.convert("L")).point(lambda v: 255 if v > 60 else 0)
        assert whiter.getbbox() is not None
