"""The prompt as the events reader sees it: its words, where it names characters, things and places, its clauses.

`events.py` reads the events from a `Sentence`, `event_roles.py` the roles in one clause. The small
grammatical words each step needs per language (determiners, prepositions, pronouns) are data, in
`assets/grammar.json`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from services import vocabulary
from services.language.grammar import grammar
from services.language.lemmas import Token, lemma, tokens
from services.reading import HUMAN_KINDS, PlannedCharacter, PlannedThing
from services.story.elements import about_a_topic
from services.story.language import GERMAN_GENDER, function_words
from services.story.verbs import GERUND_OPENERS, VerbMatch, infinitives_of_participle, verb_index
from services.vocabulary.actions import vocabulary as action_vocabulary

BOUNDARY_MARKS = ",;.:!?"


@dataclass
class Entity:
    """A character (or a group of copies), a thing or a place, where the prompt names it."""

    kind: str  # cast / thing / place
    names: tuple[str, ...]  # cast names, or the thing's or place's noun
    first: int
    last: int

    @property
    def label(self) -> str:
        return self.names[0]


@dataclass
class Clause:
    verb: VerbMatch
    start: int  # first token of the clause
    end: int  # one past its last token
    connective: str | None = None
    relative: bool = False  # opened by a relative pronoun
    extra: dict = field(default_factory=dict)


@dataclass
class Sentence:
    """The prompt's words and what they name, in one language."""

    prompt: str
    lang: str
    words: list[Token]
    entities: list[Entity]
    genders: dict[str, str]  # cast name → female / male, where the prompt says
    people: dict[str, bool]  # cast name → a person (not an animal or a creature)
    nouns: dict[str, frozenset[str]] = field(default_factory=dict)  # cast name → its kind and role
    # Whom a clause that names no subject goes on about, when not the last event's actors: the subject of a
    # passive ('is chased by a dog, then climbs a tree'), or the one before a participle ('finds an elephant
    # hiding in the barn and feeds it').
    topic: tuple[str, ...] | None = None

    def called(self, entity: Entity) -> set[str]:
        """What an entity is: a thing's noun, a character's name, kind and role ('Olive', 'person', 'astronaut')."""
        return {entity.label, *self.nouns.get(entity.label, ())}

    @property
    def g(self) -> dict:
        return grammar()[self.lang]

    @property
    def object_pronouns(self) -> frozenset[str]:
        """The pronouns that can stand for what an action is done to: 'it', 'him', 'la', 'ihn'."""
        return _object_pronouns(self.lang)

    def fits(self, entity: Entity, pronoun: str) -> bool:
        """Can a French, German or Spanish pronoun stand for this entity? Its gender is the article the prompt
        put before it ('une carotte' is feminine, so 'elle' can be the carrot); unknown fits."""
        wanted = self.g.get("pronoun_genders", {}).get(pronoun)
        articles = self.g.get("articles_by_gender")
        if wanted is None or not articles or entity.first == 0:
            return True
        genders: set[str] = set()
        for i in range(entity.first - 1, max(-1, entity.first - 4), -1):  # "un petit lapin": past an adjective
            if self.words[i].lower in self.g["of"]:
                break  # "una bandeja de helados": the tray's article is not the ice creams'
            genders = {gender for gender, words in articles.items() if self.words[i].lower in words}
            if genders and self.lang == "fr" and self.words[i].lower in ("mon", "ton", "son") \
                    and self.words[i + 1].lower[:1] in "aeéèêiîoôuhy":
                genders = set()  # "son épée": 'son' before a vowel says nothing of the gender
            if genders:
                break
            if self.words[i].lemma in verb_index(self.lang) or self.lang == "de" and self.words[i].text[:1].isupper():
                break  # "Der Bauer pflanzt Kartoffeln": 'Der' is the farmer's article, not the potatoes'
        said = self.words[entity.last]
        if not genders and self.lang in ("fr", "es", "de") and said.lemma != said.lower \
                and said.lower.endswith(("s", "x", "n", "e")):
            genders = {"pl"}  # a bare plural: "de helados", "des billes"
        if self.lang == "de" and (not genders or genders >= {"m", "n"}):  # "ein Ei", "Omas Wurst": the noun's
            known = GERMAN_GENDER.get(self.words[entity.last].lower)  # own gender, where it is known
            genders = {{"der": "m", "die": "f", "das": "n"}[known]} if known else genders
        if self.lang == "de" and wanted == "f":
            wanted_set = {"f", "pl"}  # sie
        else:
            wanted_set = {wanted}
        return not genders or bool(genders & wanted_set)


@lru_cache(maxsize=8)
def _object_pronouns(lang: str) -> frozenset[str]:
    g = grammar()[lang]
    return frozenset({*g["pronouns_thing"], *g["pronouns_person"]})


def read_sentence(prompt: str, language: str, cast: list[PlannedCharacter], things: list[PlannedThing],
                  setting: str, place_words: list[str]) -> Sentence:
    lang = language if language in grammar() else "en"
    words = _with_pronoun_phrases(tokens(prompt, lang), lang)
    entities = _entities(prompt, words, lang, cast, things, setting, place_words)
    return Sentence(prompt, lang, words, entities, {c.name: c.gender for c in cast if c.gender},
                    {c.name: c.kind in HUMAN_KINDS for c in cast},
                    {c.name: frozenset(n for n in (c.kind, c.role, c.noun) if n) for c in cast})


def _with_pronoun_phrases(words: list[Token], lang: str) -> list[Token]:
    """The words with a phrase that stands for a thing said before ('the whole thing') as one word, the pronoun
    it is ('it'), spanning the phrase's text."""
    phrases = {tuple(phrase.split()): pronoun for phrase, pronoun in grammar()[lang].get("pronoun_phrases", {}).items()}
    if not phrases:
        return words
    out: list[Token] = []
    i = 0
    while i < len(words):
        said = next(((parts, pronoun) for parts, pronoun in phrases.items()
                     if tuple(w.lower for w in words[i:i + len(parts)]) == parts), None)
        if said is None:
            out.append(words[i])
            i += 1
            continue
        last = words[i + len(said[0]) - 1]
        out.append(Token(words[i].start, last.end, last.text, said[1], said[1]))
        i += len(said[0])
    return out


def _entities(prompt: str, words: list[Token], lang: str, cast: list[PlannedCharacter], things: list[PlannedThing],
              setting: str, place_words: list[str]) -> list[Entity]:
    found: list[Entity] = []
    index = _WordIndex(words)
    groups: dict[tuple[str, ...], list[str]] = {}
    for member in cast:
        groups.setdefault(tuple(w.lower() for w in member.words) or (member.name.lower(),), []).append(member.name)
    for said, names in groups.items():
        for phrase in {*said, *(n.lower() for n in names)}:
            for first, last in index.spans(phrase, lang):
                if not about_a_topic(prompt, words[first].start, words[last].end):  # not "a dinosaur story"
                    found.append(Entity("cast", tuple(names), first, last))
    for thing in things:
        for phrase in {w.lower() for w in thing.words}:
            for first, last in index.spans(phrase, lang):
                found.append(Entity("thing", (thing.what,), first, last))
    for mention in vocabulary.find(prompt, lang if lang != "other" else None):
        if mention.entry.role not in ("weather", "setting"):
            continue
        starts = [i for i, t in enumerate(words) if t.start >= mention.start]
        ends = [i for i, t in enumerate(words) if t.end <= mention.end]
        if not starts or not ends or ends[-1] < starts[0]:
            continue
        first, last = starts[0], ends[-1]
        if mention.entry.role == "weather":
            if lang == "en" and mention.text_of(prompt).lower().endswith("y") and not mention.entry.noun.endswith("y"):
                continue  # "one rainy night": the weather of the panel, not a thing that acts or is acted on
            found.append(Entity("thing", (mention.entry.noun,), first, last))
        else:
            text = mention.text_of(prompt).lower()
            main = setting != "backdrop" and any(text == w.lower() for w in place_words)
            found.append(Entity("place", (setting if main else mention.entry.noun,), first, last))  # "the tower"
    for phrase in place_words:
        for first, last in index.spans(phrase.lower(), lang):
            found.append(Entity("place", (setting,), first, last))
    return _without_overlaps(found)


class _WordIndex:
    """Where each word of the prompt is, by its lower-case form, its lemma and its hyphen parts ("rex" of
    "T-rex", "Hund" of "Detektiv-Hund"), so that finding every thing's words costs a lookup each, not a walk
    over the whole prompt (a long list of nouns named hundreds of things)."""

    def __init__(self, words: list[Token]) -> None:
        self.words = words
        self.by_lower: dict[str, list[int]] = {}
        self.by_lemma: dict[str, list[int]] = {}
        self.by_part: dict[str, list[int]] = {}
        for i, word in enumerate(words):
            self.by_lower.setdefault(word.lower, []).append(i)
            self.by_lemma.setdefault(word.lemma, []).append(i)
            for part in set(word.lower.split("-")):
                self.by_part.setdefault(part, []).append(i)

    def spans(self, phrase: str, lang: str) -> list[tuple[int, int]]:
        """The first and last word of every place the phrase is said (one word also by lemma or hyphen part)."""
        parts = [t.lower for t in tokens(phrase, lang)]
        if not parts:
            return []
        size = len(parts)
        if size == 1:
            by_lemma = self.by_lemma.get(lemma(parts[0], lang), ())
            if lang == "de":  # "der Koch kocht": a German noun has its capital, 'kocht' (lemma kochen) is a verb
                by_lemma = [i for i in by_lemma if self.words[i].text[:1].isupper()]
            starts = {*self.by_lower.get(parts[0], ()), *by_lemma, *self.by_part.get(parts[0], ())}
        else:
            starts = {i for i in self.by_lower.get(parts[0], ())
                      if [w.lower for w in self.words[i:i + size]] == parts}
        return [(i, i + size - 1) for i in sorted(starts)]


def _without_overlaps(found: list[Entity]) -> list[Entity]:
    """Longest first; a character wins over a thing over a place at the same words."""
    rank = {"cast": 0, "thing": 1, "place": 2}
    kept: list[Entity] = []
    for entity in sorted(found, key=lambda e: (e.first - e.last, rank[e.kind], e.first)):
        if all(entity.last < k.first or entity.first > k.last for k in kept):
            kept.append(entity)
    return sorted(kept, key=lambda e: e.first)


def noun_positions(words: list[Token], lang: str, prompt: str = "") -> set[int]:
    """Words a determiner puts before a noun ('a fly', 'the watch'), and German nouns (capitalised
    inside a sentence): not verbs."""
    determiners = set(grammar()[lang]["determiners"])
    out = set()
    prepositions = set(grammar()[lang]["prepositions"]) - set(grammar()[lang]["infinitive"])
    causatives = set(grammar()[lang].get("causatives", ()))  # "makes the frog dance": a verb after the frog
    for i, token in enumerate(words):
        if i and words[i - 1].lower in determiners and not _clitic(words, i - 1, lang) \
                and not _pronoun_one(words, i - 1, lang) and not _relative_that(words, i - 1, lang):
            out.add(i)
        if i > 1 and lang == "en" and words[i - 1].lower in ("'s", "’s") \
                and words[i - 2].lower not in grammar()["en"]["subject_pronouns"] and not token.lower.endswith("ing"):
            out.add(i)  # "the sparrow's broken wing": a possessive, then a noun (not "it's raining", "the cat's sleeping")
        if i > 1 and words[i - 2].lower in determiners and _adjective(words[i - 1], lang) \
                and vocabulary.lookup(token.text, lang) is not None:
            out.add(i)  # "the little train stops": a known noun after an adjective
        if i > 2 and words[i - 3].lower in determiners and _adjective(words[i - 2], lang) \
                and _adjective(words[i - 1], lang) and vocabulary.lookup(token.text, lang) is not None:
            out.add(i)  # "a giant golden fish, but…": a known noun after two adjectives, not a verb
        if i and lang in ("fr", "es") and _participle(token, lang) \
                and vocabulary.lookup(words[i - 1].text, lang) is not None:
            out.add(i)  # "un petit bateau perdu", "un perro perdido": a participle after its noun describes it
        if i > 1 and lang == "en" and token.lower.endswith("ing") and words[i - 2].lower in determiners \
                and _adjective(words[i - 1], lang) and i + 1 < len(words) \
                and vocabulary.lookup(words[i + 1].text, lang) is not None:
            out.add(i)  # "a tiny cleaning robot chases": what kind of robot, not someone cleaning
        if i and lang == "en" and words[i - 1].lower in prepositions and not _mark_between(prompt, words, i - 1, i) \
                and not (token.lower.endswith("ing") and words[i - 1].lower in GERUND_OPENERS):
            out.add(i)  # "travels by train": a noun; not "wakes up, eats", nor "before opening"
        if lang == "de" and i and token.text[:1].isupper() and not words[i - 1].text.endswith((".", "!", "?")):
            out.add(i)
        if i > 1 and lang == "en" and _compound_head(words, i) \
                and not {w.lower for w in words[max(0, i - 4):i - 1]} & causatives:
            out.add(i)  # "at the school party": a noun after a noun, not a verb ("the dog barks", "the cat ate")
        if i and lang == "en" and i - 1 not in out and not _mark_between(prompt, words, i - 1, i) \
                and _bare_object(words, i):
            out.add(i)  # "drinks water", "eats fish": what the verb before takes, not another verb
    return out


def _bare_object(words: list[Token], i: int) -> bool:
    """An English thing said with no article right after a verb that takes an object ('drinks water')."""
    if words[i].lower.endswith("ing") or words[i - 1].lemma not in verb_index("en"):
        return False
    thing = vocabulary.lookup(words[i].text, "en")
    return thing is not None and thing.role in ("prop", "cast")  # "eats fish", "chases mice"


def _participle(token: Token, lang: str) -> bool:
    """A French or Spanish past participle of a known verb ('perdu' of perdre, 'perdido' of perder), unlike a
    present form that ends alike ('nettoie' of nettoyer, 'olvida' of olvidar)."""
    return any(verb in verb_index(lang) for verb in infinitives_of_participle(token.lower, lang))


def _compound_head(words: list[Token], i: int) -> bool:
    """English 'determiner, singular noun, word in its base form': the second noun of a compound. A verb after a
    singular subject ends in -s or is a past form ('the dog barks', 'the dog jumped', 'the cat ate')."""
    token, before, g = words[i], words[i - 1], grammar()["en"]
    if i > 2 and words[i - 3].lower in ("and", "with", "&") or i + 1 < len(words) and words[i + 1].lower in g["determiners"]:
        return False  # "a farmer and his son climb the tree": two subjects and their verb
    if i > 3 and words[i - 3].lower == "of" and lemma(words[i - 4].text, "en").lower() != words[i - 4].lower:
        return False  # "the grandmothers of the village play football": the grandmothers play
    if i > 2 and words[i - 3].lower in g["plural_quantifiers"] or before.lower in g["irregular_plurals"]:
        return False  # "all the fish dance", "the children sing": several, and their verb
    known = vocabulary.lookup(before.text, "en")
    # Not a past form ("a wave broke it"), nor an -ing word after someone: what they do ("takes his
    # granddaughter fishing").
    return words[i - 2].lower in g["determiners"] and known is not None \
        and lemma(before.text, "en").lower() == before.lower and not before.lower.endswith("s") \
        and not token.lower.endswith(("s", "ed")) and lemma(token.text, "en").lower() == token.lower \
        and token.lower not in g["past_forms"] and not (token.lower.endswith("ing") and known.role == "cast")


def _relative_that(words: list[Token], at: int, lang: str) -> bool:
    """'the dog that found her ball': 'that' after a noun opens a relative clause, and a verb follows it."""
    return lang == "en" and words[at].lower in grammar()["en"]["relatives"] and at >= 1 \
        and vocabulary.lookup(words[at - 1].text, lang) is not None


def _pronoun_one(words: list[Token], at: int, lang: str) -> bool:
    """'the smallest one wins': 'one' after an article or an adjective stands for a noun, and a verb follows it."""
    return lang == "en" and words[at].lower == "one" and at >= 1 and (
        words[at - 1].lower in ("the", "a", "this", "that") or words[at - 1].lower.endswith(("est", "er")))


def _adjective(word: Token, lang: str) -> bool:
    """A word between an article and a noun that is neither a noun we know, nor a small word, nor inflected
    ('little', not 'friends')."""
    participle = lang == "en" and word.lower.endswith(("ing", "ed", "en"))  # "a talking fish", "the frozen lake"
    return word.lower not in function_words(lang) and vocabulary.lookup(word.text, lang) is None \
        and (participle or lemma(word.text, lang).lower() == word.lower)


def _clitic(words: list[Token], i: int, lang: str) -> bool:
    """French and Spanish 'la', 'le', 'lo' right before a verb-looking word are object pronouns, and before any
    word after a subject or reflexive pronoun ('se la bebe')."""
    g = grammar()[lang]
    if g.get("pronoun_position") != "before" or words[i].lower not in g["pronouns_thing"] or i + 1 >= len(words):
        return False
    opened = i >= 1 and words[i - 1].lower in {*g["subject_pronouns"], *g.get("clitic_openers", ())}
    before, after = words[i - 1] if i >= 1 else None, words[i + 1]
    infinitive = after.lemma == after.lower and after.lower.endswith(("er", "ir", "re", "ar"))
    if not opened and before is not None and before.lemma != before.lower and before.lemma in verb_index(lang) \
            and not infinitive:  # "apprend la valse": after a verb 'la' is an article; but "part la chercher"
        return False
    return opened or vocabulary.lookup(words[i + 1].text, lang) is None


def negated(words: list[Token], verb: VerbMatch, lang: str) -> bool:
    """'never sleeps', 'doesn't eat', 'ne mange pas', 'isst nicht', 'sin querer' (unmeant): the negation next to
    the verb; what is done 'without' it does not happen, and what is done 'um … zu', 'pour', 'para' is only meant."""
    g = grammar()[lang]
    negations = {*g["negations"], *g.get("without", ()), *g.get("purpose", ())}  # before the verb
    first = verb.first
    if g.get("pronoun_position") == "before":  # "no lo encuentra", "no se lo come": past the pronouns to the no
        clitics = {*g["pronouns_thing"], *g["pronouns_person"], *g.get("reflexives", ()), "se"}
        while first >= 1 and words[first - 1].lower in clitics:
            first -= 1
    before = {t.lower for t in words[max(0, first - 1):first]}
    if verb.first >= 2 and words[verb.first - 1].lower in g.get("auxiliaries", ()):
        before.add(words[verb.first - 2].lower)  # "when nobody is looking"
    if verb.first >= 2 and words[verb.first - 1].lower in {"t", "not"}:
        before.add(words[verb.first - 2].lower)
    if lang == "de" and verb.first >= 1 and words[verb.first - 1].lower == "zu":
        before |= {t.lower for t in words[max(0, verb.first - 6):verb.first]} & negations  # "ohne es zu wecken"
    after = {t.lower for t in words[verb.last + 1:verb.last + 2]} if lang in ("fr", "de") else set()
    if lang == "de" and after & {*g["pronouns_thing"], *g["pronouns_person"]}:
        after = {t.lower for t in words[verb.last + 2:verb.last + 3]}  # "findet sie nicht"
    nobody = set(g.get("nobody", ()))
    for i in range(max(0, first - 4), first):  # "weil keiner mehr Tee trinken will", "personne ne mange", "nobody eats"
        if words[i].lower in nobody and (lang != "fr" or i + 1 < len(words) and words[i + 1].lower in ("ne", "n")):
            return True
    if words[verb.first].lower == "nada" and lang == "es":  # "no hace nada": nothing, not "swims"
        before |= {t.lower for t in words[max(0, verb.first - 3):verb.first]}
    return bool(before & negations or after & set(g["negations"]))  # "court pour…", "läuft um den See": done


def connectives(words: list[Token], lang: str) -> list[tuple[int, int, str, bool]]:
    """(first token, last token, kind, reverses) of every connective word or phrase."""
    found = []
    for connective in action_vocabulary().connectives.values():
        for phrase in connective.words.get(lang, ()):
            parts = [_unelided(t.lower) for t in tokens(phrase, lang)]  # "jusqu'à ce qu'" ends on "qu"
            for i in range(len(words) - len(parts) + 1):
                if [_unelided(w.lower) for w in words[i:i + len(parts)]] == parts:
                    found.append((i, i + len(parts) - 1, connective.kind, connective.reverses))
    found.sort(key=lambda c: (c[0], c[0] - c[1]))
    kept: list[tuple[int, int, str, bool]] = []
    for c in found:
        if not kept or c[0] > kept[-1][1]:
            kept.append(c)
    return kept


def _unelided(word: str) -> str:
    return word.rstrip("'’")


def clauses(prompt: str, words: list[Token], verbs: list[VerbMatch], connectives: list[tuple[int, int, str, bool]],
             lang: str) -> list[Clause]:
    relatives = set(grammar()[lang]["relatives"])
    clauses = []
    previous_end = 0
    for n, verb in enumerate(verbs):
        start = previous_end
        kind = None
        reverses = False
        for first, last, k, rev in connectives:
            if previous_end <= first < verb.first and (n > 0 or k != "and"):  # "a penguin and a bear race"
                if not (k == "and" and kind not in (None, "and")):  # "but a bear sneezes and eats it": the turn
                    kind, reverses = k, rev  # is 'but', whatever 'and' joins the unread verb to its own
                start = last + 1
        if lang == "de" and kind == "because" and start == verb.first and words[start - 1].lower == "da":
            kind, reverses = "then", False  # "Da stiehlt ihm ein Fuchs die Wurst": the verb right after, then
        relative = marked = False
        for i in range(verb.first - 1, max(previous_end - 1, start - 1, 0) - 1, -1):
            if words[i].lower in relatives and i > 0 and _relative(prompt, words, i, lang):
                start, relative = i + 1, True
                break
            if _mark_between(prompt, words, i, i + 1):
                start, marked = max(start, i + 1), True
                break
        end = verbs[n + 1].first if n + 1 < len(verbs) else len(words)
        # "aterriza en una granja y ordeña una vaca": a verb no action knows ends the clause; the cow is not landed on
        end = next((first for first, last, k, _ in connectives if verb.last < first < end
                    and _opens_an_unread_clause(words, last, k, lang)), end)
        clauses.append(Clause(verb, start, end, kind, relative, extra={"reverses": reverses, "marked": marked}))
        previous_end = verb.last + 1
    for clause, after in zip(clauses, clauses[1:]):
        if after.start > clause.verb.last + 1 or after.extra["marked"]:  # "…hört auf, und die Kinder": theirs
            clause.end = min(clause.end, after.start)
        if clause.relative and not after.relative and after.connective is None and clause.start >= 2 \
                and not any(_mark_between(prompt, words, i, i + 1) for i in range(clause.verb.last, after.verb.first)):
            # "The cat who stole the fish runs away": the main verb after a relative clause is its antecedent's
            after.extra["antecedent_at"] = clause.start - 2
    return clauses


def _opens_an_unread_clause(words: list[Token], last: int, kind: str, lang: str) -> bool:
    """After a connective ending at `last`: a word that opens no noun phrase ('then the kitten scratches', 'puis un
    hibou entre', 'y ordeña'), so a verb no action knows is said there; not 'and the pear', 'and cookies', 'und
    Max'."""
    if last + 1 >= len(words):
        return False
    if kind != "and":
        return True  # 'then', 'puis', 'dann', 'but' only ever join clauses
    after, g = words[last + 1], grammar()[lang]
    opens_a_noun = after.lower in g["determiners"] or after.lower in g["numbers"] or after.text[:1].isupper()
    return not opens_a_noun and vocabulary.lookup(after.text, lang) is None


def _relative(prompt: str, words: list[Token], i: int, lang: str) -> bool:
    """'that', 'die', 'que' is a relative pronoun here (not 'so that' nor an article before a noun). German puts
    a comma before a relative clause ('der Roboter, der …'; 'durch das ganze Haus' is an article)."""
    if lang == "de":
        return i > 0 and i + 1 < len(words) and not words[i + 1].text[:1].isupper() \
            and "," in prompt[words[i - 1].end:words[i].start]
    return True


def _mark_between(prompt: str, words: list[Token], i: int, j: int) -> bool:
    if j >= len(words):
        return False
    return any(mark in prompt[words[i].end:words[j].start] for mark in BOUNDARY_MARKS)
