"""Words to index keys: accents folded, plurals undone by simplemma, in English, French, German and Spanish.

The vocabulary matches a prompt's nouns against names in the singular ("whales" → "whale",
"chevaux" → "cheval", "Hunde" → "hund", "ballenas" → "ballena").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from services.language.grammar import grammar
from services.language.lemmas import LANGUAGES, lemma

WORD = re.compile(r"[^\W\d_]+", re.UNICODE)

# Elided articles and one-letter words carry no noun; dropped from names and prompts alike.
MIN_WORD = 2

def fold(text: str) -> str:
    """Lower case without accents (ß becomes ss): the form every key is stored in."""
    text = text.lower().replace("ß", "ss").replace("’", "'")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text: str) -> list[tuple[int, int, str]]:
    """The words of a text with their spans (in the original text), folded; one-letter words skipped."""
    out = []
    for m in WORD.finditer(text):
        word = fold(m.group(0))
        if len(word) >= MIN_WORD:
            out.append((m.start(), m.end(), word))
    return out


def key(text: str) -> str:
    """The index key of a name or phrase: its folded words joined by one space."""
    return " ".join(w for _, _, w in words(text))


@lru_cache(maxsize=8192)
def candidates(word: str, lang: str) -> tuple[str, ...]:
    """The folded word and its dictionary form in `lang` (simplemma's), the word itself first. German nouns
    are looked up capitalised too ("hunde" is "Hund"). Every candidate is tried against the index, so a
    lemma that is not a noun simply finds nothing."""
    out = [fold(word)]
    if lang in LANGUAGES:
        base = lemma(word, lang)
        if lang == "en" and not _english_noun_form(fold(word), fold(base)):
            return tuple(out)  # "stuck" is no stick, "fell" no fall
        out.append(fold(base))
        if len(base) < len(word):  # a plural undone, then its noun: "hippos" → "hippo" → "hippopotamus"
            out.append(fold(lemma(base, lang)))
        if lang == "de":
            out.append(fold(lemma(word[:1].upper() + word[1:], lang)))
        elif lang in ("fr", "es") and word[-1:].lower() in ("s", "x") and len(word) > 5 \
                and word.lower() not in _small_words(lang):
            out.append(fold(lemma(word[:-1], lang)))  # "cerditos": simplemma knows only "cerdito"
        if lang == "es" and word.lower().endswith("es") and len(word) > 4 and word.lower() not in _small_words(lang):
            out.append(fold(word[:-2]))  # "flores": simplemma reads a verb (florar), the noun is "flor"
    out += _undiminished(out[-1], lang)
    return tuple(dict.fromkeys(c for c in out if len(c) >= MIN_WORD))


def _undiminished(word: str, lang: str) -> list[str]:
    """The noun a diminutive is made from: 'caballito' a caballo, 'ratoncito' a ratón, 'Kätzchen' a Katze."""
    if len(word) < 6:
        return []
    if lang == "es":
        for ending in ("cito", "cita", "ito", "ita", "illo", "illa"):
            if word.endswith(ending):
                stem = word[:-len(ending)]
                return [stem] if ending.startswith("c") else [stem + "o", stem + "a"]
    if lang == "de" and word.endswith("chen"):
        return [word[:-4], word[:-4] + "e"]  # Häschen: Hase, Vögelchen: Vogel (the umlaut folded away)
    return []


def _english_noun_form(word: str, base: str) -> bool:
    """Can the word be a form of the noun `base`: a plural (in -s, or irregular: mice), or a short form (hippo)?"""
    return word.endswith("s") or base.startswith(word) or word in _irregular_plurals()


@lru_cache(maxsize=4)
def _small_words(lang: str) -> frozenset[str]:
    g = grammar()[lang]
    return frozenset(w.lower() for key in ("prepositions", "determiners", "conjunctions", "negations") for w in g.get(key, ()))


@lru_cache(maxsize=1)
def _irregular_plurals() -> frozenset[str]:
    return frozenset(grammar()["en"]["irregular_plurals"])
