"""Where a story happens: the place a prompt names, or the home of its hero, and how captions say it.

"a garden on the moon" happens in space, with the garden behind; "at the
laundromat" or "on Zorg" is a place the art has no painter for, drawn as a
neutral backdrop; with no place named, a lighthouse keeper is at the lighthouse
and a frog at the pond. What someone looks at ("look at the stars") is not where
they are.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

from services import vocabulary
from services.config import ASSETS_DIR, word_lists
from services.language import lexicon
from services.language.grammar import grammar
from services.story.concepts import Concept
from services.story.elements import PLACE_PREPOSITION
from services.story.language import detect_language, function_words


class CastLike(Protocol):
    """What place reading needs of a planned character."""

    name: str
    kind: str
    role: str | None
    words: list[str]


DEFAULT_PLACES = ("park", "street", "forest", "beach", "city")
_USUAL = json.loads((ASSETS_DIR / "usual_places.json").read_text(encoding="utf-8"))
ROLE_PLACES: dict[str, str] = _USUAL["roles"]
KIND_PLACES: dict[str, str] = _USUAL["kinds"]
THING_PLACES: dict[str, str] = _USUAL["things"]
LANDMARK_PLACES: dict[str, str] = _USUAL["landmarks"]
SEA_DWELLERS: set[str] = set(_USUAL["sea_dwellers"])
UNDER_THE_SEA: set[str] = set(_USUAL["under_the_sea"])


def read_place(prompt: str, concepts: list[Concept], rng: random.Random, cast: Sequence[CastLike],
               action_place: str | None = None) -> tuple[str, list[str], list[str]]:
    """The setting, the prompt's words for it, and other places it names (drawn behind as landmarks). With no
    place named, the city a landmark names (the Eiffel Tower: Paris), else where the first action is usually done
    (`action_place`: cooking in the kitchen), else the hero's home."""
    places = [c for c in concepts if c.role == "setting" and not _homeward(prompt, c)]
    mentions = lexicon.find_mentions("settings", prompt)
    placed_words = [(s, e, key) for s, e, key in mentions
                    if PLACE_PREPOSITION.search(prompt[:s]) and not LOOKING_AT.search(prompt[:s])
                    and not _someone(prompt[s:e])  # "gives a pearl to a sailor": to him, not to his lighthouse
                    and not BECOMING.search(prompt[:s]) and not (key == "space" and UNDER.search(prompt[:s]))
                    and not (places and TOWARDS.search(prompt[:s]))
                    # "at the Eiffel Tower" is no castle's tower: a landmark's name says its city
                    and not any(c.what in LANDMARK_PLACES and _said_in(prompt, c, (s, e, key)) for c in concepts)]
    # "an icy sidewalk in Chicago", "in the Highlands … hides in a ruined castle": a place word the painters know
    # is where it happens, inside the city or region named around it
    closer = [m for m in placed_words if not any(_around(c) and _said_in(prompt, c, m) for c in places)]
    if closer and not any(c.words and PLACE_PREPOSITION.search(prompt[:max(0, prompt.find(c.words[0]))])
                          and not _within(prompt, c.words[0], placed_words) and not _around(c) for c in places):
        start, end, key = _head_of(closer[0], mentions, prompt)  # "a garden on the moon": the moon (space)
        return key, [prompt[start:end]], [c.what for c in places if c.what != key
                                           and not (c.words and _within(prompt, c.words[0], [(start, end, key)]))]
    if not places:
        unknown = _unknown_place(prompt, cast) or _named_place(prompt, cast)
        if unknown:  # "at the laundromat", "on Zorg": a place the art has no painter for is a neutral backdrop
            return "backdrop", [unknown], []
        # No place named: where the hero's role or kind lives (a keeper's lighthouse, a frog's pond), else a seeded one.
        hero_lives_there = bool(cast) and KIND_PLACES.get(cast[0].kind) == "underwater"
        named_city = next((LANDMARK_PLACES[c.what] for c in concepts if c.what in LANDMARK_PLACES), None)
        role_home = next((p for c in cast if (p := ROLE_PLACES.get(c.role or ""))), None)  # an astronaut's space
        homed = sorted((c for c in concepts if c.what in THING_PLACES), key=lambda c: not (  # "reads a book on a
            c.words and PLACE_PREPOSITION.search(prompt[:max(0, prompt.find(c.words[0]))])))  # bench": the bench's
        thing_home = THING_PLACES[homed[0].what] if homed else None  # a sandcastle's beach
        kind_home = next((p for c in cast if (p := KIND_PLACES.get(c.kind)) and (p != "underwater" or hero_lives_there)),
                         None)  # a cat who eats a fish stays dry; a robot building a sandcastle is on the beach
        # "the librarian reads": in her library, "lit le journal sur un banc": in the park; an action usually done
        # at home says less than a role's or a thing's place
        acted_at = action_place if action_place != "home" else role_home or thing_home or action_place
        home = named_city or acted_at or role_home or thing_home or kind_home
        if home and lexicon.is_indoor(home) and any(c.role == "weather" for c in concepts):
            home = None  # "…but the rain washes it away": the rain falls outdoors, where it can be drawn
        return home or rng.choice(DEFAULT_PLACES), [], []
    placed = [c for c in places if c.words and PLACE_PREPOSITION.search(prompt[:max(0, prompt.find(c.words[0]))])]
    main = (placed or places)[0]
    if _around(main):  # "steals a baguette from a bakery in Paris": the city is around, the bakery is where it happens
        venues = [c for c in places if not _around(c) and _a_venue(c)]
        main = min(venues, key=lambda c: _gap_before(prompt, c, main), default=main)
    landmarks = [c.what for c in places if c is not main and c.what != main.what
                 and not (c.kind and (c.kind in (main.what, main.kind) or not c.landmark))]
    # "a picnic in the park" is the park itself; "then … at the bakery" is painted when the story goes there,
    # never a croissant pasted on the flower shop's horizon
    return _surface_or_under(main.what, prompt, cast), main.words, landmarks


_SHOPS = word_lists("story.place_reading")
_ANY = "|".join
REGIONS: set[str] = set(_SHOPS["regions"])  # named places wider than a city, painted as their land ('scotland')
GOODS_BEFORE = re.compile(rf"([^\W\d_]+)\s+(?:{_ANY(_SHOPS['shop_words_after_goods'])})\b", re.IGNORECASE)
GOODS_AFTER = re.compile(rf"\b(?:{_ANY(_SHOPS['shop_words_before_goods'])})\s+(?:{_ANY(_SHOPS['goods_links'])})\s*"
                         r"([^\W\d_]+)", re.IGNORECASE)


def shop_goods(prompt: str, language: str) -> str | None:
    """What a shop the prompt names sells, when a pictogram shows it: 'a hat shop', 'une boutique de chapeaux',
    'una tienda de sombreros' (hats, stocked on its shelves). Not a shop's owner or place."""
    said = [m.group(1) for pattern in (GOODS_BEFORE, GOODS_AFTER) for m in pattern.finditer(prompt)]
    for word in said:
        entry = vocabulary.lookup(word, language)
        if entry is not None and entry.code and entry.role not in ("cast", "setting"):
            return entry.noun
    return None


_SMALL_WORDS = frozenset().union(*(function_words(lang) for lang in ("en", "fr", "de", "es")))


def _head_of(mention: tuple[int, int, str], mentions: list[tuple[int, int, str]],
             prompt: str) -> tuple[int, int, str]:
    """The last place word of a run of them: 'in a seaside restaurant kitchen' is in the kitchen (the words
    before the head only say which one)."""
    for later in mentions:
        gap = prompt[mention[1]:later[0]]
        if later[0] >= mention[1] and re.fullmatch(r"\s+(?:[^\W\d_]+\s+)?", gap) and not _SMALL_WORDS & set(gap.split()):
            mention = later  # but "an antique shop in London" is the shop: a small word ends the run
    return mention


def _someone(word: str) -> bool:
    """A place's keyword that names a person ('sailor', 'scientist'): after 'to' it is whom, not where."""
    entry = vocabulary.lookup(word)
    return entry is not None and entry.role == "cast"


def _within(prompt: str, word: str, mentions: list[tuple[int, int, str]]) -> bool:
    """Is the word part of a longer place phrase ('au sommet de la tour Eiffel' is no mountain's summit)?"""
    at = prompt.find(word)
    return any(start <= at and at + len(word) <= end and end - start > len(word) for start, end, _ in mentions)


def _around(place: Concept) -> bool:
    """A city or a region ('Paris', 'Chicago', 'the Scottish Highlands'): a place named more closely inside it is
    where the story happens."""
    return bool(place.landmark) or place.kind == "city" or place.what in REGIONS


def _said_in(prompt: str, place: Concept, mention: tuple[int, int, str]) -> bool:
    """Are the mention's words the place's own ('Paris' is both the city concept and a lexicon word for a city)?"""
    return any(start <= mention[0] < start + len(word) for word in place.words
               for start in (m.start() for m in re.finditer(re.escape(word), prompt)))


def _a_venue(place: Concept) -> bool:
    """A place inside a town, named more closely than the town: a room, a shop, a park, a station."""
    return place.what not in ("city", "street", "village") and place.kind not in ("city", "street")


def _gap_before(prompt: str, place: Concept, city: Concept) -> int:
    """How far the place's words end before the city's: 'an antique shop in London' is the shop, not the opera
    sung there."""
    at = prompt.find(place.words[0]) + len(place.words[0]) if place.words else -1
    city_at = prompt.find(city.words[0]) if city.words else -1
    return city_at - at if 0 <= at <= city_at else len(prompt) + max(at, 0)


def whole_place_name(prompt: str, word: str) -> str:
    """'Bondi Beach', 'Lake Tahoe': a named place's capitalised words around its place word are its name."""
    if not word[:1].isupper():
        return word
    said = re.search(rf"((?:[A-Z][\w'-]+\s+)*){re.escape(word)}((?:\s+[A-Z][\w'-]+)*)", prompt)
    if said is None:
        return word
    name = said.group(1).split()
    while name and name[0].lower() in function_words("en") | function_words(detect_language(prompt)):
        name = name[1:]  # "In Central Park": no one calls it "In"
    return " ".join([*name, word, *said.group(2).split()])  # "Lake Tahoe"


def painted_kind(setting: str) -> str:
    """The kind of place a named one is painted as ('mount fuji': the mountains), else itself."""
    entry = vocabulary.entry(setting)
    return entry.kind if entry is not None and entry.kind else setting


def _homeward(prompt: str, concept: Concept) -> bool:
    """'guide the boat safely home', 'bring it back home': home is where the story ends up going, not where it
    happens ('they go home' still takes it there)."""
    if concept.what != "home" or [w.lower() for w in concept.words] != ["home"]:
        return False
    at = prompt.lower().find("home")
    return bool(re.search(r"\b(?:safely|safe|back|way)\s+$", prompt[:at], re.IGNORECASE))


def _surface_or_under(setting: str, prompt: str, cast: Sequence[CastLike]) -> str:
    """A named sea is where people sail, row and fish, drawn from a ship's deck; it is under the sea only for a
    sea creature or when the prompt says so ('at the bottom of the sea', 'plonge')."""
    if setting != "sea":
        return setting
    said = {w.lower() for w in re.findall(r"\w+", prompt)}
    dweller = bool(cast) and cast[0].kind in SEA_DWELLERS
    return "underwater" if dweller or said & UNDER_THE_SEA else setting


# "look at the stars", "wave at the sea": what someone looks at is not where they are.
LOOKING_AT = re.compile(r"\b(?:look|looks|looking|gaze|gazes|gazing|stare|stares|staring|point|points|pointing|wave|"
                        r"waves|waving|smile|smiles|smiling|marvel|marvels|marvelling)\s+at\s+(?:the\s+)?(?:\w+\s+)?$"
                        # "wartet auf den Bus", "schaut auf das Meer": waits for it, looks at it, is not in it
                        r"|\b(?:wart\w*|schau\w*|blick\w*|freu\w*|hoff\w*)\s+(?:\w+\s+)?auf\s+(?:\w+\s+)?(?:\w+\s+)?$",
                        re.IGNORECASE)
# "sits by the pond under the moon": the moon (or the stars) overhead is the night sky, not outer space.
UNDER = re.compile(r"\bunder\s+(?:(?:the|a)\s+)?(?:\w+\s+)?$", re.IGNORECASE)
# "rides the subway to work": where someone is going is not where the panel is when another place is named.
TOWARDS = re.compile(r"\bto\s+(?:(?:the|a|an|their|his|her|our|my)\s+)?(?:\w+\s+)?$", re.IGNORECASE)
# "grows into a giant tree", "turns into a castle": what something becomes is a thing, not where it happens.
BECOMING = re.compile(r"\b(?:grows?|growing|grew|grown|turns?|turning|turned|changes?|changing|changed)\s+into\s+"
                      r"(?:(?:a|an|the)\s+)?(?:\w+\s+)?$", re.IGNORECASE)
# "a whale tangled in a fishing net": what holds someone is how they are, not where the story happens.
CAUGHT_IN = re.compile(r"\b(?:tangled|caught|stuck|trapped|wrapped)\s+(?:up\s+)?in\s+(?:a|an|the)\s+$", re.IGNORECASE)
UNKNOWN_PLACE = re.compile(r"\b(?:at|in|inside)\s+(?:a|an|the)\s+([a-z]+(?:\s+[a-z]+)?)(?=\s*(?:$|[,.;!?]|\s(?:at|in|on|"
                           r"with|during|before|after|and|while|when|for)\b))")
NOT_PLACES = {"hurry", "middle", "end", "way", "air", "dark", "morning", "evening", "afternoon", "night", "midnight",
              "noon", "dawn", "dusk", "rain", "snow", "wind", "fog", "storm", "sun", "sunshine", "moonlight", "summer",
              "winter", "spring", "autumn", "fall", "time", "moment", "meantime", "distance", "background", "corner",
              "row", "line", "mood", "style", "trouble", "dream", "dreams", "day", "week", "year", "past", "future",
              "mirror", "box", "bag", "pocket", "hand", "hat", "sky", "water", "mud", "shade", "sunlight", "spotlight"}


NAMED_PLACE = re.compile(r"\b(?:in|on|at|to|from|across|through|around|visits?|visiting|explores?|exploring)\s+"
                         r"(?:the\s+)?([A-Z][a-z'-]+(?:\s[A-Z][a-z'-]+)?)")  # "at the Taj Mahal", "on Zorg"


def _named_place(prompt: str, cast: Sequence[CastLike]) -> str:
    """'visits Frostvale', 'on Zorg': an invented place, named with a capital after a place word (not a name of
    the cast, not a thing the vocabulary knows)."""
    cast_words = {w.lower() for c in cast for w in [*c.words, *c.name.split()]}
    for match in NAMED_PLACE.finditer(prompt):
        name = match.group(1)
        if name.endswith(("'s", "’s", "'")):
            continue  # "at Noah's door": someone's, no place of its own
        if name.lower() not in cast_words and vocabulary.lookup(name) is None and detect_language(prompt) == "en":
            return name
    return ""


def _unknown_place(prompt: str, cast: Sequence[CastLike]) -> str:
    """'at the laundromat', 'in a bowling alley': an English place phrase the vocabulary has no place for."""
    cast_words = {w.lower() for c in cast for w in c.words}
    for match in UNKNOWN_PLACE.finditer(prompt):
        phrase = match.group(1)
        head = phrase.split()[-1]
        if head in NOT_PLACES or head in cast_words or detect_language(prompt) != "en" or \
                LOOKING_AT.search(prompt[:match.start(1)]) or CAUGHT_IN.search(prompt[:match.start(1)]):
            continue
        entry = vocabulary.lookup(head, "en")
        if entry is not None and entry.role == "prop" and _after_a_noun(prompt, match.start()):
            continue  # "finds a message in a bottle": the message's bottle, not where the story happens
        if entry is None or entry.role == "prop":
            return phrase
    return ""


def _after_a_noun(prompt: str, at: int) -> bool:
    """Does the preposition at `at` follow a noun with its article ('a message in', 'the cat in')?"""
    before = re.findall(r"[^\W\d_]+", prompt[:at].lower())[-2:]
    return len(before) == 2 and before[0] in grammar()["en"]["determiners"]


ON_PLACES = {"volcano", "beach", "street", "island", "farm", "ice", "snowfield", "mountain", "roof", "rooftop", "moon", "ship",
             "boat", "sea", "pier", "dock", "hill", "field", "lawn", "playground", "bridge", "road", "stage", "train"}
AT_PLACES = {"pond", "fair", "lighthouse", "station", "wedding", "party", "concert", "show", "talent show", "festival",
             "market", "carnival", "circus", "zoo", "airport", "bus stop", "picnic", "birthday party"}  # "at the wedding"
BARE_PLACES = {"space": ("space", "in space"), "mars": ("Mars", "on Mars"), "home": ("home", "at home"),
               "school": ("school", "at school"), "snowfield": ("the ice", "on the ice"),
               "underwater": ("the reef", "under the sea"), "mountains": ("the mountains", "in the mountains")}


def english_place(setting: str) -> tuple[str, str]:
    """'the beach' / 'on the beach', 'space' / 'in space'."""
    if setting in BARE_PLACES:
        return BARE_PLACES[setting]
    if setting in LANDMARK_PLACES.values():  # "waves from the Eiffel Tower": in Paris, a name with no article
        name = " ".join(part.capitalize() for part in setting.split())
        return name, f"in {name}"
    preposition = "on" if setting in ON_PLACES else "at" if setting in AT_PLACES else "in"
    return f"the {setting}", f"{preposition} the {setting}"


@lru_cache(maxsize=1)
def studio_place_names() -> dict[str, dict[str, list[str]]]:
    """The studio's own words for its places per language: 'le château' and 'au château' (assets/story_lines.json)."""
    return json.loads((ASSETS_DIR / "story_lines.json").read_text(encoding="utf-8"))["places"]

