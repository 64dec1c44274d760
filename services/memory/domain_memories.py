"""Domain memories: short facts about the story world that readers taught Brown.

Each record has exactly the specification's eight fields, and every memory is
created `new`; only a curator moves it, and every change is written to an audit
log in the same transaction. What a curator should know besides (the memory is
incomplete, or contradicts an accepted one) is a review flag in its own table,
never a status. The same memory written twice (case, spaces and punctuation
aside) is stored once, and every comment that taught it is kept in a provenance
table beside the record. No memory is ever stored longer than 20 tokens.

Accepted memories are found for a prompt by full-text search kept in step with
the writing transaction, so a change made by another process is seen by the next
query: SQLite's FTS5 (`accepted_fts`, kept by triggers, ranked by `bm25()`), or
PostgreSQL's `tsvector` (a generated column with a GIN index over the accepted
ones, ranked by bm25 too: postgres_retrieval); see memory_retrieval for the
query a prompt becomes.
Stored in `domain_memories.db` in the data directory, or in the shared
PostgreSQL (`database`).
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path

from pydantic import BaseModel, Field, ValidationError

from services.memory import memory_listing, memory_retrieval
from services.memory.claims import contradicts, normalise, subject_of
from services.memory.condenser import MAX_MEMORY_TOKENS, count_tokens
from services.memory.memory_listing import MemoryQuery
from services.memory.postgres_retrieval import postgres_ranked
from services.memory.text_normal import clean_text
from services.schemas import USER_ID_MAX_CHARS, InvalidRequest, new_id, utc_now
from services.storage import schema
from services.storage.database import Connection, PostgresDatabase, SQLiteDatabase, open_database
from services.storage.migrations import Step, migrate

DB_NAME = "domain_memories.db"
STORE = "memories"  # the store's name: its lock and its migrations' version
RELEVANT_LIMIT = 8
MEMORY_MAX_CHARS = 500
# Words that carry no meaning for retrieval: a prompt's "the" must not rank a memory.
STOPWORDS = frozenset(["a", "an", "the", "is", "are", "was", "were", "of", "to", "in", "on", "at", "and", "or", "not",
                       "no", "it", "its", "his", "her", "their", "be", "with", "for", "by", "as", "from", "that"])


class MemoryStatus(StrEnum):
    NEW = "new"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    NEEDS_REVIEW = "needs_review"


class ReviewFlag(StrEnum):
    """Why a curator should look closely at a memory (beside its status, never instead of it)."""

    INCOMPLETE = "incomplete"      # the comic did not make clear who or what it is about
    CONTRADICTS = "contradicts"    # it denies an accepted memory


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


class Provenance(BaseModel):
    """One comment that taught a memory (the first one is the record's own comment_id and user_id)."""

    memory_id: str
    issue_id: str
    comment_id: str
    user_id: str | None = None
    at: datetime


class StoredMemory(BaseModel):
    """The outcome of adding one memory: the record kept, and why it looks the way it does."""

    record: DomainMemory
    duplicate: bool = False
    conflicts_with: list[str] = Field(default_factory=list)
    flags: list[ReviewFlag] = Field(default_factory=list)


class MemoryPage(BaseModel):
    """One page of the curator's list, and how many memories the whole list holds."""

    memories: list[DomainMemory]
    total: int
    page: int
    pages: int


FIELDS = tuple(DomainMemory.model_fields)
COLUMNS = ", ".join(FIELDS)
INSERT = (f"INSERT INTO memories ({COLUMNS}, normalised, subject) VALUES ({', '.join('?' * (len(FIELDS) + 2))})"
          " ON CONFLICT DO NOTHING")
TABLES = [schema.memories, schema.audit_log, schema.conflicts, schema.review_flags, schema.provenance]


# The full-text table of accepted memories, keyed by memories.rowid, and the triggers that keep it in step in the
# same transaction as the change. Version 1 keyed it by each memory's token floor for a bound on bm25() that
# retrieval no longer uses; a store opened below FTS_VERSION gets the table made anew.
FTS_VERSION = 2
FTS_SCHEMA = (
    "DROP TRIGGER IF EXISTS accepted_fts_insert",
    "DROP TRIGGER IF EXISTS accepted_fts_delete",
    "DROP TRIGGER IF EXISTS accepted_fts_update",
    "DROP TABLE IF EXISTS accepted_fts_terms",
    "DROP TABLE IF EXISTS accepted_fts",
    "CREATE VIRTUAL TABLE accepted_fts USING fts5(memory, tokenize = 'porter unicode61')",
    """CREATE TRIGGER accepted_fts_insert AFTER INSERT ON memories WHEN new.status = 'accepted' BEGIN
        INSERT INTO accepted_fts (rowid, memory) VALUES (new.rowid, new.memory);
    END""",
    """CREATE TRIGGER accepted_fts_delete AFTER DELETE ON memories WHEN old.status = 'accepted' BEGIN
        DELETE FROM accepted_fts WHERE rowid = old.rowid;
    END""",
    """CREATE TRIGGER accepted_fts_update AFTER UPDATE OF status, memory ON memories BEGIN
        DELETE FROM accepted_fts WHERE rowid = old.rowid;
        INSERT INTO accepted_fts (rowid, memory) SELECT new.rowid, new.memory WHERE new.status = 'accepted';
    END""",
    "INSERT INTO accepted_fts (rowid, memory) SELECT rowid, memory FROM memories WHERE status = 'accepted'",
    f"PRAGMA user_version = {FTS_VERSION}",
)
# PostgreSQL's: a generated column of the text's lexemes, indexed (GIN) for the accepted memories alone.
POSTGRES_FTS_SCHEMA = (
    "ALTER TABLE memories ADD COLUMN IF NOT EXISTS search tsvector"
    " GENERATED ALWAYS AS (to_tsvector('english', memory)) STORED",
    "CREATE INDEX IF NOT EXISTS memories_search ON memories USING GIN (search) WHERE status = 'accepted'",
)


def _first_schema(dialect: str) -> Step:
    """The tables of 2026-12, with the dialect's full-text search; an SQLite store from before versioned
    migrations loses its old `versions` table and gets the FTS5 table made anew when it is below FTS_VERSION."""
    def apply(db: Connection) -> None:
        schema.create(db, dialect, TABLES)
        if dialect == "postgresql":
            for statement in POSTGRES_FTS_SCHEMA:
                db.execute(statement)
            return
        db.execute("DROP TABLE IF EXISTS versions")
        if db.execute("PRAGMA user_version").fetchone()[0] < FTS_VERSION:
            for statement in FTS_SCHEMA:
                db.execute(statement)
    return Step(1, apply)


def parse_status(value: str) -> MemoryStatus:
    try:
        return MemoryStatus(str(value).strip().lower())
    except ValueError:
        raise InvalidRequest(f"status: must be one of {', '.join(s.value for s in MemoryStatus)}.") from None


def check_memory_text(text: object, label: str = "memory") -> str:
    """One line of at most 20 LlamaIndex tokens, without invisible or direction characters (`text_normal`),
    or one sentence saying what is wrong."""
    cleaned = " ".join(clean_text(str(text or "")).split())
    if not cleaned:
        raise InvalidRequest(f"{label}: must not be empty.")
    if len(cleaned) > MEMORY_MAX_CHARS:
        raise InvalidRequest(f"{label}: must be at most {MEMORY_MAX_CHARS} characters.")
    tokens = count_tokens(cleaned)
    if tokens > MAX_MEMORY_TOKENS:
        raise InvalidRequest(f"{label}: must be at most {MAX_MEMORY_TOKENS} tokens (has {tokens}).")
    return cleaned


class DomainMemoryStore:
    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir).resolve() / DB_NAME
        self.db = open_database(STORE, self.path, prepare=memory_retrieval.prepare)
        migrate(self.db, STORE, [_first_schema(self.db.dialect)])
        self._transaction = self.db.transaction
        self._read = self.db.read

    def add(self, record: DomainMemory, incomplete: bool = False, cap: int | None = None) -> StoredMemory | None:
        """Store a memory taught by a comment, as `new`; the same fact again links the new comment to it.

        `incomplete` (the comic did not say who it is about) and a contradiction of an accepted memory
        become review flags for the curator; neither changes the status. With `cap`, a comic that has
        already given that many memories gives no new one (None; a known fact is still linked), checked
        in the same transaction, so comments arriving at once cannot pass it together.
        """
        if record.status is not MemoryStatus.NEW:
            raise InvalidRequest("status: a memory taught by a comment starts as new; only a curator changes it.")
        record = record.model_copy(update={"memory": check_memory_text(record.memory)})
        normalised = normalise(record.memory)
        subject = subject_of(record.memory)
        with self._transaction() as db:
            existing = db.execute(f"SELECT {COLUMNS} FROM memories WHERE normalised = ?", (normalised,)).fetchone()
            if existing:
                kept = _record(existing)
                _link(db, kept.memory_id, record)
                return StoredMemory(record=kept, duplicate=True, flags=_flags_of(db, kept.memory_id))
            if cap is not None and db.execute("SELECT COUNT(*) FROM memories WHERE issue_id = ?",
                                              (record.issue_id,)).fetchone()[0] >= cap:
                return None
            rivals = _accepted_about(db, subject) if subject else []
            conflicts = [memory_id for memory_id, text in rivals if contradicts(record.memory, text)]
            db.execute(INSERT, (*_row(record), normalised, subject))
            _link(db, record.memory_id, record)
            db.executemany("INSERT INTO conflicts VALUES (?, ?) ON CONFLICT DO NOTHING",
                           [(record.memory_id, o) for o in conflicts])
            flags = [flag for flag, on in ((ReviewFlag.INCOMPLETE, incomplete), (ReviewFlag.CONTRADICTS, conflicts))
                     if on]
            db.executemany("INSERT INTO review_flags VALUES (?, ?) ON CONFLICT DO NOTHING",
                           [(record.memory_id, flag.value) for flag in flags])
        return StoredMemory(record=record, conflicts_with=conflicts, flags=flags)

    def get(self, memory_id: str) -> DomainMemory:
        db = self._read()
        row = db.execute(f"SELECT {COLUMNS} FROM memories WHERE memory_id = ?", (str(memory_id),)).fetchone()
        if row is None:
            raise InvalidRequest(f"memory_id: no domain memory with id {str(memory_id)[:64]!r}.")
        return _record(row)

    def list(self, status: MemoryStatus | None = None, limit: int = 200) -> builtins.list[DomainMemory]:
        """Memories, most recently changed first; only one status when given."""
        query = MemoryQuery(status=status.value if status else None, per_page=max(1, min(limit, 1000)))
        return self.page(query).memories

    def page(self, query: MemoryQuery) -> MemoryPage:
        """One page of the memories the query selects (see `memory_listing`)."""
        where, params = memory_listing.where(query)
        db = self._read()
        total = db.execute(f"SELECT COUNT(*) FROM memories{where}", params).fetchone()[0]
        rows = db.execute(f"SELECT {COLUMNS} FROM memories{where} ORDER BY {memory_listing.ORDER_SQL[query.order]} "
                          "LIMIT ? OFFSET ?", (*params, query.per_page, query.offset)).fetchall()
        return MemoryPage(memories=[_record(row) for row in rows], total=total, page=query.page,
                          pages=memory_listing.pages(total, query.per_page))

    def set_status(self, memory_id: str, status: MemoryStatus, curator: str = "curator") -> DomainMemory:
        """Curate one memory."""
        return self._change(memory_id, "status", status.value, curator)

    def edit(self, memory_id: str, text: str, curator: str = "curator") -> DomainMemory:
        """Rewrite a memory's text (a curator's edit), keeping it unique; the curator made it complete."""
        return self._change(memory_id, "memory", check_memory_text(text), curator)

    def _change(self, memory_id: str, field: str, value: str, curator: str) -> DomainMemory:
        now = utc_now().isoformat()
        with self._transaction() as db:
            row = db.execute(f"SELECT {field} FROM memories WHERE memory_id = ?", (str(memory_id),)).fetchone()
            if row is None:
                raise InvalidRequest(f"memory_id: no domain memory with id {str(memory_id)[:64]!r}.")
            extra = {"memory": ", normalised = ?, subject = ?"}.get(field, "")
            params = (value, now, *((normalise(value), subject_of(value)) if extra else ()), str(memory_id))
            try:
                db.execute(f"UPDATE memories SET {field} = ?, updated_at = ?{extra} WHERE memory_id = ?", params)
            except self.db.integrity_errors:
                raise InvalidRequest("memory: the same memory is already stored.") from None
            if field == "memory":
                db.execute("DELETE FROM review_flags WHERE memory_id = ? AND flag = ?",
                           (str(memory_id), ReviewFlag.INCOMPLETE.value))
            db.execute("INSERT INTO audit_log (memory_id, curator, at, field, old, new) VALUES (?, ?, ?, ?, ?, ?)",
                       (str(memory_id), curator, now, field, row[0], value))
        return self.get(memory_id)

    def audit(self, memory_id: str | None = None, limit: int = 200) -> builtins.list[AuditEntry]:
        """Who changed what and when, newest first."""
        query, params = "SELECT memory_id, curator, at, field, old, new FROM audit_log", tuple[str, ...]()
        if memory_id is not None:
            query, params = query + " WHERE memory_id = ?", (str(memory_id),)
        db = self._read()
        rows = db.execute(query + " ORDER BY id DESC LIMIT ?", (*params, max(1, min(limit, 1000)))).fetchall()
        # Read clean: an entry written before text was cleaned on the way in must not reach a curator as it was.
        return [AuditEntry(**{name: clean_text(value) if isinstance(value, str) else value
                              for name, value in zip(AuditEntry.model_fields, row)}) for row in rows]

    def conflicts(self, memory_ids: Iterable[str]) -> dict[str, builtins.list[str]]:
        """For each memory, the accepted memories it contradicted when it arrived."""
        return self._per_memory("SELECT memory_id, other_id FROM conflicts", memory_ids)

    def flags(self, memory_ids: Iterable[str]) -> dict[str, builtins.list[str]]:
        """For each memory, its review flags (`incomplete`, `contradicts`)."""
        return self._per_memory("SELECT memory_id, flag FROM review_flags", memory_ids)

    def _per_memory(self, query: str, memory_ids: Iterable[str]) -> dict[str, builtins.list[str]]:
        ids = builtins.list(memory_ids)
        found: dict[str, builtins.list[str]] = {memory_id: [] for memory_id in ids}
        db = self._read()
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            for memory_id, value in db.execute(f"{query} WHERE memory_id IN ({', '.join('?' * len(chunk))}) "
                                               "ORDER BY 1, 2", chunk):
                found[memory_id].append(value)
        return found

    def provenance(self, memory_id: str) -> builtins.list[Provenance]:
        """Every comment that taught this memory, first one first."""
        rows = self._read().execute("SELECT memory_id, issue_id, comment_id, user_id, at FROM provenance "
                                    "WHERE memory_id = ? ORDER BY at, comment_id", (str(memory_id),)).fetchall()
        return [Provenance(**dict(zip(Provenance.model_fields, row))) for row in rows]

    def export_records(self) -> builtins.list[dict]:
        """Every record with exactly the specification's fields, oldest first."""
        db = self._read()
        rows = db.execute(f"SELECT {COLUMNS} FROM memories ORDER BY created_at, memory_id").fetchall()
        return [_record(row).model_dump(mode="json") for row in rows]

    def import_records(self, records: object, curator: str = "import") -> int:
        """Add records from an export; ids or texts already stored are skipped. Returns how many were added.

        The whole file is checked first, with the bounds of every other path: one bad record (wrong fields, an
        id that is not a short plain id, a date outside 2020 to tomorrow, a memory over 20 tokens) refuses it all.
        Each record added leaves one audit entry ('import', by `curator`).
        """
        if not isinstance(records, builtins.list):
            raise InvalidRequest("file: must hold a JSON list of memory records.")
        parsed = []
        for number, raw in enumerate(records, start=1):
            if not isinstance(raw, dict) or set(raw) != set(FIELDS):
                raise InvalidRequest(f"record {number}: must have exactly the fields {', '.join(FIELDS)}.")
            try:
                record = DomainMemory.model_validate(raw)
            except ValidationError as error:
                field = ".".join(str(p) for p in error.errors()[0]["loc"])
                raise InvalidRequest(f"record {number}: {field} is invalid.") from None
            _check_bounds(record, number)
            text = check_memory_text(record.memory, f"record {number} ({record.memory_id[:64]}): memory")
            parsed.append(record.model_copy(update={"memory": text}))
        added = 0
        now = utc_now().isoformat()
        with self._transaction() as db:
            for record in parsed:
                text = record.memory
                cursor = db.execute(INSERT, (*_row(record), normalise(text), subject_of(text)))
                if cursor.rowcount:
                    _link(db, record.memory_id, record)
                    db.execute("INSERT INTO audit_log (memory_id, curator, at, field, old, new) "
                               "VALUES (?, ?, ?, ?, ?, ?)", (record.memory_id, curator, now, "import", "",
                                                            record.status.value))
                added += cursor.rowcount
        return added

    def relevant_texts(self, prompt: str, limit: int = RELEVANT_LIMIT) -> builtins.list[str]:
        """The accepted memories most relevant to the prompt (bm25 over its words, or PostgreSQL's ranking), at
        most `limit`; equally relevant ones newest first."""
        words = list(dict.fromkeys(w for w in re.findall(r"\w+", prompt.lower()) if w not in STOPWORDS))
        if isinstance(self.db, PostgresDatabase):
            return postgres_ranked(self.db.read(), self.db.url, words, max(1, limit))
        assert isinstance(self.db, SQLiteDatabase)
        db = self.db.read()
        hits = memory_retrieval.ranked(db, "accepted_fts", words, max(1, limit))
        if not hits:
            return []
        score = dict(hits)
        rows = db.execute(f"SELECT rowid, memory, updated_at FROM memories WHERE rowid IN ({','.join('?' * len(hits))})",
                          list(score)).fetchall()
        rows.sort(key=lambda row: row[2], reverse=True)
        return [text for _, text, _ in sorted(rows, key=lambda row: score[row[0]])]


ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
EARLIEST = datetime(2020, 1, 1, tzinfo=UTC)


def _check_bounds(record: DomainMemory, number: int) -> None:
    """An imported record within the bounds a comment's own memory keeps: plain short ids, a user id no longer
    than any other, dates from 2020 to tomorrow with the change not before the creation."""
    for field in ("memory_id", "issue_id", "comment_id"):
        if not ID_PATTERN.fullmatch(getattr(record, field)):
            raise InvalidRequest(f"record {number}: {field} must be 1 to 64 letters, digits, '-' or '_'.")
    if record.user_id is not None and len(record.user_id) > USER_ID_MAX_CHARS:
        raise InvalidRequest(f"record {number}: user_id must be at most {USER_ID_MAX_CHARS} characters.")
    latest = utc_now() + timedelta(days=1)
    dates = {field: when if (when := getattr(record, field)).tzinfo else when.replace(tzinfo=UTC)
             for field in ("created_at", "updated_at")}
    for field, when in dates.items():
        if not EARLIEST <= when <= latest:
            raise InvalidRequest(f"record {number}: {field} must be a date from 2020 to today.")
    if dates["updated_at"] < dates["created_at"]:
        raise InvalidRequest(f"record {number}: updated_at must not be before created_at.")


def _link(db: Connection, memory_id: str, taught_by: DomainMemory) -> None:
    """Record that this comment (and its user) taught the memory."""
    db.execute("INSERT INTO provenance VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
               (memory_id, taught_by.issue_id, taught_by.comment_id, taught_by.user_id,
                taught_by.created_at.isoformat()))


def _flags_of(db: Connection, memory_id: str) -> list[ReviewFlag]:
    rows = db.execute("SELECT flag FROM review_flags WHERE memory_id = ? ORDER BY flag", (memory_id,)).fetchall()
    return [ReviewFlag(flag) for (flag,) in rows]


def _accepted_about(db: Connection, subject: str) -> list[tuple[str, str]]:
    return db.execute("SELECT memory_id, memory FROM memories WHERE subject = ? AND status = ?",
                      (subject, MemoryStatus.ACCEPTED.value)).fetchall()


def _record(row: tuple) -> DomainMemory:
    """A stored record, its text read clean (one stored before text was cleaned on the way in may hold an override)."""
    record = DomainMemory(**dict(zip(FIELDS, row)))
    return record.model_copy(update={"memory": clean_text(record.memory)})


def _row(record: DomainMemory) -> tuple:
    data = record.model_dump(mode="json")
    return tuple(data[field] for field in FIELDS)
