"""The Memory tab's domain-memory section: the curator's table, the selected memory, curation, export and import.

Layout and wiring only; what the buttons do lives in `memory_handlers`,
the HTML in `memory_views`. The curator token is a password field on the
page and is sent with every curation, never kept on the server.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import gradio as gr

from agents.studio import Studio
from services.memory.memory_listing import SEARCH_MAX_CHARS
from services.web import memory_handlers as memory_actions
from services.web import memory_views, uploads

INTRO = ("## What Brown learned\nShort facts readers taught Brown about the story world, from their comments. "
         "A curator decides: only **accepted** memories reach later comics.")
CURATE_BUTTONS: tuple[tuple[str, str, Literal["primary", "secondary", "stop"]], ...] = (("accepted", "✓ Accept", "primary"), ("rejected", "✗ Reject", "stop"),
                  ("needs_review", "? Needs review", "secondary"))


def memory_section() -> dict[str, Any]:
    """Build the section inside the current Blocks context; returns its components by view name."""
    with gr.Column(elem_id="memory-section", elem_classes=["bb-card"]):
        gr.Markdown(INTRO, elem_id="memory-intro")
        with gr.Row(equal_height=True, elem_id="memory-toolbar"):
            memory_filter = gr.Radio(list(memory_actions.MEMORY_FILTERS), value="all", label="Show",
                                     elem_id="memory-filter", scale=5)
            refresh = gr.Button("↻ Refresh", size="sm", scale=0, min_width=110, elem_id="refresh-memories")
        with gr.Row(equal_height=True, elem_id="memory-query"):
            search = gr.Textbox(label="Search", placeholder="words in the memory, or a memory or comic id",
                                max_lines=1, max_length=SEARCH_MAX_CHARS, elem_id="memory-search", scale=3)
            order = gr.Dropdown(list(memory_actions.MEMORY_ORDERS), value="changed", label="Order",
                                elem_id="memory-order", scale=2, min_width=170)
        gr.Markdown("Memories: pick one's text to curate it", elem_id="memory-table-label")
        memory_table = gr.HTML(memory_views.memory_table_html([]), elem_id="memory-table")
        with gr.Row(equal_height=True, elem_id="memory-pages"):
            previous = gr.Button("‹ Previous", size="sm", scale=0, min_width=100, elem_id="memory-previous")
            page = gr.Number(1, label="Page", precision=0, minimum=1, scale=0, min_width=90, elem_id="memory-page")
            following = gr.Button("Next ›", size="sm", scale=0, min_width=100, elem_id="memory-next")
            pager = gr.HTML("", elem_id="memory-pager")
        with gr.Row(equal_height=False, elem_id="memory-workbench"):
            with gr.Column(scale=3, min_width=300):
                memory_detail = gr.HTML(memory_views.memory_detail_html(None), elem_id="memory-detail")
            with gr.Column(scale=2, min_width=280, elem_id="curate-panel"):
                memory_id = gr.Textbox(label="Selected memory", placeholder="click a row, or paste a memory id",
                                       max_lines=1, elem_id="memory-id")
                with gr.Row(elem_id="curate-buttons"):
                    buttons = {status: gr.Button(label, size="sm", variant=variant, min_width=90,
                                                 elem_id=f"curate-{status}")
                               for status, label, variant in CURATE_BUTTONS}
                curate_note = gr.HTML("", elem_id="curate-note")
                edit_text = gr.Textbox(label="Edit its text (at most 20 tokens, one self-contained fact)", lines=2,
                                       max_lines=4, elem_id="memory-edit")
                save = gr.Button("Save text", size="sm", elem_id="save-memory")
                with gr.Row(elem_id="curator-row"):
                    token = gr.Textbox(label="Curator token", type="password", max_lines=1, elem_id="curator-token",
                                       info="Only needed when this studio has one configured.")
                    curator = gr.Textbox(label="Your name", placeholder=memory_actions.WEB_CURATOR, max_lines=1,
                                         elem_id="curator-name", info="Shown in the audit trail.")
                curator_hint = gr.HTML(memory_actions.curator_hint(), elem_id="curator-hint")
                with gr.Row(elem_id="memory-exchange"):
                    export = gr.Button("⬇ Export JSON", size="sm", elem_id="export-memories")
                    upload = gr.UploadButton("⬆ Import JSON", size="sm", file_types=[".json"], file_count="single",
                                             elem_id="import-memories")
                export_file = gr.File(label="Exported memories", visible=False, interactive=False,
                                      elem_id="export-file")
    return {"memory_filter": memory_filter, "memory_search": search, "memory_order": order, "memory_page": page,
            "memory_previous": previous, "memory_next": following, "memory_pager": pager,
            "refresh_memories": refresh, "memory_table": memory_table,
            "memory_detail": memory_detail, "memory_id": memory_id, "curate_buttons": buttons,
            "curate_note": curate_note, "edit_text": edit_text, "save_memory": save, "curator_token": token,
            "curator_name": curator, "curator_hint": curator_hint, "export": export, "upload": upload,
            "export_file": export_file}


def wire_memory_section(studio: Studio, m: dict[str, Any], memory_tab: gr.Tab,
                        to_components: Callable[[dict[str, Any]], dict[Any, Any]]) -> None:
    """Connect the section's components to the handlers (all private to the page: the API has its own endpoints)."""

    def convert(update: dict[str, Any]) -> dict[Any, Any]:
        if isinstance(update.get("memory_table"), list):  # the handlers' rows, shown as a table (cards on a phone)
            update = {**update, "memory_table": memory_views.memory_table_html(update["memory_table"])}
        return to_components(update)

    picked, secret, who = m["memory_id"], m["curator_token"], m["curator_name"]
    shown = [m["memory_filter"], m["memory_search"], m["memory_order"], m["memory_page"]]  # the table's view
    listed = [m["memory_table"], m["memory_pager"], m["memory_page"]]
    section = [*listed, m["memory_detail"], m["curator_hint"]]
    changed = [m["curate_note"], *listed, m["memory_detail"], m["edit_text"]]
    private: dict[str, Any] = {"api_visibility": "private", "show_progress": "hidden"}

    def refresh(status: str, search: str, order: str, page: float | None, memory_id: str,
                number: Callable[[float | None], float]) -> dict[Any, Any]:
        return convert(memory_actions.refresh_memories(studio, view(status, search, order, number(page)), memory_id))

    # A new filter, search or order starts at page 1; the arrows step from the page shown.
    moves: tuple[tuple[Callable[..., Any], Callable[[float | None], float]], ...] = (
        (memory_tab.select, lambda page: page or 1), (m["refresh_memories"].click, lambda page: page or 1),
        (m["memory_page"].submit, lambda page: page or 1), (m["memory_filter"].change, lambda page: 1),
        (m["memory_search"].submit, lambda page: 1), (m["memory_order"].change, lambda page: 1),
        (m["memory_previous"].click, lambda page: (page or 1) - 1),
        (m["memory_next"].click, lambda page: (page or 1) + 1))
    for trigger, number in moves:
        trigger(lambda status, search, order, page, memory_id, number=number: refresh(
            status, search, order, page, memory_id, number), [*shown, picked], section, **private)
    # A memory's text in the table is a button: the page script puts its id here and presses Enter.
    picked.submit(lambda memory_id: convert(memory_actions.select_memory(studio, memory_id.strip())), picked,
                  [picked, m["edit_text"], m["memory_detail"], m["curate_note"]], **private)
    for status, button in m["curate_buttons"].items():
        button.click(lambda memory_id, token, name, *table, status=status: convert(
            memory_actions.curate_memory(studio, memory_id, status, token, name, view(*table))),
            [picked, secret, who, *shown], changed, **private)
    m["save_memory"].click(lambda memory_id, text, token, name, *table: convert(
        memory_actions.edit_memory(studio, memory_id, text, token, name, view(*table))),
        [picked, m["edit_text"], secret, who, *shown], changed, **private)
    m["export"].click(lambda: convert(memory_actions.export_file(studio)), None,
                      [m["export_file"], m["curate_note"]], **private)
    m["upload"].upload(lambda file, token, *table: convert(memory_actions.import_file(
        studio, uploads.uploaded_path(file), token, view(*table))), [m["upload"], secret, *shown],
        [m["curate_note"], *listed], preprocess=False, **private)  # see uploads.uploaded_path


def view(status: str | None, search: str | None, order: str | None, page: float | None) -> dict[str, Any]:
    """The table's view as the page holds it (the handler checks each value)."""
    return {"status": status, "search": search, "order": order, "page": page}
