"""How often comments may come: per client address and per comic, so one source cannot flood the curator.

One comic once took 45 comments in 6.5 s. Each comment is now counted twice, against its
sender's address (`Limits.comments_per_minute`) and against the comic
(`Limits.comic_comments_per_minute`, whichever address it comes from); past either a comment is
refused with one sentence and nothing is stored. The comic is counted only once its owner is
known to be the sender, so a stranger cannot use up a comic's comments. The address is the one
`bounds` reads (a Space's proxy hop); this machine's own programs are trusted like the CLI and
not counted unless `Limits.count_loopback` is set. The page and the API share one `CommentRates`.
"""

from __future__ import annotations

from typing import Any

from services.schemas import InvalidRequest
from services.web.bounds import RateLimiter, caller_address, trusted_here


class CommentRateExceeded(InvalidRequest):
    """A comment past a rate: the sentence says which and when to try again."""


class CommentRates:
    def __init__(self, per_client: int, per_comic: int, count_loopback: bool = False) -> None:
        self.limits = {"client": (RateLimiter(per_client, "comments-client"), per_client, "from one address"),
                       "comic": (RateLimiter(per_comic, "comments-comic"), per_comic, "on one comic")}
        self.count_loopback = count_loopback

    def check_client(self, request: Any) -> None:
        """Count one comment from this request's address, or refuse it."""
        address = self._counted_address(request)
        if address is not None:
            self._take("client", address)

    def check_comic(self, session_id: str, request: Any) -> None:
        """Count one comment on this comic (its owner's: checked before), or refuse it."""
        if self._counted_address(request) is not None:
            self._take("comic", session_id)

    def _counted_address(self, request: Any) -> str | None:
        said = _address(request)
        if said is None or (trusted_here(*said) and not self.count_loopback):
            return None
        return said[0]

    def _take(self, kind: str, key: str) -> None:
        limiter, count, where = self.limits[kind]
        wait = limiter.wait_seconds(key)
        if wait > 0:
            raise CommentRateExceeded(f"comment: at most {count} comment{'' if count == 1 else 's'} a minute {where}; "
                                      f"try again in {max(1, round(wait))} seconds.")


def _address(request: Any) -> tuple[str, bool] | None:
    """The sender's address and whether a proxy forwarded it; None for a call that did not come over HTTP (a
    test calling a handler)."""
    if request is None:
        return None
    headers = {str(k).lower(): str(v) for k, v in dict(getattr(request, "headers", None) or {}).items()}
    client = getattr(request, "client", None)
    return caller_address(getattr(client, "host", None), headers)
