"""Two studio replicas on one PostgreSQL and one data directory, as a load balancer in front of them would run them.

Each replica is `python app.py` on its own port, with the same COMIC_DATABASE_URL and COMIC_DATA_DIR: what one
writes, the other reads; a replica killed with SIGKILL loses no write it acknowledged, and the other goes on.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from gradio_client import Client

ROOT = Path(__file__).resolve().parent.parent
STARTUP_SECONDS = 90
WRITERS = 8
ROUNDS = 4  # comments each writer sends; the second replica is killed once two rounds are acknowledged


class Replica:
    def __init__(self, port: int, env: dict[str, str], log: Path) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.log = log
        with log.open("w") as stream:
            self.process = subprocess.Popen([sys.executable, str(ROOT / "app.py")], cwd=ROOT, stdout=stream,
                                            stderr=subprocess.STDOUT, env={**env, "GRADIO_SERVER_PORT": str(port)})

    def wait_ready(self, deadline: float) -> None:
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"replica on {self.url} stopped:\n{self.log.read_text()[-3000:]}")
            try:
                if httpx.get(self.url + "/config", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        raise AssertionError(f"replica on {self.url} not ready in {STARTUP_SECONDS} s")

    def client(self) -> Client:
        return Client(self.url, analytics_enabled=False, verbose=False)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def browser_state_keys(replica: Replica) -> set[str]:
    components = httpx.get(replica.url + "/config", timeout=10).json()["components"]
    return {c["props"]["secret"] for c in components if c.get("type") == "browserstate"}


def free_ports(count: int) -> list[int]:
    import socket

    sockets = [socket.socket() for _ in range(count)]
    for sock in sockets:
        sock.bind(("127.0.0.1", 0))
    ports = [sock.getsockname()[1] for sock in sockets]
    for sock in sockets:
        sock.close()
    return ports


@pytest.fixture
def replicas(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Replica, Replica]]:
    data = tmp_path / "shared-data"
    data.mkdir()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("COMIC_", "GRADIO_"))}
    env.update(COMIC_DATABASE_URL=postgres_url, COMIC_DATA_DIR=str(data), GRADIO_ANALYTICS_ENABLED="False")
    started = [Replica(port, env, tmp_path / f"replica-{n}.log") for n, port in enumerate(free_ports(2))]
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        for replica in started:
            replica.wait_ready(deadline)
        yield started[0], started[1]
    finally:
        for replica in started:
            replica.stop()


def test_two_replicas_share_comics_memories_transcripts_and_survive_a_sigkill(
        replicas: tuple[Replica, Replica]) -> None:
    first, second = replicas
    owner, stranger = "owner-key-7f3a9c2e51b84d06", "stranger-key-0d1e2f3a4b5c6d7e"
    on_first, on_second = first.client(), second.client()
    # A browser sent to either replica decrypts its list of comics with the same key (none was configured).
    assert browser_state_keys(first) == browser_state_keys(second) != set()

    # A comic made on one is listed and opened on the other, by its owner only, transcripts and all.
    _, _, comic = on_first.predict("Pip the cat eats a sandwich on the moon", "classic", 2, 7, owner,
                                   api_name="/generate")
    listed = on_second.predict(owner, 20, api_name="/list_sessions")
    assert [s["session_id"] for s in listed] == [comic["session_id"]]
    assert on_second.predict(stranger, 20, api_name="/list_sessions") == []
    history = on_second.predict(comic["session_id"], owner, api_name="/session_history")
    assert history["session"]["request"]["prompt"] == "Pip the cat eats a sandwich on the moon"
    brown = " ".join(line["content"] for line in history["brown"])
    bayko = " ".join(line["content"] for line in history["bayko"])
    assert "Pip the cat eats a sandwich" in brown and "Pip" in bayko
    with pytest.raises(Exception, match="no comic with id"):
        on_second.predict(comic["session_id"], stranger, api_name="/session_history")

    # A correction taught on one, accepted by a curator on the other, shapes the next comic on the first.
    taught = on_first.predict(comic["session_id"], "No, Pip is a dog, not a cat.", owner, api_name="/feedback")
    memory = taught["memories"][0]
    waiting = {m["memory_id"] for m in on_second.predict("new", api_name="/list_memories")}
    assert memory["memory_id"] in waiting
    on_second.predict(memory["memory_id"], "accepted", "", "curator on the second", api_name="/curate")
    _, _, later = on_first.predict("Pip plays in the garden", "classic", 2, 8, owner, api_name="/generate")
    assert "Pip is a dog, not a cat." in later["domain_memories"]

    # Eight writers through both at once; the second replica is killed mid-way; no acknowledged write is lost.
    def writer_comic(number: int) -> str:
        made = (on_first, on_second)[number % 2].predict(f"Writer{number} the owl reads a map", "classic", 1, number,
                                                         f"writer-key-{number:02d}-5e8b1c", api_name="/generate")
        return str(made[2]["session_id"])

    with ThreadPoolExecutor(max_workers=2) as pool:
        comics = list(pool.map(writer_comic, range(WRITERS)))
    acknowledged_comments: list[tuple[str, str, str]] = []  # (session_id, owner, comment_id)
    acknowledged_curations: dict[str, str] = {}
    killed = threading.Event()

    def writer(number: int) -> None:
        key = f"writer-key-{number:02d}-5e8b1c"
        replica = (first, second)[number % 2]
        api = replica.client()
        for round_number in range(ROUNDS):
            if killed.is_set() and replica is second:
                replica, api = first, first.client()  # the balancer sends this client to the survivor
            try:
                reply = api.predict(comics[number], f"No, Writer{number} is an owl number {round_number}, not a cat.",
                                    key, api_name="/feedback")
                acknowledged_comments.append((comics[number], key, reply["comment"]["comment_id"]))
                for learned in reply["memories"]:
                    status = "accepted" if round_number % 2 else "rejected"
                    api.predict(learned["memory_id"], status, "", f"writer {number}", api_name="/curate")
                    acknowledged_curations[learned["memory_id"]] = status
            except Exception:
                if replica is not second or not killed.is_set():
                    raise  # only the killed replica may fail a request

    def killer() -> None:
        while len(acknowledged_comments) < WRITERS * 2:
            time.sleep(0.05)
        second.process.send_signal(signal.SIGKILL)
        killed.set()

    with ThreadPoolExecutor(max_workers=WRITERS + 1) as pool:
        done = [pool.submit(writer, n) for n in range(WRITERS)] + [pool.submit(killer)]
        for future in done:
            future.result()

    assert second.process.wait(10) == -signal.SIGKILL
    assert len(acknowledged_comments) >= WRITERS * 2
    survivor = first.client()
    for number, session_id in enumerate(comics):
        key = f"writer-key-{number:02d}-5e8b1c"
        stored = survivor.predict(session_id, key, api_name="/session_history")["session"]["comments"]
        assert {c for s, _, c in acknowledged_comments if s == session_id} <= {c["comment_id"] for c in stored}
    statuses = {m["memory_id"]: m["status"] for m in survivor.predict("all", "", "changed", 1, 200,
                                                                      api_name="/list_memories")}
    for memory_id, status in acknowledged_curations.items():
        assert statuses[memory_id] == status
    _, _, after = survivor.predict("Pip naps under a tree", "classic", 1, 9, owner, api_name="/generate")
    assert after["decision"] and len(survivor.predict(owner, 20, api_name="/list_sessions")) == 3
