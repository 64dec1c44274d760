"""A shared comic in a real browser: made in the studio, published, read by a stranger with no key, taken down.

Publishing goes through the studio page's share box when the page has one, else through the studio itself.
axe-core judges the share page and the gallery in light and dark.
"""

from __future__ import annotations

import pytest
from test_browser import ARTIFACTS, LAPTOP, PHONE, WAIT_MS, browser, generate, open_page  # noqa: F401 (browser: a fixture)

PROMPT = "A walrus and a parrot open a tiny bakery by the harbour"


def public_page(browser, url: str, scheme: str = "light", viewport: dict[str, int] = LAPTOP):  # noqa: F811 (a plain argument)
    """A fresh profile: no browser key, nothing stored, as a stranger opening a link."""
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    tab = context.new_page()
    tab.goto(url)
    return context, tab


def serious(tab) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(tab)
    return [f"{v['id']} ({v['impact']}): {', '.join(str(n['target']) for n in v['nodes'][:4])}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


IMAGES_LOADED = ("() => [...document.images].length > 0 && "
                 "[...document.images].every(i => i.complete && i.naturalWidth > 0)")


def images_loaded(tab) -> bool:
    """Every picture on the page has arrived and decoded (waited for: a thumbnail may be written on request, and
    the gallery's load lazily); False when one never does."""
    try:
        tab.wait_for_function(IMAGES_LOADED, timeout=10_000)
    except Exception:  # Playwright's timeout: the assertion that calls this says which page
        return False
    return True


def publish(tab, studio_server) -> tuple[str, str]:
    """Publish the comic on the stage (with the page's share box when it has one); returns (its id, the link)."""
    session = next(s for s in studio_server.studio.list_sessions(200) if s.prompt == PROMPT)
    if tab.locator("#share-publish").count() and tab.locator("#share-publish").is_visible():
        tab.click("#share-publish")
        tab.wait_for_function("() => { const f = document.querySelector('#share-url input, #share-url textarea');"
                              " return f && f.value.includes('/share/'); }", timeout=WAIT_MS)
        link = tab.eval_on_selector("#share-url input, #share-url textarea", "f => f.value")
        return session.session_id, link
    published = studio_server.studio.publish(session.session_id)  # the operator's own call: every comic is theirs
    return session.session_id, studio_server.url + published.share_path.lstrip("/")


def test_a_published_comic_is_read_by_a_stranger_and_gone_after_unpublishing(browser, studio_server) -> None:  # noqa: F811
    studio_context, studio_tab = open_page(browser, studio_server.url, LAPTOP)
    generate(studio_tab, PROMPT)
    session_id, link = publish(studio_tab, studio_server)
    title = studio_server.studio.load_session(session_id).title
    token = link.rstrip("/").rsplit("/", 1)[1]
    for scheme, viewport in (("light", LAPTOP), ("dark", PHONE)):
        context, tab = public_page(browser, link, scheme, viewport)
        try:
            tab.wait_for_selector("h1", timeout=WAIT_MS)
            assert tab.inner_text("h1") == title
            assert tab.locator("figure.panel").count() >= 1 and images_loaded(tab)
            assert tab.get_by_role("link", name="Make your own comic").count() >= 1
            assert tab.locator("text=Brown's verdict: Approved on attempt").count() == 1
            assert serious(tab) == [], scheme
            tab.screenshot(path=str(ARTIFACTS / f"share-{scheme}.png"), full_page=True)
            tab.get_by_role("link", name="Gallery").first.click()
            tab.wait_for_selector("h1:has-text('Gallery')", timeout=WAIT_MS)
            card = tab.locator(f'a[href="share/{token}"]')
            assert card.count() == 1 and title in card.inner_text()
            assert images_loaded(tab) and serious(tab) == [], f"gallery, {scheme}"
            tab.screenshot(path=str(ARTIFACTS / f"gallery-{scheme}.png"), full_page=True)
            card.click()
            tab.wait_for_selector("figure.panel", timeout=WAIT_MS)
        finally:
            context.close()
    if studio_tab.locator("#share-unpublish").count() and studio_tab.locator("#share-unpublish").is_visible():
        studio_tab.click("#share-unpublish")
        studio_tab.wait_for_selector("#share-publish", state="visible", timeout=WAIT_MS)
    else:
        studio_server.studio.unpublish(session_id)
    studio_context.close()
    assert studio_server.studio.publication(token) is None
    context, tab = public_page(browser, link)
    try:
        tab.wait_for_selector("h1", timeout=WAIT_MS)
        assert tab.inner_text("h1") == "No comic here"
        assert tab.locator("figure.panel").count() == 0 and serious(tab) == []
        tab.goto(studio_server.url + "gallery")
        tab.wait_for_selector("h1:has-text('Gallery')", timeout=WAIT_MS)
        assert tab.locator(f'a[href="share/{token}"]').count() == 0
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_missing_page_and_an_empty_gallery_page_pass_axe(browser, studio_server, scheme: str) -> None:  # noqa: F811
    for path in ("share/AAAAAAAAAAAAAAAAAAAAAA", "gallery?page=999"):
        context, tab = public_page(browser, studio_server.url + path, scheme)
        try:
            tab.wait_for_selector("h1", timeout=WAIT_MS)
            assert serious(tab) == [], path
        finally:
            context.close()


def test_the_share_box_publishes_shows_a_whole_link_and_unpublishes(browser, tmp_path) -> None:  # noqa: F811
    """The box on a page of its own (the studio places it), served with the routes mounted through `app_kwargs`."""
    import gradio as gr
    from conftest import _free_port
    from share_helpers import make_comic

    from agents.studio import open_studio
    from services.config import ASSETS_DIR
    from services.web import share_ui
    from services.web.identity import browser_owner, new_browser_secret
    from services.web.share_pages import share_routes

    studio = open_studio(tmp_path / "data")
    secret = new_browser_secret()
    session_id = make_comic(studio, "A hedgehog knits a scarf", browser_owner(secret) or "")
    with gr.Blocks() as demo:
        named = {**share_ui.share_box(), "session": gr.State(session_id), "user": gr.State(secret)}

        def convert(update):
            return {named[k]: v for k, v in update.items()}
        share_ui.wire_share_box(studio, named, convert)
        demo.load(lambda s, u: convert(share_ui.share_box_updates(studio, s, u)), [named["session"], named["user"]],
                  [named[name] for name in share_ui.VIEWS])
    port = _free_port()
    demo.launch(prevent_thread_lock=True, quiet=True, server_name="127.0.0.1", server_port=port,
                css_paths=[ASSETS_DIR / "studio.css"], app_kwargs={"routes": share_routes(studio)})
    field = "#share-url input, #share-url textarea"
    try:
        context = browser.new_context(viewport=LAPTOP)
        tab = context.new_page()
        tab.goto(f"http://127.0.0.1:{port}/")
        tab.wait_for_selector("#share-publish", state="visible", timeout=WAIT_MS)
        assert "Only you can see this comic" in tab.inner_text("#share-note")
        tab.click("#share-include input")
        tab.click("#share-publish")
        tab.wait_for_function(f"() => {{ const f = document.querySelector('{field}');"
                              " return f && f.value.includes('/share/'); }", timeout=WAIT_MS)
        link = tab.eval_on_selector(field, "f => f.value")
        token = studio.publication_of(session_id).token
        assert link == f"http://127.0.0.1:{port}/share/{token}" and studio.publication(token).include_transcripts
        assert tab.get_attribute("#share-open", "href") == f"share/{token}"
        stranger, page = public_page(browser, link)
        assert page.inner_text("h1") == studio.load_session(session_id).title
        stranger.close()
        tab.click("#share-unpublish")
        tab.wait_for_selector("#share-publish", state="visible", timeout=WAIT_MS)
        assert "old link now leads nowhere" in tab.inner_text("#share-note")
        stranger, page = public_page(browser, link)
        assert page.inner_text("h1") == "No comic here"
        stranger.close()
        context.close()
    finally:
        demo.close()
