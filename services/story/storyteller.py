"""The storyteller interface and the offline storyteller Bayko uses by default.

A storyteller writes a storyboard (a visual description and a subtitle per
panel) and revises it from Brown's feedback. The offline one needs no key and
no network: it reads the prompt's elements and walks a story arc (set-up,
development, turn, payoff) with templates from `assets/story_beats.json`,
choosing variants with the comic's seed.
"""

from __future__ import annotations

import random
import string
from abc import ABC, abstractmethod

from services.memory.condenser import CommentContext, CondensedMemory, condense
from services.memory.correction_classifier import is_correction
from services.review.simple_evaluator import DIALOGUE_MARKERS, INCOHERENCE_MARKERS
from services.schemas import Panel, PanelNote, Storyboard, StoryboardRequest, Verdict
from services.story import lexicon
from services.story.elements import (
    StoryElements,
    read_elements,
    seeded_random,
    story_assets,
)

DEFAULT_PROP = "a small bag"
WORDS_PER_PANEL_IN_REVISION = 40
FRIEND_BEATS = ("turn", "payoff", "reflection")  # a second character should meet the hero on these


class Storyteller(ABC):
    """Writes and revises storyboards. One instance may serve many comics: keep no per-comic state."""

    name: str = "storyteller"

    @abstractmethod
    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str]) -> Storyboard:
        """The first storyboard for a request."""

    @abstractmethod
    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str],
                     previous: Storyboard, verdict: Verdict) -> Storyboard:
        """A better storyboard, using Brown's verdict on the previous one."""

    @abstractmethod
    async def classify_comment(self, comment: str, context: CommentContext) -> bool:
        """Does a reader's comment correct the story world?"""

    @abstractmethod
    async def condense_memories(self, comment: str, context: CommentContext) -> list[CondensedMemory]:
        """The short, self-contained facts a correcting comment teaches."""


class OfflineStoryteller(Storyteller):
    """Deterministic, template-driven storytelling from the prompt's own elements."""

    name = "offline"

    async def plan(self, request: StoryboardRequest, seed: int, memories: list[str]) -> Storyboard:
        elements = read_elements(request.prompt, seed, memories)
        values = _template_values(elements)
        arc = story_assets()["arcs"][str(request.panels)]
        rng = seeded_random("plan", request.prompt, seed)
        panels = []
        used_subtitles: list[str] = []
        for index, beat in enumerate(arc):
            variant = _pick_variant(beat, rng, len(elements.cast) > 1, elements.mood, used_subtitles)
            subtitle = _sentence_case(variant["subtitle"].format(**values))
            used_subtitles.append(variant["subtitle"])
            description = _anchor(variant["description"].format(**values), values)
            panels.append(Panel(index=index, description=description, subtitle=subtitle))
        return Storyboard(title=elements.premise, setting=elements.setting, mood=elements.mood,
                          cast=[c.as_cast() for c in elements.cast], panels=panels)

    async def revise(self, request: StoryboardRequest, seed: int, memories: list[str],
                     previous: Storyboard, verdict: Verdict) -> Storyboard:
        # Only the panels Brown named change; without notes, every panel takes a share of the words.
        notes = verdict.panel_notes or [PanelNote(index=i, reason="", missing_words=verdict.missing_words[i::len(
            previous.panels)]) for i in range(len(previous.panels))]
        panels = [panel.model_copy() for panel in previous.panels]
        for note in notes:
            share = [w for w in note.missing_words if _drawable_word(w)][:WORDS_PER_PANEL_IN_REVISION]
            if share and 0 <= note.index < len(panels):
                panel = panels[note.index]
                # Space-separated and unpunctuated: the spec's evaluator counts whitespace-split words.
                panel.description = f"{panel.description} Also in the picture: {' '.join(share)}"
        return previous.model_copy(update={"panels": panels})

    async def classify_comment(self, comment: str, context: CommentContext) -> bool:
        return is_correction(comment)

    async def condense_memories(self, comment: str, context: CommentContext) -> list[CondensedMemory]:
        return condense(comment, context)


def _anchor(description: str, values: dict[str, str]) -> str:
    """Name the comic's place, time and weather in a panel that does not, so the artist keeps them."""
    place = values["in_place"] if lexicon.find_first("settings", description) is None else ""
    time = values["when"] if lexicon.find_first("times", description) is None else ""
    weather = values["weather"].lstrip(", ") if lexicon.find_first("weather", description) is None else ""
    clause = ", ".join(part for part in (" ".join(p for p in (place, time) if p), weather) if part)
    if not clause:
        return description
    shot, _, rest = description.partition(". ")
    return f"{shot}, {clause}. {rest}" if rest else f"{description} ({clause})"


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def _drawable_word(word: str) -> bool:
    markers = (*DIALOGUE_MARKERS, *INCOHERENCE_MARKERS)
    return bool(word.strip(string.punctuation)) and not any(m in word.lower() for m in markers)


def _pick_variant(beat: str, rng: random.Random, has_friend: bool, mood: str, used: list[str]) -> dict:
    """A variant for this beat: never a repeat; with the friend on the beats where they matter; in the story's
    mood; and, where it can, a different voice from the panel before (narrator, hero, friend)."""
    usable = [v for v in story_assets()["beats"][beat] if has_friend or not v.get("needs_friend")]
    usable = [v for v in usable if v["subtitle"] not in used] or usable
    if has_friend and beat in FRIEND_BEATS:
        usable = [v for v in usable if v.get("needs_friend")] or usable
    if used:
        usable = [v for v in usable if _voice(v["subtitle"]) != _voice(used[-1])] or usable
    in_mood = [v for v in usable if mood in v.get("moods", ())]
    general = [v for v in usable if not v.get("moods")]
    return rng.choice(in_mood or general or usable)


def _voice(subtitle_template: str) -> str:
    """Who speaks a subtitle: the hero, the friend, or the narrator."""
    return next((who for who in ("{Hero}:", "{Friend}:") if subtitle_template.startswith(who)), "narrator")


def _template_values(elements: StoryElements) -> dict[str, str]:
    assets = story_assets()
    hero = elements.cast[0]
    friend = elements.cast[1] if len(elements.cast) > 1 else None
    place, place_short, in_place = assets["places"][elements.setting]
    prop = assets["props"][elements.props[0]] if elements.props else DEFAULT_PROP
    action = elements.action or ("holding" if elements.props else "walking")
    return {
        "hero": hero.label,
        "Hero": hero.name,
        "friend": friend.label if friend else "",
        "Friend": friend.name if friend else "",
        "place": place,
        "Place": place[:1].upper() + place[1:],
        "place_short": place_short,
        "in_place": in_place,
        "In_place": in_place[:1].upper() + in_place[1:],
        "when": assets["times"][elements.time],
        "weather": assets["weather"][elements.weather],
        "premise": elements.premise,
        "act": assets["actions"][action].format(prop=prop),
        "prop": prop,
    }
