"""Storyboards from the scene plan: scenes in every panel, descriptions from the scene, captions about the prompt."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.schemas import Decision, PanelNote, Verdict
from services.story import scene_plan as scene_plan_module
from services.story import storyboard_writer
from services.story.captions import caption_templates, speaker
from services.story.language import NOTICE, detect_language
from services.story.scene_description import a_or_an, copied_run
from services.story.storyboard_writer import add_missing, write_storyboard
from services.story.variety import caption_variety
from tests.test_scene_plan import fake_concepts

PROMPTS: list[str] = json.loads((Path(__file__).parent / "data" / "story_prompts.json").read_text("utf-8"))["prompts"]
LONG_PROMPTS = [
    " ".join(["The old keeper climbs the lighthouse stairs every night to light the lamp for the ships at sea,"] * 8),
    "A robot named Bolt walks through the city at night holding a red umbrella while the rain falls on the "
    "shiny street and a cat named Mia follows him from roof to roof until they reach the park where a kite "
    "is stuck in a tree and a child is crying because the kite was a present from her grandma",
    "Wide shot of the park, in daylight. Ana, smiling, is walking. Medium shot of the city, at night, in the rain.",
]


def test_no_description_holds_six_words_of_its_prompt() -> None:
    for prompt in [*PROMPTS, *LONG_PROMPTS]:
        for panels in (1, 4, 8):
            for seed in (1, 2):
                board = write_storyboard(prompt, panels, seed, [])
                for panel in board.panels:
                    assert copied_run(panel.description, prompt) is None, (prompt, panel.description)


def test_copied_run_finds_a_pasted_prompt() -> None:
    assert copied_run("Wide shot. A robot learns to paint sunsets on Mars.", "A robot learns to paint sunsets") == (2, 8)
    assert copied_run("A robot learns to paint.", "A robot learns to paint sunsets on Mars") is None


@pytest.mark.parametrize("prompt", PROMPTS[:12])
def test_every_panel_has_a_scene_and_everyone_named_is_drawn(prompt: str) -> None:
    board = write_storyboard(prompt, 4, 3, [])
    plan = scene_plan_module.build_plan(prompt, 3, [])
    assert all(p.scene is not None and p.scene.setting == plan.setting for p in board.panels)
    on_stage = {a.name for p in board.panels for a in p.scene.actors}
    assert {c.name for c in board.cast} <= on_stage
    assert {t.what for t in plan.things} <= shown_things(board)


def shown_things(board) -> set[str]:
    """Every thing a panel's scene puts in the picture: props, things held, the objects of its events and the
    things that act in them (the tree that blooms)."""
    return {x.what for p in board.panels for x in p.scene.props} | {
        a.holds for p in board.panels for a in p.scene.actors if a.holds} | {
        e.object for p in board.panels for e in p.scene.events if e.object and e.object_at != "gone"} | {
        e.actor for p in board.panels for e in p.scene.events if e.actor}


@pytest.mark.usefixtures("picto_vocabulary")
def test_the_things_are_where_a_reader_looks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene_plan_module, "prompt_concepts", fake_concepts)
    board = write_storyboard("A detective frog investigates who stole the pond's moon reflection", 4, 1, [])
    assert board.cast[0].kind == "frog" and board.cast[0].role == "detective"
    moons = [x for p in board.panels for x in p.scene.props if x.what == "moon"]
    assert moons and all(m.where == "sky" for m in moons)
    violin = write_storyboard("A shy violinist plays a violin on the subway", 4, 1, [])
    assert any(e.object == "violin" and e.object_at in ("hand", "arms") for p in violin.panels for e in p.scene.events)
    assert all(p.scene.setting == "subway" for p in violin.panels)


@pytest.fixture
def picto_vocabulary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene_plan_module, "prompt_concepts", fake_concepts)
    monkeypatch.setattr(storyboard_writer, "prompt_concepts", fake_concepts)


def test_same_prompt_and_seed_same_comic_other_seed_other_comic() -> None:
    prompt = "Two chefs argue about the best cake recipe"
    assert write_storyboard(prompt, 4, 7, []) == write_storyboard(prompt, 4, 7, [])
    comics = {tuple(p.subtitle for p in write_storyboard(prompt, 4, s, []).panels) for s in range(6)}
    assert len(comics) > 3


# The hero of this prompt is never named: every caption is about Mia (a real defect, kept visible until mended).
HERO_UNNAMED = "Brown the dog and Mia the cat explore a haunted castle at night"


@pytest.mark.parametrize("prompt", [
    pytest.param(p, marks=pytest.mark.xfail(strict=True, reason="the captions never name the hero Brown"))
    if p == HERO_UNNAMED else p for p in PROMPTS])
def test_captions_name_the_prompt_s_people_and_differ_from_each_other_and_the_description(prompt: str) -> None:
    board = write_storyboard(prompt, 6, 1, [])
    subtitles = [p.subtitle for p in board.panels]
    assert len(set(subtitles)) == len(subtitles)
    for panel in board.panels:
        assert panel.subtitle not in panel.description and panel.subtitle.strip()
        assert "{" not in panel.subtitle and "}" not in panel.subtitle, panel.subtitle  # every slot filled
    # A build-up or result line may name nobody (services/story/beat_captions.py); the hero is named somewhere.
    hero = board.cast[0].name.split()
    assert any(part in subtitle for part in hero for subtitle in subtitles), (board.cast[0].name, subtitles)
    voices = [speaker(s) for s in subtitles]
    assert "narrator" in voices and len(set(voices)) > 1  # a narrator and at least one character speak


def test_every_template_names_someone_or_something() -> None:
    slots = ("{Hero}", "{hero}", "{Friend}", "{friend}", "{thing}", "{Thing}")
    for language, data in caption_templates().items():
        if language.startswith("_"):
            continue
        lines = [t for beats in data["shapes"].values() for pool in beats.values() for t in pool]
        lines += [t for pool in data["extra"].values() for t in pool]
        assert len(data["shapes"]) >= 12
        assert all(any(s in t for s in slots) for t in lines), language


@pytest.mark.parametrize(("prompt", "language"), [
    ("Un chien perdu retrouve sa famille à Paris", "fr"),
    ("La petite fille construit un château de sable sur la plage avec son grand-père", "fr"),
    ("Ein kleiner Roboter sucht seinen Freund im Wald", "de"),
    ("Die Köchin und der Koch streiten über die Suppe", "de"),
    ("Una niña y su abuela pescan en el lago y atrapan una bota", "es"),
])
def test_french_german_and_spanish_prompts_get_captions_in_their_language(prompt: str, language: str) -> None:
    board = write_storyboard(prompt, 4, 1, [])
    assert detect_language(" ".join(p.subtitle for p in board.panels)) == language
    assert board.notices == []


def test_another_language_gets_english_captions_and_a_visible_note() -> None:
    board = write_storyboard("Un gatto e un cane giocano nel parco", 4, 1, [])
    assert board.notices == [NOTICE]
    assert detect_language(" ".join(p.subtitle for p in board.panels)) == "en"


@pytest.mark.parametrize("panels", [4, 8])
def test_lines_rarely_come_back_across_forty_comics(panels: int) -> None:
    figure = caption_variety(PROMPTS, panels, 1)
    assert figure.share_in_three_or_more <= 0.05
    assert figure.most_comics_for_one_line <= 2
    assert figure.share_of_skeletons_in_three_or_more == 0.0
    # lines that name neither this comic's cast, nor the prompt's things, nor the panel's action: 51 of the 160
    # four-panel lines named only their speaker before filler became the last resort, 9 now
    assert figure.generic_lines <= 0.02 * figure.lines
    assert figure.generic_but_speaker <= (0.08 if panels == 4 else 0.2) * figure.lines


@pytest.mark.usefixtures("picto_vocabulary")
def test_a_revision_adds_what_brown_says_is_missing_to_the_panel_he_names() -> None:
    prompt = "An old lighthouse keeper befriends a lost whale during a storm"
    board = write_storyboard(prompt, 4, 1, [])
    whale = next(c for c in board.cast if c.kind == "whale")
    target = 0  # a panel that lost its whale: Brown asks for it back
    scene = board.panels[0].scene.model_copy(update={"actors": [a for a in board.panels[0].scene.actors
                                                                 if a.name != whale.name]})
    board.panels[0] = board.panels[0].model_copy(update={"scene": scene})
    verdict = Verdict(decision=Decision.REFINE, reason="missing", final=False, match_ratio=0.5,
                      feedback=f"panel {target + 1}: no whale drawn",
                      panel_notes=[PanelNote(index=target, reason="no whale drawn", missing_words=["whale"])])
    revised = add_missing(prompt, 1, [], board, verdict)
    assert any(a.name == whale.name for a in revised.panels[target].scene.actors)
    assert whale.name in revised.panels[target].description
    for before, after in zip(board.panels, revised.panels):
        if before.index != target:
            assert after == before
    assert [p.subtitle for p in revised.panels] == [p.subtitle for p in board.panels]


@pytest.mark.usefixtures("picto_vocabulary")
def test_a_missing_object_goes_where_it_belongs() -> None:
    prompt = "A fisherman catches an old boot instead of a fish"
    board = write_storyboard(prompt, 4, 2, [])
    note = PanelNote(index=0, reason="no moon drawn", missing_words=["moon"])
    revised = add_missing(prompt, 2, [], board, Verdict(decision=Decision.REFINE, reason="r", final=False,
                                                         match_ratio=0.5, panel_notes=[note]))
    assert any(x.what == "moon" and x.where == "sky" for x in revised.panels[0].scene.props)


@pytest.mark.usefixtures("picto_vocabulary")
def test_feedback_alone_names_the_panel_and_the_thing() -> None:
    prompt = "A shy violinist plays a violin on the subway"
    board = write_storyboard(prompt, 4, 1, [])
    verdict = Verdict(decision=Decision.REFINE, reason="missing", final=False, match_ratio=0.5,
                      feedback="Panel 3: no balloon drawn.")
    revised = add_missing(prompt, 1, [], board, verdict)
    assert any(x.what == "balloon" for x in revised.panels[2].scene.props)
    assert [p for i, p in enumerate(revised.panels) if i != 2] == [p for i, p in enumerate(board.panels) if i != 2]


@pytest.mark.parametrize(("prompt", "words"), [
    ("Une sorcière perd son chapeau dans la forêt", ["sorcière", "chapeau", "forêt"]),
    ("Ein Pinguin fährt Fahrrad in der Wüste", ["Pinguin", "Fahrrad", "Wüste"]),
    ("Un gato astronauta arregla un cohete", ["gato", "cohete"]),
    ("Two beavers build a dam in the river", ["beavers"]),
])
def test_a_description_names_what_is_drawn_also_by_the_prompt_s_own_word(prompt: str, words: list[str]) -> None:
    """'a witch (called sorcière in the prompt)': the prompt's word stands alone between spaces."""
    board = write_storyboard(prompt, 4, 11, [])
    said = set(" ".join(p.description for p in board.panels).lower().split())
    assert {w.lower() for w in words} <= said, [p.description for p in board.panels]
    assert "(called forest" not in " ".join(p.description for p in board.panels)  # never when the word is English


@pytest.mark.parametrize("prompt", ["A girl and her grandma fly a kite on the beach in the wind",
                                    "Une fille fait voler un cerf-volant sur la plage"])
def test_flying_a_kite_is_holding_its_string_not_flying(prompt: str) -> None:
    board = write_storyboard(prompt, 4, 11, [])
    actors = [a for p in board.panels if p.scene for a in p.scene.actors]
    assert all(a.action != "flying" for a in actors), [(a.name, a.action) for a in actors]
    events = [e for p in board.panels if p.scene for e in p.scene.events]
    assert any(e.action == "fly_kite" and e.object == "kite" and e.object_at == "sky" for e in events)


def test_a_bird_that_flies_still_flies() -> None:
    board = write_storyboard("A bird flies over the sea", 4, 11, [])
    assert any(a.action == "flying" for p in board.panels if p.scene for a in p.scene.actors)


def test_a_description_counts_things_as_english_does() -> None:
    assert [a_or_an(n) for n in ("umbrella", "violin", "moon", "fireworks", "gold", "bus", "dress", "treasure map")] \
        == ["an umbrella", "a violin", "the moon", "some fireworks", "some gold", "a bus", "a dress",
            "a treasure map"]


@pytest.mark.parametrize("index", [0, 2, 3])
def test_a_note_on_a_caption_alone_gets_another_line_for_the_same_beat(index: int) -> None:
    """Brown's reader checks fault the words only: the picture stays, the caption is another, unused line."""
    prompt = "Ein Pinguin fährt Fahrrad in der Wüste"
    board = write_storyboard(prompt, 4, 11, [])
    note = PanelNote(index=index, reason='its caption repeats "das ist der"')
    revised = add_missing(prompt, 11, [], board, Verdict(decision=Decision.REFINE, reason="r", final=False,
                                                          match_ratio=1.0, panel_notes=[note]))
    new = revised.panels[index].subtitle
    assert new not in [p.subtitle for p in board.panels]
    assert revised.panels[index].scene == board.panels[index].scene
    assert not any(n.startswith("Bayko could not change") for n in revised.notices)
    if index == 2:  # the event's own beat still tells the event
        assert "Fahrrad" in new


def test_no_caption_line_repeats_a_phrase_of_three_words() -> None:
    """'Das ist der Pinguin Tux. Und das ist der Schnee.' is never chosen: Brown's reader checks would fault it."""
    from services.language.repetition import repeated_phrase, words
    for seed in range(30):
        for prompt in ("Ein Pinguin fährt Fahrrad in der Wüste", "The penguin rides a bicycle in the desert"):
            for panel in write_storyboard(prompt, 4, seed, []).panels:
                assert repeated_phrase(words(panel.subtitle)) is None, panel.subtitle


def test_a_character_named_in_the_plural_is_called_by_name_alone() -> None:
    """'con los dinosaurios Tricia' reads as many dinosaurs called Tricia: the name alone is the one, and the
    plural noun comes only before all of the group's names ('los dinosaurios Tricia y Rexy')."""
    board = write_storyboard("Los dinosaurios celebran el cumpleaños de la abuela en la playa", 4, 7, [])
    names = [m.name for m in board.cast if m.kind == "dinosaur"]
    group = "dinosaurios " + " y ".join(names)
    for panel in board.panels:
        alone = panel.subtitle.replace(group, "")
        assert not any(f"dinosaurios {name}" in alone for name in names), panel.subtitle


def test_a_clause_names_no_placeholder_recipient() -> None:
    """'lleva el huevo a alguien': with no one named to receive it, the clause leaves the recipient out."""
    from services.story.beat_captions import _without_recipient
    assert _without_recipient("{actor} {lleva|llevan} {object} a {recipient}", "es") == "{actor} {lleva|llevan} {object}"
    assert _without_recipient("{actor} {gibt|geben} {recipient:dat} {object:acc}", "de") == \
        "{actor} {gibt|geben} {object:acc}"
    for panel in write_storyboard("Un niño encuentra un huevo en el bosque y lo lleva a casa", 4, 7, []).panels:
        assert "alguien" not in panel.subtitle, panel.subtitle


@pytest.mark.parametrize(("prompt", "verbs"), [
    ("Un petit robot répare une horloge, puis il danse avec la chouette", ["répare", "danse"]),
    ("Der Hund gräbt einen Knochen aus und schenkt ihn dem Mädchen", ["gräbt", "schenkt"]),
    ("A grumpy troll swims across a muddy pond", ["swims"]),
])
def test_a_description_says_the_prompt_s_own_verb_for_the_action_it_shows(prompt: str, verbs: list[str]) -> None:
    """'Bolt is building (said répare in the prompt)': the action found by its word, as the nouns are."""
    board = write_storyboard(prompt, 4, 7, [])
    said = set(" ".join(p.description for p in board.panels).split())
    assert set(verbs) <= said, [p.description for p in board.panels]


@pytest.mark.parametrize("prompt", ["Two squirrels hide acorns under the big oak tree.",
                                    "Grandpa teaches his granddaughter to fish, but she catches a boot",
                                    "Lena hugs her giant teddy bear during the storm"])
def test_the_first_draft_passes_the_reader_checks_brown_makes(prompt: str) -> None:
    """No caption copies six words of the prompt or says a phrase twice ('This is the river … on the river'),
    so Brown has nothing to send back about the words and a revision is about the story."""
    from services.story.caption_rules import caption_notes
    for seed in (5, 7, 11):
        captions = [p.subtitle for p in write_storyboard(prompt, 4, seed, []).panels]
        assert caption_notes(prompt, captions) == [], captions


@pytest.mark.parametrize("panels", [4, 6])
def test_once_given_the_thing_is_the_recipients_and_shown_full(panels: int) -> None:
    board = write_storyboard("The grandmother gives the boy a jar of honey.", panels, 7, [])
    scenes = [p.scene for p in board.panels if p.scene is not None]
    boy = next(m.name for m in board.cast if m.kind == "child")
    given = [e for s in scenes for e in s.events if e.action == "give" and e.step == "after"]
    assert given and all(e.object_at == "received" and e.recipient == boy for e in given)
    assert all(s.thing_states.get("jar") == "full of honey" for s in scenes if s.thing_states)
    last = scenes[-1]
    assert not any(a.holds == "jar" and a.name != boy for a in last.actors), "not back in the giver's hand"


def test_what_is_painted_is_not_there_before_and_rain_that_comes_is_not_in_the_sky_before() -> None:
    board = write_storyboard("A little robot paints a rainbow on the wall, but the rain washes it away", 4, 11, [])
    scenes = [p.scene for p in board.panels if p.scene is not None]
    painted = next(i for i, s in enumerate(scenes) if any(e.action == "paint" and e.step == "during" for e in s.events))
    rained = next(i for i, s in enumerate(scenes) if any(e.actor == "rain" for e in s.events))
    for scene in scenes[:painted]:
        assert not any(p.what == "rainbow" for p in scene.props)
        assert not any(e.object == "rainbow" and e.object_at not in (None, "gone") for e in scene.events)
    assert all(s.weather != "rain" for s in scenes[:rained]) and scenes[rained].weather == "rain"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_snowman_being_built_is_not_standing_there_before(seed: int) -> None:
    board = write_storyboard("A grandpa and his dog build a snowman, then the sun comes out and it melts", 4, seed, [])
    snowman = next(m.name for m in board.cast if m.kind == "snowman")
    scenes = [p.scene for p in board.panels if p.scene is not None]
    built = next(i for i, s in enumerate(scenes) if any(e.action == "build" and e.step != "before" for e in s.events))
    assert built > 0 and all(snowman not in {a.name for a in s.actors} for s in scenes[:built])
    assert any(snowman in {a.name for a in s.actors} for s in scenes[built:])


def test_what_a_seed_grows_into_is_a_thing_not_the_place() -> None:
    board = write_storyboard("A boy plants a magic bean and it grows into a giant tree.", 4, 7, [])
    scenes = [p.scene for p in board.panels if p.scene is not None]
    assert all(s.setting != "forest" for s in scenes)
    assert any(e.actor == "tree" and e.action == "grow" for s in scenes for e in s.events)
    assert any(e.object == "bean" and e.action == "plant" for s in scenes for e in s.events)


@pytest.mark.parametrize("prompt", ["A farmer grows a pumpkin for the fair", "Une fermière fait pousser une citrouille",
                                    "Der Bauer zieht einen Kürbis groß", "La abuela cultiva una calabaza"])
def test_someone_who_grows_a_thing_tends_it_and_the_thing_is_what_grows(prompt: str) -> None:
    """Not 'Kai: Whoa! I grow and grow!': the grower tends it, and it grows on the ground by them."""
    board = write_storyboard(prompt, 4, 7, [])
    grower = board.cast[0].name
    events = [e for p in board.panels if p.scene is not None for e in p.scene.events if e.action == "grow"]
    assert events and all(e.actor == grower and e.object == "pumpkin" and e.object_at == "ground" for e in events)
    told = " ".join(p.subtitle for p in board.panels)
    assert grower in told and "grow and grow!" not in told and "grandis !" not in told and "Ich wachse" not in told


@pytest.mark.parametrize("prompt", ["A big wave knocks down the sandcastle at the beach",
                                    "Der Sturm zerbricht den Zaun im Garten", "Una ola destruye el castillo de arena"])
def test_a_wave_or_a_storm_breaking_something_is_told_as_one(prompt: str) -> None:
    """Not 'the big wave holds the sandcastle up high to get a better look', 'on the very edge of the table'."""
    board = write_storyboard(prompt, 4, 7, [])
    told = " ".join(p.subtitle for p in board.panels).lower()
    assert not any(word in told for word in ("table", "floor", "rug", "cupboard", "holds", "tisch", "boden", "mesa",
                                            "suelo"))
    last = board.panels[-1].scene
    assert last is not None and "broken" in last.thing_states.values()


def test_rain_that_stops_was_there_from_the_start() -> None:
    board = write_storyboard("The children wait under an umbrella until the rain stops", 4, 7, [])
    assert board.panels[0].scene is not None and board.panels[0].scene.weather == "rain"


def test_a_seed_that_grows_into_a_tree_is_a_tree_only_once_it_has_grown() -> None:
    board = write_storyboard("A girl plants a seed in the garden and it grows into a tree.", 4, 7, [])
    scenes = [p.scene for p in board.panels if p.scene is not None]
    grown = next(i for i, s in enumerate(scenes) if any(e.action == "grow" and e.step == "after" for e in s.events))
    assert not any(p.what == "tree" for s in scenes[:grown] for p in s.props)
    assert any(e.actor == "tree" for e in scenes[grown].events) and "tree" in board.panels[grown].subtitle
    assert not any(p.what == "tree" for p in scenes[grown].props), "the tree that grew, not a second one behind"


def test_a_spell_shows_what_it_makes_in_the_puff_and_the_one_it_was_done_to() -> None:
    board = write_storyboard("A wizard turns a frog into a prince, and then the prince kisses the princess.", 4, 5, [])
    scenes = [p.scene for p in board.panels if p.scene is not None]
    prince = next(m.name for m in board.cast if m.role == "prince")
    puff = next(s for s in scenes if any(e.action == "transform" and e.step == "during" for e in s.events))
    spell = next(e for e in puff.events if e.action == "transform")
    assert spell.object == prince and spell.was == "frog", "the prince in the puff is the frog transformed"
    frogs = {m.name for m in board.cast if m.kind == "frog"}
    assert frogs and not frogs & {a.name for a in puff.actors}, "the frog is gone once the spell is cast"


@pytest.mark.parametrize("prompt", ["A pirate finds a chest full of socks on the beach.",
                                    "Une fille trouve une clé dans le jardin."])
def test_a_discovery_is_seen_over_the_finder_s_shoulder_and_a_sleeper_from_afar(prompt: str) -> None:
    board = write_storyboard(prompt, 4, 7, [])
    found = [p.scene for p in board.panels if p.scene is not None
             and any(e.action == "find" and e.step == "during" for e in p.scene.events)]
    assert found and all(s.shot == "over-the-shoulder" for s in found)
    board = write_storyboard("A cat and a dog share a pizza, then they take a nap.", 4, 1, [])
    asleep = [p.scene for p in board.panels if p.scene is not None
              and any(e.action == "sleep" and e.step == "during" for e in p.scene.events)]
    assert asleep and all(s.shot == "wide" for s in asleep)


@pytest.mark.parametrize("prompt", ["Una niña pierde su globo rojo en la feria", "A boy loses his kite at the beach"])
def test_a_balloon_someone_loses_floats_off_into_the_sky(prompt: str) -> None:
    board = write_storyboard(prompt, 4, 1, [])
    lost = [e for p in board.panels if p.scene for e in p.scene.events if e.action == "lose" and e.step == "during"]
    assert lost and all(e.object_at == "flying" for e in lost)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_lost_character_is_out_of_the_picture_until_found(seed: int) -> None:
    board = write_storyboard("A kangaroo loses her baby in the market, searches everywhere and finds him asleep in "
                             "a basket", 4, seed, [])
    baby = next(m.name for m in board.cast if m.young)
    scenes = [p.scene for p in board.panels if p.scene is not None]
    lost = next(i for i, s in enumerate(scenes) if any(e.action == "lose" and e.step != "before" for e in s.events))
    found = next(i for i, s in enumerate(scenes) if any(e.action == "find" and e.step != "before" for e in s.events))
    assert all(baby not in {a.name for a in s.actors} for s in scenes[lost:found])
    assert baby in {a.name for a in scenes[found].actors}


@pytest.mark.parametrize("prompt", ["A tired mail carrier falls asleep on a bench", "Le chat s'endort sur le canapé"])
def test_a_sleeper_lies_on_what_the_prompt_says_they_sleep_on(prompt: str) -> None:
    board = write_storyboard(prompt, 4, 1, [])
    asleep = [e for p in board.panels if p.scene for e in p.scene.events if e.action == "sleep" and e.step == "during"]
    assert asleep and all(e.object in ("bench", "sofa") and e.object_at == "under" for e in asleep)
    props = [p.what for panel in board.panels if panel.scene for p in panel.scene.props]
    assert "bench" not in props  # drawn once, under the sleeper, not a second time beside them


def test_a_lost_character_is_not_beside_whoever_lost_them_and_riding_a_cow_is_riding() -> None:
    board = write_storyboard("Le chevalier perd son cheval, alors il monte sur une vache", 4, 7, [])
    horse = next(m.name for m in board.cast if m.kind == "horse")
    lost = [p.scene for p in board.panels if p.scene and any(e.action == "lose" and e.step == "during"
                                                             for e in p.scene.events)]
    assert lost and all(horse not in {a.name for a in s.actors} for s in lost)
    assert all(e.object_at == "gone" for s in lost for e in s.events if e.action == "lose")
    rides = [e for p in board.panels if p.scene for e in p.scene.events if e.action == "ride"]
    assert rides and all(e.object_at in ("under", "beside") for e in rides)


def test_the_last_panel_is_drawn_at_the_time_the_story_lasts_until() -> None:
    board = write_storyboard("A cricket plays the trumpet in a cornfield at night, and a scarecrow dances with him "
                             "until sunrise.", 4, 11, [])
    assert [p.scene.time for p in board.panels] == ["night", "night", "night", "dawn"]
    assert not any(prop.what == "sunrise" for p in board.panels for prop in p.scene.props)


def test_a_journey_to_the_place_starts_from_the_hero_s_role_s_place() -> None:
    """'Un pirate … navigue vers l'île': he set off from a park; a pirate starts on the beach."""
    sb = write_storyboard("Un pirate trouve une carte au trésor dans une bouteille et navigue vers l'île.", 4, 5, [])
    settings = [p.scene.setting for p in sb.panels if p.scene is not None]
    assert settings[0] == "beach" and settings[-1] == "island", settings
