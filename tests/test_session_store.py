"""Session folders, the manifest and the index."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.schemas import ComicSession, Comment, InvalidRequest, StoryboardRequest
from services.storage.session_store import SessionStore, write_atomically


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
