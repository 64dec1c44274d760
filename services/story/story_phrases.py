"""How a caption names the comic's characters and things, in the caption's language.

"Quex the curious alien", "l'alien Orla", "der Bär Bruno" / "den Bär Bruno", "el perro Rex";
"Pixel and Bolt", or "the kittens" for three; "the sandwich", "das Sandwich" in each case. German
phrases are built in all three cases from the article the prompt used (or the noun's gender).
"""

from __future__ import annotations

import json
from functools import lru_cache

from services.config import ASSETS_DIR
from services.language.inflection import Phrase, german_phrase
from services.reading import PlannedCharacter, ScenePlan
from services.story.elements import is_plural
from services.story.language import GERMAN_GENDER

GERMAN_DEFINITE = {"der", "die", "das"}


@lru_cache(maxsize=1)
def story_lines() -> dict:
    """The storyteller's own lines and words (`assets/story_lines.json`)."""
    return json.loads((ASSETS_DIR / "story_lines.json").read_text(encoding="utf-8"))


# The words a group's word may start with: it is said as it is ('el público', 'tout le village').
ARTICLES = {"fr": ("le", "la", "les", "l'", "tout", "toute", "tous", "toutes"), "de": ("der", "die", "das", "den"),
            "es": ("el", "la", "los", "las", "todo", "toda", "todos", "todas")}
ONLOOKER = "onlooker"  # the role of those a prompt calls everyone or the crowd (assets/roles.json)


def cast_phrases(plan: ScenePlan, names: list[str]) -> tuple[Phrase, Phrase, bool]:
    """(label, short name, plural) for the characters `names`, or for a thing or weather that acts."""
    members = [m for m in (plan.member(n) for n in names) if m is not None]
    if not members:
        thing = names[0] if names else ""
        phrase = thing_phrase(plan, thing)
        noun = phrase.nom.split()[-1] if phrase.nom.split() else ""
        return phrase, phrase, bool(noun) and is_plural(noun, 0, noun, plan.language)  # "the seeds sprout"
    if len(members) == 1:
        member = members[0]
        return _label(plan, member), Phrase.plain(member.name), False
    if all(m.role == ONLOOKER for m in members):  # "everyone laughs", "tout le monde rit", "alle lachen"
        said, plural = _onlookers(plan, members[0])
        phrase = Phrase.plain(said, plural)
        return phrase, phrase, plural  # one phrase, never capitalised as a name is
    joiner = story_lines()["names_and"][plan.language]
    same_words = len({tuple(m.words) for m in members}) == 1 and members[0].words
    joined = joiner.join([", ".join(m.name for m in members[:-1]), members[-1].name])
    if same_words and len(members) > 2:  # "the kittens Luna, Mochi and Tiger" when first met, then "the kittens"
        word = members[0].words[0]
        article = {"en": "the", "fr": "les", "de": "die", "es": "los"}[plan.language]
        return _group_named(plan.language, word, joined), Phrase.plain(f"{article} {word}", plural=True), True
    names_joined = Phrase.plain(joined, plural=True)
    if same_words and is_plural(members[0].words[0], 0, members[0].words[0], plan.language):
        # "les pompiers arrivent": first said as "les pompiers Sacha et Marius", then by their names
        return _group_named(plan.language, members[0].words[0], joined), names_joined, True
    return names_joined, names_joined, True


def _onlookers(plan: ScenePlan, member: PlannedCharacter) -> tuple[str, bool]:
    """How onlookers are said, and whether a verb takes its plural: as the prompt calls them ('the audience', 'el
    público', 'das ganze Dorf', 'les spectateurs'), or 'everyone' when it says everyone (or in another language)."""
    everyone = story_lines()["everyone"]
    word = member.words[0] if member.words else ""
    said_everyone = {e.lower() for e, _ in everyone.values()} | {"everybody", "alle"}
    if not word or word.lower() in said_everyone:
        return tuple(everyone[plan.language])
    noun = word.split()[-1]
    plural = is_plural(noun, 0, noun, plan.language)
    if word.split()[0].lower() in ARTICLES.get(plan.language, ()):
        return word, plural  # "el público", "tout le village", "toute la ville"
    if plan.language == "en":
        return f"the {word}", plural  # "the audience", "the whole village"
    article = member.phrase.lower().split()[0] if member.phrase else ""
    return (member.phrase if article in ARTICLES.get(plan.language, ()) and article != word.split()[0].lower()
            else word), plural  # "das ganze Dorf", "les spectateurs"


def _group_named(language: str, word: str, names: str) -> Phrase:
    if language == "de":
        return german_phrase("plural", word, after=names)
    article = {"en": "the", "fr": "les", "es": "los"}[language]
    return Phrase.plain(f"{article} {word} {names}", plural=True)


def _label(plan: ScenePlan, member: PlannedCharacter) -> Phrase:
    if plan.language == "en":
        label = member.label
        if member.traits and " the " in label and member.kind not in {"person"}:
            name, _, noun = label.partition(" the ")
            noun = noun.removeprefix("little ")  # "the shy girl", "the delivery boy"; never "delivery little boy"
            label = f"{name} the {' '.join(member.traits)} {noun}"
        return Phrase.plain(label)
    noun = member.phrase.partition(" ")[2] or member.phrase.removeprefix("l'")
    if not member.phrase or noun.lower() in member.name.lower() or member.noun in {"person", "hero"} \
            or is_plural(noun, 0, noun.split(" ")[-1], plan.language):
        return Phrase.plain(member.name)  # "Princesse Jeanne", not "la princesse Princesse Jeanne"; "los niños Iker"
    if plan.language == "de":
        article, _, noun = member.phrase.partition(" ")
        return german_phrase(german_gender(article, noun), noun, after=member.name)
    return Phrase.plain(f"{member.phrase} {member.name}")


def thing_phrase(plan: ScenePlan, what: str) -> Phrase:
    """A thing with its definite article ('the frozen lake', 'le sandwich', 'den Honig'), or a weather."""
    thing = next((t for t in plan.things if t.what == what), None)
    if thing is None and what == plan.setting and plan.setting_phrase:
        text = plan.setting_phrase  # "la rivière emporte le bateau": the place itself acts
    elif thing is None:
        weather = story_lines()["weather_phrases"].get(what, {})
        text = weather.get(plan.language) or (f"the {what}" if plan.language == "en" else what)
    else:
        text = thing.phrase or f"the {what}"
        if plan.language == "en" and thing.state and thing.state not in text:
            text = text.replace("the ", f"the {thing.state} ", 1)
    if plan.language == "de":
        article, _, noun = text.partition(" ")
        if noun:  # "die Blumen": plural, whatever gender 'die' would say of one
            return german_phrase("plural" if _said_as_several(text, "de") else german_gender(article, noun), noun)
    return Phrase.plain(text, _said_as_several(text, plan.language))


def _said_as_several(text: str, language: str) -> bool:
    """'the flowers', 'les fleurs', 'las flores': the phrase's last word is a plural ('the flowers droop')."""
    words = text.split()
    if len(words) < 2:
        return False
    noun = words[-1]
    return is_plural(text, len(text) - len(noun), noun, language)


def german_gender(article: str, noun: str) -> str:
    """der, die, das or plural, from the article the phrase has ('seinen' says little: the noun decides)."""
    lower = article.lower()
    head = next((w for w in noun.split() if w[:1].isupper()), noun)  # "Glas Honig": the glass says the gender
    known = GERMAN_GENDER.get(noun.lower()) or GERMAN_GENDER.get(head.lower())
    if known:
        return known  # der Drachen, der Kuchen: no diminutive
    if head.lower().endswith(("chen", "lein")):
        return "das"  # das Eichhörnchen, das Kätzchen, whatever article the prompt's "ein" suggested
    if head.lower().endswith(("ung", "heit", "keit", "schaft")):
        return "die"  # "vor der Dunkelheit": a dative 'der', the noun is feminine
    if lower in GERMAN_DEFINITE:
        return lower
    if lower in {"ein", "sein", "kein", "mein", "dein", "unser"}:
        return "der"  # "sein Knappe": not feminine (neuter nouns of people are few and known)
    if lower in {"eine", "seine", "keine", "meine", "deine", "unsere", "ihre"}:
        return "die"
    return "die" if head.lower().endswith(("e", "ung", "heit", "keit", "schaft")) else "der"
