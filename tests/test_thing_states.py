"""How the prompt says a thing or the place is, read from the adjective next to its noun, and drawn so."""

from __future__ import annotations

import random

import pytest

from services.story.beat_scenes import beat_scenes
from services.story.beats import plan_beats
from services.story.scene_plan import build_plan


@pytest.mark.parametrize(("prompt", "thing", "state"), [
    ("A boy finds a broken vase", "vase", "broken"),
    ("The cat pushes the vase and now the vase is broken", "vase", "broken"),
    ("Un enfant trouve un vase cassé", "vase", "broken"),
    ("Ein Junge findet einen riesigen Keks", "cookie", "giant"),
    ("A mouse finds a tiny key", "key", "small"),
    ("Una niña encuentra una manzana gigante", "apple", "giant"),
    ("A tiny robot repairs a broken music box in a shop", "music box", "broken"),  # a noun of two words
    ("The music box is broken", "music box", "broken"),
])
def test_a_thing_has_the_state_its_adjective_says(prompt: str, thing: str, state: str) -> None:
    plan = build_plan(prompt, 4)
    assert {t.what: t.state for t in plan.things}.get(thing) == state


@pytest.mark.parametrize("prompt", ["A penguin skates on the frozen lake", "Le pingouin glisse sur le lac gelé",
                                    "Ein Pinguin rutscht über den zugefrorenen See",
                                    "Un niño patina en el lago helado"])
def test_a_frozen_lake_is_frozen_and_helado_is_then_no_ice_cream(prompt: str) -> None:
    plan = build_plan(prompt, 4)
    assert plan.setting == "lake" and plan.place_state == "frozen"
    assert "ice cream" not in {t.what for t in plan.things}


def test_a_plain_thing_has_no_state_and_ice_cream_stays_ice_cream() -> None:
    assert [t.state for t in build_plan("A girl finds a vase in the garden", 4).things] == [None]
    assert "ice cream" in {t.what for t in build_plan("Un niño come un helado en el lago", 4).things}


def test_a_thing_that_breaks_is_broken_from_then_on_in_every_panel() -> None:
    plan = build_plan("The cat pushes the vase and it breaks", 4)
    scenes = beat_scenes(plan, plan_beats(len(plan.events), 4), random.Random(3), "home")
    states = [s.thing_states.get("vase") for s in scenes]
    assert states[0] is None and states[-1] == "broken"
    assert states.index("broken") >= 1 and all(s == "broken" for s in states[states.index("broken"):])
    # the vase is drawn once: as the thing that breaks, not also as a prop beside it
    for scene in scenes:
        acting = any(e.actor == "vase" or e.object == "vase" for e in scene.events)
        assert not (acting and any(p.what == "vase" for p in scene.props))


def test_a_reaction_is_shown_close_and_the_ending_wide() -> None:
    """The shot serves the beat: crying and laughing are faces (a close-up), the setup and the ending wide."""
    plan = build_plan("The clown falls off his bike and the children laugh, then he cries", 6)
    beats = plan_beats(len(plan.events), 6)
    scenes = beat_scenes(plan, beats, random.Random(1), "home")
    reactions = [s.shot for b, s in zip(beats, scenes, strict=True) if b.kind == "event"
                 and b.parts[0].step == "during" and {e.action for e in s.events} <= {"laugh", "cry"}]
    assert reactions and set(reactions) == {"close-up"}
    assert scenes[0].shot == scenes[-1].shot == "wide"


@pytest.mark.parametrize(("prompt", "place_state", "thing", "state"), [
    ("A crowded market: a cat steals a fish", "crowded", None, None),
    ("Le marché est bondé", "crowded", None, None),
    ("Ein angebissener Apfel liegt auf dem Tisch", None, "apple", "eaten"),
    ("A boy finds a soggy sandwich", None, "sandwich", "wet"),
])
def test_a_crowded_place_a_bitten_apple_and_a_wet_sandwich_are_read(prompt: str, place_state: str | None,
                                                                     thing: str | None, state: str | None) -> None:
    plan = build_plan(prompt, 3)
    assert plan.place_state == place_state
    if thing is not None:
        assert next(t.state for t in plan.things if t.what == thing) == state


def test_a_verb_before_the_article_is_no_state_of_the_noun() -> None:
    plan = build_plan("A dragon flies a kite, but his fire keeps burning the string", 4)
    assert {t.what: t.state for t in plan.things}.get("string") is None


def test_a_place_floods_when_the_flood_comes_and_no_rain_cloud_is_pasted() -> None:
    """'…, but water floods the cabin': the cabin is flooded from that panel on, never a rain cloud on its floor."""
    from services.art.panel_renderer import PanelArtRequest
    from services.art.procedural.renderer import ProceduralRenderer

    plan = build_plan("A plumber fixes a pipe in a submarine, but water floods the cabin, and an eel swims in.", 11)
    scenes = beat_scenes(plan, plan_beats(len(plan.events), 4), random.Random(1), plan.setting)
    states = [s.place_state for s in scenes]
    flooded = states.index("flooded")
    assert flooded > 0 and all(s == "flooded" for s in states[flooded:]), states
    assert not any(p.what == "flood" for s in scenes for p in s.props)
    _, drawn = ProceduralRenderer().draw(PanelArtRequest(
        description="A panel.", style="classic", seed=3, panel_index=flooded, panel_count=4,
        cast=tuple(m.as_cast() for m in plan.cast), scene=scenes[flooded], size=256))
    assert ("flood", "setting") in {(d.what, d.role) for d in drawn}
    assert not any(d.code == "1F327" for d in drawn), "the flood is the water on the floor, not a rain cloud"


def test_what_a_wave_carries_off_floats_on_the_sea_afterwards_not_in_the_sky() -> None:
    """'…una ola se lo lleva': the sandcastle was drawn up in the sky in the next panel."""
    plan = build_plan("Una niña construye un castillo de arena en la playa, pero una ola se lo lleva y un cangrejo "
                      "la consuela.", 11)
    scenes = beat_scenes(plan, plan_beats(len(plan.events), 4), random.Random(1), plan.setting)
    last = [p for p in scenes[-1].props if p.what == "sandcastle"]
    assert last and all(p.where == "water" for p in last), scenes[-1].props


@pytest.mark.parametrize("prompt", ["A sailor drops his compass into the sea, and then a turtle brings it back.",
                                    "Un marin laisse tomber sa boussole dans la mer, puis une tortue la rapporte.",
                                    "Ein Matrose lässt seinen Kompass ins Meer fallen, dann bringt ihn eine Schildkröte."])
def test_what_is_dropped_into_the_sea_lands_on_the_water_not_the_deck(prompt: str) -> None:
    plan = build_plan(prompt, 5)
    scenes = beat_scenes(plan, plan_beats(len(plan.events), 4), random.Random(1), plan.setting)
    dropped = [e for s in scenes for e in s.events if e.action == "drop" and e.step != "before"]
    assert dropped and all(e.object_at == "water" for e in dropped), dropped


@pytest.mark.parametrize("prompt", ["A firefighter rescues a kitten from an oak tree in the town square.",
                                    "Un pompier sauve un chaton d'un grand arbre."])
def test_the_tree_a_rescue_saves_someone_from_is_there_before_the_rescue(prompt: str) -> None:
    plan = build_plan(prompt, 5)
    scenes = beat_scenes(plan, plan_beats(len(plan.events), 4), random.Random(1), plan.setting)
    before = [s for s in scenes if any(e.action == "rescue" and e.step == "before" for e in s.events)]
    assert before and all("tree" in {p.what for p in s.props} for s in before), [s.props for s in scenes]


@pytest.mark.parametrize("prompt", ["A princess kisses a frog and he turns into a prince.",
                                    "Une sorcière transforme le chat en dragon."])
def test_one_who_becomes_another_is_never_drawn_beside_the_new_form(prompt: str) -> None:
    """The frog stood beside the prince it had turned into: one form before the change, the other after."""
    plan = build_plan(prompt, 5)
    change = next(e for e in plan.events if e.action == "transform")
    scenes = beat_scenes(plan, plan_beats(len(plan.events), 4), random.Random(1), plan.setting)
    steps = {s.events[0].step: {a.name for a in s.actors} for s in scenes if s.events and
             s.events[0].action == "transform"}
    new, old = (change.result, change.object) if change.result else (change.object, change.actors[0])
    assert new not in set().union(*(set(a.name for a in s.actors) for s in scenes[:1])), "not there at the start"
    assert "after" not in steps or old not in steps["after"], steps
