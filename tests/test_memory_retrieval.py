"""Retrieval of accepted memories: the bounded top k is bm25()'s top k, on sets built to break it."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from services.memory import memory_retrieval
from services.memory.condenser import MAX_MEMORY_TOKENS, count_tokens
from services.memory.domain_memories import STOPWORDS, DomainMemory, DomainMemoryStore, MemoryStatus
from services.memory.memory_retrieval import ranked, token_floor

TRICKY_TEXTS = ["Miso is an orange cat.", "naïve café au lait", "snake_case and kebab-case", "日本の猫 Miso",
                "a\u0301b c\u0327d", "🐱🐶 emoji only", "x", "", "   ", "1.5 km/h at 3:00", "Ünïcödé Ärger ß",
                "l'école d'été", "C3PO R2-D2", "\u200bzero\u200bwidth", "A\uE000B private use", "ﬁne ligature",
                "Straße und Fußgänger", "αβγ δ", "dog dog dog dogs", "paint, paints, painted, painting!"]


def fts_token_count(text: str) -> int:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'porter unicode61')")
    db.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
    db.execute("INSERT INTO t (x) VALUES (?)", (text,))
    return db.execute("SELECT count(*) FROM v").fetchone()[0]


@pytest.mark.parametrize("text", TRICKY_TEXTS)
def test_the_token_floor_never_exceeds_what_fts5_counts(text: str) -> None:
    assert token_floor(text) <= fts_token_count(text)
    if text.isascii():
        assert token_floor(text) == fts_token_count(text)


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


def every_match_scored(db: sqlite3.Connection, words: list[str], limit: int) -> list[float]:
    phrases, _ = memory_retrieval._terms(db, "accepted_fts", words)
    if not phrases:
        return []
    query = " OR ".join(f'"{w}"' for w in phrases)
    return [score for (score,) in db.execute(
        "SELECT bm25(accepted_fts) AS score FROM accepted_fts WHERE accepted_fts MATCH ? ORDER BY score LIMIT ?",
        (query, limit))]


def words_of(prompt: str) -> list[str]:
    return list(dict.fromkeys(w for w in prompt.lower().split() if w not in STOPWORDS))


@pytest.mark.parametrize("world", ["dense", "mixed"])
def test_the_bounded_top_k_scores_exactly_as_scoring_every_match(tmp_path: Path, world: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    texts = dense_world(4000) if world == "dense" else mixed_world(4000, seed=3)
    store = store_with(tmp_path, texts)
    db = store.db.connection()
    monkeypatch.setattr(memory_retrieval, "PLAIN_HITS", 0)  # the bounds on every prompt, not only large ones
    monkeypatch.setattr(memory_retrieval, "HEAD_ROWS", 16)
    bounded = []
    real_candidates = memory_retrieval._candidates
    monkeypatch.setattr(memory_retrieval, "_candidates",
                        lambda *args: bounded.append(result := real_candidates(*args)) or result)
    rng = random.Random(5)
    vocabulary = sorted({w.strip(".#").lower() for t in texts for w in t.split() if not w.startswith("#")})
    prompts = ["Pet3 the dog paints sunsets at the lighthouse in the rain", "dogs and dog paint paints",
               "nothing matches zzz", "café naïve Straße 日本"]
    prompts += [" ".join(rng.sample(vocabulary, rng.randint(1, 7))) for _ in range(40)]
    for prompt in prompts:
        for limit in (1, 8, 30):
            words = words_of(prompt)
            got = [score for _, score in ranked(db, "accepted_fts", words, limit)]
            want = every_match_scored(db, words, limit)
            assert got == pytest.approx(want, rel=1e-9, abs=1e-12), prompt
    used = [result for result in bounded if result is not None]
    assert len(used) >= len(bounded) // 4  # the bounds did the work, not only the fallback
    assert any(used)  # candidates beyond the head were scored
    if world == "dense":
        assert [] in used  # and the bounds alone ruled out thousands of tied memories


def test_retrieval_returns_the_memories_newest_first_among_equals(tmp_path: Path) -> None:
    store = store_with(tmp_path, dense_world(3000))
    found = store.relevant_texts("the dog paints sunsets at the lighthouse in the rain")
    assert len(found) == 8 and all("paints sunsets" in text for text in found)


def test_a_store_keyed_the_old_way_is_rekeyed_when_opened(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "domain_memories.db")
    db.executescript("""
        CREATE TABLE memories (memory_id TEXT PRIMARY KEY, issue_id TEXT NOT NULL, comment_id TEXT NOT NULL,
            memory TEXT NOT NULL, user_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
            status TEXT NOT NULL, normalised TEXT NOT NULL UNIQUE, subject TEXT);
        CREATE VIRTUAL TABLE accepted_fts USING fts5(memory, tokenize = 'porter unicode61');
        CREATE TRIGGER accepted_fts_insert AFTER INSERT ON memories WHEN new.status = 'accepted' BEGIN
            INSERT INTO accepted_fts (rowid, memory) VALUES (new.rowid, new.memory);
        END;
        INSERT INTO memories VALUES ('m1', 'c', 'c1', 'Miso is an orange cat.', NULL, '2026-01-01', '2026-01-01',
                                     'accepted', 'miso is an orange cat', 'miso');
    """)
    db.close()
    store = DomainMemoryStore(tmp_path)
    assert store.relevant_texts("Miso the cat") == ["Miso is an orange cat."]
    assert store.db.connection().execute("PRAGMA user_version").fetchone()[0] == 1
    store.set_status("m1", MemoryStatus.REJECTED)
    assert store.relevant_texts("Miso the cat") == []
