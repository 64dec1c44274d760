"""What Gradio's file route may serve: from the data directory comic folders, style samples, exports, and the
shipped sample comic's folder in assets/. Nothing else.

Gradio serves every file under an allowed path to anyone who asks (`/gradio_api/file=…`),
and serving a file opens it in the server process: had a database been reachable, one GET
would have read every record and, by closing the file, dropped the server's own SQLite
locks (POSIX locks are per process). So the data directory itself is never allowed, only
the folders below that hold what a page shows, and the database files (with their
`-wal`, `-shm` and `-journal` companions) and the browser-state secret are blocked by
name as well, in case a folder is ever allowed by mistake.
"""

from __future__ import annotations

from pathlib import Path

from starlette.middleware import Middleware

from services.memory.agent_memory import MEMORY_DB_NAME
from services.memory.domain_memories import DB_NAME as MEMORIES_DB_NAME
from services.storage.disk_budget import used_bytes
from services.storage.session_store import INDEX_DB, SESSIONS_DIR, SessionStore
from services.web.bounds import BoundsMiddleware
from services.web.identity import BROWSER_SECRET_FILE
from services.web.limits import MAX_UPLOAD_BYTES, Limits
from services.web.sample_comic import SAMPLE_DIR
from services.web.uploads import UploadGuard

STYLE_SAMPLES = "style_samples"
EXPORTS_DIR = "metadata"  # the memory export a curator downloads (commenters by public name only)
SERVED_FOLDERS = (SESSIONS_DIR, STYLE_SAMPLES, EXPORTS_DIR)
DATABASES = (INDEX_DB, MEMORY_DB_NAME, MEMORIES_DB_NAME)
SQLITE_COMPANIONS = ("", "-wal", "-shm", "-journal")
GRADIO_CACHE_CLEANUP = (1800, 3600)  # every 30 minutes, delete Gradio's temp copies older than an hour


def allowed_paths(data_dir: Path) -> list[str]:
    """The served folders, created so Gradio can resolve them, and the shipped sample comic's own folder
    (read-only images the stage shows before a first comic; outside the data directory, no database near)."""
    folders = []
    for name in SERVED_FOLDERS:
        folder = Path(data_dir) / name
        folder.mkdir(parents=True, exist_ok=True)
        folders.append(str(folder))
    return [*folders, str(SAMPLE_DIR)]


def serve_in_place(data_dir: Path) -> None:
    """Files an answer returns from the comic folders are served where they are, not copied: Gradio hashes and
    copies every returned file into its cache unless it lies under a static path (a comic's panels and downloads,
    11 files, on every `/generate`). The folders are allowed paths already, so nothing more is reachable; the copies
    were only cost (and disk outside the budget). Static paths are process-wide in Gradio, as is the studio."""
    import gradio as gr

    gr.set_static_paths([str(Path(data_dir) / SESSIONS_DIR)])


def blocked_paths(data_dir: Path) -> list[str]:
    """Every database file and the secret, by name: Gradio checks its blocklist before its allowlist."""
    root = Path(data_dir)
    return [*(str(root / f"{db}{suffix}") for db in DATABASES for suffix in SQLITE_COMPANIONS),
            str(root / BROWSER_SECRET_FILE)]


def bounds_middleware(limits: Limits, sessions: SessionStore) -> Middleware:
    uploads = UploadGuard(limits.uploads_per_minute, limits.upload_mb_per_minute, lambda: used_bytes(sessions),
                          limits.max_data_mb)
    return Middleware(BoundsMiddleware, max_body_bytes=limits.max_body_bytes, max_upload_bytes=MAX_UPLOAD_BYTES,
                      generate_per_minute=limits.generate_per_minute, count_loopback=limits.count_loopback,
                      uploads=uploads)
