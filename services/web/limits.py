"""How much the web studio takes on at once, read from the environment when the page is built.

- `COMIC_QUEUE_SIZE` (default 64): requests waiting beyond this are refused at once with
  "Queue is full" (HTTP 503) instead of piling up in memory.
- `COMIC_GENERATE_CONCURRENCY` (default 4): comics drawn at the same time, shared by the page,
  the API and the MCP tool; more would only queue behind two CPU cores (and LlamaIndex's
  SQLite pool stalls past about 15 threads, so it is capped at 16).
- Uploads (the memory import) are refused above `MAX_UPLOAD` by Gradio itself.
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
OTHER_CONCURRENCY = 8  # everything else (history, comments, curation): quick calls


@dataclass(frozen=True)
class Limits:
    queue_size: int = DEFAULT_QUEUE_SIZE
    generate_concurrency: int = DEFAULT_CONCURRENCY
    max_upload: str = MAX_UPLOAD


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
                  generate_concurrency=_number(CONCURRENCY_ENV, DEFAULT_CONCURRENCY, MAX_CONCURRENCY))
