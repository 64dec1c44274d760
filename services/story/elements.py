"""What a prompt is about: its characters, place, time, weather, mood and action.

The offline storyteller builds its story from these; they are read from the
prompt with the shared lexicon, and gaps are filled by seeded choices so the
same prompt and seed always give the same elements.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from dataclasses import dataclass
from functools import lru_cache

from services.config import ASSETS_DIR
from services.memory.claims import kind_claimed
from services.schemas import CastMember
from services.story import lexicon

MAX_CAST = 3
PREMISE_MAX_WORDS = 16
DEFAULT_NOUN = "hero"
PAIR_WORDS = ("two", "both", "pair", "couple")
PLACE_PREPOSITION = re.compile(r"\b(in|at|on|inside|into|to|across|through|under|near|around|over)\s+(?:(?:the|a|an|their|his|her|our|my)\s+)?(?:\w+\s+)?$", re.IGNORECASE)
NAME_WORD = r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?"
NOT_NAMES = {"A", "An", "The", "One", "Two", "Three", "Once", "In", "On", "At", "When", "Then", "Every", "Some", "This", "That", "My", "Our", "His", "Her", "Their", "Mars", "Moon"}

# What Bayko draws instead of a word the evaluator reads as dialogue or incoherence.
# The evaluator matches substrings, so a whole word containing a marker is replaced.
DRAWABLE_REPLACEMENTS = {
    "speech bubble": "gesture", "text in image": "picture", "doesn't make sense": "puzzles everyone",
    "no connection": "a gap", "conversation": "meeting", "dialogue": "gesture", "speech": "gesture",
    "talking": "face to face", "saying": "gesturing", "unrelated": "unexpected", "random": "surprising",
    "contradictory": "conflicting",
}
_FORBIDDEN_PATTERN = re.compile(
    "|".join(rf"[\w']*{re.escape(marker)}[\w']*" for marker in DRAWABLE_REPLACEMENTS), re.IGNORECASE
)


@lru_cache(maxsize=1)
def story_assets() -> dict:
    return json.loads((ASSETS_DIR / "story_beats.json").read_text(encoding="utf-8"))


def seeded_random(*parts: object) -> random.Random:
    """A generator seeded by a stable hash (Python's `hash()` differs per process)."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def seed_for_prompt(prompt: str) -> int:
    """The default seed: the same prompt gives the same comic."""
    return int.from_bytes(hashlib.sha256(prompt.encode("utf-8")).digest()[:4], "big")


def make_drawable(text: str) -> str:
    """Replace words that would put dialogue or incoherence into a picture's description."""
    def replace(match: re.Match[str]) -> str:
        found = match.group(0).lower()
        return next(new for marker, new in DRAWABLE_REPLACEMENTS.items() if marker in found)
    return _FORBIDDEN_PATTERN.sub(replace, text)


@dataclass
class Character:
    name: str
    kind: str
    noun: str
    named_in_prompt: bool
    from_memory: bool = False

    @property
    def label(self) -> str:
        """How a description introduces the character: 'Bolt the robot'."""
        if self.noun in (self.name.lower(), DEFAULT_NOUN):
            return self.name
        return f"{self.name} the {self.noun}"

    def as_cast(self) -> CastMember:
        return CastMember(name=self.name, kind=self.kind)


@dataclass
class StoryElements:
    cast: list[Character]
    setting: str
    time: str
    weather: str
    mood: str
    action: str | None
    props: list[str]
    premise: str


def read_elements(prompt: str, seed: int, memories: list[str] | None = None) -> StoryElements:
    """Read a prompt (and accepted domain memories) into story elements."""
    rng = seeded_random("elements", prompt, seed)
    context = " ".join([prompt, *(memories or [])])
    cast = _apply_known_kinds(_find_cast(prompt, rng, context), prompt, memories or [])
    setting = _place_of(prompt) or rng.choice(["park", "city", "forest", "beach", "mountains"])
    time = lexicon.find_first("times", prompt) or rng.choice(["day", "day", "sunset", "dawn"])
    weather = lexicon.find_first("weather", prompt) or "clear"
    mood = lexicon.find_first("moods", prompt) or "happy"
    action = lexicon.find_first("actions", prompt)
    props = lexicon.find_all("props", prompt)[:2]
    return StoryElements(cast=cast, setting=setting, time=time, weather=weather, mood=mood, action=action,
                         props=props, premise=_premise(prompt, cast))


def _find_cast(prompt: str, rng: random.Random, context: str) -> list[Character]:
    cast: list[Character] = []
    mentions = lexicon.find_mentions("characters", prompt)
    # "a detective cat": the first word only describes the second, so one character, a cat.
    heads = [m for m, following in zip(mentions, [*mentions[1:], None])
             if following is None or prompt[m[1]:following[0]] != " "]
    for start, end, kind in heads:
        noun = prompt[start:end].lower()
        name = _name_near(prompt, start, end) or _name_from_memories(context, noun)
        if any(c.kind == kind and (name is None or c.name == name) for c in cast):
            continue
        if name is None:
            name = _fresh_name(kind, rng, {c.name for c in cast})
        cast.append(Character(name=name, kind=kind, noun=_singular(noun), named_in_prompt=name in prompt))
        if _is_plural(prompt, start, noun) and len(cast) < MAX_CAST:
            second = _fresh_name(kind, rng, {c.name for c in cast})
            cast.append(Character(name=second, kind=kind, noun=_singular(noun), named_in_prompt=False))
        if len(cast) == MAX_CAST:
            break
    if not cast:
        cast.append(Character(name=_fresh_name("person", rng, set()), kind="person", noun=DEFAULT_NOUN, named_in_prompt=False))
    return cast


def _apply_known_kinds(cast: list[Character], prompt: str, memories: list[str]) -> list[Character]:
    """Accepted memories say who a named character is ('Brown is a dog, not a cat'): they win over the prompt."""
    for memory in memories:
        claim = kind_claimed(memory)
        if claim is None or not re.search(rf"\b{re.escape(claim.name)}\b", prompt):
            continue
        known = Character(name=claim.name, kind=claim.kind, noun=claim.noun, named_in_prompt=True, from_memory=True)
        others = [c for c in cast if c.name != claim.name and c.noun != DEFAULT_NOUN]
        before = [c for c in others if prompt.find(c.name) != -1 and prompt.find(c.name) < prompt.find(claim.name)]
        cast = [*before, known, *[c for c in others if c not in before]][:MAX_CAST]
    return cast


def _place_of(prompt: str) -> str | None:
    """The setting: one named after a place preposition ("in the kitchen") wins over a passing word ("tea")."""
    mentions = lexicon.find_mentions("settings", prompt)
    placed = [key for start, _, key in mentions if PLACE_PREPOSITION.search(prompt[:start])]
    return placed[0] if placed else (mentions[0][2] if mentions else None)


def _name_near(prompt: str, start: int, end: int) -> str | None:
    """A proper name attached to a character mention: 'Brown the dog', 'a cat named Mia'."""
    before, after = prompt[:start], prompt[end:]
    patterns = [
        (before, rf"({NAME_WORD}),?\s+(?:the|a|an)\s+(?:\w+\s+)?$"),
        (after, rf"^\s+(?:named|called)\s+({NAME_WORD})"),
        (after, rf"^,?\s+({NAME_WORD})\b"),
    ]
    for text, pattern in patterns:
        match = re.search(pattern, text)
        if match and match.group(1).split()[0] not in NOT_NAMES:
            return match.group(1)
    return None


def _name_from_memories(context: str, noun: str) -> str | None:
    match = re.search(rf"({NAME_WORD}) is (?:a|an|the) {re.escape(noun)}\b", context)
    return match.group(1) if match and match.group(1) not in NOT_NAMES else None


def _fresh_name(kind: str, rng: random.Random, taken: set[str]) -> str:
    names = [n for n in story_assets()["names"].get(kind, story_assets()["names"]["person"]) if n not in taken]
    return rng.choice(names)


def _is_plural(prompt: str, start: int, noun: str) -> bool:
    previous = prompt[:start].split()[-1:]
    return _singular(noun) != noun or (bool(previous) and previous[0].lower() in PAIR_WORDS)


def _singular(noun: str) -> str:
    irregular = {"children": "child", "kids": "kid", "foxes": "fox", "puppies": "puppy"}
    if noun in irregular:
        return irregular[noun]
    return noun[:-1] if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3 else noun


def _premise(prompt: str, cast: list[Character]) -> str:
    """The prompt's first sentence, short, with the characters named: 'Bolt the robot learns to paint'."""
    first = re.split(r"(?<=[.!?。！？])\s+|\n", prompt.strip())[0].strip().rstrip(".!?。！？")
    words = first.split()
    if len(words) > PREMISE_MAX_WORDS:
        first = " ".join(words[:PREMISE_MAX_WORDS]) + "…"
    for character in cast:
        if character.from_memory:
            first = _known_as(first, character)
        elif not character.named_in_prompt and character.noun != DEFAULT_NOUN:
            first = _name_in(first, character)
    return make_drawable(first[:1].upper() + first[1:])


def _known_as(text: str, character: Character) -> str:
    """'Brown the cat' or a bare 'Brown' becomes 'Brown the dog' when a memory says so."""
    pattern = rf"\b{re.escape(character.name)}\b(?:,?\s+(?:the|a|an)\s+\w+)?"
    return re.sub(pattern, character.label, text, count=1)


def _name_in(text: str, character: Character) -> str:
    """Replace the first 'a (adjective) noun' with 'Name the (adjective) noun'."""
    pattern = rf"\b(?:an?|the|one)\s+((?:\w+\s+)?){re.escape(character.noun)}\b"
    return re.sub(pattern, lambda m: f"{character.name} the {m.group(1)}{character.noun}", text, count=1,
                  flags=re.IGNORECASE)
