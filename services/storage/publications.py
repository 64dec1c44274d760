"""Which comics their owners have published, under which share token: a table of the session index's store.

A comic is private until its owner publishes it. Publishing gives it a share
token (`secrets.token_urlsafe(16)`, 128 random bits): the token, never the
session id or anything derived from the owner, is what a share link carries,
because the session id travels in memories' `issue_id` and would otherwise
open the comic to anyone who reads a memory list. Unpublishing deletes the row,
so the old link is dead for good; publishing again draws a new token.

Every write is one write transaction that checks the owner in the
same transaction (like `session_store`). Reads join the `sessions` table, so a
comic deleted later (the disk budget, an operator) is unpublished with it.
"""

from __future__ import annotations

import re
import secrets
import threading
import weakref
from datetime import UTC, datetime

from pydantic import BaseModel

from services.storage.database import Connection
from services.storage.session_store import ANYONE, Owner, SessionStore, check_session_id, not_found

TOKEN_BYTES = 16
# token_urlsafe(16) is 22 characters of [A-Za-z0-9_-]; anything else is no token (and never reaches SQL).
TOKEN_PATTERN = re.compile(r"^[A-Za-z0-9_-]{22}$")
TITLE_MAX_CHARS = 200
PER_PAGE_MAX = 48
PAGE_MAX = 10_000
_COLUMNS = "p.token, p.session_id, p.title, p.published_at, p.include_transcripts"


class Publication(BaseModel):
    """A published comic as the public sees it: no owner, no comments."""

    token: str
    session_id: str
    title: str
    published_at: datetime
    include_transcripts: bool = False

    @property
    def share_path(self) -> str:
        return f"/share/{self.token}"


def is_token(text: object) -> bool:
    return isinstance(text, str) and bool(TOKEN_PATTERN.fullmatch(text))


class PublicationStore:
    """Publications in the same store as the session index, which makes their table (so a publish and the owner
    check are one transaction)."""

    def __init__(self, sessions: SessionStore) -> None:
        self.sessions = sessions
        self.index = sessions.index

    def publish(self, session_id: str, owner: Owner = ANYONE, include_transcripts: bool = False) -> Publication:
        """Publish the owner's comic (or change whether its conversation is shown); an already published comic
        keeps its token, so links already handed out keep working."""
        check_session_id(session_id)
        title = self._title(session_id, owner)  # reads the manifest before the write lock is taken
        with self.index.transaction() as db:
            _check_owner(db, session_id, owner)
            row = _row(db, "p.session_id = ?", session_id)
            if row is None:
                db.execute("INSERT INTO publications (token, session_id, title, published_at, include_transcripts)"
                           " VALUES (?, ?, ?, ?, ?)",
                           (secrets.token_urlsafe(TOKEN_BYTES), session_id, title,
                            datetime.now(UTC).isoformat(timespec="microseconds"), int(bool(include_transcripts))))
            else:
                db.execute("UPDATE publications SET include_transcripts = ?, title = ? WHERE session_id = ?",
                           (int(bool(include_transcripts)), title, session_id))
            published = _row(db, "p.session_id = ?", session_id)
        assert published is not None  # written just above, in the same transaction
        return published

    def unpublish(self, session_id: str, owner: Owner = ANYONE) -> bool:
        """Take the comic down; True when it was published. Its token is forgotten, never reused."""
        check_session_id(session_id)
        with self.index.transaction() as db:
            _check_owner(db, session_id, owner)
            return db.execute("DELETE FROM publications WHERE session_id = ?", (session_id,)).rowcount > 0

    def publication_of(self, session_id: str, owner: Owner = ANYONE) -> Publication | None:
        """The owner's view: is this comic published, and under which token (anyone else: "no comic")."""
        check_session_id(session_id)
        db = self.index.read()
        _check_owner(db, session_id, owner)
        return _row(db, "p.session_id = ?", session_id)

    def by_token(self, token: object) -> Publication | None:
        """The publication a share link names; None for anything that is not a live token."""
        if not is_token(token):
            return None
        return _row(self.index.read(), "p.token = ?", str(token))

    def gallery(self, page: int = 1, per_page: int = 12) -> list[Publication]:
        """One page of published comics, newest first (`publications_by_time`)."""
        page = max(1, min(int(page), PAGE_MAX))
        per_page = max(1, min(int(per_page), PER_PAGE_MAX))
        rows = self.index.read().execute(
            f"SELECT {_COLUMNS} FROM publications p JOIN sessions s ON s.session_id = p.session_id"
            " ORDER BY p.published_at DESC, p.token LIMIT ? OFFSET ?", (per_page, (page - 1) * per_page)).fetchall()
        return [_publication(row) for row in rows]

    def count(self) -> int:
        return int(self.index.read().execute(
            "SELECT COUNT(*) FROM publications p JOIN sessions s ON s.session_id = p.session_id").fetchone()[0])

    def _title(self, session_id: str, owner: Owner) -> str:
        session = self.sessions.load(session_id, owner)  # "no comic" for anyone but the owner
        title = " ".join((session.title or session.request.prompt).split())
        return title[:TITLE_MAX_CHARS] or "A comic"


def _check_owner(db: Connection, session_id: str, owner: Owner) -> None:
    """The same "no comic with id …" as `load_session` for a missing comic and for someone else's."""
    row = db.execute("SELECT user_id FROM sessions WHERE session_id = ?", (session_id,)).fetchone()
    if row is None:
        raise not_found(session_id)
    if owner is ANYONE:
        return
    if owner is None or row[0] is None or row[0] != owner:
        raise not_found(session_id)


def _row(db: Connection, where: str, value: str) -> Publication | None:
    row = db.execute(f"SELECT {_COLUMNS} FROM publications p JOIN sessions s ON s.session_id = p.session_id"
                     f" WHERE {where}", (value,)).fetchone()
    return _publication(row) if row else None


def _publication(row: tuple) -> Publication:
    token, session_id, title, published_at, include = row
    return Publication(token=token, session_id=session_id, title=title,
                       published_at=datetime.fromisoformat(published_at), include_transcripts=bool(include))


_STORES: weakref.WeakKeyDictionary[SessionStore, PublicationStore] = weakref.WeakKeyDictionary()
_STORES_LOCK = threading.Lock()


def publications_for(sessions: SessionStore) -> PublicationStore:
    """The one publication store of a session index: its table is created once, not on every call (the studio is
    a frozen dataclass whose fields others own, so the store hangs off its session store instead)."""
    with _STORES_LOCK:
        store = _STORES.get(sessions)
        if store is None:
            store = _STORES[sessions] = PublicationStore(sessions)
        return store
