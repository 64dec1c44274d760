"""The stores' database: one interface on SQLite and PostgreSQL, transactions that commit whole or not at all,
writers that take turns, migrations that run once, and the one schema both are made from."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest
from llama_index.core.storage.chat_store.sql import SQLAlchemyChatStore
from sqlalchemy.ext.asyncio import create_async_engine

from services.storage import schema
from services.storage.database import Database, lock_key, open_database, postgres_sql
from services.storage.migrations import Step, migrate

pytestmark = pytest.mark.usefixtures("store_database")  # every test on SQLite and on PostgreSQL


def fresh(tmp_path: Path, name: str = "test") -> Database:
    db = open_database(name, tmp_path / f"{name}.db")
    with db.transaction() as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")
    return db


def test_placeholders_become_psycopgs_and_quoted_text_is_left_alone() -> None:
    assert postgres_sql("SELECT ? WHERE a LIKE ? ESCAPE '\\' AND b = '?%' AND c LIKE '50%'") == \
        "SELECT %s WHERE a LIKE %s ESCAPE '\\' AND b = '?%' AND c LIKE '50%'"
    assert postgres_sql("SELECT 10 % 3, ?") == "SELECT 10 %% 3, %s"
    assert lock_key("studio") != lock_key("memories") and -2**63 <= lock_key("studio") < 2**63


def test_a_transaction_commits_whole_or_not_at_all(tmp_path: Path) -> None:
    db = fresh(tmp_path)
    with db.transaction() as conn:
        conn.execute("INSERT INTO counters VALUES (?, ?)", ("kept", 1))
    with pytest.raises(RuntimeError), db.transaction() as conn:
        conn.execute("INSERT INTO counters VALUES (?, ?)", ("lost", 1))
        raise RuntimeError("half-way")
    with pytest.raises(db.integrity_errors), db.transaction() as conn:
        conn.executemany("INSERT INTO counters VALUES (?, ?)", [("also lost", 1), ("kept", 2)])
    assert db.read().execute("SELECT name, value FROM counters ORDER BY name").fetchall() == [("kept", 1)]
    with db.transaction() as conn:
        assert conn.execute("UPDATE counters SET value = value + 1 WHERE name = ?", ("kept",)).rowcount == 1
        assert conn.execute("INSERT INTO counters VALUES (?, ?) ON CONFLICT DO NOTHING", ("kept", 9)).rowcount == 0


def test_writers_take_turns_so_a_read_then_write_is_never_interleaved(tmp_path: Path) -> None:
    db = fresh(tmp_path)
    with db.transaction() as conn:
        conn.execute("INSERT INTO counters VALUES ('n', 0)")

    def add(times: int) -> None:
        store = open_database("test", tmp_path / "test.db")  # each thread its own handle, as each replica has
        for _ in range(times):
            with store.transaction() as conn:
                (value,) = conn.execute("SELECT value FROM counters WHERE name = 'n'").fetchone()
                conn.execute("UPDATE counters SET value = ? WHERE name = 'n'", (value + 1,))

    threads = [threading.Thread(target=add, args=(25,)) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert db.read().execute("SELECT value FROM counters").fetchone()[0] == 150


def test_each_migration_step_runs_once_in_order_and_a_failing_one_changes_nothing(tmp_path: Path) -> None:
    db, ran = open_database("test", tmp_path / "test.db"), []

    def step(number: int) -> Step:
        def apply(conn: object) -> None:
            ran.append(number)
            schema.create(conn, db.dialect, [schema.rate_hits])  # type: ignore[arg-type]
        return Step(number, apply)

    assert migrate(db, "test", [step(2), step(1)]) == 2 and ran == [1, 2]
    assert migrate(db, "test", [step(1), step(2)]) == 2 and ran == [1, 2]  # opened again: nothing runs

    def broken(conn: object) -> None:
        conn.execute("CREATE TABLE made_by_step_three (x INTEGER)")  # type: ignore[attr-defined]
        raise RuntimeError("step 3 fails")

    with pytest.raises(RuntimeError):
        migrate(db, "test", [step(1), step(2), Step(3, broken)])
    assert db.read().execute("SELECT version FROM schema_versions WHERE store = 'test'").fetchone()[0] == 2
    with pytest.raises(Exception):  # noqa: B017 - the table was rolled back with the step (either driver's error)
        db.read().execute("SELECT * FROM made_by_step_three")
    assert migrate(db, "other", [step(1)]) == 1  # stores keep their own versions


def test_replicas_starting_at_once_migrate_once(tmp_path: Path) -> None:
    ran: list[int] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            db = open_database("test", tmp_path / "test.db")
            migrate(db, "test", [Step(1, lambda conn: (ran.append(1), schema.create(conn, db.dialect,
                                                                                    [schema.sessions])))])
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=start) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and ran == [1]


def test_the_agents_table_is_llamaindexs_own(tmp_path: Path, store_database: str) -> None:
    """LlamaIndex creates its table only when it is missing: ours must be the one it would have made."""
    ours = open_database("agents", tmp_path / "agents.db")
    with ours.transaction() as conn:
        schema.create(conn, ours.dialect, [schema.agent_messages])
    store = SQLAlchemyChatStore(table_name="llamaindex_made", async_database_uri="sqlite+aiosqlite:///:memory:")
    asyncio.run(store._setup_tables(create_async_engine("sqlite+aiosqlite:///:memory:")))
    theirs = store._table
    assert theirs is not None
    assert [(c.name, type(c.type), c.nullable) for c in theirs.columns] == \
        [(c.name, type(c.type), c.nullable) for c in schema.agent_messages.columns]
    assert {i.name.replace("llamaindex_made", "agent_messages") for i in theirs.indexes if i.name} == \
        {i.name for i in schema.agent_messages.indexes}


@pytest.mark.sqlite_only  # one run is enough: it names a database that does not answer
def test_a_database_that_cannot_be_reached_is_one_sentence_and_exit_status_2(tmp_path: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "COMIC_DATA_DIR": str(tmp_path / "data"),
           "COMIC_DATABASE_URL": "postgresql://studio:hunter2@127.0.0.1:9/comics"}
    result = subprocess.run([sys.executable, str(root / "app.py"), "memories"], capture_output=True, text=True,
                            env=env, cwd=tmp_path, timeout=120)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("error: COMIC_DATABASE_URL: cannot use the database (") and \
        result.stderr.count("\n") == 1 and "hunter2" not in result.stderr and "Traceback" not in result.stderr
