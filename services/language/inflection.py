"""Filling a caption template in English, French, German or Spanish, agreeing as the language wants.

A template names its slots (`{actor}`, `{object:acc}`) and chooses a verb form by the actor's
number (`{eats|eat}`), or by another slot's when that one is the verb's subject (`{droops|droop@object}`:
"the flowers droop"). A slot's value is a `Phrase`: one text per grammatical case, because a
German article changes with it ("der Hund", "den Hund", "dem Hund"). After filling, French and
Spanish contract their articles ("à le phare" → "au phare", "de el barco" → "del barco").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from services.language.grammar import grammar

Case = str  # "nom" | "acc" | "dat"
GERMAN_ARTICLES: dict[str, dict[Case, str]] = {
    "der": {"nom": "der", "acc": "den", "dat": "dem"},
    "die": {"nom": "die", "acc": "die", "dat": "der"},
    "das": {"nom": "das", "acc": "das", "dat": "dem"},
    "plural": {"nom": "die", "acc": "die", "dat": "den"},
}
CONTRACTIONS: dict[str, list[tuple[str, str]]] = {
    "fr": [(r"\bà le\b", "au"), (r"\bà les\b", "aux"), (r"\bde le\b", "du"), (r"\bde les\b", "des"),
           (r"\bÀ le\b", "Au"), (r"\bÀ les\b", "Aux"), (r"\bDe le\b", "Du"), (r"\bDe les\b", "Des"),
           (r"\b([Dd])e (du|des|de la|de l')(?=\W)", r"\2"),  # "peur de du noir": "peur du noir"
           (r"\b([Qq])ue ([aeiouéèh])", r"\1u'\2"), (r"\b([Dd])e ([aeiouéèh])", r"\1'\2")],
    "es": [(r"\b([Aa]) el\b", r"\1l"), (r"\b([Dd])e el\b", r"\1el")],
    "de": [(r"\b([Vv])on dem\b", r"\1om"), (r"\b([Zz])u dem\b", r"\1um"), (r"\b([Zz])u der\b", r"\1ur"),
           (r"\b([Ii])n dem\b", r"\1m"), (r"\b([Aa])n dem\b", r"\1m"), (r"\b([Bb])ei dem\b", r"\1eim"),
           (r"\b([Ii])n das\b", r"\1ns")],
}
# A speaker's line ("Quex: the sandwich!") starts with a capital after the colon.
_SPEAKER = re.compile(r"^([^:]{1,40}:\s+[¿¡«\"]?)([a-zäöüàâéèêçñ])")
_CHOICE = re.compile(r"\{([^{}|:@]*)\|([^{}|:@]*)\}")
_AGREED = re.compile(r"\{([^{}|:@]*)\|([^{}|:@]*)@(\w+)\}")  # a verb agreeing with the slot it names
_SLOT = re.compile(r"\{(\w+)(?::(nom|acc|dat))?\}")


@dataclass(frozen=True)
class Phrase:
    """A noun phrase in each case ('der Hund', 'den Hund', 'dem Hund'); one text in the other languages."""

    nom: str
    acc: str = ""
    dat: str = ""
    plural: bool = False  # "the flowers": a verb whose subject it is takes its plural form
    animate: bool = False  # a character: in Spanish, done to with the personal 'a' ("encuentra a Quex")

    def case(self, case: Case) -> str:
        return {"acc": self.acc, "dat": self.dat}.get(case) or self.nom

    @classmethod
    def plain(cls, text: str, plural: bool = False) -> Phrase:
        return cls(text, text, text, plural)


def german_phrase(gender: str, noun: str, before: str = "", after: str = "") -> Phrase:
    """'der Hund' in three cases; `gender` is der, die, das or plural; `after` follows the noun ('Rex'). A weak
    noun takes its ending outside the nominative ('dem Jungen', 'den Bären')."""
    articles = GERMAN_ARTICLES.get(gender, GERMAN_ARTICLES["der"])
    weak = grammar()["de"]["weak_nouns"].get(noun.lower()) if gender == "der" else None
    def one(case: Case) -> str:
        said = noun[:1] + weak[1:] if weak and case != "nom" else noun
        return " ".join(w for w in (articles[case], before, said, after) if w)
    return Phrase(one("nom"), one("acc"), one("dat"), gender == "plural")


def fill(template: str, slots: dict[str, Phrase], plural: bool, language: str) -> str:
    """The template with its verb forms chosen, its slots filled, the language's contractions made,
    spaces tidied and the first letter upper case. A slot nobody filled raises KeyError."""
    text = _AGREED.sub(lambda m: m.group(2) if m.group(3) in slots and slots[m.group(3)].plural else m.group(1),
                       template)
    text = _CHOICE.sub(lambda m: m.group(2) if plural else m.group(1), text)
    def said(m: re.Match[str]) -> str:
        phrase = slots[m.group(1)].case(m.group(2) or "nom")
        starts = re.search(r"(?:^|[.!?]\s+)$", m.string[:m.start()]) is not None
        if language == "es" and slots[m.group(1)].animate and _after_a_verb(m.string[:m.start()]):
            phrase = f"a {phrase}"  # "¡He encontrado a Quex!", "persigue al ratón" (contracted below)
        return _capitalise(phrase) if starts else phrase  # "Pop, pop, pop! The seeds sprout"
    text = _SLOT.sub(said, text)
    for pattern, replacement in CONTRACTIONS.get(language, []):
        text = re.sub(pattern, replacement, text)
    text = re.sub(r"\s{2,}", " ", text).replace(" ,", ",").replace(" .", ".").strip()
    if language != "fr":
        text = re.sub(r"\s+([!?:;])", r"\1", text)
    text = _SPEAKER.sub(lambda m: m.group(1) + m.group(2).upper(), text)
    return _capitalise(text)


def _after_a_verb(before: str) -> bool:
    """Does a Spanish slot stand right after a verb (not a preposition, a conjunction, 'ser' or 'estar', a mark or
    the start)? Only there does a character it names take the personal 'a'."""
    last = re.search(r"([^\W\d_]+)\s+$", before)
    g = grammar()["es"]
    return last is not None and last.group(1).lower() not in {*g["prepositions"], *g["conjunctions"],
                                                              *g["before_a_subject"]}


def slots_of(template: str) -> set[str]:
    """The slot names a template uses."""
    return {m.group(1) for m in _SLOT.finditer(_CHOICE.sub("", _AGREED.sub("", template)))}


def _capitalise(text: str) -> str:
    """The first letter upper case, after any opening mark ('¿', '¡', '«')."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
    return text
