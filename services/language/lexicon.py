"""The shared vocabulary between the storyteller and the scene reader.

The storyteller writes panel descriptions in words the renderer understands, so
both sides read the same `assets/lexicon.json`. Matching is whole-word and
case-insensitive; the earliest match in the text wins ties.
"""

from __future__ import annotations

import json
import re
from functools import cache, lru_cache

from services.config import ASSETS_DIR

CATEGORIES = ("settings", "characters", "actions", "moods", "times", "weather", "shots", "props")


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, dict[str, dict]]:
    return json.loads((ASSETS_DIR / "lexicon.json").read_text(encoding="utf-8"))


@cache
def _patterns(category: str) -> list[tuple[str, re.Pattern[str]]]:
    entries = _lexicon()[category]
    patterns = []
    for key, entry in entries.items():
        words = sorted(entry["keywords"], key=len, reverse=True)
        alternation = "|".join(re.escape(word) for word in words)
        patterns.append((key, re.compile(rf"(?<![\w-])(?:{alternation})(?:s|es)?(?![\w-])", re.IGNORECASE)))
    return patterns


def keys(category: str) -> list[str]:
    """All entry names of a category, in file order."""
    return list(_lexicon()[category].keys())


def entry(category: str, key: str) -> dict:
    """The raw entry (keywords and any extra fields) of one name."""
    return _lexicon()[category][key]


def is_indoor(setting: str) -> bool:
    """Is this setting indoors (no sky, no weather seen)? An unknown setting is not."""
    return bool(_lexicon()["settings"].get(setting, {}).get("indoor", False))


def find_all(category: str, text: str) -> list[str]:
    """Entry names of `category` mentioned in `text`, ordered by first mention."""
    found: list[tuple[int, str]] = []
    for key, pattern in _patterns(category):
        match = pattern.search(text)
        if match:
            found.append((match.start(), key))
    return [key for _, key in sorted(found)]


def find_first(category: str, text: str, default: str | None = None) -> str | None:
    """The entry of `category` mentioned earliest in `text`, or `default`."""
    found = find_all(category, text)
    return found[0] if found else default


def find_mentions(category: str, text: str) -> list[tuple[int, int, str]]:
    """Every (start, end, key) mention of `category` in `text`, in text order; where two overlap
    ("little girl" and "girl"), only the longer counts."""
    mentions: list[tuple[int, int, str]] = []
    for key, pattern in _patterns(category):
        mentions.extend((m.start(), m.end(), key) for m in pattern.finditer(text))
    kept: list[tuple[int, int, str]] = []
    for start, end, key in sorted(mentions, key=lambda m: (m[0] - m[1], m[0])):  # longest first
        if all(end <= s or start >= e for s, e, _ in kept):
            kept.append((start, end, key))
    return sorted(kept)
