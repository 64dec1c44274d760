"""The studio's named API endpoints, for programs that call it with `gradio_client`.

Registered inside the page's `gr.Blocks`, so they share its queue and server.
Inputs and outputs are plain values and JSON; bad input comes back as a
`gr.Error` whose message is the same one sentence the page would show.

`user_id` is the caller's own key: whoever knows it can list the comics made
with it, so it should be unguessable (a long random string). Keys starting with
`web-` or `guest-` are stored hashed (`identity`); a caller that gives none
gets a guest key per client session, so two clients never see each other's
comics. Every endpoint is also an MCP tool when the studio serves MCP; the one
made for agents is `generate_comic` (`mcp`).
"""

from __future__ import annotations

from typing import Any

import gradio as gr

from agents.studio import Studio
from services.schemas import (
    DEFAULT_LAYOUT,
    DEFAULT_STYLE,
    LAYOUT_NAMES,
    PANELS_MAX,
    PANELS_MIN,
    PROMPT_MAX_CHARS,
    STYLE_NAMES,
)
from services.web import handlers as actions
from services.web import memory_handlers as memory_actions
from services.web.identity import api_owner
from services.web.limits import DEFAULT_CONCURRENCY

GENERATE_DOC = (f"Make one comic. prompt: 1-{PROMPT_MAX_CHARS} characters; style: one of {', '.join(STYLE_NAMES)}; "
                f"panels: {PANELS_MIN}-{PANELS_MAX}; seed: optional whole number; user_id: your own key (optional; "
                "whoever knows it can list your comics, so make it unguessable); layout: one of "
                f"{', '.join(LAYOUT_NAMES)}. Returns the final panel images, the downloads "
                f"({', '.join(actions.DOWNLOADS)}) and a summary (session_id, title, decision, subtitles, panels, "
                "verdicts, notices, domain_memories).")
API_CURATOR = "api client"


def register(studio: Studio, generate_concurrency: int = DEFAULT_CONCURRENCY) -> None:
    """Add every endpoint to the Blocks being built; comic-making ones share the `generate` concurrency limit."""
    _generate_endpoint(studio, generate_concurrency)

    async def feedback(session_id: str, text: str, user_id: str = "", request: gr.Request | None = None) -> dict[str, Any]:
        """Comment on a comic. Returns {comment, memories, reply}: a correction of the story world becomes memories
        [{memory_id, memory, status (always new), duplicate, conflicts_with, flags}] for a curator; others none.
        reply is Brown's question when the comment says something is wrong but not what.

        Args:
            session_id: The comic's session_id (from generate).
            text: Your comment, e.g. "No, Brown is a dog, not a cat."
            user_id: Your own key (optional), stored with the comment; keep it unguessable.
        """
        try:
            outcome = await studio.add_comment(session_id, text, api_owner(user_id, request))
        except Exception as error:
            raise actions.api_error(error) from None
        return memory_actions.learned_json(outcome)

    def list_sessions(user_id: str = "", limit: int = 20, request: gr.Request | None = None) -> list[dict[str, Any]]:
        """The comics made with your key, newest first: session_id, created_at, prompt, style, decision.

        Args:
            user_id: Your own key (the one you generated with); whoever knows it can list these: keep it secret.
            limit: At most this many comics (1-200).
        """
        owner = api_owner(user_id, request)
        try:
            return [s.model_dump(mode="json") for s in studio.list_sessions(max(1, min(int(limit), 200)), owner)]
        except Exception as error:
            raise actions.api_error(error) from None

    async def session_history(session_id: str) -> dict[str, Any]:
        """One comic's record (manifest) and Brown's and Bayko's transcripts as [{role, content}]."""
        try:
            session = studio.load_session(session_id)
            transcripts = await studio.conversation(session_id)
        except Exception as error:
            raise actions.api_error(error) from None
        return {"session": session.model_dump(mode="json"),
                **{agent: [line.model_dump() for line in lines] for agent, lines in transcripts.items()}}

    def list_memories(status: str = "all") -> list[dict[str, Any]]:
        """Domain memories, most recently changed first; status: all, new, accepted, rejected or needs_review."""
        try:
            chosen = None if (status or "all").strip().lower() == "all" else status
            return [m.model_dump(mode="json") for m in studio.list_memories(chosen)]
        except Exception as error:
            raise actions.api_error(error) from None

    def curate(memory_id: str, status: str, curator_token: str = "", curator: str = "") -> dict[str, Any]:
        """Set a domain memory's status: accepted, rejected, needs_review (or new). curator_token: needed when the
        studio has one configured; curator: your name for the audit trail. Returns the record."""
        try:
            record = studio.curate(memory_id, status, curator_token or None, curator or API_CURATOR)
            return record.model_dump(mode="json")
        except Exception as error:
            raise actions.api_error(error) from None

    def edit_memory(memory_id: str, text: str, curator_token: str = "", curator: str = "") -> dict[str, Any]:
        """Rewrite a domain memory's text (at most 20 tokens; audited). Returns the record."""
        try:
            return studio.edit_memory(memory_id, text, curator_token or None,
                                      curator or API_CURATOR).model_dump(mode="json")
        except Exception as error:
            raise actions.api_error(error) from None

    def memory_audit(memory_id: str = "") -> list[dict[str, Any]]:
        """The audit trail, newest first: [{memory_id, curator, at, field, old, new}]; one memory's when given."""
        try:
            return [entry.model_dump(mode="json") for entry in studio.memory_audit((memory_id or "").strip() or None)]
        except Exception as error:
            raise actions.api_error(error) from None

    def export_memories() -> list[dict[str, Any]]:
        """Every domain memory with exactly the fields memory_id, issue_id, comment_id, memory, user_id,
        created_at, updated_at, status, oldest first."""
        try:
            return studio.export_memories()
        except Exception as error:
            raise actions.api_error(error) from None

    for endpoint in (feedback, list_sessions, session_history, list_memories, curate, edit_memory, memory_audit,
                     export_memories):
        gr.api(endpoint, api_name=endpoint.__name__)


def _generate_endpoint(studio: Studio, concurrency: int) -> None:
    """generate needs real components so gradio_client downloads the panel files it returns."""
    with gr.Group(visible=False):
        prompt = gr.Textbox(label="prompt")
        style = gr.Textbox(DEFAULT_STYLE, label="style")
        panels = gr.Number(4, label="panels", precision=0)
        seed = gr.Number(None, label="seed", precision=0)
        user_id = gr.Textbox("", label="user_id")
        layout = gr.Textbox(DEFAULT_LAYOUT, label="layout")
        panel_files = gr.File(file_count="multiple", label="panels")
        download_files = gr.File(file_count="multiple", label="downloads")
        summary = gr.JSON(label="comic")
        trigger = gr.Button("generate")

    async def generate(prompt: str, style: str, panels: float, seed: float | None, user_id: str, layout: str,
                       request: gr.Request | None = None) -> tuple[list[str], list[str], dict[str, Any]]:
        return await actions.api_generate(studio, prompt, style, panels, seed, user_id, request, layout)

    trigger.click(generate, [prompt, style, panels, seed, user_id, layout], [panel_files, download_files, summary],
                  api_name="generate", api_description=GENERATE_DOC, concurrency_limit=concurrency,
                  concurrency_id="generate")
