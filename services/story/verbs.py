"""Where a text names an action of the vocabulary: its verbs and phrases, found by their lemmas.

Each verb phrase of `assets/actions.json` is lemmatized the way the text is ("caught" and
"catches" are both "catch"), so a phrase matches any conjugation; "…" in a phrase lets up to
three words stand between ("put the fire out"). The longest phrase wins where two overlap.
The same finder reads a prompt (what should happen) and a caption (what it says happened).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from services import vocabulary as nouns
from services.config import word_lists
from services.language.grammar import grammar
from services.language.inflection import Phrase, fill
from services.language.lemmas import Token, known, lemma, phrase_lemmas, tokens
from services.language.plurals import english_plural
from services.reading import ScenePlan, StoryEvent
from services.story.language import connective_words
from services.story.story_phrases import story_lines
from services.vocabulary.actions import told_as, vocabulary
from services.vocabulary.lookup import MIN_MISSPELT, one_letter_apart

GAP = 3
# A German separable verb's particle ends its clause, however far: "schauen das Feuerwerk über der Stadt an".
PARTICLE_GAP = 8
# "lleva a un ratón": a Spanish 'a' right after the verb is the personal a of whom it is done to, never the 'a'
# of 'llevar … a' (to whom it is taken), which comes after what is taken.
PERSONAL_A = frozenset({"a", "al"})
NOUN_GAP = 5  # the words a German phrase's noun may stand after its verb ('spielt er mit seinem Freund Fußball')
# An -ing form after these is a second action of the same actor ('hugs her mom before opening her present').
GERUND_OPENERS = frozenset(grammar()["en"]["gerund_openers"])
# An -ing form after one of these is the action it frames ('the neighbours start singing', 'keeps dancing').
FRAMING = frozenset(grammar()["en"]["framing"])


@dataclass(frozen=True)
class VerbMatch:
    action: str
    first: int  # index of its first token
    last: int  # index of its last token
    words: tuple[int, ...]  # the indices of its own words (a gap's words are not its own)
    alternatives: tuple[str, ...] = ()  # other actions the same words name ("voler": fly or steal)


@lru_cache(maxsize=8)
def verb_index(language: str) -> dict[str, list[tuple[tuple[str, ...], str]]]:
    """First lemma → (phrase lemmas, action), longest phrases first."""
    index: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for name, entry in vocabulary().actions.items():
        for phrase in entry.verbs.get(language, ()):
            lemmas = phrase_lemmas(phrase, language)
            if lemmas and lemmas[0] != "…":
                index.setdefault(lemmas[0], []).append((lemmas, name))
            if language == "de" and len(lemmas) == 3 and lemmas[1] == "…":
                joined = lemmas[2] + lemmas[0]  # "frisst … auf" is one word at a clause's end: "bis ein Pferd
                index.setdefault(joined, []).append(((joined,), name))  # ihn auffrisst" (lemma auffressen)
    for entries in index.values():
        entries.sort(key=lambda entry: -len(entry[0]))
    return index


def find_verbs(tokens: list[Token], language: str, skip: set[int] | frozenset[int] = frozenset()) -> list[VerbMatch]:
    """Every action named in the tokens, in order, none overlapping; tokens in `skip` are never a verb's."""
    index = verb_index(language)
    found: list[VerbMatch] = []
    taken: set[int] = set()
    for i, token in enumerate(tokens):
        if i in skip or i in taken or language == "de" and _frames_with_particle(tokens, i) \
                or language == "en" and (_contracted(tokens, i) or _describes_a_noun(tokens, i, found)
                                         or _owned(tokens, i)):
            continue
        candidates = index.get(token.lemma, []) + (index.get(token.lower, []) if token.lower != token.lemma else [])
        if not candidates and language == "de" and "ss" in token.lemma:  # "gegossen": simplemma says "giessen"
            candidates = index.get(token.lemma.replace("ss", "ß"), [])
        if not candidates and language == "en" and i >= 1 and (tokens[i - 1].lower in GERUND_OPENERS
                                                               or tokens[i - 1].lemma in FRAMING):
            candidates = next((index[stem] for stem in _gerund_stems(token.lower) if stem in index), [])
        if not candidates and language == "de":
            candidates = index.get(_infinitive_of_participle(token.lower), []) or index.get(
                _joined_participle(token.lower), [])
        if not candidates and token.text.islower():
            candidates = _misspelt(token.lower, language)
        auxiliary = _perfect_auxiliary(tokens, i, language) if not candidates else None
        if auxiliary is not None:  # "s'est caché", "a mangé", "ha pintado", "est tombé"; not "est caché" (hidden)
            g = grammar()[language]
            candidates = next((index[verb] for verb in infinitives_of_participle(token.lower, language, True)
                               if verb in index and (tokens[auxiliary].lemma != "être" or verb in g["perfect_with_etre"]
                                                     or auxiliary > 0 and tokens[auxiliary - 1].lower in g["reflexives"])),
                              [])
        for lemmas, name in sorted(candidates, key=lambda entry: -len(entry[0])):
            words = _match(tokens, i, lemmas, taken, language == "de", _determiners(language),
                           joining_words(language))
            if words is not None:
                same = tuple(dict.fromkeys(n for other, n in candidates if other == lemmas and n != name))
                found.append(VerbMatch(name, words[0], words[-1], tuple(words), same))
                taken.update(words)
                break
        else:
            made = _made(tokens, i, language)
            if made is not None:
                found.append(made)
                taken.add(i)
    return sorted(found, key=lambda m: m.first)


def _describes_a_noun(tokens: list[Token], at: int, found: list[VerbMatch]) -> bool:
    """'sells broken shells', 'finds lost kittens': an English participle right after a verb and right before a
    thing it describes is no verb of its own."""
    token = tokens[at]
    return bool(found) and found[-1].last == at - 1 and at + 1 < len(tokens) \
        and token.lower != token.lemma and token.lower.endswith(("en", "ed", "lost")) \
        and nouns.lookup(tokens[at + 1].text, "en") is not None


_OWNED = word_lists("story.verbs")
OWNERS = frozenset(_OWNED["owners"])


def _owned(tokens: list[Token], at: int) -> bool:
    """'wipes his greasy hands', 'their hands': a word someone owns is a thing, not a verb ('hands' over)."""
    if at >= 1 and tokens[at - 1].lower in OWNERS:
        return True
    return at >= 2 and tokens[at - 2].lower in OWNERS and _adjective(tokens[at - 1].lower) \
        and nouns.lookup(tokens[at - 1].text, "en") is None  # "his puppy catches it": the puppy catches


def _adjective(word: str) -> bool:
    """A word that looks like one describing a thing ('greasy', 'tired', 'little'), not a noun ('his friends
    carry him')."""
    return word in _OWNED["adjectives"] or word.endswith(tuple(_OWNED["adjective_endings"]))


@lru_cache(maxsize=1024)
def _misspelt(word: str, language: str) -> list[tuple[tuple[str, ...], str]]:
    """'bulid', 'slepes': a lower-case word no English dictionary knows is the one verb of the vocabulary a
    letter away, with or without an ending; nothing when two verbs are that near."""
    endings = grammar().get(language, {}).get("typo_endings")
    if not endings or len(word) < MIN_MISSPELT or known(word, language):
        return []  # French, German and Spanish conjugate too much to tell a typo from another verb's form
    index = verb_index(language)
    for stem in (word, *(word[:-len(end)] for end in endings if word.endswith(end))):  # the whole word first
        near: list[tuple[tuple[str, ...], str]] = [
            (lemmas, name) for key, entries in index.items() if " " not in key and one_letter_apart(stem, key)
            for lemmas, name in entries if len(lemmas) == 1]
        if len({name for _, name in near}) == 1:
            return near
    return []


@lru_cache(maxsize=8)
def _making_verbs(language: str) -> frozenset[str]:
    return frozenset(lemma(v, language) for v in vocabulary().made_things.verbs.get(language, ()) if " " not in v)


def _made(tokens: list[Token], at: int, language: str) -> VerbMatch | None:
    """'makes pancakes', 'fait un dessin', 'macht einen Schneemann': the action of the first thing named after a
    verb that only says something is made (cooked, painted, built); None when that thing is made no known way."""
    if tokens[at].lemma not in _making_verbs(language) or at + 1 < len(tokens) \
            and tokens[at + 1].lower in grammar()[language]["prepositions"]:
        return None  # "a planet made of cheese": what it is made of
    stops = joining_words(language)
    small = frozenset(grammar()[language]["determiners"])
    for j in range(at + 1, min(len(tokens), at + 1 + GAP + 2)):
        if tokens[j].lower in stops:
            return None
        if tokens[j].lower in small:
            continue
        for width in (2, 1):  # "ice cream", "hot dog" before "ice"
            said = " ".join(t.text for t in tokens[j:j + width])
            entry = nouns.lookup(said, language) if j + width <= len(tokens) else None
            if entry is not None:
                name = vocabulary().made_things.action_for(entry.noun)
                return VerbMatch(name, at, at, (at,)) if name else None
    return None


def _contracted(tokens: list[Token], at: int) -> bool:
    """'won't', 'can't': the word before an apostrophe's 't' is an auxiliary, never a verb ('won' is no win)."""
    return at + 1 < len(tokens) and tokens[at + 1].lower == "t" and tokens[at + 1].start == tokens[at].end + 1


def _frames_with_particle(tokens: list[Token], at: int) -> bool:
    """'fängt an zu singen': 'anfangen', said apart, frames the verb after it; nobody catches anything."""
    particle = grammar()["de"]["framing_particles"].get(tokens[at].lemma)
    return particle is not None and any(tokens[j].lower == particle and tokens[j + 1].lower == "zu"
                                        for j in range(at + 1, min(len(tokens) - 1, at + 6)))


@lru_cache(maxsize=8)
def _determiners(language: str) -> frozenset[str]:
    """English articles and possessives, which a phrase's gap steps over ('blows the little girl's hat into'); not
    in German, whose particles ('ein', 'an') are articles too, nor in French or Spanish, whose phrases end in a
    preposition that a place after the object would take ('porter … à': not 'porte le bonhomme … à la plage')."""
    return frozenset(grammar()["en"]["determiners"]) if language == "en" else frozenset()


@lru_cache(maxsize=8)
def joining_words(language: str) -> frozenset[str]:
    """The connectives said in one word ('and', 'but', 'puis'; not 'the' of 'the moment'): where a phrase's gap
    ends."""
    return frozenset(phrase.lower() for connective in vocabulary().connectives.values()
                     for phrase in connective.words.get(language, ()) if " " not in phrase)


def _match(tokens: list[Token], start: int, lemmas: tuple[str, ...], blocked: set[int],
           particles: bool = False, small: frozenset[str] = frozenset(),
           joins: frozenset[str] = frozenset()) -> list[int] | None:
    """The indices of a phrase's words from `start`, or None. Only its first word must be a verb where it
    stands: 'play … piano' takes the piano along. With `particles` (German), a gap's last word may stand at
    the end of its clause far from the verb, where no article follows it ('an' of 'schauen … an', not of
    'an der Wand')."""
    words = [start]
    position = start
    gap = False
    for part in lemmas[1:]:
        if part == "…":
            gap = True
            continue
        reach = GAP + 1 if gap else 1
        if gap:  # "blows the little girl's hat into": an article or a possessive's 's is no word of the gap
            reach += sum(tokens[j].lower in ("'s", "’s") or tokens[j].lower in small
                         for j in range(position + 1, min(len(tokens), position + reach + 2)))
        if gap and joins:  # "takes a banana, and runs away": a gap ends at a connective
            reach = next((k - position - 1 for k in range(position + 1, min(len(tokens), position + 1 + reach))
                          if tokens[k].lower in joins), reach)
        last = part is lemmas[-1]
        nxt = next((j for j in range(position + 1, min(len(tokens), position + 1 + reach))
                    if j not in blocked and _same(tokens[j], part)
                    and not (particles and gap and last and _article_follows(tokens, j))
                    and not (gap and part in PERSONAL_A and j == position + 1)), None)
        if nxt is None and gap and particles:  # "spielt er mit seinem Freund Fußball": a German noun stands late,
            nxt = next((j for j in range(position + 1, position + _unbroken(tokens, position, NOUN_GAP + 1))
                        if j not in blocked and tokens[j].text[:1].isupper() and _same(tokens[j], part)), None)
        if nxt is None and gap and particles and last:
            nxt = next((j for j in range(position + 1, min(len(tokens), position + 1 + PARTICLE_GAP))
                        if j not in blocked and _same(tokens[j], part) and _ends_a_clause(tokens, j)), None)
        if nxt is None:
            return None
        if not gap and nxt != position + 1:
            return None
        words.append(nxt)
        position, gap = nxt, False
    return words


def _unbroken(tokens: list[Token], position: int, reach: int) -> int:
    """How far from `position` the words run on with no mark or 'und' between them, at most `reach`."""
    joins = set(grammar()["de"]["coordinating"])
    for k in range(1, reach):
        j = position + k
        if j >= len(tokens) or tokens[j].start - tokens[j - 1].end > 1 or tokens[j].lower in joins:
            return k
    return reach


def _article_follows(tokens: list[Token], at: int) -> bool:
    """'trägt das Baby aus dem Haus': a German word an article follows is a preposition, no verb's particle
    (unless the phrase ends in the 'to' of whom it is for: 'bringt ihn zu ihrer Enkelin')."""
    g = grammar()["de"]
    return at + 1 < len(tokens) and tokens[at + 1].lower in g["determiners"] and tokens[at].lower not in g["recipient"] \
        and tokens[at + 1].start - tokens[at].end <= 1


def _ends_a_clause(tokens: list[Token], at: int) -> bool:
    """A German particle far from its verb stands last in its clause: at the end, before a mark ('schläft im
    Wald ein, bis'), or before a connective ('macht die Tür auf und geht'); not 'bis ein mutiger Ritter'."""
    if at + 1 == len(tokens):
        return True
    after = tokens[at + 1]
    return after.start - tokens[at].end > 1 or after.lower in connective_words("de")


def _gerund_stems(word: str) -> list[str]:
    """'opening' → open, 'making' → make, 'running' → run: the verbs an English -ing form may be."""
    if not word.endswith("ing") or len(word) < 6:
        return []
    base = word[:-3]
    return [base, base + "e", *([base[:-1]] if len(base) > 2 and base[-1] == base[-2] else [])]


def _infinitive_of_participle(word: str) -> str:
    """'gebacken' → 'backen', 'gespielt' → 'spielen', 'gerettet' → 'retten': a German past participle the
    lemmatizer does not know (strong verbs that change their vowel, 'gefunden', stay unread)."""
    found = re.fullmatch(r"ge([a-zäöüß]{2,}?)(?:en|et|t)", word)
    return f"{found.group(1)}en" if found else ""


def _joined_participle(word: str) -> str:
    """'aufgefressen' → 'auffressen': a German participle with its particle in front, as the verb index joins them."""
    for particle in _particles():
        if word.startswith(particle + "ge") and (verb := lemma(word[len(particle):], "de")) != word[len(particle):]:
            return particle + verb
    return ""


@lru_cache(maxsize=1)
def _particles() -> tuple[str, ...]:
    """The particles of the German verbs said as 'verb … particle' ('fressen … auf': auf), longest first."""
    said = {lemmas[2] for entries in verb_index("de").values() for lemmas, _ in entries
            if len(lemmas) == 3 and lemmas[1] == "…"}
    return tuple(sorted(said, key=len, reverse=True))


def _perfect_auxiliary(tokens: list[Token], at: int, language: str) -> int | None:
    """Where the auxiliary of a French or Spanish past participle stands, at most two words back ('s'est caché',
    'a vite mangé', 'ha pintado'), or None: the lemmatizer reads 'caché' as an adjective."""
    auxiliaries = _perfect_auxiliaries(language)
    if not auxiliaries:
        return None
    return next((j for j in range(at - 1, max(-1, at - 3), -1) if tokens[j].lemma in auxiliaries), None)


@lru_cache(maxsize=8)
def _perfect_auxiliaries(language: str) -> frozenset[str]:
    return frozenset(grammar().get(language, {}).get("perfect_auxiliaries", ()))


def infinitives_of_participle(word: str, language: str, irregular: bool = False) -> list[str]:
    """'caché' → cacher, 'pintado' → pintar, 'comido' → comer or comir: the infinitives a participle may be;
    with `irregular`, also those no ending gives ('couru' → courir), which only an auxiliary before them tells
    from a verb ('écrit', 'fait' are present forms too)."""
    g = grammar()[language]
    known = g.get("irregular_participles", {}).get(word) if irregular else None
    return [*([known] if known else []),
            *(word[:-len(ending)] + infinitive for ending, infinitive in g["participle_endings"]
              if word.endswith(ending) and len(word) > len(ending) + 1)]


def _same(token: Token, lemma: str) -> bool:
    return token.lemma == lemma or token.lower == lemma


def verb_words(text: str, language: str) -> list[tuple[str, ...]]:
    """The words of each verb a text names, as written ('répare', 'gräbt … aus': ('gräbt', 'aus'))."""
    said = tokens(text, language)
    return [tuple(said[i].text for i in match.words) for match in find_verbs(said, language)]


def tells(words: list[Token], language: str, action: str) -> bool:
    """Does a text name this action (a caption that says it happens)?"""
    return any(action in (m.action, *m.alternatives) for m in find_verbs(words, language))


def told(event: StoryEvent, reading: ScenePlan, caption: str) -> bool:
    """The caption names the action and someone or something it happens to."""
    lang = reading.language
    words = tokens(caption, lang)
    if not tells(words, lang, event.action):
        return False
    return bool(_names(event, reading) & ({t.lower for t in words} | {t.lemma for t in words}))  # "the grandmas"


def _names(event: StoryEvent, reading: ScenePlan) -> set[str]:
    """Every word a caption may use for the event's people and things: names, the prompt's words."""
    out: set[str] = set()
    for name in [*event.actors, event.object, event.recipient]:
        if not name:
            continue
        member = reading.member(name)
        if member is not None:
            out |= {w.lower() for w in re.findall(r"[^\W\d_]+", " ".join([member.name, *member.words]))}
            continue
        thing = next((t for t in reading.things if t.what == name), None)
        weather = story_lines()["weather_phrases"].get(name, {}).get(reading.language, "")
        said = [name, *(thing.words if thing else []), thing.phrase if thing else "", weather]
        out |= {w.lower() for w in re.findall(r"[^\W\d_]+", " ".join(said))}
    return out - {"the", "le", "la", "les", "der", "die", "das", "el", "los", "las", "l"}


def describe_event(event: StoryEvent, reading: ScenePlan) -> str:
    """The event in plain English for Brown's notes: 'the alien eats the sandwich'."""
    def who(names: list[str]) -> str:
        nouns = list(dict.fromkeys(_noun(n, reading) for n in names))
        if len(nouns) == 1 and len(names) > 1:
            return f"the {english_plural(nouns[0])}"  # copies: "the robots", "the children"
        return " and ".join(f"the {noun}" for noun in nouns)
    slots = {"actor": Phrase.plain(who(event.actors)), "Actor": Phrase.plain(who(event.actors))}
    if event.object:
        slots["object"] = Phrase.plain(who([event.object]))
    if event.recipient:
        slots["recipient"] = Phrase.plain(who([event.recipient]))
    if event.result:
        slots["result"] = Phrase.plain(who([event.result]))
    slots.setdefault("object", Phrase.plain(event.object_words or "something"))
    slots.setdefault("recipient", Phrase.plain("someone"))
    text = fill(told_as(event).clause["en"], slots, len(event.actors) > 1, "en")
    return text[:1].lower() + text[1:]


def _noun(name: str, reading: ScenePlan) -> str:
    member = reading.member(name)
    return (member.concept or member.role or member.noun or member.kind) if member else name


def said_in_the_past(tokens: list[Token], verb: VerbMatch, language: str) -> bool:
    """Is the verb said in a past tense ('stole', 'had stolen', 'a volé', 'gestohlen hat', 'robó', 'ha robado')?
    A past clause beside a present one tells what happened first."""
    said = tokens[verb.first]
    if language == "en":
        return said.lower != said.lemma and not said.lower.endswith(("s", "ing")) or verb.first >= 1 \
            and tokens[verb.first - 1].lower in ("had", "has", "have")
    if language == "de":
        return verb.last + 1 < len(tokens) and tokens[verb.last + 1].lemma in ("haben", "sein") \
            and said.lower.startswith("ge")
    if language == "es" and said.lower.endswith(("ó", "aron", "ieron")):
        return True
    return _perfect_auxiliary(tokens, verb.first, language) is not None
