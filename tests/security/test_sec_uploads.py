"""Uploads and the memory import, attacked over HTTP through Gradio's own routes (issue 20, holes 4 and 6).

Breaks reproduced: 20 × 4.9 MB from one client with no key went through in about a second
(80 MB/s on this machine), none counted by `COMIC_MAX_DATA_MB`, each kept for an hour; an
upload of unknown length was not counted at all; an import's file stayed after the import;
an event input naming a URL or a server path got Gradio's bare "Error" (and a URL is
downloaded into the cache with no size bound). The import itself is attacked as the page
does it: POST /gradio_api/upload, then the upload event on the queue.
"""

from __future__ import annotations

import html
import json
import os
import re
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from gradio_client import Client

from agents.studio import open_studio
from services.memory.curator_access import CURATOR_TOKEN_ENV
from services.storage.disk_budget import MB, folder_bytes
from services.web.limits import Limits

BIG = 4_900_000
TOKEN = "curator-secret-5b1e"
GOOD = {"memory_id": "mem_imported_1", "issue_id": "comic_abc", "comment_id": "cmt_1", "memory": "Brown is a dog.",
        "user_id": "web visitor 87c0", "created_at": "2025-03-01T10:00:00+00:00",
        "updated_at": "2025-03-02T10:00:00+00:00", "status": "new"}


def upload(url: str, body: bytes, name: str = "memories.json", forwarded: str | None = None) -> httpx.Response:
    headers = {"x-forwarded-for": forwarded} if forwarded else {}
    return httpx.post(url + "gradio_api/upload", files={"files": (name, body, "application/json")}, headers=headers,
                      timeout=60)


def import_index(demo: Any) -> int:
    """The page's import event (the Memory tab's upload button), by its input."""
    return next(i for i, fn in demo.fns.items() if any(getattr(c, "elem_id", None) == "import-memories"
                                                          for c in fn.inputs))


def queue_call(url: str, fn_index: int, data: list[Any]) -> tuple[int, Any]:
    """One event over the queue as the page sends it: (HTTP status of the join, the outputs or the refusal)."""
    session = uuid.uuid4().hex
    joined = httpx.post(url + "gradio_api/queue/join", json={"data": data, "fn_index": fn_index,
                                                              "session_hash": session}, timeout=30)
    if joined.status_code != 200:
        return joined.status_code, joined.json().get("detail")
    with httpx.stream("GET", url + f"gradio_api/queue/data?session_hash={session}", timeout=60) as stream:
        for line in stream.iter_lines():
            message = json.loads(line[5:]) if line.startswith("data:") else {}
            if message.get("msg") == "process_completed":
                return 200, message["output"].get("data") or message["output"]
    raise AssertionError("the event never completed")


TABLE_VIEW = ["all", "", "changed", 1]  # the Memory tab's filter, search, order and page, as the page sends them


def note_text(outputs: Any) -> str:
    """The sentence in the curator's note (the first output), without its markup."""
    return html.unescape(re.sub(r"<[^>]+>", "", outputs[0] if isinstance(outputs, list) else str(outputs)))


def import_over_http(url: str, demo: Any, records: object, token: str = "") -> tuple[str, Any, str]:
    """Upload an export and import it as the page does: (the note's sentence, the outputs, the uploaded path)."""
    uploaded = upload(url, json.dumps(records).encode("utf-8"))
    assert uploaded.status_code == 200, uploaded.text
    path = uploaded.json()[0]
    status, outputs = queue_call(url, import_index(demo), [{"path": path, "meta": {"_type": "gradio.FileData"},
                                                            "orig_name": "memories.json"}, token, *TABLE_VIEW])
    assert status == 200, outputs
    return note_text(outputs), outputs, path


@pytest.fixture
def studio_server(tmp_path: Path, start_server: Any) -> Iterator[tuple[Any, str]]:
    """A fresh studio (loopback counted like any client): (its Blocks, its URL)."""
    demo, url = start_server(open_studio(tmp_path / "data"), Limits(count_loopback=True))
    try:
        yield demo, url
    finally:
        demo.close()


def test_one_client_is_held_to_an_upload_count_and_byte_rate(tmp_path: Path, start_server: Any, attack,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's 20 × 4.9 MB from one address on a Space: 20 MB a minute get through, then 429; another
    address still uploads."""
    demo, url = start_server(open_studio(tmp_path / "data"), Limits())
    try:
        monkeypatch.setenv("SPACE_ID", "someone/bayko-brown")  # the client is the proxy's X-Forwarded-For entry
        started = time.monotonic()
        answers = [upload(url, os.urandom(BIG), f"f{n}.json", forwarded="203.0.113.9") for n in range(20)]
        took = time.monotonic() - started
        accepted = sum(a.status_code == 200 for a in answers)
        refused = [a for a in answers if a.status_code == 429]
        held = accepted * BIG <= 20 * MB and len(refused) == 20 - accepted and \
            refused[0].json()["detail"].startswith("upload: at most")
        attack.record("20 uploads of 4.9 MB from one address", held)
        assert held, ([a.status_code for a in answers], round(took, 1))
        other = upload(url, b"[]", forwarded="198.51.100.7")
        attack.record("another address uploads meanwhile", other.status_code == 200)
        assert other.status_code == 200
        count = [upload(url, b"[]", forwarded="192.0.2.44").status_code for _ in range(12)]
        attack.record("12 small uploads a minute from one address", count == [200] * 10 + [429] * 2)
        assert count == [200] * 10 + [429] * 2, count
    finally:
        demo.close()


def test_uploads_count_in_the_disk_budget(tmp_path: Path, start_server: Any, attack) -> None:
    studio = open_studio(tmp_path / "data")
    budget = folder_bytes(studio.data_dir) // MB + 8  # room for one 4.9 MB upload, not two
    demo, url = start_server(studio, Limits(max_data_mb=budget))
    try:
        codes = [upload(url, os.urandom(BIG), f"f{n}.json").status_code for n in range(3)]
        refusal = upload(url, os.urandom(BIG))
        held = codes == [200, 507, 507] and "disk budget" in refusal.json()["detail"]
        attack.record("uploads past COMIC_MAX_DATA_MB", held)
        assert held, codes
    finally:
        demo.close()


def test_an_upload_of_unknown_length_is_refused(studio_server, attack) -> None:
    """A chunked body declares no length, so no byte rate or budget could count it before it is stored."""
    _demo, url = studio_server
    boundary = "x0x0x0"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"a.json\"\r\n"
            f"Content-Type: application/json\r\n\r\n[]\r\n--{boundary}--\r\n").encode()
    answer = httpx.post(url + "gradio_api/upload", content=iter([body]), timeout=30,
                        headers={"content-type": f"multipart/form-data; boundary={boundary}"})
    held = answer.status_code == 411 and answer.json()["detail"].startswith("upload:")
    attack.record("an upload without Content-Length", held)
    assert held, (answer.status_code, answer.text[:200])


def test_an_import_deletes_its_upload_when_it_ends(studio_server, attack) -> None:
    demo, url = studio_server
    for name, records in (("a refused import", [{**GOOD, "memory_id": "m" * 1000}]), ("an import", [GOOD])):
        sentence, _, path = import_over_http(url, demo, records)
        held = not Path(path).exists()
        attack.record(f"the upload of {name} is deleted when it ends", held)
        assert held, (sentence, path)


def test_an_upload_nobody_uses_is_deleted_within_its_lifetime(tmp_path: Path, start_server: Any, attack) -> None:
    demo, url = start_server(open_studio(tmp_path / "data"), Limits(upload_lifetime_seconds=2))
    try:
        path = upload(url, b"[]").json()[0]
        assert Path(path).exists()
        deadline = time.monotonic() + 15
        while Path(path).exists() and time.monotonic() < deadline:
            time.sleep(0.5)
        attack.record("an unused upload outlives its lifetime", not Path(path).exists())
        assert not Path(path).exists()
    finally:
        demo.close()


@pytest.mark.parametrize("path", ["https://example.com/huge.json", "/etc/passwd", "{data}/domain_memories.db"])
def test_a_file_input_must_be_an_upload(studio_server, tmp_path: Path, attack, path: str) -> None:
    """A URL would be downloaded into Gradio's cache with no size bound; a server path is not the caller's."""
    demo, url = studio_server
    named = path.format(data=tmp_path / "data")
    for payload in ({"path": named, "meta": {"_type": "gradio.FileData"}}, {"path": named}):
        status, detail = queue_call(url, import_index(demo), [payload, "", *TABLE_VIEW])
        held = status == 400 and str(detail).startswith("file: must be a file uploaded to this studio")
        attack.record(f"import of {path} ({'with' if 'meta' in payload else 'without'} meta)", held)
        assert held, (status, detail)


BAD_RECORDS = [
    ("a 1 MB memory_id", {"memory_id": "m" * 1_000_000}, "memory_id"),
    ("a 4 kB issue_id of markup", {"issue_id": "<img src=x onerror=alert(1)>" * 150}, "issue_id"),
    ("updated_at in the year 9999", {"updated_at": "9999-12-31T00:00:00+00:00"}, "updated_at"),
    ("created_at before 2020", {"created_at": "1970-01-01T00:00:00+00:00"}, "created_at"),
    ("a memory of 40 tokens", {"memory": "Brown " * 40}, "memory"),
    ("a 1 MB user_id", {"user_id": "u" * 1_000_000}, "user_id"),
]


def test_an_import_keeps_the_bounds_of_every_other_path(studio_server, attack) -> None:
    demo, url = studio_server
    client = Client(url, analytics_enabled=False, verbose=False)
    before = (client.predict("all", api_name="/list_memories"), client.predict("", api_name="/memory_audit"))
    for name, change, field in BAD_RECORDS:
        sentence, outputs, _ = import_over_http(url, demo, [GOOD, {**GOOD, "memory_id": "mem_2", **change}])
        after = (client.predict("all", api_name="/list_memories"), client.predict("", api_name="/memory_audit"))
        held = sentence.startswith("!record 2") and field in sentence and len(sentence) < 200 and after == before \
            and len(json.dumps(outputs)) < 2000
        attack.record(f"import of {name}", held)
        assert held, (name, sentence[:300], len(json.dumps(outputs)))


def test_an_import_needs_the_curator_and_leaves_one_audit_entry_per_record(studio_server, attack,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    demo, url = studio_server
    client = Client(url, analytics_enabled=False, verbose=False)
    monkeypatch.setenv(CURATOR_TOKEN_ENV, TOKEN)
    records = [{**GOOD, "memory_id": f"mem_{status}", "memory": f"Brown is a {kind}.", "status": status}
               for status, kind in (("new", "dog"), ("accepted", "cat"), ("rejected", "fox"))]
    for token in ("", "wrong-token"):
        sentence, _, _ = import_over_http(url, demo, records, token)
        listed = client.predict("all", api_name="/list_memories")
        held = "curator_token" in sentence and not listed
        attack.record(f"import with status accepted and {'no' if not token else 'a wrong'} curator token", held)
        assert held, sentence
    sentence, outputs, _ = import_over_http(url, demo, records, TOKEN)
    audit = client.predict("", api_name="/memory_audit")
    listed = {m["memory_id"]: m["status"] for m in client.predict("all", api_name="/list_memories")}
    imported = sorted(e["memory_id"] for e in audit if e["field"] == "import")
    held = "Imported 3 memories" in sentence and imported == sorted(listed) == sorted(r["memory_id"] for r in records) \
        and listed["mem_accepted"] == "accepted" and len(json.dumps(outputs)) < 20_000
    attack.record("an import by the curator leaves one audit entry per record", held)
    assert held, (sentence, audit, listed)


def test_import_calls_leave_no_file_behind(tmp_path: Path, start_server: Any, attack,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Gradio's processing of an upload button left an empty temporary file in the upload folder on every call
    (never deleted, not even by `delete_cache`): 20 calls, 20 files. Here the folder is this test's own."""
    folder = tmp_path / "gradio-uploads"
    monkeypatch.setenv("GRADIO_TEMP_DIR", str(folder))  # read by Gradio when the app is built and on each call
    demo, url = start_server(open_studio(tmp_path / "data"), Limits())
    try:
        path = upload(url, json.dumps([GOOD]).encode()).json()[0]
        notes = [note_text(queue_call(url, import_index(demo), [{"path": path, "meta": {"_type": "gradio.FileData"}},
                                                                "", *TABLE_VIEW])[1]) for _ in range(20)]
        left = [p for p in folder.rglob("*") if p.is_file()]
        held = not left and "Imported 1 memory" in notes[0] and all(n.startswith("!file:") for n in notes[1:])
        attack.record("20 import calls leave files in the upload folder", held)
        assert held, (len(left), notes[:2])
    finally:
        demo.close()
