"""What the Memory tab's buttons do, without a server: each answer is a view update or one clear line."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from agents.studio import Studio, open_studio
from services.memory.domain_memories import DomainMemory
from services.schemas import ComicFinished
from services.web import memory_handlers as handlers
from services.web.identity import browser_owner

XSS = "<img src=x onerror=alert(1)>"


@pytest.fixture
def studio(data_dir: Path, recording_renderer) -> Studio:
    return open_studio(data_dir, renderer=recording_renderer)


def comic(studio: Studio, prompt: str = "Brown goes to the beach") -> str:
    async def run() -> str:
        # Made in the browser whose secret is "u": only that browser may comment on it.
        async for event in studio.generate({"prompt": prompt, "panels": 2, "user_id": browser_owner("u")}):
            if isinstance(event, ComicFinished):
                return event.session.session_id
        raise AssertionError("no comic")
    return asyncio.run(run())


def add(studio: Studio, text: str) -> DomainMemory:
    return studio.memories.add(DomainMemory(issue_id="comic_1", comment_id="c", memory=text, user_id="u")).record


def test_feedback_says_what_brown_learned_or_that_nothing_changed(studio: Studio) -> None:
    session_id = comic(studio)
    learned = asyncio.run(handlers.send_feedback(studio, session_id, "No, Brown is a dog, not a cat.", "u"))
    assert "Brown learned:" in learned["feedback_note"] and learned["feedback"] == ""
    again = asyncio.run(handlers.send_feedback(studio, session_id, "Brown is a dog, not a cat", "u"))
    assert "already known" in again["feedback_note"]
    praise = asyncio.run(handlers.send_feedback(studio, session_id, "Lovely!", "u"))
    assert handlers.memory_views.NOTHING_LEARNED in praise["feedback_note"]
    failed = asyncio.run(handlers.send_feedback(studio, session_id, "  ", "u"))
    assert "comment: must not be empty." in failed["feedback_note"] and "feedback" not in failed
    assert "Make a comic first" in asyncio.run(handlers.send_feedback(studio, None, "x", "u"))["feedback_note"]


def test_curate_and_edit_update_table_detail_and_audit(studio: Studio) -> None:
    record = add(studio, "Luna is a penguin.")
    picked = handlers.select_memory(studio, record.memory_id)
    assert picked["edit_text"] == "Luna is a penguin." and 'data-status="new"' in picked["memory_detail"]
    done = handlers.curate_memory(studio, record.memory_id, "accepted", "", "ann", "all")
    assert "is now accepted" in done["curate_note"] and 'data-status="accepted"' in done["memory_detail"]
    assert done["memory_table"][0][2] == "accepted" and "ann" in done["memory_detail"]
    edited = handlers.edit_memory(studio, record.memory_id, XSS, "", "", "accepted")
    assert "Saved the new text." in edited["curate_note"] and "<img" not in edited["memory_detail"]
    assert studio.memory_audit(record.memory_id)[0].curator == handlers.WEB_CURATOR
    assert "Pick a memory" in handlers.curate_memory(studio, " ", "accepted", "", "", "all")["curate_note"]
    bad = handlers.curate_memory(studio, record.memory_id, "maybe", "", "", "all")
    assert "status: must be one of" in bad["curate_note"]


def test_a_configured_token_is_required_from_the_page(studio: Studio, monkeypatch: pytest.MonkeyPatch) -> None:
    record = add(studio, "Mochi never eats fish.")
    monkeypatch.setenv("COMIC_CURATOR_TOKEN", "t0ken")
    assert "bb-locked" in handlers.refresh_memories(studio, "all", "")["curator_hint"]
    refused = handlers.curate_memory(studio, record.memory_id, "accepted", "", "", "all")
    assert "curator_token: missing or wrong" in refused["curate_note"] and "memory_table" not in refused
    accepted = handlers.curate_memory(studio, record.memory_id, "accepted", "t0ken", "", "all")
    assert "is now accepted" in accepted["curate_note"]


def test_a_conflict_is_marked_in_the_table_and_the_detail(studio: Studio) -> None:
    cat = add(studio, "Brown is a cat.")
    studio.curate(cat.memory_id, "accepted")
    dog = studio.memories.add(DomainMemory(issue_id="comic_2", comment_id="c2", memory="Brown is a dog, not a cat."))
    assert dog.conflicts_with == [cat.memory_id] and dog.record.status.value == "new"
    rows = {row[0]: row for row in handlers.memory_table(studio, "new")}
    assert rows[dog.record.memory_id][-1] == "⚠ contradicts: Brown is a cat."
    assert "Contradicts an accepted memory" in handlers.memory_detail(studio, dog.record.memory_id)
    both = handlers.curate_memory(studio, dog.record.memory_id, "accepted", "", "", "all")
    assert "Careful: it contradicts the accepted memory “Brown is a cat.”" in both["curate_note"]


def test_the_detail_shows_every_comment_that_taught_the_memory(studio: Studio) -> None:
    first = studio.memories.add(DomainMemory(issue_id="comic_1", comment_id="c1", memory="Miso is orange.",
                                             user_id="ana"))
    studio.memories.add(DomainMemory(issue_id="comic_2", comment_id="c2", memory="miso is ORANGE", user_id="<b>ben"))
    detail = handlers.memory_detail(studio, first.record.memory_id)
    assert "Taught by 2 comments" in detail and 'data-comment-id="c1"' in detail and 'data-comment-id="c2"' in detail
    # A commenter's key is shown hashed, never as given (it is their key to their comics), and never as markup.
    assert "<b>ben" not in detail and "&lt;b&gt;ben" not in detail and "key-" in detail


def test_export_writes_the_records_under_the_data_dir_and_import_reads_them_back(studio: Studio,
                                                                                 tmp_path: Path) -> None:
    record = add(studio, "Luna always wears a red scarf.")
    exported = handlers.export_file(studio)
    path = Path(exported["export_file"]["value"])
    assert path == studio.data_dir / "metadata" / "domain_memories.json"
    assert [r["memory_id"] for r in json.loads(path.read_text())] == [record.memory_id]
    other = open_studio(tmp_path / "other")
    imported = handlers.import_file(other, path, "", "all")
    assert "Imported 1 memory." in imported["curate_note"] and imported["memory_table"][0][0] == record.memory_id
    assert "(1 already known)" in handlers.import_file(other, path, "", "all")["curate_note"]


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "file: is not valid JSON (line 1, column 2)."),
    ('{"a": 1}', "file: must hold a JSON list of memory records."),
    ('[{"memory": "x"}]', "record 1: must have exactly the fields"),
])
def test_a_bad_import_is_one_clear_line(studio: Studio, tmp_path: Path, content: str, message: str) -> None:
    upload = tmp_path / "upload.json"
    upload.write_text(content, encoding="utf-8")
    note = handlers.import_file(studio, upload, "", "all")["curate_note"]
    assert message in note and "bb-error" in note and "Traceback" not in note
    assert "file: choose a JSON file" in handlers.import_file(studio, None, "", "all")["curate_note"]


def test_a_refresh_with_no_memory_selected_leaves_the_detail_alone(studio) -> None:
    """Opening the tab refreshes it while a link opens one memory: the refresh must not blank that memory."""
    assert "memory_detail" not in handlers.refresh_memories(studio, "all", "")
    assert "memory_detail" in handlers.refresh_memories(studio, "all", "mem_missing")


def test_the_table_pages_searches_and_orders(studio) -> None:
    for n in range(handlers.TABLE_PAGE + 5):
        studio.memories.add(DomainMemory(issue_id="comic_1", comment_id=f"c{n}", memory=f"Zed{n} is a cow"))
    first = handlers.refresh_memories(studio, {"status": "new", "search": "", "order": "oldest_new", "page": 1}, "")
    assert len(first["memory_table"]) == handlers.TABLE_PAGE and first["memory_table"][0][1] == "Zed0 is a cow"
    assert 'data-pages="2"' in first["memory_pager"] and "55 memories" in first["memory_pager"]
    last = handlers.refresh_memories(studio, {"status": "all", "order": "oldest_new", "page": 9.0}, "")
    assert last["memory_page"] == 2 and len(last["memory_table"]) == 5  # past the last page: the last page
    found = handlers.refresh_memories(studio, {"status": "all", "search": "zed54", "page": 1}, "")
    assert [row[1] for row in found["memory_table"]] == ["Zed54 is a cow"] and "matching “zed54”" in found["memory_pager"]
    bad = handlers.refresh_memories(studio, {"status": "all", "order": "sideways", "page": 1}, "")
    assert bad["memory_table"] == [] and "order: must be one of" in bad["memory_pager"]
