"""What the studio page adds around the shared handlers: plain-word refusals next to their field, the stage's
extra views while a comic forms, the last comic after a reload, and this browser's comics under the stage.

Like `handlers`, every function takes the shared `Studio` and the browser's key
as arguments and answers with {view name: value}; a comic is shown only to the
browser whose key made it.
"""

from __future__ import annotations

import logging
from typing import Any

import gradio as gr

from agents.studio import Studio
from services.schemas import COMMENT_MAX_CHARS, ComicSession, InvalidRequest, parse_request
from services.web import revision_handlers, views
from services.web.handlers import failure_text, finished_updates, request_dict
from services.web.identity import browser_owner

log = logging.getLogger(__name__)
OPTION_FIELDS = {"panels", "seed", "style", "layout", "language"}
FORM_FIELDS = ("prompt", "style", "layout", "panels", "seed", "language")  # the form a restored comic fills back in
HISTORY_PAGE = 12  # comics listed at first and added by each "Show older": one short screen on a phone
NOT_YOURS = "This comic was made in another browser, so it is not shown here."


def refusal(prompt: Any, style: Any, panels: Any, seed: Any, layout: Any, language: Any = None) -> dict[str, Any] | None:
    """Bad input, checked by the same validator the studio uses: the sentence goes next to the field it names
    (the options open when it is one of theirs); None when the request can go ahead."""
    try:
        parse_request(request_dict(prompt, style, panels, seed, None, layout, language=language))
    except InvalidRequest as error:
        field, sentence = views.plain_error(str(error), len(str(prompt or "").strip()))
        shown = views.message_html(sentence, "error")
        if field == "prompt":
            return {"prompt_error": shown, "options_error": ""}
        if field in OPTION_FIELDS:
            return {"options_error": shown, "prompt_error": "", "more_options": gr.update(open=True)}
        return {"status": shown, "prompt_error": "", "options_error": ""}
    return None


def comment_refusal(text: Any) -> dict[str, Any] | None:
    """An empty or over-long comment, in plain words under the feedback box; None when it can be sent."""
    cleaned = str(text or "").replace("\x00", "").strip()
    if cleaned and len(cleaned) <= COMMENT_MAX_CHARS:
        return None
    problem = "comment: must not be empty." if not cleaned else "comment: is too long."
    return {"feedback_note": views.message_html(views.plain_error(problem)[1], "error")}


def stage_update(update: dict[str, Any], first: bool) -> dict[str, Any]:
    """A streamed update plus what the page shows around it: old errors cleared at the start, the feedback box
    only once a comic exists, and the finished comic remembered for the next visit."""
    update = dict(update)
    if first:
        update.update({"prompt_error": "", "options_error": "", "feedback_box": gr.update(visible=False),
                       "feedback_note": "", "attempts_box": gr.update(visible=False)})
    if update.get("session"):
        update.update({"feedback_box": gr.update(visible=True), "last_session": update["session"],
                       "attempts_box": gr.update(visible=True)})
    return update


def owned_comic(studio: Studio, session_id: str | None, secret: str | None) -> ComicSession | None:
    """The comic with this id when this browser made it; None otherwise (or when it cannot be read). The one read
    of its record that a pick or a reload makes: what they show is built from the comic this returns."""
    owner = browser_owner(secret)
    if not session_id or not owner:
        return None
    try:
        return studio.load_session(session_id, owner)
    except Exception:
        log.info("could not read comic %s", session_id, exc_info=True)
        return None


def last_comic(studio: Studio, session_id: str | None, secret: str | None,
               session: ComicSession | None = None) -> dict[str, Any]:
    """After a reload: this browser's last comic back on the Create tab. The story and options that made it come as
    `restored_form` ({field: value}, `FORM_FIELDS`): the page puts them in the form only while the reader has not
    touched it, since this answer arrives after the page is usable (`page_script.restore_form`). `session`: the
    comic already read (`owned_comic`), so it is not read again."""
    if session is None:
        session = owned_comic(studio, session_id, secret)
    if session is None or not session.attempts:
        return {}
    request = session.request
    form = {"prompt": request.prompt, "style": request.style, "layout": request.layout, "panels": request.panels,
            "seed": str(request.seed) if request.seed is not None else "", "language": request.language}
    return {**finished_updates(session, studio.sessions.folder(session.session_id)),
            "feedback_box": gr.update(visible=True), "attempts_box": gr.update(visible=True), "restored_form": form}


def comic_back(studio: Studio, session_id: str | None, secret: str | None) -> dict[str, Any]:
    """After a reload: the last comic back at the version it was left on, with every turn and the change box, and
    its form (`last_comic`), from one read of its record; `{"session": None, ...}` when there is nothing to bring
    back."""
    session = owned_comic(studio, session_id, secret)
    found = last_comic(studio, session_id, secret, session) if session is not None else {}
    return revision_handlers.restored_updates(studio, found or {"session": None}, secret, session)


def history_list(studio: Studio, secret: str | None, shown: str | None = None,
                 count: int = HISTORY_PAGE) -> dict[str, Any]:
    """This browser's newest `count` comics, each with a thumbnail, title, style, panel count and time, the one on
    screen (`shown`) marked, and "Show older" while older ones follow: one query on the index, no comic's record
    read, however many comics the browser has made."""
    owner = browser_owner(secret)
    page = studio.comic_history(owner, max(1, int(count or HISTORY_PAGE))) if owner else None
    return {"history": views.history_html(page.entries if page else [], shown), "history_pick": "",
            "history_more": gr.update(visible=bool(page and page.more))}


async def picked_comic(studio: Studio, session_id: str | None, secret: str | None) -> dict[str, Any]:
    """A comic picked from the list: its header and both conversations beside the list, and the comic back on the
    stage as a reload brings it back (without touching the form), all from one read of its record."""
    if not session_id:
        return {}
    session = owned_comic(studio, session_id, secret)
    shown = await _detail(studio, session)
    found = last_comic(studio, session_id, secret, session) if session is not None else {}
    if found:
        found.pop("restored_form", None)
        shown.update(revision_handlers.restored_updates(studio, found, secret, session))
    return shown


async def _detail(studio: Studio, session: ComicSession | None) -> dict[str, Any]:
    """One of this browser's comics: its header (story, style, comments) and both agents' conversations."""
    empty = {"detail": "", "brown_chat": "", "bayko_chat": ""}
    if session is None:
        return {**empty, "detail": views.message_html(NOT_YOURS, "error")}
    try:
        transcripts = await studio.conversation(session.session_id)
    except Exception as error:
        return {**empty, "detail": views.message_html(failure_text(error, "reading the conversation"), "error")}
    return {"detail": views.session_detail_html(session),
            "brown_chat": views.transcript_html(transcripts["brown"], "brown"),
            "bayko_chat": views.transcript_html(transcripts["bayko"], "bayko")}
