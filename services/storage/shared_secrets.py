"""Secrets every replica must agree on, kept in the shared PostgreSQL when there is one.

The browser-state key encrypts each browser's list of comics; a replica that made its own would make the
browsers it serves forget their comics whenever the balancer sent them elsewhere. With `COMIC_DATABASE_URL`
set (and no secret in the environment), the first replica to need it makes it and every other reads that one,
in one transaction: `INSERT … ON CONFLICT DO NOTHING`, then read back what is stored.
"""

from __future__ import annotations

from collections.abc import Callable

from services.storage import schema
from services.storage.database import PostgresDatabase
from services.storage.migrations import migrate_tables

STORE = "secrets"


def shared_secret(url: str, name: str, make: Callable[[], str]) -> str:
    """The secret called `name` in the database at `url`, made with `make` by whichever replica asks first."""
    db = PostgresDatabase(url, STORE)
    migrate_tables(db, STORE, [schema.studio_secrets])
    with db.transaction() as conn:
        conn.execute("INSERT INTO studio_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", (name, make()))
        (value,) = conn.execute("SELECT value FROM studio_secrets WHERE name = ?", (name,)).fetchone()
    return str(value)
