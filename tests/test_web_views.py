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
from services.storage.session_store import HistoryEntry
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
    assert "It shows up here." in views.conversation_html(None, [])


def test_attempts_are_listed_newest_first_with_the_final_marked(tmp_path: Path) -> None:
    html = comic_views.attempts_html([attempt(1, verdict=verdict()), attempt(2, verdict=verdict(Decision.APPROVE, 0.5))],
                               tmp_path, final_attempt=2)
    assert html.index('data-attempt="2"') < html.index('data-attempt="1"')
    assert html.count("bb-final-tag") == 1 and "Attempt 2 of 3 · approved · 50% match" in html
    assert "Attempt 1 of 3 · sent back · 12% match" in html  # a reader's words, not the enum's
    assert "· approve ·" not in html and "· refine ·" not in html


def test_progress_marks_the_current_step_and_attempt() -> None:
    html = views.progress_html("Review", 2)
    assert "bb-step-now\"><span aria-hidden=\"true\">● </span>Review" in html and "attempt 2 of 3" in html
    assert "bb-step-done\"><span aria-hidden=\"true\">✓ </span>Draw" in html
    assert views.progress_html("Done", 1, done=True) == ""  # the director's headline says how it ended


def test_the_director_headline_says_how_it_ended_and_keeps_the_verdicts_in_order() -> None:
    request = StoryboardRequest(prompt="A cat naps " * 180, panels=3)  # 1980 characters: quoted, not repeated whole
    approved = [attempt(1, verdict=verdict()), attempt(2, verdict=verdict(Decision.APPROVE, 0.5))]
    html = views.conversation_html(request, approved, finished=True)
    assert "Approved on attempt 2 of 3.</p>" in html and html.count("A cat naps") <= 17
    assert html.index("Approved on attempt 2 of 3") < html.index('data-decision="refine"') < html.index(
        'data-decision="approve"')
    rejected = Verdict(decision=Decision.REJECT, reason=f"Dialogue in the pictures {XSS}", final=True,
                       match_ratio=0.0)
    html = views.conversation_html(request, [attempt(1, verdict=rejected)], finished=True)
    assert "Rejected on attempt 1 of 3: Dialogue in the pictures &lt;img" in html and "<img src=x" not in html
    working = views.conversation_html(request, [attempt(1, verdict=verdict())])
    assert "Attempt 1 of 3: Bayko is redrawing (attempt 2 of 3)" in working


def test_bad_input_becomes_a_plain_sentence_for_its_field() -> None:
    assert views.plain_error("prompt: must not be empty.") == ("prompt", "Write a story first — a sentence is enough.")
    field, sentence = views.plain_error("prompt: must be at most 2000 characters after trimming (got 3000).", 3000)
    assert field == "prompt" and "3,000 characters" in sentence and "Shorten it by 1,000" in sentence
    assert views.plain_error("panels: must be between 1 and 8 (got 9).")[1] == "Pick between 1 and 8 panels."
    assert views.plain_error("seed: must be a whole number (got 'x').")[0] == "seed"
    assert views.counter_html(12) == '<p class="bb-counter" aria-live="polite">12 / 2000 characters</p>'


def test_messages_escape_and_announce_errors() -> None:
    html = views.message_html(XSS, "error")
    assert 'role="alert"' in html and "<img" not in html


def test_the_style_picker_shows_each_sample_and_the_chosen_blurb(tmp_path: Path) -> None:
    styles = {"classic": {"label": "Classic", "blurb": "Bold."}, "noir": {"label": "Noir", "blurb": XSS}}
    from PIL import Image

    Image.new("RGB", (300, 300), (200, 40, 40)).save(tmp_path / "c.png")
    css = views.style_thumbnails_css(list(styles), {"classic": tmp_path / "c.png"})
    assert css.startswith("<style>") and "label:nth-of-type(1)::before" in css
    assert 'url("data:image/png;base64,' in css and str(tmp_path) not in css  # inline: no path of this machine
    assert "label:nth-of-type(2)::before { background: linear-gradient" in css  # no sample: a swatch
    assert views.style_note_html(styles, "noir") == ('<p class="bb-style-blurb"><b>Noir:</b> '
                                                     '&lt;img src=x onerror=alert(1)&gt;</p>')


def test_history_labels_and_session_details(tmp_path: Path) -> None:
    session = ComicSession(session_id="comic_1", request=StoryboardRequest(prompt=XSS, seed=3, style="pop_art"),
                           final=FinalOutcome(decision=Decision.APPROVE, attempt=1),
                           comments=[Comment(text=XSS)])
    detail = views.session_detail_html(session)
    assert "Approved on attempt 1 of 3" in detail and "<img" not in detail and "bb-comment-text" in detail
    assert detail.count("&lt;img src=x") == 2 and "You asked" not in detail  # no title: the prompt, once
    titled = views.session_detail_html(session.model_copy(update={"title": "Pip's day"}))
    assert "<h3>Pip&#x27;s day</h3>" in titled and "You asked: <q>&lt;img" in titled
    assert "Brown remembered" not in detail
    remembered = views.session_detail_html(session.model_copy(update={"domain_memories": ["Brown is a dog.", XSS]}))
    assert "Brown remembered:" in remembered and "<q>Brown is a dog.</q>" in remembered and "<img" not in remembered
    entry = listed_entry(session, tmp_path / "p.png")
    listed = views.history_html([entry, entry.model_copy(update={"session_id": "c2", "thumbnail": None})], "c2")
    assert listed.count('class="bb-history-item"') == 2 and 'data-session="c2"' in listed and "p.png" in listed
    assert "Pop art · 4 panels · " in listed and "· approved</span>" in listed and "<img src=x" not in listed
    assert 'data-session="c2" aria-pressed="true"' in listed and listed.count('aria-pressed="false"') == 1
    assert "No comics yet" in views.history_html([])
    assert "· rejected</span>" in views.history_html([entry.model_copy(update={"decision": "reject"})])
    assert "· unfinished</span>" in views.history_html([entry.model_copy(update={"decision": None})])
    titled = views.history_html([entry.model_copy(update={"title": "Pip's day", "panels": 1})])
    assert "Pip&#x27;s day</b>" in titled and "Pop art · 1 panel · " in titled
    unread = views.history_html([entry.model_copy(update={"panels": 0})])  # its record could not be read
    assert "Pop art · 20" in unread and "panel" not in unread.split("bb-history-meta")[1]


def listed_entry(session: ComicSession, thumbnail: Path | None) -> HistoryEntry:
    """What the index lists of `session`."""
    return HistoryEntry(session_id=session.session_id, created_at=session.created_at, prompt=session.request.prompt,
                        style=session.request.style, decision=session.final.decision.value if session.final else None,
                        title=session.title, panels=session.request.panels, thumbnail=thumbnail)


def test_the_comic_names_the_memories_it_used(tmp_path: Path) -> None:
    page = comic_views.comic_html(attempt(), tmp_path, title="T", state="final", memories=["Brown is a dog.", XSS])
    assert page.index("Brown remembered:") < page.index("bb-panel-art") and "<img src=x" not in page
    assert "Brown remembered" not in comic_views.comic_html(attempt(), tmp_path)


def test_transcripts_read_as_a_conversation_with_names_not_ids() -> None:
    brown = [ChatLine(role="user", content=f"Comment from web-99c2aa0b1c2d3e4f (comment_1f20aa): No — {XSS}"),
             ChatLine(role="assistant", content="Learned from comment comment_1f20aa: Miso is orange. (new)")]
    html = views.transcript_html(brown, "brown")
    assert "web-99c2" not in html and "comment_1f20" not in html and "<img src=x" not in html
    assert "Reader</div>" in html and "No — &lt;img" in html and "Learned from the reader&#x27;s comment" in html
    bayko = [ChatLine(role="assistant", content="Attempt 1: 2 panels, drawn anew: 1, 2.\nPanel 1: A cat. | "
                                                 "Subtitle: Hi!\nPanel 2: A dog. | Subtitle: Bye.")]
    html = views.transcript_html(bayko, "bayko")
    assert "| Subtitle:" not in html and html.count("<li><b>Panel") == 2 and "<b>Subtitle:</b> Bye." in html
    assert "Attempt 1: 2 panels" in html and "Bayko</div>" in html


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
    assert card.index('data-panel="1">Panel 1 ') < card.index('data-panel="3">Panel 3 ')
    assert ("Panel 3 shows nothing the story names yet. It should show “lamp0”, “lamp1”, “lamp2”, “lamp3”, "
            "“lamp4”, “lamp5” and 3 other words from the story.") in card and "lamp6" not in card and "+3 more" not in card
    assert "For Bayko:</b> Draw the dog." not in card and "<img src=x" not in card  # the notes replace the summary
    chat = views.conversation_html(StoryboardRequest(prompt="p", panels=3), [attempt(1, verdict=verdict()), revision()])
    assert "Here is attempt 2 of 3: I redrew panel 2 and kept the rest." in chat


def test_downloads_offer_the_bundle_first_then_each_file(tmp_path: Path) -> None:
    assert comic_views.downloads_html(tmp_path) == "" and comic_views.downloads_html(None) == ""
    (tmp_path / "manifest.json").write_bytes(b"x")  # a finished comic; no export written yet (made on demand)
    html = comic_views.downloads_html(tmp_path)
    ids = ["zip", "png", "pdf", "cbz", "vtt", "srt", "json"]
    positions = [html.index(f'id="download-{key}"') for key in ids]
    assert positions == sorted(positions) and html.count(" download=") == 7
    assert "Download everything (.zip)" in html and "gradio_api/file=" not in html
    assert f'href="comic/{tmp_path.name}/comic.pdf"' in html  # the studio's own route, which writes the file


def test_a_bubble_and_the_headline_keep_their_markup_from_the_templates() -> None:
    # The markup the page's CSS and screen readers rely on, byte for byte as the f-strings made it.
    assert views.bubble("Brown", "<p>hi</p>") == (
        '<div class="bb-line bb-from-brown"><div class="bb-avatar bb-avatar-brown" role="img" aria-label="Brown">Br'
        '</div><div class="bb-bubble"><div class="bb-speaker">Brown</div><p>hi</p></div></div>')
    assert 'aria-label="&lt;img src=x onerror=alert(1)&gt;">&lt;</div>' in views.bubble(XSS, "")
    assert views.outcome_line([attempt(1)]) == ('<p class="bb-outcome bb-outcome-working">Attempt 1 of 3: Brown is '
                                                'reviewing it…</p>')
    assert views.outcome_line([attempt(1, verdict=verdict())]).endswith("Bayko is redrawing (attempt 2 of 3)…</p>")
    assert views.outcome_line([], finished=True) == '<p class="bb-outcome">Unfinished: Brown never gave a final verdict.</p>'
    card = views.verdict_card_html(1, verdict())
    assert card.startswith('<div class="bb-verdict bb-verdict-refine" data-decision="refine"><div class="bb-verdict-head">')
    assert 'aria-valuenow="12" aria-label="How much of the story the panels show"><div style="width:12%"></div></div>' in card
    assert '<p class="bb-feedback"><b>For Bayko:</b> Draw the dog.</p></div>' in card and "<img src=x" not in card
