"""How much the web studio takes on at once, from `services.settings` when the page is built.

Values outside the bounds below are refused at start (`services.settings`), not clamped: a
server does not run with limits other than the ones its owner set.

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

from dataclasses import dataclass

from services.settings import StudioSettings, settings


def _default(field: str) -> int:
    value = StudioSettings.model_fields[field].default
    assert isinstance(value, int), field
    return value


QUEUE_SIZE_ENV = "COMIC_QUEUE_SIZE"
CONCURRENCY_ENV = "COMIC_GENERATE_CONCURRENCY"
DEFAULT_QUEUE_SIZE = _default("queue_size")
DEFAULT_CONCURRENCY = _default("generate_concurrency")
MAX_UPLOAD = "5mb"  # the largest memory export we accept (see memory_handlers.IMPORT_MAX_BYTES)
MAX_UPLOAD_BYTES = 5_000_000 + 64_000  # the file plus its multipart envelope
BODY_KB_ENV = "COMIC_MAX_BODY_KB"
PER_MINUTE_ENV = "COMIC_GENERATE_PER_MINUTE"
DATA_MB_ENV = "COMIC_MAX_DATA_MB"
COMMENTS_ENV = "COMIC_COMMENTS_PER_MINUTE"
COMIC_COMMENTS_ENV = "COMIC_COMMENTS_PER_COMIC_PER_MINUTE"
MEMORIES_PER_COMIC_ENV = "COMIC_MEMORIES_PER_COMIC"
DEFAULT_COMMENTS_PER_MINUTE = _default("comments_per_minute")
DEFAULT_COMIC_COMMENTS_PER_MINUTE = _default("comic_comments_per_minute")
DEFAULT_MEMORIES_PER_COMIC = _default("memories_per_comic")
DEFAULT_BODY_KB = _default("max_body_kb")
DEFAULT_PER_MINUTE = _default("generate_per_minute")
DEFAULT_DATA_MB = _default("max_data_mb")
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


def limits_from_env() -> Limits:
    current = settings()
    return Limits(queue_size=current.queue_size,
                  generate_concurrency=current.generate_concurrency,
                  max_body_bytes=current.max_body_kb * 1000,
                  generate_per_minute=current.generate_per_minute,
                  max_data_mb=current.max_data_mb,
                  comments_per_minute=current.comments_per_minute,
                  comic_comments_per_minute=current.comic_comments_per_minute,
                  memories_per_comic=current.memories_per_comic)


def data_budget_mb() -> int:
    """`COMIC_MAX_DATA_MB`, read when asked (the CLI and the server both prune)."""
    return settings().max_data_mb
