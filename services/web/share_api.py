"""The API's publishing endpoints: publish and unpublish one of your comics, and read the public gallery.

`publish` and `unpublish` are `undocumented` (callable by name, not MCP tools), like `feedback`: they change
what the public sees, so a model should not do it on its own. `gallery` is read-only, and by name only too. Someone else's
comic answers "no comic with id …", exactly as a missing one does.
"""

from __future__ import annotations

from typing import Any

import gradio as gr

from agents.studio import Studio
from services.schemas import InvalidRequest
from services.storage.publications import PAGE_MAX
from services.web import handlers as actions
from services.web.identity import api_owner
from services.web.share_pages import GALLERY_PER_PAGE

NOT_FOR_MCP = "undocumented"


def flag_field(value: Any, field: str) -> bool:
    """True or false (JSON's, or the words); anything else is one sentence naming the field."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("true", "false", ""):
        return value.strip().lower() == "true"
    raise InvalidRequest(f"{field}: must be true or false (got {str(value)[:40]!r}).")


def _text(value: Any, field: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidRequest(f"{field}: must be text (got {type(value).__name__}).")
    return value


def _page(value: Any) -> int:
    if value is None or value == "":
        return 1
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 8:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= PAGE_MAX:
        raise InvalidRequest(f"page: must be a whole number from 1 to {PAGE_MAX} (got {str(value)[:40]!r}).")
    return value


def register(studio: Studio) -> None:
    """Add publish, unpublish and gallery to the Blocks being built."""

    def publish(session_id: str, user_id: str = "", include_conversation: bool = False,
                request: gr.Request | None = None) -> dict[str, Any]:
        """Publish one of your comics: anyone with the link (share_path, on this studio's address) can read it,
        and it is listed in the gallery. Publishing again keeps the link; after unpublish a new one is made.
        Returns {share_path, token, published_at}.

        Args:
            session_id: The comic's session_id (from generate).
            user_id: The key you generated it with; someone else's comic is "no comic with id", like a missing one.
            include_conversation: Also show Brown's and Bayko's conversation about it (never the comments).
        """
        try:
            owner = api_owner(_text(user_id, "user_id"), request)
            published = studio.publish(_text(session_id, "session_id"), owner,
                                       flag_field(include_conversation, "include_conversation"))
        except Exception as error:
            raise actions.api_error(error) from None
        return {"share_path": published.share_path, "token": published.token,
                "published_at": published.published_at.isoformat()}

    def unpublish(session_id: str, user_id: str = "", request: gr.Request | None = None) -> dict[str, Any]:
        """Stop sharing one of your comics: its link and its files answer "not found" from now on.

        Args:
            session_id: The comic's session_id.
            user_id: The key you generated it with.
        """
        try:
            studio.unpublish(_text(session_id, "session_id"), api_owner(_text(user_id, "user_id"), request))
        except Exception as error:
            raise actions.api_error(error) from None
        return {"unpublished": True}

    def gallery(page: int = 1) -> list[dict[str, Any]]:
        """Comics their makers chose to share, newest first: [{title, share_path, published_at}], a page at a time
        (fewer than a full page means the last one).

        Args:
            page: Which page, from 1.
        """
        try:
            shown = studio.gallery(_page(page), GALLERY_PER_PAGE)
        except Exception as error:
            raise actions.api_error(error) from None
        return [{"title": p.title, "share_path": p.share_path, "published_at": p.published_at.isoformat()}
                for p in shown]

    # gallery is read-only and harmless, but a public endpoint is also an MCP tool, and the MCP tool list is
    # fixed (tests/security/test_sec_mcp.py): all three are callable by name only.
    for endpoint in (publish, unpublish, gallery):
        gr.api(endpoint, api_name=endpoint.__name__, api_visibility=NOT_FOR_MCP)
