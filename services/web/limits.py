"""How much the web studio takes on at once, read from the environment when the page is built.

- `COMIC_QUEUE_SIZE` (default 64): requests waiting beyond this are refused at once with
  "Queue is full" (HTTP 503) instead of piling up in memory.
- `COMIC_GENERATE_CONCURRENCY` (default 4): comics drawn at the same time, shared by the page,
  the API and the MCP tool; more would only queue behind two CPU cores (and LlamaIndex's
  SQLite pool stalls past about 15 threads, so it is capped at 16).
- Uploads (the memory import) are refused above `MAX_UPLOAD` by Gradio itself (and by `bounds`);
  one client may start `uploads_per_minute` of them and send `upload_mb_per_minute` MB a minute,
  they count in the disk budget, and one nobody used is deleted after `upload_lifetime_seconds` (`uploads`).
- `COMIC_MAX_BODY_KB` (default 256): the largest request body any endpoint takes (`bounds`).
- `COMIC_GENERATE_PER_MINUTE` (default 20): comics one client address may start in a minute;
  this machine's own programs (127.0.0.1) are not counted unless `count_loopback` is set.
- `COMIC_COMMENTS_PER_MINUTE` (default 10): comments one client address may send in a minute, and
  `COMIC_COMMENTS_PER_COMIC_PER_MINUTE` (default 5): comments one comic may get in a minute (from its
  owner, on any address); refused with one sentence (`comment_rates`). This machine's own programs
  are not counted unless `count_loopback` is set.
- `COMIC_MEMORIES_PER_COMIC` (default 30): the most domain memories comments on one comic create;
  past it a comment is still kept and answered, and the answer says no more memories are taken.
- `COMIC_MAX_DATA_MB` (default 2000): the data directory's disk budget; past it the oldest
  comics nobody can come back for are deleted (`services.storage.disk_budget`).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

log = logging.getLogger(__name__)

QUEUE_SIZE_ENV = "COMIC_QUEUE_SIZE"
CONCURRENCY_ENV = "COMIC_GENERATE_CONCURRENCY"
DEFAULT_QUEUE_SIZE = 64
DEFAULT_CONCURRENCY = 4
MAX_CONCURRENCY = 16
MAX_QUEUE_SIZE = 10_000
MAX_UPLOAD = "5mb"  # the largest memory export we accept (see memory_handlers.IMPORT_MAX_BYTES)
MAX_UPLOAD_BYTES = 5_000_000 + 64_000  # the file plus its multipart envelope
BODY_KB_ENV = "COMIC_MAX_BODY_KB"
PER_MINUTE_ENV = "COMIC_GENERATE_PER_MINUTE"
DATA_MB_ENV = "COMIC_MAX_DATA_MB"
COMMENTS_ENV = "COMIC_COMMENTS_PER_MINUTE"
COMIC_COMMENTS_ENV = "COMIC_COMMENTS_PER_COMIC_PER_MINUTE"
MEMORIES_PER_COMIC_ENV = "COMIC_MEMORIES_PER_COMIC"
DEFAULT_COMMENTS_PER_MINUTE = 10
DEFAULT_COMIC_COMMENTS_PER_MINUTE = 5
DEFAULT_MEMORIES_PER_COMIC = 30
DEFAULT_BODY_KB = 256
DEFAULT_PER_MINUTE = 20
DEFAULT_DATA_MB = 2000
DEFAULT_UPLOADS_PER_MINUTE = 10  # a curator imports one file at a time; a browser retries once or twice
DEFAULT_UPLOAD_MB_PER_MINUTE = 20  # four exports of the largest size a minute
DEFAULT_UPLOAD_LIFETIME = 300  # seconds an upload nobody used is kept: the import itself deletes its file at once
OTHER_CONCURRENCY = 8  # everything else (history, comments, curation): quick calls


@dataclass(frozen=True)
class Limits:
    queue_size: int = DEFAULT_QUEUE_SIZE
    generate_concurrency: int = DEFAULT_CONCURRENCY
    max_body_bytes: int = DEFAULT_BODY_KB * 1000
    generate_per_minute: int = DEFAULT_PER_MINUTE
    count_loopback: bool = False
    max_data_mb: int = DEFAULT_DATA_MB
    uploads_per_minute: int = DEFAULT_UPLOADS_PER_MINUTE
    upload_mb_per_minute: int = DEFAULT_UPLOAD_MB_PER_MINUTE
    upload_lifetime_seconds: int = DEFAULT_UPLOAD_LIFETIME
    comments_per_minute: int = DEFAULT_COMMENTS_PER_MINUTE
    comic_comments_per_minute: int = DEFAULT_COMIC_COMMENTS_PER_MINUTE
    memories_per_comic: int = DEFAULT_MEMORIES_PER_COMIC


def _number(name: str, default: int, highest: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        log.warning("%s=%r is not a whole number; using %d", name, raw, default)
        return default
    if not 1 <= value <= highest:
        clamped = max(1, min(highest, value))
        log.warning("%s=%d is outside 1-%d; using %d", name, value, highest, clamped)
        return clamped
    return value


def limits_from_env() -> Limits:
    return Limits(queue_size=_number(QUEUE_SIZE_ENV, DEFAULT_QUEUE_SIZE, MAX_QUEUE_SIZE),
                  generate_concurrency=_number(CONCURRENCY_ENV, DEFAULT_CONCURRENCY, MAX_CONCURRENCY),
                  max_body_bytes=_number(BODY_KB_ENV, DEFAULT_BODY_KB, 100_000) * 1000,
                  generate_per_minute=_number(PER_MINUTE_ENV, DEFAULT_PER_MINUTE, 100_000),
                  max_data_mb=data_budget_mb(),
                  comments_per_minute=_number(COMMENTS_ENV, DEFAULT_COMMENTS_PER_MINUTE, 100_000),
                  comic_comments_per_minute=_number(COMIC_COMMENTS_ENV, DEFAULT_COMIC_COMMENTS_PER_MINUTE, 100_000),
                  memories_per_comic=_number(MEMORIES_PER_COMIC_ENV, DEFAULT_MEMORIES_PER_COMIC, 1_000_000))


def data_budget_mb() -> int:
    """`COMIC_MAX_DATA_MB`, read when asked (the CLI and the server both prune)."""
    return _number(DATA_MB_ENV, DEFAULT_DATA_MB, 10_000_000)
