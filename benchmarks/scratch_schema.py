"""An empty PostgreSQL schema of its own for one test or one measurement, dropped after.

Every connection to the URL it gives has that schema as its search path, so the stores make their tables there
and nothing the database already holds is touched. Used by tests/conftest.py and bench_databases.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from services.storage.database import close_pools


def with_search_path(url: str, schema: str) -> str:
    """`url` with every connection's search path set to `schema`."""
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


@contextmanager
def scratch_schema(url: str, prefix: str) -> Iterator[str]:
    """The URL of a new empty schema of the database at `url`; the schema and this process's pools go after."""
    import psycopg

    schema = f"{prefix}_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield with_search_path(url, schema)
    finally:
        close_pools()
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")
