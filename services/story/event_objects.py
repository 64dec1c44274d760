"""What an event takes along or comes down on, which its verb's own object rules do not find.

"A parrot steals a coin and flies away with it": a thing after 'with' (avec, mit, con), or the thing a
pronoun there stands for, is carried along, so the flight keeps it and the picture draws it held.
"A bee lands on the bear's head": who or what an action that comes down on something lands on, past the
preposition and the owner ('the bear's head' is the bear's), which the object rules leave out on purpose
('mends the sparrow's wing' is said as written), and whose part a lick or a kiss is done to when 'of' says
so ('lame la cara del niño': the boy).
"""

from __future__ import annotations

from services.reading import StoryEvent
from services.story.entity_queries import entity_starting_at
from services.story.sentence import Clause, Entity, Sentence
from services.story.verbs import VerbMatch

REACH = 3  # words between 'with' and the thing it brings in: articles and adjectives ('with the shiny gold coin')


def carried(s: Sentence, clause: Clause, events: list[StoryEvent]) -> Entity | None:
    """The thing the clause's actor takes along: after 'with' following the verb, or what a pronoun there stands
    for (the object of the event before: 'steals a coin and flies away with it'). A character after 'with' goes
    along of their own accord ('runs off with his friend'): None."""
    words, g = s.words, s.g
    pronouns = {*s.object_pronouns, *g["pronouns_thing"], *g["pronouns_person"], *g["dative_pronouns"],
                *g["subject_pronouns"]}
    for i in range(clause.verb.first + 1, min(clause.end, len(words))):  # "fliegt mit ihr davon": inside the phrase
        if words[i].lower not in g["with"] or i in clause.verb.words:
            continue
        along = next((e for e in s.entities if i < e.first <= i + REACH and e.kind != "place"), None)
        if along is not None:
            return along if along.kind == "thing" else None
        ends = i + 1 >= min(clause.end, len(words))  # "s'envole avec": with it, unsaid
        if (ends or words[i + 1].lower in pronouns) and events and events[-1].object:
            return next((e for e in s.entities if events[-1].object in e.names and e.kind != "place"), None)
        return None
    return None


def landed_on(s: Sentence, clause: Clause, subject: Entity) -> Entity | None:
    """Who or what the clause's actor comes down on: the first character or thing after its verb ('on the bear's
    head': the bear; 'sur une fleur': the flower), never a place ('lands in the park' happens there)."""
    return next((e for e in s.entities if clause.verb.last < e.first and e.last < clause.end and e.kind != "place"
                 and e.names != subject.names), None)


def part_of(s: Sentence, verb: VerbMatch, entity: Entity) -> bool:
    """'lame la cara del niño', 'lèche la main de la fille', 'licks the face of the boy': right after the verb, a
    part nothing draws, then 'of' and the one it belongs to."""
    at = entity.first - 1
    while at > verb.last and s.words[at].lower in s.g["determiners"] and s.words[at].lower not in ("del", "du"):
        at -= 1
    joined = s.words[at].lower in ("del", "du", "des") or s.words[at].lower in s.g["of"]
    between = range(verb.last + 1, at)
    return joined and at > verb.last + 1 and len(between) <= 3 \
        and not any(entity_starting_at(s.entities, i) is not None for i in between)
