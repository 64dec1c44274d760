"""simplemma's dictionaries, kept in an SQLite file so that a new process does not decode them again.

simplemma ships each language's dictionary compressed and decodes the whole of it into memory on
first use: about two seconds for German, Spanish, French and English together, paid by every new
process (the CLI, each test that starts one), and about 150 MB of memory. This factory reads the same
dictionaries through an SQLite table instead: built once per machine and simplemma version (a few
seconds per language, in the background of the first use), then opened in a millisecond and looked
up a word at a time. Nothing is downloaded: the table is made from the files simplemma ships. When
the cache folder cannot be written, the dictionaries are decoded in memory as simplemma does.
"""

from __future__ import annotations

import os
import sqlite3
import tempfile
import threading
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

import simplemma
from simplemma import LanguageDetector, Lemmatizer, MostCommonTokenSampler, RelaxedMostCommonTokenSampler
from simplemma.strategies import DefaultStrategy, DictionaryLookupStrategy
from simplemma.strategies.dictionaries.dictionary_factory import DEFAULT_DICTIONARY_FACTORY, DictionaryFactory

from services.settings import settings

VERSION = getattr(simplemma, "__version__", "0")


def cache_dir() -> Path:
    """`COMIC_CACHE_DIR`, else the user's cache folder (shared by every data directory and process)."""
    current = settings()
    if current.cache_dir is not None:
        return current.cache_dir
    return (current.xdg_cache_home or Path.home() / ".cache") / "bayko-brown"


class SqliteWords(Mapping[str, str]):
    """One language's dictionary, a word at a time from the table."""

    def __init__(self, store: WordStore, lang: str) -> None:
        self.store, self.lang = store, lang

    def __getitem__(self, key: str) -> str:
        value = self.get(key)
        if value is None:
            raise KeyError(key)
        return value

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        found = self.store.lookup(self.lang, key)
        return found if found is not None else default

    def __iter__(self) -> Iterator[str]:
        return iter(self.store.keys(self.lang))

    def __len__(self) -> int:
        return self.store.size(self.lang)


class WordStore:
    """A language's table, one SQLite file a language (built once, read-only after), a connection per thread."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.local = threading.local()
        self.lock = threading.Lock()
        self.built: set[str] = set()

    def path(self, lang: str) -> Path:
        return self.folder / f"simplemma-{VERSION}-{lang}.sqlite3"

    def _db(self, lang: str) -> sqlite3.Connection:
        dbs = self.local.__dict__.setdefault("dbs", {})
        if lang not in dbs:
            dbs[lang] = sqlite3.connect(f"file:{self.path(lang)}?mode=ro", uri=True)
        return dbs[lang]

    def ensure(self, lang: str) -> None:
        """Build a language's file when this machine has none yet."""
        if lang in self.built:
            return
        with self.lock:
            if lang not in self.built and not self.path(lang).exists():
                self._build(lang)
            self.built.add(lang)

    def _build(self, lang: str) -> None:
        """Write the table to a temporary file and put it in place: a reader never sees half a table, and two
        processes building at once both end with a whole file."""
        self.folder.mkdir(parents=True, exist_ok=True)
        words = DEFAULT_DICTIONARY_FACTORY.get_dictionary(lang)
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".building")
        os.close(handle)
        try:
            db = sqlite3.connect(temporary)
            db.execute("PRAGMA journal_mode = OFF")  # a scratch file until it is renamed
            db.execute("PRAGMA synchronous = OFF")
            db.execute("CREATE TABLE words (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID")
            db.executemany("INSERT OR REPLACE INTO words VALUES (?, ?)", words.items())
            db.commit()
            db.close()
            os.chmod(temporary, 0o644)
            os.replace(temporary, self.path(lang))
        finally:
            if os.path.exists(temporary):
                os.unlink(temporary)

    def lookup(self, lang: str, key: str) -> str | None:
        row = self._db(lang).execute("SELECT value FROM words WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def keys(self, lang: str) -> list[str]:
        return [row[0] for row in self._db(lang).execute("SELECT key FROM words")]

    def size(self, lang: str) -> int:
        return int(self._db(lang).execute("SELECT count(*) FROM words").fetchone()[0])


class CachedDictionaryFactory(DictionaryFactory):
    """simplemma's `DictionaryFactory` over the SQLite file; in memory when the file cannot be written."""

    def __init__(self, folder: Path) -> None:
        self.store = WordStore(folder)
        self.fallback = False

    @lru_cache(maxsize=16)  # noqa: B019 - one factory per process, kept for the process's life
    def get_dictionary(self, lang: str) -> Mapping[str, str]:
        if not self.fallback:
            try:
                self.store.ensure(lang)
                return SqliteWords(self.store, lang)
            except (OSError, sqlite3.Error):
                self.fallback = True  # a read-only home: decode in memory, as simplemma does
        return DEFAULT_DICTIONARY_FACTORY.get_dictionary(lang)


@lru_cache(maxsize=1)
def factory() -> CachedDictionaryFactory:
    return CachedDictionaryFactory(cache_dir())


@lru_cache(maxsize=1)
def lemmatizer() -> Lemmatizer:
    """simplemma's lemmatizer on the cached dictionaries."""
    return Lemmatizer(lemmatization_strategy=DefaultStrategy(dictionary_factory=factory()))


def langdetect(text: str, lang: tuple[str, ...]) -> list[tuple[str, float]]:
    """simplemma's `langdetect` on the cached dictionaries: each language's share of known words, best first
    (a tie broken by the relaxed sampler, as simplemma does)."""
    results: list[tuple[str, float]] = []
    for sampler in (MostCommonTokenSampler(), RelaxedMostCommonTokenSampler()):
        detector = LanguageDetector(lang, sampler, DefaultStrategy(dictionary_factory=factory()))
        results = sorted(detector.proportion_in_each_language(text).items(), key=lambda item: -item[1])
        if len(results) == 1 or results[0][1] != results[1][1]:
            return results
    return results


def is_known(word: str, lang: str) -> bool:
    """Does the language's dictionary know the word (as a form of some lemma)?"""
    return DictionaryLookupStrategy(dictionary_factory=factory()).get_lemma(word.lower(), lang) is not None
