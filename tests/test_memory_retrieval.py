"""Retrieval of accepted memories: the plain ranked query is bm25()'s top k by its definition, on sets built to
tie and mix; a prompt's repeated terms count once; old stores get the table made anew."""

from __future__ import annotations

import math
import random
import sqlite3
from pathlib import Path

import pytest

from services.memory.condenser import MAX_MEMORY_TOKENS, count_tokens
from services.memory.domain_memories import FTS_VERSION, STOPWORDS, DomainMemory, DomainMemoryStore, MemoryStatus
from services.memory.memory_retrieval import match_query, ranked
from services.memory.postgres_retrieval import idf

TRICKY_TEXTS = ["Miso is an orange cat.", "naïve café au lait", "snake_case and kebab-case", "日本の猫 Miso",
                "a\u0301b c\u0327d", "🐱🐶 emoji only", "x", "1.5 km/h at 3:00", "Ünïcödé Ärger ß",
                "l'école d'été", "C3PO R2-D2", "\u200bzero\u200bwidth", "A\uE000B private use", "ﬁne ligature",
                "Straße und Fußgänger", "αβγ δ", "dog dog dog dogs", "paint, paints, painted, painting!"]
K1, B = 1.2, 0.75  # FTS5's bm25() constants


def dense_world(count: int) -> list[str]:
    """Every prompt word in a tenth of the memories, thousands tied at the best score."""
    facts = ["is a dog", "never swims", "lives in the lighthouse", "has a red scarf", "hates the rain",
             "paints sunsets", "is afraid of ghosts", "wears glasses", "was born on Mars", "loves cake"]
    return [f"Pet{n // 100} {facts[(n // 10) % 10]} number {n}." for n in range(count)]


def mixed_world(count: int, seed: int) -> list[str]:
    """Words by Zipf's law, lengths from one word to twenty, repeated words, accents, other scripts."""
    rng = random.Random(seed)
    words = ["dog", "dogs", "cat", "paint", "paints", "sunset", "rain", "lighthouse", "whale", "moon", "café",
             "naïve", "Straße", "日本", "koala", "umbrella", "river", "castle", "bread", "snow", "owl", "fish",
             "boat", "garden", "piano", "kite", "ghost", "dragon", "crown", "map", "star", "tree"]
    weights = [1 / (rank + 1) for rank in range(len(words))]
    out = []
    for n in range(count):
        length = rng.choice([1, 1, 2, 3, 3, 4, 5, 6, 8, 10, 14])
        chosen = rng.choices(words, weights, k=length)
        if rng.random() < 0.1:
            chosen += [chosen[0]] * rng.randint(1, 3)  # a word that stands several times in one memory
        while count_tokens(" ".join(chosen) + f" #{n}") > MAX_MEMORY_TOKENS:
            chosen.pop()
        out.append(" ".join(chosen) + f" #{n}")
    return out


def store_with(tmp_path: Path, texts: list[str]) -> DomainMemoryStore:
    store = DomainMemoryStore(tmp_path)
    now = "2026-11-30T00:00:00+00:00"
    store.import_records([DomainMemory(memory_id=f"m{n}", issue_id="c", comment_id=f"c{n}", memory=text,
                                       created_at=now, updated_at=now, status=MemoryStatus.ACCEPTED)
                          .model_dump(mode="json") for n, text in enumerate(texts)])
    return store


def porter_terms(words: list[str]) -> list[str]:
    """The distinct FTS5 terms of the words, from a table of their own (each word here is one term or none)."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE w USING fts5(x, tokenize = 'porter unicode61')")
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(w, instance)")
    db.executemany("INSERT INTO w (rowid, x) VALUES (?, ?)", enumerate(words))
    terms = [term for _, term in db.execute("SELECT doc, term FROM v ORDER BY doc")]
    assert len(terms) <= len(words)
    return list(dict.fromkeys(terms))


def tokens_by_memory(db: sqlite3.Connection) -> dict[int, list[str]]:
    """Each accepted memory's FTS5 tokens, as the table holds them."""
    db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.every_token USING fts5vocab(main, accepted_fts, instance)")
    docs: dict[int, list[str]] = {}
    for doc, term in db.execute("SELECT doc, term FROM temp.every_token"):
        docs.setdefault(doc, []).append(term)
    return docs


def bm25_by_definition(docs: dict[int, list[str]], rows: int, words: list[str], limit: int) -> list[float]:
    """The `limit` best bm25() scores by its formula over every accepted memory (`rows` of them, some perhaps
    without a token)."""
    average = sum(len(terms) for terms in docs.values()) / rows
    scores: dict[int, float] = {}
    for term in porter_terms(words):
        holding = [doc for doc, terms in docs.items() if term in terms]
        idf = math.log((rows - len(holding) + 0.5) / (len(holding) + 0.5))
        idf = idf if idf > 0 else 1e-6
        for doc in holding:
            tf = docs[doc].count(term)
            scores[doc] = scores.get(doc, 0.0) - idf * tf * (K1 + 1) / (
                tf + K1 * (1 - B + B * len(docs[doc]) / average))
    return sorted(scores.values())[:limit]


def words_of(prompt: str) -> list[str]:
    return list(dict.fromkeys(w for w in prompt.lower().split() if w not in STOPWORDS))


@pytest.mark.parametrize("world", ["dense", "mixed"])
def test_the_ranked_query_is_bm25_top_k_by_its_definition(tmp_path: Path, world: str) -> None:
    texts = dense_world(3000) if world == "dense" else mixed_world(3000, seed=3)
    db = store_with(tmp_path, texts).db.connection()
    docs, rows = tokens_by_memory(db), db.execute("SELECT count(*) FROM accepted_fts").fetchone()[0]
    rng = random.Random(5)
    vocabulary = sorted({w.strip(".#").lower() for t in texts for w in t.split() if not w.startswith("#")})
    prompts = ["Pet3 the dog paints sunsets at the lighthouse in the rain", "dogs and dog paint paints",
               "nothing matches zzz", "café naïve Straße 日本"]
    prompts += [" ".join(rng.sample(vocabulary, rng.randint(1, 7))) for _ in range(25)]
    for prompt in prompts:
        words = words_of(prompt)
        want = bm25_by_definition(docs, rows, words, 30)
        for limit in (1, 8, 30):
            got = [score for _, score in ranked(db, "accepted_fts", words, limit)]
            assert got == pytest.approx(want[:limit], rel=1e-9, abs=1e-12), prompt


def test_a_term_the_prompt_repeats_counts_once(tmp_path: Path) -> None:
    store = store_with(tmp_path, mixed_world(500, seed=4))
    db = store.db.connection()
    assert match_query(db, ["dogs", "dog", "paint", "paints", "painted"]) == '"dogs" OR "paint"'
    assert ranked(db, "accepted_fts", ["dogs", "dog", "paints", "paint"], 8) == ranked(db, "accepted_fts",
                                                                                         ["dog", "paint"], 8)


def test_words_fts5_reads_as_no_token_or_as_syntax_ask_for_nothing_wrong(tmp_path: Path) -> None:
    store = store_with(tmp_path, TRICKY_TEXTS)
    db = store.db.connection()
    assert match_query(db, ["_", "🐱", "", "   "]) == ""
    assert match_query(db, ['say "no"']) == '"say ""no"""'
    for text in TRICKY_TEXTS:
        ranked(db, "accepted_fts", text.lower().split(), 8)
    assert store.relevant_texts("Miso the cat") == ["Miso is an orange cat.", "日本の猫 Miso"]


@pytest.mark.usefixtures("store_database")
def test_retrieval_returns_the_memories_newest_first_among_equals(tmp_path: Path) -> None:
    store = store_with(tmp_path, dense_world(3000))
    found = store.relevant_texts("the dog paints sunsets at the lighthouse in the rain")
    assert len(found) == 8 and all("paints sunsets" in text for text in found)


@pytest.mark.usefixtures("store_database")
def test_any_text_asks_a_question_that_finds_only_accepted_memories_sharing_a_word(tmp_path: Path) -> None:
    store = store_with(tmp_path, TRICKY_TEXTS)
    taught = store.add(DomainMemory(issue_id="c", comment_id="new1", memory="Miso the cat is secretly a ghost."))
    assert taught is not None  # new, never accepted: never found
    accepted = {record.memory for record in store.list(MemoryStatus.ACCEPTED)}
    for text in [*TRICKY_TEXTS, "' OR 1=1 --", "a & b | !c <-> d", '"unclosed', "\\", "%_%", "OR OR AND NOT"]:
        assert set(store.relevant_texts(text)) <= accepted
    found = store.relevant_texts("Miso the cat")
    assert found[0] == "Miso is an orange cat." and set(found) == {"Miso is an orange cat.", "日本の猫 Miso"}
    assert store.relevant_texts("the and of") == [] and store.relevant_texts("") == []
    assert store.relevant_texts("Straße") == ["Straße und Fußgänger"]


def test_a_term_held_by_more_memories_than_a_minute_old_total_weighs_like_one_held_by_all() -> None:
    assert idf(100, 1) > idf(100, 10) > idf(100, 60) == idf(100, 100) == idf(100, 150) == idf(0, 3) == 1e-6


@pytest.mark.usefixtures("store_database")
def test_a_rare_word_weighs_more_than_common_ones_and_a_short_memory_more_than_a_long_one(tmp_path: Path) -> None:
    common = [f"Cat{n} sleeps on the red sofa." for n in range(40)]
    store = store_with(tmp_path, [*common, "Ember the dragon guards the old bridge.",
                                  "Ember the dragon guards the old bridge and sleeps on the red sofa all day long.",
                                  "The moon is cheese."])
    found = store.relevant_texts("a dragon sleeps on the sofa")
    assert set(found[:2]) == {"Ember the dragon guards the old bridge and sleeps on the red sofa all day long.",
                              "Ember the dragon guards the old bridge."}  # "dragon" is rare: it outweighs "sofa"
    assert len(found) == 8 and "The moon is cheese." not in found
    assert store.relevant_texts("the old bridge")[0] == "Ember the dragon guards the old bridge."  # the shorter


def test_on_postgresql_the_ranking_is_bm25s_as_sqlite_computes_it(postgres_url: str, tmp_path: Path) -> None:
    """The same story-world memories (one short sentence each, as comments teach them) in both databases: the
    top 8 PostgreSQL gives scores, by SQLite's own bm25, at least 95 % of SQLite's top 8 (equal scores may break
    either way, and a stop word counts in FTS5's length, not in PostgreSQL's)."""
    import os

    rng = random.Random(5)
    names, relations = ["Mia", "Bolt", "Luna", "Rex", "Ember", "Pip", "Otto", "Nora"], ["likes", "fears", "paints",
                                                                                      "guards", "sings to", "hides"]
    things = ["dragon", "whale", "koala", "castle", "river", "snow", "owl", "fish", "boat", "cat", "dog", "bread"]
    weights = [1 / rank for rank in range(1, len(things) + 1)]
    texts = list(dict.fromkeys(f"{rng.choice(names)}{n % 40} {rng.choice(relations)} the "
                               f"{rng.choices(things, weights)[0]} by the {rng.choice(['sea', 'hill', 'tower'])}."
                               for n in range(600)))
    postgres = store_with(tmp_path / "pg", texts)
    url = os.environ.pop("COMIC_DATABASE_URL")
    try:
        sqlite = store_with(tmp_path / "sqlite", texts)
    finally:
        os.environ["COMIC_DATABASE_URL"] = url
    db = sqlite.db.connection()
    for prompt in ["a dragon and a whale", "the koala paints the castle", "snow on the river by the sea",
                   "Mia3 fears the owl", "the dog guards the bread"]:
        words = [w for w in prompt.lower().split() if w not in STOPWORDS]
        score = {db.execute("SELECT memory FROM memories WHERE rowid = ?", (rowid,)).fetchone()[0]: -bm25
                 for rowid, bm25 in ranked(db, "accepted_fts", words, 1000)}
        ours, reference = postgres.relevant_texts(prompt), sqlite.relevant_texts(prompt)
        assert len(ours) == len(reference) == 8, prompt
        assert sum(score[text] for text in ours) >= 0.95 * sum(score[text] for text in reference), prompt


MEMORIES = """
    CREATE TABLE memories (memory_id TEXT PRIMARY KEY, issue_id TEXT NOT NULL, comment_id TEXT NOT NULL,
        memory TEXT NOT NULL, user_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
        status TEXT NOT NULL, normalised TEXT NOT NULL UNIQUE, subject TEXT);
    INSERT INTO memories VALUES ('m0', 'c', 'c0', 'Rex is a grey dog.', NULL, '2026-01-01', '2026-01-01',
                                 'new', 'rex is a grey dog', 'rex');
"""
MISO = """INSERT INTO memories VALUES ('m1', 'c', 'c1', 'Miso is an orange cat.', NULL, '2026-01-01', '2026-01-01',
                                    'accepted', 'miso is an orange cat', 'miso')"""
# Version 1 of the full-text table: keyed by each memory's token floor in the high bits of the rowid.
KEYED = "(token_floor({0}.memory) << 40) | {0}.rowid"
VERSION_1 = f"""
    CREATE VIRTUAL TABLE accepted_fts USING fts5(memory, tokenize = 'porter unicode61');
    CREATE VIRTUAL TABLE accepted_fts_terms USING fts5vocab(accepted_fts, row);
    CREATE TRIGGER accepted_fts_insert AFTER INSERT ON memories WHEN new.status = 'accepted' BEGIN
        INSERT INTO accepted_fts (rowid, memory) VALUES ({KEYED.format("new")}, new.memory);
    END;
    CREATE TRIGGER accepted_fts_delete AFTER DELETE ON memories WHEN old.status = 'accepted' BEGIN
        DELETE FROM accepted_fts WHERE rowid = {KEYED.format("old")};
    END;
    CREATE TRIGGER accepted_fts_update AFTER UPDATE OF status, memory ON memories BEGIN
        DELETE FROM accepted_fts WHERE rowid = {KEYED.format("old")};
        INSERT INTO accepted_fts (rowid, memory) SELECT {KEYED.format("new")}, new.memory
            WHERE new.status = 'accepted';
    END;
    PRAGMA user_version = 1;
"""
# Version 0: keyed by memories.rowid, with no version recorded.
VERSION_0 = """
    CREATE VIRTUAL TABLE accepted_fts USING fts5(memory, tokenize = 'porter unicode61');
    CREATE TRIGGER accepted_fts_insert AFTER INSERT ON memories WHEN new.status = 'accepted' BEGIN
        INSERT INTO accepted_fts (rowid, memory) VALUES (new.rowid, new.memory);
    END;
"""


@pytest.mark.parametrize("version", [0, 1])
def test_a_store_from_an_older_table_gets_it_made_anew_when_opened(tmp_path: Path, version: int) -> None:
    db = sqlite3.connect(tmp_path / "domain_memories.db")
    db.create_function("token_floor", 1, lambda text: len(str(text).split()))  # what version 1's triggers called
    db.executescript(MEMORIES + (VERSION_1 if version else VERSION_0))
    db.execute(MISO)
    db.commit()
    if version:
        assert db.execute("SELECT rowid FROM accepted_fts").fetchone()[0] >> 40 == 5  # keyed the old way
    db.close()
    store = DomainMemoryStore(tmp_path)  # whose connections know no token_floor
    db = store.db.connection()
    assert db.execute("PRAGMA user_version").fetchone()[0] == FTS_VERSION
    assert db.execute("SELECT rowid FROM accepted_fts").fetchall() == db.execute(
        "SELECT rowid FROM memories WHERE status = 'accepted'").fetchall()
    assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'accepted_fts_terms'").fetchone()[0] == 0
    assert store.relevant_texts("Miso the cat") == ["Miso is an orange cat."]
    store.set_status("m0", MemoryStatus.ACCEPTED)  # the triggers are the new ones: no token_floor needed
    store.set_status("m1", MemoryStatus.REJECTED)
    assert store.relevant_texts("Miso the cat") == []
    assert store.relevant_texts("a grey dog") == ["Rex is a grey dog."]
    assert DomainMemoryStore(tmp_path).relevant_texts("a grey dog") == ["Rex is a grey dog."]  # opened again as is
