"""Who does the action of one clause: the subject.

The first character or thing of the clause that no preposition governs, unless a relative clause's antecedent,
a pronoun (resolved to whom it stands for), a German subject said after its verb, a Spanish one after its
clitics, or a word naming a character said before stands there; else whoever acted in the event before ("a
bear wakes up and eats the honey"). What the clause does to whom is `event_roles.py`'s.
"""

from __future__ import annotations

from functools import lru_cache

from services import vocabulary
from services.language.grammar import grammar
from services.reading import StoryEvent
from services.story.entity_queries import (
    and_words,
    entity_ending_at,
    entity_starting_at,
    modifier,
    owner,
    preposition_before,
)
from services.story.language import connective_words, function_words
from services.story.pronouns import both_sides, done_to_something, plural_verb, subject_pronoun, with_auxiliary
from services.story.roles import ROLE_WORDS
from services.story.sentence import Clause, Entity, Sentence
from services.story.verbs import VerbMatch, joining_words
from services.vocabulary.actions import action as vocabulary_action
from services.vocabulary.actions import vocabulary as action_vocabulary


def relative_head(s: Sentence, said: Entity | None) -> Entity | None:
    """'una rana con corona que…', 'a frog with a crown who…': the one the relative clause tells of is the
    frog, whom the crown comes with."""
    if said is None or not preposition_before(s.words, said, s.g, frozenset(s.g["with"])):
        return said
    at = said.first - 1
    while at >= 0 and s.words[at].lower not in s.g["with"]:
        at -= 1
    head = entity_ending_at(s.entities, at - 1) if at >= 1 else None
    return head if head is not None and head.kind == "cast" else said


def subject_of(s: Sentence, before: list[Entity], clause: Clause, events: list[StoryEvent]) -> Entity | None:
    """Who does the clause's action: see the module's docstring; None when nobody can be doing it."""
    if "antecedent_at" in clause.extra and (said := entity_ending_at(s.entities, clause.extra["antecedent_at"])):
        return said  # "The kite that a boy lost falls into a den": the kite falls
    made = _made_to(s, clause)
    if made is not None:
        return made  # "juggles oranges to make a sick boy laugh": the boy laughs
    if clause.relative and clause.start >= 2 and clause.start < clause.verb.first \
            and s.words[clause.start].lower not in {*s.g["determiners"], *s.g["subject_pronouns"]}:
        antecedent = relative_head(s, entity_ending_at(s.entities, clause.start - 2))
        if antecedent is not None:  # "un chat qui adore le poisson vole une sardine": the cat steals it
            return antecedent
    actors = [e for e in before if e.kind != "place" and not owner(s, e)
              and not (e.kind == "thing" and modifier(s, e))]  # "a toothbrush tree grows": the tree
    if clause.relative and s.lang == "de" and clause.start >= 2 \
            and s.words[clause.start - 1].lower in ("der", "die", "das"):  # "den Dieb, der eine Krone gestohlen hat"
        antecedent = entity_ending_at(s.entities, clause.start - 2)
        if antecedent is not None and antecedent.kind == "cast" and (
                s.words[clause.start - 1].lower == "der" or not actors or actors[0].kind == "thing"
                or s.words[actors[0].first - 1].lower in s.g["accusative_only"]):
            return antecedent  # 'der' says who does it; after 'die' or 'das', a crown or 'den Fisch' does not
    if not actors and (ahead := _subject_of_a_fronted_verb(s, clause)) is not None:
        return ahead  # "After eating the cookies, the troll falls asleep": the troll ate them
    if not actors and s.lang == "es" and (after := _spanish_subject_after(s, clause)) is not None:
        return after  # "y después se la comen los marineros": the sailors eat it
    said_before = any(s.words[i].lower in s.g["subject_pronouns"] for i in range(clause.start, clause.verb.first))
    if not actors and s.lang == "de" and not said_before:  # "und sie öffnet es": sie, said before the verb
        after = _german_subject_after(s, clause, events)
        if after is not None:  # "als der Schnee schmilzt, finden die Kinder…", "dann schläft sie"
            return after
    pronoun_at = next((i for i in range(clause.start, clause.verb.first) if s.words[i].lower in s.g["subject_pronouns"]),
                      None)
    if actors and pronoun_at is not None and pronoun_at < actors[0].first:
        said = subject_pronoun(s, clause, events)  # "…, bevor er den Knochen versteckt": er, not the bone
        if said is not None:
            return said
    if actors and _object_before_a_final_verb(s, actors, clause, events):
        return Entity("cast", tuple(events[-1].actors), actors[0].first, actors[0].first)
    if actors:
        joined = [actors[0]]
        for e in actors[1:]:  # "a penguin and a polar bear race": both
            between = {t.lower for t in s.words[joined[-1].last + 1:e.first]} - set(s.g["determiners"])
            if e.kind == "cast" and joined[-1].kind == "cast" and between and between <= and_words():
                joined.append(e)
            elif _unread_clause_between(s, joined[-1], e):
                joined = [e]  # "the balloon pops and the boy cries": a verb nobody knows ends the balloon's clause
        if len(joined) > 1:
            return Entity("cast", tuple(n for e in joined for n in e.names), joined[0].first, joined[-1].last)
        return joined[0]
    if clause.relative and clause.start >= 2 and not said_before:  # not "a dolphin that she befriended"
        word_before = s.words[clause.start - 2].lower
        antecedent = relative_head(s, entity_ending_at(s.entities, clause.start - 2)) or (  # "une graine magique, qui pousse"
            entity_ending_at(s.entities, clause.start - 3) if clause.start >= 3 and s.lang in ("fr", "es")
            and word_before not in function_words(s.lang) and word_before not in connective_words(s.lang) else None)
        if antecedent is not None:
            return antecedent  # "a cat who loves boxes"
    caught = _the_caught(s, clause, events)
    if caught is not None:  # "catches a fish, but it slips off the hook": the fish gets away, not the fisher
        return caught
    pronoun = subject_pronoun(s, clause, events)
    if pronoun is not None:
        return pronoun
    verb = clause.verb
    if s.lang == "en" and verb.first >= 1 and s.words[verb.first - 1].lower == "one" and events \
            and len(events[-1].actors) > 1:  # "three ducks race, but the smallest one wins": one of them
        return Entity("cast", tuple(events[-1].actors[-1:]), verb.first - 1, verb.first - 1)
    determiners = set(s.g["determiners"])
    clitics = {*s.object_pronouns, *s.g.get("dative_pronouns", ())}  # "le lui rapporte": no noun before the verb
    said_noun = s.lang != "de" or s.words[verb.first - 1].text[:1].isupper() \
        and s.words[verb.first - 2].lower not in s.g["prepositions"]  # "aber der Ofen explodiert", not "ins Wasser"
    if said_noun and verb.first - 2 >= clause.start and s.words[verb.first - 2].lower in determiners \
            and s.words[verb.first - 1].lower not in clitics and entity_starting_at(s.entities, verb.first - 1) is None \
            and with_auxiliary(s, verb) == verb.first:  # not "l'a mangé"
        noun = s.words[verb.first - 1].lemma
        if noun in vocabulary_action(verb.action).actors:  # "the waves wash it away": told, though not drawn
            return Entity("thing", (noun,), verb.first - 1, verb.first - 1)
        return _called_again(s, noun)  # "the boy catches": the grandson said before; "until the floor breaks":
        # a subject nothing draws, not whoever acted before
    acting_place = next((e for e in before if e.kind == "place" and (e.label in vocabulary_action(verb.action).actors
                                                                   or e.last == verb.first - 1)), None)
    if acting_place is not None:  # "la rivière emporte le bateau": the river, where the story is, acts
        return Entity("thing", acting_place.names, acting_place.first, acting_place.last)
    if events and len(events[-1].actors) == 1 and plural_verb(s, verb):
        groups = [e for e in s.entities if e.last < verb.first and e.kind == "cast" and len(e.names) > 1]
        both = both_sides(events, groups[-1:], verb.action, verb.first)
        if both is not None:  # "asustó a los campistas, pero luego se hicieron amigos": the monster and the campers
            return both
        if groups:  # "canta a los gatitos hasta que se duermen": they fall asleep, not the one who sang
            return groups[-1]
        other = events[-1].recipient or (events[-1].object if events[-1].object in s.people else None)
        if other is not None and vocabulary_action(verb.action).mutual:  # "persigue a un ratón, pero al final
            return Entity("cast", (*events[-1].actors, other), verb.first, verb.first)  # se hacen amigos": both
    acting = vocabulary_action(verb.action)
    flies_itself = events and any(acting.actors and s.called(e) & set(acting.actors) for e in s.entities
                                  if e.kind == "cast" and set(e.names) & set(events[-1].actors))
    if acting.things_can and reflexive(s, verb) and events and events[-1].object \
            and not done_to_something(s, clause) and not flies_itself:  # "le perroquet vole le bonbon et
        # s'envole": the parrot flies off, as parrots do, not the sweet
        changed = next((e for e in s.entities if e.kind == "thing" and events[-1].object in e.names
                        and not preposition_before(s.words, e, s.g)), None)  # not "sube a una palmera"
        if changed is not None:  # "se lo lleva a la nave, pero se rompe": the egg breaks
            return Entity("thing", changed.names, verb.first, verb.first)
    unread = _subject_of_an_unread_verb(s, clause)
    if unread is not None:  # "…, but a sleepy dragon yawns and melts it": the dragon melts it
        return unread
    if events and s.topic is not None and s.topic != tuple(events[-1].actors):
        return Entity("cast", s.topic, verb.first, verb.first)  # "is chased by a dog, then climbs a tree"
    for earlier in reversed(events):  # "waits until the storm stops, then flies the plane": the pilot flies
        names = tuple(earlier.actors)
        if vocabulary_action(earlier.action).mutual and earlier.recipient is not None:
            group = next((e.names for e in s.entities if e.kind == "cast" and len(e.names) > 1
                          and {*names, earlier.recipient} <= set(e.names)), None)
            names = group or names  # "two friends meet and talk": both talk, not only the one who met the other
            if group and "one" in {t.lower for t in s.words[clause.start:verb.first]}:
                names = names[:1]  # "two robots argue, then one of them eats the sandwich"
        someone = any(e.kind == "cast" and e.names[0] in names for e in s.entities)
        weather = any((entry := vocabulary.entry(n)) is not None and entry.role == "weather" for n in names)
        if someone or acting.things_can and not weather or set(names) & set(acting.actors):
            return Entity("cast" if someone else "thing", names, verb.first, verb.first)
    if events:
        names = tuple(events[-1].actors)
        kind = "cast" if any(e.kind == "cast" and e.names[0] in names for e in s.entities) else "thing"
        return Entity(kind, names, verb.first, verb.first)
    first_said = next((e for e in s.entities if e.kind == "cast" and e.last < verb.first), None)
    opening = s.entities[0] if s.entities else None
    if first_said is None and opening is not None and opening.kind == "thing" and opening.last < verb.first \
            and all(w.lower in s.g["determiners"] for w in s.words[:opening.first]):
        return opening  # "The moon gets bored, climbs down a ladder": what the sentence opens with acts
    return first_said


def _made_to(s: Sentence, clause: Clause) -> Entity | None:
    """The one a causative makes do the verb: 'make a sick boy laugh' (said between them), 'fait rire le bébé',
    'hace reír al niño' (said after the verb); None when no causative stands there."""
    verb, causatives = clause.verb, set(s.g.get("causatives", ()))
    if not causatives or verb.first < 2:
        return None
    if s.lang == "en":  # "make a sad boy with a broken leg laugh": the first one named after 'make'
        at = next((i for i in range(verb.first - 2, max(-1, verb.first - 9), -1) if s.words[i].lower in causatives),
                  None)
        made = next((e for e in s.entities if at is not None and at < e.first and e.last < verb.first), None)
    else:
        made = next((e for e in s.entities if verb.last < e.first <= verb.last + 2), None)
        at = verb.first - 1 if s.words[verb.first - 1].lower in causatives else None
    if at is None:
        return None
    purpose = at >= 1 and s.words[at - 1].lower == "to"  # "juggles oranges to make…": the juggler makes
    causer = next((e for e in reversed(s.entities) if e.last < at and (e.kind == "cast" or not purpose)), None)
    # "le soleil fait fondre le bonhomme de neige": a thing that makes something happen does it (the sun melts it)
    return made if made is not None and made.kind == "cast" and causer is not None and causer.kind == "cast" else None


def _object_before_a_final_verb(s: Sentence, actors: list[Entity], clause: Clause, events: list[StoryEvent]) -> bool:
    """'bevor sie ins Haus gehen und heiße Schokolade trinken': in a German clause joined by 'und', a thing
    right before the verb at its end is what is drunk; the ones who went in drink it."""
    return s.lang == "de" and bool(events) and bool(events[-1].actors) and actors[0].kind == "thing" \
        and actors[0].last == clause.verb.first - 1 and s.words[max(0, actors[0].first - 1)].lower in s.g["coordinating"] \
        and actors[0].label not in vocabulary_action(clause.verb.action).actors


def _called_again(s: Sentence, noun: str) -> Entity | None:
    """The one character a general word for it names again ('his grandson…, but the boy'), or None."""
    role = ROLE_WORDS.get(noun)
    entry = vocabulary.lookup(noun, s.lang)
    kinds = {*((role.role or role.kind,) if role else ()), *((entry.noun, entry.kind) if entry else ())} - {None}
    named = {e.names: e for e in s.entities if e.kind == "cast" and len(e.names) == 1 and s.nouns.get(e.label, set()) & kinds}
    return next(iter(named.values())) if len(named) == 1 else None


def _the_caught(s: Sentence, clause: Clause, events: list[StoryEvent]) -> Entity | None:
    """Who gets away, when the clause names no one ('il glisse de l'hameçon', 'se suelta del anzuelo'): the one
    the event before caught, if a pronoun there can stand for it."""
    if clause.verb.action != "escape" or not events or vocabulary_action(events[-1].action).leaves != "caught" \
            or not events[-1].object:
        return None
    said = next((t.lower for t in s.words[clause.start:clause.verb.first] if t.lower in s.g["subject_pronouns"]), None)
    caught = next((e for e in s.entities if events[-1].object in e.names and e.last < clause.verb.first), None)
    if caught is None or caught.kind != "cast" or said is None and not s.g.get("pro_drop") \
            or said is not None and s.lang != "en" and not s.fits(caught, said):
        return None  # "catches the ball and runs away": the catcher runs, the ball does not
    return caught


def _spanish_subject_after(s: Sentence, clause: Clause) -> Entity | None:
    """A Spanish verb with its object as a clitic before it and the one who acts right after it, with 'el', 'la',
    'los' or 'las' ('lo despierta el perro', 'se la comen los marineros')."""
    verb = clause.verb
    if verb.first < 1 or s.words[verb.first - 1].lower not in s.object_pronouns or verb.last + 2 >= len(s.words) \
            or s.words[verb.last + 1].lower not in s.g["definite_articles"]:
        return None
    said = entity_starting_at(s.entities, verb.last + 2)
    return said if said is not None and said.kind == "cast" else None


def _subject_of_a_fronted_verb(s: Sentence, clause: Clause) -> Entity | None:
    """Who does a verb that opens its sentence with no subject of its own ('After eating…', 'Having gobbled up…',
    'Après avoir gagné…', 'Después de comer…'): the character the next clause starts with."""
    openers = s.g.get("nonfinite_openers", ())
    first = clause.verb.first
    while first > 0 and not any(mark in s.prompt[s.words[first - 1].end:s.words[first].start] for mark in ".!?"):
        first -= 1
    if " ".join(w.lower for w in s.words[first:clause.verb.first]) not in openers:
        return None
    return next((e for e in s.entities if e.first >= clause.end and e.kind == "cast" and not owner(s, e)
                 and not preposition_before(s.words, e, s.g, floor=clause.end)), None)


def _subject_of_an_unread_verb(s: Sentence, clause: Clause) -> Entity | None:
    """A character a connective brings in just before this clause, doing something no action names ('but a
    sleepy dragon yawns and melts it'): the one who goes on to do this clause's action."""
    joins = joining_words(s.lang)
    for j in range(clause.start - 2, max(-1, clause.start - 9), -1):
        if s.words[j].lower not in joins:
            continue
        at = j + 1
        if at < clause.start and s.words[at].lower in s.g["determiners"]:
            at += 1
            if entity_starting_at(s.entities, at) is None:
                at += 1  # past one adjective: "a sleepy dragon"
        found = entity_starting_at(s.entities, at)
        gap = [w.lower for w in s.words[found.last + 1:clause.start]] if found is not None else []
        if found is not None and found.kind == "cast" and 2 <= len(gap) <= 5 and gap[-1] in joins \
                and gap[0] not in {*s.g["prepositions"], *s.g["determiners"], *joins}:
            return found  # "but a polar bear sits on it and breaks it": the bear, whatever it did first
        return None
    return None


def _unread_clause_between(s: Sentence, first: Entity, then: Entity) -> bool:
    """Do words that are not determiners or prepositions stand between two entities, before an 'and' that
    leads to the second ('the boat sinks and the pirate swims')?"""
    words = [t.lower for t in s.words[first.last + 1:then.first]]
    joined_at = next((i for i, w in enumerate(words) if w in and_words()), None)
    if not joined_at:
        return False
    said = [w for w in words[:joined_at] if w not in s.g["determiners"]]
    # "la gallina pone un huevo de oro y el granjero…": a verb first, its object's 'de' is its own (not "a cat
    # with a hat and a dog")
    return bool(said) and said[0] not in {*s.g["prepositions"], *s.g["subject_pronouns"]}


def _german_subject_after(s: Sentence, clause: Clause, events: list[StoryEvent]) -> Entity | None:
    """A German clause that opens with its verb (after 'dann', or a clause before it) names its subject next; one
    opened by 'und' or 'aber' says none ('und frisst sie auf': sie is what is eaten, by who dug it up)."""
    if clause.verb.first > 0 and s.words[clause.verb.first - 1].lower in s.g["coordinating"]:
        return None
    if events and _continues_a_main_clause(s, clause):
        return None  # "gräbt eine Schatzkiste aus, öffnet sie": the pirate opens it
    described = _before_a_relative_clause(s, clause)
    if described is not None:
        return described  # "der kleine Roboter, der im Keller wohnt, repariert Opas Radio": the robot
    at = clause.verb.first + 1
    if at < clause.end and s.words[at].lower in s.g["subject_pronouns"] and not _nominative_after(s, at, clause):
        return subject_pronoun(s, clause, events, at=at)
    opened = clause.verb.first == clause.start or s.words[clause.verb.first - 1].lower in connective_words(s.lang)
    if events and clause.connective in ("and", "but") and opened:
        return None  # "wacht auf und isst den Honig": the same bear (not "und schließlich findet die Kuh ihn")
    while at < clause.end and (s.words[at].lower in s.object_pronouns or _nominative_after(s, at, clause)):
        at += 1  # "dann fängt ihn der Hund", "fängt sie der Papagei": what is caught first, then who catches it
    if at < clause.end and (s.words[at].lower in s.g["accusative_only"] or s.words[at].lower in s.g["prepositions"]):
        return None  # "den Honig" is what is eaten; "sucht im Herbstlaub": where, not who
    while at < clause.end and s.words[at].lower in s.g["determiners"]:
        at += 1
    found = entity_starting_at(s.entities, at)
    # "finden die Kinder", "backt Mama ihm einen Kuchen": a character right after the verb is its subject too
    return found if found is not None and found.kind != "place" and (
        at > clause.verb.first + 1 or found.kind == "cast") else None


def _before_a_relative_clause(s: Sentence, clause: Clause) -> Entity | None:
    """The character a German relative clause describes when the verb comes right after it ('der Roboter, der
    im Keller wohnt, repariert…'): the subject of that verb."""
    i = _stretch_before_a_comma(s, clause.verb.first, ",")
    if not i or s.words[i].lower not in s.g["relatives"]:
        return None
    described = entity_ending_at(s.entities, i - 1)
    return described if described is not None and described.kind == "cast" else None


def _continues_a_main_clause(s: Sentence, clause: Clause) -> bool:
    """Does the German verb come right after a comma that closes a main clause ('gräbt eine Kiste aus, öffnet
    sie')? It keeps that clause's subject; after a clause opened by 'als', 'weil' or 'bis' the subject follows
    the verb instead ('als der Schnee schmilzt, finden die Kinder…')."""
    i = _stretch_before_a_comma(s, clause.verb.first, ",.;!?") if clause.start == clause.verb.first else None
    if i is not None and s.words[i].lower in s.g["coordinating"]:
        i += 1  # "und als sie es öffnet, springt ein Kätzchen heraus": the 'als' clause
    return i is not None and s.words[i].lower not in _subordinating_words(s.lang)


def _stretch_before_a_comma(s: Sentence, v: int, marks: str) -> int | None:
    """Where the stretch of words ending in a comma right before word `v` starts (after the mark before it, one
    of `marks`, or at the prompt's start); None when no comma stands right before `v`."""
    if v == 0 or "," not in s.prompt[s.words[v - 1].end:s.words[v].start]:
        return None
    i = v - 1
    while i > 0 and not any(mark in s.prompt[s.words[i - 1].end:s.words[i].start] for mark in marks):
        i -= 1
    return i


@lru_cache(maxsize=4)
def _subordinating_words(lang: str) -> frozenset[str]:
    """The words of the connectives that open a subordinate clause ('als', 'weil', 'bis'): all but and/but/so/then."""
    return frozenset(w for kind, c in action_vocabulary().connectives.items() if kind not in ("and", "but", "so", "then")
                     for phrase in c.words.get(lang, ()) for w in phrase.lower().split())


def _nominative_after(s: Sentence, at: int, clause: Clause) -> bool:
    """Is the German pronoun at `at` ('sie', 'es') followed by a masculine subject ('der Papagei', 'ein Hund')? Then
    the pronoun is the object and that noun the subject."""
    return s.words[at].lower in s.object_pronouns and at + 2 < clause.end \
        and s.words[at + 1].lower in _nominative_articles(s.lang) \
        and entity_starting_at(s.entities, at + 2) is not None


@lru_cache(maxsize=4)
def _nominative_articles(lang: str) -> frozenset[str]:
    """Masculine articles that can only start a subject ('der', 'ein'), not an object or a dative one."""
    g = grammar()[lang]
    return frozenset(set(g["articles_by_gender"]["m"]) - set(g["accusative_only"]) - set(g["dative_articles"]))


def reflexive(s: Sentence, verb: VerbMatch) -> bool:
    """'se esconde', 'se cache', 'versteckt sich', 'hides himself': the action is done to its own actor."""
    before = s.words[verb.first - 1].lower if verb.first >= 1 else ""
    after = {t.lower for t in s.words[verb.last + 1:verb.last + 3]}
    return before in ("se", "s'") or s.words[verb.first].lower in ("se", "s'") \
        or bool(after & {"sich", "himself", "herself", "itself", "themselves"})
