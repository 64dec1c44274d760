"""Who may curate domain memories.

When `COMIC_CURATOR_TOKEN` is set, every curation needs it (the UI has a field,
the API and CLI an argument); when it is unset, curation is open, as suits a
studio running on one person's machine. On a Hugging Face Space (`SPACE_ID` set)
the studio is public, so curation is refused until the token is set.
"""

from __future__ import annotations

import hmac

from services.schemas import InvalidRequest
from services.settings import settings

CURATOR_TOKEN_ENV = "COMIC_CURATOR_TOKEN"
SPACE_ENV = "SPACE_ID"
SPACE_REFUSAL = ("curator_token: curation is off on this Space until its owner sets COMIC_CURATOR_TOKEN "
                 "in the Space's secrets.")


def curation_refused() -> bool:
    """A public Space without a curator token: nobody may curate."""
    current = settings()
    return bool(current.space_id) and current.curator_token is None


def curation_locked() -> bool:
    return settings().curator_token is not None


def check_curator(token: str | None) -> None:
    """Refuse curation without the configured token (compared in constant time)."""
    configured = settings().curator_token
    if curation_refused():
        raise InvalidRequest(SPACE_REFUSAL)
    if configured is None:
        return
    expected = configured.get_secret_value()
    if not token or not hmac.compare_digest(str(token).encode("utf-8"), expected.encode("utf-8")):
        raise InvalidRequest("curator_token: missing or wrong; curation needs the studio's curator token.")
