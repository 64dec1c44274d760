"""Small readers shared by the storytellers: seeded choices, proper names, plurals.

The scene plan (`scene_plan.py`) reads the prompt with these.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from functools import lru_cache

from services import vocabulary
from services.config import ASSETS_DIR, word_lists
from services.language import detection
from services.language.grammar import grammar
from services.language.lemmas import known, lemma
from services.story.language import NOUN_GENDER, function_words

_WORDS = word_lists("story.elements")
PAIR_WORDS: tuple[str, ...] = tuple(_WORDS["pair_words"])
PLACE_PREPOSITION = re.compile(r"\b(in|at|on|inside|into|to|across|through|under|near|around|over|dans|sur|sous|au|aux|"
                               r"à|im|ins|auf|am|unter|durch|en|dentro de|sobre|bajo|al)\s+(?:(?:the|a|an|their|his|her|our|my|"
                               r"le|la|les|un|une|du|des|son|sa|ses|dem|der|den|die|das|einem|einer|ein|eine|el|los|"
                               r"las|una|del|su)\s+)?(?:\w+\s+)?$", re.IGNORECASE)
NAME_WORD = r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+(?:\s[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)?"  # "Léa", "Zoé"
NOT_NAMES: set[str] = set(_WORDS["not_names"])
HOLIDAY_BEFORE = re.compile(r"\b(?:" + "|".join(map(re.escape, _WORDS["holidays"])) + r")\s+$")
# The articles of an apposition after a name, "Léa la girafe", "Toby el perro", "Max der Hamster" (English has its own)
_APPOSITION_ARTICLES: dict[str, list[str]] = _WORDS.get("apposition_articles", {})
_NAMING = "|".join(re.escape(w) for w in sorted(_WORDS.get("naming_words", ["named", "called"]), key=len, reverse=True))

@lru_cache(maxsize=1)
def story_assets() -> dict:
    return json.loads((ASSETS_DIR / "story_beats.json").read_text(encoding="utf-8"))


def seeded_random(*parts: object) -> random.Random:
    """A generator seeded by a stable hash (Python's `hash()` differs per process)."""
    digest = hashlib.sha256("\x1f".join(map(str, parts)).encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def _first_names() -> dict[str, str]:
    """Each first name of assets/first_names.json with its gender ('' when the lists give it both)."""
    data = json.loads((ASSETS_DIR / "first_names.json").read_text(encoding="utf-8"))
    genders: dict[str, set[str]] = {}
    for language, lists in data.items():
        if language.startswith("_"):
            continue
        for gender, names in lists.items():
            for name in names:
                genders.setdefault(name, set()).add(gender)
    return {name: next(iter(given)) if len(given) == 1 else "" for name, given in genders.items()}


FIRST_NAMES = _first_names()  # "dem kleinen Max": a name even where German capitalises every noun
_LOWER_NAMES = {name.lower(): name for name in FIRST_NAMES}


def names_capitalised(prompt: str) -> str:
    """'pablo juega a la pelota y rompe la ventana': a prompt typed all in lower case, its first names
    capitalised as they were meant; a word the prompt's language inflects stays a word ('leo', I read)."""
    if any(ch.isupper() for ch in prompt):
        return prompt
    language = detection.detect_language(prompt)
    language = language if language in grammar() else "en"

    def meant(match: re.Match[str]) -> str:
        word = match.group(0)
        name = _LOWER_NAMES.get(word)
        if name is None or lemma(word, language) != word or word in function_words(language) \
                or vocabulary.lookup(word, language) is not None or vocabulary.is_stop(word):
            return word
        return name

    return re.sub(r"[^\W\d_]+", meant, prompt)


def seed_for_prompt(prompt: str) -> int:
    """The default seed: the same prompt gives the same comic."""
    return int.from_bytes(hashlib.sha256(prompt.encode("utf-8")).digest()[:4], "big")


def name_near(prompt: str, start: int, end: int) -> str | None:
    """A proper name attached to a character mention: 'Brown the dog', 'a cat named Mia'."""
    before, after = prompt[:start], prompt[end:]
    language = detection.detect_language(prompt)
    articles = "|".join(re.escape(a) for a in _APPOSITION_ARTICLES.get(language, ()))
    patterns = [
        (before, rf"({NAME_WORD}),?\s+(?:the|a|an)\s+(?:\w+\s+)?$"),
        (before, rf"(?<![\w'-])({NAME_WORD}),?\s+(?:{articles})\s*(?:\w+\s+)?$" if articles else r"(?!x)x"),
        (after, rf"^,?\s+(?:{_NAMING})\s+({NAME_WORD})"),
        (after, rf"^,?\s+({NAME_WORD})(?![\w-])"),
    ]
    for text, pattern in patterns:
        match = re.search(pattern, text)
        if match is None:
            continue
        name = match.group(1)
        if text is before and _names_a_place(name, language):
            continue  # "in the Scottish Highlands, a shepherd": where the shepherd is, not who
        if pattern is patterns[1][1] and not _a_first_name(name, language):
            continue  # "Soudain le chien", "Heute füttert Papa die Katze": a word of the sentence, no name
        if text is after and " " in name and _german_noun(name.split()[1], prompt):
            name = name.split()[0]  # "spielt Opa Karl Trompete": Karl plays the trumpet
        titled = prompt[start:end] in grammar().get("de", {}).get("titles", {})  # "Frau Weber": a name after all
        if not _never_a_name(name.split()[0], prompt) and not (text is after and _german_noun(name, prompt, titled)):
            return name
    return None


def _names_a_place(name: str, language: str) -> bool:
    """'Scottish Highlands', 'Misty Mountains', 'Sevilla': a name whose words say a place the vocabulary knows."""
    return any((entry := vocabulary.lookup(said, language)) is not None and entry.role == "setting"
               for said in (name, name.split()[-1]))


def _a_first_name(word: str, language: str) -> bool:
    """'Léa la girafe', 'Opa Karl der Bär': before an apposition only a word known as a first name, or one no
    dictionary of the language knows, is a name."""
    return word in FIRST_NAMES or not known(word.lower(), language) and vocabulary.lookup(word, language) is None


def _never_a_name(word: str, prompt: str) -> bool:
    """'Before the dog sleeps', 'When the cat…': a small word that opens a sentence is no one's name."""
    language = detection.detect_language(prompt)
    return word in NOT_NAMES or word.lower() in function_words("en") | function_words(language)


def _german_noun(word: str, prompt: str, titled: bool = False) -> bool:
    """'die Bäuerin Tomaten': German capitalises every noun, so a German noun after a mention is no name (but 'der
    Hund Rex' has one: Rex is no German word, whatever English makes of it)."""
    if detection.detect_language(prompt) != "de":
        return False
    if word in FIRST_NAMES and vocabulary.lookup(word, "de") is None:
        return False  # "Oma Hilde", "Opa Karl": a first name, though a German dictionary lists it
    if vocabulary.is_stop(word) or not titled and known(word, "de") and not known(word, "en"):
        return True  # "dem Hund Wasser": water, a word of German alone, not the dog's name (Rex is English too)
    return vocabulary.lookup(word, "de") is not None and vocabulary.lookup(word, "en") is None


def name_from_memories(context: str, noun: str) -> str | None:
    match = re.search(rf"({NAME_WORD}) is (?:a|an|the) {re.escape(noun)}\b", context)
    return match.group(1) if match and match.group(1) not in NOT_NAMES else None


def is_plural(prompt: str, start: int, noun: str, language: str = "en") -> bool:
    """'whales', 'chevaux', 'two chefs': the word is not its own dictionary form, or a pair word comes before it."""
    previous = prompt[:start].split()[-1:]
    base = lemma(noun, language)
    # "hippo" is simplemma's short form of "hippopotamus", no plural
    # a French or Spanish plural ends in -s or -x: "anciana" is the feminine of "anciano", one person
    inflected = base != noun.lower() and not base.startswith(noun.lower()) \
        and (language not in ("fr", "es") or noun.lower().endswith(("s", "x")))
    g = grammar().get(language, grammar()["en"])
    if previous and previous[0].lower() in g["singular_articles"]:
        return False  # "einen Bären": one bear, though the form looks plural
    two_before = [w.lower() for w in prompt[:start].split()[-2:-1]]
    if language == "de" and previous and previous[0].lower() in ("den", "dem", "des") \
            and noun.lower() in g["weak_nouns"].values() and not (previous[0].lower() == "den" and two_before
                                                                  and two_before[0] in g["dative_prepositions"]):
        return False  # "füttert den Bären", "mit dem Jungen": a weak noun's ending, one bear ("mit den Hasen": two)
    if language == "de" and previous and previous[0].lower() == "die" \
            and NOUN_GENDER["de"].get(noun.lower()) in ("der", "das"):
        return True  # "die Schüler", "die Maler": no feminine noun, so several, though the form is the same
    counted = language in ("fr", "es") and base == noun.lower() and noun.lower().endswith(("s", "x")) \
        and bool(previous) and previous[0].lower() in g["numbers"]  # "tres cerditos": a word simplemma lacks
    return inflected or counted or (bool(previous) and previous[0].lower() in PAIR_WORDS) \
        or _of_a_group(prompt[:start], language)


def _of_a_group(before: str, language: str) -> bool:
    """'une bande de souris', 'a flock of sheep': a noun after a group word is several, whatever its form."""
    words = re.findall(r"[^\W\d_]+'?", before.lower())[-2:]
    g = grammar().get(language, grammar()["en"])
    return len(words) == 2 and words[1] in (*g["of"], "of") and words[0] in g["numbers"]


MADE_OF: dict[str, list[str]] = _WORDS["made_of"]


def made_thing(prompt: str, start: int, end: int) -> bool:
    """Is the creature word at start:end a made thing ('a wooden duck', 'un cheval en bois', 'ein Holzpferd', 'un
    dinosaurio de juguete'): a small thing to hold or carve, no character?"""
    language = detection.detect_language(prompt)
    said = "|".join(re.escape(w) for w in MADE_OF.get(language, ()))
    if not said:
        return False
    if language == "de":  # "Holzpferd", "Plüschbär": the compound's first part
        return re.match(rf"(?:{said})-?[^\W\d_]{{3,}}", prompt[start:end], re.IGNORECASE) is not None
    if language == "en":
        return re.search(rf"\b(?:{said})\s+$", prompt[:start], re.IGNORECASE) is not None
    return re.match(rf"\s+(?:{said})\b", prompt[end:], re.IGNORECASE) is not None


SHAPED_LIKE: dict[str, list[str]] = _WORDS["shaped_like"]


def only_a_shape(prompt: str, start: int) -> bool:
    """Is the creature word at `start` only the shape of something ('a cloud shaped like a sheep', 'un nuage en
    forme de mouton'): no character, and nothing of its own to draw?"""
    said = "|".join(re.escape(w) for w in SHAPED_LIKE.get(detection.detect_language(prompt), ()))
    return bool(said) and re.search(rf"\b(?:{said})\s+$", prompt[:start], re.IGNORECASE) is not None


def about_a_topic(prompt: str, start: int, end: int) -> bool:
    """Does the word at start:end only say what a story, song or costume is about ('a dinosaur story', 'un cuento
    de piratas'), so that it names no one in the story?"""
    language = detection.detect_language(prompt)
    topics = grammar().get(language, {}).get("topic_nouns", ())
    if not topics:
        return False
    said = "|".join(re.escape(w) for w in topics)
    if language == "en":
        return re.match(rf"\s+(?:{said})\b", prompt[end:], re.IGNORECASE) is not None
    return re.search(rf"\b(?:{said})\s+(?:de\s+|d')$", prompt[:start], re.IGNORECASE) is not None
