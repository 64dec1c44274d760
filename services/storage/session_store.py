"""Where comics live on disk: one folder per session, and an index to list them.

A session folder holds `manifest.json` (the session record), every attempt's
panel PNGs, `comic.png` and `subtitles.vtt`. Files are written to a temporary
name and renamed, so a crash never leaves half a manifest. The index
(`studio.db`, SQLite, or the shared PostgreSQL: `database`) lists sessions newest first without reading
every folder.

Comments are written by several processes at once (the server, the CLI), so they
live in the index, each added in one write transaction (`BEGIN IMMEDIATE`, or the store's lock); the manifest's
comment list is rewritten from the database while that write lock is held, and
`load` takes comments from the database, never from the file.

The index also carries what the "Your comics" list shows of each comic (title, panel count, the
first panel of the version shown), written with the manifest by `save`, so a browser's list is one
paged query (`history`) and never reads a manifest.

The index also records the bytes each comic holds in the data directory (`bytes`, 0 for a
CLI `--out` folder elsewhere), measured in that comic's folder alone whenever its files are
written (`save`, `add_comment`, `record_size` after the exports): the disk budget adds those
up in one query instead of walking every folder ever made.

A served folder's name carries a random part (`<session_id>-<24 hex>`): the file
route serves comic images to whoever knows the path, so the path is the owner's
capability, and knowing a session id (from a memory's `issue_id`) is not enough.
Who owns a comic is the index's `user_id`; `folder(..., owner=...)` answers
"no comic" alike for a comic that does not exist and one that is someone else's.
"""

from __future__ import annotations

import builtins
import contextlib
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path

from PIL import Image
from pydantic import BaseModel

from services.schemas import ComicSession, Comment, InvalidRequest, Panel
from services.storage import schema
from services.storage.database import Connection, open_database
from services.storage.migrations import Step, migrate

SESSIONS_DIR = "sessions"
INDEX_DB = "studio.db"
STORE = "studio"  # the store's name: its lock and its migrations' version
MANIFEST = "manifest.json"
SESSION_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
FILE_MODE = 0o644
PNG_COMPRESS_LEVEL = 1  # panels are flat colour: level 1 is ~5x faster than 6 for a few % more bytes
FOLDER_SECRET_HEX = 24
# What the list of a browser's comics shows, kept in the index (`_listed_columns`): name, its SQL type.
LISTED_COLUMNS = {"title": "TEXT NOT NULL DEFAULT ''", "panels": "INTEGER NOT NULL DEFAULT 0", "thumbnail": "TEXT"}
# An index from before the `owned` flag: its guests' comics (owner ids "guest-" and 16 hex digits, case and all)
# are marked unowned once, when the column is added.
OLD_GUEST_IDS = "guest-" + "[0-9a-f]" * 16


class _Anyone:
    """The owner argument of a trusted caller (the CLI, the operator's own code): every comic is theirs."""

    def __repr__(self) -> str:
        return "ANYONE"


ANYONE = _Anyone()
Owner = str | None | _Anyone


class SessionSummary(BaseModel):
    session_id: str
    created_at: str
    prompt: str
    style: str
    decision: str | None
    user_id: str | None


class HistoryEntry(BaseModel):
    """One line of a browser's list of comics, all from the index."""

    session_id: str
    created_at: datetime
    prompt: str
    style: str
    decision: str | None
    title: str
    panels: int  # as asked; 0 for a comic whose record could not be read when the index learnt this column
    thumbnail: Path | None  # the first panel of the version shown, in the comic's folder


class HistoryPage(BaseModel):
    entries: list[HistoryEntry]
    more: bool  # older comics follow


def check_session_id(session_id: str) -> str:
    """Session ids become folder names: refuse anything that could leave the data directory."""
    if not isinstance(session_id, str) or not SESSION_ID_PATTERN.fullmatch(session_id):
        raise InvalidRequest("session_id: must be 1-64 letters, digits, '_' or '-'.")
    return session_id


def write_atomically(path: Path, write: Callable[[Path], object], durable: bool = True) -> None:
    """Write through a temporary file in the same folder, then rename over `path`: a reader sees the old file or
    the whole new one, never half. A `durable` write (a record: the manifest, an export of memories) is synced to
    disk first, so it survives a power cut too; pictures and exports made from the record are not (each sync
    costs tens of milliseconds, and a comic writes a dozen of them)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    os.chmod(temporary, FILE_MODE)  # mkstemp makes files private; comics are meant to be read
    try:
        write(Path(temporary))
        if durable:
            with open(temporary, "rb+") as stream:
                os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_png(image: Image.Image, path: Path) -> None:
    write_atomically(path, lambda tmp: image.save(tmp, format="PNG", compress_level=PNG_COMPRESS_LEVEL),
                     durable=False)


def folder_bytes(folder: Path) -> int:
    """Bytes in the files under `folder` (links not followed; files vanishing meanwhile skipped)."""
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                continue
    return total


def load_panel_images(folder: Path, panels: Sequence[Panel]) -> list[Image.Image]:
    """A version's drawn panels, read back from the comic's folder (a follow-up keeps most of them)."""
    images = []
    for panel in panels:
        with Image.open(folder / str(panel.image)) as image:
            images.append(image.convert("RGB"))
    return images


class SessionStore:
    """Session folders under `<data_dir>/sessions` (or another folder) and their index."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.sessions_dir = self.data_dir / SESSIONS_DIR
        self.sessions_dir.mkdir(parents=True, exist_ok=True)
        self.index = open_database(STORE, self.data_dir / INDEX_DB)
        migrate(self.index, STORE, [Step(1, self._first_schema)])

    def _first_schema(self, db: Connection) -> None:
        """The tables of 2026-12; an SQLite index from before versioned migrations gets its missing columns."""
        tables = [schema.sessions, schema.comments, schema.publications]
        schema.create_tables(db, self.index.dialect, tables)
        if self.index.dialect == "sqlite":
            _add_the_owned_flag(db)
            _add_the_sizes(db, self._stored_bytes)
            _add_the_listed_columns(db)
        schema.create_indexes(db, self.index.dialect, tables)

    def create_folder(self, session_id: str, out_dir: Path | None = None) -> Path:
        """A new folder: `<out_dir>/<session_id>` (the CLI's `--out`), or a served one with a random part."""
        check_session_id(session_id)
        if out_dir:
            folder = Path(out_dir).resolve() / session_id
        else:
            folder = self.sessions_dir / f"{session_id}-{secrets.token_hex(FOLDER_SECRET_HEX // 2)}"
        folder.mkdir(parents=True, exist_ok=False)
        return folder

    def save(self, session: ComicSession, folder: Path, expect_versions: int | None = None) -> None:
        """Index the session and write its manifest (with the database's comments) under one write lock.

        `expect_versions`: the number of versions the stored comic had when a follow-up began; if another
        follow-up saved one since, this one is refused (nothing is written) rather than lost or losing that."""
        with self.index.transaction() as db:
            if expect_versions is not None and len(_read_manifest(folder).versions or [None]) != max(1, expect_versions):
                raise InvalidRequest("instruction: the comic changed while Brown worked on it (another change came "
                                     "first); look at the new version and ask again.")
            db.execute(
                "INSERT INTO sessions (session_id, created_at, prompt, style, decision, user_id, folder, owned,"
                " title, panels, thumbnail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session_id) DO UPDATE"
                " SET decision = excluded.decision, folder = excluded.folder, title = excluded.title,"
                " panels = excluded.panels, thumbnail = excluded.thumbnail",
                (session.session_id, session.created_at.isoformat(), session.request.prompt,
                 session.request.style, session.final.decision.value if session.final else None,
                 session.request.user_id, str(folder), int(session.request.owned), *_listed(session)),
            )
            _write_manifest(db, folder, session)
            _set_size(db, session.session_id, self._stored_bytes(folder))

    def folder(self, session_id: str, owner: Owner = ANYONE) -> Path:
        """The comic's folder; "no comic" unless `owner` made it (a trusted caller passes nothing)."""
        check_session_id(session_id)
        row = self.index.read().execute("SELECT folder, user_id FROM sessions WHERE session_id = ?",
                                        (session_id,)).fetchone()
        if row is None or not _owned_by(row[1], owner):
            raise not_found(session_id)
        return Path(row[0])

    def load(self, session_id: str, owner: Owner = ANYONE) -> ComicSession:
        folder = self.folder(session_id, owner)
        session = _read_manifest(folder)
        stored = _comments(self.index.read(), session_id)
        return session.model_copy(update={"comments": stored}) if stored else session

    def list(self, limit: int = 50, user_id: str | None = None) -> list[SessionSummary]:
        """Sessions, newest first; only `user_id`'s when given."""
        query = "SELECT session_id, created_at, prompt, style, decision, user_id FROM sessions"
        params: tuple = ()
        if user_id is not None:
            query, params = query + " WHERE user_id = ?", (user_id,)
        rows = self.index.read().execute(query + " ORDER BY created_at DESC LIMIT ?", (*params, max(1, min(limit, 500))))
        fields = list(SessionSummary.model_fields)
        return [SessionSummary(**dict(zip(fields, row))) for row in rows.fetchall()]

    def history(self, user_id: str, limit: int = 12, offset: int = 0) -> HistoryPage:
        """One page of `user_id`'s comics, newest first, as the list shows them: one query on the index, whatever
        the number of comics (no manifest is read)."""
        limit, offset = max(1, limit), max(0, offset)
        rows = self.index.read().execute(
            "SELECT session_id, created_at, prompt, style, decision, title, panels, thumbnail, folder FROM sessions"
            " WHERE user_id = ? ORDER BY created_at DESC, session_id DESC LIMIT ? OFFSET ?",
            (user_id, limit + 1, offset)).fetchall()  # one more than shown: are there older ones?
        entries = [HistoryEntry(session_id=session_id, created_at=created_at, prompt=prompt, style=style,
                                decision=decision, title=title, panels=panels,
                                thumbnail=Path(folder) / thumbnail if thumbnail else None)
                   for session_id, created_at, prompt, style, decision, title, panels, thumbnail, folder
                   in rows[:limit]]
        return HistoryPage(entries=entries, more=len(rows) > limit)

    def add_comment(self, session_id: str, comment: Comment, owner: Owner = ANYONE) -> ComicSession:
        """Append a comment in one transaction, then rewrite the manifest from the database under the same lock."""
        with self.index.transaction() as db:
            row = db.execute("SELECT folder, user_id FROM sessions WHERE session_id = ?",
                             (check_session_id(session_id),)).fetchone()
            if row is None or not _owned_by(row[1], owner):
                raise not_found(session_id)
            folder = Path(row[0])
            session = _read_manifest(folder)
            _insert_comments(db, session_id, [*session.comments, comment])
            whole = _write_manifest(db, folder, session)
            _set_size(db, session_id, self._stored_bytes(folder))
            return whole

    def record_size(self, session_id: str) -> int:
        """Measure one comic's folder (after its exports are written or rewritten) and record it; its bytes."""
        with self.index.transaction() as db:
            row = db.execute("SELECT folder FROM sessions WHERE session_id = ?",
                             (check_session_id(session_id),)).fetchone()
            if row is None:
                raise not_found(session_id)
            size = self._stored_bytes(Path(row[0]))
            _set_size(db, session_id, size)
        return size

    def stored_bytes(self) -> int:
        """The bytes every comic holds in the data directory, as recorded: one query, whatever the number."""
        (total,) = self.index.read().execute("SELECT COALESCE(SUM(bytes), 0) FROM sessions").fetchone()
        return int(total)

    def unowned_oldest_first(self, limit: int | None = None) -> builtins.list[tuple[str, int]]:
        """Served comics nobody can come back for (made by the CLI without a user, or by a one-off guest), oldest
        first, with their recorded bytes: the flag set when each was made says so, never the text of its owner's
        key. Only comics holding bytes here (a served folder) are listed; `limit` pages the query."""
        query = ("SELECT session_id, bytes FROM sessions WHERE (user_id IS NULL OR owned = 0) AND bytes > 0"
                 " ORDER BY created_at")
        params: tuple[int, ...] = ()
        if limit is not None:
            query, params = query + " LIMIT ?", (limit,)
        rows = self.index.read().execute(query, params).fetchall()
        return [(session_id, int(size)) for session_id, size in rows]

    def delete(self, session_id: str) -> None:
        """Forget a comic: its index row and comments first (so nothing points at a half-deleted folder)."""
        with self.index.transaction() as db:
            row = db.execute("SELECT folder FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
            db.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))
            db.execute("DELETE FROM comments WHERE session_id = ?", (session_id,))
        if row is not None and Path(row[0]).parent == self.sessions_dir:
            shutil.rmtree(row[0], ignore_errors=True)

    def _stored_bytes(self, folder: Path) -> int:
        """What a comic's folder holds in the data directory: a served folder's files; nothing for one elsewhere."""
        return folder_bytes(folder) if folder.parent == self.sessions_dir else 0


def not_found(session_id: str) -> InvalidRequest:
    """The same answer for a comic that does not exist and for someone else's."""
    return InvalidRequest(f"session_id: no comic with id {session_id!r}.")


def _add_the_owned_flag(db: Connection) -> None:
    """Give an SQLite index made before the `owned` column that column."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(sessions)")}
    if "owned" not in columns:
        db.execute("ALTER TABLE sessions ADD COLUMN owned INTEGER NOT NULL DEFAULT 1")
        db.execute("UPDATE sessions SET owned = 0 WHERE user_id GLOB ?", (OLD_GUEST_IDS,))


def _add_the_sizes(db: Connection, measure: Callable[[Path], int]) -> None:
    """Give an SQLite index made before the `bytes` column that column, each comic measured once (the migration
    holds the write lock, so a racing process finds the column and measures nothing). The budget's SUM reads
    `sessions_by_size` alone, not every row's prompt: 0.7 ms at 20 000 comics, not 1.8."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(sessions)")}
    if "bytes" not in columns:
        db.execute("ALTER TABLE sessions ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0")
        rows = db.execute("SELECT session_id, folder FROM sessions").fetchall()
        db.executemany("UPDATE sessions SET bytes = ? WHERE session_id = ?",
                       [(measure(Path(folder)), session_id) for session_id, folder in rows])


def _add_the_listed_columns(db: Connection) -> None:
    """Give an SQLite index made before the listed columns (`LISTED_COLUMNS`) those columns, filled from each
    comic's manifest once. A manifest that cannot be read leaves its row with the defaults: the list still shows
    its prompt, style and time."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(sessions)")}
    missing = [name for name in LISTED_COLUMNS if name not in columns]
    for name in missing:
        db.execute(f"ALTER TABLE sessions ADD COLUMN {name} {LISTED_COLUMNS[name]}")
    if missing:
        filled = []
        for session_id, folder in db.execute("SELECT session_id, folder FROM sessions").fetchall():
            with contextlib.suppress(OSError, ValueError):  # a missing or damaged record keeps the defaults
                filled.append((*_listed(_read_manifest(Path(folder))), session_id))
        db.executemany("UPDATE sessions SET title = ?, panels = ?, thumbnail = ? WHERE session_id = ?", filled)


def _listed(session: ComicSession) -> tuple[str, int, str | None]:
    """What the list shows of a comic beyond its request: title, panel count, first panel of the version shown."""
    attempt = session.final_attempt or (session.attempts[-1] if session.attempts else None)
    first = next((p for p in attempt.panels if p.image), None) if attempt else None
    return session.title, session.request.panels, str(first.image) if first else None


def _set_size(db: Connection, session_id: str, size: int) -> None:
    db.execute("UPDATE sessions SET bytes = ? WHERE session_id = ?", (size, session_id))


def _owned_by(stored: str | None, owner: Owner) -> bool:
    if isinstance(owner, _Anyone):
        return True
    return owner is not None and stored is not None and stored == owner


def _comments(db: Connection, session_id: str) -> list[Comment]:
    rows = db.execute("SELECT record FROM comments WHERE session_id = ? ORDER BY seq", (session_id,)).fetchall()
    return [Comment.model_validate_json(record) for (record,) in rows]


def _insert_comments(db: Connection, session_id: str, comments: list[Comment]) -> None:
    # A manifest written before comments moved into the database brings its own along (once: ids are unique).
    db.executemany("INSERT INTO comments (session_id, comment_id, record) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                   [(session_id, c.comment_id, c.model_dump_json()) for c in comments])


def _write_manifest(db: Connection, folder: Path, session: ComicSession) -> ComicSession:
    """The manifest with the database's comments; called inside a write transaction, so writers take turns."""
    _insert_comments(db, session.session_id, session.comments)
    whole = session.model_copy(update={"comments": _comments(db, session.session_id)})
    text = whole.model_dump_json(indent=2)
    write_atomically(folder / MANIFEST, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return whole


def _read_manifest(folder: Path) -> ComicSession:
    return ComicSession.model_validate_json((folder / MANIFEST).read_text(encoding="utf-8"))
