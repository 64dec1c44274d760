"""Who owns a comic: a browser's secret key, and the owner id derived from it that is safe to store and show.

A browser keeps a random secret (`web-…`, in `gr.BrowserState`); whoever holds
it can list that browser's comics. The secret never leaves the web layer: the
session manifest, the session list and domain-memory records carry only the
owner id, "web-" plus the first 16 hex digits of the secret's SHA-256. Listing
hashes the key it is given again, so an owner id read from a manifest or a
memory export lists nothing.

API callers name their own key (`user_id`); keys in the reserved `web-` and
`guest-` namespaces are hashed the same way (so a browser's secret also works
from a script, and an owner id does not). A caller without a key gets a guest
key from its client session; every MCP call gets a fresh one, because Gradio's
MCP server sends all calls through one shared client session.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import time
from pathlib import Path
from typing import Any

from services.settings import settings
from services.storage.database import database_url
from services.storage.shared_secrets import shared_secret

BROWSER_PREFIX = "web-"
GUEST_PREFIX = "guest-"
RESERVED_PREFIXES = (BROWSER_PREFIX, GUEST_PREFIX)
OWNER_HEX = 16
MCP_CALLER = "mcp"  # the `x-gradio-user` header of Gradio's MCP loopback client


def new_browser_secret() -> str:
    """A random key for one browser (128 bits): unguessable, so one visitor cannot list another's comics."""
    return BROWSER_PREFIX + secrets.token_hex(16)


def hashed(key: str, prefix: str) -> str:
    return prefix + hashlib.sha256(key.encode("utf-8")).hexdigest()[:OWNER_HEX]


def browser_owner(secret: str | None) -> str | None:
    """The owner id stored for a browser's comics and comments; None without a secret."""
    secret = (secret or "").strip()
    return hashed(secret, BROWSER_PREFIX) if secret else None


def api_owner(user_id: Any, request: Any) -> str:
    """The owner id for an API call: the caller's own key, hashed in the reserved namespaces; a guest's otherwise."""
    key = str(user_id or "").strip()
    if not key:
        key = _guest_key(request)
    if key.startswith(BROWSER_PREFIX):
        return hashed(key, BROWSER_PREFIX)
    if key.startswith(GUEST_PREFIX):
        return hashed(key, GUEST_PREFIX)
    return key


def _guest_key(request: Any) -> str:
    headers = getattr(request, "headers", None) or {}
    try:
        caller = headers.get("x-gradio-user", "")
    except Exception:  # headers of an unexpected shape: treat the caller as anonymous
        caller = ""
    session = getattr(request, "session_hash", None)
    if caller == MCP_CALLER or not session:
        return f"{GUEST_PREFIX}{secrets.token_hex(16)}"  # one-off: nobody else can list what this call made
    return f"{GUEST_PREFIX}{session}"


KEY_PREFIX = "key-"
OWNER_ID = re.compile(rf"^(?:{BROWSER_PREFIX}|{GUEST_PREFIX})[0-9a-f]{{{OWNER_HEX}}}$")


def public_name(user_id: str | None) -> str | None:
    """What others may see of a commenter: an owner id as is (it lists nothing), any other key hashed.

    An API caller's own key is stored as given (it is how they list their comics), so showing it would
    hand their comics to whoever reads a memory list or an export.
    """
    if not user_id or OWNER_ID.fullmatch(user_id):
        return user_id
    return hashed(user_id, KEY_PREFIX)


def public_records(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Memory records (or exports) with each `user_id` replaced by its public name."""
    return [{**record, "user_id": public_name(record.get("user_id"))} if "user_id" in record else record
            for record in records]


BROWSER_SECRET_ENV = "COMIC_BROWSER_SECRET"
BROWSER_SECRET_FILE = "browser_state.secret"


def browser_state_key(data_dir: Path) -> str:
    """The key the page gets for `gr.BrowserState`: derived from the server's secret (HMAC-SHA256), so that what
    Gradio serves in `/config` and in the page says nothing of `COMIC_BROWSER_SECRET` or the secret file, and
    stays the same across restarts (every browser keeps reading its entry)."""
    secret = browser_state_secret(data_dir).encode("utf-8")
    return hmac.new(secret, b"bayko-brown browser state", hashlib.sha256).hexdigest()


def browser_state_secret(data_dir: Path) -> str:
    """The key `gr.BrowserState` encrypts with: `COMIC_BROWSER_SECRET`, else one kept in the shared PostgreSQL
    (`COMIC_DATABASE_URL`: every replica the same), else one kept in the data directory.

    Gradio makes a random one per start, so a restart would make every browser forget its comics. Gradio
    sends its key to the page, which encrypts in the browser, so the page gets `browser_state_key`, derived
    from this one, never this one. The file is created once (exclusively, mode 0600) and lives outside every
    served folder.
    """
    configured = settings().browser_secret
    if configured is not None:
        return configured.get_secret_value()
    url = database_url()
    if url is not None:
        return shared_secret(url, BROWSER_SECRET_FILE, lambda: secrets.token_urlsafe(32))
    path = Path(data_dir) / BROWSER_SECRET_FILE
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another process is writing it: wait for its content
            stored = path.read_text(encoding="utf-8").strip()
            if stored:
                return stored
            time.sleep(0.02)
        raise RuntimeError(f"{path} is empty; delete it to make a new browser secret") from None
    secret = secrets.token_urlsafe(32)
    with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
        stream.write(secret)
        stream.flush()
        os.fsync(stream.fileno())
    return secret
