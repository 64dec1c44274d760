"""The things a prompt names that a reader expects to see: creatures, objects, places, roles, weather.

Brown checks the panels' `drawn` lists against these; Bayko's scene plan draws them.
This first version reads only the storyteller's lexicon; the pictogram vocabulary replaces
its internals (same signature) so that thousands of nouns, in several languages, are found.
"""

from __future__ import annotations

from pydantic import BaseModel

from services.schemas import DrawnRole
from services.story import lexicon

CATEGORY_ROLES: dict[str, DrawnRole] = {"characters": "cast", "props": "prop", "settings": "setting",
                                        "weather": "weather"}


class Concept(BaseModel):
    """One thing the prompt names, as a plain English noun, and the words of the prompt that named it."""

    what: str
    role: DrawnRole
    words: list[str]


def prompt_concepts(prompt: str) -> list[Concept]:
    """The prompt's drawable concepts, in the order the prompt names them, each once."""
    found: list[tuple[int, Concept]] = []
    for category, role in CATEGORY_ROLES.items():
        for start, end, key in lexicon.find_mentions(category, prompt):
            if key in {"clear", "person"} or any(c.what == key for _, c in found):
                continue
            found.append((start, Concept(what=key, role=role, words=[prompt[start:end]])))
    return [concept for _, concept in sorted(found, key=lambda pair: pair[0])]
