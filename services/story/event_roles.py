"""What one clause says happens: its action, done by whom (`event_subject.py`), to what, for whom, and where it
leads.

The object is the first entity after the verb that no preposition governs (or a pronoun, resolved to the thing
or character it stands for); the recipient the one after "to", "à", "für", "a"; a place after "to" is where it
leads. Which of the verb's actions it is can depend on them ('vole une sardine' steals, 'vole' alone flies).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from services import vocabulary
from services.config import word_lists
from services.reading import StoryEvent
from services.story.elements import made_thing
from services.story.entity_queries import (
    and_words,
    entity_ending_at,
    entity_starting_at,
    modifier,
    owner,
    preposition_before,
    several,
)
from services.story.event_objects import carried, landed_on, part_of
from services.story.event_subject import reflexive, relative_head, subject_of
from services.story.language import function_words
from services.story.pronouns import dative, phrase_words, pronoun, with_auxiliary
from services.story.sentence import Clause, Entity, Sentence
from services.story.story_phrases import ONLOOKER
from services.story.verbs import VerbMatch, verb_index
from services.vocabulary.actions import Action
from services.vocabulary.actions import action as vocabulary_action
from services.vocabulary.actions import vocabulary as action_vocabulary

HELPS_WHOEVER_CAME_BEFORE = frozenset({"help", "comfort"})  # named no one: the one the story was just about
_WORDS = word_lists("story.event_roles")
RIDES = frozenset(_WORDS["rides"])
WATERS = frozenset(_WORDS["waters"])
VEHICLE_PLACES = frozenset(_WORDS["vehicle_places"])
RIDE_PREPOSITIONS: dict[str, frozenset[str]] = {lang: frozenset(said) for lang, said in _WORDS["ride_prepositions"].items()}


@dataclass
class Around:
    """The entities of one clause, split around its verb."""

    before: list[Entity]  # before the verb, no preposition governing them: the subject is among them
    after: list[Entity]  # after the verb's first word (what the phrase takes along too: 'play … piano')
    governed: set[int]  # ids of those a preposition governs ('with a balloon', 'to the beach')


def event_in(s: Sentence, clause: Clause, events: list[StoryEvent]) -> StoryEvent | None:
    """The event of one clause, or None when nobody can be doing it."""
    clause.verb = _to_a_place(s, clause.verb)
    verb = clause.verb
    action = vocabulary_action(verb.action)
    around = _around(s, clause)
    subject = subject_of(s, around.before, clause, events)
    if subject is None or (verb.action == "arrive" and _weather(subject)):
        return None  # "the sun comes out and it melts": the weather turns, no one arrives (it is the snowman)
    subject = _together(s, clause, subject, events)
    topic = subject.names if subject.kind == "cast" else None
    obj, recipient = _object_and_recipient(s, clause, action, subject, around, events)
    if action.onto and (obj is None or obj.kind == "place"):  # "lands on the bear's head": the bear; "lands in
        obj = landed_on(s, clause, subject)  # the park" happens there
    if obj is not None and obj.kind == "place" and subject.kind == "thing" and not action.place_object \
            and not action.journey:
        obj = None  # "the rain stops over the little harbour town": where, not what it stops
    if obj is not None and any(s.words[i].lower in s.g.get("causatives", ()) for i in range(verb.last + 1, obj.first)):
        obj = None  # "juggles to make a sad boy laugh": the boy is made to laugh, not juggled
    if obj is not None and (obj.first, obj.names) == (subject.first, subject.names):
        obj = None  # "hace reír al niño": the boy laughs, at nobody
    if obj is not None and obj.kind == "thing" and obj.label in WATERS and action.journey \
            and preposition_before(s.words, obj, s.g):  # "afraid of water", "Angst vor dem Wasser" fear it
        obj = None  # "springt ins Wasser", "falls into the mud": where, not what is done to
    if (agent := _passive_agent(s, clause, around)) is not None and agent.names != subject.names:
        patient = subject  # "the cake is eaten by the dog": the dog eats it
        if _elided_passive(s, clause, frozenset(s.g.get("agent_prepositions", ()))) and events and events[-1].object:
            done_to = events[-1].object  # "were baked by a wizard and eaten by the kids": the cookies
            patient = Entity("cast" if done_to in s.people else "thing", (done_to,), clause.start, clause.start)
        subject, obj, recipient = agent, patient, None
        topic = patient.names if patient.kind == "cast" else None
    if recipient is None and obj is None and action.mutual and subject.kind == "cast" \
            and len(subject.names) > 1:  # "two robots fall in love": one with the other
        recipient = Entity("cast", subject.names[-1:], subject.first, subject.last)
        subject = Entity("cast", subject.names[:-1], subject.first, subject.last)
    if recipient is None and obj is None and action.mutual and subject.kind == "cast" and len(subject.names) == 1 \
            and events and (partner := events[-1].recipient or events[-1].object) in s.people \
            and partner not in subject.names:  # "asusta a los niños, pero luego se hace su amigo": with them
        recipient = Entity("cast", (partner,), subject.first, subject.last)
    if recipient is None and "recipient" in action.roles and events and vocabulary_action(events[-1].action).lets_go \
            and subject.kind == "cast" and not set(events[-1].actors) & set(subject.names):
        recipient = Entity("cast", tuple(events[-1].actors[:1]), subject.first, subject.last)  # brought back to her
    if recipient is None and obj is None and verb.action in HELPS_WHOEVER_CAME_BEFORE and events \
            and subject.kind == "cast" and events[-1].actors[0] in s.people \
            and not set(events[-1].actors) & set(subject.names):  # "afraid of the dark until a firefly lights the
        recipient = Entity("cast", tuple(events[-1].actors[:1]), subject.first, subject.last)  # way": for the ghost
    going = any(e.kind == "place" and _towards(s, e, action.journey) for e in around.after)
    clitic = s.g["pronoun_position"] == "before" and verb.first >= 1 \
        and s.words[verb.first - 1].lower in s.object_pronouns  # "la vole"
    name = _best_action(verb, subject, obj, going,
                        said=obj is None and (clitic or _object_words(s, clause) is not None), who=s.called(subject))
    if name == "fly" and obj is not None and obj.label in _flown_aboard() \
            and made_thing(s.prompt, s.words[obj.first].start, s.words[obj.last].end):
        name = "throw"  # "flies a paper plane": thrown, where a pilot flies aboard a real one
    blower = _blown_by(s, clause, subject) if name == "fly" else None
    if blower is not None:  # "the broken umbrella flew away in the storm": the storm blows it away
        name, subject, obj = "blow_away", blower, subject
    if name == action.by_characters and not any(named == name for _, named in
                                                  verb_index(s.lang).get(s.words[verb.first].lemma, ())):
        name = verb.action  # a giant who blows the leaves off blows them; only 'carries … away' is carrying
    if name == "fall" and s.lang == "es" and verb.first >= 2 and s.words[verb.first - 2].lower == "se" \
            and s.words[verb.first - 1].lower in ("le", "les") and obj is not None and obj.kind == "thing":
        name = "drop"  # "se le caen los platos": the plates fall from him, he drops them
    if name == "learn" and s.lang == "fr" and (pupil := _taught(s, clause, subject, around)) is not None:
        name, recipient = "teach", pupil  # "apprend la valse au boulanger": apprendre à quelqu'un is teaching
        obj = None if obj is not None and obj.names == pupil.names else obj  # the pupil is not what is taught
    if obj is None and (taking := vocabulary_action(name).carrying) is not None \
            and (along := carried(s, clause, events)) is not None:
        name, obj = taking, along  # "flies away with it": the coin goes along, held
    if name == "break" and obj is not None and obj.kind == "cast" and len(verb.words) > 1:
        name = "push"  # "knocks over the mailman": he is knocked down, not broken
    ridden = _ridden(s, around) if name == "arrive" and obj is None and subject.kind == "cast" else None
    if ridden is not None:
        name, obj = "ride", ridden  # "her dad arrives on a bicycle": he rides it there
    if name == "climb" and obj is not None and obj.kind == "cast" and s.called(obj) & RIDES:
        name = "ride"  # "il monte sur une vache": he rides the cow, he does not climb it like a tree
    if name == "meet" and recipient is not None and ONLOOKER in s.called(recipient) \
            and s.words[verb.first].lemma == "run":
        name, recipient = "run", None  # "runs into the audience": into the crowd, meeting no one
    if name == "take" and obj is not None and obj.kind == "place" and obj.label in VEHICLE_PLACES:
        name, obj = "travel", None  # "takes the train from London to Paris": rides in it, nobody picks it up
    chosen = vocabulary_action(name)
    if subject.kind == "thing" and obj is not None and not {"object", "recipient"} & set(chosen.roles):
        obj = None  # "un arbre pousse jusqu'aux nuages": it grows up to them, it does nothing to them
    if obj is not None and obj.kind == "place" and obj.first in verb.words and chosen.objects \
            and obj.label not in chosen.objects:
        obj = None  # "play a concert", "dar un concierto": the occasion, not the instrument played
    if recipient is not None and chosen.to_someone and "recipient" not in chosen.roles:
        name = chosen.to_someone  # bringing someone something is a delivery
    if recipient is None and obj is not None and chosen.looks["during"].object_at == "between" \
            and all(e.label == obj.label for e in around.after):  # not "gives it to a scarecrow"
        whose = next((e for e in s.entities if e.kind == "cast" and owner(s, e) and e.names != subject.names
                      and (held := entity_starting_at(s.entities, e.last + 2)) is not None
                      and held.label == obj.label), None)
        recipient = whose  # "blows the baker's hat into the river, so a duck brings it back": back to the baker
    if name == "teach" and recipient is None and obj is not None and obj.kind == "cast":
        recipient, obj = obj, None  # "teaches it to fish": the seagull learns, it is not what is taught
    if obj is None and "object" in vocabulary_action(name).roles:
        obj = _said_with_the_verb(s, clause, subject, vocabulary_action(name))
    if obj is None and recipient is None and chosen.onlooker and events and events[-1].actors[0] not in subject.names:
        acted = events[-1].actors[0]  # "melts while the children watch": they watch the snowman
        obj = Entity("cast" if acted in s.people else "thing", (acted,), clause.start, clause.start)
    place = _leads_to(s, action, name, obj, around)
    if obj is None and place and action.place_object and not action.leaves_from:  # "viaja a París": the journey's
        obj = next((e for e in around.after if e.kind == "place" and e.label == place), None)  # object too
    if obj is None and place is None and name == "travel":  # "reist zum Mond": a thing in the sky it goes to
        obj = next((e for e in around.after if e.kind == "thing" and _towards(s, e, True)), None)
    said = _object_words(s, clause) if obj is None and "object" in vocabulary_action(name).roles else None
    words = s.words
    result = _made_into(s, clause, obj) if name == "transform" else _grown_into(s, clause) if name == "grow" else None
    actors = list(subject.names) if subject.kind == "cast" else [subject.label]
    if subject.kind == "cast" and list(vocabulary_action(name).roles) == ["actor"]:  # "danse avec la chouette": both dance
        actors += [n for e in around.after if e.kind == "cast" and preposition_before(s.words, e, s.g, "with")
                   for n in e.names if n not in actors]
    if name == "talk" and obj is not None and recipient is not None and obj.names == recipient.names:
        obj = None  # "tells him a joke": he is whom it is told to, not what is told
    group = recipient if recipient is not None else obj if obj is not None and obj.kind == "cast" else None
    if not _participle(s, clause):
        s.topic = topic
    return StoryEvent(action=name, actors=actors, others=list(group.names[1:]) if group is not None else [],
                      object=_reference(obj), recipient=recipient.names[0] if recipient else None, place=place,
                      at=_happens_at(s, around, place, obj),
                      object_words=said, where_words=_where(s, clause, chosen), connective=clause.connective,
                      result=_reference(result) if result else None,
                      words=s.prompt[words[verb.first].start:words[min(clause.end, len(words)) - 1].end])


def _to_a_place(s: Sentence, verb: VerbMatch) -> VerbMatch:
    """'lo llevó a casa', 'runs into the forest': a phrase that ends in a preposition ('llevar a': bring to
    someone; 'run into': meet) followed by a place is its verb alone (carry, run), unless the phrase's action
    goes to or is done to places."""
    last, phrase_action = verb.last, vocabulary_action(verb.action)
    if last == verb.first or last + 1 >= len(s.words):
        return verb
    to_someone = s.words[last].lower in s.g["recipient"] and "recipient" in phrase_action.roles
    stays = s.words[last].lower in s.g["prepositions"] and not (phrase_action.place_object or phrase_action.journey)
    if not (to_someone or stays):
        return verb
    after = entity_starting_at(s.entities, last + 1) or (
        entity_starting_at(s.entities, last + 2) if s.words[last + 1].lower in s.g["determiners"] else None)
    if after is None or after.kind != "place":
        return verb
    said_alone = [name for lemmas, name in verb_index(s.lang).get(s.words[verb.first].lemma, []) if len(lemmas) == 1]
    alone = verb.action if verb.action in said_alone else next(iter(said_alone), None)  # "vole … à la boulangerie"
    return VerbMatch(alone, verb.first, verb.first, (verb.first,)) if alone else verb  # steals, as "vole" alone may


@lru_cache(maxsize=8)
def _subordinators(language: str) -> frozenset[str]:
    """One-word connectives that open a clause of its own ('because', 'weil', 'pendant', 'mientras'): what
    follows them is never the object of the verb before them. Not 'after' or 'before', also prepositions."""
    kinds = ("because", "while", "when")
    return frozenset(w.lower() for k in kinds for w in action_vocabulary().connectives[k].words.get(language, ())
                     if " " not in w) - {"da", "cause"}


def _around(s: Sentence, clause: Clause) -> Around:
    verb = clause.verb
    inside = [e for e in s.entities if clause.start <= e.first and e.last < clause.end]
    nouns = {e.last for e in s.entities}  # "spielen im Regen Ball": im governs the rain, not the ball after it
    nouns |= {i for i, w in enumerate(s.words) if w.lower in s.g["time_nouns"]}  # "by summer tall sunflowers grow"
    if s.lang == "de":  # "pflanzt im Frühling Sonnenblumen": a German noun is capitalised, drawn or not
        nouns |= {i for i, w in enumerate(s.words) if i > clause.start and w.text[:1].isupper()
                  and w.lower not in s.g["prepositions"] and w.lower not in s.g["determiners"]}
    governed = {id(e) for e in inside if preposition_before(s.words, e, s.g, stop=set(verb.words) | nouns,
                                                             floor=clause.start) and not _partitive(s, e)}
    return Around(before=[e for e in inside if e.last < verb.first and id(e) not in governed],
                  after=[e for e in inside if e.first > verb.first], governed=governed)


def _object_and_recipient(s: Sentence, clause: Clause, action: Action, subject: Entity, around: Around,
                          events: list[StoryEvent]) -> tuple[Entity | None, Entity | None]:
    """What the action is done to, and for whom: the first entity after the verb no preposition governs (not an
    owner, not a modifier), a character after 'to'; else a pronoun, a relative clause's antecedent, what a
    preposition brings in, or the object the event before it took ('steals a horse and rides')."""
    verb, governed, after = clause.verb, around.governed, around.after
    # "hides under the table": where, not what (what one trips over or jumps off is the object)
    hiding_place = frozenset() if action.obstacle else frozenset(action.where_prepositions.get(s.lang, ()))
    if verb.last + 1 < clause.end and s.words[verb.last + 1].lower in and_words():
        after = [e for e in after if e.last <= verb.last]  # "le ballon éclate et le chien aboie": not the dog
    if s.lang == "en" and verb.last + 2 < clause.end and s.words[verb.last + 1].lower in s.object_pronouns \
            and s.words[verb.last + 2].lower.endswith("ing") and entity_starting_at(s.entities, verb.last + 2) is None:
        after = [e for e in after if e.first < verb.last + 2]  # "finds it orbiting the moon": it, not the moon
    unread = _unread_verb_after_and(s, clause)
    if unread is not None:  # "jumps into the pond and splashes the duck": the duck is what the unread verb does
        after = [e for e in after if e.first < unread]
    opens = next((i for i in range(verb.last + 1, clause.end) if s.words[i].lower in _subordinators(s.lang)), None)
    if opens is not None:  # "der Kuchen brennt an, weil der Bäcker telefoniert": the baker is not what burns
        after = [e for e in after if e.first < opens]
    objects = [e for e in after if id(e) not in governed and e.names != subject.names and not owner(s, e)
               and not modifier(s, e) and not _measure(s, e) and e.label not in action.not_objects]
    # not "hides his sister's teddy bear", "visit a chocolate factory", "eats a whole jar of honey", "catches fire"
    verb_own = [e for e in objects if e.kind == "thing" and e.first in verb.words and e.label not in action.objects]
    past_own = verb_own[0].last + 1 if verb_own else len(s.words)
    of = {*s.g["of"], "del", "du", *(("a", "al") if s.lang == "es" else ())}  # "le saca una foto a la luna"
    pictured = [e for e in after if past_own < len(s.words) and e.first > past_own
                and s.words[past_own].lower in of][:1]
    if pictured:  # "takes a photo of the ducks", "macht ein Foto von den Enten": the photo is the verb's, the ducks
        objects = [*pictured, *(e for e in objects if e not in verb_own and e not in pictured)]  # what it is of
    else:  # "breathes fire on the cake": the fire is the verb's own word, the cake what it is done to
        objects = [*(e for e in objects if e not in verb_own), *verb_own]
    in_phrase = [e for e in after if e.kind == "thing" and e.first in verb.words and id(e) in governed]
    if action.looks["during"].actor == "riding":  # "fährt mit dem Schlitten den Berg hinunter": the sled is ridden
        in_phrase += [e for e in after if e.kind == "thing" and preposition_before(s.words, e, s.g, "with")]
    objects = [*in_phrase, *objects]  # "joue de la guitare": the verb's own phrase names the guitar
    if not objects and any(vocabulary_action(n).looks["during"].recipient for n in (verb.action, *verb.alternatives)):
        # "kisses the frog's nose": done to the one it belongs to (not "mends the sparrow's wing": said as written)
        objects = [e for e in after if id(e) not in governed and e.kind == "cast" and e.names != subject.names
                   and owner(s, e) and entity_starting_at(s.entities, e.last + 2) is None
                   and e.last + 2 < clause.end][:1] or [
            e for e in after if e.kind == "cast" and e.names != subject.names and part_of(s, verb, e)][:1]
    for_whom = [e for e in objects if e.kind == "cast" and _in_dative(s, e)]
    if not for_whom and len(objects) > 1 and objects[0].kind == "cast" and objects[1].kind == "thing" \
            and not {"recipient"} & set(action.roles) and not _wants_a_character(action) \
            and all(w.lower in s.g["determiners"] for w in s.words[objects[0].last + 1:objects[1].first]):
        for_whom = objects[:1]  # "backt Lukas einen Kuchen", "bakes Mia a cake": the cake is baked, for Lukas
    if for_whom and (len(objects) > len(for_whom) or "recipient" in action.roles or action.to_someone):
        objects = [e for e in objects if e not in for_whom]  # "wirft dem Hund einen Stock": the stick is thrown
    placed_pronouns = _prepositions_before_pronouns(s, clause)  # "for it", "inside it"
    sought_later = bool(placed_pronouns & phrase_words(verb.action, s.lang))
    places = [e for e in objects if e.kind == "place"] if not sought_later else []
    if not action.place_object or sought_later:  # a place word is an object only when nothing else is ("pierde su
        objects = [e for e in objects if e.kind != "place"]  # casa"), not "searches the whole castle for it"
    own = phrase_words(verb.action, s.lang) & set(s.g["prepositions"])  # "searches the city for a fish": the fish
    sought = [e for e in after if e.kind != "place" and id(e) in governed and preposition_before(s.words, e, s.g, own)
              ] if verb.action == "search" else []  # what is sought, not where ("viaja a París en una maleta")
    if sought and (not objects or objects[0].kind == "place"):
        objects = [sought[0], *(e for e in objects if e.kind != "place")]
    if s.lang == "en" and verb.last + 1 < clause.end and s.words[verb.last + 1].lower in ("it", "them") \
            and "recipient" not in action.roles and objects and _acts_next(s, objects[0]):
        objects = []  # "when she opens it a frog jumps out": it, not the frog said after it ("throws it a
        # piece of bread": the bread, thrown to it)
    obj, recipient = (objects[0] if objects else None), None
    if action.to_someone and len(objects) > 1 and objects[0].kind == "cast" and objects[1].kind == "thing":
        return objects[1], objects[0]  # "bringt Oma ein Paket": the parcel goes to Oma
    # "dann schläft sie ein": a German clause with no subject before its verb says it right after, never its object
    said_after = s.lang == "de" and not any(e.kind != "place" for e in around.before)
    if any(s.words[i].lower in s.object_pronouns and entity_starting_at(s.entities, i + 1) is None
           and not (s.lang == "en" and s.words[i].lower == "her" and entity_starting_at(s.entities, i + 2))
           for i in range(verb.first + 1 + said_after, verb.last) if i not in verb.words) \
            and not (obj is not None and obj.kind == "cast" and "recipient" in action.roles):  # "shares it with him"
        # "turns it into a bird": the pronoun in the phrase is what it is done to, the bird what it becomes
        obj = pronoun(s, clause, subject, events, animate=_refers_to_a_creature(action))
    takes_one = any({"object", "recipient"} & set(vocabulary_action(name).roles)  # "la vole": steals it
                    for name in (verb.action, *verb.alternatives))
    if s.g["pronoun_position"] == "before" and takes_one:
        clitic = pronoun(s, clause, subject, events, animate=_refers_to_a_creature(action),  # "le lanza la pelota":
                         datives=obj is None or obj.first in verb.words)  # le is whom it is for; "les hizo una foto"
        if clitic is not None:  # "lo lleva a casa": the clitic before the verb is its object
            obj = clitic
    if "recipient" in action.roles:
        towards = for_whom or [e for e in after if id(e) in governed and e.kind == "cast"
                               and e.names != subject.names and preposition_before(s.words, e, s.g, "recipient")]
        if obj is not None and obj.kind == "cast":  # "gives the dog a bone", "teaches a child", "hugs the cat"
            recipient, obj = obj, objects[1] if len(objects) > 1 and "object" in action.roles else None
        elif towards:
            recipient = towards[0]
        elif obj is None:  # "fights with the dragon": whoever a preposition brings in
            recipient = next((e for e in after if id(e) in governed and e.kind == "cast"
                              and e.names != subject.names), None)
    if recipient is None and obj is not None and obj.kind == "thing" and "recipient" in action.roles:
        # "drops off a box at Noah's door": it is for the one whose door it is
        recipient = next((e for e in after if id(e) in governed and e.kind == "cast" and owner(s, e)
                          and e.names != subject.names and e.first > obj.last), None)
    if recipient is None and "recipient" in action.roles and s.g["pronoun_position"] == "before" \
            and verb.first >= 1 and s.words[verb.first - 1].lower in s.g["dative_pronouns"]:
        recipient = dative(s, clause, subject)  # "une fée le lui rend": lui is the one it goes back to
    if recipient is None and "recipient" in action.roles and s.g["pronoun_position"] == "after" \
            and any(w.lower in s.g["dative_pronouns"] for w in s.words[verb.first + 1:clause.end]):
        recipient = dative(s, clause, subject)  # "gibt ihn ihm zurück"
    if recipient is None and obj is None and "recipient" in action.roles and any(
            s.words[i].lower in {*s.g["subject_pronouns"], *s.g["pronouns_person"]}
            and s.words[i - 1].lower in s.g["prepositions"] for i in range(verb.last + 1, clause.end)):
        recipient = dative(s, clause, subject)  # "se enamora de él", "falls in love with him"
    if recipient is None and "recipient" in action.roles and s.g["pronoun_position"] == "after" \
            and verb.last + 1 < len(s.words) and s.words[verb.last + 1].lower in s.g["pronouns_person"]:
        recipient = pronoun(s, clause, subject, events, animate=True, person=True)  # "gives him a biscuit"
    right_after = s.words[verb.last + 1].lower if verb.last + 1 < len(s.words) else ""
    if obj is None and recipient is None and s.g["pronoun_position"] == "after" \
            and right_after in s.object_pronouns:
        obj = pronoun(s, clause, subject, events, animate=_refers_to_a_creature(action))  # "finds it in his boot"
    if obj is None and action.place_object and _object_words(s, clause) is None:  # "visit the desert", "explores
        # the forest"; not "repariert die Kuckucksuhr … im Schwarzwald": the clock is mended, unknown as it is
        obj = next((e for e in after if e.kind == "place" and not sought_later  # not "opens it in the garden"
                    and not (action.leaves_from and _towards(s, e, True))), None)  # not "runs away into the forest"
    if obj is None and s.lang == "en" and verb.last + 1 < clause.end and s.words[verb.last + 1].lower == "one":
        obj = next((e for e in reversed(s.entities) if e.last < verb.first and e.kind == "thing" and several(s, e)),
                   None)  # "bakes cookies, but the dog steals one from the plate": one of the cookies
    pronoun_later = s.g["pronoun_position"] == "after" and any(
        s.words[i].lower in s.object_pronouns and s.words[i - 1].lower not in s.g["prepositions"]
        for i in range(verb.last + 1, min(clause.end, len(s.words))))  # "findet die Kuh ihn im Heu": ihn
    if obj is None and recipient is None and "object" in action.roles and _object_words(s, clause) is None \
            and not action.object_optional and not pronoun_later:
        # "turns into a prince", "escapes from the hat"; not "forgets his lunchbox on the bus": the lunchbox
        obj = next((e for e in after if id(e) in governed and e.kind != "place" and e.names != subject.names
                    and not (_weather(e) and e.label not in action.objects)  # "tocan bajo la lluvia"
                    and not owner(s, e) and not (e.kind == "cast" and preposition_before(s.words, e, s.g, "with"))
                    and (action.moves or not preposition_before(s.words, e, s.g, "source"))
                    and not (hiding_place and preposition_before(s.words, e, s.g, hiding_place))),
                   None)  # not "fishes from the bridge", not "huye con sus ovejas"
    if obj is None and action.object_optional and s.lang == "es" and verb.last + 1 < clause.end \
            and s.words[verb.last + 1].lower in ("a", "al"):  # "despierta a la princesa": the personal 'a'
        obj = next((e for e in after if e.kind == "cast" and e.first <= verb.last + 3), None)
    if action.with_pictured:  # "takes a photo with a bear": the bear is in the photo, more than the photo itself
        posing = next((e for e in after if e.kind != "place" and e.names != subject.names
                       and preposition_before(s.words, e, s.g, "with")), None)
        if posing is not None and (obj is None or posing.kind == "cast"):
            obj = posing
    rest_before = [e for e in around.before if e is not subject and (e.kind != "place" or action.place_object)
                   and not set(e.names) <= set(subject.names)]  # "Mein Hund Bello frisst": Bello is the dog
    if obj is None and rest_before and s.lang == "de":
        obj = rest_before[0]  # a German verb at the end of its clause: "…, weil der Hund den Ball fängt"
    if obj is None and ("object" in action.roles or "recipient" in action.roles):
        obj = pronoun(s, clause, subject, events, animate=_refers_to_a_creature(action))
        if obj is not None and recipient is not None and obj.names == recipient.names \
                and action.looks["during"].object_at is not None:
            obj = None  # "reads him a story": he is whom it is read to, not the thing in her hands
    if obj is None and recipient is not None and {"object", "recipient"} <= set(action.roles):
        # "teaches his grandpa to use a smartphone": the thing after the one taught is what the lesson is about
        obj = next((e for e in after if e.kind == "thing" and e.first > recipient.last), None)
    if obj is None and clause.relative and clause.start >= 2:
        antecedent = entity_ending_at(s.entities, clause.start - 2)
        head = relative_head(s, antecedent) or antecedent
        if antecedent is not None and head is not None and subject.names not in (antecedent.names, head.names):
            obj = antecedent  # not "a frog with a crown who asks…": the frog asks, the crown is his
            clause.extra["object_relative"] = True
    along = any(w.lower in s.g["with"] for w in s.words[verb.last + 1:clause.end])  # "runs away with it"
    along = along or (s.g["pronoun_position"] == "after" and bool(placed_pronouns))  # "hide inside it": in it
    leaves_it = action.moves and action.looks["during"].object_at == "left_behind"  # "grabs it and runs off"
    if obj is None and "object" in action.roles and events and clause.connective in ("and", "then") \
            and events[-1].object and events[-1].object not in subject.names and not along and not leaves_it \
            and not action.object_optional and not action.obstacle \
            and not (action.shown_as and not any(events[-1].object == thing or events[-1].object in said
                                                 for thing, said in action.shown_as.items())) \
            and not (hiding_place and _where(s, clause, action)):  # "breaks the vase and hides under the table"
        obj = next((e for e in s.entities if e.label == events[-1].object), None)
    if obj is None and recipient is None and "object" in action.roles and places \
            and _object_words(s, clause) is None:  # "gagne la course du village": the race, not the village
        obj = places[0]  # "pierde su casa": the home is what is lost
    if obj is None and action.objects and action.place_object:
        # "the kite gets stuck in a tree, so she climbs up": the tree it names before is what she climbs
        obj = next((e for e in reversed(s.entities) if e.last < verb.first and e.kind != "cast"
                    and (e.label in action.objects or _object_noun(s, e, action))), None)
        if obj is not None and obj.kind == "place" and (noun := _object_noun(s, obj, action)):
            obj = Entity("thing", (noun,), obj.first, obj.last)  # "stuck in a tree": the tree, in the forest
    if reflexive(s, verb) and re.search(r"\b(?:se|s'|sich|himself|herself|themselves)\b", action.alone.get(s.lang, "")) \
            and not action.obstacle:  # but "se cae de la bicicleta": what one falls off
        obj = None  # "se esconde debajo de la cama", "versteckt sich unter dem Bett": she hides herself there
    told_to = verb.last + 1
    if s.lang == "en" and {"object", "recipient"} <= set(action.roles) and told_to < clause.end \
            and s.words[told_to].lower in {*s.g["pronouns_person"], "it"}:  # "reads her a story", "gives him a bone"
        thing = next((e for e in after if e.kind == "thing" and told_to < e.first <= told_to + 3), None)
        said = told_to + 1 < clause.end and s.words[told_to + 1].lower in s.g["determiners"]  # "a story"
        person = pronoun(s, clause, subject, events, animate=True) if thing is not None or said else None
        if s.words[told_to].lower == "it" and (thing is None or person is None or person.kind != "cast"):
            person = None  # "feeds it a carrot": it is the elephant; "gives it a shake" names no one
        if person is not None and person.names != subject.names:
            obj, recipient = thing, person
    if "object" in action.roles and events and _a_new_one(s, clause):
        before = events[-1]  # "the snowman melts, so the kids build a new one": another snowman (not the
        same = before.object or next((a for a in before.actors if a not in subject.names), None)  # pumpkins
        obj = next((e for e in s.entities if e.label == same), obj)  # of "a new one out of pumpkins")
    if recipient is None and for_whom and action.to_someone and (obj is None or obj.names != for_whom[0].names):
        recipient = for_whom[0]  # "bringt sie ihrem Besitzer": brought to the owner, a delivery
    return obj, recipient


def _acts_next(s: Sentence, entity: Entity) -> bool:
    """Does a verb follow the entity, so it is the next clause's subject ('… opens it a frog jumps out')?"""
    at = entity.last + 1
    return at < len(s.words) and s.words[at].lemma in verb_index(s.lang)


def _prepositions_before_pronouns(s: Sentence, clause: Clause) -> set[str]:
    """The prepositions after the verb that an object pronoun follows ('searches the castle for it': for)."""
    return {s.words[i - 1].lower for i in range(clause.verb.last + 2, min(clause.end, len(s.words)))
            if s.words[i].lower in s.object_pronouns and s.words[i - 1].lower in s.g["prepositions"]}


def _object_noun(s: Sentence, entity: Entity, action: Action) -> str | None:
    """The thing a place word names when the action is done to such things ('in a tree' is in the forest, but a
    tree is what one climbs)."""
    word = s.words[entity.last]
    entry = vocabulary.lookup(word.lemma, s.lang) or vocabulary.lookup(word.lower, s.lang)
    return entry.noun if entry is not None and entry.noun in action.objects else None


def _made_into(s: Sentence, clause: Clause, obj: Entity | None) -> Entity | None:
    """What the object is turned into: 'a carriage' in 'turns the pumpkin into a carriage', 'verwandelt den Kürbis
    in eine Kutsche'; none when the one who changes is the subject ('the frog turns into a prince')."""
    if obj is None or obj.first <= clause.verb.first:
        return None
    into = set(s.g.get("into", ()))
    return next((e for e in s.entities if e.first > obj.last and e.last < clause.end and e is not obj
                 and e.kind != "place" and preposition_before(s.words, e, s.g, "into")
                 and not any(w.lower in into for w in s.words[clause.verb.first:obj.first])), None)


def _grown_into(s: Sentence, clause: Clause) -> Entity | None:
    """What a growing thing becomes: 'a tree' in 'the seed grows into a tree', 'wächst zu einem Baum'."""
    return next((e for e in s.entities if e.first > clause.verb.last and e.last < clause.end and e.kind == "thing"
                 and preposition_before(s.words, e, s.g, "into")), None)


def _where(s: Sentence, clause: Clause, action: Action) -> str | None:
    """The prompt's words for where an action that says so is done ('in a tree', 'under the doormat'): one of
    the action's prepositions after the verb and the few words it governs, up to a mark or the next clause."""
    said = set(action.where_prepositions.get(s.lang, ()))
    own = clause.verb.last if clause.verb.last > clause.verb.first else clause.verb.last + 1  # "falls off": its own
    at = next((i for i in range(own, min(clause.end, len(s.words))) if s.words[i].lower in said), None)
    if at is None:
        return None
    last, clause_words = at, and_words() | set(s.g["conjunctions"])
    for i in range(at + 1, min(clause.end, len(s.words), at + 5)):
        if s.words[i].lower in clause_words or (i > at + 1 and s.words[i].lower in s.g["prepositions"]):
            break  # "inside it from their big sister": inside it
        last = i
        if s.prompt[s.words[i].end:s.words[i].end + 1] in (",", ".", "!", "?", ";"):
            break
    while last > at and s.words[last].lower in function_words(s.lang):
        last -= 1  # "sous le lit de sa maîtresse", cut short: never ending on "de sa"
    return s.prompt[s.words[at].start:s.words[last].end] if last > at else None


def _ridden(s: Sentence, around: Around) -> Entity | None:
    """What an arrival comes riding ('on a bicycle', 'à cheval', 'mit dem Fahrrad', 'en bicicleta'), if anything."""
    said = RIDE_PREPOSITIONS.get(s.lang, frozenset())
    return next((e for e in around.after if s.called(e) & RIDES and preposition_before(s.words, e, s.g, said)), None)


def _said_with_the_verb(s: Sentence, clause: Clause, subject: Entity, action: Action) -> Entity | None:
    """'fährt Rad', 'Rad fahren': a thing said inside the verb's own phrase is what the action is done with (the
    bicycle ridden), drawn as its object."""
    verb = clause.verb
    return next((e for e in s.entities if e.kind == "thing" and e.names != subject.names and e.first in verb.words
                 and e.first != verb.first and not preposition_before(s.words, e, s.g)
                 and e.label not in action.not_objects), None)


def _refers_to_a_creature(action: Action) -> bool:
    """Does 'it' after this verb mean a creature before a thing: whom one chases or carries, and what one rides
    ('feeds carrots to a horse, then rides it': the horse, not the carrots)?"""
    return _wants_a_character(action) or action.looks["during"].actor == "riding"


def _wants_a_character(action: Action) -> bool:
    """Is the action's object usually a character (one chases or carries someone, rescues or hugs them; one
    gives something)?"""
    return action.looks["during"].recipient is not None and (
        "recipient" not in action.roles or "object" not in action.roles)


def _leads_to(s: Sentence, action: Action, name: str, obj: Entity | None, around: Around) -> str | None:
    """Where an action that goes somewhere leads: a place after 'to', 'à', 'nach', 'a'; what a journey
    visits ('visit the desert'); never where it comes from ('escapes from the tower')."""
    if not action.moves:
        return None
    towards = next((e for e in around.after if e.kind == "place" and _towards(s, e, vocabulary_action(name).journey)
                    and not (s.lang == "en" and name != "arrive" and preposition_before(s.words, e, s.g, frozenset({"at"})))),
                   None)  # "swims out at Lake Tahoe": where she swims, not where she swims to ("arrives at" is)
    if towards is not None and s.lang == "en":  # "into the farm kitchen": the kitchen, of the farm
        towards = next((e for e in around.after if e.kind == "place" and e.first == towards.last + 1), towards)
    place = towards.label if towards is not None else None
    if place is None and obj is not None and obj.kind == "place" and id(obj) not in around.governed \
            and name == "travel":
        place = obj.label
    return place


def _happens_at(s: Sentence, around: Around, place: str | None, obj: Entity | None) -> str | None:
    """Where the clause says its action happens ('falls asleep on the subway', 'a test flight over the desert',
    'traverse un marché'): a place after the verb, said with a preposition that does not lead there, and not
    what the action is done to ('builds a hut in the forest': the forest)."""
    if place is not None:
        return None  # it leads there: shown getting there, not somewhere on the way
    found = next((e for e in around.after if e.kind == "place" and not _towards(s, e, False)
                  and not (obj is not None and e.first == obj.first)
                  and not preposition_before(s.words, e, s.g, frozenset(s.g["of"]))), None)  # not "les toits de Marseille"
    if found is not None and s.lang == "en":  # "in a city park": the park, of the city
        found = next((e for e in around.after if e.kind == "place" and e.first == found.last + 1), found)
    return found.label if found is not None else None


def _best_action(verb: VerbMatch, subject: Entity, obj: Entity | None, going: bool = False,
                 said: bool = False, who: set[str] | None = None) -> str:
    """Of the actions the verb's words name, the one its actor and object fit best; 'fly' with a kite is
    'fly_kite', 'lo lleva a casa' carries (it goes somewhere), 'vole une omelette' steals though nothing draws
    an omelette (`said`: a noun phrase the vocabulary does not know is its object). A tie goes to the one
    found first."""
    def fit(name: str) -> int:
        action = vocabulary_action(name)
        score = 1 if going and action.moves else 0
        if said:  # an object said, though nothing draws it: decisive ("un corbeau la vole" steals it)
            score += 3 if {"object", "recipient"} & set(action.roles) else -3
        elif obj is None and "object" in action.roles and not action.object_optional:
            score -= 1  # "the knight returns": he comes back, he gives nothing
        if obj is not None:
            noun = obj.label if obj.kind != "cast" else ""
            score += 1 if {"object", "recipient"} & set(action.roles) else -1
            score += 1 if obj.kind == "cast" and _wants_a_character(action) else 0  # "holt sie herunter": rescued
            if action.objects:
                score += 2 if noun in action.objects else -1
            if action.with_object:
                target = vocabulary_action(action.with_object)
                score += 2 if not target.objects or noun in target.objects else -2
        if action.actors:
            score += 2 if (who or {subject.label}) & set(action.actors) else -1
        if subject.kind == "thing" and not _weather(subject):  # "un arbre pousse": it grows, pushing nothing
            score += 2 if action.things_can else 0
        return score
    candidates = [verb.action, *verb.alternatives]
    best = max(candidates, key=lambda name: (fit(name), -candidates.index(name)))
    action = vocabulary_action(best)
    if obj is None:  # "a drummer plays so loudly…": music, though no instrument is named
        best = next((name for name, actors in action.for_actors.items() if (who or {subject.label}) & set(actors)),
                    best)
        action = vocabulary_action(best)
    if action.by_characters and subject.kind == "cast":  # "a group of ants carries the sandwich away"
        return action.by_characters
    weather = subject.kind != "cast" and _weather(subject)  # the wind, not the river that carries a boat downstream
    by_things = _done_by_things().get(best)
    if weather and by_things is not None and subject.label in vocabulary_action(by_things).actors:
        return by_things  # "the wind carries it over the rooftops": the wind blows it away
    if action.with_object and obj is not None:
        target = vocabulary_action(action.with_object)
        if not target.objects or (obj.kind != "cast" and obj.label in target.objects):
            return action.with_object
    if obj is not None and obj.kind != "cast":  # "ein Dachs spielt Akkordeon": music, whatever the verb's phrase
        best = next((other for other in action.with_its_objects if obj.label in vocabulary_action(other).objects), best)
    return best


def _taught(s: Sentence, clause: Clause, subject: Entity, around: Around) -> Entity | None:
    """Whom a French 'apprendre' is said to ('au boulanger', 'lui apprend'): then it is teaching, not learning."""
    at = with_auxiliary(s, clause.verb) - 1  # "elle lui a appris à danser"
    if at >= 0 and s.words[at].lower in s.g["dative_pronouns"]:
        return dative(s, clause, subject)
    return next((e for e in around.after if e.kind == "cast" and e.names != subject.names
                 and preposition_before(s.words, e, s.g, "taught_to")), None)


def _together(s: Sentence, clause: Clause, subject: Entity, events: list[StoryEvent]) -> Entity:
    """'become friends and go fishing together', 'meets a dog and they play together': the two (or more) the
    story last joined do it, the one who acted and whom it joined them to ('takes his granddaughter fishing, but
    she catches a boot and they laugh together': both laugh, though she alone caught it)."""
    if not events or subject.kind != "cast" \
            or not any(w.lower in s.g.get("together", ()) for w in s.words[clause.verb.last + 1:clause.end]):
        return subject
    groups = (tuple(dict.fromkeys([*e.actors, *([e.recipient] if e.recipient else [])])) for e in reversed(events))
    both = next((group for group in groups if len(group) >= 2 and set(subject.names) <= set(group)), None)
    if both is None:
        return subject
    return Entity("cast", both, subject.first, subject.last)


def _participle(s: Sentence, clause: Clause) -> bool:
    """'finds a tiny elephant hiding in the barn': an English -ing form right after whom it tells of, with no
    'is' before it, describes them; the story goes on about the one who found it."""
    verb = clause.verb
    return s.lang == "en" and verb.first >= 1 and s.words[verb.first].lower.endswith("ing") \
        and entity_ending_at(s.entities, verb.first - 1) is not None


def _passive_agent(s: Sentence, clause: Clause, around: Around) -> Entity | None:
    """Who does a verb said in the passive ('is eaten by the dog', 'was chased by a cat'), else None."""
    verb = clause.verb
    by = frozenset(s.g.get("agent_prepositions", ()))
    said_passive = verb.first >= 1 and s.words[verb.first - 1].lower in s.g.get("passive_auxiliaries", ()) \
        and not s.words[verb.first].lower.endswith("ing")
    if not (said_passive or _elided_passive(s, clause, by)):
        return None
    return next((e for e in around.after if e.kind != "place" and preposition_before(s.words, e, s.g, by)), None)


def _elided_passive(s: Sentence, clause: Clause, by: frozenset[str]) -> bool:
    """'were baked by a wizard and eaten by the kids': a participle opening its clause, 'by' after it, is
    passive with its auxiliary and its subject left unsaid (they are the clause before's)."""
    verb = clause.verb
    said = s.words[verb.first]
    return s.lang == "en" and verb.first == clause.start and verb.last + 1 < len(s.words) \
        and s.words[verb.last + 1].lower in by and said.lower != said.lemma and not said.lower.endswith(("ing", "s"))


@lru_cache(maxsize=1)
def _flown_aboard() -> frozenset[str]:
    """What flying is told of by its object: a plane, a rocket, flown from aboard."""
    return frozenset(o for telling in vocabulary_action("fly").tellings for o in telling.objects)


@lru_cache(maxsize=1)
def _done_by_things() -> dict[str, str]:
    """The action a character's words become when a thing does them: carry → blow_away (`by_characters`, read
    backwards)."""
    return {other.by_characters: name for name, other in action_vocabulary().actions.items() if other.by_characters}


def _a_new_one(s: Sentence, clause: Clause) -> bool:
    """'builds a new one', 'finds another one': the verb is done to one more of what the story just had."""
    start = clause.verb.first + 1  # "built a bigger one further up the beach": not after 'up' (of 'build … up')
    while start in clause.verb.words:
        start += 1
    after = [t.lower for t in s.words[start:min(clause.end, start + 3)]]
    return s.lang == "en" and "one" in after[1:] and after[0] in ("a", "another", "the")


def _object_words(s: Sentence, clause: Clause) -> str | None:
    """A determiner and the words after it, up to the next mark: what the verb is done to, though nothing in
    the vocabulary draws it ('the summer')."""
    determiners = set(s.g["determiners"])
    verb = clause.verb
    gap = verb.first + 1 not in verb.words and verb.last > verb.first  # "liest … vor": the object is in the gap
    i = verb.first + 1 if gap else verb.last + 1
    if i + 1 < clause.end and s.words[i].lower in s.g.get("intensifiers", ()):
        i += 1  # "veut juste un câlin": what is wanted is the hug
    named = next((e for e in s.entities if e.kind == "cast" and i < e.first <= i + 2), None)
    if named is not None and i < clause.end and s.words[i].lower in determiners and not owner(s, named):
        i = named.last + 1  # past whom it is for: "reads the twins a story", "liest dem kleinen Max eine Geschichte"
    if i + 1 < clause.end and s.words[i].lower in s.g["of"] and s.words[i + 1].lower in determiners:
        i += 1  # "is afraid of the dark"
    if i + 1 < clause.end and s.words[i].lower in s.g["pronouns_person"] and s.words[i + 1].lower in determiners:
        i += 1  # "reads him a story": past whom it is for
    if i >= clause.end or s.words[i].lower not in determiners or _a_new_one(s, clause):
        return None
    owning = next((e for e in s.entities if e.first <= i + 1 <= e.last), None)
    described = next((e for e in s.entities if i + 1 < e.first <= i + 3 and e.kind != "place" and not any(
        w.lower in determiners or w.lower in s.g["prepositions"] or w.lemma in verb_index(s.lang)
        for w in s.words[i + 1:e.first]) and "," not in s.prompt[s.words[i].end:s.words[e.first].start]), None)
    if owning is None and described is not None and not owner(s, described):
        return None  # "is afraid of a tiny spider", "a peur d'une toute petite araignée": the spider, drawn
    if owning is not None and not owner(s, owning):
        return None  # "teaches his grandpa": someone the story already names; not "the sparrow's broken wing"
    end = i + 1
    reach = i + 4 + (owning.last - owning.first + 2 if owning is not None else 0)
    stops = determiners | set(s.g["prepositions"]) | set(s.g["subject_pronouns"]) | function_words(s.lang) \
        | {",", "&"} | set(verb.words)
    while end < min(clause.end, reach) and s.words[end].lower not in stops and end not in verb.words \
            and not any(mark in s.prompt[s.words[end - 1].end:s.words[end].start] for mark in ",;.:!?"):
        end += 1
    if end == i + 1 or any(w.lemma in s.g["time_nouns"] or w.lower in s.g["time_nouns"] for w in s.words[i:end]):
        return None  # "sucht den ganzen Tag": how long, not what
    if any(e.kind == "place" and i <= e.first < end for e in s.entities):
        return None  # "searches the whole castle for it": where, not what
    return s.prompt[s.words[i].start:s.words[end - 1].end]


def _partitive(s: Sentence, entity: Entity) -> bool:
    """'a piece of cheese', 'un trozo de queso': the cheese is what is taken, not governed by 'of'."""
    at = entity.first - 1
    while at >= 1 and s.words[at].lower in s.g["determiners"]:
        at -= 1
    return at >= 1 and s.words[at].lower in s.g["of"] and s.words[at - 1].lemma in s.g["partitives"]


def _measure(s: Sentence, entity: Entity) -> bool:
    """'jar' in 'a jar of honey', 'tarro' in 'un tarro de miel': how much of what follows, which is the object."""
    after = entity.last + 1
    return after + 1 < len(s.words) and s.words[after].lower in s.g["of"] \
        and s.words[entity.last].lemma in s.g["partitives"] and (held := entity_starting_at(s.entities, after + 1)) \
        is not None and held.kind != "place"  # "a cup of space coffee": the cup (of coffee), not space


def _in_dative(s: Sentence, entity: Entity) -> bool:
    """'dem Hund', 'einem Kind', 'dem kleinen Max': a German character in the dative, whom the action is for."""
    at = entity.first - 1
    while at >= 0 and s.words[at].lower not in s.g["determiners"] and at >= entity.first - 2:
        at -= 1  # past one adjective
    return at >= 0 and s.words[at].lower in s.g.get("dative_articles", ())


def _unread_verb_after_and(s: Sentence, clause: Clause) -> int | None:
    """Where an 'and' after the verb opens a clause of a verb no action reads ('and splashes the duck', 'und
    spritzt die Kinder nass'): the word after it is no article, pronoun or named thing, so it is that verb."""
    pronouns = {*s.object_pronouns, *s.g["subject_pronouns"]}
    for j in range(clause.verb.last + 1, clause.end - 1):
        said = s.words[j + 1].lower
        if s.words[j].lower in and_words() and said not in s.g["determiners"] and said not in pronouns \
                and entity_starting_at(s.entities, j + 1) is None and said.isalpha():
            return j
    return None


def _towards(s: Sentence, place: Entity, journey: bool) -> bool:
    """Is the place where the action goes ('to the beach', 'nach Paris', 'in die Küche'), not only where it happens
    ('dans la cuisine')? A preposition that can say either leads somewhere on a journey, or by its case."""
    if preposition_before(s.words, place, s.g, which="towards"):
        return True
    if not preposition_before(s.words, place, s.g, which="towards_or_in"):
        return False
    article = s.words[place.first - 1].lower if place.first >= 1 else ""
    if article in s.g.get("dative_articles", ()):
        return False  # "rutscht auf dem Eis aus": the case says where it happens, journey or not
    return journey or article in s.g.get("accusative", ())


def _blown_by(s: Sentence, clause: Clause, subject: Entity) -> Entity | None:
    """The wind or storm of the clause, when what flies is a thing ('the umbrella flew away in the storm', 'le
    chapeau s'envole dans le vent'): a thing does not fly by itself, the weather carries it off."""
    if subject.kind != "thing" or _weather(subject):
        return None
    said = next((e for e in s.entities if e.kind != "cast" and _weather(e) and clause.start <= e.first < clause.end
                 and e.label in vocabulary_action("blow_away").actors), None)
    if said is None and subject.label not in vocabulary_action("fly").actors and len(clause.verb.words) > 1:
        return Entity("thing", ("wind",), clause.verb.first, clause.verb.first)  # "his umbrella flies away": the wind
    return said


def _weather(entity: Entity) -> bool:
    found = vocabulary.entry(entity.label) if entity.kind != "cast" else None
    return found is not None and found.role == "weather"


def _reference(entity: Entity | None) -> str | None:
    return entity.names[0] if entity is not None else None
