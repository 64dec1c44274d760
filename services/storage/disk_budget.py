"""The data directory's disk budget (`COMIC_MAX_DATA_MB`): past it, the oldest comics nobody owns are deleted.

"Nobody owns" means made without a lasting key: by the CLI without `--user`, or by a
guest (an API call without `user_id`, every MCP call), whose key lasted one client
session, so nobody can list those comics again. Comics made in a browser or with a
caller's own key are never pruned: when only those are left the budget is exceeded,
and a warning says so.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from services.storage.session_store import SessionStore

log = logging.getLogger(__name__)
MB = 1_000_000


def folder_bytes(folder: Path) -> int:
    """Bytes in the files under `folder` (links not followed; files vanishing meanwhile skipped)."""
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_size
            except OSError:
                continue
    return total


def enforce_budget(sessions: SessionStore, max_mb: int, keep: str | None = None) -> list[str]:
    """Delete the oldest unowned comics (never `keep`) until the data directory fits in `max_mb`; the ids deleted."""
    if max_mb <= 0:
        return []
    budget = max_mb * MB
    used = folder_bytes(sessions.data_dir)
    if used <= budget:
        return []
    pruned: list[str] = []
    for session_id, folder in sessions.unowned_oldest_first():
        if used <= budget:
            break
        if session_id == keep:
            continue
        size = folder_bytes(folder)
        sessions.delete(session_id)
        used -= size
        pruned.append(session_id)
    if used > budget:
        log.warning("the data directory holds %d MB, over its %d MB budget, and no unowned comic is left to prune",
                    used // MB, max_mb)
    elif pruned:
        log.info("pruned %d unowned comics to keep the data directory under %d MB", len(pruned), max_mb)
    return pruned
