"""What an accepted domain memory changes in a comic: facts parsed into {subject, attribute, value}.

A rule about a named place ("It always snows in Frostvale") sets the weather or
the hour of every comic whose prompt names that place, unless the prompt says
its own.

"Miso is an orange cat" says two things about Miso: kind cat, colour orange.
"Bolt wears a red scarf" gives Bolt's clothing; "The dog is called Rex" names
the comic's dog. A memory only applies to a comic whose prompt names its
subject, and a comic cites ("Brown remembered") only the memories that changed
one of its characters; the session record keeps which character and panels
each one changed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from services.language import lexicon
from services.schemas import CastMember, MemoryEffect, Panel

COLOUR_WORDS = frozenset(["red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "black", "white",
                          "grey", "gray", "gold", "golden", "silver", "ginger", "teal", "navy", "violet", "crimson",
                          "scarlet", "cream", "tan", "turquoise", "lilac", "magenta", "copper", "ivory"])
SIZE_WORDS = frozenset(["tiny", "small", "little", "big", "huge", "giant", "tall", "short", "large"])
AGE_WORDS = frozenset(["old", "young", "baby", "elderly", "ancient", "teenage"])
CLOTHES = re.compile(r"^(?:always\s+)?(?:wears|is wearing|has|carries)\s+(?:a|an|the|one)?\s*(?P<item>[\w' -]+)$",
                     re.IGNORECASE)
NAMING = re.compile(r"^(?:the\s+)?(?P<kind>[a-z][\w-]*)(?:\s+(?:on|in|at|from|of|with)\s+[\w ]+?)?"
                    r"(?:'s name is| is called| is named)\s+(?P<name>[A-Z][\w'-]*)")
COPULA = re.compile(r"^(?P<subject>[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?|[Tt]he\s+[a-z][\w-]*)\s+(?P<rest>(?:is|was|has|"
                    r"wears|always wears|is wearing|carries)\b.*)$")
SUBJECT_STOP = frozenset(["The", "A", "An", "In", "On", "This", "That", "It", "There", "Here", "Every", "All"])
# Rules about a place: "It always snows in Frostvale", "On Zorg it is always night", "Misthaven is always foggy".
WEATHER_OF = {"snows": "snow", "snowy": "snow", "snowing": "snow", "rains": "rain", "rainy": "rain", "raining": "rain",
              "foggy": "fog", "misty": "fog", "windy": "wind", "stormy": "storm", "storms": "storm", "sunny": "clear"}
TIME_OF = {"night": "night", "dark": "night", "dusk": "sunset", "twilight": "sunset", "dawn": "dawn"}
_PLACE = r"(?P<place>[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?)"
_OFTEN = r"(?i:always|often|usually|forever|never stops|all year)"
_STATE = rf"(?:(?i:it)\s+)?(?:{_OFTEN}\s+)?(?:(?i:is)\s+(?:{_OFTEN}\s+)?)?(?P<word>[a-zA-Z]+)"
WEATHER_IT = re.compile(rf"^(?i:it)\s+{_STATE}")  # "It always snows", "it is dark": the weather, nobody
PLACE_RULES = (re.compile(rf"^{_STATE}\s+(?i:in|on|at|over)\s+{_PLACE}"),
               re.compile(rf"^(?i:in|on|at)\s+{_PLACE},?\s+{_STATE}"),
               re.compile(rf"^{_PLACE}\s+(?i:is)\s+{_OFTEN}\s+(?P<word>[a-zA-Z]+)"))


class WorldFact(NamedTuple):
    subject: str      # a name ("Miso") or a kind phrase ("the cat")
    attribute: str    # kind | name | colour | size | age | clothing
    value: str


def parse(memory: str) -> list[WorldFact]:
    """The facts about a character that one memory states (its first clause; what it denies is left out)."""
    clause = re.split(r"[.;!,]|\s+not\s+(?:a|an|the)\b", memory.strip(), maxsplit=1)[0].strip()
    clause = re.sub(r"^(?:in this (?:world|story)|here|actually)\s+", "", clause, flags=re.IGNORECASE)
    if match := NAMING.match(clause[:1].lower() + clause[1:]):
        kind = lexicon.find_first("characters", match["kind"])
        return [WorldFact(f"the {match['kind']}", "name", match["name"])] + (
            [WorldFact(match["name"], "kind", kind)] if kind else [])
    match = COPULA.match(clause)
    if not match or match["subject"].split()[0] in SUBJECT_STOP and not match["subject"].lower().startswith("the "):
        return []
    subject = match["subject"]
    subject = "the " + subject[4:] if subject.startswith("The ") else subject
    rest = match["rest"]
    if clothes := CLOTHES.match(rest):
        return [WorldFact(subject, "clothing", clothes["item"].strip().lower())]
    words = re.findall(r"[\w'-]+", rest.lower())
    if not words or words[0] not in ("is", "was") or "not" in words[1:2] or "never" in words:
        return []
    described = [w for w in words[1:] if w not in ("a", "an", "the", "very", "really", "all")]
    facts = [WorldFact(subject, "colour", w) for w in described if w in COLOUR_WORDS][:1]
    facts += [WorldFact(subject, "size", w) for w in described if w in SIZE_WORDS][:1]
    facts += [WorldFact(subject, "age", w) for w in described if w in AGE_WORDS][:1]
    if years := re.search(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", rest):
        facts.append(WorldFact(subject, "age", years.group(0)))
    kind = lexicon.find_first("characters", " ".join(described[-2:])) if described else None
    if kind and described[-1] not in COLOUR_WORDS | SIZE_WORDS | AGE_WORDS:
        facts.append(WorldFact(subject, "kind", kind))
    return facts


def parse_place(memory: str) -> list[WorldFact]:
    """A rule about a named place's weather or time of day, if the memory states one."""
    clause = re.split(r"[.;!]", memory.strip(), maxsplit=1)[0].strip()
    for rule in PLACE_RULES:
        if (match := rule.match(clause)) and match["place"].split()[0] not in SUBJECT_STOP:
            word = match["word"].lower()
            if word in WEATHER_OF:
                return [WorldFact(match["place"], "weather", WEATHER_OF[word])]
            if word in TIME_OF and rule is not PLACE_RULES[2]:  # "Rex is always dark" is about Rex's fur
                return [WorldFact(match["place"], "time", TIME_OF[word])]
    return []


def about_the_weather(clause: str) -> bool:
    """Does the clause open with the "it" of the weather or the hour ("It always snows in Frostvale")?"""
    match = WEATHER_IT.match(clause.strip())
    return match is not None and match["word"].lower() in WEATHER_OF.keys() | TIME_OF.keys()


def place_facts(memories: Sequence[str], prompt: str) -> list[WorldFact]:
    """The place rules whose place the prompt names."""
    return [fact for memory in memories for fact in parse_place(memory) if _named(fact.subject, prompt)]


def _named(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None


def _matches(fact: WorldFact, member: CastMember) -> bool:
    if fact.subject.lower().startswith("the "):
        return lexicon.find_first("characters", fact.subject[4:]) == member.kind or fact.subject[4:] == member.role
    return fact.subject.lower() == member.name.strip().lower()


def facts_about(member: CastMember, memories: Sequence[str]) -> list[WorldFact]:
    """What the accepted memories say about one cast member."""
    return [fact for memory in memories for fact in parse(memory) if _matches(fact, member)]


def colour_of(member: CastMember, memories: Sequence[str]) -> str | None:
    """The body (or clothes) colour word the memories give this character, if any."""
    return next((f.value for f in facts_about(member, memories) if f.attribute == "colour"), None)


def applicable(memories: Sequence[str], prompt: str, cast_names: Sequence[str] = ()) -> list[str]:
    """The memories whose subject the comic has: the prompt names it, or it is one of `cast_names` (the names
    the comic's seed gave its characters); a fact about Miso does not reach a comic without Miso.

    A memory read as no fact here ("Mia never swims") reaches the comic when it names a character or a
    kind of character the prompt names too, so a storyteller can still write it.
    """
    names = {name.lower() for name in cast_names}
    kinds = set(lexicon.find_all("characters", prompt))
    out = []
    for memory in memories:
        facts = parse(memory) or [WorldFact(name, "", "") for name in _names(memory)] + [
            WorldFact(f"the {kind}", "", "") for kind in lexicon.find_all("characters", memory)]
        for fact in facts:
            if fact.subject.lower().startswith("the "):
                hit = lexicon.find_first("characters", fact.subject[4:]) in kinds
            else:
                hit = _named(fact.subject, prompt) or fact.subject.lower() in names
            if hit:
                out.append(memory)
                break
    return out


def _names(memory: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"(?<![\w-])[A-Z][\w'-]+", memory) if m.group(0) not in SUBJECT_STOP]


def effects(memories: Sequence[str], cast: Sequence[CastMember], panels: Sequence[Panel],
            prompt: str = "") -> list[MemoryEffect]:
    """Which memory changed which character (or the weather or hour of which place), and in which panels."""
    found: list[MemoryEffect] = []
    for memory in memories:
        for member in cast:
            for fact in facts_about(member, [memory]):
                if not _realised(fact, member):
                    continue
                shown = [p.index for p in panels if _appears(member, p)]
                found.append(MemoryEffect(memory=memory, character=member.name, attribute=fact.attribute,
                                          value=fact.value, panels=shown))
        for fact in place_facts([memory], prompt):
            shown = [p.index for p in panels if p.scene is not None and getattr(p.scene, fact.attribute) == fact.value]
            if shown:
                found.append(MemoryEffect(memory=memory, character=fact.subject, attribute=fact.attribute,
                                          value=fact.value, panels=shown))
    return found


def cited(memories: Sequence[str], changes: Sequence[MemoryEffect]) -> list[str]:
    """The memories that shaped this comic, in their order."""
    used = {effect.memory for effect in changes}
    return [memory for memory in memories if memory in used]


def _realised(fact: WorldFact, member: CastMember) -> bool:
    """Did the comic take the fact? A kind or a colour can be checked; size and age are not drawn yet."""
    if fact.attribute == "kind":
        return member.kind == fact.value
    if fact.attribute == "name":
        return member.name == fact.value
    if fact.attribute == "colour":
        return member.look is not None
    if fact.attribute == "clothing":
        return member.look is not None and any(word in fact.value for word in member.look.features)
    return False


def _appears(member: CastMember, panel: Panel) -> bool:
    if panel.scene is not None and panel.scene.actors:
        return any(actor.name == member.name for actor in panel.scene.actors)
    return re.search(rf"\b{re.escape(member.name)}\b", panel.description) is not None
