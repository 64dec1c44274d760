"""The data directory's disk budget (`COMIC_MAX_DATA_MB`): past it, the oldest comics nobody owns are deleted.

"Nobody owns" means made without a lasting key: by the CLI without `--user`, or by a
guest (an API call without `user_id`, every MCP call), whose key lasted one client
session, so nobody can list those comics again. Comics made in a browser or with a
caller's own key are never pruned: when only those are left the budget is exceeded,
and a warning says so.

The check runs after every web comic, so its cost must not grow with the comics ever
made: what the comics hold is the index's record of each one's bytes (one `SUM` query,
`SessionStore.stored_bytes`), and pruning subtracts the recorded bytes of what it deletes.
Nothing here walks `sessions/`. The rest of the data directory is counted too, cheaply:
its own files (the databases with their `-wal`/`-shm` companions, the browser secret) with
one `stat` each, and its other folders (one style sample per style, one memory export),
whose size is bounded by design, not by the number of comics.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from services.storage.session_store import SESSIONS_DIR, SessionStore, folder_bytes

__all__ = ["MB", "enforce_budget", "folder_bytes", "other_bytes", "used_bytes"]

log = logging.getLogger(__name__)
MB = 1_000_000
PRUNE_PAGE = 64  # unowned comics read per query while pruning: a prune reads only as far as it deletes


def other_bytes(data_dir: Path) -> int:
    """Bytes in the data directory outside `sessions/`: its files by `stat`, its other (small, bounded) folders."""
    total = 0
    try:
        entries = list(os.scandir(data_dir))
    except OSError:
        return 0
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != SESSIONS_DIR:
                    total += folder_bytes(Path(entry.path))
            else:
                total += entry.stat(follow_symlinks=False).st_size
        except OSError:  # vanished meanwhile
            continue
    return total


def used_bytes(sessions: SessionStore) -> int:
    """What the data directory holds, without walking the comics: their recorded bytes plus everything else."""
    return sessions.stored_bytes() + other_bytes(sessions.data_dir)


def enforce_budget(sessions: SessionStore, max_mb: int, keep: str | None = None) -> list[str]:
    """Delete the oldest unowned comics (never `keep`) until the data directory fits in `max_mb`; the ids deleted."""
    if max_mb <= 0:
        return []
    budget = max_mb * MB
    used = used_bytes(sessions)
    if used <= budget:
        return []
    pruned: list[str] = []
    skipped = 0  # `keep`, listed among the oldest unowned until it is passed
    while used > budget:
        page = sessions.unowned_oldest_first(limit=PRUNE_PAGE + skipped)[skipped:]
        if not page:
            break
        for session_id, size in page:
            if used <= budget:
                break
            if session_id == keep:
                skipped += 1
                continue
            sessions.delete(session_id)
            used -= size
            pruned.append(session_id)
    if used > budget:
        log.warning("the data directory holds %d MB, over its %d MB budget, and no unowned comic is left to prune",
                    used // MB, max_mb)
    elif pruned:
        log.info("pruned %d unowned comics to keep the data directory under %d MB", len(pruned), max_mb)
    return pruned
