"""One SQLite file, used from many threads: a kept-open connection per thread, one transaction per write.

Opening and closing a connection per call costs more than the work (closing the
last connection checkpoints the write-ahead log), so each thread keeps its own.
Writes take the write lock up front (`BEGIN IMMEDIATE`) and commit whole or not
at all.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

BUSY_TIMEOUT_SECONDS = 30


class SQLiteDatabase:
    def __init__(self, path: Path, schema: str = "",
                 prepare: Callable[[sqlite3.Connection], None] | None = None) -> None:
        """`prepare` runs on every new connection before anything else (SQL functions, temp tables)."""
        self.path = Path(path)
        self._prepare = prepare
        self._local = threading.local()
        if schema:
            self.connection().executescript(schema)

    def connection(self) -> sqlite3.Connection:
        """This thread's connection (autocommit mode: transactions are explicit)."""
        connection = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
            connection.execute("PRAGMA journal_mode=WAL")
            if self._prepare is not None:
                self._prepare(connection)
            self._local.connection = connection
        return connection

    def read(self) -> sqlite3.Connection:
        return self.connection()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        db = self.connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
