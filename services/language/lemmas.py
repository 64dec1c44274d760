"""A text's words with their spans and dictionary forms, through `simplemma`.

French elisions are split off their word ("l'alien" is "l'" and "alien", "s'endort" is "s'"
and "endort"), and an English possessive "'s" off its owner, so every word can be looked up.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import lru_cache

from services.language.dictionaries import is_known, lemmatizer

LANGUAGES = ("en", "fr", "de", "es")
_TOKEN = re.compile(r"(?:[lLdDsSnNjJmMtTcC]|[qQ]u|[jJ]usqu|[lL]orsqu|[pP]uisqu)['’](?=[^\W\d_])"
                    r"|[^\W\d_]+(?:-[^\W\d_]+)*|['’]s\b|\d+", re.UNICODE)


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str
    lower: str
    lemma: str


def tokens(text: str, lang: str) -> list[Token]:
    """Every word (and elided article, and number) of `text`, in order, with its lemma in `lang`."""
    out = []
    for match in _TOKEN.finditer(text):
        word = match.group(0)
        lower = word.lower().replace("’", "'")
        out.append(Token(match.start(), match.end(), word, lower, lemma(word if lang == "de" else lower, lang)))
    return out


@lru_cache(maxsize=65536)
def lemma(word: str, lang: str) -> str:
    """The dictionary form of one word, lower case ('caught' → 'catch', 'mangent' → 'manger'). German keeps
    the word's capital while it is looked up: 'Maus' is a mouse, 'maus' would be the verb 'mausen'."""
    lower = word.lower().replace("’", "'")
    if lang not in LANGUAGES or not lower[:1].isalpha() or lower.endswith("'"):
        return lower
    return lemmatizer().lemmatize(word.replace("’", "'") if lang == "de" else lower, lang=lang).lower()


def known(word: str, lang: str) -> bool:
    """Is the word in the language's dictionary at all ('Wasser' in German; 'Bello' in none)?"""
    return lang in LANGUAGES and is_known(word, lang)


def phrase_lemmas(phrase: str, lang: str) -> tuple[str, ...]:
    """A phrase's words as lemmas; '…' (or '...') stays as the gap marker. Short words stay as written: the
    Spanish 'se' and 'lo' share a lemma, and 'se lleva' (takes) is not 'lo lleva' (carries it)."""
    out: list[str] = []
    for part in phrase.replace("...", " … ").split():
        if part == "…":
            out.append("…")
            continue
        out += [t.lower if len(t.lower) <= 3 else t.lemma for t in tokens(part, lang)]
    return tuple(out)


def warm_up() -> threading.Thread:
    """Open the four languages' dictionaries in the background (built once per machine, a few seconds, the
    first time), so the first comic a server makes does not wait for them."""
    def load() -> None:
        for language in LANGUAGES:
            lemma("warm", language)
    thread = threading.Thread(target=load, name="lemmas-warm-up", daemon=True)
    thread.start()
    return thread
