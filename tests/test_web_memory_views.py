"""The domain-memory HTML: what Brown learned, the curator's table, the selected memory and its audit trail."""

from __future__ import annotations

from datetime import UTC, datetime

from services.memory.domain_memories import AuditEntry, DomainMemory, MemoryStatus, ReviewFlag, StoredMemory
from services.web import memory_views as views

XSS = "<img src=x onerror=alert(1)>"
TEMPLATE = "${alert(1)} {{value}}"
AT = datetime(2025, 1, 2, 3, 4, tzinfo=UTC)


def memory(text: str = "Brown is a dog, not a cat.", status: MemoryStatus = MemoryStatus.NEW, **fields) -> DomainMemory:
    return DomainMemory(issue_id="comic_1", comment_id="comment_1", memory=text, status=status, **fields)


def test_a_correction_says_what_brown_learned_and_that_a_curator_reviews_it() -> None:
    html = views.feedback_outcome_html([StoredMemory(record=memory())], {})
    assert "Brown learned:" in html and "<q class=\"bb-learned-text\">Brown is a dog, not a cat.</q>" in html
    assert "(new — a curator will review it)" in html and 'data-learned="1"' in html and "bb-ok" in html
    record = memory()
    link = f'<a class="bb-memory-link" href="#memory-section" data-memory-id="{record.memory_id}">'
    assert link in views.feedback_outcome_html([StoredMemory(record=record)], {})  # the reply links to the memory


def test_the_curators_table_picks_a_memory_by_its_text_and_labels_every_cell_for_phone_cards() -> None:
    record = memory(XSS + TEMPLATE, MemoryStatus.NEEDS_REVIEW, user_id="web-87c0aa11bb22cc33")
    html = views.memory_table_html(views.memory_rows([record]))
    assert html.count("<th scope=\"col\">") == len(views.MEMORY_HEADERS) and html.count("data-label=") == 7
    assert f'<button type="button" class="bb-memory-pick" data-memory-id="{record.memory_id}">' in html
    assert "<img src=x" not in html and "$" not in html and "{{" not in html
    assert "bb-chip-needs_review" in html and "web visitor 87c0" in html
    assert "No memories here yet" in views.memory_table_html([])


def test_memory_text_with_markup_is_shown_as_text_everywhere() -> None:
    record = memory(XSS + TEMPLATE, user_id=XSS)
    outputs = [views.feedback_outcome_html([StoredMemory(record=record)], {}),
               views.memory_detail_html(record, [memory(XSS, MemoryStatus.ACCEPTED)],
                                        [AuditEntry(memory_id=record.memory_id, curator=XSS, at=AT, field="memory",
                                                    old=XSS, new=TEMPLATE)])]
    for html in outputs:
        assert "<img" not in html and "${" not in html and "{{" not in html
        assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_duplicates_conflicts_and_unclear_memories_each_say_why() -> None:
    accepted = memory("Brown is a cat.", MemoryStatus.ACCEPTED)
    known = views.feedback_outcome_html([StoredMemory(record=memory(status=MemoryStatus.ACCEPTED), duplicate=True)],
                                        {})
    assert "Brown already knew this:" in known and "already known — accepted" in known and 'data-learned="0"' in known
    clash = views.feedback_outcome_html([StoredMemory(record=memory(), conflicts_with=[accepted.memory_id],
                                                      flags=[ReviewFlag.CONTRADICTS])],
                                        {accepted.memory_id: accepted})
    assert "new — flagged for the curator: it contradicts an accepted memory (“Brown is a cat.”)" in clash
    unclear = views.feedback_outcome_html([StoredMemory(record=memory("He is a dog."), flags=[ReviewFlag.INCOMPLETE])],
                                          {})
    assert "new — flagged for the curator: the comic does not make clear who it is about" in unclear


def test_a_correction_that_names_nothing_shows_browns_question() -> None:
    html = views.feedback_outcome_html([], {}, "What is wrong? <Tell> me.")
    assert "Brown: What is wrong? &lt;Tell&gt; me." in html and views.NOTHING_LEARNED not in html


def test_no_correction_means_a_plain_thank_you() -> None:
    html = views.feedback_outcome_html([], {})
    assert views.NOTHING_LEARNED in html and "bb-info" in html and "Brown learned" not in html


def test_rows_follow_the_headers_and_mark_conflicts_with_the_other_text() -> None:
    accepted = memory("Brown is a cat.", MemoryStatus.ACCEPTED)
    record = memory(status=MemoryStatus.NEEDS_REVIEW, user_id="web-87c0232fc3714b2f")
    rows = views.memory_rows([record, accepted], {record.memory_id: [accepted.memory_id]},
                             {accepted.memory_id: accepted.memory})
    first = dict(zip(views.MEMORY_HEADERS, rows[0]))
    assert first["id"] == record.memory_id and first["status"] == "needs review" and first["comic"] == "comic_1"
    assert first["conflict"] == "⚠ contradicts: Brown is a cat." and rows[1][-1] == ""
    assert first["from user"] == "web visitor 87c0"  # a browser's id is its key to its comics: never shown whole
    assert len(views.MEMORY_HEADERS) == len(views.MEMORY_COLUMN_WIDTHS) == len(rows[0])
    assert views.memory_rows([]) == []


def test_the_selected_memory_shows_its_conflict_and_audit_trail() -> None:
    accepted = memory("Brown is a cat.", MemoryStatus.ACCEPTED)
    record = memory(status=MemoryStatus.ACCEPTED)
    audit = [AuditEntry(memory_id=record.memory_id, curator="ann", at=AT, field="status", old="new", new="accepted"),
             AuditEntry(memory_id=record.memory_id, curator="bob", at=AT, field="memory", old="Brown a dog",
                        new=record.memory)]
    html = views.memory_detail_html(record, [accepted], audit)
    assert f'data-memory-id="{record.memory_id}"' in html and "⚠ Contradicts an accepted memory" in html
    assert "<q>Brown is a cat.</q>" in html and html.count('class="bb-audit-row"') == 2
    assert html.index("ann") < html.index("bob") and "2025-01-02 03:04 UTC" in html
    assert 'bb-chip-new">new' in html and 'bb-chip-accepted">accepted' in html and "<q>Brown a dog</q>" in html
    assert "No curator has changed it yet." in views.memory_detail_html(record)


def test_without_a_selection_the_latest_curation_is_listed() -> None:
    entry = AuditEntry(memory_id="mem_1", curator="ann", at=AT, field="status", old="new", new="rejected")
    html = views.memory_detail_html(None, audit=[entry], texts={"mem_1": XSS})
    assert "Latest curation" in html and "&lt;img src=x" in html and "bb-chip-rejected" in html
    assert "<img" not in html and 'title="mem_1"' in html
    assert "Nothing curated yet." in views.memory_detail_html(None)


def test_the_curator_hint_says_whether_a_token_is_needed() -> None:
    assert "need it" in views.curator_hint_html(True) and "bb-locked" in views.curator_hint_html(True)
    assert "anyone may curate" in views.curator_hint_html(False)
