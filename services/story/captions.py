"""Captions and titles: a narrator's line or a character's line per panel, in the prompt's language.

Templates live in `assets/story_shapes.json`, per language, per story shape and beat. Every
template names someone or something from the prompt (a name, the main thing), so the
lines of two comics differ as their prompts do; within a comic no template is used twice
and, where it can, the voice changes from one panel to the next (narrator, hero, friend).
"""

from __future__ import annotations

import json
import random
import re
from functools import lru_cache

from services.config import ASSETS_DIR
from services.story.scene_plan import ScenePlan

FRIEND_SLOTS = re.compile(r"\{(?:Friend|friend|friend_noun)\}")
THING_SLOTS = re.compile(r"\{(?:thing|Thing|thing_noun)\}")
FALLBACK_BEATS = ("rise2", "calm", "climax", "low")


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
        "place": plan.setting_phrase, "in_place": plan.in_place,
    }


def usable(template: str, plan: ScenePlan) -> bool:
    if FRIEND_SLOTS.search(template) and len(plan.cast) < 2:
        return False
    return not (THING_SLOTS.search(template) and not plan.things)


def write_captions(plan: ScenePlan, beats: tuple[str, ...], rng: random.Random) -> list[str]:
    """One caption per beat, in the plan's language."""
    language = caption_templates()[plan.language]
    values = slot_values(plan)
    used: list[str] = []
    lines: list[str] = []
    for beat in beats:
        pool = language["shapes"].get(plan.shape, language["shapes"]["day_out"]).get(beat) or language["extra"][beat]
        template = _pick([t for t in pool if usable(t, plan)], used, rng)
        if template is None:
            fallback = [t for b in (beat, *FALLBACK_BEATS) for t in language["extra"].get(b, []) if usable(t, plan)]
            template = _pick(fallback, used, rng) or _pick(fallback, [], rng) or "{Hero}."
        used.append(template)
        lines.append(_fill(template, values))
    return lines


def write_title(plan: ScenePlan, rng: random.Random) -> str:
    titles = [t for t in caption_templates()[plan.language]["titles"] if usable(t, plan)]
    return _fill(rng.choice(titles), slot_values(plan))


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


def _fill(template: str, values: dict[str, str]) -> str:
    text = template.format(**values)
    text = re.sub(r"\s{2,}", " ", text).replace(" ,", ",").replace(" .", ".").strip()
    return text[:1].upper() + text[1:]
