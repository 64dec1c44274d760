"""What the studio page does with follow-up turns: the change box, the buttons under each panel, the version strip.

Like `handlers`, every function takes the shared `Studio` and the browser's
key as arguments (a comic is changed only by the browser whose key made it)
and answers with {view name: value}. A turn streams like a comic: the
person's instruction in Brown's conversation at once, the new version's
panels as Bayko draws them, then the version shown with its downloads.
Brown's questions change nothing, so they live only in the tab's state
(`asked`) and in his transcript.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import gradio as gr

from agents.follow_up import caption_change, check_instruction, redraw_change
from agents.studio import Studio
from services.follow_up import Change
from services.schemas import AttemptDrawn, BrownReplied, ComicFinished, ComicSession, InvalidRequest
from services.web import comic_views, revision_views, views
from services.web.handlers import failure_text, keep_within_budget
from services.web.identity import browser_owner
from services.web.revision_views import AskedBack

log = logging.getLogger(__name__)
NO_COMIC = "Make a comic first, then ask Brown for a change."
DOING = "changing the comic"
ACTION_MAX_CHARS = 1000  # a panel button's message: an action, a number, at most a caption


def shown_updates(session: ComicSession, folder: Path, asked: Sequence[AskedBack] = ()) -> dict[str, Any]:
    """The comic at the version shown: its panels (with their tools), the note saying which version it is, the
    conversation with every turn, the version strip, the first version's attempts and the shown version's files."""
    final = session.final_attempt or session.attempts[-1]
    first = next((v for v in session.versions if v.number == 1), None)
    first_attempt = first.attempt if first else final.attempt
    verdict = next((a.verdict for a in session.attempts if a.attempt == first_attempt), None)  # the first's own
    decision = verdict.decision if verdict else (session.final.decision if session.final else None)
    note = revision_views.version_note(session, comic_views.final_note(decision, first_attempt, verdict))
    title = session.title or views.short(session.request.prompt, 90)
    return {"status": "",
            "comic": comic_views.comic_html(final, folder, title=title, note=note, state="final",
                                            memories=session.domain_memories, layout=session.request.layout,
                                            notices=session.notices),
            "conversation": revision_views.conversation_html(session, asked),
            "versions": revision_views.versions_html(session),
            "attempts": comic_views.attempts_html(revision_views.first_attempts(session), folder, first_attempt),
            "downloads": comic_views.downloads_html(folder, session.shown, title),
            "session": session.session_id, "last_session": session.session_id}


def restored_updates(studio: Studio, update: dict[str, Any], secret: str | None,
                     session: ComicSession | None = None) -> dict[str, Any]:
    """A comic brought back after a reload or a pick, at the version it was left on, with every turn and the change
    box. `session`: the comic `update` came from, already read (`page_handlers.owned_comic`); without it the comic
    is read again."""
    session_id = update.get("session")
    if not session_id:
        return {**update, "versions": "", "revise_box": gr.update(visible=False)}
    if session is None or session.session_id != session_id:
        try:
            session = studio.load_session(session_id, browser_owner(secret))
        except Exception:  # it was readable a moment ago; the plain restore still stands
            log.info("could not read comic %s again", session_id, exc_info=True)
            return {**update, "versions": "", "revise_box": gr.update(visible=True)}
    return {**update, **shown_updates(session, studio.sessions.folder(session_id)), "revise_box": gr.update(visible=True)}


def staged(update: dict[str, Any], first: bool) -> dict[str, Any]:
    """A new comic's streamed update, plus what the follow-up views do around it: a new comic has one version and
    no turns yet; the change box shows with the feedback box."""
    update = dict(update)
    if first:
        update.update({"versions": "", "asked": [], "revise_note": ""})
    if "feedback_box" in update:
        update["revise_box"] = update["feedback_box"]
    return update


def _error(text: str) -> dict[str, Any]:
    return {"revise_note": views.message_html(text, "error")}


def _owner(session_id: str | None, secret: str | None) -> str:
    owner = browser_owner(secret)
    if not session_id or not owner:
        raise InvalidRequest(NO_COMIC)
    return owner


async def revise_updates(studio: Studio, session_id: str | None, instruction: Any, secret: str | None,
                         asked: Sequence[AskedBack] | None = None,
                         changes: list[Change] | None = None) -> AsyncIterator[dict[str, Any]]:
    """Stream one follow-up turn: the instruction in the conversation at once, the new version as Bayko draws it,
    then the version shown with its downloads and Brown's reply (or, when he did not understand, his question and
    the comic unchanged). A refusal is one sentence in the change box's note; the text typed stays."""
    asked = list(asked or [])
    try:
        owner = _owner(session_id, secret)
        text = check_instruction(instruction)
        session = studio.load_session(str(session_id), owner)
    except Exception as error:
        yield _error(revision_views.revise_error(failure_text(error, DOING)))
        return
    folder = studio.sessions.folder(session.session_id, owner)
    drawn = False  # a draft of the new version is on screen
    yield {"send_revise": gr.update(interactive=False), "revise_note": "",
           "status": views.message_html("Brown is reading your change…", "info"),
           "conversation": revision_views.conversation_html(session, asked, pending=text)}
    try:
        async for event in studio.revise(session.session_id, text, owner, changes=changes):
            if isinstance(event, BrownReplied) and not event.understood:
                asked.append(AskedBack(after=len(session.versions), instruction=text, question=event.reply))
                yield {"status": "", "asked": asked, "conversation": revision_views.conversation_html(session, asked),
                       "revise_note": views.message_html(f"Brown asks: {event.reply}", "info")}
            elif isinstance(event, AttemptDrawn):
                number, drawn = len(session.versions) + 1, True
                working = f"Bayko drew version {number}; checking it"
                yield {"status": views.message_html(f"Brown is checking version {number}…", "info"),
                       "comic": comic_views.comic_html(event.attempt, folder, title=session.title,
                                                       note=f"Version {number}: Brown is checking it…",
                                                       layout=session.request.layout),
                       "conversation": revision_views.conversation_html(session, asked, pending=text,
                                                                        working=working)}
            elif isinstance(event, ComicFinished):
                await keep_within_budget(studio, event.session.session_id)
                done = shown_updates(event.session, Path(event.session_dir), asked)
                reply = next((v.reply for v in event.session.versions if v.number == event.session.shown), "")
                cleared = {"revise": ""} if changes is None else {}  # the box's text is done; a button's is not
                yield {**done, **cleared,
                       "revise_note": views.message_html(f"Brown: {reply}" if reply else "Done.", "ok")}
    except Exception as error:  # the comic stays as it was: one sentence, and the shown version again over a draft
        restored = (shown_updates(session, folder, asked) if drawn
                    else {"status": "", "conversation": revision_views.conversation_html(session, asked)})
        yield {**restored, **_error(revision_views.revise_error(failure_text(error, DOING)))}
    yield {"send_revise": gr.update(interactive=True)}


async def panel_action_updates(studio: Studio, session_id: str | None, action: Any, secret: str | None,
                               asked: Sequence[AskedBack] | None = None) -> AsyncIterator[dict[str, Any]]:
    """A button of the comic (Redraw, a saved caption, a version in the strip), sent by the page script as
    `{"action", "panel", "text", "version"}`: the first two become follow-up turns, the third shows a version."""
    try:
        message = _action(action)
        kind = message.get("action")
        if kind == "version":
            yield await show_version_updates(studio, session_id, message.get("version"), secret, asked)
            return
        if kind == "redraw":
            instruction, changes = redraw_change(message.get("panel"))
        elif kind == "caption":
            instruction, changes = caption_change(message.get("panel"), message.get("text"))
        else:
            raise InvalidRequest("This button does nothing here; reload the page and try again.")
    except Exception as error:
        yield _error(revision_views.revise_error(failure_text(error, DOING)))
        return
    async for update in revise_updates(studio, session_id, instruction, secret, asked, changes):
        yield update


def _action(value: Any) -> dict[str, Any]:
    """The page script's message; anything else (typed into the hidden box by hand) is refused in one sentence."""
    text = str(value or "")
    try:
        message = json.loads(text) if text and len(text) <= ACTION_MAX_CHARS else None
    except json.JSONDecodeError:
        message = None
    if not isinstance(message, dict):
        raise InvalidRequest("This button does nothing here; reload the page and try again.")
    return message


async def show_version_updates(studio: Studio, session_id: str | None, number: Any, secret: str | None,
                               asked: Sequence[AskedBack] | None = None) -> dict[str, Any]:
    """Show another version of the comic: its panels, its note, its downloads; the strip marks it."""
    try:
        owner = _owner(session_id, secret)
        session = await studio.show_version(str(session_id), number, owner)
    except Exception as error:
        return _error(revision_views.revise_error(failure_text(error, "showing that version")))
    count = len(session.versions)
    return {**shown_updates(session, studio.sessions.folder(session.session_id, owner), asked or []),
            "revise_note": views.message_html(f"Showing version {session.shown} of {count}; the downloads hold it "
                                              "now.", "ok")}
