"""The studio as an MCP server: a real MCP client (the `mcp` package) over streamable HTTP makes a comic."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest

mcp = pytest.importorskip("mcp", reason="the mcp package (gradio[mcp]) is not installed")
from mcp import ClientSession  # noqa: E402
from mcp_client import mcp_session  # noqa: E402

PROMPT = "A cat and a dog race to the beach at sunset"
EXPORTS = {"comic.png", "comic.pdf", "comic.cbz", "subtitles.vtt", "subtitles.srt", "comic.zip", "manifest.json"}


def with_session(server, action: Callable[[ClientSession], Awaitable[Any]]) -> Any:
    return mcp_session(server.url, action)


def test_the_mcp_server_came_up(studio_server) -> None:
    assert studio_server.demo.mcp_error is None
    assert studio_server.demo.mcp_server is True


def test_generate_comic_is_listed_with_every_argument_described(studio_server) -> None:
    tools = {tool.name: tool for tool in with_session(studio_server, lambda s: s.list_tools()).tools}
    tool = tools["generate_comic"]
    assert tool.description.startswith("Make a short comic from a story prompt")
    assert "Returns: JSON text with decision" in tool.description and "image_url" in tool.description
    assert "decision" in tool.description and "subtitles" in tool.description
    properties = tool.inputSchema["properties"]
    assert set(properties) == {"prompt", "style", "panels", "seed", "user_id", "language"}
    assert "auto, en, fr, de, es" in properties["language"]["description"]
    assert tool.inputSchema["required"] == ["prompt"]
    assert all(properties[name].get("description") for name in properties)
    assert "manga" in properties["style"]["description"] and "1 to 8" in properties["panels"]["description"]
    assert properties["panels"]["type"] == "integer"


def test_generate_comic_returns_a_finished_comic(studio_server) -> None:
    result = with_session(studio_server, lambda s: s.call_tool(
        "generate_comic", {"prompt": PROMPT, "style": "manga", "panels": 3, "seed": 11}))
    assert not result.isError
    comic = json.loads(result.content[0].text)
    assert comic["decision"] == "approve" and comic["verdicts"][-1]["final"] is True
    assert comic["verdicts"][-1]["decision"] == comic["decision"] and comic["final_attempt"] == len(comic["verdicts"])
    assert len(comic["subtitles"]) == 3 and all(text.strip() for text in comic["subtitles"])
    urls = [panel["image_url"] for panel in comic["panels"]]
    assert len(urls) == 3 and all(url.startswith(studio_server.url + "gradio_api/file=") for url in urls)
    for url in urls:
        answer = httpx.get(url, timeout=30)
        assert answer.status_code == 200 and answer.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert set(comic["downloads"]) == EXPORTS
    folder = studio_server.studio.sessions.folder(comic["session_id"])
    assert not (folder / "comic.pdf").exists()  # the answer waited for no export: each is written when fetched
    assert httpx.get(comic["downloads"]["subtitles.vtt"], timeout=30).text.startswith("WEBVTT")
    pdf = httpx.get(comic["downloads"]["comic.pdf"], timeout=30)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF") and (folder / "comic.pdf").exists()
    session = studio_server.studio.load_session(comic["session_id"])
    assert session.request.style == "manga" and session.request.seed == 11 and session.request.panels == 3
    assert studio_server.demo.mcp_error is None


def test_bad_arguments_are_one_clear_sentence_and_mcp_callers_share_no_history(
        studio_server) -> None:
    async def calls(session: ClientSession) -> tuple[Any, Any]:
        bad = await session.call_tool("generate_comic", {"prompt": "   ", "panels": 2})
        listed = await session.call_tool("list_sessions", {"user_id": "", "limit": 50})
        return bad, listed

    bad, listed = with_session(studio_server, calls)
    assert bad.isError and "prompt: must not be empty." in bad.content[0].text
    assert "Traceback" not in bad.content[0].text
    assert not listed.isError and listed.content[0].text in ("[]", "")  # MCP calls get one-off keys: nothing to list


def test_revise_comic_makes_the_next_version_for_its_owner_only(studio_server) -> None:
    key = "mcp-owner-key-5d1e0c9a"
    made = json.loads(with_session(studio_server, lambda s: s.call_tool(
        "generate_comic", {"prompt": "A dog and a cat play in the park", "panels": 2, "seed": 3,
                           "user_id": key})).content[0].text)
    result = with_session(studio_server, lambda s: s.call_tool(
        "revise_comic", {"session_id": made["session_id"], "instruction": "make it night", "user_id": key}))
    assert not result.isError
    revised = json.loads(result.content[0].text)
    assert revised["understood"] and revised["reply"].startswith("Night it is") and revised["version"] == 2
    assert [v["instruction"] for v in revised["versions"]] == [None, "make it night"]
    assert all(a["image_url"] != b["image_url"] for a, b in zip(revised["panels"], made["panels"]))
    stranger = with_session(studio_server, lambda s: s.call_tool(
        "revise_comic", {"session_id": made["session_id"], "instruction": "make it rain", "user_id": "other-key"}))
    assert stranger.isError and "no comic with id" in stranger.content[0].text
    assert len(studio_server.studio.load_session(made["session_id"]).versions) == 2
