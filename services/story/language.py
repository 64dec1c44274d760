"""How to name a prompt's things in its language ('la baleine', 'im See', 'en el metro').

The offline storyteller writes captions in English, French, German or Spanish; which one a
prompt is in comes from `services.language.detection` (simplemma), and a prompt in any
other language gets English captions and a visible note.
"""

from __future__ import annotations

import re
from functools import lru_cache

from services.config import word_lists
from services.language.detection import Language, caption_language, detect_language
from services.language.grammar import grammar
from services.language.lemmas import lemma
from services.vocabulary.actions import vocabulary as action_vocabulary

__all__ = ["Language", "caption_language", "connective_words", "detect_language", "function_words"]
NOTICE = ("The captions are in English: the offline storyteller writes English, French, German and Spanish, "
          "and this prompt looks like another language.")

# --- naming a thing the way the prompt did -------------------------------------------------------

DEFINITE: dict[str, dict[str, str]] = {
    "fr": {"un": "le", "le": "le", "une": "la", "la": "la", "des": "les", "les": "les", "l'": "l'", "du": "le",
           "de": "le", "au": "le", "aux": "les"},
    "de": {"ein": "der", "der": "der", "eine": "die", "die": "die", "das": "das", "einen": "der", "dem": "der",
           "den": "der", "einem": "der", "einer": "die", "im": "das", "am": "das", "zum": "das",
           "vom": "das", "beim": "das", "zur": "die"},
    "es": {"un": "el", "el": "el", "una": "la", "la": "la", "unos": "los", "los": "los", "unas": "las",
           "las": "las", "del": "el", "al": "el"},
}
# "im", "am", "dem", "einem" do not tell der from das: the genders of the nouns a story's place and things are
# most often called (assets/grammar.json).
NOUN_GENDER: dict[str, dict[str, str]] = {
    lang: {noun: article for article, nouns in grammar()[lang]["noun_genders"].items() for noun in nouns}
    for lang in ("fr", "de", "es")}  # French and Spanish: the nouns whose ending does not tell (la fleur, el mapa)
GERMAN_GENDER = NOUN_GENDER["de"]
POSSESSIVES = {"fr": {"son", "sa", "ses", "leur", "leurs", "mon", "ma", "mes"},
               "de": {"sein", "seine", "seinen", "ihr", "ihre", "ihren", "mein", "meine"},
               "es": {"su", "sus", "mi", "mis"}}
ADJECTIVE_GAP = r"(?:[^\W\d_]+\s+)?"
BARE: dict[str, frozenset[str]] = {lang: frozenset(words) for lang, words in word_lists("story.language")["bare"].items()}


# A possessive says the gender of its noun as an article would: "sa cape" is "la cape".
POSSESSIVE_DEFINITE = {
    "fr": {"son": "le", "mon": "le", "leur": "le", "sa": "la", "ma": "la", "ses": "les", "mes": "les", "leurs": "les"},
    "de": {"sein": "der", "ihr": "der", "mein": "der", "seinen": "der", "ihren": "der", "seine": "die", "ihre": "die",
           "meine": "die"},
}


def definite_phrase(prompt: str, word: str, language: str, english: str, keep_possessive: bool = True,
                    gender: str = "") -> str:
    """'the whale', 'la baleine', 'der Hund', 'el barco': the thing with a definite article in the caption's
    language, the article read from the prompt where it has one (its gender), guessed where it has none.
    A possessive stays ('son entraîneur') unless `keep_possessive` is off: a thing's caption may be spoken by
    anyone ("j'ai perdu le chapeau", never "j'ai perdu son chapeau" in the dragon's own mouth). A person's
    `gender` says the article the prompt did not ('Mama liest': die Mama)."""
    if language == "en" or not word:
        return english if english in BARE["en"] else f"the {english}"
    if word.lower() in BARE.get(language, ()):
        return word  # "spielen Schach"
    article = ""
    for gap in ("", ADJECTIVE_GAP):  # the nearest article first: "de la rivière" is "la", not "de"
        # "qu'un dragon": the article after an elided word ('un'), never the elided word itself
        match = re.search(rf"(?<!\w)([^\W\d_]+'?)\s*{gap}{re.escape(word)}(?!\w)", prompt, re.IGNORECASE)
        found = match.group(1).lower() if match else ""
        if found in DEFINITE.get(language, {}) or found in POSSESSIVES.get(language, set()) or found in ("l'", "l’"):
            article = found
            break
    if article in POSSESSIVES.get(language, set()) and keep_possessive:
        return f"{article} {word}"
    if article.endswith("'") and language == "fr":
        return f"l'{word}"
    definite = DEFINITE.get(language, {}).get(article) or POSSESSIVE_DEFINITE.get(language, {}).get(article)
    if language == "de" and (definite is None or article in {"im", "am", "zum", "vom", "beim", "dem", "einem", "sein",
                                                             "ihr", "mein", "seinen", "ihren", "ein", "kein"}):
        definite = GERMAN_GENDER.get(word.lower(), definite)
    if language == "de" and article == "der" and re.search(
            rf"(?<!\w)(?:in|an|auf|aus|bei|mit|nach|von|zu|unter|über|vor|hinter|neben)\s+der\s+{re.escape(word)}(?!\w)",
            prompt, re.IGNORECASE):
        definite = GERMAN_GENDER.get(word.lower(), "die")  # "in der Küche": die Küche, said after a preposition
    if definite is None and gender in ("female", "male") and not _plural(word, language):
        definite = {"fr": {"female": "la", "male": "le"}, "de": {"female": "die", "male": "der"},
                    "es": {"female": "la", "male": "el"}}[language][gender]
    if definite is None:
        definite = _guess_article(word, language)
    elif _plural(word, language) and article not in {"den", "dem", "ein", "eine", "einen", "einem", "einer", "un",
                                                     "une", "una", "sein", "mein", "son", "sa", "mon", "ma",
                                                     "im", "am", "zum", "zur", "vom", "beim"}:  # "zum Fluss": one
        definite = _guess_article(word, language)  # "de chaussettes", "voller Socken": les, die
    if definite == "l'" or (language == "fr" and definite in ("le", "la") and word[:1].lower() in "aeiouhéè"
                            and word.lower() not in _h_aspire()):
        return f"l'{word}"
    return f"{definite} {word}"


def _from_last_preposition(phrase: str, prepositions: str) -> str:
    """'in love in a junkyard' is 'in a junkyard': the preposition nearest the place."""
    words = phrase.split()
    starts = [i for i in range(len(words)) if re.fullmatch(prepositions, words[i], re.IGNORECASE)]
    return " ".join(words[starts[-1]:]) if starts else phrase


# Where a German story goes takes the accusative ("fährt in den Park"); where it happens, the dative ("im Park").
_GERMAN_DATIVE = [(r"^in den ", "im "), (r"^in das ", "im "), (r"^ins ", "im "), (r"^in die ", "in der "),
                  (r"^auf den ", "auf dem "), (r"^auf das ", "auf dem "), (r"^auf die ", "auf der "),
                  (r"^an den ", "am "), (r"^an das ", "am "), (r"^ans ", "am "), (r"^an die ", "an der ")]


def _where_not_whither(phrase: str) -> str:
    for pattern, dative in _GERMAN_DATIVE:
        if re.match(pattern, phrase):
            return re.sub(pattern, dative, phrase)
    return phrase


def _h_aspire() -> set[str]:
    """French words whose h keeps its article whole: le hibou, le hérisson."""
    return set(grammar()["fr"].get("h_aspire", ()))


def _plural(word: str, language: str) -> bool:
    lower = word.lower()
    return lemma(word, language) != lower and lower.endswith(("s", "x", "n", "e"))


def _guess_article(word: str, language: str) -> str:
    lower = word.lower()
    if _plural(word, language):  # les, die, los / las
        return {"fr": "les", "de": "die"}.get(language) or ("las" if lower.endswith("as") else "los")
    if lower in NOUN_GENDER.get(language, {}):
        return NOUN_GENDER[language][lower]
    if language == "fr":
        return "la" if lower.endswith(("e", "ion", "té")) else "le"
    if language == "de":
        return "die" if lower.endswith(("e", "ung", "heit", "keit")) else "der"
    return "la" if lower.endswith(("a", "ión", "dad")) else "el"


# "in Berlin", "à Paris", "en Barcelona": the preposition of being in a named place (or one said with its article).
IN_A_PLACE = {"en": "in", "fr": "à", "de": "in", "es": "en"}


def place_phrase(prompt: str, word: str, language: str, english: str, known: str | None = None) -> str:
    """Where the story happens, as the prompt put it: 'at the pond', 'à Paris', 'im Aufzug', 'en el metro'; else
    the place's `known` phrase ('auf dem Dach', not 'im Dach' for 'vom Dach'), else one made from its article."""
    if not word:
        return ""
    prepositions = {
        "en": r"in|at|on|inside|under|near|by|aboard",  # not "through Paris": one is found in it
        "fr": r"à|dans|sur|sous|près de|au|en",
        "de": r"in|im|am|auf|an|unter|beim|vor|zum",
        "es": r"en|a|sobre|bajo|junto a|al|cerca de",
    }[language]
    found = re.finditer(rf"(?<!\w)((?:{prepositions})\s+(?:[^\W\d_]+\s+){{0,3}}?{re.escape(word)})(?!\w)",
                        prompt, re.IGNORECASE)
    match = next((m for m in found if not _opens_with_infinitive(m.group(1), language)), None)
    if match and len(match.group(1).split()) <= 6:
        said = _from_last_preposition(match.group(1), prepositions)
        said = said[:1].lower() + said[1:]
        return _where_not_whither(said) if language == "de" else said
    if known:
        return known
    if language == "en":
        return f"in {english}" if english[:1].isupper() else f"in the {english}"  # in Frostvale, in the park
    phrase = definite_phrase(prompt, word, language, english)
    if language == "de":  # where something is takes the dative: "durch die Stadt" happens "in der Stadt"
        article, _, noun = phrase.partition(" ")
        dative = {"die": "in der", "der": "im", "das": "im", "den": "im", "dem": "im"}.get(article.lower())
        return f"{dative} {noun}" if dative and noun else f"in {phrase}"
    return f"{IN_A_PLACE[language]} {phrase}"


def _opens_with_infinitive(said: str, language: str) -> bool:
    """'a cruzar la calle', 'à traverser la rue': a preposition bringing in a verb, not a place."""
    if language not in ("fr", "es"):
        return False
    second = said.split()[1].lower()
    return second != said.split()[-1].lower() and lemma(second, language) == second \
        and second.endswith(("er", "ir", "re", "ar"))


@lru_cache(maxsize=8)
def function_words(lang: str) -> frozenset[str]:
    """Every small word of a language (articles, prepositions, pronouns, relatives, negations, modals, the
    connectives' words), lower case: never a noun, a name or someone who acts."""
    g = grammar().get(lang, grammar()["en"])
    words: set[str] = set()
    for key in ("determiners", "prepositions", "pronouns_thing", "pronouns_person", "subject_pronouns",
                "relatives", "negations", "modals"):
        words.update(w.lower() for w in g.get(key, ()))
    return frozenset(words) | connective_words(lang)


@lru_cache(maxsize=8)
def connective_words(lang: str) -> frozenset[str]:
    """Every word of a language's connectives ('and', 'so that', 'jusqu'à ce que'), lower case."""
    return frozenset(w for connective in action_vocabulary().connectives.values()
                     for phrase in connective.words.get(lang, ()) for w in phrase.lower().split())
