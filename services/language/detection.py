"""Which language a text is written in: English, French, German, Spanish, or another one.

`simplemma.langdetect` scores each language by the share of the text's words its dictionary
knows. When a text is not wholly known to one of the four, its neighbours (Italian, Portuguese,
Dutch) are asked too, and a text they know better is in another language: it gets English
captions with a notice. A bare word ("Zombies") is English. The neighbours' dictionaries are
only loaded for such texts (loading one takes about half a second).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from services.language.dictionaries import is_known, langdetect, lemmatizer
from services.language.grammar import grammar

Language = Literal["en", "fr", "de", "es"]
WRITTEN: tuple[Language, ...] = ("en", "fr", "de", "es")
NEIGHBOURS = ("it", "pt", "nl")
# Below this share of known words, the text is in none of the four (Italian scores about 0.2 as Spanish).
KNOWN_SHARE = 0.5
# Scores this close are a tie on a short text ('A girl and her dad look at the stars' scores 1.0 as German, 0.86
# as English), and twice as close when the other language's own small words are there ('a baby elefant drinks from
# the river': 1.0 and 0.83): the words each dictionary knows decide.
CLOSE = 0.15


@lru_cache(maxsize=4096)
def detect_language(text: str) -> str:
    """'en', 'fr', 'de', 'es', or 'other'."""
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return "en"
    if sum(1 for ch in letters if ch.isascii() or "\u00c0" <= ch <= "\u024f") < len(letters) / 2:
        return "other"  # another script
    scores = dict(langdetect(text, WRITTEN))
    top = max(scores.get(lang, 0.0) for lang in WRITTEN)
    near = {lang: _evidence(text, lang) for lang in WRITTEN if scores.get(lang, 0.0) >= top - 2 * CLOSE}
    tied = [lang for lang, evidence in near.items() if scores.get(lang, 0.0) >= top - CLOSE  # a little further,
            or evidence[0] >= 2]  # its own small words make a tie too
    best = max(tied, key=near.__getitem__) if len(tied) > 1 else tied[0]
    share = scores.get(best, 0.0)
    if share < 1.0 and len(text.split()) >= 3:
        elsewhere = max(score for lang, score in langdetect(text, NEIGHBOURS) if lang != "unk")
        if elsewhere > share:
            return "other"
    if share < KNOWN_SHARE:
        return "other" if share > 0 or not text.isascii() else "en"
    return best


def _evidence(text: str, lang: str) -> tuple[int, int, bool, int]:
    """For a tie on a short text ('Un chat mange les croquettes' is all known words in English too): how many
    of its words are the language's own small words (a dictionary knows 'et' as Spanish too, grammar.json
    does not), then how many its dictionary knows, English first among equals, then how many it knows as an
    inflected form ('dort' is French 'dormir')."""
    words = [w.lower() for w in re.findall(r"[^\W\d_]+(?:')?", text)]
    own = sum(w in _small_words(lang) for w in words)
    words = [w.rstrip("'") for w in words]
    known = sum(is_known(w, lang) for w in words)
    inflected = sum(lemmatizer().lemmatize(w, lang=lang).lower() != w for w in words)
    return own, known, lang == "en", inflected


@lru_cache(maxsize=4)
def _small_words(lang: str) -> frozenset[str]:
    g = grammar()[lang]
    return frozenset(w for key in ("determiners", "prepositions", "subject_pronouns", "conjunctions")
                     for w in g[key])


def caption_language(text: str) -> Language:
    """The language captions are written in: the text's, or English for any other."""
    found = detect_language(text)
    return next((language for language in WRITTEN if language == found), "en")
