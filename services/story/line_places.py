"""Which stock caption lines fit the comic's place.

An action's lines were written for where it usually happens: "High above the river, Luna dangles from a
creaking branch" under a town square, "Ash flops onto the grass" in a school gym. A line that names grass,
a bush or a river indoors, grass or fields on a street, a sofa or a rug outdoors, open water where there is
none or a sunbeam at night tells the reader of a place the picture does not show; another line is chosen while
one fits. Words the comic itself names (its place, its things) always fit.
"""

from __future__ import annotations

from functools import lru_cache

from services import vocabulary
from services.config import word_lists
from services.language import lexicon
from services.language.lemmas import tokens
from services.reading import ScenePlan

_WORDS = word_lists("story.line_places")


def fits_the_place(template: str, plan: ScenePlan) -> bool:
    """Does the line name no scenery the comic's place cannot have?"""
    said = _scenery(template, plan.language)
    if not said:
        return True
    own = _own_words(plan)
    indoor = lexicon.is_indoor(plan.setting) if plan.setting in lexicon.keys("settings") else False
    wrong = set(_listed("outdoor", plan.language)) if indoor else set(_listed("indoor", plan.language))
    if plan.setting not in _WORDS["water_settings"]:
        wrong |= set(_listed("water", plan.language))
    if _paved(plan.setting):  # "s'installe dans l'herbe" on a street of Paris
        wrong |= set(_listed("outdoor", plan.language)) - set(_listed("water", plan.language))
    if plan.time == "night":  # "a sunbeam creeps across the pillow" at midnight
        wrong |= set(_listed("daylight", plan.language))
    return not (said & wrong) - own


def _paved(setting: str) -> bool:
    """A street, a city (Paris is painted as a street, Tokyo as a city), a rooftop: no grass, no fields."""
    found = vocabulary.entry(setting)
    return setting in _WORDS["paved_settings"] or found is not None and found.kind in _WORDS["paved_settings"]


def _scenery(template: str, lang: str) -> frozenset[str]:
    every = {*_listed("outdoor", lang), *_listed("indoor", lang), *_listed("water", lang), *_listed("daylight", lang)}
    text = template.lower()
    return frozenset(w for w in every if " " in w and w in text) | frozenset(
        t.lower for t in tokens(template, lang) if t.lower in every)


@lru_cache(maxsize=32)
def _listed(kind: str, lang: str) -> tuple[str, ...]:
    return tuple(_WORDS[kind].get(lang, ()))


def _own_words(plan: ScenePlan) -> set[str]:
    """The comic's own words for its place and its things ('the river' of a story on a river)."""
    said = [plan.setting, plan.setting_phrase, *plan.place_words, *plan.landmarks,
            *(w for t in plan.things for w in (t.what, *t.words))]
    return {part.lower() for phrase in said for part in phrase.split()}
