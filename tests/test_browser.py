"""The studio in a real browser: pip's Playwright driving Debian's Chromium (never `playwright install`).

Without Chromium these tests skip with the reason; in CI (`CI=true`) a missing
browser is a failure. Gradio keeps a connection open, so nothing waits for
`networkidle`: every wait is on a selector (components have `elem_id`s).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
XSS = "<img src=x onerror=alert(1)>"
PROMPT = "A cat and a dog race to the beach at sunset"
WAIT_MS = 30_000


def _missing_browser() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -r requirements-test.txt)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)"
    return None


@pytest.fixture(scope="module")
def browser():  # type: ignore[no-untyped-def]
    reason = _missing_browser()
    if reason:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"browser tests cannot run in CI: {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, studio_server):  # type: ignore[no-untyped-def]
    """A fresh browser profile (so a fresh visitor id) on the studio; records every dialog that opens."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.dialogs = []  # type: ignore[attr-defined]
    tab.on("dialog", lambda dialog: (tab.dialogs.append(dialog.message), dialog.dismiss()))
    tab.goto(studio_server.url)
    tab.wait_for_selector("#prompt textarea", timeout=WAIT_MS)
    yield tab
    context.close()


def generate(page, prompt: str) -> None:  # type: ignore[no-untyped-def]
    page.fill("#prompt textarea", prompt)
    page.click("#generate")
    page.wait_for_selector("#comic .bb-comic-page[data-state=final]", timeout=WAIT_MS)


def send_comment(page, text: str) -> str:  # type: ignore[no-untyped-def]
    """Send a comment on the comic on screen; returns the note saying what Brown learned from it."""
    page.fill("#feedback textarea", text)
    page.click("#send-feedback")
    page.wait_for_selector("#feedback-note .bb-learned", timeout=WAIT_MS)
    return page.inner_text("#feedback-note")


def open_history(page, prompt: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_role("tab", name="Memory").click()
    page.locator("#history label", has_text=prompt).first.click(timeout=WAIT_MS)
    page.wait_for_selector("#brown-chat .message", timeout=WAIT_MS)


def test_make_a_comic_read_brown_comment_and_find_it_in_memory(page) -> None:  # type: ignore[no-untyped-def]
    generate(page, PROMPT)
    images = page.locator("#comic img.bb-panel-art")
    assert images.count() == 4
    page.wait_for_function("[...document.querySelectorAll('#comic img.bb-panel-art')]"
                           ".every(i => i.complete && i.naturalWidth > 0)", timeout=WAIT_MS)
    subtitles = page.locator("#comic .bb-subtitle").all_inner_texts()
    assert len(subtitles) == 4 and all(text.strip() for text in subtitles)
    verdict = page.locator("#conversation .bb-verdict").last
    assert verdict.get_attribute("data-decision") in {"approve", "reject"}
    assert "of 3" in verdict.inner_text() and "%" in verdict.inner_text()
    for name in ("png", "vtt", "json"):
        assert page.locator(f"#download-{name}").is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "studio.png"), full_page=True)
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":  # the README's picture, refreshed on request only
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(ROOT / "assets" / "screenshots" / "studio.png"), full_page=True,
                        clip={"x": 0, "y": 0, "width": 1280, "height": 1240})

    assert "nothing here changes the story world" in send_comment(page, "Lovely colours, Bayko!")
    open_history(page, PROMPT)
    page.wait_for_selector("#brown-chat :text('Lovely colours, Bayko!')", timeout=WAIT_MS)
    assert "Lovely colours, Bayko!" in page.inner_text("#session-detail")
    assert page.locator("#bayko-chat .message").count() >= 2
    assert page.locator("#session-attempts img.bb-panel-art").count() == 4
    assert page.dialogs == []


def test_a_judge_teaches_brown_a_fact_accepts_it_and_the_next_comic_uses_it(  # type: ignore[no-untyped-def]
        page) -> None:
    generate(page, "Brown goes to the beach")
    note = send_comment(page, "No, Brown is a dog, not a cat.")
    assert "Brown learned:" in note and "Brown is a dog, not a cat." in note and "a curator will review it" in note

    page.get_by_role("tab", name="Memory").click()
    row = page.locator("#memory-table [role=gridcell]", has_text="Brown is a dog, not a cat.").first
    row.click(timeout=WAIT_MS)
    page.wait_for_selector("#memory-detail .bb-memory-detail[data-status=new]", timeout=WAIT_MS)
    assert page.input_value("#memory-edit textarea") == "Brown is a dog, not a cat."
    page.click("#curate-accepted")
    page.wait_for_selector("#memory-detail .bb-memory-detail[data-status=accepted] .bb-audit-row", timeout=WAIT_MS)
    assert "is now accepted" in page.inner_text("#curate-note")
    assert page.locator("#memory-table [role=gridcell]", has_text="accepted").count() >= 1
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "studio-memory.png"), full_page=True)

    page.get_by_role("tab", name="Create").click()
    generate(page, "Brown plays in the park")
    remembered = page.inner_text("#comic .bb-remembered")
    assert "Brown remembered:" in remembered and "Brown is a dog, not a cat." in remembered
    assert "Brown is a dog, not a cat." in page.inner_text("#conversation")
    assert page.dialogs == []


def test_markup_in_a_prompt_and_a_comment_is_shown_as_text(page) -> None:  # type: ignore[no-untyped-def]
    generate(page, XSS)
    assert page.inner_text("#comic .bb-comic-title").strip()  # written from the scene plan, not the prompt
    assert page.inner_text("#conversation .bb-prompt") == XSS
    send_comment(page, XSS)
    open_history(page, XSS)
    page.wait_for_selector("#session-detail .bb-comment-text", timeout=WAIT_MS)
    assert page.inner_text("#session-detail .bb-comment-text") == XSS
    assert XSS in page.inner_text("#history")
    assert XSS in page.inner_text("#brown-chat")
    assert page.locator("img[src='x']").count() == 0
    page.wait_for_timeout(300)  # give a broken image's onerror every chance to fire
    assert page.dialogs == []


def test_an_empty_prompt_is_one_clear_message_and_the_studio_keeps_working(page) -> None:  # type: ignore[no-untyped-def]
    page.click("#generate")
    page.wait_for_selector("#status .bb-error", timeout=WAIT_MS)
    assert "prompt: must not be empty." in page.inner_text("#status")
    assert "Traceback" not in page.content()
    generate(page, "A small robot paints the moon")
    assert page.locator("#comic img.bb-panel-art").count() == 4


def test_each_browser_sees_only_its_own_comics_and_the_phone_layout(browser, page, studio_server) -> None:  # type: ignore[no-untyped-def]
    generate(page, "A penguin gets lost in the snowy city")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    other = phone.new_page()
    other.goto(studio_server.url)
    other.wait_for_selector("#prompt textarea", timeout=WAIT_MS)
    other.get_by_role("tab", name="Memory").click()
    other.wait_for_selector("#history", timeout=WAIT_MS)
    other.wait_for_timeout(500)
    assert "penguin" not in other.inner_text("#history")
    assert other.evaluate("document.documentElement.scrollWidth") <= 390 + 1  # the memory table scrolls inside
    other.get_by_role("tab", name="Create").click()
    generate(other, "A shy dragon opens a cafe in the mountains")
    assert other.evaluate("document.documentElement.scrollWidth") <= 390 + 1  # nothing wider than the phone
    ARTIFACTS.mkdir(exist_ok=True)
    other.screenshot(path=str(ARTIFACTS / "studio-phone.png"), full_page=True)
    phone.close()


# More words than four panels show (a refine); the plurals name things a revision can draw into a panel.
REVISION_PROMPT = " ".join(f"keeper{n} lamp{n}" for n in range(60)) + " umbrellas kites lanterns guitars books cups"


def test_a_revision_shows_browns_notes_what_bayko_redrew_the_layout_and_every_download(  # type: ignore[no-untyped-def]
        page, studio_server) -> None:
    page.locator("#layout label", has_text="Strip").click()
    generate(page, REVISION_PROMPT)
    assert page.get_attribute("#comic .bb-comic-page", "data-layout") == "strip"
    notes = page.locator("#conversation .bb-panel-notes").first.locator("li")  # the first refinement's notes
    named = set(notes.evaluate_all("items => items.map(item => item.dataset.panel)"))
    assert named and "Panel" in notes.first.inner_text()
    page.locator("#attempts-box .label-wrap").first.click()
    second = page.locator("#attempts .bb-attempt[data-attempt='2']")
    second.wait_for(timeout=WAIT_MS)
    if second.get_attribute("open") is None:
        second.locator("summary").first.click()  # folded when a third attempt followed it
    page.wait_for_selector("#attempts .bb-attempt[data-attempt='2'] .bb-mark-redrawn", timeout=WAIT_MS)
    redrawn = set(second.locator(".bb-panel[data-change=redrawn]").evaluate_all("els => els.map(e => e.dataset.panel)"))
    assert redrawn == named and second.locator(".bb-mark-kept").count() == 4 - len(named)
    assert second.locator(".bb-mark-redrawn").first.is_visible()
    assert "I redrew panel" in page.inner_text("#conversation")
    for key in ("zip", "png", "pdf", "cbz", "vtt", "srt", "json"):
        assert page.locator(f"#download-{key}").is_visible()
    bundle = page.request.get(studio_server.url + page.get_attribute("#download-zip", "href"))
    assert bundle.ok and bundle.body()[:2] == b"PK"
    assert page.dialogs == []
