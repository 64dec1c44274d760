"""Find the drawable nouns of a text, in English, French, German or Spanish.

The index joins the vocabulary's own entries (assets/vocabulary.json: roles, procedural kinds,
synonyms, landmarks) with the names of the OpenMoji pictograms from the `emoji` package. It is
built once, on first use, and every lookup after that is a dictionary probe per word.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from services.config import ASSETS_DIR, word_lists
from services.language import detection
from services.language.dictionaries import cache_dir, is_known
from services.language.grammar import grammar
from services.language.lemmas import lemma
from services.vocabulary.emoji_names import LANGUAGES, names, role_of
from services.vocabulary.entries import Entry
from services.vocabulary.lemmas import candidates, fold, key, words

VOCABULARY_FILE = Path(__file__).resolve().parents[2] / "assets" / "vocabulary.json"
WORD_LISTS_FILE = ASSETS_DIR / "word_lists.json"  # headword_skip shapes the index too
LONGEST_PHRASE = 4
MIN_HEAD = 4  # the shortest last noun of a German compound read as its head ('Katze' in 'Roboterkatze')
MIN_MISSPELT = 5  # the shortest word read as a misspelt noun (shorter ones are a letter away from too many)

_WORDS = word_lists("vocabulary.lookup")
# Function words that tell the language of a prompt apart (folded).
FUNCTION_WORDS: dict[str, set[str]] = {language: set(found) for language, found in _WORDS["function_words"].items()}
FUNCTION_WORD_SET = frozenset().union(*FUNCTION_WORDS.values())
# English words that are verbs as often as nouns: a noun only after a determiner ("a fly", "the ring").
AMBIGUOUS: set[str] = set(_WORDS["ambiguous"])
DETERMINERS: set[str] = set(_WORDS["determiners"])
HEADWORD_SKIP: set[str] = set(_WORDS["headword_skip"])
SHORT_GERMAN_HEADS: frozenset[str] = frozenset(_WORDS["short_german_heads"])
FALSE_FRIENDS: dict[str, set[str]] = {language: set(words) for language, words in _WORDS["false_friends"].items()}


@dataclass(frozen=True)
class Mention:
    """Where a text names an entry: character span and the words as written."""

    start: int
    end: int
    entry: Entry

    def text_of(self, text: str) -> str:
        return text[self.start:self.end]


@dataclass(frozen=True)
class Index:
    by_lang: dict[str, dict[str, Entry]]
    stop: frozenset[str]
    by_noun: dict[str, Entry]


@lru_cache(maxsize=1)
def index() -> Index:
    """The lookup tables: read from the cache file a build left (a new process then skips a quarter of a
    second of building), else built and the file written for the next process."""
    path = cache_dir() / f"vocabulary-{_signature()}.json"
    try:
        return _from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        pass
    built = _build_index()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False, suffix=".tmp") as f:
            json.dump(_to_json(built), f, ensure_ascii=False)
        os.replace(f.name, path)  # whole or not at all, whichever process writes it
        for stale in path.parent.glob("vocabulary-*.json"):  # an older vocabulary's index is never read again
            if stale != path:
                stale.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only cache folder: every process builds its own
    return built


def _signature() -> str:
    """What the index is made of: the vocabulary file, the word lists (headword_skip), this package's code, the
    emoji and simplemma versions."""
    digest = hashlib.sha256(VOCABULARY_FILE.read_bytes())
    digest.update(WORD_LISTS_FILE.read_bytes())
    for source in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(source.read_bytes())
    digest.update(f"{version('emoji')} {version('simplemma')}".encode())
    return digest.hexdigest()[:16]


def _to_json(idx: Index) -> dict:
    entries: dict[Entry, int] = {}
    for entry in [*idx.by_noun.values(), *(e for table in idx.by_lang.values() for e in table.values())]:
        entries.setdefault(entry, len(entries))
    return {"entries": [e.model_dump(exclude_none=True) for e in entries],
            "by_lang": {lang: {name: entries[e] for name, e in table.items()} for lang, table in idx.by_lang.items()},
            "by_noun": {noun: entries[e] for noun, e in idx.by_noun.items()}, "stop": sorted(idx.stop)}


def _from_json(data: dict) -> Index:
    entries = [Entry.model_construct(**{"code": None, "kind": None, "landmark": None, "gender": None, "holds": None,
                                        **raw}) for raw in data["entries"]]
    return Index(by_lang={lang: {name: entries[i] for name, i in table.items()} for lang, table in data["by_lang"].items()},
                 stop=frozenset(data["stop"]), by_noun={noun: entries[i] for noun, i in data["by_noun"].items()})


def _build_index() -> Index:
    """The lookup tables: language → folded name → entry."""
    data = json.loads(VOCABULARY_FILE.read_text(encoding="utf-8"))
    stop = frozenset(fold(w) for w in data["stop"])
    by_lang: dict[str, dict[str, Entry]] = {lang: {} for lang in LANGUAGES}
    curated: dict[str, Entry] = {}
    by_code: dict[str, Entry] = {}
    emoji = names()
    en_names = {code: name for name, code in emoji["en"].items()}
    for noun, raw in data["entries"].items():
        code = raw.get("code") or emoji["en"].get(key(noun))
        entry = Entry(noun=noun, role=raw["role"], code=code, kind=raw.get("kind"), landmark=raw.get("landmark"),
                      gender=raw.get("gender"), holds=raw.get("holds"))
        curated[noun] = entry
        if code and (code not in by_code or en_names.get(code) == key(noun)):
            by_code[code] = entry
        by_lang["en"][key(noun)] = entry
        for lang in LANGUAGES:
            for name in raw.get(lang, ()):
                by_lang[lang].setdefault(key(name), entry)
    for lang in LANGUAGES:
        for name, code in emoji[lang].items():
            if name in by_lang[lang] or name in stop:
                continue
            by_lang[lang][name] = by_code.get(code) or Entry(noun=en_names.get(code, name), role=role_of(code),
                                                              code=code)
    # Headwords: "spouting whale" also answers "whale", "hiking boot" "boot", unless a better entry has the word.
    for name, code in sorted(emoji["en"].items(), key=lambda kv: (len(kv[1]), kv[1])):
        head = name.rsplit(" ", 1)[-1]
        if " " in name and head not in stop and head not in HEADWORD_SKIP and not head.endswith("ing") \
                and head not in by_lang["en"]:
            by_lang["en"][head] = by_code.get(code) or Entry(noun=head, role=role_of(code), code=code)
    by_noun = dict(curated)
    for table in by_lang.values():
        for entry in table.values():
            by_noun.setdefault(entry.noun, entry)
    return Index(by_lang=by_lang, stop=stop, by_noun=by_noun)


def detect_language(text: str) -> str | None:
    """en, fr, de or es (services.language.detection); None for a text in another language."""
    found = detection.detect_language(text)
    return found if found in LANGUAGES else None


def entry(noun: str) -> Entry | None:
    """The entry of a plain English noun as the vocabulary spells it ('whale', 'space station')."""
    idx = index()
    return idx.by_noun.get(noun) or idx.by_lang["en"].get(key(noun))


def is_stop(word: str) -> bool:
    """A word the vocabulary keeps from ever being a picture or a name: 'day', 'friend', 'Tuesday'."""
    return fold(word) in index().stop


def lookup(phrase: str, lang: str | None = None) -> Entry | None:
    """A word or phrase in en/fr/de/es (any case, accents, plural) → its entry, or None."""
    spans = words(phrase)
    tokens = [w for _, _, w in spans]
    if not tokens:
        return None
    said = phrase[spans[-1][0]:spans[-1][1]]
    langs = [lang, "en"] if lang else list(LANGUAGES)
    idx = index()
    for language in dict.fromkeys(langs):
        if language == "en" and lang not in (None, "en") and len(tokens) == 1 \
                and fold(said) in FALSE_FRIENDS.get(lang, ()):
            continue  # "moustache" in French: a cat's whiskers, no English moustache
        table = idx.by_lang[language]
        for last in candidates(said, language):
            found = table.get(" ".join([*tokens[:-1], last]))
            if found is not None and (len(tokens) > 1 or last not in idx.stop or found.noun == last):
                return found
    if "de" in langs and len(tokens) == 1:
        return _german_head(idx, said)
    return None


def _german_head(idx: Index, said: str) -> Entry | None:
    """'Roboterkatze' is a cat, 'Piratenschiff' a ship: a German compound the vocabulary does not know is
    drawn as its last noun, the longest one it knows (at least four letters, after at least three)."""
    if not said[:1].isalpha():
        return None
    table = idx.by_lang["de"]
    splits = range(MIN_HEAD - 1, len(said) - MIN_HEAD + 1) if len(said) >= 2 * MIN_HEAD + 1 else range(0)
    short = [len(said) - 3] if len(said) >= 6 and said[-3:].lower() in SHORT_GERMAN_HEADS else []  # "Haustür"
    for split in [*splits, *short]:
        head = said[split:]
        for last in candidates(head[:1].upper() + head[1:], "de"):
            found = table.get(last)
            if found is not None and last not in idx.stop and last not in FUNCTION_WORD_SET:
                return found
    return None


def find(text: str, lang: str | None = None) -> list[Mention]:
    """Every drawable noun the text names, in order, longest phrase first ('space station' before 'space')."""
    language = lang or detect_language(text)
    langs = list(dict.fromkeys([language, "en"])) if language else list(LANGUAGES)
    idx = index()
    tokens = words(text)
    out: list[Mention] = []
    i = 0
    while i < len(tokens):
        hit = None
        before = _determiner_before(text, tokens[i][0])  # the same for every phrase starting here
        for size in range(min(LONGEST_PHRASE, len(tokens) - i), 0, -1):
            span = tokens[i:i + size]
            hit = _probe(idx, [w for _, _, w in span], text[span[-1][0]:span[-1][1]], langs, before)
            if hit is not None and size == 1 and (_after_clitics(text, span[0][0], language) or _nobody(
                    text, span[0][0], span[0][1], language)):
                hit = None  # "el gato se la bebe": drinks it, no baby (bebé); "quand personne ne regarde"
            if hit is not None and size == 1 and language == "de" and text[span[0][0]].islower() \
                    and capitalises_nouns(text):
                hit = None  # "die Hexe braut einen Trank": a German noun has a capital, 'braut' brews
            if hit is not None and size == 1:
                hit = _surface_sense(text, span[0][0], span[0][2], language) or hit
            if hit is not None:
                out.append(Mention(span[0][0], span[-1][1], hit))
                i += size
                break
        if hit is None:
            i += 1
    return out


def capitalises_nouns(text: str) -> bool:
    """Does the writer capitalise German nouns (a capital inside a sentence)? Then a lower-case word is none."""
    return re.search(r"[^.!?\s]\s+[A-ZÄÖÜ]", text) is not None


def _after_clitics(text: str, start: int, language: str | None) -> bool:
    """Does a French or Spanish object pronoun stand before the word, after a subject or reflexive pronoun
    ('se la bebe', 'elle le mange')? Then the word is the verb, whatever noun it looks like."""
    g = grammar().get(language or "", {})
    if "pronoun_position" not in g or g["pronoun_position"] != "before":
        return False
    before = _word_before(text, start)
    begin = text.rfind(before, 0, start) if before else -1
    earlier = _word_before(text, begin) if begin > 0 else ""
    openers = {fold(w) for w in (*g["subject_pronouns"], *g.get("clitic_openers", ()))}
    return before in {fold(w) for w in g["pronouns_person"]} and earlier in openers


def _surface_sense(text: str, start: int, word: str, language: str | None) -> Entry | None:
    """'rutscht auf dem Eis aus', 'glisse sur la glace': a word that is also a food (Eis, glace) is the icy
    ground when a preposition of the ground governs it (`surface_senses` in assets/grammar.json)."""
    g = grammar().get(language or "", {})
    sense = g.get("surface_senses", {}).get(word)
    if sense is None:
        return None
    before = _word_before(text, start)
    if before in {fold(w) for w in g.get("determiners", ())}:
        before = _word_before(text, text.rfind(before, 0, start))
    return entry(sense["noun"]) if before in {fold(w) for w in sense["after"]} else None


def _nobody(text: str, start: int, end: int, language: str | None) -> bool:
    """'quand personne ne regarde': a noun with no determiner before it and a negation after it is nobody."""
    negations = _negations(language or "")
    after = re.match(r"\s*([^\W\d_]+'?)", text[end:])
    determiners = DETERMINERS | {fold(w) for w in grammar().get(language or "", {}).get("determiners", ())}
    return after is not None and fold(after.group(1)) in negations and _determiner_before(text, start) not in determiners


@lru_cache(maxsize=8)
def _negations(language: str) -> frozenset[str]:
    return frozenset(fold(w) for w in grammar().get(language, {}).get("negations", ()))


def _determiner_before(text: str, start: int) -> str:
    """The word before a position, or the determiner before it and one adjective ('a strange box': 'a')."""
    before = _word_before(text, start)
    if before in DETERMINERS or not before:
        return before
    begin = text.rfind(before, 0, start) if before else -1
    earlier = _word_before(text, begin) if begin > 0 else ""
    adjective = before not in FUNCTION_WORD_SET and not any(before in idx for idx in index().by_lang.values())
    return earlier if earlier in DETERMINERS and adjective else before


def _word_before(text: str, start: int) -> str:
    """The word just before a position, folded, one-letter words included ("a" in "waits for a train")."""
    end = start
    while end > 0 and not text[end - 1].isalnum():
        end -= 1
    begin = end
    while begin > 0 and text[begin - 1].isalnum():
        begin -= 1
    return fold(text[begin:end])


def _probe(idx: Index, tokens: list[str], said: str, langs: list[str], before: str) -> Entry | None:
    for language in langs:
        table = idx.by_lang[language]
        if language == "en" and langs[0] != "en" and len(tokens) == 1 and (
                lemma(said, langs[0]) != fold(said) or fold(said) in FALSE_FRIENDS.get(langs[0], ())):
            continue  # a German "hat" (has) is no English hat, "hermana mayor" no mayor: a word of the prompt's own
        for last in candidates(said, language):
            phrase = " ".join([*tokens[:-1], last])
            found = table.get(phrase)
            if found is None:
                continue
            if len(tokens) == 1:
                if last in idx.stop and found.noun != last:
                    continue
                if last in FUNCTION_WORDS[language] or last in FUNCTION_WORDS[langs[0]]:
                    continue  # "die" is German's article before it is a game die (but French "son" is no son)
                # "dragons fly", "they plant trees": a verb here, unless after a determiner
                if language == "en" and last in AMBIGUOUS and before not in DETERMINERS \
                        and not _curated_safe(found, last):
                    continue
            return found
    if langs[0] == "de" and len(tokens) == 1 and said[:1].isupper():
        return _german_head(idx, said)  # a capitalised German word is a noun: its compound's head
    if len(tokens) == 1 and said[:1].islower() and len(said) >= MIN_MISSPELT and len(langs) <= 2:
        return _misspelt(said.lower(), langs[0])  # in a prompt of a known language (not Italian's 'tetto')
    return None


@lru_cache(maxsize=4096)
def _misspelt(word: str, language: str) -> Entry | None:
    """'sausige', 'elefant': a lower-case word no dictionary of the prompt's language knows is the one noun of
    its vocabulary a letter away (added, dropped, swapped or changed), or a noun another language spells so.
    A capitalised word is left alone: it may be a name ('Bella' is no bell)."""
    if is_known(word, language) or fold(word) in FUNCTION_WORD_SET:
        return None
    idx, word = index(), fold(word)
    near = {idx.by_lang[language][k].noun for v in (word, *_one_letter_less(word))
            for k in _near_keys(language).get(v, ()) if one_letter_apart(word, k)}
    if len(near) == 1:
        return idx.by_noun.get(near.pop())
    spelt = {idx.by_lang[other][word].noun for other in LANGUAGES if other != language and word in idx.by_lang[other]}
    return idx.by_noun.get(spelt.pop()) if len(spelt) == 1 else None


@lru_cache(maxsize=8)
def _near_keys(language: str) -> dict[str, tuple[str, ...]]:
    """Each one-word key of the language's table, and each of it with one letter left out, to the keys: two
    words a letter apart share one of these (the symmetric-delete way of finding them without comparing all)."""
    out: dict[str, list[str]] = {}
    for found in index().by_lang[language]:
        if " " not in found and len(found) >= MIN_MISSPELT - 1:
            for variant in (found, *_one_letter_less(found)):
                out.setdefault(variant, []).append(found)
    return {variant: tuple(keys) for variant, keys in out.items()}


def _one_letter_less(word: str) -> set[str]:
    return {word[:i] + word[i + 1:] for i in range(len(word))}


def one_letter_apart(a: str, b: str) -> bool:
    """One letter added, dropped or changed, or two neighbours swapped ('sausige', 'dinosuar')."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return a == b
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    if len(a) != len(b):
        return a[start + (len(a) > len(b)):] == b[start + (len(b) > len(a)):]
    return a[start + 1:] == b[start + 1:] or a[start:start + 2] == b[start:start + 2][::-1] and a[start + 2:] == b[start + 2:]


def _curated_safe(found: Entry, word: str) -> bool:
    """Words the vocabulary keeps even without a determiner: weather and its own creatures ('rain', 'bear')."""
    return found.role == "weather" or (found.role == "cast" and word in {"bear", "fish", "mouse", "duck", "bat"})
