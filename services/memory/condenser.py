"""Turn a correcting comment into short, self-contained domain memories, read in the comic's context.

Each memory is one fact of at most 20 tokens, counted with the tokenizer
LlamaIndex uses (tiktoken cl100k_base, shipped with llama-index-core). The
condenser sees the comic's conversation (its prompt, cast, captions, the
comments before this one and the accepted memories), so "he", "she", "it" and
"the dog" become the names in the comic. A correction that names nothing
("That's wrong.") gives no memory: Brown asks what is wrong instead. A fact too
long for 20 tokens is split at its clauses, never cut mid-word or mid-clause;
what still does not fit is left out.
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

from services.memory.claims import kind_claimed
from services.memory.correction_classifier import correction_sentences
from services.memory.world_facts import about_the_weather, parse_place
from services.schemas import CastMember, ComicSession

MAX_MEMORY_TOKENS = 20
LLAMAINDEX_TOKENIZER_MODEL = "gpt-3.5-turbo"  # what llama_index.core.utils.get_tokenizer encodes for
MAX_MEMORIES_PER_COMMENT = 5
# Words that open a correction without being part of the fact. Each ends at a word boundary:
# "No" must not eat the first letters of "Notice".
LEAD_INS = re.compile(
    r"^\s*(?:no|nope|nah|nein|non|wrong|incorrect|actually|in fact|fyi|hmm+|um+|uh+|ugh|well|correction|notice|note|"
    r"also|and|but|plus|oh|btw|by the way|just so you know|for the record|psst|"
    r"(?:that|this|it)(?:'s| is| was) (?:wrong|incorrect|not right|not correct|not possible|a mistake)|"
    r"that's not possible|not possible|wrong colou?r|wrong animal|wrong name)\b\s*[,:;!.\-–—]*\s*",
    re.IGNORECASE,
)
# What is left of a sentence that says something is wrong without saying what.
VAGUE_WORDS = frozenset(["that", "this", "it", "its", "it's", "that's", "is", "was", "are", "be", "the", "a", "an", "not", "no", "nope", "wrong", "incorrect", "correct", "right", "suggestion", "mistake", "mistaken", "error", "false", "untrue", "bad", "nonsense", "totally", "completely", "all", "so", "very", "just", "quite", "really", "way", "off", "here", "there", "story", "comic", "picture", "panel", "drawing", "lol", "haha", "please", "again", "whole", "thing", "one"])
PRONOUNS = {"he": "male", "she": "female", "it": None, "they": None, "him": "male", "her": "female"}
POSSESSIVES = {"his": "male", "her": "female", "its": None, "their": None}
PRONOUN_START = re.compile(r"^(he|she|it|they|his|her|its|their)\b(?!')|^(he|she|it|they)(?='s\b|'re\b)",
                           re.IGNORECASE)
CLAUSE_PRONOUN = re.compile(r"(,|;|\band|\bbut)\s+(he|she|it|they)\b", re.IGNORECASE)
KIND_PHRASE = re.compile(r"\b(the|that|this) (\w+)\b", re.IGNORECASE)
NAMING = re.compile(r"\b(is|was) (called|named)\b|\bname is\b|\bname's\b|'s name\b", re.IGNORECASE)
CLAUSE_BREAK = re.compile(r",?\s+\b(?:and|but)\b\s+|;\s+|,\s+(?=(?:he|she|it|they)\b)", re.IGNORECASE)
NAME = re.compile(r"\b[A-Z][\w'-]*(?:\s[A-Z][\w'-]*)?")


class CommentContext(BaseModel):
    """What the comment is about: the comic's request, characters, captions, earlier comments, accepted facts."""

    prompt: str = ""
    cast: list[CastMember] = Field(default_factory=list)
    captions: list[str] = Field(default_factory=list)
    thread: list[str] = Field(default_factory=list, description="The comments before this one, oldest first.")
    accepted: list[str] = Field(default_factory=list, description="Accepted domain memories relevant to the comic.")

    def conversation(self) -> dict[str, str]:
        """The captions, earlier comments and accepted facts as text blocks (for an LLM's prompt)."""
        def block(lines: list[str]) -> str:
            return "\n".join(f"- {line}" for line in lines) or "(none)"
        return {"captions": block(self.captions), "thread": block(self.thread), "accepted": block(self.accepted)}


class CondensedMemory(BaseModel):
    text: str
    complete: bool = Field(description="Self-contained; otherwise the curator is told who it is about is unclear.")


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
    """One memory per correcting clause of the comment, at most five; none for a correction that names nothing."""
    memories: list[CondensedMemory] = []
    for sentence in correction_sentences(comment):
        for memory in _condense_sentence(sentence, context):
            if memory.text.lower() not in {m.text.lower() for m in memories}:
                memories.append(memory)
    return memories[:MAX_MEMORIES_PER_COMMENT]


def within_limit(memories: list[CondensedMemory]) -> list[CondensedMemory]:
    """Memories as the store takes them: a longer one (an LLM's draft) split at its clauses, what still
    does not fit left out."""
    out: list[CondensedMemory] = []
    for memory in (m.model_copy(update={"text": tidy_fact(m.text)}) for m in memories):
        if count_tokens(memory.text) <= MAX_MEMORY_TOKENS:
            out.append(memory)
            continue
        out += [m.model_copy(update={"text": clause}) for clause in _clauses(memory.text)
                for m in [memory] if count_tokens(clause) <= MAX_MEMORY_TOKENS]
    return out[:MAX_MEMORIES_PER_COMMENT]


def names_nothing(comment: str) -> bool:
    """A correction that says something is wrong but not what ("That's wrong.", "wrong suggestion")."""
    return bool(correction_sentences(comment)) and not any(
        not _is_vague(_strip_lead_ins(s)) for s in correction_sentences(comment))


def _strip_lead_ins(sentence: str) -> str:
    text = sentence.strip()
    while (stripped := LEAD_INS.sub("", text, count=1)) != text:
        text = stripped
    return text.strip(" ,;:-–—")


def _is_vague(text: str) -> bool:
    return all(word in VAGUE_WORDS for word in re.findall(r"[\w']+", text.lower()))


def _condense_sentence(sentence: str, context: CommentContext) -> list[CondensedMemory]:
    text = _strip_lead_ins(sentence)
    if _is_vague(text):
        return []  # only the commenter can say what they meant: Brown asks
    text, resolved = _resolve(text, context)
    text = _as_sentence(_name_once(text, context))
    if count_tokens(text) <= MAX_MEMORY_TOKENS:
        return [CondensedMemory(text=text, complete=resolved)]
    return [CondensedMemory(text=clause, complete=resolved) for clause in _clauses(text)
            if count_tokens(clause) <= MAX_MEMORY_TOKENS]


def _clauses(text: str) -> list[str]:
    """A long fact split at 'and', 'but' and ';', each clause naming the sentence's subject."""
    parts = [p for p in CLAUSE_BREAK.split(text.rstrip(".")) if p.strip()]
    subject = _subject(text)
    out = []
    for index, part in enumerate(parts):
        part = part.strip()
        if index and subject and re.match(r"^(is|was|has|had|never|always|can|lives|likes|loves|hates)\b", part):
            part = f"{subject} {part}"
        out.append(_as_sentence(part))
    return out


def _subject(text: str) -> str | None:
    match = re.match(r"^((?i:the) [\w' ]+?(?= (?:is|was|has|had|never|always|can|lives)\b)|[A-Z][\w'-]*"
                     r"(?:\s[A-Z][\w'-]*)?)", text)
    return match.group(1) if match else None


def _resolve(text: str, context: CommentContext) -> tuple[str, bool]:
    """Name who 'he', 'she', 'it' and 'the dog' are; False when the comic does not make it clear."""
    resolved = True
    if about_the_weather(text) or parse_place(text):
        return text, True  # "It rains a lot", "In Frostvale, it snows": that "it" is the weather, nobody in the comic
    match = PRONOUN_START.match(text)
    if match:
        word = (match.group(1) or match.group(2)).lower()
        name = _who(word, context)
        if name is None:
            resolved = False
        else:
            rest = re.sub(r"^'re\b", " are", re.sub(r"^'s\b", " is", text[match.end():]))
            possessive = (word in POSSESSIVES and word != "her") or _possessive_her(word, rest)
            text = (f"{name}'s" if possessive else name) + rest
    elif not NAMING.search(text):
        text = _name_kind_phrase(text, context)
    # "Brown is old, he never runs": a clause's pronoun points back at the sentence's subject.
    # "The cat is called Biscuit and she is orange": after a naming, the pronoun is the new name.
    named = re.search(r"\b(?:called|named|name is|name's)\s+([A-Z][\w'-]*)", text)
    subject = named.group(1) if named else _subject(text)
    if subject:
        subject = "the" + subject[3:] if subject.startswith("The ") else subject
        text = CLAUSE_PRONOUN.sub(lambda m: f"{m.group(1)} {subject}", text)
    return text, resolved


def _possessive_her(word: str, rest: str) -> bool:
    """'her hat is red' (possessive) against 'her' as an object (never at the start of a fact)."""
    return word == "her" and bool(re.match(r"^\s+\w", rest))


def _characters(context: CommentContext) -> list[tuple[str, str, str | None]]:
    """(name, kind, gender) of the comic's cast, and of named characters its accepted memories describe."""
    found: list[tuple[str, str, str | None]] = [(m.name, m.kind, m.gender) for m in context.cast if m.name.strip()]
    for memory in context.accepted:
        claim = kind_claimed(memory)
        if claim and claim.name.lower() not in {n.lower() for n, _, _ in found}:
            found.append((claim.name, claim.kind, None))
    return found


def _who(pronoun: str, context: CommentContext) -> str | None:
    """The one character a pronoun can mean: by gender, then the last one the conversation named."""
    people = _characters(context)
    gender = PRONOUNS.get(pronoun, POSSESSIVES.get(pronoun))
    if gender:
        people = [p for p in people if p[2] == gender] if any(p[2] == gender for p in people) else people
    if len(people) == 1:
        return people[0][0]
    names = [p[0] for p in people]
    for line in reversed([*context.thread, *context.captions]):
        mentioned = [n for n in names if re.search(rf"\b{re.escape(n)}\b", line)]
        if len(mentioned) == 1:
            return mentioned[0]
    return None


def _name_kind_phrase(text: str, context: CommentContext) -> str:
    """'The dog is old' -> 'Rex is old' when the comic has exactly one dog, named Rex. A phrase beside the name
    ('the robot Rusty', 'Rusty the robot', 'the robot called Rusty') says the name once: 'Rusty is silver',
    never 'Rusty Rusty is silver'."""
    match = KIND_PHRASE.search(text)
    if match is None:
        return text
    noun = match.group(2).lower()
    same = [name for name, kind, _ in _characters(context) if noun in (kind.lower(), kind.lower() + "s")
            or _role_of(context, name) == noun]
    if len(same) != 1:
        return text
    name = re.escape(same[0])
    before, after = text[:match.start()], text[match.end():]
    named_after = re.match(rf"\s*,?\s*(?:(?:who is |that is )?(?:called|named)\s+)?{name}\b", after)
    if named_after:
        return before + same[0] + re.sub(r"^\s*,", "", after[named_after.end():])
    named_before = re.search(rf"\b{name}\s*,?\s*$", before)
    if named_before:
        return before[:named_before.start()] + same[0] + re.sub(r"^\s*,", "", after)
    if re.search(rf"\b{name}\b", text):  # the comment names them itself; 'the robot' may be someone else
        return text
    return before + same[0] + after


def _role_of(context: CommentContext, name: str) -> str | None:
    return next((m.role.lower() for m in context.cast if m.name == name and m.role), None)


def _as_sentence(text: str) -> str:
    """One fact as one sentence, with one stop at the end ('not grey..' becomes 'not grey.')."""
    text = " ".join(text.split()).rstrip(" .!;:,…")
    return text[:1].upper() + text[1:] + ("" if text.endswith("?") else ".")  # never "silver?."


def _name_once(text: str, context: CommentContext) -> str:
    """'Rusty Rusty is silver' (a pronoun or a phrase named beside the name) says a comic's name once; a place
    such as 'Bora Bora' is no character of the comic, so it stays."""
    for name, _, _ in _characters(context):
        text = re.sub(rf"\b({re.escape(name)})(?:\s+\1\b)+", r"\1", text)
    return text


def tidy_fact(text: str) -> str:
    """A fact as it is stored, whoever wrote it (this condenser or a model): see `_as_sentence`."""
    return _as_sentence(text) if text.strip() else text


def ask_what_is_wrong(cast_names: list[str]) -> str:
    """Brown's answer to a correction that names nothing."""
    who = f" (for example {' or '.join(cast_names[:2])})" if cast_names else ""
    return (f"What is wrong? Tell me which character, place or thing{who} and how it really is, "
            "for example “Brown is a dog, not a cat.”")


def comment_context(session: ComicSession, comment_id: str, accepted: list[str]) -> CommentContext:
    """The conversation a comment belongs to: the comic's prompt, cast and final captions, the comments
    before it, and the accepted memories relevant to it."""
    attempt = session.final_attempt or (session.attempts[-1] if session.attempts else None)
    earlier = []
    for comment in session.comments:
        if comment.comment_id == comment_id:
            break
        earlier.append(comment.text)
    return CommentContext(prompt=session.request.prompt, cast=session.cast,
                          captions=[p.subtitle for p in attempt.panels] if attempt else [], thread=earlier,
                          accepted=accepted)
