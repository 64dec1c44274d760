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
KILLS = 20


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


def test_every_acknowledged_write_survives_sigkill(tmp_path: Path) -> None:
    rng = random.Random(20)
    acknowledged: list[tuple[str, str]] = []
    for round_number in range(KILLS):
        acknowledged += run_and_kill(tmp_path, f"r{round_number}", rng)
        # After every kill the stores open and answer.
        memories, sessions = DomainMemoryStore(tmp_path), SessionStore(tmp_path)
        assert memories.list(limit=1) is not None and sessions.list(limit=1) is not None
    assert len(acknowledged) > KILLS
    memories, sessions = DomainMemoryStore(tmp_path), SessionStore(tmp_path)
    for kind, identifier in acknowledged:
        if kind == "memory":
            memories.get(identifier)
        elif kind == "accepted":
            assert memories.get(identifier).status is MemoryStatus.ACCEPTED
        elif kind == "session":
            sessions.load(identifier)
        elif kind == "comment":
            assert [c.text for c in sessions.load(identifier).comments][:1]
    # Nothing half-written: every manifest on disk is whole JSON.
    for manifest in (tmp_path / "sessions").glob(f"*/{MANIFEST}"):
        json.loads(manifest.read_text())
