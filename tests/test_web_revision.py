"""Follow-up turns on the studio page: the change box, the tools under each panel, the version strip, and the turns
in Brown's conversation and transcripts; every typed word shown as text, each comic changed only by its browser."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from agents.studio import Studio, open_studio
from services.memory.agent_memory import ChatLine
from services.schemas import Attempt, ComicSession, ComicVersion, Panel, StoryboardRequest
from services.web import comic_views, handlers, revision_handlers, revision_views, views
from services.web.identity import new_browser_secret

XSS = "<img src=x onerror=alert(1)>"
PROMPT = "A cat and a dog race to the beach at sunset"


def attempt(number: int, subtitle: str = "Luna: Hi!") -> Attempt:
    return Attempt(attempt=number, panels=[Panel(index=i, description=f"Panel {i}.", subtitle=subtitle,
                                                 image=f"a{number}/p{i}.png") for i in range(2)])


def session(shown: int = 3, instructions: tuple[str, ...] = ("make it night", XSS)) -> ComicSession:
    versions = [ComicVersion(number=1, attempt=1)] + [
        ComicVersion(number=n + 2, attempt=n + 2, instruction=text, reply=f"Done {n + 2} {XSS}")
        for n, text in enumerate(instructions)]
    return ComicSession(session_id="c1", request=StoryboardRequest(prompt=PROMPT, panels=2, style="manga"),
                        attempts=[attempt(n) for n in range(1, len(versions) + 1)], versions=versions, shown=shown)


# --- views ------------------------------------------------------------------------------------------------------

def test_a_final_comic_has_redraw_and_edit_caption_under_each_panel_a_draft_none(tmp_path: Path) -> None:
    final = comic_views.comic_html(attempt(1, subtitle=XSS), tmp_path, state="final")
    for number in (1, 2):
        assert f'id="redraw-panel-{number}"' in final and f'id="edit-caption-{number}"' in final
    assert final.count('data-bb-tool="redraw"') == 2 and "<img src=x" not in final
    assert final.count("&lt;img src=x") == 2  # the caption once per panel: the editor is built in the page
    assert "bb-panel-tools" not in comic_views.comic_html(attempt(1), tmp_path)
    assert "bb-panel-tools" not in comic_views.comic_html(attempt(1), tmp_path, state="final", tools=False)
    assert "bb-panel-tools" not in comic_views.attempts_html([attempt(1)], tmp_path)  # ids stay unique


def test_the_version_strip_marks_the_shown_version_and_steps_both_ways() -> None:
    strip = revision_views.versions_html(session(shown=2))
    assert 'id="versions"' not in strip and 'data-shown="2"' in strip and 'data-count="3"' in strip
    assert 'id="version-prev" data-bb-version="1"' in strip and 'id="version-next" data-bb-version="3"' in strip
    assert strip.count('aria-pressed="true"') == 1 and 'id="version-2" data-bb-version="2" aria-pressed="true"' in strip
    assert "first comic" in strip and "make it night" in strip and "<img src=x" not in strip
    first, last = revision_views.versions_html(session(shown=1)), revision_views.versions_html(session(shown=3))
    assert 'id="version-prev" disabled' in first and 'id="version-next" disabled' in last
    assert revision_views.versions_html(session(instructions=())) == ""  # one version: nothing to pick


def test_the_note_under_the_title_names_the_version_shown() -> None:
    assert revision_views.version_note(session(shown=2), "Approved.") == (
        "Version 2 of 3: “make it night”. Select the subtitles to copy them.")
    assert revision_views.version_note(session(shown=1), "Approved.") == "Version 1 of 3. Approved."
    assert revision_views.version_note(session(instructions=(), shown=1), "Approved.") == "Approved."


def test_the_conversation_goes_on_with_each_turn_the_persons_words_then_browns() -> None:
    asked = [revision_views.AskedBack(after=2, instruction=f"blorp {XSS}", question="What should change?")]
    html = revision_views.conversation_html(session(), asked, pending="add a cat")
    assert html.count('class="bb-outcome') <= 1 and "<img src=x" not in html
    turns = html[html.index("Your changes"):]
    order = [turns.index(text) for text in ("make it night", "Done 2", "blorp", "What should change?",
                                            "Done 3", "add a cat", "Reading your change")]
    assert order == sorted(order)  # the question sits after version 2, where it was asked
    assert turns.count("bb-from-you") == 4 and 'class="bb-question"' in turns and "version 3 · shown" in turns
    assert "Here is attempt 1 of 3" in html and "Here is attempt 2" not in html  # versions are turns, not attempts
    assert "Your changes" not in revision_views.conversation_html(session(instructions=(), shown=1))


def test_a_refused_change_is_one_plain_sentence() -> None:
    assert revision_views.revise_error("instruction: must not be empty: say what to change.").startswith(
        "Say what to change first")
    assert revision_views.revise_error("instruction: must be at most 2000 characters (got 2400).") == (
        "Your change is 2,400 characters; Brown reads at most 2,000 characters. Shorten it.")
    assert revision_views.revise_error("caption: must be at most 160 characters (got 170).") == (
        "A caption holds at most 160 characters; this one has 170.")
    assert revision_views.revise_error("session_id: no comic with id 'x'.") == "No comic with id 'x'."
    assert revision_views.revise_error("Something went wrong.") == "Something went wrong."


def test_transcripts_read_follow_ups_as_a_dialogue() -> None:
    brown = [ChatLine(role="user", content=PROMPT), ChatLine(role="user", content=f"make it {XSS}"),
             ChatLine(role="assistant", content="Reply: Night it is: I asked Bayko to redraw panel 1."),
             ChatLine(role="assistant", content="Version 2: approve (Night it is.)"),
             ChatLine(role="user", content="blorp"), ChatLine(role="assistant", content="Asked back: What, exactly?")]
    html = views.transcript_html(brown, "brown")
    assert html.count("You</div>") == 3 and "Studio</div>" not in html and "<img src=x" not in html
    assert "Reply:" not in html and "Asked back:" not in html and 'bb-question">What, exactly?' in html
    assert "Version 2 kept · approved by Brown" in html and "Version 2: approve" not in html
    assert "· approve<" not in html  # the reader's word, not the transcript's
    bayko = views.transcript_html([ChatLine(role="user", content="Received revision request for version 2: "
                                                                 "make it night")], "bayko")
    assert "Version 2, please: make it night" in bayko and 'role="separator"' in bayko


# --- handlers ---------------------------------------------------------------------------------------------------

@pytest.fixture
def studio(tmp_path: Path, recording_renderer) -> Studio:
    return open_studio(tmp_path / "data", renderer=recording_renderer)


def make_comic(studio: Studio, secret: str) -> str:
    async def run() -> str:
        updates = [u async for u in handlers.generate_updates(studio, PROMPT, "classic", 2, "5", secret)]
        return next(u["session"] for u in updates if u.get("session"))
    return asyncio.run(run())


def collect(stream: Any) -> list[dict[str, Any]]:
    async def run() -> list[dict[str, Any]]:
        return [update async for update in stream]
    return asyncio.run(run())


def test_a_change_streams_the_turn_then_shows_the_new_version(studio: Studio) -> None:
    secret = new_browser_secret()
    comic = make_comic(studio, secret)
    updates = collect(revision_handlers.revise_updates(studio, comic, "make it night", secret, []))
    assert updates[0]["send_revise"]["interactive"] is False and "make it night" in updates[0]["conversation"]
    assert list(updates[-1]) == ["send_revise"] and updates[-1]["send_revise"]["interactive"] is True
    done = next(u for u in updates if "versions" in u)
    assert 'data-count="2"' in done["versions"] and done["revise"] == "" and "Brown: " in done["revise_note"]
    assert 'data-state="final"' in done["comic"] and "Version 2 of 2" in done["comic"]
    assert "?v=2" in done["downloads"] and "Night" in done["conversation"]
    assert studio.load_session(comic).shown == 2


def test_a_question_changes_nothing_and_bad_input_keeps_the_text(studio: Studio) -> None:
    secret = new_browser_secret()
    comic = make_comic(studio, secret)
    asked = collect(revision_handlers.revise_updates(studio, comic, "blorp the flibber", secret, []))
    question = next(u for u in asked if "asked" in u)
    assert question["asked"][0]["instruction"] == "blorp the flibber" and "bb-question" in question["conversation"]
    assert "Brown asks:" in question["revise_note"] and all("comic" not in u and "revise" not in u for u in asked)
    assert len(studio.load_session(comic).versions) == 1
    empty = collect(revision_handlers.revise_updates(studio, comic, "  ", secret, []))
    assert empty == [{"revise_note": views.message_html(
        "Say what to change first, for example “make it night” or “panel 2: the dog laughs”.", "error")}]
    other = collect(revision_handlers.revise_updates(studio, comic, "make it night", new_browser_secret(), []))
    assert len(other) == 1 and "bb-error" in other[0]["revise_note"] and "revise" not in other[0]
    assert "Make a comic first" in collect(revision_handlers.revise_updates(studio, None, "x", secret))[0]["revise_note"]


def test_the_panel_buttons_are_follow_up_turns_and_the_strip_shows_a_version(studio: Studio) -> None:
    secret = new_browser_secret()
    comic = make_comic(studio, secret)

    def act(**message: Any) -> list[dict[str, Any]]:
        return collect(revision_handlers.panel_action_updates(studio, comic, json.dumps(message), secret, []))

    act(action="redraw", panel=1)
    updates = act(action="caption", panel=2, text=XSS)
    done = next(u for u in updates if "versions" in u)
    assert "revise" not in done and "<img src=x" not in done["comic"] and "&lt;img src=x" in done["comic"]
    record = studio.load_session(comic)
    assert [v.instruction for v in record.versions] == [None, "redraw panel 1", f"caption 2: {XSS}"]
    assert record.final_attempt is not None and record.final_attempt.panels[1].subtitle == XSS
    shown = act(action="version", version=1)
    assert len(shown) == 1 and 'data-shown="1"' in shown[0]["versions"] and "Showing version 1 of 3" in \
        shown[0]["revise_note"] and studio.load_session(comic).shown == 1
    assert "caption holds at most" in act(action="caption", panel=2, text="x" * 161)[0]["revise_note"]
    assert "bb-error" in act(action="version", version=9)[0]["revise_note"]
    for junk in ("", "not json", json.dumps([1]), json.dumps({"action": "delete"})):
        refused = collect(revision_handlers.panel_action_updates(studio, comic, junk, secret, []))
        assert len(refused) == 1 and "bb-error" in refused[0]["revise_note"]
    assert len(studio.load_session(comic).versions) == 3


def test_a_reload_brings_back_the_version_left_shown_with_every_turn(studio: Studio) -> None:
    secret = new_browser_secret()
    comic = make_comic(studio, secret)
    collect(revision_handlers.revise_updates(studio, comic, "make it night", secret, []))
    restored = revision_handlers.restored_updates(studio, {"session": comic, "comic": "old"}, secret)
    assert 'data-shown="2"' in restored["versions"] and restored["revise_box"]["visible"] is True
    assert "make it night" in restored["conversation"] and restored["comic"] != "old"
    nothing = revision_handlers.restored_updates(studio, {"session": None}, secret)
    assert nothing["versions"] == "" and nothing["revise_box"]["visible"] is False
    staged = revision_handlers.staged({"feedback_box": {"visible": True}}, first=True)
    assert staged["revise_box"] == {"visible": True} and staged["asked"] == [] and staged["versions"] == ""


def test_the_memory_tab_names_a_follow_ups_drawing_by_its_version_not_as_a_fourth_attempt(tmp_path: Path) -> None:
    from services.schemas import Decision, FinalOutcome

    comic = session().model_copy(update={"final": FinalOutcome(decision=Decision.APPROVE, attempt=3)})
    detail = views.session_detail_html(comic)
    assert "Version 3 of 3" in detail and "of 3 (" in detail and "attempt 3 of 3" not in detail
    assert XSS not in detail  # the person's words are escaped
    listed = comic_views.attempts_html(comic.attempts, tmp_path, 3, comic.versions)
    assert "Version 2: make it night" in listed and "Attempt 1 of 3" in listed and "Attempt 3 of 3" not in listed
    assert XSS not in listed
