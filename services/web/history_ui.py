"""This browser's comics on the Create tab, under the comic: pick one and it comes back on the stage, with what
Brown and Bayko remember of making it.

Layout and wiring only; the list, the transcripts and the comic on the stage come
from `page_handlers` (`history_list`, one page of the index; `picked_comic`, one
read of the comic, staged as a reload stages it), so a picked comic can be
changed, commented on and shared like a new one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gradio as gr

from agents.studio import Studio
from services.web import page_handlers as page_actions
from services.web import views

INTRO = ("## Your comics\nNewest first; only comics made in this browser are listed. Pick one to bring it back "
         "above, with what Brown and Bayko remember of making it.")
OLDER = "Show older comics"
# What a picked comic changes on the stage: the same views a reload restores.
STAGE_VIEWS = ["status", "comic", "conversation", "attempts", "downloads", "session", "feedback_box", "versions",
               "revise_box", "last_session", "attempts_box"]


def history_section() -> dict[str, Any]:
    """Build the section inside the current Blocks context; returns its components by view name."""
    with gr.Column(elem_id="history-section", elem_classes=["bb-card"]):
        gr.Markdown(INTRO, elem_id="history-intro")
        with gr.Row(equal_height=False):
            with gr.Column(scale=2, min_width=280, elem_id="history-column"):
                refresh = gr.Button("↻ Refresh", size="sm", elem_id="refresh-history")
                history = gr.HTML(views.history_html([]), elem_id="history")
                # How many comics the list shows: a page more with each "Show older" (back to one page on a reload).
                count = gr.State(page_actions.HISTORY_PAGE)
                more = gr.Button(OLDER, size="sm", variant="secondary", visible=False, elem_id="history-older")
                pick = gr.Textbox("", label="Comic shown", max_lines=1, elem_id="history-pick",
                                  elem_classes=["bb-offscreen"])
            with gr.Column(scale=5, min_width=300):
                detail = gr.HTML("", elem_id="session-detail")
                with gr.Row(elem_id="transcripts"):
                    brown_chat = gr.HTML("", elem_id="brown-chat")
                    bayko_chat = gr.HTML("", elem_id="bayko-chat")
    return {"refresh": refresh, "history": history, "history_count": count, "history_more": more,
            "history_pick": pick, "detail": detail,
            "brown_chat": brown_chat, "bayko_chat": bayko_chat}


def wire_history_section(studio: Studio, named: dict[str, Any], demo: gr.Blocks,
                         convert: Callable[[dict[str, Any]], dict[Any, Any]]) -> None:
    """The list fills on load and after each comic; a pick shows its transcripts and puts it on the stage."""
    def ui_refresh(secret: str | None, shown: str | None, count: int | None) -> dict[Any, Any]:
        return convert(page_actions.history_list(studio, secret, shown, count or page_actions.HISTORY_PAGE))

    def ui_older(secret: str | None, shown: str | None, count: int | None) -> dict[Any, Any]:
        count = (count or page_actions.HISTORY_PAGE) + page_actions.HISTORY_PAGE
        return {**ui_refresh(secret, shown, count), named["history_count"]: count}

    async def ui_show(session_id: str | None, secret: str | None) -> dict[Any, Any]:
        return convert(await page_actions.picked_comic(studio, session_id, secret))

    listed = [named["history"], named["history_pick"], named["history_more"]]
    asked = [named["user"], named["session"], named["history_count"]]
    named["refresh"].click(ui_refresh, asked, listed, api_visibility="private")
    named["history_more"].click(ui_older, asked, [*listed, named["history_count"]], api_visibility="private")
    demo.load(ui_refresh, asked, listed, api_visibility="private", show_progress="hidden")
    # A new comic (or one brought back) changes the comic on screen: the list shows it, marked as shown.
    named["session"].change(ui_refresh, asked, listed, api_visibility="private", show_progress="hidden")
    stage = [named[name] for name in STAGE_VIEWS]
    named["history_pick"].change(ui_show, [named["history_pick"], named["user"]],
                                 [named["detail"], named["brown_chat"], named["bayko_chat"], *stage],
                                 api_visibility="private").then(None, js=SHOW_STAGE, api_visibility="private",
                                                                queue=False)


# After a pick: the comic it brought back is where the reader looks next.
SHOW_STAGE = """() => { const title = document.querySelector('#comic .bb-comic-title');
  if (title) { title.scrollIntoView({ behavior: window.bbScroll ? window.bbScroll() : 'auto', block: 'start' }); }
  return []; }"""
