"""A process that writes domain memories, sessions and comments as fast as it can, for the crash test.

It prints "ACK <kind> <id>" only after a write has returned, so the test knows
exactly which writes were acknowledged before it killed this process.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from services.memory.condenser import count_tokens
from services.memory.domain_memories import DomainMemory, DomainMemoryStore, MemoryStatus
from services.schemas import ComicSession, Comment, StoryboardRequest
from services.storage.session_store import SessionStore


def main(data_dir: Path, tag: str) -> None:
    memories, sessions = DomainMemoryStore(data_dir), SessionStore(data_dir)
    count_tokens("warm up")  # load the tokenizer first, so the kills land among the writes
    n = 0
    while True:
        n += 1
        stored = memories.add(DomainMemory(issue_id=f"comic_{tag}", comment_id=f"c{n}", memory=f"Fact {tag} {n} is true."))
        print(f"ACK memory {stored.record.memory_id}", flush=True)
        if n % 3 == 0:
            memories.set_status(stored.record.memory_id, MemoryStatus.ACCEPTED, "crash-test")
            print(f"ACK accepted {stored.record.memory_id}", flush=True)
        session_id = f"comic_{tag}_{n}"
        session = ComicSession(session_id=session_id, request=StoryboardRequest(prompt=f"Story {n}", seed=n))
        sessions.save(session, sessions.create_folder(session_id))
        print(f"ACK session {session_id}", flush=True)
        sessions.add_comment(session_id, Comment(text=f"Comment {n}"))
        print(f"ACK comment {session_id}", flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
