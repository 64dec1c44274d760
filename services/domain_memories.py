"""Domain memories: short facts about the story world that readers taught Brown.

Each record has exactly the specification's fields. A memory starts as `new`;
only a curator moves it to `accepted`, `rejected` or `needs_review`, and only
accepted memories reach later comics. Stored in SQLite in the data directory;
every write is one transaction.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, Field

from services.schemas import InvalidRequest, new_id, utc_now

DB_NAME = "domain_memories.db"
RELEVANT_LIMIT = 8
STOPWORDS = frozenset("a an the is are was were of to in on at and or not no it its his her their be".split())


class MemoryStatus(StrEnum):
    NEW = "new"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    NEEDS_REVIEW = "needs_review"


class DomainMemory(BaseModel):
    memory_id: str = Field(default_factory=lambda: new_id("mem"))
    issue_id: str
    comment_id: str
    memory: str
    user_id: str | None = None
    created_at: datetime = Field(default_factory=utc_now)
    updated_at: datetime = Field(default_factory=utc_now)
    status: MemoryStatus = MemoryStatus.NEW


FIELDS = tuple(DomainMemory.model_fields)


def parse_status(value: str) -> MemoryStatus:
    try:
        return MemoryStatus(str(value).strip().lower())
    except ValueError:
        raise InvalidRequest(f"status: must be one of {', '.join(s.value for s in MemoryStatus)}.") from None


class DomainMemoryStore:
    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir).resolve() / DB_NAME
        with closing(self._connect()) as db, db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(
                "CREATE TABLE IF NOT EXISTS memories (memory_id TEXT PRIMARY KEY, issue_id TEXT NOT NULL,"
                " comment_id TEXT NOT NULL, memory TEXT NOT NULL, user_id TEXT, created_at TEXT NOT NULL,"
                " updated_at TEXT NOT NULL, status TEXT NOT NULL)"
            )
            db.execute("CREATE INDEX IF NOT EXISTS memories_by_status ON memories (status, updated_at)")

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30)

    def add(self, record: DomainMemory) -> DomainMemory:
        with closing(self._connect()) as db, db:
            db.execute(f"INSERT INTO memories ({', '.join(FIELDS)}) VALUES ({', '.join('?' * len(FIELDS))})",
                       _row(record))
        return record

    def get(self, memory_id: str) -> DomainMemory:
        with closing(self._connect()) as db:
            row = db.execute(f"SELECT {', '.join(FIELDS)} FROM memories WHERE memory_id = ?",
                             (str(memory_id),)).fetchone()
        if row is None:
            raise InvalidRequest(f"memory_id: no domain memory with id {str(memory_id)[:64]!r}.")
        return DomainMemory(**dict(zip(FIELDS, row)))

    def list(self, status: MemoryStatus | None = None, limit: int = 200) -> list[DomainMemory]:
        """Memories, most recently changed first; only one status when given."""
        query = f"SELECT {', '.join(FIELDS)} FROM memories"
        params: tuple = ()
        if status is not None:
            query, params = query + " WHERE status = ?", (status.value,)
        with closing(self._connect()) as db:
            rows = db.execute(query + " ORDER BY updated_at DESC LIMIT ?", (*params, max(1, min(limit, 1000))))
            return [DomainMemory(**dict(zip(FIELDS, row))) for row in rows.fetchall()]

    def set_status(self, memory_id: str, status: MemoryStatus) -> DomainMemory:
        """Curate one memory; `updated_at` moves with every change."""
        with closing(self._connect()) as db, db:
            changed = db.execute("UPDATE memories SET status = ?, updated_at = ? WHERE memory_id = ?",
                                 (status.value, utc_now().isoformat(), str(memory_id))).rowcount
        if not changed:
            raise InvalidRequest(f"memory_id: no domain memory with id {str(memory_id)[:64]!r}.")
        return self.get(memory_id)

    def relevant_texts(self, prompt: str, limit: int = RELEVANT_LIMIT) -> list[str]:
        """Accepted memories that share a word with the prompt, most overlap first."""
        words = _content_words(prompt)
        scored = []
        for record in self.list(MemoryStatus.ACCEPTED, limit=1000):
            overlap = len(words & _content_words(record.memory))
            if overlap:
                scored.append((-overlap, record.memory))
        return [text for _, text in sorted(scored)[:limit]]


def _content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"\w+", text.lower()) if w not in STOPWORDS}


def _row(record: DomainMemory) -> tuple:
    data = record.model_dump(mode="json")
    return tuple(data[field] for field in FIELDS)
