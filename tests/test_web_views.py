"""The studio's HTML builders: everything a person typed is escaped, and each view says what it should."""

from __future__ import annotations

from pathlib import Path

from services.memory.agent_memory import ChatLine
from services.schemas import (
    Attempt,
    ComicSession,
    Comment,
    Decision,
    FinalOutcome,
    Panel,
    PanelNote,
    StoryboardRequest,
    Verdict,
)
from services.storage.session_store import SessionSummary
from services.web import comic_views, views

XSS = "<img src=x onerror=alert(1)>"
TEMPLATE = "${alert(1)} {{value}} `x`"


def attempt(number: int = 1, subtitle: str = "Luna: Hi!", verdict: Verdict | None = None) -> Attempt:
    panels = [Panel(index=i, description=f"Panel {i} of a cat.", subtitle=subtitle,
                    image=f"attempt_{number}/panel_{i + 1}.png") for i in range(3)]
    return Attempt(attempt=number, panels=panels, verdict=verdict)


def verdict(decision: Decision = Decision.REFINE, ratio: float = 0.125) -> Verdict:
    return Verdict(decision=decision, reason=f"Only {ratio:.0%} matched {XSS}", final=decision != Decision.REFINE,
                   match_ratio=ratio, feedback="Draw the dog." if decision == Decision.REFINE else None)


def test_esc_shows_markup_and_template_syntax_literally() -> None:
    assert views.esc(XSS) == "&lt;img src=x onerror=alert(1)&gt;"
    escaped = views.esc(TEMPLATE)
    assert "$" not in escaped and "{" not in escaped and "`" not in escaped
    assert views.esc(None) == "" and views.esc('"q"') == "&quot;q&quot;"


def test_file_urls_point_at_gradios_file_route(tmp_path: Path) -> None:
    url = views.file_url(tmp_path / "a b.png")
    assert url.startswith("gradio_api/file=/") and url.endswith("a%20b.png")


def test_panels_show_every_subtitle_as_escaped_text_under_its_image(tmp_path: Path) -> None:
    page = comic_views.comic_html(attempt(subtitle=XSS), tmp_path, title=XSS, state="final")
    assert page.count('class="bb-panel-art"') == 3 and page.count('class="bb-subtitle"') == 3
    assert "<img src=x" not in page and page.count("&lt;img src=x onerror=alert(1)&gt;") == 4
    assert 'data-state="final"' in page and "bb-panels-3" in page


def test_a_verdict_card_says_decision_reason_ratio_and_attempt() -> None:
    card = views.verdict_card_html(2, verdict(Decision.REFINE, 0.25))
    assert 'data-decision="refine"' in card and "attempt 2 of 3" in card and "25%" in card
    assert "Draw the dog." in card and "&lt;img" in card and "<img" not in card


def test_the_conversation_reads_brief_attempt_verdict_in_order() -> None:
    request = StoryboardRequest(prompt=XSS, panels=3)
    chat = views.conversation_html(request, [attempt(1, verdict=verdict()), attempt(2)], ["Brown is a dog.", XSS])
    assert chat.index("a 3-panel classic comic") < chat.index("Brown remembered:") < chat.index("attempt 1 of 3")
    assert chat.index("attempt 1 of 3") < chat.index("bb-verdict")
    assert "Brown is a dog." in chat and "reviewing" in chat and "<img src=x" not in chat
    assert "reviewing" not in views.conversation_html(request, [attempt(1)], finished=True)
    assert "will show up here" in views.conversation_html(None, [])


def test_attempts_are_listed_newest_first_with_the_final_marked(tmp_path: Path) -> None:
    html = comic_views.attempts_html([attempt(1, verdict=verdict()), attempt(2, verdict=verdict(Decision.APPROVE, 0.5))],
                               tmp_path, final_attempt=2)
    assert html.index('data-attempt="2"') < html.index('data-attempt="1"')
    assert html.count("bb-final-tag") == 1 and "approve · 50% match" in html


def test_progress_marks_the_current_step_and_attempt() -> None:
    html = views.progress_html("Review", 2)
    assert "bb-step-now\">Review" in html and "attempt 2 of 3" in html and "bb-step-done\">Draw" in html
    assert "bb-step-now" not in views.progress_html("Done", 1, done=True)


def test_messages_escape_and_announce_errors() -> None:
    html = views.message_html(XSS, "error")
    assert 'role="alert"' in html and "<img" not in html


def test_style_cards_mark_the_chosen_style_and_fall_back_to_swatches(tmp_path: Path) -> None:
    styles = {"classic": {"label": "Classic", "blurb": "Bold."}, "noir": {"label": "Noir", "blurb": "Dark."}}
    html = views.style_cards_html(styles, {"classic": tmp_path / "c.png"}, "noir")
    assert html.count("data-style=") == 2 and 'bb-chosen" data-style="noir"' in html
    assert "bb-swatch-noir" in html and "<b>Noir:</b> Dark." in html


def test_history_labels_and_session_details() -> None:
    summary = SessionSummary(session_id="comic_1", created_at="2025-01-02T03:04:05+00:00", prompt="x" * 80,
                             style="classic", decision=None, user_id="u")
    label = views.session_label(summary)
    assert label.endswith("· 2025-01-02 03:04 UTC · unfinished") and "…" in label
    session = ComicSession(session_id="comic_1", request=StoryboardRequest(prompt=XSS, seed=3),
                           final=FinalOutcome(decision=Decision.APPROVE, attempt=1),
                           comments=[Comment(text=XSS)])
    detail = views.session_detail_html(session)
    assert "approve on attempt 1 of 3" in detail and "<img" not in detail and "bb-comment-text" in detail
    assert "Brown remembered" not in detail
    remembered = views.session_detail_html(session.model_copy(update={"domain_memories": ["Brown is a dog.", XSS]}))
    assert "Brown remembered:" in remembered and "<q>Brown is a dog.</q>" in remembered and "<img" not in remembered


def test_the_comic_names_the_memories_it_used(tmp_path: Path) -> None:
    page = comic_views.comic_html(attempt(), tmp_path, title="T", state="final", memories=["Brown is a dog.", XSS])
    assert page.index("Brown remembered:") < page.index("bb-panel-art") and "<img src=x" not in page
    assert "Brown remembered" not in comic_views.comic_html(attempt(), tmp_path)


def test_chat_messages_name_the_speaker_and_escape_the_text() -> None:
    lines = [ChatLine(role="user", content=XSS), ChatLine(role="assistant", content="Approved.")]
    messages = views.chat_messages(lines, "brown")
    assert [m["role"] for m in messages] == ["user", "assistant"]
    assert messages[0]["content"].startswith("**To Brown**") and "<img" not in messages[0]["content"]
    assert messages[1]["content"] == "**Brown**\n\nApproved."


def revision() -> Attempt:
    """A second attempt in which Bayko redrew panel 2 only, and a fallback renderer drew it."""
    first = attempt(1).panels
    redrawn = first[1].model_copy(update={"version": 2, "changed": True, "image": "attempt_2/panel_2.png",
                                          "drawn_by": "procedural", "notice": f"panel 2: image backend failed {XSS}"})
    kept = [p.model_copy(update={"changed": False}) for p in (first[0], first[2])]
    return Attempt(attempt=2, panels=[kept[0], redrawn, kept[1]])


def test_a_revision_shows_which_panels_were_redrawn_and_which_kept(tmp_path: Path) -> None:
    html = comic_views.attempts_html([attempt(1, verdict=verdict()), revision()], tmp_path)
    second, first = html.split('data-attempt="1"')
    assert second.count('data-change="redrawn"') == 1 and second.count('data-change="kept"') == 2
    assert 'data-panel="2" data-change="redrawn"' in second and "redrew panel 2, kept 1 and 3" in second
    assert "bb-mark-redrawn" not in first and 'data-change="drawn"' in first  # a first attempt has nothing to compare
    assert "<img src=x" not in html


def test_a_fallback_panel_is_marked_with_why_and_notices_show_calmly(tmp_path: Path) -> None:
    notice = f"LLM unavailable: HTTP 500 {XSS} - used the offline storyteller"
    page = comic_views.comic_html(revision(), tmp_path, state="final", notices=[notice, notice])
    assert page.count('data-fallback="true"') == 1 and page.count("bb-mark-fallback") == 1
    assert page.count('class="bb-notices"') == 1 and page.count("LLM unavailable") == 1 and 'role="note"' in page
    assert "<img src=x" not in page and "bb-mark-redrawn" not in page  # the reader's comic stays clean
    assert "bb-notices" not in comic_views.comic_html(attempt(), tmp_path)


def test_the_comic_follows_the_chosen_layout(tmp_path: Path) -> None:
    for layout in ("grid_2x2", "grid_3x2", "strip", "vertical"):
        page = comic_views.comic_html(attempt(), tmp_path, layout=layout)
        assert f'data-layout="{layout}"' in page and f"bb-layout-{layout}" in page
    assert 'data-layout="grid_2x2"' in comic_views.comic_html(attempt(), tmp_path, layout="bogus")
    assert [name for _, name in comic_views.LAYOUT_CHOICES] == ["grid_2x2", "grid_3x2", "strip", "vertical"]


def test_browns_verdict_names_the_panels_at_fault() -> None:
    words = [f"lamp{n}" for n in range(9)]
    card = views.verdict_card_html(1, verdict().model_copy(update={"panel_notes": [
        PanelNote(index=2, reason="shows none of the prompt's words", missing_words=words),
        PanelNote(index=0, reason=XSS, missing_words=[])]}))
    assert card.index("<b>Panel 1</b>") < card.index("<b>Panel 3</b>")
    assert "add lamp0, lamp1, lamp2, lamp3, lamp4, lamp5 +3 more" in card and "lamp6" not in card
    assert "For Bayko:</b> Draw the dog." not in card and "<img src=x" not in card  # the notes replace the summary
    chat = views.conversation_html(StoryboardRequest(prompt="p", panels=3), [attempt(1, verdict=verdict()), revision()])
    assert "I redrew panel 2 and kept the rest" in chat


def test_downloads_offer_the_bundle_first_then_each_file(tmp_path: Path) -> None:
    assert comic_views.downloads_html(tmp_path) == "" and comic_views.downloads_html(None) == ""
    for name in ("comic.png", "comic.pdf", "comic.cbz", "subtitles.vtt", "subtitles.srt", "comic.zip", "manifest.json"):
        (tmp_path / name).write_bytes(b"x")
    html = comic_views.downloads_html(tmp_path)
    ids = ["zip", "png", "pdf", "cbz", "vtt", "srt", "json"]
    positions = [html.index(f'id="download-{key}"') for key in ids]
    assert positions == sorted(positions) and html.count(" download=") == 7
    assert "Download everything (.zip)" in html and "gradio_api/file=" in html
