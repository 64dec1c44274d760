"""Uploads (POST /gradio_api/upload): how many and how much one client may send, and how long a file stays.

Gradio takes an upload from anyone, no key needed, and keeps it in its upload folder
(`GRADIO_TEMP_DIR`) until its own cleanup (`delete_cache`, hourly). The studio needs an
upload for one thing only, a curator's memory import, so:

- one client address may start `Limits.uploads_per_minute` uploads and send
  `Limits.upload_mb_per_minute` MB a minute (each started MB of the declared length counts);
  this machine's own programs are not counted unless `count_loopback` is set, as for comics;
- an upload must declare its length, and is refused when the data directory plus the
  uploads still kept plus this one would pass `COMIC_MAX_DATA_MB`;
- the import deletes its file as soon as it has read it (`discard`), and the files uploaded
  more than `Limits.upload_lifetime_seconds` ago (5 minutes) are deleted (`sweeper`);
- an event's file input must name a file in the upload folder: never a URL (Gradio would
  download it, with no size bound) or another path on the server (`file_refusal`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from gradio.utils import get_upload_folder, is_in_or_equal

from services.storage.disk_budget import MB
from services.web.bounds import RateLimiter

log = logging.getLogger(__name__)
SWEEP_SECONDS = 30


class UploadGuard:
    """The per-client count and byte rate, and the disk budget, checked before an upload is read."""

    def __init__(self, per_minute: int, mb_per_minute: int, used: Callable[[], int], budget_mb: int) -> None:
        """`used` says how many bytes the data directory holds (`disk_budget.used_bytes`: recorded per comic, never
        a walk of every comic)."""
        self.count, self.megabytes = RateLimiter(per_minute, "uploads"), RateLimiter(mb_per_minute, "upload-mb")
        self.used, self.budget_mb = used, budget_mb

    def rate_refusal(self, client: str, size: int) -> tuple[int, str] | None:
        """429 with one sentence when this client has uploaded its share of the minute; else None (counted)."""
        wait = self.count.wait_seconds(client)
        if wait > 0:
            return 429, (f"upload: at most {self.count.per_minute} uploads a minute from one address; "
                         f"try again in {max(1, round(wait))} seconds.")
        wait = self.megabytes.wait_seconds(client, cost=max(1, math.ceil(size / MB)))  # each started MB counts
        if wait > 0:
            return 429, (f"upload: at most {self.megabytes.per_minute} MB a minute from one address; "
                         f"try again in {max(1, round(wait))} seconds.")
        return None

    async def budget_refusal(self, kept: set[str], size: int) -> tuple[int, str] | None:
        """507 when the data directory, the uploads still kept and this one would not fit in the budget."""
        if self.budget_mb <= 0:
            return None
        used = await asyncio.to_thread(lambda: self.used() + kept_bytes(kept))
        if used + size > self.budget_mb * MB:
            return 507, (f"upload: the studio's disk budget ({self.budget_mb} MB) is full; "
                         "try again in a few minutes.")
        return None

    @staticmethod
    def file_refusal(data: Any) -> tuple[int, str] | None:
        """400 when an event's input names a file that was not uploaded here (a URL, or any other path)."""
        for payload in _file_payloads(data):
            if not is_in_or_equal(payload["path"], get_upload_folder()):
                return 400, "file: must be a file uploaded to this studio, not a URL or a path on the server."
        return None


def kept_bytes(paths: set[str]) -> int:
    """Bytes in the uploads still kept (those deleted meanwhile count nothing)."""
    total = 0
    for path in list(paths):
        with contextlib.suppress(OSError):
            total += os.lstat(path).st_size
    return total


def _file_payloads(value: Any, depth: int = 0) -> list[dict[str, Any]]:
    """Every file object in a call's data (a dict with a text `path`), as deep as a body can nest them."""
    if depth > 20:
        return []
    if isinstance(value, dict):
        if isinstance(value.get("path"), str):  # what Gradio takes for a file, with or without its "meta"
            return [value]
        return [p for item in value.values() for p in _file_payloads(item, depth + 1)]
    if isinstance(value, list):
        return [p for item in value for p in _file_payloads(item, depth + 1)]
    return []


def uploaded_path(payload: Any) -> str | None:
    """The path of the file an event was given unprocessed (`preprocess=False`), when it is an upload here.

    Gradio's own processing of an upload button copies nothing but leaves an empty temporary file in its
    upload folder on every call, never deleted; taking the payload as it came leaves none."""
    if isinstance(payload, list) and payload:
        payload = payload[0]
    path = payload.get("path") if isinstance(payload, dict) else getattr(payload, "path", None)
    return path if isinstance(path, str) and is_in_or_equal(path, get_upload_folder()) else None


def discard(path: str | Path | None) -> None:
    """Delete one uploaded file (and its folder, once empty); a path outside Gradio's upload folder is left alone."""
    if not path or not is_in_or_equal(str(path), get_upload_folder()):
        return
    file = Path(path)
    with contextlib.suppress(OSError):
        file.unlink()
    with contextlib.suppress(OSError):
        file.parent.rmdir()  # Gradio puts each upload in a folder of its own (named by its hash)


def sweep(uploaded: set[str], older_than: float, now: Callable[[], float] = time.time) -> int:
    """Delete the uploads made more than `older_than` seconds ago; how many went."""
    gone = 0
    for path in list(uploaded):
        try:
            old = now() - os.lstat(path).st_ctime > older_than
        except OSError:  # already deleted (by the import that used it)
            uploaded.discard(path)
            continue
        if old:
            discard(path)
            uploaded.discard(path)
            gone += 1
    return gone


def sweeper(lifetime: float) -> Callable[[Any], Any]:
    """A lifespan for Gradio's app (`app_kwargs["lifespan"]`): every half-minute (or sooner for a short lifetime),
    delete the uploads older than `lifetime` seconds."""
    every = max(1.0, min(SWEEP_SECONDS, lifetime / 2))

    @contextlib.asynccontextmanager
    async def lifespan(app: Any) -> AsyncIterator[None]:
        async def run() -> None:
            while True:
                await asyncio.sleep(every)
                try:
                    await asyncio.to_thread(sweep, app.get_blocks().upload_file_set, lifetime)
                except Exception:  # a sweep that fails now is tried again next time
                    log.warning("could not sweep old uploads", exc_info=True)

        task = asyncio.create_task(run())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    return lifespan
