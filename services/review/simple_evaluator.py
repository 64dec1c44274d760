"""Brown's review rules, exactly as the specification orders them.

One evaluator per comic: it counts that comic's attempts, so it must never be
shared between users or comics.
"""

from __future__ import annotations

import logging
import string
from collections.abc import Sequence

from services.schemas import Decision, Verdict

logger = logging.getLogger(__name__)

DIALOGUE_MARKERS = ("speech bubble", "dialogue", "talking", "saying", "text in image", "speech", "conversation")
INCOHERENCE_MARKERS = ("unrelated", "random", "doesn't make sense", "no connection", "contradictory")
MATCH_THRESHOLD = 0.2


def words_of(text: str) -> list[str]:
    """Lower-cased whitespace-split words, with surrounding punctuation removed."""
    words = (word.strip(string.punctuation + "“”‘’«»„…") for word in text.lower().split())
    return [word for word in words if word]


class SimpleEvaluator:
    """Approve, reject or ask for a refinement of one attempt."""

    MAX_ATTEMPTS = 3

    def __init__(self) -> None:
        self.attempt_count = 0

    def evaluate(self, prompt: str, descriptions: Sequence[str]) -> Verdict:
        """Judge the next attempt's panel descriptions against the prompt."""
        self.attempt_count += 1
        verdict = self._judge(prompt, list(descriptions))
        logger.info("attempt %d: %s (%s)", self.attempt_count, verdict.decision.value, verdict.reason)
        return verdict

    def _judge(self, prompt: str, descriptions: list[str]) -> Verdict:
        ratio, missing = match_ratio(prompt, descriptions)
        if contains_dialogue(descriptions):
            return Verdict(decision=Decision.REJECT, final=True, match_ratio=ratio,
                           reason="Images contain dialogue text - use subtitles instead")
        incoherence = find_incoherence(descriptions)
        if incoherence:
            return Verdict(decision=Decision.REJECT, final=True, match_ratio=ratio, reason=incoherence)
        if self.attempt_count >= self.MAX_ATTEMPTS:
            return Verdict(decision=Decision.APPROVE, final=True, match_ratio=ratio,
                           reason=f"Maximum of {self.MAX_ATTEMPTS} attempts reached - approving the latest attempt")
        if ratio >= MATCH_THRESHOLD:
            return Verdict(decision=Decision.APPROVE, final=True, match_ratio=ratio,
                           reason=f"The panels cover {ratio:.0%} of the prompt's words - the story matches the request")
        return Verdict(decision=Decision.REFINE, final=False, match_ratio=ratio, missing_words=missing,
                       reason=f"Only {ratio:.0%} of the prompt's words appear in the panels (need {MATCH_THRESHOLD:.0%})")


def contains_dialogue(descriptions: Sequence[str]) -> bool:
    return any(marker in text.lower() for text in descriptions for marker in DIALOGUE_MARKERS)


def find_incoherence(descriptions: Sequence[str]) -> str | None:
    """The reason a story is incoherent, or None when it holds together."""
    if any(not text.strip() for text in descriptions):
        return "Incoherent story - a panel has no description"
    if len(descriptions) >= 2 and len({text.strip().lower() for text in descriptions}) == 1:
        return "Incoherent story - every panel has the same description"
    for text in descriptions:
        marker = next((m for m in INCOHERENCE_MARKERS if m in text.lower()), None)
        if marker:
            return f"Incoherent story - a description says '{marker}'"
    return None


def match_ratio(prompt: str, descriptions: Sequence[str]) -> tuple[float, list[str]]:
    """Share of the prompt's distinct words found in the descriptions, and the missing ones."""
    prompt_words = list(dict.fromkeys(words_of(prompt)))
    if not prompt_words:
        return 1.0, []
    described = set(words_of(" ".join(descriptions)))
    missing = [word for word in prompt_words if word not in described]
    return (len(prompt_words) - len(missing)) / len(prompt_words), missing
