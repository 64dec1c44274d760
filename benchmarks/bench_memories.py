"""Domain memories at scale against the specification's first version, and loading a long conversation.

The first version kept every memory in one JSON file: each add or curation read
the whole file, changed it and wrote it back, and retrieval scanned it all. The
store keeps them in SQLite (or the shared PostgreSQL: bench_databases) with
indexes and full-text search.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import statistics
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.timing import Row, row, timed
from services.config import ASSETS_DIR
from services.memory.agent_memory import AgentMemory
from services.memory.domain_memories import DomainMemory, DomainMemoryStore, MemoryStatus

SUBJECTS = ["Brown", "Mia", "Bolt", "Luna", "Rex", "Ember", "Pip", "Clover", "Zib", "Ana"]
FACTS = ["is a dog", "never swims", "lives in the lighthouse", "has a red scarf", "hates the rain",
         "paints sunsets", "is afraid of ghosts", "always wears glasses", "was born on Mars", "loves cake"]
ROOT = Path(__file__).resolve().parent.parent
PROMPT = "Brown the dog paints sunsets at the lighthouse in the rain"
# A second set with a word distribution like a real story world: the vocabulary's 249 things drawn by Zipf's
# law (the commonest in about one memory in six), 40 relations, 60 names, asked with the 66 English labelled
# prompts in turn. Written before it was first measured; not tuned since.
RELATIONS = ["likes", "hates", "keeps", "lost", "found", "paints", "guards", "fears", "owns", "sells", "builds",
             "rides", "hides", "carries", "draws", "feeds", "cleans", "fixes", "watches", "remembers", "collects",
             "shares", "breaks", "wants", "mends", "counts", "follows", "chases", "hugs", "sings to", "dreams of",
             "waits for", "talks to", "sleeps near", "lives near", "jumps over", "writes about", "laughs at",
             "looks for", "forgets"]
NAMES = ["Mia", "Bolt", "Luna", "Rex", "Ember", "Pip", "Clover", "Zib", "Ana", "Otto", "Nora", "Ivo", "Sasha",
         "Kai", "Lena", "Milo", "Tess", "Hugo", "Rosa", "Finn", "Ada", "Bruno", "Cleo", "Dario", "Elsa", "Felix",
         "Greta", "Hana", "Igor", "Juno", "Kira", "Leo", "Maya", "Nico", "Olga", "Paco", "Quin", "Rita", "Sami",
         "Toni", "Ugo", "Vera", "Wim", "Xena", "Yuri", "Zoe", "Abel", "Bea", "Cruz", "Dina", "Emil", "Fay", "Gus",
         "Hedy", "Ines", "Jack", "Kuno", "Lila", "Moss", "Nell"]


def records(count: int) -> list[dict]:
    """The dense set: every word of PROMPT is in a tenth of the accepted memories."""
    return _as_records([f"{SUBJECTS[n % 10]}{n // 100} {FACTS[(n // 10) % 10]} number {n}." for n in range(count)])


def story_world_records(count: int) -> list[dict]:
    """The story-world set: things named with Zipf's law, as words are in real text."""
    things = sorted(json.loads((ASSETS_DIR / "vocabulary.json").read_text())["entries"])
    random.Random(7).shuffle(things)
    weights = [1 / rank for rank in range(1, len(things) + 1)]
    pick = random.Random(11)
    nouns = pick.choices(things, weights, k=count)
    return _as_records([f"{pick.choice(NAMES)}{n // 1000} {pick.choice(RELATIONS)} the {noun}."
                        for n, noun in enumerate(nouns)])


def story_world_prompts() -> list[str]:
    labelled = json.loads((ROOT / "tests" / "data" / "concept_prompts.json").read_text())["prompts"]
    return [item["prompt"] for item in labelled if item["lang"] == "en"]


def _as_records(texts: list[str]) -> list[dict]:
    now = datetime.now(UTC).isoformat()
    return [DomainMemory(memory_id=f"mem_{n:08d}", issue_id=f"comic_{n % 500}", comment_id=f"c{n}", memory=text,
                         user_id=None, created_at=now, updated_at=now,
                         status=MemoryStatus.ACCEPTED if n % 3 == 0 else MemoryStatus.NEW).model_dump(mode="json")
            for n, text in enumerate(texts)]


class JsonFileMemories:
    """The specification's first version: one JSON file, read whole and written back on every change."""

    def __init__(self, path: Path, initial: list[dict]) -> None:
        self.path = path
        path.write_text(json.dumps(initial))

    def add(self, record: dict) -> None:
        data = json.loads(self.path.read_text())
        data.append(record)
        self.path.write_text(json.dumps(data))

    def curate(self, memory_id: str, status: str) -> None:
        data = json.loads(self.path.read_text())
        for record in data:
            if record["memory_id"] == memory_id:
                record["status"] = status
        self.path.write_text(json.dumps(data))

    def relevant(self, prompt: str, limit: int = 8) -> list[str]:
        words = set(re.findall(r"\w+", prompt.lower()))
        scored = [(-len(words & set(re.findall(r"\w+", r["memory"].lower()))), r["memory"])
                  for r in json.loads(self.path.read_text()) if r["status"] == "accepted"]
        return [text for overlap, text in sorted(scored) if overlap < 0][:limit]


def settle(store: DomainMemoryStore) -> None:
    """The steady state after a bulk load: SQLite's log checkpointed, PostgreSQL's statistics gathered."""
    if store.db.dialect == "sqlite":
        store.db.read().execute("PRAGMA wal_checkpoint(TRUNCATE)")
    else:
        store.db.read().execute("VACUUM ANALYZE memories")


def memory_rows(sizes: tuple[int, ...] = (1_000, 10_000, 100_000), runs: int = 15) -> list[Row]:
    rows: list[Row] = []
    for size in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            data = records(size)
            store = DomainMemoryStore(Path(tmp))
            store.import_records(data)
            settle(store)
            baseline = JsonFileMemories(Path(tmp) / "metadata.json", data)
            for n in range(5):  # steady state: past the checkpoint of the bulk import and the index build
                store.add(DomainMemory(issue_id="c", comment_id="x", memory=f"Warm-up fact {n}."))
                store.relevant_texts(PROMPT)
            adds = [timed(lambda n=n: store.add(DomainMemory(issue_id="c", comment_id="x",
                                                               memory=f"Fresh fact {size} {n}."))) for n in range(runs)]
            curates = [timed(lambda n=n: store.set_status(f"mem_{n * 7:08d}", MemoryStatus.ACCEPTED))
                       for n in range(runs)]
            retrievals = [timed(lambda: store.relevant_texts(PROMPT)) for _ in range(runs)]
            json_runs = max(3, runs // 5) if size >= 100_000 else runs
            json_adds = [timed(lambda n=n: baseline.add({**data[0], "memory_id": f"j{n}"})) for n in range(json_runs)]
            json_curates = [timed(lambda n=n: baseline.curate(f"mem_{n * 7:08d}", "accepted")) for n in range(json_runs)]
            json_retrievals = [timed(lambda: baseline.relevant(PROMPT)) for _ in range(json_runs)]
            for name, ours, theirs in (("add", adds, json_adds), ("curate", curates, json_curates),
                                       ("retrieve 8 most relevant", retrievals, json_retrievals)):
                speedup = statistics.median(theirs) / statistics.median(ours)
                rows.append(row(f"memories at {size:,}: {name}", ours,
                                f"JSON file: {statistics.median(theirs) * 1000:.1f} ms ({speedup:.0f}x slower)"))
    return rows


def story_world_rows(size: int = 100_000, runs: int = 15) -> list[Row]:
    """Retrieval over the story-world set, every prompt in turn (one round per 5 runs), against the JSON file."""
    prompts = story_world_prompts()
    with tempfile.TemporaryDirectory() as tmp:
        data = story_world_records(size)
        store = DomainMemoryStore(Path(tmp))
        store.import_records(data)
        settle(store)
        baseline = JsonFileMemories(Path(tmp) / "metadata.json", data)
        for prompt in prompts[:5]:
            store.relevant_texts(prompt)
        rounds = max(1, runs // 5)
        ours = [timed(lambda p=p: store.relevant_texts(p)) for _ in range(rounds) for p in prompts]
        theirs = [timed(lambda p=p: baseline.relevant(p)) for p in prompts[:max(3, runs // 5)]]
    speedup = statistics.median(theirs) / statistics.median(ours)
    return [row(f"story-world memories at {size:,}: retrieve 8 most relevant ({len(prompts)} prompts x {rounds})",
                ours, f"JSON file: {statistics.median(theirs) * 1000:.1f} ms ({speedup:.0f}x slower)")]


def history_row(messages: int = 10_000, runs: int = 7) -> Row:
    """Loading one agent's 10 000-message transcript, as the memory tab does."""
    with tempfile.TemporaryDirectory() as tmp:
        memory = AgentMemory("long_session", "brown", Path(tmp))
        from llama_index.core.base.llms.types import ChatMessage, MessageRole

        batch = [ChatMessage(role=MessageRole.USER if n % 2 else MessageRole.ASSISTANT,
                             content=f"Message {n}: Bayko, draw the lighthouse again, with more rain.")
                 for n in range(messages)]
        asyncio.run(memory.memory.sql_store.add_messages(memory.memory.session_id, batch))
        samples = [timed(lambda: asyncio.run(memory.atranscript())) for _ in range(runs)]
        assert len(asyncio.run(memory.atranscript())) == messages
    return row(f"conversation history: load a {messages:,}-message session", samples)
