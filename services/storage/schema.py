"""Every table the studio keeps, defined once (SQLAlchemy Core) and created in either dialect.

The stores write their SQL by hand (see `database`); this module is what a table *is*: its columns, keys and
indexes, from which `create` emits SQLite's or PostgreSQL's DDL. Times are ISO 8601 text on both, so ordering
and comparing them is the same everywhere. Dialect-only parts (SQLite's FTS5 table, PostgreSQL's `tsvector`
column) are added by their store's migration.
"""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    PrimaryKeyConstraint,
    String,
    Table,
    Text,
    text,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.schema import CreateIndex, CreateTable

from services.storage.database import Connection

metadata = MetaData()

# --- The session index (`studio.db`): comics, their comments and publications ---
sessions = Table(
    "sessions", metadata,
    Column("session_id", Text, primary_key=True),
    Column("created_at", Text, nullable=False), Column("prompt", Text, nullable=False),
    Column("style", Text, nullable=False), Column("decision", Text), Column("user_id", Text),
    Column("folder", Text, nullable=False),
    Column("owned", Integer, nullable=False, server_default=text("1")),
    Column("bytes", Integer, nullable=False, server_default=text("0")),
    Column("title", Text, nullable=False, server_default=""),
    Column("panels", Integer, nullable=False, server_default=text("0")),
    Column("thumbnail", Text),
    Index("sessions_by_time", "created_at"),
    Index("sessions_by_user", "user_id", "created_at"),
    Index("sessions_by_size", "bytes"),
)
comments = Table(
    "comments", metadata,
    Column("seq", Integer, primary_key=True, autoincrement=True),
    Column("session_id", Text, nullable=False),
    Column("comment_id", Text, nullable=False, unique=True),
    Column("record", Text, nullable=False),
    Index("comments_by_session", "session_id", "seq"),
    sqlite_autoincrement=True,
)
publications = Table(
    "publications", metadata,
    Column("token", Text, primary_key=True),
    Column("session_id", Text, nullable=False, unique=True),
    Column("title", Text, nullable=False), Column("published_at", Text, nullable=False),
    Column("include_transcripts", Integer, nullable=False, server_default=text("0")),
    Index("publications_by_time", "published_at"),
)

# --- Domain memories (`domain_memories.db`): the records, their audit trail, flags and provenance ---
memories = Table(
    "memories", metadata,
    Column("memory_id", Text, primary_key=True),
    Column("issue_id", Text, nullable=False), Column("comment_id", Text, nullable=False),
    Column("memory", Text, nullable=False), Column("user_id", Text),
    Column("created_at", Text, nullable=False), Column("updated_at", Text, nullable=False),
    Column("status", Text, nullable=False),
    Column("normalised", Text, nullable=False, unique=True), Column("subject", Text),
    Index("memories_by_status", "status", "updated_at"),
    Index("memories_by_subject", "subject", "status"),
    Index("memories_by_issue", "issue_id"),
)
audit_log = Table(
    "audit_log", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("memory_id", Text, nullable=False), Column("curator", Text, nullable=False),
    Column("at", Text, nullable=False), Column("field", Text, nullable=False),
    Column("old", Text, nullable=False), Column("new", Text, nullable=False),
    Index("audit_by_memory", "memory_id", "id"),
    sqlite_autoincrement=True,
)
conflicts = Table(
    "conflicts", metadata,
    Column("memory_id", Text, nullable=False), Column("other_id", Text, nullable=False),
    PrimaryKeyConstraint("memory_id", "other_id"),
)
review_flags = Table(
    "review_flags", metadata,
    Column("memory_id", Text, nullable=False), Column("flag", Text, nullable=False),
    PrimaryKeyConstraint("memory_id", "flag"),
)
provenance = Table(
    "provenance", metadata,
    Column("memory_id", Text, nullable=False), Column("issue_id", Text, nullable=False),
    Column("comment_id", Text, nullable=False), Column("user_id", Text), Column("at", Text, nullable=False),
    PrimaryKeyConstraint("memory_id", "comment_id"),
)

# --- The agents' conversations (`agent_memory.db`): LlamaIndex's own table (`SQLAlchemyChatStore`), made here
# with exactly its columns and index names, so a migration makes it before LlamaIndex looks (it then finds it) ---
agent_messages = Table(
    "agent_messages", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String, nullable=False, index=True),
    Column("timestamp", BigInteger, nullable=False, index=True),
    Column("role", String, nullable=False),
    Column("status", String, nullable=False, index=True),
    Column("data", JSON, nullable=False),
)

# --- Shared by every store ---
schema_versions = Table(
    "schema_versions", metadata,
    Column("store", Text, primary_key=True),
    Column("version", Integer, nullable=False),
)
studio_secrets = Table(
    "studio_secrets", metadata,
    Column("name", Text, primary_key=True),
    Column("value", Text, nullable=False),
)
rate_hits = Table(
    "rate_hits", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", Text, nullable=False),
    Column("expires", Float, nullable=False),
    Column("cost", Integer, nullable=False),
    Index("rate_hits_by_key", "key", "expires"),
)

_DIALECTS = {"sqlite": sqlite.dialect(), "postgresql": postgresql.dialect()}


def create_tables(db: Connection, dialect: str, tables: list[Table]) -> None:
    """Create the tables that do not exist yet (an existing table is left as it is: its migration changes it)."""
    for table in tables:
        db.execute(str(CreateTable(table, if_not_exists=True).compile(dialect=_DIALECTS[dialect])))


def create_indexes(db: Connection, dialect: str, tables: list[Table]) -> None:
    """Create the tables' indexes that do not exist yet."""
    for table in tables:
        for index in sorted(table.indexes, key=lambda index: str(index.name)):
            db.execute(str(CreateIndex(index, if_not_exists=True).compile(dialect=_DIALECTS[dialect])))


def create(db: Connection, dialect: str, tables: list[Table]) -> None:
    create_tables(db, dialect, tables)
    create_indexes(db, dialect, tables)
