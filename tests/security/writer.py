"""A second process writing to a running studio's data directory: comments on one comic, memories, curations.

It prints "ACK <kind> <id>" only after a write has returned (committed), so the test
knows exactly which writes were acknowledged before it killed this process with SIGKILL.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from services.memory.domain_memories import DomainMemory, DomainMemoryStore, MemoryStatus
from services.schemas import Comment
from services.storage.session_store import SessionStore


def main(data_dir: Path, session_id: str, tag: str) -> None:
    sessions, memories = SessionStore(data_dir), DomainMemoryStore(data_dir)
    n = 0
    while True:
        n += 1
        comment = Comment(text=f"Comment {tag} {n}", user_id="alice")
        sessions.add_comment(session_id, comment)
        print(f"ACK comment {comment.comment_id}", flush=True)
        stored = memories.add(DomainMemory(issue_id=session_id, comment_id=comment.comment_id,
                                           memory=f"Fact {tag} {n} holds.", user_id="alice"))
        print(f"ACK memory {stored.record.memory_id}", flush=True)
        if n % 2 == 0:
            memories.set_status(stored.record.memory_id, MemoryStatus.ACCEPTED, f"writer {tag}")
            print(f"ACK accepted {stored.record.memory_id}", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2], sys.argv[3])
