"""The studio's named API endpoints, for programs that call it with `gradio_client`.

Registered inside the page's `gr.Blocks`, so they share its queue and server.
Inputs and outputs are plain values and JSON; bad input comes back as a
`gr.Error` whose message is the same one sentence the page would show.

`user_id` is the caller's own key: whoever knows it can list the comics made
with it, so it should be unguessable (a long random string). Keys starting with
`web-` or `guest-` are stored hashed (`identity`); a caller that gives none
gets a guest key per client session, so two clients never see each other's
comics. A comic's record, transcripts and comments go to its owner only: for
anyone else `session_history` and `feedback` answer "no comic with id …", as for
a comic that does not exist.

What MCP offers is what is public here: `generate` and `generate_comic` (`mcp`),
and the read-only `list_sessions` and `session_history` (a caller's own comics).
Comments, curation, edits and the memory lists are `undocumented` endpoints: a
program calls them by name with `gradio_client`, but they are neither in the API
page nor MCP tools (Gradio's MCP server lists public endpoints only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gradio as gr

from agents.studio import Studio
from services.memory.domain_memories import DomainMemory
from services.memory.memory_listing import PAGE_MAX, PER_PAGE_MAX, MemoryOrder, MemoryQuery, check_search, parse_order
from services.schemas import (
    CAPTION_LANGUAGES,
    DEFAULT_LAYOUT,
    DEFAULT_STYLE,
    LAYOUT_NAMES,
    PANELS_MAX,
    PANELS_MIN,
    PROMPT_MAX_CHARS,
    STYLE_NAMES,
    InvalidRequest,
)
from services.web import handlers as actions
from services.web import memory_handlers as memory_actions
from services.web import share_api
from services.web.comment_rates import CommentRates
from services.web.identity import api_owner, public_records
from services.web.limits import DEFAULT_CONCURRENCY

GENERATE_DOC = (f"Make one comic. prompt: 1-{PROMPT_MAX_CHARS} characters; style: one of {', '.join(STYLE_NAMES)}; "
                f"panels: {PANELS_MIN}-{PANELS_MAX}; seed: optional whole number; user_id: your own key (optional; "
                "whoever knows it can list your comics, so make it unguessable); layout: one of "
                f"{', '.join(LAYOUT_NAMES)}; language: the captions' language, one of {', '.join(CAPTION_LANGUAGES)} "
                "(auto, the default, follows the prompt's). Returns the final panel images, the downloads "
                f"({', '.join(actions.DOWNLOADS)}) and a summary (session_id, title, decision, subtitles, panels, "
                "verdicts, notices, domain_memories).")
REVISE_DOC = ("Ask Brown for a change to one of your comics: the next version of it. session_id: from generate; "
              "instruction: 1-2000 characters in plain words (English, French, German or Spanish), e.g. \"make it "
              "night\", \"panel 2: the dog laughs\", \"caption 3: your own words\", \"add a cat\", \"redraw "
              "panel 1\", \"and then they go home\"; user_id: the key you generated it with. Returns the shown "
              "version's panel images, the downloads and the summary with reply (Brown's answer), understood "
              "(false: he asked back and nothing changed), version and versions.")
API_CURATOR = "api client"
NOT_FOR_MCP = "undocumented"  # callable by name from gradio_client, not listed in the API page or as an MCP tool


def text_field(value: Any, field: str, default: str = "") -> str:
    """A string input, or one sentence naming the field (a number or a list is not quietly turned into text)."""
    if value is None:
        return default
    if not isinstance(value, str):
        raise InvalidRequest(f"{field}: must be text (got {type(value).__name__}).")
    return value


def whole_field(value: Any, field: str, lowest: int, highest: int, default: int) -> int:
    """A whole number within bounds, or one sentence naming the field; 2.5 is refused, never rounded."""
    if value is None or value == "":
        return default
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit() and len(value.strip()) < 12:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRequest(f"{field}: must be a whole number from {lowest} to {highest} (got {str(value)[:40]!r}).")
    if not lowest <= value <= highest:
        raise InvalidRequest(f"{field}: must be from {lowest} to {highest} (got {value}).")
    return value


def curated(change: Callable[[str, str, str | None, str], DomainMemory], memory_id: str, field: str, value: str,
            curator_token: str, curator: str) -> dict[str, Any]:
    """One curator's change to a memory (its status or its text), audited under the curator's name:
    curate and edit_memory check their inputs alike and answer with the record as the public sees it."""
    try:
        record = change(text_field(memory_id, "memory_id"), text_field(value, field),
                        text_field(curator_token, "curator_token") or None,
                        text_field(curator, "curator") or API_CURATOR)
        return public_records([record.model_dump(mode="json")])[0]
    except Exception as error:
        raise actions.api_error(error) from None


def register(studio: Studio, generate_concurrency: int = DEFAULT_CONCURRENCY, rates: CommentRates | None = None,
             memory_cap: int | None = None) -> None:
    """Add every endpoint to the Blocks being built; comic-making ones share the `generate` concurrency limit,
    comments the page's `rates` and its cap on memories per comic."""
    _generate_endpoint(studio, generate_concurrency)

    async def feedback(session_id: str, text: str, user_id: str = "", request: gr.Request | None = None) -> dict[str, Any]:
        """Comment on a comic. Returns {comment, memories, reply}: a correction of the story world becomes memories
        [{memory_id, memory, status (always new), duplicate, conflicts_with, flags}] for a curator; others none.
        reply is Brown's question when the comment says something is wrong but not what, or the sentence saying
        that the comic has given its most memories and no more are taken from it (the comment is still kept).
        Comments are limited per address and per comic each minute; past that one sentence says when to retry.

        Args:
            session_id: The comic's session_id (from generate).
            text: Your comment, e.g. "No, Brown is a dog, not a cat."
            user_id: Your own key (optional), stored with the comment; keep it unguessable.
        """
        try:
            owner = api_owner(text_field(user_id, "user_id"), request)
            outcome = await memory_actions.rated_comment(studio, rates, memory_cap, text_field(session_id, "session_id"),
                                                         text_field(text, "text"), owner, request)
        except Exception as error:
            raise actions.api_error(error) from None
        return memory_actions.learned_json(outcome)

    def list_sessions(user_id: str = "", limit: int = 20, request: gr.Request | None = None) -> list[dict[str, Any]]:
        """The comics made with your key, newest first: session_id, created_at, prompt, style, decision.

        Args:
            user_id: Your own key (the one you generated with); whoever knows it can list these: keep it secret.
            limit: At most this many comics (1-200).
        """
        try:
            owner = api_owner(text_field(user_id, "user_id"), request)
            count = whole_field(limit, "limit", 1, 200, 20)
            return [s.model_dump(mode="json") for s in studio.list_sessions(count, owner)]
        except Exception as error:
            raise actions.api_error(error) from None

    async def session_history(session_id: str, user_id: str = "",
                              request: gr.Request | None = None) -> dict[str, Any]:
        """One of your comics: its record (manifest) and Brown's and Bayko's transcripts as [{role, content}].

        Args:
            session_id: The comic's session_id (from generate).
            user_id: The key you generated it with; someone else's comic is "no comic with id", like a missing one.
        """
        try:
            owner = api_owner(text_field(user_id, "user_id"), request)
            session = studio.load_session(text_field(session_id, "session_id"), owner)
            transcripts = await studio.conversation(session.session_id, owner)
        except Exception as error:
            raise actions.api_error(error) from None
        return {"session": session.model_dump(mode="json"),
                **{agent: [line.model_dump() for line in lines] for agent, lines in transcripts.items()}}

    def list_memories(status: str = "all", search: str = "", order: str = "changed", page: int = 1,
                      per_page: int = PER_PAGE_MAX) -> list[dict[str, Any]]:
        """Domain memories, one page of them: [{memory_id, issue_id, comment_id, memory, user_id, created_at,
        updated_at, status}]. With only `status` it is the 200 most recently changed, as it always was; page on
        until a page holds fewer than per_page.

        Args:
            status: all, new, accepted, rejected or needs_review.
            search: Words that must all appear in the memory (case, punctuation and look-alike letters aside),
                or a whole memory_id or comic id; at most 200 characters. Empty: every memory.
            order: changed (most recently changed first), newest (most recently created first) or oldest_new
                (new memories first, oldest first, then the others oldest first: what waited longest comes first).
            page: Which page, from 1.
            per_page: Memories on a page, 1-200.
        """
        try:
            status = text_field(status, "status", "all")
            query = MemoryQuery(status=None if (status or "all").strip().lower() == "all" else status,
                                search=check_search(text_field(search, "search")),
                                order=parse_order(text_field(order, "order", MemoryOrder.CHANGED.value)),
                                page=whole_field(page, "page", 1, PAGE_MAX, 1),
                                per_page=whole_field(per_page, "per_page", 1, PER_PAGE_MAX, PER_PAGE_MAX))
            return public_records([m.model_dump(mode="json") for m in studio.memory_page(query).memories])
        except Exception as error:
            raise actions.api_error(error) from None

    def curate(memory_id: str, status: str, curator_token: str = "", curator: str = "") -> dict[str, Any]:
        """Set a domain memory's status: accepted, rejected, needs_review (or new). curator_token: needed when the
        studio has one configured; curator: your name for the audit trail. Returns the record."""
        return curated(studio.curate, memory_id, "status", status, curator_token, curator)

    def edit_memory(memory_id: str, text: str, curator_token: str = "", curator: str = "") -> dict[str, Any]:
        """Rewrite a domain memory's text (at most 20 tokens; audited). Returns the record."""
        return curated(studio.edit_memory, memory_id, "text", text, curator_token, curator)

    def memory_audit(memory_id: str = "") -> list[dict[str, Any]]:
        """The audit trail, newest first: [{memory_id, curator, at, field, old, new}]; one memory's when given."""
        try:
            chosen = text_field(memory_id, "memory_id").strip() or None
            return [entry.model_dump(mode="json") for entry in studio.memory_audit(chosen)]
        except Exception as error:
            raise actions.api_error(error) from None

    def export_memories() -> list[dict[str, Any]]:
        """Every domain memory with exactly the fields memory_id, issue_id, comment_id, memory, user_id,
        created_at, updated_at, status, oldest first; user_id is the commenter's public name, never a raw key."""
        try:
            return public_records(studio.export_memories())
        except Exception as error:
            raise actions.api_error(error) from None

    public: tuple[Callable[..., Any], ...] = (list_sessions, session_history)  # read-only, the caller's own comics
    for endpoint in public:
        gr.api(endpoint, api_name=endpoint.__name__)
    not_for_mcp: tuple[Callable[..., Any], ...] = (feedback, list_memories, curate, edit_memory, memory_audit,
                                                   export_memories)
    for endpoint in not_for_mcp:
        gr.api(endpoint, api_name=endpoint.__name__, api_visibility=NOT_FOR_MCP)
    share_api.register(studio)  # publish, unpublish (not for MCP) and the public gallery


def _generate_endpoint(studio: Studio, concurrency: int) -> None:
    """generate needs real components so gradio_client downloads the panel files it returns."""
    with gr.Group(visible=False):
        prompt = gr.Textbox(label="prompt")
        style = gr.Textbox(DEFAULT_STYLE, label="style")
        # No `precision`: Gradio would round 2.5 to 2 before the request is checked; 2.5 is refused instead.
        panels = gr.Number(4, label="panels")
        seed = gr.Number(None, label="seed")
        user_id = gr.Textbox("", label="user_id")
        layout = gr.Textbox(DEFAULT_LAYOUT, label="layout")
        language = gr.Textbox("auto", label="language")
        panel_files = gr.File(file_count="multiple", label="panels")
        download_files = gr.File(file_count="multiple", label="downloads")
        summary = gr.JSON(label="comic")
        trigger = gr.Button("generate")

    async def generate(prompt: str, style: str = DEFAULT_STYLE, panels: float = 4, seed: float | None = None,
                       user_id: str = "", layout: str = DEFAULT_LAYOUT, language: str = "auto",
                       request: gr.Request | None = None) -> tuple[list[str], list[str], dict[str, Any]]:
        return await actions.api_generate(studio, prompt, style, panels, seed, user_id, request, layout, language)

    trigger.click(generate, [prompt, style, panels, seed, user_id, layout, language],
                  [panel_files, download_files, summary],
                  api_name="generate", api_description=GENERATE_DOC, concurrency_limit=concurrency,
                  concurrency_id="generate")

    with gr.Group(visible=False):
        session_id = gr.Textbox(label="session_id")
        instruction = gr.Textbox(label="instruction")
        revise_user = gr.Textbox("", label="user_id")
        revise_trigger = gr.Button("revise")

    async def revise(session_id: str, instruction: str, user_id: str = "",
                     request: gr.Request | None = None) -> tuple[list[str], list[str], dict[str, Any]]:
        try:
            fields = (text_field(session_id, "session_id"), text_field(instruction, "instruction"),
                      text_field(user_id, "user_id"))
        except InvalidRequest as error:
            raise actions.api_error(error) from None
        return await actions.api_revise(studio, *fields, request)

    revise_trigger.click(revise, [session_id, instruction, revise_user], [panel_files, download_files, summary],
                         api_name="revise", api_description=REVISE_DOC, concurrency_limit=concurrency,
                         concurrency_id="generate")
