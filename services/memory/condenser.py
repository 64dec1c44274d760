"""Turn a correcting comment into short, self-contained domain memories.

Each memory is one fact of at most 20 tokens, counted with the tokenizer
LlamaIndex uses (tiktoken cl100k_base, shipped with llama-index-core). Pronouns
are resolved to the comic's characters ("he" → "Brown"). A fact that cannot be
made short and self-contained is kept whole and flagged for review; it is never
cut mid-sentence.
"""

from __future__ import annotations

import importlib.util
import os
import re
import sys
from collections.abc import Callable
from functools import lru_cache, partial
from pathlib import Path

from pydantic import BaseModel, Field

from services.memory.correction_classifier import correction_sentences
from services.schemas import CastMember

MAX_MEMORY_TOKENS = 20
LLAMAINDEX_TOKENIZER_MODEL = "gpt-3.5-turbo"  # what llama_index.core.utils.get_tokenizer encodes for
MAX_MEMORIES_PER_COMMENT = 5
LEAD_INS = re.compile(
    r"^\s*(no|nope|wrong|incorrect|actually|in fact|fyi|hmm|well|correction|also|and|but|plus|oh|btw|by the way|"
    r"that's wrong|that is wrong|that's not right|that is not possible|that's not possible|not possible)"
    r"\s*[,:;!.\-–—]*\s*",
    re.IGNORECASE,
)
PRONOUN_SUBJECT = re.compile(r"^(he|she|it|they)\b('s| is| are| was| has| never| always| can't| doesn't| isn't)?",
                             re.IGNORECASE)
CLAUSE_PRONOUN = re.compile(r"(,|;|\band|\bbut)\s+(?:he|she|it|they)\b", re.IGNORECASE)


class CommentContext(BaseModel):
    """What the comment is about: the comic's request and its characters."""

    prompt: str = ""
    cast: list[CastMember] = Field(default_factory=list)


class CondensedMemory(BaseModel):
    text: str
    complete: bool = Field(description="Short and self-contained; otherwise a curator must review it.")


@lru_cache(maxsize=1)
def _tokenizer() -> Callable[[str], list[int]]:
    """LlamaIndex's tokenizer: its own function when LlamaIndex is loaded, else the same encoding built directly.

    Importing LlamaIndex takes over a second; a process that only curates memories need not pay
    it. tests/test_memory_condenser.py checks both ways count alike.
    """
    if "llama_index.core" in sys.modules:
        from llama_index.core.utils import get_tokenizer

        return get_tokenizer()
    import tiktoken

    package = importlib.util.find_spec("llama_index.core")
    assert package is not None and package.submodule_search_locations, "llama-index-core is a requirement"
    cache = Path(list(package.submodule_search_locations)[0]) / "_static" / "tiktoken_cache"  # shipped with llama-index-core
    previous = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = previous or str(cache)
    try:
        encoding = tiktoken.encoding_for_model(LLAMAINDEX_TOKENIZER_MODEL)
    finally:
        if previous is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
    return partial(encoding.encode, allowed_special="all")


def count_tokens(text: str) -> int:
    return len(_tokenizer()(text))


def condense(comment: str, context: CommentContext) -> list[CondensedMemory]:
    """One memory per correcting sentence of the comment, at most five."""
    memories: list[CondensedMemory] = []
    for sentence in correction_sentences(comment)[:MAX_MEMORIES_PER_COMMENT]:
        memory = _condense_sentence(sentence, context)
        if memory and memory.text.lower() not in {m.text.lower() for m in memories}:
            memories.append(memory)
    return memories


def _condense_sentence(sentence: str, context: CommentContext) -> CondensedMemory | None:
    text = LEAD_INS.sub("", sentence.strip()).strip(" ,;:-–—")
    if not re.search(r"\w", text):
        # "That's wrong." says something is off but not what: only a person can tell what it meant.
        return CondensedMemory(text=sentence.strip(), complete=False)
    text, resolved = _resolve_pronouns(text, context)
    text = _as_sentence(text)
    complete = resolved and count_tokens(text) <= MAX_MEMORY_TOKENS
    return CondensedMemory(text=text, complete=complete)


def _resolve_pronouns(text: str, context: CommentContext) -> tuple[str, bool]:
    """Name who 'he', 'she' or 'it' is; False when the comic does not make it clear."""
    match = PRONOUN_SUBJECT.match(text)
    if match:
        if len(context.cast) != 1:
            return text, False
        text = context.cast[0].name + text[len(match.group(1)):]
    # "Brown is old, he never runs": a clause's pronoun points back at the sentence's subject.
    subject = re.match(r"^((?i:the) \w+|[A-Z][\w']*(?:\s[A-Z][\w']*)?)\b", text)
    if subject:
        name = subject.group(1)
        name = "the" + name[3:] if name.lower().startswith("the ") else name
        text = CLAUSE_PRONOUN.sub(lambda m: f"{m.group(1)} {name}", text)
    return text, True


def _as_sentence(text: str) -> str:
    text = " ".join(text.split()).rstrip(" .!;:,")
    return text[:1].upper() + text[1:] + "."
