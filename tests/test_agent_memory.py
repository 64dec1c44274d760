"""AgentMemory: LlamaIndex Memory persisted in SQLite, one history per agent and session."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from pathlib import Path

from services.memory.agent_memory import TOKEN_LIMIT, AgentMemory, ChatLine, memory_db_path

ROOT = Path(__file__).resolve().parent.parent


def transcript(memory: AgentMemory) -> list[ChatLine]:
    return asyncio.run(memory.atranscript())


def test_messages_come_back_in_order_with_roles(data_dir: Path) -> None:
    memory = AgentMemory("s1", "brown", data_dir)
    memory.add_message("user", "Draw a robot")
    memory.add_message("assistant", "Approved")
    assert [(m.role, m.content) for m in transcript(memory)] == [("user", "Draw a robot"), ("assistant", "Approved")]
    assert [m.content for m in memory.get_history()] == ["Draw a robot", "Approved"]
    assert memory_db_path(data_dir).is_file()


def test_history_survives_a_new_memory_object(data_dir: Path) -> None:
    AgentMemory("s1", "bayko", data_dir).add_message("user", "first")
    reopened = AgentMemory("s1", "bayko", data_dir)
    reopened.add_message("assistant", "second")
    assert [m.content for m in transcript(AgentMemory("s1", "bayko", data_dir))] == ["first", "second"]


def test_history_survives_a_new_process(data_dir: Path) -> None:
    script = ("import sys; sys.path.insert(0, {root!r}); from services.memory.agent_memory import AgentMemory; "
              "m = AgentMemory('s9', 'brown', {data!r}); {action}")
    write = script.format(root=str(ROOT), data=str(data_dir), action="m.add_message('user', 'kept across processes')")
    subprocess.run([sys.executable, "-c", write], check=True)
    read = script.format(root=str(ROOT), data=str(data_dir), action="import asyncio; print([x.content for x in asyncio.run(m.atranscript())])")
    output = subprocess.run([sys.executable, "-c", read], check=True, capture_output=True, text=True).stdout
    assert "kept across processes" in output


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


def test_the_specs_two_argument_form_keeps_messages_in_the_configured_data_directory(data_dir: Path) -> None:
    from services.agent_memory import AgentMemory as SpecPathAgentMemory

    memory = SpecPathAgentMemory("spec", "brown")  # as the spec writes it: data_dir fixture set COMIC_DATA_DIR
    memory.add_message("user", "Draw a robot")
    assert memory.db_path == memory_db_path(data_dir.resolve()) and memory.db_path.is_file()
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
