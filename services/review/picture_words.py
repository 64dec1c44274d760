"""Words that must not reach a picture: Bayko takes them out of a description himself, and says which.

The spec's Brown rejects a storyboard whose descriptions mention dialogue or incoherence
(`SimpleEvaluator` rules 1 and 2). Bayko, who draws, can instead take such words out of a
description before Brown reviews it, as long as he says so (in his memory and on the page).
This module finds them (with the spec's own keyword lists) and rewrites the description;
it reports every phrase it took out, so nothing is changed silently.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from services.review.simple_evaluator import DIALOGUE_MARKERS, INCOHERENCE_MARKERS

# A phrase that only exists to put words in a picture goes, with its article and "with".
_DROPPED = ("speech bubble", "text in image")
# Any other word holding a marker becomes a drawable word (the spec matches substrings: "soothsaying" holds "saying").
_DRAWABLE = {"talking": "gesturing", "saying": "gesturing", "speech": "gestures", "dialogue": "gestures",
             "conversation": "company", "unrelated": "unexpected", "random": "curious", "contradictory": "clashing",
             "doesn't make sense": "puzzles everyone", "no connection": "a gap"}
_DROP_PATTERN = re.compile(r"(?:\b(?:with|and|showing)\s+)?(?:\b(?:a|an|the|some)\s+)?[\w']*(?:"
                           + "|".join(re.escape(p) for p in _DROPPED) + r")[\w']*", re.IGNORECASE)
_WORD_PATTERN = re.compile(r"[\w']*(?:" + "|".join(re.escape(m) for m in sorted(_DRAWABLE, key=len, reverse=True))
                           + r")[\w']*", re.IGNORECASE)

assert set(_DROPPED) | set(_DRAWABLE) >= {*DIALOGUE_MARKERS, *INCOHERENCE_MARKERS}, "every spec keyword is handled"


class TidiedDescription(BaseModel):
    """A description with the unsayable words taken out, and what was taken out (as it was written)."""

    text: str
    removed: list[str]


def tidy_description(text: str) -> TidiedDescription:
    """Take the spec's dialogue and incoherence words out of one description."""
    removed: list[str] = []

    def drop(match: re.Match[str]) -> str:
        removed.append(_phrase_of(match.group(0)))
        return ""

    def swap(match: re.Match[str]) -> str:
        found = match.group(0)
        removed.append(found)
        return next(new for marker, new in _DRAWABLE.items() if marker in found.lower())

    tidied = _WORD_PATTERN.sub(swap, _DROP_PATTERN.sub(drop, text))
    tidied = re.sub(r"\s+([,.;:!?])", r"\1", re.sub(r"\s{2,}", " ", tidied))
    tidied = re.sub(r"[,;:]+([.!?])", r"\1", re.sub(r"([,;:])[,;:\s]+", r"\1 ", tidied)).strip().rstrip(",;:").strip()
    if not re.search(r"\w", tidied):
        tidied = "The scene, without words."
    return TidiedDescription(text=tidied, removed=list(dict.fromkeys(removed)))


def _phrase_of(match: str) -> str:
    """'speech bubble' out of 'with a speech bubble': what a reader recognizes as the thing taken out."""
    lowered = match.lower()
    for phrase in _DROPPED:
        at = lowered.find(phrase)
        if at >= 0:
            start = match.rfind(" ", 0, at) + 1
            end = match.find(" ", at + len(phrase))
            return match[start:end if end >= 0 else len(match)]
    return match
