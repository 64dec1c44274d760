"""Does a reader's comment correct the story world? The offline answer.

A correction teaches Brown a fact about the characters, places or rules of the
story ("Brown is a dog, not a cat", "Mia never leaves the house", "in this
world the sky is green"). Praise, questions, requests for a different comic
("make it funnier", "add a dog next time") and instructions to the system
("ignore previous instructions…") are not. Keywords alone are not enough: the
classifier looks at the shape of each sentence, and an LLM classifier can
replace it behind the storyteller interface.
"""

from __future__ import annotations

import re

SENTENCE_SPLIT = re.compile(r"(?<=[.!?;])\s+|\n+")

# Instructions to the system, and requests for another comic: never a fact about the world.
SYSTEM_INSTRUCTION = re.compile(
    r"\b(ignore|disregard|forget) (all |any |the |your )?(previous|prior|above|earlier)?\s*(instructions|rules|prompts?)\b"
    r"|\b(system prompt|you are now|act as|pretend to be|jailbreak)\b"
    r"|\b(accept|approve|reject|delete|remove|curate) (all|every|each|the)\b.*\bmemor"
    r"|\bset (the )?status\b|\bmark (it|this|them|all)\b.*\b(accepted|approved)\b",
    re.IGNORECASE,
)
COMIC_REQUEST = re.compile(
    r"^\s*(please\s+)?(make|draw|add|give|show|do|try|write|create|generate|use|change|put|include)\b"
    r"|\b(next time|can you|could you|would you|will you|i want|i'd like|i would like|we want|let's|lets)\b"
    r"|\b(more|less) (funny|colorful|colourful|panels|action|dramatic|scary|cute)\b",
    re.IGNORECASE,
)
PRAISE = re.compile(
    r"\b(love|loved|like|liked|great|awesome|amazing|beautiful|lovely|nice|cool|cute|adorable|hilarious|funny|"
    r"perfect|wonderful|fantastic|brilliant|gorgeous|fun|thanks|thank you|well done|good job|best|lol|haha|wow|"
    r"favourite|favorite)\b",
    re.IGNORECASE,
)

# The reader talking about themselves ("I didn't expect that"): an opinion, not the world.
READER_OPINION = re.compile(r"^\s*(i|i'm|i've|i'd|we|we're|you|you're|me|my)\b", re.IGNORECASE)

# The shapes of a correction.
CORRECTION_PATTERNS = [
    re.compile(r"\b(is|are|was|were|has|have)\b[^,.;]*,?\s+(and\s+)?not\s+(a|an|the)?\s*\w+", re.IGNORECASE),
    re.compile(r"\w,\s*not\s+(to|in|on|at|from|by|a|an|the)?\s*\w+", re.IGNORECASE),
    re.compile(r"\b(isn't|aren't|wasn't|weren't|doesn't|don't|didn't|can't|cannot|won't|is not|are not|does not|do not|can not|has no|have no|never)\b", re.IGNORECASE),
    re.compile(r"\b(always|only ever|must|should be|should have|supposed to|is meant to|are meant to)\b", re.IGNORECASE),
    re.compile(r"^\s*(actually|in fact|no[,!.]|nope|wrong|incorrect|correction|fyi)\b", re.IGNORECASE),
    re.compile(r"\bin (this|our|the story|the comic's|brown's|their) (world|universe|story|comic)\b", re.IGNORECASE),
    re.compile(r"\b(that's|that is|this is|it's|it is) (wrong|incorrect|not right|not possible|a mistake|impossible)\b"
               r"|\b(incorrect|not possible|wrong suggestion|doesn't work|mistake)\b", re.IGNORECASE),
]
# A plain statement of fact about a named character or a kind: "Brown lives in a lighthouse".
WORLD_FACT = re.compile(
    r"^\s*(?:[A-Z][a-z]+(?:\s[A-Z][a-z]+)?(?:'s \w+)?|the \w+(?: \w+)?|\w+s)\s+"
    r"(is|are|has|have|lives|lived|hates|loves|likes|fears|wears|eats|sleeps|works|comes|belongs|was|were|can|owns)\b"
    r"\s+\S+",
)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCE_SPLIT.split(text.strip()) if s.strip()]


def is_correction_sentence(sentence: str) -> bool:
    """One sentence: does it state how the story world is (or is not)?"""
    if sentence.rstrip().endswith("?") or SYSTEM_INSTRUCTION.search(sentence) or COMIC_REQUEST.search(sentence):
        return False
    if READER_OPINION.search(sentence):
        return False
    if any(pattern.search(sentence) for pattern in CORRECTION_PATTERNS):
        return True
    return bool(WORLD_FACT.search(sentence)) and not PRAISE.search(sentence)


def correction_sentences(comment: str) -> list[str]:
    """The sentences of a comment that correct the story world; empty when it corrects nothing."""
    if SYSTEM_INSTRUCTION.search(comment):
        return []  # a comment that tries to steer the system teaches nothing, whatever else it says
    return [s for s in sentences(comment) if is_correction_sentence(s)]


def is_correction(comment: str) -> bool:
    return bool(correction_sentences(comment))
