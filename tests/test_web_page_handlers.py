"""What the page adds around the shared handlers: refusals beside their field, the stage's extra views, the last
comic after a reload and the history, each shown only to the browser that made the comic."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from agents.studio import Studio, open_studio
from services.storage import session_store
from services.storage.session_store import SessionStore
from services.web import handlers, page_handlers
from services.web.identity import new_browser_secret

PROMPT = "A cat and a dog race to the beach at sunset"


@pytest.fixture
def studio(tmp_path: Path) -> Studio:
    return open_studio(tmp_path / "data")


def make_comic(studio: Studio, secret: str, prompt: str = PROMPT) -> str:
    async def run() -> str:
        updates = [u async for u in handlers.generate_updates(studio, prompt, "manga", 2, "5", secret, "strip")]
        return next(u["session"] for u in updates if u.get("session"))
    return asyncio.run(run())


def test_bad_input_is_refused_beside_the_field_it_names() -> None:
    empty = page_handlers.refusal("   ", "classic", 4, "", "grid_2x2")
    assert empty is not None and "Write a story first — a sentence is enough." in empty["prompt_error"]
    assert empty["options_error"] == "" and "status" not in empty
    long = page_handlers.refusal("x" * 2001, "classic", 4, "", "grid_2x2")
    assert long is not None and "2,001 characters" in long["prompt_error"] and "Shorten it by 1" in long["prompt_error"]
    seed = page_handlers.refusal(PROMPT, "classic", 4, "soon", "grid_2x2")
    assert seed is not None and "The seed is a whole number" in seed["options_error"] and seed["prompt_error"] == ""
    assert seed["more_options"]["open"] is True  # the folded options open to show their error
    assert page_handlers.refusal(PROMPT, "classic", 4, "", "grid_2x2") is None


def test_an_empty_or_long_comment_is_refused_in_plain_words() -> None:
    empty = page_handlers.comment_refusal("  ")
    assert empty is not None and "Write what Brown got wrong first" in empty["feedback_note"]
    long = page_handlers.comment_refusal("x" * 2001)
    assert long is not None and "at most 2,000 characters" in long["feedback_note"]
    assert page_handlers.comment_refusal("No — Miso is orange, not white.") is None


def test_the_stage_clears_old_errors_and_shows_the_feedback_box_only_with_a_comic() -> None:
    first = page_handlers.stage_update({"status": "…"}, first=True)
    assert first["prompt_error"] == "" and first["feedback_box"]["visible"] is False
    done = page_handlers.stage_update({"session": "comic_abc"}, first=False)
    assert done["feedback_box"]["visible"] is True and done["last_session"] == "comic_abc"
    assert "feedback_box" not in page_handlers.stage_update({"comic": "…"}, first=False)


def test_the_last_comic_comes_back_only_to_the_browser_that_made_it(studio: Studio) -> None:
    mine, theirs = new_browser_secret(), new_browser_secret()
    session_id = make_comic(studio, mine)
    back = page_handlers.last_comic(studio, session_id, mine)
    assert back["session"] == session_id and 'data-state="final"' in back["comic"]
    assert back["restored_form"] == {"prompt": PROMPT, "style": "manga", "layout": "strip", "panels": 2, "seed": "5",
                                     "language": "auto"}
    assert set(back["restored_form"]) == set(page_handlers.FORM_FIELDS)  # every field the page fills back in
    assert page_handlers.last_comic(studio, session_id, theirs) == {}
    assert page_handlers.last_comic(studio, "comic_000000000000", mine) == {}
    assert page_handlers.last_comic(studio, None, mine) == {}


def test_history_lists_this_browsers_comics_with_thumbnails_and_shows_only_them(studio: Studio) -> None:
    mine, theirs = new_browser_secret(), new_browser_secret()
    session_id = make_comic(studio, mine)
    listed = page_handlers.history_list(studio, mine)["history"]
    assert f'data-session="{session_id}"' in listed and "panel_1.png" in listed and "Manga · 2 panels" in listed
    assert "No comics yet" in page_handlers.history_list(studio, theirs)["history"]

    shown = asyncio.run(page_handlers.picked_comic(studio, session_id, mine))
    assert "bb-session" in shown["detail"] and "Brown</div>" in shown["brown_chat"]
    assert "Panel 1" in shown["bayko_chat"] and "| Subtitle:" not in shown["bayko_chat"]
    refused = asyncio.run(page_handlers.picked_comic(studio, session_id, theirs))
    assert page_handlers.NOT_YOURS in refused["detail"] and refused["brown_chat"] == ""


def copies(studio: Studio, session_id: str, count: int) -> list[str]:
    """`count` more comics of the same browser, each newer: copies of one real comic's record (no drawing)."""
    made, ids = studio.sessions.load(session_id), []
    for n in range(1, count + 1):
        copy = made.model_copy(update={"session_id": f"{session_id}_{n}", "created_at": made.created_at + timedelta(seconds=n)})
        studio.sessions.save(copy, studio.sessions.create_folder(copy.session_id))
        ids.append(copy.session_id)
    return ids


def spy_on_reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Counts of `SessionStore.load` calls and manifest reads from here on."""
    counts = {"load": 0, "manifest": 0}
    load, read = SessionStore.load, session_store._read_manifest

    def counted_load(self: SessionStore, *args: Any, **kwargs: Any) -> Any:
        counts["load"] += 1
        return load(self, *args, **kwargs)

    def counted_read(folder: Path) -> Any:
        counts["manifest"] += 1
        return read(folder)
    monkeypatch.setattr(SessionStore, "load", counted_load)
    monkeypatch.setattr(session_store, "_read_manifest", counted_read)
    return counts


def test_the_history_is_read_from_the_index_a_page_at_a_time(studio: Studio, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = new_browser_secret()
    first = make_comic(studio, mine)
    newer = copies(studio, first, page_handlers.HISTORY_PAGE)  # one comic more than a page
    counts = spy_on_reads(monkeypatch)
    page = page_handlers.history_list(studio, mine, shown=newer[-1])
    assert counts == {"load": 0, "manifest": 0}  # no comic's record read, however many there are
    assert page["history"].count('class="bb-history-item"') == page_handlers.HISTORY_PAGE
    assert f'data-session="{newer[-1]}" aria-pressed="true"' in page["history"]  # newest first, the shown one marked
    assert f'data-session="{first}"' not in page["history"] and page["history_more"]["visible"] is True
    assert "panel_1.png" in page["history"] and "Manga · 2 panels" in page["history"]
    older = page_handlers.history_list(studio, mine, count=2 * page_handlers.HISTORY_PAGE)
    assert f'data-session="{first}"' in older["history"] and older["history_more"]["visible"] is False
    assert page_handlers.history_list(studio, None)["history_more"]["visible"] is False
    assert counts == {"load": 0, "manifest": 0}


def test_a_pick_and_a_reload_read_the_comic_once(studio: Studio, monkeypatch: pytest.MonkeyPatch) -> None:
    mine, theirs = new_browser_secret(), new_browser_secret()
    session_id = make_comic(studio, mine)
    counts = spy_on_reads(monkeypatch)
    picked = asyncio.run(page_handlers.picked_comic(studio, session_id, mine))
    assert counts["load"] == 1
    assert "bb-session" in picked["detail"] and "Brown</div>" in picked["brown_chat"]
    assert picked["session"] == session_id and 'data-state="final"' in picked["comic"]
    assert picked["revise_box"]["visible"] is True and "restored_form" not in picked  # the form is left alone
    counts["load"] = 0
    back = page_handlers.comic_back(studio, session_id, mine)
    assert counts["load"] == 1 and back["session"] == session_id and back["restored_form"]["prompt"] == PROMPT
    assert back["revise_box"]["visible"] is True and 'data-state="final"' in back["comic"]
    refused = asyncio.run(page_handlers.picked_comic(studio, session_id, theirs))
    assert page_handlers.NOT_YOURS in refused["detail"] and "session" not in refused
    assert page_handlers.comic_back(studio, session_id, theirs)["session"] is None
    assert asyncio.run(page_handlers.picked_comic(studio, None, mine)) == {}
