"""A comic's record, transcripts and comments reach only its owner; readers' text is plain; no raw key is shown.

Breaks reproduced: `/session_history` and `/feedback` took any comic id (anyone could read
a comic's prompt, comments and transcripts, and comment on it); `/list_memories` and
`/export_memories` returned the commenter's raw key (an API caller's key lists their
comics); a comment `![t](http://host/pixel.png)` showed as an image in the owner's Memory
tab, so their browser fetched it.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from gradio_client.exceptions import AppError
from mcp_client import mcp_session

from services.web import memory_handlers as memory_actions
from services.web import page_handlers
from services.web.identity import browser_owner, new_browser_secret, public_name
from services.web.views import esc

ALICE = "alice-own-key-7f3e9c1b2a6d4e8f"  # the key tests/security/conftest.py makes her comic with
MISSING = "comic_000000000000"
STRANGERS = ["", "bob-key-1234", "web-" + "0" * 32, "guest-abc", " " + ALICE[:-1], ALICE.upper()]
PIXEL = "http://127.0.0.1:9/pixel.png?who=victim"
MARKDOWN_ATTACKS = [f"![t]({PIXEL})", f"[click me]({PIXEL})", f"<{PIXEL}>", f"[x][1]\n\n[1]: {PIXEL}",
                    f"<img src=\"{PIXEL}\">", "`code` **bold** ![a](data:image/png;base64,AAAA)",
                    f"![t]({PIXEL} \"title\")", f"!\\[t]({PIXEL})", f"[![t]({PIXEL})]({PIXEL})"]


def refusal(call: Any) -> str:
    with pytest.raises(AppError) as raised:
        call()
    return str(raised.value)


def same_as_missing(answer: str, session_id: str) -> bool:
    return answer.replace(session_id, MISSING) == f"session_id: no comic with id '{MISSING}'."


@pytest.mark.parametrize("stranger", STRANGERS)
def test_someone_elses_comic_is_not_found_over_the_api(target, attack, stranger: str) -> None:
    api, session_id = target.client(), target.alice_comic["session_id"]
    before = target.studio.load_session(session_id).comments
    for name, call in (
        ("session_history", lambda: api.predict(session_id, stranger, api_name="/session_history")),
        ("feedback", lambda: api.predict(session_id, "No, Brown is a whale.", stranger, api_name="/feedback")),
        ("revise", lambda: api.predict(session_id, "make it night", stranger, api_name="/revise")),
    ):
        answer = refusal(call)
        missing = refusal(lambda n=name: api.predict(MISSING, *(["x"] if n in ("feedback", "revise") else []),
                                                      stranger, api_name=f"/{n}"))
        held = same_as_missing(answer, session_id) and answer.replace(session_id, MISSING) == missing
        attack.record(f"{name} on another's comic as {stranger!r}", held)
        assert held, answer
    listed = api.predict(stranger, 200, api_name="/list_sessions")
    attack.record(f"list_sessions as {stranger!r}", all(s["session_id"] != session_id for s in listed))
    assert all(s["session_id"] != session_id for s in listed)
    assert target.studio.load_session(session_id).comments == before
    assert len(target.studio.load_session(session_id).versions) <= 1  # nobody but Alice made a version


def test_the_owner_still_reads_and_comments(target) -> None:
    api, session_id = target.client(), target.alice_comic["session_id"]
    history = api.predict(session_id, ALICE, api_name="/session_history")
    assert history["session"]["session_id"] == session_id and history["brown"]
    assert api.predict(session_id, "Nice one.", ALICE, api_name="/feedback")["comment"]["text"] == "Nice one."


def test_someone_elses_comic_is_not_found_in_the_browser(target, attack) -> None:
    stranger = new_browser_secret()
    for secret in (stranger, None, browser_owner(target.browser_secret)):  # the owner id (from a record) is no key
        seen = asyncio.run(page_handlers.picked_comic(target.studio, target.browser_comic, secret))
        missing = asyncio.run(page_handlers.picked_comic(target.studio, MISSING, secret))
        staged = page_handlers.last_comic(target.studio, target.browser_comic, secret)  # what a pick puts on stage
        held = seen["brown_chat"] == "" and seen["bayko_chat"] == "" and seen == missing and staged == {}
        attack.record(f"history of a browser's comic as {str(secret)[:12]}", held)
        assert held
        note = asyncio.run(memory_actions.send_feedback(target.studio, target.browser_comic, "Brown is a cat.", secret))
        attack.record("comment on a browser's comic from another browser", "no comic with id" in note["feedback_note"])
        assert "no comic with id" in note["feedback_note"]
    own = asyncio.run(page_handlers.picked_comic(target.studio, target.browser_comic, target.browser_secret))
    assert "Lovely, thanks Bayko!" in own["brown_chat"]


def test_over_mcp_a_comic_is_only_its_makers(target, attack) -> None:
    async def calls(session: Any) -> tuple[Any, Any]:
        history = await session.call_tool("session_history", {"session_id": target.alice_comic["session_id"]})
        listed = await session.call_tool("list_sessions", {"user_id": "", "limit": 200})
        return history, listed

    history, listed = mcp_session(target.url, calls)
    held = history.isError and "no comic with id" in history.content[0].text and \
        target.alice_comic["session_id"] not in (listed.content[0].text if listed.content else "")
    attack.record("MCP session_history/list_sessions on another's comic", held)
    assert held


def test_memories_and_exports_never_show_a_raw_key(target, attack) -> None:
    api = target.client()
    listed = api.predict("all", api_name="/list_memories")
    exported = api.predict(api_name="/export_memories")
    file_update = memory_actions.export_file(target.studio)["export_file"]
    written = Path(file_update["value"]).read_text(encoding="utf-8")
    rows = memory_actions.memory_table(target.studio, "all")
    assert any(r["user_id"] == public_name(ALICE) for r in exported)  # Alice's correction is there, by public name
    for name, shown in (("list_memories", json.dumps(listed)), ("export_memories", json.dumps(exported)),
                        ("export file", written), ("curator's table", json.dumps(rows))):
        held = ALICE not in shown and target.browser_secret not in shown
        attack.record(f"raw key in {name}", held)
        assert held, name


@pytest.mark.parametrize("comment", MARKDOWN_ATTACKS)
def test_transcripts_render_readers_text_as_plain_text(target, attack, comment: str) -> None:
    asyncio.run(memory_actions.send_feedback(target.studio, target.browser_comic, comment, target.browser_secret))
    view = asyncio.run(page_handlers.picked_comic(target.studio, target.browser_comic, target.browser_secret))
    rendered = view["brown_chat"]  # HTML the page shows as is (gr.HTML renders no Markdown)
    held = esc(comment) in rendered and not re.search(r"<(img|a|script|iframe)\b", rendered)  # text, no element
    attack.record(f"markdown in a transcript: {comment[:30]}", held)
    assert held, rendered
