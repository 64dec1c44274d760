"""MCP reaches comic-making and the caller's own comics, never curation; on a Space curation waits for a token.

Breaks reproduced: MCP listed ten tools, curation among them, and with no curator token
(the default) any MCP client could accept the memories that shape everyone's comics.
"""

from __future__ import annotations

import pytest
from gradio_client import Client
from mcp_client import mcp_session

from services.memory.curator_access import CURATOR_TOKEN_ENV, SPACE_ENV
from services.memory.domain_memories import DomainMemory
from services.schemas import InvalidRequest
from services.web import memory_handlers as memory_actions

MCP_TOOLS = {"generate_comic", "generate", "revise_comic", "revise", "list_sessions", "session_history"}
NEVER_TOOLS = ["curate", "edit_memory", "import_memories", "feedback", "list_memories", "memory_audit",
               "export_memories", "load_example"]


def test_mcp_lists_only_generation_and_read_only_tools(target, attack) -> None:
    tools = {tool.name for tool in mcp_session(target.url, lambda s: s.list_tools()).tools}
    attack.record("MCP tool list", tools == MCP_TOOLS)
    assert tools == MCP_TOOLS


@pytest.mark.parametrize("tool", NEVER_TOOLS)
def test_curation_cannot_be_called_over_mcp_by_name(target, attack, tool: str) -> None:
    memory = target.studio.memories.add(DomainMemory(issue_id="comic_m", comment_id=f"c_{tool}",
                                                     memory=f"Zed the {tool} is a dog.")).record
    arguments = {"memory_id": memory.memory_id, "status": "accepted", "text": "Zed is a cat.", "session_id":
                 target.alice_comic["session_id"], "curator_token": "", "curator": "mcp"}
    result = mcp_session(target.url, lambda s: s.call_tool(tool, arguments))
    after = target.studio.memories.get(memory.memory_id)
    held = result.isError and after.status.value == "new" and after.memory == memory.memory
    attack.record(f"MCP call_tool {tool}", held)
    assert held


def test_programs_still_curate_by_name_with_gradio_client(target) -> None:
    memory = target.studio.memories.add(DomainMemory(issue_id="comic_m", comment_id="c_api",
                                                     memory="Zed is a small dog.")).record
    api = Client(target.url, analytics_enabled=False, verbose=False)
    assert api.predict(memory.memory_id, "accepted", api_name="/curate")["status"] == "accepted"


def test_on_a_space_curation_waits_for_the_token(target, attack, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = target.studio.memories.add(DomainMemory(issue_id="comic_s", comment_id="c_space",
                                                     memory="Ivy is a hedgehog.")).record
    monkeypatch.setenv(SPACE_ENV, "someone/bayko-brown")
    monkeypatch.delenv(CURATOR_TOKEN_ENV, raising=False)
    api = Client(target.url, analytics_enabled=False, verbose=False)
    for name, call in (("curate", lambda: target.studio.curate(memory.memory_id, "accepted")),
                       ("edit", lambda: target.studio.edit_memory(memory.memory_id, "Ivy is a cat.")),
                       ("import", lambda: target.studio.import_memories([])),
                       ("api curate", lambda: api.predict(memory.memory_id, "accepted", api_name="/curate"))):
        with pytest.raises(Exception, match="curation is off on this Space") as raised:
            call()
        attack.record(f"Space without token: {name}", raised.type in (InvalidRequest,) or "Traceback" not in str(raised.value))
    assert target.studio.memories.get(memory.memory_id).status.value == "new"
    assert "this studio runs on a public Space without a curator token" in memory_actions.curator_hint()
    monkeypatch.setenv(CURATOR_TOKEN_ENV, "tok")
    assert target.studio.curate(memory.memory_id, "accepted", "tok").status.value == "accepted"
    assert "Locked" in memory_actions.curator_hint()
