"""How the prompt says a thing or the place is: 'a frozen lake', 'un vase cassé', 'ein riesiger Keks'.

The states painter (`services/art/procedural/states.py`) draws a frozen, broken, giant, tiny, melted or
burning thing and a frozen or flooded place; this reader finds those states in the adjective next to the
noun (before it in English and German, after it in French and Spanish, or after 'is' in any of them), so
"a frozen lake" is not painted as a summer pond. The adjectives are data (`assets/word_lists.json`,
"story.thing_states").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from services.config import word_lists
from services.language.grammar import grammar
from services.reading import PlannedThing

_WORDS = word_lists("story.thing_states")
THING_STATES: dict[str, dict[str, list[str]]] = _WORDS["thing"]
PLACE_STATES: dict[str, dict[str, list[str]]] = _WORDS["place"]
ENDING = 3  # letters an inflection may add to a stem: 'zugefroren' + 'en', 'helad' + 'os'
COPULAS = {"en": ("is", "was", "are", "were"), "fr": ("est", "était", "sont"), "de": ("ist", "war", "sind"),
           "es": ("está", "estaba", "es", "están")}
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


class Said(NamedTuple):
    state: str
    word: str  # the adjective as the prompt wrote it ('helado')


def state_of(prompt: str, nouns: Iterable[str], language: str, states: dict[str, dict[str, list[str]]]) -> Said | None:
    """The state an adjective next to one of the nouns names, and that adjective; else None."""
    words, stems = _words(prompt), _stems(prompt)
    # a noun of several words ('a broken music box') is found by its first word and ends after its last
    found_at = {(i, len(n.split())) for n in nouns if n for i in stems.get(n.lower().split()[0], ())}
    for i, length in sorted(found_at):
        before = words[max(0, i - 2):i] if language in ("en", "de") else []
        # "keeps burning the string": an adjective stands after the article, a verb before it
        before = before[max((k + 1 for k, w in enumerate(before) if w in _determiners(language)), default=0):]
        end = i + length - 1
        after = words[end + 1:end + 3]
        if after[:1] and after[0] in COPULAS.get(language, ()):
            after = words[end + 2:end + 4]  # "the vase is broken", "le lac est gelé"
        elif language in ("en", "de"):
            after = []
        for state, by_language in states.items():
            for stem in by_language.get(language, ()):
                found = _named(stem, before) or _named(stem, after[:2])
                if found:
                    return Said(state, found)
    return None


@lru_cache(maxsize=8)
def _determiners(language: str) -> frozenset[str]:
    return frozenset(grammar().get(language, {}).get("determiners", ()))


@lru_cache(maxsize=64)
def _words(prompt: str) -> list[str]:
    """The prompt's words, lower case (read once a prompt: every thing and the place look them up)."""
    return [m.group(0).lower() for m in _WORD.finditer(prompt)]


@lru_cache(maxsize=64)
def _stems(prompt: str) -> dict[str, list[int]]:
    """Where each noun the prompt may inflect is said: a word is found by itself and by each start of it that
    at most ENDING letters follow ('Kekse' by 'keks', 'cookies' by 'cookie'), so a long list of things each costs a lookup."""
    stems: dict[str, list[int]] = {}
    for i, word in enumerate(_words(prompt)):
        for size in range(max(1, len(word) - ENDING), len(word) + 1):
            stems.setdefault(word[:size], []).append(i)
    return stems


def _named(stem: str, words: list[str]) -> str | None:
    """The word (or the words' phrase) the stem ('helad', 'en feu') starts, else None."""
    if " " in stem:
        return stem if " ".join(words).startswith(stem) else None
    return next((w for w in words if w.startswith(stem) and len(w) <= len(stem) + ENDING), None)


def with_states(prompt: str, things: list[PlannedThing], language: str) -> list[PlannedThing]:
    """The things with the state the prompt gives each ('a broken vase'), where it gives one."""
    out = []
    for thing in things:
        said = state_of(prompt, thing.words, language, THING_STATES)
        if said and thing.contains and said.word in _WORD.findall(thing.phrase.lower()):
            said = None  # "una bandeja de helados": the ice creams it holds, not a frozen tray
        state = thing.state or (said.state if said else None)
        out.append(thing.model_copy(update={"state": state}) if state != thing.state else thing)
    return out


def place_state(prompt: str, place_words: list[str], language: str) -> Said | None:
    """'a frozen lake', 'la ville inondée': how the place the story happens in is, and the adjective."""
    return state_of(prompt, place_words, language, PLACE_STATES) if place_words else None


def not_the_adjective(things: list[PlannedThing], said: Said | None) -> list[PlannedThing]:
    """The things but one the state's adjective was read as ('el lago helado' is frozen, no ice cream)."""
    if said is None:
        return things
    return [t for t in things if said.word not in {w.lower() for w in t.words}]
