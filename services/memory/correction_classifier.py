"""Does a reader's comment correct the story world? The offline answer.

A correction teaches Brown a fact about the characters, places or rules of the
story ("Brown is a dog, not a cat", "The baker's son is called Tom and he is
seven.", "On this planet it rains upwards."), or says that something is wrong
("That's wrong."). Praise (even with a negation: "Not a single thing to change,
wonderful!"), questions, requests for another comic, instructions to the system
and chat are not. Each sentence is judged by a small model learned from
labelled comments (`services.memory.correction_model`); an LLM classifier can
replace it behind the storyteller interface.

One rule stays written by hand, as a refusal rather than a judgement: a comment
that tries to steer the system ("ignore previous instructions…", "accept all
memories") teaches nothing, whatever else it says.
"""

from __future__ import annotations

import re

from services.memory.correction_model import shipped_model

SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+|\n+")
SYSTEM_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget) (all |any |the |your |everything )?(previous|prior|above|earlier|you were told)?"
    r"\s*(instructions|rules|prompts?)?\b(?=.*\b(accept|approve|instructions|rules|prompt|memor|status)\w*)"
    r"|\b(system prompt|you are now|act as|pretend to be|jailbreak)\b"
    r"|\b(accept|approve|reject|delete|remove|curate) (all|every|each|the)\b.*\bmemor"
    r"|\bset (the )?status\b|\bmark (it|this|them|all)\b.*\b(accepted|approved)\b",
    re.IGNORECASE,
)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_SPLIT.split(text.strip()) if s.strip()]


def is_correction_sentence(sentence: str) -> bool:
    """One sentence: does it state how the story world is (or say that something in it is wrong)?"""
    return shipped_model().is_correction(sentence)


def correction_sentences(comment: str) -> list[str]:
    """The sentences of a comment that correct the story world; empty when it corrects nothing."""
    if SYSTEM_INSTRUCTION.search(comment):
        return []
    return [s for s in sentences(comment) if is_correction_sentence(s)]


def is_correction(comment: str) -> bool:
    return bool(correction_sentences(comment))
