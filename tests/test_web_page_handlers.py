"""What the page adds around the shared handlers: refusals beside their field, the stage's extra views, the last
comic after a reload and the history, each shown only to the browser that made the comic."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agents.studio import Studio, open_studio
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

    shown = asyncio.run(page_handlers.session_view(studio, session_id, mine))
    assert "bb-session" in shown["detail"] and "Brown</div>" in shown["brown_chat"]
    assert "Panel 1" in shown["bayko_chat"] and "| Subtitle:" not in shown["bayko_chat"]
    refused = asyncio.run(page_handlers.session_view(studio, session_id, theirs))
    assert page_handlers.NOT_YOURS in refused["detail"] and refused["brown_chat"] == ""
