"""Domain memories: short facts about the story world that readers taught Brown.

Each record has exactly the specification's fields. A memory starts as `new`
(or `needs_review` when it is incomplete or contradicts an accepted one); only
a curator moves it, and every change is written to an audit log in the same
transaction. Only accepted memories reach later comics. The same memory
written twice (case, spaces and punctuation aside) is stored once.
Stored in SQLite in the data directory (`domain_memories.db`).
"""

from __future__ import annotations

import builtins
import sqlite3
from collections.abc import Iterable
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from services.memory.claims import contradicts, normalise, subject_of
from services.memory.condenser import MAX_MEMORY_TOKENS, count_tokens
from services.memory.retrieval import AcceptedIndex
from services.schemas import InvalidRequest, new_id, utc_now
from services.storage.sqlite_db import SQLiteDatabase

DB_NAME = "domain_memories.db"
RELEVANT_LIMIT = 8
MEMORY_MAX_CHARS = 500


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


class AuditEntry(BaseModel):
    memory_id: str
    curator: str
    at: datetime
    field: str
    old: str
    new: str


class StoredMemory(BaseModel):
    """The outcome of adding one memory: the record kept, and why it looks the way it does."""

    record: DomainMemory
    duplicate: bool = False
    conflicts_with: list[str] = Field(default_factory=list)


FIELDS = tuple(DomainMemory.model_fields)
COLUMNS = ", ".join(FIELDS)
SCHEMA = """
CREATE TABLE IF NOT EXISTS memories (
    memory_id TEXT PRIMARY KEY, issue_id TEXT NOT NULL, comment_id TEXT NOT NULL, memory TEXT NOT NULL,
    user_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, status TEXT NOT NULL,
    normalised TEXT NOT NULL UNIQUE, subject TEXT);
CREATE INDEX IF NOT EXISTS memories_by_status ON memories (status, updated_at);
CREATE INDEX IF NOT EXISTS memories_by_subject ON memories (subject, status);
CREATE TABLE IF NOT EXISTS audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT, memory_id TEXT NOT NULL, curator TEXT NOT NULL, at TEXT NOT NULL,
    field TEXT NOT NULL, old TEXT NOT NULL, new TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS audit_by_memory ON audit_log (memory_id, id);
CREATE TABLE IF NOT EXISTS conflicts (
    memory_id TEXT NOT NULL, other_id TEXT NOT NULL, PRIMARY KEY (memory_id, other_id));
CREATE TABLE IF NOT EXISTS versions (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR IGNORE INTO versions VALUES ('accepted', 0);
"""


def parse_status(value: str) -> MemoryStatus:
    try:
        return MemoryStatus(str(value).strip().lower())
    except ValueError:
        raise InvalidRequest(f"status: must be one of {', '.join(s.value for s in MemoryStatus)}.") from None


def check_memory_text(text: object) -> str:
    cleaned = " ".join(str(text or "").replace("\x00", "").split())
    if not cleaned:
        raise InvalidRequest("memory: must not be empty.")
    if len(cleaned) > MEMORY_MAX_CHARS:
        raise InvalidRequest(f"memory: must be at most {MEMORY_MAX_CHARS} characters.")
    return cleaned


class DomainMemoryStore:
    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir).resolve() / DB_NAME
        self.db = SQLiteDatabase(self.path, SCHEMA)
        self._transaction = self.db.transaction
        self._read = self.db.read
        self.index = AcceptedIndex()

    def add(self, record: DomainMemory) -> StoredMemory:
        """Store a new memory once; a contradiction of an accepted memory waits for review."""
        record = record.model_copy(update={"memory": check_memory_text(record.memory)})
        normalised = normalise(record.memory)
        subject = subject_of(record.memory)
        with self._transaction() as db:
            existing = db.execute(f"SELECT {COLUMNS} FROM memories WHERE normalised = ?", (normalised,)).fetchone()
            if existing:
                return StoredMemory(record=_record(existing), duplicate=True)
            rivals = _accepted_about(db, subject) if subject else []
            conflicts = [memory_id for memory_id, text in rivals if contradicts(record.memory, text)]
            if conflicts and record.status is MemoryStatus.NEW:
                record = record.model_copy(update={"status": MemoryStatus.NEEDS_REVIEW})
            db.execute(f"INSERT INTO memories ({COLUMNS}, normalised, subject) VALUES ({', '.join('?' * (len(FIELDS) + 2))})",
                       (*_row(record), normalised, subject))
            db.executemany("INSERT OR IGNORE INTO conflicts VALUES (?, ?)", [(record.memory_id, o) for o in conflicts])
            versions = _bump(db) if record.status is MemoryStatus.ACCEPTED else None
        if versions:
            self.index.apply(*versions, record.memory_id, (record.memory, record.updated_at.isoformat()))
        return StoredMemory(record=record, conflicts_with=conflicts)

    def get(self, memory_id: str) -> DomainMemory:
        db = self._read()
        row = db.execute(f"SELECT {COLUMNS} FROM memories WHERE memory_id = ?", (str(memory_id),)).fetchone()
        if row is None:
            raise InvalidRequest(f"memory_id: no domain memory with id {str(memory_id)[:64]!r}.")
        return _record(row)

    def list(self, status: MemoryStatus | None = None, limit: int = 200) -> list[DomainMemory]:
        """Memories, most recently changed first; only one status when given."""
        query, params = f"SELECT {COLUMNS} FROM memories", tuple[str, ...]()
        if status is not None:
            query, params = query + " WHERE status = ?", (status.value,)
        db = self._read()
        rows = db.execute(query + " ORDER BY updated_at DESC, memory_id LIMIT ?", (*params, max(1, min(limit, 1000))))
        return [_record(row) for row in rows.fetchall()]

    def set_status(self, memory_id: str, status: MemoryStatus, curator: str = "curator") -> DomainMemory:
        """Curate one memory; an accepted memory must be short enough to use."""
        current = self.get(memory_id)
        if status is MemoryStatus.ACCEPTED and count_tokens(current.memory) > MAX_MEMORY_TOKENS:
            raise InvalidRequest(f"memory: must be at most {MAX_MEMORY_TOKENS} tokens to be accepted "
                                 f"(has {count_tokens(current.memory)}); edit it first.")
        return self._change(memory_id, "status", status.value, curator)

    def edit(self, memory_id: str, text: str, curator: str = "curator") -> DomainMemory:
        """Rewrite a memory's text (a curator's edit), keeping it unique."""
        text = check_memory_text(text)
        if count_tokens(text) > MAX_MEMORY_TOKENS:
            raise InvalidRequest(f"memory: must be at most {MAX_MEMORY_TOKENS} tokens (has {count_tokens(text)}).")
        return self._change(memory_id, "memory", text, curator)

    def _change(self, memory_id: str, field: str, value: str, curator: str) -> DomainMemory:
        now = utc_now().isoformat()
        with self._transaction() as db:
            row = db.execute(f"SELECT {field}, status, memory FROM memories WHERE memory_id = ?",
                             (str(memory_id),)).fetchone()
            if row is None:
                raise InvalidRequest(f"memory_id: no domain memory with id {str(memory_id)[:64]!r}.")
            old, status, text = row
            extra = {"memory": ", normalised = ?, subject = ?"}.get(field, "")
            params = (value, now, *((normalise(value), subject_of(value)) if extra else ()), str(memory_id))
            try:
                db.execute(f"UPDATE memories SET {field} = ?, updated_at = ?{extra} WHERE memory_id = ?", params)
            except sqlite3.IntegrityError:
                raise InvalidRequest("memory: the same memory is already stored.") from None
            db.execute("INSERT INTO audit_log (memory_id, curator, at, field, old, new) VALUES (?, ?, ?, ?, ?, ?)",
                       (str(memory_id), curator, now, field, old, value))
            status, text = (value, text) if field == "status" else (status, value)
            touches_accepted = MemoryStatus.ACCEPTED.value in (old if field == "status" else status, status)
            versions = _bump(db) if touches_accepted else None
        if versions:
            entry = (text, now) if status == MemoryStatus.ACCEPTED.value else None
            self.index.apply(*versions, str(memory_id), entry)
        return self.get(memory_id)

    def audit(self, memory_id: str | None = None, limit: int = 200) -> builtins.list[AuditEntry]:
        """Who changed what and when, newest first."""
        query, params = "SELECT memory_id, curator, at, field, old, new FROM audit_log", tuple[str, ...]()
        if memory_id is not None:
            query, params = query + " WHERE memory_id = ?", (str(memory_id),)
        db = self._read()
        rows = db.execute(query + " ORDER BY id DESC LIMIT ?", (*params, max(1, min(limit, 1000)))).fetchall()
        return [AuditEntry(**dict(zip(AuditEntry.model_fields, row))) for row in rows]

    def conflicts(self, memory_ids: Iterable[str]) -> dict[str, builtins.list[str]]:
        """For each memory, the accepted memories it contradicted when it arrived."""
        ids = list(memory_ids)
        found: dict[str, list[str]] = {memory_id: [] for memory_id in ids}
        db = self._read()
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            rows = db.execute(f"SELECT memory_id, other_id FROM conflicts WHERE memory_id IN "
                              f"({', '.join('?' * len(chunk))})", chunk)
            for memory_id, other in rows:
                found[memory_id].append(other)
        return found

    def export_records(self) -> builtins.list[dict]:
        """Every record with exactly the specification's fields, oldest first."""
        db = self._read()
        rows = db.execute(f"SELECT {COLUMNS} FROM memories ORDER BY created_at, memory_id").fetchall()
        return [_record(row).model_dump(mode="json") for row in rows]

    def import_records(self, records: object) -> int:
        """Add records from an export; ids or texts already stored are skipped. Returns how many were added."""
        if not isinstance(records, list):
            raise InvalidRequest("file: must hold a JSON list of memory records.")
        parsed = []
        for number, raw in enumerate(records, start=1):
            if not isinstance(raw, dict) or set(raw) != set(FIELDS):
                raise InvalidRequest(f"record {number}: must have exactly the fields {', '.join(FIELDS)}.")
            try:
                parsed.append(DomainMemory.model_validate(raw))
            except ValidationError as error:
                field = ".".join(str(p) for p in error.errors()[0]["loc"])
                raise InvalidRequest(f"record {number}: {field} is invalid.") from None
        added = 0
        with self._transaction() as db:
            for record in parsed:
                text = check_memory_text(record.memory)
                cursor = db.execute(
                    f"INSERT OR IGNORE INTO memories ({COLUMNS}, normalised, subject) "
                    f"VALUES ({', '.join('?' * (len(FIELDS) + 2))})",
                    (*_row(record.model_copy(update={"memory": text})), normalise(text), subject_of(text)))
                added += cursor.rowcount
            if any(record.status is MemoryStatus.ACCEPTED for record in parsed):
                _bump(db)  # the index notices the gap and rebuilds on the next retrieval
        return added

    def relevant_texts(self, prompt: str, limit: int = RELEVANT_LIMIT) -> builtins.list[str]:
        """The accepted memories sharing most words with the prompt, at most `limit`."""
        version = _accepted_version(self._read())
        if self.index.version != version:
            rows = self._read().execute("SELECT memory_id, memory, updated_at FROM memories WHERE status = ? "
                                        "ORDER BY updated_at, memory_id", (MemoryStatus.ACCEPTED.value,)).fetchall()
            self.index.rebuild(version, rows)
        return self.index.top(prompt, limit)


def _accepted_version(db: sqlite3.Connection) -> int:
    return db.execute("SELECT value FROM versions WHERE name = 'accepted'").fetchone()[0]


def _bump(db: sqlite3.Connection) -> tuple[int, int]:
    """Move the accepted set's version (inside the caller's transaction): (before, after)."""
    db.execute("UPDATE versions SET value = value + 1 WHERE name = 'accepted'")
    after = _accepted_version(db)
    return after - 1, after


def _accepted_about(db: sqlite3.Connection, subject: str) -> list[tuple[str, str]]:
    return db.execute("SELECT memory_id, memory FROM memories WHERE subject = ? AND status = ?",
                      (subject, MemoryStatus.ACCEPTED.value)).fetchall()


def _record(row: tuple) -> DomainMemory:
    return DomainMemory(**dict(zip(FIELDS, row)))


def _row(record: DomainMemory) -> tuple:
    data = record.model_dump(mode="json")
    return tuple(data[field] for field in FIELDS)


