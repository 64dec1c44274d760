"""Captions and titles: a narrator's line or a character's line per panel, in the prompt's language.

Templates live in `assets/story_shapes.json`, per language, per story shape and beat. Every
template names someone or something from the prompt (a name, the main thing), so the
lines of two comics differ as their prompts do; within a comic no template is used twice
and, where it can, the voice changes from one panel to the next (narrator, hero, friend).
A beat's lines fit any place and thing; lines under "beat@kind" join them only where the
plan is of that kind (`plan_kinds`): a summit on a mountain, a road on land, a held thing.
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache

from services.config import ASSETS_DIR, word_lists
from services.story.panel_scenes import HELD_IN_THE_SKY
from services.story.scene_plan import ScenePlan

FRIEND_SLOTS = re.compile(r"\{(?:Friend|friend|friend_noun)\}")
THING_SLOTS = re.compile(r"\{(?:thing|Thing|thing_noun)\}")
FALLBACK_BEATS = ("rise2", "calm", "climax", "low")
_WORDS = word_lists("story.captions")

# A place with a top to stand on: the setting, or the prompt's own word for the place ("a hill" is drawn as a
# mountain, "a tower" as a castle).
HIGH_SETTINGS: set[str] = set(_WORDS["high_settings"])
HIGH_WORDS = re.compile(
    r"(?:hills?|towers?|cliffs?|peaks?|summits?|roofs?|rooftops?|mountains?|volcano(?:e?s)?|skyscrapers?|lighthouses?|"
    r"montagnes?|collines?|tours?|falaises?|sommets?|volcans?|toits?|phares?|gratte-ciel|"
    r"berg|berge|bergen|hügel|türme|turm|klippen?|gipfel|vulkane?|dach|dächer|leuchtturm|gebirge|hochhaus|"
    r"montañas?|colinas?|torres?|acantilados?|cimas?|volcán|volcanes|tejados?|azoteas?|faros?|rascacielos)",
    re.IGNORECASE)
# Water one travels on; an English plan says "in the river", which fits only what swims in it.
WATER_SETTINGS: set[str] = set(_WORDS["water_settings"])
WATER_WORDS = re.compile(r"(?:rivers?|lakes?|seas?|oceans?|ponds?|canals?|streams?|bay|"
                         r"rivières?|fleuves?|lacs?|mer|océans?|étangs?|"
                         r"fluss|flüsse|see|meer|ozean|teich|kanal|bach|"
                         r"ríos?|lagos?|mar|océanos?|estanques?|arroyos?)", re.IGNORECASE)
ON_WATER: set[str] = set(_WORDS["on_water"])
SWIMMERS: set[str] = set(_WORDS["swimmers"])
# Open ground under the sky, where a road goes on and a path can end; indoors, in space and on water it cannot.
LAND_SETTINGS: set[str] = set(_WORDS["land_settings"])
# Under the open sky (on water too): a sky to watch, a bright day to be out in.
OPEN_AIR_SETTINGS = LAND_SETTINGS | (WATER_SETTINGS - {"underwater"}) | {"stadium"}
KINDS = {
    "high": "a top to stand on", "water": "on or by water", "land": "open ground, with roads and paths",
    "open_air": "under the sky", "bright": "out on a clear day", "day": "not at night", "night": "at night",
    "held": "the main thing is in a hand", "loose": "the main thing can get away", "sky_thing": "it is in the sky",
}


@lru_cache(maxsize=1)
def caption_templates() -> dict:
    return json.loads((ASSETS_DIR / "story_shapes.json").read_text(encoding="utf-8"))


def slot_values(plan: ScenePlan) -> dict[str, str]:
    hero = plan.cast[0]
    friend = plan.cast[1] if len(plan.cast) > 1 else None
    thing = plan.things[0] if plan.things else None
    english = plan.language == "en"
    thing_phrase = thing.phrase if thing else ""
    return {
        "Hero": hero.name, "hero": hero.label if english else hero.name,
        "Friend": friend.name if friend else "", "friend": (friend.label if english else friend.name) if friend else "",
        "friend_noun": (friend.noun or friend.kind) if friend else "",
        "thing": thing_phrase, "Thing": thing_phrase[:1].upper() + thing_phrase[1:],
        "thing_noun": thing.what if thing else "",
        "place": plan.setting_phrase, "in_place": in_place(plan),
    }


def in_place(plan: ScenePlan) -> str:
    """Where the story happens, for a caption: 'on the river' unless the hero swims in it."""
    hero = plan.cast[0]
    swims = hero.kind in SWIMMERS or plan.action == "swimming"
    if (plan.language == "en" and plan.setting in ON_WATER and not swims
            and plan.in_place == f"in {plan.setting_phrase}"):
        return f"on {plan.setting_phrase}"
    return plan.in_place


def plan_kinds(plan: ScenePlan) -> set[str]:
    """What kind of place and thing the plan has, for the lines that fit only some (`KINDS`)."""
    words = [plan.setting, *plan.place_words]
    kinds = set()
    if plan.setting in HIGH_SETTINGS or any(HIGH_WORDS.fullmatch(w) for w in words):
        kinds.add("high")
    water = plan.setting in WATER_SETTINGS or any(WATER_WORDS.fullmatch(w) for w in words)
    if water:
        kinds.add("water")
    if plan.setting in LAND_SETTINGS and not water:
        kinds.add("land")
    if plan.setting in OPEN_AIR_SETTINGS:
        kinds.add("open_air")
        if plan.time in ("day", "dawn") and plan.weather == "clear":
            kinds.add("bright")
    kinds.add("night" if plan.time == "night" else "day")
    thing = plan.things[0] if plan.things else None
    if thing is not None:
        if thing.where == "hand":
            kinds.add("held")
        if thing.where in ("hand", "water") or thing.what in HELD_IN_THE_SKY:
            kinds.add("loose")
        if thing.where == "sky":
            kinds.add("sky_thing")
    return kinds


def beat_lines(pools: dict[str, list[str]], beat: str, kinds: set[str]) -> list[str]:
    """A beat's lines for any place, and the ones for this plan's kinds of place and thing."""
    return [*pools.get(beat, []), *(t for kind in sorted(kinds) for t in pools.get(f"{beat}@{kind}", []))]


def usable(template: str, plan: ScenePlan) -> bool:
    if FRIEND_SLOTS.search(template) and len(plan.cast) < 2:
        return False
    return not (THING_SLOTS.search(template) and not plan.things)


def write_captions(plan: ScenePlan, beats: tuple[str, ...], rng: random.Random) -> list[str]:
    """One caption per beat, in the plan's language."""
    language = caption_templates()[plan.language]
    values = slot_values(plan)
    kinds = plan_kinds(plan)
    shape = language["shapes"].get(plan.shape, language["shapes"]["day_out"])
    used: list[str] = []
    lines: list[str] = []
    for beat in beats:
        pool = beat_lines(shape, beat, kinds) or beat_lines(language["extra"], beat, kinds)
        template = _pick([t for t in pool if usable(t, plan)], used, rng)
        if template is None:
            fallback = [t for b in (beat, *FALLBACK_BEATS) for t in beat_lines(language["extra"], b, kinds)
                        if usable(t, plan)]
            template = _pick(fallback, used, rng) or _pick(fallback, [], rng) or "{Hero}."
        used.append(template)
        lines.append(fill(template, values))
    return lines


def write_title(plan: ScenePlan, rng: random.Random) -> str:
    titles = [t for t in caption_templates()[plan.language]["titles"] if usable(t, plan)]
    return fill(rng.choice(titles), slot_values(plan))


def speaker(line: str) -> str:
    """Who says a line: a name before a colon, or the narrator."""
    match = re.match(r"^([^:!?.]{1,40}?)\s?:\s", line)
    return match.group(1) if match else "narrator"


def _pick(candidates: list[str], used: list[str], rng: random.Random) -> str | None:
    fresh = [t for t in candidates if t not in used]
    if not fresh:
        return None
    if used:
        other_voice = [t for t in fresh if _voice(t) != _voice(used[-1])]
        fresh = other_voice or fresh
    return rng.choice(fresh)


def _voice(template: str) -> str:
    return next((v for v in ("{Hero}", "{Friend}") if re.match(rf"^{re.escape(v)}\s?:", template)), "narrator")


def fill(template: str, values: dict[str, str]) -> str:
    """A template with the plan's slot values, spaces tidied, the first letter upper case."""
    text = template.format(**values)
    text = re.sub(r"\s{2,}", " ", text).replace(" ,", ",").replace(" .", ".").strip()
    return text[:1].upper() + text[1:]
