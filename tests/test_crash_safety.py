"""Kill a writing process with SIGKILL at random moments: the stores always open and keep every acknowledged write."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from services.memory.domain_memories import DomainMemoryStore, MemoryStatus
from services.storage.session_store import MANIFEST, SessionStore

WORKER = Path(__file__).parent / "crash_worker.py"
KILLS = 8  # each kill is a fresh interpreter (~0.7 s); eight random moments still land among every kind of write


def run_and_kill(data_dir: Path, tag: str, rng: random.Random) -> list[tuple[str, str]]:
    process = subprocess.Popen([sys.executable, str(WORKER), str(data_dir), tag], stdout=subprocess.PIPE, text=True)
    # Wait until it has written something, then kill it at a random moment.
    first = process.stdout.readline()
    time.sleep(rng.uniform(0.0, 0.4))
    process.send_signal(signal.SIGKILL)
    rest = process.stdout.read()
    process.wait()
    lines = [first, *rest.splitlines()]
    return [tuple(line.split()[1:3]) for line in lines if line.startswith("ACK ") and len(line.split()) == 3]


def assert_every_acknowledged_write_is_held(data_dir: Path, acknowledged: list[tuple[str, str]]) -> None:
    """Reopened after a kill, the stores hold every write the worker acknowledged, exactly as written."""
    memories, sessions = DomainMemoryStore(data_dir), SessionStore(data_dir)
    stored_memories = {record["memory_id"]: record for record in memories.export_records()}
    for kind, identifier in acknowledged:
        if kind == "memory":
            assert identifier in stored_memories, identifier
        elif kind == "accepted":
            assert stored_memories[identifier]["status"] == MemoryStatus.ACCEPTED.value, identifier
        elif kind == "session":
            assert sessions.load(identifier).session_id == identifier
        elif kind == "comment":
            number = identifier.rsplit("_", 1)[1]
            assert [c.text for c in sessions.load(identifier).comments] == [f"Comment {number}"], identifier
    # An accepted memory is found by retrieval too: the full-text table kept in step in the same transaction.
    accepted = [identifier for kind, identifier in acknowledged if kind == "accepted"]
    if accepted:
        text = stored_memories[accepted[-1]]["memory"]
        assert text in memories.relevant_texts(text, limit=1000)


def test_every_acknowledged_write_survives_sigkill(tmp_path: Path) -> None:
    rng = random.Random(20)
    acknowledged: list[tuple[str, str]] = []
    for round_number in range(KILLS):
        acknowledged += run_and_kill(tmp_path, f"r{round_number}", rng)
        assert_every_acknowledged_write_is_held(tmp_path, acknowledged)
    kinds = {kind for kind, _ in acknowledged}
    assert len(acknowledged) > KILLS and kinds == {"memory", "accepted", "session", "comment"}
    # Nothing half-written: every manifest on disk is whole JSON.
    for manifest in (tmp_path / "sessions").glob(f"*/{MANIFEST}"):
        json.loads(manifest.read_text())
