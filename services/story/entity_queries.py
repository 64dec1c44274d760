"""What a sentence says of one of its entities: which entity stands at a word, whether a preposition governs it
('with a balloon', 'to the beach'), whether it only says what another noun is ('a chocolate factory').

The small questions that both a clause's roles (`event_roles.py`) and its pronouns (`pronouns.py`) ask.
"""

from __future__ import annotations

from functools import lru_cache

from services.language.lemmas import Token
from services.story.elements import is_plural
from services.story.sentence import Entity, Sentence
from services.vocabulary.actions import vocabulary as action_vocabulary


def modifier(s: Sentence, entity: Entity) -> bool:
    """'chocolate' in 'a chocolate factory', 'hielo' in 'su casa de hielo', 'papier' in 'un bateau en papier': a
    noun that says what another is (before it in English, after 'de' or 'en' in French and Spanish)."""
    if s.lang == "en":
        after = entity.last + 1
        kind_of_group = after + 1 < len(s.words) and s.words[after].lemma in s.g["partitives"] \
            and s.words[after + 1].lower in s.g["of"]  # "a rock band of frogs": the frogs, in a rock band
        said_apart = after < len(s.words) and s.prompt[s.words[entity.last].end:s.words[after].start].strip()
        adverb = after < len(s.words) and s.words[after].lower in s.g.get("adverb_places", ())  # "carries a leaf home"
        return kind_of_group or (not said_apart and not adverb and any(e.first == after for e in s.entities))
        # not "umbrella, Grandma"
    if s.lang in ("fr", "es") and entity.first >= 2 and s.words[entity.first - 1].lower in ("de", "d'", "en"):
        return any(e.last == entity.first - 2 for e in s.entities)
    return False


def preposition_before(words: list[Token], entity: Entity, g: dict, which: str | frozenset[str] = "prepositions",
                        stop: set[int] | None = None, floor: int = 0) -> bool:
    """Is the entity governed by a preposition ('with a balloon', 'to the beach'), skipping its articles
    and adjectives (but never a verb: 'to play the piano')? `which` is a grammar list's name or the words."""
    determiners = set(g["determiners"])
    wanted = set(g[which]) if isinstance(which, str) else which
    i = entity.first - 1
    steps = 0
    while i >= floor and steps < 4 and i not in (stop or set()):  # never past the clause's own start
        word = words[i].lower
        if word in ("'s", "’s") and i >= 1:  # "under her brother's bed": past the owner
            i -= 2
            continue
        if word in wanted:
            return True
        if word in set(g["prepositions"]) and which != "prepositions":
            return False
        if word not in determiners and steps >= 2:
            return False
        i -= 1
        steps += 1
    return False


def owner(s: Sentence, entity: Entity) -> bool:
    """'the baker's cat', 'Omas Wurst': the entity owns the noun after it, which does or takes the thing."""
    after = entity.last + 1  # "celebrate Grandpa's birthday": whatever follows is his, drawn or not
    if s.lang == "de":  # a German genitive: "Omas", "Papas" before the next noun
        said = s.words[entity.last]
        adjective = after < len(s.words) and s.words[after].text[:1].islower()  # "Opas altes Radio"
        return said.text[:1].isupper() and said.lower.endswith("s") and said.lower != said.lemma \
            and entity_starting_at(s.entities, after + adjective) is not None
    return after + 1 < len(s.words) and s.words[after].lower in {"'s", "’s"}


def entity_starting_at(entities: list[Entity], index: int) -> Entity | None:
    return next((e for e in entities if e.first <= index <= e.last), None)


def several(s: Sentence, entity: Entity) -> bool:
    """Does the prompt name this entity in the plural ('acorns', 'les chaussettes', a group of characters)?"""
    word = s.words[entity.last]
    return len(entity.names) > 1 or is_plural(s.prompt, word.start, word.text, s.lang)


@lru_cache(maxsize=1)
def and_words() -> frozenset[str]:
    """The words of every language's 'and' connectives, and the marks that join like them (built once)."""
    return frozenset({w for c in action_vocabulary().connectives.values() if c.kind == "and"
                      for words in c.words.values() for w in words} | {",", "&"})


def entity_ending_at(entities: list[Entity], index: int) -> Entity | None:
    return next((e for e in entities if e.last == index), None)
