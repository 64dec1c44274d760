"""The HTML of domain memories: what Brown learned from a comment, the curator's table, detail and audit trail.

Pure functions, kept apart from Gradio so every escape is unit-tested: memory
texts, user names and curator names are typed by people, so each one reaches the
page through a template of assets/templates/studio/memory/, which escapes every value.
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
from services.web.templates import render, safe
from services.web.views import friendly_time, short

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
    return render("memory/chip.html", value=value, word=status_word(value))


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
    fresh = [s for s in learned if not s.duplicate]
    items = [{"memory_id": s.record.memory_id, "status": s.record.status.value, "text": s.record.memory,
              "why": learned_reason(s, conflicts)} for s in learned]
    return render("memory/feedback_outcome.html", items=items, fresh=len(fresh), reply=reply,
                  said=f"Brown: {reply}" if reply else NOTHING_LEARNED,
                  heading="Brown learned:" if fresh else "Brown already knew this:",
                  hint="Once a curator accepts it, later comics use it." if fresh else "Nothing new to review.")


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
    def cell(number: int, name: str, value: str) -> dict[str, str]:
        kind = "pick" if number == _PICK_COLUMN else ("status" if name == "status" else "text")
        value = value.replace(" ", "_") if kind == "status" else value  # the chip's class: 'needs_review'
        return {"kind": kind, "name": name, "column": name.replace(" ", "-"), "value": value,
                "word": status_word(value) if kind == "status" else ""}

    shown = [{"memory_id": row[0], "selected": row[0] == selected,
              "cells": [cell(number, name, value)
                        for number, (name, value) in enumerate(zip(MEMORY_HEADERS, row, strict=False))]}
             for row in rows]
    return render("memory/table.html", headers=MEMORY_HEADERS, rows=shown)


def pager_html(page: MemoryPage, search: str = "") -> str:
    """Where the table is in the whole list: "Page 2 of 5 · 230 memories" (and what was searched for)."""
    found = f"{page.total} memor{'y' if page.total == 1 else 'ies'}"
    if search:
        found += f" matching “{short(search, 60)}”"
    return render("memory/pager.html", page=page, found=found)


def audit_html(entries: Sequence[AuditEntry], texts: Mapping[str, str] | None = None, empty: str = "") -> str:
    """Who changed what and when, newest first, as a small table; with `texts`, a column names each memory."""
    rows = [{"memory_id": e.memory_id, "memory": short((texts or {}).get(e.memory_id, e.memory_id), 48),
             "when": friendly_time(e.at), "curator": e.curator, "changed": AUDIT_FIELDS.get(e.field, e.field),
             "old": _audit_value(e.field, e.old), "new": _audit_value(e.field, e.new)} for e in entries]
    return render("memory/audit.html", entries=rows, named=texts is not None,
                  empty=empty or "No curator has changed it yet.")


def _audit_value(field: str, value: str) -> dict[str, str | None]:
    """A changed value: a status shows as its chip (so with its word), a text as a quote (no word)."""
    return {"value": value, "word": status_word(value) if field == "status" else None}


def memory_detail_html(record: DomainMemory | None, conflicts: Sequence[DomainMemory] = (),
                       audit: Sequence[AuditEntry] = (), texts: Mapping[str, str] | None = None,
                       provenance: Sequence[Provenance] = (), flags: Sequence[str] = ()) -> str:
    """The selected memory: its text and status, where it came from, what it contradicts, its audit trail.

    Without a selection: the latest curation across all memories, so the log is never hidden.
    """
    if record is None:
        return render("memory/detail.html", record=None,
                      audit=safe(audit_html(audit, texts or {}, empty="Nothing curated yet.")))
    others = [{"memory": c.memory, "memory_id": c.memory_id, "status": c.status.value, "word": status_word(c.status)}
              for c in conflicts]
    return render("memory/detail.html", record=record, status=record.status.value,
                  status_word=status_word(record.status), reader=reader_name(record.user_id),
                  created=friendly_time(record.created_at), updated=friendly_time(record.updated_at),
                  incomplete=ReviewFlag.INCOMPLETE.value in flags, conflicts=others,
                  provenance=safe(provenance_html(provenance)), audit=safe(audit_html(audit)))


def provenance_html(provenance: Sequence[Provenance]) -> str:
    """Every comment that taught the memory (a fact taught again links the new comment and reader too)."""
    if len(provenance) < 2:
        return ""
    sources = [{"comment_id": p.comment_id, "issue_id": p.issue_id, "reader": reader_name(p.user_id),
                "at": friendly_time(p.at)} for p in provenance]
    return render("memory/provenance.html", sources=sources)


def curator_hint_html(locked: bool) -> str:
    """Whether this studio asks for the curator token."""
    return render("memory/curator_hint.html", locked=locked)
