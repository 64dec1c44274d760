"""Things named together: a container and what is in it, a shop and what it sells.

"a cookie jar" is a jar of cookies, "a treasure chest" a chest of treasure, "a chest full of socks" a
chest with socks inside, "une boîte pleine de billes" a box of marbles: one thing to draw and to
name, holding the other, not two things side by side. "a flower shop" is the place the story happens
in, named as the prompt named it, with its flowers in it. The words that hold something are data
(`assets/grammar.json`: "holders", "full_of").
"""

from __future__ import annotations

import re
from functools import lru_cache

from services.language.grammar import grammar
from services.reading import PlannedThing

_ONE_WORD = re.compile(r"[^\W\d_]+")


def hold_together(prompt: str, things: list[PlannedThing], language: str) -> list[PlannedThing]:
    """The things with the ones inside others folded into their holder (`contains`), holder first."""
    g = grammar().get(language, grammar()["en"])
    holders = set(grammar()["en"]["holders"])  # by the thing's English noun, whatever the prompt's language
    out = list(things)
    for holder in list(out):
        inside = _full_of(prompt, holder, out, g) or _compound(prompt, holder, out, holders, language)
        if inside is None or inside is holder:
            continue
        phrase = _holder_phrase(prompt, holder, inside, language)
        out[out.index(holder)] = holder.model_copy(update={"contains": inside.what, "phrase": phrase or holder.phrase})
        if not _named_apart(prompt, inside, phrase):
            out.remove(inside)  # "steal cookies from the cookie jar": the cookies stay a thing of their own
    return out


def _named_apart(prompt: str, inside: PlannedThing, phrase: str) -> bool:
    """Is the held thing also named outside its holder's phrase?"""
    rest = prompt.replace(phrase.split(" ", 1)[-1], " ") if phrase else prompt
    return any(re.search(rf"\b{re.escape(w)}\b", rest, re.IGNORECASE) for w in inside.words)


def venue_of(prompt: str, things: list[PlannedThing], place_word: str, language: str) -> PlannedThing | None:
    """The thing a place is named by ('flower' in 'a flower shop'), which the shop is full of."""
    if not place_word or language != "en":
        return None
    for thing in things:
        for word in thing.words:
            if re.search(rf"\b{re.escape(word)}\s+{re.escape(place_word)}\b", prompt, re.IGNORECASE):
                return thing
    return None


def _full_of(prompt: str, holder: PlannedThing, things: list[PlannedThing], g: dict) -> PlannedThing | None:
    """'a chest full of socks', 'un coffre plein de chaussettes', 'eine Kiste voller Socken'."""
    full = tuple(g.get("full_of", ()))
    if not full:
        return None
    pairs = _full_pairs(prompt, full)
    for word in holder.words:
        said = pairs.get(word.lower()) if _ONE_WORD.fullmatch(word) else _full_after(prompt, word, full)
        if said:
            found = _named_first(said, [t for t in things if t is not holder])
            if found is not None:
                return found
    return None


def _named_first(text: str, things: list[PlannedThing]) -> PlannedThing | None:
    """The thing `text` opens with ('ice creams and…'), else the one after a first word ('old socks on…')."""
    for gap in ("", r"[^\W\d_]+\s+"):
        for thing in things:
            if any(re.match(rf"{gap}{re.escape(w)}\b", text, re.IGNORECASE) for w in thing.words):
                return thing
    return None


_WHAT_IT_HOLDS = r"\s+((?:[^\W\d_]+\s*){1,3})"  # the words after 'full of': what, or an adjective and what


@lru_cache(maxsize=64)
def _full_pairs(prompt: str, full: tuple[str, ...]) -> dict[str, str]:
    """Each word a 'full of' follows, and the words after it, which name what it is full of ('chest' → 'socks
    on the'): found in one pass over the prompt, as every thing of a long prompt asks (the lookahead lets pairs
    overlap)."""
    pattern = re.compile(rf"(?=\b([^\W\d_]+)\s+(?:{_either(full)}){_WHAT_IT_HOLDS})", re.IGNORECASE)
    pairs: dict[str, str] = {}
    for match in pattern.finditer(prompt):
        pairs.setdefault(match.group(1).lower(), match.group(2))
    return pairs


def _full_after(prompt: str, word: str, full: tuple[str, ...]) -> str:
    """What a holder of more than one word ('ice box') may be full of, if the prompt says."""
    match = re.search(rf"\b{re.escape(word)}\s+(?:{_either(full)}){_WHAT_IT_HOLDS}", prompt, re.IGNORECASE)
    return match.group(1) if match else ""


def _either(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in words)


def _compound(prompt: str, holder: PlannedThing, things: list[PlannedThing], holders: set[str],
              language: str) -> PlannedThing | None:
    """'a cookie jar', 'a treasure chest': in English the noun before a holder is what it holds; in German
    the noun right after it, an adjective between or not ('eine Flasche Limonade', 'ein Glas kalte Milch')."""
    if language not in ("en", "de") or not ({holder.what, *(w.lower() for w in holder.words)} & holders):
        return None
    for word in holder.words:
        if language == "en":
            match = re.search(rf"\b([^\W\d_]+)[\s-]+{re.escape(word)}\b", prompt, re.IGNORECASE)
        else:
            match = re.search(rf"\b{re.escape(word)}\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?", prompt)
        said = [w for w in (match.groups() if match else ()) if w]
        if language == "de" and said and not _german_adjective(said[0]):
            said = said[:1]  # the noun right after, or an adjective and its noun: not 'die Vase vom Regal'
        for name in said:
            inside = next((t for t in things if t is not holder and any(w.lower() == name.lower() for w in t.words)),
                          None)
            if inside is not None:
                return inside
    return None


def _german_adjective(word: str) -> bool:
    """'kalte', 'heißen': a lower-case word with an adjective's ending (not 'vom', 'und')."""
    return word[:1].islower() and len(word) >= 4 and word.endswith(("e", "en", "er", "es", "em"))


def _holder_phrase(prompt: str, holder: PlannedThing, inside: PlannedThing, language: str) -> str:
    """The holder as the prompt named it with what it holds: 'the cookie jar', 'the chest full of socks'."""
    for word in holder.words:
        for said in inside.words:
            # "cookie jar"; "jar of honey", "Glas Honig", "chest full of old socks": up to three words between
            for pattern in (rf"{re.escape(said)}[\s-]+{re.escape(word)}",
                            rf"{re.escape(word)}\s+(?:\w+\s+){{0,3}}{re.escape(said)}"):
                match = re.search(rf"\b{pattern}\b", prompt, re.IGNORECASE)
                if match and len(match.group(0).split()) <= 5:
                    article = holder.phrase.split(" ", 1)[0] if " " in holder.phrase else ""
                    if holder.phrase.startswith("l'"):
                        return f"l'{match.group(0)}"
                    return f"{article or 'the'} {match.group(0)}" if language == "en" else f"{article} {match.group(0)}".strip()
    return ""
