"""The studio's share box: publish the comic on the stage, copy its link, stop sharing it.

Layout, wiring and the three handlers behind it (publish, unpublish, refresh for
the comic shown). A handler answers {view name: value}, like the page's other
handlers, and turns every failure into one sentence in the note.

The link is relative (`share/<token>`, next to the studio's own address), so it
works behind a proxy path such as a Space's; the full address to copy is made in
the browser from `location` when the path changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gradio as gr

from agents.studio import Studio
from services.storage.publications import Publication
from services.web.handlers import failure_text
from services.web.identity import browser_owner
from services.web.templates import render
from services.web.views import message_html

INTRO = "### Share this comic"
PRIVATE_NOTE = ("Only you can see this comic. Publish it to get a link anyone can open without a key; "
                "it is also listed in the gallery.")
SHARED_NOTE = "Shared: anyone with the link can read it, and it is listed in the gallery. Comments stay private."
CONVERSATION_NOTE = " Brown's and Bayko's conversation is shown with it."
UNPUBLISHED_NOTE = "No longer shared: the old link now leads nowhere. Publishing again makes a new link."
NO_COMIC_NOTE = "Make a comic first: then you can share it."
# Built in the browser: the studio's own address (a proxy's path included) plus the relative path.
FULL_URL_JS = "(path) => path ? new URL(path, window.location.href).href : ''"
VIEWS = ("share_box", "share_include", "share_publish", "share_unpublish", "share_path", "share_url", "share_link",
         "share_note")


def share_box() -> dict[str, Any]:
    """Build the box inside the current Blocks context; returns its components by view name."""
    with gr.Column(elem_id="share-box", elem_classes=["bb-card"], visible=False) as box:
        gr.Markdown(INTRO, elem_id="share-intro")
        include = gr.Checkbox(False, label="Include Brown's and Bayko's conversation", elem_id="share-include")
        with gr.Row(elem_id="share-buttons"):
            publish = gr.Button("Publish", variant="primary", size="sm", elem_id="share-publish")
            unpublish = gr.Button("Unpublish", size="sm", visible=False, elem_id="share-unpublish")
        # Mounted but not shown (`bb-offscreen`): a component that is not rendered fires no change event.
        path = gr.Textbox("", label="Share path", max_lines=1, elem_id="share-path", elem_classes=["bb-offscreen"])
        url = gr.Textbox("", label="Share link", max_lines=1, interactive=False, buttons=["copy"], visible=False,
                         elem_id="share-url")
        link = gr.HTML("", elem_id="share-link")
        note = gr.HTML(_note(NO_COMIC_NOTE), elem_id="share-note")
    return {"share_box": box, "share_include": include, "share_publish": publish, "share_unpublish": unpublish,
            "share_path": path, "share_url": url, "share_link": link, "share_note": note}


def wire_share_box(studio: Studio, named: dict[str, Any], convert: Callable[[dict[str, Any]], dict[Any, Any]]) -> None:
    """Connect the box: `named` holds its views plus "session" (the comic's id) and "user" (the browser's key)."""
    session, user = named["session"], named["user"]
    outputs = [named[name] for name in VIEWS]
    private: dict[str, Any] = {"api_visibility": "private", "show_progress": "hidden"}
    named["share_publish"].click(lambda session_id, secret, include: convert(
        publish_comic(studio, session_id, secret, include)), [session, user, named["share_include"]], outputs,
        **private)
    named["share_unpublish"].click(lambda session_id, secret: convert(
        unpublish_comic(studio, session_id, secret)), [session, user], outputs, **private)
    # Ticking the box on a shared comic changes what its page shows (the link stays the same).
    named["share_include"].input(lambda session_id, secret, include: convert(
        change_conversation(studio, session_id, secret, include)), [session, user, named["share_include"]],
        outputs, **private)
    named["share_path"].change(None, named["share_path"], named["share_url"], js=FULL_URL_JS, **private)
    # Whichever way a comic comes on screen (made, brought back, picked from the list), the box follows it.
    session.change(lambda session_id, secret: convert(share_box_updates(studio, session_id, secret)),
                   [session, user], outputs, **private)


def share_box_updates(studio: Studio, session_id: str | None, secret: str | None, note: str = "") -> dict[str, Any]:
    """The box for the comic shown: hidden without one of this browser's comics, else its shared state."""
    owner = browser_owner(secret)
    if not session_id or owner is None:
        return _hidden()
    try:
        publication = studio.publication_of(session_id, owner)
    except Exception:  # not this browser's comic (or no longer there): nothing to share
        return _hidden()
    return _shown(publication, note)


def publish_comic(studio: Studio, session_id: str | None, secret: str | None, include: bool) -> dict[str, Any]:
    owner = browser_owner(secret)
    if not session_id or owner is None:
        return {**_hidden(), "share_box": gr.update(visible=True), "share_note": _note(NO_COMIC_NOTE, "error")}
    try:
        return _shown(studio.publish(session_id, owner, bool(include)), kind="ok")
    except Exception as error:
        return {"share_note": _note(failure_text(error, "publishing the comic"), "error")}


def unpublish_comic(studio: Studio, session_id: str | None, secret: str | None) -> dict[str, Any]:
    owner = browser_owner(secret)
    if not session_id or owner is None:
        return _hidden()
    try:
        studio.unpublish(session_id, owner)
    except Exception as error:
        return {"share_note": _note(failure_text(error, "unpublishing the comic"), "error")}
    return _shown(None, UNPUBLISHED_NOTE, "ok")


def change_conversation(studio: Studio, session_id: str | None, secret: str | None, include: bool) -> dict[str, Any]:
    """On a shared comic, show or hide its conversation; on a private one the tick waits for Publish."""
    owner = browser_owner(secret)
    if not session_id or owner is None:
        return _hidden()
    try:
        if studio.publication_of(session_id, owner) is None:
            return {}
        return _shown(studio.publish(session_id, owner, bool(include)))
    except Exception as error:
        return {"share_note": _note(failure_text(error, "changing what the share page shows"), "error")}


def _shown(publication: Publication | None, note: str = "", kind: str = "info") -> dict[str, Any]:
    shared = publication is not None
    path = f"share/{publication.token}" if publication else ""
    said = note or (SHARED_NOTE + (CONVERSATION_NOTE if publication and publication.include_transcripts else "")
                    if shared else PRIVATE_NOTE)
    return {"share_box": gr.update(visible=True),
            "share_include": publication.include_transcripts if publication else False,
            "share_publish": gr.update(visible=not shared), "share_unpublish": gr.update(visible=shared),
            "share_path": path, "share_url": gr.update(visible=shared), "share_link": _links(path),
            "share_note": _note(said, kind)}


def _hidden() -> dict[str, Any]:
    return {"share_box": gr.update(visible=False), "share_include": False, "share_publish": gr.update(visible=True),
            "share_unpublish": gr.update(visible=False), "share_path": "", "share_url": gr.update(visible=False),
            "share_link": "", "share_note": _note(NO_COMIC_NOTE)}


def _links(path: str) -> str:
    """Relative links, so they follow the studio's own address (a proxy's path too)."""
    if not path:
        return ""
    return render("views/share_links.html", path=path)


def _note(text: str, kind: str = "info") -> str:
    """The page's own one-line message (info, ok or error), so the box speaks like the rest of the studio."""
    return message_html(text, kind)
