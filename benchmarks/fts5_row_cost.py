"""Why retrieval bounds scores instead of scoring every match: where bm25() spends its time on the dense set.

    python -m benchmarks.fts5_row_cost

The dense set (benchmarks/bench_memories.py) matches about 13 000 accepted memories per
query. This prints, on the same 33 000 accepted memories: matching alone, bm25() over
all matches, bm25() over a sample of them, and bm25() on a table that keeps no per-row
sizes (its scores lose length normalisation, so the store cannot use it; it only shows
what the per-row size lookup costs).
"""

from __future__ import annotations

import sqlite3
import statistics
import time

from benchmarks.bench_memories import records

RANKED = "SELECT rowid, bm25(fts) AS score FROM fts WHERE fts MATCH ? {where} ORDER BY score LIMIT 8"


def median_ms(db: sqlite3.Connection, sql: str, query: str, runs: int = 15) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        db.execute(sql, (query,)).fetchall()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def table(options: str, accepted: list[str]) -> sqlite3.Connection:
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE fts USING fts5(memory, tokenize = 'porter unicode61'{options})")
    db.executemany("INSERT INTO fts (rowid, memory) VALUES (?, ?)", enumerate(accepted, start=1))
    return db


def main() -> None:
    accepted = [r["memory"] for r in records(100_000) if r["status"] == "accepted"]
    query = " OR ".join(f'"{w}"' for w in ("brown", "dog", "paints", "sunsets", "lighthouse", "rain"))
    db = table("", accepted)
    matches = db.execute("SELECT count(*) FROM fts WHERE fts MATCH ?", (query,)).fetchone()[0]
    sample = db.execute("SELECT count(*) FROM fts WHERE fts MATCH ? AND +rowid % 10 = 0", (query,)).fetchone()[0]
    print(f"SQLite {sqlite3.sqlite_version}; {len(accepted):,} accepted memories; the query matches {matches:,}")
    print(f"  matching alone (count):                 {median_ms(db, 'SELECT count(*) FROM fts WHERE fts MATCH ?', query):6.2f} ms")
    full = median_ms(db, RANKED.format(where=""), query)
    tenth = median_ms(db, RANKED.format(where="AND +rowid % 10 = 0"), query)
    print(f"  bm25() over all {matches:,} matches:         {full:6.2f} ms")
    print(f"  bm25() over {sample:,} of them:              {tenth:6.2f} ms")
    print(f"  so bm25() costs {(full - tenth) / (matches - sample) * 1000:.2f} µs a scored row")
    tied = db.execute("WITH scored AS MATERIALIZED (SELECT bm25(fts) AS score FROM fts WHERE fts MATCH ?) "
                      "SELECT count(*) FROM scored WHERE score = (SELECT min(score) FROM scored)", (query,)).fetchone()[0]
    print(f"  memories tied at the best score:        {tied:,} (retrieval's bounds rule out all but 8 without scoring them)")
    bare = median_ms(table(", content='', columnsize=0", accepted), RANKED.format(where=""), query)
    print(f"  bm25() with no per-row sizes kept:      {bare:6.2f} ms (scores without length normalisation)")


if __name__ == "__main__":
    main()
