"""The studio as an MCP tool: `generate_comic`, for agents (Claude Desktop, Cursor, any MCP client).

Gradio serves every public endpoint as an MCP tool when the app launches with
`mcp_server=True` (streamable HTTP at `/gradio_api/mcp/`), and turns the
function's docstring into the tool's description and each `Args:` line into an
argument's description. The tool answers with JSON text whose image and
download URLs are absolute, so the caller can fetch them. Each call gets its
own one-off owner key, so no MCP caller can list another's comics.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import gradio as gr
from gradio import route_utils

from agents.studio import Studio
from services.schemas import (
    CAPTION_LANGUAGES,
    DEFAULT_LAYOUT,
    DEFAULT_STYLE,
    PANELS_MAX,
    PANELS_MIN,
    PROMPT_MAX_CHARS,
    SEED_MAX,
    STYLE_NAMES,
    ComicSession,
    InvalidRequest,
)
from services.web import handlers as actions
from services.web.comic_files import download_href
from services.web.identity import api_owner

TOOL_DOC = f"""Make a short comic from a story prompt: Bayko draws the panels, Brown reviews each attempt
(approve, refine or reject; at most 3 attempts). Subtitles are a separate track, never drawn into the art.

Args:
    prompt: The story, 1-{PROMPT_MAX_CHARS} characters: who, where, what happens (e.g. "A cat and a dog race to the beach").
    style: The art style, one of: {", ".join(STYLE_NAMES)} (default {DEFAULT_STYLE}).
    panels: How many panels, a whole number from {PANELS_MIN} to {PANELS_MAX} (default 4).
    seed: Optional whole number, 0 to {SEED_MAX}; the same prompt, style and seed give the same comic.
    user_id: Optional key of your own (keep it secret); give it to change the comic later with revise_comic.
    language: The captions' language, one of: {", ".join(CAPTION_LANGUAGES)} (default auto: the prompt's own).

Returns:
    JSON text with decision (Brown's final verdict: approve or reject), final_attempt, title, session_id
    panels (index, image_url, subtitle, description, drawn_by, notice), subtitles (one per panel, in order)
    verdicts (every attempt's decision, reason, match_ratio, feedback, panel_notes), notices (fallbacks used)
    downloads (URLs of comic.png, comic.pdf, comic.cbz, subtitles.vtt, subtitles.srt, comic.zip, manifest.json;
    each file is written the first time it is fetched, so the answer never waits for one)
"""


def root_url(request: gr.Request | None) -> str:
    """The app's public URL as the caller reached it (honours proxies' X-Forwarded-* headers); '' if unknown."""
    raw = getattr(request, "request", None)
    if raw is None:
        return ""
    try:
        root_path = getattr(getattr(raw, "app", None), "root_path", "") or None
        return route_utils.get_root_url(raw, route_utils.get_api_call_path(raw), root_path)
    except Exception:  # an unusual request: relative URLs still work for a caller on the same origin
        actions.log.warning("could not tell the app's URL from the request", exc_info=True)
        return ""


def file_link(root: str, path: Path) -> str:
    return f"{root}/gradio_api/file={quote(str(path.resolve()), safe='/')}"


def tool_result(session: ComicSession, folder: Path, root: str) -> dict[str, Any]:
    """The tool's answer as data: the summary the API gives, with every file as a URL."""
    summary = actions.comic_summary(session, None)
    summary.pop("user_id", None)
    final = session.final_attempt or session.attempts[-1]
    for entry, panel in zip(summary["panels"], final.panels):
        entry["image_url"] = file_link(root, folder / panel.image) if panel.image else None
    # The studio's download route writes each export the first time it is fetched: no answer waits for a PDF.
    summary["downloads"] = {name: f"{root}/{download_href(folder, name)}?v={session.shown}" for name in actions.DOWNLOADS}
    return summary


REVISE_TOOL_DOC = f"""Ask Brown for a change to a comic you made with generate_comic and a user_id: he answers,
Bayko redraws only the panels the change touches, and the comic gets a new version.

Args:
    session_id: The comic's session_id (from generate_comic).
    instruction: What to change, 1-{PROMPT_MAX_CHARS} characters, in English, French, German or Spanish: "make it
        night", "panel 2: the dog laughs", "caption 3: your own words", "add a cat", "remove the hat", "redraw panel
        1", "manga style", "and then they go home".
    user_id: The key you gave generate_comic; anyone else's comic is "no comic with id", like a missing one.

Returns:
    JSON text as generate_comic's, for the new version, with reply (Brown's answer), understood (false: Brown
    asked back and nothing changed), version and versions (number, instruction, reply, changed panels).
"""


def register(studio: Studio, concurrency: int) -> None:
    """Add the `generate_comic` and `revise_comic` endpoints (and so the MCP tools) to the Blocks being built."""

    async def generate_comic(prompt: str, style: str = DEFAULT_STYLE, panels: int = 4, seed: int | None = None,
                             user_id: str = "", language: str = "auto", request: gr.Request | None = None) -> str:
        given = str(user_id or "").strip()
        # without a key, a one-off guest key: nobody can list or change what this call made
        owner = api_owner(given, None)
        session, folder = await actions.finished_comic(
            studio, actions.request_dict(prompt, style, panels, seed, owner, DEFAULT_LAYOUT, owned=bool(given),
                                         language=language), files=False)
        return json.dumps(tool_result(session, folder, root_url(request)), ensure_ascii=False)

    async def revise_comic(session_id: str, instruction: str, user_id: str = "",
                           request: gr.Request | None = None) -> str:
        owner_key = str(user_id or "").strip()
        if not owner_key:
            raise actions.api_error(InvalidRequest("user_id: give the key you made the comic with."))
        _, _, summary = await actions.api_revise(studio, session_id, instruction, owner_key, None)
        session = studio.load_session(summary["session_id"], api_owner(owner_key, None))
        folder = studio.sessions.folder(session.session_id)
        answer = tool_result(session, folder, root_url(request))
        answer.update({key: summary[key] for key in ("reply", "understood")})
        return json.dumps(answer, ensure_ascii=False)

    generate_comic.__doc__ = TOOL_DOC
    revise_comic.__doc__ = REVISE_TOOL_DOC
    gr.api(generate_comic, api_name="generate_comic", concurrency_limit=concurrency, concurrency_id="generate")
    gr.api(revise_comic, api_name="revise_comic", concurrency_limit=concurrency, concurrency_id="generate")

