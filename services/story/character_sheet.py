"""The character sheet: how each character of a comic looks, decided once.

`decide_looks` fills `CastMember.look` (colours and distinguishing features)
for the whole cast before anything is drawn; the storyboard and the manifest
keep it, and every panel of every attempt is drawn from it, so Brown the dog
is the same brown dog with the same red collar from the first panel to the
last. Sources, strongest first:

1. accepted domain memories that name the character ("Bolt has blue paint.",
   "Mia has a red scarf.", "Brown wears glasses.", "Mia no longer wears a hat.");
2. words next to the character in the prompt ("a red robot", "a fox with a
   green hat", "a girl in a yellow coat") and the character's role ("a
   wizard" wears a pointy hat, "a king" a crown, "a chef" a chef's hat);
3. a colour word in the name ("Brown", "Rusty");
4. the seeded colours of `services.art.procedural.looks`. Features (hats, bows, capes)
   come only from 1 and 2: nothing is worn that nobody asked for.

Colours are '#rrggbb': [main, accent, second, third] where main is the body,
fur or paint (the clothes of a person), accent the colour of the accessories,
second an animal's clothes or a person's hair, third a person's skin.
"""

from __future__ import annotations

import re

from services.art.procedural.looks import COLOUR_WORDS, FEATURES, HUMAN_KINDS, look_for, rgb_hex
from services.config import word_lists
from services.language import lexicon
from services.memory import world_facts
from services.schemas import CastMember, CharacterLook

_WORDS = word_lists("story.character_sheet")
# Colour words a reader means as colours (the name-only ones such as "coco" or "snow" are left out).
COLOURS: dict[str, tuple[int, int, int]] = {
    **{w: c for w, c in COLOUR_WORDS.items() if w not in _WORDS["colour_words_left_out"]},
    "ginger": COLOUR_WORDS["ginger"], **{w: (r, g, b) for w, (r, g, b) in _WORDS["more_colours"].items()},
}

# Words for things a character wears, and the feature the renderer draws for them.
FEATURE_WORDS: dict[str, str] = dict(_WORDS["feature_words"])
# Colour + one of these nouns colours the character itself, not an accessory.
BODY_WORDS: set[str] = set(_WORDS["body_words"])
# What a role word puts on a character, and the colour it suggests (main, accent).
ROLES: dict[str, tuple[tuple[str, ...], str | None, str | None]] = {
    role: (tuple(features), main, accent) for role, (features, main, accent) in _WORDS["roles"].items()}
KIND_FEATURES = {"elder": ("cane",)}  # always part of the kind, whatever else the sheet says
LINKS: set[str] = set(_WORDS["links"])
ATTACH: set[str] = set(_WORDS["attach"])
END_WORDS: set[str] = set(_WORDS["end_words"])
NEGATIONS: set[str] = set(_WORDS["negations"])
MAX_FEATURES = 3
_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*|[.,;:!?()\"]")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n")


class _Found:
    """What one source says about one character."""

    def __init__(self) -> None:
        self.main: str | None = None
        self.accent: str | None = None
        self.features: list[str] = []
        self.removed: set[str] = set()

    def merge_under(self, stronger: _Found) -> None:
        """Keep what `stronger` says; fill its gaps with this source."""
        stronger.main = stronger.main or self.main
        stronger.accent = stronger.accent or self.accent
        for f in self.features:
            if f not in stronger.features and f not in stronger.removed:
                stronger.features.append(f)
        stronger.removed |= self.removed


def decide_looks(cast: list[CastMember], prompt: str, memories: list[str], seed: int) -> list[CastMember]:
    """The cast with every `look` filled; pure and deterministic for the same inputs.

    A member that already has a look keeps it (a revision or a new attempt must not redraw anyone).
    """
    mentions = _mentions(prompt, cast)
    out = []
    for index, member in enumerate(cast):
        if member.look is not None:
            out.append(member)
            continue
        from_memory = _from_memories(member, memories)
        told = world_facts.colour_of(member, memories)  # "Miso is an orange cat": the body is orange
        if told in COLOURS:
            from_memory.main = rgb_hex(COLOURS[told])
        from_prompt = _Found()
        if member.role:  # the plan's role word, in English: both chefs get the chef's hat, whatever the language
            _read_role(member.role, from_prompt)
        _read_role(member.kind, from_prompt)  # a kind with a colour of its own: a seagull is white
        for start, end in mentions.get(index, []):
            _read_phrase(prompt, start, end, from_prompt, before=True)
            _read_role(prompt[start:end], from_prompt)
        for at, linked in _worn_later(prompt, mentions, index):
            _read_phrase(prompt, at, at, from_prompt, before=False, linked=linked)
        from_prompt.merge_under(from_memory)
        out.append(member.model_copy(update={"look": _sheet(member, from_memory, seed)}))
    return out


WEARING = re.compile(r"\b(?:(wearing|dressed in|sporting)|(?:puts?|putting|tries|try|trying)\s+on)\b", re.IGNORECASE)


def _worn_later(prompt: str, mentions: dict[int, list[tuple[int, int]]], index: int) -> list[tuple[int, bool]]:
    """'A bear rides a bicycle across the bridge wearing a yellow helmet', 'a penguin tries on a top hat': what
    is worn further on in a sentence is the nearest character's before it. Where its words start, and whether
    they follow a verb ('tries on') rather than an attaching word ('wearing')."""
    out = []
    for match in WEARING.finditer(prompt):
        sentence_start = max(prompt.rfind(mark, 0, match.start()) for mark in ".!?;")
        before = [(end, i) for i, spans in mentions.items() for _, end in spans if sentence_start < end <= match.start()]
        if before and max(before)[1] == index:
            out.append((match.start(), False) if match.group(1) else (match.end(), True))
    return out


def _sheet(member: CastMember, found: _Found, seed: int) -> CharacterLook:
    seeded = look_for(seed, member.name, member.kind)
    human = member.kind in HUMAN_KINDS
    base_main = seeded.clothes if human else seeded.main  # seeded.main already honours a colour in the name
    main = found.main or rgb_hex(base_main)
    accent = found.accent or rgb_hex(seeded.accent)
    if found.accent is None and found.main is not None and _close(main, accent):
        accent = rgb_hex(_contrast(seeded.accent))  # a red robot with a red scarf would hide the scarf
    second = rgb_hex(seeded.hair if human else seeded.clothes)
    third = rgb_hex(seeded.main if human else seeded.pants)
    # Only what a role, the prompt or a memory asked for: no seeded bow, cape or wand that nobody wanted.
    features = [f for f in found.features if f not in found.removed]
    for f in KIND_FEATURES.get(member.kind, ()):
        if f not in features and f not in found.removed:
            features.append(f)
    return CharacterLook(colours=[main, accent, second, third], features=features[:MAX_FEATURES])


# --- reading ------------------------------------------------------------------

def _mentions(prompt: str, cast: list[CastMember]) -> dict[int, list[tuple[int, int]]]:
    """Where the prompt points at each member: its name, and the kind word that introduces it."""
    found: dict[int, list[tuple[int, int]]] = {}
    named: set[int] = set()
    claimed: list[tuple[int, int]] = []
    for i, member in enumerate(cast):
        name = member.name.strip()
        if not name:
            continue
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", prompt):
            found.setdefault(i, []).append((m.start(), m.end()))
            claimed.append((m.start(), m.end()))
            named.add(i)
    used: dict[str, int] = {}
    for start, end, kind in lexicon.find_mentions("characters", prompt):
        if any(s <= start < e for s, e in claimed):
            continue
        same = [i for i, m in enumerate(cast) if m.kind == kind]
        if not same:
            continue
        # "Brown the dog" / "a dog named Brown": the kind word belongs to the named member nearest to it.
        near = [i for i in same if i in named and any(abs(s - start) < 40 for s, _ in found.get(i, []))]
        if near:
            target = near[0]
        else:
            unnamed = [i for i in same if i not in named] or same
            target = unnamed[min(used.get(kind, 0), len(unnamed) - 1)]
            used[kind] = used.get(kind, 0) + 1
        found.setdefault(target, []).append((start, end))
    return found


def _from_memories(member: CastMember, memories: list[str]) -> _Found:
    found = _Found()
    name = member.name.strip()
    if not name:
        return found
    pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?:'s)?(?![\w-])")
    for memory in memories:
        for sentence in _SENTENCE.split(memory):
            match = pattern.search(sentence)
            if match:
                _read_phrase(sentence, match.start(), match.end(), found, before=False, linked=True)
    return found


def _read_phrase(text: str, start: int, end: int, found: _Found, before: bool, linked: bool = False) -> None:
    """Colours and features in the noun phrase around one mention of a character."""
    if before:  # "a shiny red robot": adjectives right before the noun colour the character itself
        words = [w.lower() for w in _WORD.findall(text[max(0, start - 40):start])][-3:]
        for word in reversed(words):
            if word in COLOURS and found.main is None:
                found.main = rgb_hex(COLOURS[word])
                break
            if word not in LINKS and word not in COLOURS:
                break
    tokens = [w.lower() for w in _WORD.findall(text[end:end + 90])]
    # The phrase must attach to the character ("with a green hat", "in a red coat", "has blue paint");
    # "plays in the red barn" does not, and reading stops at the first word that is not an attribute.
    if not linked and not (tokens and tokens[0] in ATTACH):
        return
    negated = False
    i = 0
    while i < len(tokens) and i < 14:
        word = tokens[i]
        if word in ".;:!?()\"" or (word == "," and not linked):
            break
        if _starts_other_character(tokens, i):
            break
        if word in NEGATIONS:
            negated = True
        feature, width = _feature_at(tokens, i)
        if feature is not None:
            if negated:
                found.removed.add(feature)
            elif feature not in found.features:
                found.features.append(feature)
                colour = _colour_before(tokens, i)
                if colour and found.accent is None:
                    found.accent = colour
            i += width
            continue
        if word in COLOURS:
            nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
            if not negated and found.main is None and (nxt in BODY_WORDS or nxt in END_WORDS):
                found.main = rgb_hex(COLOURS[word])
        elif not (linked or word in LINKS or word in BODY_WORDS or word in NEGATIONS or word == ","):
            break
        i += 1


def _feature_at(tokens: list[str], i: int) -> tuple[str | None, int]:
    for width in (3, 2, 1):
        phrase = " ".join(tokens[i:i + width])
        if len(tokens[i:i + width]) == width and phrase in FEATURE_WORDS:
            return FEATURE_WORDS[phrase], width
    return None, 1


def _colour_before(tokens: list[str], i: int) -> str | None:
    for j in (i - 1, i - 2):
        if j >= 0 and tokens[j] in COLOURS:
            return rgb_hex(COLOURS[tokens[j]])
    return None


def _starts_other_character(tokens: list[str], i: int) -> bool:
    """'a fox with a hat meets a cat': stop reading at the next character."""
    return i > 0 and lexicon.find_first("characters", tokens[i]) is not None and tokens[i] not in FEATURE_WORDS


def _read_role(noun: str, found: _Found) -> None:
    last = noun.lower().split()[-1] if noun.split() else ""
    role = ROLES.get(noun.lower().rstrip("s")) or ROLES.get(noun.lower()) or ROLES.get(last)  # "lighthouse keeper"
    if role is None:
        return
    features, main, accent = role
    for f in features:
        if f not in found.features:
            found.features.append(f)
    found.main = found.main or main
    found.accent = found.accent or accent


def _close(a: str, b: str) -> bool:
    ca, cb = _rgb(a), _rgb(b)
    return sum(abs(x - y) for x, y in zip(ca, cb)) < 90


def _contrast(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return (250, 200, 40) if c[0] > 150 and c[1] < 120 else (225, 40, 50)


def _rgb(value: str) -> tuple[int, int, int]:
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


__all__ = ["decide_looks", "FEATURES"]
