"""The small grammatical words of each language, as data (`assets/grammar.json`): determiners, prepositions,
pronouns and their genders, connective helpers, the French h aspiré.

Every reader of a prompt or a caption looks them up here, so a word list lives in one file.
"""

from __future__ import annotations

import json
from functools import lru_cache

from services.config import ASSETS_DIR


@lru_cache(maxsize=1)
def grammar() -> dict[str, dict]:
    return json.loads((ASSETS_DIR / "grammar.json").read_text(encoding="utf-8"))
