"""Where the studio's tables live: SQLite files in the data directory, or one PostgreSQL that replicas share.

Unset, `COMIC_DATABASE_URL` leaves every store in its own SQLite file (`studio.db`, `domain_memories.db`, …),
the embedded default, with no dependency beyond the standard library. Set to `postgresql://…`, every store
lives in that one database, so several studio processes behind a load balancer see the same comics, comments
and memories (psycopg is imported only then).

Both kinds answer the same small interface, the DB-API subset the stores use: `read()` gives something whose
`execute(sql, params)` returns rows, `transaction()` one write transaction that commits whole or not at all.
SQL is written once, with `?` placeholders, in the dialect both accept (`ON CONFLICT DO NOTHING`, not
`INSERT OR IGNORE`); `PostgresDatabase` turns `?` into psycopg's `%s`.

Writers take turns per store, as strictly on both: SQLite's `BEGIN IMMEDIATE` takes the file's write lock up
front; PostgreSQL's equivalent is a transaction-scoped advisory lock on the store's name, taken first thing,
so a check-then-write inside one transaction is never interleaved with another replica's.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Protocol

from services.settings import settings

BUSY_TIMEOUT_SECONDS = 30
POOL_SIZE = 4  # connections a replica keeps open per PostgreSQL URL; more are opened (and closed) under load
POOL_OVERFLOW = 16
CONNECT_SECONDS = 10


class Rows(Protocol):
    """What `execute` returns: a DB-API cursor, or rows already fetched."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Rows: ...

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]], /) -> Any: ...


class Database(ABC):
    """One store's tables: SQLite (a file per store) or PostgreSQL (one database, a lock per store)."""

    dialect: ClassVar[str]
    integrity_errors: tuple[type[Exception], ...]

    @abstractmethod
    def read(self) -> Connection:
        """A connection for reads outside a transaction (each statement sees what is committed)."""

    @abstractmethod
    def transaction(self, lock: str | None = None) -> Any:
        """A context manager: one write transaction, holding this store's write lock (or `lock`'s) throughout."""

    def connection(self) -> Connection:
        return self.read()


class SQLiteDatabase(Database):
    """One SQLite file, used from many threads: a kept-open connection per thread, one transaction per write.

    Opening and closing a connection per call costs more than the work (closing the last connection
    checkpoints the write-ahead log), so each thread keeps its own. Writes take the write lock up front
    (`BEGIN IMMEDIATE`: the file has one lock, so `lock` names nothing more) and commit whole or not at all.
    """

    dialect = "sqlite"
    integrity_errors = (sqlite3.IntegrityError,)

    def __init__(self, path: Path, prepare: Callable[[sqlite3.Connection], None] | None = None) -> None:
        """`prepare` runs on every new connection before anything else (SQL functions, temp tables)."""
        self.path = Path(path)
        self._prepare = prepare
        self._local = threading.local()

    def read(self) -> sqlite3.Connection:
        """This thread's connection (autocommit mode: transactions are explicit)."""
        connection = getattr(self._local, "connection", None)
        if connection is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            if self._prepare is not None:
                self._prepare(connection)
            self._local.connection = connection
        return connection

    def connection(self) -> sqlite3.Connection:
        return self.read()

    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator[sqlite3.Connection]:
        db = self.read()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")


class _Fetched:
    """Rows read in full before the connection went back to the pool (reads are bounded by their LIMIT)."""

    def __init__(self, rows: list[Any], rowcount: int) -> None:
        self._rows, self.rowcount = rows, rowcount

    def fetchone(self) -> Any:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[Any]:
        return self._rows

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)


class _PostgresConnection:
    """A psycopg connection that takes the stores' `?` placeholders."""

    def __init__(self, raw: Any) -> None:
        self._raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        cursor = self._raw.execute(postgres_sql(sql), tuple(params))
        rows = cursor.fetchall() if cursor.description is not None else []
        return _Fetched(rows, cursor.rowcount)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        rows = [tuple(row) for row in rows]
        if rows:
            with self._raw.cursor() as cursor:
                cursor.executemany(postgres_sql(sql), rows)


class _Reader:
    """Reads outside a transaction: each statement on a pooled connection, its rows fetched before it goes back."""

    def __init__(self, pool: Any) -> None:
        self._pool = pool

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        with self._pool.connect() as pooled:
            return _PostgresConnection(pooled.driver_connection).execute(sql, params)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self._pool.connect() as pooled:
            _PostgresConnection(pooled.driver_connection).executemany(sql, rows)


class PostgresDatabase(Database):
    """One store's tables in a shared PostgreSQL database, through a small connection pool per URL."""

    dialect = "postgresql"

    def __init__(self, url: str, store: str) -> None:
        import psycopg  # only on this path: the SQLite default needs no driver

        self.url, self.store = url, store
        self.integrity_errors = (psycopg.IntegrityError,)
        self._pool = _pool(url)
        self._reader = _Reader(self._pool)

    def read(self) -> Connection:
        return self._reader

    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator[Connection]:
        with self._pool.connect() as pooled:
            raw = pooled.driver_connection
            with raw.transaction():
                raw.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(lock or self.store),))
                yield _PostgresConnection(raw)


def lock_key(name: str) -> int:
    """A store's advisory-lock number: the first 8 bytes of its name's SHA-256, as PostgreSQL's signed bigint."""
    return int.from_bytes(hashlib.sha256(f"bayko-brown:{name}".encode()).digest()[:8], "big", signed=True)


_PLACEHOLDERS = re.compile(r"'(?:[^']|'')*'|\?|%")


@lru_cache(maxsize=1024)
def postgres_sql(sql: str) -> str:
    """The statement with psycopg's placeholders: `?` becomes `%s`, a literal `%` `%%` (quoted text untouched)."""
    return _PLACEHOLDERS.sub(lambda m: {"?": "%s", "%": "%%"}.get(m.group(0), m.group(0)), sql)


@lru_cache(maxsize=16)
def _pool(url: str) -> Any:
    """One pool per URL in this process (every store of a replica shares it); connections in autocommit mode,
    checked before use, so a server restart costs one failed ping, not a failed request."""
    import psycopg
    from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
    from sqlalchemy.pool import QueuePool

    def connect() -> Any:
        return psycopg.connect(url, autocommit=True)

    pool = QueuePool(connect, pool_size=POOL_SIZE,
                     max_overflow=POOL_OVERFLOW, pre_ping=True, timeout=BUSY_TIMEOUT_SECONDS,
                     dialect=PGDialect_psycopg())
    _POOLS_MADE.append(pool)
    return pool


_POOLS_MADE: list[Any] = []


def close_pools() -> None:
    """Close every pooled PostgreSQL connection of this process (tests, and a studio shutting down)."""
    for pool in _POOLS_MADE:
        pool.dispose()
    _POOLS_MADE.clear()
    _pool.cache_clear()


class DatabaseUnavailable(RuntimeError):
    """`COMIC_DATABASE_URL` is set but names no database this process can use; the message is one sentence."""


def check_database() -> None:
    """What a front door calls at start: a PostgreSQL that cannot be reached is one sentence, not a traceback."""
    url = database_url()
    if url is None:
        return
    try:
        import psycopg
    except ImportError:
        raise DatabaseUnavailable("COMIC_DATABASE_URL: PostgreSQL needs its driver: "
                                  "pip install -r requirements-postgres.txt.") from None
    try:
        with psycopg.connect(url, connect_timeout=CONNECT_SECONDS) as connection:
            connection.execute("SELECT 1")
    except psycopg.Error as error:
        reason = " ".join(str(error).split())[:300]  # the driver's words: host, port, user; never the password
        raise DatabaseUnavailable(f"COMIC_DATABASE_URL: cannot use the database ({reason}).") from None


def database_url() -> str | None:
    """`COMIC_DATABASE_URL`, or None for the SQLite default."""
    configured = settings().database_url
    return configured.get_secret_value() if configured is not None else None


def open_database(store: str, sqlite_path: Path,
                  prepare: Callable[[sqlite3.Connection], None] | None = None) -> Database:
    """The store's database: the shared PostgreSQL when `COMIC_DATABASE_URL` is set, else its SQLite file."""
    url = database_url()
    if url is not None:
        return PostgresDatabase(url, store)
    return SQLiteDatabase(sqlite_path, prepare)
