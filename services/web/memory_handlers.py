"""What the studio does with readers' comments and domain memories: feedback, curation, edit, export, import.

Like `handlers`, every function takes the shared `Studio` and everything
about the person as arguments (their curator token comes from the page or the
API call, never from a global). UI handlers answer with {view name: value};
`learned_json` is the API's plain-data answer. Every failure becomes one
sentence on the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import gradio as gr

from agents.studio import CommentOutcome, Studio, check_comment_text
from services.memory.curator_access import curation_locked, curation_refused
from services.memory.domain_memories import DomainMemory
from services.memory.memory_listing import PAGE_MAX, MemoryQuery, check_search, parse_order
from services.schemas import InvalidRequest
from services.storage.session_store import write_atomically
from services.web import memory_views, uploads, views
from services.web.comment_rates import CommentRates
from services.web.handlers import failure_text
from services.web.identity import browser_owner, public_records

MEMORY_FILTERS = (("All", "all"), ("New", "new"), ("Accepted", "accepted"), ("Rejected", "rejected"),
                  ("Needs review", "needs_review"))
MEMORY_ORDERS = (("Recently changed", "changed"), ("Oldest new first", "oldest_new"), ("Newest first", "newest"))
TABLE_PAGE = 50  # rows on one page of the curator's table
EXPORT_NAME = "domain_memories.json"
IMPORT_MAX_BYTES = 5_000_000
WEB_CURATOR = "web curator"
LATEST_AUDIT = 8
DOING = "working on domain memories"


def _records(studio: Studio, memory_ids: Iterable[str]) -> dict[str, DomainMemory]:
    """The memories with these ids (ids no longer stored are left out)."""
    found: dict[str, DomainMemory] = {}
    for memory_id in dict.fromkeys(memory_ids):
        try:
            found[memory_id] = studio.memories.get(memory_id)
        except InvalidRequest:
            continue
    return found


async def rated_comment(studio: Studio, rates: CommentRates | None, memory_cap: int | None, session_id: str,
                        text: str, owner: str | None, request: Any) -> CommentOutcome:
    """A comment from the page or the API: counted against its address, then (once it is the owner's) against
    the comic, then kept; the comic gives at most `memory_cap` memories. Past a rate nothing is stored."""
    if rates is not None:
        rates.check_client(request)
        check_comment_text(text)  # a bad comment is named as such, as without rates
        studio.sessions.folder(session_id, owner)  # someone else's comic: "no comic", and it is not counted
        rates.check_comic(session_id, request)
    return await studio.add_comment(session_id, text, owner, owner=owner, memory_cap=memory_cap)


async def send_feedback(studio: Studio, session_id: str | None, text: str, secret: str | None,
                        rates: CommentRates | None = None, memory_cap: int | None = None,
                        request: Any = None) -> dict[str, Any]:
    """Record a comment on the comic on screen and say what Brown learned; the box keeps the text when it fails.

    `secret` is the browser's key: the comment (and any memory taken from it) names only its owner id.
    """
    if not session_id:
        return {"feedback_note": views.message_html("Make a comic first, then tell Brown what's wrong with it.",
                                                    "error")}
    try:
        outcome = await rated_comment(studio, rates, memory_cap, session_id, text, browser_owner(secret), request)
    except Exception as error:
        return {"feedback_note": views.message_html(failure_text(error, "reading your comment"), "error")}
    rivals = _records(studio, (other for stored in outcome.memories for other in stored.conflicts_with))
    return {"feedback_note": memory_views.feedback_outcome_html(outcome.memories, rivals, outcome.reply),
            "feedback": ""}


def learned_json(outcome: CommentOutcome) -> dict[str, Any]:
    """The /feedback endpoint's answer: the stored comment and each memory Brown took from it."""
    return {"comment": outcome.comment.model_dump(mode="json"),
            "memories": [{"memory_id": s.record.memory_id, "memory": s.record.memory, "status": s.record.status.value,
                          "duplicate": s.duplicate, "conflicts_with": list(s.conflicts_with),
                          "flags": [flag.value for flag in s.flags]}
                         for s in outcome.memories], "reply": outcome.reply}


def _status(shown: str | None) -> str | None:
    return None if shown in (None, "", "all") else shown


TableView = str | dict[str, Any] | None  # a status alone, or the page's {status, search, order, page}


def table_query(shown: TableView) -> MemoryQuery:
    """The curator's view of the table as a query; a bad search or order is one sentence naming it."""
    view = shown if isinstance(shown, dict) else {"status": shown}
    page = view.get("page")
    number = int(page) if isinstance(page, int | float) and not isinstance(page, bool) and page == page else 1
    return MemoryQuery(status=_status(view.get("status")), search=check_search(view.get("search")),
                       order=parse_order(view.get("order")), page=max(1, min(number, PAGE_MAX)),
                       per_page=TABLE_PAGE)


def memory_listing(studio: Studio, shown: TableView) -> dict[str, Any]:
    """One page of the curator's table, each conflict naming the accepted memory it contradicts, with the pager;
    a page past the last shows the last."""
    try:
        query = table_query(shown)
        page = studio.memory_page(query)
        if page.page > page.pages:
            page = studio.memory_page(query.model_copy(update={"page": page.pages}))
    except Exception as error:
        return {"memory_table": [], "memory_pager": views.message_html(failure_text(error, DOING), "error")}
    conflicts = studio.memory_conflicts([m.memory_id for m in page.memories])
    others = _records(studio, (other for ids in conflicts.values() for other in ids))
    return {"memory_table": memory_views.memory_rows(page.memories, conflicts, {i: m.memory for i, m in others.items()}),
            "memory_pager": memory_views.pager_html(page, query.search), "memory_page": page.page}


def memory_table(studio: Studio, shown: TableView) -> list[list[str]]:
    """The rows of the curator's table under the current view."""
    rows: list[list[str]] = memory_listing(studio, shown)["memory_table"]
    return rows


def memory_detail(studio: Studio, memory_id: str | None) -> str:
    """The selected memory with its conflicts and audit trail; the latest curation overall without one."""
    memory_id = (memory_id or "").strip()
    if not memory_id:
        latest = studio.memory_audit()[:LATEST_AUDIT]
        texts = {i: m.memory for i, m in _records(studio, (e.memory_id for e in latest)).items()}
        return memory_views.memory_detail_html(None, audit=latest, texts=texts)
    try:
        record = studio.memories.get(memory_id)
    except Exception as error:
        return views.message_html(failure_text(error, DOING), "error")
    conflicts = _records(studio, studio.memory_conflicts([memory_id]).get(memory_id, []))
    return memory_views.memory_detail_html(record, list(conflicts.values()), studio.memory_audit(memory_id),
                                           provenance=studio.memories.provenance(memory_id),
                                           flags=studio.memories.flags([memory_id])[memory_id])


def refresh_memories(studio: Studio, shown: TableView, memory_id: str | None) -> dict[str, Any]:
    """The whole domain-memory section, as it stands now. With no memory selected the detail is left as it is:
    a memory being opened as the tab opens answers on its own, and this must not overwrite it."""
    section = {**memory_listing(studio, shown), "curator_hint": curator_hint()}
    return {**section, "memory_detail": memory_detail(studio, memory_id)} if memory_id else section


def curator_hint() -> str:
    """Whether curation needs the token, is open, or (on a Space without one) is off."""
    if curation_refused():
        return ('<p class="bb-curator-hint bb-locked"><b>Off:</b> this studio runs on a public Space without a '
                'curator token, so nobody can accept, reject, edit or import memories until its owner sets '
                'COMIC_CURATOR_TOKEN.</p>')
    return memory_views.curator_hint_html(curation_locked())


def select_memory(studio: Studio, memory_id: str) -> dict[str, Any]:
    """A row was clicked: remember its id, put its text in the edit box, show its detail."""
    try:
        text = studio.memories.get(memory_id).memory if memory_id else ""
    except InvalidRequest:
        text = ""
    return {"memory_id": memory_id, "edit_text": text, "memory_detail": memory_detail(studio, memory_id),
            "curate_note": ""}


def _after_change(studio: Studio, record: DomainMemory, message: str, shown: TableView) -> dict[str, Any]:
    rivals = _records(studio, studio.memory_conflicts([record.memory_id]).get(record.memory_id, []))
    accepted_rivals = [r.memory for r in rivals.values() if r.status.value == "accepted"]
    if record.status.value == "accepted" and accepted_rivals:
        message += f" Careful: it contradicts the accepted memory “{accepted_rivals[0]}”."
    return {"curate_note": views.message_html(message, "ok"), **memory_listing(studio, shown),
            "memory_detail": memory_detail(studio, record.memory_id), "edit_text": record.memory}


def _picked(memory_id: str | None) -> str:
    memory_id = (memory_id or "").strip()
    if not memory_id:
        raise InvalidRequest("Pick a memory in the table (or paste its id) first.")
    return memory_id


def curate_memory(studio: Studio, memory_id: str | None, status: str, token: str | None, curator: str | None,
                  shown: TableView) -> dict[str, Any]:
    """Move one domain memory to `status` (with the curator token when one is set), then show it again."""
    return _curation(studio, shown, lambda who: studio.curate(_picked(memory_id), status, token or None, who),
                     lambda record: f"“{views.short(record.memory, 80)}” is now "
                                    f"{memory_views.status_word(record.status)}.", curator)


def edit_memory(studio: Studio, memory_id: str | None, text: str, token: str | None, curator: str | None,
                shown: TableView) -> dict[str, Any]:
    """Rewrite a memory's text (a curator's edit, audited), then show it again."""
    return _curation(studio, shown, lambda who: studio.edit_memory(_picked(memory_id), text, token or None, who),
                     lambda record: "Saved the new text.", curator)


def _curation(studio: Studio, shown: TableView, change: Callable[[str], Any], message: Callable[[Any], str],
              curator: str | None) -> dict[str, Any]:
    """One curator's change, named in the audit trail; a refusal is one line, never a traceback."""
    try:
        record = change((curator or "").strip() or WEB_CURATOR)
    except Exception as error:
        return {"curate_note": views.message_html(failure_text(error, DOING), "error")}
    return _after_change(studio, record, message(record), shown)


def export_file(studio: Studio) -> dict[str, Any]:
    """Write every record to metadata/domain_memories.json in the data directory (Gradio may serve it) and offer it."""
    try:
        records = public_records(studio.export_memories())  # commenters by public name, never a raw key
        path = Path(studio.data_dir) / "metadata" / EXPORT_NAME
        body = json.dumps(records, indent=2, ensure_ascii=False)
        write_atomically(path, lambda tmp: tmp.write_text(body, encoding="utf-8"))
    except Exception as error:
        return {"curate_note": views.message_html(failure_text(error, DOING), "error")}
    count = len(records)
    return {"export_file": gr.update(value=str(path), visible=True),
            "curate_note": views.message_html(f"Exported {count} memor{'y' if count == 1 else 'ies'}: "
                                              f"download {EXPORT_NAME} below.", "ok")}


def read_import(path: str | Path | None) -> object:
    """The records in an uploaded JSON file; one clear sentence when it is missing, too big or not JSON."""
    if not path:
        raise InvalidRequest("file: choose a JSON file exported from a studio.")
    file = Path(path)
    if not file.is_file():
        raise InvalidRequest("file: the upload is gone (it is kept a few minutes); choose the file again.")
    if file.stat().st_size > IMPORT_MAX_BYTES:
        raise InvalidRequest(f"file: must be at most {IMPORT_MAX_BYTES // 1_000_000} MB.")
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise InvalidRequest("file: must be UTF-8 text holding a JSON list.") from None
    except json.JSONDecodeError as error:
        raise InvalidRequest(f"file: is not valid JSON (line {error.lineno}, column {error.colno}).") from None


def import_file(studio: Studio, path: str | Path | None, token: str | None, shown: TableView) -> dict[str, Any]:
    """Add the records of an uploaded export; those already stored are skipped. The upload is deleted once read:
    nobody needs it again (the page uploads anew for another import)."""
    try:
        records = read_import(path)
        added = studio.import_memories(records, token or None)
    except Exception as error:
        return {"curate_note": views.message_html(failure_text(error, DOING), "error")}
    finally:
        uploads.discard(path)
    skipped = len(records) - added if isinstance(records, list) else 0
    return {"curate_note": views.message_html(f"Imported {added} memor{'y' if added == 1 else 'ies'}"
                                              f"{f' ({skipped} already known)' if skipped else ''}.", "ok"),
            **memory_listing(studio, shown)}
