"""Each agent's conversation memory for one comic, kept by LlamaIndex `Memory`.

Messages live in one SQLite file in the data directory (`agent_memory.db`), or in
the shared PostgreSQL (`COMIC_DATABASE_URL`, through psycopg's async driver), so a
session's history survives a restart and every replica reads it. Two traps shape
this module (see DESIGN.md): LlamaIndex flushes 3000 tokens at a time by default,
which with a 4000-token window wipes most of the history at once, so we flush 400;
and LlamaIndex creates its table lazily, so `prepare_store` makes it once at
start-up, by a migration (replicas starting at once take turns).

`AgentMemory.acontext` is what a model call reads: the active window of the
conversation plus the accepted story-world facts, carried by a LlamaIndex
memory block (`StoryWorldBlock`) in the window's system message.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Coroutine
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from llama_index.core.async_utils import asyncio_run
from llama_index.core.base.llms.types import ChatMessage, ContentBlock, MessageRole, TextBlock
from llama_index.core.memory import Memory, StaticMemoryBlock
from llama_index.core.memory.memory import DEFAULT_MEMORY_BLOCKS_TEMPLATE
from llama_index.core.utils import get_tokenizer
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from services.config import data_dir as configured_data_dir
from services.storage import schema
from services.storage.database import Database, database_url, open_database
from services.storage.migrations import migrate_tables

TOKEN_LIMIT = 4000
TOKEN_FLUSH_SIZE = 400
# The conversation is flushed down to this share of TOKEN_LIMIT (LlamaIndex's default, stated here because the
# split matters): the rest, 1200 tokens, is left for the story-world block, which gives way first when both
# would not fit (its priority is 1; the conversation is never cut for it).
CHAT_HISTORY_TOKEN_RATIO = 0.7
STORY_WORLD_BLOCK = "story_world"
MEMORY_DB_NAME = "agent_memory.db"
TABLE_NAME = schema.agent_messages.name
STORE = "agents"  # the store's name: its lock and its migrations' version
ROLES = tuple(role.value for role in MessageRole)  # every LlamaIndex role: system, user, assistant, tool, …

T = TypeVar("T")


class ChatLine(BaseModel):
    """One line of a transcript as the UI shows it."""

    role: str
    content: str


def memory_db_path(data_dir: Path) -> Path:
    return Path(data_dir) / MEMORY_DB_NAME


@lru_cache(maxsize=8)
def _engine(url: str) -> AsyncEngine:
    # NullPool: a connection per operation, so no connection outlives the event
    # loop that opened it (sync calls run on short-lived loops).
    sqlite = url.startswith("sqlite")
    return create_async_engine(url, poolclass=NullPool, connect_args={"timeout": 30} if sqlite else {})


def async_url(data_dir: Path) -> str:
    """The SQLAlchemy URL LlamaIndex's store opens: the shared PostgreSQL's, or the data directory's file."""
    shared = database_url()
    if shared is not None:
        return "postgresql+psycopg://" + shared.split("://", 1)[1]
    return f"sqlite+aiosqlite:///{memory_db_path(data_dir)}"


_prepare_lock = threading.Lock()


@lru_cache(maxsize=8)
def _prepared(data_dir: Path, url: str) -> Database:
    """The store, its table made by a migration (WAL mode on SQLite) before any concurrent use, and the engine's
    first connection made here too: SQLAlchemy initialises its dialect on it, which threads racing to be first
    (each on its own event loop) can wait on forever."""
    database = open_database(STORE, memory_db_path(data_dir))
    migrate_tables(database, STORE, [schema.agent_messages])
    asyncio_run(_new_memory("__startup__", url).aget_all())
    return database


def prepare_store(data_dir: Path) -> Database:
    """The messages' store, its table made once per data directory and database (one thread at a time)."""
    data_dir = Path(data_dir).resolve()
    with _prepare_lock:
        return _prepared(data_dir, async_url(data_dir))


def _new_memory(key: str, url: str) -> Memory:
    # Never pass chat_history= here: it would overwrite the stored session.
    return Memory.from_defaults(session_id=key, token_limit=TOKEN_LIMIT, token_flush_size=TOKEN_FLUSH_SIZE,
                                chat_history_token_ratio=CHAT_HISTORY_TOKEN_RATIO,
                                table_name=TABLE_NAME, async_engine=_engine(url))


class StoryWorldBlock(StaticMemoryBlock):
    """The accepted story-world facts that apply to this call, one text block per fact, most relevant first.

    Priority 1 (not StaticMemoryBlock's 0, "never truncate"): when the facts and the conversation together pass
    the token limit, LlamaIndex truncates this block rather than go over; `atruncate` drops the least relevant
    facts (the last ones) instead of the whole block.
    """

    name: str = STORY_WORLD_BLOCK
    priority: int = 1
    accept_short_term_memory: bool = False  # static: flushed messages are not kept here

    async def atruncate(self, content: list[ContentBlock], tokens_to_truncate: int) -> list[ContentBlock] | None:
        kept, count = list(content), get_tokenizer()
        while kept and tokens_to_truncate > 0:
            dropped = kept.pop()
            tokens_to_truncate -= len(count(dropped.text)) if isinstance(dropped, TextBlock) else 0
        return kept or None


def story_world_block(story_world: list[str]) -> StoryWorldBlock | None:
    """The block for these facts, or None when there are none (an empty block would only add tags)."""
    facts = [" ".join(fact.split()) for fact in story_world if fact.strip()]
    return StoryWorldBlock(static_content=[TextBlock(text=f"- {fact}") for fact in facts]) if facts else None


async def story_world_context(story_world: list[str]) -> list[ChatMessage]:
    """The story world alone, as `acontext` would give it to an agent with no conversation: one system message
    rendered by LlamaIndex's memory-block template (for a caller that has no agent memory at hand)."""
    block = story_world_block(story_world)
    if block is None:
        return []
    rendered = DEFAULT_MEMORY_BLOCKS_TEMPLATE.format_messages(memory_blocks=[(block.name, await block.aget())])
    return [ChatMessage(role=MessageRole.SYSTEM, blocks=rendered[0].blocks)]


def context_tokens(messages: list[ChatMessage]) -> int:
    """The tokens of a context as LlamaIndex counts them (tiktoken cl100k_base, shipped with llama-index-core)."""
    count = get_tokenizer()
    return sum(len(count(message.content or "")) for message in messages)


def _within_limit(messages: list[ChatMessage]) -> list[ChatMessage]:
    """Drop the oldest conversation messages while the whole context is over TOKEN_LIMIT.

    LlamaIndex keeps one whole turn however long it is, and does not count the memory template's tags: this
    last guard keeps the promise of the limit, newest messages first, without touching what is stored. The
    newest message stays even alone over the limit (the studio's messages are far shorter).
    """
    kept = list(messages)
    while context_tokens(kept) > TOKEN_LIMIT:
        oldest = next((i for i, m in enumerate(kept) if m.role is not MessageRole.SYSTEM), None)
        if oldest is None or sum(m.role is not MessageRole.SYSTEM for m in kept) <= 1:
            break
        del kept[oldest]
    return kept


class AgentMemory:
    """One agent's memory of one comic session.

    `AgentMemory(session_id, agent_name)` as the spec writes it keeps the messages in the
    configured data directory (`COMIC_DATA_DIR`); the optional third argument names another.
    """

    def __init__(self, session_id: str, agent_name: str, data_dir: Path | None = None) -> None:
        self.session_id = session_id
        self.agent_name = agent_name
        root = Path(data_dir).resolve() if data_dir is not None else configured_data_dir()
        self.db_path = memory_db_path(root)  # the SQLite file (unused when the database is PostgreSQL)
        self._store = prepare_store(root)
        self.memory = _new_memory(f"{session_id}_{agent_name}", async_url(root))
        self._pending: asyncio.Future[None] | None = None
        self._queued: list[ChatMessage] = []  # logged, not yet being written

    async def aadd_message(self, role: str, content: str) -> None:
        await self.memory.aput(ChatMessage(role=message_role(role), content=content))

    def log(self, role: str, content: str) -> None:
        """Write a message in the background, after the ones logged before it; `flush` waits for all.

        An agent keeps working (drawing, reviewing) while its memory is written. The lines logged while a
        write is under way are stored together by the next one (`aput_messages`: one insert and one look at
        the token window for the lot, not one each), still as separate messages in their order.
        """
        self._queued.append(ChatMessage(role=message_role(role), content=content))
        if self._pending is None or self._pending.done():
            self._pending = asyncio.ensure_future(self._write_queued(self._pending))

    async def _write_queued(self, previous: asyncio.Future[None] | None) -> None:
        if previous is not None:
            await previous  # a write that failed fails every later one, and `flush` says so
        while self._queued:
            batch, self._queued = self._queued, []
            await self.memory.aput_messages(batch)

    async def flush(self) -> None:
        """Wait until every logged message is stored (raises if a write failed)."""
        if self._pending is not None:
            await self._pending

    async def aget_history(self) -> list[ChatMessage]:
        """The active, token-limited window, without any memory block."""
        return await self.memory.aget()

    async def acontext(self, story_world: list[str]) -> list[ChatMessage]:
        """What a model call of this agent reads: its conversation so far and the story world, within TOKEN_LIMIT.

        Waits for the background writes first, so the lines just logged (the request being answered) are in it.
        The conversation is LlamaIndex's active window (the oldest turns flushed, the newest kept); the facts
        come through `StoryWorldBlock`, which `Memory.aget` puts into a system message. The block lives on a
        copy of the memory made for this call: the stored session and its writer are untouched.
        """
        await self.flush()
        block = story_world_block(story_world)
        reader = self.memory.model_copy(update={"memory_blocks": [block] if block is not None else []})
        return _within_limit(await reader.aget())

    async def atranscript(self) -> list[ChatLine]:
        """The whole conversation, archived messages included (see `read_transcript`)."""
        return await asyncio.to_thread(read_transcript, self._store, self.memory.session_id)

    async def aclear(self) -> None:
        await self.memory.areset()

    def add_message(self, role: str, content: str) -> None:
        _run(self.aadd_message(role, content))

    def get_history(self) -> list[ChatMessage]:
        return _run(self.aget_history())

    def clear(self) -> None:
        _run(self.aclear())


def message_role(role: str | MessageRole) -> MessageRole:
    """A LlamaIndex role from its name ('user', 'assistant', 'system', 'tool', …); a clear error otherwise."""
    try:
        return MessageRole(role)
    except ValueError:
        raise ValueError(f"role: must be one of {', '.join(ROLES)} (got {str(role)[:40]!r}).") from None


def read_transcript(store: Database, key: str) -> list[ChatLine]:
    """Every message of one memory, read straight from LlamaIndex's table.

    `Memory.aget_all()` builds a `ChatMessage` per row, which takes about 0.6 s for
    10 000 messages; the memory tab only needs role and text, read here in tens of
    milliseconds. tests/test_agent_memory.py checks both give the same lines.
    """
    rows = store.read().execute(f"SELECT role, data FROM {TABLE_NAME} WHERE key = ? ORDER BY timestamp, id", (key,))
    return [ChatLine(role=role, content=_text_of(data)) for role, data in rows.fetchall()]


def _text_of(data: str | dict) -> str:
    message = json.loads(data) if isinstance(data, str) else data  # PostgreSQL's JSON arrives decoded
    texts = [block.get("text", "") for block in message.get("blocks", []) if block.get("block_type") == "text"]
    return "\n".join(texts) if texts else str(message.get("content") or "")


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine from sync code; inside a running loop, on a helper thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    return asyncio_run(coroutine)
