"""The accepted memories a prompt makes relevant, on PostgreSQL: bm25 as FTS5 weighs it, over the `tsvector` column.

PostgreSQL's own rankings (`ts_rank`, `ts_rank_cd`) know nothing of how rare a word is, so a prompt's "cat"
counts as much as its "dragon"; on the story-world set their top 8 scored 81 % of the bm25 top 8 (by bm25),
one prompt 33 %. So the question is asked here as FTS5 asks it: every memory sharing a term with the prompt
(the GIN index finds them), scored by the sum of its terms' inverse document frequencies, each times bm25's
length factor (k1 = 1.2, b = 0.75; a term counts once, as memories are one short sentence).

The frequencies come from the table itself: the accepted count and mean length, and each term's count, read
once and kept for `STATISTICS_SECONDS` (a minute-old weight ranks as well as a fresh one).
"""

from __future__ import annotations

import math
import threading
import time

from services.storage.database import Connection

K1, B = 1.2, 0.75  # FTS5's bm25() constants
STATISTICS_SECONDS = 60.0
MAX_REMEMBERED_TERMS = 20_000

ACCEPTED = "status = 'accepted'"


class _Statistics:
    """Accepted count, mean length and term counts of one database, each read at most once a minute."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.read_at = -math.inf
        self.documents, self.mean_length = 0, 1.0
        self.terms: dict[str, tuple[float, int]] = {}  # term -> (when read, documents holding it)


_STATISTICS: dict[str, _Statistics] = {}
_STATISTICS_LOCK = threading.Lock()


def postgres_ranked(db: Connection, database: str, words: list[str], limit: int) -> list[str]:
    """The texts of the `limit` accepted memories that best match any of the words, best first (equals: newest
    first). `database` names the database the statistics are kept for."""
    if not words:
        return []
    terms = [term for (term,) in db.execute("SELECT lexeme FROM unnest(to_tsvector('english', ?))",
                                            (" ".join(words),)).fetchall()]
    if not terms:
        return []
    documents, mean_length, counts = _statistics(db, database, terms)
    weights = [idf(documents, counts[term]) for term in terms]
    queries = [_term_query(term) for term in terms]
    score = " + ".join("CASE WHEN search @@ ?::tsquery THEN ? ELSE 0 END" for _ in terms)
    # bm25's length factor for a term met once: (k1 + 1) / (1 + k1 * (1 - b + b * length / mean)); ordering by
    # the sum of weights over (C + length) with C = (1 + k1 * (1 - b)) * mean / (k1 * b) is the same order.
    constant = (1 + K1 * (1 - B)) * mean_length / (K1 * B)
    sql = (f"SELECT memory FROM memories WHERE {ACCEPTED} AND search @@ ?::tsquery "
           f"ORDER BY ({score}) / (? + length(search)) DESC, updated_at DESC LIMIT ?")
    params: list[object] = [" | ".join(queries)]
    for query, weight in zip(queries, weights):
        params += [query, weight]
    rows = db.execute(sql, (*params, constant, limit)).fetchall()
    return [text for (text,) in rows]


def idf(documents: int, holding: int) -> float:
    """FTS5's inverse document frequency (never below a tiny positive weight). A term counted after the total
    was (each is kept a minute) may be held by more memories than that total says: it is then held by all."""
    holding = min(holding, documents)
    return max(1e-6, math.log((documents - holding + 0.5) / (holding + 0.5)))


def _term_query(term: str) -> str:
    """A lexeme as a tsquery of itself alone (quoted: no character of it is read as syntax)."""
    return "'" + term.replace("\\", "\\\\").replace("'", "''") + "'"


def _statistics(db: Connection, database: str, terms: list[str]) -> tuple[int, float, dict[str, int]]:
    with _STATISTICS_LOCK:
        kept = _STATISTICS.setdefault(database, _Statistics())
    now = time.monotonic()
    with kept.lock:
        if now - kept.read_at > STATISTICS_SECONDS:
            documents, mean_length = db.execute(
                f"SELECT count(*), coalesce(avg(length(search)), 1) FROM memories WHERE {ACCEPTED}").fetchone()
            kept.documents, kept.mean_length, kept.read_at = int(documents), max(1.0, float(mean_length)), now
        stale = [term for term in dict.fromkeys(terms)
                 if now - kept.terms.get(term, (-math.inf, 0))[0] > STATISTICS_SECONDS]
        if stale:
            queries = [_term_query(term) for term in stale]
            counted = ", ".join("count(*) FILTER (WHERE search @@ ?::tsquery)" for _ in stale)
            found = db.execute(f"SELECT {counted} FROM memories WHERE {ACCEPTED} AND search @@ ?::tsquery",
                               (*queries, " | ".join(queries))).fetchone()
            if len(kept.terms) + len(stale) > MAX_REMEMBERED_TERMS:
                kept.terms.clear()
            kept.terms.update({term: (now, int(count)) for term, count in zip(stale, found)})
        return kept.documents, kept.mean_length, {term: kept.terms[term][1] for term in terms}
