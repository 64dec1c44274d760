"""Where the plain ranked query (`ORDER BY bm25() LIMIT 8`) spends its time, on both sets of bench_memories.

    python -m benchmarks.fts5_row_cost

`bm25()` scores every memory that shares a word with the prompt, so its cost
follows the number of matches. This prints, for the 33 000 accepted memories of
each set at 100 000: how many memories a prompt matches and what the ranked
query costs; for the dense set also matching alone, `bm25()` over a sample of the
matches (so the cost of one scored row), and `bm25()` on a table that keeps no
per-row sizes (its scores lose length normalisation, so the store cannot use it;
it only shows what the per-row size lookup costs).
"""

from __future__ import annotations

import re
import sqlite3
import statistics
import time

from benchmarks.bench_memories import PROMPT, records, story_world_prompts, story_world_records
from services.memory import memory_retrieval
from services.memory.domain_memories import STOPWORDS

RANKED = "SELECT rowid, bm25(fts) AS score FROM fts WHERE fts MATCH ? {where} ORDER BY score LIMIT 8"
COUNT = "SELECT count(*) FROM fts WHERE fts MATCH ?"


def median_ms(db: sqlite3.Connection, sql: str, queries: list[str], runs: int = 15) -> float:
    """The median over `runs` rounds of every query."""
    samples = []
    for _ in range(runs):
        for query in queries:
            start = time.perf_counter()
            db.execute(sql, (query,)).fetchall()
            samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def table(options: str, accepted: list[str]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    memory_retrieval.prepare(db)
    db.execute(f"CREATE VIRTUAL TABLE fts USING fts5(memory, tokenize = 'porter unicode61'{options})")
    db.executemany("INSERT INTO fts (rowid, memory) VALUES (?, ?)", enumerate(accepted, start=1))
    return db


def query_of(db: sqlite3.Connection, prompt: str) -> str:
    """The FTS5 query the store asks for this prompt."""
    words = list(dict.fromkeys(w for w in re.findall(r"\w+", prompt.lower()) if w not in STOPWORDS))
    return memory_retrieval.match_query(db, words)


def dense() -> None:
    accepted = [r["memory"] for r in records(100_000) if r["status"] == "accepted"]
    db = table("", accepted)
    query = query_of(db, PROMPT)
    matches = db.execute(COUNT, (query,)).fetchone()[0]
    sample = db.execute(COUNT + " AND +rowid % 10 = 0", (query,)).fetchone()[0]
    print(f"dense set: {len(accepted):,} accepted memories; its one prompt matches {matches:,}")
    print(f"  matching alone (count):                 {median_ms(db, COUNT, [query]):6.2f} ms")
    full = median_ms(db, RANKED.format(where=""), [query])
    tenth = median_ms(db, RANKED.format(where="AND +rowid % 10 = 0"), [query])
    print(f"  bm25() over all {matches:,} matches:        {full:6.2f} ms (the ranked query)")
    print(f"  bm25() over {sample:,} of them:              {tenth:6.2f} ms")
    print(f"  so bm25() costs {(full - tenth) / (matches - sample) * 1000:.2f} µs a scored row")
    tied = db.execute("WITH scored AS MATERIALIZED (SELECT bm25(fts) AS score FROM fts WHERE fts MATCH ?) "
                      "SELECT count(*) FROM scored WHERE score = (SELECT min(score) FROM scored)", (query,)).fetchone()[0]
    print(f"  memories tied at the best score:        {tied:,}")
    bare = median_ms(table(", content='', columnsize=0", accepted), RANKED.format(where=""), [query])
    print(f"  bm25() with no per-row sizes kept:      {bare:6.2f} ms (scores without length normalisation)")


def story_world() -> None:
    accepted = [r["memory"] for r in story_world_records(100_000) if r["status"] == "accepted"]
    db = table("", accepted)
    queries = [query_of(db, prompt) for prompt in story_world_prompts()]
    matches = sorted(db.execute(COUNT, (query,)).fetchone()[0] for query in queries)
    print(f"story-world set: {len(accepted):,} accepted memories; {len(queries)} prompts match a median of "
          f"{statistics.median(matches):,.0f} (most {matches[-1]:,}, 90th percentile "
          f"{matches[int(0.9 * (len(matches) - 1))]:,})")
    print(f"  the ranked query, every prompt x 15:    {median_ms(db, RANKED.format(where=''), queries):6.2f} ms")


def main() -> None:
    print(f"SQLite {sqlite3.sqlite_version}")
    dense()
    story_world()


if __name__ == "__main__":
    main()
