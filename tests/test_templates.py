"""The studio's templates: every value escaped exactly once with the studio's rule (gr.HTML's template characters
too), a missing value is an error rather than a blank, and every template renders."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from jinja2 import StrictUndefined, Template, UndefinedError
from markupsafe import Markup

from services.memory.agent_memory import ChatLine
from services.memory.domain_memories import (
    AuditEntry,
    DomainMemory,
    MemoryPage,
    MemoryStatus,
    Provenance,
    ReviewFlag,
    StoredMemory,
)
from services.schemas import (
    Attempt,
    ComicSession,
    ComicVersion,
    Comment,
    Decision,
    FinalOutcome,
    Panel,
    PanelNote,
    StoryboardRequest,
    Verdict,
)
from services.storage.session_store import HistoryEntry
from services.web import (
    comic_views,
    memory_views,
    revision_views,
    sample_comic,
    share_ui,
    stage_views,
    templates,
    views,
)

# The attack strings of tests/security: markup, gr.HTML's template syntax, backticks, quotes that end attributes.
ATTACKS = ["<script>alert(1)</script>", "{{7*7}}", "${x}", "`whoami`", '" onmouseover="alert(1)', "' autofocus='"]
ATTACK = " ".join(ATTACKS)
AT = datetime(2025, 1, 2, 3, 4, tzinfo=UTC)
FAMILIES = ("views", "comic", "memory", "revision", "stage")  # the folders the view modules render
# Filters and syntax with which Jinja escapes on its own (markupsafe: no entities for { } $ `) or not at all.
BYPASSES = re.compile(r"\|\s*(safe|e|escape|forceescape|join|xmlattr|urlize)\b|~|autoescape")


def assert_inert(html: str) -> None:
    """Nothing of the attack is live: no element, no template syntax for gr.HTML, no attribute broken out of."""
    assert "<script" not in html and "{{" not in html and "${" not in html and "`" not in html
    assert 'onmouseover="' not in html and "autofocus='" not in html
    assert "&lt;script&gt;" in html and "&#123;&#123;7*7&#125;&#125;" in html


def test_a_value_is_escaped_with_the_studios_rule_including_gradios_template_characters() -> None:
    html = templates.render("views/style_note.html", label=ATTACK, blurb="a & b")
    assert_inert(html)
    assert "&#123;&#123;7*7&#125;&#125;" in html and "&#36;&#123;x&#125;" in html and "&#96;whoami&#96;" in html
    assert "&quot; onmouseover=&quot;" in html and "&#x27; autofocus=&#x27;" in html
    assert "a &amp; b" in html and "&amp;amp;" not in html  # once, never twice
    assert templates.escape_text(None) == "" and views.esc(ATTACK) == str(templates.escape_text(ATTACK))


def test_html_a_view_made_is_placed_once_not_escaped_again() -> None:
    notices = views.notices_html(["R&D <b>"])
    html = templates.render("comic/page.html", state="final", attempt=1, layout="strip", title="", note="",
                            notices=templates.safe(notices), remembered=Markup(""), panels=Markup(""))
    assert notices in html and "R&amp;D &lt;b&gt;" in html and "&amp;amp;" not in html and "&lt;div" not in html


def test_a_missing_value_raises_instead_of_rendering_blank() -> None:
    with pytest.raises(UndefinedError):
        templates.render("views/counter.html", limit=2000)
    with pytest.raises(UndefinedError):
        templates.render("comic/page.html", state="draft", attempt=1)


def test_the_environment_is_built_once_with_autoescape_and_strict_undefined() -> None:
    assert templates.ENVIRONMENT.autoescape is True
    assert templates.ENVIRONMENT.undefined is StrictUndefined
    assert Path(__file__).resolve().parents[1] / "assets" / "templates" / "studio" == templates.TEMPLATE_DIR


def test_no_template_uses_jinjas_own_escaping_which_skips_the_template_characters() -> None:
    # Why: with autoescape, `|join` and `~` escape with markupsafe, which leaves { } $ ` for gr.HTML to run.
    probe = templates.ENVIRONMENT.from_string("{{ [a, b]|join(' ') }}")
    assert "${" in probe.render(a=Markup("<i>"), b="${x}")
    for name in templates.ENVIRONMENT.list_templates():
        source = (templates.TEMPLATE_DIR / name).read_text(encoding="utf-8")
        code = re.sub(r"\{#.*?#\}", "", source, flags=re.S)
        used = [m.group(0) for m in re.finditer(r"\{\{.*?\}\}|\{%.*?%\}", code, flags=re.S)
                if BYPASSES.search(m.group(0))]
        assert not used, f"{name} escapes on its own: {used}"


def test_every_template_in_the_folder_compiles() -> None:
    names = templates.ENVIRONMENT.list_templates()
    assert len(names) >= 25
    for name in names:
        assert isinstance(templates.ENVIRONMENT.get_template(name), Template)


def _panels(text: str, notice: str | None = None) -> list[Panel]:
    return [Panel(index=i, description=text, subtitle=text, image=f"a/p{i}.png", notice=notice if i == 0 else None,
                  changed=i != 1) for i in range(3)]


def _session(text: str) -> ComicSession:
    versions = [ComicVersion(number=1, attempt=1), ComicVersion(number=2, attempt=2, instruction=text, reply=text)]
    return ComicSession(session_id=text, title=text, request=StoryboardRequest(prompt=text, panels=3, style="manga"),
                        attempts=[Attempt(attempt=1, panels=_panels(text, text)),
                                  Attempt(attempt=2, panels=_panels(text))],
                        versions=versions, shown=2, final=FinalOutcome(decision=Decision.APPROVE, attempt=1),
                        comments=[Comment(text=text, created_at=AT)], notices=[text], domain_memories=[text])


def _every_view(text: str, folder: Path) -> list[str]:
    """Each converted view once (and both sides of its branches), with `text` wherever a person could type."""
    session = _session(text)
    record = DomainMemory(issue_id=text, comment_id=text, memory=text, status=MemoryStatus.NEEDS_REVIEW, user_id=text)
    other = DomainMemory(issue_id="c", comment_id="m", memory=text, status=MemoryStatus.ACCEPTED)
    audit = [AuditEntry(memory_id=record.memory_id, curator=text, at=AT, field="status", old="new", new="accepted"),
             AuditEntry(memory_id=record.memory_id, curator=text, at=AT, field="memory", old=text, new=text)]
    sources = [Provenance(memory_id="m", issue_id=text, comment_id=text, user_id=text, at=AT)] * 2
    lines = [ChatLine(role="user", content=f"Comment from web-99c2aa11 (comment_1f20): {text}"),
             ChatLine(role="assistant", content=f"Reply: {text}"),
             ChatLine(role="assistant", content=f"Version 2: approve ({text})"),
             ChatLine(role="user", content=f"Received revision request for version 2: {text}"),
             ChatLine(role="assistant", content=f"{text}\nPanel 1: {text} | Subtitle: {text}")]
    listed = HistoryEntry(session_id=text, created_at=AT, prompt=text, style=text, decision=text, title=text,
                          panels=3, thumbnail=folder / "t.png")
    for name in ("comic.zip", "comic.png", "subtitles.vtt", "manifest.json"):
        (folder / name).write_text("x")
    rows = memory_views.memory_rows([record, other])
    asked = Verdict(decision=Decision.REFINE, reason=text, final=False, match_ratio=0.5, feedback=text,
                    panel_notes=[PanelNote(index=0, reason=text, missing_words=[text])], concepts_found=[text],
                    concepts_missing=[text], events_found=[text], events_missing=[text])
    ended = asked.model_copy(update={"decision": Decision.REJECT, "final": True, "panel_notes": []})
    judged = [Attempt(attempt=1, panels=_panels(text), verdict=asked),
              Attempt(attempt=2, panels=_panels(text), verdict=ended)]
    directing = [views.conversation_html(session.request, judged, [text], turns=""), views.conversation_html(None, []),
                 views.conversation_html(session.request, [Attempt(attempt=1, panels=_panels(text))]),
                 views.outcome_line([], finished=True), views.outcome_line([]), views.outcome_line(judged[:1]),
                 views.bubble(text, views.message_html(text))]
    return [views.message_html(text, "error"), views.counter_html(3), views.style_note_html({}, text),
            views.style_thumbnails_css(["a", "b"], {}), views.progress_html("Draw", 2),
            views.remembered_html([text], compact=True), views.notices_html([text]),
            views.history_html([listed, listed.model_copy(update={"thumbnail": None})], text),
            views.history_html([]),
            views.session_detail_html(session), views.session_detail_html(session.model_copy(update={"comments": []})),
            views.transcript_html(lines, "brown"), views.transcript_html(lines, "bayko"), views.transcript_html([], "x"),
            comic_views.comic_html(session.attempts[0], folder, text, text, "final", [text], "strip", [text]),
            comic_views.attempts_html(session.attempts, folder, 1, session.versions), comic_views.attempts_html([], folder),
            comic_views.empty_comic_html(), comic_views.downloads_html(folder, 2, text),
            memory_views.feedback_outcome_html([StoredMemory(record=record, flags=[ReviewFlag.INCOMPLETE])], {}, text),
            memory_views.feedback_outcome_html([], {}, text), memory_views.memory_table_html(rows, record.memory_id),
            memory_views.memory_table_html([]), memory_views.pager_html(MemoryPage(memories=[], total=1, page=1, pages=1),
                                                                        text),
            memory_views.memory_detail_html(record, [other], audit, {}, sources, [ReviewFlag.INCOMPLETE.value]),
            memory_views.memory_detail_html(None, audit=audit, texts={record.memory_id: text}),
            memory_views.curator_hint_html(True), memory_views.curator_hint_html(False),
            memory_views.status_chip(text),
            revision_views.versions_html(session),
            revision_views.turns_html(session, [{"after": 1, "instruction": text, "question": text}], text),
            share_ui._links(text), stage_views.skeleton_comic_html(3, text), sample_comic.sample_stage_html(),
            *directing]


def test_every_view_template_renders_and_keeps_every_attack_inert(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: set[str] = set()
    load: Callable[..., Any] = templates.ENVIRONMENT.get_template

    def spy(name: Any, *args: Any, **kwargs: Any) -> Any:
        loaded.add(str(name))
        return load(name, *args, **kwargs)

    monkeypatch.setattr(templates.ENVIRONMENT, "get_template", spy)
    for html in _every_view(ATTACK, tmp_path):
        if "&lt;" in html or ATTACK[:5] in html:  # the views that show the text at all
            assert_inert(html)
        assert "{{" not in html and "${" not in html and "`" not in html
    ours = {name for name in templates.ENVIRONMENT.list_templates() if name.split("/")[0] in FAMILIES}
    assert ours - loaded == set()
