"""The HTML of domain memories: what Brown learned from a comment, the curator's table, detail and audit trail.

Pure functions, kept apart from Gradio so every escape is unit-tested: memory
texts, user names and curator names are typed by people, so each one goes
through `esc` before it reaches the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from services.memory.domain_memories import (
    AuditEntry,
    DomainMemory,
    MemoryPage,
    MemoryStatus,
    Provenance,
    ReviewFlag,
    StoredMemory,
)
from services.web.identity import public_name
from services.web.views import esc, friendly_time, short

MEMORY_HEADERS = ["id", "memory", "status", "comic", "from user", "updated", "conflict"]
MEMORY_COLUMN_WIDTHS: list[str | int] = ["14%", "28%", "10%", "14%", "10%", "11%", "13%"]
# The memory's text is the button that selects it; the other cells are plain text, labelled for phone cards.
_PICK_COLUMN = 1
STATUS_WORDS = {
    MemoryStatus.NEW: "new",
    MemoryStatus.ACCEPTED: "accepted",
    MemoryStatus.REJECTED: "rejected",
    MemoryStatus.NEEDS_REVIEW: "needs review",
}
NOTHING_LEARNED = "Thanks! Noted — nothing here changes the story world."
AUDIT_FIELDS = {"status": "status", "memory": "text"}
VISITOR_PREFIXES = {"web-": "web visitor", "guest-": "API guest"}


def status_word(status: MemoryStatus | str) -> str:
    try:
        return STATUS_WORDS[MemoryStatus(status)]
    except ValueError:
        return str(status)


def reader_name(user_id: str | None) -> str:
    """Who commented, as the curator sees it. A browser's own id is its key to its comics, so only a hint of it
    is shown ("web visitor 87c0")."""
    if not user_id:
        return "anonymous"
    for prefix, kind in VISITOR_PREFIXES.items():
        if user_id.startswith(prefix):
            return f"{kind} {user_id[len(prefix):len(prefix) + 4]}"
    return public_name(user_id) or "anonymous"  # an API caller's own key, hashed: it would list their comics


def status_chip(status: MemoryStatus | str) -> str:
    value = str(getattr(status, "value", status))
    return f'<span class="bb-chip bb-chip-{esc(value)}">{esc(status_word(value))}</span>'


def conflict_marker(texts: Sequence[str]) -> str:
    """The table's conflict cell (plain text: the table shows it as text)."""
    return "⚠ contradicts: " + " · ".join(short(text, 60) for text in texts) if texts else ""


def learned_reason(stored: StoredMemory, conflicts: Mapping[str, DomainMemory]) -> str:
    """Why one learned memory looks the way it does, in the commenter's words."""
    record = stored.record
    if stored.duplicate:
        return f"already known — {status_word(record.status)}"
    if stored.conflicts_with:
        others = "; ".join(f"“{conflicts[i].memory}”" if i in conflicts else i for i in stored.conflicts_with)
        return f"new — flagged for the curator: it contradicts an accepted memory ({others})"
    if ReviewFlag.INCOMPLETE in stored.flags:
        return "new — flagged for the curator: the comic does not make clear who it is about"
    return f"{status_word(record.status)} — a curator will review it"


def feedback_outcome_html(learned: Sequence[StoredMemory], conflicts: Mapping[str, DomainMemory],
                          reply: str = "") -> str:
    """The note under the feedback box: what Brown learned from the comment, his question, or that nothing changed."""
    if not learned:
        return (f'<div class="bb-message bb-info bb-learned" role="status" data-learned="0">'
                f'<span class="bb-message-icon" aria-hidden="true">i</span>'
                f'<span>{esc(f"Brown: {reply}" if reply else NOTHING_LEARNED)}</span></div>')
    fresh = [s for s in learned if not s.duplicate]
    heading = "Brown learned:" if fresh else "Brown already knew this:"
    items = "".join(
        f'<li data-memory-id="{esc(s.record.memory_id)}" data-status="{esc(s.record.status.value)}">'
        f'<q class="bb-learned-text">{esc(s.record.memory)}</q> '
        f'<span class="bb-learned-why">({esc(learned_reason(s, conflicts))})</span> '
        f'<a class="bb-memory-link" href="#memory-section" data-memory-id="{esc(s.record.memory_id)}">'
        f'See it in the Memory tab</a></li>' for s in learned)
    hint = ("Once a curator accepts it, later comics use it." if fresh else "Nothing new to review.")
    said = f'<p class="bb-learned-reply">{esc(f"Brown: {reply}")}</p>' if reply else ""
    return (f'<div class="bb-message bb-ok bb-learned" role="status" data-learned="{len(fresh)}">'
            f'<span class="bb-message-icon" aria-hidden="true">✓</span><div><b>{esc(heading)}</b>'
            f'<ul class="bb-learned-list">{items}</ul><p class="bb-learned-hint">{esc(hint)}</p>{said}</div></div>')


def memory_rows(memories: Iterable[DomainMemory], conflicts: Mapping[str, Sequence[str]] | None = None,
                texts: Mapping[str, str] | None = None) -> list[list[str]]:
    """The curator's table, one row per memory in `MEMORY_HEADERS` order; a conflict names the other memory."""
    conflicts, texts = conflicts or {}, texts or {}
    return [[m.memory_id, m.memory, status_word(m.status), m.issue_id, reader_name(m.user_id),
             friendly_time(m.updated_at),
             conflict_marker([texts.get(other, other) for other in conflicts.get(m.memory_id, [])])]
            for m in memories]


def memory_table_html(rows: Sequence[Sequence[str]], selected: str | None = None) -> str:
    """The curator's table (cards on a phone): each memory's text is a button that opens it for curation."""
    if not rows:
        return '<p class="bb-muted bb-memory-empty">No memories here yet: corrections readers send show up here.</p>'
    head = "".join(f'<th scope="col">{esc(name)}</th>' for name in MEMORY_HEADERS)
    body = []
    for row in rows:
        memory_id = row[0]
        cells = []
        for number, (name, value) in enumerate(zip(MEMORY_HEADERS, row, strict=False)):
            if number == _PICK_COLUMN:
                shown = (f'<button type="button" class="bb-memory-pick" data-memory-id="{esc(memory_id)}">'
                         f'{esc(value)}</button>')
            elif name == "status":
                shown = status_chip(value.replace(" ", "_"))
            else:
                shown = esc(value)
            cells.append(f'<td class="bb-col-{esc(name.replace(" ", "-"))}" data-label="{esc(name)}">{shown}</td>')
        chosen = ' class="bb-row-selected"' if memory_id == selected else ""
        body.append(f'<tr data-memory-id="{esc(memory_id)}"{chosen}>{"".join(cells)}</tr>')
    return (f'<div class="bb-memory-table-wrap"><table class="bb-memory-table"><caption class="bb-sr">Memories; '
            f'pick one to curate it</caption><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
            f'</div>')


def pager_html(page: MemoryPage, search: str = "") -> str:
    """Where the table is in the whole list: "Page 2 of 5 · 230 memories" (and what was searched for)."""
    found = f"{page.total} memor{'y' if page.total == 1 else 'ies'}"
    if search:
        found += f" matching “{short(search, 60)}”"
    return (f'<p class="bb-muted bb-memory-pager" role="status" data-page="{page.page}" data-pages="{page.pages}" '
            f'data-total="{page.total}">Page {page.page} of {page.pages} · {esc(found)}</p>')


def audit_html(entries: Sequence[AuditEntry], texts: Mapping[str, str] | None = None, empty: str = "") -> str:
    """Who changed what and when, newest first, as a small table; with `texts`, a column names each memory."""
    if not entries:
        return f'<p class="bb-muted bb-audit-empty">{esc(empty or "No curator has changed it yet.")}</p>'
    head = "<th>memory</th>" if texts is not None else ""
    rows = []
    for e in entries:
        named = (f'<td class="bb-audit-memory" data-label="memory" title="{esc(e.memory_id)}">'
                 f'{esc(short(texts.get(e.memory_id, e.memory_id), 48))}</td>' if texts is not None else "")
        rows.append(f'<tr class="bb-audit-row">{named}<td data-label="when">{esc(friendly_time(e.at))}</td>'
                    f'<td data-label="who">{esc(e.curator)}</td>'
                    f'<td data-label="changed">{esc(AUDIT_FIELDS.get(e.field, e.field))}</td>'
                    f'<td class="bb-audit-old" data-label="from">{_audit_value(e.field, e.old)}</td>'
                    f'<td class="bb-audit-new" data-label="to">{_audit_value(e.field, e.new)}</td></tr>')
    return (f'<div class="bb-audit-wrap"><table class="bb-audit"><thead><tr>{head}<th>when</th><th>who</th>'
            f'<th>changed</th><th>from</th><th>to</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')


def _audit_value(field: str, value: str) -> str:
    return status_chip(value) if field == "status" else f"<q>{esc(value)}</q>"


def memory_detail_html(record: DomainMemory | None, conflicts: Sequence[DomainMemory] = (),
                       audit: Sequence[AuditEntry] = (), texts: Mapping[str, str] | None = None,
                       provenance: Sequence[Provenance] = (), flags: Sequence[str] = ()) -> str:
    """The selected memory: its text and status, where it came from, what it contradicts, its audit trail.

    Without a selection: the latest curation across all memories, so the log is never hidden.
    """
    if record is None:
        return ('<div class="bb-memory-detail bb-memory-none"><p class="bb-muted">Click a row to curate a memory '
                'and read its audit trail.</p><h3>Latest curation</h3>'
                f'{audit_html(audit, texts or {}, empty="Nothing curated yet.")}</div>')
    clash = ""
    if conflicts:
        items = "".join(f"<li><q>{esc(c.memory)}</q> {status_chip(c.status)} <code>{esc(c.memory_id)}</code></li>"
                        for c in conflicts)
        clash = (f'<div class="bb-conflict" role="note"><b>⚠ Contradicts an accepted memory</b>'
                 f'<ul>{items}</ul><p>Accept only one of them.</p></div>')
    source = (f'From comment <code>{esc(record.comment_id)}</code> on comic <code>{esc(record.issue_id)}</code>'
              f' by <b>{esc(reader_name(record.user_id))}</b> · created {esc(friendly_time(record.created_at))}'
              f' · updated {esc(friendly_time(record.updated_at))}')
    return (f'<div class="bb-memory-detail" data-memory-id="{esc(record.memory_id)}" '
            f'data-status="{esc(record.status.value)}"><div class="bb-memory-head">{status_chip(record.status)}'
            f'<code>{esc(record.memory_id)}</code></div><p class="bb-memory-text"><q>{esc(record.memory)}</q></p>'
            f'<p class="bb-muted bb-memory-source">{source}</p>{_flags_html(flags)}{clash}'
            f'{provenance_html(provenance)}<h3>Audit trail</h3>{audit_html(audit)}</div>')


def _flags_html(flags: Sequence[str]) -> str:
    if ReviewFlag.INCOMPLETE.value not in flags:
        return ""
    return ('<p class="bb-conflict bb-flag-incomplete" role="note"><b>⚠ Incomplete:</b> the comic did not make '
            'clear who or what it is about; edit it to name them before accepting.</p>')


def provenance_html(provenance: Sequence[Provenance]) -> str:
    """Every comment that taught the memory (a fact taught again links the new comment and reader too)."""
    if len(provenance) < 2:
        return ""
    items = "".join(f'<li data-comment-id="{esc(p.comment_id)}">comment <code>{esc(p.comment_id)}</code> on comic '
                    f'<code>{esc(p.issue_id)}</code> by <b>{esc(reader_name(p.user_id))}</b> · '
                    f'{esc(friendly_time(p.at))}</li>' for p in provenance)
    return f'<div class="bb-provenance"><h3>Taught by {len(provenance)} comments</h3><ul>{items}</ul></div>'


def curator_hint_html(locked: bool) -> str:
    """Whether this studio asks for the curator token."""
    if locked:
        return ('<p class="bb-curator-hint bb-locked"><b>Locked:</b> this studio has a curator token; accepting, '
                'rejecting, editing and importing need it.</p>')
    return ('<p class="bb-curator-hint"><b>Open:</b> no curator token is configured here, so anyone may curate; '
            'leave the token empty.</p>')
