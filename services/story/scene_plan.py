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

from pydantic import BaseModel, Field

from services.language.lemmas import lemma
from services.memory import world_facts
from services.memory.claims import kind_claimed
from services.reading import HUMAN_KINDS, PlannedCharacter, PlannedThing, ScenePlan
from services.story import lexicon
from services.story.concepts import Concept, prompt_concepts
from services.story.elements import is_plural, name_from_memories, name_near, seeded_random
from services.story.events import grammar, read_events, verb_words
from services.story.language import caption_language, definite_phrase, detect_language, place_phrase
from services.story.place_reading import english_place, local_in_place, local_place, read_place
from services.story.roles import (
    ROLE_WORDS,
    RoleMention,
    find_role_words,
    fresh_name,
    fresh_name_and_gender,
    gender_from_article,
    gender_from_pronouns,
)
from services.story.story_shapes import choose_shape

MAX_CAST = 3
# Where a reader looks for a thing that nobody holds.
SKY_THINGS = {"moon", "sun", "star", "stars", "cloud", "rainbow", "kite", "balloon", "rocket", "plane", "airplane",
              "comet", "ufo", "firework", "fireworks", "helicopter", "planet", "lightning", "bird", "satellite",
              "sunset", "sunrise", "aurora", "constellation"}
BACKGROUND_THINGS = {"house", "tree", "car", "bus", "train", "tower", "castle", "bridge", "mountain", "building",
                     "lighthouse", "windmill", "tent", "ship", "boat", "volcano", "barn", "church", "statue",
                     "eiffel tower", "fountain", "door", "wall", "window", "shop", "table", "piano", "oven",
                     "machine", "garden", "clock", "pyramid", "temple", "hospital", "school", "stadium", "skyscraper", "factory", "igloo", "hut", "cabin", "palace", "mill", "well", "truck", "tractor"}
GROUND_THINGS = {"ice", "snow", "sand", "grass", "puddle", "road", "path", "carpet", "rug", "leaves", "mud", "rock",
                 "fire", "campfire", "bonfire", "flames"}  # a fire burns on the ground, nobody holds it
# Things that float: on the painted water when the place has some (a river, a pond, the sea), else far off.
WATER_THINGS = {"boat", "ship", "raft", "canoe", "kayak", "ferry", "motor boat", "speedboat", "sailboat", "rowboat",
                "yacht", "buoy", "duck", "swan", "goose", "lily pad"}
NIGHT_THINGS = {"fireworks", "firework", "stars", "star", "shooting star", "aurora", "constellation", "firefly",
                "fireflies", "lantern"}
DAY_WORDS = re.compile(r"\b(?:day|daytime|morning|noon|afternoon|sunny|sunshine|jour|matin|tag|morgen|mittag|día|"
                       r"dia|mañana)\b", re.IGNORECASE)
TIME_WORDS = {"night": r"nuit|nacht|noche|medianoche", "dawn": r"matin|aube|morgen|morgens|mañana|amanecer",
              "sunset": r"soir|crépuscule|abend|abends|dämmerung|atardecer|tarde"}
WEATHER_WORDS = {"storm": r"storm|stormy|orage|tempête|sturm|gewitter|tormenta|tempestad",
                 "rain": r"pluie|pleut|regen|regnet|lluvia|llueve", "snow": r"neige|schnee|nieve",
                 "fog": r"brouillard|brume|nebel|niebla", "wind": r"vent|wind|viento"}
# "fly a kite", "flies his drone": the verb has an object that flies, so the hero stands holding its string.
FLIES_A_THING = re.compile(r"\bfl(?:y|ies|ying|ew)\s+(?:a|an|the|his|her|their|my|our|its|some)\s+(\w+(?:\s+\w+)?)"
                           r"|\b(?:fait|font|faire) voler\s+\w+\s+([\w-]+)|\b(?:vuela|vuelan|volar)\s+(?:una|un|su|la|el)\s+(\w+)",
                           re.IGNORECASE)
TEACHER_FIRST = r"\b(?:teach(?:es)?|taught|shows? how|enseigne|apprend à|bringt\w* bei|lehrt|enseña)\b"


def build_plan(prompt: str, seed: int, memories: list[str] | None = None) -> ScenePlan:
    """Read a prompt (and accepted memories) into a scene plan; the same prompt and seed give the same plan."""
    rng = seeded_random("plan", prompt, seed)
    memories = memories or []
    prompt_language = detect_language(prompt)
    language = caption_language(prompt)
    concepts = prompt_concepts(prompt)
    cast = _read_cast(prompt, concepts, rng, language, memories)
    setting, place_words, landmarks = read_place(prompt, concepts, rng, cast)
    things = []
    verbs = verb_words(prompt, prompt_language if prompt_language != "other" else "en")
    for thing in _read_things(prompt, concepts, cast, language):
        if thing.words and all(w.lower() in verbs for w in thing.words):
            continue  # "until the rain stops": a verb, not a bus stop
        place_nouns = {w.lower() for p in place_words for w in ([p] if setting != "backdrop" else p.split())}
        if {w.lower() for w in thing.words} & place_nouns:
            landmarks.append(thing.what)  # "stuck on the moon": the moon is the ground they stand on, drawn behind
        else:
            things.append(thing)
    word = place_words[0] if place_words else ""
    if setting == "backdrop" and language == "en":
        setting_phrase = word if word[:1].isupper() else f"the {word}"  # Zorg, the laundromat
        in_place = place_phrase(prompt, word, language, word)
    elif place_words and language == "en" and not word[:1].isupper():
        setting_phrase, in_place = english_place(setting)
    elif place_words:
        setting_phrase = definite_phrase(prompt, word, language, setting)
        if word[:1].isupper() and language != "de" and not prompt.startswith(word):
            setting_phrase = word  # a proper name (Paris) takes no article
        in_place = place_phrase(prompt, word, language, setting)
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
    time, weather = _read_time(prompt), _read_weather(prompt, concepts)
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
    events = read_events(prompt, prompt_language if prompt_language != "other" else "en", cast, things, setting,
                         place_words)
    return ScenePlan(
        prompt_language=prompt_language, language=language, cast=cast, things=things, setting=setting,
        setting_phrase=setting_phrase, in_place=in_place, landmarks=landmarks, time=time,
        weather=weather, mood=lexicon.find_first("moods", prompt) or "happy",
        action=action,
        shape=shape, place_named=bool(place_words), place_words=place_words[:1], events=events,
    )


# --- cast -----------------------------------------------------------------------------------------

class _Mention(BaseModel):
    start: int
    end: int
    kind: str
    role: str | None = None
    concept: str | None = None
    gender: str = ""
    noun: str = ""
    plural: bool = False
    words: list[str] = Field(default_factory=list)


def _read_cast(prompt: str, concepts: list[Concept], rng: random.Random, language: str,
               memories: list[str]) -> list[PlannedCharacter]:
    mentions = _merge(_role_mentions(find_role_words(prompt), prompt, language), _creature_mentions(prompt, concepts),
                      prompt)
    pronoun_gender = gender_from_pronouns(prompt)
    if pronoun_gender and mentions and not mentions[0].gender and mentions[0].kind in HUMAN_KINDS:
        mentions[0] = mentions[0].model_copy(update={"gender": pronoun_gender})  # "a teacher and her students"
    cast: list[PlannedCharacter] = []
    # A name is never a word of the story: no bear called Honey in a story about honey.
    taken: set[str] = {w.capitalize() for w in re.findall(r"[^\W\d_]+", prompt)}
    for mention in mentions:
        name = name_near(prompt, mention.start, mention.end) or name_from_memories(" ".join(memories),
                                                                                    mention.noun)
        if name and any(c.name == name for c in cast):
            continue
        copies = _how_many(prompt, mention, language) if mention.plural else 1
        traits = _traits(prompt, mention.start, language)
        phrase = definite_phrase(prompt, mention.words[0], language, mention.noun) if mention.words else ""
        for _ in range(copies):
            if len(cast) == MAX_CAST:
                break
            gender = mention.gender
            if name:
                this_name = name
            else:  # a title commits to a gender: "Dame Nell" is drawn as a woman
                this_name, gender = fresh_name_and_gender(mention.kind, mention.role, mention.gender, language, rng, taken)
            name = None
            taken.add(this_name)
            noun = mention.concept if mention.concept and mention.concept not in HUMAN_KINDS else mention.noun
            cast.append(PlannedCharacter(name=this_name, kind=mention.kind, role=mention.role, gender=gender,
                                         noun=noun, words=mention.words, concept=mention.concept, phrase=phrase,
                                         traits=traits))
    cast = _known_kinds(cast, prompt, memories)
    if not cast:
        gender = gender_from_pronouns(prompt)
        name = fresh_name("person", None, gender, language, rng, set())
        cast.append(PlannedCharacter(name=name, kind="person", gender=gender, noun="person"))
    return cast


def _how_many(prompt: str, mention: _Mention, language: str) -> int:
    """'three kittens' are three (the cast holds at most MAX_CAST), 'a group of mice' a few, plain plurals two."""
    numbers = grammar()[language].get("numbers", {})
    before = [w.lower() for w in re.findall(r"[^\W\d_]+|\d+", prompt[:mention.start])][-4:]
    for word in reversed(before):
        if word.isdigit():
            return max(2, min(MAX_CAST, int(word)))
        if word in numbers:
            return max(2, min(MAX_CAST, numbers[word]))
    return 2


def _traits(prompt: str, start: int, language: str) -> list[str]:
    """The English adjectives between a character's article and its noun: 'a nervous astronaut'."""
    if language != "en":
        return []
    g = grammar()["en"]
    words = re.findall(r"[^\W\d_]+", prompt[:start])
    traits: list[str] = []
    for word in reversed(words[-3:]):
        lower = word.lower()
        if lower in g["determiners"] or lower in g["prepositions"] or lower in g["numbers"] or word[:1].isupper():
            break
        traits.insert(0, lower)
    return traits if len(traits) <= 2 else []


def _role_mentions(found: list[RoleMention], prompt: str, language: str) -> list[_Mention]:
    out = []
    for m in found:
        gender = m.gender or ("" if m.plural else gender_from_article(prompt, m.start, language))  # plural "die"
        noun = m.role or {"child": "child", "elder": "elder"}.get(m.kind, "person")
        if m.role is None and language == "en":
            noun = lemma(m.word, "en") if m.plural else m.word
            noun = {"children": "child", "little girl": "girl", "little boy": "boy"}.get(noun, noun)
        out.append(_Mention(start=m.start, end=m.end, kind=m.kind, role=m.role, gender=gender, noun=noun,
                            plural=m.plural, words=[prompt[m.start:m.end]]))
    return out


def _creature_mentions(prompt: str, concepts: list[Concept]) -> list[_Mention]:
    out = []
    for concept in concepts:
        if concept.role != "cast":
            continue
        for word in concept.words[:1]:
            match = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", prompt, re.IGNORECASE)
            if match is None:
                continue
            appositive = prompt[match.start()].isupper() and re.match(r"\s+the\s+\w", prompt[match.end():])
            if _proper_name(prompt, match.start()) or appositive:
                continue  # "a dog named Rex" is not also a T-rex, "Brown" not a bear, "Rex the dog" a name
            plural = is_plural(prompt, match.start(), word.lower(), detect_language(prompt) if detect_language(prompt) != "other" else "en")
            human = concept.what in HUMAN_KINDS  # "Kinder" the vocabulary knows and the role words do not
            if not human and concept.kind in HUMAN_KINDS:
                # A role the role words miss ("bombero"): a person with that role, who can also be a role of
                # the creature next to it ("un perro bombero" is one dog in a firefighter's outfit).
                out.append(_Mention(start=match.start(), end=match.end(), kind=concept.kind, role=concept.what,
                                    noun=concept.what, plural=plural, words=[word], concept=concept.what,
                                    gender=concept.gender or ""))
                continue
            out.append(_Mention(start=match.start(), end=match.end(), kind=concept.what, noun=concept.what,
                                plural=plural or (human and word.lower() != concept.what and word.lower().endswith(
                                    ("er", "s", "en", "ren"))), words=[word], concept=concept.what if human else None))
    return out


def _proper_name(prompt: str, start: int) -> bool:
    """A capitalised word inside a sentence is a name (German capitalises every noun, so not there)."""
    if not prompt[start:start + 1].isupper() or detect_language(prompt) == "de":
        return False
    before = prompt[:start].rstrip()
    return bool(before) and before[-1] not in ".!?:;\"'«“"


def _merge(people: list[_Mention], creatures: list[_Mention], prompt: str) -> list[_Mention]:
    """'a detective frog' is one frog with a role; 'a frog detective' too; 'an old lighthouse keeper' one elder."""
    kept = [c for c in creatures if not any(p.start < c.end and c.start < p.end for p in people)]
    for i, said in enumerate(people):
        same = next((c for c in creatures if said.start < c.end and c.start < said.end), None)
        if same is not None:  # the vocabulary names this person too: "lighthouse keeper", "girl", "fisherman"
            people[i] = said.model_copy(update={"concept": same.concept or same.kind})
    merged: list[_Mention] = []
    for mention in sorted([*people, *kept], key=lambda m: m.start):
        if merged and _adjacent(prompt, merged[-1], mention):
            first = merged[-1]
            creature = next((m for m in (first, mention) if m.kind not in HUMAN_KINDS), None)
            person = next((m for m in (first, mention) if m.kind in HUMAN_KINDS), None)
            if creature and person:
                merged[-1] = creature.model_copy(update={"role": person.role, "start": first.start,
                                                         "end": mention.end, "gender": person.gender,
                                                         "words": [*first.words, *mention.words]})
                continue
            if person and first.kind in HUMAN_KINDS and mention.kind in HUMAN_KINDS:
                merged[-1] = mention.model_copy(update={
                    "start": first.start, "role": mention.role or first.role, "gender": mention.gender or first.gender,
                    "concept": mention.concept or first.concept,
                    "kind": first.kind if first.kind != "person" else mention.kind,
                    "words": [*first.words, *mention.words]})
                continue
        merged.append(mention)
    return _owner_after_owned(merged, prompt)


def _owner_after_owned(mentions: list[_Mention], prompt: str) -> list[_Mention]:
    """In "the baker's daughter finds…" the daughter leads the story and her baker comes second."""
    for i in range(len(mentions) - 1):
        owner, owned = mentions[i], mentions[i + 1]
        if re.fullmatch(r"['’]s?\s+", prompt[owner.end:owned.start]):
            mentions[i], mentions[i + 1] = owned, owner
            break
    return mentions


def _adjacent(prompt: str, first: _Mention, second: _Mention) -> bool:
    return re.fullmatch(r"\s+", prompt[first.end:second.start]) is not None


def _known_kinds(cast: list[PlannedCharacter], prompt: str, memories: list[str]) -> list[PlannedCharacter]:
    """An accepted memory says who a named character is ('Brown is a dog, not a cat'): it wins over the prompt."""
    for memory in memories:
        claim = kind_claimed(memory)
        if claim is None or not re.search(rf"\b{re.escape(claim.name)}\b", prompt):
            continue
        known = PlannedCharacter(name=claim.name, kind=claim.kind, noun=claim.noun, words=[claim.name])
        same = next((c for c in cast if c.name == claim.name), None)
        if same is not None:
            cast = [known.model_copy(update={"role": same.role, "gender": same.gender}) if c is same else c
                    for c in cast]
        else:
            others = [c for c in cast if c.noun not in {"person", "hero"} or c.words]
            cast = [known, *[c for c in others if c.kind != claim.kind or c.name != claim.name]][:MAX_CAST]
    return cast


# --- place, things, time, weather ------------------------------------------------------------------

def _read_things(prompt: str, concepts: list[Concept], cast: list[PlannedCharacter], language: str) -> list[PlannedThing]:
    drawn = {c.kind for c in cast} | {c.role for c in cast if c.role} | {c.noun for c in cast}
    cast_words = {w.lower() for c in cast for w in c.words}
    things: list[PlannedThing] = []
    for concept in concepts:
        # A person the cast already draws ("lighthouse keeper", "girl", "chefs") is not also a thing to hold.
        person = (concept.what in drawn or concept.what in HUMAN_KINDS or concept.what in ROLE_WORDS
                  or any(w.lower() in cast_words or w.lower() in ROLE_WORDS for w in concept.words))
        if concept.role == "prop" or (concept.role == "cast" and not person):
            where = natural_place(concept.what, len(things) == 0)
            things.append(PlannedThing(what=concept.what, words=concept.words, where=where,
                                       phrase=_phrase(prompt, concept.words, language, concept.what)))
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
    return definite_phrase(prompt, words[0] if words else "", language, english)


def _read_time(prompt: str) -> str:
    found = lexicon.find_first("times", prompt)
    if found:
        return found
    for time, pattern in TIME_WORDS.items():
        if re.search(rf"(?<!\w)(?:{pattern})(?!\w)", prompt, re.IGNORECASE):
            return time
    return "day"


def _says_day(prompt: str) -> bool:
    return lexicon.find_first("times", prompt) is not None or DAY_WORDS.search(prompt) is not None


def _read_weather(prompt: str, concepts: list[Concept]) -> str:
    named = next((c.what for c in concepts if c.role == "weather"), None)
    if named:
        return named  # the vocabulary's noun is the one Brown looks for in the drawn record
    for weather, pattern in WEATHER_WORDS.items():
        if re.search(rf"(?<!\w)(?:{pattern})(?!\w)", prompt, re.IGNORECASE):
            return weather
    return "clear"
