"""The share box's handlers: publish, copyable link, unpublish, the conversation tick, and strangers."""

from __future__ import annotations

from pathlib import Path

import gradio as gr
import pytest
from share_helpers import make_comic

from agents.studio import open_studio
from services.web import share_ui
from services.web.identity import browser_owner, new_browser_secret


@pytest.fixture
def studio(data_dir: Path, recording_renderer):
    return open_studio(data_dir, renderer=recording_renderer)


@pytest.fixture
def secret() -> str:
    return new_browser_secret()


@pytest.fixture
def comic(studio, secret) -> str:
    return make_comic(studio, "A hen builds a boat", browser_owner(secret) or "")


def visible(update) -> bool:
    return bool(update["visible"])


def test_no_comic_hides_the_box(studio, secret) -> None:
    assert not visible(share_ui.share_box_updates(studio, None, secret)["share_box"])
    assert not visible(share_ui.share_box_updates(studio, "comic_000000000000", secret)["share_box"])


def test_a_private_comic_offers_publish_and_says_it_is_private(studio, secret, comic) -> None:
    shown = share_ui.share_box_updates(studio, comic, secret)
    assert visible(shown["share_box"]) and visible(shown["share_publish"]) and not visible(shown["share_unpublish"])
    assert shown["share_path"] == "" and "Only you can see this comic" in shown["share_note"]


def test_publish_shows_a_relative_link_and_unpublish_kills_it(studio, secret, comic) -> None:
    published = share_ui.publish_comic(studio, comic, secret, True)
    token = studio.publication_of(comic, browser_owner(secret)).token
    assert published["share_path"] == f"share/{token}"
    assert f'href="share/{token}"' in published["share_link"] and 'href="gallery"' in published["share_link"]
    assert published["share_include"] is True and "conversation is shown" in published["share_note"]
    assert "bb-ok" in published["share_note"]
    assert visible(published["share_unpublish"]) and not visible(published["share_publish"])
    assert share_ui.share_box_updates(studio, comic, secret)["share_path"] == f"share/{token}"
    gone = share_ui.unpublish_comic(studio, comic, secret)
    assert gone["share_path"] == "" and "old link now leads nowhere" in gone["share_note"]
    assert studio.publication(token) is None


def test_the_conversation_tick_changes_a_shared_comic_and_waits_on_a_private_one(studio, secret, comic) -> None:
    assert share_ui.change_conversation(studio, comic, secret, True) == {}
    assert studio.publication_of(comic, browser_owner(secret)) is None
    share_ui.publish_comic(studio, comic, secret, False)
    token = studio.publication_of(comic, browser_owner(secret)).token
    changed = share_ui.change_conversation(studio, comic, secret, True)
    assert changed["share_path"] == f"share/{token}" and studio.publication(token).include_transcripts


def test_another_browser_cannot_publish_or_unpublish(studio, secret, comic) -> None:
    stranger = new_browser_secret()
    refused = share_ui.publish_comic(studio, comic, stranger, False)
    assert refused["share_note"].count("no comic with id") == 1 and 'class="bb-message bb-error"' in refused["share_note"]
    assert studio.gallery() == []
    share_ui.publish_comic(studio, comic, secret, False)
    assert "no comic with id" in share_ui.unpublish_comic(studio, comic, stranger)["share_note"]
    assert len(studio.gallery()) == 1
    assert not visible(share_ui.share_box_updates(studio, comic, stranger)["share_box"])


def test_the_box_builds_and_wires_inside_blocks(studio) -> None:
    with gr.Blocks():
        session, user = gr.State(None), gr.BrowserState(None)
        named = {**share_ui.share_box(), "session": session, "user": user}
        share_ui.wire_share_box(studio, named, lambda update: {named[k]: v for k, v in update.items()})
    assert set(share_ui.VIEWS) <= set(named)
