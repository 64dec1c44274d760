"""Versioned schema changes, run at start-up on either database, each store's steps in order and once.

A store lists its steps (`Step(version, apply)`); `migrate` runs those above the version recorded for the
store in `schema_versions`, in one transaction holding the migration lock, and records the new version. So
two replicas starting at once take turns, the second finds the work done, and a step that fails leaves the
store at its old version with nothing half-applied (PostgreSQL's DDL is transactional; SQLite's too).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from sqlalchemy import Table

from services.storage import schema
from services.storage.database import Connection, Database

MIGRATION_LOCK = "schema"


class Step(NamedTuple):
    version: int
    apply: Callable[[Connection], None]


def migrate(db: Database, store: str, steps: Sequence[Step]) -> int:
    """Bring the store up to its last step; its version after."""
    with db.transaction(lock=MIGRATION_LOCK) as conn:
        schema.create(conn, db.dialect, [schema.schema_versions])
        row = conn.execute("SELECT version FROM schema_versions WHERE store = ?", (store,)).fetchone()
        current = int(row[0]) if row else 0
        for step in sorted(steps, key=lambda step: step.version):
            if step.version > current:
                step.apply(conn)
                current = step.version
        conn.execute("INSERT INTO schema_versions (store, version) VALUES (?, ?) ON CONFLICT (store) DO UPDATE"
                     " SET version = excluded.version", (store, current))
    return current


def migrate_tables(db: Database, store: str, tables: list[Table]) -> int:
    """Migrate a store that is these tables alone, as they are defined today (its step 1)."""
    return migrate(db, store, [Step(1, lambda conn: schema.create(conn, db.dialect, tables))])
