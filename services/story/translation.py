"""Captions in a language the person chose over the prompt's own: the plan's names for things put into it.

The reading keeps every word of the prompt for what it is (the events, the drawn record); only the
phrases the captions say — a character's noun ('le chat'), a thing's ('la lune'), the place ('sur la
plage') — are made again in the chosen language. A noun comes from the vocabulary's names in that
language (`assets/vocabulary.json`, written without accents: 'fantome'), its accents restored from
the language's dictionary ('fantôme'), its article from the studio's genders or guessed, its plural
checked against the dictionary ('chats', 'Katzen'). A noun the vocabulary cannot name stays as the
prompt said it, and the prompt's own place words ('in the snowy city') give way to the setting's name
in the chosen language. Only used when the two languages differ: "auto" never comes here.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache

from services import vocabulary
from services.language.dictionaries import is_known
from services.language.lemmas import lemma
from services.reading import PlannedCharacter, PlannedThing, ScenePlan, StoryEvent
from services.story.language import IN_A_PLACE, NOUN_GENDER, _h_aspire, definite_phrase
from services.story.place_reading import english_place, painted_kind, studio_place_names
from services.story.story_phrases import story_lines
from services.vocabulary.lemmas import fold
from services.vocabulary.lookup import VOCABULARY_FILE

# Letters a folded word may have lost: the accented forms tried, at most this many spellings per word.
ACCENTS = {"fr": {"e": "éèê", "a": "àâ", "i": "îï", "o": "ô", "u": "ûù", "c": "ç"},
           "de": {"a": "ä", "o": "ö", "u": "ü"},
           "es": {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "úü", "n": "ñ"}}
MAX_SPELLINGS = 512
# A proper place name ('Paris') keeps its name, after the language's 'in'.
NAMED_PLACE_IN = {"fr": "à", "de": "in", "es": "en"}


def translate_plan(plan: ScenePlan, prompt: str, language: str) -> ScenePlan:
    """The plan, read in the prompt's own language, with its captions in `language`: the same plan when that is
    the language its captions already have."""
    if language == plan.language or language not in ACCENTS and language != "en":
        return plan
    reading = plan.prompt_language if plan.prompt_language in (*ACCENTS, "en") else "en"
    cast = [_member(m, prompt, language, reading) for m in plan.cast]
    things = [_thing(t, prompt, language, reading) for t in plan.things]
    setting_phrase, in_place = _place(plan, prompt, language, reading)
    events = [_event(e) for e in plan.events]
    return plan.model_copy(update={"language": language, "cast": cast, "things": things,
                                   "setting_phrase": setting_phrase, "in_place": in_place, "events": events})


def _member(member: PlannedCharacter, prompt: str, language: str, reading: str) -> PlannedCharacter:
    english = member.concept or member.noun or member.kind
    entry = vocabulary.entry(english)
    # a person whose gender nobody said takes the generic masculine (el pirata), as the languages do
    gender = member.gender or (entry.gender or ("male" if entry.is_person else "") if entry else "")
    phrase = noun_phrase(english, language, _plural(member.words, reading), gender) or \
        _as_said(prompt, member.words, language, english)
    return member.model_copy(update={"phrase": phrase})


def _thing(thing: PlannedThing, prompt: str, language: str, reading: str) -> PlannedThing:
    phrase = noun_phrase(thing.what, language, _plural(thing.words, reading)) or \
        _as_said(prompt, thing.words, language, thing.what)
    return thing.model_copy(update={"phrase": phrase})


def _as_said(prompt: str, words: list[str], language: str, english: str) -> str:
    """A noun the vocabulary cannot name in the language: the prompt's own word with the language's article
    ('le sunset'), or the plain English noun for English captions."""
    if language == "en" or not words:
        return f"the {english}" if language == "en" else english
    phrase = definite_phrase(prompt, words[-1], language, english, keep_possessive=False)
    if language != "de":
        return phrase
    article, _, noun = phrase.partition(" ")  # German writes every noun with a capital: der Sunset
    return f"{article} {noun[:1].upper()}{noun[1:]}"


def _event(event: StoryEvent) -> StoryEvent:
    """The prompt's own words for where and for an undrawn object are in the prompt's language: the captions
    say where with the action's own line instead, and the object with the vocabulary's name when it has one."""
    return event.model_copy(update={"where_words": None, "object_words": None})


def _place(plan: ScenePlan, prompt: str, language: str, reading: str) -> tuple[str, str]:
    """The place in the captions' language: a proper name stays ('Paris', 'à Paris'); a setting the studio names
    in that language takes its name ('sur la plage'); another takes the vocabulary's noun ('dans le volcan')."""
    word = plan.place_words[0] if plan.place_words else ""
    local = local_place(plan.setting, language)
    # a name the studio knows in the language as its own setting ('Mars', 'Marte') takes that name
    if _proper_name(word, prompt, reading) and not (local != plan.setting and plan.setting == fold(word)):
        return word, f"{NAMED_PLACE_IN.get(language, 'in')} {word}"
    if language == "en":
        return english_place(plan.setting)
    entry = vocabulary.entry(plan.setting)
    named = [key for key in (plan.setting, entry.kind if entry else None) if key and local_place(key, language) != key]
    if named:
        return local_place(named[0], language), local_in_place(named[0], language)
    phrase = noun_phrase(plan.setting, language)
    if not phrase:  # no name of its own in the language: as it was
        return plan.setting_phrase, plan.in_place
    return phrase, _in(phrase, language)


def _proper_name(word: str, prompt: str, reading: str) -> bool:
    """'Paris', 'Zorg': capitalised inside the sentence, and (German capitalises every noun) not a common noun."""
    if not word[:1].isupper() or prompt.startswith(word):
        return False
    if reading != "de":
        return True
    entry = vocabulary.lookup(word, "de")
    return entry is None or entry.landmark is not None


def _in(phrase: str, language: str) -> str:
    """Where something happens: 'dans le volcan', 'im Vulkan', 'en el volcán'."""
    article, _, noun = phrase.partition(" ")
    if language == "de":
        return {"der": f"im {noun}", "das": f"im {noun}", "die": f"in der {noun}"}.get(article, f"in {phrase}")
    return f"{'dans' if language == 'fr' else 'en'} {phrase}"


def _plural(words: list[str], reading: str) -> bool:
    """Did the prompt say several ('cats', 'chiens')? Its last word is not its own dictionary form."""
    if not words:
        return False
    last = words[-1].split()[-1].lower()
    return lemma(last, reading).lower() != last and last.endswith(("s", "x", "n", "e", "r"))


def noun_phrase(english: str, language: str, plural: bool = False, gender: str = "") -> str:
    """'le chat', 'die Katzen', 'el fantasma'; '' when the vocabulary has no name for it in the language (or,
    in German, no plural the dictionary vouches for)."""
    if language == "en":
        return f"the {english}"
    word = local_noun(english, language)
    if not word:
        return ""
    # 'cabane de coussins', 'fuerte de almohadas': the first noun is the head (its gender, its plural)
    head, _, rest = word.partition(" ") if language != "de" else (word, "", "")
    tail = f" {rest}" if rest else ""
    if not plural:
        return f"{_article(head, language, gender)} {word}" if not _elided(word, language) else f"l'{word}"
    several = plural_of(head, language)
    if several is None:
        return ""
    article = {"fr": "les", "de": "die"}.get(language) or ("las" if _article(head, language, gender) == "la" else "los")
    return f"{article} {several}{tail}"


def _article(word: str, language: str, gender: str) -> str:
    """The singular definite article: the studio's genders first, then the person's, then the word's ending."""
    lower = word.lower()
    known = NOUN_GENDER.get(language, {}).get(lower)
    if known:
        return known
    if gender in ("female", "male"):
        return {"fr": {"female": "la", "male": "le"}, "de": {"female": "die", "male": "der"},
                "es": {"female": "la", "male": "el"}}[language][gender]
    if language == "fr":
        return "la" if lower.endswith(("e", "ion", "té")) and not lower.endswith(("age", "ème", "isme")) else "le"
    if language == "de":
        return "die" if lower.endswith(("e", "ung", "heit", "keit", "schaft")) else "das" if lower.endswith(
            ("chen", "lein", "um")) else "der"
    # Spanish: a Greek -ma and the -ista, -nauta of a trade are masculine unless the person is a woman
    return "la" if lower.endswith(("a", "ión", "dad")) and not lower.endswith(("ma", "ista", "nauta")) else "el"


def _elided(word: str, language: str) -> bool:
    return language == "fr" and word[:1].lower() in "aeiouhéèêâî" and word.lower() not in _h_aspire()


@lru_cache(maxsize=2048)
def local_noun(english: str, language: str) -> str:
    """The vocabulary's first name for an English noun in the language, with its accents ('château')."""
    entry = vocabulary.entry(english)
    names = _names().get(entry.noun if entry is not None else english, {}).get(language)
    if not names:
        return ""
    word = accented(names[0], language)
    return word[:1].upper() + word[1:] if language == "de" else word


@lru_cache(maxsize=1)
def _names() -> dict[str, dict[str, list[str]]]:
    """Each vocabulary noun's names in French, German and Spanish (folded), first the usual one."""
    entries = json.loads(VOCABULARY_FILE.read_text(encoding="utf-8"))["entries"]
    return {noun: {lang: list(data.get(lang, ())) for lang in ACCENTS} for noun, data in entries.items()}


@lru_cache(maxsize=4)
def _spelled(language: str) -> dict[str, str]:
    """Folded → written, from the words the studio itself writes with accents: its genders and its places."""
    written = [*NOUN_GENDER.get(language, {})]
    for pair in story_lines()["places"].get(language, {}).values():
        written.extend(w for phrase in pair for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", phrase))
    return {fold(w): w.lower() for w in written if fold(w) != w.lower()}


def accented(folded: str, language: str) -> str:
    """A folded name with its accents ('fantome' → 'fantôme', 'grand mere' → 'grand-mère'): from the studio's own
    words, else a spelling the language's dictionary knows when it does not know the folded one."""
    hyphened = _accented_word(folded.replace(" ", "-"), language) if " " in folded else ""
    if hyphened and _known(hyphened, language):
        return hyphened
    return " ".join(_accented_word(w, language) for w in folded.split())


def _accented_word(word: str, language: str) -> str:
    if word in _spelled(language):
        return _spelled(language)[word]
    if not word.replace("-", "").isalpha() or _known(word, language):
        return word
    options = [ACCENTS[language].get(ch, "") for ch in word]
    spellings = itertools.islice(itertools.product(*[(ch, *more) for ch, more in zip(word, options)]), MAX_SPELLINGS)
    for letters in spellings:
        spelled = "".join(letters)
        if spelled != word and _known(spelled, language):
            return spelled
    return word


def _known(word: str, language: str) -> bool:
    return is_known(word, language) or (language == "de" and is_known(word.capitalize(), language))


def plural_of(word: str, language: str) -> str | None:
    """The plural the dictionary leads back to the word ('chevaux', 'Köche'); None for a German word when no
    usual ending does (German plurals are too irregular to guess)."""
    lower = word.lower()
    if language == "fr":
        if lower.endswith(("s", "x", "z")):
            return word
        if lower.endswith("al") and lemma(word[:-2] + "aux", "fr").lower() == lower:
            return word[:-2] + "aux"
        return word + ("x" if lower.endswith(("eau", "eu")) else "s")
    if language == "es":  # ratón, ratones: the stress needs no accent once a syllable is added
        if lower[-1:] in "aeiouáéó":
            return word + "s"
        return (word[:-2] + word[-2].translate(str.maketrans("áéíóú", "aeiou")) + word[-1] if len(word) > 2 else word) + "es"
    umlaut = _umlaut(word)
    if lower.endswith(("er", "el", "en", "chen", "lein")):  # der Lehrer, die Lehrer; der Vogel, die Vögel
        return umlaut if umlaut != word and lemma(umlaut, "de").lower() == lower else word
    for candidate in (word + "er", umlaut + "er", word + "e", umlaut + "e", word + "en", word + "n", word + "s"):
        dative = candidate if candidate.endswith(("n", "s")) else candidate + "n"
        # 'Geiste' is an old dative singular; only a real plural has its own dative plural ('Geistern')
        if all(lemma(form, "de").lower() == lower for form in (candidate, dative)):
            return candidate
    return None


def _umlaut(word: str) -> str:
    """The stem's last a, o, u (or au) with its umlaut: Baum → Bäum, Vogel → Vögel, Koch → Köch."""
    match = re.search(r"(au|[aou])(?=[^aouäöüei]*(?:e[lnr]?)?$)", word)
    if match is None:
        return word
    changed = {"au": "äu", "a": "ä", "o": "ö", "u": "ü"}[match.group(1)]
    return word[:match.start()] + changed + word[match.end():]


def local_place(setting: str, language: str) -> str:
    """A setting's name in the caption language ('le château', 'Barcelone'), when the prompt names no place."""
    return _place_names(setting, language)[0]


def local_in_place(setting: str, language: str) -> str:
    """Where a story happens there ('au château', 'im Schloss', 'à Barcelone')."""
    return _place_names(setting, language)[1]


def _place_names(setting: str, language: str) -> list[str]:
    """The studio's own words for a place, else a city's own name and 'in' it ('Barcelone', 'à Barcelone'), for a
    city a landmark names; any other place is said by its key."""
    table = studio_place_names().get(language, {})
    if setting in table:
        return table[setting]
    entry = vocabulary.entry(setting)
    if entry is None or painted_kind(setting) not in ("city", "street") or entry.noun == entry.kind:
        return [setting, setting]
    said = (local_noun(entry.noun, language) if language != "en" else "") or entry.noun
    name = " ".join(w[:1].upper() + w[1:] for w in said.split())
    return [name, f"{IN_A_PLACE.get(language, 'in')} {name}"]
