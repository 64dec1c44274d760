"""The same figures on the shared PostgreSQL (`benchmarks/run.py --database postgresql://…`), beside SQLite's.

Each measurement gets a schema of its own in the given database (made empty, dropped after), so a run never
touches what the database already holds. Also measured: how the two rankings agree on the story-world prompts
(SQLite's bm25 is the reference the studio was tuned with; PostgreSQL ranks with bm25's weights over its
`tsvector` column: services/memory/postgres_retrieval.py).
"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from benchmarks.bench_comic import make_comic
from benchmarks.bench_memories import history_row, memory_rows, settle, story_world_prompts, story_world_records
from benchmarks.scratch_schema import scratch_schema
from benchmarks.timing import Row, row, timed
from services.memory.domain_memories import STOPWORDS, DomainMemoryStore

SUFFIX = " [PostgreSQL]"


@contextmanager
def on_postgresql(url: str) -> Iterator[None]:
    """COMIC_DATABASE_URL set to an empty schema of `url` for the duration."""
    before = os.environ.get("COMIC_DATABASE_URL")
    with scratch_schema(url, "bench") as scratch:
        os.environ["COMIC_DATABASE_URL"] = scratch
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("COMIC_DATABASE_URL", None)
            else:
                os.environ["COMIC_DATABASE_URL"] = before


def postgresql_rows(url: str, runs: int) -> list[Row]:
    """The memory, conversation and comic figures on PostgreSQL, each in a fresh schema."""
    rows: list[Row] = []
    for measure in (lambda: memory_rows(runs=runs), lambda: [history_row()], lambda: comic_rows(runs)):
        with on_postgresql(url):
            rows += [replace(r, measure=r.measure + SUFFIX) for r in measure()]
    with on_postgresql(url):
        rows.append(ranking_agreement())
    return rows


def comic_rows(runs: int) -> list[Row]:
    from agents.studio import open_studio

    with tempfile.TemporaryDirectory() as tmp:
        studio = open_studio(Path(tmp))
        make_comic(studio, 0)
        loops = [timed(lambda seed=seed: make_comic(studio, seed)) for seed in range(1, runs + 1)]
    return [row("4-panel comic, in process (whole loop, memory, files)", loops)]


def ranking_agreement(size: int = 100_000) -> Row:
    """PostgreSQL's 8 memories per story-world prompt, judged by today's ranking: their bm25 scores (SQLite's FTS5,
    the ranking the studio was tuned with) as a share of the bm25 top 8's, which is the most any 8 can score;
    and how many of the 8 are the same memories (ties aside, which either may break its own way)."""
    data = story_world_records(size)
    with tempfile.TemporaryDirectory() as tmp:
        postgres = DomainMemoryStore(Path(tmp) / "pg")
        postgres.import_records(data)
        settle(postgres)
        url = os.environ.pop("COMIC_DATABASE_URL")
        try:
            sqlite = DomainMemoryStore(Path(tmp) / "sqlite")
            sqlite.import_records(data)
        finally:
            os.environ["COMIC_DATABASE_URL"] = url
        shared, mass, times = [], [], []
        for prompt in story_world_prompts():
            reference = sqlite.relevant_texts(prompt)
            start = time.perf_counter()
            found = postgres.relevant_texts(prompt)
            times.append(time.perf_counter() - start)
            if reference:
                shared.append(len(set(reference) & set(found)) / len(reference))
                mass.append(_bm25_mass(sqlite, prompt, found) / _bm25_mass(sqlite, prompt, reference))
    return row(f"story-world memories at {size:,}: retrieve 8 most relevant{SUFFIX}", times,
               f"bm25 score {statistics.mean(mass):.0%} of SQLite's top 8 (min {min(mass):.0%}); "
               f"{statistics.mean(shared):.0%} the same memories ({len(mass)} prompts)")


def _bm25_mass(store: DomainMemoryStore, prompt: str, texts: list[str]) -> float:
    """The summed bm25 score of these memories for the prompt, as SQLite's FTS5 ranks it (higher is better)."""
    from services.memory.memory_retrieval import match_query

    db = store.db.read()
    query = match_query(db, [w for w in re.findall(r"\w+", prompt.lower()) if w not in STOPWORDS])  # type: ignore[arg-type]
    total = 0.0
    for text in texts:
        found = db.execute("SELECT -bm25(accepted_fts) FROM accepted_fts WHERE accepted_fts MATCH ? AND rowid ="
                           " (SELECT rowid FROM memories WHERE memory = ?)", (query, text)).fetchone()
        total += found[0] if found else 0.0
    return total


