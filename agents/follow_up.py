"""A follow-up turn: the person asks Brown for a change to a finished comic, and gets its next version.

The same two agents, the same memories (the turn is the next one of each
agent's conversation), the same events as a comic (so the UI streams them and
the CLI prints them): Brown reads the instruction into changes or asks back,
Bayko applies them and redraws only the panels they change, Brown reviews the
version with the same checks and keeps it (the studio writes the exports of the version shown).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from agents.bayko import AgentBayko
from agents.brown import AgentBrown, attempt_notices, showing
from agents.comic_loop import Workshop, _result_of
from services.follow_up import Change, FollowUp, Redraw, SetCaption
from services.memory.agent_memory import AgentMemory
from services.memory.text_normal import clean_text
from services.revision.understanding import ComicContext, understand, understand_commands
from services.schemas import (
    PANELS_MAX,
    PROMPT_MAX_CHARS,
    AttemptDrawn,
    BrownReplied,
    ComicFinished,
    ComicSession,
    ComicVersion,
    InvalidRequest,
    LoopEvent,
    VerdictGiven,
)
from services.storage.exporters import forget_exports
from services.storage.session_store import ANYONE, Owner
from services.story.caption_rules import CAPTION_MAX_CHARS

INSTRUCTION_MAX_CHARS = PROMPT_MAX_CHARS


async def follow_up(studio: Workshop, session_id: str, instruction: Any, owner: Owner = ANYONE,
                    changes: list[Change] | None = None) -> AsyncIterator[LoopEvent]:
    """One follow-up turn on a comic, yielding each step; `changes` when the page's buttons already say them.

    Raises `InvalidRequest` before anything changes: an empty or overlong instruction, a comic that is not the
    caller's (or does not exist), a comic not finished yet."""
    text = check_instruction(instruction)
    session = studio.sessions.load(session_id, owner)
    folder = studio.sessions.folder(session_id, owner)
    brown = AgentBrown(studio.data_dir, studio.sessions)
    brown.resume(session, folder)
    assert brown.memory is not None, "a resumed Brown has his memory of the comic"
    reading = session.reading or studio.storyteller.read(session.request, session.request.seed or 0,
                                                         session.domain_memories)
    asked = (FollowUp(instruction=text, changes=changes) if changes
             else await _understood(studio, brown, text, _context(session, brown, reading)))
    if not asked.understood:
        await brown.ask_back(asked)
        await brown.memory.flush()
        yield BrownReplied(session_id=session_id, instruction=text, reply=asked.question, understood=False)
        return
    bayko = AgentBayko(session_id, folder, studio.data_dir, studio.storyteller, studio.renderer,
                       tidies_descriptions=not studio.strict_review)
    order = brown.ask_for_version(asked, reading)
    version = len(session.versions) + 1
    result = await bayko.process_revision_request(order)
    drawn = _result_of(result)
    yield AttemptDrawn(session_id=session_id, attempt=drawn.attempt, version=version,
                       notices=attempt_notices(drawn.storyboard, drawn.attempt))
    reply = brown.reply(result)
    yield BrownReplied(session_id=session_id, instruction=text, reply=reply, understood=True)
    verdict = await brown.review_version(result)
    yield VerdictGiven(session_id=session_id, attempt=drawn.attempt.attempt, verdict=verdict, version=version)
    # Brown logs his last line before writing the exports: the memories are stored while the files are written.
    finished, _, _ = await asyncio.gather(
        brown.finish_version(result, verdict, bayko.images_of(drawn.attempt.attempt), text, reply),
        brown.memory.flush(), bayko.memory.flush())
    yield ComicFinished(session=finished, session_dir=str(folder))


async def show(studio: Workshop, session: ComicSession, version: ComicVersion, folder: Path) -> ComicSession:
    """Make `version` the one shown: the record's outcome, style, layout and cast follow it, and the exports of the
    version shown before are dropped (the studio writes the new ones, now or when asked for)."""
    attempt = next(a for a in session.attempts if a.attempt == version.attempt)
    session = showing(session, version, attempt)
    studio.sessions.save(session, folder)
    await asyncio.to_thread(forget_exports, folder)
    studio.sessions.record_size(session.session_id)  # without the dropped exports, for the disk budget
    brown = AgentMemory(session.session_id, "brown", studio.data_dir)
    await brown.aadd_message("user", f"Show version {version.number} again.")
    return session


def check_instruction(instruction: Any) -> str:
    """The instruction as Brown reads it, or one clear sentence naming the field and the limit."""
    text = clean_text(str(instruction or "")).strip()
    if not text:
        raise InvalidRequest("instruction: must not be empty: say what to change, for example \"make it night\".")
    if len(text) > INSTRUCTION_MAX_CHARS:
        raise InvalidRequest(f"instruction: must be at most {INSTRUCTION_MAX_CHARS} characters (got {len(text)}).")
    return text


def caption_change(panel: Any, text: Any) -> tuple[str, list[Change]]:
    """The page's "edit caption" as a follow-up: the instruction recorded in the conversation, and its change."""
    index = _panel_number(panel) - 1
    caption = clean_text(str(text or "")).strip()
    if not caption:
        raise InvalidRequest("caption: must not be empty.")
    if len(caption) > CAPTION_MAX_CHARS:
        raise InvalidRequest(f"caption: must be at most {CAPTION_MAX_CHARS} characters (got {len(caption)}).")
    return f"caption {index + 1}: {caption}", [SetCaption(panel=index, text=caption)]


def redraw_change(panel: Any) -> tuple[str, list[Change]]:
    """The page's "redraw" under a panel as a follow-up: another take of that panel."""
    index = _panel_number(panel) - 1
    return f"redraw panel {index + 1}", [Redraw(panels=[index])]


def _panel_number(value: Any) -> int:
    text = str(value).strip()
    if not text.isdigit() or not 1 <= int(text) <= PANELS_MAX:
        raise InvalidRequest(f"panel: must be a panel number from 1 to {PANELS_MAX} (got {text[:20]!r}).")
    return int(text)


async def _understood(studio: Workshop, brown: AgentBrown, text: str, comic: ComicContext) -> FollowUp:
    """What Brown understood: with a model, its rewriting of the words into commands, read on his conversation so
    far (so "again" or "the other one" can be resolved); the offline reader on the words themselves otherwise,
    or when the model's commands give no change."""
    assert brown.memory is not None and brown.session is not None
    history = await brown.memory.acontext(brown.session.domain_memories)
    draft = await studio.storyteller.rephrase_follow_up(text, comic.describe(), history=history)
    if draft is not None:
        brown.note(f"Read with the model as: {'; '.join(draft.commands) or '(no change)'}")
        read = understand_commands(text, draft.commands, comic)
        if read.understood:
            return read
        if draft.question.strip():
            return FollowUp(instruction=text, question=draft.question.strip())
    return understand(text, comic)


def _context(session: ComicSession, brown: AgentBrown, reading: Any) -> ComicContext:
    shown = session.final_attempt
    panels = shown.panels if shown else []
    return ComicContext(reading=reading, cast=brown.shown().cast, panels=len(panels), seed=session.request.seed or 0,
                        captions=[p.subtitle for p in panels])
