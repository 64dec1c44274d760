"""The studio's front door: every action the UI, the CLI, the API and the MCP tool offer.

`Studio` holds only what is shared by everyone (where the data lives and which
backends draw and write); everything about a user or a comic is created per
call, so one process can serve many people at once.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.comic_loop import make_comic
from services.agent_memory import AgentMemory, ChatLine, prepare_store
from services.config import data_dir as default_data_dir
from services.domain_memories import DomainMemory, DomainMemoryStore, parse_status
from services.panel_renderer import PanelRenderer
from services.schemas import COMMENT_MAX_CHARS, USER_ID_MAX_CHARS, ComicSession, Comment, InvalidRequest, LoopEvent, StoryboardRequest
from services.session_store import SessionStore, SessionSummary, check_session_id
from services.storyteller import OfflineStoryteller, Storyteller

AGENTS = ("brown", "bayko")


@dataclass(frozen=True)
class Studio:
    data_dir: Path
    storyteller: Storyteller
    renderer: PanelRenderer
    sessions: SessionStore
    memories: DomainMemoryStore

    def generate(self, request: StoryboardRequest | dict[str, Any], out_dir: Path | None = None) -> AsyncIterator[LoopEvent]:
        """Make one comic, yielding each step (see `agents.comic_loop.make_comic`)."""
        return make_comic(self, request, out_dir)

    async def add_comment(self, session_id: str, text: str, user_id: str | None = None) -> Comment:
        """Record a reader's comment in the session record and in Brown's memory."""
        check_session_id(session_id)
        comment = Comment(text=_comment_text(text), user_id=_user_id(user_id))
        self.sessions.add_comment(session_id, comment)
        who = comment.user_id or "a reader"
        await AgentMemory(session_id, "brown", self.data_dir).aadd_message(
            "user", f"Comment from {who} ({comment.comment_id}): {comment.text}")
        return comment

    def list_sessions(self, limit: int = 50, user_id: str | None = None) -> list[SessionSummary]:
        return self.sessions.list(limit=limit, user_id=user_id)

    def load_session(self, session_id: str) -> ComicSession:
        return self.sessions.load(session_id)

    async def conversation(self, session_id: str) -> dict[str, list[ChatLine]]:
        """Brown's and Bayko's whole transcripts of one comic."""
        self.sessions.folder(session_id)
        return {agent: await AgentMemory(session_id, agent, self.data_dir).atranscript() for agent in AGENTS}

    def list_memories(self, status: str | None = None) -> list[DomainMemory]:
        return self.memories.list(parse_status(status) if status else None)

    def curate(self, memory_id: str, status: str) -> DomainMemory:
        return self.memories.set_status(memory_id, parse_status(status))


def _comment_text(text: Any) -> str:
    cleaned = str(text or "").replace("\x00", "").strip()
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


def default_renderer() -> PanelRenderer:
    from services.art.procedural_renderer import ProceduralRenderer

    return ProceduralRenderer()


def open_studio(data_dir: Path | None = None, storyteller: Storyteller | None = None,
                renderer: PanelRenderer | None = None) -> Studio:
    """A studio on `data_dir` (default: `COMIC_DATA_DIR`) with the offline backends unless told otherwise."""
    root = Path(data_dir).resolve() if data_dir else default_data_dir()
    root.mkdir(parents=True, exist_ok=True)
    prepare_store(root)
    return Studio(data_dir=root, storyteller=storyteller or OfflineStoryteller(),
                  renderer=renderer or default_renderer(), sessions=SessionStore(root),
                  memories=DomainMemoryStore(root))
