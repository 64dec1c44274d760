"""Who the prompt's characters are: each mention read once into a character with a name, a kind and a role.

People come from the role words ("grandpa", "la cheffe", "a knight"), creatures from the
vocabulary ("a whale", "un chien"); a role next to a creature is that creature's role ("a
detective frog"); a plural is two or three copies ("three kittens"); a name next to a mention is
theirs ("Brown the dog", "a cat named Mia"), and an accepted memory about a name wins over the
prompt. Names never repeat a word of the story (no bear called Honey in a story about honey).
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Literal

from pydantic import BaseModel, Field

from services import vocabulary
from services.config import word_lists
from services.language.grammar import grammar
from services.language.lemmas import lemma
from services.memory.claims import kind_claimed
from services.reading import HUMAN_KINDS, PlannedCharacter
from services.story.concepts import Concept
from services.story.elements import (
    FIRST_NAMES,
    HOLIDAY_BEFORE,
    NOT_NAMES,
    about_a_topic,
    is_plural,
    made_thing,
    name_from_memories,
    name_near,
    only_a_shape,
)
from services.story.events import VerbSpan, verb_spans
from services.story.language import definite_phrase, detect_language, function_words
from services.story.place_reading import NAMED_PLACE
from services.story.roles import (
    ADJECTIVE_ROLES,
    FAMILY_WORDS,
    POSSESSIVES,
    TITLE_FIGURES,
    RoleMention,
    find_role_words,
    fresh_name,
    fresh_name_and_gender,
    gender_from_article,
    gender_from_pronouns,
    title_role,
)
from services.story.thing_states import THING_STATES, state_of
from services.story.verbs import verb_index
from services.vocabulary.actions import action
from services.vocabulary.actions import vocabulary as action_vocabulary

_KINDS_OF: dict[str, list[str]] = word_lists("story.cast_reading")["kinds_of"]
_ADJECTIVES: dict[str, list[str]] = word_lists("story.cast_reading")["adjectives"]
WORKS_AS = re.compile(r"\s+(?:" + "|".join(word_lists("story.cast_reading")["works_as"]) + r")(?:\s+(?:a|an|un|une|ein|eine))?\s+",
                      re.IGNORECASE)
MAX_CAST = 4  # as many as a panel stages in front (services/art/procedural: the rest are a background crowd)


CHARACTER_SIZES = {size: THING_STATES[size] for size in ("giant", "small")}  # the states a character can be in


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
    name: str | None = None
    young: bool = False


def _own_word(mention: _Mention, language: str) -> str:
    """How captions name an animal: the English prompt's own word when the vocabulary files it under another
    noun ('a grasshopper', drawn as the cricket pictogram, is Fig the grasshopper, not Fig the cricket)."""
    if language != "en" or not mention.words or mention.kind in HUMAN_KINDS or len(mention.words[0].split()) > 1:
        return mention.noun
    word = lemma(mention.words[0].lower(), "en")
    entry = vocabulary.lookup(word, "en") if word != mention.noun else None
    return word if entry is not None and entry.noun == mention.noun else mention.noun


def read_cast(prompt: str, concepts: list[Concept], rng: random.Random, language: str,
               memories: list[str]) -> list[PlannedCharacter]:
    spans = verb_spans(prompt, detect_language(prompt) if detect_language(prompt) != "other" else "en")
    verbs = {prompt[span.start:span.end].lower() for span in spans if span.first}
    def in_a_verb(m: _Mention) -> bool:  # "an old fisherman fishes", "a robot chef cooks", "becomes her friend"
        return any(span.start <= m.start and m.end <= span.end for span in spans)  # not "a mail carrier waits"
    creatures = [m for m in _creature_mentions(prompt, concepts) if not in_a_verb(m)]
    people = [m for m in _role_mentions(find_role_words(prompt), prompt, language) if not in_a_verb(m)]
    mentions = _merge(people, creatures, prompt)
    newcomers = [*_name_mentions(prompt, mentions, verbs, concepts), *_unknown_actors(prompt, mentions, spans, language)]
    for named in sorted(newcomers, key=lambda m: m.start):  # in place: the owner swap above stays
        at = next((i for i, m in enumerate(mentions) if m.start > named.start), len(mentions))
        mentions.insert(at, named)
    mentions = _one_per_character(mentions, prompt, language)
    mentions = _family_of_the_hero(mentions, prompt)
    pronoun_gender = gender_from_pronouns(prompt)
    if pronoun_gender and mentions and not mentions[0].gender and mentions[0].kind in HUMAN_KINDS:
        mentions[0] = mentions[0].model_copy(update={"gender": pronoun_gender})  # "a teacher and her students"
    cast: list[PlannedCharacter] = []
    # A name is never a word of the story: no bear called Honey in a story about honey.
    said = re.findall(r"[^\W\d_]+", prompt)  # and no penguin called Waddle when one waddles
    taken: set[str] = {w.capitalize() for w in said} | {lemma(w, language).capitalize() for w in said} | {
        w.capitalize() for c in concepts for w in c.what.split()}  # nor a thing's English noun (Acorn the squirrel)
    wanted = _copies([_how_many(prompt, m.start, language) if m.plural else 1 for m in mentions])
    roles = {m.role for m in mentions}
    for mention, copies in zip(mentions, wanted):
        name = mention.name or name_near(prompt, mention.start, mention.end) or name_from_memories(
            " ".join(memories), mention.noun)
        if name and any(c.name == name for c in cast):
            continue
        traits = _traits(prompt, mention.start, language)
        own = _own_word(mention, language)
        phrase = definite_phrase(prompt, mention.words[0], language, own,
                                 gender=mention.gender) if mention.words else ""
        for _ in range(copies):
            gender = mention.gender
            if name:
                this_name = name
            else:  # a title commits to a gender: "Dame Nell" is drawn as a woman
                this_name, gender = fresh_name_and_gender(mention.kind, title_role(mention.role, roles), mention.gender,
                                                          language, rng, taken)
            name = None
            taken.add(this_name)
            noun = mention.concept if mention.concept and mention.concept not in HUMAN_KINDS else own
            cast.append(PlannedCharacter(name=this_name, kind=mention.kind, role=mention.role, gender=gender,
                                         noun=noun, words=mention.words, concept=mention.concept, phrase=phrase,
                                         traits=traits, young=mention.young, size=_size(prompt, mention, language)))
    cast = [m for m in cast if not _another_name(m, cast)]
    cast = _known_kinds(cast, prompt, memories)
    if not cast:
        gender = gender_from_pronouns(prompt)
        name = fresh_name("person", None, gender, language, rng, set())
        cast.append(PlannedCharacter(name=name, kind="person", gender=gender, noun="person"))
    return cast


def _family_of_the_hero(mentions: list[_Mention], prompt: str) -> list[_Mention]:
    """'The little bear falls, and his mother hugs him': an animal hero's mother, sister or baby said with a
    possessive is of the hero's kind (a bear), not a person."""
    if not mentions or mentions[0].kind in HUMAN_KINDS:
        return mentions
    hero = mentions[0]
    out = [hero]
    for m in mentions[1:]:
        said = (m.words[0] if m.words else "").lower()
        before = re.findall(r"[^\W\d_]+", prompt[:m.start])[-2:]  # "his mother", "seine kleine Schwester"
        if m.kind in HUMAN_KINDS and said in FAMILY_WORDS and any(w.lower() in POSSESSIVES for w in before):
            m = m.model_copy(update={"kind": hero.kind, "noun": hero.noun, "concept": hero.concept,
                                     "young": m.kind == "child"})  # "her baby": a little kangaroo
        out.append(m)
    return out


def _one_per_character(mentions: list[_Mention], prompt: str, language: str) -> list[_Mention]:
    """'a farmer plants corn … so the farmer builds a scarecrow': a noun said again after a definite article is the
    character it named before, and two readings of the same words are one character."""
    definite = set(grammar()[language if language in grammar() else "en"]["definite_articles"])
    kept: list[_Mention] = []
    for mention in mentions:
        before = re.findall(r"[^\W\d_]+'?", prompt[:mention.start])[-2:]  # "the bird", "the grateful bird"
        said_again = bool(before) and (before[-1].lower() in definite or len(before) == 2
                                       and before[0].lower() in definite and vocabulary.lookup(before[1]) is None)
        general = () if mention.plural else _KINDS_OF.get(mention.noun, ())  # "a parrot … the grateful bird"
        same = next((i for i, k in enumerate(kept) if k.start == mention.start or (
            said_again and not mention.name and (k.noun == mention.noun and k.kind == mention.kind
                                                 or k.noun in general or k.kind in general)
            and (not k.gender or not mention.gender or k.gender == mention.gender))), None)  # "die Köchin und
        if same is None:  # der Koch": two cooks
            kept.append(mention)
        elif general and kept[same].noun != mention.noun:  # the bird is found in the sentence as the parrot
            kept[same] = kept[same].model_copy(update={"words": [*kept[same].words, *mention.words]})
    return kept


def _another_name(member: PlannedCharacter, cast: list[PlannedCharacter]) -> bool:
    """'der Hund Rex': the word is the dog's name, so no T-rex stands beside him."""
    names = {word for other in cast if other is not member for word in other.name.split()}
    return bool(member.words) and all(word in names for word in member.words)


def _copies(asked: list[int]) -> list[int]:
    """How many copies each mention gets within MAX_CAST: one each first (the farmer's dog is not crowded out by
    two chickens), then a group's others, in the prompt's order."""
    given = [0] * len(asked)
    for rank in range(max(asked, default=0)):
        for i, count in enumerate(asked):
            if count > rank and sum(given) < MAX_CAST:
                given[i] += 1
    return given


def whole_groups(cast: list[PlannedCharacter], prompt: str, language: str,
                 rng: random.Random) -> list[PlannedCharacter]:
    """'Three kittens steal a fish from a fisherman': the fish took a place in the cast before it was known to be
    food; once it is a thing, the kittens are three again (within MAX_CAST)."""
    out = list(cast)
    taken = {m.name for m in cast} | {w.capitalize() for w in re.findall(r"[^\W\d_]+", prompt)}
    for member in cast:
        group = [m for m in out if m.words == member.words and m.kind == member.kind]
        at = prompt.lower().find(member.words[0].lower()) if member.words else -1
        if member is not group[0] or len(group) < 2 or at < 0:
            continue  # only a plural's first member stands for its group
        for _ in range(min(_how_many(prompt, at, language), MAX_CAST - len(out) + len(group)) - len(group)):
            name, gender = fresh_name_and_gender(member.kind, member.role, "", language, rng, taken)
            taken.add(name)
            out.insert(out.index(group[-1]) + 1, member.model_copy(update={"name": name, "gender": gender}))
            group = [m for m in out if m.words == member.words and m.kind == member.kind]
    return out


def _how_many(prompt: str, start: int, language: str) -> int:
    """'three kittens' are three (the cast holds at most MAX_CAST), 'a group of mice' a few, plain plurals two."""
    numbers = grammar()[language].get("numbers", {})
    before = [w.lower() for w in re.findall(r"[^\W\d_]+|\d+", prompt[:start])][-4:]
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
    if re.search(r"['’]s?\s*$", prompt[:start]):
        return []  # "the baker's cat": the baker is no trait of the cat
    words = re.findall(r"[^\W\d_]+", prompt[:start])
    traits: list[str] = []
    for word in reversed(words[-3:]):
        lower = word.lower()
        if lower in g["determiners"] or lower in g["prepositions"] or lower in g["numbers"] or word[:1].isupper() \
                or vocabulary.lookup(lower, "en") is not None:
            break
        traits.insert(0, lower)
    return traits if len(traits) <= 2 else []


def _role_mentions(found: list[RoleMention], prompt: str, language: str) -> list[_Mention]:
    out = []
    for m in found:
        if about_a_topic(prompt, m.start, m.end):
            continue  # "a pirate story": what it is about
        near = [*re.findall(r"[^\W\d_]+", prompt[:m.start])[-1:], *re.findall(r"[^\W\d_]+", prompt[m.end:])[:1]]
        if m.word.lower() in ADJECTIVE_ROLES and (any(vocabulary.lookup(w, language) for w in near)
                                                   or _noun_follows(prompt[m.end:], language)):
            continue  # "a giant sunflower", "une pomme géante", "a giant beanstalk": how big it is, not a giant
        gender = m.gender or ("" if m.plural else gender_from_article(prompt, m.start, language))  # plural "die"
        noun = m.role or {"child": "child", "elder": "elder"}.get(m.kind, "person")
        if m.role is None and language == "en":
            noun = lemma(m.word, "en") if m.plural else m.word
            noun = {"children": "child", "little girl": "girl", "little boy": "boy"}.get(noun, noun)
        out.append(_Mention(start=m.start, end=m.end, kind=m.kind, role=m.role, gender=gender, noun=noun,
                            plural=m.plural, words=[prompt[m.start:m.end]]))
    return out


def _noun_follows(rest: str, language: str) -> bool:
    """Is the next word a noun (neither a small word nor a verb): 'giant' in 'a giant beanstalk grows'?"""
    following = re.match(r"\s+([^\W\d_]+)", rest)
    if following is None or following.group(1).lower() in function_words(language):
        return False
    word = following.group(1)
    index = verb_index(language)
    if language != "en":
        return False
    thing = vocabulary.lookup(word, language)
    if thing is not None and thing.role == "prop" and lemma(word, language) != thing.noun:
        return True  # "giant leaves fall": leaves, not leave
    if lemma(word, language) in index or word.lower() in index:
        return False
    after = re.match(r"\s+[^\W\d_]+(\s*[,.!?;]|\s+([^\W\d_]+)|\s*$)", rest)
    then = (after.group(2) or "").lower() if after else ""
    said_as_verb = word.lower().endswith("s") and not word.lower().endswith("ss") and after is not None and (
        not then or then.endswith("ly") or then in function_words(language))
    return not said_as_verb  # "the giant sneezes and…", "the giant snores loudly": the giant does something


def _creature_mentions(prompt: str, concepts: list[Concept]) -> list[_Mention]:
    out = []
    for concept in concepts:
        if concept.role != "cast":
            continue
        for word in concept.words[:1]:
            matches = re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w])|(?<=[\w]-){re.escape(word)}(?![\w-])",
                                  prompt, re.IGNORECASE)  # a word of a hyphenated compound too: "Detektiv-Hund"
            match = next((m for m in matches if not about_a_topic(prompt, m.start(), m.end())
                          and not made_thing(prompt, m.start(), m.end()) and not only_a_shape(prompt, m.start())), None)
            # not "reads a dinosaur story" (what the story is about) nor "carves a wooden duck": no character
            if match is None:
                continue
            appositive = prompt[match.start()].isupper() and re.match(r"\s+the\s+\w", prompt[match.end():])
            titled = concept.what in TITLE_FIGURES
            if (_proper_name(prompt, match.start()) or appositive) and not titled:
                continue  # "a dog named Rex" is not also a T-rex, "Brown" not a bear, "Rex the dog" a name
            plural = is_plural(prompt, match.start(), word, detect_language(prompt) if detect_language(prompt) != "other" else "en")
            human = concept.what in HUMAN_KINDS  # "Kinder" the vocabulary knows and the role words do not
            if not human and concept.kind in HUMAN_KINDS:
                # A role the role words miss ("bombero"): a person with that role, who can also be a role of
                # the creature next to it ("un perro bombero" is one dog in a firefighter's outfit).
                said = word.lower()
                gender = concept.gender or ("female" if said.endswith(("frau", "in", "era", "ère", "euse", "esse"))
                                            and not plural else "") or (
                    "" if plural else gender_from_article(prompt, match.start(), detect_language(prompt)))
                out.append(_Mention(start=match.start(), end=match.end(), kind=concept.kind, role=concept.what,
                                    noun=concept.what, plural=plural, words=[word], concept=concept.what,
                                    gender=gender))
                continue
            out.append(_Mention(start=match.start(), end=match.end(), kind=concept.what, noun=concept.what,
                                name=match.group(0).title() if titled and not plural else None,
                                gender=concept.gender or "",
                                plural=plural or (human and word.lower() != concept.what and word.lower().endswith(
                                    ("er", "en", "ren") if detect_language(prompt) == "de" else ("s",))),
                                concept=concept.what if human else None,  # "Kinder", not one "toddler"
                                words=list(dict.fromkeys([word, *concept.words]))))  # "le poisson… une sardine"
    return out


def _unknown_actors(prompt: str, found: list[_Mention], spans: list[VerbSpan], language: str) -> list[_Mention]:
    """'The yeti climbs', 'el portero atrapa': a noun the vocabulary does not know, right before a verb after its
    article, is someone who acts: a person with that role (drawn as a person, called what the prompt calls them).
    Not when a thing can do the action ('the floor breaks'), nor after a preposition ('a hippo in a tutu dances')."""
    language = language if language in grammar() else "en"
    determiners = set(grammar()[language]["determiners"])
    connective_words = {phrase.lower() for c in action_vocabulary().connectives.values()
                        for phrase in c.words.get(language, ())}
    prepositions = set(grammar()[language]["prepositions"]) - connective_words  # not "während sein Knappe"
    out = []
    for span in spans:
        if not span.first or action(span.action).things_can and not _done_to_something(prompt, spans, span, language):
            continue  # "until the floor breaks": a thing; "a clumsy giant broke it": someone
        if any(m.start <= span.start < m.end for m in found):
            continue  # "a tired mail carrier": 'mail' is a word of the carrier, no verb with 'tired' doing it
        before = _subject_words(list(re.finditer(r"[^\W\d_]+(?:-[^\W\d_]+)*", prompt[:span.start])), prompt, language)
        if len(before) < 2 or any(m.start <= before[-1].start() < m.end for m in found):
            continue
        noun, previous = before[-1], before[-2].group(0)
        adjective = previous.lower() not in function_words(language) and vocabulary.lookup(previous, language) is None
        after_article = previous.lower() in determiners or (
            adjective and len(before) >= 3 and before[-3].group(0).lower() in determiners)  # "a kind yeti"
        word = noun.group(0)
        article_at = len(before) - (2 if previous.lower() in determiners else 3)
        if article_at >= 1 and before[article_at - 1].group(0).lower() in prepositions \
                or before[article_at].group(0).lower() in prepositions:
            continue  # "a hippo in a tutu dances": the tutu is what she wears; "im Winter baut": when
        if article_at >= 1 and any(other.end == before[article_at - 1].end() for other in spans):
            continue  # "licks the wet paint": what a verb before it is done to, not someone who paints
        clause = re.split(r"[,;.!?]", prompt[:noun.start()])[-1]
        if language == "de" and (any(w in FIRST_NAMES for w in re.findall(r"[^\W\d_]+", clause))
                                 or any(prompt.rfind(",", 0, noun.start()) < m.start < noun.start() for m in found)):
            continue  # "weil Lukas sein Zimmer aufgeräumt hat": a noun before a German final verb is its object
        if not after_article or len(word) < 3 or word.lower() in function_words(language) \
                or vocabulary.lookup(word, language) is not None or word.lower() in grammar()[language]["numbers"] \
                or word.lower() in grammar()[language]["partitives"] or word.lower() in _ADJECTIVES.get(language, ()):
            continue  # "une famille de lapins mange": the rabbits eat; "une rafale de vent": the wind blows; not
            # "before the big race": big says how the race is
        out.append(_Mention(start=noun.start(), end=noun.end(), kind="person", role=lemma(word, language),
                            noun=lemma(word, language), words=[word],
                            gender=gender_from_article(prompt, noun.start(), language)))  # "sein Knappe"
    return out


def _done_to_something(prompt: str, spans: list[VerbSpan], verb: VerbSpan, language: str) -> bool:
    """Does an object follow the verb phrase (an article or a pronoun right after it)?"""
    at = spans.index(verb)
    phrase = [verb, *itertools.takewhile(lambda span: not span.first, spans[at + 1:])]  # "turns … into"
    end = max(span.end for span in phrase)
    following = re.match(r"\s+([^\W\d_]+'?)", prompt[end:])
    if following is None:
        return False
    g = grammar()[language]
    return following.group(1).lower() in {*g["determiners"], *g["pronouns_thing"], *g["pronouns_person"]}


def _subject_words(before: list[re.Match[str]], prompt: str, language: str) -> list[re.Match[str]]:
    """The words before a verb up to its subject's noun: past the pronouns between them ('son entraîneur lui
    fait', 'sein Knappe sich … versteckt'), a 'de' phrase after the noun ('un forzudo del circo levanta') and,
    at the end of a German clause, what comes after the subject ('während sein Knappe sich hinter einem Felsen
    versteckt')."""
    g = grammar()[language]
    clitics = {*g["pronouns_thing"], *g["pronouns_person"], *g.get("dative_pronouns", ()), "se", "s'", "sich", "ne"}
    words = list(before)
    while words and words[-1].group(0).lower() in clitics:
        words.pop()
    if language in ("fr", "es") and len(words) >= 3 and words[-2].group(0).lower() in ("de", "del", "du", "des"):
        words = words[:-2]
    if language == "de" and words and "," not in prompt[words[-1].end():words[-1].end() + 1]:
        clause_start = max((i for i, w in enumerate(words) if "," in prompt[w.end():w.end() + 2]), default=-1) + 1
        determiners = set(g["determiners"])
        at = next((i for i in range(clause_start + 1, len(words) - 1) if words[i].group(0).lower() in determiners
                   and words[i + 1].group(0)[:1].isupper()), None)
        if at is not None and at == clause_start + 1:  # "während sein Knappe …": the clause's first noun
            words = words[:at + 2]
    return words


def _name_mentions(prompt: str, found: list[_Mention], verbs: set[str], concepts: list[Concept]) -> list[_Mention]:
    """A name standing alone is a person: 'Sam falls off his skateboard', 'la cometa de Lucas'. A capitalised word
    is a name inside a sentence (not in German, which capitalises nouns), or at its start when a verb follows."""
    # every word of a thing's phrase ("la tour Eiffel" names no one called Eiffel)
    known = {part.lower() for c in concepts for w in c.words for part in w.split()} | {
        w.lower() for m in found for w in m.words}
    out = []
    lang = detect_language(prompt) if detect_language(prompt) in grammar() else "en"
    titles = grammar()[lang].get("titles", {})
    for match in re.finditer(r"(?<![\w'-])([A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]{1,15})(?![\w-]|['’](?!s\b))", prompt):
        word = match.group(1)
        inside = any(m.start <= match.start() < m.end for m in found)
        title = re.search(r"(?<![\w'-])([A-ZÀ-ÖØ-Þ][a-zñ]+)\.?\s+$", prompt[:match.start()])
        if title and title.group(1) in titles and not inside:
            # "Herr Braun", "Doña Rosa": a name, in German too, and even when it is also a word (rosa)
            out.append(_Mention(start=title.start(1), end=match.end(), kind="person", noun="person",
                                words=[title.group(1), word], name=f"{title.group(1)} {word}",
                                gender=titles[title.group(1)]))
            continue
        if word.lower() in known or word in titles or inside or word in NOT_NAMES \
                or HOLIDAY_BEFORE.search(prompt[:match.start()]):  # "Christmas Eve" is no Eve
            continue  # "Zuerst fotografiert die Touristin…": an adverb opening the sentence is no one
        if name_near(prompt, match.start(), match.end()) or _named_by_neighbour(prompt, match, found):
            continue
        following = re.match(r"\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?", prompt[match.end():])
        starts_sentence = not _proper_name(prompt, match.start())
        german_name = lang == "de" and word in FIRST_NAMES  # "dem kleinen Max": German names no one by its capital
        if lang == "de" and prompt[:match.start()].strip() and not german_name:
            continue  # German capitalises every noun: a bare name is the prompt's first word ("Lisa spielt")
        possessive = re.match(r"['’]s\b", prompt[match.end():]) is not None  # "Ella's kite gets stuck"
        if starts_sentence and not possessive and not german_name and not _verb_follows(following, verbs, lang) \
                and not _joined_to_someone(following, lang):
            continue  # "The", "When", "Zwei": a sentence's first word, unless a verb follows it ("Pablo le regala")
        if starts_sentence and word.lower() in grammar()[lang].get("nonfinite_openers", ()):
            continue  # "Having gobbled up the cookies, the troll…": no one called Having
        before = re.findall(r"[^\W\d_]+", prompt[:match.start()])[-1:]
        if before and before[0].lower() in grammar()[lang]["place_prepositions"] \
                and not _given_to(prompt, match.start(), before[0], lang):
            continue  # "on Zorg", "à Paris": a place; not "delivers a box to Nora"
        if word.lower() in function_words(lang) | function_words("en") or vocabulary.lookup(word, lang) is not None \
                or vocabulary.is_stop(word):
            continue  # "every Tuesday" is no one
        if following is not None and _a_place_word(following.group(1), lang) or _after_a_place(prompt, match, lang) \
                or (lang == "en" and any(m.end(1) == match.end() and " the " in m.group(0)
                                         for m in NAMED_PLACE.finditer(prompt))):
            continue  # "his Naples pizzeria", "Lake Tahoe", "una plaza de Sevilla", "at the Taj Mahal": a place
        out.append(_Mention(start=match.start(), end=match.end(), kind="person", noun="person", words=[word],
                            name=word, gender=FIRST_NAMES.get(word, "")))
    return out


def _after_a_place(prompt: str, match: re.Match[str], lang: str) -> bool:
    """'Lake Tahoe', 'the streets of Rome', 'una plaza de Sevilla': a name right after a place word names it."""
    said = re.search(r"([^\W\d_]+)(?:\s+(?:of|de|del|di|du|des|von|d'))?\s+$", prompt[:match.start()])
    return said is not None and _a_place_word(said.group(1), lang)  # "After school, Priya": a comma between


def _a_place_word(word: str, lang: str) -> bool:
    entry = vocabulary.lookup(word, lang)
    return entry is not None and entry.role == "setting"


def _joined_to_someone(following: re.Match[str] | None, lang: str) -> bool:
    """'Lily and her grandpa fly a kite', 'Lily and Max': a first word joined by 'and' to someone who acts with it."""
    if following is None or following.group(2) is None:
        return False
    g = grammar()[lang]
    return following.group(1).lower() == g["conjunctions"][0] and (
        following.group(2).lower() in g["determiners"] or following.group(2)[:1].isupper())


def _verb_follows(following: re.Match[str] | None, verbs: set[str], lang: str) -> bool:
    """Is the next word a verb, or the one after an object pronoun that stands before it ('Pablo le regala') or
    after an auxiliary ('Luis is writing')?"""
    if following is None:
        return False
    first, second = following.group(1).lower(), (following.group(2) or "").lower()
    g = grammar()[lang]
    clitics = {*g["pronouns_thing"], *g["pronouns_person"], *g["dative_pronouns"], *g.get("clitic_openers", ())} \
        if g["pronoun_position"] == "before" else set()  # "Diego se cae", "Pablo no come"
    return first in verbs or (first in clitics | set(g["auxiliaries"]) and second in verbs)


def _given_to(prompt: str, start: int, preposition: str, lang: str) -> bool:
    """'delivers a strange box to Nora': after a 'to' word, the one an action with a recipient goes to."""
    taught = preposition.lower() in grammar()[lang].get("taught_to", ())
    if preposition.lower() not in grammar()[lang]["recipient"] and not taught:
        return False
    spans = [span for span in verb_spans(prompt, lang) if span.first and span.end <= start]
    # "apprend à Hugo à faire des croissants": 'apprendre' said to someone teaches them
    return bool(spans) and ("recipient" in action(spans[-1].action).roles or taught and spans[-1].action == "learn")


def _named_by_neighbour(prompt: str, match: re.Match[str], found: list[_Mention]) -> bool:
    """'Brown the dog', 'a cat named Mia': the name belongs to the mention next to it."""
    return any(name_near(prompt, m.start, m.end) == match.group(1) for m in found)


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
    """'a detective frog', 'Detektiv-Hund', 'une girafe travaille comme serveuse': one character, said twice."""
    return re.fullmatch(r"\s+|-", prompt[first.end:second.start]) is not None or WORKS_AS.fullmatch(
        prompt[first.end:second.start]) is not None


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


def _size(prompt: str, mention: _Mention, language: str) -> Literal["giant", "small"] | None:
    """'a tiny elephant', 'un ratón gigante': the size an adjective next to their word gives them."""
    said = state_of(prompt, mention.words, language, CHARACTER_SIZES)
    return "giant" if said is not None and said.state == "giant" else "small" if said is not None else None
