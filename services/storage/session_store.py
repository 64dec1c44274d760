"""Where comics live on disk: one folder per session, and an index to list them.

A session folder holds `manifest.json` (the session record), every attempt's
panel PNGs, `comic.png` and `subtitles.vtt`. Files are written to a temporary
name and renamed, so a crash never leaves half a manifest. The index
(`studio.db`, SQLite) lists sessions newest first without reading every folder.
"""

from __future__ import annotations

import os
import re
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from PIL import Image
from pydantic import BaseModel

from services.schemas import ComicSession, Comment, InvalidRequest
from services.storage.sqlite_db import SQLiteDatabase

SESSIONS_DIR = "sessions"
INDEX_DB = "studio.db"
MANIFEST = "manifest.json"
INDEX_SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (session_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, prompt TEXT NOT NULL,
    style TEXT NOT NULL, decision TEXT, user_id TEXT, folder TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_by_time ON sessions (created_at DESC);
CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id, created_at DESC);
"""
SESSION_ID_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
FILE_MODE = 0o644
PNG_COMPRESS_LEVEL = 1  # panels are flat colour: level 1 is ~5x faster than 6 for a few % more bytes

_manifest_locks: dict[str, threading.Lock] = {}
_locks_guard = threading.Lock()


class SessionSummary(BaseModel):
    session_id: str
    created_at: str
    prompt: str
    style: str
    decision: str | None
    user_id: str | None


def check_session_id(session_id: str) -> str:
    """Session ids become folder names: refuse anything that could leave the data directory."""
    if not isinstance(session_id, str) or not SESSION_ID_PATTERN.fullmatch(session_id):
        raise InvalidRequest("session_id: must be 1-64 letters, digits, '_' or '-'.")
    return session_id


def write_atomically(path: Path, write: Callable[[Path], object]) -> None:
    """Write through a temporary file in the same folder, fsync it, then rename over `path`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(handle)
    os.chmod(temporary, FILE_MODE)  # mkstemp makes files private; comics are meant to be read
    try:
        write(Path(temporary))
        with open(temporary, "rb+") as stream:
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def save_png(image: Image.Image, path: Path) -> None:
    write_atomically(path, lambda tmp: image.save(tmp, format="PNG", compress_level=PNG_COMPRESS_LEVEL))


class SessionStore:
    """Session folders under `<data_dir>/sessions` (or another folder) and their index."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.sessions_dir = self.data_dir / SESSIONS_DIR
        self.sessions_dir.mkdir(parents=True, exist_ok=True)
        self.index = SQLiteDatabase(self.data_dir / INDEX_DB, INDEX_SCHEMA)

    def create_folder(self, session_id: str, out_dir: Path | None = None) -> Path:
        folder = (Path(out_dir).resolve() if out_dir else self.sessions_dir) / check_session_id(session_id)
        folder.mkdir(parents=True, exist_ok=False)
        return folder

    def save(self, session: ComicSession, folder: Path) -> None:
        """Write the manifest, then index it: the record on disk is always whole."""
        text = session.model_dump_json(indent=2)
        write_atomically(folder / MANIFEST, lambda tmp: tmp.write_text(text, encoding="utf-8"))
        with self.index.transaction() as db:
            db.execute(
                "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session_id) DO UPDATE SET"
                " decision = excluded.decision, folder = excluded.folder",
                (session.session_id, session.created_at.isoformat(), session.request.prompt,
                 session.request.style, session.final.decision.value if session.final else None,
                 session.request.user_id, str(folder)),
            )

    def folder(self, session_id: str) -> Path:
        check_session_id(session_id)
        row = self.index.read().execute("SELECT folder FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
        if row is None:
            raise InvalidRequest(f"session_id: no comic with id {session_id!r}.")
        return Path(row[0])

    def load(self, session_id: str) -> ComicSession:
        return _read_manifest(self.folder(session_id))

    def list(self, limit: int = 50, user_id: str | None = None) -> list[SessionSummary]:
        """Sessions, newest first; only `user_id`'s when given."""
        query = "SELECT session_id, created_at, prompt, style, decision, user_id FROM sessions"
        params: tuple = ()
        if user_id is not None:
            query, params = query + " WHERE user_id = ?", (user_id,)
        rows = self.index.read().execute(query + " ORDER BY created_at DESC LIMIT ?", (*params, max(1, min(limit, 500))))
        fields = list(SessionSummary.model_fields)
        return [SessionSummary(**dict(zip(fields, row))) for row in rows.fetchall()]

    def add_comment(self, session_id: str, comment: Comment) -> ComicSession:
        """Append a reader's comment to the session record."""
        folder = self.folder(session_id)
        with _manifest_lock(session_id):
            session = _read_manifest(folder)
            session.comments.append(comment)
            self.save(session, folder)
        return session


def _read_manifest(folder: Path) -> ComicSession:
    return ComicSession.model_validate_json((folder / MANIFEST).read_text(encoding="utf-8"))


def _manifest_lock(session_id: str) -> threading.Lock:
    with _locks_guard:
        return _manifest_locks.setdefault(session_id, threading.Lock())
