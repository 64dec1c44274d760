"""The studio's front door: every action the UI, the CLI, the API and the MCP tool offer.

`Studio` holds only what is shared by everyone (where the data lives and which
backends draw and write); everything about a user or a comic is created per
call, so one process can serve many people at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from agents.brown import learn_from_comment
from agents.comic_loop import Workshop, make_comic
from agents.follow_up import follow_up, show
from services import config
from services.art.panel_renderer import PanelRenderer
from services.backends import renderer_from_env, storyteller_from_env
from services.config import data_dir as default_data_dir
from services.follow_up import Change
from services.memory.agent_memory import AgentMemory, ChatLine, prepare_store
from services.memory.curator_access import check_curator
from services.memory.domain_memories import (
    AuditEntry,
    DomainMemory,
    DomainMemoryStore,
    MemoryPage,
    StoredMemory,
    parse_status,
)
from services.memory.memory_listing import MemoryQuery
from services.memory.text_normal import clean_text
from services.schemas import (
    COMMENT_MAX_CHARS,
    USER_ID_MAX_CHARS,
    ComicFinished,
    ComicSession,
    Comment,
    InvalidRequest,
    LoopEvent,
    SessionStarted,
    StoryboardRequest,
)
from services.storage.exporters import EXPORT_MODES, ExportMode, write_all_exports
from services.storage.publications import Publication, publications_for
from services.storage.session_store import (
    ANYONE,
    HistoryPage,
    Owner,
    SessionStore,
    SessionSummary,
    check_session_id,
)
from services.story.storyteller import Storyteller

AGENTS = ("brown", "bayko")


@dataclass(frozen=True)
class Studio(Workshop):
    """The workshop (data, stores, backends) and every action offered on it.

    `exports`: "complete" writes every export (page PNG, PDF, CBZ, subtitles, zip) when a comic or version is
    finished, as the CLI's session folder is documented; "on_demand" (the web server) leaves a comic with its
    panels and manifest, and each export is written the first time someone downloads it
    (`exporters.ensure_export`)."""

    exports: ExportMode = "complete"

    def generate(self, request: StoryboardRequest | dict[str, Any], out_dir: Path | None = None) -> AsyncIterator[LoopEvent]:
        """Make one comic, yielding each step (see `agents.comic_loop.make_comic`)."""
        return self._with_exports(make_comic(self, request, out_dir))

    def revise(self, session_id: str, instruction: Any, owner: Owner = ANYONE,
               changes: list[Change] | None = None) -> AsyncIterator[LoopEvent]:
        """A follow-up turn on a finished comic: its next version, step by step (see `agents.follow_up`)."""
        return self._with_exports(follow_up(self, session_id, instruction, owner, changes))

    async def _with_exports(self, events: AsyncIterator[LoopEvent]) -> AsyncIterator[LoopEvent]:
        """The loop's events; a complete studio writes every export before saying the comic is finished. A comic
        that fails after its panels were drawn has them measured too, so the disk budget counts them."""
        started: str | None = None
        finished = False
        try:
            async for event in events:
                if isinstance(event, SessionStarted):
                    started = event.session_id
                if isinstance(event, ComicFinished):
                    await self._write_exports(event.session.session_id, Path(event.session_dir))
                    finished = True
                yield event
        finally:
            if started and not finished:
                with contextlib.suppress(Exception):  # never hides the failure that ended the comic
                    self.sessions.record_size(started)

    async def _write_exports(self, session_id: str, folder: Path) -> None:
        if self.exports == "complete":
            await asyncio.to_thread(write_all_exports, folder)
            self.sessions.record_size(session_id)  # the disk budget counts the exports by this record

    async def show_version(self, session_id: str, number: Any, owner: Owner = ANYONE) -> ComicSession:
        """Show an earlier (or later) version again: the page, the record's outcome and the exports follow it."""
        session = self.sessions.load(session_id, owner)
        chosen = next((v for v in session.versions if str(v.number) == str(number).strip()), None)
        if chosen is None:
            raise InvalidRequest(f"version: this comic has versions 1 to {max(1, len(session.versions))} "
                                 f"(got {str(number)[:20]!r}).")
        folder = self.sessions.folder(session_id, owner)
        shown = await show(self, session, chosen, folder)
        await self._write_exports(session_id, folder)
        return shown

    async def add_comment(self, session_id: str, text: str, user_id: str | None = None,
                          owner: Owner = ANYONE, memory_cap: int | None = None) -> CommentOutcome:
        """Record a reader's comment (session record, Brown's memory); a correction becomes domain memories.

        The web and the API pass `owner` (the caller's owner id): only a comic's owner may comment on it;
        and `memory_cap`: a comic gives at most that many memories (the comment is still kept and answered).
        """
        check_session_id(session_id)
        comment = Comment(text=check_comment_text(text), user_id=_user_id(user_id))
        session = self.sessions.add_comment(session_id, comment, owner)
        who = comment.user_id or "a reader"
        brown = AgentMemory(session_id, "brown", self.data_dir)
        await brown.aadd_message("user", f"Comment from {who} ({comment.comment_id}): {comment.text}")
        lesson = await learn_from_comment(self.storyteller, self.memories, session, comment, brown, memory_cap)
        return CommentOutcome(comment=comment, memories=lesson.memories, reply=lesson.reply)

    def list_sessions(self, limit: int = 50, user_id: str | None = None) -> list[SessionSummary]:
        return self.sessions.list(limit=limit, user_id=user_id)

    def comic_history(self, owner: str, limit: int = 12, offset: int = 0) -> HistoryPage:
        """One page of `owner`'s comics, newest first, with what a list shows of each (from the index alone)."""
        return self.sessions.history(owner, limit, offset)

    def load_session(self, session_id: str, owner: Owner = ANYONE) -> ComicSession:
        """One comic's record; to anyone but `owner` (when given) the same "no comic" as for a missing one."""
        return self.sessions.load(session_id, owner)

    async def conversation(self, session_id: str, owner: Owner = ANYONE) -> dict[str, list[ChatLine]]:
        """Brown's and Bayko's whole transcripts of one comic (its owner's only, when `owner` is given)."""
        self.sessions.folder(session_id, owner)
        return {agent: await AgentMemory(session_id, agent, self.data_dir).atranscript() for agent in AGENTS}

    # --- Publishing: a share link and the public gallery (see `services.storage.publications`) ---

    def publish(self, session_id: str, owner: Owner = ANYONE, include_transcripts: bool = False) -> Publication:
        """Publish the owner's comic under a random share token; to anyone else "no comic with id …"."""
        return publications_for(self.sessions).publish(session_id, owner, include_transcripts)

    def unpublish(self, session_id: str, owner: Owner = ANYONE) -> bool:
        """Take the owner's comic down: its link dies for good (publishing again gives a new one)."""
        return publications_for(self.sessions).unpublish(session_id, owner)

    def publication_of(self, session_id: str, owner: Owner = ANYONE) -> Publication | None:
        return publications_for(self.sessions).publication_of(session_id, owner)

    def publication(self, token: object) -> Publication | None:
        """The publication a share link names, or None (unknown, taken down, or not a token at all)."""
        return publications_for(self.sessions).by_token(token)

    def gallery(self, page: int = 1, per_page: int = 12) -> list[Publication]:
        """Published comics, newest first, one page at a time."""
        return publications_for(self.sessions).gallery(page, per_page)

    def list_memories(self, status: str | None = None, limit: int = 200) -> list[DomainMemory]:
        return self.memories.list(parse_status(status) if status else None, limit)

    def memory_page(self, query: MemoryQuery) -> MemoryPage:
        """One page of the curator's list: a status, a search, an order (see `memory_listing`)."""
        if query.status is not None:
            query = query.model_copy(update={"status": parse_status(query.status).value})
        return self.memories.page(query)

    def curate(self, memory_id: str, status: str, curator_token: str | None = None,
               curator: str | None = None) -> DomainMemory:
        """Accept, reject or mark a memory for review (needs the curator token when one is set)."""
        check_curator(curator_token)
        return self.memories.set_status(str(memory_id), parse_status(status), _curator(curator))

    def edit_memory(self, memory_id: str, text: str, curator_token: str | None = None,
                    curator: str | None = None) -> DomainMemory:
        check_curator(curator_token)
        return self.memories.edit(str(memory_id), text, _curator(curator))

    def memory_audit(self, memory_id: str | None = None) -> list[AuditEntry]:
        return self.memories.audit(memory_id)

    def memory_conflicts(self, memory_ids: list[str]) -> dict[str, list[str]]:
        return self.memories.conflicts(memory_ids)

    def export_memories(self) -> list[dict]:
        return self.memories.export_records()

    def import_memories(self, records: object, curator_token: str | None = None) -> int:
        check_curator(curator_token)
        return self.memories.import_records(records, curator="curator (import)")


class CommentOutcome(BaseModel):
    """A stored comment and what Brown learned from it (nothing, unless it corrects the story world)."""

    comment: Comment
    memories: list[StoredMemory]
    reply: str = ""  # Brown's question when the comment says something is wrong but not what


def _curator(name: str | None) -> str:
    cleaned = " ".join(clean_text(str(name or "")).split())[:USER_ID_MAX_CHARS]
    return cleaned or "curator"


def check_comment_text(text: Any) -> str:
    cleaned = clean_text(str(text or "")).strip()  # what Brown reads and compares is what a person sees
    if not cleaned:
        raise InvalidRequest("comment: must not be empty.")
    if len(cleaned) > COMMENT_MAX_CHARS:
        raise InvalidRequest(f"comment: must be at most {COMMENT_MAX_CHARS} characters (got {len(cleaned)}).")
    return cleaned


def _user_id(user_id: Any) -> str | None:
    cleaned = str(user_id).strip() if user_id is not None else ""
    if len(cleaned) > USER_ID_MAX_CHARS:
        raise InvalidRequest(f"user_id: must be at most {USER_ID_MAX_CHARS} characters.")
    return cleaned or None


def open_studio(data_dir: Path | None = None, storyteller: Storyteller | None = None,
                renderer: PanelRenderer | None = None, strict_review: bool | None = None,
                exports: ExportMode = "complete") -> Studio:
    """A studio on `data_dir` (default: `COMIC_DATA_DIR`) with the backends the environment chooses; `exports`
    "on_demand" for a server (see `Studio`)."""
    if exports not in EXPORT_MODES:
        raise ValueError(f"exports: must be one of {', '.join(EXPORT_MODES)} (got {str(exports)[:40]!r}).")
    root = Path(data_dir).resolve() if data_dir else default_data_dir()
    root.mkdir(parents=True, exist_ok=True)
    prepare_store(root)
    return Studio(data_dir=root, storyteller=storyteller or storyteller_from_env(),
                  renderer=renderer or renderer_from_env(), sessions=SessionStore(root),
                  memories=DomainMemoryStore(root),
                  strict_review=config.strict_review() if strict_review is None else strict_review, exports=exports)
