"""Turns a panel description back into a scene to draw.

The renderer only ever sees prose written by a storyteller (or a person), so
this module is the single place that decides what that prose means visually:
where we are, when, in what weather, through which lens, who is there, what
each of them is doing and holding, and how they feel. Everything it cannot find
is chosen from the comic's seed, so unreadable text still gives a calm panel.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, field

from services.language import lexicon
from services.schemas import CastMember

# A comic artist's default camera rhythm when the text does not name a shot.
SHOT_RHYTHM = ("wide", "medium", "close-up", "medium", "wide", "close-up", "medium", "wide")

# Settings whose keywords are also ordinary scenery words ("a forest under the
# moon" is a forest, not outer space): they only win when nothing else is named.
WEAK_SETTING_WORDS = {"moon", "stars", "tree", "trees", "work", "tea", "cake", "bed", "sea", "machine",
                      "ice", "field", "flowers", "class", "boat", "paint", "picture", "studio", "waves", "wave"}

# Props a hand can hold; the rest stand on the ground or float as a sign.
HANDHELD = ("umbrella", "brush", "book", "cup", "lantern", "sword", "telescope", "flower", "kite",
            "ball", "gift", "cake", "guitar", "heart", "star")

# "flies a kite" is holding a kite, not flying; rewritten before actions are read.
KITE_FLYING = re.compile(r"\bfl(?:y|ies|ying)\s+(?:a|an|the|his|her|their|my)?\s*(kite|balloon)", re.IGNORECASE)
# Kind words that are more often scenery than a character ("a strange machine", "martian dunes"):
# they point at a cast member of that kind but never invent an extra character.
AMBIGUOUS_KIND_WORDS = {"machine", "martian"}

CHASE_WORDS = re.compile(r"\b(chases?|chasing|runs? after|after)\b", re.IGNORECASE)


def stable_int(*parts: object) -> int:
    """A process-independent hash (Python's `hash()` is salted per process)."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Actor:
    """One character in the panel and what the text says about them."""

    name: str
    kind: str
    action: str = "standing"
    mood: str = "neutral"
    props: tuple[str, ...] = ()
    extra: bool = False  # mentioned in the text but not part of the cast


@dataclass(frozen=True)
class Scene:
    setting: str
    indoor: bool
    time: str
    weather: str
    shot: str
    mood: str
    action: str
    props: tuple[str, ...]
    actors: tuple[Actor, ...] = field(default_factory=tuple)
    interaction: str = "none"  # none | facing | hug | chase
    lexicon_free: bool = False


def _setting(text: str, rng: random.Random) -> str:
    mentions = lexicon.find_mentions("settings", text)
    strong = [key for start, end, key in mentions if text[start:end].lower() not in WEAK_SETTING_WORDS]
    if strong:
        return strong[0]
    if mentions:
        return mentions[0][2]
    return rng.choice(lexicon.keys("settings"))


def _shot(text: str, panel_index: int) -> str:
    return lexicon.find_first("shots", text) or SHOT_RHYTHM[panel_index % len(SHOT_RHYTHM)]


def _time(text: str, setting: str, rng: random.Random) -> str:
    found = lexicon.find_first("times", text)
    if found:
        return found
    if setting == "space":
        return "night"
    return rng.choice(("day", "day", "day", "sunset", "dawn"))


def _cast_mentions(text: str, cast: tuple[CastMember, ...]) -> list[tuple[int, int, CastMember]]:
    """Every place the text points at a character, cast first, then extras by kind."""
    hits: list[tuple[int, int, CastMember]] = []
    named_kinds: set[str] = set()
    for member in cast:
        if not member.name.strip():
            continue
        pattern = re.compile(rf"(?<![\w-]){re.escape(member.name.strip())}(?![\w-])", re.IGNORECASE)
        found = [(m.start(), m.end(), member) for m in pattern.finditer(text)]
        if found:
            named_kinds.add(member.kind)
            hits.extend(found)
    claimed = {(s, e) for s, e, _ in hits}
    for start, end, kind in lexicon.find_mentions("characters", text):
        if any(s <= start < e for s, e in claimed):
            continue  # "Robo" matched already; do not read it twice
        same_kind = [m for m in cast if m.kind == kind]
        if same_kind:
            if kind in named_kinds:
                # "Mia the cat": the kind word describes a named member; attach it to the nearest one.
                hits.append((start, end, _nearest_named(hits, start, kind) or same_kind[0]))
            else:
                hits.append((start, end, same_kind[0]))
        elif text[start:end].lower() not in AMBIGUOUS_KIND_WORDS:
            hits.append((start, end, CastMember(name=text[start:end].lower(), kind=kind)))
    return sorted(hits, key=lambda h: h[0])


def _nearest_named(hits: list[tuple[int, int, CastMember]], pos: int, kind: str) -> CastMember | None:
    best = None
    for start, _, member in hits:
        if member.kind == kind and (best is None or abs(start - pos) < abs(best[0] - pos)):
            best = (start, member)
    return best[1] if best else None


def _owner_at(pos: int, hits: list[tuple[int, int, CastMember]]) -> CastMember | None:
    """The character a word belongs to: the last one named before it (or the first after)."""
    before = [m for s, _, m in hits if s <= pos]
    if before:
        return before[-1]
    return hits[0][2] if hits else None


def read_scene(description: str, cast: tuple[CastMember, ...] = (), seed: int = 0, panel_index: int = 0) -> Scene:
    """Read one description into a `Scene`; deterministic for the same inputs."""
    text = description or ""
    setting_rng = random.Random(stable_int("setting", seed))  # same fallback place for the whole comic
    setting = _setting(text, setting_rng)
    indoor = lexicon.is_indoor(setting)
    time = _time(text, setting, setting_rng)
    weather = lexicon.find_first("weather", text, "clear") or "clear"
    shot = _shot(text, panel_index)
    mood = lexicon.find_first("moods", text, "neutral") or "neutral"
    action_text = KITE_FLYING.sub(lambda m: ("holds " + m.group(1)).ljust(len(m.group(0))), text)
    actions = lexicon.find_mentions("actions", action_text)
    props = tuple(dict.fromkeys(k for _, _, k in lexicon.find_mentions("props", text)))

    hits = _cast_mentions(text, cast)
    order: list[CastMember] = []
    for _, _, member in hits:
        if member not in order:
            order.append(member)
    lexicon_free = not any(lexicon.find_all(cat, text) for cat in lexicon.CATEGORIES if cat != "shots")
    if not order:
        if cast:
            order = [cast[0]]
        elif lexicon_free:
            order = [CastMember(name="someone", kind="person")]
    order = order[:3]  # more than three would be too small to read

    per_action: dict[str, str] = {}
    per_mood: dict[str, str] = {}
    per_props: dict[str, list[str]] = {}
    first_named = hits[0][0] if hits else len(text)
    # Verbs before anybody is named belong to the scenery ("snow falls", "waves crash").
    people_actions = [m for m in actions if m[0] >= first_named] if hits else actions
    action = people_actions[0][2] if people_actions else "standing"
    for start, _, key in people_actions:
        owner = _owner_at(start, hits)
        if owner is not None:
            per_action.setdefault(owner.name, key)
    cast_mood: str | None = None
    for start, _, key in lexicon.find_mentions("moods", text):
        if start < first_named:
            continue  # "a quiet forest": atmosphere, not anybody's face
        cast_mood = cast_mood or key
        owner = _owner_at(start, hits)
        if owner is not None:
            per_mood.setdefault(owner.name, key)
    for start, _, key in lexicon.find_mentions("props", text):
        owner = _owner_at(start, hits) or (order[0] if order else None)
        if owner is not None and key not in per_props.setdefault(owner.name, []):
            per_props[owner.name].append(key)

    cast_mood = cast_mood or mood
    interaction = "none"
    if len(order) >= 2:
        if action == "hugging" or "hugging" in per_action.values():
            interaction = "hug"
        elif "running" in per_action.values() and CHASE_WORDS.search(text):
            interaction = "chase"
        else:
            interaction = "facing"

    actors = []
    for i, member in enumerate(order):
        own_action = per_action.get(member.name)
        if own_action is None:
            # Shared verbs ("Mia and Brown hug") apply to everyone; otherwise stand and react.
            own_action = action if (i == 0 or interaction == "hug" or action in ("hugging", "jumping", "waving")) else "standing"
        if interaction == "hug":
            own_action = "hugging"
        if interaction == "chase" and own_action not in ("running", "flying"):
            own_action = "running"
        own_mood = cast_mood if interaction == "hug" else (per_mood.get(member.name) or cast_mood)
        actors.append(Actor(name=member.name, kind=member.kind, action=own_action, mood=own_mood,
                            props=tuple(per_props.get(member.name, ())),
                            extra=member not in cast))
    return Scene(setting=setting, indoor=indoor, time=time, weather=weather, shot=shot, mood=mood,
                 action=action, props=props, actors=tuple(actors), interaction=interaction,
                 lexicon_free=lexicon_free)
