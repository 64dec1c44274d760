"""Bayko's scene plan: what a prompt asks to see, read once, before any panel is written.

The plan holds the cast (name, kind as a plain English noun, role word, gender where
the prompt says), the things they use or want, the place and its landmarks, time,
weather, mood, the story shape the verbs call for, and the caption language. Both
storytellers build their panels' scenes from it, so every named creature, object
and place is drawn, and the renderer always has a scene to draw.
"""

from __future__ import annotations

import random
import re

from services import vocabulary
from services.config import word_lists
from services.language import lexicon
from services.language.detection import WRITTEN, Language
from services.language.grammar import grammar
from services.language.lemmas import lemma, tokens
from services.memory import world_facts
from services.reading import HUMAN_KINDS, PlannedCharacter, PlannedThing, ScenePlan, StoryEvent
from services.story.cast_reading import read_cast, whole_groups
from services.story.compounds import hold_together
from services.story.concepts import Concept, prompt_concepts
from services.story.elements import MADE_OF, made_thing, only_a_shape, seeded_random
from services.story.events import VerbSpan, read_events, verb_spans
from services.story.implied_objects import played_by_role, ridden_by_verb
from services.story.language import (
    BARE,
    caption_language,
    definite_phrase,
    detect_language,
    function_words,
    place_phrase,
)
from services.story.place_reading import (
    LANDMARK_PLACES,
    english_place,
    painted_kind,
    read_place,
    shop_goods,
    whole_place_name,
)
from services.story.request_frame import story_part
from services.story.roles import ROLE_WORDS, fresh_name
from services.story.story_shapes import choose_shape
from services.story.thing_states import not_the_adjective, place_state, with_states
from services.story.translation import local_in_place, local_place, translate_plan
from services.vocabulary.actions import action as vocabulary_action
from services.vocabulary.actions import vocabulary as action_vocabulary

_WORDS = word_lists("story.scene_plan")
# "afraid of the dark": the dark a fear is of, drawn as the darkness (assets/actions.json, fear's shown_as)
DARKNESS_WORDS = frozenset(vocabulary_action("fear").shown_as["darkness"])
# Where a reader looks for a thing that nobody holds.
SKY_THINGS: set[str] = set(_WORDS["sky_things"])
ALIVE_ACTIONS: set[str] = set(_WORDS["alive_actions"])  # a thing doing one comes alive: a character of its own
BACKGROUND_THINGS: set[str] = set(_WORDS["background_things"])
GROUND_THINGS: set[str] = set(_WORDS["ground_things"])  # a fire burns on the ground, nobody holds it
# Things that float: on the painted water when the place has some (a river, a pond, the sea), else far off.
WATER_THINGS: set[str] = set(_WORDS["water_things"])
NIGHT_THINGS: set[str] = set(_WORDS["night_things"])
SNOW_THINGS: set[str] = set(_WORDS["snow_things"])  # things made of snow or for it: it has snowed
SNOWLESS: set[str] = set(_WORDS["snowless_places"])  # "a snowman of red dust on Mars": no snow falls there
SENSES: dict[str, dict] = _WORDS["senses_by_action"]
DAY_WORDS = re.compile(r"\b(?:" + "|".join(_WORDS["day_words"]) + r")\b", re.IGNORECASE)
TIME_WORDS: dict[str, str] = {time: "|".join(said) for time, said in _WORDS["time_words"].items()}
# "dances until sunrise": the story lasts until that time, and its last panel is drawn at it.
UNTIL = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in _WORDS["until_words"]) +
                   r")\s+((?:[^\W\d_]+['’]?\s*){1,4})", re.IGNORECASE)
TIME_THINGS: dict[str, str] = _WORDS["time_things"]  # the sunrise is a time of day, drawn by the sky
WEATHER_WORDS: dict[str, str] = {weather: "|".join(said) for weather, said in _WORDS["weather_words"].items()}
# "fly a kite", "flies his drone": the verb has an object that flies, so the hero stands holding its string.
FLIES_A_THING = re.compile(r"\bfl(?:y|ies|ying|ew)\s+(?:a|an|the|his|her|their|my|our|its|some)\s+(\w+(?:\s+\w+)?)"
                           r"|\b(?:fait|font|faire) voler\s+\w+\s+([\w-]+)|\b(?:vuela|vuelan|volar)\s+(?:una|un|su|la|el)\s+(\w+)",
                           re.IGNORECASE)
TEACHER_FIRST = r"\b(?:teach(?:es)?|taught|shows? how|enseigne|apprend à|bringt\w* bei|lehrt|enseña)\b"


def build_plan(prompt: str, seed: int, memories: list[str] | None = None, language: str | None = None) -> ScenePlan:
    """Read a prompt (and accepted memories) into a scene plan; the same prompt and seed give the same plan.
    `language` is the captions' language the person chose; None or "auto" takes the prompt's own. The prompt is
    always read in its own language (its numbers, articles, names), so a choice changes the words, not the story."""
    rng = seeded_random("plan", prompt, seed)
    prompt = story_part(prompt)  # "my son wants a comic where …": the story starts after the frame
    memories = memories or []
    chosen = chosen_or_detected(prompt, language)
    prompt_language = detect_language(prompt)
    language = caption_language(prompt)
    concepts = prompt_concepts(prompt)
    cast = read_cast(prompt, concepts, rng, language, memories)
    reading_language = prompt_language if prompt_language != "other" else "en"
    spans = verb_spans(prompt, reading_language)
    actions = [span.action for span in spans if span.first]
    usual = [vocabulary_action(a).place for a in actions[:1]]
    if actions[:1] in (["teach"], ["learn"]) and len(actions) > 1:  # "teaches him how to fish": by the river
        usual.insert(0, vocabulary_action(actions[1]).place)
    verbs = {prompt[span.start:span.end].lower() for span in spans if span.first}
    # "lo cocina en la playa": a verb, cooked on the beach, not the kitchen ("cocina") it shares a spelling with
    places = [c for c in concepts if c.role != "setting" or not c.words or any(w.lower() not in verbs for w in c.words)]
    setting, place_words, landmarks = read_place(prompt, places, rng, cast, next((p for p in usual if p), None))
    goods = shop_goods(prompt, reading_language) if setting == "shop" else None
    landmarks = [goods, *landmarks] if goods else landmarks  # a shop is known by what it sells, on its shelves
    built = _built_place(prompt, setting, place_words, spans, reading_language)
    if built is not None:  # "construyen una casa": the house is built there, not where the story starts
        others = [c for c in places if built[1] not in c.words and (c.role != "setting" or _after_preposition(
            prompt, c.words, reading_language))]  # "les enfants construisent un château … dans le salon": home
        setting, place_words, landmarks = read_place(prompt, others, rng, cast, next((p for p in usual if p), None))
        if setting == built[0]:
            setting, place_words = "park", []
    things = []
    for thing in _read_things(prompt, concepts, cast, language):
        if thing.words and all(w.lower() in verbs for w in thing.words):
            continue  # "until the rain stops": a verb, not a bus stop
        place_nouns = {w.lower() for p in place_words for w in ([p] if setting != "backdrop" else p.split())}
        if {w.lower() for w in thing.words} & place_nouns and thing.where == "ground":
            continue  # "slips on the ice": the ice is the ground the setting paints, no ice cube behind
        if setting == "tower_top" and thing.what in LANDMARK_PLACES:
            continue  # "on top of the Eiffel Tower": the tower is where they stand, not a thing in the picture
        if {w.lower() for w in thing.words} & place_nouns:
            landmarks.append(thing.what)  # "stuck on the moon": the moon is the ground they stand on, drawn behind
        else:
            things.append(thing)
    if built is not None:
        made_of = re.search(rf"{re.escape(built[1])}\s+(?:de|d'|of|aus|made of|out of)\s+(?:\w+\s+)?([^\W\d_]+)", prompt)
        # "una casa de chocolate", "a house of straw": what it is made of is no thing of its own
        things = [t for t in things if not (made_of and made_of.group(1) in t.words)]
        things.append(PlannedThing(what=built[0], words=[built[1]], where="ground",
                                   phrase=f"the {built[1].lower()}" if language == "en" else
                                   definite_phrase(prompt, built[1], language, built[0])))
    things = hold_together(prompt, things, prompt_language if prompt_language != "other" else "en")
    word = whole_place_name(prompt, place_words[0]) if place_words else ""
    named = bool(word) and all(w[:1].isupper() or w.lower() in function_words("en") for w in word.split()) \
        and word[:1].isupper()  # "Bondi Beach", "the Great Wall of China", not "Ferris wheel"
    if setting == "backdrop" and language == "en":
        setting_phrase = word if word[:1].isupper() else f"the {word}"  # Zorg, the laundromat
        in_place = place_phrase(prompt, word, language, word)
    elif place_words and language == "en" and setting == "tower_top":  # "on top of the Eiffel Tower", as said
        said = re.search(rf"\b(on|at|in)\s+((?:the\s+)?){re.escape(word)}", prompt, re.IGNORECASE)
        setting_phrase = f"the {word}"
        in_place = f"{said.group(1).lower()} {said.group(2)}{word}" if said else f"at the {word}"
    elif place_words and language == "en" and not named:
        setting_phrase, in_place = english_place(setting)
        if setting == "underwater":  # "a whale sings in the sea": the sea, under the sea (not 'the reef')
            setting_phrase = f"the {word.lower()}"
    elif place_words:
        setting_phrase = definite_phrase(prompt, word, language, setting)
        city = language == "de" and setting != "city" and painted_kind(setting) == "city"  # "Wien", never "der Wien"
        if named and (language != "de" or city) and not prompt.startswith(word):
            setting_phrase = word  # a proper name (Paris) takes no article; "the Louvre" keeps the prompt's
            if language == "en" and re.search(rf"\bthe\s+{re.escape(word)}", prompt, re.IGNORECASE):
                setting_phrase = f"the {word}"
        known = local_in_place(setting, language) if language != "en" else None
        if language == "en" and named:  # "hikes up Mount Fuji": on Mount Fuji, never "in the mount fuji"
            kind = painted_kind(setting)
            said_in = "on" if kind == "mountains" else "in" if kind == "street" else english_place(kind)[1].split()[0]
            known = f"{said_in} {setting_phrase}"  # Paris is painted as a street, and one is in Paris
        in_place = place_phrase(prompt, word, language, setting, known if known != setting else None)
        if in_place == f"à {setting_phrase}" and local_place(setting, language) == setting_phrase:
            in_place = local_in_place(setting, language)  # "dans la rue", never "à la rue" (homeless)
    else:
        setting_phrase = english_place(setting)[0] if language == "en" else local_place(setting, language)
        in_place = english_place(setting)[1] if language == "en" else local_in_place(setting, language)
    action = lexicon.find_first("actions", prompt)
    flown = FLIES_A_THING.search(prompt)
    if flown is not None:
        object_words = next(w for w in flown.groups() if w).lower().split()
        action = "holding" if action in (None, "flying") else action
        things = [t.model_copy(update={"where": "hand"}) if any(w.lower() in object_words for w in t.words) else t
                  for t in things]
    (time, later_time, until_words), weather = _read_times(prompt), _read_weather(prompt, concepts)
    if time == "day" and not _says_day(prompt) and ({t.what for t in things} | {c.kind for c in cast}) & NIGHT_THINGS:
        time = "night"  # fireworks, stars and fireflies are seen after dark
    for fact in world_facts.place_facts(memories, prompt):  # "it always snows in Frostvale", unless the prompt says
        if fact.attribute == "weather" and weather == "clear":
            weather = fact.value
        elif fact.attribute == "time" and time == "day":
            time = fact.value
    shape = choose_shape(prompt, rng)
    if shape == "teaching" and len(cast) > 1 and re.search(TEACHER_FIRST, prompt, re.IGNORECASE):
        cast = [cast[1], cast[0], *cast[2:]]  # "a sailor teaches a parrot": the parrot is the one who learns
    events = read_events(prompt, reading_language, cast, things, setting, place_words)
    cast, things, recast = cast_who_acts(cast, things, events, language, rng)
    if recast:
        events = read_events(prompt, reading_language, cast, things, setting, place_words)
    cast, things, events = food_not_characters(cast, things, events)
    grown = whole_groups(cast, prompt, language, rng)
    if len(grown) > len(cast):  # three kittens are three again once the fish they steal is food
        cast, events = grown, read_events(prompt, reading_language, grown, things, setting, place_words)
    things, events = flown_things(things, events)
    things, events = senses_by_action(things, events)
    things, events = played_by_role(cast, things, events, language)
    things, events = ridden_by_verb(things, events, language)
    events = done_by_the_new_form(events)
    things, events = eaten_from_holders(prompt, things, events, concepts, language)
    things, events = feared_dark(prompt, things, events, reading_language, language)  # the dark: its own phrase
    things, events = shown_as_things(prompt, things, events, reading_language, language)
    things = things_done_to(prompt, things, events, cast, [setting, *landmarks], reading_language, language)
    things = [t for t in things if later_time is None or not (  # the sun of "until the sun goes down" is the sky's
        TIME_THINGS.get(t.what) == later_time or {w.lower() for w in t.words} & until_words)]
    if weather == "clear" and ({t.what for t in things} | {c.kind for c in cast}) & SNOW_THINGS \
            and not lexicon.is_indoor(setting) and setting not in SNOWLESS and not any(e.action == "melt" for e in events):
        weather = "snow"  # "a snowball fight in the schoolyard": snow on the ground, not a summer lawn
    said_place = place_state(prompt, place_words, reading_language)  # "a frozen lake"
    things = with_states(prompt, not_the_adjective(things, said_place), reading_language)  # "a broken vase"
    plan = ScenePlan(
        prompt_language=prompt_language, language=language, cast=cast, things=things, setting=setting,
        setting_phrase=setting_phrase, in_place=in_place, landmarks=landmarks, time=time, later_time=later_time,
        weather=weather, mood=lexicon.find_first("moods", prompt) or "happy",
        action=action,
        shape=shape, place_named=bool(place_words), place_words=place_words[:1], events=events,
        place_state=said_place.state if said_place else None, opens_at=_opening_place(prompt, events, setting, place_words),
        places_as_said=_places_as_said(prompt, events, setting, reading_language),
    )
    # A language the person chose over the prompt's: the captions' names for things said in it.
    return translate_plan(plan, prompt, chosen)


def chosen_or_detected(prompt: str, chosen: str | None) -> Language:
    """The captions' language: the person's choice wins; without one, the prompt's (English for any other)."""
    return next((lang for lang in WRITTEN if lang == chosen), None) or caption_language(prompt)


# --- place, things, time, weather ------------------------------------------------------------------

def _built_place(prompt: str, setting: str, place_words: list[str], spans: list[VerbSpan],
                 language: str) -> tuple[str, str] | None:
    """(the setting, the prompt's word for it) when the prompt builds it ('build a house', 'construyen una casa')
    and the art can draw it as a thing (a pictogram); None otherwise."""
    entry = vocabulary.entry(setting)
    if not place_words or entry is None or entry.code is None:
        return None
    word = place_words[0]
    at = prompt.find(word)
    built = [span for span in spans if span.first and span.action == "build" and span.end <= at]
    between = prompt[built[-1].end:at].split() if built else None
    prepositions = {w.lower() for w in grammar()[language]["prepositions"]}
    return (setting, word) if between is not None and len(between) <= 3 and not any(
        w.lower() in prepositions for w in between) else None


def _after_preposition(prompt: str, words: list[str], language: str) -> bool:
    """Does a preposition stand at most two words before the first of `words` ('dans le salon', 'on the roof')?"""
    at = prompt.find(words[0]) if words else -1
    before = [w.lower() for w in re.findall(r"[^\W\d_]+", prompt[:max(at, 0)])][-3:]
    return at >= 0 and bool(set(before) & {w.lower() for w in grammar()[language]["prepositions"]})


def cast_who_acts(cast: list[PlannedCharacter], things: list[PlannedThing], events: list[StoryEvent], language: str,
                  rng: random.Random) -> tuple[list[PlannedCharacter], list[PlannedThing], bool]:
    """A creature that acts but found no room in the cast ('the farmer's dog scares him away' after a fox, a
    farmer and two chickens) takes the place of one who does nothing: a copy of a group, or an owner."""
    idle = [m for m in reversed(cast) if not any(m.name in (*e.actors, e.recipient, e.object) for e in events)]
    changed = False
    for event in events:
        thing = next((t for t in things if event.actors == [t.what]), None)
        entry = vocabulary.entry(thing.what) if thing else None
        comes_alive = entry is not None and entry.role == "prop" and entry.code is not None \
            and event.action in ALIVE_ACTIONS  # "a lonely umbrella falls in love": it lives, in nobody's place
        stand_ins = [m for m in idle if not m.words] if comes_alive else idle
        if thing is None or entry is None or not (entry.role == "cast" or comes_alive) or not stand_ins:
            continue
        leaving = stand_ins[0]
        idle.remove(leaving)
        name = fresh_name(entry.kind or thing.what, None, "", language, rng, {m.name for m in cast})
        newcomer = PlannedCharacter(name=name, kind=entry.kind if entry.kind and not entry.is_person else thing.what,
                                    noun=thing.what, words=thing.words, phrase=thing.phrase,
                                    young=thing.state == "small")  # a toy dinosaur come to life is toy-sized
        cast = [newcomer if m is leaving else m for m in cast]
        things = [t for t in things if t is not thing]
        changed = True
    return cast, things, changed


def food_not_characters(cast: list[PlannedCharacter], things: list[PlannedThing], events: list[StoryEvent]
                        ) -> tuple[list[PlannedCharacter], list[PlannedThing], list[StoryEvent]]:
    """'a cat steals a fish and eats it': a fish that only has things done to it is food, held and eaten, not a
    character with a name ('the fisherman catches a talking fish, and it teaches him a song' keeps his)."""
    food = action_vocabulary().food_creatures
    for member in list(cast):
        done_to = [e.action for e in events if e.object == member.name]
        acts = any(member.name in (*e.actors, e.recipient) for e in events)
        if member.kind not in food.creatures or acts or not done_to or not set(done_to) <= set(food.actions) \
                or len(cast) == 1:
            continue
        cast = [m for m in cast if m is not member]
        things = [*things, PlannedThing(what=member.kind, words=member.words, where="hand", phrase=member.phrase)]
        events = [e.model_copy(update={"object": member.kind}) if e.object == member.name else e for e in events]
    return cast, things, events


def flown_things(things: list[PlannedThing], events: list[StoryEvent]) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """'lässt seinen Drachen steigen': a creature one flies on a string is a kite (the action's usual object),
    still called as the prompt called it."""
    for event in events:
        if event.action != "fly_kite":
            continue
        usual = vocabulary_action(event.action).objects
        flown = next((t for t in things if t.what == event.object), None)
        entry = vocabulary.entry(flown.what) if flown else None
        if flown is None or flown.what in usual or entry is None or entry.role != "cast":
            continue
        things, events = _swapped(things, events, flown, flown.model_copy(update={"what": usual[0], "where": "sky"}))
    return things, events


def senses_by_action(things: list[PlannedThing], events: list[StoryEvent]) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """'joue au ballon' is a ball, 'le ballon éclate' or 'le vent l'emporte' a balloon: a word of two things is
    the other one when what happens to it says so (`senses_by_action` in assets/word_lists.json)."""
    for thing in list(things):
        sense = SENSES.get(thing.what)
        if sense is None or not {w.lower() for w in thing.words} & set(sense["words"]):
            continue
        if any(e.action in sense["when"] and (e.object == thing.what or thing.what in e.actors) for e in events):
            new = thing.model_copy(update={"what": sense["becomes"]})
            things, events = _swapped(things, events, thing, new)
            events = [e.model_copy(update={"actors": [new.what if a == thing.what else a for a in e.actors]})
                      for e in events]
    return things, events


def eaten_from_holders(prompt: str, things: list[PlannedThing], events: list[StoryEvent], concepts: list[Concept],
                       language: str) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """'eats a whole jar of honey', 'drinks a cup of cocoa': what goes to the mouth is what the holder holds, so
    the honey is the thing drawn and eaten, still called as the prompt called it ('the jar of honey'). When
    something else happens to the holder ('drops a tray of ice creams and the dog eats them'), the tray stays
    and only what is eaten is the ice creams."""
    for k, event in enumerate(events):
        holder = next((t for t in things if t.what == event.object and t.contains), None)
        if holder is None or holder.contains is None \
                or vocabulary_action(event.action).looks["during"].object_at != "mouth":
            continue
        inside = next((c for c in concepts if c.what == holder.contains), None)
        words = inside.words if inside else holder.words
        if any(e.object == holder.what for e in events if e is not event):
            eaten = PlannedThing(what=holder.contains, words=words, where="inside",  # in view once eaten
                                 phrase=_phrase(prompt, words, language, holder.contains))
            things = [*things, eaten] if eaten.what not in {t.what for t in things} else things
            events = [*events[:k], event.model_copy(update={"object": eaten.what}), *events[k + 1:]]
            continue
        held = holder.model_copy(update={"what": holder.contains, "contains": None, "words": words})
        things, events = _swapped(things, events, holder, held)
    return things, events


def things_done_to(prompt: str, things: list[PlannedThing], events: list[StoryEvent], cast: list[PlannedCharacter],
                   places: list[str], reading: str, language: str) -> list[PlannedThing]:
    """'the kite gets stuck in a tree, so she climbs up': a thing an event is done to is drawn and called by the
    prompt's word, though the prompt first named it as where the story happens (in the forest)."""
    known = {t.what for t in things} | {m.name for m in cast} | set(places)
    added: list[PlannedThing] = []
    for event in events:
        if not event.object or event.object in known:
            continue
        mention = next((m for m in vocabulary.find(prompt, reading) if m.entry.noun == event.object), None)
        if mention is None:
            continue
        word = mention.text_of(prompt)
        phrase = f"the {word.lower()}" if language == "en" else definite_phrase(prompt, word, language, event.object)
        added.append(PlannedThing(what=event.object, words=[word], where="ground", phrase=phrase))
        known.add(event.object)
    return [*things, *added]


def feared_dark(prompt: str, things: list[PlannedThing], events: list[StoryEvent], reading: str,
                language: str) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """'afraid of the dark', 'a peur du noir', 'hat Angst vor der Dunkelheit': what is feared is the dark, a
    thing the art draws (a shadow with glowing eyes); elsewhere 'dark' and 'noir' only describe."""
    out = list(events)
    for i, event in enumerate(events):
        if event.action != "fear" or event.object is not None:
            continue
        said = next((t for t in tokens(f"{event.words} {event.object_words or ''}", reading)
                     if t.lemma in DARKNESS_WORDS or t.lower in DARKNESS_WORDS), None)
        if said is None:
            continue
        out[i] = event.model_copy(update={"object": "darkness", "object_words": None})
        if all(t.what != "darkness" for t in things):
            phrase = {"en": "the dark", "de": "die Dunkelheit"}.get(language) or \
                definite_phrase(prompt, said.text, language, "darkness")  # German says it in the dative
            things = [*things, PlannedThing(what="darkness", words=[said.text], where="ground", phrase=phrase)]
    return things, out


def shown_as_things(prompt: str, things: list[PlannedThing], events: list[StoryEvent], reading: str,
                    language: str) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """'reads the twins a story': what nothing draws is drawn as the thing the action shows it with (a book in
    her hands), still called as the prompt called it ('the story')."""
    for i, event in enumerate(events):
        said = event.object_words
        shown = vocabulary_action(event.action).shown_as
        if event.object or not said or not shown:
            continue
        words = said.split()
        said_words = {lemma(w, reading) for w in words} | {w.lower() for w in words}
        noun = next((n for n, names in shown.items() if said_words & set(names)), None)
        if noun is None:
            continue
        if language == "en":
            phrase = "the " + " ".join(words[1:] if words[0].lower() in ("a", "an", "the", "some") else words)
        else:
            phrase = definite_phrase(prompt, words[-1], language, noun)
        things = [*things, PlannedThing(what=noun, words=[words[-1]], where="hand", phrase=phrase)]
        events[i] = event.model_copy(update={"object": noun, "object_words": None})
    return things, events


def done_by_the_new_form(events: list[StoryEvent]) -> list[StoryEvent]:
    """'a wizard turns into a giant owl … and flies away': once one has become another, the new form does what
    follows (the owl flies, the wizard is gone); 'turns the pumpkin into a carriage, and it rolls off' too."""
    out: list[StoryEvent] = []
    became: dict[str, str] = {}
    for event in events:
        event = event.model_copy(update={"actors": [became.get(a, a) for a in event.actors]})
        out.append(event)
        if vocabulary_action(event.action).becomes:
            old, new = (event.object, event.result) if event.result else (event.actors[0], event.object)
            if old and new:
                became[old] = new
    return out


def _swapped(things: list[PlannedThing], events: list[StoryEvent], old: PlannedThing,
             new: PlannedThing) -> tuple[list[PlannedThing], list[StoryEvent]]:
    """The things with one read anew, and the events done to it done to what it now is."""
    return ([new if t is old else t for t in things],
            [e.model_copy(update={"object": new.what}) if e.object == old.what else e for e in events])


def _read_things(prompt: str, concepts: list[Concept], cast: list[PlannedCharacter], language: str) -> list[PlannedThing]:
    drawn = {c.kind for c in cast} | {c.role for c in cast if c.role} | {c.noun for c in cast}
    cast_words = {w.lower() for c in cast for w in (*c.words, *c.name.split())}  # "the dog, Rex": no T-rex
    things: list[PlannedThing] = []
    made_any = False
    for concept in concepts:
        # A person the cast already draws ("lighthouse keeper", "girl", "chefs") is not also a thing to hold.
        person = (concept.what in drawn or concept.what in HUMAN_KINDS or concept.what in ROLE_WORDS
                  or any(w.lower() in cast_words or w.lower() in ROLE_WORDS for w in concept.words))
        named = bool(concept.words) and all(w.lower() in cast_words for w in concept.words)  # "Doña Rosa": no rose
        shape = concept.role == "cast" and any(only_a_shape(prompt, m.start()) for w in concept.words[:1]
                                               for m in re.finditer(re.escape(w), prompt))
        if (concept.role == "prop" and not named) or (concept.role == "cast" and not person and not shape):
            where = natural_place(concept.what, len(things) == 0)
            made = concept.role == "cast" and any(made_thing(prompt, m.start(), m.end()) for w in concept.words[:1]
                                                  for m in re.finditer(re.escape(w), prompt))
            made_any = made_any or made
            things.append(PlannedThing(what=concept.what, words=concept.words, where="hand" if made else where,
                                       phrase=_phrase(prompt, concept.words, language, concept.what),
                                       state="small" if made else None))  # a wooden duck is a toy's size
    if made_any:  # "a toy dinosaur": the toy is the dinosaur
        made_of = {said.split()[-1] for words in MADE_OF.values() for said in words}
        things = [t for t in things if not t.words or not all(w.lower() in made_of for w in t.words)]
    return things


def natural_place(what: str, first: bool) -> str:
    """Where a reader looks for a thing: the moon in the sky, a boat on the water, a house (or any tower)
    behind, ice underfoot, a small thing in a hand."""
    words = set(what.lower().split())
    if what in SKY_THINGS or words & SKY_THINGS:
        return "sky"
    if (what.lower().split() or [""])[-1] in WATER_THINGS:
        return "water"  # "a boat", "a paper boat": its last word names what floats
    if what in BACKGROUND_THINGS or words & BACKGROUND_THINGS:
        return "background"
    if words & GROUND_THINGS:
        return "ground"
    return "hand" if first else "ground"


def _phrase(prompt: str, words: list[str], language: str, english: str) -> str:
    said = words[0] if words else ""
    if language == "en" and said and not said[:1].isupper():  # the prompt's own word: "the cookies", "the seed"
        return said.lower() if english in BARE["en"] else f"the {said.lower()}"  # "chess", bare
    return definite_phrase(prompt, said, language, english, keep_possessive=False)


def _read_times(prompt: str) -> tuple[str, str | None, set[str]]:
    """The time of day the story starts at, the one it lasts until when the prompt names another ("a cricket
    plays at night … until sunrise": night, then dawn), and the words that name the later one."""
    until = UNTIL.search(prompt)
    later = said_time(until.group(1)) if until else None
    if until is None or later is None:
        return said_time(prompt) or "day", None, set()
    start = said_time(prompt[:until.start()] + prompt[until.end():]) or ("night" if later == "dawn" else "day")
    return start, later if later != start else None, {w.lower() for w in re.findall(r"[^\W\d_]+", until.group(1))}


def said_time(text: str) -> str | None:
    """The time of day the words name ('night', 'sunset', …), or None when they name none."""
    found = lexicon.find_first("times", text)
    if found:
        return found
    for time, pattern in TIME_WORDS.items():
        if re.search(rf"(?<!\w)(?:{pattern})(?!\w)", text, re.IGNORECASE):
            return time
    return "day" if DAY_WORDS.search(text) else None


def _says_day(prompt: str) -> bool:
    return lexicon.find_first("times", prompt) is not None or DAY_WORDS.search(prompt) is not None


def _read_weather(prompt: str, concepts: list[Concept]) -> str:
    return said_weather(prompt, concepts) or "clear"


def said_weather(text: str, concepts: list[Concept]) -> str | None:
    """The weather the words name, or None when they name none."""
    named = next((c.what for c in concepts if c.role == "weather"), None)
    if named:
        return named  # the vocabulary's noun is the one Brown looks for in the drawn record
    for weather, pattern in WEATHER_WORDS.items():
        if re.search(rf"(?<!\w)(?:{pattern})(?!\w)", text, re.IGNORECASE):
            return weather
    return None


def _opening_place(prompt: str, events: list[StoryEvent], setting: str, place_words: list[str]) -> str | None:
    """'rides through Paris and buys a croissant at a bakery', 'wakes up, skis down the mountain and orders
    pancakes in the café': the place of the first event said somewhere, when it is said before the story's own
    place, is where the story opens."""
    first = next((e for e in events if e.at), None)
    if first is None or first.at == setting or not place_words or not first.words:
        return None
    said_at, place_at = prompt.find(first.words), prompt.lower().find(place_words[0].lower())
    return first.at if 0 <= said_at < place_at else None


def _places_as_said(prompt: str, events: list[StoryEvent], setting: str, language: str) -> dict[str, str]:
    """'walks to the frozen lake': how a place the story goes to is, as the prompt says it, by its noun."""
    out: dict[str, str] = {}
    for event in events:
        for place in (event.place, event.at):
            if place is None or place == setting or place in out:
                continue
            words = [w for w in re.findall(r"[^\W\d_]+", event.words)
                     if (found := vocabulary.lookup(w, language)) is not None and found.noun == place]
            said = place_state(prompt, words, language) if words else None
            if said is not None:
                out[place] = said.state
    return out
