"""Session folders, the manifest and the index."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from services.schemas import (
    Attempt,
    ComicSession,
    Comment,
    Decision,
    FinalOutcome,
    InvalidRequest,
    Panel,
    StoryboardRequest,
)
from services.storage import session_store
from services.storage.session_store import INDEX_DB, MANIFEST, SessionStore, write_atomically

pytestmark = pytest.mark.usefixtures("store_database")  # every test on SQLite and on PostgreSQL


def session(session_id: str, prompt: str = "a cat", user: str | None = None) -> ComicSession:
    return ComicSession(session_id=session_id, request=StoryboardRequest(prompt=prompt, user_id=user, seed=1))


def test_saved_sessions_load_back_and_list_newest_first(data_dir: Path) -> None:
    store = SessionStore(data_dir)
    for n in range(3):
        store.save(session(f"s{n}", f"prompt {n}"), store.create_folder(f"s{n}"))
    assert store.load("s1").request.prompt == "prompt 1"
    assert [s.session_id for s in store.list()] == ["s2", "s1", "s0"]


def test_list_can_be_limited_to_one_user(data_dir: Path) -> None:
    store = SessionStore(data_dir)
    store.save(session("a", user="ana"), store.create_folder("a"))
    store.save(session("b", user="ben"), store.create_folder("b"))
    assert [s.session_id for s in store.list(user_id="ana")] == ["a"]


@pytest.mark.parametrize("bad", ["../etc", "a/b", "", "x" * 65, "..", "a b", "s\x00"])
def test_ids_that_could_leave_the_data_directory_are_refused(data_dir: Path, bad: str) -> None:
    store = SessionStore(data_dir)
    with pytest.raises(InvalidRequest, match="session_id"):
        store.create_folder(bad)
    with pytest.raises(InvalidRequest, match="session_id"):
        store.load(bad)


def test_an_unknown_session_is_a_clear_error(data_dir: Path) -> None:
    with pytest.raises(InvalidRequest, match="no comic with id 'nope'"):
        SessionStore(data_dir).load("nope")


def test_comments_are_appended_to_the_record(data_dir: Path) -> None:
    store = SessionStore(data_dir)
    store.save(session("s"), store.create_folder("s"))
    store.add_comment("s", Comment(text="Brown is a dog"))
    store.add_comment("s", Comment(text="<b>bold</b>", user_id="ana"))
    assert [c.text for c in store.load("s").comments] == ["Brown is a dog", "<b>bold</b>"]


def test_a_failed_write_leaves_the_old_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "manifest.json"
    target.write_text("old")

    def crash(path: Path) -> None:
        path.write_text("half")
        raise OSError("disk full")

    with pytest.raises(OSError):
        write_atomically(target, crash)
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["manifest.json"]


def drawn(session_id: str, user: str, title: str = "", panels: int = 2) -> ComicSession:
    """A finished comic's record: two attempts, the first approved (so its first panel is the thumbnail)."""
    attempts = [Attempt(attempt=n, panels=[Panel(index=i, description="a cat", subtitle="",
                                                 image=f"attempt_{n}/panel_{i + 1}.png")
                                           for i in range(panels)]) for n in (1, 2)]
    return ComicSession(session_id=session_id, title=title, attempts=attempts,
                        request=StoryboardRequest(prompt=f"story {session_id}", user_id=user, seed=1, panels=panels),
                        final=FinalOutcome(decision=Decision.APPROVE, attempt=1))


def test_the_history_is_one_page_of_the_index_newest_first(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = SessionStore(data_dir)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for n in range(5):
        made = drawn(f"c{n}", "ana", title=f"Title {n}").model_copy(update={"created_at": start + timedelta(minutes=n)})
        store.save(made, store.create_folder(made.session_id))
    store.save(drawn("ben1", "ben"), store.create_folder("ben1"))
    store.save(session("bare", user="ana").model_copy(update={"created_at": start}), store.create_folder("bare"))
    monkeypatch.setattr(session_store, "_read_manifest", _no_read)
    first = store.history("ana", limit=2)
    assert [e.session_id for e in first.entries] == ["c4", "c3"] and first.more
    entry = first.entries[0]
    assert (entry.title, entry.panels, entry.prompt, entry.style, entry.decision) == ("Title 4", 2, "story c4",
                                                                                   "classic", "approve")
    assert entry.thumbnail == store.folder("c4") / "attempt_1/panel_1.png"  # the approved attempt's first panel
    assert entry.created_at == start + timedelta(minutes=4)
    last = store.history("ana", limit=2, offset=4)
    assert [e.session_id for e in last.entries] == ["c0", "bare"] and not last.more
    bare = last.entries[1]
    assert (bare.title, bare.panels, bare.thumbnail, bare.decision) == ("", 4, None, None)  # nothing drawn yet
    assert [e.session_id for e in store.history("ben").entries] == ["ben1"]
    assert store.history("nobody").entries == []


def test_a_saved_again_comic_lists_what_it_shows_now(data_dir: Path) -> None:
    store = SessionStore(data_dir)
    folder = store.create_folder("c")
    store.save(session("c", user="ana"), folder)
    assert store.history("ana").entries[0].thumbnail is None
    store.save(drawn("c", "ana", title="Later").model_copy(update={"final": None}), folder)
    entry = store.history("ana").entries[0]
    assert entry.title == "Later" and entry.thumbnail == folder / "attempt_2/panel_1.png" and entry.decision is None


@pytest.mark.sqlite_only
def test_an_index_from_before_the_listed_columns_fills_them_from_the_manifests_once(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = SessionStore(data_dir)
    folders = {}
    for made in (drawn("a", "ana", title="Pip", panels=3), session("b", user="ana"), drawn("gone", "ana")):
        folders[made.session_id] = old.create_folder(made.session_id)
        old.save(made, folders[made.session_id])
    (folders["gone"] / MANIFEST).unlink()  # a record that cannot be read any more
    with sqlite3.connect(data_dir / INDEX_DB) as db:  # the index as the old schema made it
        db.executescript(OLD_INDEX)
        db.execute("INSERT INTO old_sessions SELECT session_id, created_at, prompt, style, decision, user_id, folder,"
                   " owned, bytes FROM sessions")
        db.executescript("DROP TABLE sessions; ALTER TABLE old_sessions RENAME TO sessions;"
                         "DROP TABLE schema_versions;")  # from before versioned migrations
    read: list[Path] = []
    original = session_store._read_manifest

    def counted(folder: Path) -> ComicSession:
        read.append(folder)
        return original(folder)
    monkeypatch.setattr(session_store, "_read_manifest", counted)
    store = SessionStore(data_dir)
    assert sorted(read) == sorted(folders.values())  # each manifest once
    listed = {e.session_id: e for e in store.history("ana").entries}
    assert (listed["a"].title, listed["a"].panels, listed["a"].thumbnail) == ("Pip", 3, folders["a"] / "attempt_1/panel_1.png")
    assert (listed["b"].title, listed["b"].panels, listed["b"].thumbnail) == ("", 4, None)
    assert (listed["gone"].title, listed["gone"].panels, listed["gone"].thumbnail) == ("", 0, None)
    assert listed["gone"].prompt == "story gone" and listed["gone"].decision == "approve"  # still listed
    SessionStore(data_dir)  # opened again: the columns are there, nothing read
    assert len(read) == 3


# The sessions table as the index made it before the listed columns (title, panels, thumbnail).
OLD_INDEX = """
CREATE TABLE old_sessions (session_id TEXT PRIMARY KEY, created_at TEXT NOT NULL, prompt TEXT NOT NULL,
    style TEXT NOT NULL, decision TEXT, user_id TEXT, folder TEXT NOT NULL, owned INTEGER NOT NULL DEFAULT 1,
    bytes INTEGER NOT NULL DEFAULT 0);
"""


def _no_read(folder: Path) -> ComicSession:
    raise AssertionError(f"the history read a manifest: {folder}")
