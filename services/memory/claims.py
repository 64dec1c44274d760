"""What a domain memory claims, so the store can spot duplicates and contradictions.

"Brown is a dog, not a cat" claims (brown, is, dog) and denies (brown, is, cat);
"Mia never swims" denies (mia, does, swims). Two memories contradict when one
claims what the other denies, or when they give the same subject two different
kinds or colours.
"""

from __future__ import annotations

import re
import string
from typing import NamedTuple

from services.language import lexicon
from services.memory.text_normal import comparable

COLOURS = frozenset(["red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "black", "white", "grey", "gray", "gold", "silver"])
ARTICLES = re.compile(r"^(a|an|the|one)\s+", re.IGNORECASE)
IS_CLAIM = re.compile(
    r"^(?P<subject>.+?)\s+(?P<verb>is|are|was|were)\s+(?P<negation>not\s+)?(?P<value>[^,;]+?)"
    r"(?:,?\s+(?:and\s+)?not\s+(?P<denied>[^,;]+?))?$", re.IGNORECASE)
NEGATED_IS = re.compile(r"^(?P<subject>.+?)\s+(?:isn't|aren't|wasn't|weren't)\s+(?P<value>[^,;]+?)$", re.IGNORECASE)
HABIT = re.compile(r"^(?P<subject>.+?)\s+(?P<adverb>never|always)\s+(?P<value>[^,;]+?)$", re.IGNORECASE)


class Claim(NamedTuple):
    subject: str
    relation: str
    value: str
    negated: bool


PUNCTUATION_TO_SPACE = {ord(c): " " for c in string.punctuation + "“”‘’…"}


def normalise(text: str) -> str:
    """Case, spaces, punctuation and look-alike letters folded, so the same memory written twice is one."""
    stripped = comparable(text).lower().translate(PUNCTUATION_TO_SPACE)
    return " ".join(stripped.split())


def _term(text: str) -> str:
    return ARTICLES.sub("", normalise(text)).strip()


def claims_of(memory: str) -> list[Claim]:
    """The facts a memory states or denies (only its first clause is read), look-alike letters read as Latin."""
    clause = re.split(r"[.;]|,\s*(?!\s*(?:and\s+)?not\b)", comparable(memory).strip(), maxsplit=1)[0].strip()
    if match := HABIT.match(clause):
        return [Claim(_term(match["subject"]), "does", _term(match["value"]), match["adverb"].lower() == "never")]
    if match := NEGATED_IS.match(clause):
        return [Claim(_term(match["subject"]), "is", _term(match["value"]), True)]
    if match := IS_CLAIM.match(clause):
        subject = _term(match["subject"])
        claims = [Claim(subject, "is", _term(match["value"]), bool(match["negation"]))]
        if match["denied"]:
            claims.append(Claim(subject, "is", _term(match["denied"]), True))
        return claims
    return []


def subject_of(memory: str) -> str | None:
    claims = claims_of(memory)
    return claims[0].subject if claims else None


def _category(value: str) -> str | None:
    """'dog' is a kind, 'red' a colour: two different ones of these cannot both be true."""
    if lexicon.find_first("characters", value):
        return "kind"
    if set(value.split()) & COLOURS:
        return "colour"
    return None


def _clash(a: Claim, b: Claim) -> bool:
    if a.subject != b.subject or a.relation != b.relation:
        return False
    if a.value == b.value:
        return a.negated != b.negated
    if a.negated or b.negated or a.relation != "is":
        return False
    kind = _category(a.value)
    return kind is not None and kind == _category(b.value)


def contradicts(new: str, old: str) -> bool:
    return any(_clash(a, b) for a in claims_of(new) for b in claims_of(old))


class KindClaim(NamedTuple):
    name: str
    kind: str
    noun: str


def kind_claimed(memory: str) -> KindClaim | None:
    """Who a named character is: 'Brown is an old dog' -> ('Brown', 'dog', 'dog')."""
    name = re.match(r"^\s*([A-Z][\w']*(?:\s[A-Z][\w']*)?)\s+(?:is|was)\b", memory)
    for claim in claims_of(memory):
        kind = lexicon.find_first("characters", claim.value)
        if name and kind and claim.relation == "is" and not claim.negated:
            return KindClaim(name.group(1), kind, claim.value.split()[-1])
    return None
