"""The web studio: the page layout, its wiring to the handlers, the named API endpoints, and `serve`.

One `Studio` is shared by every visitor; everything about a visitor lives in
their browser (a secret key in `gr.BrowserState`, stored only as the owner id
`identity` derives from it) or their Gradio session (`gr.State` comic id),
so many people can make comics at once. What the buttons do lives
in `handlers`; the HTML they show is built (and escaped) in `views`.
The Memory tab's domain-memory section is laid out and wired in `memory_ui`.
How much it takes on at once comes from the environment (`limits`); it also
serves MCP (`generate_comic`, `mcp`) at /gradio_api/mcp/.
"""

from __future__ import annotations

import json
import logging
import os
import threading

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")  # before gradio is imported: the studio works offline

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import gradio as gr

from agents.studio import Studio, open_studio
from services.art.panel_renderer import PanelArtRequest
from services.backends import renderer_from_env
from services.config import ASSETS_DIR
from services.language import lemmas
from services.logging_setup import setup_logging
from services.schemas import (
    DEFAULT_LAYOUT,
    DEFAULT_STYLE,
    PANELS_MAX,
    PANELS_MIN,
    CastMember,
    PanelScene,
    SceneActor,
    SceneEvent,
)
from services.settings import settings as current_settings
from services.web import (
    comic_views,
    page_script,
    revision_views,
    served,
    stage_views,
    uploads,
    views,
)
from services.web import handlers as actions
from services.web import memory_handlers as memory_actions
from services.web import page_handlers as page_actions
from services.web import revision_handlers as revision_actions
from services.web.comic_files import comic_file_routes
from services.web.comment_rates import CommentRates
from services.web.history_ui import history_section, wire_history_section
from services.web.identity import browser_state_key, new_browser_secret
from services.web.limits import MAX_UPLOAD, OTHER_CONCURRENCY, Limits, limits_from_env
from services.web.memory_ui import memory_section, wire_memory_section
from services.web.sample_comic import sample_stage_html
from services.web.share_pages import share_routes
from services.web.share_ui import share_box, wire_share_box

log = logging.getLogger(__name__)
SAMPLE_SIZE = 192
SAMPLE_SCENE = "Wide shot. A sunny park with trees: Mochi the cat and Biscuit the dog chase a red ball, happy."
SAMPLE_CAST = (CastMember(name="Mochi", kind="cat"), CastMember(name="Biscuit", kind="dog"))
# The sample's planned picture, as the studio plans a panel (the renderer draws scenes, never prose).
SAMPLE_PLAN = PanelScene(setting="park", shot="wide", actors=[
    SceneActor(name="Mochi", action="running", mood="happy"), SceneActor(name="Biscuit", action="running", mood="happy")],
    events=[SceneEvent(action="chase", actor="Mochi", object="ball", object_at="ahead"),
            SceneEvent(action="chase", actor="Biscuit", object="Mochi")])
LANGUAGE_CHOICES = [("Automatic (from the story)", "auto"), ("English", "en"), ("Français", "fr"),
                    ("Deutsch", "de"), ("Español", "es")]
USER_STORAGE_KEY = "bayko-brown-user"
LAST_COMIC_STORAGE_KEY = "bayko-brown-last-comic"
HEADER = """<header class="bb-header"><div class="bb-logo" aria-hidden="true">B&amp;B</div><div>
<h1>Bayko &amp; Brown</h1><p>Bayko draws. Brown directs. You tell the story &mdash; then tell Brown what he missed.</p>
</div><button type="button" id="bb-theme-toggle" class="bb-theme-toggle" aria-pressed="false" aria-label="Dark mode">
<span aria-hidden="true">&#9790;</span><span class="bb-theme-label" aria-hidden="true">Dark mode</span></button></header>"""


def load_styles() -> dict[str, dict[str, str]]:
    return json.loads((ASSETS_DIR / "styles.json").read_text(encoding="utf-8"))


def load_examples() -> list[str]:
    return json.loads((ASSETS_DIR / "example_prompts.json").read_text(encoding="utf-8"))["prompts"]


def style_samples(studio: Studio, styles: list[str]) -> dict[str, Path]:
    """One small sample panel per style, drawn once into the data directory; none if the renderer fails."""
    folder = studio.data_dir / served.STYLE_SAMPLES
    folder.mkdir(exist_ok=True)
    samples: dict[str, Path] = {}
    for style in styles:
        path = folder / f"{getattr(studio.renderer, 'name', 'renderer')}-{style}.png"
        if not path.exists():
            try:
                art = studio.renderer.render(PanelArtRequest(description=SAMPLE_SCENE, style=style, seed=7,
                                                             panel_index=0, panel_count=1, cast=SAMPLE_CAST,
                                                             scene=SAMPLE_PLAN, size=SAMPLE_SIZE * 2))
                art.resize((SAMPLE_SIZE, SAMPLE_SIZE)).save(path)
            except Exception:  # a renderer still being built must not keep the studio from opening
                actions.log.warning("could not draw the %s style sample", style, exc_info=True)
                continue
        samples[style] = path
    return samples


def _mapper(named: dict[str, Any]) -> Callable[[dict[str, Any]], dict[Any, Any]]:
    """Turn a handler's {view name: value} answer into Gradio's {component: value}."""
    def convert(update: dict[str, Any]) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        for name, value in update.items():
            target = named[name]
            if isinstance(target, (list, tuple)):
                result.update(zip(target, value))
            else:
                result[target] = value
        return result
    return convert


def build_ui(studio: Studio, limits: Limits | None = None) -> gr.Blocks:
    """The whole studio page plus its API and MCP tool; `serve` launches it. Limits default to the environment's."""
    limits = limits or limits_from_env()
    styles = load_styles()
    samples = style_samples(studio, list(styles))
    with gr.Blocks(title="Bayko & Brown · comic studio", analytics_enabled=False, fill_width=True,
                   delete_cache=served.GRADIO_CACHE_CLEANUP) as demo:
        secret = browser_state_key(studio.data_dir)  # derived: the server's own secret is never served
        user = gr.BrowserState(None, storage_key=USER_STORAGE_KEY, secret=secret)
        last = gr.BrowserState(None, storage_key=LAST_COMIC_STORAGE_KEY, secret=secret)  # brought back after a reload
        current = gr.State(None)  # the comic on screen, per browser tab
        gr.HTML(HEADER, elem_id="bb-header")
        with gr.Tabs(elem_id="tabs"):
            with gr.Tab("Create", id="create", elem_id="tab-create"):
                create = _create_tab(styles, samples)
                history = history_section()
            with gr.Tab("Memory", id="memory", elem_id="tab-memory") as memory_tab:
                memory = memory_section()
        gr.HTML('<p class="bb-credits">Pictograms: <a href="https://openmoji.org">OpenMoji</a>, CC BY-SA 4.0.</p>',
                elem_id="bb-credits")
        named = {**create, **memory, **history, "user": user, "session": current, "last_session": last}
        rates = CommentRates(limits.comments_per_minute, limits.comic_comments_per_minute, limits.count_loopback)
        _wire_create(studio, named, limits, rates)
        convert = _mapper(named)
        wire_history_section(studio, named, demo, convert)
        wire_share_box(studio, named, convert)
        wire_memory_section(studio, named, memory_tab, convert)
        _api(studio, limits, rates)
        _wire_restore(studio, demo, named)
    demo.queue(max_size=limits.queue_size, default_concurrency_limit=OTHER_CONCURRENCY)
    return demo


def _create_tab(styles: dict[str, dict[str, str]], samples: dict[str, Path]) -> dict[str, Any]:
    """One column of intent (story, Generate, examples, style, more options), then the stage where the comic forms."""
    with gr.Row(equal_height=False, elem_id="create-row"):
        with gr.Column(scale=2, min_width=300, elem_id="controls"):
            prompt = gr.Textbox(label="Your story", lines=3, max_lines=10, elem_id="prompt",
                                placeholder="Who, where, what happens… e.g. A cat and a dog race to the beach")
            counter = gr.HTML(views.counter_html(0), elem_id="prompt-counter")
            prompt_error = gr.HTML("", elem_id="prompt-error")
            generate = gr.Button("Generate comic", variant="primary", size="lg", elem_id="generate")
            gr.HTML(views.KEYS_HINT, elem_id="generate-hint")
            gr.Examples(load_examples(), inputs=[prompt], label="Or start from an example", elem_id="examples")
            style = gr.Radio([(info["label"], name) for name, info in styles.items()], value=DEFAULT_STYLE,
                             label="Style", elem_id="style", elem_classes=["bb-style-picker"])
            style_note = gr.HTML(views.style_note_html(styles, DEFAULT_STYLE), elem_id="style-note",
                                 head=views.style_thumbnails_css(list(styles), samples))
            # Built open and folded by the page script as the page loads (`page_script.INSTALL`): Gradio mounts
            # a closed accordion's fields only when it is first opened, then puts their first values back a frame
            # later, wiping what the reader typed in between (a seed typed at once was found empty).
            with gr.Accordion("More options: layout, panels, seed", open=True, elem_id="more-options") as more:
                layout = gr.Radio(comic_views.LAYOUT_CHOICES, value=DEFAULT_LAYOUT, label="Page layout",
                                  elem_id="layout", info="How the panels sit on the page, in comic.png and the PDF")
                panels = gr.Slider(PANELS_MIN, PANELS_MAX, value=4, step=1, label="Panels", elem_id="panels")
                seed = gr.Textbox("", label="Seed (optional)", placeholder="random", max_lines=1, elem_id="seed",
                                  info="The same story and seed give the same comic.")
                language = gr.Dropdown(LANGUAGE_CHOICES, value="auto", label="Caption language", elem_id="language",
                                       info="Automatic writes the captions in the story's own language.")
                options_error = gr.HTML("", elem_id="options-error")
        # The comic is the largest thing on the page; Brown and Bayko's exchange comes under it, beside nothing.
        with gr.Column(scale=8, min_width=320, elem_id="stage"):
            status = gr.HTML("", elem_id="status")
            versions = gr.HTML("", elem_id="versions")  # shown once a comic has a second version
            comic = gr.HTML(sample_stage_html(), elem_id="comic")  # until the reader makes a comic
            downloads = gr.HTML("", elem_id="downloads")
            shared = share_box()
            # Two boxes that both talk to Brown, told apart in words: this one changes the comic on screen
            # now; the next one teaches a fact for later comics, once a curator approves it.
            with gr.Group(visible=False, elem_id="revise-box") as revise_box:
                revise = gr.Textbox(label="Ask Brown for a change", lines=1, max_lines=4, elem_id="revise",
                                    placeholder=revision_views.REVISE_HINT, info=revision_views.REVISE_INFO)
                send_revise = gr.Button("Change this comic", elem_id="send-revise", variant="primary")
            revise_note = gr.HTML("", elem_id="revise-note")
            # The panel tools and the version strip are HTML: the page script puts their message here
            # (`page_script.PANEL_TOOLS`), and its change runs `revision_handlers.panel_action_updates`.
            comic_action = gr.Textbox("", label="Comic action", max_lines=1, elem_id="comic-action",
                                      elem_classes=["bb-offscreen"])
            with gr.Group(visible=False, elem_id="feedback-box") as feedback_box:
                feedback = gr.Textbox(label="Tell Brown what he got wrong", lines=2, max_lines=6,
                                      elem_id="feedback", placeholder=views.FEEDBACK_HINT,
                                      info=revision_views.FEEDBACK_INFO)
                send = gr.Button("Teach Brown", elem_id="send-feedback", variant="primary")
            feedback_note = gr.HTML("", elem_id="feedback-note")
            with gr.Column(elem_id="director"):
                conversation = gr.HTML(views.conversation_html(None, []), elem_id="conversation")
            with gr.Accordion("Every attempt (compare drafts with the final comic)", open=False,
                              elem_id="attempts-box", visible=False) as attempts_box:
                attempts = gr.HTML(comic_views.attempts_html([], Path(".")), elem_id="attempts")
    return {"more_options": more, "prompt": prompt, "prompt_counter": counter, "prompt_error": prompt_error, "options_error": options_error,
            "style": style, "style_note": style_note, "layout": layout, "panels": panels, "seed": seed,
            "language": language,
            "generate": generate, "conversation": conversation, "status": status, "comic": comic,
            "downloads": downloads, "feedback_box": feedback_box, "feedback": feedback, "send": send,
            "feedback_note": feedback_note, "attempts": attempts, "attempts_box": attempts_box, "versions": versions, "revise_box": revise_box,
            "revise": revise, "send_revise": send_revise, "revise_note": revise_note, "comic_action": comic_action,
            "asked": gr.State([]), **shared}


def _wire_create(studio: Studio, c: dict[str, Any], limits: Limits, rates: CommentRates) -> None:
    convert = _mapper(c)
    streamed = ["status", "comic", "conversation", "attempts", "downloads", "session", "user", "generate",
                "feedback_note", "prompt_error", "options_error", "feedback_box", "last_session", "more_options",
                "versions", "asked", "revise_note", "revise_box", "attempts_box", "share_box"]
    outputs = [c[name] for name in streamed]

    async def ui_generate(prompt: str, style: str, layout: str, panels: float, seed: str, language: str,
                          secret: str | None) -> AsyncIterator[dict[Any, Any]]:
        refusal = page_actions.refusal(prompt, style, panels, seed, layout, language)
        if refusal:  # bad input: one plain sentence next to the field it names, nothing else moves
            yield convert(refusal)
            return
        first = True
        async for update in actions.generate_updates(studio, prompt, style, panels, seed, secret, layout, language):
            if first:  # the comic's shape at once, where the comic will be; the old comic's share box goes
                update = {**update, "comic": stage_views.skeleton_comic_html(panels, layout),
                          "share_box": gr.update(visible=False)}
            yield convert(revision_actions.staged(page_actions.stage_update(update, first), first))
            first = False

    async def ui_feedback(session_id: str | None, text: str, secret: str | None,
                          request: gr.Request) -> dict[Any, Any]:
        refused = page_actions.comment_refusal(text)
        return convert(refused or await memory_actions.send_feedback(studio, session_id, text, secret, rates,
                                                                     limits.memories_per_comic, request))

    c["prompt"].change(None, c["prompt"], [c["prompt_counter"], c["prompt_error"]], js=page_script.COUNTER, queue=False,
                       api_visibility="private", show_progress="hidden")
    c["style"].change(lambda name: views.style_note_html(load_styles(), name), c["style"], c["style_note"],
                      api_visibility="private", show_progress="hidden", queue=False)
    c["generate"].click(ui_generate, [c["prompt"], c["style"], c["layout"], c["panels"], c["seed"], c["language"],
                                      c["user"]],
                        outputs, js=page_script.ON_GENERATE, api_visibility="private",
                        concurrency_limit=limits.generate_concurrency, concurrency_id="generate", show_progress="minimal", show_progress_on=[c["status"]]
                        ).then(None, js=page_script.AFTER_GENERATE, api_visibility="private", queue=False)
    for trigger in (c["send"].click, c["feedback"].submit):
        trigger(ui_feedback, [c["session"], c["feedback"], c["user"]], [c["feedback_note"], c["feedback"]],
                api_visibility="private")
    _wire_revise(studio, c, limits)


def _wire_revise(studio: Studio, c: dict[str, Any], limits: Limits) -> None:
    """The change box and the comic's own buttons: each a follow-up turn streamed like a comic (and drawn under
    the same limit), or another version shown. The page marks itself busy while one runs, so a second click
    waits for the first instead of racing it."""
    convert = _mapper(c)
    streamed = ["status", "comic", "conversation", "attempts", "downloads", "versions", "revise_note", "revise",
                "send_revise", "asked", "session", "last_session"]
    outputs = [c[name] for name in streamed]
    drawing = {"concurrency_limit": limits.generate_concurrency, "concurrency_id": "generate",
               "show_progress": "minimal", "show_progress_on": [c["status"]], "api_visibility": "private"}

    async def ui_revise(session_id: str | None, instruction: str, secret: str | None,
                        asked: list[revision_views.AskedBack]) -> AsyncIterator[dict[Any, Any]]:
        async for update in revision_actions.revise_updates(studio, session_id, instruction, secret, asked):
            yield convert(update)

    async def ui_comic_action(action: str, session_id: str | None, secret: str | None,
                              asked: list[revision_views.AskedBack]) -> AsyncIterator[dict[Any, Any]]:
        if not action:  # the box emptied (a reload): nothing was asked
            return
        async for update in revision_actions.panel_action_updates(studio, session_id, action, secret, asked):
            yield convert(update)

    for trigger in (c["send_revise"].click, c["revise"].submit):
        trigger(ui_revise, [c["session"], c["revise"], c["user"], c["asked"]], outputs, js=page_script.BUSY,
                **drawing).then(None, js=page_script.NOT_BUSY, api_visibility="private", queue=False)
    c["comic_action"].change(ui_comic_action, [c["comic_action"], c["session"], c["user"], c["asked"]], outputs,
                             **drawing).then(None, js=page_script.NOT_BUSY, api_visibility="private", queue=False)


def _wire_restore(studio: Studio, demo: gr.Blocks, c: dict[str, Any]) -> None:
    """On load: this browser's key (a new one the first time), then its last comic back on the Create tab, and its
    story and options back in the form unless the reader has already started on it (the answer comes after the
    page is usable: what they typed meanwhile stays)."""
    c["restored_form"] = gr.JSON(None, visible=False, elem_id="restored-form")  # on its way to the form
    convert = _mapper(c)
    restored = ["status", "comic", "conversation", "attempts", "downloads", "session", "feedback_box",
                "restored_form", "versions", "revise_box", "last_session", "attempts_box"]
    form = [c[name] for name in page_actions.FORM_FIELDS]

    def ui_restore(secret: str | None, last: str | None) -> dict[Any, Any]:
        return convert(page_actions.comic_back(studio, last, secret))  # one read of the comic

    demo.load(lambda secret: secret or new_browser_secret(), c["user"], c["user"], api_visibility="private",
              queue=False).then(ui_restore, [c["user"], c["last_session"]], [c[name] for name in restored],
                                api_visibility="private", show_progress="hidden"
                                ).then(None, [c["restored_form"], *form], form, api_visibility="private", queue=False,
                                       js=page_script.restore_form({name: c[name].value
                                                                    for name in page_actions.FORM_FIELDS}))
    demo.load(None, js=page_script.INSTALL, api_visibility="private", queue=False)
    demo.load(None, js=page_script.PANEL_TOOLS, api_visibility="private", queue=False)


def _api(studio: Studio, limits: Limits, rates: CommentRates) -> None:
    """Named endpoints for programs (gradio_client) and the MCP tool: plain values in, plain data out."""
    from services.web import api, mcp

    api.register(studio, limits.generate_concurrency, rates, limits.memories_per_comic)
    mcp.register(studio, limits.generate_concurrency)


def launch_options(studio: Studio, host: str | None = None, port: int | None = None,
                   limits: Limits | None = None) -> dict[str, Any]:
    """Arguments for `launch()`: theme and CSS belong there in Gradio 6, and so do the served folders (never the
    data directory itself: it holds the databases), the MCP server, the upload limit and the request bounds
    (`bounds`), and the sweep of old uploads (`uploads`). Never `share`; errors stay one sentence (`show_error` off);
    Gradio's traffic monitoring is off (its summary route answers anyone)."""
    limits = limits or limits_from_env()
    served.serve_in_place(studio.data_dir)
    options: dict[str, Any] = {
        "allowed_paths": served.allowed_paths(studio.data_dir), "blocked_paths": served.blocked_paths(studio.data_dir),
        "theme": studio_theme(), "show_error": False,
        "css_paths": [ASSETS_DIR / "studio.css", ASSETS_DIR / "brown_words.css"], "footer_links": ["api"], "run_history": False,
        "mcp_server": True, "max_file_size": MAX_UPLOAD, "enable_monitoring": False,  # /monitoring/summary is public
        "app_kwargs": {"middleware": [served.bounds_middleware(limits, studio.sessions)],
                       "lifespan": uploads.sweeper(limits.upload_lifetime_seconds),
                       # /share/<token> and /gallery: read-only, for anyone; /comic/<folder>/<name>: the downloads
                       "routes": [*share_routes(studio), *comic_file_routes(studio)]},
    }
    current = current_settings()
    if not current.space_id:  # on a Space the environment decides where to listen
        host = host or current.server_name
        port = port or current.server_port
        options.update({k: v for k, v in (("server_name", host), ("server_port", port)) if v})
    return options


def studio_theme() -> gr.themes.Base:
    """Soft orange and stone, in both colour schemes with every text and control at WCAG AA.

    System fonts only: the default theme fetches Google Fonts, which an offline machine cannot reach. Orange 500 on
    white or peach is below WCAG AA (2.4-2.8:1), and white on orange 600 is too (3.6:1): text and filled controls
    use the darker shades in both schemes, and light tints on the dark page."""
    theme = gr.themes.Soft(primary_hue="orange", secondary_hue="sky", neutral_hue="stone",
                           font=["ui-sans-serif", "system-ui", "Segoe UI", "Roboto", "sans-serif"],
                           font_mono=["ui-monospace", "SFMono-Regular", "Menlo", "monospace"])
    return theme.set(
        color_accent="*primary_700",
        block_label_text_color="*primary_800", block_label_text_color_dark="white",
        block_label_background_fill_dark="*primary_800",
        block_title_text_color="*primary_800", block_title_text_color_dark="white",
        body_text_color_subdued="*neutral_600", body_text_color_subdued_dark="*neutral_300",
        button_primary_background_fill="*primary_700", button_primary_background_fill_dark="*primary_700",
        button_primary_background_fill_hover="*primary_800", button_primary_background_fill_hover_dark="*primary_800",
        button_primary_border_color="*primary_800", button_primary_border_color_dark="*primary_800",
        button_primary_text_color="white", button_primary_text_color_dark="white",
        checkbox_label_background_fill_selected="*primary_700",
        checkbox_label_background_fill_selected_dark="*primary_700",
        checkbox_background_color_selected="*primary_700", checkbox_background_color_selected_dark="*primary_700",
        slider_color="*primary_700", slider_color_dark="*primary_400",
        input_border_color_focus="*primary_700", input_border_color_focus_dark="*primary_400",
        checkbox_border_color_focus="*primary_700", checkbox_border_color_focus_dark="*primary_400",
        input_placeholder_color="*neutral_500", input_placeholder_color_dark="*neutral_400",
        button_secondary_background_fill_hover_dark="*primary_700", button_primary_border_color_hover_dark="*primary_700",
        link_text_color_dark="*secondary_300")


def serve(host: str | None = None, port: int | None = None) -> None:
    """Serve the studio until interrupted (`python app.py`)."""
    setup_logging(keep_existing=True)  # the CLI may have set it already (--quiet)
    lemmas.warm_up()  # the four dictionaries load while the page is built, not during the first comic
    # Each export written when first downloaded; panels drawn in worker processes, started with the page.
    studio = open_studio(exports="on_demand", renderer=renderer_from_env(current_settings().render_processes))
    threading.Thread(target=studio.renderer.warm, name="render-pool-start", daemon=True).start()
    demo = build_ui(studio)
    demo.launch(prevent_thread_lock=True, **launch_options(studio, host, port))
    report_mcp(demo)
    demo.block_thread()


def report_mcp(demo: gr.Blocks) -> None:
    """Log whether the MCP server came up (Gradio only prints its error, e.g. when the `mcp` package is missing)."""
    if demo.mcp_error:
        log.error("MCP server unavailable: %s", demo.mcp_error)
    else:
        log.info("MCP tools served at %sgradio_api/mcp/", demo.local_url or "/")
