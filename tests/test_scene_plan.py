"""The scene plan: cast with kind, role and gender; things; place; time; weather; story shape; language."""

from __future__ import annotations

import json

import pytest

from services.config import ASSETS_DIR
from services.language import lexicon
from services.story import scene_plan as scene_plan_module
from services.story.concepts import Concept
from services.story.elements import seeded_random
from services.story.language import detect_language
from services.story.scene_plan import build_plan
from services.story.story_shapes import choose_shape, shapes_named


def cast_of(prompt: str, seed: int = 1) -> list[tuple[str, str | None, str]]:
    return [(c.kind, c.role, c.gender) for c in build_plan(prompt, seed).cast]


def test_roles_kinds_and_genders_come_from_the_prompt() -> None:
    assert cast_of("A little girl and her grandpa build a snowman")[:2] == [("child", None, "female"),
                                                                           ("elder", "grandpa", "male")]
    assert cast_of("Two chefs argue about the best cake recipe") == [("person", "chef", ""), ("person", "chef", "")]
    assert cast_of("An old lighthouse keeper befriends a lost whale")[0] == ("elder", "keeper", "")
    assert cast_of("A shy violinist plays on the subway. She is brave.")[0] == ("person", "violinist", "female")
    assert cast_of("La cheffe prépare une soupe")[0] == ("person", "chef", "female")
    assert cast_of("Die Köchin und der Koch streiten") == [("person", "chef", "female"), ("person", "chef", "male")]
    assert cast_of("Una niña y su abuela pescan")[:2] == [("child", None, "female"), ("elder", "grandma", "female")]


def test_names_fit_the_role_and_gender() -> None:
    for seed in range(12):
        names = [c.name for c in build_plan("A little girl and her grandpa build a snowman", seed).cast]
        assert names[1].startswith("Grandpa ") and not names[0].startswith(("Grandpa", "Old"))
        knight = build_plan("A knight is afraid of a tiny dragon", seed).cast[0]
        assert knight.name.split()[0] in {"Sir", "Dame"}
        assert build_plan("Grand-père raconte une histoire", seed).cast[0].name.startswith("Papi ")


def test_a_role_word_before_a_creature_is_that_creature_s_role() -> None:
    plan = build_plan("A detective cat searches a rainy city at night", 1)
    assert [(c.kind, c.role) for c in plan.cast] == [("cat", "detective")]
    assert plan.time == "night" and plan.weather == "rain" and plan.setting == "city"


def test_a_role_word_right_after_its_plural_subject_is_the_verb() -> None:
    # "two rival chefs cook soup": two chefs (both in chef's hats), and "cook" is what they do, not a third cook
    plan = build_plan("Two rival chefs cook soup for the king in the castle", 1, [])
    assert [(c.kind, c.role) for c in plan.cast] == [("person", "chef"), ("person", "chef"), ("person", "king")]
    assert [c.role for c in build_plan("A cook and a knight meet", 1, []).cast] == ["chef", "knight"]


def test_become_friends_is_a_relation_not_two_more_characters() -> None:
    assert len(build_plan("A cat and a dog become friends", 1).cast) == 2


def fake_concepts(prompt: str) -> list[Concept]:
    """What the pictogram vocabulary answers for nouns the first lexicon does not know."""
    vocabulary = {"whale": "cast", "frog": "cast", "moon": "prop", "boot": "prop", "pond": "setting",
                  "violin": "prop", "subway": "setting", "storm": "weather", "balloon": "prop", "fair": "setting"}
    found = []
    lowered = prompt.lower()
    for word, role in vocabulary.items():
        at = lowered.find(word)
        if at >= 0:
            found.append((at, Concept(what=word, role=role, words=[prompt[at:at + len(word)]])))
    return [c for _, c in sorted(found, key=lambda pair: pair[0])]


@pytest.fixture
def picto_vocabulary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scene_plan_module, "prompt_concepts", fake_concepts)


@pytest.mark.usefixtures("picto_vocabulary")
def test_concepts_from_a_larger_vocabulary_become_cast_things_and_places() -> None:
    plan = build_plan("A detective frog investigates who stole the pond's moon reflection", 1)
    assert [(c.kind, c.role) for c in plan.cast] == [("frog", "detective")]
    assert plan.setting == "pond" and [(t.what, t.where) for t in plan.things] == [("moon", "sky")]
    assert plan.shape == "mystery"
    keeper = build_plan("An old lighthouse keeper befriends a lost whale during a storm", 1)
    assert [c.kind for c in keeper.cast] == ["elder", "whale"] and keeper.weather == "storm"
    assert keeper.shape == "friendship"


@pytest.mark.parametrize(("prompt", "shape"), [
    ("An old lighthouse keeper befriends a lost whale", "friendship"),
    ("A robot builds a treehouse", "making"),
    ("A knight is afraid of a tiny dragon", "fear"),
    ("Two chefs argue about the best cake recipe", "quarrel"),
    ("A fox steals a pie", "mystery"),
    ("A fisherman catches an old boot", "surprise_catch"),
    ("A cherry tree blooms in the park", "transformation"),
    ("Two astronauts are stuck in an elevator", "stuck_escape"),
    ("A dog gets lost in the city", "lost_found"),
    ("A ghost teaches a child to play the piano", "teaching"),
    ("A penguin and a bear race across the ice", "contest"),
    ("A rabbit chases a runaway balloon", "chase"),
    ("The princess rescues a prince from a tower", "rescue"),
    ("Two rival wizards meet", "rivals"),
    ("A dinosaur travels by train to the seaside", "journey"),
    ("Un chien perdu retrouve sa famille", "lost_found"),
    ("Die Köchin und der Koch streiten über die Suppe", "quarrel"),
    ("Un caballero y un dragón se hacen amigos", "friendship"),
    # More specific shapes win over a spectacle, or over friends the cast is only called:
    ("At the wedding a dog steals the cake", "mystery"),  # a story told at the show is that story
    ("A frog watches a fox steal a pie", "mystery"),
    ("A dog is scared of fireworks", "fear"),
    ("A baker makes a wedding cake", "making"),
    ("Two friends build a treehouse", "making"),  # friends by name, a making story
    ("Two friends argue about pizza", "quarrel"),
    ("A pirate and a mermaid become friends on a tiny island", "friendship"),  # not a transformation
    ("A boy loses his watch", "lost_found"),
    ("Une chèvre grimpe la montagne", "journey"),
    ("Ein Mädchen klettert auf den Berg", "journey"),
    ("Una niña sube la montaña", "journey"),
])
def test_the_story_shape_comes_from_the_verbs(prompt: str, shape: str) -> None:
    assert shapes_named(prompt)[0] == shape


@pytest.mark.parametrize("prompt", [
    "Two friends watch fireworks over the city", "Friends celebrate a birthday in the park",
    "A girl and her grandpa look at the stars at night", "The family goes to a parade", "A bear goes to a concert",
    "Deux amis regardent le feu d'artifice sur la ville", "Une fille fête son anniversaire au parc",
    "Zwei Freunde schauen das Feuerwerk über der Stadt an", "Ein Bär feiert Geburtstag im Wald",
    "Dos amigos miran los fuegos artificiales sobre la ciudad", "Una niña celebra su cumpleaños en la playa",
])
def test_watching_a_show_or_celebrating_is_a_spectacle_in_four_languages(prompt: str) -> None:
    """Friends the cast is only called (and a trip that goes to the show) step back for the spectacle."""
    assert shapes_named(prompt)[0] == "spectacle"
    assert build_plan(prompt, 1).shape == "spectacle"


@pytest.mark.parametrize("prompt", ["A robot repairs a pocket watch", "A dog keeps watch over the sheep",
                                    "A dragon sneezes fire on a birthday cake", "A boy shows his painting to a dog"])
def test_a_watch_a_birthday_cake_or_showing_something_is_no_spectacle(prompt: str) -> None:
    assert "spectacle" not in shapes_named(prompt)


def test_no_verb_gives_a_seeded_everyday_shape() -> None:
    shapes = {choose_shape("Zombies", seeded_random("s", seed)) for seed in range(20)}
    assert shapes and shapes <= {"day_out", "journey", "friendship"} and len(shapes) > 1
    assert "surprise_catch" not in shapes_named("A robot window winter")  # no verb fragments inside words


@pytest.mark.parametrize(("prompt", "language"), [
    ("A robot learns to paint", "en"), ("Un chien perdu retrouve sa famille à Paris", "fr"),
    ("Ein kleiner Roboter sucht seinen Freund im Wald", "de"), ("Una niña y su abuela pescan en el lago", "es"),
    ("Un gatto e un cane giocano nel parco", "other"), ("机器人学画日落", "other"), ("Zombies", "en"),
])
def test_the_prompt_language_is_read(prompt: str, language: str) -> None:
    assert detect_language(prompt) == language


def test_the_place_is_named_in_the_caption_language() -> None:
    paris = build_plan("Un chien perdu retrouve sa famille à Paris", 1)
    assert paris.language == "fr" and paris.in_place == "à Paris" and paris.setting_phrase == "Paris"
    forest = build_plan("Ein kleiner Roboter sucht seinen Freund im Wald", 1)
    assert forest.language == "de" and forest.in_place == "im Wald"


@pytest.mark.parametrize("prompt, language, cast, role, thing", [
    ("Un gato astronauta arregla un cohete", "es", "cat", "astronaut", "rocket"),
    ("Un perro bombero apaga un fuego", "es", "dog", "firefighter", "fire"),
    ("Un chat pirate cherche un trésor", "fr", "cat", "pirate", "treasure"),
    ("Ein Hund spielt Fußball im Park", "de", "dog", None, "ball"),
])
def test_a_shared_article_does_not_decide_the_language_and_a_role_after_a_creature_is_its_role(
        prompt: str, language: str, cast: str, role: str | None, thing: str) -> None:
    """'un' is French and Spanish: the nouns (gato, cohete) tell; 'gato astronauta' is one cat in a helmet."""
    plan = build_plan(prompt, seed=11)
    assert detect_language(prompt) == language and plan.language == language
    assert [(c.kind, c.role) for c in plan.cast] == [(cast, role)]
    assert thing in [t.what for t in plan.things]


def test_an_octopus_is_one_and_a_named_club_is_its_place() -> None:
    """'octopus' ends in s and is one creature; 'a jazz club' is the place, not the octopus's home underwater."""
    plan = build_plan("An octopus plays the drums at a jazz club at midnight", seed=11)
    assert [c.kind for c in plan.cast] == ["octopus"] and plan.setting == "club"
    assert [c.kind for c in build_plan("Two octopuses dance", seed=11).cast] == ["octopus", "octopus"]


@pytest.mark.parametrize(("prompt", "phrase"), [
    ("A cat reads a book at the laundromat", "at the laundromat"), ("A monkey juggles at the car wash", "at the car wash"),
    ("An octopus juggles in a launderette", "in a launderette"),
])
def test_a_place_the_art_cannot_paint_is_a_neutral_backdrop_not_the_hero_s_home(prompt: str, phrase: str) -> None:
    plan = build_plan(prompt, seed=1)
    assert plan.setting == "backdrop" and plan.in_place == phrase
    assert len(plan.cast) == 1  # no one of the hero's kind the prompt did not ask for


@pytest.mark.parametrize("prompt", ["A dog naps in the morning", "A girl waits in the rain", "A cat hides in a box",
                                    "A robot learns to paint in a hurry"])
def test_a_time_weather_or_object_phrase_is_not_a_place(prompt: str) -> None:
    assert build_plan(prompt, seed=1).setting != "backdrop"


def test_the_owned_one_leads_the_story_the_owner_comes_second() -> None:
    assert cast_of("The baker's daughter finds a lost kitten")[:2] == [("child", "girl", "female"),
                                                                      ("person", "baker", "")]
    assert [c.kind for c in build_plan("The king's cat steals the crown", 1).cast] == ["cat", "person"]
    assert cast_of("A girl and her dog")[0] == ("child", None, "female")  # no possessive: order kept


def test_a_fire_burns_on_the_ground_and_putting_it_out_is_a_rescue() -> None:
    plan = build_plan("A firefighter dog puts out a fire in the town", 1)
    assert [(t.what, t.where) for t in plan.things] == [("fire", "ground")]
    assert plan.shape == "rescue"
    assert choose_shape("Der Hund löscht das Feuer", seeded_random(1)) == "rescue"


@pytest.mark.parametrize(("prompt", "phrase", "in_place"), [
    ("Ein Hund fährt mit dem Boot durch die Stadt", "die Stadt", "in der Stadt"),
    ("Eine Katze läuft durch den Wald", "der Wald", "im Wald"),
    ("Ein Kind spielt am Strand", "der Strand", "am Strand"),
    ("Der Hund schwimmt im See", "der See", "im See"),
])
def test_german_places_keep_their_gender_and_take_the_dative(prompt: str, phrase: str, in_place: str) -> None:
    plan = build_plan(prompt, 1)
    assert (plan.setting_phrase, plan.in_place) == (phrase, in_place)


@pytest.mark.parametrize(("what", "where"), [("boat", "water"), ("paper boat", "water"), ("canoe", "water"),
                                             ("duck", "water"), ("boot", "hand"), ("boat house", "background"),
                                             ("moon", "sky"), ("sunset", "sky"), ("house", "background")])
def test_things_that_float_belong_on_the_water(what: str, where: str) -> None:
    assert scene_plan_module.natural_place(what, first=True) == where


def test_a_boat_on_a_river_is_planned_on_the_water() -> None:
    plan = build_plan("A boat sails down a wide river at sunset", 3)
    assert plan.setting == "river" and plan.time == "sunset"
    assert ("boat", "water") in [(t.what, t.where) for t in plan.things]
    brook = build_plan("A fox drinks from the brook", 1)
    assert brook.setting == "river"


def test_fireworks_and_stars_are_seen_after_dark_unless_the_prompt_says_day() -> None:
    assert build_plan("Two friends watch fireworks over the city", 1).time == "night"
    assert build_plan("A boy catches fireflies in the garden", 1).time == "night"
    assert build_plan("Fireworks light up the sky on a summer day", 1).time == "day"
    assert build_plan("A girl smiles at the moon", 1).time == "day"


def test_what_someone_looks_at_is_not_where_they_are() -> None:
    plan = build_plan("A girl and her dad look at the stars", 1)
    assert plan.setting not in {"space", "backdrop"} and ("stars", "sky") in [(t.what, t.where) for t in plan.things]
    assert build_plan("An astronaut floats among the stars", 1).setting == "space"


@pytest.mark.parametrize("prompt", ["A little robot paints a rainbow, but the rain washes it away",
                                    "A cat eats the fish"])
def test_a_home_the_story_cannot_be_drawn_in_is_not_chosen(prompt: str) -> None:
    """Rain falls outdoors (a robot's lab would hide it); a cat who eats a fish does not live under the sea."""
    setting = build_plan(prompt, 11, []).setting
    assert setting not in ("lab", "underwater"), setting


def test_a_thing_named_in_the_plural_keeps_its_number_in_english() -> None:
    plan = build_plan("The grandmother bakes cookies", 11, [])
    assert [t.phrase for t in plan.things] == ["the cookies"]


def test_a_character_named_again_is_the_same_character() -> None:
    cast = build_plan("A baker sells bread and a mouse steals it, so the baker sets a trap", 1).cast
    assert [(c.kind, c.role) for c in cast] == [("person", "baker"), ("mouse", None)]
    assert len(build_plan("La anciana lee un libro", 1).cast) == 1  # 'anciana' is feminine, not plural
    assert len(build_plan("Die Köchin und der Koch streiten", 1).cast) == 2  # she and he are two cooks


def test_with_no_place_named_the_story_happens_where_its_thing_belongs() -> None:
    """A sandcastle is built on the beach, a sled rides the snow: no street for them when the prompt names none."""
    assert build_plan("A boy builds a sandcastle, but the waves wash it away.", 3).setting == "beach"
    assert build_plan("A penguin rides a sled.", 3).setting == "snowfield"
    usual = json.loads((ASSETS_DIR / "usual_places.json").read_text(encoding="utf-8"))
    settings = set(lexicon.keys("settings"))
    assert {place for part in ("roles", "kinds", "things") for place in usual[part].values()} <= settings


@pytest.mark.parametrize(("prompt", "name"), [
    ("After Santa delivers the presents to the kids, he drinks a cup of cocoa.", "Santa"),
    ("Le père Noël perd son traîneau", "Père Noël"),
    ("Bigfoot plays the guitar", "Bigfoot"),
])
def test_a_figure_known_by_its_title_is_called_by_it(prompt: str, name: str) -> None:
    assert name in [member.name for member in build_plan(prompt, 3).cast]


def test_no_one_is_called_a_word_of_the_story_in_any_form() -> None:
    for seed in range(6):
        names = {m.name for m in build_plan("A penguin waddles to the edge of the ice.", seed).cast}
        assert "Waddle" not in names


@pytest.mark.parametrize(("prompt", "phrase"), [
    ("A little vampire is afraid of the dark, so his big sister reads him a story.", "the story"),
    ("Grandpa reads a spooky story to the puppies", "the spooky story"),
    ("Mama liest dem kleinen Max eine Geschichte vor", "die Geschichte"),
    ("El abuelo le lee un cuento a su nieta", "el cuento"),
])
def test_a_story_read_aloud_is_drawn_as_a_book_and_called_as_the_prompt_called_it(prompt: str, phrase: str) -> None:
    plan = build_plan(prompt, 3)
    reading = next(e for e in plan.events if e.action == "read")
    assert reading.object == "book" and reading.recipient and reading.recipient != reading.object
    assert [t.phrase for t in plan.things if t.what == "book"] == [phrase]


def test_giant_before_a_noun_is_a_size_not_a_giant() -> None:
    assert [m.role for m in build_plan("A farmer plants a seed and a giant beanstalk grows", 3).cast] == ["farmer"]


@pytest.mark.parametrize(("prompt", "kinds"), [
    ("Un petit renard tombe et sa maman le console", ["fox", "fox"]),  # an animal's mother is of its kind
    ("A baby owl is scared, so her big sister sings to her", ["owl", "owl"]),
    ("A girl and her mother bake a cake", ["child", "person"]),  # a girl's mother is a person
    ("A fox meets a mother in the forest", ["fox", "person"]),  # no 'his', no family
])
def test_an_animal_heros_family_is_of_its_kind(prompt: str, kinds: list[str]) -> None:
    assert [c.kind for c in build_plan(prompt, 3).cast] == kinds


def test_a_general_noun_said_again_is_the_creature_it_names() -> None:
    """'the grateful bird' after 'a parrot' is the parrot, and 'the dog' after 'a corgi' the corgi; 'a bird' is new."""
    assert [c.kind for c in build_plan("A firefighter rescues a parrot, and the grateful bird sings.", 1).cast] == [
        "person", "parrot"]
    corgi = build_plan("A corgi finds a bone and the dog buries it.", 1)
    assert [c.kind for c in corgi.cast] == ["corgi"] and corgi.events[1].actors == [corgi.cast[0].name]
    assert [c.kind for c in build_plan("A parrot meets a bird.", 1).cast] == ["parrot", "bird"]
    owl = build_plan("A sleepy owl reads a book to the baby birds until they fall asleep.", 1)  # several: others
    assert [c.kind for c in owl.cast] == ["owl", "bird", "bird"]


@pytest.mark.parametrize(("prompt", "built", "setting"), [
    ("Los tres cerditos construyen una casa de chocolate, pero el lobo se la come", "home", "farm"),
    ("Three mice are building a tiny house out of matchsticks.", "home", "forest"),
    ("The little robot builds a tall block tower, but the toddler smashes it with a spoon.", "tower", "lab"),
    ("Pendant que maman fait la sieste, les enfants construisent un château de coussins dans le salon.",
     "castle", "home"),
    ("Two penguins build an igloo and sleep inside", "igloo", "snowfield"),
    ("Ein Eisbär baut ein Iglu", "igloo", "snowfield"),
])
def test_a_built_house_is_a_thing_built_somewhere_not_where_the_story_starts(prompt: str, built: str,
                                                                             setting: str) -> None:
    plan = build_plan(prompt, 3)
    assert plan.setting == setting and built in {t.what for t in plan.things}
    assert any(e.action == "build" and e.object == built for e in plan.events)


def test_what_a_built_thing_is_made_of_is_no_thing_and_three_little_pigs_are_three() -> None:
    plan = build_plan("Los tres cerditos construyen una casa de chocolate, pero el lobo se la come", 3)
    assert [t.what for t in plan.things] == ["home"] and [c.kind for c in plan.cast].count("pig") == 3
    assert plan.events[-1].action == "eat" and plan.events[-1].object == "home"


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A pigeon steals a pretzel near the Statue of Liberty", "new york"),
    ("Une touriste mange une glace devant la tour Eiffel", "paris"),
    ("Ein Hund bellt den Fernsehturm an", "berlin"),
    ("A waiter drops a tray", "cafe"),
    ("A lifeguard rescues a seagull", "beach"),
    ("A magician pulls a rabbit out of a hat", "stage"),
    ("A dolphin jumps through a hoop", "beach"),
])
def test_with_no_place_named_a_landmark_a_role_or_a_kind_says_where(prompt: str, setting: str) -> None:
    """The city a landmark stands in comes first; then where a role works or a creature lives."""
    assert build_plan(prompt, 3).setting == setting


def test_a_guard_is_a_person_in_every_language() -> None:
    for prompt in ("A ghost scares the night guard", "Un fantôme effraie le gardien", "Ein Geist erschreckt den Wächter",
                   "Un fantasma asusta al guardia"):
        assert "guard" in [m.role for m in build_plan(prompt, 3).cast], prompt


def test_a_verb_spelt_like_a_place_is_no_place() -> None:
    """'lo cocina en la playa': cooked on the beach, not in the kitchen ('cocina') the verb is spelt like."""
    assert build_plan("La pescadora atrapa un pez y lo cocina en la playa", 7).setting == "beach"
    assert build_plan("Le chef cuisine une soupe", 7).setting == "kitchen"  # where cooking is usually done


@pytest.mark.parametrize(("prompt", "weather"), [
    ("Il commence à pleuvoir et le chat court à la maison", "rain"), ("Es fängt an zu regnen", "rain"),
    ("Empieza a llover y el perro corre a casa", "rain"), ("It rained all day, so the ducks were happy", "rain"),
    ("Il se met à neiger sur le village", "snow"), ("Es beginnt zu schneien", "snow"),
    ("Empieza a nevar en el bosque", "snow"),
])
def test_weather_said_by_its_verb_is_the_weather(prompt: str, weather: str) -> None:
    assert build_plan(prompt, seed=7).weather == weather


@pytest.mark.parametrize(("prompt", "start", "later"), [
    ("A grasshopper plays the trumpet in a cornfield at night, and the scarecrow dances with him until sunrise.",
     "night", "dawn"),
    ("Un ours polaire et un phoque se disputent sur la banquise jusqu'au coucher du soleil.", "day", "sunset"),
    ("Ein Fuchs tanzt bis zum Sonnenaufgang im Wald.", "night", "dawn"),
    ("Un gato baila en la ciudad hasta el amanecer.", "night", "dawn"),
    ("Two owls talk in the forest until the sun goes down.", "day", "sunset"),
    ("A pirate sails at sunset.", "sunset", None),
    ("The goats search the caves until they find the horn.", "day", None),
    ("A robot dances at night until midnight.", "night", None),
])
def test_a_story_lasting_until_another_time_ends_at_it(prompt: str, start: str, later: str | None) -> None:
    """'Dances until sunrise': the night is the story's time, the dawn its last panel's; the sunrise (or the sun
    going down) is the sky's, never a thing pasted in it."""
    plan = build_plan(prompt, 3)
    assert (plan.time, plan.later_time) == (start, later)
    if later:
        assert not {t.what for t in plan.things} & {"sunrise", "sunset", "sun", "dawn"}, plan.things


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A clumsy octopus cook in a seaside restaurant kitchen juggles six eggs.", "kitchen"),  # the run's head
    ("A fox sleeps in a forest cave.", "cave"),
    ("A lighthouse keeper and her dog fix the lamp and guide a fishing boat safely home.", "lighthouse"),
    ("A cat sleeps at home.", "home"),
    ("A dog walks home through the park.", "park"),  # walking home: a way, not a place
])
def test_the_place_is_the_head_of_its_words_and_going_home_is_no_place(prompt: str, setting: str) -> None:
    assert build_plan(prompt, 11).setting == setting


@pytest.mark.parametrize(("prompt", "setting", "phrase"), [
    ("A teapot sings opera in a dusty antique shop in London until the owner wakes up.", "shop", "the shop"),
    ("A raccoon steals a baguette from a bakery in Paris and hides it.", "bakery", "the bakery"),
    ("A robot waiter drops a tray of soup at a crowded sushi restaurant in Tokyo.", "restaurant", "the restaurant"),
    ("A dragon paints a self-portrait in the Louvre while tourists take photos.", "louvre", "the Louvre"),
    ("Un chat vole une tarte au musée du Louvre.", "louvre", "le musée du Louvre"),
    ("A girl eats a croissant in Paris.", "paris", "Paris"),  # no closer place named: the city
])
def test_a_place_named_in_a_city_is_where_it_happens(prompt: str, setting: str, phrase: str) -> None:
    """'an antique shop in London' happens in the shop (it was London's street, and the run 'shop in London'
    took the city as its head); the city stays what is around it."""
    plan = build_plan(prompt, 11)
    assert (plan.setting, plan.setting_phrase) == (setting, phrase)


@pytest.mark.parametrize(("prompt", "setting", "phrase", "in_place"), [
    ("A photographer hikes up Mount Fuji at dawn.", "mount fuji", "Mount Fuji", "on Mount Fuji"),
    ("Three kids build a sandcastle on Bondi Beach.", "beach", "Bondi Beach", "on Bondi Beach"),
    ("In Central Park, a penguin loses its scarf.", "park", "Central Park", "in Central Park"),
    ("A lifeguard swims out at Lake Tahoe to rescue a dog.", "lake", "Lake Tahoe", "at Lake Tahoe"),
    ("Una niña enseña a bailar a su abuelo en una plaza de Sevilla.", "town square", "la plaza", "en una plaza"),
    ("Two robots repair a broken Ferris wheel at the fair.", "fair", "the fair", "at the fair"),  # no 'At Ferris wheel'
])
def test_a_named_place_is_called_by_its_whole_name(prompt: str, setting: str, phrase: str, in_place: str) -> None:
    """It was 'in the mount fuji' and 'This is Beach.'; Tahoe and Sevilla were people."""
    plan = build_plan(prompt, 11)
    assert (plan.setting, plan.setting_phrase, plan.in_place) == (setting, phrase, in_place)
    assert not {"Tahoe", "Sevilla"} & {c.name for c in plan.cast}


def test_a_capitalised_word_before_a_place_names_the_place_not_someone() -> None:
    plan = build_plan("A pizza chef tosses dough too high in his Naples pizzeria and it lands on a customer's head.", 11)
    assert "Naples" not in {c.name for c in plan.cast} and plan.setting == "restaurant"
    assert all(e.object != "Naples" for e in plan.events)


def test_an_unknown_thing_mended_is_not_the_forest_around_it() -> None:
    plan = build_plan("Ein kleiner Roboter repariert die Kuckucksuhr in einer Werkstatt im Schwarzwald.", 11)
    fix = next(e for e in plan.events if e.action == "fix")
    assert fix.object is None and fix.object_words == "die Kuckucksuhr"


@pytest.mark.parametrize("prompt", ["Dans un château hanté, un petit monstre cache les clés du roi.",
                                    "Im Spukschloss tanzt ein Geist.", "En un castillo encantado vive un fantasma.",
                                    "A ghost lives in a haunted castle."])
def test_a_haunted_castle_is_a_castle(prompt: str) -> None:
    """It was the haunted-house pictogram on a blank backdrop; the castle is painted."""
    assert build_plan(prompt, 11).setting == "castle"


@pytest.mark.parametrize(("prompt", "weather"), [
    ("Two kids have a snowball fight in the schoolyard.", "snow"),  # it was a summer lawn
    ("Two kids build a snowman in the park.", "snow"),
    ("A girl builds a snowman in the kitchen.", "clear"),  # indoors: no snow falls
    ("A snowman melts in the sun.", "clear"),
    ("An astronaut builds a snowman on Mars with red dust.", "clear"),  # no snow falls on Mars
    ("Two kids build a snowman in the rain.", "rain"),  # the prompt's own weather wins
])
def test_snow_things_bring_snow_unless_said_otherwise(prompt: str, weather: str) -> None:
    assert build_plan(prompt, 5).weather == weather


@pytest.mark.parametrize(("prompt", "phrase"), [
    ("Eine Katze schläft im Korb in der Küche, bis der Hund bellt.", "die Küche"),  # was 'der Küche'
    ("Der Hund spielt in der Garage.", "die Garage"),
    ("Der Hund spielt im Park.", "der Park"),
])
def test_a_german_place_after_a_preposition_keeps_its_own_article(prompt: str, phrase: str) -> None:
    assert build_plan(prompt, 5).setting_phrase == phrase


@pytest.mark.parametrize(("prompt", "setting"), [
    ("A robot and a girl build a sandcastle, but a wave washes it away.", "beach"),  # was the robot's lab
    ("An astronaut eats a cookie.", "space"),  # a role's place before a thing's
    ("A robot dances.", "lab"),  # nothing else says where: its kind's place
])
def test_with_no_place_named_a_role_then_a_thing_then_a_kind_says_where(prompt: str, setting: str) -> None:
    assert build_plan(prompt, 5).setting == setting


def test_a_person_a_place_is_known_for_is_whom_not_where() -> None:
    """'gives a pearl to a sailor on a ship': the sailor was read as his lighthouse, the pearl as the ship."""
    plan = build_plan("A mermaid gives a pearl to a sailor on a ship during a storm.", 5)
    assert plan.setting == "sea" and [(e.action, e.object) for e in plan.events] == [("give", "pearl")]


@pytest.mark.parametrize(("prompt", "setting", "absent"), [
    ("A waiter carries a three-tier wedding cake up the stairs.", "cafe", "wedding"),  # a cake for a wedding
    ("A boy loses his picnic basket in the park.", "park", "picnic"),
    ("A monkey steals sunglasses from a tourist at the Taj Mahal.", "taj mahal", "Mahal"),  # a named place, no one
])
def test_an_occasion_before_a_thing_and_a_famous_name_after_the_are_no_place_or_person(prompt: str, setting: str,
                                                                                       absent: str) -> None:
    plan = build_plan(prompt, 5)
    assert plan.setting == setting and absent not in {c.name for c in plan.cast} | set(plan.landmarks)


@pytest.mark.parametrize(("prompt", "setting", "phrase", "in_place"), [
    ("A dog sleeps in Brooklyn.", "brooklyn", "Brooklyn", "in Brooklyn"),
    ("Ein Eichhörnchen tanzt in Wien.", "vienna", "Wien", "in Wien"),  # a German city takes no article
    ("Un chat joue du violon à Lyon.", "lyon", "Lyon", "à Lyon"),
    ("A goat eats a hat in Kathmandu.", "kathmandu", "Kathmandu", "in Kathmandu"),
])
def test_a_city_of_the_world_is_the_city_it_names(prompt: str, setting: str, phrase: str, in_place: str) -> None:
    """'in Hamburg' was a beach, 'in Chicago' a seeded park: a city the vocabulary knows is that city, painted as a
    city and said by its name."""
    plan = build_plan(prompt, 11)
    assert (plan.setting, plan.setting_phrase, plan.in_place) == (setting, phrase, in_place)
    assert scene_plan_module.painted_kind(plan.setting) in ("city", "street")


@pytest.mark.parametrize(("prompt", "setting", "landmark"), [
    ("A mail carrier slips on an icy sidewalk in Chicago.", "street", "chicago"),
    ("During a thunderstorm in the Scottish Highlands, a shepherd hides in a ruined castle.", "castle", None),
    ("A boy eats a pretzel at the Eiffel Tower.", "paris", None),  # the tower is no castle's
])
def test_a_place_named_inside_a_city_or_region_is_where_it_happens(prompt: str, setting: str,
                                                                   landmark: str | None) -> None:
    plan = build_plan(prompt, 11)
    assert plan.setting == setting and (landmark is None or landmark in plan.landmarks)


@pytest.mark.parametrize(("prompt", "place_words"), [
    ("During a thunderstorm in the Scottish Highlands, a shepherd hides with his flock.", {"Scottish", "Highlands"}),
    ("Un carpintero de Sevilla construye un barco de madera.", {"Sevilla"}),
    ("Ein Maler streicht einen Gartenzaun in Hamburg grün.", {"Hamburg"}),
])
def test_a_place_s_name_is_nobody_s_name(prompt: str, place_words: set[str]) -> None:
    """'Scottish Highlands the shepherd hides', 'Sevilla' a second carpenter: a name before an apposition or after
    'de' that says a known place is where someone is from or is, never who."""
    plan = build_plan(prompt, 11)
    assert not place_words & {w for c in plan.cast for w in c.name.split()}
    assert all(c.role is None or c.name not in place_words for c in plan.cast)


@pytest.mark.parametrize(("prompt", "instrument"), [
    ("Un pianiste joue dans un petit café, et un chat noir s'endort sur le clavier.", "piano"),
    ("A drummer plays in the park.", "drum"),
    ("Eine Harfenistin spielt im Schloss.", "harp"),
    ("A violinist plays a guitar on the subway.", "guitar"),  # said: the prompt's own
])
def test_what_a_musician_plays_unsaid_is_their_own_instrument(prompt: str, instrument: str) -> None:
    """'Un pianiste joue' drew the pose's guitar, and the cat slept on a computer keyboard."""
    plan = build_plan(prompt, 11)
    assert plan.events[0].action == "play_music" and plan.events[0].object == instrument
    assert [t.what for t in plan.things] == [instrument]


@pytest.mark.parametrize(("prompt", "things"), [
    ("A singer waves to the crowd.", []),  # waves: what she does, no sea wave
    ("A cactus grows into a giant that waves at the students.", ["cactus"]),
    ("A teenager skateboards along the beach.", ["skateboard"]),  # the verb rides it
])
def test_a_word_in_s_after_one_noun_or_that_is_a_verb(prompt: str, things: list[str]) -> None:
    assert [t.what for t in build_plan(prompt, 11).things] == things


@pytest.mark.parametrize(("prompt", "event", "line"), [
    ("A tailor sews a fancy suit for a bear.", ("build", "suit"), "sews the suit"),
    ("Ein Schneider näht einen Anzug.", ("build", "suit"), "näht den Anzug"),
    ("Une girafe sert la soupe par la fenêtre.", ("give", "soup"), None),
    ("Un camarero sirve la sopa a una niña.", ("give", "soup"), None),
])
def test_sewing_is_sewn_and_serving_is_giving(prompt: str, event: tuple[str, str], line: str | None) -> None:
    """The tailor hammered the suit together ('I'll build a fancy suit'), and the giraffe served nothing."""
    from services.story.storyboard_writer import write_storyboard

    plan = build_plan(prompt, 5)
    assert (plan.events[0].action, plan.events[0].object) == event
    if line:
        assert line in " ".join(p.subtitle for p in write_storyboard(prompt, 4, 5, []).panels)


@pytest.mark.parametrize(("prompt", "setting", "weather"), [
    ("A cloud shaped like a sheep rains on a grumpy mailman in downtown Tokyo.", "city", "rain"),
    ("An old teapot wakes up at midnight and hides in the pantry.", "kitchen", "clear"),
])
def test_rain_said_by_its_verb_and_a_pantry_are_drawn(prompt: str, setting: str, weather: str) -> None:
    plan = build_plan(prompt, 5)
    assert (plan.setting, plan.weather) == (setting, weather)


@pytest.mark.parametrize(("prompt", "setting", "landmark", "in_place"), [
    ("A pigeon steals a sandwich in front of Big Ben.", "london", "big ben", "in London"),
    ("A lion sleeps in the Colosseum.", "rome", "colosseum", "in Rome"),
    ("Un niño pinta la Sagrada Familia.", "barcelona", "sagrada familia", "en Barcelona"),
    ("Ein Hund tanzt vor dem Brandenburger Tor.", "berlin", "brandenburg gate", "in Berlin"),
    ("A bear dances on Red Square.", "moscow", "saint basil's cathedral", "in Moscow"),
    ("A monkey steals sunglasses from a tourist at the Taj Mahal.", "taj mahal", None, "at the Taj Mahal"),
    ("A dragon flies over the Great Wall of China.", "great wall", None, "on the Great Wall of China"),
])
def test_a_famous_landmark_says_its_city_and_stands_behind(prompt: str, setting: str, landmark: str | None,
                                                            in_place: str) -> None:
    """'at the Taj Mahal' was a blank backdrop, 'vor dem Brandenburger Tor' was said 'berlin' with no 'in'."""
    plan = build_plan(prompt, 5)
    assert (plan.setting, plan.in_place) == (setting, in_place)
    assert landmark is None or (landmark, "background") in {(t.what, t.where) for t in plan.things}


@pytest.mark.parametrize(("prompt", "after"), [
    ("A wizard turns into a giant owl on top of a castle tower and flies away over the mountains.", ("fly", "owl")),
    ("A frog turns into a prince and kisses the princess.", ("kiss", "person")),
])
def test_one_who_became_another_acts_as_the_new_form(prompt: str, after: tuple[str, str]) -> None:
    """The wizard flew away beside the owl he had become."""
    plan = build_plan(prompt, 5)
    kinds = {c.name: c.kind for c in plan.cast}
    event = plan.events[1]
    assert (event.action, kinds[event.actors[0]]) == after


@pytest.mark.parametrize(("prompt", "setting", "kind"), [
    ("A penguin gets lost in Iceland.", "iceland", "snowfield"),
    ("Un perroquet chante dans la forêt amazonienne.", "amazon rainforest", "jungle"),
    ("Ein Seehund schwimmt in der Donau.", "danube", "river"),
    ("Nessie hides in Loch Ness.", "loch ness", "pond"),
])
def test_famous_lands_and_rivers_are_painted_as_what_they_are(prompt: str, setting: str, kind: str) -> None:
    plan = build_plan(prompt, 5)
    assert plan.setting == setting and scene_plan_module.painted_kind(setting) == kind


@pytest.mark.parametrize(("prompt", "place"), [
    ("The librarian reads a book.", "library"),  # her library, not a living room
    ("A grandma reads a book.", "home"),
    ("Un vieux monsieur lit le journal sur un banc.", "park"),
    ("An old man reads a book on a bench.", "park"),  # the bench says where, not the book
    ("A chef cooks soup.", "kitchen"),
])
def test_with_no_place_named_a_role_s_place_beats_an_action_done_anywhere(prompt: str, place: str) -> None:
    assert build_plan(prompt, 3).setting == place


@pytest.mark.parametrize(("prompt", "kind"), [
    ("A lonely umbrella falls in love with a red raincoat at a crowded bus stop.", "umbrella"),
    ("Die Teekanne hüpft vom Tisch und versteckt sich im Garten.", "teapot"),
])
def test_a_thing_that_does_what_only_the_living_do_comes_alive(prompt: str, kind: str) -> None:
    """It is the comic's character, drawn as itself, not a stranger nobody named standing beside it."""
    assert [c.kind for c in build_plan(prompt, 3).cast] == [kind]


@pytest.mark.parametrize("prompt", [
    "A boat sails down a wide river at sunset",  # a boat sails: no character
    "The vending machine refuses to give a snack, so the intern shakes it.",  # the intern stays
])
def test_a_thing_doing_what_things_do_stays_a_thing(prompt: str) -> None:
    plan = build_plan(prompt, 3)
    assert not any(c.kind in ("boat", "vending machine", "machine") for c in plan.cast), plan.cast
