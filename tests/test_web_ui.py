"""The studio through its real HTTP API with gradio_client: what programs (and the README example) rely on."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

import httpx
import pytest
from gradio_client import Client
from gradio_client.exceptions import AppError

from agents.studio import open_studio
from services.memory.domain_memories import DomainMemory
from services.web import handlers as actions
from services.web import memory_handlers as memory_actions
from services.web import page_handlers
from services.web.identity import browser_owner, new_browser_secret, public_name

PROMPT = "A cat and a dog race to the beach at sunset"
ENDPOINTS = {"/generate", "/generate_comic", "/revise", "/revise_comic", "/list_sessions", "/session_history"}  # public, so MCP tools too
BY_NAME_ONLY = {"/feedback", "/list_memories", "/curate", "/edit_memory", "/memory_audit", "/export_memories"}
RECORD_FIELDS = {"memory_id", "issue_id", "comment_id", "memory", "user_id", "created_at", "updated_at", "status"}
TOKEN = "s3cret-curator"


def client(server) -> Client:
    return Client(server.url, analytics_enabled=False, verbose=False)


@pytest.fixture(scope="module")
def alice(studio_server):
    return client(studio_server)


@pytest.fixture(scope="module")
def alices_comic(alice: Client) -> tuple[list[str], list[str], dict]:
    return alice.predict(PROMPT, "classic", 3, 7, "alice", api_name="/generate")


def test_only_the_named_endpoints_are_public(alice: Client) -> None:
    assert set(alice.view_api(print_info=False, return_format="dict")["named_endpoints"]) == ENDPOINTS
    every = httpx.get(alice.src.rstrip("/") + "/gradio_api/info?all_endpoints=True", timeout=30).json()
    assert set(every["named_endpoints"]) >= BY_NAME_ONLY  # callable by name, not in the docs nor MCP


def test_generate_returns_panels_subtitles_and_verdicts(alices_comic) -> None:
    panels, downloads, summary = alices_comic
    assert len(panels) == 3 and all(Path(p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in panels)
    assert sorted(Path(p).name for p in downloads) == sorted(["comic.png", "comic.pdf", "comic.cbz", "subtitles.vtt",
                                                              "subtitles.srt", "comic.zip", "manifest.json"])
    assert len(summary["subtitles"]) == 3 and all(s.strip() for s in summary["subtitles"])
    assert summary["decision"] == "approve" and summary["verdicts"][-1]["final"] is True
    assert summary["request"]["seed"] == 7 and summary["user_id"] == "alice"


def test_returned_files_are_served_from_the_comic_folder_not_copied(studio_server) -> None:
    """No copy of each panel and download in Gradio's cache: the answer points into the comic's own folder."""
    bare = Client(studio_server.url, analytics_enabled=False, verbose=False, download_files=False)
    comic = bare.predict(PROMPT, "classic", 3, 8, "alice", api_name="/generate")
    folder = studio_server.studio.sessions.folder(comic[2]["session_id"])
    files = [*comic[0], *comic[1]]
    assert len(files) == 10 and all(Path(f["path"]).is_relative_to(folder.resolve()) for f in files)
    for f in files:  # and each is fetched from there
        assert httpx.get(f["url"], timeout=30).content == Path(f["path"]).read_bytes()


def test_feedback_is_stored_in_the_manifest_and_browns_transcript(studio_server, alice: Client,
                                                                  alices_comic) -> None:
    session_id = alices_comic[2]["session_id"]
    answer = alice.predict(session_id, "Lovely colours, Bayko!", "alice", api_name="/feedback")
    comment = answer["comment"]
    assert comment["text"] == "Lovely colours, Bayko!" and comment["user_id"] == "alice"
    assert answer["memories"] == []  # praise teaches Brown nothing about the story world
    manifest = json.loads((studio_server.studio.sessions.folder(session_id) / "manifest.json").read_text())
    assert comment["comment_id"] in [c["comment_id"] for c in manifest["comments"]]
    history = alice.predict(session_id, "alice", api_name="/session_history")
    assert any("Lovely colours, Bayko!" in line["content"] for line in history["brown"])


def test_a_correction_becomes_a_new_memory_a_curator_can_accept(studio_server, alice: Client,
                                                                alices_comic) -> None:
    answer = alice.predict(alices_comic[2]["session_id"], "No, Pip is a turtle, not a cat.", "alice",
                           api_name="/feedback")
    [learned] = answer["memories"]
    assert learned["memory"] == "Pip is a turtle, not a cat." and learned["status"] == "new"
    assert learned["duplicate"] is False and learned["conflicts_with"] == []
    assert set(learned) == {"memory_id", "memory", "status", "duplicate", "conflicts_with", "flags"}
    assert learned["flags"] == [] and answer["reply"] == ""
    again = alice.predict(alices_comic[2]["session_id"], "Pip is a turtle, not a cat!", "alice", api_name="/feedback")
    assert [(m["memory_id"], m["duplicate"]) for m in again["memories"]] == [(learned["memory_id"], True)]

    curated = alice.predict(learned["memory_id"], "accepted", "", "ann", api_name="/curate")
    assert curated["status"] == "accepted" and curated["updated_at"] >= curated["created_at"]
    [entry] = alice.predict(learned["memory_id"], api_name="/memory_audit")
    assert (entry["curator"], entry["field"], entry["old"], entry["new"]) == ("ann", "status", "new", "accepted")
    assert entry in alice.predict("", api_name="/memory_audit")
    assert studio_server.studio.memories.relevant_texts("Pip goes swimming") == ["Pip is a turtle, not a cat."]


def test_history_lists_both_agents_messages(alice: Client, alices_comic) -> None:
    history = alice.predict(alices_comic[2]["session_id"], "alice", api_name="/session_history")
    assert PROMPT in history["brown"][0]["content"] and history["brown"][0]["role"] == "user"
    assert any(line["role"] == "assistant" and line["content"].startswith("Attempt 1") for line in history["bayko"])
    assert history["session"]["session_id"] == alices_comic[2]["session_id"]


def test_two_clients_at_once_never_see_each_others_comics(studio_server) -> None:
    clients = [client(studio_server), client(studio_server)]
    results: list[dict] = [{}, {}]

    def make(index: int) -> None:
        results[index] = clients[index].predict(f"Robot number {index} paints the moon", "manga", 2, None, "",
                                                 api_name="/generate")[2]

    threads = [threading.Thread(target=make, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)  # a loaded machine is slow, but both comics must come back
    assert all(results), "both comics were made"
    for index, own in enumerate(clients):
        listed = own.predict("", 50, api_name="/list_sessions")
        assert [s["session_id"] for s in listed] == [results[index]["session_id"]]
        assert listed[0]["prompt"] == f"Robot number {index} paints the moon"


def test_bad_input_is_one_clear_sentence(alice: Client) -> None:
    with pytest.raises(AppError, match=r"prompt: must not be empty\.") as raised:
        alice.predict("   ", "classic", 4, None, "alice", api_name="/generate")
    assert "Traceback" not in str(raised.value)
    with pytest.raises(AppError, match=r"panels: must be between 1 and 8"):
        alice.predict(PROMPT, "classic", 9, None, "alice", api_name="/generate")
    with pytest.raises(AppError, match=r"style: must be one of"):
        alice.predict(PROMPT, "crayon", 4, None, "alice", api_name="/generate")
    with pytest.raises(AppError, match=r"comment: must not be empty\."):
        alice.predict("comic_000000000000", " ", "alice", api_name="/feedback")


def test_memories_list_and_curate(studio_server, alice: Client) -> None:
    assert alice.predict("rejected", api_name="/list_memories") == []
    record = studio_server.studio.memories.add(DomainMemory(issue_id="comic_x", comment_id="comment_x",
                                                            memory="Biscuit wears a green hat.")).record
    assert record.memory_id in [m["memory_id"] for m in alice.predict("new", api_name="/list_memories")]
    curated = alice.predict(record.memory_id, "needs_review", api_name="/curate")
    assert curated["status"] == "needs_review"
    assert record.memory_id not in [m["memory_id"] for m in alice.predict("new", api_name="/list_memories")]
    with pytest.raises(AppError, match=r"status: must be one of"):
        alice.predict(record.memory_id, "maybe", api_name="/curate")
    with pytest.raises(AppError, match=r"memory_id: no domain memory"):
        alice.predict("mem_missing", "accepted", api_name="/curate")


def test_with_a_curator_token_only_the_right_token_curates(
        studio_server, alice: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    record = studio_server.studio.memories.add(DomainMemory(issue_id="comic_y", comment_id="comment_y",
                                                            memory="Mochi never eats fish.")).record
    monkeypatch.setenv("COMIC_CURATOR_TOKEN", TOKEN)  # the server runs in this process: it sees the change
    for wrong in ("", "guess"):
        with pytest.raises(AppError, match=r"curator_token: missing or wrong") as raised:
            alice.predict(record.memory_id, "accepted", wrong, api_name="/curate")
        assert "Traceback" not in str(raised.value)
        with pytest.raises(AppError, match=r"curator_token: missing or wrong"):
            alice.predict(record.memory_id, "Mochi never eats fish at all.", wrong, api_name="/edit_memory")
    assert studio_server.studio.memories.get(record.memory_id).status.value == "new"
    assert alice.predict(record.memory_id, api_name="/memory_audit") == []

    edited = alice.predict(record.memory_id, "Mochi never eats fish at all.", TOKEN, api_name="/edit_memory")
    assert edited["memory"] == "Mochi never eats fish at all."
    assert alice.predict(record.memory_id, "rejected", TOKEN, api_name="/curate")["status"] == "rejected"
    trail = alice.predict(record.memory_id, api_name="/memory_audit")
    assert [(e["field"], e["new"]) for e in trail] == [("status", "rejected"),
                                                       ("memory", "Mochi never eats fish at all.")]
    assert all(e["curator"] == "api client" for e in trail)
    with pytest.raises(AppError, match=r"memory: must be at most 20 tokens"):
        alice.predict(record.memory_id, "Mochi " * 30, TOKEN, api_name="/edit_memory")


def test_export_returns_every_record_with_exactly_the_specified_fields(
        studio_server, alice: Client) -> None:
    record = studio_server.studio.memories.add(DomainMemory(issue_id="comic_z", comment_id="comment_z",
                                                            memory="Luna always wears a red scarf.",
                                                            user_id="zoe")).record
    exported = alice.predict(api_name="/export_memories")
    assert exported and all(set(r) == RECORD_FIELDS for r in exported)
    [mine] = [r for r in exported if r["memory_id"] == record.memory_id]
    assert mine == {**record.model_dump(mode="json"), "user_id": public_name("zoe")}  # a raw key is never shown
    assert "zoe" not in json.dumps(exported)
    assert len(exported) == len(studio_server.studio.export_memories())


def test_a_browsers_secret_never_reaches_the_manifest_or_the_memories(tmp_path: Path) -> None:
    """The page stores only the owner id derived from the browser's key; the key itself lists the comics."""
    studio = open_studio(tmp_path / "data")
    secret = new_browser_secret()

    async def make_and_comment() -> tuple[list[dict], str]:
        updates = [u async for u in actions.generate_updates(studio, PROMPT, "classic", 2, "3", secret, "strip")]
        session_id = next(u["session"] for u in updates if "session" in u)
        await memory_actions.send_feedback(studio, session_id, "No, Brown is a dog, not a cat.", secret)
        return updates, session_id

    updates, session_id = asyncio.run(make_and_comment())
    owner = browser_owner(secret)
    assert updates[0]["user"] == secret and owner.startswith("web-") and len(owner) == 20 and owner != secret
    manifest = json.loads((studio.sessions.folder(session_id) / "manifest.json").read_text())
    assert manifest["request"]["user_id"] == owner and manifest["request"]["layout"] == "strip"
    assert [c["user_id"] for c in manifest["comments"]] == [owner]
    records = studio.export_memories()
    assert records and all(r["user_id"] == owner for r in records)
    for path in (tmp_path / "data").rglob("*"):  # manifests, exports, SQLite stores and their journals
        assert not path.is_file() or secret.encode() not in path.read_bytes(), path
    assert f'data-session="{session_id}"' in page_handlers.history_list(studio, secret)["history"]
    # knowing the owner id is not enough to list
    assert "data-session=" not in page_handlers.history_list(studio, owner)["history"]


def test_api_keys_in_the_browser_namespace_are_stored_hashed(studio_server) -> None:
    caller, secret = client(studio_server), new_browser_secret()
    _, downloads, summary = caller.predict(PROMPT, "noir", 1, 1, secret, "vertical", api_name="/generate")
    owner = browser_owner(secret)
    assert summary["user_id"] == owner and summary["request"]["user_id"] == owner
    assert summary["request"]["layout"] == "vertical" and len(downloads) == 7
    assert [s["session_id"] for s in caller.predict(secret, 5, api_name="/list_sessions")] == [summary["session_id"]]
    assert caller.predict(owner, 5, api_name="/list_sessions") == []
    assert secret not in json.dumps(caller.predict(summary["session_id"], secret, api_name="/session_history"))
    with pytest.raises(AppError, match=r"layout: must be one of grid_2x2, grid_3x2, strip, vertical"):
        caller.predict(PROMPT, "noir", 1, 1, secret, "spiral", api_name="/generate")
