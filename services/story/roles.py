"""People's roles and genders as a prompt gives them, and names that fit them.

"grandpa" is an old man called Grandpa Ike, never "Old Mara"; "a little girl" is a
girl; "la cheffe" is a woman and a chef; "a knight" is Sir Cedric or Dame Elin.
The role is an English word the character sheet turns into an outfit (both chefs
get a chef's hat) and the gender reaches the renderer (a girl's hair).
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass

from services.config import ASSETS_DIR
from services.language.detection import detect_language
from services.language.grammar import grammar
from services.story.elements import story_assets
from services.vocabulary.lookup import capitalises_nouns

Gender = str  # "female" | "male" | ""


@dataclass(frozen=True)
class RoleWord:
    role: str | None  # English role noun, or None for a plain person word ("girl")
    kind: str  # person / child / elder
    gender: str = ""


# Longest phrases first when matching; the kind follows the word (grandpa is an elder, a girl a child).
_DATA = json.loads((ASSETS_DIR / "roles.json").read_text(encoding="utf-8"))
ROLE_WORDS: dict[str, RoleWord] = {word: RoleWord(role, kind, gender) for word, (role, kind, gender) in _DATA["words"].items()}


# Words that make a person word older or younger ("an old keeper" is an elder, "a young knight" a child).
OLD_WORDS = frozenset(_DATA["old"])
YOUNG_WORDS = frozenset(_DATA["young"])
FEMALE_ARTICLES = {language: frozenset(words) for language, words in _DATA["female_articles"].items()}
MALE_ARTICLES = {language: frozenset(words) for language, words in _DATA["male_articles"].items()}
FEMALE_PRONOUNS = frozenset(_DATA["female_pronouns"])
MALE_PRONOUNS = frozenset(_DATA["male_pronouns"])

_PATTERN = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(w.strip()) for w in sorted(ROLE_WORDS, key=len, reverse=True))
    + r")(s|es|en|nen|innen|x|(?<=e)n)?(?![\w-])", re.IGNORECASE)  # "dem Jungen": a German weak noun
FRIEND_WORDS = frozenset(_DATA["friend"])
FAMILY_WORDS = frozenset(_DATA["family"])  # "his mother": of the hero's kind when the hero is an animal
POSSESSIVES = frozenset(_DATA["possessives"])
_ACROSS = frozenset(_DATA["across"])  # "all over the whole town", "por toda la ciudad": where, never who
GROUP_WORDS = frozenset(_DATA["groups"])  # several people, though not a plural: "children", "la familia"
MASCULINE_ARTICLES_DE = frozenset(grammar()["de"]["articles_by_gender"]["m"])
PLURAL_BEFORE = frozenset({"die", "zwei", "drei", "vier", "viele", "alle", "beide", "meine", "seine", "ihre"})
APPOSITION_ARTICLES = frozenset({"the", "le", "la", "der", "die", "das", "el"})
ADJECTIVE_ROLES = frozenset(_DATA["adjectives"])
# Figures known by the word as a name ("Santa", "le Père Noël"): they are called it, capital letter and all.
TITLE_FIGURES = frozenset(_DATA["titles"])


@dataclass(frozen=True)
class RoleMention:
    start: int
    end: int
    word: str
    role: str | None
    kind: str
    gender: str
    plural: bool


GROWN_INTO = re.compile(r"\b(?:grows?|grew|grown|growing)\s+(?:into|to)\s+(?:a|an)\s+$", re.IGNORECASE)


def find_role_words(prompt: str) -> list[RoleMention]:
    """Every person word in the prompt, with the kind the words around it imply."""
    found: list[RoleMention] = []
    german = detect_language(prompt) == "de" and capitalises_nouns(prompt)
    for match in _PATTERN.finditer(prompt):
        word = match.group(1).lower()
        entry = ROLE_WORDS.get(word) or ROLE_WORDS.get(word + " ")
        if entry is None:
            continue
        if word in GROUP_WORDS and re.match(r"\s+(?:of|de|d'|von)\b", prompt[match.end():], re.IGNORECASE):
            continue  # "a family of otters": how many otters, not people
        if entry.role == "giant" and GROWN_INTO.search(prompt[:match.start()]):
            continue  # "it grows into a giant": it becomes giant (grow leaves it so), no giant besides it
        if word in {"kind", "junge"} and not _german_noun(prompt, match.start()):
            continue  # "kind" and "junge" are English / adjective words unless capitalised in German
        if german and not _german_noun(prompt, match.start() + match.group(1).rfind(" ") + 1):
            continue  # "die Hexe braut einen Trank": German nouns are capitalised, 'braut' (brews) is no bride
        before = prompt[:match.start()].lower().split()[-2:]
        kind = entry.kind
        if kind == "person" and any(w in OLD_WORDS for w in before):
            kind = "elder"
        elif kind == "person" and any(w in YOUNG_WORDS for w in before) and entry.role not in {"king", "queen"}:
            kind = "child"
        plural = bool(match.group(2)) or word in GROUP_WORDS
        if match.group(2) == "n" and before[-1:] and before[-1] in MASCULINE_ARTICLES_DE:
            plural = False  # "dem Jungen", "einen Riesen": one, in its weak form
        if match.group(2) == "s" and _german_noun(prompt, match.start()) and not set(before[-1:]) & PLURAL_BEFORE \
                and re.match(r"\s+(?:[a-zäöüß]+\s+)?[A-ZÄÖÜ]", prompt[match.end():]):
            plural = False  # "Opas altes Radio", "Omas Wurst": a German genitive, one grandpa
        if word in FRIEND_WORDS and plural and not re.search(r"(?:\b(?:two|three|the|his|her|their|my|our|some|best|deux|"
                                                             r"les|ses|zwei|die|seine|ihre|dos|los|sus)\s+)$",
                                                         prompt[:match.start()], re.IGNORECASE):
            continue  # "become friends", "are friends": a relation, not two more characters
        if word in FRIEND_WORDS and not plural and _named_next(prompt, match.end()):
            continue  # "its friend the mouse", "son ami le chat": the friend is the one named next
        if not plural and found and found[-1].plural and not prompt[found[-1].end:match.start()].strip():
            continue  # "two chefs cook soup": a role word right after its plural subject is the verb
        if entry.role == "onlooker" and set(before) & _ACROSS:
            continue  # "chases a mouse all over the whole town", "por toda la ciudad": where, not who
        found.append(RoleMention(match.start(), match.end(), word, entry.role, kind, entry.gender, plural))
    return found


def _named_next(prompt: str, end: int) -> bool:
    """Does a definite article and a word follow, with nothing between ('friend the mouse', 'Freund der Hund')?"""
    after = re.match(r"\s+([^\W\d_]+)\s+[^\W\d_]", prompt[end:])
    return after is not None and after.group(1).lower() in APPOSITION_ARTICLES


def _german_noun(prompt: str, start: int) -> bool:
    return prompt[start:start + 1].isupper()


def gender_from_article(prompt: str, start: int, language: str) -> str:
    """'la cheffe', 'die Ärztin', 'una pirata': the article before a word says its gender."""
    before = prompt[:start].lower().split()[-2:]
    for word in reversed(before):
        if word in FEMALE_ARTICLES.get(language, set()):
            return "female"
        if word in MALE_ARTICLES.get(language, set()):
            return "male"
    return ""


def gender_from_pronouns(prompt: str) -> str:
    """'she plays', 'il cherche': one pronoun gender in the whole prompt, else nothing."""
    words = {w.lower() for w in re.findall(r"[^\W\d_]+", prompt)}
    female, male = bool(words & FEMALE_PRONOUNS), bool(words & MALE_PRONOUNS)
    return "female" if female and not male else "male" if male and not female else ""


# --- names ---------------------------------------------------------------------------------------

# A role's title before a name, in each language of TITLE_LANGUAGES (the female forms that differ are in
# FEMALE_TITLES): one row a role, so a language is a column and the keys are written once.
TITLE_LANGUAGES = ("en", "fr", "de", "es")
TITLES: dict[str, dict[str, str]] = {role: dict(zip(TITLE_LANGUAGES, row, strict=True)) for role, row in {
    "grandpa": ("Grandpa", "Papi", "Opa", "Abuelo"), "grandma": ("Grandma", "Mamie", "Oma", "Abuela"),
    "king": ("King", "Roi", "König", "Rey"), "queen": ("Queen", "Reine", "Königin", "Reina"),
    "prince": ("Prince", "Prince", "Prinz", "Príncipe"), "princess": ("Princess", "Princesse", "Prinzessin", "Princesa"),
    "chef": ("Chef", "Chef", "Koch", "Chef"), "doctor": ("Dr.", "Docteur", "Dr.", "Doctora"),
    "detective": ("Detective", "Inspecteur", "Kommissar", "Detective"),
    "professor": ("Professor", "Professeur", "Professor", "Profesor"),
    "captain": ("Captain", "Capitaine", "Kapitän", "Capitán"), "pirate": ("Captain", "Capitaine", "Kapitän", "Capitán"),
}.items()}
FEMALE_TITLES = {("detective", "fr"): "Inspectrice", ("detective", "de"): "Kommissarin", ("chef", "de"): "Köchin", ("chef", "fr"): "Cheffe",
                 ("doctor", "fr"): "Docteure", ("professor", "de"): "Professorin", ("professor", "es"): "Profesora",
                 ("pirate", "de"): "Kapitänin", ("pirate", "es"): "Capitana", ("captain", "es"): "Capitana",
                 ("captain", "de"): "Kapitänin"}
KNIGHT_TITLES = {"en": {"female": "Dame", "male": "Sir", "": "Sir"}, "fr": {"female": "Dame", "male": "Sire", "": "Sire"},
                 "de": {"female": "Ritterin", "male": "Ritter", "": "Ritter"},
                 "es": {"female": "Doña", "male": "Don", "": "Don"}}


def title_role(role: str | None, roles: set[str | None]) -> str | None:
    """The role whose title a character's name takes: none when the title is another character's own ('a pirate
    parrot steals the captain's hat': the captain is Captain Lena, the parrot no captain)."""
    title = TITLES.get(role or "", {}).get("en")
    return None if title and title.lower() in roles - {role} else role


def fresh_name(kind: str, role: str | None, gender: str, language: str, rng: random.Random,
               taken: set[str]) -> str:
    """A name that fits: a creature's pool for its kind, a person's pool for the gender and the prompt's language,
    and a title for a role that has one (Grandpa Ike, Chef Marco, Sir Cedric, Detective Moss)."""
    return fresh_name_and_gender(kind, role, gender, language, rng, taken)[0]


def fresh_name_and_gender(kind: str, role: str | None, gender: str, language: str, rng: random.Random,
                          taken: set[str]) -> tuple[str, str]:
    """The name, and the gender a gendered title committed to ('Dame Nell' is a woman) or the one given."""
    names = story_assets()["names"]
    if not gender and (role == "knight" or (role, language) in FEMALE_TITLES) and kind in {"person", "child", "elder"}:
        gender = rng.choice(("female", "male"))  # name and title agree: Sir Leo or Dame Ivy, never Sir Ivy
    if kind in {"person", "child", "elder"}:
        pools = names["people"].get(language, names["people"]["en"])
        pool = pools[gender] if gender in pools else pools["female"] + pools["male"] + pools.get("any", [])
    else:
        pool = names.get(kind, names["creature"])
    title = ""
    if role is not None and role in TITLES:
        female = FEMALE_TITLES.get((role, language), "") if gender == "female" else ""
        title = female or TITLES[role].get(language, TITLES[role]["en"])
    elif role == "knight" and kind in {"person", "child", "elder"}:
        title = KNIGHT_TITLES.get(language, KNIGHT_TITLES["en"]).get(gender, "Sir")
    candidates = [f"{title} {n}".strip() for n in pool]
    free = [c for c in candidates if c not in taken and c.split()[-1] not in {t.split()[-1] for t in taken}]
    return rng.choice(free or candidates), gender
