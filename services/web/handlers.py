"""What the studio's buttons and API endpoints do, separate from the page layout.

Every handler takes the shared `Studio` and everything about the person as
arguments (their browser's secret key, or the API caller's `user_id`), so
nothing about a user is kept between calls. A browser's secret is turned into
its owner id here (`identity`) and never reaches the studio's records. UI handlers answer with
dicts keyed by view names ("status", "comic", …) that `ui` maps onto
components; API handlers answer with plain JSON-able data.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import gradio as gr

from agents.studio import Studio
from services.schemas import (
    DEFAULT_LAYOUT,
    Attempt,
    AttemptDrawn,
    BrownReplied,
    ComicFinished,
    ComicSession,
    InvalidRequest,
    SessionStarted,
    StoryboardRequest,
    VerdictGiven,
)
from services.storage.disk_budget import enforce_budget
from services.storage.exporters import EXPORTS, ensure_exports
from services.storage.session_store import MANIFEST
from services.web import comic_views, views
from services.web.identity import api_owner, browser_owner, new_browser_secret
from services.web.limits import data_budget_mb

log = logging.getLogger(__name__)
DOWNLOADS = (*EXPORTS, MANIFEST)  # every file a finished comic offers: pages, PDF, CBZ, subtitles, bundle, record
PANELS_DEFAULT = 4
BACKEND_FAILURE = "Something went wrong while {} ({}). Nothing you typed was lost: please try again."


def request_dict(prompt: Any, style: Any, panels: Any, seed: Any, user_id: str | None,
                 layout: Any = None, owned: bool = True, language: Any = None) -> dict[str, Any]:
    """The raw request; `Studio.generate` validates it (2.5 panels is refused there, as in the CLI, never rounded).

    A blank or missing seed (or layout, style, panel count) means 'pick one for me'; a blank caption language
    means 'the prompt's own' ("auto").
    """
    return {"prompt": prompt if prompt is not None else "", "style": style if style not in ("", None) else None,
            "panels": panels if panels not in ("", None) else PANELS_DEFAULT,
            "seed": seed if seed not in ("", None) else None, "user_id": user_id,
            "layout": layout if layout not in ("", None) else DEFAULT_LAYOUT, "owned": owned,
            "language": language if language not in ("", None) else "auto"}


def _downloads(folder: Path) -> list[str | None]:
    return [str(folder / name) if (folder / name).exists() else None for name in DOWNLOADS]


def failure_text(error: Exception, doing: str = "making the comic") -> str:
    """Bad input: its own sentence. Anything else: logged in full, one sentence on the page."""
    if isinstance(error, InvalidRequest):
        return str(error)
    log.error("failed while %s", doing, exc_info=error)
    return BACKEND_FAILURE.format(doing, type(error).__name__)


async def generate_updates(studio: Studio, prompt: Any, style: Any, panels: Any, seed: Any, secret: str | None,
                           layout: Any = None, language: Any = None) -> AsyncIterator[dict[str, Any]]:
    """Stream one comic to the page: progress, each attempt and verdict as it happens, then the final comic.

    `secret` is the browser's key; the comic is stored under the owner id derived from it. `language` is the
    captions' language ("auto", "en", "fr", "de", "es"; None is "auto").
    """
    secret = secret or new_browser_secret()
    yield {"user": secret, "status": views.progress_html("Brief"), "generate": gr.update(interactive=False)}
    request: StoryboardRequest | None = None
    memories: list[str] = []
    attempts: list[Attempt] = []
    notices: list[str] = []
    folder = Path(studio.data_dir)
    try:
        async for event in studio.generate(request_dict(prompt, style, panels, seed, browser_owner(secret), layout,
                                                                language=language)):
            if isinstance(event, SessionStarted):
                request, memories = event.request, event.domain_memories
                folder = studio.sessions.folder(event.session_id)
                yield {"status": views.progress_html("Draw", 1), "attempts": comic_views.attempts_html([], folder),
                       "conversation": views.conversation_html(request, attempts, memories),
                       "downloads": "", "feedback_note": ""}
            elif isinstance(event, AttemptDrawn):
                # A last attempt whose captions Brown had replaced arrives again: it takes the old one's place.
                attempts = [a for a in attempts if a.attempt != event.attempt.attempt] + [event.attempt]
                notices.extend(event.notices)
                note = f"Attempt {event.attempt.attempt} of {views.MAX_ATTEMPTS}: Brown is reviewing…"
                yield {"status": views.progress_html("Review", event.attempt.attempt),
                       "comic": comic_views.comic_html(event.attempt, folder, note=note, memories=memories,
                                                       layout=request.layout if request else None, notices=notices),
                       "conversation": views.conversation_html(request, attempts, memories),
                       "attempts": comic_views.attempts_html(attempts, folder)}
            elif isinstance(event, VerdictGiven):
                attempts = [a.model_copy(update={"verdict": event.verdict}) if a.attempt == event.attempt else a
                            for a in attempts]
                step, number = ("Done", event.attempt) if event.verdict.final else ("Draw", event.attempt + 1)
                yield {"status": views.progress_html(step, number),
                       "conversation": views.conversation_html(request, attempts, memories),
                       "attempts": comic_views.attempts_html(attempts, folder)}
            elif isinstance(event, ComicFinished):
                yield finished_updates(event.session, Path(event.session_dir))
                await keep_within_budget(studio, event.session.session_id)
    except Exception as error:  # every failure becomes one sentence on the page, never a traceback
        yield {"status": views.message_html(failure_text(error), "error"), "generate": gr.update(interactive=True)}
        return
    yield {"generate": gr.update(interactive=True)}


def finished_updates(session: ComicSession, folder: Path) -> dict[str, Any]:
    """The finished comic: the approved panels with their subtitles, notices, the downloads, and who said what."""
    final = session.final_attempt or session.attempts[-1]
    note = comic_views.final_note(session.final.decision if session.final else None, final.attempt, final.verdict)
    title = session.title or views.short(session.request.prompt, 90)
    return {"status": views.progress_html("Done", final.attempt, done=True),
            "comic": comic_views.comic_html(final, folder, title=title, note=note, state="final",
                                            memories=session.domain_memories, layout=session.request.layout,
                                            notices=session.notices),
            "conversation": views.conversation_html(session.request, session.attempts, session.domain_memories,
                                                    finished=True),
            "attempts": comic_views.attempts_html(session.attempts, folder, final.attempt, session.versions),
            "downloads": comic_views.downloads_html(folder, title=title), "session": session.session_id}


# --- API: plain data in, plain data out -------------------------------------------------------------

def api_error(error: Exception) -> gr.Error:
    return gr.Error(failure_text(error), print_exception=False)


def comic_result(session: ComicSession, folder: Path, user_id: str) -> tuple[list[str], list[str], dict[str, Any]]:
    """The generate endpoint's answer: final panel files, the download files, and a JSON summary."""
    return ([str(folder / p.image) for p in _final(session).panels if p.image], [p for p in _downloads(folder) if p],
            comic_summary(session, user_id))


def _final(session: ComicSession) -> Attempt:
    return session.final_attempt or session.attempts[-1]


def comic_summary(session: ComicSession, user_id: str | None) -> dict[str, Any]:
    """A finished comic as plain data: decision, subtitles, panels (who drew them), verdicts, notices."""
    final = _final(session)
    return {
        "session_id": session.session_id, "user_id": user_id, "title": session.title,
        "decision": session.final.decision.value if session.final else None, "final_attempt": final.attempt,
        "subtitles": [p.subtitle for p in final.panels],
        "panels": [{"index": p.index, "description": p.description, "subtitle": p.subtitle, "version": p.version,
                    "drawn_by": p.drawn_by, "notice": p.notice} for p in final.panels],
        "verdicts": [{"attempt": a.attempt, **a.verdict.model_dump(mode="json")} for a in session.attempts
                     if a.verdict is not None],
        "notices": session.notices, "domain_memories": session.domain_memories,
        "request": session.request.model_dump(mode="json"), "version": session.shown,
        "versions": [{"number": v.number, "instruction": v.instruction, "reply": v.reply, "changed": v.changed,
                      "attempt": v.attempt} for v in session.versions],
    }


async def finished_comic(studio: Studio, request: dict[str, Any], files: bool = True) -> tuple[ComicSession, Path]:
    """Run one comic to the end for a program; bad input and failures become a `gr.Error` sentence. With `files`,
    every download is written now, for an answer that carries the files; else each is written when first fetched."""
    try:
        async for event in studio.generate(request):
            if isinstance(event, ComicFinished):
                if files:
                    await ensure_downloads(studio, event.session.session_id, Path(event.session_dir))
                await keep_within_budget(studio, event.session.session_id)
                return event.session, Path(event.session_dir)
    except Exception as error:
        raise api_error(error) from None
    raise gr.Error("The comic did not finish; please try again.", print_exception=False)


async def api_revise(studio: Studio, session_id: Any, instruction: Any, user_id: str | None,
                     request: gr.Request | None) -> tuple[list[str], list[str], dict[str, Any]]:
    """A follow-up turn for a program: the new version's files and summary, with Brown's reply; when Brown did not
    understand, the comic as it was and his question (`understood` false)."""
    owner = api_owner(user_id, request)
    try:
        reply: BrownReplied | None = None
        async for event in studio.revise(str(session_id or ""), instruction, owner):
            if isinstance(event, BrownReplied):
                reply = event
            if isinstance(event, ComicFinished):
                await ensure_downloads(studio, event.session.session_id, Path(event.session_dir))
                await keep_within_budget(studio, event.session.session_id)
                session, folder = event.session, Path(event.session_dir)
                break
        else:
            session = studio.load_session(str(session_id), owner)
            folder = studio.sessions.folder(session.session_id, owner)
            await ensure_downloads(studio, session.session_id, folder)
    except Exception as error:
        raise api_error(error) from None
    panels, downloads, summary = comic_result(session, folder, owner)
    summary["understood"] = reply.understood if reply else False
    summary["reply"] = reply.reply if reply else ""
    return panels, downloads, summary


async def api_generate(studio: Studio, prompt: Any, style: Any, panels: Any, seed: Any, user_id: str | None,
                       request: gr.Request | None, layout: Any = None,
                       language: Any = None) -> tuple[list[str], list[str], dict[str, Any]]:
    owner = api_owner(user_id, request)
    typed = bool(str(user_id or "").strip())  # a key the caller gave is an owner's, whatever it looks like
    session, folder = await finished_comic(studio, request_dict(prompt, style, panels, seed, owner, layout, typed,
                                                                language))
    return comic_result(session, folder, owner)


async def ensure_downloads(studio: Studio, session_id: str, folder: Path) -> None:
    """A program is answered with every download file: a studio that exports on demand writes them now (and the
    disk budget counts them); already written, they are kept."""
    if await asyncio.to_thread(ensure_exports, folder, EXPORTS):
        studio.sessions.record_size(session_id)


async def keep_within_budget(studio: Studio, just_made: str) -> None:
    """After a comic: prune the oldest unowned comics past `COMIC_MAX_DATA_MB` (never the one just made)."""
    try:
        await asyncio.to_thread(enforce_budget, studio.sessions, data_budget_mb(), just_made)
    except Exception:  # a full disk must not turn a finished comic into an error
        log.warning("could not keep the data directory within its budget", exc_info=True)
