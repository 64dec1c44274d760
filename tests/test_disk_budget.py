"""The disk budget's record: each comic's bytes, kept as its files change, summed in one query, never a walk."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

import pytest

from agents.follow_up import caption_change, redraw_change
from agents.studio import Studio, open_studio
from services.schemas import ComicFinished, ComicSession
from services.storage import disk_budget, session_store
from services.storage.disk_budget import enforce_budget, folder_bytes, other_bytes, used_bytes
from services.storage.session_store import INDEX_DB, SessionStore


def _recorded(studio: Studio, session_id: str) -> int:
    row = studio.sessions.index.read().execute("SELECT bytes FROM sessions WHERE session_id = ?",
                                               (session_id,)).fetchone()
    return int(row[0])


def _matches(studio: Studio, session_id: str) -> tuple[int, int]:
    return _recorded(studio, session_id), folder_bytes(studio.sessions.folder(session_id))


async def _comic(studio: Studio, prompt: str, panels: int = 2, out_dir: Path | None = None) -> ComicSession:
    async for event in studio.generate({"prompt": prompt, "panels": panels, "seed": 3}, out_dir):
        if isinstance(event, ComicFinished):
            return event.session
    raise AssertionError("no comic")


async def _turn(studio: Studio, session_id: str, instruction: str, changes=None) -> ComicSession:
    async for event in studio.revise(session_id, instruction, changes=changes):
        if isinstance(event, ComicFinished):
            return event.session
    raise AssertionError("no new version")


def _comics(studio: Studio, count: int) -> list[str]:
    async def run() -> list[str]:
        return [(await _comic(studio, f"A dog and a cat play in the park, take {n}")).session_id
                for n in range(count)]
    return asyncio.run(run())


def test_the_recorded_size_follows_every_write_of_a_comic(data_dir: Path) -> None:
    studio = open_studio(data_dir)

    async def run() -> None:
        session = await _comic(studio, "A dog and a cat play in the park")
        made = _matches(studio, session.session_id)
        assert made[0] == made[1] > 0, made
        await _turn(studio, session.session_id, *redraw_change(2))  # new panel, new exports
        redrawn = _matches(studio, session.session_id)
        assert redrawn[0] == redrawn[1] > made[0], (made, redrawn)
        await _turn(studio, session.session_id, *caption_change(1, "A much longer caption than the first one had"))
        captioned = _matches(studio, session.session_id)
        assert captioned[0] == captioned[1] != redrawn[0], (redrawn, captioned)
        await studio.show_version(session.session_id, 1)  # the exports rewritten from version 1
        shown = _matches(studio, session.session_id)
        assert shown[0] == shown[1], shown
        await studio.add_comment(session.session_id, "Lovely dog, and the cat is even better.")
        commented = _matches(studio, session.session_id)
        assert commented[0] == commented[1] > shown[0], (shown, commented)
    asyncio.run(run())


def test_what_is_used_is_the_data_directory_and_a_prune_frees_the_recorded_bytes(data_dir: Path) -> None:
    studio = open_studio(data_dir)
    made = _comics(studio, 3)
    assert used_bytes(studio.sessions) == folder_bytes(data_dir)  # nothing left out, nothing counted twice
    assert studio.sessions.stored_bytes() == sum(_recorded(studio, s) for s in made) > 0
    folders = [studio.sessions.folder(s) for s in made]
    assert enforce_budget(studio.sessions, 1) == made  # far over: every unowned comic goes, oldest first
    assert studio.sessions.stored_bytes() == 0 and not any(folder.exists() for folder in folders)
    assert used_bytes(studio.sessions) == folder_bytes(data_dir)


def test_just_over_budget_the_oldest_unowned_comic_goes_and_frees_its_bytes(data_dir: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disk_budget, "MB", 1)  # budgets in bytes
    studio = open_studio(data_dir)
    made = _comics(studio, 3)
    used, oldest = used_bytes(studio.sessions), _recorded(studio, made[0])
    others = other_bytes(data_dir)
    assert enforce_budget(studio.sessions, used - 1) == [made[0]]
    stored = studio.sessions.stored_bytes()
    assert stored == sum(_recorded(studio, s) for s in made[1:]) == used - oldest - others
    assert used_bytes(studio.sessions) == folder_bytes(data_dir)  # the databases' own growth is counted as it is


def test_pruning_pages_through_the_oldest_and_never_takes_keep(data_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(disk_budget, "PRUNE_PAGE", 1)  # one comic a query: the paging is exercised
    studio = open_studio(data_dir)
    made = _comics(studio, 4)
    with caplog.at_level("WARNING", logger=disk_budget.__name__):
        assert enforce_budget(studio.sessions, 1, keep=made[1]) == [made[0], made[2], made[3]]
    assert [s.session_id for s in studio.sessions.list()] == [made[1]]
    assert "no unowned comic is left to prune" in caplog.text  # `keep` alone is still over 1 MB: said so
    assert studio.sessions.stored_bytes() == _recorded(studio, made[1])


def _guard_walks(data_dir: Path, monkeypatch: pytest.MonkeyPatch, one_comic_allowed: bool) -> list[str]:
    """Make os.walk fail on the data directory and on `sessions/` (and on any comic's folder unless allowed), and
    os.scandir fail on `sessions/`; the paths refused. Deleting a comic may still list that comic's own folder."""
    root, sessions = data_dir.resolve(), data_dir.resolve() / session_store.SESSIONS_DIR
    walk, scandir, refused = os.walk, os.scandir, []

    def guarded_walk(top, *args, **kwargs):
        path = Path(top).resolve()
        if path in (root, sessions) or (sessions in path.parents and not one_comic_allowed):
            refused.append(str(path))
            raise AssertionError(f"walked {path}")
        return walk(top, *args, **kwargs)

    def guarded_scandir(path=".", *args, **kwargs):
        if not isinstance(path, int) and Path(path).resolve() == sessions:
            refused.append(str(path))
            raise AssertionError(f"listed every comic in {path}")
        return scandir(path, *args, **kwargs)

    monkeypatch.setattr(os, "walk", guarded_walk)
    monkeypatch.setattr(os, "scandir", guarded_scandir)
    return refused


def test_the_budget_walks_no_comic_folder(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    studio = open_studio(data_dir)
    with monkeypatch.context() as making:
        refused = _guard_walks(data_dir, making, one_comic_allowed=True)
        made = _comics(studio, 3)  # each comic measures its own folder, never the others
        assert refused == []
    refused = _guard_walks(data_dir, monkeypatch, one_comic_allowed=False)
    assert enforce_budget(studio.sessions, 10_000) == []  # under budget: one query and a few stats
    assert enforce_budget(studio.sessions, 1, keep=made[-1]) == made[:-1]  # over: deletes by the record
    assert refused == []


def test_an_index_from_before_the_sizes_is_measured_once(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    studio = open_studio(data_dir)
    made = _comics(studio, 2)
    expected = {s: _recorded(studio, s) for s in made}
    with sqlite3.connect(data_dir / INDEX_DB) as db:  # the index as it was before the column
        db.execute("DROP INDEX sessions_by_size")
        db.execute("ALTER TABLE sessions DROP COLUMN bytes")
        db.execute("DROP TABLE schema_versions")  # it was before versioned migrations
    measured: list[Path] = []
    measure = session_store.folder_bytes

    def counted(folder: Path) -> int:
        measured.append(folder)
        return measure(folder)
    monkeypatch.setattr(session_store, "folder_bytes", counted)
    store = SessionStore(data_dir)
    assert len(measured) == 2
    assert {s: int(b) for s, b in store.index.read().execute("SELECT session_id, bytes FROM sessions")} == expected
    SessionStore(data_dir)  # opened again: the column is there, nothing measured
    assert len(measured) == 2
    plan = store.index.read().execute("EXPLAIN QUERY PLAN SELECT COALESCE(SUM(bytes), 0) FROM sessions").fetchall()
    assert "sessions_by_size" in str(plan)  # the sum reads the small index, not every row


def test_a_comic_written_outside_the_data_directory_holds_no_bytes_in_it(data_dir: Path, tmp_path: Path) -> None:
    studio = open_studio(data_dir)
    session = asyncio.run(_comic(studio, "A dog and a cat play in the park", out_dir=tmp_path / "out"))
    assert _recorded(studio, session.session_id) == 0 and studio.sessions.stored_bytes() == 0
    assert studio.sessions.unowned_oldest_first() == []  # never pruned: its folder is the CLI user's


def test_a_comic_that_fails_after_drawing_still_has_its_panels_counted(data_dir: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from agents.brown import AgentBrown

    studio = open_studio(data_dir)

    async def broken_review(self, result):  # the panels are drawn; then the review fails
        raise RuntimeError("the review broke")

    monkeypatch.setattr(AgentBrown, "review", broken_review)
    with pytest.raises(RuntimeError):
        asyncio.run(_comic(studio, "A dog and a cat play in the park"))
    (session_id,) = [row[0] for row in studio.sessions.index.read().execute("SELECT session_id FROM sessions")]
    recorded, on_disk = _matches(studio, session_id)
    assert on_disk > 0 and recorded == on_disk
