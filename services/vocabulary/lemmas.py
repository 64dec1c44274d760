"""Words to dictionary forms: accents folded, plurals undone, in English, French, German and Spanish.

Small on purpose: the vocabulary only needs to match a prompt's nouns against names in
the singular ("whales" → "whale", "chevaux" → "cheval", "Hunde" → "hund", "ballenas" → "ballena").
Every candidate is tried against the index, so a rule that overshoots simply finds nothing.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

WORD = re.compile(r"[^\W\d_]+", re.UNICODE)

# Elided articles and one-letter words carry no noun; dropped from names and prompts alike.
MIN_WORD = 2

ENGLISH_IRREGULAR = {"mice": "mouse", "geese": "goose", "children": "child", "men": "man", "women": "woman",
                     "people": "person", "teeth": "tooth", "feet": "foot", "oxen": "ox", "wolves": "wolf",
                     "leaves": "leaf", "knives": "knife", "wives": "wife", "lives": "life", "elves": "elf",
                     "dwarves": "dwarf", "thieves": "thief", "loaves": "loaf", "shelves": "shelf",
                     "cacti": "cactus", "fungi": "fungus", "dice": "die", "octopi": "octopus"}
UMLAUTS = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})


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
    """The folded word and its possible singulars in `lang`, most likely first (the word itself first)."""
    w = fold(word)
    out = [w]
    if lang == "en":
        out += _english(w)
    elif lang == "fr":
        out += _french(w)
    elif lang == "de":
        out += _german(w)
    elif lang == "es":
        out += _spanish(w)
    return tuple(dict.fromkeys(c for c in out if len(c) >= MIN_WORD))


def _english(w: str) -> list[str]:
    if w in ENGLISH_IRREGULAR:
        return [ENGLISH_IRREGULAR[w]]
    if len(w) <= 3 or w.endswith(("ss", "us", "is")):
        return []
    if w.endswith("ies"):
        return [w[:-3] + "y", w[:-1]]
    if w.endswith("ves"):
        return [w[:-3] + "f", w[:-3] + "fe"]
    if w.endswith(("ches", "shes", "xes", "sses", "zes", "oes", "uses")):  # "octopuses", "buses"
        return [w[:-2], w[:-1]]
    if w.endswith("s"):
        return [w[:-1]]
    return []


def _french(w: str) -> list[str]:
    if len(w) <= 3:
        return []
    if w.endswith("aux"):
        return [w[:-3] + "al", w[:-1]]
    if w.endswith(("eaux", "eux", "oux")):
        return [w[:-1]]
    if w.endswith(("s", "x")) and not w.endswith("ss"):
        return [w[:-1]]
    return []


def _german(w: str) -> list[str]:
    if len(w) <= 3:
        return []
    stems = []
    for suffix in ("innen", "en", "er", "n", "e", "s"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            stems.append(w[: -len(suffix)])
    if w.endswith("e"):
        stems.append(w + "n")  # the index may hold a weak noun's plural-looking singular ("Katze" is fine as is)
    # "Vögel" → "vogel", "Bäume" → "baum": the plural's umlaut is already folded away, so the stems cover it.
    return stems


def _spanish(w: str) -> list[str]:
    if len(w) <= 3:
        return []
    if w.endswith("ces"):
        return [w[:-3] + "z"]
    if w.endswith("es"):
        return [w[:-2], w[:-1]]
    if w.endswith("s"):
        return [w[:-1]]
    return []
