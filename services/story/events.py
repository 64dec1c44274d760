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

import json
from dataclasses import dataclass, field
from functools import lru_cache

from services import vocabulary
from services.config import ASSETS_DIR
from services.language.lemmas import Token, lemma, tokens
from services.reading import PlannedCharacter, PlannedThing, StoryEvent
from services.story.actions import action as vocabulary_action
from services.story.actions import vocabulary as action_vocabulary
from services.story.verbs import VerbMatch, find_verbs

BOUNDARY_MARKS = ",;.:!?"
# Actions whose object can be a place ("explores the forest", "climbs the mountain").
PLACE_OBJECTS = {"explore", "travel", "climb", "clean", "build", "paint", "open", "escape", "search", "fix", "watch"}
# Actions that frame the verb after them: the lesson, the wish or the help is the event, with its object.
FRAMES = {"teach", "wish", "help", "learn"}


@lru_cache(maxsize=1)
def grammar() -> dict[str, dict]:
    return json.loads((ASSETS_DIR / "grammar.json").read_text(encoding="utf-8"))


@dataclass
class Entity:
    """A character (or a group of copies), a thing or a place, where the prompt names it."""

    kind: str  # cast / thing / place
    names: tuple[str, ...]  # cast names, or the thing's or place's noun
    first: int
    last: int

    @property
    def label(self) -> str:
        return self.names[0]


@dataclass
class Clause:
    verb: VerbMatch
    start: int  # first token of the clause
    end: int  # one past its last token
    connective: str | None = None
    relative: bool = False  # opened by a relative pronoun
    framed_by: int | None = None  # index of the framing event before it
    extra: dict = field(default_factory=dict)


def read_events(prompt: str, language: str, cast: list[PlannedCharacter], things: list[PlannedThing],
                setting: str, place_words: list[str]) -> list[StoryEvent]:
    """The prompt's events in story order (an empty list when it names no action)."""
    lang = language if language in grammar() else "en"
    words = tokens(prompt, lang)
    entities = _entities(prompt, words, lang, cast, things, setting, place_words)
    covered = {i for e in entities for i in range(e.first, e.last + 1)}
    verbs = [v for v in find_verbs(words, lang, skip=covered | _noun_positions(words, lang))
             if not _negated(words, v, lang)]
    if not verbs:
        return []
    connectives = _connectives(words, lang)
    clauses = _clauses(prompt, words, verbs, connectives, lang)
    events: list[StoryEvent] = []
    origins: list[Clause] = []
    for clause in clauses:
        event = _event(prompt, words, clause, entities, events, origins, lang)
        if event is None:
            continue
        if origins and _frames(origins[-1], events[-1], clause, words, lang):
            events[-1] = _framed(events[-1], event)
            continue
        events.append(event)
        origins.append(clause)
    return _story_order(events, origins)


def verb_words(prompt: str, language: str) -> set[str]:
    """The prompt's words that are verbs of the vocabulary where they stand ('stops' in 'the rain stops'):
    not also things to draw."""
    lang = language if language in grammar() else "en"
    words = tokens(prompt, lang)
    return {words[i].lower for v in find_verbs(words, lang, skip=_noun_positions(words, lang)) for i in v.words}


# --- what the prompt names, where ----------------------------------------------------------------

def _entities(prompt: str, words: list[Token], lang: str, cast: list[PlannedCharacter], things: list[PlannedThing],
              setting: str, place_words: list[str]) -> list[Entity]:
    found: list[Entity] = []
    groups: dict[tuple[str, ...], list[str]] = {}
    for member in cast:
        groups.setdefault(tuple(w.lower() for w in member.words) or (member.name.lower(),), []).append(member.name)
    for said, names in groups.items():
        for phrase in {*said, *(n.lower() for n in names)}:
            for first, last in _spans(words, phrase, lang):
                found.append(Entity("cast", tuple(names), first, last))
    for thing in things:
        for phrase in {w.lower() for w in thing.words}:
            for first, last in _spans(words, phrase, lang):
                found.append(Entity("thing", (thing.what,), first, last))
    for mention in vocabulary.find(prompt, lang if lang != "other" else None):
        if mention.entry.role not in ("weather", "setting"):
            continue
        starts = [i for i, t in enumerate(words) if t.start >= mention.start]
        ends = [i for i, t in enumerate(words) if t.end <= mention.end]
        if not starts or not ends or ends[-1] < starts[0]:
            continue
        first, last = starts[0], ends[-1]
        if mention.entry.role == "weather":
            found.append(Entity("thing", (mention.entry.noun,), first, last))
        else:
            found.append(Entity("place", (setting if setting != "backdrop" else mention.entry.noun,), first, last))
    for phrase in place_words:
        for first, last in _spans(words, phrase.lower(), lang):
            found.append(Entity("place", (setting,), first, last))
    return _without_overlaps(found)


def _spans(words: list[Token], phrase: str, lang: str) -> list[tuple[int, int]]:
    parts = [t.lower for t in tokens(phrase, lang)]
    if not parts:
        return []
    size = len(parts)
    return [(i, i + size - 1) for i in range(len(words) - size + 1)
            if [w.lower for w in words[i:i + size]] == parts
            or (size == 1 and words[i].lemma == lemma(parts[0], lang))]


def _without_overlaps(found: list[Entity]) -> list[Entity]:
    """Longest first; a character wins over a thing over a place at the same words."""
    rank = {"cast": 0, "thing": 1, "place": 2}
    kept: list[Entity] = []
    for entity in sorted(found, key=lambda e: (e.first - e.last, rank[e.kind], e.first)):
        if all(entity.last < k.first or entity.first > k.last for k in kept):
            kept.append(entity)
    return sorted(kept, key=lambda e: e.first)


def _noun_positions(words: list[Token], lang: str) -> set[int]:
    """Words a determiner puts before a noun ('a fly', 'the watch'), and German nouns (capitalised
    inside a sentence): not verbs."""
    determiners = set(grammar()[lang]["determiners"])
    out = set()
    for i, token in enumerate(words):
        if i and words[i - 1].lower in determiners and not _clitic(words, i - 1, lang):
            out.add(i)
        if lang == "de" and i and token.text[:1].isupper() and not words[i - 1].text.endswith((".", "!", "?")):
            out.add(i)
    return out


def _clitic(words: list[Token], i: int, lang: str) -> bool:
    """French and Spanish 'la', 'le', 'lo' right before a verb-looking word are object pronouns."""
    return grammar()[lang].get("pronoun_position") == "before" and words[i].lower in grammar()[lang]["pronouns_thing"] \
        and i + 1 < len(words) and vocabulary.lookup(words[i + 1].text, lang) is None


def _negated(words: list[Token], verb: VerbMatch, lang: str) -> bool:
    """'never sleeps', 'doesn't eat', 'ne mange pas', 'isst nicht': the negation next to the verb."""
    negations = set(grammar()[lang]["negations"])
    before = {t.lower for t in words[max(0, verb.first - 1):verb.first]}
    if verb.first >= 2 and words[verb.first - 1].lower in {"t", "not"}:
        before.add(words[verb.first - 2].lower)
    after = {t.lower for t in words[verb.last + 1:verb.last + 2]} if lang in ("fr", "de") else set()
    return bool((before | after) & negations)


# --- clauses --------------------------------------------------------------------------------------

def _connectives(words: list[Token], lang: str) -> list[tuple[int, int, str, bool]]:
    """(first token, last token, kind, reverses) of every connective word or phrase."""
    found = []
    for connective in action_vocabulary().connectives.values():
        for phrase in connective.words.get(lang, ()):
            parts = [t.lower for t in tokens(phrase, lang)]
            for i in range(len(words) - len(parts) + 1):
                if [w.lower for w in words[i:i + len(parts)]] == parts:
                    found.append((i, i + len(parts) - 1, connective.kind, connective.reverses))
    found.sort(key=lambda c: (c[0], c[0] - c[1]))
    kept: list[tuple[int, int, str, bool]] = []
    for c in found:
        if not kept or c[0] > kept[-1][1]:
            kept.append(c)
    return kept


def _clauses(prompt: str, words: list[Token], verbs: list[VerbMatch], connectives: list[tuple[int, int, str, bool]],
             lang: str) -> list[Clause]:
    relatives = set(grammar()[lang]["relatives"])
    clauses = []
    previous_end = 0
    for n, verb in enumerate(verbs):
        start = previous_end
        kind = None
        reverses = False
        for first, last, k, rev in connectives:
            if previous_end <= first < verb.first and (n > 0 or k != "and"):  # "a penguin and a bear race"
                start, kind, reverses = last + 1, k, rev
        relative = False
        for i in range(verb.first - 1, max(previous_end, start) - 1, -1):
            if words[i].lower in relatives and i > 0 and _relative(words, i, lang):
                start, relative = i + 1, True
                break
            if _mark_between(prompt, words, i, i + 1):
                start = max(start, i + 1)
                break
        end = verbs[n + 1].first if n + 1 < len(verbs) else len(words)
        clauses.append(Clause(verb, start, end, kind, relative, extra={"reverses": reverses}))
        previous_end = verb.last + 1
    return clauses


def _relative(words: list[Token], i: int, lang: str) -> bool:
    """'that', 'die', 'que' is a relative pronoun here (not 'so that' nor an article before a noun)."""
    if lang == "de":
        return i > 0 and words[i - 1].text.endswith(",") is False and i + 1 < len(words) \
            and not words[i + 1].text[:1].isupper()
    return True


def _mark_between(prompt: str, words: list[Token], i: int, j: int) -> bool:
    if j >= len(words):
        return False
    return any(mark in prompt[words[i].end:words[j].start] for mark in BOUNDARY_MARKS)


# --- one event ------------------------------------------------------------------------------------

def _event(prompt: str, words: list[Token], clause: Clause, entities: list[Entity], events: list[StoryEvent],
           origins: list[Clause], lang: str) -> StoryEvent | None:
    g = grammar()[lang]
    verb = clause.verb
    action = vocabulary_action(verb.action)
    inside = [e for e in entities if clause.start <= e.first and e.last < clause.end]
    governed = {id(e) for e in inside if _preposition_before(words, e, g)}
    before = [e for e in inside if e.last < verb.first and id(e) not in governed]
    after = [e for e in inside if e.first > verb.last]
    subject = _subject(before, clause, entities, words, events, verb)
    if subject is None:
        return None
    rest_before = [e for e in before if e is not subject and e.kind != "place"]
    objects = [e for e in after if id(e) not in governed and e.kind != "place" and e.names != subject.names]
    obj: Entity | None = objects[0] if objects else None
    recipient: Entity | None = None
    towards = [e for e in after if id(e) in governed and _preposition_before(words, e, g, "recipient")
               and e.kind == "cast" and e.names != subject.names]
    if "recipient" in action.roles:
        if obj is not None and obj.kind == "cast":  # "gives the dog a bone", "teaches a child", "hugs the cat"
            recipient, obj = obj, objects[1] if len(objects) > 1 and "object" in action.roles else None
        elif towards:
            recipient = towards[0]
    if obj is None and "object" in action.roles and verb.action in PLACE_OBJECTS:
        obj = next((e for e in after if e.kind == "place"), None)
    if obj is None and rest_before and lang == "de":
        obj = rest_before[0]  # a German verb at the end of its clause: "…, weil der Hund den Ball fängt"
    if obj is None and ("object" in action.roles or "recipient" in action.roles):
        obj = _pronoun(words, clause, verb, entities, subject, lang)
    if obj is None and clause.relative and clause.start >= 2:
        antecedent = _entity_ending_at(entities, clause.start - 2)
        if antecedent is not None and antecedent.names != subject.names:
            obj = antecedent
            clause.extra["object_relative"] = True
    place = next((e.label for e in after if e.kind == "place" and _preposition_before(words, e, g, "towards")
                  and e is not obj), None)
    name = action.with_object if action.with_object and obj is not None else verb.action
    return StoryEvent(action=name, actors=list(subject.names) if subject.kind == "cast" else [subject.label],
                      object=_reference(obj), recipient=recipient.names[0] if recipient else None,
                      place=place, connective=clause.connective,
                      words=prompt[words[verb.first].start:words[min(clause.end, len(words)) - 1].end])


def _subject(before: list[Entity], clause: Clause, entities: list[Entity], words: list[Token],
             events: list[StoryEvent], verb: VerbMatch) -> Entity | None:
    actors = [e for e in before if e.kind != "place"]
    if actors:
        joined = [actors[0]]
        for e in actors[1:]:  # "a penguin and a polar bear race": both
            between = {t.lower for t in words[joined[-1].last + 1:e.first]}
            if e.kind == "cast" and joined[-1].kind == "cast" and between and between <= _and_words():
                joined.append(e)
        if len(joined) > 1:
            return Entity("cast", tuple(n for e in joined for n in e.names), joined[0].first, joined[-1].last)
        return joined[0]
    if clause.relative and clause.start >= 2:
        antecedent = _entity_ending_at(entities, clause.start - 2)
        if antecedent is not None:
            return antecedent  # "a cat who loves boxes"
    if events:
        last = events[-1]
        names = tuple(last.actors)
        kind = "cast" if any(e.kind == "cast" and e.names[0] in names for e in entities) else "thing"
        return Entity(kind, names, verb.first, verb.first)
    first_cast = next((e for e in entities if e.kind == "cast"), None)
    return first_cast


def _and_words() -> set[str]:
    return {w for c in action_vocabulary().connectives.values() if c.kind == "and"
            for words in c.words.values() for w in words} | {",", "&"}


def _preposition_before(words: list[Token], entity: Entity, g: dict, which: str = "prepositions") -> bool:
    """Is the entity governed by a preposition ('with a balloon', 'to the beach'), skipping its articles
    and adjectives?"""
    determiners = set(g["determiners"])
    wanted = set(g[which])
    i = entity.first - 1
    steps = 0
    while i >= 0 and steps < 4:
        word = words[i].lower
        if word in wanted:
            return True
        if word in set(g["prepositions"]) and which != "prepositions":
            return False
        if word not in determiners and steps >= 2:
            return False
        i -= 1
        steps += 1
    return False


def _pronoun(words: list[Token], clause: Clause, verb: VerbMatch, entities: list[Entity], subject: Entity,
             lang: str) -> Entity | None:
    """'eats it', 'la mange', 'lo atrapa', 'fängt ihn': the nearest earlier thing (for 'it') or character."""
    g = grammar()[lang]
    if g["pronoun_position"] == "after":
        window = words[verb.last + 1:verb.last + 3]
    else:
        window = words[max(clause.start, verb.first - 2):verb.first]
    pronoun = next((t for t in window if t.lower in g["pronouns_thing"] or t.lower in g["pronouns_person"]), None)
    if pronoun is None:
        return None
    if lang == "en" and pronoun.lower == "her" and verb.last + 2 < len(words) \
            and _entity_starting_at(entities, verb.last + 2) is not None:
        return None  # "her grandpa": a possessive
    earlier = [e for e in entities if e.last < verb.first and e.names != subject.names and e.kind != "place"]
    things = [e for e in earlier if e.kind == "thing"]
    people = [e for e in earlier if e.kind == "cast"]
    if pronoun.lower in g["pronouns_thing"] and pronoun.lower not in g["pronouns_person"]:
        pool = things or people
    elif pronoun.lower in g["pronouns_person"] and pronoun.lower not in g["pronouns_thing"]:
        pool = people or things
    else:
        pool = earlier
    return pool[-1] if pool else None


def _entity_ending_at(entities: list[Entity], index: int) -> Entity | None:
    return next((e for e in entities if e.last == index), None)


def _entity_starting_at(entities: list[Entity], index: int) -> Entity | None:
    return next((e for e in entities if e.first <= index <= e.last), None)


def _reference(entity: Entity | None) -> str | None:
    return entity.names[0] if entity is not None else None


# --- framing verbs and story order ----------------------------------------------------------------

def _frames(previous: Clause, frame: StoryEvent, clause: Clause, words: list[Token], lang: str) -> bool:
    """Does the previous event only frame this one: 'wants to see', 'teaches a parrot to sing'?"""
    if frame.action not in FRAMES or clause.connective is not None or clause.relative:
        return False
    markers = set(grammar()[lang]["infinitive"])
    between = [t.lower for t in words[previous.verb.last + 1:clause.verb.first]]
    return bool(set(between) & markers) or lang == "de" or not between


def _framed(frame: StoryEvent, inner: StoryEvent) -> StoryEvent:
    """The frame keeps its actor and takes the framed verb's object: a lesson's learner stays its recipient."""
    if frame.action == "learn":
        return inner.model_copy(update={"actors": frame.actors, "connective": frame.connective})
    obj = inner.object if inner.object not in (frame.recipient, *frame.actors) else None
    return frame.model_copy(update={"object": frame.object if frame.object and frame.action != "teach" else
                                    obj or frame.object, "place": frame.place or inner.place})


def _story_order(events: list[StoryEvent], origins: list[Clause]) -> list[StoryEvent]:
    """A 'because' or 'after' clause, or an object's relative clause, moves before the event it explains."""
    ordered = list(events)
    clauses = list(origins)
    if ordered and clauses[0].extra.get("reverses"):  # "When the rain stops, the frog sings": already in order
        ordered[0] = ordered[0].model_copy(update={"connective": None})
        if len(ordered) > 1 and ordered[1].connective is None:
            ordered[1] = ordered[1].model_copy(update={"connective": "then"})
        clauses[0].extra["reverses"] = False
    for i in range(1, len(ordered)):
        clause = clauses[i]
        if not (clause.extra.get("reverses") or clause.extra.get("object_relative")):
            continue
        earlier, later = ordered[i], ordered[i - 1]
        ordered[i - 1] = earlier.model_copy(update={"connective": later.connective})
        ordered[i] = later.model_copy(update={"connective": "so" if clause.connective == "because" else "then"})
        clauses[i - 1], clauses[i] = clauses[i], clauses[i - 1]
    return ordered
