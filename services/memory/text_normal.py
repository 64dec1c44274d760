"""Readers' text as it is meant to be read: one spelling per look, nothing invisible, no direction tricks.

A comment can hide a zero-width space inside a name, spell it with a Cyrillic "о" or turn the rest
of a line around with a right-to-left override. To a person each looks like the plain text; to a
comparison it is another word, so a contradiction of an accepted memory slipped past the flag, and
the override reached the curator's table.

- `clean_text`: what is stored and shown. Unicode NFKC (full-width letters, ligatures and the like
  become their plain form) with every control and format character taken out (zero-width spaces and
  joiners, bidi embeddings, overrides, isolates and marks, byte-order marks, soft hyphens); spaces stay.
- `comparable`: what memories are compared by (duplicates, contradictions, search): the clean text
  with Cyrillic and Greek look-alikes of Latin letters read as those letters (`assets/confusables.json`).
  It is never stored as the memory nor shown: a Russian memory keeps its own letters.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from services.config import asset_data

# Control (Cc), format (Cf: zero-width, bidi, BOM, soft hyphen) and lone surrogates (Cs, which SQLite cannot store).
INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs"})


def clean_text(text: str) -> str:
    """NFKC, without control or format characters (whitespace is kept as it is)."""
    kept = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch) not in INVISIBLE_CATEGORIES)
    return unicodedata.normalize("NFKC", kept)


@cache
def _look_alikes() -> dict[int, str]:
    letters: dict[str, str] = asset_data("confusables.json")["letters"]
    return {ord(other): latin for other, latin in letters.items()}


def comparable(text: str) -> str:
    """The clean text with look-alike letters read as the Latin letters they imitate (for comparing only)."""
    return clean_text(text).translate(_look_alikes())
