"""AgentMemory: LlamaIndex Memory persisted in SQLite or PostgreSQL, one history per agent and session."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from services.memory.agent_memory import TOKEN_LIMIT, AgentMemory, ChatLine, memory_db_path

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.usefixtures("store_database")  # every test on SQLite and on PostgreSQL


def transcript(memory: AgentMemory) -> list[ChatLine]:
    return asyncio.run(memory.atranscript())


def test_messages_come_back_in_order_with_roles(data_dir: Path, store_database: str) -> None:
    memory = AgentMemory("s1", "brown", data_dir)
    memory.add_message("user", "Draw a robot")
    memory.add_message("assistant", "Approved")
    assert [(m.role, m.content) for m in transcript(memory)] == [("user", "Draw a robot"), ("assistant", "Approved")]
    assert [m.content for m in memory.get_history()] == ["Draw a robot", "Approved"]
    assert memory_db_path(data_dir).is_file() == (store_database == "sqlite")


def test_history_survives_a_new_memory_object(data_dir: Path) -> None:
    AgentMemory("s1", "bayko", data_dir).add_message("user", "first")
    reopened = AgentMemory("s1", "bayko", data_dir)
    reopened.add_message("assistant", "second")
    assert [m.content for m in transcript(AgentMemory("s1", "bayko", data_dir))] == ["first", "second"]


def test_history_survives_a_new_process(data_dir: Path) -> None:
    # The writer is a process that has ended; this process never touched the data directory, so what it reads
    # comes from disk (a second process to read it would prove nothing more and costs an import of LlamaIndex).
    write = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); from services.memory.agent_memory import AgentMemory; "
             f"AgentMemory('s9', 'brown', {str(data_dir)!r}).add_message('user', 'kept across processes')")
    subprocess.run([sys.executable, "-c", write], check=True)
    assert [m.content for m in transcript(AgentMemory("s9", "brown", data_dir))] == ["kept across processes"]


def test_agents_and_sessions_are_separate(data_dir: Path) -> None:
    AgentMemory("s1", "brown", data_dir).add_message("user", "brown s1")
    AgentMemory("s1", "bayko", data_dir).add_message("user", "bayko s1")
    AgentMemory("s2", "brown", data_dir).add_message("user", "brown s2")
    assert [m.content for m in transcript(AgentMemory("s1", "brown", data_dir))] == ["brown s1"]
    assert [m.content for m in transcript(AgentMemory("s2", "brown", data_dir))] == ["brown s2"]


def test_parallel_sessions_never_see_each_other(data_dir: Path) -> None:
    errors: list[BaseException] = []

    def write(session: str) -> None:
        try:
            memory = AgentMemory(session, "brown", data_dir)
            for i in range(15):
                memory.add_message("user", f"{session} message {i}")
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=write, args=(f"p{n}",)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for n in range(6):
        lines = [m.content for m in transcript(AgentMemory(f"p{n}", "brown", data_dir))]
        assert lines == [f"p{n} message {i}" for i in range(15)]


def test_the_window_is_token_limited_but_the_transcript_keeps_everything(data_dir: Path) -> None:
    memory = AgentMemory("long", "brown", data_dir)
    paragraph = "The robot paints another sunset on Mars and the dust settles slowly. " * 20
    for i in range(25):
        memory.add_message("user", f"{i}: {paragraph}")
    window, everything = memory.get_history(), transcript(memory)
    assert len(everything) == 25
    assert 1 < len(window) < 25
    assert window[-1].content.startswith("24:")
    assert sum(len(m.content) for m in window) // 4 < TOKEN_LIMIT


def test_clear_forgets_one_session_only(data_dir: Path) -> None:
    AgentMemory("a", "brown", data_dir).add_message("user", "a")
    AgentMemory("b", "brown", data_dir).add_message("user", "b")
    AgentMemory("a", "brown", data_dir).clear()
    assert transcript(AgentMemory("a", "brown", data_dir)) == []
    assert len(transcript(AgentMemory("b", "brown", data_dir))) == 1


def test_the_fast_transcript_reads_what_llamaindex_stored(data_dir: Path) -> None:
    import asyncio

    memory = AgentMemory("same", "brown", data_dir)
    for role, text in [("user", "Draw a <b>robot</b>"), ("assistant", "Line one\nline two"), ("system", "{\"x\": 1}"),
                       ("user", "Ünïcödé ✓ 🤖")]:
        memory.add_message(role, text)
    through_llamaindex = [(m.role.value, m.content) for m in asyncio.run(memory.memory.aget_all())]
    assert [(line.role, line.content) for line in transcript(memory)] == through_llamaindex


def test_the_specs_two_argument_form_keeps_messages_in_the_configured_data_directory(data_dir: Path,
                                                                                    store_database: str) -> None:
    from services.agent_memory import AgentMemory as SpecPathAgentMemory

    memory = SpecPathAgentMemory("spec", "brown")  # as the spec writes it: data_dir fixture set COMIC_DATA_DIR
    memory.add_message("user", "Draw a robot")
    assert memory.db_path == memory_db_path(data_dir.resolve())
    assert memory.db_path.is_file() == (store_database == "sqlite")
    assert [m.content for m in transcript(AgentMemory("spec", "brown", data_dir))] == ["Draw a robot"]
    assert [m.content for m in memory.get_history()] == ["Draw a robot"]
    memory.clear()
    assert memory.get_history() == []


def test_every_llamaindex_role_is_accepted(data_dir: Path) -> None:
    from llama_index.core.base.llms.types import MessageRole

    memory = AgentMemory("roles", "bayko", data_dir)
    for role in MessageRole:
        memory.add_message(role.value, f"a {role.value} line")
    assert [(m.role, m.content) for m in transcript(memory)] == [(r.value, f"a {r.value} line") for r in MessageRole]
    assert "tool" in [m.role for m in transcript(memory)]


def test_an_unknown_role_is_one_clear_sentence(data_dir: Path) -> None:
    import pytest

    with pytest.raises(ValueError, match=r"^role: must be one of system, developer, user, assistant, .*'narrator'"):
        AgentMemory("roles", "bayko", data_dir).add_message("narrator", "x")


# --- acontext: what a model call reads (the window, the story world in a memory block, within the limit) ---

def tokens(messages: list) -> int:
    """Counted with LlamaIndex's own tokenizer (tiktoken cl100k_base, shipped with llama-index-core)."""
    from llama_index.core.utils import get_tokenizer

    count = get_tokenizer()
    return sum(len(count(message.content or "")) for message in messages)


def long_conversation(memory: AgentMemory, turns: int = 30) -> None:
    """Far more than TOKEN_LIMIT: each turn a request and an answer of about 250 tokens each."""
    paragraph = "The robot paints another sunset on Mars and the dust settles slowly. " * 18
    for turn in range(turns):
        memory.add_message("user", f"Request {turn}: {paragraph}")
        memory.add_message("assistant", f"Attempt {turn}: {paragraph}")


def test_the_context_keeps_the_newest_turns_within_the_token_limit(data_dir: Path) -> None:
    from llama_index.core.base.llms.types import MessageRole

    from services.memory.agent_memory import CHAT_HISTORY_TOKEN_RATIO

    memory = AgentMemory("long", "bayko", data_dir)
    long_conversation(memory)
    assert tokens(asyncio.run(memory.memory.aget_all())) > 3 * TOKEN_LIMIT
    context = asyncio.run(memory.acontext(["Bolt is a robot."]))
    conversation = [m for m in context if m.role is not MessageRole.SYSTEM]
    assert conversation[-1].content.startswith("Attempt 29:")  # the newest turn is kept...
    assert conversation[0].content.startswith("Request ") and conversation[0].role is MessageRole.USER
    assert not any(m.content.startswith(("Request 0:", "Attempt 0:")) for m in context)  # ...the oldest dropped
    numbers = [int(m.content.split(":")[0].split()[1]) for m in conversation]
    assert numbers == sorted(numbers) and numbers[-1] - numbers[0] < 29  # a run of the newest, in order
    assert tokens(context) <= TOKEN_LIMIT
    # The conversation has its share of the window (flushed 400 tokens at a time below 70 %), the block the rest.
    assert (CHAT_HISTORY_TOKEN_RATIO * TOKEN_LIMIT - 2 * 400 < tokens(conversation)
            <= CHAT_HISTORY_TOKEN_RATIO * TOKEN_LIMIT)
    assert len(transcript(memory)) == 60  # reading the context archived nothing more and stored nothing


def test_the_story_world_comes_through_a_memory_block_in_the_system_message(data_dir: Path) -> None:
    from llama_index.core.base.llms.types import MessageRole

    memory = AgentMemory("world", "bayko", data_dir)
    memory.add_message("user", "Received generation request: A robot paints the sunset on Mars")
    stored = transcript(memory)
    context = asyncio.run(memory.acontext(["Bolt is a robot.", "Mars has two moons."]))
    assert [m.role for m in context] == [MessageRole.SYSTEM, MessageRole.USER]
    assert context[0].content == ("<memory>\n<story_world>\n- Bolt is a robot.\n- Mars has two moons.\n"
                                  "</story_world>\n</memory>")
    assert asyncio.run(memory.acontext([])) == asyncio.run(memory.aget_history())  # no facts, no block
    assert memory.memory.memory_blocks == [] and transcript(memory) == stored  # the stored session is untouched


def test_a_story_world_too_big_for_the_window_gives_way_to_the_conversation(data_dir: Path) -> None:
    from llama_index.core.base.llms.types import MessageRole

    memory = AgentMemory("crowded", "bayko", data_dir)
    long_conversation(memory)
    facts = [f"Fact {n}: the robot called Bolt keeps his paint brushes in a red tin box." for n in range(300)]
    context = asyncio.run(memory.acontext(facts))
    without = asyncio.run(memory.acontext([]))
    assert context[1:] == without  # the conversation keeps its whole share...
    block = context[0].content
    assert context[0].role is MessageRole.SYSTEM and "- Fact 0:" in block and "- Fact 299:" not in block
    assert tokens(context) <= TOKEN_LIMIT  # ...and the least relevant facts (the last) give way


def test_the_context_waits_for_the_lines_being_written(data_dir: Path) -> None:
    async def log_then_read() -> list[str]:
        memory = AgentMemory("pending", "bayko", data_dir)
        for n in range(5):
            memory.log("user" if n % 2 == 0 else "assistant", f"line {n}")  # written in the background
        return [m.content or "" for m in await memory.acontext([])]

    assert asyncio.run(log_then_read()) == [f"line {n}" for n in range(5)]
