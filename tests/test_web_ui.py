"""The studio through its real HTTP API with gradio_client: what programs (and the README example) rely on."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from gradio_client import Client
from gradio_client.exceptions import AppError

from services.domain_memories import DomainMemory

PROMPT = "A cat and a dog race to the beach at sunset"
ENDPOINTS = {"/generate", "/feedback", "/list_sessions", "/session_history", "/list_memories", "/curate"}


def client(server) -> Client:  # type: ignore[no-untyped-def]
    return Client(server.url, analytics_enabled=False, verbose=False)


@pytest.fixture(scope="module")
def alice(studio_server):  # type: ignore[no-untyped-def]
    return client(studio_server)


@pytest.fixture(scope="module")
def alices_comic(alice: Client) -> tuple[list[str], list[str], dict]:
    return alice.predict(PROMPT, "classic", 3, 7, "alice", api_name="/generate")


def test_only_the_named_endpoints_are_public(alice: Client) -> None:
    assert set(alice.view_api(print_info=False, return_format="dict")["named_endpoints"]) == ENDPOINTS


def test_generate_returns_panels_subtitles_and_verdicts(alices_comic) -> None:  # type: ignore[no-untyped-def]
    panels, downloads, summary = alices_comic
    assert len(panels) == 3 and all(Path(p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in panels)
    assert sorted(Path(p).name for p in downloads) == ["comic.png", "manifest.json", "subtitles.vtt"]
    assert len(summary["subtitles"]) == 3 and all(s.strip() for s in summary["subtitles"])
    assert summary["decision"] in {"approve", "reject"} and summary["verdicts"][-1]["final"] is True
    assert summary["request"]["seed"] == 7 and summary["user_id"] == "alice"


def test_feedback_is_stored_in_the_manifest_and_browns_transcript(studio_server, alice: Client,
                                                                  alices_comic) -> None:  # type: ignore[no-untyped-def]
    session_id = alices_comic[2]["session_id"]
    comment = alice.predict(session_id, "Brown is a dog, not a cat.", "alice", api_name="/feedback")
    assert comment["text"] == "Brown is a dog, not a cat." and comment["user_id"] == "alice"
    manifest = json.loads((studio_server.studio.sessions.folder(session_id) / "manifest.json").read_text())
    assert [c["comment_id"] for c in manifest["comments"]] == [comment["comment_id"]]
    history = alice.predict(session_id, api_name="/session_history")
    assert any("Brown is a dog, not a cat." in line["content"] for line in history["brown"])


def test_history_lists_both_agents_messages(alice: Client, alices_comic) -> None:  # type: ignore[no-untyped-def]
    history = alice.predict(alices_comic[2]["session_id"], api_name="/session_history")
    assert PROMPT in history["brown"][0]["content"] and history["brown"][0]["role"] == "user"
    assert any(line["role"] == "assistant" and line["content"].startswith("Attempt 1") for line in history["bayko"])
    assert history["session"]["session_id"] == alices_comic[2]["session_id"]


def test_two_clients_at_once_never_see_each_others_comics(studio_server) -> None:  # type: ignore[no-untyped-def]
    clients = [client(studio_server), client(studio_server)]
    results: list[dict] = [{}, {}]

    def make(index: int) -> None:
        results[index] = clients[index].predict(f"Robot number {index} paints the moon", "manga", 2, None, "",
                                                 api_name="/generate")[2]

    threads = [threading.Thread(target=make, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
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


def test_memories_list_and_curate(studio_server, alice: Client) -> None:  # type: ignore[no-untyped-def]
    assert alice.predict("rejected", api_name="/list_memories") == []
    record = studio_server.studio.memories.add(DomainMemory(issue_id="comic_x", comment_id="comment_x",
                                                            memory="Brown is a dog."))
    assert [m["memory_id"] for m in alice.predict("new", api_name="/list_memories")] == [record.memory_id]
    curated = alice.predict(record.memory_id, "needs_review", api_name="/curate")
    assert curated["status"] == "needs_review"
    assert alice.predict("new", api_name="/list_memories") == []
    with pytest.raises(AppError, match=r"status: must be one of"):
        alice.predict(record.memory_id, "maybe", api_name="/curate")
    with pytest.raises(AppError, match=r"memory_id: no domain memory"):
        alice.predict("mem_missing", "accepted", api_name="/curate")
