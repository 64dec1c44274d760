"""The things a prompt names that a reader expects to see: creatures, objects, places, roles, weather.

Brown checks the panels' `drawn` lists against these; Bayko's scene plan draws them. They come
from the pictogram vocabulary (services/vocabulary), so thousands of nouns are found, in English,
French, German and Spanish, each as a plain English noun ("chien" → "dog", "Paris" → "paris",
a place whose landmark is the Eiffel Tower).
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

from services import vocabulary
from services.config import word_lists
from services.language.grammar import grammar
from services.language.lemmas import tokens
from services.schemas import CastMember, DrawnRole, PanelScene, SceneActor, SceneProp
from services.story.event_roles import RIDES
from services.story.verbs import verb_index
from services.vocabulary import sizes


class Concept(BaseModel):
    """One thing the prompt names, as a plain English noun, and the words of the prompt that named it."""

    what: str
    role: DrawnRole
    words: list[str]
    code: str | None = Field(None, description="The OpenMoji pictogram that can draw it ('1F40B'), if any.")
    kind: str | None = Field(None, description="The procedural character kind, setting or weather that draws it.")
    landmark: str | None = Field(None, description="For a place: the noun of its landmark ('eiffel tower').")
    gender: Literal["female", "male"] | None = None


# "a ghost story", "a pirate party": the word after the noun says what kind of thing it is (assets/word_lists.json).
COMPOUND_HEADS = frozenset(word_lists("story.concepts")["compound_heads"])
HEAPS_OF = frozenset(word_lists("story.concepts")["heaps_of"])  # "a tower of plates": the plates
OCCASIONS = frozenset(word_lists("story.concepts")["occasions"])  # "a wedding cake": for a wedding, not at one
_NEXT_WORD = re.compile(r"\s+([^\W\d_]+)")


def prompt_concepts(prompt: str) -> list[Concept]:
    """The prompt's drawable concepts, in the order the prompt names them, each once."""
    mentions = vocabulary.find(prompt or "")
    english = len(mentions) > 1 and vocabulary.detect_language(prompt) == "en"  # compounds below are English's
    found: list[Concept] = []
    by_noun: dict[str, Concept] = {}
    for i, mention in enumerate(mentions):
        e = mention.entry
        following = mentions[i + 1] if i + 1 < len(mentions) else None
        previous = mentions[i - 1] if i else None
        done_by_one = previous is not None and previous.entry.role == "cast" and _adjacent(prompt, previous, mention) \
            and _third_person_after_one(prompt, previous, mention)
        if english and e.role != "cast" and e.noun not in RIDES and (done_by_one or _after_who(prompt, mention)):
            continue  # "a singer waves", "a giant that waves": what they do, no sea wave ("skateboards" rides one)
        if e.is_person and following is not None and _adjacent(prompt, mention, following) \
                and following.entry.role == "cast" and not following.entry.is_person:
            continue  # "a detective frog": the role describes the frog, there is no detective besides it
        if e.role == "cast" and not e.is_person and following is not None and following.entry.role == "cast" \
                and not following.entry.is_person and _adjacent(prompt, mention, following) and english:
            continue  # "a robot dog", "a dinosaur skeleton": one creature, the last noun, like the first
        if e.role == "setting" and following is not None and following.entry.role == "setting" \
                and _adjacent(prompt, mention, following) and english:
            continue  # "the farm kitchen", "the school garden": the kitchen, the garden
        if e.noun in OCCASIONS and following is not None and following.entry.role == "prop" \
                and _adjacent(prompt, mention, following) and english:
            continue  # "a wedding cake", "a picnic basket": what the thing is for, not where the story happens
        if e.role == "cast" and following is not None and following.entry.role == "prop" \
                and _adjacent(prompt, mention, following) and english and not _a_verb(following.text_of(prompt)) \
                and not _third_person_after_one(prompt, mention, following):
            continue  # "a dragon kite", "a bear costume": what the thing looks like, there is no dragon
        if english and (_says_its_kind(prompt, mention, following) or _a_heap_of(prompt, mention)):
            continue  # "reads a ghost story": a story, no ghost; "a tower of plates": plates, no tower
        if e.role == "cast" and _danced(prompt, mention):
            continue  # "bailan flamenco": the dance, no flamingo
        if e.noun in by_noun:
            by_noun[e.noun].words.append(mention.text_of(prompt))
            continue
        by_noun[e.noun] = Concept(what=e.noun, role=e.role, words=[mention.text_of(prompt)], code=e.code,
                                  kind=e.kind, landmark=e.landmark, gender=e.gender)
        found.append(by_noun[e.noun])
    return found


def _says_its_kind(prompt: str, mention: vocabulary.Mention, following: vocabulary.Mention | None) -> bool:
    """Is the noun said right before a word that makes it a kind of story, song, party ('a ghost story')?"""
    after = _NEXT_WORD.match(prompt, mention.end)
    return after is not None and after.group(1).lower() in COMPOUND_HEADS \
        and (following is None or following.start > after.start(1))


def _a_heap_of(prompt: str, mention: vocabulary.Mention) -> bool:
    """'a tower of plates', 'a mountain of pancakes': how much of what follows, no tower or mountain of its own."""
    after = _NEXT_WORD.match(prompt, mention.end)
    before = re.findall(r"[^\W\d_]+", prompt[:mention.start])[-1:]  # "the tower of the castle" is a tower
    return mention.text_of(prompt).lower() in HEAPS_OF and after is not None and after.group(1).lower() == "of" \
        and not (before and before[0].lower() in ("the", "this", "that"))


def _danced(prompt: str, mention: vocabulary.Mention) -> bool:
    """Is the creature's word said right after a verb of dancing, with no article: the dance's name ('bailan
    flamenco', Spanish for a flamingo too)?"""
    before = re.findall(r"[^\W\d_]+", prompt[:mention.start])[-2:]
    lang = vocabulary.detect_language(prompt)
    lang = lang if lang in ("en", "fr", "de", "es") else "en"
    if not before or len(before) == 2 and before[0].lower() in grammar()[lang]["determiners"]:
        return False  # "a dancing bear": the bear dances
    word = tokens(before[-1], lang)[:1]
    return any(name == "dance" for t in word for key in {t.lemma, t.lower}
               for _, name in verb_index(lang).get(key, []))


def _a_verb(word: str) -> bool:
    """'drinks' in 'a cat drinks milk': a word that names an action, not the thing after a creature word."""
    return any(t.lemma in verb_index("en") or t.lower in verb_index("en") for t in tokens(word, "en")[:1])


def _after_who(prompt: str, mention: vocabulary.Mention) -> bool:
    """'a giant that waves at the students': a word in -s right after 'that', 'who' or 'which' is their verb."""
    return _verb_in_s(prompt, mention, mention.start, r"that|who|which")


def _third_person_after_one(prompt: str, mention: vocabulary.Mention, following: vocabulary.Mention) -> bool:
    """'a teenager skateboards along the beach': a noun in -s after 'a' and one noun is its verb ('a dragon kites'
    is never said), even when no verb list knows it."""
    return _verb_in_s(prompt, following, mention.start, r"a|an|one")


def _verb_in_s(prompt: str, mention: vocabulary.Mention, opened_at: int, openers: str) -> bool:
    """Is the mention one word in -s whose noun has none, said after one of the `openers` at `opened_at`?"""
    said = mention.text_of(prompt)
    return said.lower().endswith("s") and not mention.entry.noun.endswith("s") and " " not in said \
        and re.search(rf"\b(?:{openers})\s+$", prompt[:opened_at], re.IGNORECASE) is not None


def _adjacent(text: str, first: vocabulary.Mention, second: vocabulary.Mention) -> bool:
    return not text[first.end:second.start].strip()


SKY_THINGS = ("moon", "sun", "star", "cloud", "rainbow", "planet", "rocket", "satellite", "balloon", "kite", "comet")
MAX_ACTORS = 3


def concept_scene(concepts: list[Concept]) -> tuple[PanelScene, list[CastMember]]:
    """One panel showing every concept: the cast facing each other, the first thing in a hand, the rest placed.

    The plain reference a scene plan can start from (and what the labelled-set figure is measured with
    before a storyteller plans the scenes).
    """
    cast: list[CastMember] = []
    for c in concepts:
        if c.role == "cast" and len(cast) < MAX_ACTORS:
            person = c.kind in ("person", "child", "elder")
            cast.append(CastMember(name=c.what, kind=c.kind if person else c.what, role=c.what if person else None,
                                   gender=c.gender))
    things = [c for c in concepts if c.role == "prop"]
    actors = [SceneActor(name=m.name, action="standing", mood="happy") for m in cast]
    props: list[SceneProp] = []
    holders = [a for a, m in zip(actors, cast) if m.role]
    for noun in sizes.hold_order([t.what for t in things if t.what not in SKY_THINGS]):
        if holders:
            holders.pop(0).holds = noun
    held = {a.holds for a in actors}
    for thing in things:
        if thing.what not in held:
            props.append(SceneProp(what=thing.what, where="sky" if thing.what in SKY_THINGS else "ground"))
    place = next((c for c in concepts if c.role == "setting"), None) or _place_in_a_role(concepts)
    weather = next((c.what for c in concepts if c.role == "weather"), "clear")
    scene = PanelScene(setting=place.what if place else "backdrop", landmarks=[], weather=weather,
                       shot="wide" if len(actors) + len(props) > 2 else "medium", actors=actors, props=props)
    return scene, cast


def _place_in_a_role(concepts: list[Concept]) -> Concept | None:
    """A role that names its place ("lighthouse keeper") sets the scene when the prompt names no other."""
    for c in concepts:
        head = c.what.split(" ")[0]
        if c.role == "cast" and " " in c.what:
            found = vocabulary.entry(head)
            if found is not None and found.role == "setting":
                return Concept(what=found.noun, role="setting", words=c.words, code=found.code, kind=found.kind)
    return None
