"""English plurals for the studio's own sentences ('the children build the snowman'), checked against the dictionary.

No table of its own: the irregular plurals are the grammar's (`assets/grammar.json`, en.irregular_plurals) and a
regular form is kept only when simplemma leads it back to the noun, so 'mouse' never becomes 'mouses'.
"""

from __future__ import annotations

from functools import lru_cache

from services.language.dictionaries import is_known
from services.language.grammar import grammar
from services.language.lemmas import lemma

# Endings whose plural may turn f into v (wolves, knives, thieves); the dictionary keeps "chiefs", "roofs".
_F_TO_V = ("lf", "eaf", "oaf", "ife", "arf", "ief")
_SIBILANTS = ("s", "x", "z", "ch", "sh")
_VOWELS = "aeiou"


def english_plural(noun: str) -> str:
    """The plural of an English noun, its last word inflected ('teddy bears'). A word the dictionary knows whose
    every plural leads elsewhere is its own plural ('sheep', 'moose'); a word it does not know takes -s or -es."""
    head, space, last = noun.rpartition(" ")
    word = last.lower()
    if not word.isalpha():
        return noun
    plural = _irregular().get(word) or next((c for c in _regular(word) if _leads_back(c, word)), None)
    if plural is None:
        plural = word if is_known(word, "en") else word + ("es" if word.endswith(_SIBILANTS) else "s")
    return head + space + (plural.capitalize() if last[:1].isupper() else plural)


@lru_cache(maxsize=1)
def _irregular() -> dict[str, str]:
    """Each irregular plural of the grammar by its singular, as simplemma reads it: 'child' → 'children'."""
    plurals: dict[str, str] = {}
    for plural in grammar()["en"]["irregular_plurals"]:
        plurals.setdefault(lemma(plural, "en").lower(), plural)
    return plurals


def _regular(word: str) -> list[str]:
    """The plurals the spelling rules allow, the likeliest first."""
    if word.endswith(_SIBILANTS):
        return [word + "es"]
    if word.endswith("y") and word[-2:-1] not in _VOWELS:
        return [word[:-1] + "ies", word + "s"]
    if word.endswith("o"):
        return [word + "es", word + "s"]  # potatoes, heroes; photos, pianos
    if word.endswith(_F_TO_V):
        stem = word[:-2] if word.endswith("fe") else word[:-1]
        return [stem + "ves", word + "s"]
    return [word + "s"]


def _leads_back(candidate: str, word: str) -> bool:
    """Does the dictionary read `candidate` as a plural of `word`? simplemma reads 'leaves' and 'wives' as verbs
    ('leave', 'wive'), which is as good: it knows the form."""
    found = lemma(candidate, "en").lower()
    return found == word or (candidate.endswith("ves") and found == candidate[:-1] and found != word + "s")

