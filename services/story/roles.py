"""People's roles and genders as a prompt gives them, and names that fit them.

"grandpa" is an old man called Grandpa Ike, never "Old Mara"; "a little girl" is a
girl; "la cheffe" is a woman and a chef; "a knight" is Sir Cedric or Dame Elin.
The role is an English word the character sheet turns into an outfit (both chefs
get a chef's hat) and the gender reaches the renderer (a girl's hair).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from services.story.elements import story_assets

Gender = str  # "female" | "male" | ""


@dataclass(frozen=True)
class RoleWord:
    role: str | None  # English role noun, or None for a plain person word ("girl")
    kind: str  # person / child / elder
    gender: str = ""


def _r(role: str | None, kind: str = "person", gender: str = "") -> RoleWord:
    return RoleWord(role, kind, gender)


# Longest phrases first when matching; the kind follows the word (grandpa is an elder, a girl a child).
ROLE_WORDS: dict[str, RoleWord] = {
    # family and age
    "grandpa": _r("grandpa", "elder", "male"), "grandfather": _r("grandpa", "elder", "male"),
    "granddad": _r("grandpa", "elder", "male"), "grandma": _r("grandma", "elder", "female"),
    "grandmother": _r("grandma", "elder", "female"), "granny": _r("grandma", "elder", "female"),
    "old man": _r(None, "elder", "male"), "old woman": _r(None, "elder", "female"), "old lady": _r(None, "elder", "female"),
    "little girl": _r(None, "child", "female"), "little boy": _r(None, "child", "male"),
    "girl": _r(None, "child", "female"), "boy": _r(None, "child", "male"), "kid": _r(None, "child"),
    "child": _r(None, "child"), "children": _r(None, "child"), "baby": _r(None, "child"),
    "woman": _r(None, "person", "female"), "man": _r(None, "person", "male"), "lady": _r(None, "person", "female"),
    "mother": _r("mother", "person", "female"), "mom": _r("mother", "person", "female"),
    "father": _r("father", "person", "male"), "dad": _r("father", "person", "male"),
    "sister": _r(None, "person", "female"), "brother": _r(None, "person", "male"),
    "friend": _r(None), "ami": _r(None, "person", "male"), "amie": _r(None, "person", "female"),
    "freund": _r(None, "person", "male"), "freunde": _r(None), "freundin": _r(None, "person", "female"),
    "amigo": _r(None, "person", "male"), "amiga": _r(None, "person", "female"), "stranger": _r(None), "person": _r(None), "hero": _r(None),
    # jobs and storybook roles
    "chef": _r("chef"), "cook": _r("chef"), "baker": _r("baker"), "knight": _r("knight"),
    "astronaut": _r("astronaut"), "detective": _r("detective"), "lighthouse keeper": _r("keeper"),
    "keeper": _r("keeper"), "zookeeper": _r("keeper"), "violinist": _r("violinist"), "musician": _r("musician"),
    "pianist": _r("pianist"), "guitarist": _r("musician"), "drummer": _r("musician"), "singer": _r("singer"),
    "dancer": _r("dancer"), "painter": _r("painter"), "artist": _r("painter"), "pirate": _r("pirate"),
    "wizard": _r("wizard", "person", "male"), "witch": _r("witch", "person", "female"),
    "king": _r("king", "person", "male"), "queen": _r("queen", "person", "female"),
    "prince": _r("prince", "person", "male"), "princess": _r("princess", "person", "female"),
    "teacher": _r("teacher"), "student": _r("student", "child"), "doctor": _r("doctor"), "nurse": _r("nurse"),
    "scientist": _r("scientist"), "inventor": _r("inventor"), "farmer": _r("farmer"), "sailor": _r("sailor"),
    "captain": _r("captain"), "fisherman": _r("fisher", "person", "male"), "fisher": _r("fisher"),
    "gardener": _r("gardener"), "librarian": _r("librarian"), "firefighter": _r("firefighter"),
    "police officer": _r("police officer"), "pilot": _r("pilot"), "mail carrier": _r("mail carrier"),
    "postman": _r("mail carrier", "person", "male"), "explorer": _r("explorer"), "ranger": _r("ranger"),
    "clown": _r("clown"), "magician": _r("magician"), "mechanic": _r("mechanic"), "janitor": _r("janitor"),
    "shopkeeper": _r("shopkeeper"), "mayor": _r("mayor"), "professor": _r("professor"), "nun": _r(None, "person", "female"),
    # French
    "grand-père": _r("grandpa", "elder", "male"), "papi": _r("grandpa", "elder", "male"),
    "grand-mère": _r("grandma", "elder", "female"), "mamie": _r("grandma", "elder", "female"),
    "petite fille": _r(None, "child", "female"), "fillette": _r(None, "child", "female"),
    "petit garçon": _r(None, "child", "male"), "garçon": _r(None, "child", "male"), "fille": _r(None, "child", "female"),
    "enfant": _r(None, "child"), "femme": _r(None, "person", "female"), "homme": _r(None, "person", "male"),
    "vieil homme": _r(None, "elder", "male"), "vieille dame": _r(None, "elder", "female"),
    "chevalier": _r("knight", "person", "male"), "cuisinier": _r("chef", "person", "male"),
    "cuisinière": _r("chef", "person", "female"), "cheffe": _r("chef", "person", "female"),
    "boulanger": _r("baker", "person", "male"), "boulangère": _r("baker", "person", "female"),
    "astronaute": _r("astronaut"), "détective": _r("detective"), "gardien de phare": _r("keeper", "person", "male"),
    "gardienne de phare": _r("keeper", "person", "female"), "violoniste": _r("violinist"),
    "sorcier": _r("wizard", "person", "male"), "sorcière": _r("witch", "person", "female"),
    "roi": _r("king", "person", "male"), "reine": _r("queen", "person", "female"),
    "princesse": _r("princess", "person", "female"), "professeur": _r("teacher"), "maîtresse": _r("teacher", "person", "female"),
    "pêcheur": _r("fisher", "person", "male"), "jardinier": _r("gardener", "person", "male"),
    "jardinière": _r("gardener", "person", "female"), "scientifique": _r("scientist"), "musicien": _r("musician", "person", "male"),
    "musicienne": _r("musician", "person", "female"), "peintre": _r("painter"),
    # German
    "opa": _r("grandpa", "elder", "male"), "großvater": _r("grandpa", "elder", "male"),
    "oma": _r("grandma", "elder", "female"), "großmutter": _r("grandma", "elder", "female"),
    "kleines mädchen": _r(None, "child", "female"), "mädchen": _r(None, "child", "female"),
    "junge": _r(None, "child", "male"), "kind": _r(None, "child"), "frau": _r(None, "person", "female"),
    "mann": _r(None, "person", "male"), "ritter": _r("knight", "person", "male"), "ritterin": _r("knight", "person", "female"),
    "koch": _r("chef", "person", "male"), "köchin": _r("chef", "person", "female"), "bäcker": _r("baker", "person", "male"),
    "bäckerin": _r("baker", "person", "female"), "astronautin": _r("astronaut", "person", "female"),
    "detektiv": _r("detective", "person", "male"), "detektivin": _r("detective", "person", "female"),
    "leuchtturmwärter": _r("keeper", "person", "male"), "leuchtturmwärterin": _r("keeper", "person", "female"),
    "geiger": _r("violinist", "person", "male"), "geigerin": _r("violinist", "person", "female"),
    "zauberer": _r("wizard", "person", "male"), "hexe": _r("witch", "person", "female"),
    "könig": _r("king", "person", "male"), "königin": _r("queen", "person", "female"),
    "prinzessin": _r("princess", "person", "female"), "lehrer": _r("teacher", "person", "male"),
    "lehrerin": _r("teacher", "person", "female"), "fischer": _r("fisher", "person", "male"),
    "gärtner": _r("gardener", "person", "male"), "gärtnerin": _r("gardener", "person", "female"),
    # Spanish
    "abuelo": _r("grandpa", "elder", "male"), "abuela": _r("grandma", "elder", "female"),
    "niña": _r(None, "child", "female"), "niño": _r(None, "child", "male"), "chica": _r(None, "child", "female"),
    "chico": _r(None, "child", "male"), "mujer": _r(None, "person", "female"), "hombre": _r(None, "person", "male"),
    "caballero": _r("knight", "person", "male"), "cocinero": _r("chef", "person", "male"),
    "cocinera": _r("chef", "person", "female"), "panadero": _r("baker", "person", "male"),
    "panadera": _r("baker", "person", "female"), "farero": _r("keeper", "person", "male"),
    "farera": _r("keeper", "person", "female"), "violinista": _r("violinist"), "mago": _r("wizard", "person", "male"),
    "bruja": _r("witch", "person", "female"), "rey": _r("king", "person", "male"), "reina": _r("queen", "person", "female"),
    "princesa": _r("princess", "person", "female"), "maestra": _r("teacher", "person", "female"),
    "maestro": _r("teacher", "person", "male"), "pescador": _r("fisher", "person", "male"),
    "jardinero": _r("gardener", "person", "male"), "astronauta": _r("astronaut"), "pirata": _r("pirate"),
    "marinero": _r("sailor", "person", "male"), "pintora": _r("painter", "person", "female"),
    "pintor": _r("painter", "person", "male"), "médica": _r("doctor", "person", "female"), "médico": _r("doctor", "person", "male"), "científica": _r("scientist", "person", "female"),
    "científico": _r("scientist", "person", "male"),
}
# Words that make a person word older or younger ("an old keeper" is an elder, "a young knight" a child).
OLD_WORDS = {"old", "elderly", "aged", "vieux", "vieille", "vieil", "alte", "alter", "alten", "viejo", "vieja", "anciano", "anciana"}
YOUNG_WORDS = {"little", "young", "small", "tiny", "petit", "petite", "jeune", "kleine", "kleiner", "junge", "pequeño", "pequeña", "joven"}
FEMALE_ARTICLES = {"fr": {"la", "une", "cette"}, "de": {"die", "eine", "seine", "keine"}, "es": {"la", "una", "esta"}}
MALE_ARTICLES = {"fr": {"le", "un", "ce", "cet"}, "de": {"der", "ein", "einen", "den", "dem", "einem", "sein", "kein"},
                 "es": {"el", "un", "este"}}
FEMALE_PRONOUNS = {"she", "her", "hers", "herself", "elle", "ella"}
MALE_PRONOUNS = {"he", "his", "him", "himself", "il", "él", "er", "sein", "seine"}

_PATTERN = re.compile(
    r"(?<![\w-])(" + "|".join(re.escape(w.strip()) for w in sorted(ROLE_WORDS, key=len, reverse=True))
    + r")(s|es|en|nen|innen|x)?(?![\w-])", re.IGNORECASE)
FRIEND_WORDS = {"friend", "ami", "amie", "freund", "freunde", "freundin", "amigo", "amiga"}


@dataclass(frozen=True)
class RoleMention:
    start: int
    end: int
    word: str
    role: str | None
    kind: str
    gender: str
    plural: bool


def find_role_words(prompt: str) -> list[RoleMention]:
    """Every person word in the prompt, with the kind the words around it imply."""
    found: list[RoleMention] = []
    for match in _PATTERN.finditer(prompt):
        word = match.group(1).lower()
        entry = ROLE_WORDS.get(word) or ROLE_WORDS.get(word + " ")
        if entry is None:
            continue
        if word in {"kind", "junge"} and not _german_noun(prompt, match.start()):
            continue  # "kind" and "junge" are English / adjective words unless capitalised in German
        before = prompt[:match.start()].lower().split()[-2:]
        kind = entry.kind
        if kind == "person" and any(w in OLD_WORDS for w in before):
            kind = "elder"
        elif kind == "person" and any(w in YOUNG_WORDS for w in before) and entry.role not in {"king", "queen"}:
            kind = "child"
        plural = bool(match.group(2)) or word in {"children", "freunde"}
        if word in FRIEND_WORDS and plural and not re.search(r"(?:\b(?:two|three|the|his|her|their|my|our|some|best|deux|"
                                                             r"les|ses|zwei|die|seine|ihre|dos|los|sus)\s+)$",
                                                         prompt[:match.start()], re.IGNORECASE):
            continue  # "become friends", "are friends": a relation, not two more characters
        if not plural and found and found[-1].plural and not prompt[found[-1].end:match.start()].strip():
            continue  # "two chefs cook soup": a role word right after its plural subject is the verb
        found.append(RoleMention(match.start(), match.end(), word, entry.role, kind, entry.gender, plural))
    return found


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
