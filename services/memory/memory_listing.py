"""Which domain memories a curator sees, in what order, a page at a time, so that volume hides nothing.

One comic's spam once filled the curator's whole list (it showed the 200 most recently changed
memories, no more) and a reader's real correction was only in the export. A curator now
pages through every memory, searches them, and can put the oldest `new` ones first: what has
waited longest is on page one however much arrived after it.

Search reads the text as the duplicate check does (`claims.normalise`: case, punctuation and
look-alike letters folded): every word must appear; a whole memory or comic id finds that one.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from services.memory.claims import normalise
from services.schemas import InvalidRequest

PER_PAGE_MAX = 200  # what one call of the API or the page asks for at most
STORE_PAGE_MAX = 1000  # what the store reads at once (the CLI's --limit)
SEARCH_MAX_CHARS = 200
PAGE_MAX = 1_000_000


class MemoryOrder(StrEnum):
    CHANGED = "changed"        # most recently changed first (what the list always showed)
    NEWEST = "newest"          # most recently created first
    OLDEST_NEW = "oldest_new"  # the `new` ones first, oldest first; then the rest, oldest first


ORDER_SQL = {MemoryOrder.CHANGED: "updated_at DESC, memory_id",
             MemoryOrder.NEWEST: "created_at DESC, memory_id",
             MemoryOrder.OLDEST_NEW: "status != 'new', created_at, memory_id"}


class MemoryQuery(BaseModel):
    """One page of the curator's list; `status` None is every status."""

    status: str | None = None
    search: str = Field("", max_length=SEARCH_MAX_CHARS)
    order: MemoryOrder = MemoryOrder.CHANGED
    page: int = Field(1, ge=1, le=PAGE_MAX)
    per_page: int = Field(PER_PAGE_MAX, ge=1, le=STORE_PAGE_MAX)

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.per_page


def parse_order(value: object) -> MemoryOrder:
    try:
        return MemoryOrder(str(value or MemoryOrder.CHANGED.value).strip().lower())
    except ValueError:
        raise InvalidRequest(f"order: must be one of {', '.join(o.value for o in MemoryOrder)}.") from None


def check_search(value: object) -> str:
    text = " ".join(str(value or "").split())
    if len(text) > SEARCH_MAX_CHARS:
        raise InvalidRequest(f"search: must be at most {SEARCH_MAX_CHARS} characters (got {len(text)}).")
    return text


def where(query: MemoryQuery) -> tuple[str, list[str]]:
    """The WHERE clause (empty or starting with ' WHERE') and its parameters."""
    clauses, params = [], []
    if query.status is not None:
        clauses.append("status = ?")
        params.append(query.status)
    words = list(dict.fromkeys(normalise(query.search).split()))
    if words:
        matched = " AND ".join("normalised LIKE ? ESCAPE '\\'" for _ in words)
        clauses.append(f"(({matched}) OR memory_id = ? OR issue_id = ?)")
        params += [f"%{_escaped(word)}%" for word in words] + [query.search.strip()] * 2
    return (" WHERE " + " AND ".join(clauses)) if clauses else "", params


def pages(total: int, per_page: int) -> int:
    return max(1, -(-total // per_page))


def _escaped(word: str) -> str:
    return word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
