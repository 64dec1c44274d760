"""The costliest prompt shape of issue 20 (hole 7): 2000 characters of distinct drawable nouns, shuffled.

Each noun is a pictogram the renderer must draw, and the shuffle (seeded) keeps one comic's glyphs from
being the next one's, so nothing is cached between runs. The benchmark and the cost attack both use it.
"""

from __future__ import annotations

import json
import random

from services.config import ASSETS_DIR

MAX_PROMPT = 2000


def drawable_nouns() -> list[str]:
    """The vocabulary's one-word props and cast members that a pictogram draws."""
    entries = json.loads((ASSETS_DIR / "vocabulary.json").read_text(encoding="utf-8"))["entries"]
    return sorted(noun for noun, entry in entries.items()
                  if entry.get("role") in ("prop", "cast") and entry.get("code") and noun.isalpha())


def worst_prompt(seed: int = 0, length: int = MAX_PROMPT) -> str:
    """As many distinct drawable nouns as fit in `length` characters, shortest first, in a seeded order."""
    nouns = sorted(drawable_nouns(), key=lambda n: (len(n), n))
    chosen: list[str] = []
    size = -2
    for noun in nouns:
        if size + 2 + len(noun) > length:
            break
        chosen.append(noun)
        size += 2 + len(noun)
    random.Random(seed).shuffle(chosen)
    return ", ".join(chosen)
