"""Two processes and the web server write comments, memories and curations at once; a kill -9 loses nothing.

Breaks reproduced: comments lived in `manifest.json`, rewritten under a `threading.Lock`, so
with the API and the CLI commenting at once acknowledged comments vanished (111 of 200 kept);
and a GET of a database file through the file route opened and closed it in the server,
dropping the server's SQLite locks, so a second process removed the WAL the server was still
writing ("disk I/O error", an acknowledged memory gone after kill -9). Here, while two writer
processes and the server's API write, a visitor keeps asking for the database files, one writer
is killed with SIGKILL mid-stream, and then every acknowledged write is checked: in the
database, in the manifest on disk, and through the running server.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from gradio_client import Client

from agents.studio import open_studio
from services.memory.domain_memories import DomainMemoryStore, MemoryStatus
from services.storage.session_store import MANIFEST, SessionStore

WRITER = Path(__file__).with_name("writer.py")
RUN_SECONDS = 6.0
DATABASES = ("studio.db", "studio.db-wal", "studio.db-shm", "domain_memories.db", "domain_memories.db-wal",
             "agent_memory.db", "agent_memory.db-wal")


def acks(lines: list[str]) -> list[tuple[str, str]]:
    return [(parts[1], parts[2]) for parts in (line.split() for line in lines) if len(parts) == 3 and parts[0] == "ACK"]


def test_nothing_acknowledged_is_lost_across_processes_and_a_kill(tmp_path: Path, start_server, attack) -> None:
    studio = open_studio(tmp_path / "data")
    demo, url = start_server(studio)
    try:
        api = Client(url, analytics_enabled=False, verbose=False)
        session_id = api.predict("A cat and a dog share a boat", "classic", 1, 3, "alice", api_name="/generate")[2][
            "session_id"]
        writers = [subprocess.Popen([sys.executable, str(WRITER), str(studio.data_dir), session_id, tag],
                                    stdout=subprocess.PIPE, text=True) for tag in ("p1", "p2")]
        outputs: list[list[str]] = [[], []]
        readers = [threading.Thread(target=lambda i=i: outputs[i].extend(writers[i].stdout or []))
                   for i in range(2)]
        for reader in readers:
            reader.start()
        server_acks: list[tuple[str, str]] = []
        probes: list[int] = []
        stop = threading.Event()

        def server_writes() -> None:
            own = Client(url, analytics_enabled=False, verbose=False)
            n = 0
            while not stop.is_set():
                n += 1
                reply = own.predict(session_id, f"No, Rex {n} is a dog, not a cat.", "alice", api_name="/feedback")
                server_acks.append(("comment", reply["comment"]["comment_id"]))
                for memory in reply["memories"]:
                    server_acks.append(("memory", memory["memory_id"]))
                    if own.predict(memory["memory_id"], "accepted", api_name="/curate")["status"] == "accepted":
                        server_acks.append(("accepted", memory["memory_id"]))

        def visitor() -> None:  # asks for the database files all along: the server must not open them
            with httpx.Client(timeout=30) as http:
                while not stop.is_set():
                    for name in DATABASES:
                        probes.append(http.get(f"{url}gradio_api/file={studio.data_dir / name}").status_code)

        threads = [threading.Thread(target=server_writes), threading.Thread(target=visitor)]
        for thread in threads:
            thread.start()
        time.sleep(RUN_SECONDS / 2)
        writers[0].send_signal(signal.SIGKILL)  # mid-stream
        time.sleep(RUN_SECONDS / 2)
        writers[1].send_signal(signal.SIGKILL)
        stop.set()
        for thread in threads + readers:
            thread.join(timeout=120)
        for writer in writers:
            writer.wait(timeout=30)

        acknowledged = acks(outputs[0]) + acks(outputs[1]) + server_acks
        kinds = {kind for kind, _ in acknowledged}
        assert kinds == {"comment", "memory", "accepted"} and sum(1 for k, _ in server_acks if k == "comment") >= 2
        sessions, memories = SessionStore(studio.data_dir), DomainMemoryStore(studio.data_dir)
        stored = {c.comment_id for c in sessions.load(session_id).comments}
        on_disk = {c["comment_id"] for c in json.loads((sessions.folder(session_id) / MANIFEST).read_text())["comments"]}
        served = {c["comment_id"] for c in api.predict(session_id, "alice", api_name="/session_history")["session"]["comments"]}
        lost = []
        for kind, identifier in acknowledged:
            if kind == "comment" and not {identifier} <= stored & served:
                lost.append((kind, identifier))
            elif kind == "memory":
                try:
                    memories.get(identifier)
                except Exception:
                    lost.append((kind, identifier))
            elif kind == "accepted" and memories.get(identifier).status is not MemoryStatus.ACCEPTED:
                lost.append((kind, identifier))
        # Each writer rewrites the manifest from the database before it commits: the file is never behind.
        behind = {i for k, i in acknowledged if k == "comment"} - on_disk
        held = lost == [] and not behind and set(probes) <= {403, 404} and len(probes) > 20
        attack.record(f"{len(acknowledged)} acknowledged writes from 3 writers, a SIGKILL, {len(probes)} DB GETs", held)
        assert lost == [] and set(probes) <= {403, 404}, (lost, set(probes))
        assert not behind, behind
        # And the server keeps working on the same files.
        assert api.predict(session_id, "Still here?", "alice", api_name="/feedback")["comment"]["text"] == "Still here?"
    finally:
        demo.close()
