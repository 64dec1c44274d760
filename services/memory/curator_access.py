"""Who may curate domain memories.

When `COMIC_CURATOR_TOKEN` is set, every curation needs it (the UI has a field,
the API and CLI an argument); when it is unset, curation is open, as suits a
studio running on one person's machine.
"""

from __future__ import annotations

import hmac
import os

from services.schemas import InvalidRequest

CURATOR_TOKEN_ENV = "COMIC_CURATOR_TOKEN"


def curation_locked() -> bool:
    return bool(os.environ.get(CURATOR_TOKEN_ENV))


def check_curator(token: str | None) -> None:
    """Refuse curation without the configured token (compared in constant time)."""
    expected = os.environ.get(CURATOR_TOKEN_ENV)
    if not expected:
        return
    if not token or not hmac.compare_digest(str(token).encode("utf-8"), expected.encode("utf-8")):
        raise InvalidRequest("curator_token: missing or wrong; curation needs the studio's curator token.")
