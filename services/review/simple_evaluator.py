"""Brown's review rules exactly as the specification writes them: `SimpleEvaluator`.

The class takes Bayko's output as the spec's plain dict (`{"panels": [{"description": ...}, ...]}`)
and returns the spec's dict (`decision`, `reason`, `final`). Rule order, keyword lists,
tokenization (lower-case, whitespace split, punctuation kept) and reasons follow the spec
to the letter, so it decides as the spec's own class does on every input; the spec's
prints go to Python logging instead. Everything Brown checks beyond the spec lives in
`services/review/editor_checks.py` and never changes what this class decides.

One evaluator per comic: it counts that comic's attempts.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

logger = logging.getLogger(__name__)

DIALOGUE_MARKERS = ("speech bubble", "dialogue", "talking", "saying", "text in image", "speech", "conversation")
INCOHERENCE_MARKERS = ("unrelated", "random", "doesn't make sense", "no connection", "contradictory")
MATCH_THRESHOLD = 0.2

REASON_DIALOGUE = "Images contain dialogue text - use subtitles instead"
REASON_INCOHERENT = "Story panels don't follow logical sequence"
REASON_APPROVED = "Output matches prompt and quality is acceptable"
REASON_NEEDS_WORK = "Output needs improvement to better match prompt"


def reason_max_attempts(max_attempts: int) -> str:
    return f"Max attempts ({max_attempts}) reached - accepting current quality"


class SimpleEvaluator:
    """Approve, reject or refine one attempt of Bayko's, by the spec's four rules in the spec's order."""

    MAX_ATTEMPTS = 3  # the first attempt and two revisions

    def __init__(self) -> None:
        self.attempt_count = 0

    def evaluate(self, bayko_output: dict, original_prompt: str) -> dict:
        """The spec's decision on the next attempt: `{"decision", "reason", "final"}`."""
        self.attempt_count += 1
        logger.info("Brown evaluating attempt %d/%d", self.attempt_count, self.MAX_ATTEMPTS)
        if self._has_dialogue_in_images(bayko_output):
            return _decision("reject", REASON_DIALOGUE, final=True)
        if not self._is_story_coherent(bayko_output):
            return _decision("reject", REASON_INCOHERENT, final=True)
        if self.attempt_count >= self.MAX_ATTEMPTS:
            return _decision("approve", reason_max_attempts(self.MAX_ATTEMPTS), final=True)
        if self._matches_prompt_intent(bayko_output, original_prompt):
            return _decision("approve", REASON_APPROVED, final=True)
        return _decision("refine", REASON_NEEDS_WORK, final=False)

    def _has_dialogue_in_images(self, output: dict) -> bool:
        """Rule 1: a panel's description names dialogue (checked panel by panel)."""
        for description in _descriptions(output):
            text = description.lower()
            if any(marker in text for marker in DIALOGUE_MARKERS):
                logger.info("Found dialogue in image: %s", text)
                return True
        return False

    def _is_story_coherent(self, output: dict) -> bool:
        """Rule 2: every panel described, not all the same, no incoherence word in the joined text."""
        descriptions = _descriptions(output)
        if len(descriptions) < 2:
            return True  # the spec: a single panel is always coherent
        if any(not text.strip() for text in descriptions):
            logger.info("Some panels missing descriptions")
            return False
        if len(set(descriptions)) == 1:  # exact comparison, case and spaces included
            logger.info("All panels are identical - no story progression")
            return False
        # Joined with spaces, so a phrase may run across two panels ("no" | "connection").
        joined = " ".join(descriptions).lower()
        if any(marker in joined for marker in INCOHERENCE_MARKERS):
            logger.info("Story contains incoherent elements")
            return False
        return True

    def _matches_prompt_intent(self, output: dict, prompt: str) -> bool:
        """Rule 4: at least 20 % of the prompt's distinct words appear among the descriptions' words."""
        if not output.get("panels", []):
            return False
        ratio = prompt_match_ratio(output, prompt)
        logger.info("Prompt match ratio: %.2f", ratio)
        return ratio >= MATCH_THRESHOLD

    def reset(self) -> None:
        """Start counting attempts again (a new session)."""
        self.attempt_count = 0


def _decision(decision: str, reason: str, final: bool) -> dict:
    return {"decision": decision, "reason": reason, "final": final}


def _descriptions(output: Mapping[str, Any]) -> list[str]:
    return [panel.get("description", "") for panel in output.get("panels", [])]


def spec_words(text: str) -> set[str]:
    """The spec's words: lower-cased, split on whitespace, punctuation left attached ("mars." is not "mars")."""
    return set(text.lower().split())


def prompt_match_ratio(output: Mapping[str, Any], prompt: str) -> float:
    """The share of the prompt's distinct words found in the descriptions; 0 for a prompt without words."""
    prompt_words = spec_words(prompt)
    if not prompt_words:
        return 0.0
    described = spec_words(" ".join(_descriptions(output)))
    return len(prompt_words & described) / len(prompt_words)


def missing_prompt_words(output: Mapping[str, Any], prompt: str) -> list[str]:
    """The prompt's words (as the spec tokenizes them) that no description has, in prompt order."""
    described = spec_words(" ".join(_descriptions(output)))
    return [word for word in dict.fromkeys(prompt.lower().split()) if word not in described]


def as_spec_output(descriptions: Sequence[str]) -> dict:
    """Bayko's output in the spec's shape, from the panels' descriptions."""
    return {"panels": [{"description": text} for text in descriptions]}


def contains_dialogue(descriptions: Sequence[str]) -> bool:
    """Would the spec's rule 1 reject these descriptions?"""
    return SimpleEvaluator()._has_dialogue_in_images(as_spec_output(descriptions))


def find_incoherence(descriptions: Sequence[str]) -> str | None:
    """The spec's rule 2 reason when these descriptions fail it, else None."""
    return None if SimpleEvaluator()._is_story_coherent(as_spec_output(descriptions)) else REASON_INCOHERENT
