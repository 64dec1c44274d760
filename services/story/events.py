"""The prompt's events: who does which action to what or whom, in the order the story tells them.

The scene plan has already found the cast, the things and the place; this reads the verbs
between them. Each verb of the action vocabulary (`verbs.py`) is one event. Its clause runs from
the connective, relative pronoun or comma before it; its subject is the first character or
thing of the clause that no preposition governs (none: the previous event's subject, "a bear
wakes up and eats the honey"); its object the first after the verb (or a pronoun, resolved to
the thing or character it stands for); its recipient the one after "to", "à", "für", "a"; a
place after "to" is where it leads. Verbs that only frame another ("tries to", "learns to") give
way to it; a wish or a lesson takes the framed verb's object ("wants to see the summer").
A clause opened by "because" or "after", or an object's relative clause ("the ball that the boy
throws"), happened before the clause it hangs on, and is told first.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from services.language.grammar import grammar
from services.language.lemmas import Token, tokens
from services.reading import PlannedCharacter, PlannedThing, StoryEvent
from services.story.event_roles import event_in
from services.story.language import connective_words
from services.story.sentence import Clause, Sentence, clauses, connectives, negated, noun_positions, read_sentence
from services.story.verbs import VerbMatch, find_verbs, joining_words, said_in_the_past, verb_index
from services.vocabulary.actions import LANGUAGES
from services.vocabulary.actions import action as vocabulary_action

# Actions that frame the verb after them: the lesson, the wish or the help is the event, with its object.
FRAMES = {"teach", "wish", "help", "learn"}


def read_events(prompt: str, language: str, cast: list[PlannedCharacter], things: list[PlannedThing],
                setting: str, place_words: list[str]) -> list[StoryEvent]:
    """The prompt's events in story order (an empty list when it names no action)."""
    sentence = read_sentence(prompt, language, cast, things, setting, place_words)
    words, lang = sentence.words, sentence.lang
    verb_firsts = {v.first for v in find_verbs(words, lang, skip=noun_positions(words, lang, prompt))}
    sentence.entities = [e for e in sentence.entities  # "mientras la abuela cocina": she cooks, it is no kitchen
                         if not (e.kind in ("thing", "place") and e.first == e.last and e.first in verb_firsts)]
    covered = {i for e in sentence.entities for i in range(e.first, e.last + 1)}
    found = [_looked_for(words, v, lang) if negated(words, v, lang) else v
             for v in find_verbs(words, lang, skip=covered | noun_positions(words, lang, prompt))
             if not _only_meant(sentence, v)]
    verbs = [v for v in found if v is not None]
    if not verbs:
        return []
    events: list[StoryEvent] = []
    origins: list[Clause] = []
    names = {c.name for c in cast}
    for clause in clauses(prompt, words, verbs, connectives(words, lang), lang):
        event = event_in(sentence, clause, events)
        if event is None:
            continue
        if origins and _frames(origins[-1], events[-1], clause, words, lang):
            events[-1] = _framed(events[-1], event, names)
            continue
        if origins and _forgotten(origins[-1], events[-1], clause, words, lang):
            events[-1] = events[-1].model_copy(update={"object": event.object})  # "oublie où il l'a caché"
            continue
        if events and (event.action, event.actors) == (events[-1].action, events[-1].actors) \
                and event.object in (None, events[-1].object):
            getaway = vocabulary_action(event.action).carrying
            if getaway and events[-1].object and any(words[i].lower in grammar()[lang]["with"]
                                                     for i in clause.verb.words):
                # "steals the pie and runs off with it": taken already, so the getaway, carrying it
                events.append(event.model_copy(update={"action": getaway, "object": events[-1].object}))
                origins.append(clause)
            continue  # "slips and falls", "trips over a skateboard and tumbles into the pond": one fall
        if events and clause.connective is None:
            event = _asked_along(events[-1], event)
        along = _taken_along(events[-1], event, clause, names) if events else None
        if along is not None:
            events[-1] = along
            continue
        if clause.relative and events and {events[-1].object, events[-1].recipient} & set(event.actors) \
                and said_in_the_past(words, clause.verb, lang) and not said_in_the_past(words, origins[-1].verb, lang):
            clause.extra["object_relative"] = True  # "chases the thief who stole a crown": the theft came first
        events.append(event)
        origins.append(clause)
    return _story_order(_told_to(_searched_for(_forgotten_where(events, origins, words, lang)), names), origins)


TAKING_ALONG = ("take", "carry")


def _taken_along(taking: StoryEvent, event: StoryEvent, clause: Clause, names: set[str]) -> StoryEvent | None:
    """'Grandpa takes his granddaughter fishing', 'emmène sa petite-fille pêcher': taking someone along to do
    something is doing it together, not taking them (nor carrying them off); None when it is not that."""
    if taking.action in TAKING_ALONG and taking.object in names and clause.connective is None \
            and taking.object in event.actors and not set(taking.actors) & set(event.actors):
        return event.model_copy(update={"actors": [*taking.actors, *event.actors], "connective": taking.connective,
                                         "words": f"{taking.words} {event.words}"})
    return None


ASKED_ALONG = frozenset({"dance", "play", "play_ball", "race"})  # what one asks someone to do with one


def _asked_along(asking: StoryEvent, event: StoryEvent) -> StoryEvent:
    """'asks the night guard to dance', 'demande à la souris de danser': asked to dance, they dance together."""
    if asking.action != "talk" or asking.recipient is None or event.action not in ASKED_ALONG or event.object:
        return event
    return event.model_copy(update={"actors": list(dict.fromkeys([*asking.actors, asking.recipient]))})


def _only_meant(s: Sentence, verb: VerbMatch) -> bool:
    """'climbs the tree to fetch it', 'hides in the library to scare people': after a thing or a place, 'to' and
    a verb say what the action is for, which has not happened; 'opens it to find a puppy' finds one."""
    if s.lang != "en" or verb.first < 2 or s.words[verb.first - 1].lower != "to" or verb.action == "find":
        return False
    before = verb.first - 2
    taught = before >= 1 and any(name in FRAMES for _, name in verb_index(s.lang).get(s.words[before - 1].lemma, ()))
    return not taught and (s.words[before].lower == "it" or any(e.last == before and e.kind in ("thing", "place")
                                                                 for e in s.entities))  # "teaches it to fish": a lesson


def _forgotten(previous: Clause, forget: StoryEvent, clause: Clause, words: list[Token], lang: str) -> bool:
    """Is this clause what the event before forgets ('forgets where he hid it'), not an event of its own?"""
    opener = _content_opener(words, previous.verb.last + 1, lang)
    return forget.action == "forget" and forget.object is None and opener is not None \
        and opener < clause.verb.first and not {t.lower for t in words[opener + 1:clause.verb.first]} & joining_words(lang)


def _content_opener(words: list[Token], at: int, lang: str) -> int | None:
    """Where 'where' or 'what' opens what a verb ending before `at` is about (one 'then' may stand between:
    'vergisst dann, wo')."""
    if at < len(words) and words[at].lower in joining_words(lang):
        at += 1
    return at if at < len(words) and words[at].lower in grammar()[lang].get("content_openers", ()) else None


def _forgotten_where(events: list[StoryEvent], origins: list[Clause], words: list[Token],
                     lang: str) -> list[StoryEvent]:
    """'hides nuts all autumn, then forgets where he put them': what is forgotten, said by a clause, is what the
    event before was done to."""
    out = list(events)
    for i, event in enumerate(out[1:], start=1):
        if event.action == "forget" and event.object is None and \
                _content_opener(words, origins[i].verb.last + 1, lang) is not None:
            out[i] = event.model_copy(update={"object": out[i - 1].object})
    return out


def _searched_for(events: list[StoryEvent]) -> list[StoryEvent]:
    """A search that names nothing looks for what was lost before it or is found after it ('search all day
    until they find the key')."""
    out = list(events)
    for i, event in enumerate(out):
        if event.action != "search" or event.object or event.object_words:
            continue
        near = [*reversed(out[max(0, i - 2):i]), *out[i + 1:i + 3]]
        sought = next((e.object for e in near if e.action in ("lose", "find") and e.object), None)
        if sought is not None:
            out[i] = event.model_copy(update={"object": sought})
    return out


def _told_to(events: list[StoryEvent], names: set[str]) -> list[StoryEvent]:
    """A story told to no one named is told to whoever acts next ('Grandpa tells a story and the children fall
    asleep': they listen, and are there to hear it)."""
    out = list(events)
    for i, event in enumerate(out[:-1]):
        after = out[i + 1]
        listeners = [n for n in after.actors if n in names and n not in event.actors]
        if event.action == "talk" and event.recipient is None and listeners:
            out[i] = event.model_copy(update={"recipient": listeners[0], "others": listeners[1:]})
    return out


class VerbSpan(NamedTuple):
    """A word of one of the prompt's verb phrases: where it is, is it the verb itself, whose action."""

    start: int
    end: int
    first: bool
    action: str


def verb_spans(prompt: str, language: str) -> list[VerbSpan]:
    """Every word of the prompt's verb phrases: 'cooks' in 'a robot chef cooks', and 'friend' in 'becomes
    her best friend', which is no character of its own."""
    lang = language if language in grammar() else "en"
    words = tokens(prompt, lang)
    return [VerbSpan(words[i].start, words[i].end, i == v.first, v.action)
            for v in find_verbs(words, lang, skip=noun_positions(words, lang, prompt)) for i in v.words]


def _frames(previous: Clause, frame: StoryEvent, clause: Clause, words: list[Token], lang: str) -> bool:
    """Does the previous event only frame this one: 'wants to see', 'teaches a parrot to sing'?"""
    if frame.action not in FRAMES or clause.connective is not None or clause.relative:
        return False
    markers = set(grammar()[lang]["infinitive"])
    between = [t.lower for t in words[previous.verb.last + 1:clause.verb.first]]
    linking = set(grammar()[lang].get("modals", ())) | set(grammar()[lang]["subject_pronouns"])
    return bool(set(between) & markers) or lang == "de" or not between or (
        frame.action == "wish" and set(between) <= linking) \
        or frame.action == "help" and lang == "en" and len(between) <= 2  # "helps him get up": no waking


def _framed(frame: StoryEvent, inner: StoryEvent, names: set[str]) -> StoryEvent:
    """The frame keeps its actor and takes the framed verb's object: a lesson's learner stays its recipient."""
    if frame.action == "learn":  # "lernt Fahrrad fahren": the bicycle learnt with is what is ridden
        kept = inner.object or (frame.object if frame.object not in (None, *frame.actors)
                                and "object" in vocabulary_action(inner.action).roles else None)
        return inner.model_copy(update={"actors": frame.actors, "connective": frame.connective, "object": kept})
    if frame.recipient is None and frame.action in ("teach", "help") and set(inner.actors) - set(frame.actors):
        frame = frame.model_copy(update={"recipient": inner.actors[0]})  # the one who learns is the one who does
    if frame.action == "teach" and frame.object in names:  # "teaches it to fish", "le enseña a jugar": it learns,
        frame = frame.model_copy(update={"recipient": frame.recipient or frame.object, "object": None})  # untaught
    obj = inner.object if inner.object not in (frame.recipient, *frame.actors) else None
    if frame.action == "teach" and not (obj or frame.object or frame.object_words) and inner.words:
        # "teaches his grandson how to fish": the skill is what is taught, in the prompt's words
        marker = next((m for m in ("how to", "to", "à", "a") if frame.words.lower().endswith(" " + m)), "")
        marker = "how to" if marker == "to" else marker  # "teaches the kids how to swim", whichever they said
        skill = _without_connective(inner.words)  # "to play poker, but they win": not the "but"
        frame = frame.model_copy(update={"object_words": f"{marker} {skill}".strip()})
    return frame.model_copy(update={"object": frame.object if frame.object and frame.action != "teach" else
                                    obj or frame.object, "place": frame.place or inner.place,
                                    "object_words": frame.object_words or inner.object_words})


def _without_connective(words: str) -> str:
    """A clause's words up to its first mark, without the connective that joins the next clause."""
    joiners = frozenset().union(*(connective_words(language) for language in LANGUAGES))
    parts = re.split(r"\s*[,;:.!?]", words)[0].split()
    while parts and parts[-1].lower() in joiners:
        parts.pop()
    return " ".join(parts)


def _story_order(events: list[StoryEvent], origins: list[Clause]) -> list[StoryEvent]:
    """A 'because' or 'after' clause, or an object's relative clause, moves before the event it explains."""
    ordered = list(events)
    clauses = list(origins)
    if len(ordered) > 1 and ordered[0].connective == "before" and ordered[1].connective is None:
        # "Before the dog sleeps, it eats a bone": what the sentence says second happens first
        ordered[:2] = [ordered[1], ordered[0]]
        ordered[1] = ordered[1].model_copy(update={"connective": "before"})
        clauses[:2] = [clauses[1], clauses[0]]
    if len(ordered) > 1 and ordered[0].connective == "then" and ordered[1].connective is None:
        # "Después de comer la tarta, el perro duerme": the first event joins nothing before it, the second follows
        ordered[:2] = [ordered[0].model_copy(update={"connective": None}),
                       ordered[1].model_copy(update={"connective": "then"})]
    if ordered and clauses[0].extra.get("reverses"):  # "When the rain stops, the frog sings": already in order
        ordered[0] = ordered[0].model_copy(update={"connective": None})
        if len(ordered) > 1 and ordered[1].connective is None:
            ordered[1] = ordered[1].model_copy(update={"connective": "then"})
        clauses[0].extra["reverses"] = False
    for i in range(1, len(ordered)):
        clause = clauses[i]
        if not (clause.extra.get("reverses") or clause.extra.get("object_relative")):
            continue
        if clause.extra.get("reverses") and i + 1 < len(ordered) and ordered[i + 1].connective is None:
            # "…, und als sie es öffnet, springt ein Kätzchen heraus": said before its main clause, in order
            ordered[i] = ordered[i].model_copy(update={"connective": "then"})
            ordered[i + 1] = ordered[i + 1].model_copy(update={"connective": "then"})
            clauses[i].extra["reverses"] = False
            continue
        if clause.connective == "when" and vocabulary_action(ordered[i - 1].action).ongoing:
            # "the cat is sleeping when a mouse steals the cheese": it happens while she sleeps
            ordered[i] = ordered[i].model_copy(update={"connective": "while"})
            continue
        earlier, later = ordered[i], ordered[i - 1]
        ordered[i - 1] = earlier.model_copy(update={"connective": later.connective})
        ordered[i] = later.model_copy(update={"connective": "so" if clause.connective == "because" else "then"})
        clauses[i - 1], clauses[i] = clauses[i], clauses[i - 1]
        j = i  # "laughed when the goat jumped onto the tractor and ate his hat": the eating came first too
        while j + 1 < len(ordered) and ordered[j + 1].connective == "and" and ordered[j + 1].actors == earlier.actors:
            ordered[j], ordered[j + 1] = ordered[j + 1], ordered[j]
            clauses[j], clauses[j + 1] = clauses[j + 1], clauses[j]
            j += 1
    return ordered


def _looked_for(words: list[Token], verb: VerbMatch, lang: str) -> VerbMatch | None:
    """'the dog can't find it', 'el perro no lo encuentra': a find that fails is a search; None for any other
    action negated, and when it is nobody who finds ('personne ne le trouve': no one looks)."""
    before = " " + " ".join(t.lower for t in words[max(0, verb.first - 4):verb.first]) + " "
    if verb.action != "find" or any(f" {nobody} " in before for nobody in grammar()[lang]["nobody"]):
        return None
    return replace(verb, action="search", alternatives=())
