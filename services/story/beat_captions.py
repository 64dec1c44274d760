"""Captions written from the beats: what this panel shows happening, in the prompt's language.

A beat's caption comes from its action's own lines (`assets/actions.json`): the build-up before it,
the moment itself (every such line names the action's verb and its actor, so the caption tells
the event), the result after. An event after a "but", "so" or "until" opens with the turn its
connective names ("But Quex eats the sandwich."); events that share a panel are joined in one
line. The first panel says who and where (`assets/story_lines.json`), the last the state the
story leaves (eaten, asleep, gone) or a character's reaction to it. Within a comic no line is
used twice, voices alternate where they can, and choices follow the comic's seed.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import lru_cache

from services.language.grammar import grammar
from services.language.inflection import Phrase, fill, slots_of
from services.language.lemmas import tokens
from services.language.repetition import repeated_phrase, words
from services.reading import ScenePlan, StoryEvent
from services.story.beats import Beat
from services.story.captions import in_place
from services.story.language import function_words
from services.story.line_places import fits_the_place
from services.story.place_reading import english_place
from services.story.story_phrases import ONLOOKER, cast_phrases, story_lines, thing_phrase
from services.story.translation import local_in_place, local_place
from services.story.verbs import find_verbs, joining_words, tells
from services.vocabulary.actions import action, told_as, vocabulary

CAPTION_LIMIT = 150
CHOICE = re.compile(r"\{[^{}|@]*\|[^{}|@]*\}")  # a verb form chosen by the actor's number
# Slots no template names: the short names of the recipient and of an object who is a character, for lines
# said to them or by them.
SPOKEN_TO, SPOKEN_OBJECT = "recipient name", "object name"
# Slots that name this comic's people and things (a speaker's tag before a colon does not count, nor a place,
# which may be one the prompt never named).
NAMING_SLOTS = frozenset({"actor", "Actor", "object", "Object", "recipient", "result", "where", "one", "One"})
_SPEAKER_TAG = re.compile(r"^\s*\{(?:Actor|Speaker|actor|One|one)\}\s*:\s*")


def write_beat_captions(plan: ScenePlan, beats: list[Beat], rng: random.Random,
                        settings: list[str] | None = None) -> list[str]:
    """One caption per beat; `settings` are the panels' places, where the story moves ('to the beach')."""
    used: set[str] = set()
    lines: list[str] = []
    for number, beat in enumerate(beats):
        here = at_place(plan, settings[number]) if settings else plan
        lines.append(_caption(here, beat, rng, used, lines[-1] if lines else "", before=lines,
                              started_at=settings[0] if settings else None))
    return lines


def at_place(plan: ScenePlan, setting: str) -> ScenePlan:
    """The plan as a caption sees it in a panel set somewhere else than the prompt's place."""
    if setting == plan.setting:
        return plan
    if plan.language == "en":
        phrase, where = english_place(setting)
    else:
        phrase, where = local_place(setting, plan.language), local_in_place(setting, plan.language)
    return plan.model_copy(update={"setting": setting, "setting_phrase": phrase, "in_place": where,
                                   "place_words": []})


def caption_for(plan: ScenePlan, beat: Beat, rng: random.Random, avoid: set[str], earlier: list[str]) -> str:
    """A caption for one beat that is none of `avoid` (a revision's new line); `earlier` are the captions before
    it, which have introduced the cast ('Sprout', not 'Sprout the raccoon' again)."""
    return _caption(plan, beat, rng, set(avoid), earlier[-1] if earlier else "", before=earlier)


def _caption(plan: ScenePlan, beat: Beat, rng: random.Random, used: set[str], previous: str,
             before: list[str] | None = None, started_at: str | None = None) -> str:
    """The beat's caption, none of `used`; `before` are the comic's earlier captions, which have met its people;
    `started_at` is the first panel's place (an arrival is said only somewhere else)."""
    lang = plan.language
    if len(beat.parts) > 1:
        return _joined(plan, beat, rng)
    part = beat.parts[0]
    event = plan.events[part.event]
    slots, plural = event_slots(plan, event)
    slots = _by_name_once_met(slots, plan, event, before or [])
    if beat.kind == "setup":
        return _setup(plan, event, slots, plural, rng, used)
    if beat.kind == "ending":
        pool = _by_a_thing(plan, event, _state_lines(plan, event) + list(told_as(event).lines["after"][lang]),
                           "after", lang)
        if event.place and event.place == plan.setting != started_at:  # the story has led somewhere: say so
            carried = plan.member(event.object) if event.object else None
            slots["Object"] = Phrase.plain(carried.name if carried else slots["Actor"].nom)
            line = _choose(list(story_lines()["arrival"][lang]), slots, plural, lang, rng, used, previous, plan=plan)
            if line:
                return line
        return _choose(pool, slots, plural, lang, rng, used, previous, event.action, plan=plan) \
            or _clause(plan, event, slots, plural)
    lead = _lead(plan, event, rng) if part.event in beat.first_of else ""
    pool = list(told_as(event).lines[part.step][lang])
    if part.step == "during":
        pool.append(told_as(event).clause[lang] + ".")
    pool = _by_a_thing(plan, event, pool, part.step, lang)
    pool = [t for t in pool if fits_the_place(t, plan)] or pool  # before the lines are narrowed to the action's
    if part.step == "during" and event.where_words and part.event in beat.first_of:
        pool = [t for t in pool if "{where}" in t] or pool  # the prompt says where: a line that says it too
    if part.step == "during" and part.event in beat.first_of:
        pool = [t for t in pool if _says_the_action(t, event, lang)] or pool  # "plays volleyball", not "bounce"
        if event.object or event.recipient:  # "se pose sur Honey", not "atterrit dans la forêt": to whom or what
            pool = [t for t in pool if slots_of(t) & {"object", "recipient"}] or pool
    if part.step == "during" and part.event not in beat.first_of:  # a second look: its sounds and reactions too
        pool += [f"{{Actor}}: {exclaim}" for exclaim in action(event.action).exclaims.get(lang, ())]
    if lead:  # a turn opens a narrator's line: "But Quex eats the sandwich."
        narrated = [t for t in pool if not _spoken(t) and not _opens_with_a_turn(t, lang)]
        line = _choose(narrated, slots, plural, lang, rng, used, previous, event.action, plan=plan)
        if line:
            return _with_lead(lead, line, lang, frozenset(m.name for m in plan.cast))
    return _choose(pool, slots, plural, lang, rng, used, previous, event.action, plan=plan) \
        or _last_resort(plan, event, slots, plural, used)


def _says_the_action(template: str, event: StoryEvent, lang: str, only: bool = False) -> bool:
    """Does a line name its event's action with one of the action's own verbs ('{plays|play}', 'dribbles')?
    With `only`, no other action besides ('drops it, and it smashes' is dropping too)."""
    plain = re.sub(r"\{([^{}|@]+)\|[^}]*\}", r"\1", template)  # "{eats|eat}": eats
    plain = re.sub(r"\{[^}]*\}", " ", plain)
    found = find_verbs(tokens(plain, lang), lang)  # once: whether it tells the action, and what else it tells
    return any(event.action in (m.action, *m.alternatives) for m in found) \
        and (not only or {m.action for m in found} <= {event.action})


def _last_resort(plan: ScenePlan, event: StoryEvent, slots: dict[str, Phrase], plural: bool, used: set[str]) -> str:
    """Every line of the beat is used: the plain clause, with an exclamation if even that was said, then any
    other line of the action or its result, then the clause again (a comic of eight panels of one moment)."""
    line = _clause(plan, event, slots, plural)
    for exclaim in ("", *action(event.action).exclaims.get(plan.language, ())):
        candidate = f"{line} {exclaim}".strip()
        if candidate not in used:
            used.add(candidate)
            return candidate
    every = [t for step in told_as(event).lines.values() for t in step.get(plan.language, ())]
    return _choose([*every, *_state_lines(plan, event)], slots, plural, plan.language, random.Random(len(used)),
                   used, "", plan=plan) or line


def event_slots(plan: ScenePlan, event: StoryEvent) -> tuple[dict[str, Phrase], bool]:
    """The values of a template's slots for one event, and whether its actor is several."""
    label, short, plural = cast_phrases(plan, event.actors)
    slots = {"actor": label, "Actor": short, "place": Phrase.plain(plan.setting_phrase),
             "in_place": Phrase.plain(in_place(plan)),
             "In_place": Phrase.plain(_upper(in_place(plan))), "Place": Phrase.plain(_upper(plan.setting_phrase))}
    if event.object and plan.member(event.object):
        group = [event.object] if event.recipient else [event.object, *event.others]
        slots["object"], slots[SPOKEN_OBJECT], _ = cast_phrases(plan, group)
        for slot in ("object", SPOKEN_OBJECT):  # "persigue al ratón Squeak", "¡He encontrado a Quex!"
            slots[slot] = replace(slots[slot], animate=True)
    elif event.object:
        slots["object"] = thing_phrase(plan, event.object)
    elif event.object_words:
        slots["object"] = Phrase.plain(event.object_words[:1].lower() + event.object_words[1:])
    if event.result and plan.member(event.result):
        slots["result"], _, _ = cast_phrases(plan, [event.result])
    elif event.result:
        slots["result"] = thing_phrase(plan, event.result)  # "turns the pumpkin into the carriage"
    if event.recipient:
        slots["recipient"], slots[SPOKEN_TO], _ = cast_phrases(plan, [event.recipient, *event.others])
    elif "object" in slots and "object" not in action(event.action).roles:
        slots["recipient"] = slots["object"]  # "rescues the kite": what it is done to, said where a someone goes
        if SPOKEN_OBJECT in slots:
            slots[SPOKEN_TO] = slots[SPOKEN_OBJECT]  # "Ich werde dich retten, Honey!"
    where = event.where_words if event.where_words is not None else action(event.action).where.get(plan.language)
    if where:
        slots["where"] = Phrase.plain(where)  # "hides the hat in a tree", where the prompt says so
    first = plan.member(event.actors[0])
    if plural and first is not None and first.role != ONLOOKER:  # "alle lachen", never one of them by name
        slots["one"], slots["One"], _ = cast_phrases(plan, event.actors[:1])
    involved = {*event.actors, event.recipient, event.object, *event.others}
    onlooker = next((m for m in plan.cast if m.name not in involved), None)
    if onlooker is not None:  # a reaction is someone else's ("Aww, look at those two!")
        slots["Speaker"] = Phrase.plain(onlooker.name)
    return slots, plural


def _setup(plan: ScenePlan, event: StoryEvent, slots: dict[str, Phrase], plural: bool, rng: random.Random,
           used: set[str]) -> str:
    lang = plan.language
    lines = story_lines()
    pool = list(lines["intro"][lang])
    holder_has_it = event.object and not plan.member(event.object) and \
        next((t.where for t in plan.things if t.what == event.object), "") == "hand" and \
        told_as(event).looks["before"].object_at in ("hand", "arms")  # not before she finds or bakes it
    if holder_has_it:
        pool += lines["intro_held"][lang]
    who = slots
    waiting = next((m.name for m in plan.cast if m.name not in event.actors), None) \
        if event.action == "arrive" else None  # "the firefighters arrive": who is there before them
    if plan.member(event.actors[0]) is None or waiting:  # the wind acts first: the story starts with its people
        someone = waiting or next((n for n in (event.recipient, event.object) if n and plan.member(n)),
                                  plan.cast[0].name)
        label, short, _ = cast_phrases(plan, [someone])
        who, pool = {**slots, "actor": label, "Actor": short}, list(lines["intro"][lang])
        if plan.member(event.actors[0]) is not None:  # they come later: first said with what they are
            slots = {**slots, "Actor": _capitalised(slots["actor"])}
    elif event.action == "arrive":  # no one waits for the dragon: the place, ready, and the dragon on the way
        pool = list(lines["intro_awaited"][lang])
        slots = {**slots, "Actor": _capitalised(slots["actor"])}
    intro = _choose(pool, who, plural and who is slots, lang, rng, used, "", whole_group=True, plan=plan) \
        or _clause(plan, event, slots, plural)
    narrated = [t for t in told_as(event).lines["before"][lang] if not _spoken(t)]
    tried = set(used)  # each line _choose offers joins it, so the next try is another line
    for _ in narrated if not _spoken_line(intro) else ():  # who, where, and how things stand before
        offered = set(tried)
        before = _choose(narrated, slots, plural, lang, rng, tried, "", event.action, plan=plan)
        if before is None:
            break
        joined = f"{intro} {before}"
        if len(joined) < CAPTION_LIMIT - 30 and not repeated_phrase(words(joined)):  # not "on the river" twice
            used |= tried - offered  # the line and its template
            return joined
    return intro


def _by_name_once_met(slots: dict[str, Phrase], plan: ScenePlan, event: StoryEvent,
                      before: list[str]) -> dict[str, Phrase]:
    """Who an earlier caption has named is called by name after that: 'Luna the cat' once, then 'Luna'."""
    def met(names: list[str]) -> bool:
        members = [plan.member(n) for n in names]
        return all(m is not None and any(m.name in line for line in before) for m in members)
    short = dict(slots)
    if met(event.actors):
        short["actor"] = slots["Actor"]
    elif before and all(plan.member(n) is not None for n in event.actors) \
            and slots["actor"] is not slots["Actor"]:  # onlookers are said alike ("tout le monde", never capitalised)
        short["Actor"] = _capitalised(slots["actor"])  # first seen now: "Sasha the zookeeper giggles"
    for slot, name, spoken in (("recipient", event.recipient, SPOKEN_TO), ("object", event.object, SPOKEN_OBJECT)):
        if name and spoken in slots and met([name]):
            short[slot] = slots[spoken]
    if event.recipient is None and "recipient" in slots and slots["recipient"] is slots.get("object"):
        short["recipient"] = short["object"]  # "licks Ben all over the face": the one licked is its object
    return short


def _state_lines(plan: ScenePlan, event: StoryEvent) -> list[str]:
    leaves = action(event.action).leaves
    if leaves is None or told_as(event) is not action(event.action):  # a telling's own lines tell its result
        return []
    state = vocabulary().states["given_back" if leaves == "given" and _given_back(plan, event) else leaves]
    if state.somewhere and event.place is None and event.recipient is None:
        return []  # "ants carry away their sandwiches": nobody is thanked for bringing them
    return [*state.lines.get(plan.language, ()), *state.reactions.get(plan.language, ())]


def _given_back(plan: ScenePlan, event: StoryEvent) -> bool:
    """'drops his baguette in the lake, and a duck brings it back': the one it is given to had it before."""
    earlier = plan.events[:next((i for i, e in enumerate(plan.events) if e is event), 0)]
    return any(event.recipient in e.actors and e.object == event.object for e in earlier)


def _joined(plan: ScenePlan, beat: Beat, rng: random.Random) -> str:
    """Events sharing one panel, told in one line: 'Abe forgets the sandwich, and Quex eats it.'"""
    lang = plan.language
    clauses = []
    for n, part in enumerate(beat.parts):
        event = plan.events[part.event]
        slots, plural = event_slots(plan, event)
        clause = _clause(plan, event, slots, plural).rstrip(".")
        lead = _lead(plan, event, rng) if n else ""
        if n:
            clause = clause[:1].lower() + clause[1:] if not _starts_with_name(clause, plan) else clause
            clause = f"{lead.lower()} {clause}" if lead else clause
        clauses.append(clause)
    joiner = story_lines()["join"][lang]
    text = clauses[0]
    for n, clause in enumerate(clauses[1:], start=1):
        lead = _lead(plan, plan.events[beat.parts[n].event], rng)
        text += (", " if lead else joiner) + clause
    return text + "."


def _lead(plan: ScenePlan, event: StoryEvent, rng: random.Random) -> str:
    kind = event.connective
    if kind is None or kind == "and":
        return ""
    connective = next((c for c in vocabulary().connectives.values() if c.kind == kind), None)
    leads = connective.lead.get(plan.language, ()) if connective else ()
    return rng.choice(leads) if leads else ""


def _by_a_thing(plan: ScenePlan, event: StoryEvent, pool: list[str], step: str, lang: str) -> list[str]:
    """A thing that acts on something ('a wave breaks the sandcastle', 'his fire burns the string') neither speaks
    nor does it as a person would ('drops it, and it smashes'): while it happens, the lines that say the action;
    after, the lines about what is left (a wave neither sweeps up the pieces nor coughs)."""
    if not event.object or not event.actors or plan.member(event.actors[0]) is not None:
        return pool
    if step == "after":
        return [t for t in pool if not {"actor", "Actor"} & slots_of(t)] or pool
    return [t for t in pool if not _spoken(t) and (step != "during" or _says_the_action(t, event, lang, only=True))] \
        or pool


def _with_lead(lead: str, line: str, lang: str, names: frozenset[str] = frozenset()) -> str:
    if lead.endswith(":"):
        return f"{lead} {line}"
    small = _sentence_word(line, lang) and not any(line.startswith(f"{name} ") for name in names)  # Will, a name
    return f"{lead} {line[:1].lower() + line[1:] if not line[:1].isupper() or small else line}"


def _sentence_word(line: str, lang: str) -> bool:
    """A line opening on a small word ('The', 'Un', 'With', 'A Rafa') loses its capital after a lead ('Then with
    a splash…'); a name keeps it, and so does English 'I'."""
    first = line.split(" ", 1)[0].lower()
    elided = first.split("'", 1)[0] + "'" if "'" in first else first  # "D'une main tendue", "L'oiseau"
    small = function_words(lang if lang in grammar() else "en")
    return first != "i" and (first in small or elided in small)


def _opens_with_a_turn(template: str, lang: str) -> bool:
    """Does a line open on a connective of its own ('And then, all at once…'), which a lead would double?"""
    first = re.split(r"[\s,]", template.strip(), maxsplit=1)[0].lower()
    return first in joining_words(lang)


def _starts_with_name(clause: str, plan: ScenePlan) -> bool:
    return any(clause.startswith(member.name) for member in plan.cast)


def _spoken_line(line: str) -> bool:
    return ":" in line[:40]


def _spoken(template: str) -> bool:
    return _SPEAKER_TAG.match(template) is not None  # "{Actor}: …", and French "{Actor} : …"


def _choose(pool: list[str], slots: dict[str, Phrase], plural: bool, lang: str, rng: random.Random, used: set[str],
            previous: str, action_name: str | None = None, whole_group: bool = False,
            plan: ScenePlan | None = None) -> str | None:
    """A fresh line whose slots this event can fill, in another voice than the line before when one is free, and
    one that names something of this comic (or says `action_name`) when one is free. A template used once is used
    up, however its slots fill ('Pepper spots the cat Tiger' and then 'Pepper spots Tiger' are one line said
    twice); `used` holds both. Lines for one actor are said of a group's first, unless `whole_group` (an intro
    names them all)."""
    by_all = not plural or whole_group
    if plan is not None:  # "High above the river" under a town square: another line while one fits
        pool = [t for t in pool if fits_the_place(t, plan)] or pool
    fillable = [t for t in pool if t not in used and slots_of(t) <= set(slots)
                and not (not by_all and "one" not in slots and not CHOICE.search(t)
                         and {"actor", "Actor"} & slots_of(t))]
    lines = [fill(t, _heard(t, slots), plural, lang) if by_all or CHOICE.search(t)
             else fill(t, _one_of(_heard(t, slots)), False, lang) for t in fillable]
    fresh = [(t, line) for t, line in zip(fillable, lines)
             if line not in used and len(line) <= CAPTION_LIMIT and not repeated_phrase(words(line))]
    if not fresh:
        return None
    # A line that names this comic's people, things or place, or says the action, before one that fits any comic
    # ("Burp!... Excuse me."): such filler is the last resort.
    fresh = [(t, line) for t, line in fresh if _names_something(t, action_name, lang)] or fresh
    other_voice = [(t, line) for t, line in fresh if _spoken(t) != _spoken_line(previous)]
    template, line = rng.choice(other_voice or fresh)
    used |= {template, line}
    return line


@lru_cache(maxsize=4096)
def _names_something(template: str, action_name: str | None, lang: str) -> bool:
    """Does a line name someone or something of the comic beyond its speaker, or say its action's verb? 'Lena: Burp!
    ...Excuse me.' names only who says it; '{Speaker}: You ate ALL of it?' says the eating."""
    body = _SPEAKER_TAG.sub("", template, count=1)
    if slots_of(body) & NAMING_SLOTS:
        return True
    if action_name is None:
        return False
    plain = re.sub(r"\{([^{}|@]+)\|[^}]*\}", r"\1", body)
    return tells(tokens(re.sub(r"\{[^}]*\}", " ", plain), lang), lang, action_name)


def _heard(template: str, slots: dict[str, Phrase]) -> dict[str, Phrase]:
    """A line someone says calls the one it is said to by name: 'Sit down, Tariq.', not 'Tariq the little boy';
    and one said by a character who is the object starts with their name ('Chilly: I'm melting!')."""
    if not (_spoken(template) or template.lstrip().startswith("{object}:")):
        return slots
    short = {"recipient": slots.get(SPOKEN_TO), "object": slots.get(SPOKEN_OBJECT)}
    return {**slots, **{slot: name for slot, name in short.items() if name is not None}}


def _one_of(slots: dict[str, Phrase]) -> dict[str, Phrase]:
    """A line written for one actor (no 'eats|eat' choice) is said of the group's first: 'Moss spreads out the
    plan', 'Moss: Built it myself!'."""
    return {**slots, "actor": slots["one"], "Actor": slots["One"]} if "one" in slots else slots


def _clause(plan: ScenePlan, event: StoryEvent, slots: dict[str, Phrase], plural: bool) -> str:
    """The action's plain clause; a role the prompt leaves open is 'someone' or 'something' ('Clara meets
    someone')."""
    lines = story_lines()
    filled = {"object": Phrase.plain(lines["something"][plan.language]),
              "recipient": Phrase.plain(lines["someone"][plan.language]), **slots}
    done = told_as(event)
    # "Felix versteckt sich", "Leo gives Grandpa a lesson": nothing named to do it to
    alone = "object" not in slots and bool(done.alone) and (
        "recipient" not in slots or "{recipient" in done.alone[plan.language])
    template = done.alone[plan.language] if alone else done.clause[plan.language]
    if "recipient" not in slots:  # "Mateo lleva el huevo", not "lleva el huevo a alguien"
        template = _without_recipient(template, plan.language)
    if event.where_words and "{where}" not in template:
        if done.alone and "object" in slots and _says(event.where_words, slots["object"]):
            template = done.alone[plan.language]  # "Nimbus slides off the iceberg": in the prompt's own words
        template += " {where}"  # "Wobble hides the key under the doormat"
    return fill(template, filled, plural, plan.language) + "."


def _says(words: str, phrase: Phrase) -> bool:
    """Do the prompt's words name the phrase's noun ('off the iceberg', the iceberg)?"""
    noun = phrase.nom.split()[-1].lower() if phrase.nom.split() else ""
    return bool(noun) and noun in words.lower().split()


def _without_recipient(template: str, lang: str) -> str:
    """A clause with its recipient (and the preposition before it) left out, when no one else is named."""
    g = grammar().get(lang, grammar()["en"])
    words = "|".join(re.escape(w) for w in sorted({*g["prepositions"], *g["recipient"]}, key=len, reverse=True))
    shorter = re.sub(rf"\s+(?:(?:{words})\s+)?\{{recipient(?::\w+)?\}}", "", template)
    return shorter if "{actor}" in shorter and shorter.count("{") > 1 else template  # never a verb alone


def _capitalised(phrase: Phrase) -> Phrase:
    return Phrase(_upper(phrase.nom), _upper(phrase.acc), _upper(phrase.dat), phrase.plural)


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]
